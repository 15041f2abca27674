"""The Jumble verbs' request and result models (see :mod:`puzzlewright.schema` for how models work).

``solve`` takes the shared sample's puzzle records as they are: besides the fields the solver reads, the
record's annotations (``kind``, ``final_answer``, each jumble's ``answer`` ...) are accepted and not used
(the solver must not see the answers), so a record with a misspelt field is still refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from puzzlewright.jumble.defaults import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY
from puzzlewright.jumble.defaults import DEFAULT_GENERATE_COMMONNESS as DEFAULT_GENERATE_COMMONNESS
from puzzlewright.jumble.defaults import DEFAULT_GENERATE_TIME_LIMIT as DEFAULT_GENERATE_TIME_LIMIT
from puzzlewright.jumble.defaults import DEFAULT_LENGTHS as DEFAULT_LENGTHS
from puzzlewright.jumble.defaults import DEFAULT_TIME_LIMIT as DEFAULT_TIME_LIMIT
from puzzlewright.jumble.defaults import DEFAULT_TOP as DEFAULT_TOP
from puzzlewright.jumble.defaults import MAX_CAPTION as MAX_CAPTION
from puzzlewright.jumble.defaults import MAX_GENERATE as MAX_GENERATE
from puzzlewright.jumble.defaults import MAX_JUMBLES as MAX_JUMBLES
from puzzlewright.jumble.defaults import MAX_TOP as MAX_TOP
from puzzlewright.schema import Config, DictionaryOptions, Listing, PublishingOptions, Outcome, Result, model_config

if TYPE_CHECKING:  # names the annotations use, bound for pydantic by puzzlewright.schema.constraint_names()
    from typing import Annotated

    from annotated_types import Ge, Le, MaxLen

    from puzzlewright.schema import Seconds, Zipf

GENERATE_EXAMPLE = {"answer": "BEE WORTH IT", "lengths": [5, 5, 6, 6], "random_seed": 1,
                    "caption": "THEY BOUGHT THE VERY EXPENSIVE MANUKA HONEY AND HOPED THE HONEY WOULD - - -"}
EXAMPLE = {"jumbles": [{"scrambled": "LASRN", "circles": [0, 1, 2]}, {"scrambled": "SHACE", "circles": [0, 3, 4]},
                       {"scrambled": "HOTGUF", "circles": [2, 3, 5]}, {"scrambled": "CLATHE", "circles": [2, 3, 5]}],
           "answer_pattern": "----- -------", "extra_words": ["sesug", "atlanta"]}


@dataclass(kw_only=True)
class UnscrambleRequest(DictionaryOptions):
    """Every dictionary unscrambling of each scrambled word (? = an unknown letter), most common first."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleUnscrambleRequest", {"scrambled": ["SHACE"]})

    scrambled: list[str] | str
    """The scrambled words: a list, or one string separated by commas or spaces."""


