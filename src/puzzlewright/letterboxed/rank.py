"""Ranking solutions the way a person (the puzzle's setter) would pick one.

A solution's score is a weighted sum of a few features a person can check by eye (:data:`FEATURES`):
how familiar its words are (the dictionary's familiarity score, and how often text uses the rarest one),
how many letters it takes and how unevenly they split between the words, plurals and -ED/-ING forms
(setters pick headwords), words only large dictionaries list or WordNet does not, words outside the
40,000 that most people know (SEMICOLON is in: people know words they rarely write), letters repeated
inside a word, how rare its letters are in English text, in all the words, in the least-used one and
where the words join (the NYT favours a Z, an X or a K over another E), and how few of the box's words
hold them, which order of two words that solve the box either way round it is (the NYT tends to
write the less used first), how many of the box's other solutions share its words, and
words a solver ranks low (offensive, vulgar, names: :data:`puzzlewright.lexicon.policy.RANKED_LOW`; the
NYT's lists hold some, and its answers once used KINKY, so they are accepted but cost what the fit says).
The weights are a conditional-logit model (softmax over each puzzle's solutions) fitted on real NYT
puzzles by ``scripts/fit_letterboxed_ranker.py`` and shipped in ``ranker.json`` beside this module;
nothing is trained at run time. The score is the model's log-odds scale, measured from a typical NYT answer (0): a
solution scoring 1 more than another is e (2.7) times as likely to be the setter's pick. See
docs/letterboxed.md for the fit and its cross-validated figures.
"""

from __future__ import annotations

import math
import os
import sys
from array import array
from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from functools import partial, reduce
from itertools import chain as concat, compress, repeat
from operator import add, and_, eq, getitem, gt, lt, mul, neg, not_, sub, truediv

from puzzlewright.lexicon.forms import ed_or_ing, plural
from puzzlewright.ranking import LinearModel, tie_level
from puzzlewright.budget import SORT_BLOCK, Budget, paced, sorted_paced

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    from typing import TypeVar

    from puzzlewright.letterboxed.solver import BoxWords, Chain

    N = TypeVar("N", int, float)

RANKER_FILE = os.path.join(os.path.dirname(__file__), "ranker.json")
OBSCURE_LEVEL = 60  # SCOWL size above this: a word only large dictionaries list (names, oddities)
UNLISTED_LEVEL = 70  # the size level assumed for words SCOWL does not list (recent words)
EVERYDAY = 3.0  # familiarity below this counts as rare (the shortfall features)
# the source bits of WordNet's lemmas and irregular forms, and of the Lancaster norms' known words
# (lexicon.sources.SOURCE_BITS), and the flag bits of the words a solver ranks low (offensive, vulgar,
# proper: lexicon.policy.ranked_low_bits()); not imported from there, as importing the lexicon package and
# the policy costs a one-off solve several milliseconds; a test checks them
WORDNET = 1 << 3 | 1 << 4
KNOWN = 1 << 9
RANKED_LOW = (1 << 9) - 1 | 1 << 14 | 1 << 16  # bits 0-8, 14 (proper, census) and 16 (vulgar, ding)
# each letter's share of English text, in per cent: Lewand's standard table (R. Lewand, Cryptological
# Mathematics, MAA 2000; SOURCES.md), for the letter_surprisal feature
LETTER_SHARE = {"a": 8.167, "b": 1.492, "c": 2.782, "d": 4.253, "e": 12.702, "f": 2.228, "g": 2.015, "h": 6.094,
                "i": 6.966, "j": 0.153, "k": 0.772, "l": 4.025, "m": 2.406, "n": 6.749, "o": 7.507, "p": 1.929,
                "q": 0.095, "r": 5.987, "s": 6.327, "t": 9.056, "u": 2.758, "v": 0.978, "w": 2.360, "x": 0.150,
                "y": 1.974, "z": 0.074}
SURPRISAL = {letter: -math.log10(share / 100) for letter, share in LETTER_SHARE.items()}  # E 0.90 ... Z 3.13
EXPLAINED = 1000  # solutions (best first) that keep their feature vectors when asked to (--explain)

