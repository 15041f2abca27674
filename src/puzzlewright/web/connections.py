"""How many connections the server holds, and for how long: the uvicorn settings of ``puzzlewright serve``.

uvicorn drops an idle keep-alive connection after ``timeout_keep_alive`` and answers 503 past
``limit_concurrency``, but it waits for a request's headers and body for ever, keeps every connection it
accepts, and (with httptools) takes headers of any size. A few thousand clients trickling headers, or
twenty thousand idle sockets, would hold the server's descriptors until no new client got in.
:func:`server_protocol` closes those gaps in uvicorn's httptools protocol: a connection past the cap is
closed at once, headers must arrive within ``header_seconds`` and a body within ``body_seconds`` of its
headers (else 408), and headers larger than ``max_header_bytes`` get 431. Every such answer, and uvicorn's
own 400 for a malformed request, is ``{"error": ...}``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from puzzlewright.web.guard import error_body

MAX_CONNECTIONS = 500
HEADER_SECONDS = 10.0
BODY_SECONDS = 20.0
KEEP_ALIVE_SECONDS = 5
MAX_HEADER_BYTES = 16 * 1024

REASONS = {400: b"Bad Request", 408: b"Request Timeout", 431: b"Request Header Fields Too Large",
           503: b"Service Unavailable"}


@dataclass(frozen=True)
class ConnectionLimits:
    """The server's connection limits. ``max_connections``: open connections at once (uvicorn's
    ``limit_concurrency``: past it a request gets 503, a new connection is closed). ``header_seconds``:
    time from a connection's opening, or a request's first byte, to the end of its headers.
    ``body_seconds``: time from the end of the headers to the end of the body. ``keep_alive_seconds``: how
    long an idle connection stays open between requests. ``max_header_bytes``: the request line and
    headers, in bytes."""

    max_connections: int = MAX_CONNECTIONS
    header_seconds: float = HEADER_SECONDS
    body_seconds: float = BODY_SECONDS
    keep_alive_seconds: int = KEEP_ALIVE_SECONDS
    max_header_bytes: int = MAX_HEADER_BYTES

    def uvicorn_options(self) -> dict[str, Any]:
        """Keyword arguments of ``uvicorn.run``/``uvicorn.Config`` that apply these limits."""
        return {"http": server_protocol(self), "limit_concurrency": self.max_connections,
                "timeout_keep_alive": self.keep_alive_seconds,
                "h11_max_incomplete_event_size": self.max_header_bytes}


# Seconds a client refused for too many connections is told to wait (a connection's life is seconds)
CONNECTIONS_RETRY_S = 1


def error_response(status: int, message: str) -> bytes:
    """A complete HTTP/1.1 response with body ``{"error": message}`` that closes the connection; a 503 (too
    many connections) says when to try again in ``Retry-After`` too."""
    body = error_body(message)
    retry = b"retry-after: %d\r\n" % CONNECTIONS_RETRY_S if status == 503 else b""
    return b"".join([b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n" % (status, REASONS[status]), retry,
                     b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body), body])


def server_protocol(limits: ConnectionLimits) -> type:
    """uvicorn's httptools protocol class with ``limits`` applied (see the module's docstring)."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class ServerProtocol(HttpToolsProtocol):  # type: ignore[misc, valid-type]
        read_timer: asyncio.TimerHandle | None = None
        header_bytes = 0
        refusal: tuple[int, str] | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > limits.max_connections:
                self.refuse(503, f"the server has {limits.max_connections} connections open: try again in "
                                 f"{CONNECTIONS_RETRY_S} s")
                return
            self.start_timer(limits.header_seconds, "headers")

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_timer()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self.header_bytes = 0
            if self.read_timer is None:  # a later request on a kept-alive connection
                self.start_timer(limits.header_seconds, "headers")

        def on_url(self, url: bytes) -> None:
            self.count_header_bytes(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self.count_header_bytes(len(name) + len(value))
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self.stop_timer()
            super().on_headers_complete()
            if not self.pipeline:  # a queued (pipelined) request's body waits for us, not for the client
                self.start_timer(limits.body_seconds, "body")

        def on_message_complete(self) -> None:
            self.stop_timer()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self.stop_timer()  # the connection is the WebSocket protocol's from here
            super().handle_websocket_upgrade()

        def count_header_bytes(self, size: int) -> None:
            """Add ``size`` to the request's header bytes; past the cap, stop parsing (answered 431)."""
            self.header_bytes += size
            if self.header_bytes > limits.max_header_bytes:
                self.refusal = (431, f"the request's headers are larger than {limits.max_header_bytes} bytes")
                raise ValueError(self.refusal[1])  # httptools turns it into a parser error: send_400_response

        def start_timer(self, seconds: float, part: str) -> None:
            self.read_timer = self.loop.call_later(
                seconds, self.refuse, 408, f"the request's {part} did not arrive within {seconds:g} s")

        def stop_timer(self) -> None:
            if self.read_timer is not None:
                self.read_timer.cancel()
                self.read_timer = None

        def refuse(self, status: int, message: str) -> None:
            """Answer ``{"error": message}`` unless a response has begun, and close the connection."""
            self.stop_timer()
            if self.transport.is_closing():
                return
            if self.cycle is None or self.cycle.response_complete or not self.cycle.response_started:
                self.transport.write(error_response(status, message))
            self.transport.close()

        def send_400_response(self, msg: str) -> None:
            self.refuse(*(self.refusal or (400, msg)))

    return ServerProtocol
