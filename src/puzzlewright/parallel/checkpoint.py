"""Checkpoint directories: a job's finished partitions on disk, so an interrupted run resumes where it was.

Layout of an output directory::

    manifest.json                 which job this is (identity + partition keys + fingerprint)
    finished.jsonl                the manifest of finished partition files: one line {"file", "sha256"}
                                  appended (and fsynced) as each partition file is written
    partitions/000042.json        one finished partition: a header line (key, count, stats), then its
                                  items, one JSON line each, then a trailer {"end": {"lines", "sha256"}}
                                  (the SHA-256 of every line before it); written atomically
    partitions/000042.found.jsonl the items of partition 42 streamed as they are found, while it runs
    partitions/000042.resume.json where partition 42 stopped when a time limit cut it short (a job that can
                                  continue, such as a count): the search state, and the number and SHA-256
                                  of the stream's lines at that moment
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
and checksum match its lines, its header names this job and partition, and its checksum is the one
``finished.jsonl`` recorded. Anything else (a header count edited, an item deleted, appended or changed,
a cut-off or garbage line, a missing file) is reported and that partition runs again.
"""

from __future__ import annotations

import errno
import hashlib
import itertools
import json
import sys
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlewright.cache import atomic_write as write_atomically
from puzzlewright.errors import PuzzleInputError, PuzzlewrightError
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
        keep = os.O_APPEND if self.resume is not None else os.O_TRUNC
        try:
            handle = os.open(self.path, os.O_WRONLY | os.O_CREAT | keep, 0o644)
        except OSError as error:
            raise _write_failed(Path(self.path), error) from None

        def emit(item: Any) -> None:
            try:
                os.write(handle, (_json_line(item) + "\n").encode())
            except OSError as error:
                raise _write_failed(Path(self.path), error) from None

        try:
            yield emit
        finally:
            os.close(handle)


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
def _streamed_lines(path: Path) -> Iterator[Iterable[str]]:
    """The lines of a partition's finished stream (none when it wrote nothing, so left no file)."""
    try:
        handle = open(path, encoding="utf-8")
    except FileNotFoundError:
        yield ()
        return
    except OSError as error:
        raise PuzzlewrightError(f"cannot read the partition stream {path}: {error.strerror or error}") from None
    with handle:
        yield handle


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
    """An output directory holding one job's manifest and finished partitions.
    With ``durable`` False it is only a spool for ordering a run's output, written without fsyncs since
    nothing resumes from it."""

    def __init__(self, directory: Path, identity: dict, keys: list[str], durable: bool = True):
        self.directory = directory
        self.durable = durable
        self.identity = identity
        self.keys = keys
        self.fingerprint = fingerprint(identity, keys)
        self.index = {key: i for i, key in enumerate(keys)}
        self._resumable: dict[str, Any] = {}  # key -> where a time limit stopped it (see _load_resume_point)

    @classmethod
    def open(cls, directory: str | Path, identity: dict, keys: list[str], *, resume: bool,
             durable: bool = True) -> Checkpoint:
        """Create the directory for a new job, or reopen it to resume the same job.

        Refuses (with the reason) a directory that holds another job, a directory of this job without
        ``resume`` (so a finished run is never silently overwritten), and a non-empty directory that is
        not a checkpoint at all.
        """
        checkpoint = cls(Path(directory), identity, keys, durable)
        checkpoint._prepare(resume)
        return checkpoint

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
        where = self.directory
        if where.exists() and not where.is_dir():
            raise PuzzleInputError(f"output {where} exists and is not a directory")
        if self.manifest_path.exists():
            self._check_manifest(resume)
        elif where.exists() and any(not _is_temporary(path) for path in where.iterdir()):
            raise PuzzleInputError(f"output directory {where} is not empty and has no {MANIFEST}: "
                                   "it is not a puzzlewright checkpoint; choose an empty or new directory")
        try:
            where.mkdir(parents=True, exist_ok=True)
            if not self.manifest_path.exists():
                manifest = {"format": FORMAT, "fingerprint": self.fingerprint, "job": self.identity,
                            "partitions": self.keys}
                atomic_write(self.manifest_path, [json.dumps(manifest, indent=1), "\n"])
            (where / PARTITIONS).mkdir(exist_ok=True)
        except OSError as error:
            raise _write_failed(where, error) from None

    def _check_manifest(self, resume: bool) -> None:
        where = self.directory
        try:
            manifest = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            raise PuzzleInputError(f"cannot read {self.manifest_path}: not a puzzlewright checkpoint") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise PuzzleInputError(f"{self.manifest_path} is not a puzzlewright checkpoint manifest ({FORMAT})")
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
            if not path.exists():
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
        """Partition ``key`` continues where a time limit stopped it if its resume file is this job's and
        its stream still begins with the lines recorded then (later lines, from a run killed after it
        continued, are cut off: the recorded state is theirs' predecessor); otherwise it starts over."""
        path = self._resume_path(key)
        try:
            point = _parse_line(path.read_bytes())
        except FileNotFoundError:
            return
        except OSError as error:
            point = None
            self._report(key, f"cannot read {path.name}: {error.strerror or error}")
        if not (isinstance(point, dict) and point.get("fingerprint") == self.fingerprint and point.get("key") == key
                and isinstance(point.get("lines"), int) and "resume" in point):
            self._report(key, f"{path.name} is not a resume point of this job")
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
            with open(path, "rb") as handle:
                for line in itertools.islice(handle, lines):
                    if not line.endswith(b"\n"):
                        return False
                    digest.update(line)
                    kept, size = kept + 1, size + len(line)
            if kept != lines or digest.hexdigest() != checksum:
                return False
            os.truncate(path, size)
        except FileNotFoundError:
            return lines == 0 and checksum == hashlib.sha256().hexdigest()
        except OSError:
            return False
        return True

    def _report(self, key: str, problem: str) -> None:
        print(f"warning: checkpoint partition {key!r}: {problem}; running it again", file=sys.stderr)

    def verify(self, key: str, recorded: str | None = None) -> tuple[dict, str | None]:
        """(the header, None) when partition ``key``'s file is whole and this job's, else (…, what is wrong).
        ``recorded``: the checksum ``finished.jsonl`` holds for it (None: not recorded, not compared)."""
        digest, lines, header, last = hashlib.sha256(), 0, None, None
        try:
            with open(self._partition_path(key), "rb") as handle:
                for line in handle:
                    if last is not None:
                        digest.update(last)
                        lines += 1
                    if header is None:
                        header = _parse_line(line)
                    last = line
        except OSError as error:
            return {}, f"cannot read it: {error.strerror or error}"
        trailer = _parse_line(last) if last is not None else None
        end = trailer.get("end") if isinstance(trailer, dict) else None
        if not isinstance(end, dict) or not last.endswith(b"\n"):
            return {}, "no checksum trailer: the file was cut short or is not a partition file"
        if end.get("lines") != lines or end.get("sha256") != digest.hexdigest():
            return {}, "its lines do not match their checksum"
        if not isinstance(header, dict) or header.get("fingerprint") != self.fingerprint or header.get("key") != key:
            return {}, "it belongs to another job or partition"
        if recorded is not None and recorded != end["sha256"]:
            return {}, f"its checksum is not the one {FINISHED} recorded"
        return header, None

    def _recorded_checksums(self) -> dict[str, str]:
        """Partition key -> checksum, as ``finished.jsonl`` recorded them (a cut-off last line is skipped)."""
        recorded: dict[str, str] = {}
        names = {self._partition_path(key).name: key for key in self.keys}
        try:
            with open(self.directory / FINISHED, "rb") as handle:
                for line in handle:
                    entry = _parse_line(line)
                    if isinstance(entry, dict) and entry.get("file") in names:
                        recorded[names[entry["file"]]] = entry.get("sha256")
        except FileNotFoundError:
            pass
        except OSError as error:
            raise PuzzlewrightError(f"cannot read {self.directory / FINISHED}: {error.strerror or error}") from None
        return recorded

    def load_items(self, key: str) -> Iterator[Any]:
        """The items of a finished partition, read back lazily from its file (between the header and the
        trailer, one at a time, so a partition of millions is never all in memory); for a partition stopped
        early (not saved), what it streamed."""
        path = self._partition_path(key)
        saved = path.exists()
        if not saved:
            path = Path(self.stream_for(key).path)
        try:
            with open(path, encoding="utf-8") as handle:
                if saved:
                    handle.readline()  # the header
                held = None  # one line behind: a saved file's last line is its trailer
                for line in handle:
                    if held is not None:
                        yield json.loads(held)
                    held = line
                if held is not None and not saved:
                    yield json.loads(held)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise PuzzlewrightError(f"cannot read the checkpoint file {path} ({error}): it changed after it was "
                                    "checked; run again with --resume to recompute that partition") from None

    def save(self, result: PartitionResult) -> None:
        """Write one finished partition atomically with its checksum trailer, record it in ``finished.jsonl``,
        then drop its stream (an incomplete partition is not finished: it is not saved). A result without
        items (``None``) streamed them: its file is copied from the stream, line by line."""
        if not result.complete:
            self._save_resume_point(result)
            return
        header = {"fingerprint": self.fingerprint, **result.header()}
        path = self._partition_path(result.key)
        stream = Path(self.stream_for(result.key).path)
        checksum = _Checksum()
        with _streamed_lines(stream) if result.items is None else nullcontext(None) as streamed:
            items = streamed if streamed is not None else (_json_line(item) + "\n" for item in result.items)
            lines = itertools.chain([_json_line(header) + "\n"], items)
            atomic_write(path, checksum.with_trailer(lines), self.durable)
        self._record(path.name, checksum.hexdigest())
        stream.unlink(missing_ok=True)
        self._resume_path(result.key).unlink(missing_ok=True)
        self._resumable.pop(result.key, None)

    def _save_resume_point(self, result: PartitionResult) -> None:
        """Record where an incomplete partition stopped, with the count and checksum of the lines its stream
        holds now, so that ``--resume`` continues it (only for a job that gave a resume point and holds no
        items in memory: they would be lost)."""
        if result.resume is None or result.items:
            return
        digest, lines = hashlib.sha256(), 0
        with _streamed_lines(self._stream_path(result.key)) as streamed:
            for line in streamed:
                digest.update(line.encode())
                lines += 1
        point = {"fingerprint": self.fingerprint, "key": result.key, "lines": lines, "sha256": digest.hexdigest(),
                 "resume": result.resume}
        atomic_write(self._resume_path(result.key), [_json_line(point), "\n"], self.durable)

    def _record(self, name: str, checksum: str) -> None:
        """Append a finished file to ``finished.jsonl`` (one write, fsynced)."""
        path = self.directory / FINISHED
        try:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
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
