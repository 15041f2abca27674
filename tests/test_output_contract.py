"""One output contract (issue #29): every puzzle result names its dictionary under ``dictionary`` (never
``dict``), the CLI reports bad input as a JSON object under ``--json``, a guess list may be one string, and
a result's repr shows what its first item really is.
"""

from __future__ import annotations

import json

import pytest

import puzzlewright as pw
from puzzlewright.schema import dump_json

RESULTS = {
    "letterboxed solve": lambda: pw.letterboxed.solve("RME-WCL-TGK-API"),
    "letterboxed generate": lambda: pw.letterboxed.generate(random_seed=1),
    "acrostic solve": lambda: pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4"),
    "acrostic generate": lambda: pw.acrostic.generate(3, random_seed=1),
    "jumble unscramble": lambda: pw.jumble.unscramble("SHACE"),
    "jumble solve": lambda: pw.jumble.solve(["LASRN:OOO--", "SHACE:O--OO"], answer="------"),
    "grid fill": lambda: pw.grid.fill("..../..../....", dict="acrostic-4"),
    "wordle doodle": lambda: pw.wordle.doodle("crane", ["BBBBB", "GGGGG"], random_seed=1),
}


@pytest.mark.parametrize("verb", RESULTS)
def test_every_result_names_its_dictionary_under_one_key(verb):
    data = json.loads(dump_json(RESULTS[verb]()))
    assert "dict" not in data
    assert data["dictionary"] in {"english", "english-letterboxed", "acrostic-4", "wordle-guesses"}


def test_a_result_names_the_dictionary_it_used():
    assert pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4").dictionary == "acrostic-4"
    assert pw.jumble.unscramble("SHACE", dict="english-large").dictionary == "english-large"


@pytest.mark.parametrize("arguments", [
    ("letterboxed", "solve", "ABC", "--json"),  # bad input the puzzle refuses
    ("letterboxed", "solve", "RME-WCL-TGK-API", "--max-words", "9", "--json"),  # an option click refuses
    ("jumble", "unscramble", "SH4CE", "--json"),
    ("wordle", "feedback", "speed", "--json"),  # a missing argument
])
def test_json_errors_are_one_json_object(cli, arguments):
    result = cli(*arguments)
    assert result.exit_code == 2
    error = json.loads(result.stdout)
    assert list(error) == ["error"] and error["error"]
    assert result.stderr == f"error: {error['error']}\n"  # the same line for a reader


def test_errors_without_json_stay_plain_text(cli):
    result = cli("letterboxed", "solve", "ABC")
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.startswith("error: 'ABC' has 3")


def test_a_json_flag_after_a_double_dash_is_an_operand():
    from puzzlewright.cli.shared import wants_json

    assert wants_json(["jumble", "unscramble", "--json", "SHACE"])
    assert not wants_json(["jumble", "unscramble", "--", "--json"])


def test_assist_takes_the_guesses_as_one_string():
    as_list = pw.wordle.assist(["salet:BBYBB", "crony:BYBBB"])
    assert pw.wordle.assist("salet:BBYBB, crony:BYBBB").answers == as_list.answers
    assert pw.wordle.assist("salet:BBYBB crony:BYBBB").answers == as_list.answers
    assert pw.wordle.assist("salet:BBYBB").remaining == pw.wordle.assist(["salet:BBYBB"]).remaining > 1


def test_unscramble_takes_a_string_as_one_word():
    result = pw.jumble.unscramble("SHACE")
    assert len(result) == 1 and result.words[0].scrambled == "shace"
    assert result.best == "chase"


