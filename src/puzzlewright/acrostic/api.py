"""The dense-acrostic verbs: ``solve``, ``verify`` and ``generate``, each from its request model to its result
model (:mod:`puzzlewright.acrostic.schema`). A JSON-shaped mapping is accepted too and validated first.

``acrostic count`` is a partitioned job (:mod:`puzzlewright.acrostic.jobs`): the CLI runs it on every
core or a cluster and prints :class:`~puzzlewright.acrostic.schema.CountResult`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlewright.acrostic import generator as generation
from puzzlewright.acrostic.model import Grid, Puzzle, row_list
from puzzlewright.acrostic.schema import (GeneratedPuzzle, GenerateRequest, GenerateResult, Line, PuzzleSpec, Rows,
                                          SolveRequest, SolveResult, Square, VerifyRequest, VerifyResult)
from puzzlewright.acrostic.solver import solve_puzzle
from puzzlewright.acrostic.verdict import verify_grid
from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.lexicon import Lexicon
from puzzlewright.schema import fresh_seed, request_budget, timed, validate
from puzzlewright.budget import Budget


def parse_puzzle(request: SolveRequest) -> Puzzle:
    """The puzzle of a solve request: ``seed`` + ``pool``, or ``template`` + ``pool``."""
    if request.template is not None:
        if request.seed is not None:
            raise PuzzleInputError("give either a seed or a template, not both")
        return Puzzle.from_template(request.template, request.pool)
    if request.seed is None:
        raise PuzzleInputError("missing field 'seed' (or 'template')")
    return Puzzle.from_seed(request.seed, request.pool)


@timed
def solve(request: SolveRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
          budget: Budget | None = None) -> SolveResult:
    """Solve a seed-row or template puzzle: the first solution, the first ``limit``, or ``all``."""
    request = validate(SolveRequest, request)
    puzzle = parse_puzzle(request)
    lexicon = lexicon if lexicon is not None else request.lexicon()
    limit = None if request.all else request.limit
    found = solve_puzzle(puzzle, lexicon, limit=limit, distinct=request.distinct, symmetric=request.symmetric,
                         budget=request_budget(request, budget))
    spec = found.puzzle
    # complete: every solution asked for was found (the first `limit`, or all of them), not cut short by time
    complete = found.complete or (limit is not None and len(found.solutions) >= limit)
    return SolveResult(puzzle=PuzzleSpec(size=spec.size, template=list(spec.template), pool=spec.pool, seed=spec.seed,
                                         warnings=list(spec.warnings)),
                       solutions=[square(grid) for grid in found.solutions], count=len(found.solutions),
                       complete=complete, dictionary=lexicon.name)


def square(grid: Grid) -> Square:
    """A grid as the :class:`Square` model."""
    return Square(rows=list(grid.rows), columns=list(grid.columns))


@timed
def verify(request: VerifyRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
           budget: Budget | None = None) -> VerifyResult:
    """Which rows and columns of a grid are not words, and whether its letters match the pool."""
    request = validate(VerifyRequest, request)
    grid = Grid.parse(request.grid) if isinstance(request.grid, str) else Grid.from_rows(row_list(request.grid))
    lexicon = lexicon if lexicon is not None else request.lexicon()
    verdict = verify_grid(grid, lexicon, request.pool)
    return VerifyResult(grid=square(grid), pool_matches=verdict.pool_matches, missing=verdict.missing,
                        extra=verdict.extra, valid=verdict.valid,
                        rows=[Line(word=w, ok=i not in verdict.bad_rows) for i, w in enumerate(grid.rows)],
                        columns=[Line(word=w, ok=j not in verdict.bad_columns) for j, w in enumerate(grid.columns)],
                        dictionary=lexicon.name)


def generate_options(request: GenerateRequest, seed: int) -> generation.GenerateOptions:
    """The generator's settings for a request (``min_commonness`` is the construction floor here; ``allow``
    the flagged words the publishing policy may let squares use)."""
    return generation.GenerateOptions(size=request.size, unique=request.unique,
                                      min_commonness=request.min_commonness, random_seed=seed,
                                      allow=tuple(sorted(request.allowed())))


def generated_puzzle(generated: generation.GeneratedPuzzle, show_solution: bool = True) -> GeneratedPuzzle:
    """A generator's puzzle as the :class:`GeneratedPuzzle` model."""
    return GeneratedPuzzle(size=generated.puzzle.size, seed=generated.puzzle.seed or "", pool=generated.puzzle.pool,
                           unique=generated.unique,
                           solution=Rows(rows=list(generated.solution.rows)) if show_solution else None)


@timed
def generate(request: GenerateRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
             budget: Budget | None = None) -> GenerateResult:
    """Random puzzles of common words, each as seed + sorted pool (optionally with a unique solution), of
    words the publishing policy lets constructions use."""
    request = validate(GenerateRequest, request)
    seed = fresh_seed() if request.random_seed is None else request.random_seed
    options = generate_options(request, seed)  # a bad `allow` is refused before the dictionary is loaded
    if lexicon is None:  # the floor applies to construction words, not to the dictionary that checks uniqueness
        lexicon = request.lexicon(floor=False)
    made: list[generation.GeneratedPuzzle] = []
    try:  # a run its budget stops gives the puzzles made until then (complete: false), if any
        made.extend(generation.generate_puzzles(lexicon, options, request.count,
                                                budget=request_budget(request, budget)))
    except BudgetExceeded:
        if not made:
            raise
    puzzles = [generated_puzzle(p, request.show_solution) for p in made]
    if request.svg:
        from puzzlewright.acrostic.render import acrostic_svg

        for puzzle in puzzles:
            puzzle.svg = acrostic_svg(puzzle, answer_key=request.show_solution)
    return GenerateResult(puzzles=puzzles, dictionary=lexicon.name, random_seed=seed,
                          complete=len(puzzles) >= request.count)
