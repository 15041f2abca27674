"""Clues for a grid's slots: given by slot name (``1A``, ``1-Across``, ``12 down``...), checked against the
grid once, here, for every way in (the library's ``export``, the CLI's ``--clues FILE``, the web page's
clue fields), then written by the .ipuz and .puz exporters.

A clue file has one clue a line, ``1A: Feline pet`` (``#`` starts a comment line; blank lines are skipped).
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import Grid, Slot

MAX_CLUE_CHARS = 300  # far beyond any real clue; keeps a pasted essay out of a puzzle file
MAX_CREDIT_CHARS = 200  # a title or an author

# Typographic punctuation phones and word processors put in typed text, as the plain characters a .puz
# (Latin-1) can store: a clue typed on a phone must not fail for its curly apostrophe.
PLAIN_PUNCTUATION = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
                                   "\u2014": "--", "\u2026": "...", "\u00a0": " "})


def clean_text(text: object, what: str, limit: int) -> str:
    """``text`` as one trimmed line with plain punctuation, or a one-line error naming ``what``."""
    if not isinstance(text, str):
        raise PuzzleInputError(f"{what} must be text")
    if "\n" in text.strip() or "\r" in text.strip():
        raise PuzzleInputError(f"{what} must be one line")
    text = " ".join(text.translate(PLAIN_PUNCTUATION).split())
    if len(text) > limit:
        raise PuzzleInputError(f"{what} has {len(text):,} characters (at most {limit:,})")
    return text


def slot_clues(grid: Grid, clues: Mapping[str, str] | None) -> dict[Slot, str]:
    """Each named slot's clue text (trimmed, plain punctuation); an error for a name the grid has no slot
    for, or two names for one slot. Slots without a clue are left out (exporters write them empty)."""
    found: dict[Slot, str] = {}
    for key, text in (clues or {}).items():
        slot = grid.slot_name(key)
        if slot in found:
            raise PuzzleInputError(f"two clues for {slot.name} (the second is {key!r})")
        found[slot] = clean_text(text, f"the clue for {slot.name}", MAX_CLUE_CHARS)
    return found


def parse_clue_file(text: str) -> dict[str, str]:
    """The clues of a clue file's text (``1A: Feline pet`` a line): slot name -> clue, in file order."""
    clues: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, colon, clue = line.partition(":")
        if not colon or not key.strip():
            raise PuzzleInputError(f"clue file line {number}: write the slot, a colon and the clue, like "
                                   f"'1A: Feline pet' (not {line.strip()[:40]!r})")
        if key.strip() in clues:
            raise PuzzleInputError(f"clue file line {number}: a second clue for {key.strip()!r}")
        clues[key.strip()] = clue.strip()
    return clues
