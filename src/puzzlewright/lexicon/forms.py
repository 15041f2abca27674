"""What a word's spelling says about its form: a plural's -S, an -ED or -ING ending.

Puzzles that prefer headwords read these rules from here: the Letter Boxed ranker's ``plurals`` and
``ed_ing`` features (:mod:`puzzlewright.letterboxed.rank`), the Letter Boxed generator's answer words and the
Jumble generator's inflected-word penalty (:mod:`puzzlewright.jumble.generator`).
"""

from __future__ import annotations


def plural(word: str) -> bool:
    """Does the word end like a plural (-S, not -SS, -US or -IS)? (``word`` in small letters.)"""
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def ed_or_ing(word: str) -> bool:
    """Does the word end like an -ED or -ING form? (``word`` in small letters.)"""
    return word.endswith(("ed", "ing"))
