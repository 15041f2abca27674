"""``--batch FILE`` on the partitioned engine: ranges of JSON Lines records solved on every core (or a
cluster), printed in input order, exactly what the one-process :func:`~puzzlewright.cli.common.run_batch`
prints."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from puzzlewright.jsonlines import batch_lines, solve_record
from puzzlewright.parallel.job import Emit, Partition, PartitionResult

MAX_BATCH_CHUNK = 50
BATCH_CHUNKS = 64


@dataclass(eq=False)
class BatchJob:
    """Records ``(line number, text)`` solved by ``solve_one``, in ranges of consecutive records."""

    records: list[tuple[int, str]]
    solve_one: Callable[[dict], dict]
    description: str = "batch"

    item_name: ClassVar[str] = "records"

    @property
    def name(self) -> str:
        return self.description

    def identity(self) -> dict:
        digest = hashlib.sha256("\n".join(text for _, text in self.records).encode()).hexdigest()[:32]
        return {"job": self.description, "records": len(self.records), "sha256": digest}

    def partitions(self) -> list[Partition]:
        step = max(1, min(MAX_BATCH_CHUNK, -(-len(self.records) // BATCH_CHUNKS)))
        return [Partition(f"{start:09d}-{min(start + step, len(self.records)) - 1:09d}",
                          min(step, len(self.records) - start)) for start in range(0, len(self.records), step)]

    def run_partition(self, key: str, emit: Emit | None = None) -> PartitionResult:
        first, last = (int(number) for number in key.split("-"))
        results, failed = [], 0
        for number, text in self.records[first:last + 1]:
            result, ok = solve_record(number, text, self.solve_one)
            failed += not ok
            results.append(result)
            if emit is not None:
                emit(result)
        return PartitionResult(key, results, {"failed": failed})


def run_parallel_batch(path: str, solve_one: Callable[[dict], dict], emit: Callable[[dict], None],
                       description: str = "batch", *, workers: int | None = None,
                       cluster: str | None = None) -> tuple[int, int]:
    """Like :func:`~puzzlewright.cli.common.run_batch` (same results, same order, each passed to ``emit``),
    on ``workers`` processes or a Dask ``cluster``. Returns (records solved, records failed)."""
    from puzzlewright.parallel import run_job

    records = [(number, line) for number, line in enumerate(batch_lines(path), 1) if line.strip()]

    def print_results(part: PartitionResult) -> None:
        for result in part.items or ():
            emit(result)

    outcome = run_job(BatchJob(records, solve_one, description), workers=workers, cluster=cluster,
                      on_merged=print_results)
    failed = int(outcome.stats().get("failed", 0))
    return outcome.count - failed, failed
