"""Runners: where partitions run. This process, a pool of local processes, or a Dask cluster.

A runner takes the partitions still to do (biggest first) and calls ``on_done(result)`` in this process
as each one finishes, in whatever order they finish; the engine does the checkpointing and the merge.
Runners ask ``should_stop()`` before starting each partition (a time limit), and retry a partition whose
worker died (a killed or crashed process), up to ``max_attempts`` times; an exception raised by the job
itself is not retried: it is the answer (usually bad input).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, deque
from collections.abc import Callable
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError, PuzzlewrightError
from puzzlewright.parallel.checkpoint import FoundStream
from puzzlewright.parallel.job import Partition, PartitionedJob, PartitionResult

if TYPE_CHECKING:  # the pool's modules load when a pool starts: a job done in this process never needs them
    import multiprocessing.context
    from concurrent.futures import ProcessPoolExecutor

OnDone = Callable[[PartitionResult], None]
# Where a partition streams the items it finds (None: nowhere).
Streams = Callable[[str], FoundStream] | None
# Asked before each partition starts: True means start no more (a time limit ran out).
ShouldStop = Callable[[], bool]
DEFAULT_MAX_ATTEMPTS = 3
# A pool of the default size first runs the smallest partitions in this process for this much CPU time: a job
# that small is done before a pool would have started (fork, hand-over, a result per partition) and never
# starts one.
IN_PROCESS_FIRST_S = 0.2
DEFAULT_CONNECT_TIMEOUT_S = 3.0


class WorkerDiedError(PuzzlewrightError):
    """A partition's worker kept dying (killed, out of memory, crashed) and retries ran out."""


def timed_partition(job: PartitionedJob, key: str, stream: FoundStream | None) -> PartitionResult:
    """Run one partition (streaming its items to ``stream`` when given, continuing where it stopped when the
    stream carries a resume point) and record how long it took."""
    started = time.perf_counter()
    resume = stream.resume if stream is not None else None
    with stream.open() if stream is not None else nullcontext(None) as emit:
        result = job.run_partition(key, emit) if resume is None else job.run_partition(key, emit, resume=resume)
    result.elapsed_s = time.perf_counter() - started
    return result


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class InProcessRunner:
    """Runs partitions one after another in this process (no pickling, no start-up cost)."""

    name = "in-process"
    workers = 1
    starting = ""  # nothing to start: the first partition runs at once

    def run(self, job: PartitionedJob, todo: list[Partition], streams: Streams, on_done: OnDone,
            should_stop: ShouldStop = lambda: False) -> None:
        for partition in todo:
            if should_stop():
                return
            on_done(timed_partition(job, partition.key, streams(partition.key) if streams else None))


# -- local process pool ---------------------------------------------------------------------------------

_WORKER_JOB: PartitionedJob | None = None


def _start_worker(job: PartitionedJob, parent: int) -> None:
    """Pool worker start-up: keep the job, leave Ctrl-C to the parent, and exit if the parent dies."""
    import signal
    import threading

    global _WORKER_JOB
    _WORKER_JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=exit_when_orphaned, args=(parent,), daemon=True).start()


def exit_when_orphaned(parent: int, every_s: float = 0.5) -> None:
    """A killed parent (SIGKILL) cannot stop its workers: they notice they were orphaned and stop."""
    while os.getppid() == parent:
        time.sleep(every_s)
    os._exit(1)


def _pool_task(key: str, stream: FoundStream | None) -> PartitionResult:
    assert _WORKER_JOB is not None, "pool worker started without a job"
    return timed_partition(_WORKER_JOB, key, stream)


