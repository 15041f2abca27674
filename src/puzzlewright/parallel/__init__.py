"""Partitioned jobs that use every core, then a cluster, without losing work when interrupted.

A job splits into independent partitions (see :mod:`puzzlewright.parallel.job`); :func:`run_job` runs
them in this process, a local process pool (``workers``) or on a Dask cluster (``cluster``), checkpoints
each finished one in an output directory (resumable after a kill), and merges them in key order, so the
result is the same whatever ran it. See ``docs/scaling.md``.
"""

from puzzlewright.parallel.checkpoint import Checkpoint, DiskFullError
from puzzlewright.parallel.engine import JobInterrupted, run_job
from puzzlewright.parallel.job import JobResult, Partition, PartitionedJob, PartitionResult
from puzzlewright.parallel.runners import (DaskRunner, InProcessRunner, PoolRunner, WorkerDiedError,
                                           default_workers, make_runner)

__all__ = [
    "Checkpoint", "DaskRunner", "DiskFullError", "InProcessRunner", "JobInterrupted", "JobResult", "Partition",
    "PartitionResult", "PartitionedJob", "PoolRunner", "WorkerDiedError", "default_workers", "make_runner",
    "run_job",
]
