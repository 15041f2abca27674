"""Dense acrostics: N x N double word squares from a seed row (or template) and a pool of letters.

The functions here are the front door, with natural arguments and typed results:

>>> import puzzlewright as pw
>>> [str(square) for square in pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4", all=True)]
['eras/lick/more/stew']
>>> pw.acrostic.verify("eras/lick/more/stew", pool="ceeiklmorstw", dict="acrostic-4").valid
True

The verbs over request models are in :mod:`puzzlewright.acrostic.api`, the models in
:mod:`puzzlewright.acrostic.schema`; underneath are :class:`Puzzle`, :func:`solve_puzzle` and the generator.
The names below are imported when first used, so that a command needing one submodule (``acrostic count``
needs the counting kernel) does not pay for importing the models, the solver, the generator and numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlewright.acrostic.defaults import (DEFAULT_DICTIONARY, DEFAULT_GENERATE_COMMONNESS, DEFAULT_LIMIT,
                                            DEFAULT_TIME_LIMIT)
from puzzlewright.lazy import lazy_exports

if TYPE_CHECKING:
    from puzzlewright.acrostic import api
    from puzzlewright.acrostic.generator import GenerateOptions, generate_one, generate_puzzles
    from puzzlewright.acrostic.model import Grid, Puzzle
    from puzzlewright.acrostic.schema import (GeneratedPuzzle, GenerateRequest, GenerateResult, SolveRequest,
                                              SolveResult, Square, VerifyRequest, VerifyResult)
    from puzzlewright.acrostic.solver import solve_puzzle
    from puzzlewright.acrostic.verdict import Verdict, verify_grid
    from puzzlewright.lexicon import Lexicon

__all__ = ["GenerateOptions", "GenerateRequest", "GenerateResult", "GeneratedPuzzle", "Grid", "Puzzle",
           "SolveRequest", "SolveResult", "Square", "Verdict", "VerifyRequest", "VerifyResult", "api", "generate",
           "generate_one", "generate_puzzles", "solve", "solve_puzzle", "verify", "verify_grid"]

_HOMES = {"GenerateOptions": "generator", "generate_one": "generator", "generate_puzzles": "generator",
          "Grid": "model", "Puzzle": "model", "solve_puzzle": "solver", "Verdict": "verdict",
          "verify_grid": "verdict", **{name: "schema" for name in (
              "GeneratedPuzzle", "GenerateRequest", "GenerateResult", "SolveRequest", "SolveResult", "Square",
              "VerifyRequest", "VerifyResult")}}

WordList = Sequence[str] | str | None


__getattr__, __dir__ = lazy_exports(__name__, {**_HOMES, "api": ""})


def solve(seed: str | None, pool: str, *, template: str | Sequence[str] | None = None, all: bool = False,
          limit: int = DEFAULT_LIMIT, distinct: bool = False, symmetric: bool = False, time_limit: float = DEFAULT_TIME_LIMIT,
          dict: str = DEFAULT_DICTIONARY, words: WordList = None, extra_words: WordList = None,
          exclude_words: WordList = None, min_commonness: float | None = None,
          lexicon: Lexicon | None = None) -> SolveResult:
    """Arrange ``pool`` under the ``seed`` row (or into ``template``, with ``seed`` None) so that every row
    and column is a word: the first solution, the first ``limit``, or ``all``."""
    arguments = {**locals()}  # a copy: the imports below must not become arguments
    from puzzlewright.acrostic import api
    from puzzlewright.acrostic.schema import SolveRequest
    from puzzlewright.schema import request

    return api.solve(request(SolveRequest, arguments), lexicon=lexicon)


def verify(grid: str | Sequence[str], *, pool: str | None = None, dict: str = DEFAULT_DICTIONARY,
           words: WordList = None, extra_words: WordList = None, exclude_words: WordList = None,
           min_commonness: float | None = None, lexicon: Lexicon | None = None) -> VerifyResult:
    """Check a filled square (``"eras/lick/more/stew"`` or its rows): which rows and columns are not words,
    and, given a ``pool``, whether its letters (all but the first row, or all) are exactly the pool's."""
    arguments = {**locals()}  # a copy: the imports below must not become arguments
    from puzzlewright.acrostic import api
    from puzzlewright.acrostic.schema import VerifyRequest
    from puzzlewright.schema import request

    return api.verify(request(VerifyRequest, arguments), lexicon=lexicon)


def generate(size: int, *, count: int = 1, unique: bool = False,
             min_commonness: float | None = DEFAULT_GENERATE_COMMONNESS, random_seed: int | None = None,
             show_solution: bool = False, time_limit: float = DEFAULT_TIME_LIMIT, dict: str = DEFAULT_DICTIONARY,
             words: WordList = None, extra_words: WordList = None, exclude_words: WordList = None,
             allow: WordList = None, lexicon: Lexicon | None = None) -> GenerateResult:
    """Random ``size`` x ``size`` puzzles of words at least ``min_commonness`` common (``unique``: with one
    solution under the dictionary); never an offensive word, no vulgar word or name unless ``allow``
    (``["vulgar", "proper"]``) lets them."""
    arguments = {**locals()}  # a copy: the imports below must not become arguments
    from puzzlewright.acrostic import api
    from puzzlewright.acrostic.schema import GenerateRequest
    from puzzlewright.schema import request

    return api.generate(request(GenerateRequest, arguments), lexicon=lexicon)
