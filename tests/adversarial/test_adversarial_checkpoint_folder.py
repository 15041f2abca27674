"""One writer per checkpoint folder, counts that cannot lie, only regular files read (issue #28, item 1).

Reproductions of "squares lost, exit 0": a second run on a folder in use is refused at once (exit 2, one
line naming the holder); a partition whose item count disagrees with its lines is never counted, however
its trailer was re-signed; a directory, FIFO or symbolic link (to ``/dev/zero``) where a checkpoint file
should be is a one-line error within a second, never a hang, an out-of-memory kill or an internal error.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from parallel_toy import ToyJob, expected_items
from puzzlewright.errors import PuzzleInputError
from puzzlewright.parallel import InProcessRunner, PartitionResult, run_job
from puzzlewright.parallel.checkpoint import FINISHED, MANIFEST, PARTITIONS, RESULTS, Checkpoint
from puzzlewright.parallel.folder import LOCK, CheckpointDamaged, CheckpointInUse

JOB = ToyJob(blocks=4, block=500)
VICTIM = "000002.json"  # partition b002
COUNT_81 = ("acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers")


@pytest.fixture
def finished_run(tmp_path) -> Path:
    run_job(JOB, output=tmp_path / "run", runner=InProcessRunner())
    return tmp_path / "run"


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Fail the test (instead of hanging the suite) if it takes more than 10 s."""
    def timed_out(*_: object) -> None:
        raise TimeoutError("no answer within 10 s: the run hangs")

    previous = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def resume(run: Path) -> list:
    return list(run_job(JOB, output=run, resume=True, runner=InProcessRunner()).items())


# -- one writer ------------------------------------------------------------------------------------------------

def test_a_second_run_on_a_folder_in_use_is_refused_at_once(finished_run):
    keys = [partition.key for partition in JOB.partitions()]
    with Checkpoint.open(finished_run, JOB.identity(), keys, resume=True):
        started = time.monotonic()
        with pytest.raises(CheckpointInUse) as refused:
            resume(finished_run)
        assert time.monotonic() - started < 1
    assert str(refused.value) == (f"{finished_run}/ is in use by another run (pid {os.getpid()}); "
                                  "wait for it or use another --output")
    assert refused.value.pid == os.getpid()
    assert resume(finished_run) == expected_items(JOB)  # closed: the folder is free again


