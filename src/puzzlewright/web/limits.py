"""What keeps the server up: a cap on request bodies, and searches run off the event loop within a time budget.

A search runs in a worker thread with a :class:`~puzzlewright.budget.Budget`, so the event loop keeps
answering other requests (``/healthz`` included) while it works. Cheap searches have ``max_searches``
threads, expensive ones a lane of threads of their own (:class:`SearchPool`); a request that
cannot start in time is refused as :class:`ServerBusy` (503 with when to try again), one whose search
overruns its budget gets :class:`~puzzlewright.errors.BudgetExceeded` (422: the request is too expensive,
not the server broken). The budget covers the whole answer: the search, ranking, building and encoding the
result all check it (:mod:`puzzlewright.budget`), and the pool cancels it when it stops waiting, so no
search works on after its reply.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import math
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from puzzlewright.errors import BudgetExceeded
from puzzlewright.budget import Budget

MAX_BODY_BYTES = 64 * 1024
# A body over the cap but at most this big is read (and dropped) before the 413: closing a connection with
# unread bytes makes the system send a reset, and the client then loses the 413 it had not yet read
DRAIN_BYTES = 1024 * 1024
SEARCH_SECONDS = 2.0
# Extra wall-clock time a search may take past its budget before the client is told it timed out: a verb
# checks its budget between steps and may finish a stopped search's answer for FINISH_SLACK_S, so it needs
# a moment to notice and stop (verbs that stop by themselves answer well within it).
GRACE_SECONDS = 0.3
# At each read of its clock (every ~2 ms of work), an expensive search waits while cheap requests are in
# flight, looking every YIELD_STEP_S, for at most YIELD_MAX_S: cheap requests come first, and an expensive
# search still gets a tenth of the time when they never stop.
YIELD_STEP_S = 0.001
YIELD_MAX_S = 0.02

Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


BODY_KEY = "puzzlewright.body"  # where BodyLimit leaves the request body in the ASGI scope


class BodyTooLarge(Exception):
    """The request body is over the cap."""


class BodyLimit:
    """ASGI middleware: refuse request bodies over ``max_bytes`` with 413, before the app reads them.

    The declared ``Content-Length`` is checked first; bodies sent without one (chunked) are counted as
    they arrive, so a client cannot stream an unbounded body either. The body read is left in the scope
    under :data:`BODY_KEY` (and replayed to the app as usual). A refused body of at most
    :data:`DRAIN_BYTES` is read to its end and dropped first, so the client gets its 413 rather than a
    reset connection.
    """

    def __init__(self, app: Callable, max_bytes: int = MAX_BODY_BYTES):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: dict, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or len(declared) > len(str(self.max_bytes))
                                     or int(declared) > self.max_bytes):
            if declared.isdigit() and len(declared) <= len(str(DRAIN_BYTES)) and int(declared) <= DRAIN_BYTES:
                await _drain(receive, DRAIN_BYTES)
            await self._refuse(send)
            return
        try:
            body = await self._read_body(receive)
        except BodyTooLarge:
            await self._refuse(send)
            return
        if body is not None:
            await self.app({**scope, BODY_KEY: body}, _replay(body, receive), send)

    async def _read_body(self, receive: Receive) -> bytes | None:
        """The whole body, or None when the client went away before sending it; :class:`BodyTooLarge` (the
        rest of the body read and dropped, up to :data:`DRAIN_BYTES`) once it passes the cap."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                if message.get("more_body", False):
                    await _drain(receive, DRAIN_BYTES - size)
                raise BodyTooLarge
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def _refuse(self, send: Send) -> None:
        body = f'{{"error": "request body too large (limit {self.max_bytes // 1024} KB)"}}'.encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


async def _drain(receive: Receive, limit: int) -> None:
    """Read and drop the rest of a refused body, up to ``limit`` bytes (past that, stop reading)."""
    size = 0
    while size <= limit:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return
        size += len(message.get("body", b""))


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the app the already-read body, then defers to the real one (disconnects)."""
    sent = False

    async def replay() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class ServerBusy(Exception):
    """No search thread was free for a request within its time allowance: the server, not the request, is
    the limit. ``retry_after``: seconds after which asking again is likely to find a free thread."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class _Job:
    """One search waiting for, or running on, a search thread."""

    def __init__(self, search: Callable[[], Any], loop: asyncio.AbstractEventLoop, expensive: bool):
        self.search = search
        self.loop = loop
        self.expensive = expensive
        self.started = asyncio.Event()
        self.result: asyncio.Future = loop.create_future()
        self.lock = threading.Lock()
        self.running = False
        self.abandoned = False

    def claim(self) -> bool:
        """Called by a search thread: start the job unless its request gave up waiting."""
        with self.lock:
            if self.abandoned:
                return False
            self.running = True
        return True

    def abandon(self) -> bool:
        """Called by the request: give up waiting, unless the search has already started."""
        with self.lock:
            if not self.running:
                self.abandoned = True
        return self.abandoned

    def notify(self, callback: Callable, *args: Any) -> None:
        try:
            self.loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:  # that event loop has closed: nobody is waiting any more
            pass

    def finish(self, value: Any, error: BaseException | None) -> None:
        if self.result.done():
            return
        if error is None:
            self.result.set_result(value)
        else:
            self.result.set_exception(error)


