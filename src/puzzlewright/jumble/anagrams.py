"""Unscrambling: every dictionary word made of a scrambled word's letters, most common first.

No permutations: a scrambled word is looked up by its anagram signature (its letters sorted) in the
lexicon's signature index of that word length (:meth:`Lexicon.anagram_index`, built once per length; about
1 µs a word after that). Words with unknown letters (``?``) are matched on letter counts: for each word
length the lexicon's words get a (words x 26) count table, and a word fits when it has at least as many of
each known letter. The answer search (:mod:`.answers`) uses the count tables and a 64-bit hash of each row
(a random linear form of the counts), built lazily.
"""

from __future__ import annotations

import numpy as np

from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import Lexicon
from puzzlewright.ranking import best_rows
from puzzlewright.jumble.model import BLANK, normalise_letters

HASH_WEIGHTS = np.random.default_rng(26).integers(1, 2**40, 26, dtype=np.int64)


def count_hash(counts: np.ndarray) -> np.ndarray:
    """A 64-bit hash of letter-count vectors (the last axis, 26 counts): equal counts, equal hashes.

    Random weights up to 2**40 on counts below 2**10 cannot overflow; different count vectors rarely
    share a hash (a random linear form), and callers confirm a hit by comparing the counts."""
    return counts.astype(np.int64) @ HASH_WEIGHTS


def letter_counts(letters: str) -> np.ndarray:
    """How many of each letter a-z ``letters`` holds (``?`` ignored), as an int16 vector of 26."""
    codes = letter_codes(letters.replace(BLANK, ""))
    return np.bincount(codes, minlength=26).astype(np.int16)


def count_table(lexicon: Lexicon, length: int) -> np.ndarray:
    """(words x 26) uint8 letter counts of the lexicon's words of one length, aligned with ``of_length``
    (the lexicon's cached table; arithmetic with :func:`letter_counts`' int16 vectors is int16)."""
    return lexicon.length_letter_counts(length)


def unscramble(scrambled: str, lexicon: Lexicon) -> tuple[str, ...]:
    """Every word of ``lexicon`` whose letters are ``scrambled``'s (``?`` = any letter), most common first
    (ties: the more familiar, then alphabetical, as :meth:`Lexicon.anagrams` orders them).

    The scrambled form itself comes last when it is a word: a Jumble's answer is never its own scramble.
    Letters may be in any case; anything else is a one-line :class:`PuzzleInputError`.
    """
    scrambled = normalise_letters(scrambled, "scrambled word")
    if BLANK in scrambled:
        length = len(scrambled)
        counts = count_table(lexicon, length)
        rows = np.flatnonzero((counts >= letter_counts(scrambled)).all(axis=1))
        table = lexicon.of_length(length)
        words = tuple(table.words[i] for i in rows[best_rows(table.familiarity[rows], table.zipf[rows], rows=rows)])
    else:
        words = lexicon.anagrams(scrambled)
    if scrambled in words and len(words) > 1:
        words = tuple(w for w in words if w != scrambled) + (scrambled,)
    return words
