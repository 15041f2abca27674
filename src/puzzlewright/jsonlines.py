"""Batches of puzzles as JSON Lines: reading the records and solving each one with per-record errors.

The CLI's ``--batch FILE`` (``cli.common.run_batch``) and the partitioned engine's batches
(``parallel.batchjob``) both read and solve records through these functions, so they give the same lines.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from puzzlewright.errors import PuzzleInputError, PuzzlewrightError, capped_lines, open_input
from puzzlewright.jsontext import JsonTextError, loads_strict
from puzzlewright.schema import dump_json

MAX_BATCH_LINE_BYTES = 4 * 2**20  # one record: far above any real puzzle, far below a memory problem
# Markers standing for unreadable lines (no real line can be one: JSON has no raw NUL), and their errors.
LINE_TOO_LONG, NOT_UTF8 = "\0line too long\0", "\0not UTF-8\0"
UNREADABLE = {LINE_TOO_LONG: f"line longer than {MAX_BATCH_LINE_BYTES:,} bytes; skipped",
              NOT_UTF8: "invalid JSON: the line is not UTF-8 text"}


def batch_lines(path: str) -> Iterator[str]:
    """The lines of a batch file ('-' for stdin), with one-line errors for unreadable or special files.

    Lines are read with a cap (:data:`~puzzlewright.errors.MAX_LINE_BYTES`): a longer line (or a file of
    no newlines) comes back as :data:`LINE_TOO_LONG` without being held in memory, a line that is not
    UTF-8 as :data:`NOT_UTF8`; each becomes that line's error record, so one bad line never ends the batch.
    """
    if path == "-":
        handle = sys.stdin.buffer
        yield from (_decode(line) for line in capped_lines(handle, MAX_BATCH_LINE_BYTES))
        return
    with open_input(path, "batch file", PuzzleInputError) as handle:
        yield from (_decode(line) for line in capped_lines(handle, MAX_BATCH_LINE_BYTES))


def _decode(line: bytes | None) -> str:
    """A line as text, or the marker of a line too long or not UTF-8 (that line's error, not the file's)."""
    if line is None:
        return LINE_TOO_LONG
    try:
        return line.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return NOT_UTF8


RECORD_DICTIONARY_KEYS = ("dict", "words", "extra_words", "exclude_words", "min_commonness")


def uses_own_dictionary(record: dict) -> bool:
    """Whether a batch record names its own words (it then gets its own lexicon; the others share the
    command's)."""
    return any(record.get(key) is not None for key in RECORD_DICTIONARY_KEYS)


def count_batch_lines(path: str) -> int | None:
    """Number of non-blank lines in a batch file (None for stdin), for the progress bar."""
    if path == "-":
        return None
    return sum(1 for line in batch_lines(path) if line.strip())


def solve_record(number: int, line: str, solve_one: Callable[[dict], dict]) -> tuple[dict, bool]:
    """One batch line: (its result, True), or ({"line": N, "error": "..."}, False) when it fails, whatever
    the failure (a bug included: the batch goes on, and the line says what went wrong)."""
    result, _, ok = _solved_record(number, line, solve_one)
    return result, ok


def solve_record_line(number: int, line: str, solve_one: Callable[[dict], dict]) -> tuple[str, bool]:
    """:func:`solve_record` as the JSON line to print: a result is serialised once (the check that it
    is printable is its printing's own serialisation)."""
    result, text, ok = _solved_record(number, line, solve_one)
    return dump_json(result) if text is None else text, ok


def _solved_record(number: int, line: str, solve_one: Callable[[dict], dict]) -> tuple[dict, str | None, bool]:
    """One batch line: (its result, its JSON line, True), or ({"line": N, "error": "..."}, None, False)."""
    if line in UNREADABLE:
        return {"line": number, "error": UNREADABLE[line]}, None, False
    try:
        record = loads_strict(line, "the line")
        if not isinstance(record, dict):
            raise PuzzleInputError("each line must be a JSON object")
        result = solve_one(record)
        text = dump_json(result)
        text.encode("utf-8")  # what is printed must be printable (UTF-8, not a lone surrogate)
        return result, text, True
    except JsonTextError as error:
        return {"line": number, "error": f"invalid JSON: {str(error).removeprefix('the line is not valid JSON: ')}"}, None, False
    except Exception as error:  # noqa: BLE001 (a bug too is reported on its line rather than ending the batch)
        return {"line": number, "error": failure_message(error)}, None, False


def failure_message(error: Exception) -> str:
    """One line for a record that failed: the message of a :class:`PuzzlewrightError`, else (a bug) its
    kind and first words, so the rest of the batch still runs."""
    if isinstance(error, PuzzlewrightError):
        return str(error)
    detail = " ".join(str(error).split())[:200]
    return f"internal error: {type(error).__name__}: {detail}"


def first_line(path: str) -> str:
    """The first non-blank line of a batch file ("" when it has none), read with the line cap."""
    return next((line for line in batch_lines(path) if line.strip()), "")
