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
    assert str(solved.best) == "WIGWAM-MARKETPLACE" and len(solved) == solved.count == 5  # english-letterboxed (#29)
    assert pw.jumble.unscramble("SHACE").best == "chase"  # words in small letters, as in every result
    jumble = pw.jumble.solve(words=["LASRN:OOO--", "SHACE:O--OO", "HOTGUF:--OO-O", "CLATHE:--OO-O"],
                             answer="----- -------", caption="You are here.")
    assert jumble.answers and all(sorted("".join(a.words).lower()) == sorted(a.pool.lower()) for a in jumble)
    assert str(pw.wordle.feedback("speed", "erase")) == "YBYYB"
    doodle = pw.wordle.doodle("crane", ["BBBBB", "BGBGB"])
    assert [str(pw.wordle.feedback(word, "crane")) for word in doodle.words] == ["BBBBB", "BGBGB"]
    square = pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4").best
    assert square is not None and square.rows[0] == "eras" and square.columns == ["elms", "riot", "acre", "skew"]
    assert "umami" in pw.lexicon("english")
    assert {"acrostic", "grid", "jumble", "letterboxed", "lexicon", "wordle"} <= set(dir(pw))  # not only exceptions


@pytest.mark.parametrize("module", ["acrostic", "grid", "jumble", "letterboxed", "wordle"])
def test_front_door_docstrings_run_as_written(module):
    failures, tried = doctest.testmod(getattr(pw, module), optionflags=doctest.ELLIPSIS)
    assert tried >= 2 and failures == 0


def test_acrostic_verify_checks_rows_columns_and_pool():
    good = pw.acrostic.verify("eras/lick/more/stew", pool="ceeiklmorstw", dict="acrostic-4")
    assert good.valid and good.pool_matches and [line.word for line in good.columns] == ["elms", "riot", "acre", "skew"]
    bad = pw.acrostic.verify(["eras", "lick", "more", "stex"], pool="ceeiklmorstw", dict="acrostic-4")
    assert not bad.valid and [line.ok for line in bad.rows] == [True, True, True, False]
    assert bad.missing == "w" and bad.extra == "x" and repr(bad) == "<Acrostic grid eras/lick/more/stex: not valid>"


def test_grid_fill_verify_reroll_and_export():
    result = pw.grid.fill("..../..../....", count=2, random_seed=1)
    assert len(result) == 2 and result.best is not None and result.best is result.fills[0]
    english = pw.lexicon("english")
    for fill in result:  # every fill re-checked: rows and columns are dictionary words, none twice
        columns = ["".join(column) for column in zip(*fill.rows)]
        assert all(word in english for word in fill.rows + columns) and len(set(fill.rows + columns)) == 7
        assert pw.grid.verify(str(fill)).valid
    assert repr(result).startswith("<Grid ..../..../....: 2 fill(s): ")
    assert result._repr_html_().count("<td") >= 24
    rerolled = pw.grid.reroll(str(result.best), "1-Across", random_seed=1).best
    assert rerolled is not None and rerolled.rows[0] != result.best.rows[0] and pw.grid.verify(rerolled.rows).valid
    verdict = pw.grid.verify("ab#/cd#", words=["ab", "cd", "ac"])
    assert not verdict.valid and verdict.problems == ["2-Down 'bd' is not in the dictionary 'request words'"]
    assert pw.grid.export("..#/...", format="text").content == "..#\n...\n"
    assert '"block": "#"' in pw.grid.export("..#/...").content


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
    (lambda: pw.acrostic.verify("er/li", dict="acrostic-4"), "grid size must be between 3 and 10, not 2"),
    (lambda: pw.grid.fill("..../...."[:7]), "grid row 2 has 2 cells but row 1 has 4"),
    (lambda: pw.grid.fill(size="3x3", count=0), "field 'count' must be at least 1, not 0"),
    (lambda: pw.grid.fill(), "missing field 'grid'"),
    (lambda: pw.grid.fill("..", size="2x2"), "give exactly one of 'grid', 'size' or 'pattern'"),
    (lambda: pw.grid.reroll("ab/cd", "9-Down", words=["ab", "cd", "ac", "bd"]), "no slot '9-Down'"),
    (lambda: pw.grid.export("..", format="pdf"), "field 'format' must be one of 'ipuz', 'puz', 'text', not 'pdf'"),
    (lambda: pw.grid.export("..", format="puz"), ".puz files store the solution: fill the grid first"),
    (lambda: pw.grid.api.fill({"grid": "..", "cont": 2}), "unknown field 'cont' (did you mean 'count'?)"),
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
