"""Letter Boxed: the box model, a dictionary index, the solver (every solution of the NYT's two words or fewer, ranked the way
a setter would pick), a generator, terminal rendering, and the JSON API (:mod:`puzzlewright.letterboxed.api`).

>>> from puzzlewright.letterboxed import Box, solve
>>> solve({"sides": "RME-WCL-TGK-API"})["solutions"][0]["words"]
['PRAGMATIC', 'CAKEWALK']

Nothing here imports numpy unless an index has to be built from a lexicon.
"""

from puzzlewright.letterboxed.api import generate, solve, words
from puzzlewright.letterboxed.box import Box
from puzzlewright.letterboxed.index import WordIndex, builtin_index
from puzzlewright.letterboxed.render import render_box
from puzzlewright.letterboxed.solver import BoxWords, Solution, SolveResult, box_words, solve_box

__all__ = ["Box", "BoxWords", "Solution", "SolveResult", "WordIndex", "box_words", "builtin_index",
           "generate", "render_box", "solve", "solve_box", "words"]
