"""Every puzzle endpoint through the ASGI test client: the same JSON as the library verb, checked against
the puzzle's rules, and each invalid input answered with a 4xx and one clear line (never a stack trace).

Each puzzle's cases skip until that puzzle's api module exists.
"""

from __future__ import annotations

import importlib
import importlib.util
import json

import pytest

from conftest import untimed

from puzzlewright.schema import dump_json

pytest.importorskip("fastapi")
pytest.importorskip("httpx2")
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from puzzlewright.web import create_app  # noqa: E402
from puzzlewright.web.endpoints import ENDPOINTS  # noqa: E402

PATHS = ("../../etc/passwd", "/etc/passwd")


def needs(puzzle: str):
    return pytest.mark.skipif(importlib.util.find_spec(f"puzzlewright.{puzzle}.api") is None,
                              reason=f"puzzlewright.{puzzle}.api is not there yet")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(search_seconds=10))


def post(client: TestClient, path: str, request: dict) -> dict:
    response = client.post(path, json=request)
    assert response.status_code == 200, response.text
    return untimed(response.json())


def library(puzzle: str, verb: str, request: dict) -> dict:
    """What the library verb itself returns for the request (JSON round trip, as the CLI prints it)."""
    function = getattr(importlib.import_module(f"puzzlewright.{puzzle}.api"), verb)
    return untimed(json.loads(dump_json(function(dict(request)))))


def assert_refused(client: TestClient, path: str, request, needle: str, status: int = 422) -> None:
    response = client.post(path, json=request)
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert needle.lower() in message.lower()
    assert "\n" not in message and "Traceback" not in response.text and "File \"" not in response.text


# -- Wordle ------------------------------------------------------------------------------------------

@needs("wordle")
def test_doodle_matches_library_and_rescores(client):
    from puzzlewright.wordle.scoring import feedback

    request = {"answer": "crane", "patterns": ["BGBGB", "GGGGG", "YYBBB", "GGGGY"], "random_seed": 7}
    result = post(client, "/api/wordle/doodle", request)
    assert result == library("wordle", "doodle", request)
    rows = result["rows"]
    for row in rows[:3]:
        assert row["possible"] and str(feedback(row["word"], "crane")) == row["pattern"]
    assert rows[1]["word"] == "crane"
    assert not rows[3]["possible"] and rows[3]["word"] is None and "impossible" in rows[3]["reason"]


def test_a_generator_that_finds_nothing_within_the_policy_is_a_4xx_naming_what_to_allow(client):
    """Jumble generate over words whose only fit for the answer's H is vulgar: 422 with the library's line."""
    request = {"answer": "HB", "lengths": "5,5", "words": ["whore", "crane", "table"], "min_commonness": 0,
               "random_seed": 1}
    assert_refused(client, "/api/jumble/generate", request, "allowing vulgar would let it in")
    assert post(client, "/api/jumble/generate", {**request, "allow": ["vulgar"]})["puzzles"]


@needs("wordle")
def test_doodle_marks_a_rare_word_as_the_library_does(client):
    """RUERS, the only word scoring YGYBY against PURSE, comes back marked rare, as from the library."""
    request = {"answer": "purse", "patterns": ["YGYBY", "GGGGG"], "random_seed": 1}
    result = post(client, "/api/wordle/doodle", request)
    assert result == library("wordle", "doodle", request)
    assert result["rows"][0]["word"] == "ruers" and result["rows"][0]["rare"] and not result["rows"][1]["rare"]


@needs("wordle")
def test_doodle_all_lists_every_match_most_common_first(client):
    from puzzlewright.wordle.scoring import feedback

    result = post(client, "/api/wordle/doodle", {"answer": "crane", "patterns": ["BGBGB"], "all": True})
    row = result["rows"][0]
    assert row["matches"] == len(row["words"]) > 10
    assert all(str(feedback(word, "crane")) == "BGBGB" for word in row["words"])


@needs("wordle")
def test_doodle_random_answer_and_hard_mode(client):
    from puzzlewright.wordle.scoring import feedback

    result = post(client, "/api/wordle/doodle", {"answer": "random", "patterns": ["BYBBB", "YGBBB"],
                                                 "random_seed": 3, "hard": True})
    answer = result["answer"]
    assert len(answer) == 5
    for row in result["rows"]:
        if row["word"]:
            assert str(feedback(row["word"], answer)) == row["pattern"]


