"""The Letter Boxed verbs' request and result models (see :mod:`puzzlewright.schema` for how models work).

Every default of the verbs lives in :mod:`puzzlewright.letterboxed.defaults`, once, and is re-exported here:
the CLI's options, the web API and the Python front door (:mod:`puzzlewright.letterboxed`) all take them
from those constants.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from puzzlewright.letterboxed.defaults import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY
from puzzlewright.letterboxed.defaults import DEFAULT_GENERATE_COMMONNESS as DEFAULT_GENERATE_COMMONNESS
from puzzlewright.letterboxed.defaults import DEFAULT_LIMIT as DEFAULT_LIMIT
from puzzlewright.letterboxed.defaults import DEFAULT_TIME_LIMIT as DEFAULT_TIME_LIMIT
from puzzlewright.letterboxed.defaults import EXAMPLE_SIDES as EXAMPLE_SIDES
from puzzlewright.letterboxed.defaults import HINT_STEPS, MAX_PLAYED
from puzzlewright.letterboxed.defaults import MAX_GENERATE as MAX_GENERATE
from puzzlewright.letterboxed.defaults import MAX_WORDS as MAX_WORDS
from puzzlewright.letterboxed.model import MIN_WORD_LENGTH
from puzzlewright.schema import Config, DictionaryOptions, ModelBase, PublishingOptions, Outcome, Result, model_config

if TYPE_CHECKING:  # names the annotations use, bound for pydantic by puzzlewright.schema.constraint_names()
    from typing import Annotated

    from annotated_types import Ge, Le, MaxLen

    from puzzlewright.schema import Seconds, Zipf


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
    """The words, in order, in small letters (as every result gives words; ``str()`` shows them in capitals)."""
    score: float
    """The ranking score: higher is a likelier pick (1 more = e times as likely)."""
    contributions: dict[str, float] | None = None
    """With `explain`: each ranking feature's weight x value (they add up to the score)."""

    def __str__(self) -> str:
        return "-".join(self.words).upper()


@dataclass(eq=False, repr=False)
class SolveResult(Outcome):
    """The solutions of a box, fewest words first, then best first. Iterating (and ``len``) goes over
    ``solutions``; ``best`` is the first."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedSolveResult")

    sides: list[str]
    """The box's sides, clockwise from the top, in small letters."""
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
    valid_words: int
    """How many words of the dictionary the box allows."""
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
        return f"<Letter Boxed {'-'.join(self.sides).upper()}: {self.count} solution(s) {in_words}, {best}>"

    def _repr_html_(self) -> str:
        import html

        from puzzlewright.letterboxed.render import box_svg

        rows = "".join(f"<li>{html.escape(str(s))} <small>({s.score:.2f})</small></li>" for s in self.solutions[:10])
        path = self.best.words if self.best else []
        return f"<div>{box_svg(self.sides, path)}<ol>{rows}</ol><p>{html.escape(repr(self))}</p></div>"


@dataclass(kw_only=True, eq=False, repr=False)
class WordsRequest(DictionaryOptions):
    """List every valid word of a box."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedWordsRequest", {"sides": EXAMPLE_SIDES})

    dict: str = DEFAULT_DICTIONARY
    """A built-in dictionary name; Letter Boxed's default is sized like the NYT's own dictionary."""
    sides: str | list[str]
    """The sides, clockwise from the top (as for solve)."""


@dataclass(kw_only=True, eq=False, repr=False)
class GenerateRequest(PublishingOptions, DictionaryOptions):
    """Make NYT-style puzzles (4 sides of 3 distinct letters) whose best solution is two common words.
    Here `min_commonness` is the floor of that answer's words; they are never offensive, and neither
    vulgar nor names unless `allow` lets them."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedGenerateRequest", {"count": 1})

    dict: str = DEFAULT_DICTIONARY
    """A built-in dictionary name; Letter Boxed's default is sized like the NYT's own dictionary."""
    min_commonness: Zipf | None = DEFAULT_GENERATE_COMMONNESS
    """Commonness floor (Zipf) of the two-word answer."""
    count: Annotated[int, Ge(1), Le(MAX_GENERATE)] = 1
    """How many puzzles to make."""
    random_seed: Annotated[int, Ge(0)] | None = None
    """Seed for reproducible puzzles (a fresh one, reported back, when omitted)."""
    show_solution: bool = False
    """Include the answer and the best solutions."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Give up after this many seconds."""
    svg: bool = False
    """Include each puzzle as a printable SVG picture (with the answer drawn when `show_solution`)."""




@dataclass(eq=False, repr=False)
class WordEntry(ModelBase):
    """A valid word of a box and its commonness."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedWord")

    word: str
    zipf: float


@dataclass(eq=False, repr=False)
class WordsResult(Outcome):
    """Every valid word of a box, most common first (iterating goes over the words)."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedWordsResult")

    sides: list[str]
    words: list[WordEntry]
    count: int

    def __iter__(self) -> Iterator[WordEntry]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        shown = ", ".join(entry.word for entry in self.words[:5])
        return f"<Letter Boxed {'-'.join(self.sides)}: {self.count} valid words ({shown}{', ...' if self.count > 5 else ''})>"


