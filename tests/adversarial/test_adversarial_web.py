"""Adversarial requests to the web app (issue #16): each reproduction of the sweep, replayed.

Bodies that break Python's JSON reader, cross-site requests, forged Host headers, and framework errors:
every answer is a 4xx with a one-line ``{"error": ...}`` body, never a 500 or plain text.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx2")
from fastapi.testclient import TestClient  # noqa: E402

from puzzlewright.errors import BudgetExceeded  # noqa: E402
from puzzlewright.budget import Budget  # noqa: E402
from puzzlewright.web import create_app  # noqa: E402
from puzzlewright.web.endpoints import ENDPOINTS  # noqa: E402
from puzzlewright.web.guard import allowed_host, is_loopback, served_hosts  # noqa: E402
from puzzlewright.web.limits import SearchPool  # noqa: E402

POST_PATHS = [endpoint.path for endpoint in ENDPOINTS]
HUGE_INT = "9" * 5000


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(search_seconds=2, loopback_only=True), base_url="http://127.0.0.1:8000")


def error_of(response, status: int) -> str:
    """The one-line error message of a JSON error response with ``status``."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    message = response.json()["error"]
    assert isinstance(message, str) and message and "\n" not in message and "Traceback" not in message
    return message


def post_raw(client: TestClient, path: str, body: bytes | str, **headers: str):
    return client.post(path, content=body, headers={"content-type": "application/json", **headers})


@pytest.mark.parametrize("path", POST_PATHS)
def test_an_integer_of_5000_digits_is_a_400_on_every_route(client, path):
    assert "4,300" in error_of(post_raw(client, path, f'{{"count": {HUGE_INT}}}'), 400)


def test_a_lone_surrogate_in_an_echoed_field_is_a_400(client):
    body = '{"pool":"SHACE","answer_pattern":"-----","date":"\\ud800"}'
    assert "surrogate" in error_of(post_raw(client, "/api/jumble/solve", body), 400)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                          "application/jsonx", None])
def test_post_bodies_must_be_declared_json(client, content_type):
    headers = {} if content_type is None else {"content-type": content_type}
    response = client.post("/api/jumble/solve", content=b'{"pool": "SHACE", "answer_pattern": "-----"}',
                           headers=headers)
    assert "application/json" in error_of(response, 415)


def test_json_with_a_charset_is_accepted(client):
    response = post_raw(client, "/api/jumble/solve", '{"pool": "SHACE", "answer_pattern": "-----"}',
                        **{"content-type": "application/json; charset=utf-8"})
    assert response.status_code == 200 and response.json()["answers"]


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999", "https://127.0.0.1:8000"])
def test_a_foreign_origin_is_refused(client, origin):
    request = {"pool": "SHACE", "answer_pattern": "-----"}
    assert "--allow-origin" in error_of(client.post("/api/jumble/solve", json=request, headers={"origin": origin}), 403)
    preflight = client.options("/api/jumble/solve", headers={"origin": origin, "access-control-request-method": "POST"})
    error_of(preflight, 403)


def test_the_servers_own_origin_and_allowed_origins_pass():
    client = TestClient(create_app(allow_origins=["http://localhost:3000"]), base_url="http://127.0.0.1:8000")
    request = {"pool": "SHACE", "answer_pattern": "-----"}
    assert client.post("/api/jumble/solve", json=request, headers={"origin": "http://127.0.0.1:8000"}).status_code == 200
    allowed = client.post("/api/jumble/solve", json=request, headers={"origin": "http://localhost:3000"})
    assert allowed.status_code == 200 and allowed.headers["access-control-allow-origin"] == "http://localhost:3000"
    refused_method = client.options("/api/jumble/solve", headers={"origin": "http://localhost:3000",
                                                                  "access-control-request-method": "DELETE"})
    assert error_of(refused_method, 400)  # starlette's plain-text CORS refusal, re-sent as JSON


def test_duplicate_host_headers_are_a_400(client):
    response = client.get("/healthz", headers=[("host", "127.0.0.1:8000"), ("host", "evil.example")])
    assert "Host" in error_of(response, 400)


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "127.0.0.2:8000", "127.1.2.3", "localhost:8000", "[::1]:8000",
                                  "LOCALHOST"])
def test_every_loopback_host_is_accepted(client, host):
    assert client.get("/healthz", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "10.0.0.1",
                                  "[::2]", ""])
def test_a_rebinding_host_is_refused_with_json(client, host):
    assert "Host" in error_of(client.get("/healthz", headers={"host": host}), 400)


