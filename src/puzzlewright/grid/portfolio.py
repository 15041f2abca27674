"""Every core on one fill: a *portfolio* of searches that differ only in their random seed, raced in worker
processes; the first to finish wins and the others are stopped at once.

A grid's search time varies enormously with the random noise in its value order (one seed fills a hard grid
in seconds, another wanders for a minute), so ``N`` differently seeded searches reach a first fill sooner
than one, without any shared state. Worker ``k`` searches with seed ``random_seed + k``. Which worker wins
depends on timing, so the result names the winner's seed (``FillResult.random_seed``): one worker with that
seed finds exactly that fill again (the search counts nodes, not seconds, so it is the same search).

Workers are forked (they share the parent's loaded dictionary and compiled kernel), watch for their parent's
death (:func:`puzzlewright.parallel.runners.exit_when_orphaned`) and are terminated and reaped as soon as a
winner is in, so no process outlives the call.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from puzzlewright.errors import PuzzleInputError, PuzzlewrightError
from puzzlewright.grid.filler import FillOptions, FillOutcome, fill_grid
from puzzlewright.grid.model import Grid
from puzzlewright.lexicon import Lexicon
from puzzlewright.budget import Budget

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess


class PortfolioError(PuzzlewrightError):
    """Every worker of a portfolio died without an answer (killed, out of memory)."""


@dataclass
class PortfolioOutcome:
    """The winning search's outcome, the seed it ran with, and how many workers raced."""

    outcome: FillOutcome
    random_seed: int
    workers: int


def check_workers(workers: int) -> int:
    """``workers`` when it is a whole number of at least 1; a one-line error otherwise."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PuzzleInputError(f"workers must be a whole number of at least 1, not {workers!r}")
    return workers


def fill_portfolio(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None = None,
                   workers: int = 1) -> PortfolioOutcome:
    """Fill ``grid`` with ``workers`` searches seeded ``random_seed``, ``random_seed + 1``, ...: the first
    to end with fills, or with a proof that there are none, wins (see the module docstring). With one
    worker the search runs in this process."""
    base = options.random_seed or 0
    if check_workers(workers) == 1:
        return PortfolioOutcome(fill_grid(grid, lexicon, options, budget), base, 1)
    started = time.perf_counter()
    seeds = [base + k for k in range(workers)]
    racers = [_start(grid, lexicon, replace(options, random_seed=seed), budget) for seed in seeds]
    try:
        winner, outcome = _first_answer(racers, seeds)
    finally:
        _stop(racers)
    outcome.elapsed_s = time.perf_counter() - started
    return PortfolioOutcome(outcome, winner, workers)


def _start(grid: Grid, lexicon: Lexicon, options: FillOptions,
           budget: Budget | None) -> tuple[BaseProcess, Connection]:
    """One forked search sending its :class:`FillOutcome` down a pipe."""
    from puzzlewright.parallel.runners import pool_context

    context = pool_context()
    receiver, sender = context.Pipe(duplex=False)
    process: BaseProcess = context.Process(  # type: ignore[attr-defined]  # every real context has Process
        target=_race, args=(grid, lexicon, options, budget, sender, os.getpid()), daemon=True)
    process.start()
    sender.close()
    return process, receiver


def _race(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None, sender: Connection,
          parent: int) -> None:
    """A worker: search, send the outcome, exit (leaving Ctrl-C to the parent, and exiting if orphaned)."""
    import signal
    import threading

    from puzzlewright.parallel.runners import exit_when_orphaned

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=exit_when_orphaned, args=(parent,), daemon=True).start()
    sender.send(fill_grid(grid, lexicon, options, budget))
    sender.close()


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
