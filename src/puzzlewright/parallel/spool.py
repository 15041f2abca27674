"""The spool folder ``.FILE.puzzlewright/`` beside an output file, locked while a run writes the file.

A run that writes a file over a long time (a count's ``--output FILE``: its partitions' items wait here until
they go to the file in merge order, and the file's copy is written here before it is renamed over it) or
several files as one set (a generated batch's ``--svg FILE``, ``FILE-2.svg``...: :func:`write_outputs`) holds
the file's spool folder, locked with the checkpoint folders' :class:`~puzzlewright.parallel.folder.FolderLock`,
so a second run on the same file is refused (exit 2) instead of truncating it or mixing its files with the
first's. What a killed run left there is cleared by the next run; a failed run clears it itself. A FIFO or
device is written in place and needs no folder beside it (:func:`spool_for`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.outputs import replaceable, write_output
from puzzlewright.parallel.folder import LOCK, CheckpointDamaged, CheckpointInUse, FolderLock

SPOOL_SUFFIX = ".puzzlewright"  # the folder beside an --output FILE while a run writes it: .FILE.puzzlewright/


@contextmanager
def locked_spool(file_path: str, option: str = "--output") -> Iterator[Path]:
    """The folder ``.FILE.puzzlewright/`` beside ``file_path`` for a run writing it: the run's partitions stream
    their items there (so that they reach the file in merge order without being held in memory) and the file is
    written there before it is renamed into place (a symbolic link to a file: beside that file, on its file
    system, and locked for every name of it). The folder is locked for the run with the checkpoint
    folders' :class:`~puzzlewright.parallel.folder.FolderLock`, so a second run writing the same file stops at
    once (:class:`~puzzlewright.parallel.folder.CheckpointInUse`, exit 2, its message naming ``option``); what a
    killed run left there is cleared; the folder is removed at the end."""
    target = os.path.realpath(file_path) if os.path.isfile(file_path) else os.path.abspath(file_path)
    spool = Path(os.path.dirname(target)) / f".{os.path.basename(target)}{SPOOL_SUFFIX}"  # beside the file a link names
    for attempt in range(3):
        _make_spool(spool, file_path)
        try:
            lock = FolderLock.acquire(spool)
            break
        except CheckpointInUse as busy:
            who = f" (pid {busy.pid})" if busy.pid else ""
            raise CheckpointInUse(f"{file_path} is being written by another run{who}; wait for it or use another "
                                  f"{option}", busy.pid) from None
        except CheckpointDamaged:
            if attempt == 2 or spool.is_dir():  # not just removed by a run that ended meanwhile
                raise
    try:
        _clear_spool(spool)
        yield spool
    finally:
        with contextlib.suppress(OSError):  # also after a failure (a full disk): nothing here can be resumed
            _clear_spool(spool)
        lock.remove()
        with contextlib.suppress(OSError):  # not empty: a run that started meanwhile uses it now
            spool.rmdir()


def _make_spool(spool: Path, file_path: str) -> None:
    """Create the spool folder of ``file_path`` if missing; refuse one that is not a real folder, and a name
    that is not a file's."""
    if not os.path.basename(file_path) or "\0" in file_path:
        raise PuzzleInputError(f"cannot write {file_path!r}: not a file name")
    try:
        spool.mkdir(exist_ok=True)
        if not stat.S_ISDIR(os.lstat(spool).st_mode):
            raise PuzzleInputError(f"cannot write beside {file_path}: {spool} is not a folder; remove it")
    except OSError as error:
        raise PuzzleInputError(f"cannot write beside {file_path}: {error.strerror or error}") from None


def _clear_spool(spool: Path) -> None:
    """Remove everything in the (locked) spool folder but its lock: what a killed run left, or this run's."""
    for entry in spool.iterdir():
        if entry.name == LOCK:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()


@contextmanager
def spool_for(file_path: str, option: str = "--output") -> Iterator[Path]:
    """The folder where a run writing ``--output FILE`` puts its partitions' items until they are written to
    the file in merge order: for a new or regular file its :func:`locked_spool` (the file's copy is written there
    too, then renamed over it); for a FIFO or device (``/dev/stdout``, ``>(sort)``), which is written in place
    with nothing to rename, a private temporary folder (in ``$TMPDIR``), so no folder is made next to it
    (``/dev`` is no place for one, and usually not writable). ``option`` names the file in a refusal."""
    import tempfile  # here: a run writing a regular file never needs it

    if replaceable(file_path):
        with locked_spool(file_path, option) as spool:
            yield spool
    else:
        with tempfile.TemporaryDirectory(prefix="puzzlewright-spool-") as scratch:
            yield Path(scratch)


SET_WAIT_S = 10.0  # how long a set of outputs waits for another run writing the same set (it takes milliseconds)


def write_outputs(files: list[tuple[str, Callable[[IO[Any]], object]]], *, option: str,
                  binary: bool = False) -> None:
    """Write several output files as one set (``files``: each path with what writes it, as in
    :func:`write_output`), holding the first one's :func:`spool_for` while they are written, so two runs writing
    the same set leave one run's whole set, never some files of each. A run finding the set being written waits
    for it (up to :data:`SET_WAIT_S`: writing a set takes milliseconds, and the puzzles were minutes of work)
    before it is refused (:class:`~puzzlewright.parallel.folder.CheckpointInUse` naming ``option``, exit 2)."""
    deadline = time.monotonic() + SET_WAIT_S
    while True:
        try:
            with spool_for(files[0][0], option=option):
                for path, write in files:
                    write_output(path, write, binary=binary)
            return
        except CheckpointInUse:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
