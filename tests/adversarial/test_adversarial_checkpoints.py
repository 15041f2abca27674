"""Checkpoints that cannot lie (issue #16): every corruption of a finished partition file is caught on
``--resume``, reported, and that partition recomputed, so the result is the same as an untouched run."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from parallel_toy import ToyJob, expected_items
from puzzlewright.parallel import InProcessRunner, run_job
from puzzlewright.parallel.checkpoint import FINISHED, PARTITIONS

JOB = ToyJob(blocks=4, block=500)
VICTIM = "000002.json"  # partition b002


def edit_lines(path: Path, change: Callable[[list[str]], list[str]]) -> None:
    path.write_text("".join(change(path.read_text().splitlines(keepends=True))))


def header_count_plus_1000(lines: list[str]) -> list[str]:
    header = json.loads(lines[0])
    header["count"] += 1000
    return [json.dumps(header, separators=(",", ":")) + "\n", *lines[1:]]


CORRUPTIONS = {
    "header count +1000": header_count_plus_1000,
    "last item deleted": lambda lines: lines[:-2] + lines[-1:],
    "extra item appended": lambda lines: lines[:-1] + ["999999\n"] + lines[-1:],
    "wrong but valid item": lambda lines: [lines[0], str(int(lines[1]) + 9) + "\n", *lines[2:]],
    "cut short mid-line": lambda lines: lines[:3] + [lines[3][:2]],
    "garbage line": lambda lines: lines[:2] + ["\x00\xff garbage\n"] + lines[2:],
    "trailer removed": lambda lines: lines[:-1],
}


@pytest.fixture
def finished_run(tmp_path) -> Path:
    run_job(JOB, output=tmp_path / "run", runner=InProcessRunner())
    return tmp_path / "run"


def resume(run: Path, capsys) -> tuple[list, str]:
    result = run_job(JOB, output=run, resume=True, runner=InProcessRunner())
    return list(result.items()), capsys.readouterr().err


@pytest.mark.parametrize("corruption", CORRUPTIONS)
def test_a_corrupt_partition_file_is_recomputed_on_resume(finished_run, corruption, capsys):
    edit_lines(finished_run / PARTITIONS / VICTIM, CORRUPTIONS[corruption])
    items, warnings = resume(finished_run, capsys)
    assert items == expected_items(JOB)
    assert f"partition 'b002': {VICTIM} does not verify" in warnings and "running it again" in warnings
    assert warnings.count("\n") == 1  # only the victim


def test_a_listed_partition_file_that_is_gone_is_recomputed(finished_run, capsys):
    (finished_run / PARTITIONS / VICTIM).unlink()
    items, warnings = resume(finished_run, capsys)
    assert items == expected_items(JOB) and f"its file {VICTIM} is missing" in warnings


def test_a_valid_file_of_another_partition_is_refused(finished_run, capsys):
    (finished_run / PARTITIONS / VICTIM).write_bytes((finished_run / PARTITIONS / "000001.json").read_bytes())
    items, warnings = resume(finished_run, capsys)
    assert items == expected_items(JOB) and "another job or partition" in warnings


def test_an_untouched_run_resumes_silently(finished_run, capsys):
    items, warnings = resume(finished_run, capsys)
    assert items == expected_items(JOB) and warnings == ""
    recorded = [json.loads(line) for line in (finished_run / FINISHED).read_text().splitlines()]
    assert sorted(entry["file"] for entry in recorded) == [f"{i:06d}.json" for i in range(JOB.blocks)]
