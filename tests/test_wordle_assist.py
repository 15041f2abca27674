"""Wordle assistant: the cached pattern matrix, candidate filtering, the entropy figures, play, and the
strategy's quality over every answer."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_wordle import json_assist, json_play, plain_feedback

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.wordle import api
from puzzlewright.wordle.assistant import (Assistant, Strategy, Turn, _group_sums_by_counting,
                                           _group_sums_by_pairs, split_scores)
from puzzlewright.wordle.matrix import PatternMatrix, matrix_bytes
from puzzlewright.wordle.model import Pattern
from puzzlewright.wordle.words import word_pool


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory):
    """Keep the matrix cache of these tests out of the user's cache directory."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(scope="module")
def answers() -> Lexicon:
    return load_lexicon("wordle-answers")


@pytest.fixture(scope="module")
def matrix(answers) -> PatternMatrix:
    return PatternMatrix.load(word_pool(answers, 5), word_pool(load_lexicon("wordle-guesses"), 5))


@pytest.fixture(scope="module")
def assistant(matrix) -> Assistant:
    return Assistant(matrix, Strategy(matrix, opener="salet"))


def group_figures(guess: str, candidates: list[str]) -> tuple[float, float]:
    """Independent entropy (bits) and expected remaining count of a guess over candidate answers."""
    sizes = Counter(plain_feedback(guess, answer) for answer in candidates).values()
    k = len(candidates)
    return -sum(n / k * math.log2(n / k) for n in sizes), sum(n * n for n in sizes) / k


# -- the matrix -------------------------------------------------------------------------------------------


def test_matrix_shape_and_entries(matrix, answers):
    assert matrix.codes.shape == (2315, 12972) and matrix.codes.dtype == np.uint8
    rng = np.random.default_rng(3)
    guesses = matrix.guesses.table.words
    for a, g in zip(rng.integers(2315, size=300), rng.integers(12972, size=300)):
        assert str(Pattern.from_code(matrix.codes[a, g], 5)) == plain_feedback(guesses[g], answers.words[a])


def test_matrix_cache_round_trip(tmp_path):
    small_answers = word_pool(Lexicon(["crane", "slate", "abbey", "eerie"]), 5)
    small_guesses = word_pool(Lexicon(["crane", "slate", "abbey", "eerie", "tares", "salet"]), 5)
    built = PatternMatrix.load(small_answers, small_guesses, folder=tmp_path, reuse=False)
    assert built.source == "built" and list(tmp_path.glob("wordle-matrix-*.npy"))
    loaded = PatternMatrix.load(small_answers, small_guesses, folder=tmp_path, reuse=False)
    assert loaded.source == "cache" and np.array_equal(loaded.codes, built.codes)
    assert PatternMatrix.load(small_answers, small_guesses, folder=tmp_path).source == "memory"


def test_unwritable_cache_still_works(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(blocker / "cache"))
    pool = word_pool(Lexicon(["crane", "slate"]), 5)
    assert PatternMatrix.load(pool, pool, reuse=False).source == "built"


def test_column_of_a_word_outside_the_guess_list(matrix, answers):
    column = matrix.column("zzzzy")
    assert [str(Pattern.from_code(c, 5)) for c in column[:50]] == [plain_feedback("zzzzy", a)
                                                                   for a in answers.words[:50]]


# -- scoring guesses ---------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 120), st.integers(1, 20), st.integers(0, 2**31))
def test_group_sums_agree_with_counter(k, width, seed):
    codes = np.random.default_rng(seed).integers(0, 9, size=(k, width)).astype(np.uint8)
    counting = _group_sums_by_counting(codes, 9)
    pairs = _group_sums_by_pairs(codes)
    for g in range(width):
        sizes = Counter(codes[:, g].tolist()).values()
        expected = (sum(n * math.log2(n) for n in sizes), sum(n * n for n in sizes))
        assert np.allclose([counting[0][g], counting[1][g]], expected)
        assert np.allclose([pairs[0][g], pairs[1][g]], expected)