@needs("wordle")
def test_assist_matches_library_and_keeps_consistent_answers(client):
    from puzzlewright.wordle.scoring import feedback

    request = {"guesses": ["salet:BBYBB", {"word": "crony", "pattern": "BYBBB"}], "top": 5}
    result = post(client, "/api/wordle/assist", request)
    assert result == library("wordle", "assist", request)
    assert result["remaining"] == len(result["answers"]) > 0
    for answer in result["answers"]:
        assert str(feedback("salet", answer)) == "BBYBB" and str(feedback("crony", answer)) == "BYBBB"


WORDLE_BAD = [
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGGG"]}, "6 marks"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GXBBB"]}, "not a pattern symbol"),
    ("/api/wordle/doodle", {"patterns": ["GGGGG"]}, "missing field 'answer'"),
    ("/api/wordle/doodle", {"answer": "crane"}, "missing field 'patterns'"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": [1]}, "field 'patterns[0]' must be a string"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": []}, "no pattern"),
    ("/api/wordle/doodle", {"answer": "cr4ne", "patterns": ["GGGGG"]}, "letters a-z"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "random_seed": "x"}, "random_seed"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "hard": "yes"}, "hard"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "dict": "klingon"}, "unknown dictionary"),
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "words": "a b 7"}, "not a word"),
    ("/api/wordle/assist", {"guesses": ["salet:GGGGG", "crane:BBBBB"]}, "inconsistent"),
    ("/api/wordle/assist", {"guesses": ["salet"]}, "WORD:PATTERN"),
    ("/api/wordle/assist", {"guesses": ["salet:BBBBB", "cranes:BBBBBB"]}, "6 letters"),
    ("/api/wordle/assist", {"guesses": "salet:BBBBB crane"}, "WORD:PATTERN"),  # one string: split, then checked
    ("/api/wordle/assist", {"top": 0}, "field 'top' must be at least 1, not 0"),
    ("/api/wordle/assist", {"guesses": ["salet:BBQBB"]}, "pattern symbol"),
] + [("/api/wordle/assist", {key: path}, "unknown dictionary") for key in ("answers", "dict") for path in PATHS] + [
    ("/api/wordle/doodle", {"answer": "crane", "patterns": ["GGGGG"], "dict": path}, "unknown dictionary")
    for path in PATHS]


@needs("wordle")
@pytest.mark.parametrize("path, request_, needle", WORDLE_BAD)
def test_wordle_bad_input(client, path, request_, needle):
    assert_refused(client, path, request_, needle)


# -- Letter Boxed --------------------------------------------------------------------------------------

def check_letterboxed(sides: list[str], words: list[str], lexicon) -> None:
    """An independent check of the rules: box letters only, no side twice running, chained, all letters used."""
    side_of = {letter: number for number, side in enumerate(sides) for letter in side.upper()}
    for word in words:
        assert len(word) >= 3 and word.lower() in lexicon
        assert all(letter in side_of for letter in word.upper())
        assert all(side_of[a] != side_of[b] for a, b in zip(word.upper(), word.upper()[1:]))
    assert all(a[-1].upper() == b[0].upper() for a, b in zip(words, words[1:]))
    assert set("".join(words).upper()) == set(side_of)


@needs("letterboxed")
def test_letterboxed_solve_matches_library_and_rules(client):
    from puzzlewright.lexicon import load_lexicon

    request = {"sides": ["RME", "WCL", "TGK", "API"], "limit": 50}
    result = post(client, "/api/letterboxed/solve", request)
    assert result == library("letterboxed", "solve", request)
    words = [[w.upper() for w in s["words"]] for s in result["solutions"]]
    assert ["PRAGMATIC", "CAKEWALK"] in words and ["MARKETPLACE", "EARWIG"] in words
    assert result["min_words"] == 2 and result["count"] == len(result["solutions"])
    english = load_lexicon("english-letterboxed")  # Letter Boxed's default dictionary
    for solution in result["solutions"]:
        check_letterboxed(result["sides"], solution["words"], english)


