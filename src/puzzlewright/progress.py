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
def progress_bar(description: str, total: float | None, enabled: bool | None = None) -> Iterator[Callable]:
    """A rich progress bar on stderr (only on a terminal); yields ``advance(n=1, **fields)``."""
    if enabled is None:
        enabled = stderr_is_terminal()
    if not enabled:
        yield lambda n=1, **fields: None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[status]}"), TimeElapsedColumn(), TextColumn("eta"),
               TimeRemainingColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        task = progress.add_task(description, total=total, status="")

        def advance(n: float = 1, **fields: Any) -> None:
            status = "  ".join(f"{k}={v}" for k, v in fields.items())
            progress.update(task, advance=n, **({"status": status} if fields else {}))

        yield advance
