"""Wordle: the feedback rule (examples and a property test against a plain implementation), patterns,
and Doodle (every word re-scored, impossible patterns explained, distinct words, hard mode)."""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Lexicon, WordTable, load_lexicon
from puzzlewright.schema import to_jsonable
from puzzlewright.wordle import api
from puzzlewright.wordle.doodler import NEAR_EQUAL, Doodler, impossibility
from puzzlewright.wordle.scoring import Scorer, feedback, feedback_matrix
from puzzlewright.wordle.model import Pattern, parse_grid, parse_painted_grid
from puzzlewright.wordle.words import COMMON_TIER, word_pool


def _as_json(verb):
    """A verb of ``wordle.api`` answering with the JSON users get (the CLI's --json, the web API's body)."""
    return lambda request, **options: to_jsonable(verb(request, **options))


def row_json(row) -> dict:
    """A doodle row as the JSON users get."""
    return to_jsonable(api.doodle_row(row))


json_doodle, json_assist, json_play, json_feedback = (_as_json(api.doodle), _as_json(api.assist),
                                                      _as_json(api.play), _as_json(api.feedback))


SMILEY = ["BBBBB", "BGBGB", "BBBBB", "GBBBG", "BGGGB", "BBBBB"]


def plain_feedback(guess: str, answer: str) -> str:
    """An independent statement of the rule: greens, then yellows left to right from a list of leftovers."""
    result = ["B"] * len(guess)
    leftovers = []
    for g, a in zip(guess, answer):
        if g != a:
            leftovers.append(a)
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            result[i] = "G"
        elif g in leftovers:
            result[i] = "Y"
            leftovers.remove(g)
    return "".join(result)


def table_of(words: list[str]) -> WordTable:
    letters = np.array([[ord(c) - 97 for c in w] for w in words], np.uint8)
    return WordTable(len(words[0]), tuple(words), letters, np.zeros(len(words), np.float32))


def hard_mode_violation(rows: list[tuple[str, str]]) -> str | None:
    """Independent check of hard mode over (word, pattern) rows: greens kept, revealed letters reused."""
    for r, (word, _) in enumerate(rows):
        for earlier, marks in rows[:r]:
            for i, mark in enumerate(marks):
                if mark == "G" and word[i] != earlier[i]:
                    return f"row {r + 1} drops green {i + 1}"
            for letter in set(earlier):
                revealed = sum(1 for c, m in zip(earlier, marks) if c == letter and m != "B")
                if word.count(letter) < revealed:
                    return f"row {r + 1} lacks {letter!r}"
    return None


@pytest.fixture(scope="module")
def guesses() -> Lexicon:
    return load_lexicon("wordle-guesses")


@pytest.fixture(scope="module")
def crane(guesses) -> Doodler:
    return Doodler("crane", word_pool(guesses, 5))


# -- the rule -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("guess, answer, expected", [
    ("speed", "abide", "BBYBY"), ("level", "hotel", "BBBGG"), ("speed", "erase", "YBYYB"),
    ("crane", "crane", "GGGGG"), ("eerie", "elder", "GYYBB"), ("aaabb", "bbaaa", "YYGYY"),
])
def test_issue_examples(guess, answer, expected):
    assert str(feedback(guess, answer)) == expected
    assert Pattern.from_code(Scorer(table_of([guess])).against(np.frombuffer(answer.encode(), np.uint8) - 97)[0],
                             len(answer)) == Pattern.parse(expected)


pairs = st.integers(3, 12).flatmap(lambda n: st.tuples(st.text("abcd", min_size=n, max_size=n),
                                                       st.text("abcde", min_size=n, max_size=n)))


@settings(max_examples=300, deadline=None)
@given(pairs)
def test_feedback_matches_plain_rule(pair):
    guess, answer = pair
    assert str(feedback(guess, answer)) == plain_feedback(guess, answer)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12).flatmap(lambda n: st.tuples(
    st.lists(st.text("abcz", min_size=n, max_size=n), min_size=1, max_size=12),
    st.lists(st.text("abc", min_size=n, max_size=n), min_size=1, max_size=6))))
