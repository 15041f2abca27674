"""The web app's server side through the ASGI test client: routing, limits, errors, and security.

Puzzle endpoints are exercised in tests/test_web_puzzles.py; here fake verbs stand in for them, so each
limit (body cap, time budget, concurrency, error mapping) is tested on its own.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
import types
from dataclasses import dataclass

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx2")
from fastapi.testclient import TestClient  # noqa: E402

from puzzlewright.errors import PuzzleInputError, WorkInProgress  # noqa: E402
from puzzlewright.letterboxed.schema import SolveRequest  # noqa: E402
from puzzlewright.schema import Result  # noqa: E402
from puzzlewright.web import create_app  # noqa: E402
from puzzlewright.web import limits  # noqa: E402
from puzzlewright.web.endpoints import ENDPOINTS, Endpoint  # noqa: E402

FAKE = "puzzlewright_web_fake_api"
SECRET = "secret-internal-detail-123"
release = threading.Event()
blocked_started = threading.Event()


def _fake_module() -> types.ModuleType:
    module = types.ModuleType(FAKE)

    def echo(request, *, lexicon=None, budget=None):
        return {"request": request, "budget_s": budget.seconds}

    def bad(request, *, lexicon=None, budget=None):
        raise PuzzleInputError("the sides must be letters")

    def crash(request, *, lexicon=None, budget=None):
        raise RuntimeError(SECRET)

    def exhaust(request, *, lexicon=None, budget=None):
        while True:
            budget.check(1024)

    def stubborn(request, *, lexicon=None, budget=None):  # ignores its budget
        time.sleep(1.0)
        return {"late": True}

    def blocked(request, *, lexicon=None, budget=None):  # waits until the test releases it
        blocked_started.set()
        release.wait(10)
        return {"released": release.is_set()}

    calls = {"count": 0}

    @dataclass
    class Counted(Result):
        calls: int
        complete: bool

    def counted(request, *, lexicon=None, budget=None):
        calls["count"] += 1
        return Counted(calls=calls["count"], complete=not request.get("cut_short", False))

    def huge(request, *, lexicon=None, budget=None):
        return {"solutions": ["x" * 1000] * 5000}

    def preparing(request, *, lexicon=None, budget=None):  # a kept preparation that the budget cut short
        raise WorkInProgress("listing the squares: run again to continue", 0.41666)

    for verb in (echo, bad, crash, exhaust, stubborn, blocked, counted, huge, preparing):
        setattr(module, verb.__name__, verb)
    return module


FAKE_ENDPOINTS = tuple(Endpoint("fake", verb, f"fake {verb}", module=FAKE, deterministic=(verb == "counted"))
                       for verb in ("echo", "bad", "crash", "exhaust", "stubborn", "blocked", "counted", "huge",
                                    "preparing"))


@pytest.fixture(autouse=True)
def fake_api(monkeypatch):
    monkeypatch.setitem(sys.modules, FAKE, _fake_module())
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *a, _real=__import__("importlib.util").util.find_spec:
                        types.SimpleNamespace() if name == FAKE else _real(name, *a))


def fake_client(**options) -> TestClient:
    return TestClient(create_app(endpoints=FAKE_ENDPOINTS + ENDPOINTS, **options))


@pytest.fixture
def client() -> TestClient:
    return fake_client(search_seconds=0.3)


def test_a_verb_may_have_its_own_budget_unless_the_server_is_given_one():
    """Grid fills get GRID_FILL_SECONDS on a server started without --budget, other verbs SEARCH_SECONDS; a
    budget given to the server applies to every search."""
    slow = Endpoint("fake", "echo", "fake echo, its own budget", module=FAKE, deterministic=False, seconds=7.5)
    plain = Endpoint("fake", "echo", "fake echo", module=FAKE, deterministic=False)
    assert [e.seconds for e in ENDPOINTS if e.puzzle == "grid" and e.verb in ("fill", "reroll")] == [20.0, 20.0]
    for endpoints, options, expected in [((slow,), {}, 7.5), ((plain,), {}, limits.SEARCH_SECONDS),
                                         ((slow,), {"search_seconds": 0.3}, 0.3)]:
        client = TestClient(create_app(endpoints=endpoints, **options))
        assert client.post("/api/fake/echo", json={}).json()["budget_s"] == expected


def assert_error(response, status: int, *needles: str) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert "\n" not in message and "Traceback" not in response.text
    for needle in needles:
        assert needle in message
    return message


def test_verb_gets_request_and_budget(client):
    response = client.post("/api/fake/echo", json={"sides": ["abc"], "dict": "english"})
    assert response.status_code == 200
    assert response.json() == {"request": {"sides": ["abc"], "dict": "english"}, "budget_s": 0.3}
    assert response.headers["content-type"] == "application/json"


@pytest.mark.parametrize("body, status, needle", [
    (b"", 422, "JSON object"),
    (b"   ", 422, "JSON object"),
    (b"[1, 2]", 422, "not list"),
    (b"\"sides\"", 422, "not str"),
    (b"{\"sides\": ", 400, "not valid JSON"),
    (b"{\"a\": \"\xc3\x28\"}", 400, "UTF-8"),
    (b"[" * 100_00 + b"]" * 100_00, 400, ""),
    (b'{"size": NaN}', 400, "NaN is not a JSON number"),
    (b'{"size": -Infinity}', 400, "-Infinity"),
])
def test_bad_bodies(client, body, status, needle):
    assert_error(client.post("/api/fake/echo", content=body, headers={"content-type": "application/json"}),
                 status, needle)


def test_puzzle_input_error_is_422_with_its_message(client):
    assert assert_error(client.post("/api/fake/bad", json={}), 422) == "the sides must be letters"


def test_bug_is_500_without_details(client):
    response = client.post("/api/fake/crash", json={})
    assert_error(response, 500, "internal error")
    assert SECRET not in response.text and "RuntimeError" not in response.text


def test_oversized_result_is_refused_with_advice(client):
    assert_error(client.post("/api/fake/huge", json={}), 422, "MB limit", "fewer results")


def test_budget_exhausted_is_422_with_message(client):
    """A search too large for the budget is the request's cost, not a server failure: 4xx, never 5xx."""
    response = client.post("/api/fake/exhaust", json={})
    assert_error(response, 422, "did not finish in the 0.3 s", "try a smaller puzzle")
    assert "retry-after" not in response.headers
    assert "nodes" not in response.json()["error"]


