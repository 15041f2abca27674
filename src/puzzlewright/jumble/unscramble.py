"""Unscrambling: every dictionary word made of a scrambled word's letters, most common first.

Known letters go straight through the lexicon's anagram-signature index (one dictionary look-up, no
permutations). Words with unknown letters (``?``) are matched by letter counts instead: a word of the
right length fits when it has at least as many of each known letter, which is one vectorised comparison
over that length's (words x 26) count table.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import numpy as np

from puzzlewright.lexicon import Lexicon
from puzzlewright.jumble.model import BLANK

_COUNT_TABLES: WeakKeyDictionary[Lexicon, dict[int, np.ndarray]] = WeakKeyDictionary()


def letter_counts(letters: str) -> np.ndarray:
    """How many of each letter a-z ``letters`` holds (``?`` ignored), as an int16 vector of 26."""
    codes = np.frombuffer(letters.replace(BLANK, "").encode("ascii"), np.uint8) - 97
    return np.bincount(codes, minlength=26).astype(np.int16)


def count_table(lexicon: Lexicon, length: int) -> np.ndarray:
    """(words x 26) int16 letter counts of the lexicon's words of one length, aligned with ``of_length``."""
    tables = _COUNT_TABLES.setdefault(lexicon, {})
    table = tables.get(length)
    if table is None:
        letters = lexicon.of_length(length).letters
        table = np.zeros((len(letters), 26), np.int16)
        rows = np.arange(len(letters))
        for column in range(length):
            table[rows, letters[:, column]] += 1
        tables[length] = table
    return table


def unscramble(scrambled: str, lexicon: Lexicon) -> tuple[str, ...]:
    """Every word of ``lexicon`` whose letters are ``scrambled``'s (``?`` = any letter), most common first.

    The scrambled form itself comes last when it is a word: a Jumble's answer is never its own scramble.
    """
    if BLANK in scrambled:
        words = _fit_with_blanks(scrambled, lexicon)
    else:
        words = lexicon.anagrams(scrambled)
    if scrambled in words and len(words) > 1:
        words = tuple(w for w in words if w != scrambled) + (scrambled,)
    return words


def _fit_with_blanks(scrambled: str, lexicon: Lexicon) -> tuple[str, ...]:
    table = lexicon.of_length(len(scrambled))
    known = letter_counts(scrambled)
    fits = np.flatnonzero((count_table(lexicon, len(scrambled)) >= known).all(axis=1))
    order = fits[np.lexsort((fits, -table.zipf[fits]))]
    return tuple(table.words[i] for i in order)