def test_the_jumble_repr_reads_each_word_as_the_best_answer_does():
    """SHACE is CHASE on its own, but the best answer of this puzzle circles letters of ACHES: the repr
    shows the unscramblings the best answer uses, not each word's commonest one."""
    result = pw.jumble.solve(words=["LASRN:OOO--", "SHACE:O--OO", "HOTGUF:--OO-O", "CLATHE:--OO-O"],
                             answer="----- -------", caption="You are here.", extra_words="sesug,atlanta")
    assert result.best is not None and result.best.unscrambled[1] == "aches"
    assert result.words[1].candidates[0] == "chase"
    assert "SHACE->ACHES" in repr(result) and f"best {result.best}" in repr(result)


def test_no_result_model_names_a_shared_key_another_way():
    """Every result model of every puzzle says ``dictionary`` (never ``dict``) and ``elapsed_s`` (never
    ``seconds``), whatever verb it answers."""
    import dataclasses
    import importlib

    checked = 0
    for puzzle in ("acrostic", "letterboxed", "jumble", "wordle", "grid"):
        schema = importlib.import_module(f"puzzlewright.{puzzle}.schema")
        for name in [*dir(schema), *getattr(schema, "_LAZY_MODELS", ())]:
            model = getattr(schema, name)
            if name.endswith("Result") and dataclasses.is_dataclass(model):
                fields = {f.name for f in dataclasses.fields(model)}
                assert not fields & {"dict", "seconds", "elapsed"}, (puzzle, name)
                checked += 1
    assert checked >= 12


# -- one envelope, one letter case, one exit status for a run a limit stopped (issue #29 item 3) ----------

# Every verb with --json, on a small input: (arguments, whether it searches a dictionary: the envelope)
JSON_VERBS = {
    "dict lookup": (["dict", "lookup", "cat", "umami"], False),
    "dict explain": (["dict", "explain", "cat"], False),
    "letterboxed solve": (["letterboxed", "solve", "RME-WCL-TGK-API", "--limit", "2"], True),
    "letterboxed solve --words": (["letterboxed", "solve", "RME-WCL-TGK-API", "--words"], True),
    "letterboxed generate": (["letterboxed", "generate", "--random-seed", "1", "--show-solution"], True),
    "jumble unscramble": (["jumble", "unscramble", "SHACE", "LASRN"], True),
    "jumble solve": (["jumble", "solve", "--word", "LASRN:OOO--", "--word", "SHACE:O--OO", "--answer", "------"],
                     True),
    "jumble generate": (["jumble", "generate", "BEE WORTH IT", "--random-seed", "1", "--show-answers"], True),
    "wordle feedback": (["wordle", "feedback", "speed", "erase"], False),
    "wordle assist": (["wordle", "assist", "--guess", "salet:BBYBB", "--guess", "crane:BYBBB"], True),
    "wordle doodle": (["wordle", "doodle", "--answer", "crane", "GGGGY", "BBBBB", "--random-seed", "1"], True),
    "wordle play": (["wordle", "play", "crane"], True),
    "acrostic solve": (["acrostic", "solve", "eras", "ceeiklmorstw", "--dict", "acrostic-4", "--all"], True),
    "acrostic verify": (["acrostic", "verify", "eras/lick/more/stew", "--dict", "acrostic-4"], True),
    "acrostic generate": (["acrostic", "generate", "--size", "4", "--random-seed", "6", "--show-solution"], True),
    "acrostic count": (["acrostic", "count", "--size", "4", "--dict", "acrostic-4"], True),
    "grid fill": (["grid", "fill", "--template", "..../..../..../....", "--dict", "acrostic-4"], True),
    "grid reroll": (["grid", "reroll", "--grid", "eras/lick/more/stew", "--slot", "1-Across", "--dict", "acrostic-4"],
                    True),
    "grid verify": (["grid", "verify", "--grid", "eras/lick/more/stew"], True),
    "grid candidates": (["grid", "candidates", "--template", "eras/l.../m.../s...", "--slot", "5-Across"], True),
    "grid count": (["grid", "count", "--size", "3x3"], True),
}
ENVELOPE = ["dictionary", "complete", "elapsed_s"]
# Keys whose strings are not words: feedback and circle codes, prose, pictures, names of things
NOT_WORDS = frozenset({"pattern", "patterns", "circle_mask", "emoji", "digits", "message", "reason", "notes", "play",
                       "explanation", "stopped", "recovery", "svg", "image", "direction", "caption", "date", "runner",
                       "dictionary", "first", "second", "name", "source", "sources", "flags", "tiers", "rejected",
                       "encoding", "slot", "opener_reason"})


