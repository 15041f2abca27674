"""Checkpoint directories: a job's finished partitions on disk, so an interrupted run resumes where it was.

Layout of an output directory::

    lock                          held (``flock``) by the one run using the folder; holds its pid
    manifest.json                 which job this is (identity + partition keys + fingerprint)
    finished.jsonl                the manifest of finished partition files: one line {"file", "sha256"}
                                  appended (and fsynced) as each partition file is written
    partitions/000042.json        one finished partition: a header line (key, count, stats), then its
                                  items, one JSON line each, then a trailer {"end": {"lines", "sha256"}}
                                  (the SHA-256 of every line before it); written atomically
    partitions/000042.found.jsonl the items of partition 42 streamed as they are found, while it runs
    partitions/000042.resume.json where partition 42 stopped when a time limit cut it short (a job that can
                                  continue, such as a count): the search state, and the number and SHA-256
                                  of the stream's lines at that moment, sealed by a SHA-256 of the whole point
    results.jsonl                 at the end: every item, one JSON line each, in merge order
    summary.json                  at the end: the run's JSON summary

Every finished file is written atomically (temporary file, fsync, rename, fsync of the directory), so a
kill at any instant leaves either the old state or the new one, never half a file. A partition's
``.found.jsonl`` stream keeps what it found if the run is killed before it finishes (its last line may
be cut short); once the partition file is written the stream is deleted, and a partition that is run
again after a resume starts its stream afresh, so nothing is stored twice, unless it was stopped by a time
limit with a resume point: then, if the stream still matches the recorded lines (the file is cut back to
them), the partition continues from that point and appends to its stream.

A resume re-reads every finished partition file and uses it only if it verifies: its trailer's line count
and checksum match its lines, the item lines it holds are the count of items its header says were found
(none for a job that keeps no items), its header names this job and partition, and its checksum is the
one ``finished.jsonl`` recorded. Anything else (a header count edited, an item deleted, appended or changed,
a cut-off or garbage line, a missing file) is reported and that partition runs again; the merge reads each
file once more and checks it again as it goes, so the results hold exactly what was verified.

Only one run uses a folder at a time, and only regular files are read from it (see
:mod:`puzzlewright.parallel.folder`): a second run, or a directory, FIFO, device or symbolic link where a
checkpoint file should be, is a one-line error saying what to do.
"""

from __future__ import annotations

import errno
import hashlib
import itertools
import json
import sys
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from puzzlewright.cache import atomic_write as write_atomically
from puzzlewright.errors import PuzzleInputError, PuzzlewrightError
from puzzlewright.parallel.folder import (LOCK, MAX_LINE_BYTES, CheckpointDamaged, FolderLock, LineTooLong,
                                          OversizedFile, capped_lines, check_regular_entries, not_regular,
                                          open_regular, read_capped, shown)
from puzzlewright.parallel.job import Emit, PartitionResult, fingerprint

FORMAT = "puzzlewright.parallel/1"
MANIFEST = "manifest.json"
FOUND_SUFFIX = ".found.jsonl"
RESUME_SUFFIX = ".resume.json"
FINISHED = "finished.jsonl"
RESULTS = "results.jsonl"
SUMMARY = "summary.json"
PARTITIONS = "partitions"
_NO_SPACE = {errno.ENOSPC, errno.EDQUOT}


class DiskFullError(PuzzlewrightError):
    """The disk filled up while writing a checkpoint; everything written before stays valid."""


def _write_failed(path: Path, error: OSError) -> PuzzlewrightError:
    """The one-line error for a failed write (disk full gets its own kind, with what to do next)."""
    if error.errno in _NO_SPACE:
        return DiskFullError(f"disk full while writing {path}: stopped; what was already written is valid, "
                             "free some space and run again with --resume")
    return PuzzlewrightError(f"cannot write {path}: {error.strerror or error}")