def test_suggestions_figures_are_right_and_best(assistant, answers):
    turns = [Turn("salet", Pattern.parse("BBYBB"))]
    left = assistant.candidates(turns)
    words = [answers.words[a] for a in left]
    suggestions = assistant.strategy.suggestions(left, 5)
    for s in suggestions:
        entropy, expected = group_figures(s.word, words)
        assert s.entropy == pytest.approx(entropy) and s.expected_remaining == pytest.approx(expected)
        assert s.possible_answer == (s.word in words)
    assert [s.entropy for s in suggestions] == sorted((s.entropy for s in suggestions), reverse=True)
    all_entropy, _ = split_scores(assistant.matrix.codes[left], 243)
    assert suggestions[0].entropy == pytest.approx(all_entropy.max())


# -- filtering and playing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("answer, guesses", [("crane", ["salet", "corny"]), ("abbey", ["eerie", "abbot"]),
                                              ("speed", ["erase", "abide"])])
def test_candidates_are_exactly_the_consistent_answers(assistant, answers, answer, guesses):
    turns = [Turn(g, Pattern.parse(plain_feedback(g, answer))) for g in guesses]
    left = [answers.words[a] for a in assistant.candidates(turns)]
    expected = [w for w in answers.words if all(plain_feedback(t.word, w) == str(t.pattern) for t in turns)]
    assert left == expected and answer in left


def test_contradictory_guess_is_named(assistant):
    turns = [Turn("salet", Pattern.parse("BBBBB")), Turn("crane", Pattern.parse("GGGGY"))]
    with pytest.raises(PuzzleInputError, match=r"guess 2 \(crane GGGGY\) is inconsistent with the guesses before"):
        assistant.candidates(turns)


@pytest.mark.parametrize("answer", ["crane", "abbey", "jazzy", "vivid", "eerie", "mummy"])
def test_play_solves_and_every_turn_is_scored_right(assistant, answer):
    played = assistant.play(answer)
    assert played[0].word == "salet" and played[-1].word == answer and len(played) <= 6
    assert all(str(t.pattern) == plain_feedback(t.word, answer) for t in played)


def test_entropy_strategy_over_every_answer(matrix):
    histogram, complete = Assistant(matrix, Strategy(matrix, opener="salet", lookahead=False)).simulate_all()
    assert complete
    assert sum(histogram.values()) == 2315 and max(histogram) <= 6
    assert sum(k * v for k, v in histogram.items()) / 2315 < 3.44


# -- API and CLI ------------------------------------------------------------------------------------------


def test_api_assist_shape():
    result = json_assist({"guesses": [{"word": "salet", "pattern": "BBYBB"}, "crane:BYBBB"], "top": 3})
    assert result["remaining"] == len(result["answers"]) == 10
    assert len(result["suggestions"]) == 3 and result["best"] == result["suggestions"][0]["word"]
    assert result["reason"].startswith("the fewest guesses over all 10 candidates, looking ahead: 2.00")
    assert set(result["suggestions"][0]) == {"word", "entropy", "expected_remaining", "possible_answer"}


@pytest.mark.parametrize("guesses", [[], ["salet:BBYBB", "crane:BYBBB"], ["salet:BBBBB"], ["salet:BYBBY"]])
def test_best_guess_leads_the_table_and_ties_keep_their_order_whatever_top(guesses):
    """The table's first row is the guess to play, the rest by entropy; ties (many 3.322-bit guesses after
    salet, crane) in one order, a possible answer first, then the more familiar, then alphabetical,
    whatever --top."""
    familiarity = load_lexicon("wordle-guesses").familiarity
    wide = json_assist({"guesses": guesses, "top": 60})
    best, rest = wide["suggestions"][0], wide["suggestions"][1:]
    assert best["word"] == wide["best"] and wide["reason"]
    keys = [(-s["entropy"], not s["possible_answer"], -familiarity(s["word"]), s["word"]) for s in rest]
    assert keys == sorted(keys)
    for top in (1, 2, 5, 13):
        assert json_assist({"guesses": guesses, "top": top})["suggestions"] == wide["suggestions"][:top]


