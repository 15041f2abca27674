"""``acrostic count`` and ``acrostic generate`` on the partitioned engine: the same squares and puzzles in
the same order whatever runs them, real kills of the CLI resumed, and each bad-input case at the CLI."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import as_from_a_shell, untimed

from puzzlewright.acrostic.count import CountOptions, count_squares
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import load_lexicon
from puzzlewright.parallel import run_job
from puzzlewright.acrostic.jobs import CountJob, GenerateJob, generate_chunks
from puzzlewright.parallel.checkpoint import PARTITIONS

COUNT_81 = ("acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers")


def squares_are_right(lines: list[str], words: set[str], size: int) -> bool:
    """An independent check: every row and column is a word, all 2N distinct, first row <= first column."""
    for line in lines:
        rows = line.split("/")
        columns = ["".join(row[i] for row in rows) for i in range(size)]
        if len(rows) != size or not set(rows + columns) <= words or len(set(rows + columns)) != 2 * size:
            return False
        if rows[0] > columns[0]:
            return False
    return True


@pytest.fixture(scope="module")
def reference_81() -> list[str]:
    """The single-process count (the colleague's in-order loop), as lines rows-joined-by-slash."""
    result = count_squares(load_lexicon("wordle-answers"), CountOptions(5, double=True, canonical=True),
                           keep_squares=True)
    return ["/".join(square) for square in result.squares]


def test_count_cli_same_squares_in_same_order_for_any_worker_count(cli, tmp_path, reference_81):
    outputs = {}
    for workers in ("1", "2", "3"):
        path = tmp_path / f"w{workers}.txt"
        result = cli(*COUNT_81, "--workers", workers, "--force-workers", "--output", str(path), "--json")
        assert result.exit_code == 0, result.stderr
        summary = result.json()
        assert summary["count"] == 81 and summary["complete"] and summary["workers"] == int(workers)
        outputs[workers] = path.read_text().splitlines()
    assert outputs["1"] == outputs["2"] == outputs["3"] == reference_81
    assert squares_are_right(reference_81, set(load_lexicon("wordle-answers").words), 5)


def test_count_checkpoint_directory_then_resume_computes_nothing(cli, tmp_path, reference_81):
    first = cli(*COUNT_81, "--workers", "2", "--output", f"{tmp_path}/run/", "--json")
    assert first.exit_code == 0, first.stderr
    results = [json.loads(line) for line in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    assert results == reference_81
    again = cli(*COUNT_81, "--workers", "1", "--output", str(tmp_path / "run"), "--resume", "--json")
    summary = again.json()
    assert summary["count"] == 81 and summary["partitions"]["computed"] == 0
    assert summary["partitions"]["resumed"] == summary["partitions"]["total"]


def test_count_on_a_local_dask_cluster_matches(cli, tmp_path, reference_81):
    pytest.importorskip("distributed")
    result = cli(*COUNT_81, "--cluster", "local", "--workers", "2", "--output", str(tmp_path / "s.txt"), "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()["runner"] == "dask" and result.json()["count"] == 81
    assert (tmp_path / "s.txt").read_text().splitlines() == reference_81


def test_count_time_limit_stops_early_and_says_so():
    lexicon = load_lexicon("english")
    result = run_job(CountJob(lexicon, CountOptions(5)), workers=1, time_limit=0.001)
    assert not result.complete and len(result.partitions) < result.total


def test_count_time_limit_stops_a_long_partition_too(cli):
    """8x8 over english: one partition alone runs for tens of seconds; the limit was only checked between."""
    result = cli("acrostic", "count", "--size", "8", "--time-limit", "0.5", "--workers", "1", "--json")
    assert result.exit_code == 3, result.stderr  # stopped by its limit: cli.shared.INCOMPLETE
    summary = json.loads(result.stdout)
    assert not summary["complete"] and summary["count"] == 0 and summary["elapsed_s"] < 5


def test_generate_time_limit_per_puzzle_is_a_one_line_error(cli):
    """An 8x8 unique puzzle of english takes far longer than this: the run stops instead of hanging."""
    result = cli("acrostic", "generate", "--size", "8", "--unique", "--min-commonness", "0", "--random-seed", "1",
                 "--time-limit", "0.5", "--workers", "1")
    assert result.exit_code == 2
    assert result.stderr == ("error: puzzle 0: no 8x8 puzzle found within the time limit of 0.5 s; allow more or "
                             "lower --min-commonness\n")


def test_generate_stopped_by_a_puzzle_not_found_gives_the_ones_before_it(cli, tmp_path, puzzle_never_found,
                                                                         monkeypatch):
    """Puzzle 37 of 100 (inside the range 36-37) not found in time: puzzles 0-36 and exit 3, the same
    with one worker or two (later ranges that finished are not shown, and no new one starts); --resume
    tries it again and gives the whole run. Puzzle 0 not found: nothing to give, an error."""
    args = ("acrostic", "generate", "--size", "4", "--count", "100", "--random-seed", "3", "--json")
    whole = cli(*args, "--workers", "1").json()
    puzzle_never_found(37)
    run = tmp_path / "gen"
    alone, pooled = cli(*args, "--workers", "1", "--output", str(run)), cli(*args, "--workers", "2")
    assert alone.exit_code == pooled.exit_code == 3, pooled.stderr
    assert alone.json() == pooled.json() == {**whole, "complete": False, "puzzles": whole["puzzles"][:37]}
    assert "warning: puzzle 37: no 4x4 puzzle found" in alone.stderr
    assert not (run / "partitions" / "000018.json").exists()  # the range 36-37 is not finished
    puzzle_never_found(0)
    nothing = cli(*args, "--workers", "1")
    assert nothing.exit_code == 2 and nothing.json()["error"].startswith("puzzle 0: no 4x4 puzzle found")
    monkeypatch.undo()
    resumed = cli(*args, "--workers", "2", "--output", str(run), "--resume")
    assert resumed.exit_code == 0 and resumed.json() == whole


def test_count_job_identity_covers_only_words_of_the_size():
    english = load_lexicon("english")
    only_five = english.filter(lengths=[5])
    options = CountOptions(5, double=True)
    assert CountJob(english, options).identity() == CountJob(only_five, options).identity()
    assert CountJob(english, options).identity() != CountJob(english.exclude(["house"]), options).identity()


def test_generate_same_puzzles_whatever_runs_them(cli):
    args = ("acrostic", "generate", "--size", "4", "--count", "7", "--random-seed", "11", "--unique",
            "--show-solution", "--json")
    single = cli(*args, "--workers", "1")
    pooled = cli(*args, "--workers", "2")
    assert single.exit_code == pooled.exit_code == 0, pooled.stderr
    assert single.json() == pooled.json() and len(single.json()["puzzles"]) == 7
    words = set(load_lexicon("english").words)
    for puzzle in single.json()["puzzles"]:
        rows = puzzle["solution"]["rows"]
        assert rows[0] == puzzle["seed"] and sorted("".join(rows[1:])) == sorted(puzzle["pool"])
        assert set(rows) | {"".join(r[i] for r in rows) for i in range(4)} <= words


def test_generate_checkpoint_resume(cli, tmp_path):
    args = ("acrostic", "generate", "--size", "4", "--count", "5", "--random-seed", "2", "--json",
            "--output", str(tmp_path / "gen"))
    first = cli(*args, "--workers", "2")
    again = cli(*args, "--resume", "--workers", "1")
    assert first.exit_code == again.exit_code == 0, again.stderr
    assert first.json() == again.json()


def test_generate_chunks_cover_every_index_once():
    for count in (1, 7, 64, 65, 1000, 10_000):
        chunks = generate_chunks(count)
        assert [i for start, stop in chunks for i in range(start, stop)] == list(range(count))
    lexicon = load_lexicon("english")
    from puzzlewright.acrostic.generator import GenerateOptions
    keys = [p.key for p in GenerateJob(lexicon, GenerateOptions(4), 100).partitions()]
    assert keys == sorted(keys)


# -- a real CLI run killed at a random point, then resumed -----------------------------------------------------

def _finished(directory: Path) -> dict[str, int]:
    folder = directory / PARTITIONS
    return {path.name: path.stat().st_ino for path in folder.glob("*.json")} if folder.is_dir() else {}


def _signal_mid_run(command: list[str], output: Path, kill_signal: int, stop_after: int) -> bool:
    """Start the count and, once ``stop_after`` partitions are done, freeze it (SIGSTOP), send ``kill_signal``
    and let it go on (SIGCONT): True if it was still counting when frozen, and then it must have stopped as
    the signal says; False if it finished first (the whole count takes a fraction of a second, less than a
    busy machine may leave this test descheduled)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=as_from_a_shell)
    deadline = time.monotonic() + 60
    while len(_finished(output)) < stop_after and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    process.send_signal(signal.SIGSTOP)
    counting = process.poll() is None and not (output / "results.jsonl").exists()
    process.send_signal(kill_signal)
    process.send_signal(signal.SIGCONT)
    _, stderr = process.communicate(timeout=20)
    if not counting:
        return False
    expected = 130 if kill_signal == signal.SIGINT else -signal.SIGKILL
    assert process.returncode == expected, stderr.decode(errors="replace")[-2000:]
    return True


@pytest.mark.parametrize("kill_signal", [signal.SIGKILL, signal.SIGINT])
def test_cli_count_killed_and_resumed_gives_the_uninterrupted_result(tmp_path, kill_signal, reference_81):
    output = tmp_path / "run"
    command = [sys.executable, "-m", "puzzlewright.cli.main", *COUNT_81, "--partitions", "400", "--workers", "2",
               "--output", f"{output}/", "--json"]
    for attempt in range(5):
        stop_after = random.randint(1, 120 >> attempt)
        if _signal_mid_run(command, output, kill_signal, stop_after):
            break
        shutil.rmtree(output)  # the count finished before it could be stopped (this test was descheduled)
    else:
        pytest.fail("the count always finished before the test could stop it")
    before = _finished(output)
    assert stop_after <= len(before) < 400
    resumed = subprocess.run([*command, "--resume"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert summary["count"] == 81 and summary["complete"]
    assert summary["partitions"]["resumed"] == len(before)
    assert summary["partitions"]["computed"] == summary["partitions"]["total"] - len(before)
    after = _finished(output)
    assert {name: after[name] for name in before} == before  # no finished partition was computed again
    results = [json.loads(line) for line in (output / "results.jsonl").read_text().splitlines()]
    assert results == reference_81


# -- two runs writing one --output FILE ----------------------------------------------------------------------------

LONG_COUNT = ("acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "english", "--workers", "1")


def _wait_for_lock(spool: Path, process: subprocess.Popen, timeout_s: float = 120) -> None:
    """Wait until ``process`` holds the lock of the spool folder beside its output file."""
    deadline = time.monotonic() + timeout_s
    while not ((spool / "lock").exists() and (spool / "lock").read_text().strip() == str(process.pid)):
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the run never took the output file's lock"
        time.sleep(0.01)


def test_a_second_run_on_one_output_file_is_refused_and_a_killed_run_leaves_it_as_it_was(tmp_path, reference_81):
    squares = tmp_path / "squares.txt"
    squares.write_text("an earlier run's squares\n")
    command = [sys.executable, "-m", "puzzlewright.cli.main"]
    first = subprocess.Popen([*command, *LONG_COUNT, "--output", str(squares)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, preexec_fn=as_from_a_shell)  # minutes of work: killed below
    try:
        _wait_for_lock(tmp_path / ".squares.txt.puzzlewright", first)
        second = subprocess.run([*command, *COUNT_81, "--workers", "1", "--output", str(squares)],
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert second.stderr == (f"error: {squares} is being written by another run (pid {first.pid}); "
                                 "wait for it or use another --output\n")
        assert squares.read_text() == "an earlier run's squares\n"  # the run writes a copy, renamed at its end
    finally:
        first.kill()
        first.communicate(timeout=60)
    assert squares.read_text() == "an earlier run's squares\n"  # killed: no half file
    third = subprocess.run([*command, *COUNT_81, "--workers", "1", "--output", str(squares)],
                           capture_output=True, text=True, timeout=120)
    assert third.returncode == 0, third.stderr
    assert squares.read_text().splitlines() == reference_81
    assert os.listdir(tmp_path) == ["squares.txt"]  # the spool folder, and what the killed run left in it, gone


# -- bad input at the CLI ----------------------------------------------------------------------------------------

def test_foreign_checkpoint_directory_is_refused(cli, tmp_path):
    assert cli(*COUNT_81, "--workers", "1", "--output", f"{tmp_path}/run/").exit_code == 0
    other = cli("acrostic", "count", "--size", "4", "--dict", "acrostic-4", "--workers", "1",
                "--output", str(tmp_path / "run"), "--resume")
    assert other.exit_code == 2
    assert other.stderr.startswith("error: output directory") and "different job" in other.stderr
    assert "size: 5 there, 4 here" in other.stderr and other.stderr.count("\n") == 1


def test_unreachable_cluster_is_a_one_line_error(cli):
    pytest.importorskip("distributed")
    result = cli(*COUNT_81, "--cluster", "tcp://127.0.0.1:9")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr


@pytest.mark.parametrize("args, message", [
    (("--workers", "0"), "--workers must be at least 1"),
    (("--resume",), "--resume needs --output DIR"),
])
def test_bad_parallel_options(cli, args, message):
    for command in (COUNT_81, ("acrostic", "generate", "--size", "4", "--random-seed", "1")):
        result = cli(*command, *args)
        assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_generate_resume_needs_the_random_seed(cli, tmp_path):
    result = cli("acrostic", "generate", "--size", "4", "--output", str(tmp_path), "--resume")
    assert result.exit_code == 2 and "--random-seed" in result.stderr


def test_library_rejects_a_directory_of_another_job(tmp_path):
    lexicon = load_lexicon("wordle-answers")
    run_job(CountJob(lexicon, CountOptions(5, double=True, canonical=True)), workers=1, output=tmp_path)
    with pytest.raises(PuzzleInputError, match="double: true there, false here"):
        run_job(CountJob(lexicon, CountOptions(5, canonical=True)), workers=1, output=tmp_path, resume=True)
    assert os.path.exists(tmp_path / "results.jsonl")


# -- the size estimator behind docs/scaling.md ------------------------------------------------------------------

@pytest.mark.parametrize("probe_nodes", [300_000, 3_000])
def test_estimate_agrees_with_the_exact_count(probe_nodes):
    from puzzlewright.acrostic.estimate import estimate_count

    from puzzlewright.acrostic.kernel import SquareSearch, word_trie

    lexicon = load_lexicon("wordle-answers")
    exact = count_squares(lexicon, CountOptions(5, double=True, canonical=True))
    cell_search = SquareSearch(5, word_trie(lexicon, 5)[1], np.full(25, -1), double=True, canonical=True)
    while not cell_search.done:  # the estimator models the cell-by-cell search, whose nodes count cells
        cell_search.run(10**9)
    estimate = estimate_count(lexicon, 5, double=True, canonical=True, seconds=60, max_probes=2500,
                              probe_nodes=probe_nodes, seed=1)
    assert estimate.probes == 2500
    assert abs(estimate.nodes / cell_search.nodes - 1) < 0.25
    assert abs(estimate.to_json()["squares"] / exact.count - 1) < 0.5
    assert estimate.nodes_per_second > 0
    if probe_nodes < 10_000:
        assert max(estimate.depths) > 5  # the small budget made probes fix cells below the first row


# -- --batch on the engine ------------------------------------------------------------------------------------------

def test_batch_gives_the_same_lines_in_input_order_for_any_worker_count(cli, tmp_path):
    from click.testing import CliRunner

    from puzzlewright.acrostic import api
    from puzzlewright.cli.common import run_batch

    lines = ['{"seed": "older", "pool": "aaaaaddeeeelmmnrrrvv"}', "", "not json", '{"seed": "ab", "pool": "cd"}',
             "[1, 2]"] + ['{"seed": "older", "pool": "aaaaaddeeeelmmnrrrvv", "all": true}'] * 4
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    outputs = [cli("acrostic", "solve", "--batch", str(batch), "--dict", "wordle-answers", "--workers", workers)
               for workers in ("1", "2")]
    assert outputs[0].exit_code == outputs[1].exit_code == 0
    results = [untimed(json.loads(line)) for line in outputs[0].stdout.splitlines()]
    assert results == [untimed(json.loads(line)) for line in outputs[1].stdout.splitlines()]  # but elapsed_s
    assert [r.get("line") for r in results] == [None, 3, 4, 5, None, None, None, None]
    assert results[0]["solutions"][0]["rows"] == ["older", "larva", "dream", "evade", "ramen"]

    # exactly what the one-process runner prints
    lexicon = load_lexicon("wordle-answers")
    defaults = {"distinct": False, "symmetric": False, "all": False, "time_limit": 30.0}
    with CliRunner().isolation() as (stdout, _, _):
        run_batch(str(batch), lambda record: api.solve({**defaults, **record}, lexicon=lexicon))
        assert [untimed(json.loads(line)) for line in stdout.getvalue().decode().splitlines()] == results


def test_first_row_work_multiplies_the_column_start_counts():
    from puzzlewright.parallel.wordlist import first_row_work

    assert first_row_work(["ab", "ba", "bb"]) == [2.0, 1.0, 2.0]  # one word starts with a, two with b
    # a column can never start with a letter no word starts with: such first rows need no work at all
    assert first_row_work(["bc"]) == [0.0]
    assert first_row_work(["ab", "ba"], ["aaa", "abc", "bcd"]) == [2.0, 2.0]  # rectangles: every column
    lexicon = load_lexicon("wordle-answers")
    sizes = [p.size for p in CountJob(lexicon, CountOptions(5)).partitions()]
    # the partitions cover every first row once, so their sizes add up to the work of all first rows
    assert sum(sizes) == pytest.approx(sum(first_row_work(lexicon.of_length(5).words)))


def test_a_partition_stopped_mid_way_continues_from_its_snapshot():
    """count_partition stopped by a node budget says where; given that back it finds the remaining squares
    and ends with the same count and nodes as one uninterrupted run (not a restart)."""
    from puzzlewright.acrostic.count import count_partition
    from puzzlewright.budget import Budget

    lexicon, options = load_lexicon("wordle-answers"), CountOptions(5, double=True)
    whole = count_partition(lexicon, options, "s")
    first = count_partition(lexicon, options, "s", budget=Budget(nodes=whole.nodes // 3))
    assert not first.complete and first.resume is not None and 0 < first.nodes < whole.nodes
    rest = count_partition(lexicon, options, "s", resume=json.loads(json.dumps(first.resume)))
    assert rest.complete and rest.resume is None
    assert (rest.count, rest.nodes) == (whole.count, whole.nodes)
    assert first.squares + rest.squares == whole.squares


class _SlicedCountJob(CountJob):
    """A count whose partitions stop after a fixed number of nodes, like a time limit but reproducible."""

    def partition_budget(self):
        from puzzlewright.budget import Budget

        return Budget(nodes=150_000)


def test_resume_after_a_time_limit_continues_each_stopped_partition(tmp_path, reference_81):
    """Runs cut short mid-partition, resumed again and again, end with the uninterrupted run's squares:
    each stopped partition continued from its resume point (a partition longer than one run's allowance
    would otherwise never finish)."""
    job = _SlicedCountJob(load_lexicon("wordle-answers"), CountOptions(5, double=True, canonical=True))
    output, continued = tmp_path / "run", 0
    for run in range(200):
        continued += len(list((output / PARTITIONS).glob("*.resume.json"))) if run else 0
        result = run_job(job, workers=1, output=output, resume=run > 0, progress=False)
        if result.complete:
            break
    assert result.complete and continued > 0
    assert (output / "results.jsonl").read_text().splitlines() == [json.dumps(s) for s in reference_81]
    assert not list((output / PARTITIONS).glob("*.resume.json")) and not list((output / PARTITIONS).glob("*.found*"))


def test_a_resume_point_whose_stream_was_damaged_starts_the_partition_over(tmp_path, reference_81, capsys):
    job = _SlicedCountJob(load_lexicon("wordle-answers"), CountOptions(5, double=True, canonical=True))
    output = tmp_path / "run"
    damaged = False
    for run in range(200):
        points = sorted((output / PARTITIONS).glob("*.resume.json")) if run else []
        streams = [p.with_name(p.name.replace(".resume.json", ".found.jsonl")) for p in points]
        for stream in streams:
            if not damaged and stream.exists() and stream.stat().st_size:
                stream.write_text("garbage\n" + stream.read_text())
                damaged = True
        result = run_job(job, workers=1, output=output, resume=run > 0, progress=False)
        if result.complete:
            break
    assert result.complete and damaged
    assert "does not match" in capsys.readouterr().err
    assert (output / "results.jsonl").read_text().splitlines() == [json.dumps(s) for s in reference_81]


def flip_bit(path: Path, where: str) -> None:
    """Flip one bit of ``path``: in the middle of its base64 search state (staying valid base64, so only the
    seal can tell: before it, this gave "internal error: zlib Error -3"), or at a byte ``where`` = "byte N"."""
    data = bytearray(path.read_bytes())
    if where == "inside the search state":
        start = data.index(b'"arrays":"') + 10
        position = next(i for i in range(start + len(data[start:]) // 2, len(data)) if chr(data[i]) in "BCDEFGHI")
        data[position] ^= 1  # B<->C, D<->E, ...: another valid base64 letter
    else:
        data[int(where.split()[1]) % len(data)] ^= 4
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("where", ["inside the search state", "byte 3", "byte 120", "byte -40"])
def test_a_flipped_bit_in_a_resume_point_starts_the_partition_over(tmp_path, reference_81, where, capsys):
    job = _SlicedCountJob(load_lexicon("wordle-answers"), CountOptions(5, double=True, canonical=True))
    output = tmp_path / "run"
    run_job(job, workers=1, output=output, progress=False)
    points = sorted((output / PARTITIONS).glob("*.resume.json"))
    assert points
    flip_bit(points[0], where)
    for _ in range(200):
        result = run_job(job, workers=1, output=output, resume=True, progress=False)
        if result.complete:
            break
    assert result.complete
    assert f"{points[0].name} is damaged or not a resume point of this job" in capsys.readouterr().err
    assert (output / "results.jsonl").read_text().splitlines() == [json.dumps(s) for s in reference_81]