def word_strings(data: object, key: str = "") -> list[tuple[str, str]]:
    """Every (key, string) of a result's JSON whose key names words (not :data:`NOT_WORDS`)."""
    if isinstance(data, dict):
        return [found for name, value in data.items() if name not in NOT_WORDS for found in word_strings(value, name)]
    if isinstance(data, list):
        return [found for value in data for found in word_strings(value, key)]
    return [(key, data)] if isinstance(data, str) else []


@pytest.mark.parametrize("verb", JSON_VERBS)
def test_every_json_result_has_the_envelope_and_words_in_small_letters(cli, verb):
    """Every verb's --json: a search's result starts with the shared envelope (dictionary, complete,
    elapsed_s, one definition: schema.Outcome), and every word in it is in small letters, whatever the
    puzzle (Letter Boxed and Jumble gave capitals, the others small letters)."""
    arguments, searches = JSON_VERBS[verb]
    result = cli(*arguments, "--json")
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)
    if searches:
        assert list(data)[:3] == ENVELOPE
        assert isinstance(data["dictionary"], str) and data["complete"] is True
        assert isinstance(data["elapsed_s"], float) and 0 <= data["elapsed_s"] < 60
    words = word_strings(data)
    assert all(text == text.lower() for _, text in words), [w for w in words if w[1] != w[1].lower()]
    assert any(text.isalpha() for _, text in words) or verb.endswith("count")  # a count has no words to show


def test_every_search_result_model_shares_the_one_envelope():
    """Each result model that answers from a dictionary is an Outcome: the three keys are declared once."""
    import dataclasses
    import importlib

    from puzzlewright.schema import Outcome

    shared = {f.name for f in dataclasses.fields(Outcome)}
    assert shared == set(ENVELOPE)
    for puzzle in ("acrostic", "letterboxed", "jumble", "wordle", "grid"):
        schema = importlib.import_module(f"puzzlewright.{puzzle}.schema")
        for name in [*dir(schema), *getattr(schema, "_LAZY_MODELS", ())]:
            model = getattr(schema, name)
            if name.endswith("Result") and dataclasses.is_dataclass(model) and name not in ("FeedbackResult",
                                                                                           "ExportResult"):
                assert issubclass(model, Outcome), (puzzle, name)
                assert [f.name for f in dataclasses.fields(model)][:3] == ENVELOPE


# Each verb that takes a time or node limit, run with one too small to finish (a partial result to give)
LIMITED = {
    "letterboxed solve": ["letterboxed", "solve", "RME-WCL-TGK-API", "--max-words", "5", "--time-limit", "0.001"],
    "acrostic solve": ["acrostic", "solve", "--template", "...../...../...../...../.....", "--pool",
                       "heartemberabuseresintrend", "--all", "--time-limit", "0.01"],  # a blank 5x5: seconds
    "acrostic count": ["acrostic", "count", "--size", "5", "--time-limit", "0.01"],
    "grid fill": ["grid", "fill", "--template", "...../...../...../...../.....", "--max-nodes", "3"],
    "grid reroll": ["grid", "reroll", "--grid", "eras/lick/more/stew", "--slot", "1-Across", "--max-nodes", "1"],
    "grid count": ["grid", "count", "--size", "4x5", "--time-limit", "0.01"],
    # puzzle 1 of 3 is never found in time (conftest's puzzle_never_found): puzzle 0 is the partial result
    "acrostic generate": ["acrostic", "generate", "--size", "4", "--count", "3", "--random-seed", "1",
                          "--time-limit", "5", "--workers", "1"],
}


