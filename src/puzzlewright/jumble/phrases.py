"""Phrase plausibility: how strongly two adjacent words go together, from a shipped table of bigrams.

``data/bigrams.npz`` holds about 240,000 common English word pairs with their pointwise mutual
information, PMI = log10(P(a b) / (P(a) P(b))): positive when the pair occurs together more often than
chance (``so far``, ``pick up``, ``beside himself`` would be). It is derived at build time by
:mod:`puzzlewright.jumble.build_phrases` from the bigram and unigram counts that the MIT-licensed
``symspellpy`` package ships (Google Books n-gram counts); ``symspellpy`` is not needed at run time.

Arrays in the archive: ``vocab`` (the words, newline-joined bytes, sorted), ``keys`` (uint32,
``first * len(vocab) + second`` for each pair, sorted) and ``pmi`` (int8, PMI in tenths, clipped).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np

PMI_SCALE = 10
PAIR_CAP = 4.0
ARCHIVE = "bigrams.npz"


class PhraseTable:
    """Word pairs and their PMI; :meth:`association` scores a whole phrase."""

    def __init__(self, vocab: list[str], keys: np.ndarray, pmi: np.ndarray):
        self.index = {word: i for i, word in enumerate(vocab)}
        self.size = len(vocab)
        self.keys = keys.astype(np.int64)  # int64 so that look-ups by Python int do not copy the array
        self.pmi = pmi.astype(np.float32) / PMI_SCALE
        self.firsts = (keys // max(self.size, 1)).astype(np.int64)
        self.seconds = (keys % max(self.size, 1)).astype(np.int64)
        self.values = np.clip(self.pmi, 0, PAIR_CAP)

    def __len__(self) -> int:
        return len(self.keys)

    def pmi_of(self, first: str, second: str) -> float | None:
        """The pair's PMI, or None when the table does not hold the pair."""
        a, b = self.index.get(first), self.index.get(second)
        if a is None or b is None:
            return None
        key = a * self.size + b
        at = int(np.searchsorted(self.keys, key))
        if at < len(self.keys) and self.keys[at] == key:
            return float(self.pmi[at])
        return None

    def pair_value(self, first: str, second: str) -> float:
        """What a pair adds to a phrase: its PMI if positive, capped at ``PAIR_CAP``; 0 if unknown."""
        pmi = self.pmi_of(first, second)
        return 0.0 if pmi is None else min(max(pmi, 0.0), PAIR_CAP)

    def best_following(self, firsts: tuple[str, ...], seconds: tuple[str, ...]) -> np.ndarray:
        """For each of ``firsts``, the most :meth:`pair_value` gives it followed by any of ``seconds``."""
        best = np.zeros(len(firsts))
        known = [(i, self.index[w]) for i, w in enumerate(firsts) if w in self.index]
        if not known:
            return best
        position = np.full(self.size, -1, np.int64)
        position[[vocab for _, vocab in known]] = [i for i, _ in known]
        wanted = np.zeros(self.size, bool)
        wanted[[self.index[w] for w in seconds if w in self.index]] = True
        rows = position[self.firsts]
        keep = (rows >= 0) & wanted[self.seconds]
        np.maximum.at(best, rows[keep], self.values[keep])
        return best

    def association(self, phrase: tuple[str, ...]) -> float:
        """The sum of :meth:`pair_value` over the phrase's adjacent pairs."""
        return sum(self.pair_value(first, second) for first, second in zip(phrase, phrase[1:]))


@cache
def phrase_table() -> PhraseTable:
    """The shipped bigram table (loaded once; an empty table if the archive is missing)."""
    try:
        with resources.files("puzzlewright.jumble.data").joinpath(ARCHIVE).open("rb") as handle:
            archive = np.load(handle)
            vocab = archive["vocab"].tobytes().decode("ascii").split("\n")
            return PhraseTable(vocab, archive["keys"], archive["pmi"])
    except (FileNotFoundError, ModuleNotFoundError):
        return PhraseTable([], np.zeros(0, np.uint32), np.zeros(0, np.int8))
