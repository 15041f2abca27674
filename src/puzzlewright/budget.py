"""Search machinery shared by every solver: budgets that stop an expensive search cleanly.

A solver takes an optional :class:`Budget` and calls :meth:`Budget.spend` as it expands nodes. When the
allowance runs out the solver either raises :class:`~puzzlewright.errors.BudgetExceeded` or, where partial
results are useful (enumerations), stops and reports ``complete=False``.

The budget covers the whole answer, not only the search: what comes after it (ranking what was found,
building the result, encoding it) goes through :func:`paced` and :func:`sorted_paced`, which call
:meth:`Budget.check_finishing` every few thousand items. That work may run :data:`FINISH_SLACK_S` past the
deadline (so a search stopped by its time limit can still rank a partial answer), never more: then it
raises :class:`~puzzlewright.errors.BudgetExceeded`, and a cancelled budget raises at once.
"""

from __future__ import annotations

import time

from puzzlewright.errors import BudgetExceeded, PuzzleInputError

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path imports this module)
    from collections.abc import Callable, Iterable, Iterator
    from typing import TypeVar

    T = TypeVar("T")

# How often (seconds) a running search reads the clock, and the most calls of Budget.spend between reads.
CLOCK_INTERVAL_S = 0.002
MAX_CLOCK_STRIDE = 4096
# Seconds past the deadline that ranking and building a stopped search's answer may take before they give up
FINISH_SLACK_S = 0.1
# Items between two budget checks of paced work (ranking, result building, encoding: microseconds each)
PACE = 2048
# Items sorted in one piece by sorted_paced, and scored in one piece (a few milliseconds: the GIL is held
# meanwhile, and the web app's event loop waits for it)
SORT_BLOCK = 4096


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
        # Called at every read of the clock (every few ms of a search) and every paced check: a server sets
        # it to let other requests have the interpreter for a moment (see puzzlewright.web.limits)
        self.pause: Callable[[], None] | None = None

    def within(self, nodes: int | None) -> Budget:
        """A budget of at most ``nodes`` nodes inside this one: it shares this one's deadline and runs out
        when this one is cancelled (a sub-search, such as a uniqueness check, must not outlive its request)."""
        inner = Budget(nodes=nodes)
        inner.seconds, inner._deadline, inner._outer, inner.pause = self.seconds, self._deadline, self, self.pause
        return inner

    def narrowed(self, seconds: float | None = None, nodes: int | None = None) -> Budget:
        """This budget, or one :meth:`within` it that also stops after ``seconds`` (from now) or ``nodes``: a
        request that sets its own limits gets them on a server too, inside the server's allowance."""
        if seconds is None and nodes is None:
            return self
        inner = self.within(nodes)
        if seconds is not None:
            deadline = time.monotonic() + seconds
            if inner._deadline is None or deadline < inner._deadline:
                inner.seconds, inner._deadline = seconds, deadline
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
        if self.pause is not None:
            self.pause()
            self._last_clock = time.monotonic()  # the pause is not the search's pace

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

    def check_finishing(self) -> None:
        """Raise :class:`BudgetExceeded` when the work after the search (ranking, building and encoding the
        answer) must stop: the budget was cancelled, or its time is more than :data:`FINISH_SLACK_S` past.
        A node limit does not stop it: nodes measure the search alone."""
        if self.pause is not None:
            self.pause()
        if self._outer_cancelled():
            raise BudgetExceeded(self.describe())
        if self._deadline is not None and time.monotonic() > self._deadline + FINISH_SLACK_S:
            self.exhausted = True
            raise BudgetExceeded(f"time budget of {self.seconds:g} s exhausted while ranking and building "
                                 f"the answer (after {self.used:,} search nodes)")

    def check_time(self, doing: str) -> None:
        """Raise :class:`BudgetExceeded` when the budget was cancelled or its time is up, saying it ran out
        while ``doing``: for the work before a search, such as indexing a request's own words, which counts
        no nodes (a node limit does not stop it)."""
        if self.pause is not None:
            self.pause()
        if self._outer_cancelled():
            raise BudgetExceeded(self.describe())
        if self._deadline is not None and time.monotonic() > self._deadline:
            self.exhausted = True
            raise BudgetExceeded(f"time budget of {self.seconds:g} s exhausted while {doing}")

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


def check_time(budget: Budget | None, doing: str) -> None:
    """:meth:`Budget.check_time` of an optional budget (no budget never runs out)."""
    if budget is not None:
        budget.check_time(doing)


def paced(items: Iterable[T], budget: Budget | None, every: int = PACE) -> Iterator[T]:
    """``items``, with :meth:`Budget.check_finishing` called before every ``every``-th: a loop over a big
    search's findings (ranking them, building the result) stops soon after its budget does. A list or tuple
    of ``every`` items or fewer is checked once, at once, and iterated as it is: most searches find a few
    dozen solutions, and a generator step per item was most of the pacing's cost."""
    if budget is None:
        return iter(items)
    if isinstance(items, (list, tuple)) and len(items) <= every:  # one check, then the items without a generator
        if items:
            budget.check_finishing()
        return iter(items)
    return _paced(items, budget, every)


def _paced(items: Iterable[T], budget: Budget, every: int) -> Iterator[T]:
    for count, item in enumerate(items):
        if not count % every:
            budget.check_finishing()
        yield item


def sorted_paced(items: Iterable[T], budget: Budget | None, block: int = SORT_BLOCK) -> Iterator[T]:
    """``sorted(items)``, interruptible: blocks of ``block`` items sorted one at a time, with the budget
    checked between them, then merged as the caller reads them (one block needs no merge). Sorting half a
    million solutions in one call would take most of a second past any deadline."""
    blocks: list[list[T]] = []
    gathered = iter(paced(items, budget))
    while True:
        chunk = [item for _, item in zip(range(block), gathered)]
        if not chunk:
            break
        chunk.sort()  # items are comparable: the caller's sort keys
        blocks.append(chunk)
        if budget is not None:
            budget.check_finishing()
    if len(blocks) <= 1:
        return iter(blocks[0] if blocks else [])
    import heapq  # here: only big sorts need it

    return paced(heapq.merge(*blocks), budget)  # type: ignore[type-var]
