"""The quick path (puzzlewright.cli.quick) answers a one-off `letterboxed solve BOX` or `dict lookup WORD`
without click: it must print the same bytes and fail the same way as the click command line, which
answers everything else."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from puzzlewright.cli.shared import exit_status
from puzzlewright.cli.quick import quick_command
from puzzlewright.cli.root import click_command


@pytest.fixture(scope="module")
def word_file(tmp_path_factory):
    """A small word list with the seed box's answers, and one word the box cannot spell."""
    path = tmp_path_factory.mktemp("words") / "mine.txt"
    path.write_text("pragmatic\ncakewalk\nwigwam\nmarketplace\nearwig\nzebra\n")
    return str(path)


def both_ways(arguments: list[str]) -> tuple[tuple[int, bytes, bytes], tuple[int, bytes, bytes]]:
    """(exit status, stdout, stderr) of ``arguments`` on the quick path and on the click command line."""
    quick = quick_command(arguments)
    assert quick is not None, f"the quick path should answer {arguments}"
    outcomes = []
    for command in (quick, click_command(arguments)):
        with CliRunner().isolation() as (stdout, stderr, _):
            status = exit_status(command)
        outcomes.append((status, stdout.getvalue(), stderr.getvalue()))
    return outcomes[0], outcomes[1]


QUICK_INPUTS = [
    ["letterboxed", "solve", "RME-WCL-TGK-API"],
    ["letterboxed", "solve", "rme", "wcl", "tgk", "api"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "english"],
    ["letterboxed", "solve", "--dict=english-large", "ERG-BID-NCF-TAO"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "nope", "--dict", "english"],  # the last one counts
    ["letterboxed", "solve", "ABC-DEF-GHI-JKL"],  # no solution: the hint line
    ["letterboxed", "solve", "RME-WCL-TGK-AP"],  # bad input from here on: one line, status 2
    ["letterboxed", "solve", "RME-WCL-TGK-APR"],
    ["letterboxed", "solve", "RM3-WCL-TGK-API"],
    ["letterboxed", "solve", "RME--WCL-TGK-API"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "englsh"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "/no/such/words.txt"],
    ["dict", "lookup", "cat"],
    ["dict", "lookup", "cat", "dgg", "Café", "x-ray", "日本"],
    ["dict", "lookup", "crane", "--dict", "wordle-answers"],
    ["dict", "lookup", "--dict", "english-large", "zygote"],
    ["dict", "lookup", "cat", "--dict", "nope"],
    ["dict", "lookup", "cat", "--dict", "/no/such/words.txt"],
    ["dict", "lookup", "cat", "--dict", "rejected"],  # an archive in the data folder, not a dictionary
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "rejected"],
]


def test_the_shipped_names_are_the_described_dictionaries():
    from puzzlewright.lexicon.builtin import BUILTINS
    from puzzlewright.lexicon.shipped import BUILTIN_NAMES, builtin_archive

    assert set(BUILTIN_NAMES) == set(BUILTINS)
    assert all(builtin_archive(name) for name in BUILTIN_NAMES) and builtin_archive("rejected") is None


@pytest.mark.parametrize("arguments", QUICK_INPUTS, ids=" ".join)
def test_quick_path_prints_what_the_click_command_line_prints(arguments):
    quick, click = both_ways(arguments)
    assert quick == click
    status, stdout, stderr = quick
    if status == 0:
        assert stdout and not stderr
    else:
        assert status == 2 and not stdout and stderr.startswith(b"error: ") and stderr.count(b"\n") == 1


def test_quick_path_on_a_word_list_file(word_file):
    for arguments in (["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", word_file],
                      ["dict", "lookup", "zebra", "wigwam", "cat", "--dict", word_file]):
        quick, click = both_ways(arguments)
        assert quick == click and quick[0] == 0
    assert b"WIGWAM-MARKETPLACE" in quick_run(["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", word_file])


