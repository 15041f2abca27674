"""Every core on one fill: a race of searches that differ only in their random seed, in worker processes,
decided by node counts so that the answer never depends on which process ran faster.

A grid's search effort varies enormously with the random noise in its value order: one seed fills a hard
grid at a high quality floor in a thousand nodes, another steps down every floor and wanders for forty
thousand more. So ``N`` differently seeded searches reach a fill sooner than one. Worker ``k`` runs the
whole fill one worker runs (every quality floor of the ladder in turn) with seed ``random_seed + k``.

**Nodes, not seconds** (:func:`race_winner`). The answer is the search that *answers* (the fills wanted, or
a proof that there are none) in the fewest nodes, as a node budget counts them, ties going to the lower
seed. On the quality-floor ladder fewer nodes almost always means a floor at least as high: each floor
above the one a fill finishes at spent its whole node allowance first (unless a search proved, in fewer
nodes, that a floor has no fill). A search that has spent as many nodes as the best
answer so far cannot win, so it stops there (:class:`RaceBudget`: every worker reads a shared node ceiling
between slices of its search): the race costs each core the winner's nodes, no more. Which search answers
first in seconds never matters, so two runs with the same request give the same fill whatever the load,
and the result names the winning seed: one worker with that seed (``FillResult.random_seed``) finds
exactly that fill in the same nodes. A time limit, being the same wall clock for every worker, can stop a
race before a search with fewer nodes than the first answer has finished; a node budget (``max_nodes``)
holds per search.

Workers are forked (they share the parent's loaded dictionary and compiled kernel), watch for their
parent's death (:func:`puzzlewright.parallel.runners.exit_when_orphaned`) and are terminated and reaped as
soon as the answer is in, so no process outlives the call.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from puzzlewright.budget import Budget
from puzzlewright.errors import PuzzleInputError, PuzzlewrightError
from puzzlewright.grid.filler import FillOptions, FillOutcome, fill_grid
from puzzlewright.grid.model import Grid
from puzzlewright.lexicon import Lexicon
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
    work (``race``: :data:`RACE_SEEDS`; None for one worker)."""

    outcome: FillOutcome
    random_seed: int
    workers: int
    race: str | None = None


RACE_SEEDS = "seeds"  # differently seeded searches raced by node count: the winner's seed reproduces its fill
NO_ANSWER = 2**62  # the shared ceiling's value before any worker has answered: no search is cut