def test_vectorised_matrix_matches_plain_rule(lists):
    guess_words, answer_words = lists
    matrix = feedback_matrix(table_of(answer_words), table_of(guess_words))
    n = len(guess_words[0])
    for a, answer in enumerate(answer_words):
        for g, guess in enumerate(guess_words):
            assert str(Pattern.from_code(matrix[a, g], n)) == plain_feedback(guess, answer)


def test_matrix_spot_check_on_real_lists(guesses):
    answers = load_lexicon("wordle-answers").of_length(5)
    some = table_of(list(answers.words[::97]))
    matrix = feedback_matrix(some, guesses.of_length(5))
    rng = np.random.default_rng(5)
    for a, g in zip(rng.integers(len(some), size=500), rng.integers(len(guesses), size=500)):
        assert str(Pattern.from_code(matrix[a, g], 5)) == plain_feedback(guesses.words[g], some.words[a])


# -- patterns -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["GYBBB", "gyb..", "21000", "🟩🟨⬛⬛⬛", "🟩🟨⬜⬜⬜", "🟩\ufe0f🟨⬛⬛⬛"])
def test_pattern_notations(text):
    pattern = Pattern.parse(text, 5)
    assert str(pattern) == "GYBBB" and pattern.digits() == "21000" and pattern.emoji() == "🟩🟨⬛⬛⬛"
    assert Pattern.from_code(pattern.code, 5) == pattern


def test_pattern_codes_cover_all_patterns():
    codes = {Pattern(marks).code for marks in itertools.product(range(3), repeat=4)}
    assert codes == set(range(81)) and Pattern.solved(4).code == 80


@pytest.mark.parametrize("text, message", [("GYBXB", "'X' is not a pattern symbol"),
                                           ("GYBB", "has 4 marks but the words have 5 letters"),
                                           ("🟥🟩🟩🟩🟩", "is not a pattern symbol"), ("", "empty pattern")])
def test_bad_patterns(text, message):
    with pytest.raises(PuzzleInputError, match=message):
        Pattern.parse(text, 5)


def test_grid_from_a_pasted_result():
    pasted = "Wordle 1,234 3/6\n\n⬛🟨⬛⬛⬛\n🟩⬛🟩⬛🟨\n🟩🟩🟩🟩🟩\n"
    assert [str(p) for p in parse_grid(pasted, 5)] == ["BYBBB", "GBGBY", "GGGGG"]


# -- impossible patterns ----------------------------------------------------------------------------------


def test_impossible_pattern_explained():
    reason = impossibility("crane", Pattern.parse("GGGGY"))
    assert reason and "yellow at position 5" in reason and "available: none" in reason
    assert impossibility("crane", Pattern.parse("YYYYY")) is None


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 4).flatmap(lambda n: st.text("abc", min_size=n, max_size=n)))
def test_impossibility_agrees_with_brute_force(answer):
    n = len(answer)
    reachable = {plain_feedback("".join(g), answer) for g in itertools.product("abcz", repeat=n)}
    for marks in itertools.product("BYG", repeat=n):
        pattern = "".join(marks)
        assert (impossibility(answer, Pattern.parse(pattern)) is None) == (pattern in reachable), pattern


# -- doodle ---------------------------------------------------------------------------------------------


def test_every_doodle_word_rescored(crane, guesses):
    grid = [Pattern.parse(p) for p in SMILEY + ["YYBBB", "GYBBY", "GGGGG"]]
    result = crane.doodle(grid, seed=3)
    for row in result.rows:
        assert row.word in guesses and plain_feedback(row.word, "crane") == str(row.pattern)
        assert row.matches == sum(plain_feedback(w, "crane") == str(row.pattern) for w in guesses.words)


def test_all_lists_every_match_in_the_order_rows_choose(crane, guesses):
    """Tiers first (common answer-list words, common words, answer-list words, the rest), then familiarity;
    the seed only swaps near-equals; the row's word is the first listed."""
    answers = load_lexicon("wordle-answers").word_set
    common = load_lexicon(COMMON_TIER).word_set
    for seed in (1, 2):
        row = crane.doodle([Pattern.parse("BBYBB")], list_all=True, seed=seed).rows[0]
        expected = [w for w in guesses.words if plain_feedback(w, "crane") == "BBYBB"]
        assert sorted(row.words) == expected and row.word == row.words[0]
        known = [float(guesses.familiarity(w)) for w in row.words]
        tiers = [2 * (w in common) + (w in answers) for w in row.words]
        assert tiers == sorted(tiers, reverse=True) and tiers[0] == 3
        for i in range(len(known)):
            assert all(known[i] + NEAR_EQUAL >= known[j] for j in range(i + 1, len(known)) if tiers[j] == tiers[i])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2314), st.lists(st.text("GYB", min_size=5, max_size=5), min_size=1, max_size=6),
       st.integers(0, 99))
