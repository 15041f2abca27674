"""Output files of long or many-file runs, with real processes: a count written to a pipe, device or
``/dev/stdout`` (no spool folder beside it, nothing replaced), a count whose file cannot be written (the file
left as it was and nothing left beside it), a full disk under a count's spool, and two runs writing one set
of pictures.

Before: ``--output /dev/stdout`` made its spool folder in ``/dev`` (refused where ``/dev`` is not writable) and,
with stdout redirected to a file, replaced that file (what else the command printed there was lost), a
count stopped by a failed write left its spool folder full of partition files beside the file, a full disk
under the spool advised ``--resume`` (which reads FILE as a checkpoint folder), and two runs writing one
``--svg FILE`` set at once could leave some pictures of each."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from puzzlewright.acrostic.count import CountOptions, count_squares
from puzzlewright.lexicon import load_lexicon
from puzzlewright.parallel.folder import CheckpointInUse
from puzzlewright.parallel.spool import write_outputs

COUNT_81 = ("acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers")
CLI = (sys.executable, "-m", "puzzlewright.cli.main")


@pytest.fixture(scope="module")
def squares_81() -> list[str]:
    """The 81 squares, counted in this process (rows joined by '/')."""
    result = count_squares(load_lexicon("wordle-answers"), CountOptions(5, double=True, canonical=True),
                           keep_squares=True)
    return ["/".join(square) for square in result.squares]


def test_a_count_to_dev_stdout_is_written_there_in_order(squares_81):
    run = subprocess.run([*CLI, *COUNT_81, "--workers", "2", "--output", "/dev/stdout", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[:81] == squares_81
    assert '"count": 81' in lines[81]


@pytest.mark.parametrize("mode", ["a", "w"])
def test_a_count_to_dev_stdout_redirected_to_a_file_keeps_everything_printed_there(tmp_path, squares_81, mode):
    """``--output /dev/stdout >> out.txt`` (or ``>``): the squares go through the shell's descriptor. Replacing
    the file the name reached cut it off from that descriptor: the earlier line and the summary were lost."""
    out = tmp_path / "out.txt"
    out.write_text("an earlier line\n")
    with open(out, mode) as stdout:
        run = subprocess.run([*CLI, *COUNT_81, "--workers", "1", "--output", "/dev/stdout"], stdout=stdout,
                             stderr=subprocess.PIPE, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = out.read_text().splitlines()
    earlier = ["an earlier line"] if mode == "a" else []
    assert lines[:len(earlier) + 81] == earlier + squares_81
    assert lines[len(earlier) + 81:] == [lines[-2], "squares written to /dev/stdout"]
    assert lines[-2].startswith("81 5x5 (double, canonical) squares in 'wordle-answers'")


def test_a_count_to_a_fifo_makes_no_folder_beside_it(tmp_path, squares_81):
    """A pipe is written in place: nothing to rename, so no spool folder in its folder (``/dev`` for
    ``/dev/stdout``), which need not be writable."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    seen: dict[str, object] = {}

    def read() -> None:
        with open(fifo) as handle:
            seen["first"] = handle.readline()
            seen["beside"] = sorted(os.listdir(tmp_path))  # while the run writes
            seen["rest"] = handle.read()

    reader = threading.Thread(target=read)
    reader.start()
    run = subprocess.run([*CLI, *COUNT_81, "--workers", "2", "--output", str(fifo)],
                         capture_output=True, text=True, timeout=120)
    reader.join(60)
    assert run.returncode == 0, run.stderr
    assert seen["beside"] == ["pipe"]
    assert (str(seen["first"]) + str(seen["rest"])).splitlines() == squares_81


