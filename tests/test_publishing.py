"""Constructions are printable as they come (issue #27): every constructor obeys the publishing policy
(:mod:`puzzlewright.lexicon.policy`, ``Use.CONSTRUCT``) in the library, on the command line and on the web.

No generated acrostic square, Letter Boxed answer, Doodle fill or assistant suggestion holds a word that
``english-large`` (which carries every flag) marks offensive, vulgar, proper or unpleasant, unless the user allows
vulgar words or names; offensive words can never be allowed (a one-line error: exit 2, HTTP 4xx,
PuzzleInputError). A user's own word list is held to the same policy.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable

import pytest
from conftest import untimed

from puzzlewright.acrostic import api as acrostic
from puzzlewright.acrostic.generator import GenerateOptions, generate_one
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letterboxed import api as letterboxed
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.lexicon.policy import ALLOW_HELP
from puzzlewright.lexicon.sources import flag_mask
from puzzlewright.schema import dump_json
from puzzlewright.wordle import api as wordle

LEFT_OUT = {"offensive", "vulgar", "proper", "unpleasant"}
# a 3x3 double square whose only other words cannot make one: its rows and columns (TIT is vulgar)
VULGAR_SQUARE = ["tit", "ace", "pea", "tap", "ice", "tea"]
VULGAR_PAIR = ["whore", "enthusiasm"]  # the only Letter Boxed answer these words make
VULGAR_FILL = ["penis", "crane"]  # PENIS is the only word giving BYYBB against CRANE


def flagged(words: Iterable[str]) -> dict[str, set[str]]:
    """The words (any case) that the large dictionary flags as something constructions leave out."""
    large = load_lexicon("english-large")
    found = {word: set(large.flags_of(word.lower())) & LEFT_OUT for word in words}
    return {word: flags for word, flags in found.items() if flags}


def word_file(tmp_path, words: list[str]) -> str:
    path = tmp_path / "mine.txt"
    path.write_text("\n".join(words) + "\n")
    return str(path)


# -- acrostic generate -------------------------------------------------------------------------------


def test_acrostic_squares_hold_no_left_out_word():
    made = acrostic.generate({"size": 4, "count": 12, "random_seed": 5, "show_solution": True})
    lines = [line for puzzle in made for rows in [puzzle.solution.rows]
             for line in rows + ["".join(column) for column in zip(*rows)]]
    assert len(lines) == 12 * 8 and not flagged(lines)


def test_acrostic_request_word_list_with_a_vulgar_word_is_left_out_unless_allowed():
    request = {"size": 3, "words": VULGAR_SQUARE, "min_commonness": None, "random_seed": 1, "show_solution": True}
    with pytest.raises(PuzzleInputError, match=r"from the 5 words .* \(1 word left out by the publishing policy: "
                                               r"allowing vulgar would let it in\); try a lower commonness floor$"):
        acrostic.generate(request)
    (puzzle,) = acrostic.generate({**request, "allow": ["vulgar"]})
    assert "tit" in puzzle.solution.rows + ["".join(column) for column in zip(*puzzle.solution.rows)]


def test_acrostic_leaves_out_abbreviations_unless_allowed():
    """ETC (a clipped word only SCOWL's abbreviation lists give) is no common word for a generated square:
    the only square these words make holds it (ETC AHA TEN / EAT THE CAN)."""
    request = {"size": 3, "words": ["etc", "aha", "ten", "eat", "the", "can"], "min_commonness": None,
               "random_seed": 1, "show_solution": True}
    with pytest.raises(PuzzleInputError, match=r"1 word left out by the publishing policy: allowing abbreviation "
                                               r"would let it in"):
        acrostic.generate(request)
    (puzzle,) = acrostic.generate({**request, "allow": ["abbreviation"]})
    assert sorted(puzzle.solution.rows) in (["aha", "etc", "ten"], ["can", "eat", "the"])


def test_acrostic_offensive_cannot_be_allowed():
    with pytest.raises(PuzzleInputError, match=r"field 'allow': cannot allow 'offensive' \(offensive words are "
                                               r"never used\): choose from vulgar, proper"):
        acrostic.generate({"size": 4, "allow": "offensive"})


def test_catalogue_squares_holding_a_left_out_word_are_passed_over(tmp_path, monkeypatch):
    """6x6 puzzles drawn from the catalogue of every square (one list for every ``allow``): a square with
    a vulgar word is never drawn by default, and is drawn when vulgar words are allowed."""
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    squares = ["abbess/claret/calmer/unlike/scenes/esters", "abound/copper/crusty/onsite/reeder/dosers",
               "satire/turner/arisen/votive/erodes/sanest"]
    words = sorted({line for square in squares for rows in [square.split("/")]
                    for line in rows + ["".join(column) for column in zip(*rows)]})
    vulgar = {"copper"}  # pretend: the policy reads the flags, whatever the word
    lexicon = Lexicon(words, [4.0] * len(words), flags=[flag_mask(["vulgar"]) * (w in vulgar) for w in words],
                      name="small")

    def drawn(allow: tuple[str, ...]) -> set[str]:
        options = GenerateOptions(6, unique=False, min_commonness=3.0, random_seed=2, allow=allow)
        return {line for i in range(12) for line in generate_one(lexicon, options, i).solution.words}

    assert "copper" not in drawn(()) and "copper" in drawn(("vulgar",))
    everywhere = Lexicon(words, [4.0] * len(words), flags=[flag_mask(["proper"]) * (w in {"copper", "claret", "turner"})
                                                          for w in words], name="small")
    with pytest.raises(PuzzleInputError, match=r"^every one of the 3 6x6 double word squares of 'small' with "
                                               r"commonness >= 3 holds a word the publishing policy leaves out \(3 "
                                               r"words left out by the publishing policy: allowing proper would let "
                                               r"them in\); try a lower commonness floor$"):
        generate_one(everywhere, GenerateOptions(6, unique=False, min_commonness=3.0), 0)


def test_parallel_jobs_carry_flags_and_familiarity_to_their_workers():
    from puzzlewright.acrostic.jobs import GenerateJob

    job = GenerateJob(load_lexicon("english"), GenerateOptions(4, random_seed=1), 2)
    copy = pickle.loads(pickle.dumps(job))
    assert (copy.lexicon.flags == job.lexicon.flags).all() and copy.lexicon.flags.any()
    assert (copy.lexicon.familiarity_values == job.lexicon.familiarity_values).all()


# -- letterboxed generate ------------------------------------------------------------------------------


def test_generated_letter_boxed_puzzles_are_their_own_best_answer():
    """Issue #27 item 7: over 20 random seeds, each puzzle's stated solution is the solver's first solution
    of its box, and no word of it (or of the box's best five) is left out by the policy."""
    for seed in range(100, 120):
        (puzzle,) = letterboxed.generate({"count": 1, "random_seed": seed, "show_solution": True})
        best = letterboxed.solve({"sides": puzzle.sides}).solutions[0].words
        assert puzzle.solution == best == puzzle.solutions[0].words, seed
        assert len(puzzle.solution) == 2 and not flagged(puzzle.solution), (seed, puzzle.solution)
        assert not flagged(word for shown in puzzle.solutions for word in shown.words), seed


def test_a_generated_letter_boxed_lists_no_solution_holding_a_left_out_word():
    """A generated box shows its best solutions beside its answer (``_describe``), leaving out every solution
    with a word the publishing policy keeps out of constructions (an abbreviation such as EXT, a name, a
    vulgar word), the rest in the solver's order; nothing left out, the solver's first five."""
    from puzzlewright.letterboxed.defaults import DEFAULT_DICTIONARY
    from puzzlewright.letterboxed.generator import SHOWN_SOLUTIONS, _describe
    from puzzlewright.letterboxed.index import builtin_index
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.letterboxed.solver import box_words

    box = Box.parse("RME-WCL-TGK-API")
    solved = [tuple(s.words) for s in letterboxed.solve({"sides": box.sides, "max_words": 2, "all": True}).solutions]
    found = box_words(box, builtin_index(DEFAULT_DICTIONARY))
    assert [tuple(s.words) for s in _describe(box, found, 0.0, frozenset()).best] == solved[:SHOWN_SOLUTIONS]
    left_out = frozenset(set(solved[1]) - set(solved[0]))  # as if the second solution's other words were abbreviations
    kept = [words for words in solved if not left_out.intersection(words)]
    shown = [tuple(s.words) for s in _describe(box, found, 0.0, left_out).best]
    assert shown == kept[:SHOWN_SOLUTIONS] and len(kept) < len(solved) and solved[0] == shown[0]


def test_a_generated_letter_boxed_lists_only_solutions_at_its_commonness_floor():
    """The solutions printed beside a generated box's answer are held to the answer's floor (Zipf 3 by
    default): the audit saw rare words there (ARBLAST, THURIFY). Seed 3's fourth box, EUN-OPH-SGT-DLA,
    used to list SPANGLED-DOUGHT and GASPED-DUATHLON; the solver still lists them (``letterboxed solve``)."""
    from puzzlewright.letterboxed.defaults import DEFAULT_GENERATE_COMMONNESS

    zipf = dict(zip(load_lexicon("english-letterboxed").words, load_lexicon("english-letterboxed").zipf.tolist()))
    made = letterboxed.generate({"count": 4, "random_seed": 3, "show_solution": True})
    for puzzle in made:
        assert all(zipf[word] >= DEFAULT_GENERATE_COMMONNESS for shown in puzzle.solutions for word in shown.words)
    box = made.puzzles[3]
    assert "-".join(box.sides) == "eun-oph-sgt-dla"
    solved = [tuple(s.words) for s in letterboxed.solve({"sides": box.sides, "all": True}).solutions]
    assert ("spangled", "dought") in solved and ("gasped", "duathlon") in solved
    shown = [tuple(s.words) for s in box.solutions]
    assert shown == [words for words in solved if all(zipf[word] >= 3.0 for word in words)][:len(shown)]
    assert ("spangled", "dought") not in shown


def test_letter_boxed_word_list_with_a_vulgar_word_is_left_out_unless_allowed(cli, tmp_path):
    path = word_file(tmp_path, VULGAR_PAIR)
    refused = cli("letterboxed", "generate", "--dict", path, "--random-seed", "1")
    assert refused.exit_code == 2
    assert refused.stderr == ("error: made only 0 of 1 puzzles (1 word left out by the publishing policy: allowing "
                              "vulgar would let it in); try a lower commonness floor\n")
    allowed = cli("letterboxed", "generate", "--dict", path, "--random-seed", "1", "--allow", "vulgar", "--json",
                  "--show-solution")
    assert allowed.exit_code == 0 and allowed.json()["puzzles"][0]["solution"] == ["whore", "enthusiasm"]


def test_letter_boxed_offensive_cannot_be_allowed():
    with pytest.raises(PuzzleInputError, match="cannot allow 'offensive'"):
        letterboxed.generate({"allow": ["vulgar", "offensive"]})


# -- wordle doodle and assist ------------------------------------------------------------------------


def test_doodle_fills_hold_no_left_out_word():
    result = wordle.doodle({"answer": "crane", "patterns": ["BBBBB", "BGBGB", "YBBBB"], "all": True,
                            "random_seed": 1})
    listed = [word for row in result.rows for word in row.words]
    assert len(listed) > 1000 and not flagged(listed)
    allowed = wordle.doodle({"answer": "crane", "patterns": ["BBBBB"], "all": True, "random_seed": 1,
                             "allow": "vulgar,proper"})
    assert flagged(allowed.rows[0].words)  # the words were there to leave out
    own = wordle.doodle({"answer": "horny", "patterns": ["BGBGB", "GGGGG"], "random_seed": 1})  # the user's answer
    assert [row.word for row in own.rows][1] == "horny" and not flagged([own.rows[0].word]) and not own.notes


def test_doodle_word_list_with_a_vulgar_word_is_left_out_unless_allowed(cli, tmp_path):
    path = word_file(tmp_path, VULGAR_FILL)
    left = cli("wordle", "doodle", "--answer", "crane", "BYYBB", "GGGGG", "--dict", path, "--json").json()
    assert [row["word"] for row in left["rows"]] == [None, "crane"]
    used = cli("wordle", "doodle", "--answer", "crane", "BYYBB", "GGGGG", "--dict", path, "--json",
               "--allow", "vulgar").json()
    assert [row["word"] for row in used["rows"]] == ["penis", "crane"]


def test_assist_suggests_no_left_out_word_but_accepts_any_typed_guess():
    request = {"guesses": ["salet:BBYBB", "crane:BYBBB"], "top": 40}
    plain = wordle.assist(request)
    assert not flagged([plain.best, *(s.word for s in plain.suggestions)])
    everything = wordle.assist({**request, "allow": ["vulgar", "proper"]})
    assert flagged(s.word for s in everything.suggestions)  # BOODY (proper) and others were left out
    typed = wordle.assist({"guesses": ["boody:BBGBB"], "top": 20})  # a left-out word typed: scored as usual
    assert typed.remaining > 0 and not flagged([typed.best, *(s.word for s in typed.suggestions)])


def test_play_follows_the_assistant():
    game = wordle.play({"answer": "crane", "random_seed": 1})
    assert game.solved and not flagged(turn.word for turn in game.turns[:-1])


# -- the command line: --allow, its help, its errors ---------------------------------------------------

CONSTRUCTING = [("acrostic", "generate", "--size", "4"), ("letterboxed", "generate"),
                ("wordle", "doodle", "--answer", "crane", "BGBGB"), ("wordle", "assist"), ("wordle", "play", "crane")]


@pytest.mark.parametrize("command", CONSTRUCTING, ids=lambda command: " ".join(command[:2]))
def test_cli_allow_option(cli, command):
    assert ALLOW_HELP.split(":")[0] in " ".join(cli(*command[:2], "--help").stdout.split())
    assert "Offensive words (slurs) are never used." in " ".join(cli(*command[:2], "--help").stdout.split())
    refused = cli(*command, "--random-seed" if command[1] != "assist" else "--top", "1", "--allow", "offensive")
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1
    assert refused.stderr.startswith("error: ") and "cannot allow 'offensive'" in refused.stderr
    accepted = cli(*command, "--random-seed" if command[1] != "assist" else "--top", "1", "--allow", "vulgar")
    assert accepted.exit_code == 0, accepted.stderr


def test_cli_acrostic_word_list_with_a_vulgar_word(cli, tmp_path):
    path = word_file(tmp_path, VULGAR_SQUARE)
    args = ("acrostic", "generate", "--size", "3", "--dict", path, "--min-commonness", "0", "--random-seed", "1")
    refused = cli(*args)
    assert refused.exit_code == 2 and "1 word left out" in refused.stderr
    made = cli(*args, "--allow", "vulgar", "--show-solution")
    assert made.exit_code == 0 and "tap ice tea" in made.stdout


def test_a_none_found_note_names_only_the_flags_that_would_let_words_in():
    """Of the words a construction left out, those that are offensive can never come in: the note counts
    them, but names only the flags of the others, and how many of them allowing lets in."""
    from puzzlewright.lexicon.policy import Use, left_out_flags, left_out_note

    words = ["aaa", "bbb", "ccc", "ddd"]
    flags = [flag_mask(["vulgar", "offensive"]), flag_mask(["vulgar"]), flag_mask(["proper"]), 0]
    lexicon = Lexicon(words, [3.0] * 4, flags=flags, name="small")
    assert left_out_flags(lexicon, Use.CONSTRUCT) == (3, frozenset({"vulgar", "proper"}), 2)
    assert left_out_note(*left_out_flags(lexicon, Use.CONSTRUCT)) == (
        " (3 words left out by the publishing policy: allowing vulgar,proper would let 2 of them in)")
    assert left_out_note(*left_out_flags(lexicon, Use.CONSTRUCT, ["vulgar", "proper"])) == (
        " (1 word left out as offensive: never used)")
    assert left_out_note(*left_out_flags(lexicon, Use.SOLVE)) == ""


JUMBLE_VULGAR = ["whore", "crane", "table"]  # WHORE is the only word holding the answer's H


def test_jumble_generate_says_what_to_allow_when_the_policy_leaves_no_fit(cli, tmp_path):
    """A Jumble whose answer needs a word the policy leaves out says so in one line, naming what to allow
    (library: PuzzleInputError; CLI: exit 2), and allowing it makes the puzzle. The search's own "none
    found" (no letter shortage, no set of words) names it too."""
    from puzzlewright.jumble import api as jumble

    request = {"answer": "HB", "lengths": "5,5", "words": JUMBLE_VULGAR, "min_commonness": 0, "random_seed": 1}
    with pytest.raises(PuzzleInputError, match=r"the answer has 1 H; 2 known words .* hold none .* \(1 word left "
                                               r"out by the publishing policy: allowing vulgar would let it in\)$"):
        jumble.generate(request)
    made = jumble.generate({**request, "allow": ["vulgar"], "show_answers": True})
    assert "whore" in [word.answer for word in made.puzzles[0].jumbles]
    path = word_file(tmp_path, ["whore", "bitch", "crane", "table"])
    refused = cli("jumble", "generate", "TC", "--dict", path, "--lengths", "5,5", "--min-commonness", "0",
                  "--random-seed", "1")
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1 and refused.stderr.startswith("error: no Jumble")
    assert "(2 words left out by the publishing policy: allowing vulgar would let them in)" in refused.stderr


# -- the web app: the same requests, the same answers ---------------------------------------------------

WEB = [("acrostic", "generate", {"size": 4, "count": 2, "random_seed": 3}),
       ("letterboxed", "generate", {"count": 1, "random_seed": 3, "show_solution": True}),
       ("wordle", "doodle", {"answer": "crane", "patterns": ["BBBBB", "BGBGB"], "random_seed": 3}),
       ("wordle", "assist", {"guesses": ["salet:BBYBB"], "top": 5})]


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    return TestClient(create_app(search_seconds=20))


@pytest.mark.parametrize("puzzle, verb, request_", WEB, ids=[f"{p} {v}" for p, v, _ in WEB])
def test_web_allow_field(client, puzzle, verb, request_):
    import importlib
    import json

    path = f"/api/{puzzle}/{verb}"
    allowed = {**request_, "allow": ["vulgar"]}
    response = client.post(path, json=allowed)
    assert response.status_code == 200, response.text
    function = getattr(importlib.import_module(f"puzzlewright.{puzzle}.api"), verb)
    assert untimed(response.json()) == untimed(json.loads(dump_json(function(dict(allowed)))))
    refused = client.post(path, json={**request_, "allow": "offensive"})
    assert 400 <= refused.status_code < 500 and "cannot allow 'offensive'" in refused.json()["error"]


def test_web_page_says_what_generators_leave_out(client):
    page = client.get("/").text
    assert page.count("vulgar words and names are left out") == 3