def quick_run(arguments: list[str]) -> bytes:
    with CliRunner().isolation() as (stdout, _, _):
        assert exit_status(quick_command(arguments)) == 0
    return stdout.getvalue()


def test_seed_box_answer_on_the_quick_path():
    lines = quick_run(["letterboxed", "solve", "RME-WCL-TGK-API"]).decode().splitlines()
    assert lines[0].startswith("RME-WCL-TGK-API: 5 solutions in 2 words")
    assert [line.split()[1] for line in lines[1:]] == ["WIGWAM-MARKETPLACE", "PRAGMATIC-CAKEWALK",
                                                       "MARKETPLACE-EARWIG", "CRAMPET-TWIGLIKE",
                                                       "PRAGMATICAL-LATEWAKE"]


@pytest.mark.parametrize("arguments", [
    [], ["--help"], ["letterboxed"], ["letterboxed", "solve"], ["letterboxed", "solve", "--help"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--json"], ["letterboxed", "solve", "RME-WCL-TGK-API", "--limit", "1"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict"], ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict="],
    ["letterboxed", "solve", "--", "RME-WCL-TGK-API"], ["letterboxed", "solve", "-", "RME-WCL-TGK-API"],
    ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "--json"], ["letterboxed", "generate"],
    ["dict", "lookup"], ["dict", "lookup", "cat", "--json"], ["dict", "lookup", "\x1b[31mcat"],
    ["dict", "info"], ["jumble", "unscramble", "shace"], ["letterboxed", "solve", "RME-WCL-TGK-API", "-h"],
    ["acrostic", "count"], ["acrostic", "count", "--double"], ["acrostic", "count", "--size"],
    ["acrostic", "count", "--size", "five"], ["acrostic", "count", "--size", "--double"],
    ["acrostic", "count", "--size", "5", "--json"], ["acrostic", "count", "--size", "5", "--symmetric"],
    ["acrostic", "count", "--size", "5", "--output", "squares.txt"], ["acrostic", "count", "--size", "5", "--help"],
    ["acrostic", "count", "--size", "5", "--dict", "nope"], ["acrostic", "count", "--size", "5", "--dict", "words.txt"],
    ["acrostic", "count", "--size", "5", "--workers", "0"], ["acrostic", "count", "--size", "5", "--double=yes"],
    ["acrostic", "count", "--size", "5", "extra"], ["acrostic", "count", "--size", "5", "--cluster", "local"],
    ["grid", "fill"], ["grid", "fill", "--size", "5x5", "--pattern", "american-1"], ["grid", "fill", "--size"],
    ["grid", "fill", "--size", "5x5", "--json"], ["grid", "fill", "--size", "5x5", "--count", "2"],
    ["grid", "fill", "--size", "5x5", "--workers", "2"], ["grid", "fill", "--grid", "..../..../..../...."],
    ["grid", "fill", "--size", "5x5", "--time-limit", "inf"], ["grid", "fill", "--size", "5x5", "--time-limit", "0"],
    ["grid", "fill", "--size", "5x5", "--time-limit", "soon"], ["grid", "fill", "--size", "5x5", "--random-seed", "-1"],
    ["grid", "fill", "--size", "5x5", "--random-seed", "1.5"], ["grid", "fill", "--size", "5x5", "--help"],
    ["grid", "fill", "--size", "5x5", "extra"], ["grid", "reroll", "--size", "5x5"],
])
def test_anything_else_is_left_to_click(arguments):
    assert quick_command(arguments) is None


def test_main_runs_both_paths(cli):
    quick, click = cli("letterboxed", "solve", "RME-WCL-TGK-API"), cli("letterboxed", "solve", "RME-WCL-TGK-API",
                                                                       "--limit", "10")
    assert quick.exit_code == click.exit_code == 0 and quick.stdout == click.stdout
    mistyped = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--limt", "1")
    assert mistyped.exit_code == 2 and mistyped.stderr.startswith("error: No such option '--limt'")
    assert mistyped.stderr.count("\n") == 1 and not mistyped.stdout