@needs("letterboxed")
def test_letterboxed_string_sides_and_no_solution(client):
    same = post(client, "/api/letterboxed/solve", {"sides": "RME WCL TGK API"})
    assert same["sides"] == ["rme", "wcl", "tgk", "api"] and same["solutions"]
    none = post(client, "/api/letterboxed/solve", {"sides": ["RME", "WCL", "TGK", "API"], "max_words": 1})
    assert none["solutions"] == [] and none["count"] == 0


@needs("letterboxed")
def test_letterboxed_generate_gives_solvable_puzzles(client):
    result = post(client, "/api/letterboxed/generate", {"count": 1, "random_seed": 11})
    puzzle = result["puzzles"][0]
    letters = "".join(puzzle["sides"])
    assert len(puzzle["sides"]) == 4 and len(letters) == 12 == len(set(letters))
    solved = post(client, "/api/letterboxed/solve", {"sides": puzzle["sides"]})
    assert solved["min_words"] <= 2


LETTERBOXED_BAD = [
    ("/api/letterboxed/solve", {"sides": ["RME", "WCL", "TGK", "APR"]}, "appears twice"),
    ("/api/letterboxed/solve", {"sides": ["RME", "WCL", "TGK", "AP1"]}, "not letters"),
    ("/api/letterboxed/solve", {"sides": ["RME", "", "TGK", "API"]}, "empty"),
    ("/api/letterboxed/solve", {"sides": "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}, "26 characters"),
    ("/api/letterboxed/solve", {}, "missing field 'sides'"),
    ("/api/letterboxed/solve", {"sides": 12}, "sides"),
    ("/api/letterboxed/solve", {"sides": ["RME", "WCL", "TGK", "API"], "max_words": 9}, "max_words"),
    ("/api/letterboxed/solve", {"sides": ["RME", "WCL", "TGK", "API"], "limit": -1}, "limit"),
    ("/api/letterboxed/solve", {"sides": ["RME", "WCL", "TGK", "API"], "all": "yes"}, "all"),
    ("/api/letterboxed/generate", {"count": 0}, "count"),
    ("/api/letterboxed/generate", {"count": 101}, "count"),
    ("/api/letterboxed/generate", {"random_seed": "a"}, "random_seed"),
    ("/api/letterboxed/generate", {"min_commonness": "high"}, "min_commonness"),
] + [(path, {"sides": "RME-WCL-TGK-API", "dict": spec}, "unknown dictionary")
     for path in ("/api/letterboxed/solve", "/api/letterboxed/generate") for spec in PATHS]


@needs("letterboxed")
@pytest.mark.parametrize("path, request_, needle", LETTERBOXED_BAD)
def test_letterboxed_bad_input(client, path, request_, needle):
    assert_refused(client, path, request_, needle)


# -- Acrostic ------------------------------------------------------------------------------------------

def check_square(rows: list[str], letters: str, lexicon) -> None:
    """Every row and column is a word and the square uses exactly the given letters."""
    columns = ["".join(column) for column in zip(*rows)]
    assert all(word in lexicon for word in rows + columns), rows
    assert sorted("".join(rows)) == sorted(letters)


@needs("acrostic")
def test_acrostic_seed_puzzle_has_one_solution(client):
    from puzzlewright.lexicon import load_lexicon

    request = {"seed": "eras", "pool": "ceeiklmorstw", "dict": "acrostic-4", "all": True}
    result = post(client, "/api/acrostic/solve", request)
    assert result == library("acrostic", "solve", request)
    assert result["count"] == 1 and result["complete"] is True
    assert result["solutions"][0]["rows"] == ["eras", "lick", "more", "stew"]
    check_square(result["solutions"][0]["rows"], "eras" + "ceeiklmorstw", load_lexicon("acrostic-4"))


@needs("acrostic")
def test_acrostic_five_by_five_and_template(client):
    from puzzlewright.lexicon import load_lexicon

    result = post(client, "/api/acrostic/solve", {"seed": "older", "pool": "aaaaaddeeeelmmnrrrvv",
                                                  "dict": "wordle-answers", "all": True})
    assert ["older", "larva", "dream", "evade", "ramen"] in [s["rows"] for s in result["solutions"]]
    answers = load_lexicon("wordle-answers")
    for solution in result["solutions"]:
        check_square(solution["rows"], "older" + "aaaaaddeeeelmmnrrrvv", answers)
    template = post(client, "/api/acrostic/solve", {"template": "eras/l.../..../....", "pool": "ceeikmorstw",
                                                    "dict": "acrostic-4"})
    assert template["solutions"][0]["rows"][1] == "lick"


@needs("acrostic")
def test_acrostic_generate_then_solve(client):
    from puzzlewright.lexicon import load_lexicon

    puzzle = post(client, "/api/acrostic/generate", {"size": 4, "unique": True, "random_seed": 5})["puzzles"][0]
    assert puzzle["size"] == 4 and puzzle["unique"] is True
    solved = post(client, "/api/acrostic/solve", {"seed": puzzle["seed"], "pool": puzzle["pool"], "all": True})
    assert solved["count"] == 1
    check_square(solved["solutions"][0]["rows"], puzzle["seed"] + puzzle["pool"], load_lexicon("english"))


@needs("acrostic")
def test_acrostic_search_stops_within_the_budget(client):
    """A huge enumeration comes back within the server's budget, marked incomplete (or as a 422)."""
    small = TestClient(create_app(search_seconds=0.3))
    response = small.post("/api/acrostic/solve", json={
        "template": "...../...../...../...../.....", "pool": "aaaaabcdeeeeeghiilmnorrst", "all": True,
        "dict": "english-large"})
    if response.status_code == 200:
        assert response.json()["complete"] is False
    else:
        assert response.status_code == 422 and "did not finish" in response.json()["error"]


ACROSTIC_BAD = [
    ("/api/acrostic/solve", {"seed": "eras", "pool": "ceeiklmorst"}, "needs 12"),
    ("/api/acrostic/solve", {"seed": "eras", "pool": "ceeiklmorst1"}, "letters a-z"),
    ("/api/acrostic/solve", {"seed": "e", "pool": ""}, "between 3 and 10"),
    ("/api/acrostic/solve", {"seed": "abcdefghijk", "pool": "a"}, "between 3 and 10"),
    ("/api/acrostic/solve", {"pool": "abc"}, "missing field 'seed'"),
    ("/api/acrostic/solve", {"seed": "eras"}, "missing field 'pool'"),
    ("/api/acrostic/solve", {"seed": "eras", "pool": "ceeiklmorstw", "limit": "x"}, "limit"),
    ("/api/acrostic/generate", {"size": 2}, "field 'size' must be at least 3, not 2"),
    ("/api/acrostic/generate", {"size": "4"}, "size"),
    ("/api/acrostic/generate", {}, "missing field 'size'"),
    ("/api/acrostic/generate", {"size": 4, "count": 0}, "count"),
] + [(path, {"seed": "eras", "pool": "ceeiklmorstw", "size": 4, "dict": spec}, "unknown dictionary")
     for path in ("/api/acrostic/solve", "/api/acrostic/generate") for spec in PATHS]


@needs("acrostic")
@pytest.mark.parametrize("path, request_, needle", ACROSTIC_BAD)
def test_acrostic_bad_input(client, path, request_, needle):
    assert_refused(client, path, request_, needle)


# -- Jumble --------------------------------------------------------------------------------------------

PAPER_JUMBLE = {"jumbles": [{"scrambled": "LASRN", "circles": [0, 1, 2]}, {"scrambled": "SHACE", "circles": [0, 3, 4]},
                            {"scrambled": "HOTGUF", "circles": [2, 3, 5]}, {"scrambled": "CLATHE", "circles": [2, 3, 5]}],
                "answer_pattern": "----- -------", "extra_words": ["sesug", "atlanta"], "top": 10}


def check_jumble_answer(request: dict, answer: dict) -> None:
    """Each unscrambling is an anagram of its word; the circled letters are exactly the answer's letters."""
    circled = ""
    for jumble, word in zip(request["jumbles"], answer["unscrambled"]):
        assert sorted(word.upper()) == sorted(jumble["scrambled"].upper())
        circled += "".join(word[i] for i in jumble["circles"])
    assert sorted("".join(answer["words"]).upper()) == sorted(circled.upper())
    lengths = [len(blank) for blank in request["answer_pattern"].split()]
    assert [len(w) for w in answer["words"]] == lengths


@needs("jumble")
def test_jumble_paper_puzzle(client):
    result = post(client, "/api/jumble/solve", PAPER_JUMBLE)
    assert result == library("jumble", "solve", PAPER_JUMBLE)
    assert result["answers"][0]["words"] == ["sesug", "atlanta"]
    assert result["answers"][0]["unscrambled"] == ["snarl", "aches", "fought", "chalet"]
    shace = result["words"][1]
    assert shace["scrambled"] == "shace" and {"aches", "chase"} <= set(shace["candidates"])
    for answer in result["answers"]:
        check_jumble_answer(PAPER_JUMBLE, answer)


@needs("jumble")
def test_jumble_caption_and_explain(client):
    """The caption reaches the ranker (HONEY -> BEE) and explain gives each feature's part of the score."""
    request = {"jumbles": [{"scrambled": "HNETT", "circles": [0, 1]}, {"scrambled": "LXIPE", "circles": [1, 3]},
                           {"scrambled": "SOEBWT", "circles": [0, 3, 5]}, {"scrambled": "POYRTH", "circles": [1, 2, 4]}],
               "answer_pattern": "--- ----- --", "top": 3, "explain": True,
               "caption": "THEY BOUGHT THE VERY EXPENSIVE MANUKA HONEY AND HOPED THE HONEY WOULD \u2013 \u2013 \u2013"}
    result = post(client, "/api/jumble/solve", request)
    assert result == library("jumble", "solve", request)
    best = result["answers"][0]
    assert best["answer"] == "bee worth it" and best["contributions"]["caption_linked"] > 0
    assert sum(best["contributions"].values()) == pytest.approx(best["score"], abs=0.01)


@needs("jumble")
def test_jumble_pool_only_and_no_unscrambling(client):
    pool = post(client, "/api/jumble/solve", {"pool": "larns", "answer_pattern": "-----"})
    assert "snarl" in [a["answer"] for a in pool["answers"]]
    none = post(client, "/api/jumble/solve", {"jumbles": [{"scrambled": "QQQQZ", "circles": [0, 1, 2]}],
                                              "answer_pattern": "---"})
    assert none["words"][0]["candidates"] == [] and any("QQQQZ" in note for note in none["notes"])


JUMBLE_BAD = [
    ({"jumbles": [{"scrambled": "LASRN", "circle_mask": "OOO-"}], "answer_pattern": "---"}, "4 positions"),
    ({"jumbles": [{"scrambled": "LASRN", "circles": [0, 9]}], "answer_pattern": "--"}, "out of range"),
    ({"pool": "abcde", "answer_pattern": "---"}, "2 too many"),
    ({"jumbles": [{"scrambled": "LA5RN", "circles": [0]}], "answer_pattern": "-"}, "letters a-z"),
    ({"jumbles": [{"scrambled": "LASRN", "circles": [0]}], "answer_pattern": "{AND}"}, "no blanks"),
    ({"jumbles": [], "answer_pattern": "---"}, "non-empty list"),
    ({"jumbles": "LASRN", "answer_pattern": "---"}, "write a word as scrambled:mask"),  # a string of words
    ({"jumbles": [{"scrambled": "LASRN", "circles": [0, 1, 2]}]}, "missing field 'answer_pattern'"),
    ({"pool": "larns", "answer_pattern": "-----", "caption": ["a", "list"]}, "caption"),
    ({"pool": "snarl", "answer_pattern": "-----", "top": 0}, "top"),
] + [({**PAPER_JUMBLE, "dict": spec}, "unknown dictionary") for spec in PATHS]


@needs("jumble")
@pytest.mark.parametrize("request_, needle", JUMBLE_BAD)
def test_jumble_bad_input(client, request_, needle):
    assert_refused(client, "/api/jumble/solve", request_, needle)


# -- Any request at all: a 200 or a clear 4xx (503 only for a busy server), never a 500 --------------

FUZZ_KEYS = ["sides", "max_words", "limit", "all", "seed", "pool", "template", "size", "count", "unique",
             "min_commonness", "random_seed", "jumbles", "answer_pattern", "top", "extra_words", "exclude_words",
             "words", "answer", "patterns", "hard", "distinct", "guesses", "dict", "opener", "show_solution"]
FUZZ_SAMPLES = st.sampled_from(["RME-WCL-TGK-API", "eras", "ceeiklmorstw", "GGGGG", "crane", "----- -----",
                                "english", "salet:BBYBB", "random", "O--OO"])
FUZZ_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=10) | FUZZ_SAMPLES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["scrambled", "circles", "circle_mask", "word", "pattern"]), inner, max_size=3),
    max_leaves=8)
