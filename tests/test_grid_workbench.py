"""The setter's workbench in the library and the CLI: clue numbers (checked against the numbering rule
written here and against puzpy's own), a slot's candidates (checked against a brute force over the word
list), clues, title and author in .ipuz and .puz exports (read back by the ipuz and puzpy packages), the
clue file the CLI reads, and their one-line errors."""

from __future__ import annotations

import base64
import json
import re

import puz
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzlewright as pw
from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import api
from puzzlewright.grid.clues import parse_clue_file
from puzzlewright.grid.formats import grid_to_ipuz, grid_to_puz
from puzzlewright.grid.model import Grid
from puzzlewright.grid.patterns import PATTERNS, pattern_grid
from puzzlewright.lexicon import Lexicon
from puzzlewright.ranking import tie_key

# -- clue numbers ---------------------------------------------------------------------------------------


def numbers_by_the_rule(rows: list[str]) -> dict[int, int]:
    """Crossword numbering from the rule alone: in reading order, an open cell gets the next number when a
    run of two or more open cells starts there, across (block or edge on its left) or down (above)."""
    height, width = len(rows), len(rows[0])
    open_ = lambda r, c: 0 <= r < height and 0 <= c < width and rows[r][c] != "#"  # noqa: E731
    found, number = {}, 0
    for r in range(height):
        for c in range(width):
            across = open_(r, c) and not open_(r, c - 1) and open_(r, c + 1)
            down = open_(r, c) and not open_(r - 1, c) and open_(r + 1, c)
            if across or down:
                number += 1
                found[r * width + c] = number
    return found


def test_clue_numbers_of_a_small_grid():
    assert Grid.parse("...#/..../#...").clue_numbers() == {0: 1, 1: 2, 2: 3, 4: 4, 7: 5, 9: 6}


@pytest.mark.parametrize("name", list(PATTERNS))
def test_clue_numbers_of_the_shipped_patterns_follow_the_rule_and_puzpy(name):
    grid = pattern_grid(name)
    assert grid.clue_numbers() == numbers_by_the_rule(list(grid.rows))
    document = json.loads(grid_to_ipuz(grid))
    drawn = {r * grid.width + c: cell for r, row in enumerate(document["puzzle"]) for c, cell in enumerate(row)
             if isinstance(cell, int) and cell}
    assert drawn == grid.clue_numbers()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=4, max_size=4), min_size=3, max_size=5))
def test_property_clue_numbers_follow_the_rule_and_match_a_puz_reader(blocks):
    rows = ["".join("#" if block else "a" for block in row) for row in blocks]
    try:
        grid = Grid.from_rows(rows)
    except PuzzleInputError:  # boxed-in cells, no slot: not a grid
        return
    assert grid.clue_numbers() == numbers_by_the_rule(rows)
    numbering = puz.load(grid_to_puz(grid)).clue_numbering()
    assert {clue["cell"]: clue["num"] for clue in numbering.across + numbering.down} == grid.clue_numbers()


@pytest.mark.parametrize("name", ["5A", "5a", "5-Across", "5 across", " 5-across ", "5across"])
def test_slot_names_in_every_form(name):
    assert Grid.parse("eras/lick/more/stew").slot_name(name).name == "5-Across"


@pytest.mark.parametrize("name", ["9A", "5X", "A5", "", "5-Acrosss"])
def test_an_unknown_slot_is_a_one_line_error(name):
    with pytest.raises(PuzzleInputError, match=r"^no slot .* in the grid \(slots are named like '4-Across'"):
        Grid.parse("eras/lick/more/stew").slot_name(name)


# -- candidates -----------------------------------------------------------------------------------------

WORDS = ["arc", "are", "art", "ate", "car", "cat", "ear", "eat", "era", "rat", "tar", "tea"]
ZIPF = [3.0, 4.0, 3.5, 3.5, 4.5, 4.5, 4.0, 4.0, 3.0, 4.0, 3.0, 4.0]


