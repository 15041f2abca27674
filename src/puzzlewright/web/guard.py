"""What the server refuses before any route runs: other sites' requests, other hosts' names, bodies that are
not JSON, and error bodies that are not ``{"error": ...}``.

A page the user visits can make the browser send requests to the local server. :class:`RequestGuard`
refuses those: a POST must declare ``Content-Type: application/json`` (a cross-site *simple* request cannot),
a request whose ``Origin`` is another site is refused unless ``serve --allow-origin`` names it (``null``, the
origin of sandboxed frames and ``file:`` pages, only when named itself, never by ``*``), and only loopback
names, the bound address and the names ``serve --allow-host`` gives are accepted in ``Host`` on every
interface (a DNS-rebinding page uses its own name). Every refusal, and every error response of the
framework or of uvicorn, is JSON.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable, Sequence

Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]

LOOPBACK_NAMES = ("localhost",)
JSON_TYPE = b"application/json"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or address, IPv6 with or without brackets) is this machine's loopback."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    """Whether ``host`` is an any-interface address (``0.0.0.0``, ``::``), which no client names in ``Host``."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def allowed_host(value: str) -> str:
    """``value`` of ``serve --allow-host`` as :class:`RequestGuard` compares it (a name or address, no port);
    ValueError when it is not a host name or address."""
    name = host_name(value)
    if not name or any(c in value.strip() for c in "/*@ ") or (":" in name and not _is_address(name)):
        raise ValueError(f"--allow-host takes a host name or address such as pi.local, not {value!r}")
    return name


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def served_hosts(bound: str, allow_hosts: Sequence[str]) -> tuple[str, ...]:
    """The names besides loopback ones a server bound to ``bound`` answers to: ``allow_hosts`` (each
    checked by :func:`allowed_host`) and the bound address itself unless it is loopback or a wildcard."""
    names = [allowed_host(host) for host in allow_hosts]
    if not is_loopback(bound) and not is_wildcard(bound):
        names.append(host_name(bound))
    return tuple(dict.fromkeys(names))


def error_body(message: str) -> bytes:
    return json.dumps({"error": message}).encode()


async def send_error(send: Send, status: int, message: str, headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    """Answer with ``{"error": message}`` and close the connection."""
    body = error_body(message)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", JSON_TYPE), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *headers]})
    await send({"type": "http.response.body", "body": body})


class RequestGuard:
    """ASGI middleware, outermost: check Host, Origin and the POST content type before anything else runs.

    ``loopback_only``: accept in ``Host`` only loopback names and addresses and the names of
    ``allow_hosts`` (the ``serve`` command always sets it). ``allow_hosts``: further host names or
    addresses, without a port; giving any turns the check on too. ``allow_origins``: origins
    (``scheme://host[:port]``) allowed to send requests from another site; ``*`` allows any but ``null``,
    which must be named. A request without ``Origin`` (curl, scripts, same-origin GETs) or whose ``Origin``
    is the server's own address passes.
    """

    def __init__(self, app: Callable, *, loopback_only: bool = False, allow_hosts: Sequence[str] = (),
                 allow_origins: Sequence[str] = ()):
        self.app = app
        self.allow_hosts = frozenset(host_name(host) for host in allow_hosts)
        self.check_host = loopback_only or bool(self.allow_hosts)
        self.allow_origins = frozenset(origin.rstrip("/").lower() for origin in allow_origins)

    async def __call__(self, scope: dict, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            await send_error(send, *refusal)
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: dict) -> tuple[int, str] | None:
        """(status, message) when the request must be refused, else None."""
        hosts = [value for name, value in scope["headers"] if name == b"host"]
        if len(hosts) > 1:
            return 400, "the request has more than one Host header"
        host = hosts[0].decode("latin-1") if hosts else ""
        if self.check_host and not self.host_allowed(host_name(host)):
            return 400, (f"invalid Host header {host[:60]!r}: this server answers only to loopback names "
                         "and those given with --allow-host")
        origins = [value for name, value in scope["headers"] if name == b"origin"]
        if origins:
            origin = origins[-1].decode("latin-1").rstrip("/").lower()
            if len(origins) > 1 or not self.origin_allowed(origin, f"{scope.get('scheme', 'http')}://{host}"):
                return 403, (f"cross-origin request from {origin[:60]!r} refused "
                             "(start the server with --allow-origin to allow it)")
        if scope["method"] == "POST" and not _is_json(scope["headers"]):
            return 415, "the request body must be JSON, sent with Content-Type: application/json"
        return None

    def host_allowed(self, name: str) -> bool:
        """Whether ``name`` (a Host header's name, without the port) is one this server answers to."""
        return is_loopback(name) or name in self.allow_hosts

    def origin_allowed(self, origin: str, own: str) -> bool:
        """Whether a request from ``origin`` may run: the server's own (``own``: scheme://host as
        requested), or an origin --allow-origin names. ``*`` does not cover ``null``: any page can send it
        (a sandboxed frame, a ``file:`` page), so it would let every site in."""
        if origin in self.allow_origins or origin == own.lower():
            return True
        return "*" in self.allow_origins and origin != "null"


def host_name(host: str) -> str:
    """The name part of a Host header value or ``--allow-host`` value: without the port or IPv6 brackets,
    lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_json(headers: list[tuple[bytes, bytes]]) -> bool:
    """Whether the request declares a JSON body (``application/json``, parameters such as charset allowed)."""
    types = [value for name, value in headers if name == b"content-type"]
    return len(types) == 1 and types[0].split(b";", 1)[0].strip().lower() == JSON_TYPE


class JsonErrors:
    """ASGI middleware: an error response that is not JSON (a framework's or another middleware's plain
    text, such as a CORS refusal) is re-sent as ``{"error": "<its text>"}`` with the same status."""

    def __init__(self, app: Callable):
        self.app = app

    async def __call__(self, scope: dict, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held: dict | None = None
        chunks: list[bytes] = []

        async def send_json_errors(message: dict) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                if message["status"] >= 400 and not _is_json(message.get("headers", [])):
                    held = message
                    return
            elif message["type"] == "http.response.body" and held is not None:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                text = b"".join(chunks).decode("utf-8", "replace").strip()[:200]
                body = error_body(text or f"HTTP {held['status']}")
                headers = [(name, value) for name, value in held.get("headers", [])
                           if name.lower() not in (b"content-type", b"content-length")]
                await send({**held, "headers": [*headers, (b"content-type", JSON_TYPE),
                                                (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, send_json_errors)