def pool_context() -> multiprocessing.context.BaseContext:
    """Fork where available: workers start in milliseconds and share the parent's loaded dictionary."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods and sys.platform != "darwin" else "spawn")


class PoolRunner:
    """Runs partitions in ``workers`` local processes.

    At most ``workers`` partitions are in flight at once, so when a worker dies the partitions it may
    have been running are known exactly: those are retried in a fresh pool. After :meth:`run`, ``name``
    and ``workers`` say what ran: ``in-process`` and 1 when the partitions run here first were all there
    was (no pool was started).
    """

    name = "process-pool"
    starting = ""  # the smallest partitions run here while the pool starts

    def __init__(self, workers: int | None = None, *, max_attempts: int = DEFAULT_MAX_ATTEMPTS,
                 in_process_first_s: float = 0.0):
        if workers is not None and workers < 1:
            raise PuzzleInputError(f"--workers must be at least 1, not {workers}")
        self.workers = workers or default_workers()
        self.max_attempts = max_attempts
        self.in_process_first_s = in_process_first_s

    def run(self, job: PartitionedJob, todo: list[Partition], streams: Streams, on_done: OnDone,
            should_stop: ShouldStop = lambda: False) -> None:
        pending = deque(self._smallest_here(job, todo, streams, on_done, should_stop))
        if todo and not pending:
            self.name, self.workers = InProcessRunner.name, InProcessRunner.workers  # the pool never started
        attempts: Counter[str] = Counter()
        while pending and not should_stop():
            died = self._run_pool(job, pending, streams, on_done, should_stop)
            for partition in died:
                attempts[partition.key] += 1
                if attempts[partition.key] >= self.max_attempts:
                    raise WorkerDiedError(f"{job.name}: the worker running partition {partition.key!r} died "
                                          f"{attempts[partition.key]} times; giving up")
            pending.extendleft(reversed(died))

    def _smallest_here(self, job: PartitionedJob, todo: list[Partition], streams: Streams, on_done: OnDone,
                       should_stop: ShouldStop) -> list[Partition]:
        """Run the smallest partitions in this process until it has spent ``in_process_first_s`` more CPU
        seconds; return the rest (still biggest first) for the pool."""
        rest = list(todo)  # biggest first: the smallest is last
        deadline = time.process_time() + self.in_process_first_s  # CPU time: a busy machine does not cut it short
        while rest and time.process_time() < deadline and not should_stop():
            partition = rest.pop()
            on_done(timed_partition(job, partition.key, streams(partition.key) if streams else None))
        return rest

    def _run_pool(self, job: PartitionedJob, pending: deque[Partition], streams: Streams,
                  on_done: OnDone, should_stop: ShouldStop) -> list[Partition]:
        """Run ``pending`` in one pool until it is empty (or it is time to stop) or a worker dies; return
        the partitions to retry."""
        from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
        from concurrent.futures.process import BrokenProcessPool

        pool = ProcessPoolExecutor(self.workers, mp_context=pool_context(), initializer=_start_worker,
                                   initargs=(job, os.getpid()))
        running: dict[Future, Partition] = {}
        try:
            while running or (pending and not should_stop()):
                while pending and len(running) < self.workers and not should_stop():
                    partition = pending.popleft()
                    stream = streams(partition.key) if streams else None
                    running[pool.submit(_pool_task, partition.key, stream)] = partition
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                broken = False
                for future in finished:
                    if isinstance(future.exception(), BrokenProcessPool):
                        broken = True
                    else:
                        on_done(future.result())
                        del running[future]
                if broken:
                    return list(running.values())
            return []
        finally:
            _stop_pool(pool)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down now: queued work is cancelled and running workers are terminated, not awaited."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


# -- Dask distributed -----------------------------------------------------------------------------------

def _dask_task(job: PartitionedJob, key: str) -> PartitionResult:
    return timed_partition(job, key, None)


def _dask_job(job: PartitionedJob) -> PartitionedJob:
    """The task whose result every partition's task reads the job from. A task, not scattered data: the scheduler
    keeps what it was made from, so a worker that dies holding the only copy costs a recomputation, where
    scattered data would be lost with it (the active memory manager soon drops the broadcast copies no task
    waits for) and with it every partition still to run."""
    return job


class DaskRunner:
    """Runs partitions as tasks on a Dask distributed cluster (``tcp://host:8786``, or ``local``).

    ``local`` starts a LocalCluster of ``workers`` single-threaded processes on this machine. The job is
    one task (:func:`_dask_job`), which each worker fetches once; each partition is one task, and the scheduler
    restarts the task elsewhere when its worker dies (up to its ``allowed-failures`` setting), recomputing the
    job's task if the only worker holding it died. Items are not streamed
    from remote workers: a partition's items arrive, and are checkpointed, when it finishes.
    """

    name = "dask"

    def __init__(self, address: str, workers: int | None = None, *,
                 connect_timeout_s: float = DEFAULT_CONNECT_TIMEOUT_S):
        self.address = address
        self.workers = workers or default_workers()
        self.connect_timeout_s = connect_timeout_s

    def run(self, job: PartitionedJob, todo: list[Partition], streams: Streams, on_done: OnDone,
            should_stop: ShouldStop = lambda: False) -> None:
        import uuid

        distributed = _import_distributed()
        cluster, client = self._connect(distributed)
        try:
            self._wait_for_a_worker(client)
            self.workers = len(client.scheduler_info().get("workers", {})) or self.workers
            run_id = uuid.uuid4().hex[:12]
            shared_job = client.submit(_dask_job, job, pure=False, priority=len(todo) + 1,
                                       key=f"puzzlewright-{run_id}-job")
            # Higher priority runs first: the scheduler starts the biggest partitions first too.
            futures = [client.submit(_dask_task, shared_job, partition.key, pure=False,
                                     priority=len(todo) - rank, key=f"puzzlewright-{run_id}-{rank}")
                       for rank, partition in enumerate(todo)]
            try:
                for future in distributed.as_completed(futures, loop=client.loop):
                    on_done(future.result())
                    if should_stop():
                        break  # the partitions still queued or running are cancelled below
            except distributed.KilledWorker as error:
                raise WorkerDiedError(f"{job.name}: workers kept dying on a partition ({error}); giving up") from None
            finally:
                client.cancel(futures)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    @property
    def starting(self) -> str:
        """What the progress bar says until the first partition ends: starting or reaching the cluster."""
        if self.address == "local":
            return f"starting Dask ({self.workers} workers)…"
        return f"connecting to {self.address}…"

    def _wait_for_a_worker(self, client: Any) -> None:
        """A scheduler without workers would queue the tasks forever: say so instead of hanging."""
        try:
            client.wait_for_workers(1, timeout=self.connect_timeout_s)
        except TimeoutError:
            raise PuzzleInputError(f"the Dask scheduler at {self.address} has no workers (waited "
                                   f"{self.connect_timeout_s:g} s): start some with "
                                   f"'dask worker {self.address} --nthreads 1'") from None

    def _connect(self, distributed: Any) -> tuple[Any, Any]:
        """A client for the cluster (and the LocalCluster it started, for ``local``), or a clear error."""
        if self.address == "local":
            cluster = distributed.LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=True,
                                               host="127.0.0.1", dashboard_address=":0")
            return cluster, distributed.Client(cluster, set_as_default=False)
        _check_address(self.address)
        try:
            client = distributed.Client(self.address, timeout=self.connect_timeout_s, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise PuzzleInputError(f"cannot reach the Dask scheduler at {self.address} "
                                   f"(gave up after {self.connect_timeout_s:g} s): {_first_line(error)}") from None
        except ValueError as error:
            raise PuzzleInputError(f"bad cluster address {self.address!r}: {_first_line(error)}") from None
        return None, client


def _check_address(address: str) -> None:
    """Refuse a scheduler address Dask cannot parse before a Client is made: a Client that fails on it
    prints a traceback of its own when it is garbage-collected."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address, strict=False)
        if scheme in ("tcp", "tls"):
            host, _ = parse_host_port(location)
            if not host or any(char.isspace() for char in host):
                raise ValueError(f"bad host name {host!r}")
    except ValueError as error:
        raise PuzzleInputError(f"bad cluster address {address!r}: {_first_line(error)}; "
                               "expected tcp://host:port or 'local'") from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise PuzzleInputError('--cluster needs Dask: pip install "puzzlewright[cluster]"') from None
    return distributed


def make_runner(workers: int | None = None, cluster: str | None = None,
                partitions: int | None = None) -> InProcessRunner | PoolRunner | DaskRunner:
    """The runner the options ask for: a Dask cluster when ``cluster`` is given, else a process pool of
    ``workers`` (default: all cores, after running the smallest partitions here for
    :data:`IN_PROCESS_FIRST_S`, so a small job never pays for a pool), or this process alone when that makes
    one worker or there is at most one partition to run (a pool would only add its start-up time)."""
    if cluster:
        return DaskRunner(cluster, workers)
    if workers is not None and workers < 1:
        raise PuzzleInputError(f"--workers must be at least 1, not {workers}")
    count = workers or default_workers()
    if partitions is not None:
        count = min(count, partitions)  # a process per partition at most: --workers 100000 is not a fork bomb
    if count <= 1:
        return InProcessRunner()
    return PoolRunner(count, in_process_first_s=IN_PROCESS_FIRST_S if workers is None else 0.0)