def by_brute_force(rows: list[str], slot_name: str, words: list[str], allow_repeats: bool = False) -> set[str]:
    """The candidates from the rule: words that fit the slot and, for every crossing slot, leave it some
    word (words whole elsewhere in the grid not counted, unless repeats are allowed)."""
    grid = Grid.from_rows(rows)
    slot = grid.slot_name(slot_name)

    def whole(*besides):
        return set() if allow_repeats else {grid.pattern(s) for s in grid.slots
                                            if s not in besides and "." not in grid.pattern(s)}

    fits = lambda word, pattern: len(word) == len(pattern) and all(p in (".", w) for p, w in zip(pattern, word))  # noqa: E731
    found = set()
    for word in words:
        if not fits(word, grid.pattern(slot)) or word in whole(slot):
            continue
        placed = grid.with_words({slot: word})
        crossings = [s for s in grid.slots if s != slot and set(s.cells) & set(slot.cells)]
        if all(any(fits(other, placed.pattern(s)) and other not in whole(slot, s) for other in words)
               for s in crossings):
            found.add(word)
    return found


@pytest.mark.parametrize("rows, slot", [(["c..", "...", "..."], "1A"), (["...", ".a.", "..."], "4A"),
                                        (["...", "...", "..#"], "1D"), (["cat", "...", "..."], "4-Across"),
                                        (["c..", "a..", "t.."], "2D")])
def test_candidates_are_exactly_the_words_that_fit_and_keep_every_crossing_fillable(rows, slot):
    lexicon = Lexicon(WORDS, ZIPF)
    result = pw.grid.candidates(rows, slot, lexicon=lexicon, limit=50)
    assert {c.word for c in result} == by_brute_force(rows, slot, WORDS)
    assert result.total == len(result.candidates)


def test_candidates_known_answer_and_the_tie_rule():
    """Top row of an open 3x3 starting with C: CAR and CAT (their columns can start ARC/ARE/..., TAR/TEA,
    RAT); both score 4.5, so the alphabet decides. With the first column given as C-A-T, 2-Down starts
    with A (1-Across CA.), and its last letter must let 7-Across T.. be a word (TAR, TEA): ARE and ATE,
    not ARC or ART; ARE scores 4.0, ATE 3.5."""
    lexicon = Lexicon(WORDS, ZIPF)
    assert [c.word for c in pw.grid.candidates(["c..", "...", "..."], "1A", lexicon=lexicon)] == ["car", "cat"]
    result = pw.grid.candidates(["c..", "a..", "t.."], "2D", lexicon=lexicon)
    assert [(c.word, c.score) for c in result] == [("are", 4.0), ("ate", 3.5)]
    assert result.pattern == "..." and result.slot == "2-Down" and result.dictionary == "custom"


def test_candidates_leave_out_words_already_in_the_grid_unless_repeats_are_allowed():
    lexicon = Lexicon(WORDS, ZIPF)
    rows = ["cat", "...", "..."]
    assert "cat" not in {c.word for c in pw.grid.candidates(rows, "4A", lexicon=lexicon)}
    allowed = pw.grid.candidates(rows, "4A", lexicon=lexicon, allow_repeats=True)
    assert {c.word for c in allowed} == by_brute_force(rows, "4A", WORDS, allow_repeats=True)


def test_candidates_on_english_are_ranked_publishable_and_fit(english):
    """On the default dictionary: best fill score first, ties by the project's rule; each fits the slot and
    every crossing still has a word; no offensive or vulgar word; limit and total."""
    from puzzlewright.grid.score import entry_score
    from puzzlewright.lexicon.policy import Use, publishable

    rows = ["eras", "l...", "m...", "s..."]
    result = api.candidates({"grid": rows, "slot": "5-Across", "limit": 40}, lexicon=english)
    assert 40 == len(result.candidates) < result.total
    words = [c.word for c in result]
    keys = [tie_key(c.word, english.familiarity(c.word), c.score) for c in result]
    assert keys == sorted(keys)
    assert all(c.score == pytest.approx(entry_score(english, c.word), abs=0.01) for c in result)
    usable = publishable(english, Use.CROSSWORD, frozenset())
    assert all(word in usable and word[0] == "l" for word in words)
    assert words[:5] == ["like", "life", "last", "love", "left"]
    grid = Grid.from_rows(rows)
    for word in words:  # 2-, 3- and 4-Down take the word's letters and still have a word each
        placed = grid.with_words({grid.slot_name("5A"): word})
        for down in ("2D", "3D", "4D"):
            pattern = re.compile(placed.pattern(placed.slot_name(down)))
            assert any(pattern.fullmatch(other) for other in english.of_length(4).words), (word, down)


