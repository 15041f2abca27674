"""The partitioned-job engine: deterministic merge whatever runs it, checkpoint/resume after real kills,
worker deaths retried, Dask LocalCluster equal to one process, and each bad-input case."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import as_from_a_shell
from parallel_toy import ToyJob, expected_items
from puzzlewright.errors import PuzzleInputError
from puzzlewright.parallel import (DaskRunner, DiskFullError, InProcessRunner, JobInterrupted, PartitionResult,
                                   PoolRunner, WorkerDiedError, make_runner, run_job)
from puzzlewright.parallel.checkpoint import MANIFEST, PARTITIONS

TESTS = Path(__file__).resolve().parent


class ShuffledRunner(InProcessRunner):
    """Runs the partitions in a random order: the merged result must not notice."""

    def __init__(self, seed: int):
        self.seed = seed

    def run(self, job, todo, streams, on_done, should_stop=lambda: False):
        order = list(todo)
        random.Random(self.seed).shuffle(order)
        super().run(job, order, streams, on_done, should_stop)


def partition_files(directory: Path) -> dict[str, tuple[int, int]]:
    """Finished partition files -> (inode, mtime): a rewritten file gets a new inode (atomic rename)."""
    return {path.name: (path.stat().st_ino, path.stat().st_mtime_ns)
            for path in (directory / PARTITIONS).glob("*.json")}


# -- deterministic merge -----------------------------------------------------------------------------------

def test_in_process_result_is_the_independent_answer():
    job = ToyJob(blocks=6, block=1000)
    result = run_job(job, workers=1)
    assert list(result.items()) == expected_items(job)
    assert result.complete and result.stats() == {"nodes": 6000}
    assert result.summary()["partitions"] == {"total": 6, "done": 6, "computed": 6, "resumed": 0}


@pytest.mark.parametrize("workers", [2, 3])
def test_pool_merges_like_one_process(workers):
    job = ToyJob(blocks=12, block=2000)
    single = run_job(job, workers=1)
    pooled = run_job(job, workers=workers)
    assert pooled.runner == "process-pool" and pooled.workers == workers
    assert list(pooled.items()) == list(single.items()) == expected_items(job)
    assert [p.key for p in pooled.partitions] == [p.key for p in single.partitions]


@settings(max_examples=25, deadline=None)
@given(blocks=st.integers(1, 9), seed=st.integers(0, 10**6))
def test_merge_order_does_not_depend_on_completion_order(blocks, seed):
    job = ToyJob(blocks=blocks, block=300)
    shuffled = run_job(job, runner=ShuffledRunner(seed))
    assert list(shuffled.items()) == expected_items(job)
    assert [p.key for p in shuffled.partitions] == [p.key for p in job.partitions()]


def test_on_merged_gets_partitions_in_key_order_as_soon_as_they_are_ready():
    job = ToyJob(blocks=7, block=200)
    seen = []
    run_job(job, runner=ShuffledRunner(3), on_merged=lambda part: seen.append(part.key))
    assert seen == [partition.key for partition in job.partitions()]


def test_items_streamed_to_on_merged_need_not_stay_in_memory():
    job = ToyJob(blocks=5, block=500)
    streamed = []
    result = run_job(job, runner=ShuffledRunner(1), on_merged=lambda part: streamed.extend(part.items),
                     keep_items=False)
    assert streamed == expected_items(job) and result.count == len(streamed)
    assert all(part.items is None for part in result.partitions)


class StoppedToyJob(ToyJob):
    """The toy job whose partition b003 stops incomplete after its first two items (a limit ran out)."""

    def run_partition(self, key: str, emit=None):
        result = super().run_partition(key, emit)
        return PartitionResult(key, result.items[:2], result.stats, complete=False) if key == "b003" else result


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_prefix_run_ends_with_the_first_incomplete_partition_whatever_the_order(seed):
    """With ``prefix``, the result and ``on_merged`` stop at b003 (its two items included), however the
    partitions were run: later ones that finished are not merged."""
    job = StoppedToyJob(blocks=8, block=300)
    seen = []
    result = run_job(job, runner=ShuffledRunner(seed), prefix=True, on_merged=lambda part: seen.append(part.key))
    before = [n for n in expected_items(job) if n < 3 * 300]
    stopped = [n for n in expected_items(job) if 3 * 300 <= n < 4 * 300][:2]
    assert seen == ["b000", "b001", "b002", "b003"] and not result.complete
    assert list(result.items()) == before + stopped and result.count == len(before) + 2


def test_a_prefix_run_starts_no_partition_once_its_prefix_is_closed():
    """Biggest first, b005 (size 1) comes last: b003 and every partition before it are done by then."""
    job = StoppedToyJob(blocks=8, block=300)
    result = run_job(job, workers=1, prefix=True)
    assert sorted(result.computed) == ["b000", "b001", "b002", "b003", "b004", "b006", "b007"]
    assert run_job(job, workers=1).count > result.count  # without prefix: every finished partition merged


class InterruptedRunner(InProcessRunner):
    """Finishes ``finish`` partitions, then Ctrl-C arrives."""

    def __init__(self, finish: int):
        self.finish = finish

    def run(self, job, todo, streams, on_done, should_stop=lambda: False):
        super().run(job, todo[:self.finish], streams, on_done, should_stop)
        raise KeyboardInterrupt


def test_ctrl_c_keeps_the_finished_partitions(tmp_path):
    job = ToyJob(blocks=6, block=300)
    with pytest.raises(JobInterrupted) as stop:
        run_job(job, runner=InterruptedRunner(2), output=tmp_path)
    assert len(stop.value.partial.partitions) == 2 and not stop.value.partial.complete
    assert len(partition_files(tmp_path)) == 2
    resumed = run_job(job, workers=1, output=tmp_path, resume=True)
    assert resumed.resumed == 2 and list(resumed.items()) == expected_items(job)


def test_make_runner_choices():
    assert make_runner(1).name == "in-process"
    assert make_runner(2).name == "process-pool"
    assert make_runner(2, partitions=1).name == "in-process"
    assert make_runner(100_000, partitions=3).workers == 3  # not 100,000 processes for 3 partitions
    assert make_runner(None).workers == len(os.sched_getaffinity(0))
    with pytest.raises(PuzzleInputError, match="at least 1"):
        make_runner(0)



def test_a_pool_that_never_started_reports_the_run_as_in_process():
    """The default pool runs the smallest partitions here first; when that was the whole job, the result
    (and the CLI's "N workers" line) says it ran in this process, not in a pool."""
    job = ToyJob(blocks=4, block=100)
    small = run_job(job, runner=PoolRunner(2, in_process_first_s=60.0))
    assert (small.runner, small.workers) == ("in-process", 1)
    assert list(small.items()) == expected_items(job)
    pooled = run_job(job, runner=PoolRunner(2, in_process_first_s=0.0))
    assert (pooled.runner, pooled.workers) == ("process-pool", 2)


# -- checkpoint and resume ---------------------------------------------------------------------------------

def test_checkpoint_directory_contents(tmp_path):
    job = ToyJob(blocks=5, block=1000)
    result = run_job(job, workers=2, output=tmp_path / "run")
    run = tmp_path / "run"
    manifest = json.loads((run / MANIFEST).read_text())
    assert manifest["job"] == job.identity() and len(manifest["partitions"]) == 5
    assert len(partition_files(run)) == 5
    results = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    assert results == expected_items(job) == list(result.items())
    first = (run / PARTITIONS / "000000.json").read_text().splitlines()
    assert json.loads(first[0])["count"] == len(first) - 2 and json.loads(first[-1])["end"]["lines"] == len(first) - 1
    assert [json.loads(line) for line in first[1:-1]] == [n for n in expected_items(job) if n < 1000]
    assert not list(run.rglob("*.found.jsonl"))  # streams go once their partition is saved
    summary = json.loads((run / "summary.json").read_text())
    assert summary["count"] == len(expected_items(job)) and summary["job"] == job.identity()
    assert not [path for path in run.rglob("*.tmp")]


def test_resume_skips_finished_partitions(tmp_path):
    job = ToyJob(blocks=6, block=1000)
    first = run_job(job, workers=1, output=tmp_path)
    before = partition_files(tmp_path)
    again = run_job(job, workers=2, output=tmp_path, resume=True)
    assert again.computed == [] and again.resumed == 6
    assert list(again.items()) == list(first.items())
    assert partition_files(tmp_path) == before


def test_resume_of_an_empty_or_missing_directory_starts_fresh(tmp_path):
    job = ToyJob(blocks=3, block=500)
    result = run_job(job, workers=1, output=tmp_path / "new", resume=True)
    assert result.resumed == 0 and list(result.items()) == expected_items(job)


def test_foreign_output_directory_is_refused_with_the_reason(tmp_path):
    run_job(ToyJob(blocks=4, block=1000), workers=1, output=tmp_path)
    with pytest.raises(PuzzleInputError) as error:
        run_job(ToyJob(blocks=4, block=999), workers=1, output=tmp_path, resume=True)
    message = str(error.value)
    assert "different job" in message and "block: 1000 there, 999 here" in message
    assert "\n" not in message
    with pytest.raises(PuzzleInputError, match="different job.*blocks: 4 there, 5 here"):
        run_job(ToyJob(blocks=5, block=1000), workers=1, output=tmp_path, resume=True)


def test_same_job_without_resume_is_refused(tmp_path):
    run_job(ToyJob(blocks=2, block=100), workers=1, output=tmp_path)
    with pytest.raises(PuzzleInputError, match="already holds this job.*--resume"):
        run_job(ToyJob(blocks=2, block=100), workers=1, output=tmp_path)


def test_output_that_is_not_a_checkpoint_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(PuzzleInputError, match="not a puzzlewright checkpoint"):
        run_job(ToyJob(blocks=2, block=100), workers=1, output=tmp_path, resume=True)
    with pytest.raises(PuzzleInputError, match="not a directory"):
        run_job(ToyJob(blocks=2, block=100), workers=1, output=tmp_path / "notes.txt")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / MANIFEST).write_text("{not json")
    with pytest.raises(PuzzleInputError, match="not a puzzlewright checkpoint"):
        run_job(ToyJob(blocks=2, block=100), workers=1, output=tmp_path / "bad", resume=True)


