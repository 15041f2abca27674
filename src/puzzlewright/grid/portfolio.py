"""Every core on one fill: the rungs of the quality-floor ladder searched side by side, or a *portfolio* of
searches that differ only in their random seed, raced in worker processes.

**Rungs side by side** (one fill wanted, several quality floors to try, no node budget: a default fill).
Most of a hard grid's nodes go on the higher floors' rungs, which end without a fill
(:mod:`puzzlewright.grid.filler`). A rung below the top :data:`~puzzlewright.grid.filler.TAUGHT_RUNGS`
starts from what those learnt (:meth:`~puzzlewright.grid.filler.Filler.run_rung`), so a rung searched
beside the ones above it searches exactly as it does after them. The top rungs run here; then each worker
takes the next rung not yet started; the answer is the highest rung that finishes, taken once every rung
above it has ended without a fill, and the workers still searching are stopped at once. The result is one
worker's fill, floor and nodes (those of the rungs down to the one that finished), sooner.

**Seeds raced** (otherwise: a single floor, several fills, ``unique``, a node budget). A grid's search
time varies enormously with the random noise in its value order (one seed fills a hard grid in seconds,
another wanders for a minute), so ``N`` differently seeded searches reach a first fill sooner than one,
without any shared state. Worker ``k`` searches with seed ``random_seed + k``. Which worker wins depends on
timing, so the result names the winner's seed (``FillResult.random_seed``): one worker with that seed finds
exactly that fill again (the search counts nodes, not seconds, so it is the same search).

Workers in both schedules are forked (they share the parent's loaded dictionary, compiled kernel and, for
the rungs, the solver), watch for their parent's death
(:func:`puzzlewright.parallel.runners.exit_when_orphaned`) and are terminated and reaped as soon as the
answer is in, so no process outlives the call.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from puzzlewright.errors import PuzzleInputError, PuzzlewrightError
from puzzlewright.grid.filler import TAUGHT_RUNGS, FillOptions, FillOutcome, Filler, RungOutcome, fill_grid
from puzzlewright.grid.model import Grid
from puzzlewright.lexicon import Lexicon
from puzzlewright.budget import Budget
from puzzlewright.schema import ModelBase

if TYPE_CHECKING:
    from collections.abc import Callable
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess


class PortfolioError(PuzzlewrightError):
    """Every worker of a portfolio died without an answer (killed, out of memory)."""


@dataclass(eq=False, repr=False)
class PortfolioOutcome(ModelBase):
    """The winning search's outcome, the seed it ran with, how many workers searched and how they shared the
    work (``race``: :data:`RACE_FLOORS` or :data:`RACE_SEEDS`; None for one worker)."""

    outcome: FillOutcome
    random_seed: int
    workers: int
    race: str | None = None


RACE_FLOORS = "floors"  # the quality floors' rungs searched side by side: one worker's fill, sooner
RACE_SEEDS = "seeds"  # differently seeded searches raced: the winner's seed reproduces its fill


def check_workers(workers: int) -> int:
    """``workers`` when it is a whole number of at least 1; a one-line error otherwise."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PuzzleInputError(f"workers must be a whole number of at least 1, not {workers!r}")
    return workers


def fill_portfolio(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None = None,
                   workers: int = 1) -> PortfolioOutcome:
    """Fill ``grid`` on ``workers`` processes: the quality floors' rungs side by side when
    :func:`races_floors`, else searches seeded ``random_seed``, ``random_seed + 1``, ... raced, the first to
    end with fills, or with a proof that there are none, winning (see the module docstring). With one worker
    the search runs in this process."""
    base = options.random_seed or 0
    if check_workers(workers) == 1:
        return PortfolioOutcome(fill_grid(grid, lexicon, options, budget), base, 1)
    if races_floors(options, budget):
        return _race_floors(grid, lexicon, options, budget, workers)
    started = time.perf_counter()
    seeds = [base + k for k in range(workers)]
    racers = [_start(_race, (grid, lexicon, replace(options, random_seed=seed), budget)) for seed in seeds]
    try:
        winner, outcome = _first_answer(racers, seeds)
    finally:
        _stop(racers)
    outcome.elapsed_s = time.perf_counter() - started
    return PortfolioOutcome(outcome, winner, workers, RACE_SEEDS)


def races_floors(options: FillOptions, budget: Budget | None) -> bool:
    """Whether a fill's rungs can be searched side by side and give one worker's answer: one fill wanted
    (rungs below share no fills with those above), more than one floor to try, and no node budget (one
    worker's budget runs across its rungs in turn; a time limit is the same wall clock for every worker)."""
    return options.count == 1 and len(options.floors()) > 1 and (budget is None or budget.nodes is None)