def atomic_write(path: Path, chunks: Iterable[str], durable: bool = True) -> None:
    """Replace ``path`` by the concatenated ``chunks`` all at once: write a temporary file beside it, fsync
    it, rename it over ``path`` and fsync the directory (:func:`puzzlewright.cache.atomic_write`, which
    leaves no temporary file behind on an error or Ctrl-C). Chunks are streamed, never joined in memory.
    ``durable`` False skips the fsyncs (a spool that need not survive a crash)."""
    try:
        write_atomically(path, lambda handle: handle.writelines(chunks), text=True, durable=durable)
    except OSError as error:
        raise _write_failed(path, error) from None


def _json_line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class FoundStream:
    """The file one running partition streams its items to, a line per item as soon as it is found.

    Picklable (a path and a JSON-able resume point), so a pool worker gets it with its partition. Each line is written by
    one system call straight to the operating system, so a killed worker loses nothing it reported.
    """

    path: str
    resume: Any = None  # where the partition stopped last time: its stream is then continued, not restarted

    @contextmanager
    def open(self) -> Iterator[Emit]:
        """The ``emit(item)`` function for the partition, writing a fresh stream (or appending to it when
        resuming); closed afterwards."""
        handle = _open_stream(Path(self.path), os.O_APPEND if self.resume is not None else os.O_TRUNC)

        def emit(item: Any) -> None:
            try:
                os.write(handle, (_json_line(item) + "\n").encode())
            except OSError as error:
                raise _write_failed(Path(self.path), error) from None

        try:
            yield emit
        finally:
            os.close(handle)


def _open_stream(path: Path, keep: int) -> int:
    """A partition stream opened for writing (``keep``: O_APPEND or O_TRUNC), only if it is, or will be, a
    regular file: a symbolic link, FIFO or directory there is refused instead of followed or waited on."""
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | keep, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise not_regular(path, stat.S_IFLNK) from None
        raise _write_failed(path, error) from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        raise not_regular(path, mode)
    return handle


