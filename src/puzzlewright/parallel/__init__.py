"""Partitioned jobs that use every core, then a cluster, without losing work when interrupted.

A job splits into independent partitions (see :mod:`puzzlewright.parallel.job`); :func:`run_job` runs
them in this process, a local process pool (``workers``) or on a Dask cluster (``cluster``), checkpoints
each finished one in an output directory (resumable after a kill), and merges them in key order, so the
result is the same whatever ran it. See ``docs/scaling.md``.

The names below are imported from their modules on first use: the command line's ``acrostic`` and
``grid`` groups import :mod:`puzzlewright.parallel.cli` for their options, and a ``solve`` must not pay
for the process pools, checkpoints and logging it never uses (about 120 M instructions of start-up).
"""

from __future__ import annotations

from puzzlewright.lazy import lazy_exports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from puzzlewright.parallel.checkpoint import Checkpoint, DiskFullError
    from puzzlewright.parallel.engine import JobInterrupted, run_job
    from puzzlewright.parallel.folder import CheckpointDamaged, CheckpointInUse
    from puzzlewright.parallel.job import JobResult, Partition, PartitionedJob, PartitionResult
    from puzzlewright.parallel.runners import (DaskRunner, InProcessRunner, PoolRunner, WorkerDiedError,
                                               default_workers, make_runner)

__all__ = [
    "Checkpoint", "CheckpointDamaged", "CheckpointInUse", "DaskRunner", "DiskFullError", "InProcessRunner", "JobInterrupted", "JobResult", "Partition",
    "PartitionResult", "PartitionedJob", "PoolRunner", "WorkerDiedError", "default_workers", "make_runner",
    "run_job",
]

_MODULES = {"Checkpoint": "checkpoint", "CheckpointDamaged": "folder", "CheckpointInUse": "folder",
            "DiskFullError": "checkpoint", "JobInterrupted": "engine", "run_job": "engine",
            "JobResult": "job", "Partition": "job", "PartitionedJob": "job", "PartitionResult": "job",
            "DaskRunner": "runners", "InProcessRunner": "runners", "PoolRunner": "runners",
            "WorkerDiedError": "runners", "default_workers": "runners", "make_runner": "runners"}

__getattr__, __dir__ = lazy_exports(__name__, _MODULES)  # each name imported from its module on first use
