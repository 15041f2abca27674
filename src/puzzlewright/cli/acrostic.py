"""``puzzlewright acrostic``: solve, verify, generate and count dense acrostics (double word squares).

A thin layer over :mod:`puzzlewright.acrostic.api` and the classes under it; heavy modules (numba for
counting) are imported only by the commands that need them.
"""

from __future__ import annotations

import sys
import time

import click

from puzzlewright.acrostic.defaults import (DEFAULT_DICTIONARY, DEFAULT_GENERATE_COMMONNESS, DEFAULT_LIMIT,
                                            DEFAULT_TIME_LIMIT, SECONDS_PER_PUZZLE)
from puzzlewright.acrostic.schema import CountResult, GenerateResult, SolveRequest, SolveResult, VerifyRequest
from puzzlewright.jsonlines import uses_own_dictionary
from puzzlewright.cli.shared import finished
from puzzlewright.cli.common import (FiniteFloat, allow_option, emit_json, json_option, lexicon_options, svg_option,
                                     write_pictures)
from puzzlewright.counting import count_run_fields
from puzzlewright.errors import PuzzleInputError, names_a_file, read_text
from puzzlewright.parallel.cli import checkpoint_directory, parallel_options, worker_options

TOUR_PUZZLES = (("eras", "ceeiklmorstw", "acrostic-4"), ("older", "aaaaaddeeeelmmnrrrvv", "wordle-answers"))


@click.group()
def acrostic() -> None:
    """Dense acrostics: arrange a pool of letters under a seed word so every row and column is a word."""


def _template_text(template: str) -> str:
    """A template given as a file name is read from the file; otherwise it is the template itself."""
    return read_text(template, "template file") if names_a_file(template) else template


def _print_solve(result: SolveResult, limited: bool) -> None:
    """Each solution's grid (on a terminal the given rows, such as the seed, marked), rows and columns."""
    from puzzlewright.cli.colour import colour_wanted, echo, seed

    colour = colour_wanted()
    given = [colour and "." not in row for row in result.puzzle.template]
    for number, solution in enumerate(result, 1):
        if number > 1:
            click.echo()
        grid = [" ".join(row.upper()) for row in solution.rows]
        echo("\n".join(seed(line) if marked else line for line, marked in zip(grid, given)), colour)
        click.echo(f"  across: {' '.join(solution.rows)}   down: {' '.join(solution.columns)}")
    count = result.count
    if not result.complete:
        summary = f"{count} solution{'s' * (count != 1)} found before the time limit (there may be more)"
    elif limited:
        summary = f"{count} solution{'s' * (count != 1)} shown (there may be more: use --all)"
    else:
        summary = f"{count} solution{'s' * (count != 1)} (search complete)"
    click.echo(summary if count or result.complete else "no solution found before the time limit")


@acrostic.command()
@click.argument("seed", required=False)
@click.argument("pool", required=False)
@click.option("--template", default=None, metavar="FILE|STRING",
              help="A grid with letters and '.' for unknown cells (rows separated by '/' or newlines).")
@click.option("--pool", "pool_option", default=None, help="The letters for the unknown cells (with --template).")
@click.option("--all", "find_all", is_flag=True, help="Find every solution.")
@click.option("--limit", type=click.IntRange(min=1), default=DEFAULT_LIMIT, show_default=True,
              help="Find at most K solutions (without --all).")
@click.option("--distinct", is_flag=True, help="No word may appear twice in the square.")
@click.option("--symmetric", is_flag=True, help="Rows must equal columns.")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=DEFAULT_TIME_LIMIT, show_default=True,
              help="Seconds before the search stops (the result then says it is incomplete).")
@click.option("--batch", type=str, default=None, metavar="FILE",
              help="Solve each JSON Lines request of FILE ('-' = stdin), one JSON result per line.")
