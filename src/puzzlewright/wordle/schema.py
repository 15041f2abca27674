"""The Wordle verbs' request and result models (see :mod:`puzzlewright.schema` for how models work).

Every default of the verbs lives in :mod:`puzzlewright.wordle.defaults`, once, and is re-exported here. The
dictionary fields name the *guess* dictionary (default ``wordle-guesses``); the assistant's possible answers
are a separate list (``answers``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from puzzlewright.schema import Config, DictionaryOptions, PublishingOptions, Outcome, Result, model_config
from puzzlewright.wordle.defaults import ANSWERS as ANSWERS
from puzzlewright.wordle.defaults import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY
from puzzlewright.wordle.defaults import DEFAULT_OPENER as DEFAULT_OPENER
from puzzlewright.wordle.defaults import DEFAULT_TOP as DEFAULT_TOP
from puzzlewright.wordle.defaults import DOODLE_SECONDS as DOODLE_SECONDS
from puzzlewright.wordle.defaults import GUESSES as GUESSES
from puzzlewright.wordle.defaults import MAX_TOP as MAX_TOP
from puzzlewright.wordle.defaults import PLAY_SECONDS as PLAY_SECONDS

if TYPE_CHECKING:  # names the annotations use, bound for pydantic by puzzlewright.schema.constraint_names()
    from typing import Annotated

    from annotated_types import Ge, Le

    from puzzlewright.schema import Seconds
    from puzzlewright.wordle.pictures import Tile

SQUARES = {"G": "#6aaa64", "Y": "#c9b458", "B": "#787c7e"}


@dataclass(kw_only=True)
class FeedbackRequest:
    """The feedback a guess gets against an answer."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleFeedbackRequest", {"guess": "speed", "answer": "erase"})

    guess: str
    answer: str


@dataclass
class FeedbackResult(Result):
    """A guess's feedback: G green, Y yellow, B grey (``pattern``), as digits 2/1/0 and as emoji."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleFeedbackResult")

    guess: str
    answer: str
    pattern: str
    digits: str
    emoji: str

    def __str__(self) -> str:
        return self.pattern

    def __repr__(self) -> str:
        return f"<Wordle {self.guess.upper()} vs {self.answer.upper()}: {self.pattern} {self.emoji}>"

    def _repr_html_(self) -> str:
        return _tiles([(self.guess, self.pattern)])


@dataclass(kw_only=True)
class DoodleRequest(PublishingOptions, DictionaryOptions):
    """Fill each painted row with a word whose feedback against the answer is that row (never an offensive
    word; no vulgar word or name unless `allow` lets them)."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleDoodleRequest", {
        "answer": "crane", "patterns": ["BBBBB", "BGBGB", "GGGGG"], "random_seed": 1})

    dict: str = DEFAULT_DICTIONARY
    """The guess dictionary: a built-in name."""
    answer: str
    """The answer word, or "random" (one of wordle-answers, picked with `random_seed`)."""
    patterns: list[str] | str = field(default_factory=list)
    """The painted rows: GYB.. (G green, Y yellow, B or . grey), digits 2/1/0 or emoji squares; wildcard
    cells ? (any colour), + (green or yellow), - (yellow or grey). Or give `text` or `preset` instead."""
    text: str | None = None
    """Short text to draw in a pixel font (A-Z, 0-9, some punctuation), over as many grids as it needs."""
    preset: str | None = None
    """A named picture (`puzzlewright.wordle.pictures.PRESETS`): heart, smiley, frown, arrow, checkerboard,
    diamond, plus, stairs, hi."""
    image: str | None = None
    """Also return the filled grids as an image: "svg" (the SVG text) or "png" (a data: URL)."""
    all: bool = False
    """List every matching word of each row, most common first."""
    random_seed: Annotated[int, Ge(0)] | None = None
    """Seed of the random picks (a fresh one, reported back, when omitted)."""
    distinct: bool = False
    """Use no word twice."""
    hard: bool = False
    """Each row must be a legal hard-mode guess after the rows above."""
    best_effort: bool = False
    """A row no word fits gets the closest pattern that works (fewest cells changed, named in `changed`)."""
    time_limit: Seconds = DOODLE_SECONDS
    """The search allowance of `distinct` and `hard`, in seconds."""


