"""Conventions every subcommand shares: dictionary options, ``--json`` output, ``--batch`` files, progress.

Puzzle commands use :func:`lexicon_options` (adds ``--dict``, ``--dict-format``, ``--extra-words``,
``--exclude-words`` and passes a loaded ``lexicon``), :func:`json_option` and :func:`emit_json`, and
:func:`run_batch` for JSON Lines batches.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from puzzlewright.batch import batch_lines, count_batch_lines, solve_record
from puzzlewright.progress import progress_bar


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
        @click.option("--dict-format", "--format", "dict_format", type=click.Choice(["plain", "freq", "scored", "agid"]),
                      default=None, help="Format of a dictionary file (detected when omitted).")
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


def run_batch(path: str, solve_one: Callable[[dict], dict], description: str = "batch") -> tuple[int, int]:
    """Solve each JSON Lines record of ``path`` ('-' for stdin) and print one JSON result per line.

    A record that fails (bad JSON, bad puzzle) yields ``{"line": N, "error": "..."}`` and the batch goes on.
    Returns (records solved, records failed).
    """
    solved = failed = 0
    with progress_bar(description, count_batch_lines(path)) as advance:
        for number, line in enumerate(batch_lines(path), 1):
            if not line.strip():
                continue
            result, ok = solve_record(number, line, solve_one)
            solved, failed = solved + ok, failed + (not ok)
            emit_json(result)
            advance()
    return solved, failed
