"""Jumble construction (issue #33): puzzles made from a final answer, each re-checked by :func:`check_puzzle`,
an independent checker that only looks words up, counts letters and calls the solver as a reader would;
determinism, the output formats read back, and bad input as one clear line.

The sample of training Jumbles is read from the shared data (the answers stay there)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from collections import Counter

import pytest
from conftest import untimed

from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.jumble import api
from puzzlewright.jumble.datalines import parse_data_lines
from puzzlewright.jumble.render import data_lines, jumble_svg
from puzzlewright.jumble.schema import GenerateResult, SolveRequest
from puzzlewright.lexicon.policy import RANKED_LOW
from puzzlewright.schema import dump_json, to_jsonable, validate

CAPTION = "THEY BOUGHT THE VERY EXPENSIVE MANUKA HONEY AND HOPED THE HONEY WOULD – – –"
FLOOR = 3.0


def longest_run(scrambled: str, word: str) -> int:
    """The most letters of ``word`` that ``scrambled`` keeps together, in order."""
    return max(n for n in range(1, len(word) + 1)
               if any(scrambled[i:i + n] in word for i in range(len(scrambled) - n + 1)))


def check_puzzle(puzzle, answer: str, lexicon, caption: str | None = None) -> None:
    """Every rule of the issue, checked without the generator's code."""
    words = answer.split()
    open_letters = "".join(w.strip("{}").lower() for w in words if not w.startswith("{"))
    circled = ""
    for item in puzzle.jumbles:
        scrambled = item.scrambled.lower()
        readings = api.unscramble({"scrambled": [scrambled]}, lexicon=lexicon).words[0].candidates
        assert len(readings) == 1, (scrambled, readings)  # exactly one unscrambling
        word = readings[0].lower()
        assert item.answer is None or item.answer.lower() == word
        assert scrambled not in lexicon and scrambled != word  # the scramble is not a word
        assert longest_run(scrambled, word) <= 2  # no long run of the word's letters in order
        assert not RANKED_LOW & lexicon.flags_of(word)  # no offensive, vulgar or proper word
        assert lexicon.familiarity(word) >= FLOOR
        assert not any(word.startswith(a) or a.startswith(word) for a in (w.strip("{}").lower() for w in words)
                       if min(len(a), len(word)) >= 4)  # no word sharing a stem with the answer's
        circles = sorted(item.circles)
        assert 1 <= len(circles) <= min(4, len(word) - 1)
        block = circles[-1] - circles[0] + 1 == len(circles)
        assert not (block and (circles[0] == 0 or circles[-1] == len(word) - 1))  # not all at one end
        assert item.circle_mask == "".join("O" if i in circles else "-" for i in range(len(word)))
        circled += "".join(word[i] for i in circles)
    assert Counter(circled) == Counter(open_letters)
    # The solver, given the puzzle and its caption, ranks the answer where the puzzle says it does.
    solved = api.solve({**puzzle.solve_request(), "caption": caption, "top": 10}, lexicon=lexicon)
    answers = [a.answer for a in solved.answers]
    intended = " ".join(w.strip("{}").lower() for w in words)
    rank = answers.index(intended) + 1 if intended in answers else None
    assert rank == puzzle.solver_rank
    if rank is not None:
        score = round(solved.answers[rank - 1].score, 3)
        assert puzzle.solver_ties == sum(1 for a in solved.answers if a.answer != intended and round(a.score, 3) == score)


def training_answer(record: dict) -> str:
    """A training record's final answer with the printed words of its pattern in braces."""
    return " ".join(token if token.startswith("{") else word
                    for word, token in zip(record["final_answer"].split(), record["answer_pattern"].split()))


@pytest.fixture(scope="module")
def training(shared_data) -> list[dict]:
    records = json.loads((shared_data / "train" / "jumble-train.json").read_text())
    daily = [r for r in records if len(r["jumbles"]) == 4]
    sunday = [r for r in records if len(r["jumbles"]) == 6]
    printed = [r for r in records if "{" in r["answer_pattern"]]
    return daily[::60] + sunday[::30] + printed[::12]