def test_no_row_shows_a_word_outside_english_common_when_one_inside_fits(guesses, answer_index, painted, seed):
    """The benchmark's promise on random grids: an everyday word whenever one fits."""
    answer = load_lexicon("wordle-answers").words[answer_index]
    common = load_lexicon(COMMON_TIER).word_set
    rows = Doodler(answer, word_pool(guesses, 5)).doodle(parse_painted_grid(painted, 5), seed=seed).rows
    for text, row in zip(painted, rows):
        fitting = {w for w in guesses.words if plain_feedback(w, answer) == text}
        assert (row.word in fitting) if fitting else row.word is None
        if fitting & common:
            assert row.word in common


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2314), st.lists(st.text("GYB?+-", min_size=5, max_size=5), min_size=1, max_size=6),
       st.integers(0, 99), st.booleans())
def test_each_row_shows_the_first_word_of_its_whole_order(guesses, answer_index, painted, seed, best_effort):
    """A plain doodle finds each row's word without sorting the row's words: it must be the word the whole
    order (as ``list_all`` lists it) puts first, wildcards, best effort and the answer-last rule included."""
    answer = load_lexicon("wordle-answers").words[answer_index]
    doodler = Doodler(answer, word_pool(guesses, 5))
    rows = parse_painted_grid(painted, 5)
    plain = doodler.doodle(rows, seed=seed, best_effort=best_effort).rows
    listed = doodler.doodle(rows, seed=seed, best_effort=best_effort, list_all=True).rows
    assert [row.word for row in plain] == [row.word for row in listed]
    assert [row.word for row in listed] == [row.words[0] if row.words else None for row in listed]


def test_a_row_chooses_alike_in_any_grid_with_or_without_distinct(crane):
    grid = [Pattern.parse(p) for p in ["BBBBB", "BGBGB", "GBBBG", "BGGGB", "YYBBB"]]
    for seed in (1, 7, 123):
        alone = [crane.doodle([p], seed=seed).rows[0].word for p in grid]
        assert [row.word for row in crane.doodle(grid, seed=seed).rows] == alone
        assert [row.word for row in crane.doodle(grid[::-1], seed=seed).rows] == alone[::-1]
        assert [row.word for row in crane.doodle(grid, seed=seed, distinct=True).rows] == alone
    issue_example = [row.word for row in crane.doodle(grid[:4], seed=1).rows]
    assert not {"tuktu", "wrung", "clepe", "prang"} & set(issue_example)  # the issue's seed-1 words


def test_a_solved_row_above_the_last_is_a_warning(crane):
    notes = crane.doodle([Pattern.parse(p) for p in ["BGBGB", "GGGGG", "BBBBB", "GGGGG"]], seed=1).notes
    assert notes == ["warning: row 2 is solved (all green) but is not the last row; in a real game the rows "
                     "after it would not be played"]
    assert crane.doodle([Pattern.parse(p) for p in ["BGBGB", "GGGGG"]], seed=1).notes == []


def test_all_in_hard_mode_lists_the_legal_words(crane):
    rows = crane.doodle([Pattern.parse("BYBBB"), Pattern.parse("YBBBB")], list_all=True, seed=1, hard=True,
                        distinct=True).rows
    assert rows[1].word in rows[1].words and len(rows[1].words) < rows[1].matches
    assert all(hard_mode_violation([(rows[0].word, "BYBBB"), (word, "YBBBB")]) is None for word in rows[1].words)


def test_seed_reproducible(crane):
    grid = [Pattern.parse(p) for p in SMILEY]
    assert crane.doodle(grid, seed=11) == crane.doodle(grid, seed=11)


