"""Run a partitioned job: choose the partitions still to do, run them, checkpoint each, merge in order."""

from __future__ import annotations

import time
from pathlib import Path

from puzzlewright.parallel.checkpoint import Checkpoint, close_append_handles
from puzzlewright.parallel.job import (JobResult, PartitionedJob, PartitionResult, checked_partitions,
                                       schedule_order)
from puzzlewright.parallel.runners import DaskRunner, InProcessRunner, PoolRunner, make_runner

Runner = InProcessRunner | PoolRunner | DaskRunner


def run_job(
    job: PartitionedJob,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    output: str | Path | None = None,
    resume: bool = False,
    progress: bool | None = None,
    runner: Runner | None = None,
) -> JobResult:
    """Run every partition of ``job`` and return the merged result (identical whatever runs it).

    ``runner`` defaults to :func:`~puzzlewright.parallel.runners.make_runner` of ``workers``/``cluster``.
    With ``output`` (a directory), each finished partition is checkpointed there and items are streamed
    to its ``found.jsonl`` as they are found; ``resume`` continues a run of the same job in that
    directory, skipping its finished partitions. ``progress`` shows a bar on stderr (default: when it is
    a terminal). Ctrl-C stops the workers and leaves the directory ready to resume.
    """
    started = time.perf_counter()
    runner = runner or make_runner(workers, cluster)
    partitions = checked_partitions(job)
    keys = [partition.key for partition in partitions]
    checkpoint = Checkpoint.open(output, job.identity(), keys, resume=resume) if output is not None else None
    results: dict[str, PartitionResult] = checkpoint.load_finished() if checkpoint else {}
    resumed = len(results)
    todo = schedule_order([partition for partition in partitions if partition.key not in results])
    computed: list[str] = []
    try:
        with _progress(job, len(todo), resumed, results, progress) as on_progress:
            def on_done(result: PartitionResult) -> None:
                if checkpoint is not None:
                    checkpoint.save(result)
                results[result.key] = result
                computed.append(result.key)
                on_progress(result)

            runner.run(job, todo, checkpoint.found_stream() if checkpoint else None, on_done)
    finally:
        close_append_handles()
    merged = JobResult(job.name, job.item_name, [results[key] for key in keys], computed, resumed,
                       time.perf_counter() - started, runner.workers, runner.name)
    if checkpoint is not None:
        checkpoint.write_results(merged.items(), {"job": job.identity(), **merged.summary()})
    return merged


class _progress:
    """The progress bar across partitions: done/total, items found, search rate, ETA."""

    def __init__(self, job: PartitionedJob, total: int, resumed: int, results: dict[str, PartitionResult],
                 enabled: bool | None):
        self.job, self.total, self.resumed, self.enabled = job, total, resumed, enabled
        self.found = sum(len(result.items) for result in results.values())
        self.nodes = 0.0
        self.started = time.perf_counter()

    def __enter__(self):
        from puzzlewright.cli.common import progress_bar

        label = self.job.name + (f" ({self.resumed} partitions resumed)" if self.resumed else "")
        self._bar = progress_bar(label, self.total, self.enabled)
        self._advance = self._bar.__enter__()
        return self.update

    def update(self, result: PartitionResult) -> None:
        self.found += len(result.items)
        self.nodes += result.stats.get("nodes", 0)
        fields = {self.job.item_name: f"{self.found:,}"}
        if self.nodes:
            fields["nodes/s"] = f"{self.nodes / max(time.perf_counter() - self.started, 1e-9):,.0f}"
        self._advance(1, **fields)

    def __exit__(self, *exc_info) -> bool | None:
        return self._bar.__exit__(*exc_info)
