"""Crossword grids: the model's rules and errors, fills re-checked by an independent checker written here
from the rules, agreement with the acrostic solver on squares, uniqueness against brute force, unfillable
grids explained, .ipuz/.puz round trips, word-rectangle counts against brute force, and the CLI."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.acrostic import Puzzle, solve_puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import FillOptions, Grid, fill_grid
from puzzlewright.grid import api
from puzzlewright.grid.formats import grid_from_ipuz, grid_from_puz, grid_to_ipuz, grid_to_puz, read_grid, write_grid
from puzzlewright.grid.patterns import PATTERNS, pattern_grid
from puzzlewright.grid.rectangles import RectangleOptions, count_rectangles
from puzzlewright.grid.schema import CountResult
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.lexicon.phrases import crossword_phrases
from puzzlewright.lexicon.policy import Use, publishable
from puzzlewright.schema import validate
from puzzlewright.budget import Budget


# -- an independent checker, written from the rules only ----------------------------------------------


def runs(rows: list[str], min_length: int = 2) -> list[str]:
    """Every across and down run of non-block cells of at least ``min_length`` cells, read off the rows."""
    columns = ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
    return [run for line in list(rows) + columns for run in line.split("#") if len(run) >= min_length]


def assert_valid_fill(rows, template: str, words, allow_repeats: bool = False) -> None:
    """Same shape as the template, blocks and fixed letters kept, no empty cell, every run a word,
    no word twice."""
    given = template.split("/")
    assert len(rows) == len(given) and all(len(row) == len(pattern) for row, pattern in zip(rows, given))
    for row, pattern in zip(rows, given):
        for cell, want in zip(row, pattern):
            assert cell != "." and (want == "." and cell != "#" or cell == want), (row, pattern)
    found = runs(list(rows))
    assert all(word in words for word in found), [w for w in found if w not in words]
    if not allow_repeats:
        assert len(set(found)) == len(found), Counter(found).most_common(1)


# -- the model ------------------------------------------------------------------------------------------


def test_slots_are_numbered_like_a_crossword():
    grid = Grid.parse("...#/..../#...")
    assert [slot.name for slot in grid.slots] == ["1-Across", "4-Across", "6-Across", "1-Down", "2-Down", "3-Down",
                                                  "5-Down"]
    assert [slot.length for slot in grid.slots] == [3, 4, 3, 2, 3, 3, 2]
    assert grid.pattern(grid.slots[0]) == "..."
    assert Grid.parse("ab#/cd#").slots[0].cells == (0, 1)


def test_two_letter_rules_allow_unchecked_cells_and_three_letter_rules_do_not():
    grid = Grid.parse("....#/#....")
    assert sorted(slot.length for slot in grid.slots) == [2, 2, 2, 4, 4]
    with pytest.raises(PuzzleInputError, match="1-letter down slot at row 1, column 1 breaks the 3-letter minimum"):
        Grid.parse("....#/#....", min_length=3)
    with pytest.raises(PuzzleInputError, match="2-letter down slot at row 1, column 1 breaks the 3-letter minimum"):
        Grid.parse("...#/..../#...", min_length=3)


@pytest.mark.parametrize("text, message", [
    ("..../...", "grid row 2 has 3 cells but row 1 has 4"),
    ("..*./....", "unknown character '\\*'"),
    (".#./...", "1-letter across slot at row 1, column 1 breaks the 3-letter minimum"),
    ("/".join(["." * 22] * 22), "at most 21x21; this one is 22x22"),
    (".#./#.#/.#.", "belongs to no word"),
    ("", "the grid is empty"),
])
def test_bad_grids_are_one_line_errors(text, message):
    min_length = 3 if message.startswith("1-letter") else 2
    with pytest.raises(PuzzleInputError, match=message) as error:
        Grid.parse(text, min_length)
    assert "\n" not in str(error.value)


def test_shipped_patterns_follow_the_american_rules():
    for name in PATTERNS:
        grid = pattern_grid(name)
        assert grid.rotationally_symmetric() and min(slot.length for slot in grid.slots) >= 3
        assert all(len(run) >= 3 for run in runs(list(grid.rows), 1))
        if name.startswith("american"):
            assert grid.height == grid.width == 15 and len(grid.slots) <= 78


def test_the_hard_patterns_are_what_issue_32_asks_for():
    lengths = {name: Counter(slot.length for slot in pattern_grid(name).slots) for name in PATTERNS}
    stack = pattern_grid("stack-15")
    assert stack.rows[:3] == stack.rows[-3:] == ("." * 15,) * 3 and lengths["stack-15"][15] == 6
    assert pattern_grid("stack-21").height == 21 and len(pattern_grid("stack-21").slots) == 138
    assert sum(lengths["stack-21"][n] for n in (10, 11, 12)) >= 12
    for name, side in (("open-7", 7), ("open-9", 9)):
        grid = pattern_grid(name)
        assert grid.height == grid.width == side and grid.blocks <= 11 and lengths[name][side] >= 4


def test_the_sunday_pattern_is_an_everyday_21x21():
    grid = pattern_grid("sunday-1")
    assert grid.height == grid.width == 21 and grid.rotationally_symmetric() and 136 <= len(grid.slots) <= 144
    white = {i for i, cell in enumerate(grid.cells) if cell != "#"}
    across = {cell for slot in grid.slots if slot.direction == "across" for cell in slot.cells}
    down = {cell for slot in grid.slots if slot.direction == "down" for cell in slot.cells}
    assert across == down == white  # every cell checked: in an across entry and a down one
    assert 11 <= max(slot.length for slot in grid.slots) <= 15
    seen, stack = {min(white)}, [min(white)]  # every white cell reachable from the first
    while stack:
        r, c = divmod(stack.pop(), 21)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < 21 and 0 <= cc < 21 and rr * 21 + cc in white and rr * 21 + cc not in seen:
                seen.add(rr * 21 + cc)
                stack.append(rr * 21 + cc)
    assert seen == white


# -- filling --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("template", ["....#/...../...../#....", "#..../...../....#", "a..../...../....z",
                                      "...#/..../..../#..."])
def test_every_fill_is_valid(template, english):
    result = fill_grid(Grid.parse(template), english, FillOptions(count=3, random_seed=1), Budget(seconds=20))
    assert len(result.fills) == 3
    assert len({fill.grid.rows for fill in result.fills}) == 3
    for fill in result.fills:
        assert_valid_fill(fill.grid.rows, template, english.word_set)
    qualities = [fill.quality() for fill in result.fills]
    assert qualities == sorted(qualities, reverse=True)  # best first


def test_min_score_keeps_only_familiar_words(english):
    """At ``min_score`` 3.5 every entry scores at least 3.5, single words and crossword phrases (ON IT) alike,
    and the single words are that familiar."""
    result = api.fill({"grid": "..../..../....", "count": 2, "min_score": 3.5}, lexicon=english)
    assert len(result) == 2
    scores = crossword_scores(english)
    for fill in result:
        assert_valid_fill(fill.rows, "..../..../....", english.word_set | crossword_phrases("english").word_set)
        assert fill.min_score >= 3.5 and all(scores[word] >= 3.5 for word in fill.words)
        assert all(english.familiarity(word) >= 3.5 for word in fill.words if word in english.word_set)


def test_a_scored_list_scores_the_fill(tmp_path):
    """A ``word;score`` list's scores are the word scores (x 0.06): --min-score keeps the entries above the
    floor, and each fill reports its words' own scores."""
    lines = {"aahs": 70, "beau": 80, "bond": 95, "ends": 75, "abbe": 90, "aeon": 85, "hand": 72, "suds": 71,
             "abed": 90, "bade": 60, "urge": 80, "teed": 30, "abut": 85, "bare": 80, "edge": 99, "deed": 65}
    path = tmp_path / "scored.txt"
    path.write_text("".join(f"{word};{score}\n" for word, score in lines.items()))
    words = load_lexicon(path)
    assert words.familiarity("abed") == pytest.approx(90 * 0.06)
    every = api.fill({"grid": "..../..../..../....", "count": 50}, lexicon=words)
    floor = api.fill({"grid": "..../..../..../....", "count": 50, "min_score": 60 * 0.06}, lexicon=words)
    assert every.complete and floor.complete and len(every) > len(floor) > 0
    assert [tuple(fill.rows) for fill in floor] == [tuple(fill.rows) for fill in every
                                                  if min(lines[w] for w in fill.words) >= 60]
    for fill in every:
        assert_valid_fill(fill.rows, "..../..../..../....", set(lines))
        assert fill.min_score == pytest.approx(min(lines[w] for w in fill.words) * 0.06, abs=0.01)
        assert fill.mean_score == pytest.approx(sum(lines[w] for w in fill.words) * 0.06 / 8, abs=0.01)