def test_work_in_progress_is_202_with_progress_and_ask_again_at_once(client):
    """Not an answer yet and not a failure: asking again continues the kept work (the page does)."""
    response = client.post("/api/fake/preparing", json={})
    assert response.status_code == 202 and response.headers["retry-after"] == "0"
    assert response.json() == {"error": "listing the squares: run again to continue", "progress": 0.4167}


def test_search_ignoring_budget_is_422_like_any_search_over_budget(client, monkeypatch):
    monkeypatch.setattr(limits, "GRACE_SECONDS", 0.1)
    assert_error(client.post("/api/fake/stubborn", json={}), 422, "did not finish in the 0.3 s", "try a smaller puzzle")


@pytest.mark.parametrize("size, status", [(limits.MAX_BODY_BYTES - 200, 200), (limits.MAX_BODY_BYTES + 1, 413)])
def test_body_cap(client, size, status):
    body = b'{"words": "' + b"a" * (size - 13) + b'"}'
    response = client.post("/api/fake/echo", content=body, headers={"content-type": "application/json"})
    assert response.status_code == status
    if status == 413:
        assert "too large" in response.json()["error"]


def test_body_cap_without_content_length(client):
    def chunks():
        for _ in range(80):
            yield b"x" * 1024

    response = client.post("/api/fake/echo", content=chunks(), headers={"content-type": "application/json"})
    assert_error(response, 413, "64 KB")


