"""A hypothesis fuzz of every endpoint (issue #16): whatever the body, headers or query, the server answers
with no 500 and, for every error, a JSON body ``{"error": "one line"}``."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("fastapi")
pytest.importorskip("httpx2")
from fastapi.testclient import TestClient  # noqa: E402

from puzzlewright.web import create_app  # noqa: E402
from puzzlewright.web.endpoints import ENDPOINTS  # noqa: E402

CLIENT = TestClient(create_app(search_seconds=0.3, loopback_only=True), base_url="http://127.0.0.1:8000")
POST_PATHS = [endpoint.path for endpoint in ENDPOINTS]
KEYS = sorted({key for endpoint in ENDPOINTS for key in endpoint.example} | {"dict", "words", "exclude_words",
                                                                             "min_commonness", "time_limit"})

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False),
                    st.text(max_size=30), st.sampled_from(["english", "BBBBB", "crane", "RME", "-----", "eras"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                                          inner, max_size=3),
                      max_leaves=8)
requests = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=10), values, max_size=5)
raw_bodies = st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode),
                       st.integers(4000, 6000).map(lambda n: b'{"count": ' + b"7" * n + b"}"),
                       st.sampled_from([b'{"a": "\\ud800"}', b'{"a": NaN}', b"[" * 5000, b'{"a": 1e400}']))
headers = st.fixed_dictionaries({}, optional={
    "content-type": st.sampled_from(["application/json", "text/plain", "application/json; charset=utf-8", ""]),
    "origin": st.sampled_from(["http://127.0.0.1:8000", "null", "http://evil.example"]),
    "host": st.sampled_from(["127.0.0.1:8000", "localhost", "evil.example", "127.0.0.2"])})


def assert_sound(response) -> None:
    """No 5xx but a *server busy* 503 that says when to try again, and every error a one-line JSON message."""
    assert response.status_code < 500 or response.status_code == 503, response.text
    if response.status_code == 503:
        assert "server busy" in response.json()["error"] and "retry-after" in response.headers, response.text
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/json"), response.text
        message = response.json()["error"]
        assert isinstance(message, str) and "\n" not in message


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(path=st.sampled_from(POST_PATHS), request=requests)
def test_any_json_request_to_any_verb(path, request):
    assert_sound(CLIENT.post(path, content=json.dumps(request), headers={"content-type": "application/json"}))


@FUZZ
@given(path=st.sampled_from(POST_PATHS), body=raw_bodies, extra=headers)
def test_any_bytes_and_headers_to_any_verb(path, body, extra):
    assert_sound(CLIENT.post(path, content=body, headers=extra))


@FUZZ
@given(path=st.sampled_from(["/healthz", "/api/dicts", "/api/dict/lookup", "/", "/docs", "/static/app.js",
                             "/nowhere", "/static/../x"]),
       query=st.lists(st.tuples(st.sampled_from(["word", "dict", "x"]), st.text(max_size=20)), max_size=3),
       method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "OPTIONS"]), extra=headers)
def test_any_query_and_method_to_any_route(path, query, method, extra):
    assert_sound(CLIENT.request(method, path, params=query, headers=extra))