def test_distinct_uses_no_word_twice(crane):
    rows = crane.doodle([Pattern.parse(p) for p in SMILEY], seed=2, distinct=True).rows
    words = [row.word for row in rows]
    assert None not in words and len(set(words)) == len(words)


def test_distinct_backtracks_around_a_forced_word(crane):
    # BBGBB with few matches twice, plus rows that would happily grab them: a perfect assignment exists.
    pattern = Pattern.parse("GGGGB")
    matches = len(crane.matches(pattern))
    rows = crane.doodle([pattern] * matches, seed=4, distinct=True).rows
    assert len({row.word for row in rows}) == matches
    extra = crane.doodle([pattern] * (matches + 1), seed=4, distinct=True).rows
    assert [row.word for row in extra].count(None) == 1
    assert "already used" in next(row.reason for row in extra if row.word is None)


def test_hard_mode_rows_are_legal(crane):
    grid = ["BYBBB", "YBYBB", "GYBBY", "GGBBG", "GGGGG"]
    result = crane.doodle([Pattern.parse(p) for p in grid], seed=5, hard=True)
    assert result.complete
    rows = [(row.word, str(row.pattern)) for row in result.rows]
    assert all(word for word, _ in rows)
    assert hard_mode_violation(rows) is None
    assert all(plain_feedback(word, "crane") == pattern for word, pattern in rows)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2314), st.lists(st.integers(0, 12971), min_size=2, max_size=6), st.integers(0, 99),
       st.booleans())
def test_hard_mode_property(guesses, answer_index, row_words, seed, distinct):
    answer = load_lexicon("wordle-answers").words[answer_index]
    patterns = [Pattern.parse(plain_feedback(guesses.words[i], answer)) for i in row_words]
    result = Doodler(answer, word_pool(guesses, 5)).doodle(patterns, seed=seed, hard=True, distinct=distinct)
    filled = [(row.word, str(row.pattern)) for row in result.rows if row.word]
    assert all(plain_feedback(word, answer) == pattern for word, pattern in filled)
    assert hard_mode_violation(filled) is None
    if distinct:
        assert len({word for word, _ in filled}) == len(filled)
    assert all(row.reason for row in result.rows if not row.word)


def test_hard_mode_reports_dropped_green(crane):
    rows = crane.doodle([Pattern.parse(p) for p in SMILEY], seed=5, hard=True).rows
    assert rows[1].word and rows[2].word is None
    assert "row 2 reveals a green at position 2" in rows[2].reason


def test_hard_mode_needs_as_many_coloured_squares(crane):
    rows = crane.doodle([Pattern.parse(p) for p in ["BYBBB", "BBBBB", "YBBBB"]], seed=5, hard=True).rows
    assert rows[0].word and rows[1].word is None and rows[2].word
    assert "row 1 reveals 1 letter of the answer; a guess reusing it shows at least 1 coloured square" in rows[1].reason
    assert hard_mode_violation([(rows[0].word, "BYBBB"), (rows[2].word, "YBBBB")]) is None


def test_no_dictionary_word_but_possible(crane):
    row = crane.doodle([Pattern.parse("GGBYY")]).rows[0]  # e.g. 'crxea' would give it; no real word does
    assert row.word is None and row.matches == 0 and row.possible
    assert row.reason == "no word in wordle-guesses gives this pattern"


# -- the API and its bad input -------------------------------------------------------------------------------


def test_api_doodle_shape():
    result = json_doodle({"answer": "crane", "patterns": ["GYBBB", "🟩🟩⬛⬛⬛"], "random_seed": 1})
    assert result["answer"] == "crane" and result["dictionary"] == "wordle-guesses" and result["random_seed"] == 1
    assert [set(row) >= {"pattern", "word", "matches", "possible"} for row in result["rows"]] == [True, True]
    assert json.loads(json.dumps(result)) == result


def test_api_random_answer_is_reproducible():
    first = json_doodle({"answer": "random", "patterns": ["BGBGB"], "random_seed": 9})
    again = json_doodle({"answer": "random", "patterns": ["BGBGB"], "random_seed": 9})
    assert first.pop("elapsed_s") >= 0 and again.pop("elapsed_s") >= 0  # each run takes its own time
    assert first == again
    assert first["answer"] in load_lexicon("wordle-answers")


