"""The crossword-grid verbs' request and result models (see :mod:`puzzlewright.schema` for how models work).

A request gives its grid one way: ``grid`` (rows joined by ``/`` or newlines, or a list of rows: ``.``
empty, ``#`` block, letters fixed), ``size`` (``"5x6"``: an open word rectangle) or ``pattern`` (a shipped
15x15 block pattern). Every default of the verbs lives in :mod:`puzzlewright.grid.defaults`, once, and is
re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from puzzlewright.grid.defaults import DEFAULT_CANDIDATES as DEFAULT_CANDIDATES
from puzzlewright.grid.defaults import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY
from puzzlewright.grid.defaults import DEFAULT_MIN_LENGTH as DEFAULT_MIN_LENGTH
from puzzlewright.grid.defaults import DEFAULT_TIME_LIMIT as DEFAULT_TIME_LIMIT
from puzzlewright.grid.defaults import EXPORT_FORMATS as EXPORT_FORMATS
from puzzlewright.grid.defaults import GRID_EXAMPLE as GRID_EXAMPLE
from puzzlewright.grid.defaults import MAX_CANDIDATES as MAX_CANDIDATES
from puzzlewright.grid.defaults import MAX_FILLS as MAX_FILLS
from puzzlewright.notebook import LetterGrid
from puzzlewright.counting import CountRun  # grid count runs on the same partitioned engine
from puzzlewright.schema import (Config, DictionaryOptions, Listing, ModelBase, PublishingOptions, Outcome, Result,
                                 model_config)

if TYPE_CHECKING:  # names the annotations use, bound for pydantic by puzzlewright.schema.constraint_names()
    from typing import Annotated

    from annotated_types import Ge, Le

    from puzzlewright.schema import Seconds, Zipf



@dataclass(kw_only=True, eq=False, repr=False)
class GridSource(ModelBase):
    """The grid of a request: exactly one of `grid`, `size` or `pattern`, and the slot rule."""

    grid: str | list[str] | None = None
    """Rows joined by "/" (or newlines), or a list of rows: "." an empty cell, "#" a block, a-z fixed."""
    size: str | None = None
    """An open word rectangle instead of a grid: "5x6" is 5 rows of 6-letter words."""
    pattern: str | None = None
    """A shipped block pattern instead of a grid (15x15: american-1, american-2, american-3; 21x21:
    sunday-1)."""
    min_length: Annotated[int, Ge(2), Le(3)] | None = None
    """The shortest slot: 2, or 3 (American rules; a pattern's default)."""


@dataclass(kw_only=True, eq=False, repr=False)
class FillRequest(GridSource, DictionaryOptions, PublishingOptions):
    """Fill every slot of a grid with a word: no word twice, fixed letters kept; best fills first. Offensive
    words are never used, vulgar ones only when `allow` names them."""

    __pydantic_config__: ClassVar[Config] = model_config("GridFillRequest", {
        "grid": GRID_EXAMPLE, "count": 1, "random_seed": 1})

    count: Annotated[int, Ge(1), Le(MAX_FILLS)] = 1
    """How many fills (each from a fresh restart, so they differ widely)."""
    unique: bool = False
    """Also say whether the fill is the only one given the fixed letters (a complete search for a second)."""
    min_score: Zipf | None = None
    """Use only words scoring at least this (the lowest quality floor). A word's score is its crossword fill
    score: its familiarity (about 1-7) less penalties for crosswordese, archaic words and abbreviations; a
    ``word;score`` list's score x 0.06 (50 -> 3.0). Fills try higher floors first (3, 2.5, 2, 1.5) and,
    without `min_score`, go no lower over a built-in dictionary (0: every word the publishing policy allows)."""
    allow_repeats: bool = False
    """Let a word appear more than once."""
    random_seed: Annotated[int, Ge(0)] = 0
    """Vary the fill."""
    pool: str | None = None
    """The letters the empty cells must use, all of them (dense acrostics)."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Stop after this many seconds (the result then says why it stopped)."""
    max_nodes: Annotated[int, Ge(1)] | None = None
    """Stop after this many search nodes."""
    phrases: bool = True
    """Also fill with multiword phrases and idioms (ON THE DOT, MY BAD: WordNet and Wiktionary, scored like words)
    when `dict` is a built-in English dictionary; names among them only when `allow` has "proper"."""


@dataclass(kw_only=True, eq=False, repr=False)
class RerollRequest(FillRequest):
    """Put a different word in one slot of a filled grid, changing its crossings only if it must."""

    __pydantic_config__: ClassVar[Config] = model_config("GridRerollRequest", {
        "grid": "sharp/tonal/embed", "slot": "1-Across", "random_seed": 1})

    slot: str
    """The slot to change: "4-Across", "12-Down" (or "4a", "12 down")."""


@dataclass(eq=False, repr=False)
class SlotInfo(ModelBase):
    """A slot of the grid: its clue number, direction, first cell (from 0), length and letters so far."""

    __pydantic_config__: ClassVar[Config] = model_config("GridSlot")

    number: int
    direction: str
    row: int
    column: int
    length: int
    pattern: str
    """The slot's letters, "." for empty cells."""


@dataclass(eq=False, repr=False)
class GridInfo(LetterGrid, ModelBase):
    """The grid as read: rows, shape, slot rule and slots."""

    __pydantic_config__: ClassVar[Config] = model_config("GridShape")

    rows: list[str]
    height: int
    width: int
    min_length: int
    slots: list[SlotInfo]


@dataclass(eq=False, repr=False)
class Fill(LetterGrid, ModelBase):
    """One filled grid: its rows, its words in slot order, its weakest word and that word's score, and the
    mean score."""

    __pydantic_config__: ClassVar[Config] = model_config("GridFill")

    rows: list[str]
    words: list[str]
    min_score: float
    """The weakest word's fill score."""
    mean_score: float
    weakest: str = ""
    """The weakest word (the lowest fill score)."""
    display: list[str] | None = None
    """The words as shown, in slot order: a phrase as written ("run ragged"), any other word as in `words`."""


@dataclass(eq=False, repr=False)
class FillResult(Outcome, Listing[Fill]):
    """The fills found, best first (iterating goes over them; ``best`` is the first)."""

    __pydantic_config__: ClassVar[Config] = model_config("GridFillResult")

    grid: GridInfo
    fills: list[Fill]
    count: int
    nodes: int
    restarts: int
    unique: bool | None = None
    """With `unique` in the request: whether the fill is the only one (null when the budget ran out first,
    or when not asked)."""
    stopped: str | None = None
    """Why the search stopped early (null when it did not)."""
    explanation: str | None = None
    """Why no fill exists (null when there are fills or none was proven impossible)."""
    floor: float | None = None
    """The quality floor the fills were found at, the highest that finished, or without fills the last
    tried (null: no floor, as with `unique` or a word list file's own words)."""
    random_seed: int | None = None
    """The random seed of the search that found the fills: the request's, or with several workers the
    winner's (one worker with this seed finds the same fills)."""
    workers: int = 1
    """How many worker processes searched for the fill (see `race`)."""
    race: str | None = None
    """How the workers shared the search: `"seeds"`, differently seeded searches raced by node count (the
    one that answered in the fewest nodes won, ties to the lower seed: `random_seed` is the winner's, and
    one worker with it finds the same fills in the same nodes); null for one worker."""

    def _items(self) -> list[Fill]:
        return self.fills

    def __repr__(self) -> str:
        found = ", ".join(map(str, self.fills[:3])) + (", ..." if self.count > 3 else "")
        why = f": {found}" if found else f" ({self.explanation or self.stopped or 'none found'})"
        return f"<Grid {self.grid}: {self.count} fill(s){why}>"

    def _repr_html_(self) -> str:
        from puzzlewright.notebook import grids_html

        return grids_html([fill.rows for fill in self.fills] or [self.grid.rows], repr(self))


RerollResult = FillResult


@dataclass(kw_only=True, eq=False, repr=False)
class VerifyRequest(GridSource, DictionaryOptions):
    """Check a filled grid: every slot a word of the dictionary, no word twice (unless `allow_repeats`)."""

    __pydantic_config__: ClassVar[Config] = model_config("GridVerifyRequest", {"grid": "eras/lick/more/stew",
                                                                               "dict": "acrostic-4"})

    allow_repeats: bool = False
    """A word may appear more than once."""
    min_score: Zipf | None = None
    """Count as words only those whose crossword fill score is at least this."""
    phrases: bool = True
    """Count as words the crossword phrases fill uses (RUNRAGGED) when `dict` is a built-in English
    dictionary."""


@dataclass(eq=False, repr=False)
class VerifyResult(Outcome, LetterGrid):
    """A grid's verdict: ``valid`` when every slot is a word (used once); each problem as one line."""

    __pydantic_config__: ClassVar[Config] = model_config("GridVerifyResult")

    valid: bool
    problems: list[str]
    words: list[str]
    rows: list[str]

    def __iter__(self) -> Iterator[str]:
        return iter(self.problems)

    def __len__(self) -> int:
        return len(self.problems)

    def __repr__(self) -> str:
        verdict = "valid" if self.valid else "not valid: " + "; ".join(self.problems)
        return f"<Grid {'/'.join(self.rows)}: {verdict}>"


@dataclass(kw_only=True, eq=False, repr=False)
class CandidatesRequest(GridSource, DictionaryOptions, PublishingOptions):
    """The words that can go in one slot: each fits the slot's letters and leaves every crossing slot at least
    one word; ranked by fill score (ties: the more familiar word, then the alphabet)."""

    __pydantic_config__: ClassVar[Config] = model_config("GridCandidatesRequest", {
        "grid": "....#/...../...../#....", "slot": "1-Across", "limit": 5})

    slot: str
    """The slot, like "1-Across" or "12-Down" (also "1A", "12d")."""
    limit: Annotated[int, Ge(1), Le(MAX_CANDIDATES)] = DEFAULT_CANDIDATES
    """How many candidates to list, best first."""
    min_score: Zipf | None = None
    """List only words whose crossword fill score is at least this."""
    allow_repeats: bool = False
    """Let a word whole elsewhere in the grid be a candidate too."""
    phrases: bool = True
    """List the multiword phrases a fill would use too (see the fill's `phrases`)."""


@dataclass(eq=False, repr=False)
class Candidate(ModelBase):
    """A word for the slot and its crossword fill score."""

    __pydantic_config__: ClassVar[Config] = model_config("GridCandidate")

    word: str
    score: float


@dataclass(eq=False, repr=False)
class CandidatesResult(Outcome, Listing[Candidate]):
    """A slot's candidates, best first (iterating goes over them), and how many words qualify in all."""

    __pydantic_config__: ClassVar[Config] = model_config("GridCandidatesResult")

    slot: str
    """The slot's name, like "1-Across"."""
    pattern: str
    """The slot's letters in the grid, "." for open cells."""
    candidates: list[Candidate]
    total: int
    """How many words qualify (the list shows the best `limit` of them)."""

    def _items(self) -> list[Candidate]:
        return self.candidates

    def __repr__(self) -> str:
        shown = ", ".join(c.word for c in self.candidates[:5]) + (", ..." if self.total > 5 else "")
        return f"<{self.slot} {self.pattern!r}: {self.total} candidate(s){': ' + shown if shown else ''}>"


@dataclass(kw_only=True, eq=False, repr=False)
class ExportRequest(GridSource):
    """A grid as the contents of a file: ipuz (JSON), puz (Across Lite, base64; a filled grid) or plain text;
    with the puzzle's title, author and clues."""

    __pydantic_config__: ClassVar[Config] = model_config("GridExportRequest", {
        "grid": "eras/lick/more/stew", "format": "ipuz", "title": "Four by four", "author": "A. Setter",
        "clues": {"1A": "Periods", "1D": "Shade trees"}})

    format: str = "ipuz"
    """"ipuz", "puz" or "text"."""
    title: str = ""
    """The puzzle's title (ipuz, puz)."""
    author: str = ""
    """The puzzle's author (ipuz, puz)."""
    clues: dict[str, str] | None = None
    """Clue texts by slot: {"1A": "Periods", "1-Down": "..."}; slots without one get an empty clue."""


@dataclass(eq=False, repr=False)
class ExportResult(Result):
    """The file's format and contents: text for ipuz and text, base64 for the binary .puz
    (``encoding`` says which)."""

    __pydantic_config__: ClassVar[Config] = model_config("GridExportResult")

    format: str
    content: str
    encoding: str = "utf-8"
    """"utf-8" (the content is the file's text) or "base64" (the file's bytes, .puz)."""

    def __str__(self) -> str:
        return self.content

    def data(self) -> bytes:
        """The file's bytes."""
        import base64

        return base64.b64decode(self.content) if self.encoding == "base64" else self.content.encode()


@dataclass(eq=False, repr=False)
class CountResult(CountRun):
    """Every word rectangle of a size, counted (``grid count --json``): the run's fields
    (:class:`~puzzlewright.counting.CountRun`), then what was counted."""

    __pydantic_config__: ClassVar[Config] = model_config("GridCountResult")

    size: str
    double: bool

