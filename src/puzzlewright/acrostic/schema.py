"""The dense-acrostic verbs' request and result models (see :mod:`puzzlewright.schema` for how models work).

The verbs' defaults and limits live in :mod:`puzzlewright.acrostic.defaults` (those the models use are
importable from here too).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from puzzlewright.acrostic.defaults import DEFAULT_GENERATE_COMMONNESS as DEFAULT_GENERATE_COMMONNESS
from puzzlewright.acrostic.defaults import DEFAULT_LIMIT as DEFAULT_LIMIT
from puzzlewright.acrostic.defaults import DEFAULT_TIME_LIMIT as DEFAULT_TIME_LIMIT
from puzzlewright.acrostic.defaults import MAX_GENERATE as MAX_GENERATE
from puzzlewright.acrostic.defaults import MAX_SIZE as MAX_SIZE
from puzzlewright.acrostic.defaults import MIN_SIZE as MIN_SIZE
from puzzlewright.counting import CountRun
from puzzlewright.notebook import LetterGrid
from puzzlewright.schema import Config, DictionaryOptions, Listing, PublishingOptions, Outcome, Result, model_config

if TYPE_CHECKING:  # names the annotations use, bound for pydantic by puzzlewright.schema.constraint_names()
    from typing import Annotated

    from annotated_types import Ge, Le

    from puzzlewright.schema import Seconds, Zipf



@dataclass(kw_only=True)
class SolveRequest(DictionaryOptions):
    """Solve a seed-row puzzle (`seed` + `pool`) or a template (`template` + `pool`)."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticSolveRequest", {
        "seed": "eras", "pool": "ceeiklmorstw", "dict": "acrostic-4", "all": True})

    pool: str
    """The letters of the unknown cells, in any order."""
    seed: str | None = None
    """The first row (the puzzle is N x N for an N-letter seed)."""
    template: str | list[str] | None = None
    """A grid of letters and "." for unknown cells: rows joined by "/" or newlines, or a list of rows."""
    all: bool = False
    """Find every solution."""
    limit: Annotated[int, Ge(1)] = DEFAULT_LIMIT
    """Find at most this many solutions (without `all`)."""
    distinct: bool = False
    """No word may appear twice in the square."""
    symmetric: bool = False
    """Rows must equal columns."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Stop after this many seconds (the result then says complete: false)."""


@dataclass
class Square(LetterGrid):
    """A filled square: its rows and its columns."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticSquare")

    rows: list[str]
    columns: list[str]


@dataclass
class PuzzleSpec:
    """A puzzle as solved: its size, template (seed row first when it has one), pool and warnings."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticPuzzle")

    size: int
    template: list[str]
    pool: str
    seed: str | None = None
    warnings: list[str] = field(default_factory=list)


@dataclass
class SolveResult(Outcome, Listing[Square]):
    """The solutions found, in search order (iterating goes over them; ``best`` is the first)."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticSolveResult")

    puzzle: PuzzleSpec
    solutions: list[Square]
    count: int

    def _items(self) -> list[Square]:
        return self.solutions

    def __repr__(self) -> str:
        found = ", ".join(map(str, self.solutions[:3])) + (", ..." if self.count > 3 else "")
        state = "" if self.complete else " (stopped by its time limit)"
        return f"<Acrostic {'/'.join(self.puzzle.template)} pool {self.puzzle.pool}: {self.count} solution(s)" \
               f"{state}{': ' + found if found else ''}>"

    def _repr_html_(self) -> str:
        from puzzlewright.notebook import grids_html

        return grids_html((square.rows for square in self.solutions), repr(self))


@dataclass(kw_only=True)
class VerifyRequest(DictionaryOptions):
    """Check a filled grid: which rows and columns are not words, and whether its letters match a pool."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticVerifyRequest", {
        "grid": "eras/lick/more/stew", "pool": "ceeiklmorstw", "dict": "acrostic-4"})

    grid: str | list[str]
    """Rows joined by "/" (or newlines), or a list of rows."""
    pool: str | None = None
    """Also check that the grid's letters (all but the first row, or all) are exactly these."""


@dataclass
class Line:
    """A row or column of a verified grid and whether it is a word."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticLine")

    word: str
    ok: bool


@dataclass
class VerifyResult(Outcome):
    """A grid's verdict: ``valid`` when every row and column is a word (and the pool matches, if given)."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticVerifyResult")

    grid: Square
    rows: list[Line]
    columns: list[Line]
    pool_matches: bool | None
    """Null when no pool was given."""
    missing: str
    """Pool letters the grid does not use."""
    extra: str
    """Grid letters the pool does not have."""
    valid: bool

    def __repr__(self) -> str:
        return f"<Acrostic grid {self.grid}: {'valid' if self.valid else 'not valid'}>"

    def _repr_html_(self) -> str:
        return self.grid._repr_html_()


@dataclass(kw_only=True)
class GenerateRequest(PublishingOptions, DictionaryOptions):
    """Random puzzles of common words, each as a seed row and a sorted pool. Here `min_commonness` is the
    floor of the words the squares are built from (the whole dictionary still checks uniqueness). Squares
    never use an offensive word, nor a vulgar word or a name unless `allow` lets them."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticGenerateRequest", {"size": 4, "unique": True})

    size: Annotated[int, Ge(MIN_SIZE), Le(MAX_SIZE)]
    """The grid size N."""
    min_commonness: Zipf | None = DEFAULT_GENERATE_COMMONNESS
    """Build from words at least this common (Zipf: 3 = everyday, 4 = very common)."""
    count: Annotated[int, Ge(1), Le(MAX_GENERATE)] = 1
    """How many puzzles."""
    unique: bool = False
    """Only puzzles with exactly one solution under the dictionary."""
    random_seed: Annotated[int, Ge(0)] | None = None
    """Seed of the run (a fresh one, reported back, when omitted)."""
    show_solution: bool = False
    """Include each puzzle's solution."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Give up (an error) after this many seconds."""
    svg: bool = False
    """Include each puzzle as a printable SVG picture (filled in when `show_solution`)."""


@dataclass
class Rows:
    """A generated puzzle's solution."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticRows")

    rows: list[str]


@dataclass
class GeneratedPuzzle:
    """A generated puzzle: the seed row, the pool of the other cells (sorted), and its solution."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticGeneratedPuzzle")

    size: int
    seed: str
    pool: str
    unique: bool
    """Whether the dictionary allows no other solution."""
    solution: Rows | None = None
    svg: str | None = None
    """The printable puzzle (with `svg`): the grid, the seed row given; filled in only with `show_solution`."""

    def __str__(self) -> str:
        return f"{self.seed} {self.pool}"


@dataclass
class GenerateResult(Outcome):
    """Generated puzzles (iterating goes over them)."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticGenerateResult")

    puzzles: list[GeneratedPuzzle]
    random_seed: int
    """The seed that reproduces these puzzles."""

    def __iter__(self) -> Iterator[GeneratedPuzzle]:
        return iter(self.puzzles)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __repr__(self) -> str:
        return f"<Acrostic puzzles {'; '.join(map(str, self.puzzles))} (random_seed={self.random_seed})>"


@dataclass
class CountResult(CountRun):
    """Every square of a dictionary's N-letter words, counted (``acrostic count --json``): the run's fields
    (:class:`~puzzlewright.counting.CountRun`), then what was counted."""

    __pydantic_config__: ClassVar[Config] = model_config("AcrosticCountResult")

    size: int
    double: bool
    canonical: bool
    symmetric: bool