def test_equally_good_guesses_go_to_the_most_familiar_on_every_machine(matrix):
    """Issue #27: after salet BBYBB, crane BYBBB many guesses tell the 10 candidates apart (2.00 guesses
    on average each, none a possible answer). Which one was played was left to ``np.argpartition``'s choice
    among ties, which depends on the CPU (BOURD, familiarity 0.5, on one machine; BUOYS on another). The
    tie rule picks: the most familiar, YOUNG; BUOYS (3.0) still ranks above BOURD."""
    familiarity = load_lexicon("wordle-guesses").familiarity
    result = json_assist({"guesses": ["salet:BBYBB", "crane:BYBBB"], "top": 200})
    words = [s["word"] for s in result["suggestions"]]
    tied = [s["word"] for s in result["suggestions"] if s["entropy"] == result["suggestions"][0]["entropy"]]
    assert {"young", "buoys", "bourd"} <= set(tied) and len(tied) > 12  # more than the lookahead looks at
    assert result["best"] == "young" == max(tied, key=familiarity)
    assert result["reason"] == "the fewest guesses over all 10 candidates, looking ahead: 2.00 guesses on average from here"
    assert words.index("buoys") < words.index("bourd")
    strategy = Strategy(matrix, opener="salet")
    left = Assistant(matrix, strategy).candidates([Turn("salet", Pattern.parse("BBYBB")),
                                                   Turn("crane", Pattern.parse("BYBBB"))])
    assert matrix.guesses.table.words[strategy.choose(left)] == "young"


@pytest.mark.parametrize("guesses", [["salet:BBYBB", "crane:BYBBB"], ["salet:BBBBB"], ["salet:BYBBY", "round:BBBBB"]])
def test_the_lookahead_shortlist_is_the_start_of_the_ranking_whatever_its_length(assistant, guesses):
    """Which of many tied guesses make a shortlist of any length is decided by the tie rule, not by how
    the partitioning met them: each shortlist is the start of the longer ones (and of the whole order)."""
    strategy = assistant.strategy
    left = assistant.candidates([Turn(g.split(":")[0], Pattern.parse(g.split(":")[1])) for g in guesses])
    longest = strategy.ranked(left, 300)
    for top in (1, 2, 5, 12, 50):
        assert strategy.ranked(left, top) == longest[:top]
    entropy, _, possible = strategy.scores(left)
    score = np.round(entropy + 0.1 * possible, 9)
    keys = [(-score[g], not possible[g], -strategy.familiarity[g], g) for g in longest]
    assert keys == sorted(keys)


def test_the_ranking_does_not_depend_on_the_order_of_tied_candidates(assistant):
    """Permuting the guess columns' positions among equal scores cannot change the ranking: the order is
    computed from the keys alone (here: the shortlist recomputed with its tied columns reversed)."""
    from puzzlewright.ranking import best_rows

    strategy = assistant.strategy
    left = assistant.candidates([Turn("salet", Pattern.parse("BBYBB")), Turn("crane", Pattern.parse("BYBBB"))])
    entropy, _, possible = strategy.scores(left)
    score = entropy + 0.1 * possible
    columns = np.flatnonzero(np.isfinite(score))[::-1]  # any order in, the same order out
    again = columns[best_rows(strategy.familiarity[columns], score[columns], possible=possible[columns],
                              rows=columns, top=30)]
    assert again.tolist() == strategy.ranked(left, 30)


def test_cli_assist_prints_the_best_guess_as_the_first_row(cli):
    result = cli("wordle", "assist", "--guess", "salet:BBYBB", "--guess", "crane:BYBBB", "--top", "3")
    lines = result.stdout.splitlines()
    best = lines[1].split()[3]
    assert lines[1].startswith("best next guess: ") and "(the fewest guesses" in lines[1]
    assert lines[3].split()[0] == best.lower() and len(lines) == 6
    assert "expected left" in cli("wordle", "assist", "--help").stdout


def test_api_assist_solved_and_outside_word_noted():
    result = json_assist({"guesses": ["zzzzq:BBBBB", "salet:BBBBB", "crony:GGGGG"]})
    assert result["solved"] == "crony" and result["remaining"] == 1
    assert any("'zzzzq' is not in wordle-guesses" in note for note in result["notes"])


def test_api_play_checks_given_turns():
    with pytest.raises(PuzzleInputError, match="is not the feedback"):
        json_play({"answer": "crane", "guesses": ["salet:GGGGG"]})
    result = json_play({"answer": "crane", "guesses": ["pilot:BBBBB"]})
    assert result["turns"][0]["word"] == "pilot" and result["solved"]