INSTALLED_PATHS = [e.path for e in ENDPOINTS]


@pytest.fixture(scope="module")
def quick_client() -> TestClient:
    return TestClient(create_app(search_seconds=0.5))


@pytest.mark.skipif(not INSTALLED_PATHS, reason="no puzzle api module yet")
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(path=st.sampled_from(INSTALLED_PATHS or ["/"]),
       request_=st.dictionaries(st.sampled_from(FUZZ_KEYS), FUZZ_VALUES, max_size=5))
def test_any_request_gets_an_answer_or_a_clear_error(quick_client, path, request_):
    response = quick_client.post(path, json=request_)
    assert response.status_code in (200, 202, 400, 422, 503), (path, request_, response.text)
    if response.status_code == 503:  # a search over its budget is a 422: only a full server answers 503
        assert "server busy" in response.json()["error"] and "retry-after" in response.headers
    if response.status_code != 200:
        message = response.json()["error"]
        assert message and "\n" not in message and "Traceback" not in message


# -- Crossword grids ---------------------------------------------------------------------------------------

def test_grid_fill_keeps_the_lowest_word_score(client):
    """The Grid tab's "Lowest word score" reaches the search: every word of every fill scores at least the
    floor (its crossword fill score), the reported scores are the words' own with the weakest word named,
    the floor used is reported, and an impossible floor is explained."""
    from puzzlewright.grid.score import entry_scores
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.lexicon.phrases import phrase_lexicon

    english, phrases = load_lexicon("english"), phrase_lexicon()
    score = {**dict(zip(english.words, entry_scores(english).tolist())),
             **dict(zip(phrases.words, entry_scores(phrases).tolist()))}  # fills use words and phrases
    template = ["....#", ".....", ".....", "#...."]
    for floor in (2.0, 4.0):
        result = post(client, "/api/grid/fill", {"grid": template, "min_score": floor, "count": 2, "random_seed": 5})
        assert result["count"] == 2 and result["floor"] >= floor
        for fill in result["fills"]:
            scores = [score[word] for word in fill["words"]]
            assert min(scores) >= floor and fill["min_score"] == pytest.approx(min(scores), abs=0.01)
            assert score[fill["weakest"]] == pytest.approx(min(scores), abs=0.01)
            assert fill["mean_score"] == pytest.approx(sum(scores) / len(scores), abs=0.01)
            across = [run for row in fill["rows"] for run in row.split("#") if len(run) >= 2]
            down = ["".join(row[c] for row in fill["rows"]) for c in range(5)]
            down = [run for column in down for run in column.split("#") if len(run) >= 2]
            assert sorted(across + down) == sorted(fill["words"]) and len(set(fill["words"])) == len(fill["words"])
    none = post(client, "/api/grid/fill", {"grid": "qz../..../..../....", "dict": "acrostic-4", "min_score": 2})
    assert none["fills"] == [] and none["explanation"].startswith("no word fits 1-Across")


