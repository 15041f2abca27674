"""Batches of puzzles as JSON Lines: reading the records and solving each one with per-record errors.

The CLI's ``--batch FILE`` (``cli.common.run_batch``) and the partitioned engine's batches
(``parallel.batch``) both read and solve records through these functions, so they give the same lines.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator

from puzzlewright.errors import PuzzleInputError, PuzzlewrightError, open_input


def batch_lines(path: str) -> Iterator[str]:
    """The lines of a batch file ('-' for stdin), with one-line errors for unreadable files."""
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
    return sum(1 for line in batch_lines(path) if line.strip())


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
