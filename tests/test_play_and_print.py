"""Playing Letter Boxed (issue #30 item 5): the game's rules cross-checked against the solver's, each
refusal's reason, hints that reveal one fact at a time and lead to a finish, the play verb through the
library, the web API and the CLI; and the printable puzzles (Letter Boxed and acrostic SVG): their letters,
and no answer unless asked for."""

from __future__ import annotations

import itertools
import json
import random
from xml.etree import ElementTree

import pytest
from conftest import untimed

from puzzlewright import letterboxed
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letterboxed import api
from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.game import Game, new_game
from puzzlewright.letterboxed.schema import DEFAULT_DICTIONARY
from puzzlewright.letterboxed.solver import box_words, continuations, solve_box
from puzzlewright.schema import DictionaryOptions, to_jsonable

SIDES = "RME-WCL-TGK-API"  # solved as WIGWAM-MARKETPLACE
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game_words():
    """The box's words in the solver's default dictionary."""
    return new_game(SIDES).words


def fresh(game_words) -> Game:
    return Game(game_words)


def texts(svg: str) -> list[str]:
    return ["".join(node.itertext()) for node in ElementTree.fromstring(svg).iter(f"{SVG}text")]


# -- the rules, against the solver's ------------------------------------------------------------------

def test_a_game_uses_the_solvers_default_dictionary(game_words):
    assert game_words.index.name == DEFAULT_DICTIONARY
    assert len(game_words) == api.solve({"sides": SIDES}).valid_words


@pytest.mark.parametrize("sides", [SIDES, "ERG-BID-NCF-TAO"])
def test_every_solution_the_solver_finds_plays_in_order_and_finishes(sides):
    """Each solution of up to three words is accepted word by word and finishes the game, in as many
    words as it has; the fewest is the solver's min_words."""
    solved = api.solve({"sides": sides, "max_words": 3, "limit": 60})
    assert solved.solutions
    for solution in solved:
        game = new_game(sides)
        for number, word in enumerate(solution.words):
            assert not game.done
            assert game.play(word) is None, (solution, word)
        assert game.done and game.progress == (12, 12)
        assert len(game.played) == len(solution.words) >= game.fewest_words == solved.min_words == 2


def test_acceptance_is_exactly_the_solvers_rules(game_words):
    """A word is accepted after WIGWAM exactly when the solver's box words hold it (its letters on the
    box, no two from one side in a row, in the dictionary) and it starts with M, over a sample of the
    dictionary and of random letter strings."""
    rng = random.Random(30)
    dictionary = set(game_words.words)
    candidates = rng.sample(game_words.index.words, 3000) + [
        "".join(rng.choice("rmewcltgkapi") for _ in range(rng.randint(1, 7))) for _ in range(3000)]
    first = fresh(game_words)
    after = fresh(game_words)
    assert after.play("wigwam") is None
    for word in candidates:
        assert (first.check(word) is None) == (word in dictionary), word
        assert (after.check(word) is None) == (word in dictionary and word[0] == "m"), word
    assert first.played == [] and after.played == ["wigwam"]  # checking plays nothing


@pytest.mark.parametrize("played, word, reason, needle", [
    ([], "AI", "too_short", "fewer than 3 letters"),
    ([], "WIGWAMS", "off_box", "uses S, not in the box"),
    ([], "TIME", "same_side", "ME from the same side"),
    (["WIGWAM"], "TRACK", "wrong_start", "does not start with M, the last letter of WIGWAM"),
    (["WIGWAM"], "MIWAG", "not_a_word", "not in the dictionary"),
    (["WIGWAM", "MARKETPLACE"], "ELECT", "finished", "every letter is used"),
])
def test_each_rule_is_refused_with_its_reason(game_words, played, word, reason, needle):
    game = fresh(game_words)
    for before in played:
        assert game.play(before) is None
    refusal = game.play(word)
    assert refusal is not None and (refusal.word, refusal.reason) == (word.lower(), reason)  # results' case
    assert needle in refusal.message and "\n" not in refusal.message
    assert [w.upper() for w in game.played] == played  # a refused word is not played
    if reason in ("too_short", "off_box", "same_side"):  # the box's rules: the solver's own check says the same
        assert Box.parse(SIDES).word_problem(word) == refusal.message
    else:  # it breaks that rule only
        assert Box.parse(SIDES).word_problem(word) is None
        alone = fresh(game_words).check(word)  # as a first word: refused only when not a word
        assert (alone.reason if alone else None) == (reason if reason == "not_a_word" else None)


def test_progress_undo_and_the_letters_used(game_words):
    game = fresh(game_words)
    assert game.progress == (0, 12) and game.used == "" and game.undo() is None
    game.play("wigwam")
    assert game.used == "MWGAI" and game.progress == (5, 12)
    game.play("mark")
    assert game.progress == (7, 12)
    assert game.undo() == "mark" and game.played == ["wigwam"] and game.progress == (5, 12)


# -- hints ----------------------------------------------------------------------------------------------

FACTS = ("first_letter", "length", "last_letter", "word")


