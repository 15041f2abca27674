"""What keeps the server up: a cap on request bodies, and searches run off the event loop within a time budget.

A search runs in a worker thread with a :class:`~puzzlewright.search.Budget`, so the event loop keeps
answering other requests (``/healthz`` included) while it works. At most ``max_searches`` run at once; a
request that cannot start in time, or whose search overruns its budget, gets a 503 with a message.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import queue
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from puzzlewright.errors import BudgetExceeded
from puzzlewright.search import Budget

MAX_BODY_BYTES = 64 * 1024
SEARCH_SECONDS = 2.0
# Extra wall-clock time a search may take past its budget before the client is told it timed out: a verb
# checks its budget between steps, so it needs a moment to notice and stop.
GRACE_SECONDS = 1.0

Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


BODY_KEY = "puzzlewright.body"  # where BodyLimit leaves the request body in the ASGI scope


class BodyTooLarge(Exception):
    """The request body is over the cap."""


class BodyLimit:
    """ASGI middleware: refuse request bodies over ``max_bytes`` with 413, before the app reads them.

    The declared ``Content-Length`` is checked first; bodies sent without one (chunked) are counted as
    they arrive, so a client cannot stream an unbounded body either. The body read is left in the scope
    under :data:`BODY_KEY` (and replayed to the app as usual).
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
        """The whole body, or None when the client went away before sending it."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
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


class SearchTimeout(Exception):
    """A search did not finish (or could not start) within its time allowance."""


class _Job:
    """One search waiting for, or running on, a search thread."""

    def __init__(self, search: Callable[[], Any], loop: asyncio.AbstractEventLoop):
        self.search = search
        self.loop = loop
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
    """Runs blocking searches on ``max_searches`` threads, first come first served, within time allowances.

    A request waits at most ``seconds`` for a search thread (then: *server busy*), and its search then has
    ``seconds`` plus a grace period. A thread takes the next search straight from the queue when one ends,
    so no slot sits idle waiting for the event loop to hand it over.
    """

    def __init__(self, max_searches: int = 2, seconds: float = SEARCH_SECONDS):
        self.seconds = seconds
        self.max_searches = max_searches
        self._queue: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._start_lock = threading.Lock()

    async def run(self, search: Callable[[], Any], budget: Budget | None = None) -> Any:
        """``search()`` on a search thread; :class:`SearchTimeout` if none is free in time or the search
        overruns ``seconds`` (plus grace).

        Whenever the request stops waiting before the search ends (timeout, client gone), ``budget`` (the
        search's own) is cancelled, so the search stops at its next budget check instead of computing an
        answer nobody will read. A search keeps its thread until it really ends, so runaway searches cannot
        pile up threads behind the client's back.
        """
        self._start_threads()
        job = _Job(search, asyncio.get_running_loop())
        self._queue.put(job)
        try:
            try:
                await asyncio.wait_for(job.started.wait(), timeout=self.seconds)
            except asyncio.TimeoutError:
                if job.abandon():
                    raise SearchTimeout(f"server busy: no search could start within {self.seconds:g} s; "
                                        "try again") from None
            try:
                return await asyncio.wait_for(asyncio.shield(job.result), timeout=self.seconds + GRACE_SECONDS)
            except asyncio.TimeoutError:
                raise SearchTimeout(f"search took longer than its {self.seconds:g} s budget") from None
        finally:
            if not job.result.done():
                if budget is not None:
                    budget.cancel()
                job.result.add_done_callback(_retrieve)  # its outcome is nobody's now: no "never retrieved" log

    def _start_threads(self) -> None:
        with self._start_lock:
            while len(self._threads) < self.max_searches:
                thread = threading.Thread(target=self._serve, name=f"search-{len(self._threads)}", daemon=True)
                thread.start()
                self._threads.append(thread)

    def _serve(self) -> None:
        """A search thread: run queued searches one after the other, for the life of the process."""
        while True:
            job = self._queue.get()
            if not job.claim():
                continue
            job.notify(job.started.set)
            try:
                value, error = job.search(), None
            except BaseException as failure:  # handed to the request, which maps it to a response
                value, error = None, failure
            job.notify(job.finish, value, error)
            del job, value, error
            return_free_memory()


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
    """Give freed heap pages back to the system after a search (its temporaries can be hundreds of MB)."""
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
