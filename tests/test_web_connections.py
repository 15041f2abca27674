"""Connection limits of ``puzzlewright serve`` (issue #28): headers and bodies that trickle are answered 408
and closed, oversized headers 431, connections past the cap 503, and ``serve`` passes these limits to
uvicorn. A real uvicorn server on a loopback port, with small limits so the tests are quick."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest

uvicorn = pytest.importorskip("uvicorn")

from puzzlewright.web.app import server_options  # noqa: E402
from puzzlewright.web.connections import (KEEP_ALIVE_SECONDS, MAX_CONNECTIONS,  # noqa: E402
                                          MAX_HEADER_BYTES, ConnectionLimits)

LIMITS = ConnectionLimits(max_connections=4, header_seconds=0.5, body_seconds=0.5, max_header_bytes=2048)


async def echo_app(scope: dict, receive, send) -> None:
    """Read the whole body, answer 200 with its length."""
    if scope["type"] != "http":
        return
    size, more = 0, True
    while more:
        message = await receive()
        size += len(message.get("body", b""))
        more = message.get("more_body", False)
    body = json.dumps({"size": size}).encode()
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    yield from serve(echo_app)


def serve(app) -> Iterator[int]:
    """Run ``app`` on a uvicorn server with :data:`LIMITS` in a thread: its port, until the generator ends."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, lifespan="off", **server_options(LIMITS))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    else:
        pytest.fail("the server did not start")
    yield server.servers[0].sockets[0].getsockname()[1]
    server.should_exit = True
    thread.join(timeout=10)


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    return sock


def answer(sock: socket.socket) -> tuple[int, dict, float]:
    """(status, JSON body, seconds waited) of the response on ``sock``, read until the server closes it."""
    start, data = time.monotonic(), b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body), time.monotonic() - start


def request(port: int, raw: bytes) -> tuple[int, dict, float]:
    with connect(port) as sock:
        sock.sendall(raw)
        return answer(sock)


def test_a_whole_request_is_answered(port):
    status, body, _ = request(port, b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n"
                                    b"Connection: close\r\n\r\nabc")
    assert status == 200 and body == {"size": 3}


def test_a_kept_alive_connection_serves_a_second_request():
    """The header timer restarts with each request, and does not fire on a connection that is answered."""
    # not the module's server: its own limits must not close the connection between the two requests
    config = uvicorn.Config(echo_app, host="127.0.0.1", port=0, lifespan="off", **server_options(LIMITS))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        with connect(server.servers[0].sockets[0].getsockname()[1]) as sock:
            for _ in range(2):
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert sock.recv(65536).startswith(b"HTTP/1.1 200")
                time.sleep(0.3)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.mark.parametrize("raw, part", [(b"", "headers"), (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", "headers"),
                                       (b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nab",
                                        "body")])
def test_a_request_that_trickles_is_answered_408_and_closed(port, raw, part):
    status, body, waited = request(port, raw)
    assert status == 408 and f"request's {part} did not arrive within 0.5 s" in body["error"]
    assert 0.3 < waited < 3


def test_headers_past_the_cap_are_a_431(port):
    status, body, _ = request(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 4000 + b"\r\n\r\n")
    assert status == 431 and "larger than 2048 bytes" in body["error"]


def test_connections_past_the_cap_are_refused_at_once(port):
    held = [connect(port) for _ in range(LIMITS.max_connections)]
    try:
        time.sleep(0.1)
        with connect(port) as extra:
            status, body, waited = answer(extra)
        assert status == 503 and "4 connections open" in body["error"] and waited < 0.3
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert request(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")[0] == 200


def test_server_options_set_uvicorns_limits():
    config = uvicorn.Config(echo_app, **server_options())
    assert config.limit_concurrency == MAX_CONNECTIONS
    assert config.timeout_keep_alive == KEEP_ALIVE_SECONDS
    assert config.h11_max_incomplete_event_size == MAX_HEADER_BYTES
    assert config.http.__name__ == "ServerProtocol" and config.server_header is False
    assert server_options(log_level="info")["log_level"] == "info"  # options override the defaults


@pytest.fixture(scope="module")
def capped_port() -> Iterator[int]:
    """The echo app behind the body cap (1 KB), on a server of its own."""
    from puzzlewright.web.limits import BodyLimit

    yield from serve(BodyLimit(echo_app, max_bytes=1024))


@pytest.mark.parametrize("chunked", [False, True])
def test_a_body_over_the_cap_gets_its_413_not_a_reset(capped_port, chunked):
    """The web sweep's 70 KB body: refused at its declared length while the client was still sending it, the
    connection closed with unread bytes and the client saw a reset instead of the 413. The server now
    reads such a body (up to 1 MB) before answering."""
    body = b"{" + b" " * 70_000 + b"}"
    for _ in range(3):
        with connect(capped_port) as sock:
            if chunked:
                head = b"Transfer-Encoding: chunked\r\n\r\n"
                payload = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 4096]), body[i:i + 4096])
                                   for i in range(0, len(body), 4096)) + b"0\r\n\r\n"
            else:
                head, payload = b"Content-Length: %d\r\n\r\n" % len(body), body
            sock.sendall(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + head)
            time.sleep(0.05)  # the server has the headers (and, at the declared length, could answer) first
            for start in range(0, len(payload), 8192):
                sock.sendall(payload[start:start + 8192])
            reply = b""
            while chunk := sock.recv(65536):
                reply += chunk
        assert reply.startswith(b"HTTP/1.1 413") and b"request body too large" in reply
