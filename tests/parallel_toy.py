"""A small partitioned job for the parallel engine's tests: it must be importable by worker processes
and by the subprocesses the kill-and-resume tests start (they put this folder on PYTHONPATH).

Partition ``bNNN`` lists the numbers of block NNN whose digit sum is a multiple of 13, streaming each.
Optional knobs make a partition slow (``delay_s``), kill its own worker (``die_keys``: once, leaving a
marker file in ``marker_dir``, or every time with ``die_always``) or hold the run mid-way (``hold_key``: that
partition streams its items, leaves the marker file ``held`` in ``marker_dir``, then never finishes, so a test
can stop the run at a moment it knows).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from puzzlewright.parallel import Partition, PartitionResult


@dataclass(frozen=True)
class ToyJob:
    blocks: int = 24
    block: int = 4000
    delay_s: float = 0.0
    die_keys: tuple[str, ...] = ()
    marker_dir: str = ""
    die_always: bool = False
    hold_key: str = ""

    name: ClassVar[str] = "toy count"
    item_name: ClassVar[str] = "numbers"

    def identity(self) -> dict:
        return {"job": self.name, "blocks": self.blocks, "block": self.block}

    def partitions(self) -> list[Partition]:
        # Uneven sizes on purpose, so the scheduling order differs from the merge order.
        return [Partition(f"b{i:03d}", size=(i * 7) % 5 + 1) for i in range(self.blocks)]

    def run_partition(self, key: str, emit=None) -> PartitionResult:
        self._maybe_die(key)
        index = int(key[1:])
        items = []
        for number in range(index * self.block, (index + 1) * self.block):
            if sum(map(int, str(number))) % 13 == 0:
                items.append(number)
                if emit is not None:
                    emit(number)
        if key == self.hold_key:
            (Path(self.marker_dir) / "held").touch()
            while True:  # until the test stops the run (a killed run's orphaned worker exits by itself)
                time.sleep(0.05)
        time.sleep(self.delay_s)
        return PartitionResult(key, items, {"nodes": self.block})

    def _maybe_die(self, key: str) -> None:
        if key not in self.die_keys:
            return
        marker = Path(self.marker_dir) / f"{key}.{time.monotonic_ns()}"
        earlier = list(Path(self.marker_dir).glob(f"{key}.*"))
        marker.touch()
        if self.die_always or not earlier:
            os.kill(os.getpid(), signal.SIGKILL)


def expected_items(job: ToyJob) -> list[int]:
    """The right answer, computed independently of the engine."""
    return [n for n in range(job.blocks * job.block) if sum(map(int, str(n))) % 13 == 0]


if __name__ == "__main__":  # python parallel_toy.py OUTPUT_DIR WORKERS JOB_JSON [--resume]
    from puzzlewright.parallel import run_job

    result = run_job(ToyJob(**json.loads(sys.argv[3])), workers=int(sys.argv[2]), output=sys.argv[1],
                     resume="--resume" in sys.argv, progress=False)
    print(json.dumps(result.summary()))
