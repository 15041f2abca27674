"""The exceptions every part of puzzlewright raises for bad input or exhausted budgets.

The CLI turns any :class:`PuzzlewrightError` into one line on stderr and exit code 2; the web app turns
it into an HTTP 4xx. Anything else escaping is a bug.
"""

from __future__ import annotations

import errno
import os
import stat
TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time: dict lookup's quick path never loads it
    from collections.abc import Iterator
    from typing import IO, Any, BinaryIO

MAX_LINE_BYTES = 1 << 16  # a line of a word list: far longer than any real entry
MAX_PUZZLE_FILE_BYTES = 1 << 20  # a grid, template or doodle file read whole: a 21x21 .ipuz with clues is ~50 KB
MAX_NUMBER_DIGITS = 20  # digits of a number typed in text (a size, position, slot): past int64, far past any use
LONGEST_ECHO = 200  # characters of one unbroken piece of input an error line repeats in full


class PuzzlewrightError(ValueError):
    """Base class: a problem with the user's input that deserves a clear one-line message. The message is
    made one line and :func:`shortened` as the error is made, so the library, the CLI and the web app say
    the same thing, and a megabyte of input is not repeated whole."""

    def __init__(self, message: object = "", *args: object) -> None:
        super().__init__(shortened(str(message)), *args)


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


def shortened(message: str) -> str:
    """``message`` on one line, with each unbroken run of over :data:`LONGEST_ECHO` characters (a value of
    thousands of digits, a megabyte row that click or a check repeats) cut to its start and its length."""
    message = " ".join(message.splitlines())
    if len(message) <= LONGEST_ECHO:
        return message
    return " ".join(word if len(word) <= LONGEST_ECHO else f"{word[:60]}... ({len(word):,} characters)"
                    for word in message.split(" "))


def open_input(path: str | os.PathLike[str], what: str, error: type[PuzzlewrightError]) -> BinaryIO:
    """Open an input file for reading (binary), turning the OS's failures into ``error`` with one clear line.

    ``what`` names the file in the message ("dictionary file", "batch file"); text is decoded by the
    caller (:func:`decode_text` for a file read whole, per line for streamed ones). Only regular files are
    opened: a FIFO would block until some writer came and a device such as ``/dev/zero`` never ends, so
    both are refused before opening.
    """
    try:
        kind = os.stat(path).st_mode
        if stat.S_ISDIR(kind):
            raise error(f"{what} is a directory, not a file: {path}")
        if not stat.S_ISREG(kind):
            raise error(f"{what} is not a regular file ({_special_kind(kind)}): {path}")
        return open(path, "rb")  # noqa: SIM115 (the caller closes it)
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


def open_output(path: str | os.PathLike[str], what: str = "", *, binary: bool = False) -> IO[Any]:
    """Open an output file for writing (text is UTF-8), turning the OS's failures into one
    :class:`PuzzleInputError` line ("cannot write PATH: ..."). A FIFO is opened only when a program is
    reading it (``--svg >(viewer)`` works): with no reader an open for writing would block for ever, so it
    is refused at once instead."""
    name = f"{what} {path}" if what else str(path)
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    except OSError as failure:
        if failure.errno == errno.ENXIO:  # a FIFO no program is reading
            raise PuzzleInputError(f"cannot write {name}: it is a FIFO no program is reading") from None
        raise PuzzleInputError(f"cannot write {name}: {failure.strerror or failure}") from None
    except ValueError:  # a NUL in the name
        raise PuzzleInputError(f"cannot write {what or 'the file'} {str(path)!r}: not a file name") from None
    os.set_blocking(handle, True)
    return open(handle, "wb") if binary else open(handle, "w", encoding="utf-8")  # noqa: SIM115


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


def read_input(path: str | os.PathLike[str], what: str, error: type[PuzzlewrightError] = PuzzleInputError, *,
               max_bytes: int = MAX_PUZZLE_FILE_BYTES) -> bytes:
    """The bytes of a small input file read whole ('-' for stdin), refused past ``max_bytes``.

    Every option that reads a whole file goes through here (streamed files use :func:`open_input` and
    :func:`capped_lines`), so none can hang on a device or take gigabytes of memory before its checks run:
    the size is checked before reading, and at most ``max_bytes + 1`` bytes are ever read (a file that
    grows meanwhile, or whose size the OS does not report, is still caught).
    """
    if str(path) == "-":
        import sys

        data = sys.stdin.buffer.read(max_bytes + 1)
    else:
        with open_input(path, what, error) as handle:
            if os.fstat(handle.fileno()).st_size > max_bytes:
                raise error(_too_big(what, path, max_bytes))
            try:
                data = handle.read(max_bytes + 1)
            except OSError as failure:
                raise error(f"cannot read {what} {path}: {failure.strerror}") from None
    if len(data) > max_bytes:
        raise error(_too_big(what, path, max_bytes))
    return bytes(data)


def _too_big(what: str, path: str | os.PathLike[str], max_bytes: int) -> str:
    """The message for a file over its cap, naming the file, the cap and the path (for a grid file:
    "... is larger than 1 MB (the limit): PATH")."""
    limit = f"{max_bytes / 2**20:g} MB" if max_bytes >= 2**20 else f"{max_bytes / 1024:g} KB"
    return f"{what} is larger than {limit} (the limit): {path}"


def decode_text(data: bytes, what: str, path: str | os.PathLike[str],
                error: type[PuzzlewrightError] = PuzzleInputError) -> str:
    """File bytes as text: UTF-8, a leading byte order mark dropped, Windows line ends (CRLF) made ``\n``."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{what} is not UTF-8 text: {path}") from None
    return text.replace("\r\n", "\n")


def read_text(path: str | os.PathLike[str], what: str, error: type[PuzzlewrightError] = PuzzleInputError, *,
              max_bytes: int = MAX_PUZZLE_FILE_BYTES) -> str:
    """The whole of a small UTF-8 text file (a template, a grid, a doodle), with one-line errors: see
    :func:`read_input` (regular files only, at most ``max_bytes``) and :func:`decode_text`."""
    return decode_text(read_input(path, what, error, max_bytes=max_bytes), what, path, error)


def names_a_file(value: str, extensions: tuple[str, ...] = ()) -> bool:
    """Whether an option that takes a file or the text itself (``--grid FILE|ROWS``, ``--template``) was
    given a file: a path that exists (of any kind, so a directory or a device gets the file's error
    rather than being read as rows) or that ends with one of ``extensions``. A value made only of ``.``
    and ``/`` is always rows (``../..`` is a 2x2 empty grid, whatever the disk holds)."""
    if value.lower().endswith(extensions):
        return True
    return bool(value.strip("./")) and os.path.lexists(value)


def whole_number(digits: str, what: str, error: type[PuzzlewrightError] = PuzzleInputError) -> int:
    """``int(digits)`` for digits taken from user text, refusing more than :data:`MAX_NUMBER_DIGITS` with a
    one-line ``error``: past 4,300 digits Python raises a bare ValueError, and well before that a number is
    no real size, position or slot (and would make every message that repeats it unreadable)."""
    body = digits.strip().lstrip("+-")
    if len(body) > MAX_NUMBER_DIGITS:
        raise error(f"{what}: a number of {len(body):,} digits (at most {MAX_NUMBER_DIGITS:,})")
    try:
        return int(digits)
    except ValueError:
        raise error(f"{what}: {digits[:40]!r} is not a whole number") from None
