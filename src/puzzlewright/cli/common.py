"""Conventions every subcommand shares: dictionary options, ``--json`` output, ``--batch`` files, progress.

Puzzle commands use :func:`lexicon_options` (adds ``--dict``, ``--dict-format``, ``--extra-words``,
``--exclude-words`` and passes a loaded ``lexicon``), :func:`json_option` and :func:`emit_json`, and
:func:`run_batch` for JSON Lines batches.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import click

from puzzlewright.errors import PuzzleInputError, PuzzlewrightError, open_input


@dataclass(frozen=True)
class DictionaryChoice:
    """The dictionary options as given, not loaded yet: for commands that can answer some requests
    without building a :class:`~puzzlewright.lexicon.Lexicon` (``lexicon_options(lazy=True)``)."""

    spec: str
    format: str | None = None
    extra_words: str | None = None
    exclude_words: str | None = None

    def load(self) -> Any:
        """The :class:`~puzzlewright.lexicon.Lexicon` these options name."""
        from puzzlewright.lexicon import load_lexicon

        return load_lexicon(self.spec, format=self.format, extra_words=self.extra_words,
                            exclude_words=self.exclude_words)


def lexicon_options(default: str = "english", *, lazy: bool = False) -> Callable:
    """Decorator: add the dictionary options and call the command with ``lexicon=`` the loaded lexicon
    (or, with ``lazy=True``, with ``dictionary=`` a :class:`DictionaryChoice` to load when needed)."""

    def decorate(command: Callable) -> Callable:
        @click.option("--dict", "dict_spec", default=default, show_default=True, metavar="NAME|PATH",
                      help="Built-in dictionary name or word list file.")
        @click.option("--dict-format", type=click.Choice(["plain", "freq", "agid"]), default=None,
                      help="Format of a dictionary file (detected when omitted).")
        @click.option("--extra-words", default=None, metavar="A,B,...", help="Words to add to the dictionary.")
        @click.option("--exclude-words", default=None, metavar="A,B,...", help="Words to remove from it.")
        @functools.wraps(command)
        def wrapper(dict_spec: str, dict_format: str | None, extra_words: str | None,
                    exclude_words: str | None, **kwargs: Any) -> Any:
            choice = DictionaryChoice(dict_spec, dict_format, extra_words, exclude_words)
            if lazy:
                return command(dictionary=choice, **kwargs)
            return command(lexicon=choice.load(), **kwargs)

        return wrapper

    return decorate


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")


def emit_json(value: Any) -> None:
    """Print one JSON object on one line of stdout."""
    click.echo(json.dumps(value, ensure_ascii=False))


def stderr_is_terminal() -> bool:
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


def _batch_lines(path: str) -> Iterator[str]:
    if path == "-":
        yield from sys.stdin
        return
    with open_input(path, "batch file", PuzzleInputError, text=True) as handle:
        try:
            yield from handle
        except UnicodeDecodeError:
            raise PuzzleInputError(f"batch file is not UTF-8 text: {path}") from None


def count_batch_lines(path: str) -> int | None:
    """Number of non-blank lines in a batch file (None for stdin), for the progress bar."""
    if path == "-":
        return None
    return sum(1 for line in _batch_lines(path) if line.strip())


def run_batch(path: str, solve_one: Callable[[dict], dict], description: str = "batch") -> tuple[int, int]:
    """Solve each JSON Lines record of ``path`` ('-' for stdin) and print one JSON result per line.

    A record that fails (bad JSON, bad puzzle) yields ``{"line": N, "error": "..."}`` and the batch goes on.
    Returns (records solved, records failed).
    """
    solved = failed = 0
    with progress_bar(description, count_batch_lines(path)) as advance:
        for number, line in enumerate(_batch_lines(path), 1):
            if not line.strip():
                continue
            result, ok = solve_record(number, line, solve_one)
            solved, failed = solved + ok, failed + (not ok)
            emit_json(result)
            advance()
    return solved, failed


def solve_record(number: int, line: str, solve_one: Callable[[dict], dict]) -> tuple[dict, bool]:
    """One batch line: (its result, True), or ({"line": N, "error": "..."}, False) when it fails."""
    try:
        record = json.loads(line)
        if not isinstance(record, dict):
            raise PuzzleInputError("each line must be a JSON object")
        return solve_one(record), True
    except json.JSONDecodeError as error:
        return {"line": number, "error": f"invalid JSON: {error.msg}"}, False
    except PuzzlewrightError as error:
        return {"line": number, "error": str(error)}, False