@dataclass
class Unscrambled:
    """One scrambled word's unscramblings, most common first, with their commonness (Zipf)."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleUnscrambled")

    scrambled: str
    candidates: list[str]
    zipf: list[float]

    @property
    def best(self) -> str | None:
        """The most common unscrambling (None when there is none)."""
        return self.candidates[0] if self.candidates else None

    def __str__(self) -> str:
        return f"{self.scrambled}: {', '.join(self.candidates) or '(no dictionary word)'}".upper()


@dataclass
class UnscrambleResult(Outcome):
    """The unscramblings of each word (iterating goes over the words; ``best`` is the first word's best)."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleUnscrambleResult")

    words: list[Unscrambled]

    @property
    def best(self) -> str | None:
        """The first word's most common unscrambling."""
        return self.words[0].best if self.words else None

    def __iter__(self) -> Iterator[Unscrambled]:
        return iter(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        return "<Jumble " + "; ".join(map(str, self.words)) + ">"


@dataclass(kw_only=True)
class Jumble:
    """A scrambled word and which letters of its unscrambling are circled."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleWord", {"scrambled": "LASRN", "circles": [0, 1, 2]})

    scrambled: str
    circles: list[int] | str | None = None
    """Circled positions of the unscrambled word (0-based), or a mask like "OOO--"."""
    circle_mask: str | None = None
    """The circles as a mask like "OOO--" (when `circles` is not given)."""
    answer: str | None = None
    """A record's own note of the true word: accepted, never used."""
    note: str | None = None
    """A record's note: accepted, not used."""
    circled_letters: list[str] | str | None = None
    """A record's note of the circled letters: accepted, not used."""


@dataclass(kw_only=True)
class SolveRequest(DictionaryOptions):
    """Solve a Jumble (or, given a `pool`, just its final step) and rank the final answers. The
    `extra_words` also count as expected answer words when ranking."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleSolveRequest", EXAMPLE)

    answer_pattern: str
    """The answer's pattern: "----- -------", "----- {AND} -----" (printed words in braces)."""
    jumbles: Annotated[list[Jumble | str], MaxLen(MAX_JUMBLES)] | str | None = None
    """The scrambled words: objects, or "SCRAMBLED:MASK" strings like "LASRN:OOO--" (a list, or one string
    of them separated by spaces or commas)."""
    pool: str | None = None
    """The circled letters, to solve the final step alone (instead of `jumbles`)."""
    top: Annotated[int, Ge(1), Le(MAX_TOP)] = DEFAULT_TOP
    """How many answers to return."""
    time_limit: Seconds = DEFAULT_TIME_LIMIT
    """Stop the search after this many seconds and report what it found (complete: false)."""
    date: str | None = None
    """The puzzle's date: copied into the result."""
    caption: Annotated[str, MaxLen(MAX_CAPTION)] | None = None
    """The cartoon's caption, the clue to the final answer: how each answer relates to it (shared words,
    dictionary links, the word before the blank) counts in the ranking."""
    explain: bool = False
    """Give each answer's `contributions`: what each ranking feature adds to its score."""
    kind: str | None = None
    source: str | None = None
    notes: str | list[str] | None = None
    answer_lengths: list[int] | None = None
    final_answer: str | None = None
    final_answer_display: str | None = None
    final_answer_candidates: list[str] | None = None
    circles_inferred: bool | None = None
    circles_ambiguous: bool | None = None


@dataclass
class Readings:
    """A jumble word's unscramblings, most common first."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleReadings")

    scrambled: str
    circles: list[int]
    candidates: list[str]


@dataclass
class Answer:
    """A ranked final answer: its words, how it reads in the pattern, the unscramblings it needs."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleAnswer")

    words: list[str]
    answer: str
    unscrambled: list[str | None]
    pool: str
    score: float
    """The ranking score: 0 is a typical true answer, higher is likelier (1 more = e times as likely)."""
    contributions: dict[str, float] | None = None
    """With `explain`: each ranking feature's part of the score (they add up to it)."""
    play: str | None = None
    """For a pun answer, the play it makes ("sounds like MASTERPIECE (PEACE for PIECE)"); null otherwise."""

    def __str__(self) -> str:
        return self.answer.upper()


@dataclass
class SolveResult(Outcome):
    """The readings of each word and the ranked answers (iterating goes over the answers)."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleSolveResult")

    pattern: str
    words: list[Readings]
    answers: list[Answer]
    scored: int
    """How many candidate answers were scored."""
    pools: int
    """How many distinct pools of circled letters the readings give."""
    notes: list[str]
    date: str | None = None

    @property
    def best(self) -> Answer | None:
        """The top answer (None when there is none)."""
        return self.answers[0] if self.answers else None

    def __iter__(self) -> Iterator[Answer]:
        return iter(self.answers)

    def __len__(self) -> int:
        return len(self.answers)

    def __repr__(self) -> str:
        """The words as the best answer reads them (its unscramblings, not each word's commonest one: SHACE
        is ACHES when the best answer uses ACHES), then that answer."""
        chosen = self.best.unscrambled if self.best else [w.candidates[0] if w.candidates else "?" for w in self.words]
        words = " ".join(f"{w.scrambled}->{word}" for w, word in zip(self.words, chosen))
        best = f"best {self.best}" if self.best else "no answer"
        return f"<Jumble {words.upper()} {self.pattern.upper()}: {best} ({len(self.answers)} shown)>"

    def _repr_html_(self) -> str:
        import html

        rows = "".join(f"<li>{html.escape(str(a))} <small>({a.score:.2f})</small></li>" for a in self.answers)
        return f"<div><p>{html.escape(repr(self))}</p><ol>{rows}</ol></div>"


@dataclass(kw_only=True)
class GenerateRequest(PublishingOptions, DictionaryOptions):
    """Make Jumbles from a final answer: words of the given lengths whose circled letters spell it, each
    with a scramble that unscrambles one way only. Here `min_commonness` is the familiarity floor of the
    jumbled words; they are never offensive, and neither vulgar nor names unless `allow` lets them."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleGenerateRequest", GENERATE_EXAMPLE)

    answer: Annotated[str, MaxLen(200)]
    """The final answer: "BEE WORTH IT", or with printed words in braces: "LOST {HIS} BALANCE"."""
    caption: Annotated[str, MaxLen(MAX_CAPTION)] | None = None
    """The cartoon's caption: printed with the puzzle, and given to the solver that checks it."""
    lengths: Annotated[list[int], MaxLen(MAX_JUMBLES)] | str | None = None
    """The jumbled words' lengths, in order (default 5, 5, 6, 6): a list or "5,5,6,6"."""
    min_commonness: Zipf | None = DEFAULT_GENERATE_COMMONNESS
    """Familiarity floor (Zipf-like: 3 = everyday) of the jumbled words."""
    count: Annotated[int, Ge(1), Le(MAX_GENERATE)] = 1
    """How many alternative puzzles to make, best first."""
    random_seed: Annotated[int, Ge(0)] | None = None
    """Seed for reproducible puzzles (a fresh one, reported back, when omitted)."""
    show_answers: bool = False
    """Include the answer key: each scramble's word and the final answer."""
    svg: bool = False
    """Include each puzzle as a printable SVG picture (with the answer key when `show_answers`)."""
    time_limit: Seconds = DEFAULT_GENERATE_TIME_LIMIT
    """Give up after this many seconds."""