class SearchPool:
    """Runs blocking searches within time allowances, in two lanes of threads.

    A request says whether it is *expensive* (its verb's cost estimate:
    :attr:`~puzzlewright.web.endpoints.Endpoint.expensive`). Cheap searches have ``max_searches`` threads
    of their own; expensive ones a lane of ``max_searches - 1`` more (at least one), so however many
    expensive searches run, cheap ones never queue for a thread they hold (with a single search thread,
    ``max_searches=1``, both lanes share it, a cheap search first). Each lane is first come first served.
    A request waits at most ``seconds`` for a thread (then: *server busy*, with the seconds after which to
    try again), and its search then has ``seconds`` plus a grace period. A thread takes the next search
    straight from its lane when one ends, so no slot sits idle waiting for the event loop.

    When the expensive lane took its threads from the cheap lane's, 50 cheap clients under 4 expensive
    ones queued for the one thread left (p50 4 ms alone, 76 ms under load; benchmarks/web_fairness.py).
    """

    def __init__(self, max_searches: int = 2, seconds: float = SEARCH_SECONDS):
        self.seconds = seconds
        self.max_searches = max_searches
        self.expensive_slots = max(1, max_searches - 1)
        self.shared = max_searches == 1  # one thread for both lanes
        self._lanes: dict[bool, deque[_Job]] = {False: deque(), True: deque()}  # by expensive
        self._running_expensive = 0
        self._ready = threading.Condition()
        self._threads: list[threading.Thread] = []
        self.cheap_in_flight = 0  # cheap requests being answered (counted by the event loop: see cheap)

    @contextmanager
    def cheap(self) -> Iterator[None]:
        """Count a cheap request in flight for its whole answer (its search, or work on the event loop such
        as a dictionary lookup): expensive searches yield to it (:meth:`yield_to_cheap`)."""
        self.cheap_in_flight += 1
        try:
            yield
        finally:
            self.cheap_in_flight -= 1

    def yield_to_cheap(self) -> None:
        """An expensive search's :attr:`~puzzlewright.budget.Budget.pause`: wait (letting go of the
        interpreter) while cheap requests are in flight, up to :data:`YIELD_MAX_S`. Searches hold the GIL,
        so a thread of its own does not keep an expensive search from slowing every cheap answer (on a busy
        machine the process gets a fraction of a core, which the search would take); pausing does."""
        if self.cheap_in_flight <= 0:
            return
        give_up = time.monotonic() + YIELD_MAX_S
        while self.cheap_in_flight > 0 and time.monotonic() < give_up:
            time.sleep(YIELD_STEP_S)

    async def run(self, search: Callable[[], Any], budget: Budget | None = None, *, expensive: bool = False,
                  seconds: float | None = None) -> Any:
        """``search()`` on a search thread, in the cheap or the ``expensive`` lane; :class:`ServerBusy` if no
        thread is free in time, :class:`~puzzlewright.errors.BudgetExceeded` if the search overruns its
        ``seconds`` (by default the pool's; plus grace) without stopping by itself.

        Whenever the request stops waiting before the search ends (timeout, client gone), ``budget`` (the
        search's own) is cancelled, so the search stops at its next budget check instead of computing an
        answer nobody will read. A search keeps its thread until it really ends, so runaway searches cannot
        pile up threads behind the client's back.
        """
        self._start_threads()
        if expensive and budget is not None and not self.shared:
            budget.pause = self.yield_to_cheap  # (with one thread, a cheap request waits for this very search)
        job = _Job(search, asyncio.get_running_loop(), expensive)
        with self._ready:
            self._lanes[expensive].append(job)
            self._ready.notify_all()  # the threads of both lanes wait on it: wake the lane's own
        try:
            try:
                await asyncio.wait_for(job.started.wait(), timeout=self.seconds)
            except asyncio.TimeoutError:
                if job.abandon():
                    raise self._busy(job) from None
            try:
                allowed = seconds or self.seconds
                return await asyncio.wait_for(asyncio.shield(job.result), timeout=allowed + GRACE_SECONDS)
            except asyncio.TimeoutError:
                raise BudgetExceeded(f"search took longer than its {allowed:g} s budget") from None
        finally:
            if not job.result.done() and budget is not None:
                budget.cancel()
            # an outcome nobody awaited (or one that came as the wait timed out) is read: no "never retrieved" log
            job.result.add_done_callback(_retrieve)
            if job.abandoned:
                self._forget(job)

    def _busy(self, job: _Job) -> ServerBusy:
        """The *server busy* answer for a job that could not start in time: when to try again, from the
        searches still waiting in its lane and the threads that lane may use (each takes up to a budget)."""
        with self._ready:
            waiting = sum(not other.abandoned for other in self._lanes[job.expensive])
        slots = self.expensive_slots if job.expensive else self.max_searches
        retry_after = math.ceil(self.seconds * (1 + waiting / slots))
        kind = "expensive searches" if job.expensive else "searches"
        return ServerBusy(f"server busy: no search could start within {self.seconds:g} s ({waiting} other "
                             f"{kind} waiting); try again in {retry_after} s", retry_after)

    def _forget(self, job: _Job) -> None:
        """Take an abandoned job out of its lane (if no thread has yet)."""
        with self._ready:
            with suppress(ValueError):
                self._lanes[job.expensive].remove(job)

    def _start_threads(self) -> None:
        """The lanes' threads, started on first use: ``max_searches`` cheap ones (the first also takes
        expensive searches when the lanes share it), then the expensive lane's."""
        lanes = [(True, self.shared)] * self.max_searches
        lanes += [] if self.shared else [(False, True)] * self.expensive_slots
        with self._ready:
            while len(self._threads) < len(lanes):
                cheap, expensive = lanes[len(self._threads)]
                name = f"search-{len(self._threads)}" + ("" if cheap else "-expensive")
                thread = threading.Thread(target=self._serve, args=(cheap, expensive), name=name, daemon=True)
                thread.start()
                self._threads.append(thread)

    def _next_job(self, cheap: bool, expensive: bool) -> _Job:
        """The next job a free thread of the lanes it serves runs (called holding ``_ready``): a ``cheap``
        one first, an ``expensive`` one while the expensive lane has a slot to spare; waits until there
        is one."""
        while True:
            if cheap and self._lanes[False]:
                return self._lanes[False].popleft()
            if expensive and self._lanes[True] and self._running_expensive < self.expensive_slots:
                self._running_expensive += 1
                return self._lanes[True].popleft()
            self._ready.wait()

    def _serve(self, cheap: bool, expensive: bool) -> None:
        """A search thread of the ``cheap`` and/or ``expensive`` lane: run its lanes' searches one after the
        other, for the life of the process."""
        while True:
            with self._ready:
                job = self._next_job(cheap, expensive)
            if job.claim():
                self._run(job)
            was_expensive = job.expensive
            if was_expensive:
                with self._ready:
                    self._running_expensive -= 1
                    self._ready.notify_all()  # a thread waiting for an expensive slot may take one now
            del job
            if was_expensive:
                return_free_memory()

    @staticmethod
    def _run(job: _Job) -> None:
        """Run a claimed job and hand its outcome to its request."""
        job.notify(job.started.set)
        try:
            value, error = job.search(), None
        except BaseException as failure:  # handed to the request, which maps it to a response
            value, error = None, failure
        job.notify(job.finish, value, error)