def test_the_cli_refuses_a_second_run_with_one_line_and_exit_2(cli, tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from puzzlewright.parallel.folder import FolderLock; FolderLock.acquire(Path(sys.argv[1])); "
         "print('locked', flush=True); time.sleep(60)", str(tmp_path)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        refused = cli(*COUNT_81, "--workers", "1", "--output", f"{tmp_path}/", "--resume")
    finally:
        holder.kill()
        holder.wait()
    assert refused.exit_code == 2
    assert refused.stderr == (f"error: {tmp_path}/ is in use by another run (pid {holder.pid}); "
                              "wait for it or use another --output\n")


def test_two_resumes_at_once_give_one_run_and_the_whole_total(tmp_path):
    """Both started together: one runs, the other is refused (or, if it came second, resumes the finished
    run); either way results.jsonl holds exactly the total that is printed."""
    command = [sys.executable, "-m", "puzzlewright.cli.main", *COUNT_81, "--workers", "2", "--json",
               "--output", f"{tmp_path}/run/", "--resume"]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outcomes = [(run.wait(60), *run.communicate()) for run in runs]
    lines = (tmp_path / "run" / RESULTS).read_text().splitlines()
    assert len(lines) == 81 and len(set(lines)) == 81
    for code, stdout, stderr in outcomes:
        if code == 2:
            assert stderr.startswith("error: ") and "is in use by another run (pid " in stderr
        else:
            assert code == 0 and json.loads(stdout)["count"] == 81, stderr
    assert any(code == 0 for code, *_ in outcomes)


# -- counts checked against lines ------------------------------------------------------------------------------

def resigned(lines: list[str]) -> list[str]:
    """``lines`` (header and items, no trailer) with a valid trailer: what someone editing a file would do."""
    digest = hashlib.sha256("".join(lines).encode()).hexdigest()
    return [*lines, json.dumps({"end": {"lines": len(lines), "sha256": digest}}) + "\n"]


def with_header(lines: list[str], **changes: object) -> list[str]:
    header = json.loads(lines[0])
    header.update(changes)
    return [json.dumps(header) + "\n", *lines[1:]]


EDITS: dict[str, Callable[[list[str]], list[str]]] = {
    "items removed": lambda body: body[:-5],
    "every item removed": lambda body: body[:1],
    "an item appended": lambda body: [*body, "999999\n"],
    "header count +1": lambda body: with_header(body, count=json.loads(body[0])["count"] + 1),
    "header count not a number": lambda body: with_header(body, count="many"),
}


@pytest.mark.parametrize("edit", EDITS)
def test_a_partition_whose_count_disagrees_with_its_lines_is_recomputed(finished_run, edit, capsys):
    path = finished_run / PARTITIONS / VICTIM
    body = path.read_text().splitlines(keepends=True)[:-1]
    path.write_text("".join(resigned(EDITS[edit](body))))  # the trailer re-signed: it verifies
    (finished_run / FINISHED).unlink()  # nothing left to compare the checksum with
    items = resume(finished_run)
    assert items == expected_items(JOB)
    warnings = capsys.readouterr().err
    assert f"partition 'b002': {VICTIM} does not verify" in warnings and warnings.count("\n") == 1
    lines = (finished_run / RESULTS).read_text().splitlines()
    summary = json.loads((finished_run / "summary.json").read_text())
    assert len(lines) == summary["count"] == len(expected_items(JOB))


@dataclass(frozen=True)
class _ShortStreamJob(ToyJob):
    """Streams its items but claims more than it streamed, as when another run truncated its stream."""

    def run_partition(self, key: str, emit=None) -> PartitionResult:
        result = super().run_partition(key, emit)
        return PartitionResult(key, None, result.stats, count=len(result.items) + (key == "b002"))


def test_a_stream_holding_fewer_items_than_found_is_never_saved(tmp_path):
    job = _ShortStreamJob(blocks=4, block=500)
    with pytest.raises(CheckpointDamaged, match="partition 'b002' should save 44 items but 43 reached"):
        run_job(job, output=tmp_path, runner=InProcessRunner())
    assert not (tmp_path / PARTITIONS / VICTIM).exists() and not (tmp_path / RESULTS).exists()


# -- only regular files ----------------------------------------------------------------------------------------

def make_directory(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("x")


KINDS: dict[str, Callable[[Path], None]] = {
    "a directory": make_directory,
    "a FIFO": os.mkfifo,
    "a symbolic link": lambda path: path.symlink_to("/dev/zero"),
}
ENTRIES = [f"{PARTITIONS}/{VICTIM}", f"{PARTITIONS}/000002.found.jsonl", f"{PARTITIONS}/000002.resume.json",
           FINISHED, MANIFEST, LOCK, PARTITIONS]


def replace_entry(path: Path, kind: str) -> None:
    if path.is_dir() and not path.is_symlink():
        for child in path.iterdir():
            child.unlink()
        path.rmdir()
    else:
        path.unlink(missing_ok=True)
    KINDS[kind](path)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("entry", ENTRIES)
def test_a_checkpoint_entry_that_is_not_a_regular_file_is_a_quick_clean_error(finished_run, entry, kind, no_hang):
    if (entry, kind) == (PARTITIONS, "a directory"):
        pytest.skip("that is what it should be")
    path = finished_run / entry
    replace_entry(path, kind)
    started = time.monotonic()
    with pytest.raises(CheckpointDamaged) as refused:
        resume(finished_run)
    assert time.monotonic() - started < 2
    message = str(refused.value)
    assert str(path) in message and "\n" not in message
    assert kind in message or entry in (LOCK, PARTITIONS)
    if entry not in (MANIFEST, PARTITIONS):  # doing what the message says gives the right answer
        assert "remove it and run again with --resume" in message or entry == LOCK
        replace_entry(path, "a FIFO")
        path.unlink()
        assert resume(finished_run) == expected_items(JOB)


def test_a_folder_written_by_another_version_is_refused_naming_both_formats(finished_run):
    manifest = finished_run / MANIFEST
    manifest.write_text(manifest.read_text().replace('"puzzlewright.parallel/1"', '"puzzlewright.parallel/2"'))
    with pytest.raises(PuzzleInputError) as refused:
        resume(finished_run)
    assert str(refused.value) == (
        f"output directory {finished_run}/ was written by another version of puzzlewright (format "
        "'puzzlewright.parallel/2'; this one reads 'puzzlewright.parallel/1'): resume it with that version, "
        "or use another directory")
    assert len(list((finished_run / PARTITIONS).iterdir())) == JOB.blocks  # nothing of it removed
