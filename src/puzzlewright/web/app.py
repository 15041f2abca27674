"""The ASGI app: the page, a JSON API over the puzzles' ``api`` modules, and the limits that keep it up.

Every ``POST /api/<puzzle>/<verb>`` takes the same JSON request and returns the same JSON result as the
library verb (and the CLI's ``--json``). Errors come back as ``{"error": "one line"}``: 400 for a body that
is not JSON, 413 for a body over the cap, 422 for a request the puzzle rejects or one whose search does not
fit the time budget (a search that can give part of an answer gives it instead: 200 with ``complete:
false``), 202 with ``progress`` for a kept preparation that asking again continues, 503 with
``Retry-After`` only when the server is busy, 500 (without details) for a bug. The statuses are defined
once, in :func:`_guarded`. Requests can only name built-in dictionaries.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, nullcontext
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from puzzlewright import __version__
from puzzlewright.errors import BudgetExceeded, PuzzleInputError, PuzzlewrightError, WorkInProgress, shortened
from puzzlewright.jsontext import JsonTextError, loads_strict
from puzzlewright.lexicon import BUILTINS, builtin_lexicon, lookup_words
from puzzlewright.schema import json_pieces, json_schemas
from puzzlewright.budget import Budget
from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY
from puzzlewright.web.endpoints import ENDPOINTS, Endpoint, Verb, default_dictionaries
from puzzlewright.web.connections import ConnectionLimits
from puzzlewright.web.guard import JsonErrors, RequestGuard
from puzzlewright.web.limits import (BODY_KEY, MAX_BODY_BYTES, SEARCH_SECONDS, BodyLimit, SearchPool,
                                     ServerBusy, budget_message, tune_malloc)

log = logging.getLogger("puzzlewright.web")

STATIC = Path(__file__).parent / "static"
# The page loads nothing from elsewhere and runs no inline script.
PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
MAX_LOOKUP_WORDS = 100
MAX_RESPONSE_BYTES = 4 * 2**20
# Searches hold the GIL; a short switch interval hands it back to the event loop often, so /healthz and
# cheap requests answer in a few ms while a search runs (the default 5 ms made them wait 10-60 ms).
SWITCH_INTERVAL_S = 0.001
# Searches at once: one per core (more only fight over the GIL).
MAX_SEARCHES = max(2, os.cpu_count() or 2)
_loaded_dictionaries: set[str] = set()


class ApiError(Exception):
    """An error the client caused, with the HTTP status it maps to."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class ResultCache:
    """The encoded results of recent deterministic requests, by path and request body bytes, the least
    recently used dropped first. Both caps hold after every insert, never only after a later trim: at most
    ``entries`` results and ``total_bytes`` bytes of keys and results together (each key holds a request
    body, so results alone would understate the memory); a result over ``max_bytes`` is never kept."""

    def __init__(self, entries: int = 512, max_bytes: int = 256 * 1024, total_bytes: int = 32 * 2**20):
        self.entries = entries
        self.max_bytes = max_bytes
        self.total_bytes = total_bytes
        self.bytes = 0  # what the kept keys and results hold now (see _cost)
        self._items: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: tuple[str, bytes]) -> bytes | None:
        body = self._items.get(key)
        if body is not None:
            self._items.move_to_end(key)
        return body

    def put(self, key: tuple[str, bytes], body: bytes) -> None:
        """Keep ``body`` for ``key`` (replacing what was kept for it), first dropping the least recently used
        results until it fits both caps."""
        cost = _cost(key, body)
        if len(body) > self.max_bytes or cost > self.total_bytes or self.entries < 1:
            return
        self._drop(key)
        while self._items and (len(self._items) >= self.entries or self.bytes + cost > self.total_bytes):
            self._drop(next(iter(self._items)))
        self._items[key] = body
        self.bytes += cost

    def _drop(self, key: tuple[str, bytes]) -> None:
        """Forget ``key``'s result, if kept, and its bytes."""
        body = self._items.pop(key, None)
        if body is not None:
            self.bytes -= _cost(key, body)


