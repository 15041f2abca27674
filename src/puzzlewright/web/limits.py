"""What keeps the server up: a cap on request bodies, and searches run off the event loop within a time budget.

A search runs in a worker thread with a :class:`~puzzlewright.search.Budget`, so the event loop keeps
answering other requests (``/healthz`` included) while it works. At most ``max_searches`` run at once; a
request that cannot start in time, or whose search overruns its budget, gets a 503 with a message.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from puzzlewright.errors import BudgetExceeded

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
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
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


class SearchPool:
    """Runs blocking searches in threads, at most ``max_searches`` at once, each within a time allowance."""

    def __init__(self, max_searches: int = 4, seconds: float = SEARCH_SECONDS):
        self.seconds = seconds
        self._slots = threading.BoundedSemaphore(max_searches)

    async def run(self, search: Callable[[], Any]) -> Any:
        """``search()`` in a worker thread; :class:`SearchTimeout` if it overruns ``seconds`` (plus grace).

        The slot is released by the worker thread when the search really ends, so a search that ignores
        its budget keeps its slot and cannot pile up threads behind the client's back.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds + GRACE_SECONDS
        if not await self._acquire(deadline):
            raise SearchTimeout(f"server busy: no search could start within {self.seconds:g} s; try again")
        future = loop.run_in_executor(None, self._run_then_release, search)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout=max(0.0, deadline - loop.time()))
        except asyncio.TimeoutError:
            raise SearchTimeout(f"search took longer than its {self.seconds:g} s budget") from None

    async def _acquire(self, deadline: float) -> bool:
        loop = asyncio.get_running_loop()
        while not self._slots.acquire(blocking=False):
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.005)
        return True

    def _run_then_release(self, search: Callable[[], Any]) -> Any:
        try:
            return search()
        finally:
            self._slots.release()


def budget_message(error: BudgetExceeded, seconds: float) -> str:
    """The message a client sees when a search ran out of its budget."""
    return f"{error} (the server allows {seconds:g} s per search; try a smaller request)"
