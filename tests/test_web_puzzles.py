"""Every puzzle endpoint through the ASGI test client: the same JSON as the library verb, checked against
the puzzle's rules, and each invalid input answered with a 4xx and one clear line (never a stack trace).

Each puzzle's cases skip until that puzzle's api module exists.
"""

from __future__ import annotations

import importlib
import importlib.util
import json

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx2")
from fastapi.testclient import TestClient  # noqa: E402

from puzzlewright.web import create_app  # noqa: E402

PATHS = ("../../etc/passwd", "/etc/passwd")


def needs(puzzle: str):
    return pytest.mark.skipif(importlib.util.find_spec(f"puzzlewright.{puzzle}.api") is None,
                              reason=f"puzzlewright.{puzzle}.api is not there yet")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(search_seconds=10))


def post(client: TestClient, path: str, request: dict) -> dict:
    response = client.post(path, json=request)
    assert response.status_code == 200, response.text
    return response.json()


def library(puzzle: str, verb: str, request: dict) -> dict:
    """What the library verb itself returns for the request (JSON round trip, as the CLI prints it)."""
    function = getattr(importlib.import_module(f"puzzlewright.{puzzle}.api"), verb)
    return json.loads(json.dumps(function(dict(request))))


def assert_refused(client: TestClient, path: str, request, needle: str, status: int = 422) -> None:
    response = client.post(path, json=request)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert needle.lower() in message.lower()
    assert "\n" not in message and "Traceback" not in response.text and "File \"" not in response.text


# -- Wordle ------------------------------------------------------------------------------------------

@needs("wordle")
def test_doodle_matches_library_and_rescores(client):
    from puzzlewright.wordle.feedback import feedback

    request = {"answer": "crane", "patterns": ["BGBGB", "GGGGG", "YYBBB", "GGGGY"], "random_seed": 7}
    result = post(client, "/api/wordle/doodle", request)
    assert result == library("wordle", "doodle", request)
    rows = result["rows"]
    for row in rows[:3]:
        assert row["possible"] and str(feedback(row["word"], "crane")) == row["pattern"]
    assert rows[1]["word"] == "crane"
    assert not rows[3]["possible"] and rows[3]["word"] is None and "impossible" in rows[3]["reason"]


@needs("wordle")
def test_doodle_all_lists_every_match_most_common_first(client):
    from puzzlewright.wordle.feedback import feedback

    result = post(client, "/api/wordle/doodle", {"answer": "crane", "patterns": ["BGBGB"], "all": True})
    row = result["rows"][0]
    assert row["matches"] == len(row["words"]) > 10
    assert all(str(feedback(word, "crane")) == "BGBGB" for word in row["words"])


@needs("wordle")
def test_doodle_random_answer_and_hard_mode(client):
    from puzzlewright.wordle.feedback import feedback

    result = post(client, "/api/wordle/doodle", {"answer": "random", "patterns": ["BYBBB", "YGBBB"],
                                                 "random_seed": 3, "hard": True})
    answer = result["answer"]
    assert len(answer) == 5
    for row in result["rows"]:
        if row["word"]:
            assert str(feedback(row["word"], answer)) == row["pattern"]


@needs("wordle")
def test_assist_matches_library_and_keeps_consistent_answers(client):
    from puzzlewright.wordle.feedback import feedback

    request = {"guesses": ["salet:BBYBB", {"word": "crony", "pattern": "BYBBB"}], "top": 5}
    result = post(client, "/api/wordle/assist", request)
    assert result == library("wordle", "assist", request)
    assert result["remaining"] == len(result["answers"]) > 0
    for answer in result["answers"]:
        assert str(feedback("salet", answer)) == "BBYBB" and str(feedback("crony", answer)) == "BYBBB"


WORDLE_BAD = [
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGGG"]}, "6 marks"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GXBBB"]}, "not a pattern symbol"),
    ("/api/wordle/doodle", {"patterns": ["GGGGG"]}, "missing field 'answer'"),
    ("/api/wordle/doodle", {"answer": "crane"}, "missing field 'patterns'"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": [1]}, "list of strings"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": []}, "no pattern"),
    ("/api/wordle/doodle", {"answer": "cr4ne", "patterns": ["GGGGG"]}, "letters a-z"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "random_seed": "x"}, "random_seed"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "hard": "yes"}, "hard"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "dict": "klingon"}, "unknown dictionary"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "words": "a b 7"}, "not a word"),
    ("/api/wordle/assist", {"guesses": ["salet:GGGGG", "crane:BBBBB"]}, "inconsistent"),
    ("/api/wordle/assist", {"guesses": ["salet"]}, "WORD:PATTERN"),
    ("/api/wordle/assist", {"guesses": ["salet:BBBBB", "cranes:BBBBBB"]}, "6 letters"),
    ("/api/wordle/assist", {"guesses": "salet:BBBBB"}, "must be list"),
    ("/api/wordle/assist", {"top": 0}, "between 1 and"),
    ("/api/wordle/assist", {"guesses": ["salet:BBQBB"]}, "pattern symbol"),
] + [("/api/wordle/assist", {key: path}, "unknown dictionary") for key in ("answers", "dict") for path in PATHS] + [
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "dict": path}, "unknown dictionary")
    for path in PATHS]


@needs("wordle")
@pytest.mark.parametrize("path, request_, needle", WORDLE_BAD)
def test_wordle_bad_input(client, path, request_, needle):
    assert_refused(client, path, request_, needle)