def test_candidates_errors_are_one_line():
    with pytest.raises(PuzzleInputError, match="no slot '7-Down'"):
        pw.grid.candidates("eras/lick/more/stew", "7-Down")
    with pytest.raises(PuzzleInputError, match="limit"):
        api.candidates({"grid": "../..", "slot": "1A", "limit": 0})


# -- clues, title and author in the exports ------------------------------------------------------------

CLUES = {"1A": "Periods", "1-Down": "Shade trees", "5a": "Taste with the tongue", "7 across": "Cook slowly"}


def test_clues_title_and_author_round_trip_through_puz():
    grid = Grid.parse("eras/lick/more/stew")
    puzzle = puz.load(grid_to_puz(grid, "Four", "A. Setter", CLUES))
    assert (puzzle.title, puzzle.author) == ("Four", "A. Setter")
    numbering = puzzle.clue_numbering()
    across = {clue["num"]: clue["clue"] for clue in numbering.across}
    down = {clue["num"]: clue["clue"] for clue in numbering.down}
    assert across == {1: "Periods", 5: "Taste with the tongue", 6: "", 7: "Cook slowly"}
    assert down == {1: "Shade trees", 2: "", 3: "", 4: ""}
    assert puzzle.solution == "ERASLICKMORESTEW"


def test_clues_title_and_author_round_trip_through_ipuz():
    document = json.loads(grid_to_ipuz(Grid.parse("eras/lick/more/stew"), "Four", "A. Setter", CLUES))
    assert (document["title"], document["author"]) == ("Four", "A. Setter")
    assert document["clues"]["Across"] == [[1, "Periods"], [5, "Taste with the tongue"], [6, ""], [7, "Cook slowly"]]
    assert document["clues"]["Down"][0] == [1, "Shade trees"]


def test_export_verb_gives_puz_as_base64_and_the_front_door_agrees():
    result = pw.grid.export("eras/lick/more/stew", format="puz", title="Four", author="A. Setter", clues=CLUES)
    assert result.encoding == "base64" and result.data() == base64.b64decode(result.content)
    assert puz.load(result.data()).clue_numbering().across[0]["clue"] == "Periods"
    text = pw.grid.export("eras/lick/more/stew", format="ipuz", clues={"1A": "Periods"})
    assert text.encoding == "utf-8" and json.loads(text.content)["clues"]["Across"][0] == [1, "Periods"]


def test_typed_punctuation_is_stored_plainly_and_other_characters_say_which_format_takes_them():
    grid = Grid.parse("eras/lick/more/stew")
    puzzle = puz.load(grid_to_puz(grid, clues={"1A": "\u201cTimes\u201d \u2014 it\u2019s history\u2026"}))
    assert puzzle.clue_numbering().across[0]["clue"] == '"Times" -- it\'s history...'
    with pytest.raises(PuzzleInputError, match=r"^the clue for 1-Across has '→', which a .puz file cannot store"):
        grid_to_puz(grid, clues={"1A": "Go → there"})
    assert "Go → there" in json.loads(grid_to_ipuz(grid, clues={"1A": "Go → there"}))["clues"]["Across"][0]


