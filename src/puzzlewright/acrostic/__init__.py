"""Dense acrostics: N x N double word squares from a seed row (or template) and a pool of letters.

The verbs (:mod:`puzzlewright.acrostic.api`) take the request models of :mod:`puzzlewright.acrostic.schema`
(or JSON-shaped dicts) and return its result models:

>>> from puzzlewright.acrostic import api
>>> [str(square) for square in api.solve({"seed": "eras", "pool": "ceeiklmorstw", "dict": "acrostic-4", "all": True})]
['eras/lick/more/stew']
"""

from puzzlewright.acrostic.generator import GenerateOptions, generate_one, generate_puzzles
from puzzlewright.acrostic.model import Grid, Puzzle
from puzzlewright.acrostic.schema import (GeneratedPuzzle, GenerateRequest, GenerateResult, SolveRequest, SolveResult,
                                          Square, VerifyRequest, VerifyResult)
from puzzlewright.acrostic.solver import solve_puzzle
from puzzlewright.acrostic.verify import Verdict, verify_grid

__all__ = ["GenerateOptions", "GenerateRequest", "GenerateResult", "GeneratedPuzzle", "Grid", "Puzzle",
           "SolveRequest", "SolveResult", "Square", "Verdict", "VerifyRequest", "VerifyResult", "generate_one",
           "generate_puzzles", "solve_puzzle", "verify_grid"]