def revealed(hint) -> set[str]:
    return {fact for fact in FACTS if getattr(hint, fact) is not None}


def test_hints_reveal_one_fact_at_a_time_then_the_solvers_first_word(game_words):
    game = fresh(game_words)
    best = solve_box(game.box, game_words).solutions[0].words
    seen: set[str] = set()
    for step in range(1, 5):
        hint = game.hint()
        facts = revealed(hint)
        assert hint.step == step and len(facts) == step and facts > seen  # exactly one more fact
        seen = facts
        if hint.word is None:
            assert best[0].upper() not in hint.message
    assert hint.word == best[0] and (hint.first_letter, hint.length) == (best[0][0], len(best[0]))
    assert game.hint() == hint  # asked again: the word again
    assert game.played == []  # hints play nothing


def test_after_a_word_the_first_hint_gives_the_length_the_first_letter_being_known(game_words):
    game = fresh(game_words)
    game.play("wigwam")
    hint = game.hint()
    assert (hint.step, hint.first_letter, hint.length, hint.last_letter, hint.word) == (2, "m", 11, None, None)


@pytest.mark.parametrize("opening", [["tag"], ["wigwam", "mark"], ["cramp"], ["walk", "kelp"]])
def test_following_the_hints_finishes_in_the_fewest_words_from_there(game_words, opening):
    """From any opening, playing each hint's word finishes the game, in the fewest words the search
    finds; when that is two, no single word (checked here word by word) would have done."""
    game = fresh(game_words)
    for word in opening:
        assert game.play(word) is None, word
    covered = sum(1 << i for i, letter in enumerate(game.box.letters) if letter.upper() in game.used)
    start = game.box.letters.index(opening[-1][-1])
    chains, complete = continuations(game_words, start, covered)
    assert complete and chains
    needed = len(chains[0])
    assert all(len(chain) == needed for chain in chains)
    missing = set(game.box.letters) - set(game.used.lower())
    one_word = [w for w in game_words.words if w[0] == opening[-1][-1] and set(w) >= missing]
    assert bool(one_word) == (needed == 1)
    for _ in range(needed):
        for _ in range(4):
            hint = game.hint()
        assert game.play(hint.word) is None
    assert game.done and len(game.played) == len(opening) + needed


def test_a_dead_end_hint_says_so_and_the_game_over_hint_too():
    game = new_game(SIDES, DictionaryOptions(words=["wigwam", "marketplace", "tag"]))
    assert game.play("tag") is None
    stuck = game.hint()
    assert stuck.step == 0 and stuck.word is None and "no way to finish from TAG" in stuck.message
    assert game.undo() == "tag"
    for word in ("wigwam", "marketplace"):
        game.play(word)
    over = game.hint()
    assert over.step == 0 and "game is over" in over.message
    unsolvable = new_game(SIDES, DictionaryOptions(words=["tag"]))
    nothing = unsolvable.hint()
    assert (nothing.step, nothing.message, unsolvable.fewest_words) == (0, "no solution of up to 3 words", None)


# -- the play verb: library, web, CLI --------------------------------------------------------------------

def test_play_verb_reports_the_game():
    result = api.play({"sides": SIDES, "played": ["wigwam"], "word": "market", "hints": 1})
    assert (result.played, result.used, result.letters_used, result.letters) == (
        ["wigwam", "market"], "rmewtgkai", 9, 12)
    assert result.refused is None and not result.done and result.fewest_words == 2 and result.complete
    assert result.hint.step == 2 and result.hint.first_letter == "t"
    finished = letterboxed.play(SIDES, played=["WIGWAM"], word="MARKETPLACE")
    assert finished.done and finished.played == ["wigwam", "marketplace"] and finished.hint is None
    refused = api.play({"sides": SIDES, "played": ["wigwam"], "word": "time"})
    assert refused.played == ["wigwam"] and refused.refused.reason == "same_side"


@pytest.mark.parametrize("request_, needle", [
    ({"sides": SIDES, "played": ["wigwam", "track"]}, "played word 2: TRACK does not start with M"),
    ({"sides": SIDES, "played": ["wigwamx"]}, "played word 1: WIGWAMX uses X"),
    ({"sides": SIDES, "hints": 5}, "hints"),
    ({"sides": "RME-WCL-TGK-APR"}, "appears twice"),
    ({"played": []}, "missing field 'sides'"),
])
def test_play_verb_refuses_bad_requests_in_one_line(request_, needle):
    with pytest.raises(PuzzleInputError, match=needle) as error:
        api.play(request_)
    assert "\n" not in str(error.value)


def test_web_play_is_the_library_verb_and_refuses_bad_input():
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    client = TestClient(create_app(search_seconds=10))
    request = {"sides": SIDES, "played": ["WIGWAM"], "word": "MARK", "hints": 2}
    response = client.post("/api/letterboxed/play", json=request)
    assert response.status_code == 200, response.text
    assert untimed(response.json()) == untimed(json.loads(json.dumps(to_jsonable(api.play(request)))))
    bad = client.post("/api/letterboxed/play", json={"sides": SIDES, "played": ["wigwam", "track"]})
    assert bad.status_code == 422 and "does not start with M" in bad.json()["error"]
    too_many = client.post("/api/letterboxed/play", json={"sides": SIDES, "hints": 5})
    assert too_many.status_code == 422 and "hints" in too_many.json()["error"]