@dataclass
class DoodleRow:
    """One painted row: the pattern used, the word chosen (null when none fits: `reason` says why), and how
    many words match."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleDoodleRow")

    pattern: str
    word: str | None
    matches: int
    possible: bool
    """False when no string of letters at all gets this pattern."""
    reason: str | None = None
    words: list[str] | None = None
    """Every matching word (with `all`), in the order the row tries them."""
    painted: str | None = None
    """What was painted, where it differs from `pattern` (wildcards, best effort)."""
    changed: list[int] | None = None
    """With best effort: the cells (1-based) changed from what was painted."""
    rare: bool = False
    """True when `word` is rare, neither a common word nor a Wordle answer (RUERS): no such word fits the
    row, or, with `distinct` or `hard`, none is left for it. `reason` says so too; print it knowingly."""


@dataclass
class DoodleResult(Outcome):
    """A filled grid (iterating goes over the rows)."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleDoodleResult")

    answer: str
    rows: list[DoodleRow]
    notes: list[str]
    random_seed: int
    grids: list[int] = field(default_factory=list)
    """How many of the rows each grid has, in order (text may need several grids; each is its own game)."""
    image: str | None = None
    """The image asked for: SVG text, or a PNG as a data: URL."""

    @property
    def words(self) -> list[str | None]:
        """The word of each row (None where none fits)."""
        return [row.word for row in self.rows]

    def grid_rows(self) -> list[list[DoodleRow]]:
        """The rows grid by grid."""
        grids, start = [], 0
        for size in self.grids or [len(self.rows)]:
            grids.append(self.rows[start:start + size])
            start += size
        return grids

    def svg(self) -> str:
        """The filled grids as an SVG document (tiles with their letters, grids side by side)."""
        from puzzlewright.wordle import pictures

        return pictures.svg(self._tiles())

    def png(self) -> bytes:
        """The filled grids as PNG bytes (tiles with their letters, grids side by side)."""
        from puzzlewright.wordle import pictures

        return pictures.png(self._tiles())

    def _tiles(self) -> list[list[list[Tile]]]:
        """Each grid's tiles (colour and letter per cell), for the image writers."""
        from puzzlewright.wordle.pictures import tiles_of

        return [tiles_of([(row.word, row.pattern) for row in grid]) for grid in self.grid_rows()]

    def __iter__(self) -> Iterator[DoodleRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        rows = " ".join(f"{row.pattern}:{(row.word or '-----').upper()}" for row in self.rows)
        return f"<Wordle Doodle for {self.answer.upper()}: {rows}>"

    def _repr_html_(self) -> str:
        return "<br>".join(_tiles([(row.word or "", row.pattern) for row in grid]) for grid in self.grid_rows())


@dataclass
class Guess:
    """A guess so far and the feedback it got."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleGuess", {"word": "salet", "pattern": "BBYBB"})

    word: str
    pattern: str
    """The feedback: GYB.., digits 2/1/0 or emoji squares."""


@dataclass(kw_only=True)
class AssistRequest(PublishingOptions, DictionaryOptions):
    """The answers still possible after the guesses so far, and the best next guesses (suggested from the
    guesses the publishing policy lets constructions use: see `allow`; any guess typed is accepted)."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleAssistRequest", {"guesses": ["salet:BBYBB"]})

    dict: str = DEFAULT_DICTIONARY
    """The guess dictionary: a built-in name."""
    guesses: list[Guess | str] | str = field(default_factory=list)
    """The guesses so far: {"word", "pattern"} objects or "word:pattern" strings, or one string of them
    separated by commas or spaces ("salet:BBYBB, crony:BYBBB")."""
    top: Annotated[int, Ge(1), Le(MAX_TOP)] = DEFAULT_TOP
    """How many next guesses to rank."""
    answers: str = ANSWERS
    """The built-in list of possible answers."""
    opener: str | None = None
    """The first guess to play (default: salet when it is a guess)."""
    lookahead: bool = True
    """Look a move further ahead where few answers are left (slower, better)."""
    hard: bool = False
    """Hard mode: suggest only guesses that keep every green in place and use every revealed letter."""