def _libc() -> Any:
    """glibc, or None on other C libraries (where the memory calls below do nothing)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        return libc if libc is not None and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


_LIBC = _libc()
M_ARENA_MAX = -8  # mallopt's parameter numbers in glibc's malloc.h
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 1 << 20  # bytes: blocks this big or bigger get their own mapping


def tune_malloc(arenas: int = 2) -> None:
    """Keep a long-running server's heap small (glibc only):

    * ``arenas`` heaps shared between threads instead of one per thread, so a search thread's temporaries
      leave no private arena behind;
    * every block of 1 MB or more (numpy arrays: word tables, pattern matrices cut for one request) in its
      own mapping, returned to the system when freed. By default glibc raises this threshold to the size of
      any mapped block freed, up to 32 MB, so later big arrays land in the heap and leave holes in it: with
      the threshold fixed, a server warmed for every verb holds ~20 MB less, and ~30 MB less after a mix
      of thousands of requests (in-process probe, 4 threads)."""
    if _LIBC is not None:
        _LIBC.mallopt(M_ARENA_MAX, arenas)
        _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def return_free_memory() -> None:
    """Give freed heap pages back to the system after an expensive search (its temporaries can be hundreds
    of MB). Not after cheap ones: a trim walks the whole heap holding malloc's locks (every thread that
    allocates waits), and after each of 250 cheap requests a second it made the event loop miss its turn
    for 30 ms or more dozens of times a minute (benchmarks/web_fairness.py)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _retrieve(result: asyncio.Future) -> None:
    """Read an abandoned search's outcome, so asyncio does not log its exception as never retrieved."""
    if not result.cancelled():
        result.exception()


def budget_message(error: BudgetExceeded, seconds: float) -> str:
    """The message a client sees when a search ran out of its budget: what happened and what to change, in
    a user's words (no search nodes)."""
    return (f"this search did not finish in the {seconds:g} s the server gives one search: try a smaller "
            f"puzzle or fewer options (or the puzzlewright command line, which allows longer searches)")