def test_allowed_hosts_are_answered_and_rebinding_names_still_refused():
    """issue #28: a server bound to 0.0.0.0 answered any Host; it now answers loopback names and the names
    --allow-host gives, and a rebinding request (Host and Origin both the attacker's) is refused."""
    hosts = served_hosts("0.0.0.0", ["Pi.Local", "192.168.1.5"])
    client = TestClient(create_app(loopback_only=True, allow_hosts=hosts), base_url="http://127.0.0.1:8000")
    for host in ("pi.local", "PI.LOCAL:8000", "192.168.1.5:8000", "127.0.0.1:8000", "localhost"):
        assert client.get("/healthz", headers={"host": host}).status_code == 200, host
    rebinding = client.get("/healthz", headers={"host": "evil.example:8000", "origin": "http://evil.example:8000"})
    assert "--allow-host" in error_of(rebinding, 400)
    for host in ("0.0.0.0:8000", "192.168.1.6", "pi.local.evil.example"):
        error_of(client.get("/healthz", headers={"host": host}), 400)


def test_allow_hosts_alone_turn_the_host_check_on():
    client = TestClient(create_app(allow_hosts=["pi.local"]), base_url="http://pi.local:8000")
    assert client.get("/healthz").status_code == 200
    error_of(client.get("/healthz", headers={"host": "evil.example"}), 400)


@pytest.mark.parametrize("bound, allowed, expected", [
    ("0.0.0.0", (), ()), ("::", (), ()), ("127.0.0.1", (), ()), ("localhost", ("pi.local",), ("pi.local",)),
    ("192.168.1.5", (), ("192.168.1.5",)),
    ("0.0.0.0", ("Pi.Local:8000", "[fe80::1]", "pi.local"), ("pi.local", "fe80::1")),
])
def test_served_hosts(bound, allowed, expected):
    assert served_hosts(bound, allowed) == expected


@pytest.mark.parametrize("value", ["", "*", "http://pi.local", "pi.local/x", "a:b:c", "user@pi.local"])
def test_allow_host_refuses_what_is_not_a_host(value):
    with pytest.raises(ValueError, match="--allow-host takes a host name or address"):
        allowed_host(value)


@pytest.mark.parametrize("allow, null_allowed", [(["*"], False), (["http://localhost:3000"], False), (["null"], True),
                                                 (["*", "null"], True)])
def test_a_null_origin_passes_only_when_named(allow, null_allowed):
    """issue #28: ``--allow-origin '*'`` let ``Origin: null`` (any sandboxed frame or file: page) in."""
    client = TestClient(create_app(allow_origins=allow, loopback_only=True), base_url="http://127.0.0.1:8000")
    request = {"pool": "SHACE", "answer_pattern": "-----"}
    response = client.post("/api/jumble/solve", json=request, headers={"origin": "null"})
    if null_allowed:
        assert response.status_code == 200
    else:
        assert "'null'" in error_of(response, 403)
    if "*" in allow:
        assert client.post("/api/jumble/solve", json=request,
                           headers={"origin": "https://other.example"}).status_code == 200


def test_serve_treats_every_loopback_address_as_private():
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost", "127.255.0.9"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "192.168.1.2", "example.com", "::", "localhost.evil"))


@pytest.mark.parametrize("method, path, status", [("GET", "/no/such/page", 404), ("PUT", "/api/jumble/solve", 405),
                                                  ("GET", "/api/dict/lookup", 422)])
def test_framework_errors_are_json(client, method, path, status):
    error_of(client.request(method, path), status)


def test_the_budget_runs_out_by_time_when_each_step_is_slow():
    """A generator's attempt can take 40 ms: the clock is read by time, not every 1,024 steps."""
    budget, started = Budget(seconds=0.2), time.monotonic()
    steps = 0
    while budget.spend():
        time.sleep(0.02)
        steps += 1
    assert time.monotonic() - started < 0.3 and steps <= 12


def test_the_server_cancels_a_search_when_it_answers():
    """The pool gives up on a search (busy server, time out): its budget is cancelled, so the search stops at
    its next check instead of working on for nobody."""
    pool = SearchPool(max_searches=1, seconds=0.2)
    budget = Budget(seconds=60)
    stopped = threading.Event()

    def search() -> None:
        while budget.spend():
            time.sleep(0.005)
        stopped.set()

    async def ask() -> None:
        with pytest.raises(BudgetExceeded, match="longer than its 0.2 s budget"):  # a 422 on the web
            await pool.run(search, budget)

    asyncio.run(ask())
    assert stopped.wait(1.0) and budget.cancelled
    assert "cancelled" in budget.describe()


@pytest.mark.parametrize("path, body", [
    ("/api/letterboxed/solve", {"sides": "RME-WCL-TGK-API", "max_word": 5}),
    ("/api/wordle/doodle", {"answer": "crane", "rows": ["BBBBB"], "random_sed": 1}),
    ("/api/acrostic/solve", {"seed": "eras", "pool": "ceeiklmorstw", "dictionary": "acrostic-4"}),
])
def test_a_typoed_field_is_a_422_naming_it(client, path, body):
    """A misspelt option was silently ignored (the default used instead): now it is refused by name."""
    typo = next(name for name in body if name not in {"sides", "answer", "rows", "seed", "pool"})
    assert f"'{typo}'" in error_of(client.post(path, json=body), 422)