def test_answer_outside_dictionary_is_allowed_with_note():
    result = json_doodle({"answer": "qxzzy", "patterns": ["GGGGG", "BBBBB"], "random_seed": 1})
    assert result["rows"][0]["word"] == "qxzzy"
    assert any("not in wordle-guesses" in note for note in result["notes"])


def test_mixed_lengths_use_the_answers_length():
    words = ["cat", "cot", "dog", "crane", "crate", "trace", "plane", "abcdef"]
    patterns = [plain_feedback(word, "crane") for word in ("crate", "trace", "plane")]
    result = json_doodle({"answer": "crane", "patterns": patterns, "words": words, "random_seed": 1})
    assert [row["word"] for row in result["rows"]] == ["crate", "trace", "plane"]
    assert any("4 words of 5 letters" in note and "4 words of other lengths" in note for note in result["notes"])


@pytest.mark.parametrize("request_, message", [
    ({"answer": "crane", "patterns": ["GYBB"]}, "has 4 marks but the words have 5 letters"),
    ({"answer": "crane", "patterns": ["GYBQB"]}, "'Q' is not a pattern symbol"),
    ({"answer": "cr4ne", "patterns": ["GYBBB"]}, "not a word of letters"),
    ({"answer": "ab", "patterns": ["GY"]}, "Wordle words have 3 to 12"),
    ({"answer": "crane", "patterns": []}, "no pattern rows"),
    ({"answer": "crane", "patterns": ["GYBBB"], "words": ["cat", "dog"]}, "no words of 5 letters"),
    ({"answer": "random", "patterns": ["BBBBB"], "random_seed": -1}, "field 'random_seed' must be at least 0, not -1"),
    ({"answer": "crane", "patterns": ["BGBGB"] * 1000}, "at most 100 rows"),  # was a RecursionError
])
def test_bad_doodle_requests(request_, message):
    with pytest.raises(PuzzleInputError, match=message):
        json_doodle(request_)


# -- the CLI ---------------------------------------------------------------------------------------------


def test_cli_feedback(cli):
    result = cli("wordle", "feedback", "speed", "erase")
    assert result.exit_code == 0 and result.stdout.startswith("YBYYB")


def test_cli_doodle_json_and_grid_file(cli, tmp_path):
    grid = tmp_path / "grid.txt"
    grid.write_text("Wordle 1,234 3/6\n⬛🟨⬛⬛⬛\n🟩⬛🟩⬛🟨\n🟩🟩🟩🟩🟩\n", encoding="utf-8")
    result = cli("wordle", "doodle", "--answer", "crane", "--grid", str(grid), "--random-seed", "1", "--json")
    assert result.exit_code == 0
    rows = result.json()["rows"]
    assert [row["pattern"] for row in rows] == ["BYBBB", "GBGBY", "GGGGG"]
    assert all(plain_feedback(row["word"], "crane") == row["pattern"] for row in rows)


def test_cli_doodle_grid_file_may_start_with_a_byte_order_mark(cli, tmp_path):
    grid = tmp_path / "grid.txt"
    grid.write_bytes("\ufeffBBBBB\nGGGGG\n".encode())
    result = cli("wordle", "doodle", "--answer", "crane", "--grid", str(grid), "--random-seed", "1", "--json")
    assert result.exit_code == 0 and [row["pattern"] for row in result.json()["rows"]] == ["BBBBB", "GGGGG"]


def test_cli_doodle_binary_grid_file_is_one_line_exit_2(cli, tmp_path):
    grid = tmp_path / "grid.bin"
    grid.write_bytes(b"\x00\xff\xfe\x80")
    result = cli("wordle", "doodle", "--answer", "crane", "--grid", str(grid))
    assert result.exit_code == 2 and result.stderr == f"error: grid file is not UTF-8 text: {grid}\n"


def test_cli_doodle_text_explains_impossible_row(cli):
    result = cli("wordle", "doodle", "--answer", "crane", "GGGGY", "BGBGB", "--random-seed", "1")
    assert result.exit_code == 0 and "impossible for 'crane'" in result.stdout