@worker_options
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def solve(seed: str | None, pool: str | None, template: str | None, pool_option: str | None, find_all: bool,
          limit: int, distinct: bool, symmetric: bool, time_limit: float, batch: str | None,
          workers: int | None, cluster: str | None, lexicon, as_json: bool) -> int | None:
    """Solve SEED POOL (the seed is the first row), or --template T --pool P.

    \b
    puzzlewright acrostic solve eras ceeiklmorstw --dict acrostic-4
    puzzlewright acrostic solve --template 'e..s/..c./..../s...' --pool aeiklmorrtwe --dict acrostic-4 --all
    """
    from puzzlewright.acrostic import api
    from puzzlewright.errors import PuzzleInputError

    options = {"distinct": distinct, "symmetric": symmetric, "all": find_all, "time_limit": time_limit,
               "limit": limit}
    if batch is not None:
        if seed is not None or template is not None or pool_option is not None:
            raise PuzzleInputError("--batch takes its puzzles from the file: drop SEED POOL/--template/--pool")
        from puzzlewright.parallel.batchjob import run_parallel_batch

        def solve_one(record: dict) -> SolveResult:
            """A record with its own dictionary keys gets its own lexicon; the others share the command's."""
            own = uses_own_dictionary(record)
            return api.solve({**options, **record}, lexicon=None if own else lexicon)

        run_parallel_batch(batch, solve_one, emit_json, "acrostic solve", workers=workers, cluster=cluster)
        return
    if pool is not None and pool_option is not None:
        raise PuzzleInputError("give the pool once: as POOL or as --pool, not both")
    if template is not None:
        if seed is not None and pool_option is None and pool is None:
            seed, pool_option = None, seed  # `solve --template T POOL`
        if seed is not None:
            raise PuzzleInputError("give either SEED POOL or --template with --pool, not both")
        given = {"template": _template_text(template), "pool": pool_option if pool_option is not None else pool}
    else:
        given = {"seed": seed, "pool": pool if pool is not None else pool_option}
    if given["pool"] is None:
        raise PuzzleInputError("missing POOL: usage 'acrostic solve SEED POOL' or '--template T --pool P'")
    result = api.solve(SolveRequest(**given, **options), lexicon=lexicon)
    for warning in result.puzzle.warnings:
        click.echo(f"warning: {warning}", err=True)
    if as_json:
        emit_json(result)
    else:
        _print_solve(result, limited=not find_all and result.count >= limit)
    return finished(result)


@acrostic.command()
@click.argument("grid")
@click.option("--pool", default=None, help="Also check that the grid's letters (all but the first row, or all) "
                                           "are exactly these.")
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def verify(grid: str, pool: str | None, lexicon, as_json: bool) -> int:
    """Check GRID (rows joined by '/', e.g. eras/lick/more/stew): rows, columns and pool. Exit 1 if invalid."""
    from puzzlewright.acrostic import api
    from puzzlewright.acrostic.model import Grid
    from puzzlewright.acrostic.verdict import verify_grid

    text = _template_text(grid)
    if as_json:
        result = api.verify(VerifyRequest(grid=text, pool=pool), lexicon=lexicon)
        emit_json(result)
        return 0 if result.valid else 1
    verdict = verify_grid(Grid.parse(text), lexicon, pool)
    click.echo(verdict.grid.render())
    for line in verdict.problems():
        click.echo(line)
    click.echo("valid: every row and column is a word" + (" and the letters match the pool"
                                                             if verdict.pool_matches else "")
               if verdict.valid else "not valid")
    return 0 if verdict.valid else 1


@acrostic.command()
@click.option("--size", type=int, required=True, help="Grid size N (3-10).")
@click.option("--count", "how_many", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles.")
@click.option("--unique", is_flag=True, help="Only puzzles with exactly one solution under the dictionary.")
@click.option("--min-commonness", type=FiniteFloat(min=0), default=DEFAULT_GENERATE_COMMONNESS, show_default=True,
              help="Build from words at least this common (Zipf scale: 3 = everyday, 4 = very common).")
@click.option("--random-seed", type=click.IntRange(min=0), default=None, help="Make the run reproducible.")
@click.option("--show-solution", is_flag=True, help="Print each puzzle's solution too.")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=SECONDS_PER_PUZZLE, show_default=True,
              help="Seconds allowed for each puzzle; one not found in time ends the run with the puzzles before "
                   "it (exit status 3; an error if it is the first).")
@click.option("--output", default=None, metavar="DIR/",
              help="Checkpoint directory: each finished range of puzzles is saved there (resume with --resume).")
