"""The shared request helpers: dictionary keys, memoised derived lexicons, typed fields."""

from __future__ import annotations

import pytest

from puzzlewright.api import field, lexicon_for
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import load_lexicon


def test_builtin_dictionary_is_the_loaded_one():
    assert lexicon_for({}) is load_lexicon("english")
    assert lexicon_for({"dict": "wordle-answers"}) is load_lexicon("wordle-answers")


def test_derived_lexicons_are_memoised_and_correct():
    request = {"dict": "wordle-answers", "min_commonness": 4, "extra_words": "Sesug", "exclude_words": ["cigar"]}
    first = lexicon_for(request)
    assert first is lexicon_for(dict(request))
    assert "sesug" in first and "cigar" not in first
    assert all(first.familiarity(w) >= 4 for w in first if w != "sesug")
    assert lexicon_for({**request, "min_commonness": 5}) is not first


def test_request_words_form_the_dictionary():
    lexicon = lexicon_for({"words": ["Cat", "DOG", "café"]})
    assert lexicon.words == ("cafe", "cat", "dog")
    with pytest.raises(PuzzleInputError, match="empty"):
        lexicon_for({"words": []})


@pytest.mark.parametrize("request_", [{"dict": "/etc/passwd"}, {"dict": "../../etc/passwd"}, {"dict": 3},
                                       {"words": ["b@d"]}, {"min_commonness": "high"}])
def test_bad_dictionary_keys(request_):
    with pytest.raises(PuzzleInputError):
        lexicon_for(request_)


def test_field_types():
    assert field({"n": 3}, "n", int) == 3
    assert field({}, "n", int, 7) == 7
    with pytest.raises(PuzzleInputError, match="missing field 'n'"):
        field({}, "n", int)
    with pytest.raises(PuzzleInputError):
        field({"n": True}, "n", int)