def test_a_shipped_pattern_fills_under_american_rules(english):
    """A 15x15 pattern from english, re-checked: every 3+ letter run a word, no repeats, blocks kept."""
    grid = pattern_grid("american-1")
    result = fill_grid(grid, english.filter(min_commonness=2), FillOptions(random_seed=1), Budget(nodes=50_000))
    assert result.fills, result.stopped
    fill = result.fills[0]
    assert_valid_fill(fill.grid.rows, "/".join(grid.rows), english.word_set)
    assert runs(list(fill.grid.rows), 1) == runs(list(fill.grid.rows), 3)  # no 1- or 2-letter runs
    assert min(english.familiarity(word) for word in runs(list(fill.grid.rows), 3)) >= 2


def test_an_open_rectangle_fills_with_distinct_words():
    """``grid fill --size 4x5``: rows are 5-letter entries, columns 4-letter entries, all distinct; each a word
    of the lexicon given or, since it is ``english``'s, a crossword phrase (AT SEA, OR SO)."""
    words = load_lexicon("english").filter(min_commonness=3, lengths=[4, 5])
    result = api.fill({"size": "4x5", "count": 2}, lexicon=words)
    assert len(result) == 2
    entries = words.word_set | crossword_phrases("english").word_set
    for fill in result:
        assert_valid_fill(fill.rows, "...../...../...../.....", entries)
        assert len(runs(list(fill.rows))) == 9


