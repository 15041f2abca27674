"""The shared dictionary fields of every request (DictionaryOptions): the one place a request's words are
chosen, memoised derived lexicons, and refusals of what is not a built-in dictionary or a word list."""

from __future__ import annotations

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import load_lexicon
from puzzlewright.schema import DictionaryOptions, validate


def options(data: dict) -> DictionaryOptions:
    return validate(DictionaryOptions, data)


def test_builtin_dictionary_is_the_loaded_one():
    assert options({}).lexicon() is load_lexicon("english")
    assert options({"dict": "wordle-answers"}).lexicon() is load_lexicon("wordle-answers")


def test_derived_lexicons_are_memoised_and_correct():
    request = {"dict": "wordle-answers", "min_commonness": 4, "extra_words": "Sesug", "exclude_words": ["cigar"]}
    first = options(request).lexicon()
    assert first is options(dict(request)).lexicon()
    assert "sesug" in first and "cigar" not in first
    assert all(first.familiarity(w) >= 4 for w in first if w != "sesug")
    assert options({**request, "min_commonness": 5}).lexicon() is not first
    assert "cigar" not in options(request).lexicon(floor=False)  # only the floor is left out


def test_request_words_form_the_dictionary():
    lexicon = options({"words": ["Cat", "DOG", "café"]}).lexicon()
    assert lexicon.words == ("cafe", "cat", "dog")
    with pytest.raises(PuzzleInputError, match="empty"):
        options({"words": []}).lexicon()


@pytest.mark.parametrize("request_, message", [
    ({"dict": "/etc/passwd"}, "unknown dictionary '/etc/passwd'"),
    ({"dict": "../../etc/passwd"}, "unknown dictionary"),
    ({"dict": 3}, "field 'dict' must be a string, not an integer"),
    ({"words": ["b@d"]}, "'b@d' is not a word"),
    ({"min_commonness": "high"}, "field 'min_commonness' must be a number, not a string"),
    ({"min_commonness": -1}, "field 'min_commonness' must be at least 0, not -1"),
    ({"extra_words": ["a"] * 20_001}, "field 'extra_words'"),
    ({"dictionary": "english"}, "unknown field 'dictionary'"),
])
def test_bad_dictionary_fields(request_, message):
    with pytest.raises(PuzzleInputError, match=message):
        options(request_).lexicon()
