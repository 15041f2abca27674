"""Dense acrostics: N x N double word squares from a seed row (or template) and a pool of letters.

>>> from puzzlewright.acrostic import Puzzle, solve_puzzle
>>> from puzzlewright.lexicon import load_lexicon
>>> result = solve_puzzle(Puzzle.from_seed("eras", "ceeiklmorstw"), load_lexicon("acrostic-4"), limit=None)
>>> [str(grid) for grid in result.solutions], result.complete
(['eras/lick/more/stew'], True)
"""

from puzzlewright.acrostic.generate import GenerateOptions, GeneratedPuzzle, generate_one, generate_puzzles
from puzzlewright.acrostic.model import Grid, Puzzle
from puzzlewright.acrostic.solver import SolveResult, solve_puzzle
from puzzlewright.acrostic.verify import Verdict, verify_grid

__all__ = ["GenerateOptions", "GeneratedPuzzle", "Grid", "Puzzle", "SolveResult", "Verdict", "generate_one",
           "generate_puzzles", "solve_puzzle", "verify_grid"]
