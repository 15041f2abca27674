"""What a partitioned job is: independent partitions, each run on its own, merged in a fixed order.

A job (any picklable object following :class:`PartitionedJob`) says three things: who it is (a JSON
``identity``, so a checkpoint directory can tell whether it belongs to this job), what its partitions are
(keys in their merge order, each with an estimated size so the biggest start first), and how to run one
partition. Partitions share nothing, so any runner (this process, a local pool, a Dask cluster) can run
them in any order on any machine; :class:`JobResult` puts them back in key order, which is what makes the
output identical whatever the number of workers.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from puzzlewright.errors import PuzzleInputError

# Called by a partition for each item as soon as it is found (streamed to the checkpoint directory).
Emit = Callable[[Any], None]


@dataclass(frozen=True)
class Partition:
    """One independent piece of a job: its ``key`` and its estimated relative ``size`` (cost)."""

    key: str
    size: float = 1.0


@dataclass
class PartitionResult:
    """What one partition produced: JSON-shaped ``items`` in a deterministic order, and summable ``stats``.

    ``count`` is the number of items found (a job may find items without keeping them, e.g. a count that
    only needs the number). ``items`` is None when they never were in memory (the partition streamed them
    to its checkpoint stream as it found them) or once they are safely in a checkpoint file and were
    dropped from memory. ``complete`` is False when the partition stopped early (a budget ran out); such a result
    is never checkpointed as finished.
    """

    key: str
    items: list[Any] | None
    stats: dict[str, float] = field(default_factory=dict)
    complete: bool = True
    elapsed_s: float = 0.0
    count: int = -1
    # Where an incomplete partition stopped (JSON-able), from a job that can continue it: handed back to its
    # ``run_partition(key, emit, resume=...)`` by a resumed run. Not part of the checkpoint's header.
    resume: Any = None

    def __post_init__(self) -> None:
        if self.count < 0:
            self.count = len(self.items or ())

    def header(self) -> dict:
        """Everything but the items (the first line of a checkpoint file)."""
        return {"key": self.key, "count": self.count, "stats": self.stats, "complete": self.complete,
                "elapsed_s": round(self.elapsed_s, 6)}

    @classmethod
    def from_header(cls, data: dict, items: list[Any] | None = None) -> PartitionResult:
        return cls(data["key"], items, data.get("stats", {}), data.get("complete", True),
                   data.get("elapsed_s", 0.0), data.get("count", -1))


@runtime_checkable
class PartitionedJob(Protocol):
    """The interface every partitioned job implements (it must also pickle, to reach other processes).

    A job may also define ``prepare()``: called once in this process before any partition runs, so that
    forked pool workers inherit what it loads (a compiled kernel, an index); and ``keeps_items`` (default
    True): False for a job that only counts, returning no items, so a checkpoint knows its partition files
    hold none (otherwise a file must hold exactly the ``count`` items its header says were found).
    """

    #: what the job is, for messages and the progress bar ("acrostic count")
    name: str
    #: what its items are called ("squares", "puzzles")
    item_name: str

    def identity(self) -> dict:
        """A JSON object that is equal for two runs exactly when they compute the same thing."""
        ...

    def partitions(self) -> list[Partition]:
        """The partitions, in the order their results are merged (deterministic)."""
        ...

    def run_partition(self, key: str, emit: Emit | None = None) -> PartitionResult:
        """Compute one partition; call ``emit(item)`` for each item as soon as it is found (a job may then
        return ``items=None``: the stream holds them, and the checkpoint is made from it). A job that can
        continue a stopped partition returns where it stopped as ``resume`` and accepts it back as a
        ``resume=`` keyword (only ever passed when it returned one)."""
        ...


@dataclass
class JobResult:
    """The finished partitions' results in merge order (all ``total`` of them unless the run was stopped
    early), plus how this run got them."""

    name: str
    item_name: str
    partitions: list[PartitionResult]
    computed: list[str]
    resumed: int
    elapsed_s: float
    workers: int = 1
    runner: str = "in-process"
    total: int | None = None
    load_items: Callable[[str], Iterable[Any]] | None = None  # items of a partition kept only on disk

    def __post_init__(self) -> None:
        if self.total is None:
            self.total = len(self.partitions)

    def items(self) -> Iterator[Any]:
        """All items, partition by partition in key order: the same sequence whatever ran them."""
        for result in self.partitions:
            if result.items is None and self.load_items is not None:
                yield from self.load_items(result.key)
            else:
                yield from result.items or ()

    @property
    def count(self) -> int:
        return sum(result.count for result in self.partitions)

    @property
    def complete(self) -> bool:
        return len(self.partitions) == self.total and all(result.complete for result in self.partitions)

    def stats(self) -> dict[str, float]:
        """Each stat summed over the partitions (for example the total search nodes)."""
        return sum_stats(result.stats for result in self.partitions)

    def summary(self) -> dict:
        """The JSON summary of the run (what ``--json`` prints next to the job's own fields)."""
        return {"count": self.count, "complete": self.complete, **self.stats(),
                "elapsed_s": round(self.elapsed_s, 3),
                "partitions": {"total": self.total, "done": len(self.partitions), "computed": len(self.computed),
                               "resumed": self.resumed},
                "runner": self.runner, "workers": self.workers}


def sum_stats(stats: Iterator[dict[str, float]] | list[dict[str, float]]) -> dict[str, float]:
    """Add up dictionaries of numbers key by key (keys in first-seen order)."""
    total: dict[str, float] = {}
    for one in stats:
        for name, value in one.items():
            total[name] = total.get(name, 0) + value
    return total


def checked_partitions(job: PartitionedJob) -> list[Partition]:
    """The job's partitions, checked to have distinct non-empty string keys."""
    partitions = list(job.partitions())
    seen: set[str] = set()
    for partition in partitions:
        if not isinstance(partition.key, str) or not partition.key:
            raise PuzzleInputError(f"{job.name}: partition keys must be non-empty strings, not {partition.key!r}")
        if partition.key in seen:
            raise PuzzleInputError(f"{job.name}: partition key {partition.key!r} occurs twice")
        seen.add(partition.key)
    return partitions


def fingerprint(identity: dict, keys: list[str]) -> str:
    """A hex digest naming the job and its partition scheme (what a checkpoint must match to resume)."""
    text = json.dumps({"job": identity, "partitions": keys}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def schedule_order(partitions: list[Partition]) -> list[Partition]:
    """Largest estimated partitions first (ties in key order), so no big one starts last and idles the rest."""
    return sorted(partitions, key=lambda partition: -partition.size)
