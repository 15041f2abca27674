"""Pun answers: plays on a word or set phrase, spelt with exactly the pool's letters (issue #31).

A Jumble's final answer is often not a dictionary phrase but a play on one: a piece of a word or set phrase
(the *target*) respelt as a word tied to the cartoon's caption that sounds like it. TREMENDOUS, for a
giant sequoia, becomes TREE MENDOUS (TRE -> TREE); MASTERPIECE, for a peace treaty, MASTERPEACE (PIECE ->
PEACE); SHOPPING CENTER, for a perfume shop, SHOPPING SCENTER (CENT -> SCENT); likewise BEAR ITONE, INN
COMMUNICADO, FLOATILLA, MULTI TUSKING. The answer search (:mod:`.answers`) cannot find these,
because a piece such as MENDOUS is no word. :class:`PunFinder` makes them directly from the pool:

* the *swapped-in words* are the dictionary words that fit in the pool and are tied to the caption the
  most (their caption similarity plus dictionary links, as the ranker measures them: :mod:`.vectors`,
  :mod:`.relations`), at most :data:`CAPTION_WORDS`, each at least :data:`CAPTION_FLOOR`;
* the *targets* are the dictionary's words of :data:`MIN_TARGET` letters or more and Zipf
  :data:`TARGET_ZIPF` or more and WordNet's multiword lemmas (:mod:`.relations`: SHOPPING CENTER), their
  letters run together (the bigram table's strongest pairs are left out: the 50,173 of PMI 3 or more would
  more than double the targets, and the time);
* a pun is a target with one run of its letters replaced by a swapped-in word that *sounds like* it
  (:func:`sounds_alike`), such that the result has exactly the pool's letters; it is then cut into the
  answer pattern's word lengths (TREEMENDOUS -> TREE MENDOUS). The target keeps at least
  :data:`MIN_REST` of its letters, and the run is at most :data:`LENGTH_SLACK` letters longer or shorter
  than the word;
* or a *blend*: the swapped-in word overlaps the target's start or end (GUEST + ESTIMATED: GUEST IMATED,
  the run EST ending the word), for a run of :data:`MIN_SWAP` letters or more;
* the respelt target may leave the pattern's first or last word to an everyday word (Zipf
  :data:`PLAIN_ZIPF` or more: A + MASTERPEACE, TREE MENDOUS + IT), which spells the rest of the pool;
* the caption's :data:`STRONG_WORDS` most tied words (tied :data:`STRONG_TIE` or more) may also sound
  one consonant apart from the run they replace at the start of a target's word (:func:`nearly_alike`:
  PEACH for BEACH, ANT for AN) and, beside an everyday word, leave as few as :data:`STRONG_REST` of its
  first or last letters (KOALA for QUALI in QUALITY, beside TIME), but only where the pun spells a word
  no dictionary holds (PEACHFRONT, CHOVIES): a pun of dictionary words so made was mostly a plain answer
  given a far-fetched play.

The look-up is by letter counts, not a scan: for each target length, :meth:`Targets.cuts` indexes (on first
use, about 50 ms a length) every run that can be cut out of a target by the letters it leaves; the pool
less a swapped-in word is exactly those letters, so each word costs one binary search per length.

Sound is judged from spelling, not from a pronouncing dictionary: the replaced run is mostly not a word
(TRE, QUALI) and has no pronunciation of its own. :func:`sound_key` keeps a run's consonant sounds (C
before E, I, Y as S, PH as F, silent GH dropped, doubled letters once, vowels and W, Y, H dropped), and
a run sounds like a word when their keys are equal and they start alike, both with a vowel or with the
same consonant sound (TRE ~ TREE, QUALI ~ KOALA, CENT ~ SCENT, ATE ~ EIGHT, PIECE ~ PEACE). Keys one
letter apart (AN ~ ANT, BEACH ~ PEACH) for every swapped-in word made a pun for most training puzzles (a
median of 6 a puzzle, against 0), most of them absurd (CHAINS for ERANSWH in VETERANS WHO); hence only
the strongest words, at a word's start, spelling a non-word.

Puns are made only for patterns of open words with no printed letters, only with a caption (the
swapped-in word comes from it), and only from a puzzle's likeliest pool (:func:`~.solver.pun_answers`); a
pun made of dictionary words (THUG BOAT) stands for the search's copy of it, so it carries its play. The fitted ranker orders them with the plain answers (:mod:`.rank`: the
``pun`` features), and ``--explain`` names the play (:meth:`Pun.describe`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

import numpy as np

from puzzlewright.budget import Budget
from puzzlewright.jumble.anagrams import HASH_WEIGHTS, count_hash, letter_counts
from puzzlewright.jumble.relations import CaptionLinks, RelationTable
from puzzlewright.jumble.vectors import CaptionSimilarity
from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.policy import is_ranked_low

MIN_TARGET = 5  # letters of a target, run together
TARGET_ZIPF = 2.0  # a target word's least commonness (Zipf)
SWAP_ZIPF = 2.5  # a swapped-in word's least commonness
MIN_SWAP = 3  # letters of a swapped-in word
MAX_SWAP = 7  # ... at most
MIN_REST = 4  # letters of the target a pun keeps, at least (and at least its swapped-in word's less 2)
CAPTION_WORDS = 30  # swapped-in words tried per pool: the most tied to the caption
CAPTION_FLOOR = 0.3  # their least tie to the caption (similarity + links)
STRONG_WORDS = 3  # the caption's most tied swapped-in words (tied at least STRONG_TIE) may sound one
STRONG_TIE = 0.5  # consonant apart from their run (BEACH ~ PEACH), and leave as few as STRONG_REST letters
STRONG_REST = 2  # first or last letters of their target, beside an everyday word (QUALITY -> KOALA TY)
LENGTH_SLACK = 2  # a replaced run is at most this many letters longer or shorter than its swapped-in word
PLAIN_ZIPF = 5.5  # an everyday word a pun may leave a first or last word of its pattern to (TIME, IT)
MAX_PUNS = 20  # puns kept per pool: the best by caption tie, then the target's commonness, then alphabet
SOUND_RULES = (("ph", "f"), ("ck", "k"), ("qu", "k"), ("q", "k"), ("gh", ""), ("x", "ks"), ("z", "s"),
               ("wr", "r"), ("kn", "n"))
SOFT_C = re.compile(r"c(?=[eiy])")
SILENT = re.compile(r"[aeiouwyh]")
DOUBLED = re.compile(r"(.)\1+")


@lru_cache(maxsize=1 << 16)
def sound_key(letters: str) -> str:
    """A run of letters' consonant sounds, from its spelling (see the module docstring): TREE -> ``tr``,
    KOALA and QUALI -> ``kl``, SCENT and CENT -> ``snt``, EIGHT -> ``t``."""
    for spelt, said in SOUND_RULES:
        letters = letters.replace(spelt, said)
    letters = SOFT_C.sub("s", letters).replace("c", "k")
    return DOUBLED.sub(r"\1", SILENT.sub("", letters))


def sounds_alike(run: str, word: str) -> bool:
    """Whether a run of a target's letters and a swapped-in word sound alike: they start alike (both with
    a vowel, or with the same consonant sound) and their :func:`sound_key` are equal."""
    return first_sound(run) == first_sound(word) and sound_key(run) == sound_key(word)


VOICED, VOICELESS = "bdgvz", "ptkfs"  # consonant sounds paired by voicing (BEACH ~ PEACH, BEST ~ PEST)
UNVOICED = str.maketrans(VOICED, VOICELESS)
OTHER_VOICE = str.maketrans(VOICED + VOICELESS, VOICELESS + VOICED)


def nearly_alike(run: str, word: str) -> bool:
    """Whether a run and a swapped-in word (as long as each other, or a letter apart) sound one consonant
    apart: their :func:`sound_key` the same but for one consonant's voicing (BEACH ~ PEACH), or the word's
    with one more consonant at its end (AN ~ ANT), starting alike but for voicing. (The word's key one
    shorter, as SP ~ SEE or THRAS ~ TREE, made mostly absurd puns.)"""
    run_key, word_key = sound_key(run), sound_key(word)
    if (abs(len(run) - len(word)) > 1 or run_key == word_key
            or first_sound(run).translate(UNVOICED) != first_sound(word).translate(UNVOICED)):
        return False
    if len(run_key) == len(word_key):
        return run_key.translate(UNVOICED) == word_key.translate(UNVOICED) and sum(
            a != b for a, b in zip(run_key, word_key)) == 1
    return len(run_key) >= 1 and word_key[:-1] == run_key


@lru_cache(maxsize=1 << 16)
def first_sound(letters: str) -> str:
    """How a run of letters starts: ``""`` for a vowel, else its first consonant sound (CENT, SCENT: s)."""
    return "" if letters[0] in "aeiou" else sound_key(letters)[:1]


# letters that always leave their consonant sounds in a run's sound_key, whatever is beside them (the rules
# drop or merge only P, C, G, K, Q, W, H, Y and vowels: PH, CK, GH, KN, QU), so a run holding one sounds like
# a word only if the word's key has those sounds too: a quick test before the exact one (PunFinder._runs)
KEPT_LETTERS = "bdfjlmnrstvxz"
KEPT_SOUNDS = tuple(sound_key(letter) for letter in KEPT_LETTERS)  # X: ks, Z: s
KEPT_CODES = np.full(26, len(KEPT_LETTERS), np.int64)  # each letter's column among them (the last: none)
KEPT_CODES[[ord(letter) - 97 for letter in KEPT_LETTERS]] = np.arange(len(KEPT_LETTERS))


def kept_sounds(word: str, near: bool = False) -> tuple[bool, ...]:
    """Which of :data:`KEPT_LETTERS` a run may hold to sound like ``word``: those whose sounds are all in
    its :func:`sound_key` (``near``: or in it with their other voicing, as :func:`nearly_alike` allows)."""
    key = sound_key(word)
    sounds = set(key + key.translate(OTHER_VOICE) if near else key)
    return tuple(sounds.issuperset(kept) for kept in KEPT_SOUNDS)


@dataclass(frozen=True)
class Pun:
    """A pun answer: its words (cut to the pattern), the target it plays on, the target's letters it
    replaces and the caption word it puts in their place, with that word's tie to the caption and the
    target's commonness (Zipf; a phrase's rarest word's)."""

    fills: tuple[str, ...]
    target: str
    replaced: str
    word: str
    caption: float
    commonness: float
    blend: bool = False  # the word overlaps the target's start or end (GUEST + ESTIMATED), not a sound-alike
    near: bool = False  # the word sounds one consonant apart from what it replaces (PEACH for BEACH)

    def describe(self) -> str:
        """The play, for ``--explain``: ``sounds like MASTERPIECE (PEACE for PIECE)``, ``blends GUEST into
        ESTIMATED (GUEST for EST)``."""
        play = (f"blends {self.word.upper()} into" if self.blend else "sounds nearly like" if self.near
                else "sounds like")
        return f"{play} {self.target.upper()} ({self.word.upper()} for {self.replaced.upper()})"


