"""The dense-acrostic model: a square :class:`Grid` of letters and a :class:`Puzzle` (template + pool).

A puzzle is an N x N grid (N from 3 to 10) in which some cells are given and the rest must be filled
from an unordered *pool* of letters so that every row and every column is a word. The seed-row form of
the article (first row given, the other N*(N-1) letters as the pool) is the template whose first row is
fixed and whose other cells are ``.``.

Notation: a grid is its rows joined by ``/`` (``eras/lick/more/stew``); a template is the same with
``.`` for unknown cells (``eras/..../..../....``); a pool is a string of letters in any order.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import puzzle_letters

MIN_SIZE = 3
MAX_SIZE = 10
UNKNOWN = "."
_ROW_SEPARATORS = re.compile(r"[\s/,;|]+")


def check_size(size: int) -> int:
    """``size`` if it is a supported grid size, else a clear error."""
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise PuzzleInputError(f"grid size must be between {MIN_SIZE} and {MAX_SIZE}, not {size!r}")
    return size


def split_rows(text: str, what: str = "grid") -> list[str]:
    """Rows of a grid or template written as ``abc/def/ghi`` (or separated by spaces, commas, newlines)."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleInputError(f"the {what} is empty")
    return [row.lower() for row in _ROW_SEPARATORS.split(text.strip()) if row]


def row_list(rows: list | tuple, what: str = "grid") -> list[str]:
    """Rows of a grid or template given as a list of strings, lowercased."""
    if not all(isinstance(row, str) for row in rows):
        raise PuzzleInputError(f"the {what} rows must be strings of letters")
    return [row.lower() for row in rows]


@dataclass(frozen=True)
class Grid:
    """A filled N x N square of letters; rows and columns read left-to-right and top-to-bottom."""

    rows: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Grid:
        """A grid from ``eras/lick/more/stew`` (any of ``/ , ; |`` or whitespace between rows)."""
        rows = [puzzle_letters(row, "grid row") for row in split_rows(text)]
        return cls.from_rows(rows)

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...]) -> Grid:
        size = check_size(len(rows))
        for row in rows:
            if len(row) != size:
                raise PuzzleInputError(f"a {size}x{size} grid needs rows of {size} letters; {row!r} has {len(row)}")
        return cls(tuple(rows))

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple("".join(row[j] for row in self.rows) for j in range(self.size))

    @property
    def words(self) -> tuple[str, ...]:
        """Every row, then every column."""
        return self.rows + self.columns

    def render(self) -> str:
        """The rows, one per line, letters spaced out."""
        return "\n".join(" ".join(row.upper()) for row in self.rows)

    def __str__(self) -> str:
        return "/".join(self.rows)


@dataclass(frozen=True)
class Puzzle:
    """An N x N template (letters and ``.``) and the pool of letters for its ``.`` cells.

    ``seed`` is the first row when the puzzle was given in the seed-row form (None for other templates).
    """

    template: tuple[str, ...]
    pool: str
    seed: str | None = None
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def size(self) -> int:
        return len(self.template)

    @property
    def pool_counts(self) -> Counter:
        return Counter(self.pool)

    @classmethod
    def from_seed(cls, seed: str, pool: str) -> Puzzle:
        """The article's form: the first row ``seed`` is given, the pool fills the other rows."""
        seed = puzzle_letters(seed, "seed")
        if not seed:
            raise PuzzleInputError("the seed word is empty")
        size = check_size(len(seed))
        pool = _check_pool(pool)
        needed = size * (size - 1)
        if len(pool) != needed:
            raise PuzzleInputError(
                f"the pool has {_letters(len(pool))}; a {size}x{size} puzzle with seed {seed!r} needs "
                f"{needed} ({size - 1} rows of {size})")
        template = (seed,) + (UNKNOWN * size,) * (size - 1)
        return cls(template, "".join(sorted(pool)), seed)

    @classmethod
    def from_template(cls, template: str | list[str], pool: str) -> Puzzle:
        """A template (rows with letters and ``.``) and a pool with one letter per ``.`` cell."""
        rows = split_rows(template, "template") if isinstance(template, str) else row_list(template, "template")
        size = check_size(len(rows))
        for row in rows:
            if len(row) != size:
                raise PuzzleInputError(
                    f"a {size}x{size} template needs rows of {size} cells; {row!r} has {len(row)}")
            puzzle_letters(row, "template row", also=UNKNOWN, kinds="letters a-z and '.' for the cells to fill")
        pool = _check_pool(pool)
        unknown = sum(row.count(UNKNOWN) for row in rows)
        if unknown == 0:
            raise PuzzleInputError("the template has no '.' cells to fill; use 'verify' to check a full grid")
        if len(pool) != unknown:
            raise PuzzleInputError(f"the pool has {_letters(len(pool))} but the template has {unknown} '.' cells")
        return cls(tuple(rows), "".join(sorted(pool)))

    def with_warnings(self, warnings: list[str]) -> Puzzle:
        return Puzzle(self.template, self.pool, self.seed, tuple(warnings))

    def render(self) -> str:
        if self.seed is not None:
            return f"{self.seed} {self.pool}"
        return f"{'/'.join(self.template)} {self.pool}"


def _check_pool(pool: str) -> str:
    letters = puzzle_letters("".join(pool.split()) if isinstance(pool, str) else pool, "pool")
    if not letters:
        raise PuzzleInputError("the pool of letters is empty")
    return letters


def _letters(count: int) -> str:
    return f"{count} letter{'s' * (count != 1)}"