@pytest.mark.parametrize("request_, message", [
    ({"guesses": ["salet"]}, "give it as WORD:PATTERN"),
    ({"guesses": ["salet:BBYB"]}, "has 4 marks"),
    ({"guesses": ["salet:BBYBB", "cranes:BBBBBB"]}, "has 6 letters, not 5"),
    ({"guesses": ["salet:BBYBB"], "top": 0}, "field 'top' must be at least 1, not 0"),
])
def test_bad_assist_requests(request_, message):
    with pytest.raises(PuzzleInputError, match=message):
        json_assist(request_)


def test_cli_assist_and_play(cli):
    result = cli("wordle", "assist", "--guess", "salet:BBYBB", "--guess", "crane:BYBBB", "--json")
    assert result.exit_code == 0 and result.json()["remaining"] == 10
    played = cli("wordle", "play", "crane")
    assert played.exit_code == 0 and "CRANE" in played.stdout and "solved in" in played.stdout


def test_cli_contradiction_is_one_line_exit_2(cli):
    result = cli("wordle", "assist", "--guess", "salet:BBBBB", "--guess", "crane:GGGGY")
    assert result.exit_code == 2 and result.stderr.startswith("error: guess 2 (crane GGGGY) is inconsistent")
    assert result.stderr.count("\n") == 1


def test_budget_falls_back_to_score_and_does_not_remember(matrix):
    from puzzlewright.budget import Budget

    strategy = Strategy(matrix, opener="salet")
    assistant = Assistant(matrix, strategy)
    left = assistant.candidates([Turn("salet", Pattern.parse("BBYBB"))])
    hurried = strategy.choose(left, budget=Budget(nodes=1))
    assert strategy.approximate and hurried == strategy.ranked(left, 1)[0]
    assert strategy._key(left) not in strategy._choice
    strategy.choose(left)
    assert not strategy.approximate and strategy._key(left) in strategy._choice


def test_play_all_stops_when_its_budget_runs_out(cli):
    from puzzlewright.errors import BudgetExceeded
    from puzzlewright.budget import Budget

    partial = json_play({"all": True}, budget=Budget(nodes=3))  # a partial histogram, said to be one
    assert partial["complete"] is False and 0 < partial["answers"] < 2315
    with pytest.raises(BudgetExceeded, match="node budget of 1"):  # stopped before any game was over
        json_play({"all": True}, budget=Budget(nodes=1))
    result = cli("wordle", "play", "--all", "--time-limit", "0.001")  # --answers wordle-guesses ran unbounded
    assert result.exit_code == 2 and result.stderr.startswith("error: search stopped: time budget of 0.001 s")
    assert result.stderr.count("\n") == 1


def test_play_uses_the_answers_length_not_the_lists_most_common_one(cli):
    result = cli("wordle", "play", "crane", "--answers", "english", "--json")  # english is mostly 8 letters
    assert result.exit_code == 0, result.stderr  # was "answer 'crane' has 5 letters, not 8"
    assert result.json()["solved"] and result.json()["turns"][-1]["word"] == "crane"


def test_answer_lists_the_assistant_cannot_use_are_refused(cli, tmp_path):
    words = tmp_path / "long.txt"
    words.write_text("a" * 10_000 + "\n")
    with pytest.raises(PuzzleInputError, match="10000-letter words; Wordle words have 3 to 12"):
        json_assist({}, answers=load_lexicon(str(words)))  # was a hang building a 10,000-letter matrix
    result = cli("wordle", "assist", "--answers", "english-large")  # 60,509 x 60,509: gigabytes
    assert result.exit_code == 2 and "more than the assistant's 256 MB" in result.stderr
    assert result.stderr.count("\n") == 1


def test_matrix_size_counts_bytes_and_is_refused_before_building(tmp_path, monkeypatch):
    """6+-letter codes take two bytes each: about 16,000 x 16,000 9-letter words is about 500 MB, refused
    at once."""
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    assert matrix_bytes(100, 100, 5) == 10_000 and matrix_bytes(100, 100, 6) == 20_000
    assert matrix_bytes(100, 100, 11) == 40_000
    nines = len(load_lexicon("english").of_length(9))
    megabytes = round(matrix_bytes(nines, nines, 9) / 2**20)
    assert megabytes > 256
    with pytest.raises(PuzzleInputError, match=rf"{nines:,} answers x {nines:,} guesses of 9 letters need a {megabytes} MB"):
        api.assist({"answers": "english", "guesses": ["abandoned:BBBBBBBBB"]})
    assert not list(tmp_path.iterdir())