SQUARES = [("eras/..../..../....", "ceeiklmorstw", "acrostic-4"),
           ("eras/..../..../....", "ceeiklmorstw", "english"),
           ("e..s/..c./..../s...", "aeiklmorrtwe", "acrostic-4"),
           ("older/...../...../...../.....", "aaaaaddeeeelmmnrrrvv", "wordle-answers")]


@pytest.mark.parametrize("template, pool, dictionary", SQUARES)
@pytest.mark.parametrize("distinct", [True, False])
def test_grid_engine_agrees_with_the_acrostic_solver(template, pool, dictionary, distinct):
    words = load_lexicon(dictionary)
    acrostic = solve_puzzle(Puzzle.from_template(template, pool), words, limit=None, distinct=distinct)
    result = fill_grid(Grid.parse(template), words, FillOptions(count=None, pool=pool, allow_repeats=not distinct))
    assert acrostic.complete and result.complete
    assert {grid.rows for grid in acrostic.solutions} == {fill.grid.rows for fill in result.fills}
    for fill in result.fills:
        assert_valid_fill(fill.grid.rows, template, words.word_set, allow_repeats=not distinct)
        free = [ch for ch, given in zip("".join(fill.grid.rows), template.replace("/", "")) if given == "."]
        assert Counter(free) == Counter(pool)


@pytest.fixture(scope="module")
def wordle_squares(wordle) -> list[tuple[str, ...]]:
    from puzzlewright.acrostic.count import CountOptions, count_squares

    return count_squares(wordle, CountOptions(5, double=True, canonical=True), keep_squares=True).squares


@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_property_squares_from_the_square_counter_agree(data, wordle, wordle_squares):
    squares = wordle_squares
    rows = data.draw(st.sampled_from(squares))
    template = "/".join([rows[0]] + ["....."] * 4)
    pool = "".join(rows[1:])
    acrostic = solve_puzzle(Puzzle.from_seed(rows[0], pool), wordle, limit=None, distinct=True)
    result = fill_grid(Grid.parse(template), wordle, FillOptions(count=None, pool=pool))
    assert rows in {fill.grid.rows for fill in result.fills}
    assert {grid.rows for grid in acrostic.solutions} == {fill.grid.rows for fill in result.fills}