def test_lying_content_length_is_refused(client):
    response = client.post("/api/fake/echo", content=b"{}", headers={"content-length": "abc", "content-type": "application/json"})
    assert response.status_code in (400, 413)


@pytest.mark.parametrize("spec", ["../../etc/passwd", "/etc/passwd", "english.npz", "~/words.txt", "C:\\x.txt", 5,
                                  ["english"]])
def test_dictionary_must_be_built_in(client, spec):
    for key in ("dict", "answers_dict"):
        assert_error(client.post("/api/fake/echo", json={key: spec}), 422, "unknown dictionary", "built-in")


@pytest.mark.parametrize("spec", ["../../etc/passwd", "/etc/passwd"])
def test_lookup_refuses_paths(client, spec):
    assert_error(client.get("/api/dict/lookup", params={"word": "cat", "dict": spec}), 422, "unknown dictionary")


@pytest.mark.parametrize("path", ["/static/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
                                  "/static/..%2f..%2fetc%2fpasswd", "/etc/passwd", "/static//etc/passwd",
                                  "/../../etc/passwd", "/static/%2fetc%2fpasswd"])
def test_no_file_outside_the_page_is_served(client, path):
    response = client.get(path)
    assert 400 <= response.status_code < 500
    assert "root:" not in response.text


def test_lookup_same_shape_as_cli(client, cli):
    response = client.get("/api/dict/lookup", params={"word": ["cat", "zzqx,Umami"], "dict": "english"})
    assert response.status_code == 200
    expected = cli("dict", "lookup", "cat", "zzqx", "Umami", "--json").json()
    assert response.json() == expected


def test_lookup_knows_crossword_phrases_as_the_cli_does(client, cli):
    """``on the dot`` is a crossword phrase: the endpoint, the CLI and the library say so alike."""
    response = client.get("/api/dict/lookup", params={"word": ["on the dot", "cat"], "dict": "english"})
    assert response.status_code == 200
    assert response.json() == cli("dict", "lookup", "on the dot", "cat", "--json").json()
    assert response.json()["words"][0]["phrase"]["grid"] == "ONTHEDOT"


@pytest.mark.parametrize("params, needle", [
    ({}, "word"),
    ({"word": ""}, "at least one word"),
    ({"word": ",".join(["a"] * 101)}, "at most 100"),
    ({"word": "cat", "dict": "klingon"}, "unknown dictionary"),
])
def test_lookup_bad_input(client, params, needle):
    assert_error(client.get("/api/dict/lookup", params=params), 422, needle)


def test_healthz_and_dicts(client):
    health = client.get("/healthz").json()
    assert health["status"] == "ok" and health["ready"] is True
    names = [d["name"] for d in client.get("/api/dicts").json()["dictionaries"]]
    assert names[:4] == ["english", "english-common", "english-letterboxed", "english-large"]
    assert "wordle-guesses" in names


def test_unknown_route_and_method(client):
    assert_error(client.get("/api/nope"), 404, "Not Found")
    assert_error(client.get("/api/fake/echo"), 405, "Not Allowed")


def test_openapi_lists_every_endpoint(client):
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/static/docs.js" in docs.text
    assert "//" not in docs.text.replace("http-equiv", "")  # nothing loaded from another site: works offline
    paths = client.get("/openapi.json").json()["paths"]
    for path in ["/api/acrostic/solve", "/api/acrostic/generate", "/api/letterboxed/solve",
                 "/api/letterboxed/generate", "/api/jumble/solve", "/api/wordle/doodle", "/api/wordle/assist",
                 "/api/grid/fill", "/api/grid/reroll", "/api/grid/candidates", "/api/grid/export",
                 "/api/grid/patterns", "/api/dict/lookup", "/healthz"]:
        assert path in paths
    example = paths["/api/letterboxed/solve"]["post"]["requestBody"]["content"]["application/json"]["example"]
    assert example == SolveRequest.__pydantic_config__["json_schema_extra"]["examples"][0]  # the model's own
    assert example["sides"] == "RME-WCL-TGK-API"


