"""The JSON request API for dense acrostics: ``solve``, ``verify``, ``generate`` and ``count``.

Requests (dictionary keys as in :mod:`puzzlewright.api`; default dictionary ``english``)::

    solve    {"seed": "eras", "pool": "ceeiklmorstw"} | {"template": "eras/..../..../....", "pool": "..."},
             "all": false, "limit": 1, "distinct": false, "symmetric": false, "time_limit": 30}
    verify   {"grid": "eras/lick/more/stew", "pool": "ceeiklmorstw"}
    generate {"size": 5, "count": 1, "unique": false, "min_commonness": 3.0, "random_seed": 7 (default: random),
              "show_solution": true}
    count    {"size": 5, "double": true, "canonical": true, "symmetric": false, "time_limit": 60}

Results::

    solve    {"puzzle": {...}, "solutions": [{"rows": [...], "columns": [...]}], "count": N, "complete": true}
    generate {"puzzles": [{"size": N, "seed": "...", "pool": "...", "solution": {"rows": [...]}, "unique": true}]}
    count    {"size": 5, "count": N, "double": true, "canonical": true, "nodes": ..., "elapsed_s": ...}
"""

from __future__ import annotations

import secrets

from puzzlewright.acrostic.generate import DEFAULT_MIN_COMMONNESS, GenerateOptions, generate_puzzles
from puzzlewright.acrostic.model import Grid, Puzzle, row_list
from puzzlewright.acrostic.solver import solve_puzzle
from puzzlewright.acrostic.verify import verify_grid
from puzzlewright.api import field, int_field, lexicon_for
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Lexicon
from puzzlewright.search import Budget

DEFAULT_DICT = "english"
DEFAULT_TIME_LIMIT = 30.0
MAX_GENERATE = 10_000


def _budget(request: dict, budget: Budget | None) -> Budget:
    if budget is not None:
        return budget
    seconds = field(request, "time_limit", (int, float), DEFAULT_TIME_LIMIT)
    if seconds <= 0:
        raise PuzzleInputError("time_limit must be positive")
    return Budget(seconds=float(seconds))


def parse_puzzle(request: dict) -> Puzzle:
    """The puzzle of a solve request: ``seed`` + ``pool``, or ``template`` + ``pool``."""
    pool = field(request, "pool", str)
    if request.get("template") is not None:
        if request.get("seed") is not None:
            raise PuzzleInputError("give either a seed or a template, not both")
        return Puzzle.from_template(field(request, "template", (str, list)), pool)
    return Puzzle.from_seed(field(request, "seed", str, what=" (or 'template')"), pool)


def solve(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Solve a seed-row or template puzzle: the first solution, the first ``limit``, or ``all``."""
    puzzle = parse_puzzle(request)
    limit = None if field(request, "all", bool, False) else field(request, "limit", int, 1)
    lexicon = lexicon if lexicon is not None else lexicon_for(request, DEFAULT_DICT)
    result = solve_puzzle(puzzle, lexicon, limit=limit, distinct=field(request, "distinct", bool, False),
                          symmetric=field(request, "symmetric", bool, False), budget=_budget(request, budget))
    return result.to_json()


def verify(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Which rows and columns of a grid are not words, and whether its letters match the pool."""
    grid = field(request, "grid", (str, list))
    grid = Grid.parse(grid) if isinstance(grid, str) else Grid.from_rows(row_list(grid))
    lexicon = lexicon if lexicon is not None else lexicon_for(request, DEFAULT_DICT)
    return verify_grid(grid, lexicon, field(request, "pool", str, None)).to_json()


def generate_options(request: dict) -> GenerateOptions:
    """The generation settings of a request (``min_commonness`` is the construction floor here; without a
    ``random_seed`` each call is a fresh random run)."""
    seed = field(request, "random_seed", int, None)
    return GenerateOptions(
        size=field(request, "size", int),
        unique=field(request, "unique", bool, False),
        min_commonness=field(request, "min_commonness", (int, float), DEFAULT_MIN_COMMONNESS),
        random_seed=secrets.randbelow(1 << 31) if seed is None else seed,
    )


def generate(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Random puzzles of common words, each as seed + sorted pool (optionally with a unique solution)."""
    options = generate_options(request)
    count = int_field(request, "count", 1, 1, MAX_GENERATE)
    if lexicon is None:  # the floor applies to construction words, not to the dictionary that checks uniqueness
        lexicon = lexicon_for({k: v for k, v in request.items() if k != "min_commonness"}, DEFAULT_DICT)
    show = field(request, "show_solution", bool, True)
    puzzles = generate_puzzles(lexicon, options, count, budget=_budget(request, budget))
    return {"puzzles": [p.to_json(show) for p in puzzles]}


def count(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Count every square of a lexicon (see :mod:`puzzlewright.acrostic.count`)."""
    from puzzlewright.acrostic.count import CountOptions, count_squares

    options = CountOptions(size=field(request, "size", int), double=field(request, "double", bool, False),
                           canonical=field(request, "canonical", bool, False),
                           symmetric=field(request, "symmetric", bool, False))
    lexicon = lexicon if lexicon is not None else lexicon_for(request, DEFAULT_DICT)
    return count_squares(lexicon, options, budget=_budget(request, budget)).to_json()