@pytest.mark.parametrize("clues, message", [
    ({"9A": "x"}, "no slot '9A' in the grid"),
    ({"1A": "x", "1-Across": "y"}, "two clues for 1-Across"),
    ({"1A": "two\nlines"}, "the clue for 1-Across must be one line"),
    ({"1A": "x" * 301}, "the clue for 1-Across has 301 characters (at most 300)"),
])
def test_bad_clues_are_one_line_errors(clues, message):
    with pytest.raises(PuzzleInputError, match=re.escape(message)):
        pw.grid.export("eras/lick/more/stew", clues=clues)


def test_a_long_title_is_a_one_line_error():
    with pytest.raises(PuzzleInputError, match=r"the title has 201 characters \(at most 200\)"):
        pw.grid.export("eras/lick/more/stew", title="t" * 201)


# -- the CLI --------------------------------------------------------------------------------------------


def test_clue_file_format():
    assert parse_clue_file("# a comment\n1A: Periods\n\n 1-Down :  Shade trees \n") == {
        "1A": "Periods", "1-Down": "Shade trees"}
    with pytest.raises(PuzzleInputError, match=r"clue file line 2: write the slot, a colon and the clue"):
        parse_clue_file("1A: ok\nno colon here\n")
    with pytest.raises(PuzzleInputError, match=r"clue file line 2: a second clue for '1A'"):
        parse_clue_file("1A: one\n1A: two\n")


def test_cli_export_reads_clues_from_a_file(cli, tmp_path):
    (tmp_path / "clues.txt").write_text("1A: Periods\n1D: Shade trees\n7A: Cook slowly\n")
    result = cli("grid", "export", "--grid", "eras/lick/more/stew", "--clues", str(tmp_path / "clues.txt"),
                 "--title", "Four", "--author", "A. Setter", "--output", str(tmp_path / "four.puz"))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"4x4 grid, 8 slots, 3 clues, written to {tmp_path / 'four.puz'}\n"
    puzzle = puz.read(str(tmp_path / "four.puz"))
    assert (puzzle.title, puzzle.author) == ("Four", "A. Setter")
    assert [clue["clue"] for clue in puzzle.clue_numbering().across] == ["Periods", "", "", "Cook slowly"]


@pytest.mark.parametrize("text, message", [
    ("9A: nope\n", "error: no slot '9A' in the grid (slots are named like '4-Across' or '12-Down')\n"),
    ("hello\n", "error: clue file line 1: write the slot, a colon and the clue, like '1A: Feline pet' "
                "(not 'hello')\n"),
])
def test_cli_export_clue_file_errors_are_one_line(cli, tmp_path, text, message):
    (tmp_path / "clues.txt").write_text(text)
    result = cli("grid", "export", "--grid", "eras/lick/more/stew", "--clues", str(tmp_path / "clues.txt"),
                 "--output", str(tmp_path / "x.puz"))
    assert (result.exit_code, result.stderr) == (2, message)
    assert not (tmp_path / "x.puz").exists()
    missing = cli("grid", "export", "--grid", "eras/lick/more/stew", "--clues", str(tmp_path / "none.txt"),
                  "--output", str(tmp_path / "x.puz"))
    assert (missing.exit_code, missing.stderr) == (2, f"error: clue file not found: {tmp_path / 'none.txt'}\n")


def test_cli_candidates_lists_the_best_and_agrees_with_the_library(cli, english):
    result = cli("grid", "candidates", "--template", "eras/l.../m.../s...", "--slot", "5-Across", "--limit", "3")
    assert result.exit_code == 0, result.stderr
    library = pw.grid.candidates("eras/l.../m.../s...", "5A", limit=3, lexicon=english)
    assert result.stdout.splitlines() == [f"{c.word.upper()}  {c.score:.2f}" for c in library] + [
        f"5-Across 'L...': the best 3 of {library.total:,} candidates in 'english', by fill score"]
    as_json = cli("grid", "candidates", "--template", "eras/l.../m.../s...", "--slot", "5a", "--limit", "3", "--json")
    assert as_json.json()["candidates"] == [{"word": c.word, "score": c.score} for c in library]
    none = cli("grid", "candidates", "--template", "qqqq/..../..../....", "--slot", "1-Across")
    assert none.exit_code == 1 and "0 candidates" in none.stdout
