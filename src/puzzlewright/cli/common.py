"""Conventions every subcommand shares: dictionary options, ``--json`` output, ``--batch`` files, progress.

Puzzle commands use :func:`lexicon_options` (adds ``--dict``, ``--dict-format``, ``--extra-words``,
``--exclude-words`` and passes a loaded ``lexicon``), :func:`json_option` and :func:`emit_json`, and
:func:`run_batch` for JSON Lines batches; constructing commands add :data:`allow_option` (``--allow``: the
flagged words they may use, see :mod:`puzzlewright.lexicon.policy`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from puzzlewright.jsonlines import batch_lines, count_batch_lines, solve_record_line
from puzzlewright.cli.shared import dictionary_choice
from puzzlewright.lexicon.policy import ALLOW_HELP
from puzzlewright.progress import progress_bar


def lexicon_options(default: str, *, lazy: bool = False, word_files: bool = False) -> Callable:
    """Decorator: add the dictionary options and call the command with ``lexicon=`` the loaded lexicon
    (or, with ``lazy=True``, with ``dictionary=`` the request's dictionary options and ``lexicon=`` None
    or a word list file's lexicon, or with ``word_files=True`` too, the unread file: see
    :func:`dictionary_choice`)."""

    def decorate(command: Callable) -> Callable:
        @click.option("--dict", "dict_spec", default=default, show_default=True, metavar="NAME|PATH",
                      help="Built-in dictionary name or word list file.")
        @click.option("--dict-format", "--format", "dict_format", type=Choice(["plain", "freq", "scored", "agid"]),
                      default=None, help="Format of a dictionary file (detected when omitted).")
        @click.option("--extra-words", default=None, metavar="A,B,...", help="Words to add to the dictionary.")
        @click.option("--exclude-words", default=None, metavar="A,B,...", help="Words to remove from it.")
        @functools.wraps(command)
        def wrapper(dict_spec: str, dict_format: str | None, extra_words: str | None,
                    exclude_words: str | None, **kwargs: Any) -> Any:
            options, lexicon = dictionary_choice(dict_spec, dict_format, extra_words, exclude_words,
                                                 word_files=word_files, time_limit=kwargs.get("time_limit"))
            if lazy:
                return command(dictionary=options, lexicon=lexicon, **kwargs)
            return command(lexicon=lexicon if lexicon is not None else options.lexicon(), **kwargs)

        return wrapper

    return decorate


class Choice(click.Choice):
    """click's Choice that also says which choice a mistyped value most likely meant."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        from puzzlewright.suggest import did_you_mean

        return super().get_invalid_choice_message(value, ctx) + did_you_mean(str(value), map(str, self.choices))


class FiniteFloat(click.FloatRange):
    """A float option (optionally within a range) that refuses ``inf`` and ``nan``: click's float types
    accept both (``--min-commonness inf`` ran, found nothing and exited 0)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not abs(number) < float("inf"):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
allow_option = click.option("--allow", default=None, metavar="vulgar,proper", help=ALLOW_HELP)


def emit_json(value: Any) -> None:
    """Print one JSON object (a result model, or plain JSON data) on one line of stdout."""
    from puzzlewright.schema import dump_json

    click.echo(dump_json(value))


def run_batch(path: str, solve_one: Callable[[dict], Any], description: str = "batch") -> tuple[int, int]:
    """Solve each JSON Lines record of ``path`` ('-' for stdin) and print one JSON result per line.

    A record that fails (bad JSON, bad puzzle) yields ``{"line": N, "error": "..."}`` and the batch goes on.
    Returns (records solved, records failed).
    """
    solved = failed = 0
    with progress_bar(description, count_batch_lines(path)) as advance:
        for number, line in enumerate(batch_lines(path), 1):
            if not line.strip():
                continue
            text, ok = solve_record_line(number, line, solve_one)
            solved, failed = solved + ok, failed + (not ok)
            click.echo(text)
            advance()
    return solved, failed


def write_pictures(pictures: list[str], path: str) -> None:
    """Write printable pictures (SVG text, one per puzzle): the first to ``path``, the k-th beside it as
    ``<stem>-k.svg`` (``acrostic``, ``jumble`` and ``letterboxed generate --svg FILE``), as one set: a second run
    writing the same FILE meanwhile is refused (:func:`puzzlewright.parallel.spool.write_outputs`)."""
    import os

    from puzzlewright.parallel.spool import write_outputs

    stem, extension = os.path.splitext(path)
    write_outputs([(path if number == 1 else f"{stem}-{number}{extension or '.svg'}",
                    lambda handle, picture=picture: handle.write(picture)) for number, picture in enumerate(pictures, 1)],
                  option="--svg")


def svg_option(what: str) -> Callable:
    """``--svg FILE``: write each generated puzzle as a printable SVG picture (``what`` says what the answer
    key adds)."""
    return click.option("--svg", "svg_path", default=None, metavar="FILE",
                        help=f"Write the puzzle as a printable SVG picture (FILE-2.svg ... for the others); {what}.")
