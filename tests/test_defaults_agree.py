"""Every surface takes its defaults from one place (issue #29): for every verb of every puzzle, the library's
front door (``pw.<puzzle>.<verb>``), the request model the web API and batches fill in, and the CLI's
options give the same default for each setting they share; the web page's dictionary menus start at the
library's dictionary; and the seed's box gets the same answer from the library, the CLI (quick path and
click) and the web.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
from typing import Any

import click
import pytest

import puzzlewright as pw
from puzzlewright.cli.root import cli

PUZZLES = ("acrostic", "letterboxed", "jumble", "wordle", "grid")
CLI_NAMES = {"dict_spec": "dict", "answers_spec": "answers", "how_many": "count"}  # option dest -> setting
# Settings whose CLI option means something else than the request's field, on purpose.
CLI_ONLY_MEANINGS = {
    ("acrostic", "generate", "time_limit"): "the CLI's is per puzzle of a long parallel run (SECONDS_PER_PUZZLE)",
}
SEED_BOX = "RME-WCL-TGK-API"


def verbs(puzzle: str) -> list[str]:
    """The puzzle's verbs: its CLI subcommands, its front door's functions and its request models."""
    module = getattr(pw, puzzle)
    schema = importlib.import_module(f"puzzlewright.{puzzle}.schema")
    names = set(cli_group(puzzle).list_commands(click.Context(cli)))
    names |= {name for name in module.__all__ if name.islower() and inspect.isfunction(getattr(module, name))}
    names |= {name[:-len("Request")].lower() for name in [*dir(schema), *getattr(schema, "_LAZY_MODELS", ())]
              if name.endswith("Request") and name[0].isupper()}
    return sorted(names)


def cli_group(puzzle: str) -> click.Group:
    group = cli.get_command(click.Context(cli), puzzle)
    assert isinstance(group, click.Group)
    return group


def model_defaults(puzzle: str, verb: str) -> dict[str, Any] | None:
    """The defaults of the verb's request model (what the web API and batch records get), None without one."""
    schema = importlib.import_module(f"puzzlewright.{puzzle}.schema")
    model = getattr(schema, f"{verb.capitalize()}Request", None)
    if model is None:
        return None
    return {f.name: f.default for f in dataclasses.fields(model) if f.default is not dataclasses.MISSING}


def library_defaults(puzzle: str, verb: str) -> dict[str, Any] | None:
    """The keyword defaults of ``pw.<puzzle>.<verb>``, None when the front door has no such function."""
    function = getattr(getattr(pw, puzzle), verb, None)
    if not inspect.isfunction(function):
        return None
    return {name: parameter.default for name, parameter in inspect.signature(function).parameters.items()
            if parameter.default is not inspect.Parameter.empty}


def cli_defaults(puzzle: str, verb: str) -> dict[str, Any] | None:
    """The option defaults of ``puzzlewright <puzzle> <verb>`` (flags included; an option without a value of
    its own, such as a repeatable one, leaves the setting to the verb), None without the command."""
    command = cli_group(puzzle).get_command(click.Context(cli), verb)
    if command is None:
        return None
    return {CLI_NAMES.get(str(p.name), str(p.name)): p.default for p in command.params
            if isinstance(p, click.Option) and isinstance(p.default, (str, int, float, bool))}


VERBS = [(puzzle, verb) for puzzle in PUZZLES for verb in verbs(puzzle)]


@pytest.mark.parametrize(("puzzle", "verb"), VERBS, ids=[f"{p}-{v}" for p, v in VERBS])
def test_library_cli_and_web_defaults_agree(puzzle: str, verb: str):
    surfaces = {"library": library_defaults(puzzle, verb), "request model (web, batch)": model_defaults(puzzle, verb),
                "CLI": cli_defaults(puzzle, verb)}
    present = {name: found for name, found in surfaces.items() if found is not None}
    assert present, f"{puzzle} {verb}: no surface has it"
    disagreements = []
    for setting in sorted(set().union(*present.values())):
        if (puzzle, verb, setting) in CLI_ONLY_MEANINGS:
            continue
        values = {name: found[setting] for name, found in present.items() if setting in found}
        if len({json.dumps(value, default=str) for value in values.values()}) > 1:
            disagreements.append(f"{setting}: {values}")
    assert not disagreements, f"{puzzle} {verb}: " + "; ".join(disagreements)