def test_request_derived_lists_leave_no_cache_file(tmp_path, monkeypatch):
    """Only the shipped lists' matrix (which a request's own lists are cut from) may be kept on disk: it is
    in memory or not depending on what ran before in the process."""
    from puzzlewright.schema import validate
    from puzzlewright.wordle.matrix import lists_key
    from puzzlewright.wordle.schema import AssistRequest

    def matrix_file(request: dict) -> str:
        matrix = api._assistant(validate(AssistRequest, request), None, None, []).matrix
        return f"wordle-matrix-{lists_key(matrix.answers, matrix.guesses)}.npy"

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    derived = {"guesses": ["salet:BBYBB"], "exclude_words": ["zymic", "zoril"]}
    result = json_assist(derived)
    kept = {path.name for path in tmp_path.iterdir()}
    assert result["remaining"] > 1 and kept <= {matrix_file({"guesses": []})}
    assert matrix_file(derived) not in kept


def test_unknown_answer_list_is_refused():
    with pytest.raises(PuzzleInputError, match="unknown answer list"):
        json_assist({"guesses": [], "answers": "/etc/passwd"})


def test_concurrent_assists_keep_their_own_budgets():
    """The web app shares one strategy between threads: budgets and notes must not leak across them."""
    import threading

    from puzzlewright.budget import Budget

    request = {"guesses": ["crane:BBBBB", "doubt:BYBBB"]}
    expected = json_assist(request)["best"]
    results, errors = [], []

    def ask(seconds: float) -> None:
        try:
            for _ in range(3):
                results.append(json_assist(request, budget=Budget(seconds=seconds))["best"])
        except Exception as error:  # any exception is a failure of the test
            errors.append(repr(error))

    threads = [threading.Thread(target=ask, args=(30.0,)) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert results == [expected] * 18


# -- hard mode ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hard_assistant(matrix) -> Assistant:
    return Assistant(matrix, Strategy(matrix, opener="salet", hard=True))


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2314))
def test_hard_mode_plays_only_legal_guesses_and_solves_within_six(hard_assistant, answers, answer_index):
    from test_wordle import hard_mode_violation

    answer = answers.words[answer_index]
    played = hard_assistant.play(answer)
    rows = [(turn.word, str(turn.pattern)) for turn in played]
    assert all(plain_feedback(word, answer) == pattern for word, pattern in rows)
    assert hard_mode_violation(rows) is None and played[-1].word == answer and len(played) <= 6


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2314), st.integers(1, 3), st.integers(0, 10**6))
def test_hard_mode_suggestions_are_all_legal(answers, answer_index, turns, seed):
    """Whatever legal hard-mode history (random legal guesses), every suggested guess keeps the greens and
    uses the revealed letters, the best one included."""
    from test_wordle import hard_mode_violation

    answer = answers.words[answer_index]
    guesses = load_lexicon("wordle-guesses").words
    rng = np.random.default_rng(seed)
    rows: list[tuple[str, str]] = []
    for _ in range(turns):
        legal = [w for w in rng.choice(guesses, 400) if hard_mode_violation(rows + [(w, "")]) is None]
        if not legal or (rows and rows[-1][1] == "GGGGG"):
            break
        rows.append((legal[0], plain_feedback(legal[0], answer)))
    if rows[-1][1] == "GGGGG":
        return
    result = json_assist({"guesses": [f"{w}:{p}" for w, p in rows], "hard": True, "top": 30})
    if result.get("solved"):  # one answer left: nothing to suggest
        assert result["best"] == answer and result["suggestions"] == []
        return
    assert result["best"] == result["suggestions"][0]["word"]
    for s in result["suggestions"]:
        assert hard_mode_violation(rows + [(s["word"], "")]) is None, s["word"]


def test_hard_mode_refuses_an_illegal_history(cli):
    result = cli("wordle", "assist", "--hard", "--guess", "salet:BBYBB", "--guess", "crane:BYBBB")
    assert result.exit_code == 2 and result.stderr == (
        "error: guess 2 (crane) is not allowed in hard mode: it must keep every green in place and use every "
        "letter revealed by the guesses before it\n")
    assert cli("wordle", "assist", "--guess", "salet:BBYBB", "--guess", "crane:BYBBB").exit_code == 0
