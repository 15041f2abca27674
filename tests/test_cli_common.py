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
