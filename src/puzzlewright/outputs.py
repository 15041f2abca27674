"""Writing the files a command is asked to write (``--output FILE``, ``--svg``, ``--png``): whole or not at all.

A new or regular file is written to a temporary copy and renamed over the name only once it is whole
(:func:`puzzlewright.cache.atomic_write`), so two runs writing one file leave one run's whole output, never a mix
of both, and a run killed part-way leaves what was there. A FIFO or device is written in place.

Runs that write a file over a long time or several files as one set hold a locked folder beside it
(:mod:`puzzlewright.parallel.spool`).
"""

from __future__ import annotations

import os
import stat

from puzzlewright.cache import atomic_write
from puzzlewright.errors import PuzzleInputError, open_output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, Any


def write_output(path: str, write: Callable[[IO[Any]], object], *, binary: bool = False,
                 scratch: str | None = None) -> None:
    """Write an output file whole: ``write(handle)`` writes its content (UTF-8 text, or bytes with ``binary``).

    A new or regular file is replaced all at once once ``write`` returns (:func:`puzzlewright.cache.atomic_write`:
    a temporary file in its folder, or in the folder ``scratch`` on the same file system, renamed over it), so
    two runs writing one file leave one run's whole output, never a mix of both, and a run killed part-way
    leaves the file as it was. A FIFO or device (``--svg >(viewer)``) is written in place (:func:`open_output`),
    and a name of one of this process's descriptors (``/dev/stdout``) through that descriptor. A failure is one :class:`PuzzleInputError` line ("cannot write PATH: ...")."""
    try:
        descriptor = named_descriptor(path)
        if descriptor is not None:
            _write_through(descriptor, write, binary)
        elif replaceable(path):
            atomic_write(os.path.realpath(path), write, text=not binary, scratch=scratch)
        else:
            with open_output(path, binary=binary) as handle:
                write(handle)
    except OSError as failure:  # a full disk, /dev/full, a folder we may not write in
        raise PuzzleInputError(f"cannot write {path}: {failure.strerror or failure}") from None


def replaceable(path: str) -> bool:
    """Whether the output ``path`` is written by replacing it (it is missing or a regular file; a symbolic link
    counts as what it points to), rather than in place (a FIFO, a device, a descriptor's name)."""
    if named_descriptor(path) is not None:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return True  # the write itself says what is wrong (a name too long, a folder we may not read)
    except ValueError:  # a NUL in the name
        raise PuzzleInputError(f"cannot write the file {path!r}: not a file name") from None


def named_descriptor(path: str) -> int | None:
    """The descriptor of this process that ``path`` names (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``,
    ``/proc/self/fd/N``), or None. Output to such a name goes through the descriptor itself: the shell's
    ``> out.txt`` or ``>> out.txt`` already chose the file and where to write in it, and the file reached
    through the name would be truncated by opening it, or cut off from the descriptor by replacing it, losing
    what else the command prints there (``>> out.txt`` kept only the squares of a count)."""
    name = os.path.normpath(path)
    if name in ("/dev/stdout", "/dev/stderr"):
        return 1 if name == "/dev/stdout" else 2
    for folder in ("/dev/fd/", "/proc/self/fd/", f"/proc/{os.getpid()}/fd/"):
        number = name.removeprefix(folder)
        if number != name and number.isdigit():
            return int(number)
    return None


def _write_through(descriptor: int, write: Callable[[IO[Any]], object], binary: bool) -> None:
    """``write(handle)`` to a copy of ``descriptor`` (sharing its file offset), after what this process has
    printed so far."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    with (os.fdopen(os.dup(descriptor), "wb") if binary
          else os.fdopen(os.dup(descriptor), "w", encoding="utf-8")) as handle:
        write(handle)