@dataclass(eq=False, repr=False)
class GeneratedPuzzle(ModelBase):
    """A generated box; `solution` and `solutions` are filled when the request asked to show them."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedGeneratedPuzzle")

    sides: list[str]
    two_word_solutions: int
    """How many two-word solutions the box has."""
    par: int
    """The number of words to aim for."""
    valid_words: int
    solution: list[str] | None = None
    """The two-word answer: the box's best solution (the solver's first)."""
    solutions: list[Solution] | None = None
    """The best solutions (the answer first, at most five) a setter can print as the answer: every word
    passes the publishing policy (`allow`) and is at least `min_commonness` common (`solve` lists them all)."""
    svg: str | None = None
    """The printable puzzle (with `svg`): the box, and the answer's path only with `show_solution`."""

    def __str__(self) -> str:
        return "-".join(self.sides).upper()


@dataclass(eq=False, repr=False)
class GenerateResult(Outcome):
    """Generated puzzles (iterating goes over them)."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedGenerateResult")

    puzzles: list[GeneratedPuzzle]
    random_seed: int = field(default=0)
    """The seed that reproduces these puzzles."""

    def __iter__(self) -> Iterator[GeneratedPuzzle]:
        return iter(self.puzzles)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __repr__(self) -> str:
        return f"<Letter Boxed puzzles {', '.join(map(str, self.puzzles))} (random_seed={self.random_seed})>"


@dataclass(kw_only=True, eq=False, repr=False)
class PlayRequest(DictionaryOptions):
    """Play a box: the words played so far (each must be playable), a new word to try, and how many hint
    steps to show for the next word."""

    __pydantic_config__: ClassVar[Config] = model_config(
        "LetterboxedPlayRequest", {"sides": EXAMPLE_SIDES, "played": ["WIGWAM"], "word": "MARKETPLACE"})

    dict: str = DEFAULT_DICTIONARY
    """A built-in dictionary name; Letter Boxed's default is sized like the NYT's own dictionary."""
    sides: str | list[str]
    """The sides, clockwise from the top (as for solve)."""
    played: Annotated[list[str], MaxLen(MAX_PLAYED)] | str = field(default_factory=list)
    """The words played so far, in order (as a previous reply's `played` gives them; or one string of them
    separated by spaces or commas)."""
    word: str | None = None
    """A word to play next: checked against the box's rules, the last word and the dictionary."""
    hints: Annotated[int, Ge(0), Le(HINT_STEPS)] = 0
    """How many times to ask for a hint for the next word (after `word`, when it is played): each reveals
    one more of its first letter, its length, its last letter and the word (after a first word the
    first letter is known, so a first hint gives the length)."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Stop the searches for the fewest words and the hint after this many seconds each."""


@dataclass(eq=False, repr=False)
class Refusal(ModelBase):
    """Why a word cannot be played."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedRefusal")

    word: str
    """The word, in small letters."""
    reason: str
    """The rule it breaks: too_short, off_box (a letter not in the box), same_side (two letters of one side
    in a row), wrong_start (not the last word's last letter), not_a_word (not in the dictionary) or
    finished (every letter is used already)."""
    message: str
    """The reason in one line."""


@dataclass(kw_only=True, eq=False, repr=False)
class Hint(ModelBase):
    """What a hint reveals of the next word of the best way to finish: one more fact a step."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedHint")

    step: int
    """How many facts are revealed: 1 the first letter, 2 the length, 3 the last letter, 4 the word (0: no
    hint, the message says why)."""
    message: str
    """The hint in one line."""
    first_letter: str | None = None
    length: int | None = None
    last_letter: str | None = None
    word: str | None = None


@dataclass(eq=False, repr=False)
class PlayResult(Outcome):
    """The game after the request's word: the words played, the letters they use, and any refusal or hint."""

    __pydantic_config__: ClassVar[Config] = model_config("LetterboxedPlayResult")

    sides: list[str]
    played: list[str]
    """The words played, in order, in small letters (the request's word last when it was accepted)."""
    used: str
    """The box's letters the words use, in the box's order."""
    letters_used: int
    letters: int
    """How many letters the box has (progress: letters_used of letters)."""
    done: bool
    """Every letter is used: the puzzle is solved."""
    fewest_words: int | None
    """The par: the fewest words of any solution (null: none within three words)."""
    refused: Refusal | None = None
    """Why the request's word was not played (null when it was, or when there was none)."""
    hint: Hint | None = None
    """The hint for the next word, to the step asked for (null when none was asked for)."""

    def __repr__(self) -> str:
        state = "solved" if self.done else f"{self.letters_used}/{self.letters} letters"
        return f"<Letter Boxed {'-'.join(self.sides).upper()}: {'-'.join(self.played).upper() or 'no words'}, {state}>"