def _cost(key: tuple[str, bytes], body: bytes) -> int:
    """The bytes a kept result holds: its path, its request body and its encoded result."""
    return len(key[0]) + len(key[1]) + len(body)


def create_app(*, allow_origins: Sequence[str] = (), loopback_only: bool = False, allow_hosts: Sequence[str] = (),
               search_seconds: float | None = None, max_body: int = MAX_BODY_BYTES,
               max_searches: int = MAX_SEARCHES,
               cache_entries: int = 512, warm_up: bool = False,
               endpoints: Iterable[Endpoint] = ENDPOINTS) -> FastAPI:
    """The web app.

    ``allow_origins``: origins allowed cross-origin access (none by default: a request with another site's
    ``Origin`` is refused; ``*`` allows any but ``null``). ``loopback_only``: accept in ``Host`` only
    loopback names and addresses and those of ``allow_hosts`` (the ``serve`` command always sets it, which
    stops DNS-rebinding pages from reaching the API; see :mod:`puzzlewright.web.guard`). ``allow_hosts``:
    further names the server answers to (giving any turns the check on). ``search_seconds``: each search's time
    budget (None: each verb's own, :attr:`Endpoint.seconds`, else ``SEARCH_SECONDS``). ``cache_entries``:
    how many results of deterministic requests to keep (0: none). ``warm_up``: load the dictionaries and run
    each verb's example once in the background at start.
    """
    if search_seconds is not None and not search_seconds > 0:  # NaN too: every search's Budget would refuse it
        raise PuzzleInputError(f"the search budget must be a positive number of seconds, not {search_seconds}")
    endpoints = tuple(endpoints)
    state = {"ready": not warm_up}
    puzzles = sorted({e.puzzle for e in endpoints})

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if warm_up:
            threading.Thread(target=_warm_up, args=(endpoints, state), name="warm-up", daemon=True).start()
        yield

    app = FastAPI(title="puzzlewright", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Solve and construct word puzzles. Each POST takes and returns the same JSON as "
                              "the library verb and the CLI's `--json`; errors are `{\"error\": \"...\"}`.")
    pool = SearchPool(max_searches=max_searches, seconds=search_seconds or SEARCH_SECONDS)
    cache = ResultCache(entries=cache_entries)
    _add_error_handlers(app)
    _add_page(app)

    @app.get("/healthz", tags=["server"], summary="Liveness: answers at once, even while searches run.")
    async def healthz() -> dict:
        return {"status": "ok", "ready": state["ready"], "version": __version__, "puzzles": puzzles}

    @app.get("/api/dicts", tags=["dictionary"],
             summary="The built-in dictionaries a request may name, and each puzzle's default one.")
    async def dictionaries() -> dict:
        return {"dictionaries": [{"name": b.name, "description": b.description} for b in BUILTINS.values()],
                "defaults": {"lookup": DEFAULT_DICTIONARY, **default_dictionaries(endpoints)}}

    @app.get("/api/grid/patterns", tags=["grid"],
             summary="The shipped 15x15 block patterns a grid request may name (`pattern`), with their rows.")
    async def grid_patterns() -> dict:
        from puzzlewright.grid.patterns import shipped_patterns

        return {"patterns": shipped_patterns()}

    @app.get("/api/dict/lookup", tags=["dictionary"],
             summary="Is each word in a built-in dictionary, and how common is it?")
    async def lookup(word: list[str] = Query(..., description="words to look up (repeat, or comma-separate)"),
                     dict: str = Query(DEFAULT_DICTIONARY, description="a built-in dictionary name")) -> Response:
        with pool.cheap():
            return await _guarded(lambda: _lookup(pool, word, dict))

    for endpoint in endpoints:
        seconds = search_seconds or endpoint.seconds or SEARCH_SECONDS
        app.add_api_route(endpoint.path, _verb_handler(endpoint, pool, cache, seconds), methods=["POST"],
                          tags=[endpoint.puzzle], summary=endpoint.summary, response_class=JSONResponse,
                          openapi_extra=_operation_doc(endpoint))
    _publish_models(app, endpoints)

    app.add_middleware(CachedResults, cache=cache, paths=frozenset(e.path for e in endpoints))
    if allow_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                           allow_headers=["content-type"])
    app.add_middleware(BodyLimit, max_bytes=max_body)
    app.add_middleware(RequestGuard, loopback_only=loopback_only, allow_hosts=allow_hosts,
                       allow_origins=allow_origins)
    app.add_middleware(JsonErrors)
    app.add_middleware(SecurityHeaders)
    return app