def test_full_disk_stops_with_a_message_and_what_was_written_stays_valid(tmp_path, monkeypatch):
    job = ToyJob(blocks=8, block=500)
    real_fsync, calls = os.fsync, []

    def fsync_until_full(handle):
        calls.append(handle)
        if len(calls) > 9:  # the manifest and a few partitions fit, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", fsync_until_full)
    with pytest.raises(DiskFullError, match="disk full while writing .*--resume"):
        run_job(job, workers=1, output=tmp_path)
    monkeypatch.setattr(os, "fsync", real_fsync)
    written = partition_files(tmp_path)
    assert 0 < len(written) < job.blocks
    assert not list(tmp_path.rglob("*.tmp"))
    resumed = run_job(job, workers=1, output=tmp_path, resume=True)
    assert resumed.resumed == len(written)
    assert list(resumed.items()) == expected_items(job)


# -- real kills of a real run, then resume -----------------------------------------------------------------

def _start_toy_run(output: Path, job: ToyJob, workers: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, str(TESTS / "parallel_toy.py"), str(output), str(workers),
                             json.dumps(asdict(job))], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=as_from_a_shell)


def _wait_for_partitions(output: Path, count: int, process: subprocess.Popen, held: Path,
                         timeout_s: float = 60) -> None:
    """Wait until ``count`` partitions are finished and the held partition has streamed its items."""
    deadline = time.monotonic() + timeout_s
    while not held.exists() or len(partition_files(output)) < count:
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.005)


