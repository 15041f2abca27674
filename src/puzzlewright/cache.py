"""What the package keeps for itself: the cache folder, replacing a file atomically, and small in-process
memos of expensive derived objects.

Only ``os`` is imported (no pathlib, no tempfile): Letter Boxed's command line reads its cached index
through this module on a path that must start in a few tens of milliseconds.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from typing import IO, Any

_TEMPORARY_NUMBERS = itertools.count()  # distinct temporary names for threads of one process


def cache_dir() -> str:
    """Where derived data (Wordle pattern matrices, Letter Boxed indexes) is cached: ``$PUZZLEWRIGHT_CACHE``
    (``$PUZZLEWRIGHT_CACHE_DIR`` is read too, as a fallback), else ``$XDG_CACHE_HOME/puzzlewright``, else
    ``~/.cache/puzzlewright``."""
    explicit = os.environ.get("PUZZLEWRIGHT_CACHE") or os.environ.get("PUZZLEWRIGHT_CACHE_DIR")
    if explicit:
        return os.path.expanduser(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "puzzlewright")


def fsync_directory(directory: str | os.PathLike) -> None:
    """Make a rename inside ``directory`` durable (a no-op where directories cannot be opened)."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def atomic_write(path: str | os.PathLike, write: Callable[[IO[Any]], object], *, text: bool = False,
                 durable: bool = True) -> None:
    """Replace ``path`` all at once by what ``write(handle)`` writes: into a temporary file beside it
    (``.<name>.<pid>.<n>.tmp``), fsynced, renamed over ``path`` with :func:`os.replace`, then the folder
    fsynced. Any error (or an interrupt) removes the temporary file and propagates: readers see the old
    file or the new one, never part of one. ``text`` opens the file as UTF-8 text instead of bytes;
    ``durable`` False skips the fsyncs (scratch files that need not survive a crash)."""
    path = os.fspath(path)
    directory, name = os.path.split(path)
    temporary = os.path.join(directory, f".{name}.{os.getpid()}.{next(_TEMPORARY_NUMBERS)}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") if text else open(temporary, "wb") as handle:
            write(handle)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(temporary, path)
        if durable:
            fsync_directory(directory or os.curdir)
    except BaseException:
        try:
            os.remove(temporary)
        except OSError:
            pass
        raise


def remember(memo: dict, key: object, value: object, limit: int) -> None:
    """Store ``value`` in a small in-process memo, dropping the oldest entries beyond ``limit``."""
    memo[key] = value
    while len(memo) > limit:
        try:
            memo.pop(next(iter(memo)), None)
        except (StopIteration, RuntimeError):  # another thread (the web app's) changed the memo meanwhile
            break
