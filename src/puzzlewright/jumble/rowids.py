"""Numbers kept per row of a lexicon's table of one length, looked up on a word's first need.

A puzzle's candidate words are rows of the lexicon's tables (``Lexicon.of_length``), and a number per word
(its phrase-table number, its stem id, its row in the word-vector table) indexed by those rows skips the
dictionary look-ups each puzzle made afresh (cold in memory over a batch: about 1.5 us a word, several
times a warm look-up). :mod:`.rank` and :mod:`.vectors` keep them per lexicon.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

UNKNOWN_ID = -2  # a row not looked up yet (look-ups give -1 for a word without a number)


class RowIds:
    """A number per word of a lexicon's table of one length, looked up on a word's first need (``lookup``,
    which gives -1 for a word without one) and kept by row."""

    def __init__(self, size: int, lookup: Callable[[str], int]):
        self.ids = np.full(size, UNKNOWN_ID, np.int64)
        self.lookup = lookup

    def of(self, rows: np.ndarray, words: Sequence[str]) -> np.ndarray:
        """The numbers of ``words``, the table's ``rows``."""
        ids = self.ids[rows]
        missing = np.flatnonzero(ids == UNKNOWN_ID)
        if len(missing):
            ids[missing] = [self.lookup(words[i]) for i in missing.tolist()]
            self.ids[rows[missing]] = ids[missing]
        return ids
