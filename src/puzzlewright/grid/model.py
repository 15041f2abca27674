"""The crossword grid model: a rectangle of cells (``.`` empty, ``#`` block, a-z fixed letters) and its slots.

A *slot* is a run of white cells across or down that must hold one word. Runs of two or more cells are
slots (``min_length=2``); under American rules (``min_length=3``) every run must have three or more cells,
so a shorter run is an error. Under 2-letter rules a run of one cell is an unchecked cell, but a white cell
in no slot at all is an error (nothing would constrain its letter). Slots are numbered the usual way: in
reading order, a cell that starts an across or a down slot gets the next number.

Notation: rows separated by newlines or ``/`` (``....#/...../#....``); any size up to 21x21.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from puzzlewright.errors import PuzzleInputError, whole_number

EMPTY = "."
BLOCK = "#"
MAX_SIDE = 21
MIN_LENGTHS = (2, 3)
_ROW_SEPARATORS = re.compile(r"[\r\n/|]+")
_SIZE = re.compile(r"^\s*(\d+)\s*[xX*]\s*(\d+)\s*$")
_SLOT_NAME = re.compile(r"\s*(\d+)\s*[- ]?\s*(a|d|across|down)\s*")
ACROSS, DOWN = "across", "down"


@dataclass(frozen=True)
class Slot:
    """One word's place in the grid: its clue number, direction, first cell and the cells it covers.

    ``cells`` are indexes ``row * width + column`` in reading order along the slot.
    """

    number: int
    direction: str
    row: int
    column: int
    cells: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def name(self) -> str:
        """``12-Across`` style."""
        return f"{self.number}-{self.direction.capitalize()}"

    def describe(self, pattern: str) -> str:
        """The slot for messages: ``3-Down (row 1, column 4, 5 letters: 'q.z..')``."""
        return (f"{self.name} (row {self.row + 1}, column {self.column + 1}, {self.length} letters: "
                f"{pattern!r})")


def parse_size(text: str) -> tuple[int, int]:
    """``5x6`` -> (5, 6): height (rows) by width (columns), each 2..21."""
    match = _SIZE.match(text) if isinstance(text, str) else None
    if not match:
        raise PuzzleInputError(f"a grid size is written HEIGHTxWIDTH, like 5x6, not {text!r}")
    height, width = whole_number(match[1], "grid height"), whole_number(match[2], "grid width")
    check_dimensions(height, width)
    return height, width


def check_dimensions(height: int, width: int) -> None:
    """A clear error unless the grid is between 2x2 and 21x21 (a 1-wide grid has no crossings)."""
    if not (1 <= height <= MAX_SIDE and 1 <= width <= MAX_SIDE):
        raise PuzzleInputError(f"a grid is at most {MAX_SIDE}x{MAX_SIDE}; this one is {height}x{width}")


def check_min_length(min_length: int) -> int:
    if min_length not in MIN_LENGTHS:
        raise PuzzleInputError(f"the minimum slot length must be 2 or 3 (American rules), not {min_length!r}")
    return min_length


def split_grid_rows(text: str) -> list[str]:
    """The rows of a grid written with newlines or ``/`` between them (blank lines and spaces ignored)."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleInputError("the grid is empty")
    rows = ["".join(row.split()) for row in _ROW_SEPARATORS.split(text.strip())]
    return [row.lower() for row in rows if row]


