"""Wordle: the exact feedback rule (one pair, or vectorised over word lists), Doodle and the assistant.

The functions here are the front door, with natural arguments and typed results:

>>> import puzzlewright as pw
>>> pw.wordle.feedback("speed", "erase").pattern
'YBYYB'
>>> pw.wordle.doodle("crane", ["BBBBB", "BGBGB"], random_seed=1).answer
'crane'

Modules: :mod:`~puzzlewright.wordle.model` (notations), :mod:`~puzzlewright.wordle.scoring` (the rule
and the vectorised :class:`Scorer`), :mod:`~puzzlewright.wordle.doodler`, :mod:`~puzzlewright.wordle.matrix`
(the cached answers x guesses pattern matrix), :mod:`~puzzlewright.wordle.assistant`,
:mod:`~puzzlewright.wordle.schema` (the request and result models) and :mod:`~puzzlewright.wordle.api`
(the verbs over them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlewright.schema import request
from puzzlewright.wordle import api
from puzzlewright.wordle.defaults import ANSWERS, DEFAULT_DICTIONARY, DEFAULT_TOP, DOODLE_SECONDS, PLAY_SECONDS
from puzzlewright.wordle.model import GREEN, GREY, YELLOW, Pattern, parse_grid
from puzzlewright.wordle.schema import (AssistRequest, AssistResult, DoodleRequest, DoodleResult, DoodleRow,
                                        FeedbackRequest, FeedbackResult, GameResult, Guess, PlayRequest,
                                        SimulationResult)
from puzzlewright.wordle.scoring import Scorer, feedback_matrix

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

__all__ = ["GREEN", "GREY", "YELLOW", "AssistRequest", "AssistResult", "DoodleRequest", "DoodleResult", "DoodleRow",
           "FeedbackRequest", "FeedbackResult", "GameResult", "Guess", "Pattern", "PlayRequest", "Scorer",
           "SimulationResult", "api", "assist", "doodle", "feedback", "feedback_matrix", "parse_grid", "play"]

WordList = Sequence[str] | str | None


def feedback(guess: str, answer: str) -> FeedbackResult:
    """The feedback ``guess`` gets against ``answer``: ``feedback("speed", "erase").pattern == "YBYYB"``."""
    return api.feedback(request(FeedbackRequest, locals()))


def doodle(answer: str, patterns: Sequence[str] | str = (), *, text: str | None = None, preset: str | None = None,
           all: bool = False, random_seed: int | None = None, distinct: bool = False, hard: bool = False,
           best_effort: bool = False, image: str | None = None, time_limit: float = DOODLE_SECONDS,
           dict: str = DEFAULT_DICTIONARY, words: WordList = None, extra_words: WordList = None, exclude_words: WordList = None,
           min_commonness: float | None = None, allow: WordList = None, lexicon: Lexicon | None = None) -> DoodleResult:
    """A word for each painted row (``"BGBGB"``, emoji, wildcards) whose feedback against ``answer`` it is
    (never an offensive word, no vulgar word or name unless ``allow`` lets them);
    or a picture: ``text="HI"`` (pixel font, one grid per character at five letters) or ``preset="heart"``.
    ``result.svg()`` and ``result.png()`` draw the filled grids."""
    return api.doodle(request(DoodleRequest, locals()), lexicon=lexicon)


def assist(guesses: Sequence[str] | str = (), *, top: int = DEFAULT_TOP, hard: bool = False, answers: str = ANSWERS,
           opener: str | None = None, lookahead: bool = True, dict: str = DEFAULT_DICTIONARY, words: WordList = None, extra_words: WordList = None,
           exclude_words: WordList = None, min_commonness: float | None = None, allow: WordList = None,
           lexicon: Lexicon | None = None) -> AssistResult:
    """The answers left after ``guesses`` (``"salet:BBYBB"`` ...) and the best next guesses (with ``hard``,
    only guesses legal in hard mode; vulgar words and names only when ``allow`` lets them)."""
    return api.assist(request(AssistRequest, locals()), lexicon=lexicon)


def play(answer: str | None = None, *, guesses: Sequence[str] | str = (), all: bool = False, hard: bool = False,
         random_seed: int | None = None, answers: str = ANSWERS, opener: str | None = None, lookahead: bool = True,
         time_limit: float = PLAY_SECONDS, dict: str = DEFAULT_DICTIONARY, words: WordList = None,
         extra_words: WordList = None, exclude_words: WordList = None, min_commonness: float | None = None,
         allow: WordList = None, lexicon: Lexicon | None = None) -> GameResult | SimulationResult:
    """The assistant's game against ``answer`` (a word or ``"random"``), or its average over every answer
    (in hard mode with ``hard``)."""
    return api.play(request(PlayRequest, locals()), lexicon=lexicon)
