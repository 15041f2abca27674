"""The Letter Boxed verbs' request and result models (see :mod:`puzzlewright.schema` for how models work).

The ``words`` and ``generate`` models (:class:`WordsRequest`, :class:`WordsResult`, :class:`WordEntry`,
:class:`GenerateRequest`, :class:`GenerateResult`, :class:`GeneratedPuzzle`) are importable from here too;
they are created on first use (in :mod:`puzzlewright.letterboxed._lazy_schema`) so that a one-off
``letterboxed solve`` does not pay for them.

Every default of the verbs lives in :mod:`puzzlewright.letterboxed.defaults`, once, and is re-exported here:
the CLI's options, the web API and the Python front door (:mod:`puzzlewright.letterboxed`) all take them
from those constants.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlewright.letterboxed.defaults import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY
from puzzlewright.letterboxed.defaults import DEFAULT_GENERATE_COMMONNESS as DEFAULT_GENERATE_COMMONNESS
from puzzlewright.letterboxed.defaults import DEFAULT_LIMIT as DEFAULT_LIMIT
from puzzlewright.letterboxed.defaults import DEFAULT_TIME_LIMIT as DEFAULT_TIME_LIMIT
from puzzlewright.letterboxed.defaults import EXAMPLE_SIDES as EXAMPLE_SIDES
from puzzlewright.letterboxed.defaults import MAX_GENERATE as MAX_GENERATE
from puzzlewright.letterboxed.defaults import MAX_WORDS as MAX_WORDS
from puzzlewright.letterboxed.model import MIN_WORD_LENGTH
from puzzlewright.schema import Config, DictionaryOptions, ModelBase, Result, model_config

if TYPE_CHECKING:  # names the annotations use, bound for pydantic by puzzlewright.schema.constraint_names()
    from typing import Annotated

    from annotated_types import Ge, Le

    from puzzlewright.letterboxed._lazy_schema import GeneratedPuzzle as GeneratedPuzzle
    from puzzlewright.letterboxed._lazy_schema import GenerateRequest as GenerateRequest
    from puzzlewright.letterboxed._lazy_schema import GenerateResult as GenerateResult
    from puzzlewright.letterboxed._lazy_schema import Hint as Hint
    from puzzlewright.letterboxed._lazy_schema import PlayRequest as PlayRequest
    from puzzlewright.letterboxed._lazy_schema import PlayResult as PlayResult
    from puzzlewright.letterboxed._lazy_schema import Refusal as Refusal
    from puzzlewright.letterboxed._lazy_schema import WordEntry as WordEntry
    from puzzlewright.letterboxed._lazy_schema import WordsRequest as WordsRequest
    from puzzlewright.letterboxed._lazy_schema import WordsResult as WordsResult
    from puzzlewright.schema import Seconds

_LAZY_MODELS = frozenset({"GenerateRequest", "GenerateResult", "GeneratedPuzzle", "Hint", "PlayRequest",
                          "PlayResult", "Refusal", "WordEntry", "WordsRequest", "WordsResult"})


def __getattr__(name: str) -> Any:
    """The ``words`` and ``generate`` models, created on first use (see the module's docstring)."""
    if name in _LAZY_MODELS:
        from puzzlewright.letterboxed import _lazy_schema

        return getattr(_lazy_schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(kw_only=True, eq=False, repr=False)
class SolveRequest(DictionaryOptions):
    """Solve a box: every solution of one or two words (the NYT's kind; the 3-word ones when there are
    none), or of up to `max_words` / exactly `words_exactly` words; fewest words first, then best first."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedSolveRequest", {"sides": EXAMPLE_SIDES})

    dict: str = DEFAULT_DICTIONARY
    """A built-in dictionary name; Letter Boxed's default is sized like the NYT's own dictionary."""
    sides: str | list[str]
    """The sides, clockwise from the top: "RME-WCL-TGK-API", "RME WCL TGK API", "RMEWCLTGKAPI" or a list."""
    max_words: Annotated[int, Ge(1), Le(MAX_WORDS)] | None = None
    """List every solution of up to this many words (default: the 1- and 2-word ones, or the 3-word ones
    when there are none)."""
    words_exactly: Annotated[int, Ge(1), Le(MAX_WORDS)] | None = None
    """List only the solutions of exactly this many words (not with `max_words`)."""
    min_length: Annotated[int, Ge(MIN_WORD_LENGTH)] | None = None
    """Use only words of at least this many letters."""
    max_length: Annotated[int, Ge(MIN_WORD_LENGTH)] | None = None
    """Use only words of at most this many letters."""
    limit: Annotated[int, Ge(0)] = DEFAULT_LIMIT
    """How many solutions to return (the best ones)."""
    all: bool = False
    """Return every solution, not just the best `limit`."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Stop the search after this many seconds and report what it found (complete: false)."""
    explain: bool = False
    """Give each returned solution's score as the contributions of the ranking features."""


@dataclass(eq=False, repr=False)
class Solution(ModelBase):
    """A chain of words solving a box and its ranking score (higher: a setter's likelier pick)."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedSolution")

    words: list[str]
    """The words, in order, in capitals."""
    score: float
    """The ranking score: higher is a likelier pick (1 more = e times as likely)."""
    contributions: dict[str, float] | None = None
    """With `explain`: each ranking feature's weight x value (they add up to the score)."""

    def __str__(self) -> str:
        return "-".join(self.words)


@dataclass(eq=False, repr=False)
class SolveResult(Result):
    """The solutions of a box, fewest words first, then best first. Iterating (and ``len``) goes over
    ``solutions``; ``best`` is the first."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedSolveResult")

    sides: list[str]
    """The box's sides, clockwise from the top."""
    solutions: list[Solution]
    """The best `limit` solutions (all of them with `all`)."""
    count: int
    """How many solutions there are."""
    by_words: dict[str, int]
    """How many solutions there are of each number of words ({"1": 1, "2": 71})."""
    min_words: int | None
    """The fewest words of any solution (null: no solution)."""
    max_words: int
    """The most words a solution was searched with."""
    words_exactly: int | None
    """The number of words asked for with `words_exactly` (null otherwise)."""
    complete: bool
    """False when the time limit cut the search short."""
    valid_words: int
    """How many words of the dictionary the box allows."""
    dictionary: str
    """The dictionary's name."""
    message: str | None = None
    """Why there is no solution (null when there is one)."""

    @property
    def best(self) -> Solution | None:
        """The best solution (None when there is none)."""
        return self.solutions[0] if self.solutions else None

    def __iter__(self) -> Iterator[Solution]:
        return iter(self.solutions)

    def __len__(self) -> int:
        return len(self.solutions)

    def __repr__(self) -> str:
        best = f"best {self.best}" if self.best else (self.message or "no solution")
        sizes = ", ".join(f"{n} of {k} words" for k, n in self.by_words.items())
        in_words = f"in {self.min_words} words" if len(self.by_words) <= 1 else f"({sizes})"
        return f"<Letter Boxed {'-'.join(self.sides)}: {self.count} solution(s) {in_words}, {best}>"

    def _repr_html_(self) -> str:
        import html

        from puzzlewright.letterboxed.render import box_svg

        rows = "".join(f"<li>{html.escape(str(s))} <small>({s.score:.2f})</small></li>" for s in self.solutions[:10])
        path = self.best.words if self.best else []
        return f"<div>{box_svg(self.sides, path)}<ol>{rows}</ol><p>{html.escape(repr(self))}</p></div>"