def test_training_answers_make_puzzles_that_pass_the_independent_checker(training, english):
    assert len(training) >= 12
    for record in training:
        answer = training_answer(record)
        lengths = [len(j["scrambled"]) for j in record["jumbles"]]
        result = api.generate({"answer": answer, "caption": record["caption"], "lengths": lengths, "random_seed": 7,
                               "show_answers": True}, lexicon=english)
        puzzle = result.best
        assert [len(w.scrambled) for w in puzzle.jumbles] == lengths
        assert puzzle.answer == " ".join(w.strip("{}").lower() for w in answer.split())
        check_puzzle(puzzle, answer, english, record["caption"])


def test_the_issue_example_ranks_first_with_its_caption(english):
    result = api.generate({"answer": "BEE WORTH IT", "caption": CAPTION, "random_seed": 1, "count": 3}, lexicon=english)
    assert len(result) == 3 and result.complete and not result.notes
    for puzzle in result:
        check_puzzle(puzzle, "BEE WORTH IT", english, CAPTION)
        assert puzzle.solver_rank == 1 and puzzle.recovery.startswith("the solver ranks the answer first")
        assert puzzle.answer is None and all(w.answer is None for w in puzzle.jumbles)  # no key unless asked
    scores = [p.score for p in result]
    assert scores == sorted(scores, reverse=True)
    sets = [frozenset(w.scrambled for w in p.jumbles) for p in result]
    assert len(set(sets)) == 3 and not sets[0] & sets[1]  # alternatives differ


def test_printed_words_are_not_circled(english):
    result = api.generate({"answer": "LOST {HIS} BALANCE", "random_seed": 3, "show_answers": True}, lexicon=english)
    puzzle = result.best
    assert result.answer_pattern == puzzle.answer_pattern == "---- {his} -------"
    assert sum(len(w.circles) for w in puzzle.jumbles) == len("LOSTBALANCE")
    check_puzzle(puzzle, "LOST {HIS} BALANCE", english)


def test_the_same_seed_makes_the_same_puzzles(english):
    request = {"answer": "IN OTHER WORDS", "random_seed": 11, "count": 2, "show_answers": True, "svg": True}
    first = untimed(to_jsonable(api.generate(request, lexicon=english)))
    assert untimed(to_jsonable(api.generate(request, lexicon=english))) == first
    other = api.generate({**request, "random_seed": 12}, lexicon=english)
    assert dump_json(other) != first


def test_a_fresh_seed_is_reported_and_reproduces(english):
    made = api.generate({"answer": "SAID SO LONG"}, lexicon=english)
    again = api.generate({"answer": "SAID SO LONG", "random_seed": made.random_seed}, lexicon=english)
    assert untimed(to_jsonable(again)) == untimed(to_jsonable(made))


def test_policy_and_dictionary_options_reach_the_words(english):
    first = api.generate({"answer": "HER SWEET TIME", "random_seed": 5, "show_answers": True}, lexicon=english).best
    used = [w.answer.lower() for w in first.jumbles]
    without = api.generate({"answer": "HER SWEET TIME", "random_seed": 5, "show_answers": True,
                            "exclude_words": used}).best
    assert not {w.answer.lower() for w in without.jumbles} & set(used)
    with pytest.raises(PuzzleInputError, match="cannot allow 'offensive'"):
        api.generate({"answer": "HER SWEET TIME", "allow": ["offensive"]}, lexicon=english)