@pytest.mark.parametrize("kill_signal", [signal.SIGKILL, signal.SIGINT])
def test_kill_at_a_random_point_then_resume_gives_the_same_result(tmp_path, kill_signal):
    """The run is stopped after a random number of finished partitions while one partition (a random one) is
    known to be mid-run: it has streamed its items and is held there until the signal (before, a signal
    sent after a random delay could land while no partition was running, on a loaded machine)."""
    markers = tmp_path / "markers"
    markers.mkdir()
    output = tmp_path / "run"
    job = ToyJob(blocks=14, block=3000, delay_s=0.12, marker_dir=str(markers),
                 hold_key=f"b{random.randrange(14):03d}")
    stop_after = random.randint(1, job.blocks - 5)
    process = _start_toy_run(output, job, workers=2)
    _wait_for_partitions(output, stop_after, process, markers / "held")
    process.send_signal(kill_signal)
    process.wait(timeout=20)
    assert process.returncode != 0
    before = partition_files(output)
    assert stop_after <= len(before) < job.blocks

    # Nothing found was lost: the partitions that were running kept what they had found, in order.
    keys = [partition.key for partition in job.partitions()]
    streams = list((output / PARTITIONS).glob("*.found.jsonl"))
    assert f"{keys.index(job.hold_key):06d}.found.jsonl" in {stream.name for stream in streams}
    for stream in streams:
        block = int(keys[int(stream.name[:6])][1:])
        right = [n for n in expected_items(job) if block * job.block <= n < (block + 1) * job.block]
        whole_lines = stream.read_text().split("\n")[:-1]
        assert [json.loads(line) for line in whole_lines] == right[:len(whole_lines)]

    resumed = run_job(replace(job, hold_key=""), workers=2, output=output, resume=True, progress=False)
    assert list(resumed.items()) == expected_items(job)
    assert resumed.resumed == len(before)
    assert len(resumed.computed) == job.blocks - len(before)
    assert {keys[int(name[:6])] for name in before}.isdisjoint(resumed.computed)
    after = partition_files(output)
    assert {name: after[name] for name in before} == before  # no finished partition was rewritten