def _verb_handler(endpoint: Endpoint, pool: SearchPool, cache: ResultCache,
                  seconds: float) -> Callable[[Request], Awaitable[Response]]:
    """The route for one puzzle verb: parse, check, search off the event loop, keep the result if cacheable."""
    resolved: list[Verb] = []  # the verb, imported on first use

    async def handle(request: Request) -> Response:
        async def work() -> Response:
            raw = await request.body()
            payload = parse_request(raw)
            check_dictionaries(payload, endpoint.dictionary_keys)
            if not resolved:
                resolved.append(_resolve(endpoint))
            verb = resolved[0]
            budget = Budget(seconds=seconds)

            def search() -> tuple[Any, bytes]:
                budget.restart()  # the allowance counts from when a search thread takes the request
                result = verb(payload, budget=budget)
                return result, encode_result(result, budget)

            expensive = endpoint.expensive(payload)
            with nullcontext() if expensive else pool.cheap():
                result, body = await pool.run(search, budget, expensive=expensive, seconds=seconds)
            if endpoint.cacheable(payload) and result.is_whole():  # never a partial answer a busy moment cut short
                cache.put((endpoint.path, raw), body)  # CachedResults answers the next identical request
            return Response(body, media_type="application/json")

        return await _guarded(work, seconds)

    handle.__name__ = f"{endpoint.puzzle}_{endpoint.verb}"
    return handle


async def _guarded(work: Callable[[], Awaitable[Response]], seconds: float = SEARCH_SECONDS) -> Response:
    """Run a route's work, turning every failure into ``{"error": ...}`` with the right status: the one
    place each status is defined. A search over its budget is the request's cost, not a server failure
    (422); only a full server answers 503, with when to try again."""
    try:
        return await work()
    except ApiError as error:
        return _error(error.status, str(error))
    except WorkInProgress as error:  # kept and resumable: asking again continues it (the page does)
        return JSONResponse({"error": str(error), "progress": round(error.progress, 4)}, status_code=202,
                            headers={"Retry-After": "0"})
    except BudgetExceeded as error:
        return _error(422, budget_message(error, seconds))
    except ServerBusy as error:
        return _error(503, str(error), {"Retry-After": str(error.retry_after)})
    except PuzzlewrightError as error:
        return _error(422, str(error))
    except Exception:  # a bug: log it here, tell the client nothing about the insides
        log.exception("internal error")
        return _error(500, "internal error (the server log has the details)")


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": shortened(message)}, status_code=status, headers=headers)  # as the CLI says it


def parse_request(body: bytes) -> dict:
    """The request body as a JSON object, or an :class:`ApiError` saying what is wrong with it."""
    if not body.strip():
        raise ApiError(422, "the request body must be a JSON object")
    try:
        payload = loads_strict(body, "the request body")
    except JsonTextError as error:
        raise ApiError(400, str(error)) from None
    if not isinstance(payload, dict):
        raise ApiError(422, f"the request body must be a JSON object, not {type(payload).__name__}")
    return payload