def test_data_lines_and_solve_requests_read_back(english):
    result = api.generate({"answer": "WORLD CLASS", "caption": "A SCHOOL OF EARTH SCIENCE WAS - - -", "random_seed": 2,
                           "count": 2, "show_answers": True}, lexicon=english)
    text = data_lines(result, result.random_seed)
    assert "# caption: A SCHOOL OF EARTH SCIENCE WAS - - -" in text and "# answer: WORLD CLASS" in text
    parsed = parse_data_lines(text)
    assert [p.error for p in parsed] == [None, None]
    for record, puzzle in zip(parsed, result):
        request = {k: v for k, v in puzzle.solve_request().items() if k != "caption"}
        same = json.dumps(record.request, sort_keys=True).lower() == json.dumps(request, sort_keys=True).lower()
        assert same  # the lines print the words in capitals, the JSON in small letters
        solved = api.solve(record.request, lexicon=english)
        assert [w.candidates for w in solved.words] == [[w.answer] for w in puzzle.jumbles]
        validate(SolveRequest, puzzle.solve_request())


def test_svg_has_the_boxes_circles_caption_and_key(english):
    result = api.generate({"answer": "LOST {HIS} BALANCE", "caption": "HE SNEEZED ON THE <TIGHTROPE> & - - -",
                           "random_seed": 4, "show_answers": True, "svg": True}, lexicon=english)
    puzzle = result.best
    blank = ElementTree.fromstring(jumble_svg(puzzle, answer_key=False))
    key = ElementTree.fromstring(puzzle.svg)
    ns = "{http://www.w3.org/2000/svg}"
    letters = sum(len(w.scrambled) for w in puzzle.jumbles) + len("LOSTBALANCE")
    assert len(blank.findall(f"{ns}rect")) == letters + 1  # a box per letter, and the white page
    assert len(blank.findall(f"{ns}circle")) == sum(len(w.circles) for w in puzzle.jumbles)
    texts = ["".join(t.itertext()) for t in blank.findall(f"{ns}text")]
    assert [w.scrambled.upper() for w in puzzle.jumbles] == texts[:len(puzzle.jumbles)]
    assert "HIS" in texts and any("<TIGHTROPE> &" in t for t in texts)  # escaped, and read back as written
    key_letters = ["".join(t.itertext()) for t in key.findall(f"{ns}text") if len("".join(t.itertext())) == 1]
    assert "".join(key_letters).endswith("LOSTBALANCE")
    assert not [t for t in texts if len(t) == 1]  # no letter in the boxes without the key


@pytest.mark.parametrize("request_, needle", [
    ({"answer": "AB"}, "the answer has 2 letters to circle but 4 words need at least 4"),
    ({"answer": "SUPERCALIFRAGILISTIC EXPIALIDOCIOUS"}, "hold at most 16"),
    ({"answer": "QQQQ XXX"}, "the answer has 4 Qs and 3 Xs"),
    ({"answer": "JUJU JUJU JUJU"}, "the answer has 6 Js; 4 known words of lengths 5, 5, 6, 6 hold at most 4"),
    ({"answer": "BEE WORTH IT", "lengths": [5, 2]}, "word length 2 is impossible"),
    ({"answer": "BEE WORTH IT", "lengths": "5,x"}, "must be whole numbers"),
    ({"answer": "BEE WORTH IT", "lengths": [5]}, "a Jumble takes 2-8 words"),
    ({"answer": "{THE} {END}"}, "only printed words"),
    ({"answer": "--- -----"}, "a pattern of dashes cannot be jumbled"),
    ({"answer": ""}, "the answer is empty"),
])
def test_bad_input_says_why(english, request_, needle):
    with pytest.raises(PuzzleInputError) as caught:
        api.generate(request_, lexicon=english)
    assert needle in str(caught.value) and "\n" not in str(caught.value)


def test_an_answer_no_search_carries_ends_within_its_budget(english):
    with pytest.raises(BudgetExceeded, match="no Jumble of 4 words .* spells JAZZ JAZZ JUJU"):
        api.generate({"answer": "JAZZ JAZZ JUJU", "random_seed": 1, "time_limit": 3}, lexicon=english)