@dataclass
class GeneratedWord:
    """A jumbled word of a generated puzzle: its scramble and the circled positions of its unscrambling."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleGeneratedWord")

    scrambled: str
    circles: list[int]
    circle_mask: str
    answer: str | None = None
    """The word (with `show_answers`)."""


@dataclass
class GeneratedJumble:
    """A generated Jumble: `jumbles`, `answer_pattern` and `caption` are the puzzle as `jumble solve` reads it."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleGeneratedJumble")

    jumbles: list[GeneratedWord]
    answer_pattern: str
    caption: str | None
    score: float
    """The puzzle's rank score: its words' mean familiarity plus its scrambles' mean quality (0 best),
    less 0.5 a word for plurals and -ED/-ING forms."""
    familiarity: float
    """The least familiar word's familiarity."""
    scramble_quality: float
    """The scrambles' mean quality: 0 = no two letters of a word kept together in order and none in its place."""
    solver_rank: int | None
    """Where the Jumble solver, given this puzzle and its caption, ranks the intended answer (1 = first;
    null: not among its top 10)."""
    solver_ties: int
    """How many other answers the solver scores the same as the intended one."""
    recovery: str
    """The solver's verdict in words."""
    answer: str | None = None
    """The final answer (with `show_answers`)."""
    solver_best: str | None = None
    """The solver's first answer (with `show_answers`)."""
    svg: str | None = None
    """The printable puzzle (with `svg`)."""

    def solve_request(self) -> dict[str, object]:
        """The puzzle as a `jumble solve` request (a JSON Lines record of `jumble solve --batch`)."""
        request: dict[str, object] = {"jumbles": [{"scrambled": w.scrambled, "circle_mask": w.circle_mask}
                                                  for w in self.jumbles], "answer_pattern": self.answer_pattern}
        if self.caption is not None:
            request["caption"] = self.caption
        return request

    def __str__(self) -> str:
        return (" ".join(f"{w.scrambled}:{w.circle_mask}" for w in self.jumbles) + f" {self.answer_pattern}").upper()


@dataclass
class GenerateResult(Outcome, Listing[GeneratedJumble]):
    """Generated Jumbles, best first (iterating goes over them)."""

    __pydantic_config__: ClassVar[Config] = model_config("JumbleGenerateResult")

    puzzles: list[GeneratedJumble]
    answer_pattern: str
    random_seed: int
    notes: list[str]

    def _items(self) -> list[GeneratedJumble]:
        return self.puzzles

    def __repr__(self) -> str:
        return f"<Jumble puzzles for {self.answer_pattern.upper()}: {'; '.join(map(str, self.puzzles))} " \
               f"(random_seed={self.random_seed})>"