def check_workers(workers: int) -> int:
    """``workers`` when it is a whole number of at least 1; a one-line error otherwise."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PuzzleInputError(f"workers must be a whole number of at least 1, not {workers!r}")
    return workers


def fill_portfolio(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None = None,
                   workers: int = 1) -> PortfolioOutcome:
    """Fill ``grid`` on ``workers`` processes, searches seeded ``random_seed``, ``random_seed + 1``, ...
    raced by node count (see the module docstring): the outcome of the one that answers in the fewest
    nodes, ties to the lower seed. With one worker the search runs in this process."""
    base = options.random_seed or 0
    if check_workers(workers) == 1:
        return PortfolioOutcome(fill_grid(grid, lexicon, options, budget), base, 1)
    from puzzlewright.parallel.runners import pool_context

    started = time.perf_counter()
    best = pool_context().Value("q", NO_ANSWER)
    racers = [_start(_race, (grid, lexicon, replace(options, random_seed=base + k), budget, k, workers, best))
              for k in range(workers)]
    try:
        answers = _answers(racers)
    finally:
        _stop(racers)
    winner = race_winner(answers, workers)
    outcome = answers[winner][0]
    outcome.elapsed_s = time.perf_counter() - started
    return PortfolioOutcome(outcome, base + winner, workers, RACE_SEEDS)


def race_key(nodes: int, racer: int, racers: int) -> int:
    """The order of answers in a race of ``racers``: fewer nodes first, then the lower seed (``racer``, the
    worker's number), as one integer (a worker compares it with the shared ceiling in one read)."""
    return nodes * racers + racer


def answered(outcome: FillOutcome) -> bool:
    """Whether a search ended with its answer, the fills wanted or a proof that there are none, rather than
    stopped by a budget (its own, or the race's ceiling)."""
    return outcome.stopped is None


def race_winner(answers: dict[int, tuple[FillOutcome, int]], racers: int) -> int:
    """The worker whose outcome is a race's answer, given each worker's (outcome, nodes as its budget counted
    them): of those that answered, the fewest nodes, ties to the lower seed; when none did (every budget
    ran out), the one with the most fills, then the lowest seed."""
    done = [racer for racer, (outcome, _) in answers.items() if answered(outcome)]
    if done:
        return min(done, key=lambda racer: race_key(answers[racer][1], racer, racers))
    return min(answers, key=lambda racer: (-len(answers[racer][0].fills), racer))


class RaceBudget(Budget):
    """One worker's budget in a race: the request's limits (the same deadline for every worker, the node
    limit per search) and the race's node ceiling, the :func:`race_key` of the best answer so far, shared
    by every worker (``best``). A search that can no longer beat it (it has spent as many nodes as that
    answer, or one more when its seed is lower: ties go to the lower seed) runs out and stops; a search
    that can is never stopped by it, so the winner does not depend on timing."""

    def __init__(self, request: Budget | None, racer: int, racers: int, best: Any) -> None:
        super().__init__(nodes=None if request is None else request.nodes)
        if request is not None:
            self.seconds, self._deadline, self.started = request.seconds, request._deadline, request.started
        self.racer, self.racers, self.best = racer, racers, best
        self.beaten = False

    def spend(self, nodes: int = 1) -> bool:
        """:meth:`Budget.spend`, also running out once the search cannot win the race."""
        return super().spend(nodes) and not self._beaten()

    def ran_out(self) -> bool:
        """:meth:`Budget.ran_out`, or the search cannot win the race."""
        return super().ran_out() or self._beaten()

    def _beaten(self) -> bool:
        """Whether a search at this many nodes (a fill found at the count would be one too) is behind the
        best answer so far; if so the budget is exhausted."""
        if race_key(self.used, self.racer, self.racers) > self.best.value:
            self.beaten = self.exhausted = True
        return self.beaten

    def answer(self, outcome: FillOutcome) -> None:
        """Lower the shared ceiling to this search's answer, if it answered and is the best so far."""
        if answered(outcome):
            with self.best.get_lock():
                self.best.value = min(self.best.value, race_key(self.used, self.racer, self.racers))

    def describe(self) -> str:
        if self.beaten:
            return f"search stopped after {self.used:,} nodes: another worker's search answered in fewer"
        return super().describe()


def _race(grid: Grid, lexicon: Lexicon, options: FillOptions, budget: Budget | None, racer: int, racers: int,
          best: Any) -> tuple[FillOutcome, int]:
    """One worker of a race: the whole fill with its seed, within a :class:`RaceBudget`; its outcome and the
    nodes its budget counted (the race's measure)."""
    own = RaceBudget(budget, racer, racers, best)
    outcome = fill_grid(grid, lexicon, options, own)
    own.answer(outcome)
    return outcome, own.used


def _answers(racers: list[tuple[BaseProcess, Connection]]) -> dict[int, tuple[FillOutcome, int]]:
    """Every worker's (outcome, nodes), by worker number, once all have sent theirs (a worker behind the
    best answer stops by itself, :class:`RaceBudget`); a worker that died without one is left out, and
    all of them dying is an error."""
    from multiprocessing.connection import wait

    pending = {receiver: racer for racer, (_, receiver) in enumerate(racers)}
    answers: dict[int, tuple[FillOutcome, int]] = {}
    while pending:
        for ready in wait(list(pending)):
            receiver = next(connection for connection in pending if connection is ready)
            racer = pending.pop(receiver)
            try:
                answers[racer] = receiver.recv()
            except EOFError:  # the worker died without an answer
                continue
    if not answers:
        raise PortfolioError("every fill worker died before answering (killed or out of memory?)")
    return answers


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


def _stop(racers: list[tuple[BaseProcess, Connection]]) -> None:
    """Terminate the workers still searching and reap them all."""
    for process, receiver in racers:
        if process.is_alive():
            process.terminate()
        receiver.close()
    for process, _ in racers:
        process.join()