@dataclass(frozen=True)
class Grid:
    """An m x n grid: each cell ``.`` (to fill), ``#`` (block) or a fixed letter a-z; and its slot rule.

    A grid whose cells are all blocks or letters is *filled*. Build one with :meth:`parse`,
    :meth:`from_rows` or :meth:`empty`; they check every rule and raise :class:`PuzzleInputError`.
    """

    rows: tuple[str, ...]
    min_length: int = 2

    @classmethod
    def parse(cls, text: str, min_length: int = 2) -> Grid:
        """A grid from rows separated by newlines or ``/`` (``....#/...../#....``)."""
        return cls.from_rows(split_grid_rows(text), min_length)

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...], min_length: int = 2) -> Grid:
        """A grid from its rows, checked: equal lengths, known characters, size, slot lengths."""
        if not isinstance(rows, (list, tuple)) or not all(isinstance(row, str) for row in rows):
            raise PuzzleInputError("the grid rows must be strings")
        rows = tuple(row.lower() for row in rows)
        if not rows or not rows[0]:
            raise PuzzleInputError("the grid is empty")
        check_dimensions(len(rows), max(len(row) for row in rows))
        for number, row in enumerate(rows, 1):
            if len(row) != len(rows[0]):
                raise PuzzleInputError(f"grid row {number} has {len(row)} cells but row 1 has {len(rows[0])} "
                                       "(every row must be the same length)")
            bad = sorted({ch for ch in row if ch not in (EMPTY, BLOCK) and not "a" <= ch <= "z"})
            if bad:
                raise PuzzleInputError(f"grid row {number} has an unknown character {bad[0]!r} "
                                       "(use '.' for an empty cell, '#' for a block, letters a-z)")
        grid = cls(rows, check_min_length(min_length))
        grid.check_slots()
        return grid

    @classmethod
    def empty(cls, height: int, width: int, min_length: int = 2) -> Grid:
        """An open m x n rectangle with no blocks (a word rectangle)."""
        check_dimensions(height, width)
        return cls.from_rows([EMPTY * width] * height, min_length)

    # -- shape -------------------------------------------------------------------------------------

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @cached_property
    def cells(self) -> str:
        """Every cell in reading order (index ``row * width + column``)."""
        return "".join(self.rows)

    def is_white(self, index: int) -> bool:
        return self.cells[index] != BLOCK

    @property
    def filled(self) -> bool:
        return EMPTY not in self.cells

    @property
    def blocks(self) -> int:
        return self.cells.count(BLOCK)

    def runs(self) -> list[tuple[str, tuple[int, ...]]]:
        """Every maximal run of white cells (direction, cells), across runs first, each in reading order."""
        found = []
        for direction, lines in ((ACROSS, self._lines_across()), (DOWN, self._lines_down())):
            for line in lines:
                run: list[int] = []
                for index in [*line, None]:
                    if index is not None and self.is_white(index):
                        run.append(index)
                    elif run:
                        found.append((direction, tuple(run)))
                        run = []
        return found

    def _lines_across(self) -> list[list[int]]:
        return [[r * self.width + c for c in range(self.width)] for r in range(self.height)]

    def _lines_down(self) -> list[list[int]]:
        return [[r * self.width + c for r in range(self.height)] for c in range(self.width)]

    @cached_property
    def slots(self) -> tuple[Slot, ...]:
        """The slots, numbered in reading order; across slots first, then down, each by number."""
        runs = [(direction, cells) for direction, cells in self.runs() if len(cells) >= 2]
        starts = sorted({cells[0] for _, cells in runs})
        number_of = {cell: number for number, cell in enumerate(starts, 1)}
        slots = [Slot(number_of[cells[0]], direction, *divmod(cells[0], self.width), cells)
                 for direction, cells in runs]
        return tuple(sorted(slots, key=lambda slot: (slot.direction != ACROSS, slot.number)))

    def clue_numbers(self) -> dict[int, int]:
        """The clue number of each cell that starts a slot (cell index -> number): the standard crossword
        numbering the slots carry, which the web page draws in the cells and the .ipuz/.puz exports write."""
        return {slot.cells[0]: slot.number for slot in self.slots}

    def slot_name(self, key: str) -> Slot:
        """The slot a user names: ``4-Across``, ``4a``, ``4A``, ``4 down``... (a clue file's keys, a re-roll's
        slot), with a one-line error naming the form for anything else or a slot the grid does not have."""
        match = _SLOT_NAME.fullmatch(key.lower()) if isinstance(key, str) else None
        if match:
            direction = ACROSS if match[2].startswith("a") else DOWN
            number = whole_number(match[1], "slot number")
            for slot in self.slots:
                if slot.number == number and slot.direction == direction:
                    return slot
        raise PuzzleInputError(f"no slot {key!r} in the grid (slots are named like '4-Across' or '12-Down')")

    def check_slots(self) -> None:
        """Errors for a run shorter than ``min_length`` (3-letter rules) or a white cell in no slot."""
        if self.min_length > 2:
            for direction, cells in self.runs():
                if len(cells) < self.min_length:
                    row, column = divmod(cells[0], self.width)
                    raise PuzzleInputError(
                        f"a {len(cells)}-letter {direction} slot at row {row + 1}, column {column + 1} breaks the "
                        f"{self.min_length}-letter minimum")
        covered = {cell for slot in self.slots for cell in slot.cells}
        for index, ch in enumerate(self.cells):
            if ch != BLOCK and index not in covered:
                row, column = divmod(index, self.width)
                raise PuzzleInputError(f"the cell at row {row + 1}, column {column + 1} belongs to no word "
                                       "(it is boxed in by blocks)")
        if not self.slots:
            raise PuzzleInputError("the grid has no slots (no run of two or more white cells)")

    def pattern(self, slot: Slot) -> str:
        """The slot's letters so far, ``.`` for empty cells (``q.z..``)."""
        return "".join(self.cells[index] for index in slot.cells)

    def words(self) -> list[str]:
        """Every slot's letters (a filled grid's words), in slot order."""
        return [self.pattern(slot) for slot in self.slots]

    def with_words(self, words: dict[Slot, str] | list[str]) -> Grid:
        """This grid with words written into slots (a list is in :attr:`slots` order)."""
        if isinstance(words, list):
            words = dict(zip(self.slots, words))
        cells = list(self.cells)
        for slot, word in words.items():
            for index, letter in zip(slot.cells, word):
                cells[index] = letter
        text = "".join(cells)
        rows = tuple(text[r * self.width:(r + 1) * self.width] for r in range(self.height))
        return Grid(rows, self.min_length)

    def with_cell(self, row: int, column: int, value: str) -> Grid:
        """This grid with one cell changed (checked again)."""
        cells = list(self.rows[row])
        cells[column] = value
        return Grid.from_rows([*self.rows[:row], "".join(cells), *self.rows[row + 1:]], self.min_length)

    def rotationally_symmetric(self) -> bool:
        """Whether the block pattern looks the same turned half a turn (the American convention)."""
        cells = self.cells
        return all((cells[i] == BLOCK) == (cells[-1 - i] == BLOCK) for i in range(len(cells)))

    def blank(self) -> Grid:
        """The block pattern alone: every letter cleared to ``.``."""
        return Grid(tuple("".join(ch if ch == BLOCK else EMPTY for ch in row) for row in self.rows),
                    self.min_length)

    # -- output -------------------------------------------------------------------------------------

    def text(self) -> str:
        """The rows, one per line (the plain-text format :meth:`parse` reads)."""
        return "\n".join(self.rows)

    def render(self) -> str:
        """The rows for a terminal: letters upper case and spaced, blocks as ``#``, empty cells as ``.``."""
        return "\n".join(" ".join(ch.upper() for ch in row) for row in self.rows)

    def __str__(self) -> str:
        return "/".join(self.rows)