class _Checksum:
    """The SHA-256 of the lines passing through :meth:`with_trailer`, which ends them with the trailer line."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.lines = 0

    def with_trailer(self, lines: Iterable[str]) -> Iterator[str]:
        for line in lines:
            self.digest.update(line.encode())
            self.lines += 1
            yield line
        yield _json_line({"end": {"lines": self.lines, "sha256": self.hexdigest()}}) + "\n"

    def hexdigest(self) -> str:
        return self.digest.hexdigest()


def _parse_line(line: bytes) -> Any:
    """A JSON line, or None when it is not one."""
    try:
        return json.loads(line)
    except (UnicodeDecodeError, ValueError):
        return None


@contextmanager
def _streamed_lines(path: Path) -> Iterator[Iterator[str]]:
    """The lines of a partition's stream (none when it wrote nothing, so left no file), each checked to be
    a whole UTF-8 line of bounded length (:class:`CheckpointDamaged` otherwise: nothing we wrote)."""
    try:
        handle = open_regular(path)
    except FileNotFoundError:
        yield iter(())
        return

    def lines() -> Iterator[str]:
        try:
            for line in capped_lines(handle):
                if not line.endswith(b"\n"):
                    raise ValueError("its last line is cut short")
                yield line.decode("utf-8")
        except (LineTooLong, ValueError) as error:  # UnicodeDecodeError is a ValueError
            raise CheckpointDamaged(f"the partition stream {path} is damaged ({error}); remove it and run "
                                    "again with --resume (that partition is recomputed)") from None

    with handle:
        yield lines()


def _is_temporary(path: Path) -> bool:
    """A temporary file an interrupted :func:`atomic_write` left behind (never part of the state)."""
    return path.name.startswith(".") and path.name.endswith(".tmp")


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(value, dict):
        flat: dict[str, Any] = {}
        for name, inner in value.items():
            flat.update(_flatten(inner, f"{prefix}{name}."))
        return flat
    return {prefix.rstrip("."): value}


def describe_difference(there: dict, here: dict, limit: int = 3) -> str:
    """Which identity fields differ between the stored job and this one, e.g. ``size: 5 there, 6 here``."""
    old, new = _flatten(there), _flatten(here)
    names = list(new) + [name for name in old if name not in new]  # in the job's own field order
    differences = [f"{name}: {json.dumps(old.get(name))} there, {json.dumps(new.get(name))} here"
                   for name in names if old.get(name) != new.get(name)]
    if not differences:
        return "its partitions differ"
    more = f" (and {len(differences) - limit} more)" if len(differences) > limit else ""
    return "; ".join(differences[:limit]) + more


class Checkpoint:
    """An output directory holding one job's manifest and finished partitions, locked for this run from
    :meth:`open` to :meth:`close` (also a context manager).
    With ``durable`` False it is only a spool for ordering a run's output, written without fsyncs since
    nothing resumes from it."""

    def __init__(self, directory: Path, identity: dict, keys: list[str], durable: bool = True,
                 keeps_items: bool = True):
        self.directory = directory
        self.keeps_items = keeps_items  # False: a job that only counts, whose files hold no item lines
        self.durable = durable
        self.identity = identity
        self.keys = keys
        self.fingerprint = fingerprint(identity, keys)
        self.index = {key: i for i, key in enumerate(keys)}
        self._resumable: dict[str, Any] = {}  # key -> where a time limit stopped it (see _load_resume_point)
        self._verified: dict[str, str] = {}  # key -> checksum of its partition file as verified or written
        self._lock: FolderLock | None = None

    @classmethod
    def open(cls, directory: str | Path, identity: dict, keys: list[str], *, resume: bool,
             durable: bool = True, keeps_items: bool = True) -> Checkpoint:
        """Lock the directory for this run, then create it for a new job or reopen it to resume the same job.

        Refuses (with the reason) a directory another run is using (:class:`CheckpointInUse`), one that holds
        another job, a directory of this job without ``resume`` (so a finished run is never silently
        overwritten), a non-empty directory that is not a checkpoint at all, and one where a checkpoint file
        is not a regular file (:class:`CheckpointDamaged`). Call :meth:`close` when done. ``keeps_items``
        False: the job only counts, so its partition files hold no item lines (see ``PartitionedJob``).
        """
        checkpoint = cls(Path(directory), identity, keys, durable, keeps_items)
        checkpoint._prepare(resume)
        return checkpoint

    def close(self) -> None:
        """Release the directory for other runs (idempotent)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def manifest_path(self) -> Path:
        return self.directory / MANIFEST

    def _partition_path(self, key: str) -> Path:
        return self.directory / PARTITIONS / f"{self.index[key]:06d}.json"

    def stream_for(self, key: str) -> FoundStream:
        """Where partition ``key`` streams its items while it runs (with where it stopped, if it can go on)."""
        return FoundStream(str(self._stream_path(key)), self._resumable.get(key))

    def _stream_path(self, key: str) -> Path:
        return self.directory / PARTITIONS / f"{self.index[key]:06d}{FOUND_SUFFIX}"

    def _resume_path(self, key: str) -> Path:
        return self.directory / PARTITIONS / f"{self.index[key]:06d}{RESUME_SUFFIX}"

    def _prepare(self, resume: bool) -> None:
        """Check the folder is usable, lock it, and (under the lock) check or write its manifest."""
        where = self.directory
        try:  # a name too long for the file system fails on the first look, not only on mkdir
            if where.exists() and not where.is_dir():
                raise PuzzleInputError(f"output {where} exists and is not a directory")
            if not self.manifest_path.exists():
                self._refuse_foreign_files()  # before the lock file is made: a folder that is not ours stays untouched
            where.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise _write_failed(where, error) from None
        self._lock = FolderLock.acquire(where)
        try:
            self._prepare_locked(resume)
        except BaseException:
            self.close()
            raise

    def _prepare_locked(self, resume: bool) -> None:
        where = self.directory
        check_regular_entries(where / name for name in (MANIFEST, FINISHED, RESULTS, SUMMARY))
        if self.manifest_path.exists():
            self._check_manifest(resume)
        else:
            self._refuse_foreign_files()
        self._check_partitions_folder()
        try:
            if not self.manifest_path.exists():
                manifest = {"format": FORMAT, "fingerprint": self.fingerprint, "job": self.identity,
                            "partitions": self.keys}
                atomic_write(self.manifest_path, [json.dumps(manifest, indent=1), "\n"])
            (where / PARTITIONS).mkdir(exist_ok=True)
        except OSError as error:
            raise _write_failed(where, error) from None

    def _refuse_foreign_files(self) -> None:
        """Refuse a folder without a manifest that holds anything but our lock and temporary files."""
        where = self.directory
        if where.is_dir() and any(not _is_temporary(path) and path.name != LOCK for path in where.iterdir()):
            raise PuzzleInputError(f"output directory {where} is not empty and has no {MANIFEST}: "
                                   "it is not a puzzlewright checkpoint; choose an empty or new directory")

    def _check_partitions_folder(self) -> None:
        """``partitions`` must be a real directory (not a link out of the folder) holding only regular files."""
        folder = self.directory / PARTITIONS
        try:
            mode = os.lstat(folder).st_mode
        except FileNotFoundError:
            return
        if stat.S_ISLNK(mode):
            raise not_regular(folder, mode)
        if not stat.S_ISDIR(mode):
            raise CheckpointDamaged(f"{folder} is not a directory: remove it and run again with --resume")
        check_regular_entries(sorted(folder.iterdir()))

    def _check_manifest(self, resume: bool) -> None:
        where = self.directory
        try:
            manifest = json.loads(read_capped(self.manifest_path))
        except (CheckpointDamaged, OSError, UnicodeDecodeError, json.JSONDecodeError):
            raise PuzzleInputError(f"cannot read {self.manifest_path}: not a puzzlewright checkpoint") from None
        if not isinstance(manifest, dict) or not isinstance(manifest.get("format"), str):
            raise PuzzleInputError(f"{self.manifest_path} is not a puzzlewright checkpoint manifest ({FORMAT})")
        if manifest["format"] != FORMAT:
            raise PuzzleInputError(f"output directory {shown(where)} was written by another version of puzzlewright "
                                   f"(format {manifest['format'][:40]!r}; this one reads {FORMAT!r}): resume it with "
                                   "that version, or use another directory")
        if manifest.get("fingerprint") != self.fingerprint:
            stored = manifest.get("job", {})
            what = stored.get("job", "another job") if isinstance(stored, dict) else "another job"
            why = (describe_difference(stored, self.identity) if isinstance(stored, dict)
                   else "its manifest is unreadable")
            raise PuzzleInputError(f"output directory {where} holds a different job ({what}; {why}); "
                                   "refusing to resume it: use another directory")
        if not resume:
            raise PuzzleInputError(f"output directory {where} already holds this job "
                                   f"({len(self.finished_keys())} of {len(self.keys)} partitions finished): "
                                   "pass --resume to continue it, or choose another directory")

    def finished_keys(self) -> list[str]:
        """Keys whose partition file exists (in merge order)."""
        return [key for key in self.keys if self._partition_path(key).exists()]

    def load_finished(self) -> dict[str, PartitionResult]:
        """The finished partitions on disk that verify (:meth:`verify`), by key, without their items. Each
        file that does not verify, or that ``finished.jsonl`` lists but is gone, is reported on stderr and
        removed, so that partition runs again."""
        recorded = self._recorded_checksums()
        finished: dict[str, PartitionResult] = {}
        for key in self.keys:
            path = self._partition_path(key)
            if not os.path.lexists(path):
                if key in recorded:
                    self._report(key, f"its file {path.name} is missing")
                continue
            header, problem = self.verify(key, recorded.get(key))
            if problem is None:
                finished[key] = PartitionResult.from_header(header)
                continue
            self._report(key, f"{path.name} does not verify ({problem})")
            path.unlink(missing_ok=True)
        for key in self.keys:
            if key not in finished:
                self._load_resume_point(key)
        return finished

    def _load_resume_point(self, key: str) -> None:
        """Partition ``key`` continues where a time limit stopped it if its resume file is whole (its seal
        matches), this job's, and its stream still begins with the lines recorded then (later lines, from a
        run killed after it continued, are cut off: the recorded state is theirs' predecessor); otherwise
        it starts over (a damaged resume file is reported and removed: it is rebuilt, never used)."""
        path = self._resume_path(key)
        try:
            point = _unsealed(_parse_line(read_capped(path)))
        except FileNotFoundError:
            return
        except OversizedFile:
            point = None
        if not (isinstance(point, dict) and point.get("fingerprint") == self.fingerprint and point.get("key") == key
                and isinstance(point.get("lines"), int) and "resume" in point):
            self._report(key, f"{path.name} is damaged or not a resume point of this job")
        elif not self._cut_stream(key, point["lines"], point.get("sha256")):
            self._report(key, f"its stream does not match {path.name} (its lines do not match their checksum)")
        else:
            self._resumable[key] = point["resume"]
            return
        path.unlink(missing_ok=True)

    def _cut_stream(self, key: str, lines: int, checksum: Any) -> bool:
        """Whether the partition's stream begins with ``lines`` lines of SHA-256 ``checksum``; if so, cut it
        back to them."""
        digest, kept, size = hashlib.sha256(), 0, 0
        path = self._stream_path(key)
        try:
            with open_regular(path) as handle:
                for line in itertools.islice(capped_lines(handle), lines):
                    if not line.endswith(b"\n"):
                        return False
                    digest.update(line)
                    kept, size = kept + 1, size + len(line)
            if kept != lines or digest.hexdigest() != checksum:
                return False
            os.truncate(path, size)
        except FileNotFoundError:
            return lines == 0 and checksum == hashlib.sha256().hexdigest()
        except (OSError, LineTooLong):
            return False
        return True

    def _report(self, key: str, problem: str) -> None:
        print(f"warning: checkpoint partition {key!r}: {problem}; running it again", file=sys.stderr)

    def verify(self, key: str, recorded: str | None = None) -> tuple[dict, str | None]:
        """(the header, None) when partition ``key``'s file is whole and this job's, else (…, what is wrong).
        ``recorded``: the checksum ``finished.jsonl`` holds for it (None: not recorded, not compared).
        A file that is not a regular file is refused outright (:class:`CheckpointDamaged`)."""
        path = self._partition_path(key)
        try:
            with open_regular(path) as handle:
                lines, checksum, header = _read_partition(handle)
        except (OSError, LineTooLong) as error:
            return {}, f"cannot read it: {getattr(error, 'strerror', None) or error}"
        except _Unsigned as error:
            return {}, str(error)
        if not isinstance(header, dict) or header.get("fingerprint") != self.fingerprint or header.get("key") != key:
            return {}, "it belongs to another job or partition"
        problem = _count_problem(header, lines - 1, self.keeps_items)
        if problem is not None:
            return {}, problem
        if recorded is not None and recorded != checksum:
            return {}, f"its checksum is not the one {FINISHED} recorded"
        self._verified[key] = checksum
        return header, None

    def _recorded_checksums(self) -> dict[str, str]:
        """Partition key -> checksum, as ``finished.jsonl`` recorded them (a cut-off or garbage line is skipped)."""
        recorded: dict[str, str] = {}
        names = {self._partition_path(key).name: key for key in self.keys}
        try:
            with open_regular(self.directory / FINISHED) as handle:
                for line in capped_lines(handle):
                    entry = _parse_line(line)
                    if isinstance(entry, dict) and entry.get("file") in names:
                        recorded[names[entry["file"]]] = entry.get("sha256")
        except FileNotFoundError:
            pass
        except LineTooLong:
            raise CheckpointDamaged(f"{self.directory / FINISHED} is damaged (a line of over {MAX_LINE_BYTES:,} "
                                    "bytes); remove it and run again with --resume (every partition file is "
                                    "still checked)") from None
        except OSError as error:
            raise PuzzlewrightError(f"cannot read {self.directory / FINISHED}: {error.strerror or error}") from None
        return recorded

    def load_items(self, key: str) -> Iterator[Any]:
        """The items of a finished partition, read back lazily from its file (between the header and the
        trailer, one at a time, so a partition of millions is never all in memory) and checked again as they
        go: a file that no longer is the one verified or written raises :class:`CheckpointDamaged` at its
        end (so a results file built from it is never kept). For a partition stopped early (not saved),
        what it streamed."""
        saved = key in self._verified
        path = self._partition_path(key) if saved else self._stream_path(key)
        try:
            if saved:
                with open_regular(path) as handle:
                    yield from _verified_items(handle, self._verified[key])
            else:
                with _streamed_lines(path) as lines:
                    yield from (json.loads(line) for line in lines)
        except (OSError, LineTooLong, _Unsigned, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CheckpointDamaged(f"cannot read the checkpoint file {path} ({error}): it changed after it was "
                                    "checked; run again with --resume to recompute that partition") from None

    def save(self, result: PartitionResult) -> None:
        """Write one finished partition atomically with its checksum trailer, record it in ``finished.jsonl``,
        then drop its stream (an incomplete partition is not finished: it is not saved). A result without
        items (``None``) streamed them: its file is copied from the stream, line by line. Either way the file
        must get exactly the ``count`` items found (none for a job that keeps none), else
        :class:`CheckpointDamaged` is raised before the file is complete, so it is never written."""
        if not result.complete:
            self._save_resume_point(result)
            return
        path = self._partition_path(result.key)
        stream = self._stream_path(result.key)
        checksum = _Checksum()
        with _streamed_lines(stream) if result.items is None else nullcontext(None) as streamed:
            items = streamed if streamed is not None else (_json_line(item) + "\n" for item in result.items or ())
            expected = result.count if self.keeps_items else 0
            header = {"fingerprint": self.fingerprint, **result.header()}
            lines = itertools.chain([_json_line(header) + "\n"], _exactly(items, expected, result.key, stream))
            atomic_write(path, checksum.with_trailer(lines), self.durable)
        self._record(path.name, checksum.hexdigest())
        self._verified[result.key] = checksum.hexdigest()
        stream.unlink(missing_ok=True)
        self._resume_path(result.key).unlink(missing_ok=True)
        self._resumable.pop(result.key, None)

    def _save_resume_point(self, result: PartitionResult) -> None:
        """Record where an incomplete partition stopped, with the count and checksum of the lines its stream
        holds now, so that ``--resume`` continues it (only for a job that gave a resume point and holds no
        items in memory: they would be lost). The point is sealed with its own checksum."""
        if result.resume is None or result.items:
            return
        digest, lines = hashlib.sha256(), 0
        with _streamed_lines(self._stream_path(result.key)) as streamed:
            for line in streamed:
                digest.update(line.encode())
                lines += 1
        point = {"fingerprint": self.fingerprint, "key": result.key, "lines": lines, "sha256": digest.hexdigest(),
                 "resume": result.resume}
        atomic_write(self._resume_path(result.key), [_json_line(_sealed(point)), "\n"], self.durable)

    def _record(self, name: str, checksum: str) -> None:
        """Append a finished file to ``finished.jsonl`` (one write, fsynced)."""
        path = self.directory / FINISHED
        try:
            handle = _open_stream(path, os.O_APPEND)
            try:
                os.write(handle, (_json_line({"file": name, "sha256": checksum}) + "\n").encode())
                if self.durable:
                    os.fsync(handle)
            finally:
                os.close(handle)
        except OSError as error:
            raise _write_failed(path, error) from None

    def write_results(self, items: Iterable[Any], summary: dict) -> None:
        """The merged items (one JSON line each, in merge order) and the summary, both atomically."""
        atomic_write(self.directory / RESULTS, (_json_line(item) + "\n" for item in items))
        atomic_write(self.directory / SUMMARY, [json.dumps(summary, indent=1), "\n"])


class _Unsigned(Exception):
    """A partition file whose trailer is missing or does not match its lines (the message says which)."""


def _read_partition(handle: BinaryIO) -> tuple[int, str, Any]:
    """(lines before the trailer, their SHA-256, the parsed header) of a partition file, checked against its
    trailer (:class:`_Unsigned` when it does not match)."""
    digest, lines, header, last = hashlib.sha256(), 0, None, None
    for line in capped_lines(handle):
        if last is not None:
            digest.update(last)
            lines += 1
        if header is None:
            header = _parse_line(line)
        last = line
    _check_trailer(last, lines, digest.hexdigest())
    return lines, digest.hexdigest(), header


def _check_trailer(last: bytes | None, lines: int, checksum: str) -> None:
    """Raise :class:`_Unsigned` unless ``last`` is a trailer for ``lines`` lines of SHA-256 ``checksum``."""
    trailer = _parse_line(last) if last is not None else None
    end = trailer.get("end") if isinstance(trailer, dict) else None
    if not isinstance(end, dict) or last is None or not last.endswith(b"\n"):
        raise _Unsigned("no checksum trailer: the file was cut short or is not a partition file")
    if end.get("lines") != lines or end.get("sha256") != checksum:
        raise _Unsigned("its lines do not match their checksum")


def _count_problem(header: dict, item_lines: int, keeps_items: bool) -> str | None:
    """What is wrong with a partition header's count, given the item lines its file holds (None: nothing):
    they must be the ``count`` found, or none at all for a job that keeps no items."""
    count = header.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        return "its header has no valid count"
    expected = count if keeps_items else 0
    if item_lines != expected:
        return f"its header says {count} items were found but it holds {item_lines}"
    return None


def _verified_items(handle: BinaryIO, checksum: str) -> Iterator[Any]:
    """The items of a partition file (between header and trailer), provided its lines still have SHA-256
    ``checksum`` (checked at the end: :class:`_Unsigned`)."""
    digest = hashlib.sha256(handle.readline(MAX_LINE_BYTES + 1))
    lines, held = 1, None  # one line behind: the file's last line is its trailer
    for line in capped_lines(handle):
        if held is not None:
            digest.update(held)
            lines += 1
            yield json.loads(held)
        held = line
    _check_trailer(held, lines, digest.hexdigest())
    if digest.hexdigest() != checksum:
        raise _Unsigned("it is not the file that was verified")


def _exactly(lines: Iterable[str], expected: int, key: str, stream: Path) -> Iterator[str]:
    """``lines``, provided there are exactly ``expected`` of them (else :class:`CheckpointDamaged`, raised
    before the partition file is complete, so it is never written)."""
    seen = 0
    for line in lines:
        seen += 1
        yield line
    if seen != expected:
        raise CheckpointDamaged(f"partition {key!r} should save {expected} items but {seen} reached its file "
                                f"(something else wrote to its stream {stream}?); run again with --resume "
                                "to recompute it")


def _seal(point: dict) -> str:
    """The SHA-256 of a resume point's canonical JSON (without its seal)."""
    return hashlib.sha256(json.dumps(point, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _sealed(point: dict) -> dict:
    """``point`` with its seal, so a flipped bit anywhere in it (even inside its search state) is caught."""
    return {**point, "seal": _seal(point)}


def _unsealed(point: Any) -> dict | None:
    """The resume point without its seal, or None when the seal is missing or does not match."""
    if not isinstance(point, dict) or not isinstance(point.get("seal"), str):
        return None
    body = {name: value for name, value in point.items() if name != "seal"}
    return body if _seal(body) == point["seal"] else None