def test_grid_refill_round_a_placed_word_stops_at_the_lowest_floor_as_the_library_does(client):
    """The workbench's re-fill round a placed word (XYLEM: its only fills hold an entry under 1.5: YARE,
    0.63) answers as the library does: no fill at floor 1.5, with what would let one in; ``min_score`` 0
    lets YARE in."""
    template = ["xylem", ".....", ".....", "....."]
    none = post(client, "/api/grid/fill", {"grid": template, "random_seed": 3})
    assert none["fills"] == [] and none["floor"] == 1.5
    from puzzlewright.grid import api

    assert none["explanation"] == api.fill({"grid": template, "random_seed": 3}).explanation
    assert "lower minimum score" in none["explanation"]
    weaker = post(client, "/api/grid/fill", {"grid": template, "random_seed": 3, "min_score": 0})
    assert "yare" in weaker["fills"][0]["words"] and weaker["floor"] == 0


def test_grid_fill_leaves_out_offensive_and_vulgar_words(client):
    """Web grid requests follow the crossword policy: `allow` may name vulgar words, never offensive ones."""
    assert_refused(client, "/api/grid/fill", {"grid": "....#/...../...../#....", "allow": "offensive"},
                   "offensive words are never used")
    assert_refused(client, "/api/grid/reroll", {"grid": "media/acorn/tuned", "slot": "1-Across",
                                                "allow": ["slurs"]}, "cannot allow")
    assert post(client, "/api/grid/fill", {"grid": "twat"})["fills"] == []
    allowed = post(client, "/api/grid/fill", {"grid": "twat", "allow": ["vulgar"]})
    assert allowed["fills"][0]["words"] == ["twat"]


