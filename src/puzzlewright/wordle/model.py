"""Wordle feedback patterns: parse them in any of the usual notations and render them back.

A pattern is one mark per letter: grey (0, the letter is not in the answer, or no unused copy is left),
yellow (1, in the answer elsewhere) or green (2, right letter in the right place). Accepted notations:

* letters ``G`` / ``Y`` / ``B`` (any case; ``.`` also means grey), e.g. ``GYB..``;
* digits ``2`` / ``1`` / ``0``, e.g. ``21000``;
* emoji squares 🟩 / 🟨 / ⬛ or ⬜ (and the high-contrast 🟧 / 🟦), as pasted from a shared result.

Doodle rows may also hold *wildcards* (:class:`Paint`): ``?`` any colour, ``+`` green or yellow, ``-`` yellow
or grey; the filler then picks the colours.

A pattern's integer ``code`` reads the marks as a base-3 number, first letter most significant, so the
all-grey pattern is 0 and the all-green one is ``3**n - 1``; the vectorised engine works with codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

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
WILDCARDS: dict[str, tuple[int, ...]] = {"?": (GREY, YELLOW, GREEN), "+": (YELLOW, GREEN), "-": (GREY, YELLOW)}
WILDCARD_HELP = "wildcards: ? any colour, + green or yellow, - yellow or grey"


@dataclass(frozen=True)
class Pattern:
    """The feedback for one guess: a tuple of marks (GREY, YELLOW, GREEN), one per letter."""

    marks: tuple[int, ...]

    @classmethod
    def parse(cls, text: str, length: int | None = None) -> Pattern:
        """Read a pattern in any accepted notation; with ``length``, insist on that many marks."""
        return cls(tuple(_read_cells(text, length, SYMBOLS, ACCEPTED)))

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


def _read_cells(text: str, length: int | None, symbols: dict, accepted: str) -> list:
    """The cells of one row: each character looked up in ``symbols`` (emoji joiners ignored); with
    ``length``, exactly that many. Errors name the row and the offending character."""
    cleaned = "".join(ch for ch in text.strip() if ch not in IGNORED)
    cells = []
    for ch in cleaned:
        cell = symbols.get(ch)
        if cell is None:
            raise PuzzleInputError(f"pattern {text.strip()!r}: {ch!r} is not a pattern symbol (use {accepted})")
        cells.append(cell)
    if not cells:
        raise PuzzleInputError("empty pattern (use one mark per letter: " + accepted + ")")
    if length is not None and len(cells) != length:
        raise PuzzleInputError(f"pattern {text.strip()!r} has {len(cells)} marks but the words have {length} letters")
    return cells


_PAINT_SYMBOLS = {**{ch: (mark,) for ch, mark in SYMBOLS.items()}, **WILDCARDS}


@dataclass(frozen=True)
class Paint:
    """A painted Doodle row: for each cell, the marks it accepts (one colour, or several for a wildcard)."""

    cells: tuple[tuple[int, ...], ...]

    @classmethod
    def parse(cls, text: str, length: int | None = None) -> Paint:
        """Read a row of colours (any :class:`Pattern` notation) and wildcards ``?`` ``+`` ``-``."""
        return cls(tuple(_read_cells(text, length, _PAINT_SYMBOLS, f"{ACCEPTED}; {WILDCARD_HELP}")))

    @classmethod
    def of(cls, pattern: Pattern) -> Paint:
        """The row that accepts exactly ``pattern``."""
        return cls(tuple((mark,) for mark in pattern.marks))

    @cached_property
    def exact(self) -> Pattern | None:
        """The one pattern this row accepts, or None when it has wildcards (worked out once: a doodle asks
        several times per row)."""
        if all(len(cell) == 1 for cell in self.cells):
            return Pattern(tuple(cell[0] for cell in self.cells))
        return None

    @cached_property
    def key(self) -> int:
        """A number naming this row: an exact row's pattern code, else one above every code."""
        exact = self.exact
        if exact is not None:
            return exact.code
        return 3**MAX_LENGTH + sum(sum(1 << m for m in cell) << (3 * j) for j, cell in enumerate(self.cells))

    def misfits(self, marks: Sequence[int]) -> list[int]:
        """The positions where ``marks`` (one pattern's) break this row."""
        return [j for j, (cell, mark) in enumerate(zip(self.cells, marks)) if mark not in cell]

    def __len__(self) -> int:
        return len(self.cells)

    def __str__(self) -> str:
        wild = {marks: ch for ch, marks in WILDCARDS.items()}
        return "".join(LETTERS[cell[0]] if len(cell) == 1 else wild[cell] for cell in self.cells)


def _grid_lines(texts: str | Iterable[str]) -> list[str]:
    """The rows of grid text: one per line, or several on a line separated by spaces or commas
    (:func:`~puzzlewright.schema.listed`; blank lines and a ``Wordle 1,234 4/6`` header skipped).

    ``texts`` is one string or several (command-line arguments, each possibly holding pasted rows)."""
    from puzzlewright.schema import listed

    lines: list[str] = []
    for text in [texts] if isinstance(texts, str) else texts:
        for line in text.splitlines():
            stripped = line.strip()
            if stripped and not stripped.casefold().startswith("wordle"):
                lines += listed(stripped)
    if not lines:
        raise PuzzleInputError("no pattern rows given")
    return lines


def parse_grid(texts: str | Iterable[str], length: int | None = None) -> list[Pattern]:
    """Patterns from grid text (see :func:`_grid_lines`)."""
    return [Pattern.parse(line, length) for line in _grid_lines(texts)]


def parse_painted_grid(texts: str | Iterable[str], length: int | None = None) -> list[Paint]:
    """Painted Doodle rows, wildcards allowed, from grid text (see :func:`_grid_lines`)."""
    return [Paint.parse(line, length) for line in _grid_lines(texts)]
