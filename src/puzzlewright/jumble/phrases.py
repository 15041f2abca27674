"""Phrase plausibility: how strongly two adjacent words go together, from a shipped table of word pairs.

``data/bigrams.npz`` is derived at build time by ``scripts/build_phrases.py`` from data that
PyPI packages ship (neither is needed at run time):

* about 240,000 common English bigrams with their counts, and unigram counts, from ``symspellpy`` (MIT;
  Google Books n-gram counts): each pair's pointwise mutual information, PMI = log10(P(a b) / (P(a) P(b))),
  positive when the words go together more often than chance (``so far``, ``pick up``);
* the adjacent pairs inside Princeton WordNet 3.0's multiword lemmas (``horse-drawn``, ``ill-advised``,
  ``homeward bound``), from the copy ``englishidioms`` ships: set phrases that a dictionary lists.

:meth:`PhraseTable.pair_value` is what a pair adds to an answer's score, in the same log10 units as word
commonness: its PMI capped to [-``ABSENT_CAP``, ``PAIR_CAP``], at least ``SET_PHRASE_PMI`` for a WordNet
set-phrase pair; for a pair the bigram list lacks, the most its PMI can be when that is negative (two
words so common that the pair would have made the list, had they gone together), else 0.

Arrays in the archive: ``vocab`` (newline-joined words, sorted), ``keys`` (``first * len(vocab) + second``,
sorted) with ``values`` (int8, tenths: the listed pairs' values), ``logp`` (log10 P(w) in hundredths,
-9900 when unknown) and ``floor`` (log10 of the bigram list's smallest count over all tokens).
"""

from __future__ import annotations

import bisect
from array import array
from functools import cache
from importlib import resources

import numpy as np

PMI_SCALE = 10
LOGP_SCALE = 100
PAIR_CAP = 4.0
ABSENT_CAP = 3.0
SET_PHRASE_PMI = 2.0
ARCHIVE = "bigrams.npz"


class PhraseTable:
    """Word pairs and what each adds to a phrase; :meth:`association` scores a whole phrase."""

    def __init__(self, vocab: list[str], keys: np.ndarray, values: np.ndarray, logp: np.ndarray, floor: float):
        self.index = {word: i for i, word in enumerate(vocab)}
        self.size = len(vocab)
        self.keys = keys.astype(np.int64)  # int64 so that look-ups by Python int do not copy the array
        self.values = values.astype(np.float64) / PMI_SCALE
        # log10 P(w), read one at a time as Python floats (not numpy scalars)
        self.logp = array("d", (logp.astype(np.float64) / LOGP_SCALE).tobytes())
        self.floor = floor
        self.seconds = self.keys % max(self.size, 1)
        # bisect on a flat array beats numpy for one key at a time; arrays, not lists, so 300k pairs cost
        # 5 MB rather than 21 MB of boxed Python numbers
        self.key_list = array("q", self.keys.tobytes())
        self.value_list = array("d", self.values.tobytes())

    def __len__(self) -> int:
        return len(self.keys)

    def listed_value(self, first: str, second: str) -> float | None:
        """The value of a pair the table lists, or None."""
        a, b = self.index.get(first), self.index.get(second)
        return None if a is None or b is None else self._listed(a, b)

    def _listed(self, a: int, b: int) -> float | None:
        """The listed value of the pair of vocabulary numbers ``a``, ``b``, or None."""
        key = a * self.size + b
        at = bisect.bisect_left(self.key_list, key)
        if at < len(self.key_list) and self.key_list[at] == key:
            return self.value_list[at]
        return None

    def pair_value(self, first: str, second: str) -> float:
        """What the pair adds to a phrase (see the module docstring)."""
        a, b = self.index.get(first), self.index.get(second)
        if a is None or b is None:
            return 0.0
        value = self._listed(a, b)
        if value is not None:
            return value
        return max(min(0.0, self.floor - self.logp[a] - self.logp[b]), -ABSENT_CAP)

    def word_id(self, word: str) -> int:
        """The word's vocabulary number, or -1 when the table lacks it."""
        return self.index.get(word, -1)

    def best_following(self, firsts: np.ndarray, seconds: np.ndarray) -> np.ndarray:
        """For each of the words ``firsts`` (their :meth:`word_id` numbers), an upper bound of
        :meth:`pair_value` with any of the words ``seconds`` (numbers too) after it."""
        best = np.zeros(len(firsts))
        rows = np.flatnonzero(firsts >= 0)
        if not len(rows):
            return best
        ids = firsts[rows]
        # the keys are sorted, so each first word's pairs are one run of them: gather only those runs
        starts = np.searchsorted(self.keys, ids * self.size)
        sizes = np.searchsorted(self.keys, (ids + 1) * self.size) - starts
        pairs = np.repeat(starts - np.cumsum(sizes) + sizes, sizes) + np.arange(sizes.sum())
        wanted = np.zeros(self.size, bool)
        wanted[seconds[seconds >= 0]] = True
        keep = wanted[self.seconds[pairs]]
        np.maximum.at(best, np.repeat(rows, sizes)[keep], self.values[pairs[keep]])
        return best


@cache
def phrase_table() -> PhraseTable:
    """The shipped table (loaded once; an empty table if the archive is missing)."""
    try:
        with resources.files("puzzlewright.jumble.data").joinpath(ARCHIVE).open("rb") as handle:
            archive = np.load(handle)
            vocab = archive["vocab"].tobytes().decode("ascii").split("\n")
            return PhraseTable(vocab, archive["keys"], archive["values"], archive["logp"], float(archive["floor"][0]))
    except (FileNotFoundError, ModuleNotFoundError):
        return PhraseTable([], np.zeros(0, np.int64), np.zeros(0, np.int8), np.zeros(0, np.int16), 0.0)