def test_the_walk_covers_every_verb_with_a_dictionary():
    """The walk above is not vacuous: each puzzle's main verbs are there, each with a dictionary default on
    at least two surfaces (the test would pass trivially if the walk found nothing to compare)."""
    for puzzle, verb in [("letterboxed", "solve"), ("letterboxed", "generate"), ("acrostic", "solve"),
                         ("acrostic", "generate"), ("jumble", "solve"), ("jumble", "unscramble"),
                         ("wordle", "doodle"), ("wordle", "assist"), ("grid", "fill")]:
        assert (puzzle, verb) in VERBS
        found = [d for d in (library_defaults(puzzle, verb), model_defaults(puzzle, verb), cli_defaults(puzzle, verb))
                 if d is not None and "dict" in d]
        assert len(found) >= 2, (puzzle, verb)
    assert library_defaults("letterboxed", "solve")["dict"] == "english-letterboxed"


def test_each_puzzle_defaults_module_is_what_the_surfaces_use():
    """The one home of each puzzle's defaults (``puzzlewright.<puzzle>.defaults``) is what the walk finds."""
    for puzzle in PUZZLES:
        defaults = importlib.import_module(f"puzzlewright.{puzzle}.defaults")
        for verb in verbs(puzzle):
            for found in (library_defaults(puzzle, verb), model_defaults(puzzle, verb), cli_defaults(puzzle, verb)):
                if found is not None and "dict" in found:
                    assert found["dict"] == defaults.DEFAULT_DICTIONARY, (puzzle, verb)
                if found is not None and "time_limit" in found and (puzzle, verb, "time_limit") not in CLI_ONLY_MEANINGS:
                    # a verb with a limit of its own names it DEFAULT_<VERB>_TIME_LIMIT (jumble generate)
                    expected = getattr(defaults, f"DEFAULT_{verb.upper()}_TIME_LIMIT",
                                       getattr(defaults, "DEFAULT_TIME_LIMIT", found["time_limit"]))
                    assert found["time_limit"] == expected, (puzzle, verb)


# -- the web ------------------------------------------------------------------------------------------------

fastapi = pytest.importorskip("fastapi")
pytest.importorskip("httpx2")
from fastapi.testclient import TestClient  # noqa: E402

from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY  # noqa: E402
from puzzlewright.web import create_app  # noqa: E402


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(search_seconds=20))


def test_the_page_menus_start_at_each_puzzles_library_default(client):
    """``GET /api/dicts`` gives the page each puzzle's default dictionary (the menus select it): the Letter
    Boxed tab once started at ``english`` while the library and CLI used ``english-letterboxed``."""
    defaults = client.get("/api/dicts").json()["defaults"]
    assert defaults == {"lookup": DEFAULT_DICTIONARY,
                        **{p: importlib.import_module(f"puzzlewright.{p}.defaults").DEFAULT_DICTIONARY
                           for p in PUZZLES}}
    assert defaults["letterboxed"] == "english-letterboxed"
    assert library_defaults("letterboxed", "solve")["dict"] == defaults["letterboxed"]


def test_the_seed_box_gets_the_same_answer_everywhere(client, cli):
    """The seed's box: same count, first answer and dictionary from the library, the CLI (the quick path's text
    and click's ``--json``) and the web API, each with its defaults."""
    library = pw.letterboxed.solve(SEED_BOX)
    expected = (library.count, library.best.words, library.dictionary)
    assert expected == (5, ["wigwam", "marketplace"], "english-letterboxed") and str(library.best) == "WIGWAM-MARKETPLACE"

    as_json = cli("letterboxed", "solve", SEED_BOX, "--json")
    assert as_json.exit_code == 0, as_json.stderr
    data = as_json.json()
    assert (data["count"], data["solutions"][0]["words"], data["dictionary"]) == expected

    quick = cli("letterboxed", "solve", SEED_BOX)
    assert quick.exit_code == 0, quick.stderr
    head, first = quick.stdout.splitlines()[:2]
    assert head.startswith(f"{SEED_BOX}: {library.count} solutions in 2 words") and head.endswith(
        f"in {library.dictionary})")
    assert first.split()[1] == str(library.best)

    web = client.post("/api/letterboxed/solve", json={"sides": SEED_BOX})
    assert web.status_code == 200, web.text
    answer = web.json()
    assert (answer["count"], answer["solutions"][0]["words"], answer["dictionary"]) == expected