# -- dying workers -----------------------------------------------------------------------------------------

def test_partition_whose_worker_died_is_retried(tmp_path):
    job = ToyJob(blocks=8, block=1000, die_keys=("b002", "b005"), marker_dir=str(tmp_path))
    result = run_job(job, runner=PoolRunner(2))
    assert list(result.items()) == expected_items(job)
    assert len(list(tmp_path.glob("b002.*"))) == 2 and len(list(tmp_path.glob("b005.*"))) == 2


def test_worker_that_always_dies_gives_up_with_a_message(tmp_path):
    job = ToyJob(blocks=3, block=100, die_keys=("b001",), marker_dir=str(tmp_path), die_always=True)
    with pytest.raises(WorkerDiedError, match="partition 'b001' died 3 times"):
        run_job(job, runner=PoolRunner(2))


# -- Dask ----------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def local_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_local_cluster_gives_the_single_process_result(local_cluster, tmp_path):
    job = ToyJob(blocks=10, block=2000)
    single = run_job(job, workers=1)
    clustered = run_job(job, cluster=local_cluster, output=tmp_path)
    assert clustered.runner == "dask" and clustered.workers == 2
    assert list(clustered.items()) == list(single.items()) == expected_items(job)
    assert len(partition_files(tmp_path)) == job.blocks
    resumed = run_job(job, cluster=local_cluster, output=tmp_path, resume=True)
    assert resumed.computed == [] and list(resumed.items()) == expected_items(job)


def test_local_cluster_retries_a_partition_whose_worker_died(tmp_path):
    """One worker, so its death takes everything it held: the job it read, the results not yet gathered (with
    two, whether the dead one held the only copy of the job depended on when Dask dropped spare copies)."""
    distributed = pytest.importorskip("distributed")
    job = ToyJob(blocks=4, block=500, die_keys=("b001",), marker_dir=str(tmp_path))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        result = run_job(job, cluster=cluster.scheduler_address)
    assert list(result.items()) == expected_items(job)
    assert len(list(tmp_path.glob("b001.*"))) == 2


def test_scheduler_without_workers_is_a_clear_error_not_a_hang():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=":0") as empty:
        with pytest.raises(PuzzleInputError, match="has no workers"):
            run_job(ToyJob(blocks=2, block=10), runner=DaskRunner(empty.scheduler_address, connect_timeout_s=0.5))


def test_unreachable_or_malformed_cluster_address_is_a_clear_error():
    pytest.importorskip("distributed")
    with pytest.raises(PuzzleInputError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9 "
                                               r"\(gave up after 0\.5 s\)"):
        run_job(ToyJob(blocks=2, block=10), runner=DaskRunner("tcp://127.0.0.1:9", connect_timeout_s=0.5))
    with pytest.raises(PuzzleInputError, match="bad cluster address"):
        run_job(ToyJob(blocks=2, block=10), cluster="tcp://[::1")
