"""What the package keeps for itself: the cache folder (bounded: a size cap, least recently used files
evicted first), replacing a file atomically, and small in-process memos of expensive derived objects.

Every file the package caches lives in :func:`cache_dir` under a name starting with one of
:data:`OWN_PREFIXES` (a file, or a sub-folder such as ``lexicons/`` and ``kernels/`` whose files are all
the package's); writers use :func:`store` (which trims the whole folder to :func:`cache_limit`, whatever
sub-folder the new file went to) and readers :func:`touch` what they read, so "least recently used" means
used, not written. So every file the package writes there is counted, evicted oldest-used first and cleared,
in one place (:func:`trim_cache`). Nothing else in the folder is ever counted, evicted or cleared, whatever
``$PUZZLEWRIGHT_CACHE`` points at (it may be a folder that holds other files).

Only ``os`` is imported (no pathlib, no tempfile, no typing): Letter Boxed's command line reads its cached index
through this module on a path that must start in a few tens of milliseconds.
"""

from __future__ import annotations

import itertools
import os
import time

from puzzlewright.record import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    from collections.abc import Callable
    from typing import IO, Any

_TEMPORARY_NUMBERS = itertools.count()  # distinct temporary names for threads of one process
DEFAULT_CACHE_LIMIT = 2 * 2**30  # bytes; $PUZZLEWRIGHT_CACHE_LIMIT overrides (e.g. 500M, 4G)
# The names the package writes at the top of the cache folder: files (wordle-matrix-..., ranker-...) and the
# sub-folders kernels/ (compiled C kernels) and lexicons/ (built --dict FILE word lists).
OWN_PREFIXES = ("wordle-", "letterboxed-", "acrostic-", "grid-", "kernels", "lexicons", "ranker-")
STALE_TEMPORARY_S = 3600  # a temporary file this old was left by a killed process
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


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


def temporary_path(path: str | os.PathLike, folder: str | os.PathLike | None = None) -> str:
    """A name to write ``path`` under before renaming it into place: ``.<name>.<pid>.<n>.tmp`` beside it (in
    ``folder`` when given), unique to this process and thread. The cache folder never counts, evicts or clears
    such a file while it is fresh (another process may be writing it), and removes it once stale (left by a
    killed process)."""
    directory, name = os.path.split(os.fspath(path))
    return os.path.join(directory if folder is None else os.fspath(folder),
                        f".{name}.{os.getpid()}.{next(_TEMPORARY_NUMBERS)}.tmp")


def atomic_write(path: str | os.PathLike, write: Callable[[IO[Any]], object], *, text: bool = False,
                 durable: bool = True, before_replace: Callable[[], object] | None = None,
                 scratch: str | os.PathLike | None = None) -> None:
    """Replace ``path`` all at once by what ``write(handle)`` writes: into a temporary file beside it
    (``.<name>.<pid>.<n>.tmp``; in the folder ``scratch`` instead when given, which must be on the same file
    system), fsynced, renamed over ``path`` with :func:`os.replace`, then the folder fsynced. Any error (or an
    interrupt) removes the temporary file and propagates: readers see the old file or the new one, never part
    of one. ``text`` opens the file as UTF-8 text instead of bytes; ``durable`` False skips the fsyncs
    (scratch files that need not survive a crash); ``before_replace`` is called once the temporary file is
    whole, just before the rename (:func:`store` makes room there)."""
    path = os.fspath(path)
    directory = os.path.dirname(path)
    temporary = temporary_path(path, scratch)
    try:
        with open(temporary, "w", encoding="utf-8") if text else open(temporary, "wb") as handle:
            write(handle)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(temporary, path)
        if durable:
            fsync_directory(directory or os.curdir)
    except BaseException:
        try:
            os.remove(temporary)
        except OSError:
            pass
        raise


def recall_for(memo: dict[Any, Any], key: object, owners: tuple[object, ...]) -> Any:
    """What :func:`remember_for` stored under ``key`` for exactly these ``owners`` (the same objects, not
    equal ones: an id can be reused once its object is gone), or None."""
    hit = memo.get(key)
    if hit is None or len(hit[0]) != len(owners) or any(ref() is not owner for ref, owner in zip(hit[0], owners)):
        return None
    return hit[1]


def remember_for(memo: dict[Any, Any], key: object, owners: tuple[object, ...], value: object, limit: int) -> None:
    """Remember ``value``, made from ``owners`` (lexicons, word tables), under ``key`` (their ids and options)
    without keeping the owners alive: the entry goes when any owner does. A memo of what was built on a
    request's own lexicon so holds it no longer than the lexicon's own memo does (the web app's memory grew
    by ~30 MB with each request naming its own words on english-large, every such lexicon kept by several
    memos)."""
    import weakref

    def forget(_: object) -> None:
        memo.pop(key, None)

    remember(memo, key, (tuple(weakref.ref(owner, forget) for owner in owners), value), limit)


def remember(memo: dict, key: object, value: object, limit: int) -> None:
    """Store ``value`` in a small in-process memo, dropping the oldest entries beyond ``limit``."""
    memo[key] = value
    while len(memo) > limit:
        try:
            memo.pop(next(iter(memo)), None)
        except (StopIteration, RuntimeError):  # another thread (the web app's) changed the memo meanwhile
            break


