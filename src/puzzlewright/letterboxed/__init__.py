"""Letter Boxed: the box model, a dictionary index, the solver (every fewest-word solution, ranked the way
a setter would pick), a generator, terminal rendering, the request and result models
(:mod:`puzzlewright.letterboxed.schema`) and the verbs over them (:mod:`puzzlewright.letterboxed.api`).

>>> from puzzlewright.letterboxed import api
>>> str(api.solve({"sides": "RME-WCL-TGK-API"}).best)
'PRAGMATIC-CAKEWALK'

Nothing here imports numpy unless an index has to be built from a lexicon.
"""

from puzzlewright.letterboxed.api import generate, solve, words
from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.index import WordIndex, builtin_index
from puzzlewright.letterboxed.render import render_box
from puzzlewright.letterboxed.schema import (GenerateRequest, GenerateResult, Solution, SolveRequest, SolveResult,
                                             WordsRequest, WordsResult)
from puzzlewright.letterboxed.solver import BoxWords, box_words, solve_box

__all__ = ["Box", "BoxWords", "GenerateRequest", "GenerateResult", "Solution", "SolveRequest", "SolveResult",
           "WordIndex", "WordsRequest", "WordsResult", "box_words", "builtin_index", "generate", "render_box",
           "solve", "solve_box", "words"]