def test_page_and_its_policy(client):
    response = client.get("/")
    assert response.status_code == 200 and "<title>puzzlewright</title>" in response.text
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    for name in ("app.js", "common.js", "wordle.js", "letterboxed.js", "acrostic.js", "jumble.js", "style.css",
                 "docs.js"):
        assert client.get(f"/static/{name}").status_code == 200


def test_page_weight_under_200_kb(client):
    from puzzlewright.web.app import STATIC

    assert sum(p.stat().st_size for p in STATIC.iterdir()) < 200 * 1024


def test_no_cross_origin_access_by_default(client):
    headers = {"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"}
    preflight = client.options("/api/fake/echo", headers=headers)
    assert "access-control-allow-origin" not in preflight.headers
    response = client.post("/api/fake/echo", json={}, headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in response.headers


def test_cross_origin_when_allowed():
    client = fake_client(allow_origins=["http://localhost:3000"])
    response = client.post("/api/fake/echo", json={}, headers={"Origin": "http://localhost:3000"})
    assert response.headers["access-control-allow-origin"] == "http://localhost:3000"
    other = client.post("/api/fake/echo", json={}, headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in other.headers


def test_trusted_hosts_refuse_rebinding():
    client = TestClient(create_app(loopback_only=True), base_url="http://localhost")
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz", headers={"host": "attacker.example"}).status_code == 400


def test_deterministic_results_are_cached(client):
    first = client.post("/api/fake/counted", json={"a": 1}).json()
    again = client.post("/api/fake/counted", json={"a": 1})
    assert again.json() == first and again.headers["x-content-type-options"] == "nosniff"
    assert client.post("/api/fake/counted", json={"a": 2}).json() != first


def test_results_cut_short_by_the_budget_are_not_cached(client):
    first = client.post("/api/fake/counted", json={"cut_short": True}).json()
    assert first["complete"] is False
    assert client.post("/api/fake/counted", json={"cut_short": True}).json()["calls"] == first["calls"] + 1


def test_searches_run_off_the_event_loop():
    """While a search is blocked in its thread, /healthz still answers (it would hang if the loop were blocked)."""
    app = create_app(endpoints=FAKE_ENDPOINTS, search_seconds=5)
    release.clear()
    blocked_started.clear()

    async def scenario() -> list[str]:
        order = []
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            async def slow():
                response = await client.post("/api/fake/blocked", json={})
                order.append(f"search {response.json()}")

            search = asyncio.create_task(slow())
            await asyncio.to_thread(blocked_started.wait, 10)
            health = await client.get("/healthz")
            order.append(f"healthz {health.status_code}")
            release.set()
            await search
        return order

    assert asyncio.run(scenario()) == ["healthz 200", "search {'released': True}"]


def test_busy_server_says_so(monkeypatch):
    """With every search slot taken, a new search gets 503 'server busy' instead of queueing forever."""
    monkeypatch.setattr(limits, "GRACE_SECONDS", 0.0)
    app = create_app(endpoints=FAKE_ENDPOINTS, search_seconds=0.2, max_searches=1)
    release.clear()
    blocked_started.clear()

    async def scenario():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            first = asyncio.create_task(client.post("/api/fake/blocked", json={}))
            await asyncio.to_thread(blocked_started.wait, 10)
            second = await client.post("/api/fake/echo", json={})
            release.set()
            await first
            return second

    response = asyncio.run(scenario())
    assert_error(response, 503, "busy")
    assert int(response.headers["retry-after"]) >= 1  # every 503 says when to try again


def test_serve_command_help(cli):
    result = cli("serve", "--help")
    assert result.exit_code == 0
    for option in ("--host", "--port", "--allow-host", "--allow-origin", "127.0.0.1"):
        assert option in result.stdout


def test_serve_rejects_bad_port(cli):
    result = cli("serve", "--port", "70000")
    assert result.exit_code == 2 and result.stderr.startswith("error:")


def test_serve_rejects_an_address_it_cannot_listen_on_and_a_nan_budget(cli):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        for args, message in [(("--port", port), f"cannot listen on 127.0.0.1:{port}: Address already in use"),
                              (("--host", "host.invalid"), "cannot listen on host.invalid:8000"),
                              (("--budget", "nan"), "the search budget must be a positive number of seconds")]:
            result = cli("serve", "--no-warm-up", *args)  # were uvicorn's log and exit 3, and a server whose
            assert result.exit_code == 2, args          # every search failed
            assert result.stderr.startswith(f"error: {message}") and result.stderr.count("\n") == 1


def serve_app(cli, monkeypatch, *args: str):
    """The app ``serve *args`` would run, and the command's result (nothing binds or listens)."""
    from puzzlewright.web import app as web_app

    served = {}
    monkeypatch.setattr(web_app, "check_address", lambda host, port: None)
    monkeypatch.setattr(web_app, "run_server", lambda app, **options: served.update(app=app, **options))
    result = cli("serve", "--no-warm-up", *args)
    return served.get("app"), result


def test_serve_checks_host_on_every_interface(cli, monkeypatch):
    """issue #28: with --host 0.0.0.0 a DNS-rebinding request (Host and Origin the attacker's) got 200."""
    app, result = serve_app(cli, monkeypatch, "--host", "0.0.0.0", "--port", "8123", "--allow-host", "pi.local")
    assert result.exit_code == 0 and "Host names answered besides loopback: pi.local" in result.stderr
    client = TestClient(app, base_url="http://127.0.0.1:8123")
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz", headers={"host": "pi.local:8123"}).status_code == 200
    rebinding = client.get("/healthz", headers={"host": "evil.example:8123", "origin": "http://evil.example:8123"})
    assert rebinding.status_code == 400 and "--allow-host" in rebinding.json()["error"]
    _, result = serve_app(cli, monkeypatch, "--host", "0.0.0.0")
    assert "none: name this machine with --allow-host" in result.stderr


def test_serve_answers_to_its_bound_address(cli, monkeypatch):
    app, _ = serve_app(cli, monkeypatch, "--host", "192.168.1.5")
    client = TestClient(app, base_url="http://192.168.1.5:8000")
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz", headers={"host": "evil.example"}).status_code == 400


def test_serve_refuses_an_allow_host_that_is_not_a_host(cli, monkeypatch):
    app, result = serve_app(cli, monkeypatch, "--allow-host", "http://pi.local")
    assert app is None and result.exit_code == 2
    assert result.stderr.startswith("error: --allow-host takes a host name or address")
    assert result.stderr.count("\n") == 1


def test_serve_command_runs_a_private_server():
    """`puzzlewright serve` really listens on loopback, serves the page and refuses foreign Host names."""
    import http.client
    import socket
    import subprocess

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "puzzlewright.cli.main", "serve", "--port", str(port),
                               "--no-warm-up"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def get(path: str, host: str = f"127.0.0.1:{port}") -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", path, headers={"Host": host})
        response = connection.getresponse()
        return response.status, response.read()

    try:
        for _ in range(200):
            try:
                status, body = get("/healthz")
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("the server did not start")
        assert status == 200 and b'"ok"' in body
        assert get("/")[0] == 200
        assert get("/healthz", host="attacker.example")[0] == 400
        for path in ("/static/../../etc/passwd", "/static/..%2f..%2fetc%2fpasswd", "/../../../etc/passwd"):
            status, body = get(path)  # sent as is: http.client does not tidy dot segments away
            assert 400 <= status < 500 and b"root:" not in body
    finally:
        server.terminate()
        _, stderr = server.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/".encode() in stderr