class CacheFile(Record):
    """One file of the cache folder: where, how big, when last used (written or read)."""

    path: str
    size: int
    used: float
    FIELDS = __slots__ = ("path", "size", "used")

    def __init__(self, path: str, size: int, used: float) -> None:
        self.path, self.size, self.used = path, size, used


def cache_limit() -> int:
    """The cache folder's size cap in bytes: ``$PUZZLEWRIGHT_CACHE_LIMIT`` (a number of bytes, or with a K,
    M, G or T suffix), else :data:`DEFAULT_CACHE_LIMIT`. An unreadable value is an error, not ignored."""
    from puzzlewright.errors import PuzzleInputError

    text = os.environ.get("PUZZLEWRIGHT_CACHE_LIMIT", "").strip().upper().removesuffix("B").removesuffix("I")
    if not text:
        return DEFAULT_CACHE_LIMIT
    unit = text[-1] if text[-1] in _UNITS else ""
    try:
        value = float(text[:len(text) - len(unit)])
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise PuzzleInputError(f"PUZZLEWRIGHT_CACHE_LIMIT must be a size such as 500M or 2G, not {text!r}")
    return int(value * _UNITS[unit])


def _is_own(name: str) -> bool:
    return name.lstrip(".").startswith(OWN_PREFIXES)


def _is_temporary(name: str) -> bool:
    return name.startswith(".") and name.endswith(".tmp")


def cache_files(directory: str | None = None, *, temporary: bool = False) -> list[CacheFile]:
    """The package's files in the cache folder (in its own sub-folders too), least recently used first;
    ``temporary``: also the temporary files of writes in progress (or left by killed processes)."""
    top = directory or cache_dir()
    found: list[CacheFile] = []
    try:
        names = os.listdir(top)
    except OSError:
        return []
    for name in names:
        if not _is_own(name):
            continue
        path = os.path.join(top, name)
        walked = os.walk(path) if os.path.isdir(path) else [(top, [], [name])]
        for folder, _, files in walked:
            for file in files:
                if _is_temporary(file) and not temporary:
                    continue
                try:
                    info = os.stat(os.path.join(folder, file))
                except OSError:
                    continue
                found.append(CacheFile(os.path.join(folder, file), info.st_size, info.st_mtime))
    return sorted(found, key=lambda f: (f.used, f.path))  # ties by name, not by the folder listing's order


def touch(path: str | os.PathLike) -> None:
    """Mark a cached file as just used (its modification time), so eviction takes it last."""
    try:
        os.utime(path)
    except OSError:
        pass


def trim_cache(directory: str | None = None, limit: int | None = None) -> list[CacheFile]:
    """Remove least recently used files until the package's files fit in ``limit`` bytes (default
    :func:`cache_limit`), and temporary files left by killed processes; returns what was removed."""
    limit = cache_limit() if limit is None else limit
    files = cache_files(directory, temporary=True)
    removed = []
    now = time.time()
    total = sum(f.size for f in files)
    for file in files:
        stale = _is_temporary(os.path.basename(file.path)) and now - file.used > STALE_TEMPORARY_S
        if total <= limit and not stale:
            continue
        if _is_temporary(os.path.basename(file.path)) and not stale:
            continue  # another process is writing it
        try:
            os.remove(file.path)
        except OSError:
            continue
        total -= file.size
        removed.append(file)
    return removed


def clear_cache(directory: str | None = None) -> list[CacheFile]:
    """Remove every file the package cached (not the temporary files of writes in progress); returns what
    was removed."""
    return trim_cache(directory, limit=-1)


def kept(filename: str, build: Callable[[], Any]) -> Any:
    """What ``build()`` returns (a value :mod:`marshal` can write), kept in the cache folder under
    ``filename`` (a name that changes with whatever the value is built from): read from there when a
    readable copy exists, else built and stored. A copy that cannot be read is built again, and one that
    cannot be written (read-only home, full disk) only costs the building next time."""
    import marshal

    path = os.path.join(cache_dir(), filename)
    try:
        with open(path, "rb") as handle:
            value = marshal.load(handle)
        touch(path)
        return value
    except (OSError, ValueError, EOFError, TypeError):
        pass
    value = build()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        store(path, lambda handle: marshal.dump(value, handle))
    except OSError:
        pass
    return value


def store(path: str | os.PathLike, write: Callable[[IO[Any]], object], *, text: bool = False) -> None:
    """Write a cache file with :func:`atomic_write` within the cache folder's cap: once the new file is
    written (as a temporary file, which :func:`trim_cache` counts), the least recently used files go before
    it is renamed into place, so the folder is never over the cap with it in; a trim after the rename
    removes a file bigger than the whole cap (the new file, just used, otherwise goes last)."""
    root = cache_root(path)
    atomic_write(path, write, text=text, before_replace=lambda: trim_cache(root))
    trim_cache(root)


def cache_root(path: str | os.PathLike) -> str:
    """The cache folder a cache file at ``path`` counts against: :func:`cache_dir` for a file anywhere under
    it (in ``lexicons/`` or ``kernels/`` too, so the cap covers the whole folder), else the file's own
    folder (a caller that keeps its cache elsewhere, as tests do)."""
    folder = os.path.dirname(os.path.abspath(os.fspath(path)))
    top = os.path.abspath(cache_dir())
    try:
        return top if os.path.commonpath([folder, top]) == top else folder
    except ValueError:  # another drive (Windows): not under the cache folder
        return folder
