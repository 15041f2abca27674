"""The exceptions every part of puzzlewright raises for bad input or exhausted budgets.

The CLI turns any :class:`PuzzlewrightError` into one line on stderr and exit code 2; the web app turns
it into an HTTP 4xx. Anything else escaping is a bug.
"""

from __future__ import annotations

import os
import stat
TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time: dict lookup's quick path never loads it
    from collections.abc import Iterator
    from typing import IO, Any, BinaryIO

MAX_LINE_BYTES = 1 << 16  # a line of a word list: far longer than any real entry


class PuzzlewrightError(ValueError):
    """Base class: a problem with the user's input that deserves a clear one-line message."""


class LexiconError(PuzzlewrightError):
    """A dictionary could not be found, read or parsed."""


class PuzzleInputError(PuzzlewrightError):
    """A puzzle (seed, pool, sides, pattern, mask...) is malformed."""


class BudgetExceeded(PuzzlewrightError):
    """A search ran out of its time or node budget before it finished."""


class WorkInProgress(BudgetExceeded):
    """A one-off preparation that is kept once done (a cached listing) ran out of time part-way: what was
    done is kept, so asking again continues from there; ``progress`` (0-1) says how far it got."""

    def __init__(self, message: str, progress: float):
        super().__init__(message)
        self.progress = progress

    def __reduce__(self) -> tuple[type[WorkInProgress], tuple[str, float]]:
        return type(self), (str(self), self.progress)  # survives the trip back from a worker process


def open_input(path: str | os.PathLike[str], what: str, error: type[PuzzlewrightError], *,
               text: bool = False) -> IO[Any]:
    """Open an input file for reading, turning the OS's failures into ``error`` with one clear line.

    ``what`` names the file in the message ("dictionary file", "batch file"); ``text`` opens it as UTF-8
    (a leading byte order mark, as Windows editors write, is dropped). Only regular files are opened: a
    FIFO would block until some writer came and a device such as ``/dev/zero`` never ends, so both are
    refused before opening.
    """
    try:
        kind = os.stat(path).st_mode
        if stat.S_ISDIR(kind):
            raise error(f"{what} is a directory, not a file: {path}")
        if not stat.S_ISREG(kind):
            raise error(f"{what} is not a regular file ({_special_kind(kind)}): {path}")
        return open(path, encoding="utf-8-sig") if text else open(path, "rb")  # noqa: SIM115 (caller closes)
    except FileNotFoundError:
        raise error(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise error(f"{what} is a directory, not a file: {path}") from None
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror}") from None
    except PuzzlewrightError:
        raise
    except ValueError:  # a NUL in the name
        raise error(f"{what} not found: {path!r}") from None


def _special_kind(mode: int) -> str:
    """What a non-regular file is, for messages."""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def capped_lines(handle: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | None]:
    """The lines of a binary file, each at most ``limit`` bytes; a longer line is skipped (read through in
    pieces, never held whole) and yields None in its place, so the caller can say which line it was."""
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        while line and not line.endswith(b"\n"):  # the rest of an over-long line
            line = handle.readline(limit)
        yield None


def read_text(path: str | os.PathLike[str], what: str, error: type[PuzzlewrightError] = PuzzleInputError) -> str:
    """The whole of a small UTF-8 text file (a template, a grid, a batch), with one-line errors."""
    with open_input(path, what, error, text=True) as handle:
        try:
            return str(handle.read())
        except UnicodeDecodeError:
            raise error(f"{what} is not UTF-8 text: {path}") from None
