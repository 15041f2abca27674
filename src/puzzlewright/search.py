"""Search machinery shared by every solver: budgets that stop an expensive search cleanly.

A solver takes an optional :class:`Budget` and calls :meth:`Budget.spend` as it expands nodes. When the
allowance runs out the solver either raises :class:`~puzzlewright.errors.BudgetExceeded` or, where partial
results are useful (enumerations), stops and reports ``complete=False``.
"""

from __future__ import annotations

import time

from puzzlewright.errors import BudgetExceeded, PuzzleInputError


class Budget:
    """A time limit (seconds of wall clock) and/or a node limit for one search.

    Checking the clock is relatively slow, so :meth:`spend` only reads it every ``clock_every`` nodes.
    """

    def __init__(self, seconds: float | None = None, nodes: int | None = None, *, clock_every: int = 1024):
        if seconds is not None and not seconds > 0:  # NaN too: it would never run out
            raise PuzzleInputError(f"a time budget must be a positive number of seconds, not {seconds}")
        if nodes is not None and nodes <= 0:
            raise ValueError("a node budget must be positive")
        self.seconds = seconds
        self.nodes = nodes
        self.used = 0
        self.started = time.perf_counter()
        self._deadline = None if seconds is None else self.started + seconds
        self._clock_every = clock_every
        self._next_clock = clock_every
        self.exhausted = False

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was created."""
        return time.perf_counter() - self.started

    def spend(self, nodes: int = 1) -> bool:
        """Count ``nodes`` more nodes; return False (and mark the budget exhausted) once it has run out."""
        self.used += nodes
        if self.nodes is not None and self.used > self.nodes:
            self.exhausted = True
        elif self._deadline is not None and self.used >= self._next_clock:
            self._next_clock = self.used + self._clock_every
            if time.perf_counter() > self._deadline:
                self.exhausted = True
        return not self.exhausted

    @property
    def nodes_left(self) -> int | None:
        """Nodes still allowed (None without a node limit)."""
        return None if self.nodes is None else max(0, self.nodes - self.used)

    def ran_out(self) -> bool:
        """Whether nothing is left: every node spent, or the time up (reads the clock now, unlike spend)."""
        if self._deadline is not None and time.perf_counter() > self._deadline:
            self.exhausted = True
        if self.nodes is not None and self.used >= self.nodes:
            self.exhausted = True
        return self.exhausted

    def check(self, nodes: int = 1) -> None:
        """Like :meth:`spend`, but raise :class:`BudgetExceeded` when the budget has run out."""
        if not self.spend(nodes):
            raise BudgetExceeded(self.describe())

    def describe(self) -> str:
        """A one-line account of what ran out, for error messages."""
        if self.nodes is not None and self.used >= self.nodes:
            return f"search stopped: node budget of {self.nodes:,} exhausted"
        if self.seconds is not None:
            return f"search stopped: time budget of {self.seconds:g} s exhausted after {self.used:,} nodes"
        return f"search stopped after {self.used:,} nodes"


def ran_out(budget: Budget | None) -> bool:
    """Whether an optional budget has run out (no budget never runs out)."""
    return budget is not None and budget.ran_out()

