"""Run a partitioned job: choose the partitions still to do, run them, checkpoint each, merge in order."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

from puzzlewright.parallel.checkpoint import Checkpoint
from puzzlewright.parallel.job import (JobResult, Partition, PartitionedJob, PartitionResult, checked_partitions,
                                       schedule_order)
from puzzlewright.parallel.runners import DaskRunner, InProcessRunner, PoolRunner, make_runner

Runner = InProcessRunner | PoolRunner | DaskRunner


class JobInterrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT) stopped a run; ``partial`` holds what was finished (all of it checkpointed)."""

    def __init__(self, partial: JobResult):
        super().__init__("interrupted")
        self.partial = partial


class _InOrder:
    """Hands partitions to ``on_merged`` in merge order, each as soon as every one before it is done.

    A partition's items leave memory once they are safe elsewhere (in the checkpoint, or not wanted
    back: ``keep_items`` False) and nobody waits for them; they are read back from the checkpoint when
    needed. With ``prefix``, the merge ends with the first partition that stopped incomplete (``closed``).
    """

    def __init__(self, keys: list[str], on_merged: Callable[[PartitionResult], None] | None,
                 checkpoint: Checkpoint | None, keep_items: bool, prefix: bool = False):
        self.keys, self.on_merged, self.checkpoint, self.next = keys, on_merged, checkpoint, 0
        self.position = {key: i for i, key in enumerate(keys)}
        self.drop_items = checkpoint is not None or not keep_items
        self.prefix, self.closed = prefix, False

    def advance(self, results: dict[str, PartitionResult]) -> None:
        while not self.closed and self.next < len(self.keys) and self.keys[self.next] in results:
            result = results[self.keys[self.next]]
            if self.on_merged is not None:
                if result.items is None and self.checkpoint is not None:
                    result = dataclasses.replace(result, items=self.checkpoint.load_items(result.key))
                self.on_merged(result)
                self._forget_items(results[self.keys[self.next]])
            self.closed = self.prefix and not result.complete
            self.next += 1

    def merged_keys(self) -> list[str]:
        """The keys whose results the run's result holds: all of them, or with ``prefix`` those handed on."""
        return self.keys[:self.next] if self.prefix else self.keys

    def finished(self, result: PartitionResult) -> None:
        """``result`` is done (and checkpointed): drop its items unless ``on_merged`` still waits for them."""
        if self.on_merged is None or self.position[result.key] < self.next:
            self._forget_items(result)

    def _forget_items(self, result: PartitionResult) -> None:
        if self.drop_items and result.complete:
            result.items = None