def brute_force_last_rows(fixed: list[str], words: set[str]) -> set[tuple[str, ...]]:
    """Every 4x4 completion of two ``fixed`` rows with distinct words: each third row whose columns stay word
    prefixes, then each fourth row whose letters complete every column, all checked by reading the columns."""
    size = 4
    fours = sorted(w for w in words if len(w) == size)
    ends: dict[str, set[str]] = {}
    for word in fours:
        ends.setdefault(word[:3], set()).add(word[3])
    found = set()
    for third in fours:
        tops = ["".join(row[c] for row in fixed) + third[c] for c in range(size)]
        if not all(top in ends for top in tops):
            continue
        for fourth in fours:
            if not all(fourth[c] in ends[tops[c]] for c in range(size)):
                continue
            rows = fixed + [third, fourth]
            columns = [tops[c] + fourth[c] for c in range(size)]
            if all(col in words for col in columns) and len(set(rows + columns)) == 2 * size:
                found.add(tuple(rows))
    return found


def test_exhaustive_fill_and_unique_match_brute_force(acrostic4):
    for fixed in (["eras", "lick"], ["bugs", "idea"], ["sole", "once"]):
        template = "/".join(fixed + ["....", "...."])
        every = fill_grid(Grid.parse(template), acrostic4, FillOptions(count=None))
        expected = brute_force_last_rows(fixed, acrostic4.word_set)
        assert every.complete and {fill.grid.rows for fill in every.fills} == expected
        # the API fills from the crossword policy's words (BUGS/IDEA's one fill needs UDON, undefined)
        allowed = brute_force_last_rows(fixed, publishable(acrostic4, Use.CROSSWORD).word_set)
        unique = api.fill({"grid": template, "unique": True}, lexicon=acrostic4)
        assert unique.unique is (len(allowed) == 1)
        assert unique.complete or len(allowed) > 1


def test_equally_good_fills_come_in_one_order_whatever_the_search_order(acrostic4):
    """Issue #27: fills of equal quality (here every word scores 0) are listed alphabetically by their
    words in slot order, whatever order the search met them in (each random seed orders it differently)."""
    flat = Lexicon(acrostic4.words)  # no commonness: every fill ties
    template = "eras/..../..../...."
    runs = [fill_grid(Grid.parse(template), flat, FillOptions(count=None, random_seed=seed)).fills
            for seed in (1, 2, 3)]
    words = [[fill.words for fill in fills] for fills in runs]
    assert len(words[0]) > 1 and words[0] == sorted(words[0])
    assert words[1] == words[0] and words[2] == words[0]


def test_unfillable_grids_are_explained(acrostic4, english):
    no_word = fill_grid(Grid.parse("qz../..../..../...."), acrostic4)
    assert not no_word.fills and no_word.complete
    assert no_word.explanation.startswith("no word fits 1-Across (row 1, column 1, 4 letters: 'qz..')")
    crossing = fill_grid(Grid.parse("../.."), Lexicon(["ab", "cd"]))
    assert not crossing.fills and crossing.complete
    assert re.fullmatch(r"no fill: \d-(Across|Down) \(row \d, column \d, 2 letters: '..'\) has 2 candidate words "
                        r"on its own but none fits its crossings \(\d-\w+, \d-\w+\)", crossing.explanation)
    exhausted = fill_grid(Grid.parse("../.."), Lexicon(["ab", "ba"]))
    assert not exhausted.fills and exhausted.complete
    assert exhausted.explanation.startswith("no fill exists: every possibility was tried")


def test_budget_stops_and_says_so(english):
    result = fill_grid(pattern_grid("american-1"), english, FillOptions(), Budget(nodes=5))
    assert not result.complete and not result.fills and "node budget" in result.stopped


def test_reroll_changes_the_slot_and_keeps_the_rest(english):
    first = fill_grid(Grid.parse("...../...../....."), english, FillOptions(random_seed=3)).fills[0]
    result = api.reroll({"grid": "/".join(first.grid.rows), "slot": "1-Across", "random_seed": 3}, lexicon=english)
    new = result.best
    assert new is not None and new.rows[0] != first.grid.rows[0]
    assert_valid_fill(new.rows, "...../...../.....", english.word_set | crossword_phrases("english").word_set)
    with pytest.raises(PuzzleInputError, match="no slot '9-Across'"):
        api.reroll({"grid": "/".join(first.grid.rows), "slot": "9-Across"}, lexicon=english)


def test_verify_names_each_problem(acrostic4):
    assert api.verify({"grid": "eras/lick/more/stew"}, lexicon=acrostic4).valid
    verdict = api.verify({"grid": "eras/lick/more/stex"}, lexicon=acrostic4)
    assert not verdict.valid and any("'stex' is not in the dictionary" in p for p in verdict.problems)
    repeated = api.verify({"grid": "aa#/aa#"}, lexicon=Lexicon(["aa"]))
    assert any("used 4 times" in p for p in repeated.problems)


