"""Adversarial command-line input (issue #16): batch lines that used to end the run, special files,
counts and numbers at the edge of floats, and malformed addresses. Each fails as one clear line."""

from __future__ import annotations

import json
import os

import pytest

from conftest import run_cli, untimed

GOOD = json.dumps({"pool": "SHACE", "answer_pattern": "-----"})


def assert_one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2, result.stdout + result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    for needle in needles:
        assert needle in result.stderr


def test_a_batch_never_loses_lines(tmp_path):
    """Lines that crashed the batch (a 5,000-digit integer, a lone surrogate, bytes that are not UTF-8, a
    line over the cap) are each that line's error record; every later line is still solved."""
    from puzzlewright.jsonlines import MAX_BATCH_LINE_BYTES

    lines = [GOOD.encode(), b'{"pool":"SHACE","answer_pattern":"-----","date":"\\ud800"}',
             b'{"pool":"SHACE","answer_pattern":"-----","n":' + b"9" * 5000 + b"}",
             b'{"pool":"\xff\xfe","answer_pattern":"-----"}', b"[1, 2]", b"x" * (MAX_BATCH_LINE_BYTES + 10), GOOD.encode()]
    batch = tmp_path / "batch.jsonl"
    batch.write_bytes(b"\n".join(lines) + b"\n")
    result = run_cli("jumble", "solve", "--batch", str(batch))
    assert result.exit_code == 0, result.stderr
    records = [untimed(json.loads(line)) for line in result.stdout.splitlines()]
    assert len(records) == len(lines)
    assert [r.get("line") for r in records] == [None, 2, 3, 4, 5, 6, None]
    assert "surrogate" in records[1]["error"] and "4,300" in records[2]["error"]
    assert "UTF-8" in records[3]["error"] and "JSON object" in records[4]["error"] and "longer" in records[5]["error"]
    assert records[0] == records[-1] and records[0]["answers"][0]["answer"] == "chase"


def test_a_bug_in_one_record_is_that_lines_error(monkeypatch):
    from puzzlewright.jsonlines import solve_record

    def broken(record: dict) -> dict:
        raise ZeroDivisionError("division by zero\nsecond line")

    result, ok = solve_record(7, GOOD, broken)
    assert not ok and result == {"line": 7, "error": "internal error: ZeroDivisionError: division by zero second line"}


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("option", [["dict", "lookup", "cat", "--dict"], ["jumble", "solve", "--batch"]])
@pytest.mark.parametrize("special, kind", [("/dev/zero", "device"), ("fifo", "FIFO")])
def test_special_files_are_refused_without_reading(option, special, kind, fifo):
    path = str(fifo) if special == "fifo" else special
    if not os.path.exists(path):
        pytest.skip(f"{path} does not exist here")
    assert_one_line_error(run_cli(*option, path), "not a regular file", kind)


def test_a_dictionary_line_over_the_cap_is_refused(tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\n" + "a" * 100_000 + "\n")
    assert_one_line_error(run_cli("dict", "lookup", "cat", "--dict", str(words)), "line 2 is longer")


def test_frequency_counts_beyond_a_float_are_skipped(tmp_path):
    """1e400 reads as infinity: that entry is skipped; counts near the float limit still give Zipf values."""
    from puzzlewright.lexicon.formats import read_word_file

    words = tmp_path / "freq.txt"
    words.write_text("cat\t1e400\ndog\t5\nbird\t1e308\nfish\t1e308\n")
    zipf, skipped, form = read_word_file(words)
    assert form == "freq" and skipped == 1 and set(zipf) == {"dog", "bird", "fish"}
    assert zipf["bird"] == zipf["fish"] == pytest.approx(9 - 0.30103, abs=1e-4) and zipf["dog"] == 0.0


@pytest.mark.parametrize("value", ["inf", "-inf", "nan"])
def test_min_commonness_must_be_finite(value):
    assert_one_line_error(run_cli("letterboxed", "solve", "RME", "WCL", "TGK", "API", "--min-commonness", value),
                          "--min-commonness")


def test_a_cluster_address_that_is_not_one_is_one_clean_line(capfd):
    pytest.importorskip("distributed")
    result = run_cli("acrostic", "count", "--size", "4", "--cluster", "not a url")
    assert_one_line_error(result, "bad cluster address")
    assert "Traceback" not in capfd.readouterr().err
