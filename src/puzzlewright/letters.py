"""Letters as numbers, shared by every puzzle: the alphabet, 26-bit letter masks and letter-code arrays.

This module imports no numpy at import time (Letter Boxed's command line avoids numpy on its fast path);
the array helpers import it when called.
"""

from __future__ import annotations

from functools import cache

TYPE_CHECKING = False
if TYPE_CHECKING:  # neither typing nor numpy is imported at run time (dict lookup's quick path)
    import re
    from collections.abc import Iterable

    import numpy as np

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@cache
def compiled(pattern: str | bytes) -> re.Pattern:
    """``re.compile(pattern)``, once, on first use. Modules on the command line's quick path keep their
    regular expressions as text and compile them when a slower path needs them: importing :mod:`re`
    costs about a fifth of a one-off ``letterboxed solve``'s instructions."""
    import re

    return re.compile(pattern)


def normalise_word(raw: str) -> str | None:
    """Case-fold, strip accents (café -> cafe), and return the word if it is a-z only, else None."""
    word = raw.strip().casefold()
    if word.isascii():
        return word if word.isalpha() else None
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", word)
    # folded again: compatibility forms such as the mathematical bold 𝗔 decompose to a capital A
    word = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return word if word.isascii() and word.isalpha() else None


def letter_mask(word: str) -> int:
    """A 26-bit mask with bit i set when letter i occurs in the (lowercase a-z) word (each distinct
    letter's bit looked up and summed in C: a few thousand words' masks in a millisecond or two)."""
    return sum(map(_LETTER_BIT.__getitem__, set(word)))


_LETTER_BIT = {letter: 1 << i for i, letter in enumerate(ALPHABET)}


def letter_codes(word: str) -> np.ndarray:
    """The (lowercase a-z) word as a uint8 array of letter numbers 0-25."""
    import numpy as np

    return np.frombuffer(word.encode("ascii"), dtype=np.uint8) - ord("a")


def letter_masks(letters: np.ndarray) -> np.ndarray:
    """uint32 letter masks of each row of a (k, n) array of letter numbers 0-25 (:func:`letter_mask`
    of every word of a :class:`~puzzlewright.lexicon.WordTable` at once)."""
    import numpy as np

    bits = np.left_shift(np.uint32(1), letters.astype(np.uint32))
    return np.bitwise_or.reduce(bits, axis=1)


def cell_codes(text: str, unknown: str) -> list[int]:
    """Letter numbers 0-25 of ``text`` as a list, -1 for each ``unknown`` character (a template's blanks)."""
    return [-1 if ch == unknown else ord(ch) - 97 for ch in text]


def codes_text(codes: Iterable[int]) -> str:
    """The lowercase text of letter numbers 0-25 (the inverse of :func:`letter_codes`)."""
    return "".join(ALPHABET[code] for code in codes)


def check_letters(raw: str, also: str = "") -> tuple[str, list[str]]:
    """``raw`` stripped and lowercased, and the sorted distinct characters in it that are neither a-z nor
    in ``also`` (:func:`puzzle_letters` turns them into the error every puzzle reports)."""
    text = raw.strip().lower()
    return text, sorted({ch for ch in text if not ("a" <= ch <= "z" or ch in also)})


def puzzle_letters(raw: object, what: str, *, also: str = "", kinds: str = "letters a-z") -> str:
    """``raw`` stripped and lowercased when it is letters a-z (or characters of ``also``), else one clear
    error naming ``what`` and the characters to drop: the one check of a puzzle's letter input (an
    acrostic's seed, pool and rows, a Jumble's scrambled words and pool, a grid's pool). Dictionary words
    are :func:`normalise_word`'s (it folds accents and answers None rather than raising)."""
    from puzzlewright.errors import PuzzleInputError

    if not isinstance(raw, str):
        raise PuzzleInputError(f"the {what} must be a string of letters")
    text, bad = check_letters(raw, also)
    if bad:
        raise PuzzleInputError(f"{what} {raw.strip()!r} has {''.join(bad)!r}: use only {kinds}")
    return text