def _race_floors(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None,
                 workers: int) -> PortfolioOutcome:
    """The rungs of ``options``' ladder on ``workers`` processes: the top :data:`TAUGHT_RUNGS` here, in turn
    (every lower rung starts from what they learnt, and a fill that finishes there needs no worker), then
    each worker taking the next rung not yet started (the forked workers inherit the solver and its lessons)."""
    started = time.perf_counter()
    filler = Filler(grid, lexicon, options)
    rungs = len(filler.floors)
    running: dict[Connection, tuple[int, BaseProcess]] = {}
    ended: dict[int, RungOutcome] = {}
    for rung in range(min(TAUGHT_RUNGS, rungs)):
        ended[rung] = filler.run_rung(rung, budget)
        if ended[rung].finished:
            break
    try:
        while (answer := ladder_answer(ended, rungs)) is None:
            launched = len(ended) + len(running)  # rungs start in order: the next one is number ``launched``
            for rung in range(launched, min(rungs, launched + workers - len(running))):
                process, receiver = _start(_climb, (filler, rung, budget))
                running[receiver] = rung, process
            ended.update(_next_rungs(running, filler.floors))
    finally:
        _stop([(process, receiver) for receiver, (_, process) in running.items()])
    outcome = filler.ladder_outcome([ended[rung] for rung in range(answer + 1)], time.perf_counter() - started)
    return PortfolioOutcome(outcome, options.random_seed or 0, workers, RACE_FLOORS)


def ladder_answer(ended: dict[int, RungOutcome], rungs: int) -> int | None:
    """The rung a fill of ``rungs`` rungs ends at, given those ``ended`` so far: the first that finished
    (or the last), once every rung above it has ended; None while that is not known."""
    for rung in range(rungs):
        if rung not in ended:
            return None
        if ended[rung].finished or rung == rungs - 1:
            return rung
    return None


def _next_rungs(running: dict[Connection, tuple[int, BaseProcess]],
                floors: tuple[float | None, ...]) -> dict[int, RungOutcome]:
    """Wait for workers of ``running`` to end, and return their rungs' outcomes (reaping them); a worker that
    died without one is an error."""
    from multiprocessing.connection import wait

    done = {}
    for ready in wait(list(running)):
        receiver = next(connection for connection in running if connection is ready)
        rung, process = running.pop(receiver)
        try:
            done[rung] = receiver.recv()
        except EOFError:
            raise PortfolioError(f"the fill worker searching quality floor {floors[rung]} died before answering "
                                 "(killed or out of memory?)") from None
        finally:
            receiver.close()
            process.join()
    return done


def _start(work: Callable[..., object], arguments: tuple[object, ...]) -> tuple[BaseProcess, Connection]:
    """A forked worker running ``work(*arguments)`` and sending its answer down a pipe (:func:`_worker`)."""
    from puzzlewright.parallel.runners import pool_context

    context = pool_context()
    receiver, sender = context.Pipe(duplex=False)
    process: BaseProcess = context.Process(  # type: ignore[attr-defined]  # every real context has Process
        target=_worker, args=(work, arguments, sender, os.getpid()), daemon=True)
    process.start()
    sender.close()
    return process, receiver


def _worker(work: Callable[..., object], arguments: tuple[object, ...], sender: Connection, parent: int) -> None:
    """A worker: do the work, send the answer, exit (leaving Ctrl-C to the parent, and exiting if orphaned)."""
    import signal
    import threading

    from puzzlewright.parallel.runners import exit_when_orphaned

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=exit_when_orphaned, args=(parent,), daemon=True).start()
    sender.send(work(*arguments))
    sender.close()


def _race(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None) -> FillOutcome:
    """A seed race's search: the whole fill with one seed."""
    return fill_grid(grid, lexicon, options, budget)


def _climb(filler: Filler, rung: int, budget: Budget | None) -> RungOutcome:
    """A floor race's search: one rung of the ladder."""
    return filler.run_rung(rung, budget)


def _first_answer(racers: list[tuple[BaseProcess, Connection]], seeds: list[int]) -> tuple[int, FillOutcome]:
    """(seed, outcome) of the first worker to finish with fills or a complete search; when none does (every
    budget ran out), the lowest seed's outcome."""
    from multiprocessing.connection import wait

    pending = {receiver: seed for (_, receiver), seed in zip(racers, seeds)}
    answers: dict[int, FillOutcome] = {}
    while pending:
        for ready in wait(list(pending)):
            receiver = next(connection for connection in pending if connection is ready)
            seed = pending.pop(receiver)
            try:
                outcome: FillOutcome = receiver.recv()
            except EOFError:  # the worker died without an answer
                continue
            if outcome.fills or outcome.complete:
                return seed, outcome
            answers[seed] = outcome
    if not answers:
        raise PortfolioError("every fill worker died before answering (killed or out of memory?)")
    first = min(answers)
    return first, answers[first]


def _stop(racers: list[tuple[BaseProcess, Connection]]) -> None:
    """Terminate the workers still searching and reap them all."""
    for process, receiver in racers:
        if process.is_alive():
            process.terminate()
        receiver.close()
    for process, _ in racers:
        process.join()