# name -> what it measures, for --explain and the docs (order = the weight vector's order)
FEATURES: dict[str, str] = {
    "lowest_zipf": "how often text uses the least-used word (Zipf frequency, 0 = never seen)",
    "unused_familiarity": "the rarer word's familiarity less that Zipf (what dictionaries vouch for beyond use)",
    "shortfall": f"familiarity below everyday ({EVERYDAY:g}), summed over the words",
    "letters": "letters in all the words",
    "length_gap": "letters between the longest and the shortest word",
    "shortest": "letters of the shortest word",
    "plurals": "words ending in a plural -S",
    "ed_ing": "words ending in -ED or -ING",
    "obscure": f"words only large dictionaries list (SCOWL size above {OBSCURE_LEVEL})",
    "rarest_level": "the highest SCOWL size level of the words, in tens (10 = core ... 95 = obscure)",
    "not_wordnet": "words WordNet does not list (among those the dictionary records sources for)",
    "not_known": "words outside the 40,000 most people know (the Lancaster norms' list, or an inflection "
                 "of one; among those the dictionary records sources for)",
    "repeats": "letters repeated inside a word",
    "letter_surprisal": "how rare the letters are in English text, on average (-log10 of each letter's share: "
                        "E 0.90, T 1.04 ... K 2.11, X 2.82, Z 3.13)",
    "rarer_word_surprisal": "how rare the least-used word's letters are in English text, on average "
                            "(-log10 of each letter's share)",
    "join_surprisal": "how rare the letters joining the words are in English text (-log10 of each one's "
                      "share; the mean over the joins, 0 for one word)",
    "box_letter_surprisal": "how few of the box's valid words hold the solution's letters, on average "
                            "(-log10 of the share of the box's words holding each letter)",
    "shared": "log(1 + solutions sharing its most shared word)",
    "commoner_first": "1 when its words also solve the box in reverse order and the first is ahead of the "
                      "last by use (Zipf, then familiarity, then alphabet): the order of such a pair",
    "flagged": "words a solver ranks low: offensive, vulgar or a name (lexicon.policy.RANKED_LOW)",
}
# features that add up over a chain's words (worked out once per word in ChainFeatures.per_word)
_PER_WORD = ("shortfall", "letters", "plurals", "ed_ing", "obscure", "not_wordnet", "not_known", "repeats",
             "flagged")


def letter_surprisal(word: str) -> float:
    """The summed surprisal of a word's letters (:data:`SURPRISAL`, each occurrence counted): divided by
    the letters, the ``letter_surprisal`` feature, which rates CZAR's Z and SQUAWK's Q and K above the
    E and T of most words (a showier word, which setters favour)."""
    return sum(map(SURPRISAL.__getitem__, word))


