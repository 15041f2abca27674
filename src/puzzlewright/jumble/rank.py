"""Ranking final answers: common words, plausible phrases, and the most likely unscramblings.

An answer's score is a log10-scale plausibility (higher is better) with three parts:

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

With every weight 1 the score is the log-probability of the phrase under a bigram model (unigram
log-probabilities plus the pairs' PMI) plus the log-probability ratio of the readings: nothing is fitted
to sample puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzlewright.jumble.model import AnswerPattern
from puzzlewright.jumble.phrases import PhraseTable, phrase_table
from puzzlewright.lexicon import Lexicon

UNKNOWN_ZIPF = 0.5
EXTRA_WORD_ZIPF = 6.0


@dataclass(frozen=True)
class Weights:
    """How much each part of the score counts, per unit."""

    words: float = 1.0
    phrase: float = 1.0
    readings: float = 1.0


@dataclass(frozen=True)
class Score:
    """An answer's score and its parts (already weighted), for display and for tests."""

    words: float
    phrase: float
    readings: float

    @property
    def total(self) -> float:
        return self.words + self.phrase + self.readings


class Ranker:
    """Scores answers for one lexicon (and the user's extra words)."""

    def __init__(self, lexicon: Lexicon, *, extra_words: frozenset[str] = frozenset(), weights: Weights = Weights(),
                 phrases: PhraseTable | None = None):
        self.lexicon = lexicon
        self.extra_words = extra_words
        self.weights = weights
        self.phrases = phrase_table() if phrases is None else phrases

    def word_value(self, word: str) -> float:
        """A filled word's part of the score: its weighted commonness."""
        zipf = self.lexicon.zipf_of(word) or UNKNOWN_ZIPF
        if word in self.extra_words:
            zipf = max(zipf, EXTRA_WORD_ZIPF)
        return self.weights.words * zipf

    def word_values(self, words: tuple[str, ...], zipf: np.ndarray) -> np.ndarray:
        """:meth:`word_value` for many words at once, given their Zipf values from the lexicon."""
        values = np.where(zipf > 0, zipf, UNKNOWN_ZIPF).astype(np.float64)
        for i, word in enumerate(words if self.extra_words else ()):
            if word in self.extra_words:
                values[i] = max(values[i], EXTRA_WORD_ZIPF)
        return self.weights.words * values

    def phrase_value(self, phrase: tuple[str, ...]) -> float:
        """The phrase's part of the score (its adjacent pairs' association)."""
        return self.weights.phrase * self.phrases.association(phrase)

    def slot_bounds(self, pattern: AnswerPattern, candidates: dict[int, tuple[tuple[str, ...], np.ndarray]]
                    ) -> dict[int, np.ndarray]:
        """For pruning: for each open slot (index -> its candidate words and their Zipf values), an upper
        bound of what each word adds to the score of any answer with it there.

        That is the word's value plus the most its phrase pairs can add: the pair with the next word
        (exact when that word is printed, else the best pair it makes with any candidate of the next
        slot) and the exact pair with a printed word before it. Summed over the open slots, plus
        :meth:`printed_pairs_value`, it bounds the words and phrase parts of every answer."""
        slots = pattern.slots
        table = self.phrases
        bounds = {}
        for index, (words, zipf) in candidates.items():
            pairs = np.zeros(len(words))
            if index + 1 < len(slots):
                after = slots[index + 1]
                pairs += (table.best_following(words, candidates[index + 1][0]) if not after.fixed else
                          [table.pair_value(w, after.text) for w in words])
            if index > 0 and slots[index - 1].fixed:
                pairs += [table.pair_value(slots[index - 1].text, w) for w in words]
            bounds[index] = self.word_values(words, zipf) + self.weights.phrase * pairs
        return bounds

    def printed_pairs_value(self, pattern: AnswerPattern) -> float:
        """The phrase value of the pairs of adjacent printed words (the same for every answer)."""
        slots = pattern.slots
        return self.weights.phrase * sum(self.phrases.pair_value(a.text, b.text)
                                         for a, b in zip(slots, slots[1:]) if a.fixed and b.fixed)

    def readings_value(self, shortfall: float) -> float:
        """The readings' part of the score: minus their weighted shortfall."""
        return -self.weights.readings * shortfall

    def score(self, fills: tuple[str, ...], phrase: tuple[str, ...], reading_shortfall: float) -> Score:
        """The score of an answer: its filled words, the whole phrase, and its readings' total shortfall."""
        return Score(sum(self.word_value(w) for w in fills), self.phrase_value(phrase),
                     self.readings_value(reading_shortfall))