@svg_option("with --show-solution, filled in as the answer key")
@allow_option
@parallel_options
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def generate(size: int, how_many: int, unique: bool, min_commonness: float, random_seed: int | None,
             show_solution: bool, time_limit: float, output: str | None, svg_path: str | None, allow: str | None,
             workers: int | None, cluster: str | None, resume: bool, lexicon, as_json: bool) -> int:
    """Random puzzles of common words, printed as the seed word and the pool in sorted order.

    Puzzle i depends only on --random-seed and i, so ranges of puzzles run in parallel (--workers,
    --cluster) and the output is the same whatever runs them. A puzzle not found within --time-limit ends
    the run with the puzzles before it (exit status 3; --resume tries the rest again).
    """
    from puzzlewright.acrostic.api import generate_options
    from puzzlewright.acrostic.model import check_size
    from puzzlewright.acrostic.schema import GeneratedPuzzle, GenerateRequest
    from puzzlewright.parallel import run_job
    from puzzlewright.acrostic.jobs import GenerateJob
    from puzzlewright.errors import BudgetExceeded
    from puzzlewright.schema import fresh_seed, validate

    check_size(size)  # before printing a random seed: a bad size (or allow) is a one-line error
    GenerateRequest(size=size, allow=allow).allowed()
    if random_seed is None:
        if resume:
            raise PuzzleInputError("--resume needs the --random-seed of the run it continues")
        random_seed = fresh_seed()
        if not as_json:
            click.echo(f"random seed: {random_seed}", err=True)
    request = GenerateRequest(size=size, count=how_many, unique=unique, min_commonness=min_commonness,
                              random_seed=random_seed, show_solution=show_solution, allow=allow)
    directory = checkpoint_directory(output, resume)

    def print_puzzles(part) -> None:
        for item in part.items:
            puzzle = validate(GeneratedPuzzle, item)
            solution = f"   solution: {' '.join(puzzle.solution.rows)}" if show_solution and puzzle.solution else ""
            click.echo(f"{puzzle}{solution}")

    job = GenerateJob(lexicon, generate_options(request, random_seed), how_many, seconds_per_puzzle=time_limit)
    result = run_job(job, workers=workers, cluster=cluster, output=directory,
                     resume=resume, progress=None if how_many > 1 else False,
                     on_merged=None if as_json else print_puzzles, prefix=True)
    if not result.complete:  # puzzle `result.count` was not found in time: the ones before it are the result
        if not result.count:
            raise BudgetExceeded(job.not_found(0))
        click.echo(f"warning: {job.not_found(result.count)}", err=True)
    if not as_json and svg_path is None:
        return finished(result)
    puzzles = [validate(GeneratedPuzzle, item) for item in result.items()]
    for puzzle in puzzles:
        puzzle.solution = puzzle.solution if show_solution else None
    if svg_path is not None:
        from puzzlewright.acrostic.render import acrostic_svg

        for puzzle in puzzles:
            puzzle.svg = acrostic_svg(puzzle, answer_key=show_solution)
        write_pictures([puzzle.svg or "" for puzzle in puzzles], svg_path)
    if as_json:
        emit_json(GenerateResult(puzzles=puzzles, dictionary=lexicon.name, random_seed=random_seed,
                                 complete=result.complete))
    return finished(result)


@acrostic.command()
@click.option("--size", type=int, required=True, help="Grid size N (3-10).")
@click.option("--double", is_flag=True, help="All 2N words distinct.")
@click.option("--canonical", is_flag=True, help="Count a square and its transpose once.")
@click.option("--symmetric", is_flag=True, help="Rows equal columns (classic word squares).")
@click.option("--output", default=None, metavar="FILE|DIR/",
              help="FILE: write each square (rows joined by '/') as found, in a fixed order. DIR/ (an existing "
                   "directory, a trailing slash, or with --resume): a checkpoint directory to resume from.")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=None,
              help="Stop after this many seconds (running partitions stop too; the result says it is incomplete).")
@click.option("--partitions", type=click.IntRange(min=1), default=None, metavar="N",
              help="Split the search by first-row prefix, each covering at most 1/N of the words (default 64; "
                   "prefixes split unevenly, so there are usually several times N partitions: the progress bar "
                   "counts them; more for big clusters).")
@parallel_options
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def count(size: int, double: bool, canonical: bool, symmetric: bool, output: str | None, time_limit: float | None,
          partitions: int | None, workers: int | None, cluster: str | None, resume: bool, lexicon,
          as_json: bool) -> int:
    """Enumerate every word square of the dictionary's N-letter words (Ctrl-C keeps what was written).

    The search is split by the first row's prefix; the parts run on every core (--workers), or on a Dask
    cluster (--cluster), and the result is the same, in the same order, whatever runs them.
    """
    from puzzlewright.acrostic.count import CountOptions
    from puzzlewright.cli.shared import acrostic_count, count_report, write_lines

    options = CountOptions(size, double=double, canonical=canonical, symmetric=symmetric,
                           **({"partitions": partitions} if partitions else {}))
    result, interrupted = acrostic_count(lexicon, options, output=output, resume=resume, time_limit=time_limit,
                                         workers=workers, cluster=cluster)
    if as_json:
        emit_json(CountResult(size=size, double=double, canonical=canonical, symmetric=symmetric,
                              **count_run_fields(result, lexicon.name)))
    else:
        write_lines(count_report(result, options, lexicon.name, output, resume))
    if interrupted:
        raise KeyboardInterrupt
    return finished(result)


def tour_step() -> None:
    """The acrostic part of `puzzlewright tour`: the article's 4x4 and its cancelled 5x5, all solutions."""
    from puzzlewright.acrostic import Puzzle, solve_puzzle
    from puzzlewright.lexicon import load_lexicon

    click.echo("Dense acrostics (double word squares): put the pool's letters under the given first word so that "
               "every row and column is a word.")
    for seed, pool, dictionary in TOUR_PUZZLES:
        lexicon = load_lexicon(dictionary)
        started = time.perf_counter()
        result = solve_puzzle(Puzzle.from_seed(seed, pool), lexicon, limit=None)
        elapsed = time.perf_counter() - started
        solutions = " | ".join(" ".join(grid.rows) for grid in result.solutions) or "none"
        click.echo(f"  acrostic solve {seed} {pool} --dict {dictionary} --all")
        click.echo(f"    {len(result.solutions)} solution(s), search complete: {solutions}   "
                   f"[{elapsed * 1000:.1f} ms]")
    sys.stdout.flush()
