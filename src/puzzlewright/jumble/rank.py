"""Ranking final answers in two stages: the search keeps the likeliest few, a fitted model orders them.

The model (:class:`Model`) is a conditional logit fitted on real Jumbles by
``scripts/fit_jumble_ranker.py`` and shipped in ``ranker.json`` beside this module (nothing is trained at
run time): an answer's score is the weighted sum of its features (:data:`FEATURES`), measured from a
typical true answer (0); an answer scoring 1 more than another is e (2.7) times as likely to be the
setter's. :func:`explain` splits a score into each feature's part.

**Stage 1, inside the search** (:class:`Ranker`): the features that add up word by word or pair by pair,
with the model's weights, so that the branch-and-bound search can bound them:

* **words**: the sum of each filled word's Zipf commonness (log10 of its frequency per billion words), so
  the unigram probability of the phrase; a word the lexicon knows no frequency for counts as
  ``UNKNOWN_ZIPF``, and a word the user added with ``extra_words`` at least as ``EXTRA_WORD_ZIPF`` (as
  common as everyday words like "people": they added it because they expect it in the answer).
* **phrase**: for each pair of adjacent words of the whole answer (printed words included), the pair's
  pointwise mutual information from a shipped table of common English bigrams and WordNet set phrases
  (see :mod:`.phrases`), so set phrases (``so far``, ``pick up``, ``horse-drawn``) beat unrelated common
  words.
* **readings**: minus how far each jumble word's reading that the answer needs falls below that word's
  most common reading, in Zipf units, so an answer built on a rare unscrambling is penalised.
* **caption**: each word's ties to the cartoon's caption (:mod:`.relations`: the same stem, a dictionary
  link, a shared topic; :mod:`.vectors`: its word-vector similarity to the nearest caption word).
* **flagged**: the open words a solver ranks low (slurs, obscenities, names:
  :data:`puzzlewright.lexicon.policy.RANKED_LOW`), so a clean answer beats a ``NEW CUM SHOT``; a word the
  user added with ``extra_words`` is never counted (they asked for it).

The search keeps the best ``CANDIDATES`` answers by these (or, for a larger ``top``, whole blocks of
``CANDIDATES``: :func:`~.solver.in_blocks`).

**Stage 2, the final order** (:class:`AnswerFeatures`): each kept answer gets the whole feature vector
(the above plus its rarest word's familiarity, set phrases, the caption's last word before the blank,
echoing words, a dangling last word, a homophone that would make a set phrase, and for a pun answer of
:mod:`.puns` the play it makes) and, a block at a time, is
ordered by the model's score.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from puzzlewright.budget import Budget
from puzzlewright.cache import recall_for, remember_for
from puzzlewright.jumble.model import AnswerPattern
from puzzlewright.jumble.phrases import PhraseTable, phrase_table
from puzzlewright.jumble.puns import Pun, PunFinder
from puzzlewright.jumble.relations import CaptionLinks, RelationTable, relation_table
from puzzlewright.jumble.rowids import RowIds
from puzzlewright.jumble.sounds import SoundTable, sound_table
from puzzlewright.jumble.vectors import CaptionSimilarity, WordVectors
from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.policy import is_ranked_low, ranked_low_bits
from puzzlewright.ranking import LinearModel

RANKER_FILE = os.path.join(os.path.dirname(__file__), "ranker.json")
BLANK = re.compile(r"_+|[\u2013\u2014]|(?<!\w)-+(?!\w)")  # where a caption's answer goes: ___, – – –, --
CANDIDATES = 15  # answers stage 1 keeps for the fitted model to order (the size of its blocks)
_ROW_IDS: dict = {}  # (lexicon, length, phrase table, relation table) -> their RowIds, by ids
MAX_ROW_IDS = 64
# the first block also takes the answers whose homophone_phrase is this or more (said aloud, a set phrase) that
# the search scores at most SOUND_ALIKE_MARGIN below the block's last (solver.sound_alike_answers)
STRONG_HOMOPHONE = 2.0
SOUND_ALIKE_MARGIN = 2.0
SOUND_ALIKE_NODES = 20_000  # the narrow search's node budget for each open slot it limits
SOUND_ALIKE_LENGTH = 4  # the shortest slot it limits: 3-letter words with homophones (FOR, TOO, ONE...) are so
# many that limiting a 3-letter slot searches much of a pattern again (a quarter of the narrow search's time)

UNKNOWN_ZIPF = 0.5
EXTRA_WORD_ZIPF = 6.0

# name -> what it measures, for --explain and the docs (order = the weight vector's order)
FEATURES: dict[str, str] = {
    "words": "sum of the open words' commonness (Zipf): how likely the words are on their own",
    "phrase": "how strongly adjacent words go together (PMI from the shipped bigram table)",
    "readings": "minus how much rarer the unscramblings it needs are than the commonest ones (Zipf)",
    "rarest_familiarity": "familiarity of the answer's least familiar open word",
    "set_phrase": "1 when the whole answer is a dictionary set phrase (WordNet: IN OTHER WORDS)",
    "in_set_phrase": "share of the answer's words inside a set phrase it contains (OUT OF POCKET)",
    "caption_same": "open words sharing a stem with a caption word",
    "caption_linked": "open words a dictionary entry ties to a caption word (synonym, broader term, gloss)",
    "caption_topic": "sum over the open words of log(1 + what their dictionary entries share with the caption's)",
    "caption_join": "how well the caption's last word runs into the answer's first (bigram PMI)",
    "caption_similar": "sum over the open words of their word-vector similarity to the nearest caption word (GloVe)",
    "echo": "pairs of the answer's words that repeat or sound alike (EIGHT ATE AT EIGHT, SENT SCENTS)",
    "dangling_end": "1 when the answer ends on an article, possessive or linking word (... ESCAPE THE)",
    "homophone_phrase": "the most one word's swap for a homophone raises the phrase value of its pairs "
                        "(LOVE AT FIRST SITE -> SIGHT, MAKE CENTS OF -> SENSE)",
    "flagged": "open words a solver ranks low: offensive, vulgar or a name (lexicon.policy.RANKED_LOW)",
    "pun": "1 for a pun answer: a word or set phrase respelt with a caption word that sounds like part of it "
           "(TREE MENDOUS, MASTERPEACE: jumble.puns)",
    "pun_target": "a pun's target's commonness (Zipf; a phrase's rarest word's), 0 for a plain answer",
    "pun_caption": "a pun's swapped-in word's tie to the caption (similarity + links), 0 for a plain answer",
}
_PER_WORD = 7  # the values AnswerFeatures.word gives each open word
# a caption ending on an article says little of the answer's first word, and the bigram table lists "the
# rink" but not "the burr", "a boat" but not "a thug": caption_join is 0 after one (issue #31)
ARTICLES = frozenset(("", "a", "an", "the"))
DANGLING = frozenset("a an the his her their my your our its of to and or as for with at by from".split())



@dataclass(frozen=True)
class Weights:
    """How much each part of the search's score counts, per unit: the model's weights of the features
    that add up word by word (and pair by pair), so that the search can bound them."""

    words: float = 1.0
    phrase: float = 1.0
    readings: float = 1.0
    caption_same: float = 0.0
    caption_linked: float = 0.0
    caption_topic: float = 0.0
    caption_similar: float = 0.0
    flagged: float = 0.0

    @classmethod
    def of(cls, model: Model) -> Weights:
        """The model's weights of these features."""
        weight = dict(zip(FEATURES, model.weights))
        return cls(**{name: weight[name] for name in cls.__dataclass_fields__})


