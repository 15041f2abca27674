"""A word-list file given as the dictionary is read within the command's time limit: before, ``letterboxed
solve --dict FILE --time-limit 0.5`` on a 140 MB list waited 10 s reading it, outside the limit. The reading
now counts against the search's budget and says so when it runs out (exit 2, one line)."""

from __future__ import annotations

import uuid

import pytest

from puzzlewright.budget import Budget
from puzzlewright.errors import BudgetExceeded
from puzzlewright.letterboxed import api
from puzzlewright.letterboxed.schema import SolveRequest
from puzzlewright.lexicon.formats import read_word_file
from puzzlewright.lexicon.wordfile import WordFile

LINES = 10_000  # past the line readers' stride between two looks at the clock


def expired() -> Budget:
    """A budget whose time is already up."""
    return Budget(seconds=1e-9)


def words(count: int) -> list[str]:
    """``count`` distinct lowercase a-z words (the box's letters among them)."""
    letters = "rmewcltgkapi"
    return [letters[n % 12] + "".join(letters[(n // 12 ** k) % 12] for k in range(1, 6)) for n in range(count)]


def unique_word() -> str:
    """A word no earlier run has seen: a list holding it is not in the cache folder of built lists yet."""
    return uuid.uuid4().hex.translate(str.maketrans("0123456789", "ghijklmnop"))


FILES = {  # format -> the file's text
    "plain": lambda: "\n".join(words(LINES)) + "\n",
    "plain, not ASCII (read line by line)": lambda: "café\n" + "\n".join(words(LINES)) + "\n",
    "freq": lambda: "".join(f"{word}\t{n + 1}\n" for n, word in enumerate(words(LINES))),
    "scored": lambda: "".join(f"{word};50\n" for word in words(LINES)),
    "agid": lambda: "".join(f"{word} N: {word}s\n" for word in words(LINES)),
}


@pytest.mark.parametrize("kind", FILES)
def test_every_reader_stops_when_the_budget_runs_out(tmp_path, kind):
    path = tmp_path / "list.txt"
    path.write_text(FILES[kind](), encoding="utf-8")
    format = kind.split(",")[0]
    assert len(read_word_file(path, format)[0]) >= LINES  # no budget: read whole
    with pytest.raises(BudgetExceeded, match=f"while reading the dictionary file {path}"):
        read_word_file(path, format, check_time=expired().check_time)
    with pytest.raises(BudgetExceeded, match="while reading the dictionary file"):
        read_word_file(path, format, within="rmewcltgkapi", check_time=expired().check_time)


def test_a_letter_boxed_solve_on_a_word_file_counts_the_reading(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("\n".join([*words(LINES), "marketplace", "wigwam"]) + "\n")
    request = SolveRequest(sides="RME-WCL-TGK-API")
    with pytest.raises(BudgetExceeded, match="while reading the dictionary file"):
        api.solve(request, lexicon=WordFile(str(path)), budget=expired())
    solved = api.solve(request, lexicon=WordFile(str(path)), budget=Budget(seconds=60))  # not left half-read
    assert solved.complete and [solution.words for solution in solved] == [["wigwam", "marketplace"]]


def test_the_cli_says_the_time_ran_out_while_reading(cli, tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("\n".join(words(LINES)) * 60 + "\n")  # 4 MB: two blocks at least
    for verb in ("solve", "play"):
        result = cli("letterboxed", verb, "RME-WCL-TGK-API", "--dict", str(path), "--time-limit", "0.001", input="")
        assert result.exit_code == 2, result
        assert result.stderr.startswith("error: time budget of 0.001 s exhausted while reading the dictionary file")
        assert result.stderr.count("\n") == 1


def test_a_word_file_lexicon_is_read_within_the_budget_then_built_whole(tmp_path):
    from puzzlewright.lexicon import load_lexicon

    path = tmp_path / "list.txt"
    path.write_text("\n".join([*words(LINES), unique_word()]) + "\n")  # a list the cache folder has not built
    with pytest.raises(BudgetExceeded, match=f"while reading the dictionary file {path}"):
        load_lexicon(str(path), check_time=expired().check_time)
    assert len(load_lexicon(str(path))) == LINES + 1  # nothing half-built was kept


@pytest.mark.parametrize("command", [
    ["grid", "fill", "--size", "3x3"],  # the command line's quick path
    ["grid", "fill", "--size", "3x3", "--json"],
    ["jumble", "generate", "CAT"],
    ["acrostic", "generate", "--size", "4"],
])
def test_every_verb_with_a_time_limit_reads_its_word_file_within_it(cli, tmp_path, command):
    """Before: `grid fill --size 3x3 --dict FILE --time-limit 0.5` on a 140 MB list took 137 s."""
    path = tmp_path / "big.txt"
    path.write_text("\n".join(words(LINES)) * 60 + "\n" + unique_word() + "\n")  # never built before
    result = cli(*command, "--dict", str(path), "--time-limit", "0.001")
    assert result.exit_code == 2, result
    assert result.stderr == f"error: time budget of 0.001 s exhausted while reading the dictionary file {path}\n"


def test_a_word_file_built_before_loads_from_the_cache_folder_within_the_budget(tmp_path, monkeypatch):
    """Before: a list already built into the cache folder loaded with no look at the clock (8 s for 14 M words
    past `--time-limit 0.5`); now its load counts against the budget as the first read does. (The command
    line passes its budget to the same ``load_lexicon``: see the test below; a 1 ms limit is not sure to
    have run out by the first look at the clock of a small list's load, so this test gives an expired one.)"""
    from puzzlewright.lexicon import builtin, load_lexicon

    path = tmp_path / "list.txt"
    path.write_text("\n".join([*words(LINES), unique_word()]) + "\n")
    assert len(load_lexicon(str(path))) == LINES + 1  # read, and kept built in the cache folder
    monkeypatch.setattr(builtin, "_FILE_LEXICONS", {})  # as in a new process: only the cache folder has it

    def read_again(*args, **kwargs):
        raise AssertionError("the built copy in the cache folder was not used")

    monkeypatch.setattr(builtin, "_build_file_lexicon", read_again)
    with pytest.raises(BudgetExceeded, match=f"while reading the dictionary file {path}"):
        load_lexicon(str(path), check_time=expired().check_time)
    assert len(load_lexicon(str(path), check_time=Budget(seconds=60).check_time)) == LINES + 1
