"""Progress bars on stderr, shown only on a terminal, for long searches and batches."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def stderr_is_terminal() -> bool:
    """Whether stderr is a terminal (progress is drawn only there)."""
    return sys.stderr.isatty()


@contextmanager
def progress_bar(description: str, total: float | None, enabled: bool | None = None, *,
                 counted: bool = True) -> Iterator[Callable]:
    """A rich progress bar on stderr (only on a terminal); yields ``advance(n=1, **fields)``.

    ``counted`` shows done/total (lines, puzzles); otherwise ``total`` is an amount of estimated work
    (e.g. partition sizes) and the bar shows a percentage. The ETA is the elapsed time scaled by the work
    still to do over the work done (a run's average rate, so it does not swing with each step).
    """
    if enabled is None:
        enabled = stderr_is_terminal()
    if not enabled:
        yield lambda n=1, **fields: None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn,
                               TimeElapsedColumn)

    amount = MofNCompleteColumn() if counted else TaskProgressColumn()
    columns = [TextColumn("{task.description}"), BarColumn(), amount, TextColumn("{task.fields[status]}"),
               TimeElapsedColumn(), TextColumn("{task.fields[eta]}")]
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        task = progress.add_task(description, total=total, status="", eta="eta (after the first step)")

        def advance(n: float = 1, **fields: Any) -> None:
            status = "  ".join(f"{k}={v}" for k, v in fields.items())
            progress.update(task, advance=n, **({"status": status} if fields else {}))
            state = progress.tasks[0]
            progress.update(task, eta=eta_text(state.elapsed, state.completed, state.total))

        yield advance


def eta_text(elapsed: float | None, done: float, total: float | None) -> str:
    """``eta H:MM:SS`` from the average rate so far: elapsed x (work left / work done)."""
    if not elapsed or done <= 0 or not total:
        return "eta (after the first step)"
    seconds = round(elapsed * max(total - done, 0) / done)
    return f"eta {seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