def box_letter_surprisal(words: BoxWords) -> dict[str, float]:
    """-log10 of the share of the box's valid words that hold each of its letters (a letter no word holds
    counts as held by one): the ``box_letter_surprisal`` of a letter that few of this box's words can use,
    such as a letter whose side-mates are its usual neighbours, is high whatever its share of English.

    The words holding each letter are counted for all the words at once, in C: the box-local masks are
    written out 4 bytes each (an ``array``), the bytes holding a letter's bit (every 4th, from its byte's
    place) read as one big integer, and the bits at the letter's place in each byte counted."""
    letters, n = words.box.letters, len(words)
    data = array("I", words.masks).tobytes()  # a box has at most 30 letters: its masks fit 4 bytes
    planes = [int.from_bytes(data[(byte if sys.byteorder == "little" else 3 - byte)::4], "little")
              for byte in range((len(letters) + 7) // 8)]
    each_byte = int.from_bytes(b"\1" * n, "little")  # bit 0 of every byte
    held = [(planes[k >> 3] >> (k & 7) & each_byte).bit_count() for k in range(len(letters))]
    return {letter: -math.log10(max(count, 1) / max(n, 1)) for letter, count in zip(letters, held)}


def _least(values: Sequence[N], others: Sequence[N]) -> list[N]:
    """``list(map(min, values, others))``, each pair's value as min() picks it (the first unless the other
    is less), in C without a min() call per pair (whose argument parsing costs more than the comparison)."""
    return list(map(getitem, zip(values, others), map(lt, others, values)))


def _most(values: Sequence[N], others: Sequence[N]) -> list[N]:
    """``list(map(max, values, others))``, as :func:`_least` gives min()'s."""
    return list(map(getitem, zip(values, others), map(gt, others, values)))


class Model(LinearModel):
    """The fitted solution ranker (``ranker.json``): weights and a typical NYT answer's features."""

    FEATURES = FEATURES
    FILE = RANKER_FILE


shipped_model = Model.shipped  # the model in ranker.json, read once per process


class ChainFeatures:
    """Computes the features of chains of word ids of one box's words; words' own features are worked
    out once, and ``shared`` counts, for each word, the solutions of the same number of words using it.
    The words are also ordered by use (Zipf, then familiarity, then alphabet: the ranking's tie rule), so
    a chain's least-used word, whose letters ``rarer_word_surprisal`` rates, is the one of lowest place,
    and of a chain whose words solve the box in reverse order too, ``commoner_first`` tells the order whose
    first word is ahead by use (the two orders differ in no other feature but the joining letter)."""

    def __init__(self, words: BoxWords, chains: Sequence[tuple[int, ...]], budget: Budget | None = None):
        from puzzlewright.letterboxed.solver import gather

        self.budget = budget
        ids = list(dict.fromkeys(concat.from_iterable(paced(chains, budget))))  # the chains' words, by first use
        index, at = words.index, gather(words.ids, ids)
        text = list(map(index.word, at))
        zipf, familiar = list(map(max, gather(index.zipf, at), repeat(0.0))), gather(index.familiarity, at)
        levels = gather(index.levels, at)
        self.text, self.familiar, self.zipf = dict(zip(ids, text)), dict(zip(ids, familiar)), dict(zip(ids, zipf))
        self.length = dict(zip(ids, map(len, text)))
        self.surprisal = dict(zip(ids, map(letter_surprisal, text)))
        self.join = dict(zip(ids, [SURPRISAL[word[0]] for word in text]))  # the join into word i
        in_box = box_letter_surprisal(words) if ids else {}
        self.box_surprisal = dict(zip(ids, [sum(map(in_box.__getitem__, word)) for word in text]))
        self.firsts, self.lasts = words.firsts, words.lasts
        by_use = [i for *_, i in sorted(zip(zipf, familiar, text, ids))]  # no two texts equal: ids never compared
        self.use_place = dict(zip(by_use, range(len(by_use))))  # 0 = the least-used word
        self.by_use_surprisal = list(map(truediv, map(self.surprisal.__getitem__, by_use),
                                         map(self.length.__getitem__, by_use)))
        self.level = dict(zip(ids, [(level or UNLISTED_LEVEL) / 10 for level in levels]))
        ranked_low = list(map(bool, map(and_, gather(index.flags, at), repeat(RANKED_LOW))))
        self.own_columns = self._own(text, familiar, levels, gather(index.sources, at), ranked_low)
        self.own = dict(zip(ids, zip(*self.own_columns)))
        self.shares: dict[int, dict[int, float]] = {}  # k -> word id -> shared, among the chains of k words
        lengths = list(map(len, chains))
        for k in dict.fromkeys(lengths):
            of_k = chains if lengths.count(k) == len(lengths) else list(compress(chains, map(eq, lengths, repeat(k))))
            sharing = Counter(concat.from_iterable(paced(of_k, budget)))
            self.shares[k] = dict(zip(sharing, map(math.log1p, sharing.values())))

    @staticmethod
    def _own(text: list[str], familiar: list[float], levels: list[int], sources: list[int],
             ranked_low: list[bool]) -> list[Sequence[float]]:
        """The words' values of the features that add up over words, a column per feature (:data:`_PER_WORD`
        order), each worked out for all the words at once in C; counts as ints and yes/no as bools (the
        same terms once weighted: :meth:`of` gives them as floats)."""
        lengths = list(map(len, text))
        listed = list(map(bool, sources))  # words whose sources the dictionary records

        def lacking(bits: int) -> list[bool]:  # listed, but by none of the sources ``bits``
            return list(map(and_, listed, map(not_, map(and_, sources, repeat(bits)))))

        return [list(map(max, repeat(0.0), map(sub, repeat(EVERYDAY), familiar))), lengths,
                list(map(plural, text)), list(map(ed_or_ing, text)), list(map(gt, levels, repeat(OBSCURE_LEVEL))),
                lacking(WORDNET), lacking(KNOWN), list(map(sub, lengths, map(len, map(set, text)))), ranked_low]

    def letters(self, chains: Sequence[tuple[int, ...]]) -> list[int]:
        """Letters in all the words of each chain."""
        return list(map(sum, map(map, repeat(self.length.__getitem__), paced(chains, self.budget))))

    def flagged(self, chains: Sequence[tuple[int, ...]]) -> list[int]:
        """Words a solver ranks low in each chain (the ``flagged`` feature), which :func:`rank` orders by
        before the score."""
        low = set(compress(self.own, self.own_columns[_PER_WORD.index("flagged")]))
        return [sum(i in low for i in chain) for chain in paced(chains, self.budget)] if low else [0] * len(chains)

    def scores(self, chains: Sequence[tuple[int, ...]], model: Model) -> list[float]:
        """``weights . of(chain) - offset`` for each chain, without building the vectors (a box listed up
        to 3 words has 100,000 chains): the features that add up over words are summed per word once, and
        the chains of each number of words are scored a column (a place in the chain) at a time, in C, a
        block of chains at a time with the budget checked between blocks."""
        w = dict(zip(FEATURES, model.weights))
        word_weights = [w[name] for name in _PER_WORD]
        weighted = map(sum, map(map, repeat(mul), repeat(word_weights), self.own.values()))  # word by word
        per_word: dict[int, float] = dict(zip(self.own, weighted))
        found = [0.0] * len(chains)
        lengths = list(map(len, paced(chains, self.budget)))
        for k in dict.fromkeys(lengths):
            all_places = list(compress(range(len(chains)), map(eq, lengths, repeat(k))))
            for start in range(0, len(all_places), SORT_BLOCK):
                places = all_places[start:start + SORT_BLOCK]
                columns = list(zip(*map(chains.__getitem__, places)))  # k columns of word ids
                scored = self._scores_of(columns, w, per_word, model.offset)
                deque(map(found.__setitem__, places, scored), maxlen=0)
                if self.budget is not None:
                    self.budget.check_finishing()
        return found

    def _scores_of(self, columns: list[tuple[int, ...]], w: dict[str, float], per_word: dict[int, float],
                   offset: float) -> list[float]:
        """The scores of chains of k words given as k columns of word ids (column j: each chain's j-th
        word), worked out a column at a time in C; each chain's terms are added in the order of
        :meth:`of`'s features, so the sums are the same to the last bit whatever the number of words."""
        from puzzlewright.letterboxed.solver import gather

        k = len(columns)

        def each(values: Mapping[int, N], function: Callable[[Sequence[N], Sequence[N]], list[N]]) -> list[N]:
            # the least or most (function: _least, _most) of each chain's words' values
            gathered = [gather(values, column) for column in columns]
            return reduce(function, gathered)

        share = self.shares[k]
        lowest_zipf = each(self.zipf, _least)
        lengths_low, lengths_high = each(self.length, _least), each(self.length, _most)
        summed = reduce(partial(map, add), [map(per_word.__getitem__, column) for column in columns])
        letters = list(reduce(partial(map, add), [map(self.length.__getitem__, column) for column in columns]))
        surprisal = reduce(partial(map, add), [map(self.surprisal.__getitem__, column) for column in columns])
        in_box = reduce(partial(map, add), [map(self.box_surprisal.__getitem__, column) for column in columns])
        terms = [map(mul, repeat(w["lowest_zipf"]), lowest_zipf),
                 map(mul, repeat(w["unused_familiarity"]), map(sub, each(self.familiar, _least), lowest_zipf)),
                 map(mul, repeat(w["length_gap"]), map(sub, lengths_high, lengths_low)),
                 map(mul, repeat(w["shortest"]), lengths_low),
                 map(mul, repeat(w["rarest_level"]), each(self.level, _most)),
                 map(mul, repeat(w["shared"]), each(share, _most)),
                 map(mul, repeat(w["letter_surprisal"]), map(truediv, surprisal, letters)),
                 map(mul, repeat(w["rarer_word_surprisal"]),
                     map(self.by_use_surprisal.__getitem__, each(self.use_place, _least))),
                 map(mul, repeat(w["join_surprisal"]), self._joins_of(columns)),
                 map(mul, repeat(w["box_letter_surprisal"]), map(truediv, in_box, letters)),
                 map(mul, repeat(w["commoner_first"]), self._commoner_first_of(columns))]
        return list(map(sub, reduce(partial(map, add), terms, summed), repeat(offset)))

    def _joins_of(self, columns: list[tuple[int, ...]]) -> list[float]:
        """The ``join_surprisal`` of chains given as columns: the mean surprisal of the letters that join
        their words (each word after the first starts with the letter joining it), 0 for one word."""
        if len(columns) == 1:
            return [0.0] * len(columns[0])
        summed = reduce(partial(map, add), [map(self.join.__getitem__, column) for column in columns[1:]])
        return list(map(truediv, summed, repeat(len(columns) - 1)))

    def _commoner_first_of(self, columns: list[tuple[int, ...]]) -> list[bool]:
        """The ``commoner_first`` of chains given as columns: do their words solve the box in reverse order
        too (each word ends with the letter its predecessor starts with), with the first word ahead of the
        last by use? False for one word."""
        if len(columns) == 1:
            return [False] * len(columns[0])
        firsts, lasts = self.firsts, self.lasts
        backwards = reduce(partial(map, and_), [map(eq, map(lasts.__getitem__, later), map(firsts.__getitem__, earlier))
                                                for earlier, later in zip(columns, columns[1:])])
        ahead = map(gt, map(self.use_place.__getitem__, columns[0]), map(self.use_place.__getitem__, columns[-1]))
        return list(map(and_, backwards, ahead))

    def of(self, chain: tuple[int, ...]) -> tuple[float, ...]:
        """The feature vector of one chain (in :data:`FEATURES` order)."""
        lengths = [self.length[i] for i in chain]
        summed = dict(zip(_PER_WORD, (sum(column) for column in zip(*(self.own[i] for i in chain)))))
        lowest_zipf = min(self.zipf[i] for i in chain)
        values = {"lowest_zipf": lowest_zipf, "unused_familiarity": min(self.familiar[i] for i in chain) - lowest_zipf,
                  "length_gap": float(max(lengths) - min(lengths)), "shortest": float(min(lengths)),
                  "rarest_level": max(self.level[i] for i in chain),
                  "shared": max(self.shares[len(chain)][i] for i in chain),
                  "letter_surprisal": sum(self.surprisal[i] for i in chain) / sum(lengths),
                  "rarer_word_surprisal": self.by_use_surprisal[min(self.use_place[i] for i in chain)],
                  "join_surprisal": self._joins_of([(i,) for i in chain])[0],
                  "box_letter_surprisal": sum(self.box_surprisal[i] for i in chain) / sum(lengths),
                  "commoner_first": self._commoner_first_of([(i,) for i in chain])[0], **summed}
        return tuple(float(values[name]) for name in FEATURES)


def explain(features: Sequence[float], model: Model | None = None) -> dict[str, float]:
    """Each feature's contribution to a score: weight x (value - the typical answer's value); they add up
    to the score."""
    return (model or shipped_model()).contributions(features)


def rank(words: BoxWords, chains: Sequence[tuple[int, ...]], model: Model | None = None, *,
         explain: bool = False, budget: Budget | None = None) -> list[Chain]:
    """Solutions for the chains of word ids: fewer words first, then fewer words a solver ranks low
    (:data:`puzzlewright.lexicon.policy.RANKED_LOW`: a solution with a slur, an obscenity or a name comes
    after every clean one, whatever the model's score), then best first (scores equal to
    :data:`~puzzlewright.ranking.SCORE_DECIMALS` decimals tie: float noise decides nothing), then fewer
    letters, then alphabetical. With ``explain`` the first :data:`EXPLAINED` keep their feature vectors
    (what ``--explain`` shows); working them out costs more than the scores, so only then.

    Every loop goes through ``budget`` (:func:`~puzzlewright.budget.paced`): a search that found half a
    million chains is not ranked for seconds past its deadline (BudgetExceeded instead)."""
    from puzzlewright.letterboxed.solver import Chain

    model = model or shipped_model()
    features = ChainFeatures(words, chains, budget)
    text = features.text
    scores = features.scores(chains, model)
    keyed = sorted_paced(list(zip(map(len, chains), features.flagged(chains), map(neg, map(tie_level, scores)),
                                  features.letters(chains), map(tuple, map(map, repeat(text.__getitem__), chains)),
                                  scores, chains)), budget)
    return [Chain(chain_words, score, letters, features.of(chain) if explain and place < EXPLAINED else ())
            for place, (_, _, _, letters, chain_words, score, chain) in enumerate(keyed)]