def test_grid_candidates_and_puz_export_are_the_librarys(client):
    """The workbench's calls: a slot's candidates and a .puz with clues, title and author (base64), each the
    library's answer; the shipped patterns with their rows; errors name the slot, not a CLI flag."""
    import base64

    import puz

    import puzzlewright as pw
    from puzzlewright.grid.patterns import PATTERNS, pattern_grid

    request = {"grid": "eras/l.../m.../s...", "slot": "5A", "limit": 5}
    listed = post(client, "/api/grid/candidates", request)
    assert listed == untimed(json.loads(dump_json(pw.grid.candidates(**{**request, "grid": request["grid"]}))))
    assert [c["word"] for c in listed["candidates"]] == ["like", "life", "last", "love", "left"]
    exported = post(client, "/api/grid/export", {"grid": "eras/lick/more/stew", "format": "puz", "title": "Four",
                                                 "author": "A. Setter", "clues": {"1A": "Periods", "1D": "Shade trees"}})
    puzzle = puz.load(base64.b64decode(exported["content"]))
    assert exported["encoding"] == "base64" and (puzzle.title, puzzle.author) == ("Four", "A. Setter")
    assert puzzle.clue_numbering().down[0]["clue"] == "Shade trees"
    patterns = client.get("/api/grid/patterns").json()["patterns"]
    assert [(p["name"], p["rows"]) for p in patterns] == [(name, list(pattern_grid(name).rows)) for name in PATTERNS]
    assert_refused(client, "/api/grid/export", {"grid": "eras/lick/more/stew", "clues": {"9A": "x"}},
                   "no slot '9A' in the grid")
    assert_refused(client, "/api/grid/export", {"grid": "eras/l.../m.../s...", "format": "puz"}, "fill the grid first")
    assert_refused(client, "/api/grid/candidates", {"grid": "eras/l.../m.../s...", "slot": "9-Down"},
                   "no slot '9-Down'")