# -- file formats -------------------------------------------------------------------------------------


@pytest.mark.parametrize("rows", [("eras#", "lick#", "more.", "stew."), ("#abc", "....", "d..#")])
def test_ipuz_round_trip(rows, tmp_path):
    grid = Grid.from_rows(rows)
    assert grid_from_ipuz(grid_to_ipuz(grid, "t")).rows == grid.rows
    write_grid(grid, tmp_path / "g.ipuz")
    assert read_grid(tmp_path / "g.ipuz").rows == grid.rows
    document = json.loads((tmp_path / "g.ipuz").read_text())
    assert document["dimensions"] == {"width": grid.width, "height": grid.height}
    assert len(document["clues"]["Across"]) + len(document["clues"]["Down"]) == len(grid.slots)


def test_puz_round_trip_and_it_needs_a_filled_grid(tmp_path):
    grid = Grid.from_rows(("eras#", "lick#", "more#", "stew#"))
    assert grid_from_puz(grid_to_puz(grid)).rows == grid.rows
    write_grid(grid, tmp_path / "g.puz")
    assert read_grid(tmp_path / "g.puz").rows == grid.rows
    with pytest.raises(PuzzleInputError, match="fill the grid first"):
        grid_to_puz(Grid.parse("..../...."))
    with pytest.raises(PuzzleInputError, match="not a valid .puz file"):
        grid_from_puz(b"nonsense")
    with pytest.raises(PuzzleInputError, match="not a valid ipuz file"):
        grid_from_ipuz("{}")


# -- word rectangles ------------------------------------------------------------------------------------


def brute_force_rectangles(words: list[str], height: int, width: int, double: bool) -> set[tuple[str, ...]]:
    rows = [w for w in words if len(w) == width]
    columns = {w for w in words if len(w) == height}
    found = set()
    for chosen in itertools.product(rows, repeat=height):
        cols = ["".join(row[c] for row in chosen) for c in range(width)]
        if all(col in columns for col in cols) and (not double or len(set(chosen)) == height and len(set(cols)) == width):
            found.add(chosen)
    return found


@pytest.mark.parametrize("double", [False, True])
def test_rectangle_counts_match_brute_force(double, wordle):
    words = sorted({w[:3] for w in wordle.words[:400]} | {w[:2] for w in wordle.words[:300]})
    lexicon = Lexicon(words)
    for height, width in ((2, 3), (3, 2)):
        result = count_rectangles(lexicon, RectangleOptions(height, width, double, partitions=5))
        assert result.complete
        assert set(result.rectangles) == brute_force_rectangles(words, height, width, double)
        assert result.count == len(result.rectangles) > 0


def rectangles_row_by_row(words: list[str], height: int, width: int) -> set[tuple[str, ...]]:
    """Every rectangle by a plain row-by-row search with column prefix sets (independent of the kernel)."""
    rows = [w for w in words if len(w) == width]
    columns = {w for w in words if len(w) == height}
    next_letters: dict[str, set[str]] = {}
    for column in columns:
        for k in range(height):
            next_letters.setdefault(column[:k], set()).add(column[k])
    found = set()

    def extend(chosen: list[str]) -> None:
        if len(chosen) == height:
            found.add(tuple(chosen))
            return
        allowed = [next_letters.get("".join(r[c] for r in chosen), set()) for c in range(width)]
        for row in rows:
            if all(letter in allowed[c] for c, letter in enumerate(row)):
                extend(chosen + [row])

    extend([])
    return found


@pytest.mark.parametrize("height, width", [(4, 5), (3, 6)])
def test_larger_rectangle_counts_match_a_row_by_row_search(height, width, english):
    """Rectangles tall enough for the kernel's two-rows-below lookahead, against an independent search."""
    words = sorted(w for length in (height, width) for w in english.filter(min_commonness=4.6).of_length(length).words)
    every = rectangles_row_by_row(words, height, width)
    doubles = {rows for rows in every if len(set(rows)) == height and len(set(map("".join, zip(*rows)))) == width}
    for double, expected in ((False, every), (True, doubles)):
        result = count_rectangles(Lexicon(words), RectangleOptions(height, width, double, partitions=7))
        assert result.complete
        assert set(result.rectangles) == expected
        assert result.count == len(result.rectangles) > 0