def test_cli_generate(cli, tmp_path):
    made = cli("jumble", "generate", "BEE WORTH IT", "--caption", CAPTION, "--random-seed", "2", "--show-answers",
               "--json")
    assert made.exit_code == 0, made.stderr
    result = validate(GenerateResult, made.json())
    assert result.best.solver_rank == 1 and result.best.answer == "bee worth it"
    plain = cli("jumble", "generate", "BEE WORTH IT", "--caption", CAPTION, "--random-seed", "2")
    assert plain.stdout.startswith("1. " + "  ".join(f"{w.scrambled.upper()}:{w.circle_mask}" for w in result.best.jumbles))
    assert "the solver ranks the answer first" in plain.stdout and "BEE WORTH IT" not in plain.stdout
    assert "scramble quality" not in plain.stdout and "scrambles keep no letter in its place" in plain.stdout
    lines = cli("jumble", "generate", "BEE WORTH IT", "--random-seed", "1", "--lines")
    batch = tmp_path / "made.txt"
    batch.write_text(lines.stdout)
    solved = cli("jumble", "solve", "--batch", str(batch))
    assert solved.exit_code == 0 and json.loads(solved.stdout)["pattern"] == "--- ----- --"
    jsonl = cli("jumble", "generate", "BEE WORTH IT", "--caption", CAPTION, "--random-seed", "2", "--jsonl")
    assert json.loads(jsonl.stdout) == result.best.solve_request()
    picture = tmp_path / "puzzle.svg"
    drawn = cli("jumble", "generate", "BEE WORTH IT", "--random-seed", "1", "--count", "2", "--svg", str(picture))
    assert drawn.exit_code == 0 and picture.read_text().startswith("<svg")
    assert (tmp_path / "puzzle-2.svg").read_text().startswith("<svg")


def test_the_report_says_what_the_scrambles_kept():
    """Quality 0 is the best scramble (nothing of the word kept), so the report says so in words rather
    than printing a bare 0.00 that reads as the worst; a penalty says what it cost."""
    from puzzlewright.cli.jumble import scramble_report

    assert scramble_report(0.0) == "scrambles keep no letter in its place and no two side by side"
    assert scramble_report(-0.25) == "scrambles keep some letters in place or side by side: -0.25 off the score"
    assert "0.00" not in scramble_report(-0.0)


def test_cli_bad_input_is_one_line_and_exit_2(cli):
    failed = cli("jumble", "generate", "QQQQ XXX")
    assert failed.exit_code == 2 and failed.stderr.count("\n") == 1
    assert failed.stderr.startswith("error: the answer has 4 Qs and 3 Xs")
    both = cli("jumble", "generate", "BEE WORTH IT", "--json", "--lines")
    assert both.exit_code == 2 and "choose one of" in both.stderr


def test_web_generate_matches_the_library(english):
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    client = TestClient(create_app(search_seconds=10))
    request = {"answer": "BEE WORTH IT", "random_seed": 9, "show_answers": True, "svg": True}
    response = client.post("/api/jumble/generate", json=request)
    assert response.status_code == 200, response.text
    assert untimed(response.json()) == untimed(json.loads(dump_json(api.generate(request))))
    refused = client.post("/api/jumble/generate", json={"answer": "QQQQ XXX"})
    assert refused.status_code == 422 and refused.json()["error"].startswith("the answer has 4 Qs and 3 Xs")


def test_the_verdict_says_when_the_solver_was_cut_short():
    from puzzlewright.jumble.generator import Recovery

    assert Recovery(1, 0, "BEE WORTH IT").describe("the answer") == "the solver ranks the answer first"
    assert Recovery(2, 1, "X").describe("the answer") == "the solver ranks the answer 2nd, tied with 1 other answer"
    assert Recovery(None, 0, "X", complete=False).describe("the answer") == (
        "the solver does not rank the answer among its top 10 answers (its search ran out of time: the ranking "
        "is partial)")