def _file_size_limit(size: int):
    """``preexec_fn``: writes past ``size`` bytes fail with EFBIG (Python ignores SIGXFSZ)."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def test_a_count_whose_writes_fail_leaves_the_file_and_nothing_beside_it(tmp_path):
    squares = tmp_path / "squares.txt"
    squares.write_text("an earlier run's squares\n")
    run = subprocess.run([*CLI, *COUNT_81, "--workers", "2", "--output", str(squares)], capture_output=True,
                         text=True, timeout=120, preexec_fn=_file_size_limit(8192))
    assert run.returncode == 2
    assert run.stderr.startswith("error: cannot write ") and "File too large" in run.stderr
    assert run.stderr.count("\n") == 1
    assert squares.read_text() == "an earlier run's squares\n"
    assert os.listdir(tmp_path) == ["squares.txt"]  # the spool and the partitions streamed there, gone


def test_a_checkpointed_count_whose_writes_failed_resumes_to_the_whole_answer(tmp_path, squares_81):
    run = tmp_path / "run"
    command = [*CLI, *COUNT_81, "--workers", "2", "--output", f"{run}/", "--json"]
    failed = subprocess.run(command, capture_output=True, text=True, timeout=120,
                            preexec_fn=_file_size_limit(8192))  # finished.jsonl outgrows it part-way
    assert failed.returncode == 2 and "File too large" in failed.stderr and failed.stderr.count("\n") == 1
    assert (run / "manifest.json").exists() and not (run / "results.jsonl").exists()
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert summary["count"] == 81 and summary["partitions"]["resumed"] > 0  # what was written before was kept
    assert [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()] == squares_81


@pytest.fixture
def small_disk(tmp_path):
    """A 256 KB tmpfs (root only, where mounting is allowed)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_a_full_disk_under_a_counts_spool_says_run_again_not_resume(small_disk):
    squares = small_disk / "squares.txt"
    squares.write_text("an earlier run's squares\n")
    run = subprocess.run([*CLI, *COUNT_81, "--workers", "1", "--output", str(squares)], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr == (f"error: disk full in {small_disk}/.squares.txt.puzzlewright/ while writing {squares}: "
                          "stopped, nothing kept; free some space and run again\n")
    assert squares.read_text() == "an earlier run's squares\n"
    assert os.listdir(small_disk) == ["squares.txt"]


# -- a set of pictures (--svg FILE, FILE-2.svg ...) -----------------------------------------------------------------

HOLD_SET = """
import sys, time
from puzzlewright.parallel.spool import spool_for
with spool_for(sys.argv[1], option="--svg"):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _holding(path: Path, seconds: float) -> subprocess.Popen:
    """A process holding ``path``'s set (as a run writing its pictures does) for ``seconds``."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD_SET, str(path), str(seconds)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout.readline() == "held\n"
    return holder


def _pictures(folder: Path, tag: str) -> list:
    return [(str(folder / name), lambda handle, text=f"{tag} {name}": handle.write(text))
            for name in ("a.svg", "a-2.svg")]


def test_a_set_of_pictures_waits_for_another_run_writing_it(tmp_path):
    holder = _holding(tmp_path / "a.svg", 0.5)
    write_outputs(_pictures(tmp_path, "second"), option="--svg")  # waits for the holder, then writes the whole set
    assert holder.wait(10) == 0
    assert {name: (tmp_path / name).read_text() for name in ("a.svg", "a-2.svg")} == {
        "a.svg": "second a.svg", "a-2.svg": "second a-2.svg"}
    assert sorted(os.listdir(tmp_path)) == ["a-2.svg", "a.svg"]


def test_a_set_held_too_long_by_another_run_is_refused_with_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr("puzzlewright.parallel.spool.SET_WAIT_S", 0.0)
    holder = _holding(tmp_path / "a.svg", 60)
    try:
        with pytest.raises(CheckpointInUse, match=rf"^{tmp_path}/a\.svg is being written by another run \(pid {holder.pid}\); "
                                                  r"wait for it or use another --svg$"):
            write_outputs(_pictures(tmp_path, "second"), option="--svg")
        assert not (tmp_path / "a-2.svg").exists()  # no picture of a set another run holds
    finally:
        holder.kill()
        holder.wait(10)
