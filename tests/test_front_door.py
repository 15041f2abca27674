"""The typed front door (``import puzzlewright as pw``): the issue's calls as written, docs/python.md run as
a doctest, results re-checked against the puzzle rules, and the typed layer's bad input as one-line
PuzzleInputErrors (the crashes the issue listed)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import puzzlewright as pw
from puzzlewright.errors import PuzzleInputError

DOCS = Path(__file__).resolve().parents[1] / "docs" / "python.md"


def test_docs_python_page_runs_as_written():
    failures, tried = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 20 and failures == 0


def test_the_issue_calls_work_as_written():
    solved = pw.letterboxed.solve("RME-WCL-TGK-API")
    assert str(solved.best) == "WIGWAM-MARKETPLACE" and len(solved) == solved.count == 3  # fitted ranker (#13)
    assert pw.jumble.unscramble("SHACE").best == "CHASE"
    jumble = pw.jumble.solve(words=["LASRN:OOO--", "SHACE:O--OO", "HOTGUF:--OO-O", "CLATHE:--OO-O"],
                             answer="----- -------", caption="You are here.")
    assert jumble.answers and all(sorted("".join(a.words).lower()) == sorted(a.pool.lower()) for a in jumble)
    assert str(pw.wordle.feedback("speed", "erase")) == "YBYYB"
    doodle = pw.wordle.doodle("crane", ["BBBBB", "BGBGB"])
    assert [str(pw.wordle.feedback(word, "crane")) for word in doodle.words] == ["BBBBB", "BGBGB"]
    square = pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4").best
    assert square is not None and square.rows[0] == "eras" and square.columns == ["elms", "riot", "acre", "skew"]
    assert "umami" in pw.lexicon("english")


def test_results_draw_themselves_for_notebooks():
    assert pw.letterboxed.solve("RME-WCL-TGK-API")._repr_html_().count("<polyline") == 2
    assert pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4")._repr_html_().count("<td") == 16
    assert pw.wordle.doodle("crane", ["BGBGB"], random_seed=1)._repr_html_().count("#6aaa64") == 2


@pytest.mark.parametrize("call, message", [
    (lambda: pw.letterboxed.solve("RME-WCL-TGK-API", max_words=0), "field 'max_words' must be at least 1, not 0"),
    (lambda: pw.letterboxed.solve(12), "field 'sides' must be a list or a string, not an integer"),
    (lambda: pw.jumble.unscramble(["SHACE", 3]), "field 'scrambled[1]' must be a string, not an integer"),
    (lambda: pw.jumble.solve(["LASRN:OOO--"], answer="---", top=0), "field 'top' must be at least 1, not 0"),
    (lambda: pw.wordle.feedback("speed", "cranes"), "guess 'speed' has 5 letters, not 6"),
    (lambda: pw.wordle.doodle("crane", "BBBB"), "has 4 marks but the words have 5 letters"),
    (lambda: pw.acrostic.solve("eras", "ceeiklmorstw", dict="klingon"), "unknown dictionary 'klingon'"),
    (lambda: pw.acrostic.generate(2), "field 'size' must be at least 3, not 2"),
])
def test_front_door_bad_input_is_one_line(call, message):
    with pytest.raises(PuzzleInputError) as caught:
        call()
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_typed_classes_take_plain_strings_too():
    """The issue's crashes: unscramble with capitals was a numpy ValueError, a doodle of strings an
    AttributeError; both work now, and bad letters are one-line errors."""
    from puzzlewright.jumble.anagrams import unscramble
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.wordle.doodler import Doodler
    from puzzlewright.wordle.words import word_pool

    assert unscramble("SHACE", load_lexicon())[:2] == ("chase", "aches")
    with pytest.raises(PuzzleInputError, match="scrambled word"):
        unscramble("SH4CE", load_lexicon())
    doodler = Doodler("crane", word_pool(load_lexicon("wordle-guesses"), 5))
    assert doodler.doodle(["BBBBB", "GGGGG"]).rows[1].word == "crane"
    with pytest.raises(PuzzleInputError, match="must be a pattern"):
        doodler.doodle([5])
