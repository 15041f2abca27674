"""Search machinery shared by every solver: budgets that stop an expensive search cleanly.

A solver takes an optional :class:`Budget` and calls :meth:`Budget.spend` as it expands nodes. When the
allowance runs out the solver either raises :class:`~puzzlewright.errors.BudgetExceeded` or, where partial
results are useful (enumerations), stops and reports ``complete=False``.
"""

from __future__ import annotations

import time

from puzzlewright.errors import BudgetExceeded, PuzzleInputError

# How often (seconds) a running search reads the clock, and the most calls of Budget.spend between reads.
CLOCK_INTERVAL_S = 0.002
MAX_CLOCK_STRIDE = 4096


class Budget:
    """A time limit (seconds of wall clock) and/or a node limit for one search, which another thread may
    also :meth:`cancel` (the web app does when it has answered: no work goes on after the reply).

    The clock is checked by time, not by node count: :meth:`spend` reads the (monotonic) clock every
    ``stride`` calls, and adapts the stride so that reads are about :data:`CLOCK_INTERVAL_S` apart. A
    search whose steps are microseconds reads it every few thousand calls; one whose steps take 40 ms (a
    generator's attempt) reads it every call. A budget thus runs out within a step or a few milliseconds
    of its deadline, whatever the search's pace.
    """

    def __init__(self, seconds: float | None = None, nodes: int | None = None):
        if seconds is not None and not seconds > 0:  # NaN too: it would never run out
            raise PuzzleInputError(f"a time budget must be a positive number of seconds, not {seconds}")
        if nodes is not None and nodes <= 0:
            raise ValueError("a node budget must be positive")
        self.seconds = seconds
        self.nodes = nodes
        self.used = 0
        self.started = time.monotonic()
        self._deadline = None if seconds is None else self.started + seconds
        self._stride = 1
        self._calls_left = 1
        self._last_clock = self.started
        self.exhausted = False
        self.cancelled = False
        self._outer: Budget | None = None

    def within(self, nodes: int) -> Budget:
        """A budget of at most ``nodes`` nodes inside this one: it shares this one's deadline and runs out
        when this one is cancelled (a sub-search, such as a uniqueness check, must not outlive its request)."""
        inner = Budget(nodes=nodes)
        inner.seconds, inner._deadline, inner._outer = self.seconds, self._deadline, self
        return inner

    def restart(self) -> None:
        """Start the time allowance again from now (a queued request's budget starts when its search does);
        a cancelled budget stays cancelled."""
        self.started = self._last_clock = time.monotonic()
        if self.seconds is not None:
            self._deadline = self.started + self.seconds

    @property
    def elapsed(self) -> float:
        """Seconds since the budget was created."""
        return time.monotonic() - self.started

    def cancel(self) -> None:
        """Make the budget run out now (safe from another thread): the search stops at its next check."""
        self.cancelled = True
        self.exhausted = True

    def _outer_cancelled(self) -> bool:
        """Whether the budget this one lives :meth:`within` has been cancelled."""
        if self._outer is not None and self._outer.cancelled:
            self.cancelled = self.exhausted = True
        return self.cancelled

    def spend(self, nodes: int = 1) -> bool:
        """Count ``nodes`` more nodes; return False (and mark the budget exhausted) once it has run out."""
        if self.exhausted:
            return False
        self.used += nodes
        if self.nodes is not None and self.used > self.nodes:
            self.exhausted = True
        elif self._deadline is not None or self._outer is not None:
            self._calls_left -= 1
            if self._calls_left <= 0:
                self._read_clock()
        return not self.exhausted

    def _read_clock(self) -> None:
        """Check the deadline and pick how many calls to wait before the next read (double the stride while
        reads come quicker than the interval, halve it when slower)."""
        now = time.monotonic()
        if (self._deadline is not None and now > self._deadline) or self._outer_cancelled():
            self.exhausted = True
        since = now - self._last_clock
        self._last_clock = now
        if since < CLOCK_INTERVAL_S / 2:
            self._stride = min(self._stride * 2, MAX_CLOCK_STRIDE)
        elif since > CLOCK_INTERVAL_S * 2:
            self._stride = max(self._stride // 2, 1)
        self._calls_left = self._stride

    @property
    def nodes_left(self) -> int | None:
        """Nodes still allowed (None without a node limit)."""
        return None if self.nodes is None else max(0, self.nodes - self.used)

    def ran_out(self) -> bool:
        """Whether nothing is left: every node spent, or the time up (reads the clock now, unlike spend)."""
        if (self._deadline is not None and time.monotonic() > self._deadline) or self._outer_cancelled():
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
        if self.cancelled:
            return f"search cancelled after {self.used:,} nodes"
        if self.nodes is not None and self.used >= self.nodes:
            return f"search stopped: node budget of {self.nodes:,} exhausted"
        if self.seconds is not None:
            return f"search stopped: time budget of {self.seconds:g} s exhausted after {self.used:,} nodes"
        return f"search stopped after {self.used:,} nodes"


def ran_out(budget: Budget | None) -> bool:
    """Whether an optional budget has run out (no budget never runs out)."""
    return budget is not None and budget.ran_out()