def encode_result(result: Any, budget: Budget | None = None) -> bytes:
    """The verb's result as JSON bytes, encoded in the worker thread (a big result must not stall the loop)
    a piece at a time within the search's ``budget``, and given up as soon as it passes the response cap
    (not after encoding all 18 MB of it)."""
    pieces, size = [], 0
    for piece in json_pieces(result, budget):
        pieces.append(piece.encode())
        size += len(pieces[-1])
        if size > MAX_RESPONSE_BYTES:
            raise ApiError(422, f"the result is over the web app's {MAX_RESPONSE_BYTES // 2**20} MB limit: "
                                "ask for fewer results (limit, top, count)")
    return b"".join(pieces)


def check_dictionaries(payload: dict, keys: Iterable[str] = ("dict",)) -> None:
    """Refuse any dictionary that is not built in: the web API never opens a file a request names."""
    keys = set(keys)
    for key, value in payload.items():
        if key in keys or key.endswith("_dict"):
            if value is not None and (not isinstance(value, str) or value not in BUILTINS):
                from puzzlewright.suggest import unknown_name

                raise ApiError(422, f"{key}: " + unknown_name("dictionary", value, BUILTINS,
                                                             "the web app offers only the built-in ones"))


def _resolve(endpoint: Endpoint) -> Verb:
    """The endpoint's verb (imported on first use)."""
    return endpoint.function()


async def _lookup(pool: SearchPool, raw_words: list[str], dictionary: str) -> Response:
    """``GET /api/dict/lookup``: the same JSON as ``puzzlewright dict lookup --json``."""
    check_dictionaries({"dict": dictionary})
    words = [w for raw in raw_words for w in raw.split(",") if w.strip()]
    if not words:
        raise ApiError(422, "give at least one word to look up")
    if len(words) > MAX_LOOKUP_WORDS:
        raise ApiError(422, f"at most {MAX_LOOKUP_WORDS} words per lookup")
    lexicon = await _dictionary(pool, dictionary)
    return JSONResponse(lookup_words(lexicon, words, clip=40))


async def _dictionary(pool: SearchPool, name: str):
    """A built-in lexicon ready for lookups; its first use loads it (up to a second), off the event loop."""
    if name not in _loaded_dictionaries:
        await pool.run(lambda: _load_for_lookup(name))
    return builtin_lexicon(name)


def _load_for_lookup(name: str) -> None:
    """Load a built-in lexicon and build its word -> position index (the first lookup would, on the loop)."""
    builtin_lexicon(name).commonness("a")
    _loaded_dictionaries.add(name)


def _operation_doc(endpoint: Endpoint) -> dict:
    """The OpenAPI description of a verb: its request and result models (published in the components by
    :func:`_publish_models`) and the example request."""
    models = endpoint.models()
    if models is None:
        request_schema: dict = {"type": "object", "additionalProperties": True}
        result_schema: dict = {"type": "object"}
    else:
        request_schema, result_schema = ({"$ref": f"#/components/schemas/{_title(model)}"} for model in models)
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorMessage"}}}}
    return {"requestBody": {"required": True, "content": {"application/json": {
                "schema": request_schema, "example": endpoint.example}}},
            "responses": {"200": {"description": "The result.",
                                  "content": {"application/json": {"schema": result_schema}}},
                          "202": {"description": "A kept preparation ran out of time part-way: ask again to "
                                                 "continue it (`progress`: how far it got, 0-1).", **error},
                          "422": {"description": "A request the puzzle rejects, or whose search does not fit "
                                                 "the time budget (one line saying why).", **error},
                          "503": {"description": "Server busy: no search could start in time; the "
                                                 "`Retry-After` header says when to try again.", **error}}}


def _title(model: type) -> str:
    return str(model.__pydantic_config__["title"])  # type: ignore[attr-defined]