def test_cli_play_reads_words_and_hints_from_stdin(cli):
    run = cli("letterboxed", "play", SIDES, input="wigwam\n?\ntime\nmark\n-\nmarketplace\n")
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[1:] == ["WIGWAM: 5/12 letters used", "hint: the next word starts with M and has 11 letters",
                         "not played: TIME has ME from the same side in a row", "WIGWAM-MARK: 7/12 letters used",
                         "took back MARK", "WIGWAM: 5/12 letters used",
                         "WIGWAM-MARKETPLACE: solved in 2 words (fewest possible: 2 words)"]
    unfinished = cli("letterboxed", "play", SIDES, input="wigwam\n")
    assert unfinished.stdout.splitlines()[-1] == "stopped with 5/12 letters used"
    bad_box = cli("letterboxed", "play", "RME-WCL-TGK-APR", input="wigwam\n")
    assert bad_box.exit_code == 2 and bad_box.stderr.strip() == (
        "error: letter R appears twice in the box: every letter must be different")
    missing = cli("letterboxed", "play")
    assert missing.exit_code == 2 and missing.stderr.strip() == (
        "error: no sides given: e.g. puzzlewright letterboxed play RME-WCL-TGK-API")


# -- printable puzzles ----------------------------------------------------------------------------------

def test_letterboxed_svg_has_the_letters_and_the_answer_only_when_asked():
    blank = api.generate({"random_seed": 1, "svg": True}).puzzles[0]
    keyed = api.generate({"random_seed": 1, "svg": True, "show_solution": True}).puzzles[0]
    assert blank.sides == keyed.sides and blank.solution is None and keyed.solution
    letters = sorted("".join(blank.sides).upper())  # the picture prints them in capitals
    for picture in (blank.svg, keyed.svg):
        assert sorted(t for t in texts(picture) if len(t) == 1) == letters  # each letter once, by its side
    assert not any(word.upper() in text for word in keyed.solution for text in texts(blank.svg))
    assert "polyline" not in blank.svg and keyed.svg.count("<polyline") == len(keyed.solution)
    assert f"Answer: {' – '.join(keyed.solution).upper()}" in texts(keyed.svg)
    assert api.generate({"random_seed": 1}).puzzles[0].svg is None


def test_acrostic_svg_has_the_seed_and_pool_and_fills_the_grid_only_when_asked():
    from puzzlewright.acrostic import api as acrostic

    blank = acrostic.generate({"size": 4, "random_seed": 5, "svg": True}).puzzles[0]
    keyed = acrostic.generate({"size": 4, "random_seed": 5, "svg": True, "show_solution": True}).puzzles[0]
    assert blank.solution is None and keyed.solution is not None
    in_boxes = [t for t in texts(blank.svg) if len(t) == 1]
    assert "".join(in_boxes) == blank.seed.upper()  # the given row only
    assert " ".join(blank.pool.upper()) in texts(blank.svg)
    assert "".join(t for t in texts(keyed.svg) if len(t) == 1) == "".join(keyed.solution.rows).upper()
    root = ElementTree.fromstring(blank.svg)
    assert len(root.findall(f"{SVG}rect")) == 1 + blank.size ** 2  # the page and a box per cell


def test_cli_generate_svg_files_and_an_unwritable_path(cli, tmp_path):
    target = tmp_path / "box.svg"
    run = cli("letterboxed", "generate", "--count", "2", "--random-seed", "1", "--svg", str(target))
    assert run.exit_code == 0, run.stderr
    assert target.exists() and (tmp_path / "box-2.svg").exists()
    assert "Answer" not in target.read_text()
    keyed = tmp_path / "acrostic.svg"
    run = cli("acrostic", "generate", "--size", "4", "--random-seed", "5", "--show-solution", "--svg", str(keyed))
    assert run.exit_code == 0, run.stderr
    solution = run.stdout.split("solution:")[1].split()
    assert "".join(t for t in texts(keyed.read_text()) if len(t) == 1) == "".join(solution).upper()
    for command in (["letterboxed", "generate"], ["acrostic", "generate", "--size", "4"]):
        bad = cli(*command, "--random-seed", "1", "--svg", str(tmp_path / "missing" / "x.svg"))
        assert bad.exit_code == 2 and bad.stderr.startswith("error: cannot write") and "\n" not in bad.stderr.strip()


def test_a_budget_that_runs_out_says_the_answer_may_be_incomplete():
    from puzzlewright.budget import Budget

    budget = Budget(seconds=60)
    budget.cancel()
    result = api.play({"sides": SIDES, "played": ["wigwam"], "hints": 1}, budget=budget)
    assert not result.complete and not result.is_whole()  # never cached
    assert result.played == ["wigwam"] and result.letters_used == 5  # the checks need no search
