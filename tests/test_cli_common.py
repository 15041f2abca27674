"""The shared --batch runner: one JSON result per input line, per-line errors, the batch goes on."""

from __future__ import annotations

import json

import pytest

from puzzlewright.cli.common import run_batch
from puzzlewright.errors import PuzzleInputError


def _double(record: dict) -> dict:
    if not isinstance(record.get("n"), int):
        raise PuzzleInputError("field 'n' must be an integer")
    return {"n": record["n"] * 2}


def test_batch_reports_each_line_and_continues(tmp_path, capsys):
    batch = tmp_path / "in.jsonl"
    batch.write_text('{"n": 1}\nnot json\n\n{"n": "x"}\n[1, 2]\n{"n": 5}\n')
    solved, failed = run_batch(str(batch), _double)
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (solved, failed) == (2, 3)
    assert lines[0] == {"n": 2} and lines[-1] == {"n": 10}
    assert lines[1]["line"] == 2 and lines[1]["error"].startswith("invalid JSON")
    assert lines[2] == {"line": 4, "error": "field 'n' must be an integer"}
    assert lines[3]["line"] == 5 and "JSON object" in lines[3]["error"]


@pytest.mark.parametrize("name", ["missing.jsonl", ""])
def test_unreadable_batch_file_is_a_clear_error(tmp_path, name):
    with pytest.raises(PuzzleInputError, match="batch file"):
        run_batch(str(tmp_path / name), _double)


@pytest.fixture
def two_cores(monkeypatch):
    from puzzlewright.parallel import runners

    monkeypatch.setattr(runners, "default_workers", lambda: 2)


def _workers_seen(*args: str) -> tuple[int | None, str]:
    """(the ``workers`` a command with :func:`worker_options` receives, its stderr) for ``args``."""
    import click
    from click.testing import CliRunner

    from puzzlewright.parallel.cli import worker_options

    seen = {}

    @click.command()
    @worker_options
    def command(workers: int | None, cluster: str | None) -> None:
        seen["workers"] = workers

    result = CliRunner().invoke(command, list(args))
    assert result.exit_code == 0, result.output
    return seen["workers"], result.stderr


@pytest.mark.parametrize("args, workers, note", [
    ((), None, ""), (("--workers", "2"), 2, ""), (("--workers", "1"), 1, ""),
    (("--workers", "1000"), 2, "note: --workers 1000 capped at 2, the cores available (--force-workers runs 1000)\n"),
    (("--workers", "1000", "--force-workers"), 1000, ""),
    (("--workers", "1000", "--cluster", "tcp://127.0.0.1:8786"), 1000, ""),  # the cluster's workers, not ours
])
def test_workers_are_capped_at_the_cores_unless_forced(two_cores, args, workers, note):
    """issue #28: --workers 1000 started 218 processes on 2 cores."""
    assert _workers_seen(*args) == (workers, note)


def test_the_quick_path_leaves_too_many_workers_to_click(two_cores):
    from puzzlewright.cli.quick import _count_settings

    assert _count_settings(["--size", "5", "--workers", "2"])["workers"] == 2
    assert _count_settings(["--size", "5", "--workers", "3"]) is None  # click caps it, with its note