COUNT_INPUTS = [
    ["acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers"],
    ["acrostic", "count", "--canonical", "--double", "--size=5", "--dict=wordle-answers", "--workers", "1"],
    ["acrostic", "count", "--size", "3", "--size", "5", "--double", "--canonical", "--double", "--dict", "wordle-answers",
     "--workers=2"],  # repeated: the last one counts
    ["acrostic", "count", "--size", "5", "--double", "--dict", "wordle-answers", "--workers", "1"],
    ["acrostic", "count", "--size", "2", "--dict", "wordle-answers"],  # bad input from here on
    ["acrostic", "count", "--size", "11", "--dict", "wordle-answers"],
    ["acrostic", "count", "--size", "6", "--double", "--dict", "wordle-answers"],
]


def without_elapsed(outcome: tuple[int, bytes, bytes]) -> tuple[int, bytes, bytes]:
    """An outcome with the seconds a count took left out (the only part that differs from run to run)."""
    status, stdout, stderr = outcome
    return status, re.sub(rb"nodes in [0-9.]+ s", b"nodes in ... s", stdout), stderr


@pytest.mark.parametrize("arguments", COUNT_INPUTS, ids=" ".join)
def test_quick_count_prints_what_the_click_command_line_prints(arguments, monkeypatch):
    """``acrostic count`` over a built-in dictionary runs on the quick path without numpy (over a
    PlainLexicon); the same lines and exit status as the click command line over a Lexicon.

    Without ``--workers`` a count runs in this process while it has spent under 0.2 s of CPU, then starts a
    pool: the 81-square count is near that line, so one path could say "in this process" and the other
    "2 process-pool workers" on a loaded machine. The allowance is made unlimited here (what runs it is not
    what is compared: ``--workers 1`` and ``--workers=2`` check each runner)."""
    from puzzlewright.acrostic.count_kernel import count_kernel
    from puzzlewright.parallel import runners

    count_kernel()  # compiled before the comparison: on a new machine only the first path would say so
    monkeypatch.setattr(runners, "IN_PROCESS_FIRST_S", float("inf"))
    quick, click = both_ways(arguments)
    assert without_elapsed(quick) == without_elapsed(click)
    status, stdout, stderr = quick
    if status == 0:
        assert re.fullmatch(rb"[0-9,]+ [0-9]x[0-9] \(double(, canonical)?\) squares in '[-a-z0-9]+': [0-9,]+ nodes in "
                            rb"[0-9.]+ s \((in this process|2 process-pool workers)\)\n", stdout) and not stderr
    else:
        assert status == 2 and not stdout and stderr.startswith(b"error: ") and stderr.count(b"\n") == 1


FILL_INPUTS = [
    ["grid", "fill", "--size", "4x4", "--dict", "acrostic-4"],
    ["grid", "fill", "--template", "eras/..../..../....", "--dict=acrostic-4", "--random-seed", "2"],
    ["grid", "fill", "--size", "3x3", "--size=4x4", "--time-limit", "20", "--dict", "acrostic-4"],  # the last counts
    ["grid", "fill", "--template", "....#/...../...../#....", "--time-limit=30"],  # the default dictionary
    ["grid", "fill", "--size", "5x5", "--dict", "acrostic-4"],  # no 5-letter words: the explanation, status 1
    ["grid", "fill", "--size", "5y5"],  # bad input from here on
    ["grid", "fill", "--pattern", "american-9"],
    ["grid", "fill", "--template", "ab/cd", "--dict", "/no/such/words.txt"],
]


def without_fill_time(outcome: tuple[int, bytes, bytes]) -> tuple[int, bytes, bytes]:
    """An outcome with the seconds a fill took left out (the only part that differs from run to run)."""
    status, stdout, stderr = outcome
    return status, re.sub(rb"restarts, [0-9.]+ s\)", b"restarts, ... s)", stdout), stderr