def test_count_hands_squares_to_the_acrostic_counter(cli):
    result = cli("grid", "count", "--size", "5x5", "--double", "--dict", "wordle-answers", "--workers", "1", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()["count"] == 2 * 81 and result.json()["complete"]
    assert validate(CountResult, result.json()).count == 162  # the published model


# -- the command line -------------------------------------------------------------------------------------


def test_cli_fill_json_and_files(cli, tmp_path):
    out = tmp_path / "best.ipuz"
    result = cli("grid", "fill", "--template", "..../..../....", "--count", "2", "--json", "--output", str(out))
    assert result.exit_code == 0, result.stderr
    data = result.json()
    assert data["count"] == 2
    for fill in data["fills"]:
        assert_valid_fill(fill["rows"], "..../..../....", load_lexicon("english").word_set)
    assert read_grid(out).rows == tuple(data["fills"][0]["rows"])
    again = cli("grid", "verify", "--grid", str(out))
    assert again.exit_code == 0 and "valid" in again.stdout
    text = tmp_path / "grid.txt"
    assert cli("grid", "export", "--grid", str(out), "--output", str(text)).exit_code == 0
    assert read_grid(text).rows == tuple(data["fills"][0]["rows"])


def test_cli_count_rectangles_with_output_file(cli, tmp_path, wordle):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(sorted({w[:3] for w in wordle.words[:300]} | {w[:2] for w in wordle.words[:200]})))
    out = tmp_path / "rects.txt"
    result = cli("grid", "count", "--size", "2x3", "--double", "--dict", str(words), "--workers", "1",
                 "--output", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    lines = out.read_text().split()
    assert result.json()["count"] == len(lines) and result.json()["complete"]
    assert len(set(lines)) == len(lines)


@pytest.mark.parametrize("args", [
    ["grid", "fill", "--template", "..../..."],
    ["grid", "fill", "--template", "a?b/..."],
    ["grid", "fill", "--template", ".#./...", "--min-length", "3"],
    ["grid", "fill", "--size", "22x22"],
    ["grid", "fill", "--pattern", "nonesuch"],
    ["grid", "fill"],
    ["grid", "reroll", "--template", "ab/cd", "--slot", "7-Down"],
    ["grid", "fill", "--grid", "missing-file.ipuz"],
])
def test_cli_bad_input_is_one_line_exit_2(cli, args):
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


# -- Publishable fills: the crossword policy, the fill score, quality floors (issue #27) ---------------------

README_TEMPLATE = "....#/...../...../#...."


def test_the_readme_example_fills_and_rerolls_no_flagged_word(cli, tmp_path):
    """The README's example (three fills, then another word for 1-Across of the best) gave TWAT every time:
    now no entry of any fill, nor of the re-roll, carries a flag."""
    large = load_lexicon("english-large")
    best = tmp_path / "best.ipuz"
    filled = cli("grid", "fill", "--template", README_TEMPLATE, "--count", "3", "--output", str(best), "--json")
    rerolled = cli("grid", "reroll", "--grid", str(best), "--slot", "1-Across", "--json")
    assert filled.exit_code == 0 and rerolled.exit_code == 0, filled.stderr + rerolled.stderr
    fills = json.loads(filled.stdout)["fills"] + json.loads(rerolled.stdout)["fills"]
    assert len(fills) == 4
    words = {word for fill in fills for word in fill["words"]}
    assert "twat" not in words
    assert {word: large.flags_of(word) for word in words if large.flags_of(word)} == {}


def crossword_scores(english):
    """Fill score of every entry a fill over ``english`` may use: its words and the crossword phrases."""
    from puzzlewright.grid.score import entry_scores
    from puzzlewright.lexicon.phrases import phrase_lexicon

    phrases = phrase_lexicon()
    return {**dict(zip(english.words, entry_scores(english).tolist())),
            **dict(zip(phrases.words, entry_scores(phrases).tolist()))}


def test_a_default_fill_of_a_shipped_pattern_is_publishable_and_reports_its_floor(english):
    """A default 15x15 fill holds no offensive or vulgar word; the result names the quality floor it
    finished at and its weakest entry, whose score is the fill's lowest."""
    from puzzlewright.grid.score import FLOORS, entry_scores

    large = load_lexicon("english-large")
    result = api.fill({"pattern": "american-1", "random_seed": 1})
    best = result.best
    assert best is not None, result.stopped
    assert not [word for word in best.words if large.flags_of(word) & {"offensive", "vulgar"}]
    assert result.floor in (*FLOORS, None)
    scores = crossword_scores(english)
    assert best.weakest in best.words and best.min_score == pytest.approx(scores[best.weakest], abs=0.01)
    assert best.min_score == pytest.approx(min(scores[word] for word in best.words), abs=0.01)
    if result.floor is not None:
        assert best.min_score >= result.floor


def test_allow_offensive_is_a_one_line_error(cli):
    result = cli("grid", "fill", "--template", README_TEMPLATE, "--allow", "offensive")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "offensive words are never used" in result.stderr
    with pytest.raises(PuzzleInputError, match="cannot allow 'offensive'"):
        api.reroll({"grid": "abcd/efgh", "slot": "1-Across", "allow": ["offensive"]})


def test_vulgar_words_fill_only_when_allowed(english):
    """Crossword fill leaves vulgar words out unless the request allows them (names stay in)."""
    template = "tw../..../..../...."
    words = english.flagged(["vulgar"])
    vulgar = {word for word, flagged in zip(english.words, words) if flagged}
    left_out = api.fill({"grid": template, "count": 5}, lexicon=english)
    assert left_out.fills and not {word for fill in left_out for word in fill.words} & vulgar
    fits = api.fill({"grid": "twat", "min_length": 2}, lexicon=english)
    assert not fits.fills and "not in the dictionary" in fits.explanation
    allowed = api.fill({"grid": "twat", "allow": "vulgar"}, lexicon=english)
    assert allowed.best is not None and allowed.best.words == ["twat"]


def test_the_fill_score_marks_down_crosswordese_archaic_words_abbreviations_and_unseen_forms(english):
    """Scores come from our own evidence: a word nobody vouches for (ETUI: SCOWL's large sizes, rare in
    text) scores below a familiar word of the same familiarity band; a form text never writes (UNDERTOWS;
    HONESTEST, an unseen superlative, is not in ``english`` at all) loses its inherited familiarity;
    abbreviations are marked down; no score exceeds familiarity."""
    from puzzlewright.grid.score import entry_score, entry_scores

    for word in ("etui", "undertows", "ecce", "adm"):
        assert entry_score(english, word) <= english.familiarity(word) - 0.4, word
    assert entry_score(english, "honestest") is None
    assert entry_score(english, "ere") == pytest.approx(english.familiarity("ere"), abs=0.01)
    assert entry_score(english, "etui") < 1 < 3 < entry_score(english, "oreo")
    assert entry_score(english, "nosuchword") is None
    scores = entry_scores(english)
    assert (scores <= english.familiarity_values + 1e-6).all() and (scores >= 0).all()


def test_a_scored_list_keeps_its_own_scores():
    """A list carrying no evidence of ours keeps its scores: they are its maker's judgement."""
    from puzzlewright.grid.score import entry_scores

    words = Lexicon(["area", "etui"], [5.0, 1.0])
    assert entry_scores(words).tolist() == pytest.approx([5.0, 1.0])


def test_fills_try_the_highest_floor_first(english):
    """The quality ladder: floors above the user's minimum, highest first, then the minimum itself; a small
    grid finishes at the top floor, every word the search chose scoring at least it."""
    from puzzlewright.grid.score import FLOORS, entry_scores, floor_ladder

    assert floor_ladder(None) == FLOORS and floor_ladder(None, lowest=None) == (*FLOORS, None)
    assert floor_ladder(2.2) == (3.0, 2.5, 2.2) and floor_ladder(3.5) == (3.5,) and floor_ladder(0) == (*FLOORS, 0)
    scores = crossword_scores(english)
    result = api.fill({"grid": README_TEMPLATE, "count": 3}, lexicon=english)
    assert result.floor == FLOORS[0]
    for fill in result:
        assert min(scores[word] for word in fill.words) >= FLOORS[0]
    unique = api.fill({"grid": "eras/lick/more/....", "dict": "acrostic-4", "unique": True})
    assert unique.floor is None  # proving uniqueness searches every word: no floor


XYLEM_GRID = "xylem/...../...../....."  # a placed word whose only fills hold an entry under 1.5 (YARE, 0.63)


def test_a_fill_goes_no_lower_than_the_lowest_floor_unless_asked_and_says_so(english, cli):
    """Round four's audit saw a re-fill round a placed word print MSEC, OXIMES, AREOLAE "with no quality
    floor". Over a built-in dictionary a fill now stops at the lowest floor (1.5); the grid under XYLEM has
    fills only with a weaker entry (YARE, 0.63), so the default fill finds none and says what would let
    one in; asked for (``min_score`` 0) the fill holds only words the crossword policy allows."""
    from puzzlewright.grid.score import LOWEST_FLOOR, lowest_floor
    from puzzlewright.lexicon.policy import Use, left_out

    assert lowest_floor(english) == LOWEST_FLOOR == 1.5
    default = api.fill({"grid": XYLEM_GRID}, lexicon=english)
    assert not default.fills and default.floor == LOWEST_FLOOR and default.complete
    assert "at quality floor 1.5" in default.explanation and "lower minimum score" in default.explanation
    weaker = api.fill({"grid": XYLEM_GRID, "min_score": 0}, lexicon=english)
    assert weaker.best is not None and weaker.floor == 0 and weaker.best.min_score < LOWEST_FLOOR
    assert "yare" in weaker.best.words
    large = load_lexicon("english-large")
    assert not [word for word in weaker.best.words[1:] if large.flags_of(word) & left_out(Use.CROSSWORD)]
    printed = cli("grid", "fill", "--template", XYLEM_GRID)
    assert printed.exit_code == 1 and printed.stdout.strip() == default.explanation
    assert "YARE" in cli("grid", "fill", "--template", XYLEM_GRID, "--min-score", "0").stdout


def test_default_fills_hold_no_entry_below_the_lowest_floor(english):
    """Every word the search chooses scores at least the lowest floor, over a few seeds of a small open
    grid, re-rolls included (a re-roll is a fill round the slot)."""
    from puzzlewright.grid.score import LOWEST_FLOOR

    scores = crossword_scores(english)
    for seed in range(4):
        result = api.fill({"grid": "...../...../...../.....", "random_seed": seed}, lexicon=english)
        assert result.best is not None and result.floor >= LOWEST_FLOOR
        assert min(scores[word] for word in result.best.words) >= LOWEST_FLOOR
        rerolled = api.reroll({"grid": result.best.rows, "slot": "1-Across", "random_seed": seed}, lexicon=english)
        for fill in rerolled:
            assert min(scores[word] for word in fill.words) >= LOWEST_FLOOR


def test_a_word_list_files_own_words_still_fill_with_no_floor(tmp_path):
    """A word list file's words carry none of our evidence (they score 0 unless the reference knows them):
    the user vouches for them, so a fill from one goes on down to no floor."""
    from puzzlewright.grid.score import lowest_floor

    path = tmp_path / "words.txt"
    path.write_text("qa\nxq\nqx\naq\n")
    words = load_lexicon(str(path))
    assert lowest_floor(words) is None
    result = api.fill({"grid": "../.."}, lexicon=words)
    assert result.best is not None and result.floor is None


def test_a_whole_given_slot_keeps_its_word_whatever_its_score(english):
    """Floors apply to the slots the search fills: a word the user wrote in whole stays (ETUI)."""
    result = api.fill({"grid": "etui/..../..../....", "count": 1}, lexicon=english)
    assert result.best is not None and result.best.rows[0] == "etui" and result.best.weakest == "etui"


def test_a_floor_that_keeps_the_same_words_as_the_one_below_is_skipped(tmp_path):
    from puzzlewright.grid.filler import Filler
    from puzzlewright.lexicon import load_lexicon

    path = tmp_path / "scored.txt"  # scores 3.0 and 1.8: floors 3 and 2.5 keep the same words, as do 1.5 and none
    path.write_text("abc;50\ndef;50\nadg;30\nbeh;30\ncfi;50\nxyz;30\n")
    filler = Filler(Grid.empty(3, 3, 3), load_lexicon(str(path)))
    assert filler.floors == (2.0, None)
    assert Filler(Grid.parse("abc/def/ghi", 3), load_lexicon(str(path))).floors == (None,)  # nothing to fill
