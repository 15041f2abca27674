"""Checking a filled grid: which rows and columns are not words, and whether its letters match a pool."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from puzzlewright.acrostic.model import Grid
from puzzlewright.letters import puzzle_letters
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Lexicon


@dataclass(frozen=True)
class Verdict:
    """The result of :func:`verify_grid`. ``pool_matches`` is None when no pool was given."""

    grid: Grid
    bad_rows: tuple[int, ...]
    bad_columns: tuple[int, ...]
    pool_matches: bool | None = None
    missing: str = ""  # pool letters the grid does not use
    extra: str = ""  # grid letters the pool does not have

    @property
    def valid(self) -> bool:
        return not self.bad_rows and not self.bad_columns and self.pool_matches is not False

    def problems(self) -> list[str]:
        """One line per problem, for people."""
        lines = [f"row {i + 1} {self.grid.rows[i]!r} is not a word" for i in self.bad_rows]
        lines += [f"column {j + 1} {self.grid.columns[j]!r} is not a word" for j in self.bad_columns]
        if self.pool_matches is False:
            detail = [f"pool letters not used: {self.missing}"] if self.missing else []
            detail += [f"letters not in the pool: {self.extra}"] if self.extra else []
            lines.append("the letters do not match the pool (" + "; ".join(detail) + ")")
        return lines


def verify_grid(grid: Grid, lexicon: Lexicon, pool: str | None = None) -> Verdict:
    """Check every row and column against ``lexicon``; with ``pool``, check the letters too.

    A pool of N*(N-1) letters is compared with rows 2..N (the seed-row form); one of N*N letters with the
    whole grid.
    """
    bad_rows = tuple(i for i, word in enumerate(grid.rows) if word not in lexicon)
    bad_columns = tuple(j for j, word in enumerate(grid.columns) if word not in lexicon)
    if pool is None:
        return Verdict(grid, bad_rows, bad_columns)
    letters = puzzle_letters("".join(pool.split()), "pool")
    size = grid.size
    if len(letters) == size * (size - 1):
        used = Counter("".join(grid.rows[1:]))
    elif len(letters) == size * size:
        used = Counter("".join(grid.rows))
    else:
        raise PuzzleInputError(f"the pool has {len(letters)} letters; a {size}x{size} grid needs "
                               f"{size * (size - 1)} (all but the first row) or {size * size}")
    wanted = Counter(letters)
    missing = "".join(sorted((wanted - used).elements()))
    extra = "".join(sorted((used - wanted).elements()))
    return Verdict(grid, bad_rows, bad_columns, not missing and not extra, missing, extra)