def run_job(
    job: PartitionedJob,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    output: str | Path | None = None,
    resume: bool = False,
    time_limit: float | None = None,
    progress: bool | None = None,
    on_merged: Callable[[PartitionResult], None] | None = None,
    keep_items: bool = True,
    runner: Runner | None = None,
    spool: bool = False,
    prefix: bool = False,
) -> JobResult:
    """Run every partition of ``job`` and return the merged result (identical whatever runs it).

    ``runner`` defaults to :func:`~puzzlewright.parallel.runners.make_runner` of ``workers``/``cluster``.
    With ``output`` (a directory), each finished partition is checkpointed there and a running
    partition streams its items to a file there as they are found; ``resume`` continues a run of the
    same job in that directory, skipping its finished partitions. After ``time_limit`` seconds no new
    partition starts (the result is then incomplete). ``on_merged`` receives the partitions in merge
    order, each as soon as all before it are done (to stream ordered output); with ``keep_items`` False
    the items handed to it are not kept in the result (a stream of millions needs no memory). With ``spool``
    the ``output`` directory is only scratch space for putting streamed items in order (a fresh, temporary
    directory: no fsyncs, no resume, no merged results file).
    ``progress`` shows a bar on stderr (default: when it is a terminal). Ctrl-C stops the workers,
    leaves the directory ready to resume and raises :class:`JobInterrupted` with the partial result.
    The ``output`` directory is locked for the whole run (until this returns or raises): another run on it
    raises :class:`~puzzlewright.parallel.folder.CheckpointInUse`.
    With ``prefix`` the result is the items before the first gap: it ends with the first partition that
    stopped incomplete, and no new partition starts once that one and all before it are done (later ones
    that finished stay checkpointed, unmerged), so a job whose partitions all fail alike (puzzles under a
    per-puzzle time limit) stops after one, and the result is the same whatever ran it.
    """
    started = time.perf_counter()
    partitions = checked_partitions(job)
    keys = [partition.key for partition in partitions]
    identity = job.identity()
    checkpoint = (Checkpoint.open(output, identity, keys, resume=resume and not spool, durable=not spool,
                                  keeps_items=getattr(job, "keeps_items", True))
                  if output is not None else None)
    with checkpoint if checkpoint is not None else nullcontext():
        results: dict[str, PartitionResult] = checkpoint.load_finished() if checkpoint else {}
        resumed = len(results)
        todo = schedule_order([partition for partition in partitions if partition.key not in results])
        runner = runner or make_runner(workers, cluster, len(todo))
        computed: list[str] = []
        in_order = _InOrder(keys, on_merged, checkpoint, keep_items, prefix)
        in_order.advance(results)

        def merged() -> JobResult:
            done = [results[key] for key in in_order.merged_keys() if key in results]
            return JobResult(job.name, job.item_name, done, computed,
                             resumed, time.perf_counter() - started, runner.workers, runner.name, len(keys),
                             checkpoint.load_items if checkpoint else None)

        def should_stop() -> bool:
            return in_order.closed or (time_limit is not None and time.perf_counter() - started > time_limit)

        try:
            if todo and hasattr(job, "prepare"):
                job.prepare()
            with _ProgressBar(job, todo, resumed, results, progress, runner.starting, time_limit) as on_progress:
                def on_done(result: PartitionResult) -> None:
                    results[result.key] = result
                    computed.append(result.key)
                    if checkpoint is not None:
                        checkpoint.save(result)
                    in_order.advance(results)
                    in_order.finished(result)
                    on_progress(result)

                runner.run(job, todo, checkpoint.stream_for if checkpoint else None, on_done, should_stop)
        except KeyboardInterrupt:
            raise JobInterrupted(merged()) from None
        result = merged()
        if checkpoint is not None and not spool:
            checkpoint.write_results(result.items(), {"job": identity, **result.summary()})
        return result


class _ProgressBar:
    """The progress bar across partitions: work done by estimated size (so the ETA weighs big partitions
    more than small ones), items found, partitions done/total, search rate (on a narrow terminal the
    last of these are left out first). Until the first partition ends it says what the runner is
    starting (a Dask cluster takes seconds)."""

    def __init__(self, job: PartitionedJob, todo: list[Partition], resumed: int,
                 results: dict[str, PartitionResult], enabled: bool | None, waiting: str = "",
                 time_limit: float | None = None):
        self.job, self.resumed, self.enabled, self.waiting = job, resumed, enabled, waiting
        self.time_limit = time_limit
        self.sizes = {partition.key: partition.size for partition in todo}
        self.done = 0
        self.found = sum(result.count for result in results.values())
        self.nodes = 0.0
        self.started = time.perf_counter()

    def __enter__(self) -> Callable[[PartitionResult], None]:
        from puzzlewright.progress import progress_bar

        label = self.job.name + (f" ({self.resumed} partitions resumed)" if self.resumed else "")
        self._bar = progress_bar(label, sum(self.sizes.values()), self.enabled, counted=False, waiting=self.waiting,
                                 time_limit=self.time_limit)
        self._advance = self._bar.__enter__()
        return self.update

    def update(self, result: PartitionResult) -> None:
        self.done += 1
        self.found += result.count
        self.nodes += result.stats.get("nodes", 0)
        fields = {self.job.item_name: f"{self.found:,}", "parts": f"{self.done}/{len(self.sizes)}"}
        if self.nodes:
            fields["nodes/s"] = compact_number(self.nodes / max(time.perf_counter() - self.started, 1e-9))
        self._advance(self.sizes.get(result.key, 0.0), **fields)

    def __exit__(self, *exc_info) -> bool | None:
        return self._bar.__exit__(*exc_info)


def compact_number(value: float) -> str:
    """``57 M``, ``1.2 G``, ``950``: a rate in few characters."""
    for factor, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= factor:
            return f"{value / factor:.{0 if value >= 10 * factor else 1}f} {unit}"
    return f"{value:.0f}"
