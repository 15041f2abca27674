"""Progress bars and status lines on stderr, shown only on a terminal, for long searches and batches.

Every line drawn fits the terminal (80 columns included): the bar shrinks first, then the least
important status fields are left out, then the description is cut. The ETA is redrawn several times a
second, so it counts down between steps instead of freezing on the last one.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

BAR_MIN_WIDTH = 8
"""The bar's narrowest width; the status fields give way before it does."""

STATUS_AFTER_S = 1.0
"""A status line shows once a wait has lasted this long: no silent wait over a second, no flicker under it."""


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (progress is drawn only there)."""
    return sys.stderr.isatty()


@contextmanager
def progress_bar(description: str, total: float | None, enabled: bool | None = None, *,
                 counted: bool = True, waiting: str = "", time_limit: float | None = None
                 ) -> Iterator[Callable[..., None]]:
    """A rich progress bar on stderr (only on a terminal); yields ``advance(n=1, **fields)``.

    ``counted`` shows done/total (lines, puzzles); otherwise ``total`` is an amount of estimated work
    (e.g. partition sizes) and the bar shows a percentage. ``fields`` are shown as ``value name`` in the
    order given, the first most important (the last are left out first on a narrow terminal).
    ``waiting`` is the status shown until the first step (what the run is starting, e.g. a cluster).
    The ETA is the elapsed time scaled by the work still to do over the work done (a run's average rate,
    so it does not swing with each step), counted down between steps; with ``time_limit`` (seconds) the
    line shows when the run stops instead, if that comes first.
    """
    if enabled is None:
        enabled = stderr_is_terminal()
    if not enabled:
        yield lambda n=1, **fields: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn
    from rich.table import Column

    console = Console(stderr=True)
    state = _BarState(description, waiting, counted, time_limit)
    amount = MofNCompleteColumn(table_column=Column(no_wrap=True)) if counted else TaskProgressColumn(
        table_column=Column(no_wrap=True))
    columns = [_live_text(lambda task: state.layout(task, console.width)[0]), BarColumn(bar_width=None), amount,
               _live_text(lambda task: state.layout(task, console.width)[1])]
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(description, total=total)

        def advance(n: float = 1, **fields: Any) -> None:
            state.step(fields)
            progress.update(task, advance=n)

        yield advance


class _BarState:
    """What a progress bar's text columns show: the description, the latest fields and the live ETA."""

    def __init__(self, description: str, waiting: str, counted: bool, time_limit: float | None):
        self.description, self.counted, self.fields = description, counted, {"": waiting} if waiting else {}
        self.time_limit = time_limit
        self.started = self.last_step = time.perf_counter()

    def step(self, fields: dict[str, Any]) -> None:
        """A step was done: keep its fields (if any) and restart the countdown from now."""
        self.last_step = time.perf_counter()
        if fields or "" in self.fields:
            self.fields = dict(fields)

    def layout(self, task: Any, width: int) -> tuple[str, str]:
        """The text before the bar (the description, cut if even it does not fit) and after it (as many
        status fields as fit in ``width``, then the elapsed time and the ETA)."""
        now = time.perf_counter()
        clock = f"{clock_text(now - self.started)} {self._eta(task, now)}"
        room = width - BAR_MIN_WIDTH - self._amount_width(task) - len(clock) - 4  # 4: the columns' gaps
        head = self.description if len(self.description) <= room else self.description[:max(room - 1, 1)] + "…"
        room -= len(head)
        shown: list[str] = []
        for name, value in self.fields.items():
            text = f"{value} {name}".strip()
            if len(text) + 2 > room:
                if not shown and room >= 10:  # the most important field, cut rather than left out
                    shown.append(text[:room - 3] + "…")
                break
            shown.append(text)
            room -= len(text) + 2
        return head, "  ".join([*shown, clock])

    def _eta(self, task: Any, now: float) -> str:
        """The ETA, or when the time limit stops the run if that is sooner."""
        seconds = eta_seconds(self.last_step - self.started, task.completed, task.total, now - self.last_step)
        if self.time_limit is not None:
            stops_in = self.time_limit - (now - self.started)
            if stops_in <= 0:
                return "time limit reached"
            if seconds is None or stops_in < seconds:
                return f"limit in {clock_text(stops_in)}"
        return _eta_words(seconds)

    def _amount_width(self, task: Any) -> int:
        """The widest the done/total (or percentage) column gets."""
        return 2 * len(str(int(task.total or 0))) + 1 if self.counted else len("100%")


def _live_text(make: Callable[[Any], str]) -> Any:
    """A progress column whose text ``make(task)`` makes at each redraw (rich redraws ~10 times a second,
    so a clock in it keeps moving between steps)."""
    from rich.progress import ProgressColumn
    from rich.table import Column
    from rich.text import Text

    class LiveText(ProgressColumn):
        def render(self, task: Any) -> Text:
            return Text(make(task), no_wrap=True, overflow="ellipsis")

    return LiveText(table_column=Column(no_wrap=True, overflow="ellipsis"))


def clock_text(seconds: float) -> str:
    """``H:MM:SS``."""
    whole = max(round(seconds), 0)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def eta_seconds(elapsed: float | None, done: float, total: float | None, since_step: float = 0.0) -> float | None:
    """Seconds left from the average rate up to the last step: elapsed x (work left / work done), less
    the ``since_step`` seconds gone since that step; None before the first step. When that runs out
    before the next step, the run is slower than its average so far: the estimate is redone as if the
    step had been done now."""
    if not elapsed or done <= 0 or not total:
        return None
    left = max(total - done, 0)
    seconds = elapsed * left / done - since_step
    if seconds < 0 < left:
        seconds = (elapsed + since_step) * left / done
    return seconds


def eta_text(elapsed: float | None, done: float, total: float | None, since_step: float = 0.0) -> str:
    """``eta H:MM:SS`` (see :func:`eta_seconds`), ``eta -:--:--`` before the first step."""
    return _eta_words(eta_seconds(elapsed, done, total, since_step))


def _eta_words(seconds: float | None) -> str:
    return "eta -:--:--" if seconds is None else f"eta {clock_text(seconds)}"


@contextmanager
def status_line(text: str, enabled: bool | None = None, *, after: float = STATUS_AFTER_S
                ) -> Iterator[Callable[[str], None]]:
    """A one-line status on stderr (only on a terminal) with a spinner and the time so far, shown once the
    work has taken ``after`` seconds (a quick run does not flicker) and gone when it ends; yields
    ``update(text)``. For a wait whose size is not known in advance."""
    if enabled is None:
        enabled = stderr_is_terminal()
    if not enabled:
        yield lambda new_text: None
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
    from rich.table import Column

    columns = [SpinnerColumn(), TextColumn("{task.description}", table_column=Column(no_wrap=True,
                                                                                     overflow="ellipsis")),
               TimeElapsedColumn()]
    progress = Progress(*columns, console=Console(stderr=True), transient=True)
    task = progress.add_task(text, total=None)
    lock, shown = threading.Lock(), [False]

    def show() -> None:
        with lock:
            if not shown[0]:
                progress.start()
                shown[0] = True

    timer = threading.Timer(after, show)
    timer.daemon = True
    timer.start()
    try:
        yield lambda new_text: progress.update(task, description=new_text)
    finally:
        timer.cancel()
        with lock:
            if shown[0]:
                progress.stop()
            shown[0] = True  # a timer that fires now finds the line already done
