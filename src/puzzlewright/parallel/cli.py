"""Command-line glue for partitioned jobs: the shared options and ordered output files.

Commands add :func:`parallel_options` (``--workers``, ``--cluster``, ``--resume``; :func:`worker_options`
has the first two, for ``--batch``) and read ``--output``
with :func:`output_target`: a path that is an existing directory, ends with a slash, or comes with
``--resume`` is a checkpoint directory; any other path is a plain file the items are written to, in the
job's merge order, as soon as they are ready: to a copy in the file's locked spool folder
(:func:`puzzlewright.parallel.spool.spool_for`), renamed over the file when the run ends; a FIFO or device
(``/dev/stdout``) is written in place, its partitions spooled in a private temporary folder.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError

if TYPE_CHECKING:  # the job machinery loads only when a job runs, not for every acrostic or grid command
    from puzzlewright.parallel.job import JobResult, PartitionResult


ALL_CORES_HELP = ("Local worker processes (default: all cores; 1 = this process only; more than the cores "
                  "available only with --force-workers).")


def worker_options(command: Callable, workers_help: str = ALL_CORES_HELP) -> Callable:
    """Decorator: add ``--workers`` and ``--cluster`` (passed as ``workers`` and ``cluster``); ``workers_help``
    is the help of ``--workers`` (a command whose default is not every core says so)."""
    import click  # here, not above: the quick path runs jobs through this module without click


    @click.option("--workers", type=int, default=None, metavar="N", help=workers_help)
    @click.option("--force-workers", is_flag=True, help="Start --workers N processes even past the cores available.")
    @click.option("--cluster", default=None, metavar="ADDRESS",
                  help="Run on a Dask cluster (tcp://host:8786, or 'local' for one on this machine); "
                       'needs pip install "puzzlewright[cluster]".')
    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> Any:
        if kwargs["workers"] is not None and kwargs["workers"] < 1:
            raise PuzzleInputError(f"--workers must be at least 1, not {kwargs['workers']}")
        kwargs["workers"] = capped_workers(kwargs["workers"], kwargs["cluster"], kwargs.pop("force_workers"))
        return command(**kwargs)

    return wrapper


def capped_workers(workers: int | None, cluster: str | None, force: bool = False) -> int | None:
    """``--workers`` as run: at most the cores this process may use, with a one-line note on stderr when
    cut (more processes than cores only share them, and each holds its own copy of the dictionary: issue
    #28 saw --workers 1000 start 218 on 2 cores). Unchanged with ``force`` or ``cluster`` (Dask workers are
    the cluster's, not this machine's)."""
    if workers is None or cluster or force:
        return workers
    from puzzlewright.parallel.runners import default_workers  # here: a command run without --workers skips it

    cores = default_workers()
    if workers <= cores:
        return workers
    print(f"note: --workers {workers} capped at {cores}, the cores available (--force-workers runs {workers})",
          file=sys.stderr)
    return cores


def parallel_options(command: Callable) -> Callable:
    """Decorator: :func:`worker_options` plus ``--resume`` (passed as ``resume``)."""
    import click

    resume = click.option("--resume", is_flag=True,
                          help="Continue the run checkpointed in --output DIR, skipping its finished partitions.")
    return worker_options(resume(command))


def checkpoint_directory(output: str | None, resume: bool) -> str | None:
    """``--output`` of a command whose output is always a checkpoint directory (``--resume`` needs one)."""
    if output is None and resume:
        raise PuzzleInputError("--resume needs --output DIR (the checkpoint directory to continue)")
    return output


def output_target(output: str | None, resume: bool) -> tuple[str | None, str | None]:
    """Split ``--output`` into (plain file, checkpoint directory): at most one of them is set."""
    if checkpoint_directory(output, resume) is None:
        return None, None
    if resume or output.endswith(("/", os.sep)) or os.path.isdir(output):
        return None, output
    return output, None


SPOOL_RUN = "run"  # the spool's checkpoint folder, where running partitions stream their items


class OrderedFile:
    """Writes each partition's items (one line each, rendered by ``render``) to ``handle`` (the file ``path``) in
    merge order.

    :meth:`write_ready` is the ``on_merged`` callback of :func:`~puzzlewright.parallel.run_job`; after an
    early stop, :meth:`write_rest` adds the finished partitions that a missing one held back, so the file
    has everything that was found.
    """

    def __init__(self, handle: IO[str], path: str, render: Callable[[Any], str] = str):
        self.handle = handle
        self.path = path
        self.render = render
        self.written: set[str] = set()

    def write_ready(self, part: PartitionResult) -> None:
        try:
            self.handle.writelines(self.render(item) + "\n" for item in part.items)
            self.handle.flush()
        except OSError as error:  # a full disk, /dev/full: one line, not a traceback after the run
            raise PuzzleInputError(f"cannot write {self.path}: {error.strerror}") from None
        self.written.add(part.key)

    def write_rest(self, result: JobResult) -> None:
        for part in result.partitions:
            if part.key not in self.written:
                if part.items is None and result.load_items is not None:  # on disk only
                    part = dataclasses.replace(part, items=result.load_items(part.key))
                self.write_ready(part)


def run_streamed_job(job: Any, output: str | None, resume: bool, *, workers: int | None, cluster: str | None,
                     time_limit: float | None) -> tuple[JobResult, bool]:
    """Run a counting job for the command line: its items go to ``--output`` (a file in merge order, or a
    checkpoint directory), none are kept in memory. A file is written whole when the run ends (stopped by
    ``--time-limit`` or Ctrl-C included: it then holds what was found), through its locked spool folder
    (:func:`puzzlewright.parallel.spool.spool_for`): a run killed part-way leaves it as it was, and a second run
    writing it is refused.
    Returns (result, interrupted): after Ctrl-C the partial result; the caller re-raises KeyboardInterrupt."""
    from puzzlewright.outputs import write_output
    from puzzlewright.parallel.checkpoint import DiskFullError
    from puzzlewright.parallel.folder import shown
    from puzzlewright.parallel.spool import spool_for

    file_path, directory = output_target(output, resume)
    if file_path is None:
        return _run_counted(job, directory, resume, None, workers=workers, cluster=cluster, time_limit=time_limit)
    outcome: list[tuple[JobResult, bool]] = []
    with spool_for(file_path) as spool:
        def write(handle: IO[str]) -> None:
            outcome.append(_run_counted(job, str(spool / SPOOL_RUN), False, OrderedFile(handle, file_path),
                                        workers=workers, cluster=cluster, time_limit=time_limit))

        try:
            write_output(file_path, write, scratch=str(spool))
        except DiskFullError:  # the checkpoint's advice (--resume) is for --output DIR/: a spool keeps nothing
            raise DiskFullError(f"disk full in {shown(spool)} while writing {file_path}: stopped, nothing kept; "
                                "free some space and run again") from None
    return outcome[0]


def _run_counted(job: Any, directory: str | None, resume: bool, sink: OrderedFile | None, *, workers: int | None,
                 cluster: str | None, time_limit: float | None) -> tuple[JobResult, bool]:
    """Run ``job`` keeping no items in memory: to the checkpoint ``directory``, or (with ``sink``) spooled in
    ``directory`` and written to the sink in merge order. Returns (result, interrupted by Ctrl-C)."""
    from puzzlewright.parallel import JobInterrupted, run_job

    try:
        result = run_job(job, workers=workers, cluster=cluster, output=directory, resume=resume,
                         time_limit=time_limit, on_merged=sink.write_ready if sink else None,
                         keep_items=False, spool=sink is not None)
    except JobInterrupted as stop:
        return _finished(stop.partial, sink), True
    return _finished(result, sink), False


def _finished(result: JobResult, sink: OrderedFile | None) -> JobResult:
    """``result``, once the sink (if any) holds every finished partition's items."""
    if sink is not None:
        sink.write_rest(result)
    return result