@pytest.mark.parametrize("arguments", FILL_INPUTS, ids=" ".join)
def test_quick_fill_prints_what_the_click_command_line_prints(arguments):
    """A ``grid fill`` of one grid with at most ``--dict``, ``--time-limit`` and ``--random-seed`` runs on
    the quick path: the same fill, lines and exit status as the click command line."""
    quick, click = both_ways(arguments)
    assert without_fill_time(quick) == without_fill_time(click)
    status, stdout, stderr = quick
    if status == 0:
        assert re.search(rb"\n1 fill at quality floor [0-9.]+ \([0-9,]+ nodes, [0-9]+ restarts, [0-9.]+ s\)\n$",
                         stdout) and not stderr
    elif status == 1:
        assert stdout.startswith(b"no word fits") and not stderr
    else:
        assert status == 2 and not stdout and stderr.startswith(b"error: ") and stderr.count(b"\n") == 1


def test_quick_fill_on_a_word_list_file(tmp_path):
    """A ``word;score`` list (issue #32's 5x5 against Qxw reads one): filled on the quick path, with the
    words and scores of the file."""
    words = tmp_path / "list.txt"
    words.write_text("".join(f"{word};{score}\n" for word, score in [("eras", 60), ("lick", 50), ("more", 70),
                                                                     ("stew", 40), ("elms", 55), ("riot", 65),
                                                                     ("acre", 45), ("skew", 50)]))
    quick, click = both_ways(["grid", "fill", "--size", "4x4", "--dict", str(words)])
    assert without_fill_time(quick) == without_fill_time(click)
    assert quick[1].startswith(b"E L M S\nR I O T\nA C R E\nS K E W\n  weakest entry STEW (2.40), mean score 3.26\n")


def test_quick_count_finds_the_known_squares():
    assert quick_run(COUNT_INPUTS[0]).startswith(b"81 5x5 (double, canonical) squares in 'wordle-answers': "
                                                 b"3,516,727 nodes in ")


def test_quick_path_imports_neither_click_nor_numpy(tmp_path):
    """Nor the request models' typing and dataclasses (beyond what the interpreter's own start-up imports
    here), for a lookup in a built-in dictionary and for a solve on a built-in dictionary or a word-list
    file; a solve imports no re or json either. A grid fill needs numpy and its request models, not click."""
    watched = ("click", "numpy", "pydantic", "typing", "dataclasses", "re", "json")
    report = f"import sys\nprint(*sorted(m for m in {watched!r} if m in sys.modules))"  # no json: it imports re
    code = "import sys\nfrom puzzlewright.cli.main import main\ntry: main(sys.argv[1:])\nexcept SystemExit: pass\n"
    environment = {**os.environ, "PUZZLEWRIGHT_CACHE": str(tmp_path)}

    def imported(*arguments: str, program: str = code + report) -> set[str]:
        done = subprocess.run([sys.executable, "-c", program, *arguments], env=environment,
                              capture_output=True, text=True, timeout=120)
        return set(done.stdout.splitlines()[-1].split())

    interpreter = imported(program=report)  # what the interpreter's start-up imports by itself
    words = tmp_path / "words.txt"
    words.write_text("marketplace\nearwig\nwigwam\npragmatic\ncakewalk\n")
    imported("letterboxed", "solve", "RME-WCL-TGK-API")  # the first run builds the index cache (with numpy)
    runs = [(("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(words)), set()),  # keeps english-large's words
            (("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(words)), set()),  # and reads them
            (("letterboxed", "solve", "RME-WCL-TGK-API"), set()), (("dict", "lookup", "cat"), set()),
            (("dict", "lookup", "cat", "--json"), {"click", "dataclasses", "typing", "re", "json"}),
            (("acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers"),
             {"dataclasses", "typing", "re", "json"}),
            (("grid", "fill", "--size", "4x4", "--dict", "acrostic-4"), {"numpy", "dataclasses", "typing", "re"})]
    for arguments, expected in runs:
        assert imported(*arguments) - interpreter == expected - interpreter, arguments