def test_grid_export_and_reroll(client):
    from puzzlewright.lexicon import load_lexicon

    exported = post(client, "/api/grid/export", {"grid": "...#/..../#...", "format": "ipuz"})
    assert json.loads(exported["content"])["dimensions"] == {"width": 4, "height": 3}
    rerolled = post(client, "/api/grid/reroll", {"grid": "eras/lick/more/stew", "slot": "1-Down", "dict": "english"})
    best = rerolled["fills"][0]["rows"]
    assert "".join(row[0] for row in best) != "elms"  # 1-Down changed
    words = best + ["".join(row[c] for row in best) for c in range(4)]
    assert sorted(words) == sorted(rerolled["fills"][0]["words"]) and len(set(words)) == 8
    assert all(word in load_lexicon("english") for word in words)


@pytest.mark.parametrize("limits, stopped", [({"max_nodes": 20}, "node budget of 20"),
                                             ({"time_limit": 0.3}, "time budget of 0.3 s")])
def test_the_web_keeps_a_request_s_own_limits_as_the_library_does(client, limits, stopped):
    """A server's allowance (10 s here) is an upper bound, not a replacement: a fill that asks for 20 nodes
    stops after 20 nodes on the web as in the library (the same result), and one that asks for 0.3 s stops
    then, not after the server's 10 s (stack-15 has no fill at floor 3: only the limit stops it)."""
    request = {"pattern": "stack-15", "min_score": 3, **limits}
    web = post(client, "/api/grid/fill", request)
    assert web["complete"] is False and stopped in web["stopped"] and web["fills"] == []
    if "max_nodes" in limits:
        assert web == library("grid", "fill", request)
