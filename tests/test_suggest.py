"""'Did you mean ...?' for every mistyped command, puzzle, dictionary, pattern and choice name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlewright.suggest import closest_name, did_you_mean, unknown_name

COMMANDS = ["tour", "dict", "acrostic", "letterboxed", "jumble", "wordle", "grid", "serve", "cache"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("letterbox", "letterboxed"),   # a prefix
    ("Letter-Boxed", "letterboxed"),  # case and separators
    ("acrostics", "acrostic"),      # a known name plus more
    ("tuor", "tour"),               # a transposition
    ("wordel", "wordle"),
    ("gird", "grid"),
])
def test_closest_name_finds_what_was_meant(typed, meant):
    assert closest_name(typed, COMMANDS) == meant


@pytest.mark.parametrize("typed", ["xyzzy", "", "le", "crossword puzzle"])
def test_nothing_close_suggests_nothing(typed):
    assert closest_name(typed, COMMANDS) is None
    assert did_you_mean(typed, COMMANDS) == ""


def test_an_ambiguous_prefix_falls_back_to_spelling():
    assert closest_name("english-l", ["english-large", "english-letterboxed"]) in {"english-large",
                                                                                   "english-letterboxed"}
    assert closest_name("eng", ["english-large", "english-letterboxed"]) is None


@given(st.permutations(["abd", "abe", "abf", "xyz"]))
def test_equally_close_names_go_to_the_alphabetically_first_whatever_their_order(names):
    """Issue #27: of names spelt equally like what was typed, the alphabetically first is suggested (difflib
    alone would pick the last), in whatever order the names are known."""
    assert closest_name("abc", names) == "abd"


@given(st.sampled_from(COMMANDS))
def test_a_known_name_is_its_own_suggestion(name):
    assert closest_name(name.upper(), COMMANDS) == name


def test_unknown_name_message_names_the_closest_and_lists_all():
    assert unknown_name("dictionary", "englsh", ["english", "acrostic-4"], "built-in ones") == (
        "unknown dictionary 'englsh' (did you mean 'english'?); built-in ones: english, acrostic-4")
    assert unknown_name("format", 7, ["plain"]) == "unknown format '7'; known: plain"


@pytest.mark.parametrize(("argv", "suggestion"), [
    (["letterbox"], "Did you mean 'letterboxed'?"),
    (["tuor"], "Did you mean 'tour'?"),
    (["wordel", "feedback", "speed", "erase"], "Did you mean 'wordle'?"),
    (["doodle"], "Did you mean 'wordle doodle'?"),
    (["slove"], "Did you mean one of 'acrostic solve', 'letterboxed solve', 'jumble solve'?"),
    (["wordle", "feedbak"], "Did you mean 'feedback'?"),
    (["grid", "fil"], "Did you mean 'fill'?"),
    (["dict", "lokup"], "Did you mean 'lookup'?"),
    (["acrostic", "slove"], "Did you mean 'solve'?"),
    (["dict", "info", "--format", "plian"], "(did you mean 'plain'?)"),
    (["dict", "info", "--dict", "englsh"], "(did you mean 'english'?)"),
    (["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "english-letterbox"],
     "(did you mean 'english-letterboxed'?)"),
    (["grid", "fill", "--pattern", "americn-1"], "(did you mean 'american-1'?)"),
])
def test_cli_suggests_the_name_meant(cli, argv, suggestion):
    result = cli(*argv)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert suggestion in result.stderr


def test_cli_suggests_nothing_for_a_name_unlike_any(cli):
    result = cli("xyzzy")
    assert result.exit_code == 2
    assert result.stderr == "error: No such command 'xyzzy'. (see 'puzzlewright --help')\n"


def test_web_api_suggests_a_dictionary():
    from fastapi.testclient import TestClient

    from puzzlewright.web.app import create_app

    response = TestClient(create_app()).post("/api/letterboxed/solve",
                                             json={"sides": "RME-WCL-TGK-API", "dict": "englsh"})
    assert response.status_code == 422
    assert "(did you mean 'english'?)" in response.json()["error"]
