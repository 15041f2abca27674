"""Every input bounded before it is read (issue #28, item 3): each reproduction of the issue, replayed.

Files given to options are regular files of bounded size (one reader, :func:`puzzlewright.errors.read_input`),
numbers typed in text have a bounded number of digits (:func:`puzzlewright.errors.whole_number`), JSON has a
bounded depth (:func:`puzzlewright.jsontext.check_depth`), data-lines batches are read line by line, and a
full output is one line. Each case is one clean line (exit 2) on the command line, a 4xx on the web and a
:class:`~puzzlewright.errors.PuzzlewrightError` in the library, within a few seconds and without reading
the file whole.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_cli, untimed, within
from puzzlewright.errors import MAX_PUZZLE_FILE_BYTES, PuzzleInputError

DIGITS = "9" * 4301  # one past Python's int-from-string limit
SRC = str(Path(__file__).resolve().parents[2] / "src")


def one_line_error(*args: str, needles: tuple[str, ...] = (), seconds: int = 10, input: str | None = None) -> str:
    """Run the command line; assert it failed with one ``error:`` line and exit 2; return that line."""
    with within(seconds):
        result = run_cli(*args, input=input)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert len(result.stderr) < 300, result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr
    return result.stderr


# Every option that reads a whole file, as (arguments before the file, option, arguments after).
FILE_OPTIONS = {
    "wordle doodle --grid": (["wordle", "doodle", "--answer", "crane", "--grid"], []),
    "grid verify --grid": (["grid", "verify", "--grid"], []),
    "grid fill --grid": (["grid", "fill", "--grid"], ["--time-limit", "1"]),
    "grid export --grid": (["grid", "export", "--grid"], ["--output", "unused.txt"]),
    "acrostic solve --template": (["acrostic", "solve", "--template"], ["--pool", "abc"]),
}


def run_with_file(option: str, path: str | Path, **kwargs) -> str:
    before, after = FILE_OPTIONS[option]
    return one_line_error(*before, str(path), *after, **kwargs)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("option", FILE_OPTIONS)
@pytest.mark.parametrize("special, kind", [("/dev/zero", "device"), ("/dev/urandom", "device"), ("fifo", "FIFO")])
def test_special_files_are_refused_without_reading(option, special, kind, fifo):
    path = str(fifo) if special == "fifo" else special
    if not os.path.exists(path):
        pytest.skip(f"{path} does not exist here")
    run_with_file(option, path, needles=("not a regular file", kind), seconds=5)


@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_directory_is_refused_not_read_as_rows(option, tmp_path):
    run_with_file(option, tmp_path, needles=("is a directory",))


@pytest.fixture
def huge_file(tmp_path) -> Path:
    """A 30 MB file (sparse: nothing is written) of the kind that took gigabytes before its size check."""
    path = tmp_path / "huge.txt"
    with open(path, "wb") as handle:
        handle.truncate(30 * 2**20)
    return path


@pytest.mark.parametrize("option", FILE_OPTIONS)
def test_a_huge_file_is_refused_before_it_is_read(option, huge_file):
    run_with_file(option, huge_file, needles=("larger than 1 MB",), seconds=5)


def test_the_library_refuses_a_huge_grid_file_with_a_typed_error(huge_file):
    from puzzlewright.grid.formats import read_grid

    with pytest.raises(PuzzleInputError, match="larger than"):
        read_grid(huge_file)


def test_the_cap_holds_when_the_size_is_not_reported(monkeypatch, tmp_path):
    """A file whose size the OS reports as 0 (as /proc files do) is still read only to the cap."""
    import puzzlewright.errors as errors

    path = tmp_path / "grows.txt"
    path.write_bytes(b"." * (MAX_PUZZLE_FILE_BYTES + 10))
    real_fstat = os.fstat
    monkeypatch.setattr(errors.os, "fstat", lambda fd: os.stat_result((*real_fstat(fd)[:6], 0, *real_fstat(fd)[7:])))
    with pytest.raises(PuzzleInputError, match="larger than"):
        errors.read_input(path, "grid file")


def test_a_grid_file_with_a_bom_and_crlf_reads(tmp_path):
    grid = tmp_path / "grid.txt"
    grid.write_bytes(b"\xef\xbb\xbfare\r\nguy\r\none\r\n")
    with within(30):
        result = run_cli("grid", "verify", "--grid", str(grid))
    assert result.exit_code == 0 and "valid" in result.stdout, result.stdout + result.stderr


def test_a_doodle_grid_file_with_crlf_reads(tmp_path):
    rows = tmp_path / "rows.txt"
    rows.write_bytes(b"\xef\xbb\xbfGGGGG\r\n")
    with within(60):
        result = run_cli("wordle", "doodle", "--answer", "crane", "--grid", str(rows), "--random-seed", "1")
    assert result.exit_code == 0 and "CRANE" in result.stdout, result.stdout + result.stderr


def test_rows_made_of_dots_and_slashes_are_rows_not_paths():
    """``../..`` exists on every disk, but as --grid it is a 2x2 empty grid."""
    with within(30):
        result = run_cli("grid", "verify", "--grid", "../..")
    assert result.exit_code == 1 and "not filled" in result.stdout, result.stdout + result.stderr


# -- JSON depth --------------------------------------------------------------------------------------


def test_an_ipuz_nested_50000_deep_is_one_line(tmp_path):
    deep = tmp_path / "deep.ipuz"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    one_line_error("grid", "verify", "--grid", str(deep), needles=("nested more than 64 deep",))


def test_the_library_refuses_a_deep_ipuz_with_a_typed_error():
    from puzzlewright.grid.formats import grid_from_ipuz

    with pytest.raises(PuzzleInputError, match="nested"):
        grid_from_ipuz('{"a":' * 1000 + "1" + "}" * 1000)


def test_a_deep_batch_line_is_that_lines_error(tmp_path):
    good = json.dumps({"pool": "SHACE", "answer_pattern": "-----"})
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join([good, "[" * 50_000 + "]" * 50_000, good]) + "\n")
    with within(30):
        result = run_cli("jumble", "solve", "--batch", str(batch))
    assert result.exit_code == 0, result.stderr
    records = [untimed(json.loads(line)) for line in result.stdout.splitlines()]
    assert len(records) == 3 and "nested more than 64 deep" in records[1]["error"]
    assert records[0] == records[2] and records[0]["answers"][0]["answer"] == "chase"


def test_depth_is_counted_outside_strings_only():
    from puzzlewright.jsontext import loads_strict

    assert loads_strict(json.dumps({"a": "[" * 1000 + '\\"{' * 100})) == {"a": "[" * 1000 + '\\"{' * 100}
    assert loads_strict("[" * 64 + "]" * 64) is not None


# -- plain-text Jumble batches -----------------------------------------------------------------------


def test_data_lines_word_lines_before_a_header_are_one_error(tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_bytes(b"LASRN OOO--\nLASRN OOO--\n"
                      b"2006-10-09 -----\nshace OOOOO\n\xff\xfe OO\nabc O--\n-----\n")
    with within(30):
        result = run_cli("jumble", "solve", "--batch", str(batch))
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record.get("line") for record in records] == [1, None, 5, 7]
    assert "before any puzzle header" in records[0]["error"] and records[1]["answers"][0]["answer"] == "chase"
    assert records[2]["error"] == "line 5: the line is not UTF-8 text"
    assert "no word lines" in records[3]["error"]


# -- numbers of thousands of digits ------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["grid", "fill", "--size", f"{DIGITS}x3"],
    ["grid", "export", "--size", f"3x{DIGITS}", "--output", "unused.txt"],
    ["grid", "reroll", "--size", f"{DIGITS}x3", "--slot", "1-Across"],
    ["grid", "reroll", "--grid", "goa/and/red", "--slot", f"{DIGITS}-Across"],
    ["jumble", "solve", "--word", f"LASRN:0,{DIGITS}", "--word", "SHACE:O--OO", "--answer", "-----"],
    ["jumble", "generate", "MASTERPIECE", "--lengths", f"5,5,{DIGITS}"],
], ids=["fill size", "export size", "reroll size", "reroll slot", "jumble circles", "jumble lengths"])
def test_a_number_of_4301_digits_is_one_line(args):
    one_line_error(*args, needles=("4,301 digits",))


def test_the_library_refuses_long_numbers_with_a_typed_error():
    from puzzlewright.grid.filler import slot_named
    from puzzlewright.grid.model import Grid, parse_size
    from puzzlewright.jumble.generator import parse_lengths
    from puzzlewright.jumble.model import parse_circles

    for call in (lambda: parse_size(f"{DIGITS}x3"), lambda: parse_circles(f"0,{DIGITS}", "lasrn"),
                 lambda: parse_lengths(f"5,5,{DIGITS}"),
                 lambda: slot_named(Grid.parse("goa/and/red"), f"{DIGITS}-Across")):
        with pytest.raises(PuzzleInputError, match="digits"):
            call()


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    return TestClient(create_app(search_seconds=2, loopback_only=True), base_url="http://127.0.0.1:8000")


@pytest.mark.parametrize("path, body", [
    ("/api/grid/fill", {"size": f"{DIGITS}x3"}),
    ("/api/grid/export", {"size": f"3x{DIGITS}"}),
    ("/api/grid/reroll", {"size": f"{DIGITS}x3", "slot": "1-Across"}),
    ("/api/grid/reroll", {"grid": ["goa", "and", "red"], "slot": f"{DIGITS}-Across"}),
    ("/api/jumble/solve", {"jumbles": [{"scrambled": "LASRN", "circles": f"0,{DIGITS}"},
                                       {"scrambled": "SHACE", "circles": "O--OO"}], "answer_pattern": "-----"}),
    ("/api/jumble/generate", {"answer": "MASTERPIECE", "lengths": f"5,5,{DIGITS}"}),  # a 500 in the close-out sweep of issue #28
], ids=["fill size", "export size", "reroll size", "reroll slot", "jumble circles", "jumble lengths"])
def test_a_number_of_4301_digits_in_a_string_is_a_4xx(client, path, body):
    response = client.post(path, json=body)
    assert 400 <= response.status_code < 500, response.text
    assert "4,301 digits" in response.json()["error"]


def test_a_deep_request_body_is_a_400(client):
    response = client.post("/api/jumble/solve", content="[" * 20_000 + "]" * 20_000,
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and "nested more than 64 deep" in response.json()["error"]


# -- .puz files and full outputs ---------------------------------------------------------------------


def test_a_truncated_puz_says_so(tmp_path):
    puz = tmp_path / "grid.puz"
    with within(30):
        assert run_cli("grid", "export", "--grid", "goa/and/red", "--output", str(puz)).exit_code == 0
    short = tmp_path / "short.puz"
    short.write_bytes(puz.read_bytes()[:14])
    message = one_line_error("grid", "verify", "--grid", str(short), needles=("ends early",))
    assert "unpack" not in message and "<" not in message


def test_a_full_output_file_is_one_line(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    words = tmp_path / "words.txt"
    words.write_text("bat\nare\nten\n")
    one_line_error("acrostic", "count", "--size", "3", "--dict", str(words), "--workers", "1", "--output", "/dev/full",
                   needles=("cannot write",), seconds=30)


def test_a_full_stdout_is_one_line():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "puzzlewright.cli.main", "dict", "lookup", "cat"], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60, env={**os.environ, "PYTHONPATH": SRC})
    assert result.returncode == 2 and result.stderr == "error: cannot write the output: No space left on device\n"


def test_an_error_repeating_a_huge_value_stays_short(tmp_path):
    """click repeats a bad option value whole, a check repeats a bad row: the error line keeps their start."""
    one_line_error("letterboxed", "generate", "--count", DIGITS, needles=("(4,303 characters)",))
    row = tmp_path / "row.txt"
    row.write_text("." * 500_000)
    one_line_error("wordle", "doodle", "--answer", "crane", "--grid", str(row), needles=("(500,002 characters)",))


def test_stdin_is_capped_like_a_file():
    with within(30):
        result = run_cli("wordle", "doodle", "--answer", "crane", "--grid", "-", "--random-seed", "1", input="GGGGG\n")
    assert result.exit_code == 0 and "CRANE" in result.stdout, result.stderr
    one_line_error("wordle", "doodle", "--answer", "crane", "--grid", "-", needles=("larger than 1 MB",),
                   input="G" * (MAX_PUZZLE_FILE_BYTES + 1))


def test_an_absurd_commonness_floor_keeps_nothing_without_a_warning():
    """``min_commonness: 1e308`` (the web sweep) overflowed float32 with a RuntimeWarning in the server log."""
    import warnings

    from puzzlewright.lexicon import load_lexicon

    lexicon = load_lexicon("wordle-answers")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(lexicon.filter(min_commonness=1e308)) == 0
        assert len(lexicon.filter(min_commonness=-1e308)) == len(lexicon)
