"""Wordle feedback patterns: parse them in any of the usual notations and render them back.

A pattern is one mark per letter: grey (0, the letter is not in the answer, or no unused copy is left),
yellow (1, in the answer elsewhere) or green (2, right letter in the right place). Accepted notations:

* letters ``G`` / ``Y`` / ``B`` (any case; ``.`` also means grey), e.g. ``GYB..``;
* digits ``2`` / ``1`` / ``0``, e.g. ``21000``;
* emoji squares 🟩 / 🟨 / ⬛ or ⬜ (and the high-contrast 🟧 / 🟦), as pasted from a shared result.

A pattern's integer ``code`` reads the marks as a base-3 number, first letter most significant, so the
all-grey pattern is 0 and the all-green one is ``3**n - 1``; the vectorised engine works with codes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from puzzlewright.errors import PuzzleInputError

GREY, YELLOW, GREEN = 0, 1, 2
MIN_LENGTH, MAX_LENGTH = 3, 12

SYMBOLS: dict[str, int] = {
    **dict.fromkeys("Bb.0⬛⬜", GREY),
    **dict.fromkeys("Yy1🟨🟦", YELLOW),
    **dict.fromkeys("Gg2🟩🟧", GREEN),
}
IGNORED = "\ufe0f\u200d"  # emoji variation selector and zero-width joiner, present in some pastes
LETTERS = "BYG"
DIGITS = "012"
EMOJI_DARK = "⬛🟨🟩"
EMOJI_LIGHT = "⬜🟨🟩"
ACCEPTED = "G/Y/B (or '.'), 2/1/0, or 🟩🟨⬛⬜"


@dataclass(frozen=True)
class Pattern:
    """The feedback for one guess: a tuple of marks (GREY, YELLOW, GREEN), one per letter."""

    marks: tuple[int, ...]

    @classmethod
    def parse(cls, text: str, length: int | None = None) -> Pattern:
        """Read a pattern in any accepted notation; with ``length``, insist on that many marks."""
        cleaned = "".join(ch for ch in text.strip() if ch not in IGNORED)
        marks = []
        for ch in cleaned:
            mark = SYMBOLS.get(ch)
            if mark is None:
                raise PuzzleInputError(f"pattern {text.strip()!r}: {ch!r} is not a pattern symbol (use {ACCEPTED})")
            marks.append(mark)
        if not marks:
            raise PuzzleInputError("empty pattern (use one mark per letter: " + ACCEPTED + ")")
        if length is not None and len(marks) != length:
            raise PuzzleInputError(
                f"pattern {text.strip()!r} has {len(marks)} marks but the words have {length} letters")
        return cls(tuple(marks))

    @classmethod
    def from_code(cls, code: int, length: int) -> Pattern:
        """The pattern whose base-3 code (first letter most significant) is ``code``."""
        marks = []
        for _ in range(length):
            code, mark = divmod(int(code), 3)
            marks.append(mark)
        return cls(tuple(reversed(marks)))

    @classmethod
    def solved(cls, length: int) -> Pattern:
        """The all-green pattern."""
        return cls((GREEN,) * length)

    @property
    def code(self) -> int:
        """The marks as a base-3 number, first letter most significant."""
        code = 0
        for mark in self.marks:
            code = code * 3 + mark
        return code

    @property
    def is_solved(self) -> bool:
        return all(mark == GREEN for mark in self.marks)

    def __len__(self) -> int:
        return len(self.marks)

    def __str__(self) -> str:
        return "".join(LETTERS[m] for m in self.marks)

    def digits(self) -> str:
        """The pattern as digits 2/1/0."""
        return "".join(DIGITS[m] for m in self.marks)

    def emoji(self, *, light: bool = False) -> str:
        """The pattern as emoji squares, as Wordle shares it (dark or light theme grey)."""
        squares = EMOJI_LIGHT if light else EMOJI_DARK
        return "".join(squares[m] for m in self.marks)


def parse_grid(texts: str | Iterable[str], length: int | None = None) -> list[Pattern]:
    """Patterns from grid text: one row per line (blank lines and a ``Wordle 1,234 4/6`` header skipped).

    ``texts`` is one string or several (command-line arguments, each possibly holding pasted rows).
    """
    rows = []
    for text in [texts] if isinstance(texts, str) else texts:
        for line in text.splitlines():
            stripped = line.strip()
            if not stripped or stripped.casefold().startswith("wordle"):
                continue
            rows.append(Pattern.parse(stripped, length))
    if not rows:
        raise PuzzleInputError("no pattern rows given")
    return rows
