"""Hostile input to the front door (docs/python.md), round three: arguments of the wrong type, a megabyte of
input and numbers past float32 are each a typed error (or a plain answer) with one short line, the same
line the CLI prints and the web app returns."""

from __future__ import annotations

import pickle
import warnings

import pytest

import puzzlewright as pw
from conftest import run_cli
from puzzlewright.errors import LONGEST_ECHO, PuzzleInputError

MEGABYTE = "a" * 10**6


@pytest.mark.parametrize("word", [5, None, b"cat", ["cat"]])
def test_commonness_of_something_not_a_string_is_a_typed_error(english, word):
    """It was a raw ``TypeError: '<' not supported between instances of 'str' and 'int'`` from bisect."""
    with pytest.raises(PuzzleInputError, match="a word must be a string, not "):
        english.commonness(word)


@pytest.mark.parametrize("words", [5, True, 1.5])
def test_jumble_words_that_are_not_a_list_are_a_typed_error(words):
    """It was a raw ``TypeError: 'int' object is not iterable``."""
    with pytest.raises(PuzzleInputError, match="field 'jumbles' must be a list or a string"):
        pw.jumble.solve(words, answer="-----")


def test_jumble_words_from_a_generator_are_still_read():
    with pytest.raises(PuzzleInputError, match="the circled pool has 3 letters"):  # the words were read
        pw.jumble.solve((word for word in ["LASRN:OOO--"]), answer="-----")


@pytest.mark.parametrize("call", [lambda: pw.jumble.unscramble(MEGABYTE), lambda: pw.wordle.feedback(MEGABYTE, "crane"),
                                  lambda: pw.letterboxed.solve(MEGABYTE),
                                  lambda: pw.jumble.solve(pool=MEGABYTE, answer="-----")])
def test_a_megabyte_of_input_is_not_repeated_whole_in_the_error(call):
    """The error repeated the whole input (a 1 MB message; the CLI cut it, the web app did not)."""
    with pytest.raises(PuzzleInputError) as caught:
        call()
    message = str(caught.value)
    assert len(message) < 2 * LONGEST_ECHO and "(1,000,002 characters)" in message and "\n" not in message
    assert str(pickle.loads(pickle.dumps(caught.value))) == message  # as a worker process sends it back


def test_the_library_cli_and_web_say_the_same_line_for_long_input():
    """A 30,000-letter pool (under the web app's body cap): one message, everywhere."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    pool = "s" * 30_000
    with pytest.raises(PuzzleInputError) as caught:
        pw.jumble.solve(pool=pool, answer="-----")
    cli = run_cli("jumble", "solve", "--pool", pool, "--answer", "-----")
    web = TestClient(create_app(search_seconds=1, loopback_only=True), base_url="http://127.0.0.1:8000").post(
        "/api/jumble/solve", json={"pool": pool, "answer_pattern": "-----"})
    assert (cli.exit_code, web.status_code) == (2, 422)
    assert cli.stderr == f"error: {caught.value}\n" and web.json() == {"error": str(caught.value)}
    assert "(30,002 characters)" in str(caught.value)


def test_a_minimum_score_past_float32_finds_no_fill_and_warns_nothing():
    """``min_score=1e300`` overflowed float32 (a RuntimeWarning on stderr before the answer)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fills = pw.grid.fill("eras/..../..../....", dict="acrostic-4", min_score=1e300)
    assert len(fills) == 0 and "no word fits" in repr(fills)