@pytest.mark.parametrize("verb", LIMITED)
@pytest.mark.parametrize("as_json", [False, True])
def test_a_run_a_limit_stopped_exits_3_with_its_partial_result(cli, verb, as_json, puzzle_never_found):
    """One exit status for "stopped by a limit, the result is incomplete": INCOMPLETE (3), the partial
    result printed as usual and one note on stderr, for every verb that takes a limit."""
    from puzzlewright.cli.shared import INCOMPLETE, INCOMPLETE_NOTE

    if verb == "acrostic generate":
        puzzle_never_found(1)
    result = cli(*LIMITED[verb], *(["--json"] if as_json else []))
    assert INCOMPLETE == 3 and result.exit_code == INCOMPLETE, result.stderr
    assert result.stderr.splitlines()[-1] == INCOMPLETE_NOTE and result.stdout
    if as_json:
        assert json.loads(result.stdout)["complete"] is False
    if verb == "acrostic generate":  # the puzzle before the one not found, and why the run stopped there
        made = json.loads(result.stdout)["puzzles"] if as_json else result.stdout.splitlines()
        assert len(made) == 1
        assert result.stderr.splitlines()[-2] == ("warning: puzzle 1: no 4x4 puzzle found within the time limit "
                                                  "of 5 s; allow more or lower --min-commonness")


def test_a_whole_answer_exits_0_and_a_limit_with_nothing_to_give_is_an_error(cli):
    assert cli("letterboxed", "solve", "RME-WCL-TGK-API", "--limit", "1").exit_code == 0
    assert cli("acrostic", "solve", "eras", "ceeiklmorstw", "--dict", "acrostic-4").exit_code == 0  # --limit 1 met
    nothing = cli("acrostic", "generate", "--size", "5", "--time-limit", "0.001", "--random-seed", "1")
    assert nothing.exit_code == 2 and nothing.stderr.startswith("error: ") and not nothing.stdout


def test_the_library_returns_what_a_limit_left_rather_than_raising():
    from puzzlewright.budget import Budget
    from puzzlewright.letterboxed import api as letterboxed
    from puzzlewright.wordle import api as wordle

    stopped = letterboxed.solve({"sides": "RME-WCL-TGK-API", "max_words": 5}, budget=Budget(nodes=50))
    assert not stopped.complete and not stopped.is_whole()
    partial = wordle.play({"all": True}, budget=Budget(nodes=3))
    assert not partial.complete and 0 < partial.answers < 2315  # was BudgetExceeded
    found = pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4")  # the one solution asked for
    assert found.complete and "stopped" not in repr(found) and "incomplete" not in repr(found)


@pytest.mark.parametrize("call", [
    lambda: pw.wordle.doodle("crane", "BBBBB GGGGG", random_seed=1),
    lambda: pw.wordle.play("crane", guesses="salet:BYBYB", random_seed=1),
    lambda: pw.jumble.solve("LASRN:OOO-- SHACE:O--OO", answer="------"),
    lambda: pw.letterboxed.play("RME-WCL-TGK-API", played="wigwam", word="marketplace"),
])
def test_a_string_is_taken_as_its_items_wherever_a_list_is(call):
    """Patterns, guesses, scrambled words and played words given as one string (spaces or commas between
    them) are read as the list they name, never letter by letter."""
    result = call()
    assert result == call()  # the same answer again
    listed = {"doodle": lambda: pw.wordle.doodle("crane", ["BBBBB", "GGGGG"], random_seed=1)}
    if type(result).__name__ == "DoodleResult":
        assert [row.word for row in result] == [row.word for row in listed["doodle"]()]
    if type(result).__name__ == "PlayResult":
        assert result.done and result.played == ["wigwam", "marketplace"]