RUN_KEY = 16  # a rest index key: the rest's count hash (its low REST_BITS) times this, plus the run's length
REST_BITS = 28  # (below RUN_KEY): keys of 32 bits sort in two radix passes; a rest sharing another's bits
# (under one look-up in 3,000 that would miss: at most 80,000 keys a run length) is a false hit, which the
# pun's letter test turns away
FILTER_BITS = 22  # a rest index's filter has 2**FILTER_BITS bits (512 kB): about 7 % false hits at 600,000 keys


@dataclass
class Targets:
    """The targets of one word length: their text (phrases with spaces), letters run together, letter
    numbers and commonness, and, built on first use, an index of every way to cut a run out of them."""

    texts: tuple[str, ...]
    letters: tuple[str, ...]
    codes: np.ndarray  # (targets x letters): letter numbers 0-25
    commonness: np.ndarray
    index: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
    filter: np.ndarray | None = None  # the rest index's keys' bits (:func:`_filter_bits`), built with it
    kept: np.ndarray | None = None

    def kept_counts(self) -> np.ndarray:
        """(targets x letters + 1 x :data:`KEPT_LETTERS` and one for the rest): how many of each a target's
        first letters hold, so a run's are the difference of two rows (built on first use)."""
        if self.kept is None:
            count, length = self.codes.shape
            self.kept = np.zeros((count, length + 1, len(KEPT_LETTERS) + 1), np.int8)
            np.cumsum(np.eye(len(KEPT_LETTERS) + 1, dtype=np.int8)[KEPT_CODES[self.codes]], axis=1,
                      out=self.kept[:, 1:])
        return self.kept

    def cuts(self, budget: Budget | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The rest index: for every run of a target (at least :data:`STRONG_REST` letters left, at most
        ``MAX_SWAP + LENGTH_SLACK`` letters long), the key of the letters it leaves and of its length
        (:func:`_rest_key`), with the target's row and the run's start: as the distinct keys (sorted), where
        each one's entries begin (and, last, where they end), and the entries' rows and starts, in order of
        key (equal keys in order of run length, row, start). Count hashes
        (:func:`~.anagrams.count_hash`) are linear, so a run's is the difference of two prefixes' and what
        it leaves is the whole's less the run's. Built within ``budget`` (a request's own lexicon's targets
        take a second or more), with a filter of its keys (:meth:`look_up`)."""
        if self.index is None:
            count, length = self.codes.shape
            prefixes = np.zeros((count, length + 1), np.int64)
            prefixes[:, 1:] = np.cumsum(HASH_WEIGHTS[self.codes], axis=1)
            keys, rows, starts = [], [], []
            for run in range(1, min(length - STRONG_REST, MAX_SWAP + LENGTH_SLACK) + 1):
                if budget is not None:
                    budget.check_finishing()
                left = prefixes[:, -1:] - (prefixes[:, run:] - prefixes[:, :-run])  # (targets x starts)
                keys.append(_rest_key(left, run).ravel())
                rows.append(np.repeat(np.arange(count, dtype=np.int32), left.shape[1]))
                starts.append(np.tile(np.arange(left.shape[1], dtype=np.int8), count))
            key = np.concatenate(keys) if keys else np.zeros(0, np.int64)
            order = _stable_order(key)
            key = key[order]
            firsts = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]])) if len(key) else order[:0]
            bits = np.zeros(1 << FILTER_BITS, bool)
            bits[_filter_bits(key[firsts])] = True
            self.filter = np.packbits(bits, bitorder="little")
            self.index = (key[firsts], np.append(firsts, len(key)),
                          np.concatenate(rows)[order] if rows else key[:0].astype(np.int32),
                          np.concatenate(starts)[order] if starts else key[:0].astype(np.int8))
        return self.index

    def look_up(self, wanted: np.ndarray, budget: Budget | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Which of the keys ``wanted`` (a flat array) the rest index (:meth:`cuts`) holds, in order, and
        where each one's entries begin and how many there are. Most look-ups miss, and a binary search of
        a few megabytes of keys is mostly cache misses, so the filter (one bit of 512 kB per key, every
        held key's set) answers first and the search is only for its hits."""
        keys, bounds, _, _ = self.cuts(budget)
        assert self.filter is not None
        bits = _filter_bits(wanted)
        asked = np.flatnonzero((self.filter[bits >> np.uint64(3)] >> (bits & np.uint64(7))) & 1)
        if not len(keys):
            return asked[:0], asked[:0], asked[:0]
        at = np.searchsorted(keys, wanted[asked]).clip(max=len(keys) - 1)
        held = keys[at] == wanted[asked]
        at = at[held]
        return asked[held], bounds[at], bounds[at + 1] - bounds[at]


def _rest_key(rest: np.ndarray, run: np.ndarray | int) -> np.ndarray:
    """The rest index key (:meth:`Targets.cuts`) of the letters a run leaves, by their count hash, and of the
    run's length: the hash's low :data:`REST_BITS` bits, times :data:`RUN_KEY`, plus the length."""
    return (rest & ((1 << REST_BITS) - 1)) * RUN_KEY + run


def _filter_bits(keys: np.ndarray) -> np.ndarray:
    """Each rest index key's bit in the index's filter: the top :data:`FILTER_BITS` bits of the key mixed
    (SplitMix64's finaliser: keys are sums of a few count hashes, whose structure plain multiplicative
    hashing keeps, crowding a few bits)."""
    mixed = keys.astype(np.uint64)
    mixed = (mixed ^ (mixed >> np.uint64(31))) * np.uint64(0xBF58476D1CE4E5B9)
    mixed = (mixed ^ (mixed >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return mixed >> np.uint64(64 - FILTER_BITS)


def _stable_order(key: np.ndarray) -> np.ndarray:
    """``np.argsort(key, kind="stable")`` (equal keys in their order) of keys from 0 up, faster for a rest
    index's half a million keys: a least-significant-digit radix sort, 16 bits a pass, each pass numpy's
    stable sort of 16-bit digits (a counting sort)."""
    order = np.argsort((key & 0xFFFF).astype(np.uint16), kind="stable")
    for shift in range(16, int(key.max(initial=0)).bit_length(), 16):
        order = order[np.argsort(((key[order] >> shift) & 0xFFFF).astype(np.uint16), kind="stable")]
    return order


class PunFinder:
    """Makes the pun answers of a caption's pools (see the module docstring) from one lexicon's targets."""

    def __init__(self, lexicon: Lexicon, links: CaptionLinks, similarity: CaptionSimilarity,
                 relations: RelationTable, budget: Budget | None = None):
        self.lexicon = lexicon
        self.links = links
        self.similarity = similarity
        self.targets = _targets(lexicon, relations, budget)

    def puns(self, pool: str, lengths: Sequence[int], budget: Budget | None = None) -> list[Pun]:
        """The best :data:`MAX_PUNS` puns spelt with exactly the letters of ``pool`` (sorted, a-z) cut into
        words of ``lengths``, the respelt target filling every word or all but a first or last everyday
        word (:meth:`plain_words`): the highest caption tie first, then the commoner target, then
        alphabetical. The work after a search: it stops with its ``budget``
        (:meth:`~puzzlewright.budget.Budget.check_finishing`)."""
        counts = letter_counts(pool)
        swaps = self.swap_words(counts, len(pool))
        if not swaps:
            return []
        strong = {word for word, tie in swaps[:STRONG_WORDS] if tie >= STRONG_TIE}  # the first of swaps
        table = _SwapTable.of(swaps, len(strong))
        found: dict[tuple[str, ...], Pun] = {}
        pool_letters = sorted(pool)
        for plains, first in self.plain_words(counts, lengths):
            size = len(pool) - len(plains[0])
            rests = count_hash(counts) - np.array([_word_hash(w) for w in plains], np.int64)
            cut_lengths = lengths[1:] if first else lengths[:len(lengths) - (plains[0] != "")]
            for length in range(size - LENGTH_SLACK, size + LENGTH_SLACK + 1):
                targets = self.targets.get(length)
                if targets is None:
                    continue
                if budget is not None:
                    budget.check_finishing()
                for plain, (word, tie), row, start in self._runs(swaps, table, rests, size, targets,
                                                                 plains[0] == "", len(strong), budget):
                    letters = targets.letters[row]
                    run_length = length - size + len(word)
                    run = letters[start:start + run_length]
                    spelt = letters[:start] + word + letters[start + run_length:]
                    blend = _blends(letters, start, run, word)
                    near = (word in strong and not blend and _opens_word(targets.texts[row], start)
                            and nearly_alike(run, word))
                    if (run != word and (blend or near or sounds_alike(run, word))
                            and sorted(spelt + plains[plain]) == pool_letters):
                        pieces = _cut(spelt, cut_lengths)
                        if (near or length - run_length < MIN_REST) and all(w in self.lexicon for w in pieces):
                            continue  # the strong words' looser puns only spell what the search cannot
                        fills = (plains[plain], *pieces) if first else (*pieces, plains[plain])[:len(lengths)]
                        pun = Pun(fills, targets.texts[row], run, word, tie, float(targets.commonness[row]), blend, near)
                        known = found.get(pun.fills)
                        if known is None or _rank(pun) < _rank(known):
                            found[pun.fills] = pun
        return sorted(found.values(), key=_rank)[:MAX_PUNS]

    def plain_words(self, counts: np.ndarray, lengths: Sequence[int]) -> list[tuple[tuple[str, ...], bool]]:
        """The everyday words (Zipf :data:`PLAIN_ZIPF` or more) a pun may leave its pattern's first or its last
        word to (KOALA TY + TIME, DISPELL + IT), as (the words that fit in the pool, whether first); and
        ``("",)`` for the respelt target filling every word."""
        sides: list[tuple[tuple[str, ...], bool]] = [(("",), False)]
        for first, length in ((True, lengths[0]), (False, lengths[-1])):
            if len(lengths) < 2 or sum(lengths) - length < MIN_TARGET:
                continue
            table = self.lexicon.of_length(length)
            fit = np.logical_and.reduce(self.lexicon.letter_count_columns(length) <= counts[:, None])
            words = tuple(table.words[i] for i in np.flatnonzero(fit & (table.zipf >= PLAIN_ZIPF)))
            if words:
                sides.append((words, first))
        return sides

    def swap_words(self, counts: np.ndarray, size: int) -> list[tuple[str, float]]:
        """The words that fit in the pool (shorter than it) most tied to the caption, with their ties."""
        words: list[str] = []
        id_parts, vector_parts = [], []
        swappable = _swappable(self.lexicon, self.links.table)
        for length in range(MIN_SWAP, min(size, MAX_SWAP + 1)):
            table = self.lexicon.of_length(length)
            rows, stem_ids, columns = swappable[length]
            fit = np.logical_and.reduce(columns <= counts[:, None])
            fit_rows = rows[fit]
            fit_words = [table.words[i] for i in fit_rows.tolist()]
            words += fit_words
            id_parts.append(stem_ids[fit])
            vector_parts.append(self.similarity.lexicon_rows(self.lexicon, length, fit_rows, fit_words))
        if not words:
            return []
        ids = np.concatenate(id_parts)
        known = ids >= 0
        ties = self.similarity.of_words(words, np.concatenate(vector_parts))
        ties[known] += self.links.same[ids[known]] + self.links.linked[ids[known]]
        tie_list = ties.tolist()
        order = sorted(np.flatnonzero(ties >= CAPTION_FLOOR).tolist(), key=lambda i: (-tie_list[i], words[i]))
        return [(words[i], tie_list[i]) for i in order[:CAPTION_WORDS]]

    @staticmethod
    def _runs(swaps: list[tuple[str, float]], table: _SwapTable, rests: np.ndarray, size: int,
              targets: Targets, whole: bool, strong: int = 0,
              budget: Budget | None = None) -> list[tuple[int, tuple[str, float], int, int]]:
        """Each (plain word's number, swapped-in word, target row, start) where the word can take the place
        of the target's run of letters from ``start`` and leave exactly the letters of ``size`` whose count
        hash is the plain word's ``rests`` (the pool less the plain word): a look-up in the target's rest
        index, :meth:`Targets.cuts` (whose keys keep part of the hash: a rare false hit leaves other
        letters, which :meth:`puns` turns away); the run beginning with a letter that can be said as the
        word begins (``table.openings``, :func:`_openings`: for the first ``strong`` swaps, or as its other
        voicing: PEACH for BEACH), or at the target's start (a blend: GUEST into ESTIMATED). The first ``strong`` swaps may keep :data:`STRONG_REST` letters
        of the target, its first or last, beside a plain word (not ``whole``)."""
        _, _, rows, starts = targets.cuts(budget)
        length = targets.codes.shape[1]
        sizes, openings = table.sizes, table.openings
        runs = length - size + sizes
        rest = size - sizes  # the target's letters the pun keeps
        least = MIN_REST if whole else np.where(np.arange(len(swaps)) < strong, STRONG_REST, MIN_REST)
        usable = (runs >= 1) & (runs < RUN_KEY) & (rest >= (np.maximum(least, sizes - LENGTH_SLACK) if whole
                                                          else least))
        wanted = _rest_key(rests[:, None] - table.hashes[None, :], runs[None, :])  # (plain words x swaps)
        # the (plain word, swap) numbers of the usable swaps, in order
        asked = (np.arange(len(rests))[:, None] * len(swaps) + np.flatnonzero(usable)[None, :]).ravel()
        held, low, count = targets.look_up(wanted.ravel()[asked], budget)
        if not len(held):
            return []
        plain, swap = np.divmod(asked[held], len(swaps))
        # every hit of every (plain word, swap) at once, in that order: the index's entries low..low + count
        hit = np.repeat(np.arange(len(plain)), count)
        entry = np.repeat(low - np.cumsum(count) + count, count) + np.arange(int(count.sum()))
        at, begin, w = rows[entry], starts[entry].astype(np.int64), swap[hit]
        first = targets.codes[at, begin]
        fit = openings[w, first]
        run = runs[w]
        # the letter of each word that a run of its length ending the word begins with (-1: none): its
        # letter number size - length, the same for every word
        opening = size - length
        blend_letter = table.codes[:, opening] if 0 <= opening < MAX_SWAP else np.full(len(sizes), -1)
        # a blend at the target's start: the run ends the word, so opens alike
        fit |= (run <= sizes[w]) & (begin == 0) & (first == blend_letter[w])
        # a strong word keeps a target's first or last letters (KOALA + TY)
        edge = (begin == 0) | (begin + run == length)
        fit &= (rest[w] >= MIN_REST) | edge
        # a run said as the word holds no letter whose sound the word lacks (:func:`kept_sounds`), and a
        # blend's (3 letters or more, at an edge: spelt as part of the word) none the word lacks
        tested = np.flatnonzero(fit)
        kept = targets.kept_counts()
        t_at, t_begin, t_w = at[tested], begin[tested], w[tested]
        held = (kept[t_at, t_begin + runs[t_w], :-1] - kept[t_at, t_begin, :-1]) > 0
        allowed = table.kept[t_w] | ((edge[tested] & (runs[t_w] >= MIN_SWAP))[:, None] & table.spelt[t_w])
        fit[tested[(held & ~allowed).any(axis=1)]] = False
        return [(p, swaps[s], r, b) for p, s, r, b in zip(plain[hit[fit]].tolist(), w[fit].tolist(),
                                                         at[fit].tolist(), begin[fit].tolist())]


@dataclass(frozen=True)
class _SwapTable:
    """A pool's swapped-in words as arrays, for :meth:`PunFinder._runs`: their count hashes
    (:func:`_word_hash`), lengths, letters (numbers 0-25, -1 beyond the word), :func:`_openings`, the
    :func:`kept_sounds` of each (near ones too for the first ``strong``) and which of
    :data:`KEPT_LETTERS` each has (a blend's run is spelt as part of the word)."""

    hashes: np.ndarray
    sizes: np.ndarray
    codes: np.ndarray
    openings: np.ndarray
    kept: np.ndarray  # (swaps x KEPT_LETTERS)
    spelt: np.ndarray  # (swaps x KEPT_LETTERS)

    @classmethod
    def of(cls, swaps: list[tuple[str, float]], strong: int) -> _SwapTable:
        rows = [_swap_row(word, i < strong) for i, (word, _) in enumerate(swaps)]
        shape = (len(swaps), len(KEPT_LETTERS))
        return cls(np.array([row[0] for row in rows], np.int64), np.array([len(word) for word, _ in swaps]),
                   np.array([row[1] for row in rows], np.int64).reshape(len(swaps), MAX_SWAP),
                   _openings(swaps, strong), np.array([row[2] for row in rows], bool).reshape(shape),
                   np.array([row[3] for row in rows], bool).reshape(shape))


@lru_cache(maxsize=1 << 14)
def _swap_row(word: str, near: bool) -> tuple[int, tuple[int, ...], tuple[bool, ...], tuple[bool, ...]]:
    """A swapped-in word's row of :class:`_SwapTable` (cached: pools share most of their words): its count
    hash, letters, :func:`kept_sounds` and which of :data:`KEPT_LETTERS` it has."""
    codes = tuple(ord(c) - 97 for c in word) + (-1,) * (MAX_SWAP - len(word))
    return (_word_hash(word), codes, kept_sounds(word, near),
            tuple(letter in word for letter in KEPT_LETTERS))


def _openings(swaps: list[tuple[str, float]], strong: int) -> np.ndarray:
    """(swaps x 26): which letters a run can begin with to be said as each swapped-in word begins
    (:func:`_beginnings`), or, for the first ``strong`` swaps, as its other voicing (PEACH for BEACH)."""
    table = np.zeros((len(swaps), 26), bool)
    for i, (word, _) in enumerate(swaps):
        sound = first_sound(word)
        table[i] = _beginnings(sound) | (i < strong and _beginnings(sound.translate(OTHER_VOICE)))
    return table


def _opens_word(text: str, start: int) -> bool:
    """Whether the letter ``start`` of a target (its letters run together) opens one of its words."""
    return start == 0 or start in accumulate(len(word) for word in text.split())


def _word_hash(word: str) -> int:
    """A word's count hash (:func:`~.anagrams.count_hash`; 0 for ``""``), from its letters' weights."""
    return sum(int(HASH_WEIGHTS[ord(c) - 97]) for c in word)


def _blends(target: str, start: int, run: str, word: str) -> bool:
    """Whether putting ``word`` for the target's ``run`` at ``start`` is a blend: the run (3 letters or
    more) opens the target and ends the word (GUEST + ESTIMATED: GUESTIMATED), or ends the target and
    opens the word."""
    return len(run) >= MIN_SWAP and ((start == 0 and word.endswith(run))
                                     or (start + len(run) == len(target) and word.startswith(run)))


# what the first letter of a run can be said as at its start (see sound_key): W, Y, H and G may be silent
_SAID_AS = {"p": "pf", "c": "ks", "q": "k", "x": "k", "z": "s", "k": "kn", "w": "*", "y": "*", "h": "*", "g": "*"}


@lru_cache(maxsize=32)
def _beginnings(sound: str) -> np.ndarray:
    """Which letters (26 booleans) a run whose :func:`first_sound` is ``sound`` can begin with: a quick
    filter before the exact test."""
    if not sound:
        return np.array([letter in "aeiou" for letter in "abcdefghijklmnopqrstuvwxyz"])
    said = [_SAID_AS.get(letter, letter) for letter in "abcdefghijklmnopqrstuvwxyz"]
    return np.array([letter not in "aeiou" and (sound in as_ or as_ == "*") for letter, as_ in
                     zip("abcdefghijklmnopqrstuvwxyz", said)])


def _rank(pun: Pun) -> tuple[float, int, float, tuple[str, ...], str]:
    """The order of puns: the highest caption tie, then the target of fewer words, then the commoner one,
    then alphabetical."""
    return (-pun.caption, pun.target.count(" "), -pun.commonness, pun.fills, pun.target)


def _cut(letters: str, lengths: Sequence[int]) -> tuple[str, ...]:
    """The letters cut into words of ``lengths`` (which add up to their number)."""
    ends = np.cumsum([0, *lengths]).tolist()
    return tuple(letters[a:b] for a, b in zip(ends, ends[1:]))


_TARGETS: dict[tuple[int, int], dict[int, Targets]] = {}
MAX_TARGETS = 4  # lexicons whose targets are kept (the shipped ones, and a request's own words)


def _targets(lexicon: Lexicon, relations: RelationTable, budget: Budget | None = None) -> dict[int, Targets]:
    """Every target (see the module docstring) by its number of letters: built once per lexicon, within
    ``budget`` (seconds for a request's own lexicon), and kept no longer than the lexicon is."""
    from puzzlewright.cache import recall_for, remember_for

    key = (id(lexicon), id(relations))
    known: dict[int, Targets] | None = recall_for(_TARGETS, key, (lexicon,))
    if known is not None:
        return known
    texts: dict[str, tuple[str, float]] = {}
    for length in lexicon.length_counts():
        if budget is not None:
            budget.check_finishing()
        if length >= MIN_TARGET:
            table = lexicon.of_length(length)
            for i in np.flatnonzero(table.zipf >= TARGET_ZIPF).tolist():
                if not is_ranked_low(lexicon.flag_bits(table.words[i])):  # no pun on CUMSHOT
                    texts[table.words[i]] = (table.words[i], float(table.zipf[i]))
    for words in (p.split() for p in sorted(relations.phrases)):
        letters = "".join(words)
        if len(words) > 1 and len(letters) >= MIN_TARGET and letters.isalpha() and letters not in texts:
            texts[letters] = (" ".join(words), min(lexicon.zipf_of(w) for w in words))
    by_length: dict[int, list[str]] = {}
    for letters in sorted(texts):
        by_length.setdefault(len(letters), []).append(letters)
    built = {length: _of_length(group, [texts[t] for t in group]) for length, group in by_length.items()}
    remember_for(_TARGETS, key, (lexicon,), built, MAX_TARGETS)
    return built


_SWAPPABLE: dict[tuple[int, int], dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}


def _swappable(lexicon: Lexicon, relations: RelationTable) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """For each swapped-in word length: the rows of the lexicon's words common enough to swap in (Zipf
    :data:`SWAP_ZIPF` or more), their stems' ids in ``relations`` (:meth:`RelationTable.word_id`) and their
    letter counts (:meth:`~puzzlewright.lexicon.Lexicon.letter_count_columns`' columns), so a pool's
    swapped-in words are a cut of these (built once per lexicon and table, kept no longer than the lexicon
    is)."""
    from puzzlewright.cache import recall_for, remember_for

    key = (id(lexicon), id(relations))
    known: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] | None = recall_for(_SWAPPABLE, key, (lexicon,))
    if known is not None:
        return known
    built = {}
    for length in range(MIN_SWAP, MAX_SWAP + 1):
        table = lexicon.of_length(length)
        rows = np.flatnonzero(table.zipf >= SWAP_ZIPF)
        built[length] = (rows, np.array([relations.word_id(table.words[i]) for i in rows.tolist()], np.int64),
                         np.ascontiguousarray(lexicon.letter_count_columns(length)[:, rows]))
    remember_for(_SWAPPABLE, key, (lexicon,), built, MAX_TARGETS)
    return built


def _of_length(letters: list[str], texts: list[tuple[str, float]]) -> Targets:
    """The :class:`Targets` of letter runs of one length, given each one's text and commonness."""
    codes = np.frombuffer("".join(letters).encode("ascii"), np.uint8).reshape(len(letters), -1) - 97
    return Targets(tuple(text for text, _ in texts), tuple(letters), codes,
                   np.array([commonness for _, commonness in texts]))