@dataclass(slots=True)
class Score:
    """An answer's search score and its parts (already weighted), and its phrase's association (the
    unweighted phrase part, a feature of stage 2). (Slots, not frozen: one per answer the search scores.)"""

    words: float
    phrase: float
    readings: float
    association: float = 0.0

    @property
    def total(self) -> float:
        return self.words + self.phrase + self.readings


class Ranker:
    """Scores answers for one lexicon, the user's extra words and the caption, with a fitted model (the
    shipped one unless given): :meth:`score` is the search's additive part (stage 1), :meth:`features`
    the whole feature vector that :meth:`Model.score` turns into the final order (stage 2)."""

    def __init__(self, lexicon: Lexicon, *, extra_words: frozenset[str] = frozenset(), caption: str | None = None,
                 model: Model | None = None, candidates: int = CANDIDATES, sound_alikes: bool = True,
                 phrases: PhraseTable | None = None, relations: RelationTable | None = None,
                 vectors: WordVectors | None = None, sounds: SoundTable | None = None):
        self.lexicon = lexicon
        self.candidates = candidates
        self.sound_alikes = sound_alikes  # whether the first block takes them (solver.sound_alike_answers)
        self.extra_words = extra_words
        self.caption = caption
        self.model = model or shipped_model()
        self.weights = Weights.of(self.model)
        self.phrases = phrase_table() if phrases is None else phrases
        self.relations = relations or relation_table()
        self.sounds = sound_table() if sounds is None else sounds
        self.links = CaptionLinks(caption, self.relations)
        self.similarity = CaptionSimilarity(caption, vectors)
        w = self.weights
        # each stem's weighted caption features: what a word of that stem adds to the search's score (0 but
        # where the caption touches it), and at index -1 (no stem) 0
        self.caption_values = np.zeros(len(self.links.same) + 1)
        touched, links = self.links.touched, self.links
        self.caption_values[touched] = (w.caption_same * links.same[touched] + w.caption_linked * links.linked[touched]
                                        + w.caption_topic * links.topic[touched])
        self.last_caption_word = _last_word(caption)
        self.values: dict[str, float] = {}
        self.pairs: dict[tuple[str, str], float] = {}
        self.pun_finder: PunFinder | None = None

    def puns(self, pool: str, pattern: AnswerPattern, budget: Budget | None = None) -> list[Pun]:
        """The pun answers (:mod:`.puns`) of a pool of known letters for the pattern, within ``budget``: none
        without a caption or for a pattern with printed words or letters."""
        if not self.caption or pattern.printed or any(slot.literals for slot in pattern.slots):
            return []
        if self.pun_finder is None:
            self.pun_finder = PunFinder(self.lexicon, self.links, self.similarity, self.relations, budget)
        return self.pun_finder.puns(pool, [slot.length for slot in pattern.slots], budget)

    def zipf(self, word: str) -> float:
        """A word's commonness as the ranking counts it (unknown: ``UNKNOWN_ZIPF``; extra words at least
        ``EXTRA_WORD_ZIPF``)."""
        zipf = self.lexicon.zipf_of(word) or UNKNOWN_ZIPF
        return max(zipf, EXTRA_WORD_ZIPF) if word in self.extra_words else zipf

    def flagged(self, word: str) -> float:
        """1.0 for a word a solver ranks low (:func:`~puzzlewright.lexicon.policy.is_ranked_low`) that the
        user did not add, else 0.0: the ``flagged`` feature's part for one open word."""
        return float(word not in self.extra_words and is_ranked_low(self.lexicon.flag_bits(word)))

    def word_value(self, word: str) -> float:
        """A filled word's part of the search's score: weighted commonness, caption features and flag
        (cached)."""
        value = self.values.get(word)
        if value is None:
            value = self.values[word] = (self.weights.words * self.zipf(word)
                                         + float(self.caption_values[self.relations.word_id(word)])
                                         + self.weights.caption_similar * self.similarity.of(word)
                                         + self.weights.flagged * self.flagged(word))
        return value

    def word_values(self, words: tuple[str, ...], zipf: np.ndarray, flags: np.ndarray,
                    stem_ids: np.ndarray, vector_rows: np.ndarray | None = None) -> np.ndarray:
        """:meth:`word_value` for many words at once, given their Zipf values and flag bits from the
        lexicon, their stem ids (-1 where a word counts 0) and, if known, their rows in the similarity's
        vector table (:meth:`CaptionSimilarity.of_words`)."""
        values = np.where(zipf > 0, zipf, UNKNOWN_ZIPF).astype(np.float64)
        low = (flags & np.uint32(ranked_low_bits())) != 0
        for i, word in enumerate(words if self.extra_words else ()):
            if word in self.extra_words:
                values[i] = max(values[i], EXTRA_WORD_ZIPF)
                low[i] = False
        return (self.weights.words * values + self.caption_values[stem_ids]
                + self.weights.caption_similar * self.similarity.of_words(words, vector_rows)
                + self.weights.flagged * low)

    def row_ids(self, lexicon: Lexicon, length: int) -> tuple[RowIds, RowIds]:
        """The phrase-table numbers and the stem ids of ``lexicon``'s words of one length, by row (kept
        for the lexicon, across puzzles, while it lives)."""
        owners = (lexicon, self.phrases, self.relations)
        key = (*map(id, owners), length)
        found = recall_for(_ROW_IDS, key, owners)
        if found is None:
            size = len(lexicon.of_length(length).words)
            found = (RowIds(size, self.phrases.word_id), RowIds(size, self.relations.word_id))
            remember_for(_ROW_IDS, key, owners, found, MAX_ROW_IDS)
        return found

    def slot_bounds(self, pattern: AnswerPattern, lexicon: Lexicon, candidates: dict[int, tuple[
            tuple[str, ...], np.ndarray, np.ndarray, np.ndarray]]) -> dict[int, np.ndarray]:
        """For pruning: for each open slot (index -> its candidate words, their Zipf values, their flag
        bits and their rows in ``lexicon``'s table of the slot's length), an upper bound of what each word
        adds to the score of any answer with it there.

        That is the word's value plus the most its phrase pairs can add: the pair with the next word
        (exact when that word is printed, else the best pair it makes with any candidate of the next
        slot) and the exact pair with a printed word before it. Summed over the open slots, plus
        :meth:`printed_pairs_value`, it bounds the words and phrase parts of every answer."""
        slots = pattern.slots
        table = self.phrases
        ids = {index: self.row_ids(lexicon, slots[index].length) for index in candidates}
        bounds = {}
        for index, (words, zipf, flags, rows) in candidates.items():
            pairs = np.zeros(len(words))
            if index + 1 < len(slots):
                after = slots[index + 1]
                if after.fixed:
                    pairs += [table.pair_value(w, after.text) for w in words]
                else:
                    following, _, _, following_rows = candidates[index + 1]
                    pairs += table.best_following(ids[index][0].of(rows, words),
                                                  ids[index + 1][0].of(following_rows, following))
            if index > 0 and slots[index - 1].fixed:
                pairs += [table.pair_value(slots[index - 1].text, w) for w in words]
            vector_rows = self.similarity.lexicon_rows(lexicon, slots[index].length, rows, words)
            bounds[index] = (self.word_values(words, zipf, flags, ids[index][1].of(rows, words), vector_rows)
                             + self.weights.phrase * pairs)
        return bounds

    def printed_pairs_value(self, pattern: AnswerPattern) -> float:
        """The phrase value of the pairs of adjacent printed words (the same for every answer)."""
        slots = pattern.slots
        return self.weights.phrase * sum(self.phrases.pair_value(a.text, b.text)
                                         for a, b in zip(slots, slots[1:]) if a.fixed and b.fixed)

    def readings_value(self, shortfall: float) -> float:
        """The readings' part of the score: minus their weighted shortfall."""
        return -self.weights.readings * shortfall

    def pair_value(self, first: str, second: str) -> float:
        """The phrase table's value of a pair of adjacent words (cached: a puzzle's answers share most)."""
        value = self.pairs.get((first, second))
        if value is None:
            value = self.pairs[first, second] = self.phrases.pair_value(first, second)
        return value

    def association(self, phrase: tuple[str, ...]) -> float:
        """The sum of :meth:`pair_value` over the phrase's adjacent pairs."""
        return sum(map(self.pair_value, phrase, phrase[1:]))

    def homophone_gain(self, before: str | None, word: str, after: str | None) -> float:
        """The most the phrase value of a word's pairs with its neighbours (None: the phrase's end) rises
        when the word is swapped for one of its homophones (SITE after FIRST -> SIGHT: +2.3), or 0."""
        def pairs(middle: str) -> float:
            return ((0.0 if before is None else self.pair_value(before, middle))
                    + (0.0 if after is None else self.pair_value(middle, after)))

        homophones = self.sounds.of(word)
        return max(0.0, max(map(pairs, homophones)) - pairs(word)) if homophones else 0.0

    def homophone_phrase(self, phrase: tuple[str, ...]) -> float:
        """The ``homophone_phrase`` feature of a phrase: the largest :meth:`homophone_gain` of its words."""
        ends = (None, *phrase, None)
        return max(map(self.homophone_gain, ends[:-2], phrase, ends[2:]), default=0.0)

    def score(self, fills: tuple[str, ...], phrase: tuple[str, ...], reading_shortfall: float) -> Score:
        """The score of an answer: its filled words, the whole phrase, and its readings' total shortfall.
        (Called for every answer a search finds: sums over lists, not generators, which cost more here
        than the look-ups they sum; the same sums as :meth:`association`'s and :meth:`word_value`'s.)"""
        values, pairs = self.values, self.pairs  # the caches first: most words and pairs are known
        association = sum([pairs.get(pair) or self.pair_value(*pair) for pair in zip(phrase, phrase[1:])])
        return Score(sum([values.get(word) or self.word_value(word) for word in fills]),
                     self.weights.phrase * association, self.readings_value(reading_shortfall), association)