def _publish_models(app: FastAPI, endpoints: Sequence[Endpoint]) -> None:
    """Add every verb's request and result schemas to the app's OpenAPI components."""
    models = [model for endpoint in endpoints for model in endpoint.models() or ()]
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = generate()
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            schemas.update(json_schemas(models))
            schemas["ErrorMessage"] = {"type": "object", "required": ["error"], "additionalProperties": False,
                                       "properties": {"error": {"type": "string"},
                                                      "progress": {"type": "number", "minimum": 0, "maximum": 1,
                                                                   "description": "202 only: how far the kept "
                                                                                  "preparation got"}}}
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _add_error_handlers(app: FastAPI) -> None:
    """Framework errors (unknown route, bad query) in the same ``{"error": ...}`` shape as ours."""

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        return _error(error.status_code, str(error.detail))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ())[1:]) or 'request'}: {e.get('msg')}"
                             for e in error.errors())
        return _error(422, problems or "invalid request")


def _add_page(app: FastAPI) -> None:
    """The page, the API docs page (rendered from /openapi.json by our own script: no CDN, works offline)
    and their static files, all shipped in the package."""

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return _html("index.html")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> FileResponse:
        return _html("docs.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _html(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-cache"})


class CachedResults:
    """ASGI middleware: answer a repeated request to a puzzle verb from the result cache, before routing.

    A day's puzzle that everybody solves is then served at the speed of the HTTP layer. Only requests that
    passed validation and searched once are in the cache, keyed by their exact body bytes.
    """

    def __init__(self, app: Callable, cache: ResultCache, paths: frozenset[str]):
        self.app = app
        self.cache = cache
        self.paths = paths

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] in self.paths:
            body = self.cache.get((scope["path"], scope.get(BODY_KEY, b"")))
            if body is not None:
                await send({"type": "http.response.start", "status": 200, "headers": [
                    (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """ASGI middleware: headers every response carries (no MIME sniffing, no framing, no referrer)."""

    HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
               (b"referrer-policy", b"no-referrer")]

    def __init__(self, app: Callable):
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def check_address(host: str, port: int) -> None:
    """Raise a one-line PuzzleInputError when ``host:port`` cannot be listened on (unknown host, address of
    another machine, port in use) rather than leave it to uvicorn's log and exit status 3."""
    try:
        family, kind, _, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except (OSError, UnicodeError) as error:
        raise PuzzleInputError(f"cannot listen on {host}:{port}: {getattr(error, 'strerror', None) or error}") from None


def server_options(limits: ConnectionLimits = ConnectionLimits(), **options: Any) -> dict[str, Any]:
    """``uvicorn.run``'s keyword arguments for the web app: quiet, no Server header, ``limits`` applied
    (see :mod:`puzzlewright.web.connections`); ``options`` override any of them."""
    return {"server_header": False, "log_level": "warning", **limits.uvicorn_options(), **options}


def run_server(app: FastAPI, host: str = "127.0.0.1", port: int = 8000,
               limits: ConnectionLimits = ConnectionLimits(), **options: Any) -> None:
    """Serve ``app`` with uvicorn until interrupted (``options`` go to ``uvicorn.run``)."""
    import uvicorn

    check_address(host, port)
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    tune_malloc()
    uvicorn.run(app, host=host, port=port, **server_options(limits, **options))


def _warm_up(endpoints: Sequence[Endpoint], state: dict[str, Any]) -> None:
    """Load the default dictionaries and run each verb's example once, so first requests are fast."""
    try:
        for name in dict.fromkeys([DEFAULT_DICTIONARY, *default_dictionaries(endpoints).values()]):
            _load_for_lookup(name)
        for endpoint in endpoints:
            try:
                endpoint.function()(dict(endpoint.example), budget=Budget(seconds=30))
            except Exception as error:  # a warm-up failure must not stop the server
                log.warning("warm-up of %s failed: %s", endpoint.path, error)
    finally:
        state["ready"] = True