@dataclass
class Suggestion:
    """A ranked next guess: its expected information (bits) and the expected number of answers left."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleSuggestion")

    word: str
    entropy: float
    expected_remaining: float
    possible_answer: bool


@dataclass
class AssistResult(Outcome):
    """The answers left and the best next guesses (iterating goes over the suggestions)."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleAssistResult")

    guesses: list[Guess]
    remaining: int
    answers: list[str]
    notes: list[str]
    best: str
    """The assistant's next guess (the answer itself when one is left)."""
    reason: str
    """Why `best` is preferred: the opener, a lookahead over the candidates, or the most information."""
    suggestions: list[Suggestion]
    """The guesses by expected information, `best` first."""
    solved: str | None = None
    """The answer, when the guesses leave only one."""

    def __iter__(self) -> Iterator[Suggestion]:
        return iter(self.suggestions)

    def __len__(self) -> int:
        return len(self.suggestions)

    def __repr__(self) -> str:
        return f"<Wordle assistant: {self.remaining:,} answer(s) left, best next guess {self.best.upper()}>"


@dataclass(kw_only=True)
class PlayRequest(PublishingOptions, DictionaryOptions):
    """Play the assistant's strategy against an answer, or against every answer (`all`): the guesses
    `assist` would suggest (see `allow`)."""

    __pydantic_config__: ClassVar[Config] = model_config("WordlePlayRequest", {"answer": "crane"})

    dict: str = DEFAULT_DICTIONARY
    """The guess dictionary: a built-in name."""
    answer: str | None = None
    """The answer to play against, or "random" (picked with `random_seed`); not with `all`."""
    guesses: list[Guess | str] | str = field(default_factory=list)
    """Guesses to start from (they must be what the answer gives), as for `assist`."""
    all: bool = False
    """Play every answer and report the average number of guesses."""
    random_seed: Annotated[int, Ge(0)] | None = None
    """Seed of answer=random (a fresh one, reported back, when omitted)."""
    answers: str = ANSWERS
    """The built-in list of possible answers."""
    opener: str | None = None
    """The first guess to play (default: salet when it is a guess)."""
    lookahead: bool = True
    """Look a move further ahead where few answers are left."""
    hard: bool = False
    """Hard mode: play only guesses that keep every green in place and use every revealed letter."""
    time_limit: Seconds = PLAY_SECONDS
    """Stop (an error for `all`) after this many seconds."""


@dataclass
class GameResult(Outcome):
    """One game the assistant played (iterating goes over its turns)."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleGameResult")

    answer: str
    turns: list[Guess]
    guesses: int
    solved: bool
    random_seed: int

    def __iter__(self) -> Iterator[Guess]:
        return iter(self.turns)

    def __len__(self) -> int:
        return len(self.turns)

    def __repr__(self) -> str:
        return (f"<Wordle game for {self.answer.upper()}: {' '.join(t.word.upper() for t in self.turns)} "
                f"({'solved' if self.solved else 'not solved'} in {self.guesses})>")

    def _repr_html_(self) -> str:
        return _tiles([(turn.word, turn.pattern) for turn in self.turns])


@dataclass
class SimulationResult(Outcome):
    """The strategy played against every answer: the average and the spread of the number of guesses."""

    __pydantic_config__: ClassVar[Config] = model_config("WordleSimulationResult")

    answers: int
    average: float
    histogram: dict[str, int]
    max: int
    opener: str
    hard: bool = False
    """Whether the strategy played hard mode."""

    def __repr__(self) -> str:
        return f"<Wordle strategy over {self.answers:,} answers: average {self.average} guesses, at most {self.max}>"


def _tiles(rows: list[tuple[str, str]]) -> str:
    """Rows of coloured tiles (letters on Wordle's green/yellow/grey), as HTML for notebooks."""
    import html

    cell = ("display:inline-block;width:28px;height:28px;margin:1px;color:white;font:bold 18px sans-serif;"
            "text-align:center;line-height:28px;background:")
    lines = []
    for word, pattern in rows:
        letters = word.upper().ljust(len(pattern))
        lines.append("<div>" + "".join(f'<span style="{cell}{SQUARES.get(mark, "#787c7e")}">'
                                       f"{html.escape(letter.strip())}</span>"
                                       for letter, mark in zip(letters, pattern)) + "</div>")
    return "<div>" + "".join(lines) + "</div>"
