"""Letter Boxed: the box model, a dictionary index, the solver (every solution of two words or fewer, ranked the way
a setter would pick), a generator, terminal and SVG rendering, the request and result models
(:mod:`puzzlewright.letterboxed.schema`) and the verbs over them (:mod:`puzzlewright.letterboxed.api`).

The functions here are the front door, with natural arguments and typed results:

>>> import puzzlewright as pw
>>> result = pw.letterboxed.solve("RME-WCL-TGK-API")
>>> str(result.best), len(result)
('WIGWAM-MARKETPLACE', 5)

and a game is played a word at a time, with hints that give one fact of the next word at a time:

>>> game = pw.letterboxed.new_game("RME-WCL-TGK-API")
>>> game.play("WIGWAM"), game.progress
(None, (5, 12))
>>> game.play("MEAT").reason
'same_side'
>>> game.hint().message
'the next word starts with M and has 11 letters'

Nothing here imports numpy unless an index has to be built from a lexicon. The verbs, the models, the index
and the rendering functions are imported on first use: a one-off ``letterboxed solve`` from the command
line imports this package (its box, index and solver live here) without creating the request and result
models (:mod:`puzzlewright.cli.quick`).
"""

from __future__ import annotations

from puzzlewright.letterboxed.defaults import (DEFAULT_DICTIONARY, DEFAULT_GENERATE_COMMONNESS, DEFAULT_LIMIT,
                                               DEFAULT_TIME_LIMIT)
from puzzlewright.lazy import lazy_exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # what __getattr__ hands out, for type checkers (typing is not imported at run time)
    from collections.abc import Sequence

    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.index import WordIndex, builtin_index
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.letterboxed.game import Game, new_game
    from puzzlewright.letterboxed.render import box_svg, render_box
    from puzzlewright.letterboxed.schema import (GeneratedPuzzle, GenerateRequest, GenerateResult, Hint, PlayRequest,
                                                 PlayResult, Refusal, Solution, SolveRequest, SolveResult, WordEntry,
                                                 WordsRequest, WordsResult)
    from puzzlewright.lexicon import Lexicon

__all__ = ["Box", "Game", "GenerateRequest", "GenerateResult", "GeneratedPuzzle", "Hint", "PlayRequest", "PlayResult",
           "Refusal", "Solution", "SolveRequest", "SolveResult", "WordEntry", "WordIndex", "WordsRequest",
           "WordsResult", "api", "box_svg", "builtin_index", "generate", "new_game", "play", "render_box", "solve",
           "words"]

_MODELS = ("GeneratedPuzzle", "GenerateRequest", "GenerateResult", "Hint", "PlayRequest", "PlayResult", "Refusal",
           "Solution", "SolveRequest", "SolveResult", "WordEntry", "WordsRequest", "WordsResult")
_ON_FIRST_USE = {"Box": "model", "Game": "game", "new_game": "game", "WordIndex": "index", "builtin_index": "index",
                 "box_svg": "render", "render_box": "render", **dict.fromkeys(_MODELS, "schema")}

# the verbs' module, the models, the box, the index and the rendering functions, imported on first use
__getattr__, __dir__ = lazy_exports(__name__, {**_ON_FIRST_USE, "api": ""})


def solve(sides: str | Sequence[str], *, max_words: int | None = None, words_exactly: int | None = None,
          min_length: int | None = None, max_length: int | None = None, limit: int = DEFAULT_LIMIT,
          all: bool = False, time_limit: float = DEFAULT_TIME_LIMIT, explain: bool = False,
          dict: str = DEFAULT_DICTIONARY,
          words: Sequence[str] | str | None = None, extra_words: Sequence[str] | str | None = None,
          exclude_words: Sequence[str] | str | None = None, min_commonness: float | None = None,
          lexicon: Lexicon | None = None) -> SolveResult:
    """Every 1- and 2-word solution of the box (or of up to ``max_words`` / exactly ``words_exactly``
    words), fewest words first, then best first: ``solve("RME-WCL-TGK-API").best``."""
    arguments = {**locals()}  # before the imports below add locals
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.schema import SolveRequest
    from puzzlewright.schema import request

    return api.solve(request(SolveRequest, arguments), lexicon=lexicon)


def words(sides: str | Sequence[str], *, dict: str = DEFAULT_DICTIONARY, words: Sequence[str] | str | None = None,
          extra_words: Sequence[str] | str | None = None, exclude_words: Sequence[str] | str | None = None,
          min_commonness: float | None = None, lexicon: Lexicon | None = None) -> WordsResult:
    """Every valid word of the box, most common first."""
    arguments = {**locals()}  # before the imports below add locals
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.schema import WordsRequest
    from puzzlewright.schema import request

    return api.words(request(WordsRequest, arguments), lexicon=lexicon)


def generate(count: int = 1, *, random_seed: int | None = None,
             min_commonness: float | None = DEFAULT_GENERATE_COMMONNESS, show_solution: bool = False,
             svg: bool = False, time_limit: float = DEFAULT_TIME_LIMIT, dict: str = DEFAULT_DICTIONARY,
             words: Sequence[str] | str | None = None, extra_words: Sequence[str] | str | None = None,
             exclude_words: Sequence[str] | str | None = None, allow: Sequence[str] | str | None = None,
             lexicon: Lexicon | None = None) -> GenerateResult:
    """NYT-style puzzles whose best solution is two words at least ``min_commonness`` common; never an
    offensive word, no vulgar word or name unless ``allow`` (``["vulgar", "proper"]``) lets them; with ``svg``
    each has a printable picture (the answer drawn only with ``show_solution``)."""
    arguments = {**locals()}  # before the imports below add locals
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.schema import GenerateRequest
    from puzzlewright.schema import request

    return api.generate(request(GenerateRequest, arguments), lexicon=lexicon)


def play(sides: str | Sequence[str], *, played: Sequence[str] | str = (), word: str | None = None, hints: int = 0,
         time_limit: float = DEFAULT_TIME_LIMIT, dict: str = DEFAULT_DICTIONARY,
         words: Sequence[str] | str | None = None, extra_words: Sequence[str] | str | None = None,
         exclude_words: Sequence[str] | str | None = None, min_commonness: float | None = None,
         lexicon: Lexicon | None = None) -> PlayResult:
    """One move of a game, as the web page plays it: the box after the ``played`` words and ``word``
    (refused, with the reason, when it cannot be played), and ``hints`` steps of the hint for the next
    word. For a game kept in Python, :func:`new_game` gives a :class:`Game`."""
    arguments = {**locals(), "played": played if isinstance(played, str) else list(played)}  # before the imports
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.schema import PlayRequest
    from puzzlewright.schema import request

    return api.play(request(PlayRequest, arguments), lexicon=lexicon)
