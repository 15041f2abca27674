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