class Model(LinearModel):
    """The fitted final-answer ranker (``ranker.json``): weights and a typical true answer's features."""

    FEATURES = FEATURES
    FILE = RANKER_FILE

    def scores(self, features: np.ndarray) -> np.ndarray:
        """:meth:`score` of each row of a feature matrix, the same to the last bit: the same products,
        added up feature by feature from 0."""
        total = np.zeros(len(features))
        for column, (weight, typical) in enumerate(zip(self.weights, self.typical)):
            total = total + weight * (features[:, column] - typical)
        return total


shipped_model = Model.shipped  # the model in ranker.json, read once per process


class AnswerFeatures:
    """The feature vectors (:data:`FEATURES`) of one puzzle's answers. The answers share most of their
    words, so what depends on one word (or one pair of words) is worked out once."""

    def __init__(self, ranker: Ranker):
        self.ranker = ranker
        self.relations = ranker.relations
        self.words: dict[str, tuple[float, ...]] = {}
        self.echo_pairs: dict[tuple[str, str], bool] = {}

    def word(self, word: str) -> tuple[float, ...]:
        """``(zipf, familiarity, same, linked, topic, similar, flagged)`` of an open word (cached)."""
        known = self.words.get(word)
        if known is None:
            ranker = self.ranker
            familiar = max(ranker.lexicon.familiarity(word) or 0.0,
                           EXTRA_WORD_ZIPF if word in ranker.extra_words else 0.0)
            known = self.words[word] = (ranker.zipf(word), familiar, *ranker.links.of(word),
                                        ranker.similarity.of(word), ranker.flagged(word))
        return known

    def of(self, fills: tuple[str, ...], phrase: tuple[str, ...], shortfall: float,
           association: float | None = None, play: Pun | None = None) -> tuple[float, ...]:
        """The feature vector of one answer: its open words, its whole phrase (and its association, when
        the search has it already), its readings' shortfall, and the play it makes if it is a pun."""
        if association is None:
            association = self.ranker.association(phrase)
        return tuple(self.of_many([fills], [phrase], [shortfall], [association], [play])[0].tolist())

    def of_many(self, fills: Sequence[tuple[str, ...]], phrases: Sequence[tuple[str, ...]],
                shortfalls: Sequence[float], associations: Sequence[float],
                plays: Sequence[Pun | None] | None = None) -> np.ndarray:
        """The feature vectors of answers of one pattern (as many open and printed words each), one row
        per answer, given what :meth:`of` is given (``plays`` None: no answer is a pun). Worked out per distinct word or pair of words and
        added up column by column in the order :meth:`of` defines (each sum word by word, from 0), so
        every value is the same to the last bit as answer by answer, at a fraction of the cost."""
        count = len(phrases)
        vectors = np.zeros((count, len(FEATURES)))
        if not count:
            return vectors
        open_index: dict[str, int] = {}
        open_ids = np.array([[open_index.setdefault(w, len(open_index)) for w in words] for words in fills],
                            np.int64).reshape(count, -1)
        per_word = np.array([self.word(w) for w in open_index]).reshape(len(open_index), _PER_WORD)[open_ids]

        def total(part: int) -> np.ndarray:
            """A per-word part summed over each answer's open words, in order."""
            summed = np.zeros(count)
            for position in range(open_ids.shape[1]):
                summed = summed + per_word[:, position, part]
            return summed

        vectors[:, 0] = total(0)
        vectors[:, 1] = associations
        vectors[:, 2] = -np.asarray(shortfalls, np.float64)
        vectors[:, 3] = per_word[:, :, 1].min(axis=1) if open_ids.shape[1] else 0.0
        vectors[:, 6], vectors[:, 7], vectors[:, 8], vectors[:, 10] = total(2), total(3), total(4), total(5)
        vectors[:, 14] = total(6)
        for row, play in enumerate(plays or ()):
            if play is not None:
                vectors[row, 15:18] = (1.0, play.commonness, play.caption)
        self._phrase_features(phrases, vectors)
        return vectors

    def _phrase_features(self, phrases: Sequence[tuple[str, ...]], vectors: np.ndarray) -> None:
        """Fill in what depends on the whole phrase (``set_phrase``, ``in_set_phrase``, ``caption_join``,
        ``echo``, ``dangling_end``, ``homophone_phrase``): per distinct word, or per distinct pair (or run of
        three) of words at given positions."""
        index: dict[str, int] = {}
        ids = np.array([[index.setdefault(w, len(index)) for w in phrase] for phrase in phrases], np.int64)
        words = list(index)
        ranker = self.ranker
        if ranker.last_caption_word not in ARTICLES:  # "" too
            vectors[:, 9] = np.array([ranker.pair_value(ranker.last_caption_word, w) for w in words])[ids[:, 0]]
        vectors[:, 12] = np.array([w in DANGLING for w in words], np.float64)[ids[:, -1]]
        # pairs of positions: how many pairs echo; adjacent pairs: which open a set phrase
        echoes = np.zeros(len(phrases))
        opens = np.zeros(len(phrases), bool)
        length = ids.shape[1]
        sizes = np.array([len(w) for w in words])[ids]
        for first in range(length):
            for second in range(first + 1, length):
                # two words can only echo when as long as each other or the shorter has 3 letters or more
                rows = np.flatnonzero((sizes[:, first] == sizes[:, second])
                                      | (np.minimum(sizes[:, first], sizes[:, second]) >= 3))
                if len(rows):
                    pairs, at = _distinct_pairs(ids[rows, first], ids[rows, second], words)
                    echoes[rows] += np.array([self.echo_pair(a, b) for a, b in pairs], np.float64)[at]
            if first + 1 < length:
                pairs, at = _distinct_pairs(ids[:, first], ids[:, first + 1], words)
                opens |= np.array([pair in self.relations.openings for pair in pairs], bool)[at]
        # an adjacent pair joined can only be another of the words if the lengths add up
        joinable = np.zeros(len(phrases), bool)
        for first in range(length - 1):
            joinable |= ((sizes[:, first] + sizes[:, first + 1])[:, None] == sizes).any(axis=1)
        for row in np.flatnonzero(joinable).tolist():
            echoes[row] += rejoined(phrases[row])
        vectors[:, 11] = echoes
        vectors[:, 13] = self._homophone_phrases(ids, words)
        # a phrase none of whose adjacent pairs opens a set phrase neither is nor holds one (its words are
        # a-z, so they are the set phrase's own words)
        for row in (np.flatnonzero(opens) if length > 1 else range(len(phrases))):
            vectors[row, 4] = float(self.relations.is_phrase(phrases[row]))
            vectors[row, 5] = self.in_set_phrase(phrases[row])

    def _homophone_phrases(self, ids: np.ndarray, words: list[str]) -> np.ndarray:
        """``homophone_phrase`` of each phrase (rows of word numbers into ``words``): the gain of each
        distinct run of a word with a homophone and its two neighbours, worked out once."""
        best = np.zeros(len(ids))
        homophones = self.ranker.sounds.homophones
        has_homophones = np.array([w in homophones for w in words], bool)
        edge = len(words)  # the number of the phrase's end, beyond either side
        padded = np.pad(ids, ((0, 0), (1, 1)), constant_values=edge)
        ends: list[str | None] = [*words, None]
        for position in range(ids.shape[1]):
            rows = np.flatnonzero(has_homophones[ids[:, position]])
            if not len(rows):
                continue
            runs = padded[rows, position:position + 3]
            keys, at = np.unique((runs[:, 0] * (edge + 1) + runs[:, 1]) * (edge + 1) + runs[:, 2],
                                 return_inverse=True)
            gains = [self.ranker.homophone_gain(ends[key // (edge + 1) ** 2], words[key // (edge + 1) % (edge + 1)],
                                                ends[key % (edge + 1)]) for key in keys.tolist()]
            best[rows] = np.maximum(best[rows], np.array(gains)[at.ravel()])
        return best

    def in_set_phrase(self, phrase: tuple[str, ...]) -> float:
        """The share of the phrase's words covered by its longest run (of two words or more) that is a
        set phrase."""
        openings = self.relations.openings
        starts = [i for i, pair in enumerate(zip(phrase, phrase[1:])) if pair in openings]
        if not starts:  # most answers: no run of theirs opens a set phrase
            return 0.0
        for size in range(min(len(phrase), self.relations.longest_phrase), 1, -1):
            for i in starts:
                if i + size <= len(phrase) and self.relations.is_phrase(phrase[i:i + size]):
                    return size / len(phrase)
        return 0.0

    def echo_pair(self, first: str, second: str) -> bool:
        """:func:`echo`, judged once per puzzle for each pair of words."""
        known = self.echo_pairs.get((first, second))
        if known is None:
            known = self.echo_pairs[(first, second)] = echo(first, second)
        return known


def _distinct_pairs(firsts: np.ndarray, seconds: np.ndarray, words: list[str]) -> tuple[list[tuple[str, str]],
                                                                                       np.ndarray]:
    """The distinct ``(first, second)`` pairs of two aligned columns of word numbers (into ``words``), and
    which of them each row holds."""
    keys, at = np.unique(firsts * len(words) + seconds, return_inverse=True)
    return [(words[key // len(words)], words[key % len(words)]) for key in keys.tolist()], at.ravel()


def echoes(phrase: tuple[str, ...]) -> int:
    """How many pairs of the phrase's words repeat or sound alike (:func:`echo`), plus its adjacent pairs
    that joined are another of its words (AD HERE ... ADHERE)."""
    return sum(echo(a, b) for i, a in enumerate(phrase) for b in phrase[i + 1:]) + rejoined(phrase)


def echo(a: str, b: str) -> bool:
    """Do two words repeat or sound alike: the same word, one beginning or ending the other (3+ letters),
    or two letters or fewer apart (words of 4+ letters)?"""
    short, long = (a, b) if len(a) <= len(b) else (b, a)  # sorted by length, stably, without sorted()
    return (a == b or (len(short) >= 3 and (long.startswith(short) or long.endswith(short)))
            or (len(short) >= 4 and within_two(a, b)))


def rejoined(phrase: tuple[str, ...]) -> int:
    """How many adjacent pairs of the phrase, joined, are another of its words."""
    return len({a + b for a, b in zip(phrase, phrase[1:])} & set(phrase))


def within_two(a: str, b: str) -> bool:
    """Are the words at most two edits (letters dropped, added or replaced) apart?"""
    if abs(len(a) - len(b)) > 2 or len(set(a) ^ set(b)) > 4:  # each edit changes the letter set by 2 at most
        return False
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1] <= 2


def _last_word(caption: str | None) -> str:
    """The caption's last word before its blank (lowercase letters), or ''."""
    before_blank = BLANK.split(caption or "", maxsplit=1)[0]
    words = re.findall(r"[a-z]+", before_blank.lower())
    return words[-1] if words else ""


def explain(features: Sequence[float], model: Model | None = None) -> dict[str, float]:
    """Each feature's contribution to a score (they add up to it)."""
    return (model or shipped_model()).contributions(features)