def test_a_rare_only_fit_is_marked_never_printed_as_if_fine(cli):
    """The audit saw doodles print RUERS and SURES where they are the only fits. Against PURSE only RUERS
    scores YGYBY: the row shows it marked rare (``rare``, the reason, a note naming the row), while rows
    of common words and the answer itself (the user's) carry no mark; the CLI prints the mark too."""
    from puzzlewright.wordle.doodler import RARE_WORD

    result = api.doodle({"answer": "purse", "patterns": ["YGYBY", "BBBBB", "GGGGG"], "random_seed": 1})
    rare, common, solved = result.rows
    assert rare.word == "ruers" and rare.matches == 1 and rare.rare and rare.reason == RARE_WORD
    assert common.word in load_lexicon(COMMON_TIER) and not common.rare and common.reason is None
    assert solved.word == "purse" and not solved.rare
    assert [note for note in result.notes if "RUERS" in note] == [
        "rare word in row 1 (RUERS): neither a common word nor a Wordle answer; repaint the row, or print it knowingly"]
    printed = cli("wordle", "doodle", "--answer", "purse", "YGYBY", "GGGGG", "--random-seed", "1")
    assert printed.exit_code == 0 and f"RUERS  (1 matching; {RARE_WORD})" in printed.stdout
    plain = api.doodle({"answer": "crane", "patterns": ["BBBBB", "BGBGB", "GBBBG", "BGGGB"], "random_seed": 1})
    assert not any(row.rare for row in plain.rows) and not plain.notes


@pytest.mark.parametrize("args, message", [
    (("doodle", "--answer", "crane", "GYBB"), "has 4 marks"),
    (("doodle", "--answer", "crane", "GYBXB"), "not a pattern symbol"),
    (("doodle", "--answer", "crane"), "give the pattern rows"),
    (("feedback", "crane", "cranes"), "has 5 letters, not 6"),
    (("doodle", "--answer", "random", "BBBBB", "--random-seed", "-1"), "-1 is not in the range x>=0"),
    (("doodle", "--answer", "crane", *["BGBGB"] * 1000), "at most 100 rows"),
])
def test_cli_bad_input_is_one_line_exit_2(cli, args, message):
    result = cli("wordle", *args)
    assert result.exit_code == 2 and message in result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_tour_step_shows_a_smiley(capsys):
    from puzzlewright.cli.wordle import TOUR_ANSWER, tour_step
    from puzzlewright.wordle.pictures import PRESETS

    TOUR_GRID = PRESETS["smiley"]
    tour_step()
    lines = capsys.readouterr().out.splitlines()
    assert TOUR_ANSWER.upper() in lines[0] and len(lines) == 1 + len(TOUR_GRID)
    for line, pattern in zip(lines[1:], TOUR_GRID):
        word = line.split()[-1].lower()
        assert plain_feedback(word, TOUR_ANSWER) == pattern


def test_cli_doodle_min_commonness_like_the_api(cli, guesses):
    args = ("wordle", "doodle", "--answer", "crane", "BBBBB", "BGBGB", "BYBBB", "--random-seed", "3", "--all")
    result = cli(*args, "--min-commonness", "4", "--json")
    assert result.exit_code == 0, result.stderr
    rows = result.json()["rows"]
    assert all(guesses.familiarity(word) >= 4 for row in rows for word in row["words"])
    through_api = json_doodle({"answer": "crane", "patterns": ["BBBBB", "BGBGB", "BYBBB"], "random_seed": 3,
                              "all": True, "min_commonness": 4})
    assert [row["words"] for row in rows] == [row["words"] for row in through_api["rows"]]


# -- wildcards and best effort ----------------------------------------------------------------------------


def fits_painted(pattern: str, painted: str) -> bool:
    """Independent reading of the wildcards: ? any colour, + green or yellow, - yellow or grey."""
    allowed = {"?": "GYB", "+": "GY", "-": "YB"}
    return len(pattern) == len(painted) and all(p in allowed.get(c, c) for p, c in zip(pattern, painted))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2314), st.lists(st.text("GYB?+-", min_size=5, max_size=5), min_size=1, max_size=5),
       st.integers(0, 99), st.booleans(), st.booleans())
