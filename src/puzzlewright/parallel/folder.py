"""The ground rules of a checkpoint folder: one writer at a time, and only regular files read from it.

:class:`FolderLock` is an exclusive ``flock`` on ``DIR/lock``, held from the moment a run opens the folder
until it closes it (pool workers forked meanwhile share it, so a worker orphaned by a killed run still
holds the folder until it exits). A second run on the same folder is refused at once with
:class:`CheckpointInUse`, naming the holder's pid; the lock disappears with the process that held it, so
a killed run never leaves a stale lock behind. When the holder named in the lock file is dead, the lock
is still held by its orphaned workers, which exit within a second: the new run waits for them (at most
:data:`ORPHAN_WAIT_S`), so a resume straight after a kill works.

Every read goes through :func:`open_regular`: no symbolic links (``O_NOFOLLOW``), no FIFOs or devices
(opened non-blocking, then checked with ``fstat``), no directories, and every line or whole file read is
capped in size (:func:`capped_lines`, :func:`read_capped`), so a damaged folder gives a one-line
:class:`CheckpointDamaged` in milliseconds, never a hang, an out-of-memory kill or an internal error.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from puzzlewright.errors import PuzzlewrightError

LOCK = "lock"
MAX_FILE_BYTES = 64 << 20  # a file read whole (manifest, resume point): far above any real one
MAX_LINE_BYTES = 16 << 20  # one line of a partition file or stream (a square, a puzzle, a header)
ORPHAN_WAIT_S = 5.0  # how long the workers of a killed run may keep its lock (they check every 0.5 s)
PID_WAIT_S = 1.0  # how long a refusal waits for the new holder to write its pid, so it can name it
_KINDS = {stat.S_IFDIR: "a directory", stat.S_IFIFO: "a FIFO", stat.S_IFLNK: "a symbolic link",
          stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket"}


class CheckpointInUse(PuzzlewrightError):
    """Another run holds the checkpoint folder's lock (``pid``: that run's process, when known)."""

    def __init__(self, message: str, pid: int | None = None):
        super().__init__(message)
        self.pid = pid


class CheckpointDamaged(PuzzlewrightError):
    """A checkpoint folder holds something a run cannot use as is (the message says what to do)."""


class OversizedFile(CheckpointDamaged):
    """A regular file far bigger than any checkpoint file of its kind (damaged, or not ours)."""


class LineTooLong(Exception):
    """A line longer than :data:`MAX_LINE_BYTES`: not something a checkpoint writes (the caller decides
    whether that makes the file damaged or only a partition to recompute)."""


def shown(directory: Path) -> str:
    """A folder as messages name it, with its trailing slash (``run/``)."""
    return str(directory).rstrip("/") + "/"


def kind_of(mode: int) -> str:
    """What a file mode is, in words ("a directory", "a FIFO")."""
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def not_regular(path: Path, mode: int) -> CheckpointDamaged:
    """The one-line error for a checkpoint entry that is not a regular file."""
    return CheckpointDamaged(f"{path} is {kind_of(mode)}, not a regular file: a checkpoint holds only regular "
                             "files; remove it and run again with --resume (what it held is recomputed)")


class FolderLock:
    """An exclusive, non-blocking ``flock`` on ``directory/lock`` (the file holds the holder's pid)."""

    def __init__(self, directory: Path, handle: int):
        self.directory = directory
        self._handle: int | None = handle

    @classmethod
    def acquire(cls, directory: Path) -> FolderLock:
        """Lock ``directory`` for this process, or raise :class:`CheckpointInUse` at once if another run has it.

        A lock file removed while this run waited for it (:meth:`remove` by the run that held it) no longer
        guards the folder: the new one is taken instead."""
        path = directory / LOCK
        while True:
            try:
                handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
            except OSError as error:
                if error.errno == errno.ELOOP:
                    raise not_regular(path, stat.S_IFLNK) from None
                raise CheckpointDamaged(f"cannot open the lock file {path}: {error.strerror or error}") from None
            try:
                mode = os.fstat(handle).st_mode
                if not stat.S_ISREG(mode):
                    raise not_regular(path, mode)
                _lock_or_refuse(handle, directory)
                if _still_named(handle, path):
                    os.ftruncate(handle, 0)
                    os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
                    return cls(directory, handle)
            except BaseException:
                os.close(handle)
                raise
            os.close(handle)

    def release(self) -> None:
        """Give the folder up (closing the file drops the lock; idempotent)."""
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None

    def remove(self) -> None:
        """Delete the lock file, then give the folder up (a folder that is removed after its run: a run
        that was waiting for this lock sees it gone and takes a new one)."""
        try:
            os.unlink(self.directory / LOCK)
        except FileNotFoundError:
            pass
        self.release()


def _still_named(handle: int, path: Path) -> bool:
    """Whether ``path`` still names the open file ``handle`` (not removed or replaced since it was opened)."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    opened = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def _lock_or_refuse(handle: int, directory: Path) -> None:
    """Take the lock on ``handle`` now, or raise :class:`CheckpointInUse`; a lock left only to the orphaned
    workers of a dead run is waited for, up to :data:`ORPHAN_WAIT_S`."""
    deadline = time.monotonic() + ORPHAN_WAIT_S
    pid_deadline = time.monotonic() + PID_WAIT_S
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pid = _holder(handle)
            if pid is None and time.monotonic() < pid_deadline:
                time.sleep(0.01)  # the holder has the lock but has not written its pid yet
                continue
            if _alive(pid) or time.monotonic() > deadline:
                who = f" (pid {pid})" if pid else ""
                raise CheckpointInUse(f"{shown(directory)} is in use by another run{who}; "
                                      "wait for it or use another --output", pid) from None
            time.sleep(0.05)


def _alive(pid: int | None) -> bool:
    """Whether process ``pid`` exists (an unknown pid counts as alive: the holder has not written it yet)."""
    if pid is None:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _holder(handle: int) -> int | None:
    """The pid the lock's holder wrote in the lock file (None if it has not yet or the file is garbage)."""
    try:
        text = os.pread(handle, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def open_regular(path: Path) -> BinaryIO:
    """``path`` opened for reading in binary, provided it is a regular file (not a symbolic link, FIFO,
    device or directory). Raises FileNotFoundError when it is missing, :class:`CheckpointDamaged` otherwise."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise not_regular(path, stat.S_IFLNK) from None
        raise CheckpointDamaged(f"cannot read {path}: {error.strerror or error}") from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        raise not_regular(path, mode)
    os.set_blocking(handle, True)
    return os.fdopen(handle, "rb")


def read_capped(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The whole of the regular file ``path`` (:func:`open_regular`); :class:`CheckpointDamaged` when it is
    bigger than ``limit`` bytes (:class:`OversizedFile`)."""
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OversizedFile(f"{path} is bigger than {limit:,} bytes: not a checkpoint file; "
                                "remove it and run again with --resume")
    return data


def capped_lines(handle: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of ``handle`` (the last may lack its newline), raising :class:`LineTooLong` at a line of more
    than ``limit`` bytes instead of reading it into memory."""
    while line := handle.readline(limit + 1):
        if len(line) > limit:
            raise LineTooLong(f"a line is longer than {limit:,} bytes")
        yield line


def check_regular_entries(paths: Iterable[Path]) -> None:
    """Refuse (:class:`CheckpointDamaged`) the first of ``paths`` that exists and is not a regular file
    (checked without following symbolic links)."""
    for path in paths:
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(mode):
            raise not_regular(path, mode)