def test_wildcard_rows_are_filled_with_words_whose_real_pattern_fits(guesses, answer_index, painted, seed,
                                                                     distinct, hard):
    answer = load_lexicon("wordle-answers").words[answer_index]
    doodler = Doodler(answer, word_pool(guesses, 5))
    result = doodler.doodle(parse_painted_grid(painted, 5), seed=seed, distinct=distinct, hard=hard)
    for text, row in zip(painted, result.rows):
        fitting = [w for w in guesses.words if fits_painted(plain_feedback(w, answer), text)]
        assert row.matches == len(fitting)
        if row.word:
            assert plain_feedback(row.word, answer) == str(row.pattern) and fits_painted(str(row.pattern), text)
        else:
            assert row.reason
            assert row.possible or not fitting
    if hard:
        assert hard_mode_violation([(row.word, str(row.pattern)) for row in result.rows if row.word]) is None


def test_wildcards_choose_the_colours_of_the_most_familiar_word(crane, guesses):
    row = crane.doodle([Pattern.parse("BGBGB")], seed=1).rows[0]  # the same word as when painted exactly...
    wild = crane.doodle(parse_painted_grid(["?????", "-G-G-", "BGBGB"], 5), seed=1, list_all=True).rows
    assert wild[2].word == row.word and row_json(wild[2])["painted"] is None
    assert row_json(wild[1])["painted"] == "-G-G-" and fits_painted(str(wild[1].pattern), "-G-G-")
    known = {w: guesses.familiarity(w) for w in guesses.words}
    assert known[wild[0].word] >= max(known.values()) - NEAR_EQUAL  # any colours: among the most familiar words
    assert row_json(wild[0])["pattern"] == plain_feedback(wild[0].word, "crane")


def test_wildcards_avoid_a_solved_row_above_the_last(crane):
    rows = crane.doodle(parse_painted_grid(["+++++", "+++++"], 5), seed=1).rows
    assert rows[0].word != "crane" and str(rows[0].pattern) != "GGGGG"
    assert rows[1].word == "crane"  # the last row may be the answer: crane is the most familiar fit


def test_best_effort_changes_the_fewest_cells_and_says_which(crane):
    rows = crane.doodle(parse_painted_grid(["GGGGY", "BGBGB", "YYYYY"], 5), seed=1, best_effort=True).rows
    assert rows[0].word and str(rows[0].pattern) in {"GGGGB", "GGGGG"}  # one cell changed: the least
    assert rows[0].changed == [5] and not rows[0].possible and rows[0].matches == 0
    assert rows[0].reason.startswith("best effort: changed cell 5 from yellow to ")
    assert row_json(rows[0])["painted"] == "GGGGY" and row_json(rows[0])["changed"] == [5]
    assert rows[1].changed is None and row_json(rows[1])["painted"] is None
    assert plain_feedback(rows[2].word, "crane") == str(rows[2].pattern)
    assert len(rows[2].changed) == sum(a != b for a, b in zip(str(rows[2].pattern), "YYYYY"))
    closest = min(sum(a != b for a, b in zip(plain_feedback(w, "crane"), "YYYYY"))
                  for w in load_lexicon("wordle-guesses").words)
    assert len(rows[2].changed) == closest
    without = crane.doodle(parse_painted_grid(["GGGGY"], 5), seed=1).rows[0]
    assert without.word is None and without.changed is None


def test_cli_best_effort_and_wildcards(cli):
    result = cli("wordle", "doodle", "--answer", "crane", "GGGGY", "G?+-B", "--random-seed", "1", "--best-effort")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and "best effort: changed cell 5 from yellow to" in lines[1]
    assert "painted G?+-B" in lines[2]


@pytest.mark.parametrize("rows, message", [
    (["GYBXB"], "'X' is not a pattern symbol (use G/Y/B (or '.'), 2/1/0, or 🟩🟨⬛⬜; wildcards: ? any colour"),
    (["G?B*B"], "'*' is not a pattern symbol"),
    (["G?B"], "has 3 marks but the words have 5 letters"),
])
def test_bad_wildcard_rows(rows, message):
    with pytest.raises(PuzzleInputError, match=re.escape(message)):
        api.doodle({"answer": "crane", "patterns": rows})


def test_wildcards_are_for_doodles_only():
    with pytest.raises(PuzzleInputError, match="'\\?' is not a pattern symbol"):
        api.assist({"guesses": ["salet:BB?BB"]})
