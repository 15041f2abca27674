"""`puzzlewright dict info|lookup`, and the one-line, exit-2 errors for every bad dictionary."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_info_reports_the_default_dictionary(cli):
    result = cli("dict", "info", "--json")
    assert result.exit_code == 0
    info = result.json()
    assert info["name"] == "english" and info["words"] > 100_000
    assert "built-in" in info["source"] and "SCOWL" in info["built"]
    assert info["lengths"]["5"] > 5000
    assert 0 <= info["zipf"]["min"] < info["zipf"]["max"] < 8


def test_info_text(cli):
    result = cli("dict", "info", "--dict", "wordle-answers")
    assert result.exit_code == 0 and "2,315 words" in result.stdout


def test_lookup(cli):
    result = cli("dict", "lookup", "cat", "Café", "xyzzy", "--json")
    assert result.exit_code == 0
    found = {entry["word"]: entry for entry in result.json()["words"]}
    assert found["cat"]["found"] and found["cat"]["scowl_level"] == 10 and found["cat"]["zipf"] > 4
    assert found["cafe"]["found"]
    assert not found["xyzzy"]["found"]


@pytest.mark.parametrize("name", ["english", "english-large", "wordle-answers", "acrostic-4"])
def test_lookup_from_the_archive_gives_what_the_lexicon_gives(cli, name):
    """dict lookup reads a built-in dictionary's archive without numpy (puzzlewright.lexicon.archive): the same
    JSON as looking the words up in the loaded lexicon, first and last words and misses included."""
    import random

    from puzzlewright.lexicon import load_lexicon, lookup_words

    lexicon = load_lexicon(name)
    words = [lexicon.words[0], lexicon.words[-1], "Café", "zzzzqx", "ice-cream", *random.Random(7).sample(lexicon.words, 60)]
    result = cli("dict", "lookup", *words, "--dict", name, "--json")
    assert result.exit_code == 0 and result.json() == lookup_words(lexicon, words)


def test_lookup_of_a_builtin_imports_no_numpy():
    code = ("import sys\nfrom puzzlewright.cli.main import main\n"
            "try: main(['dict', 'lookup', 'cat'])\nexcept SystemExit: pass\n"
            "print('numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    answer, numpy_imported = done.stdout.splitlines()
    assert answer.startswith("cat: yes (familiarity ") and numpy_imported == "False"


def test_archive_reader_refuses_what_it_cannot_read(tmp_path):
    from puzzlewright.lexicon.archive import read_archive

    (tmp_path / "words.txt").write_text("cat\n")
    with pytest.raises(ValueError, match="not a zip file"):
        read_archive(str(tmp_path / "words.txt"))


def test_lookup_with_extra_words(cli):
    result = cli("dict", "lookup", "sesug", "--extra-words", "sesug", "--json")
    assert result.json()["words"][0]["found"]


def test_info_of_a_file_reports_skipped(cli, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("alpha\nbeta\nice-cream\n")
    result = cli("dict", "info", "--dict", str(path), "--json")
    assert result.json()["words"] == 2 and result.json()["skipped"] == 1


def _bad_files(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    binary = tmp_path / "blob.bin"
    binary.write_bytes(b"\x00\x01\x02garbage\xff" * 100)
    table = tmp_path / "table.txt"
    table.write_text("a b c d\ne f g h\n")
    return {"missing": str(tmp_path / "nope.txt"), "empty": str(empty), "binary": str(binary),
            "unknown format": str(table), "unknown name": "klingon", "directory": str(tmp_path)}


@pytest.mark.parametrize("case", ["missing", "empty", "binary", "unknown format", "unknown name", "directory"])
def test_bad_dictionary_is_one_line_exit_2(cli, tmp_path, case):
    result = cli("dict", "info", "--dict", _bad_files(tmp_path)[case])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_name_lists_the_builtins(cli):
    result = cli("dict", "info", "--dict", "klingon")
    assert "english-large" in result.stderr and "wordle-guesses" in result.stderr


def test_format_option_reads_agid(cli, tmp_path):
    path = tmp_path / "infl.txt"
    path.write_text("abandon V: abandoned | abandoning | abandons\nabbey N: abbeys\n")
    for option in ("--format", "--dict-format"):
        result = cli("dict", "info", "--dict", str(path), option, "agid", "--json")
        assert result.exit_code == 0 and result.json()["words"] == 6
    bad = cli("dict", "info", "--dict", str(path), "--format", "xml")
    assert bad.exit_code == 2 and bad.stderr.startswith("error: ")


def test_dict_format_scored_reads_a_scored_list(cli, tmp_path):
    path = tmp_path / "list.dict"
    path.write_text("ABACUS;50\nAARDVARK;60\n")
    result = cli("dict", "lookup", "aardvark", "--dict", str(path), "--dict-format", "scored", "--json")
    assert result.exit_code == 0
    assert result.json()["words"][0]["familiarity"] == 3.6
    path.with_name("bad.dict").write_text("ABACUS;50\nAARDVARK\n")
    bad = cli("dict", "info", "--dict", str(path.with_name("bad.dict")), "--dict-format", "scored")
    assert bad.exit_code == 2 and "line 2" in bad.stderr and bad.stderr.startswith("error: ")


def test_explain_says_why_a_word_is_in_or_out(cli):
    result = cli("dict", "explain", "tangly", "--json")
    assert result.exit_code == 0
    facts = result.json()
    assert facts["tiers"]["english"]["in"] and not facts["tiers"]["english-common"]["in"]
    assert "below this tier's floor" in facts["tiers"]["english-common"]["why"]
    assert {"scowl", "ding"} <= {source["name"] for source in facts["sources"]}
    junk = cli("dict", "explain", "TRT", "--json").json()
    assert junk["familiarity"] is None and junk["rejected"]["reason"] == "letter-string"
    assert not any(tier["in"] for tier in junk["tiers"].values())
    text = cli("dict", "explain", "kond")
    assert text.exit_code == 0 and "size 95" in text.stdout


def test_diff_lists_what_one_dictionary_has_that_another_lacks(cli):
    result = cli("dict", "diff", "wordle-answers", "english-common", "--all", "--json")
    assert result.exit_code == 0
    diff = result.json()
    assert diff["count"] == len(diff["words"])
    from puzzlewright.lexicon import load_lexicon

    answers, common = load_lexicon("wordle-answers"), load_lexicon("english-common")
    assert {entry["word"] for entry in diff["words"]} == answers.word_set - common.word_set
    familiarity = [entry["familiarity"] for entry in diff["words"]]
    assert familiarity == sorted(familiarity, reverse=True)
    text = cli("dict", "diff", "english-large", "english", "--limit", "3")
    assert text.exit_code == 0 and len(text.stdout.splitlines()) == 4


@pytest.mark.parametrize("name", ["english", "english-large", "wordle-answers"])
def test_archive_lookup_inflates_only_as_far_as_the_word(name):
    """Each word from a new reader (the search stops at the first word after it): the lexicon's values,
    for the first and last words, a prefix of the last, words past the end and between two words."""
    import random

    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.lexicon.shipped import builtin_archive
    from puzzlewright.lexicon.archive import ShippedWords

    lexicon = load_lexicon(name)
    last = lexicon.words[-1]
    words = [lexicon.words[0], last, last[:-1], last + "z", "zzzzzzzz", "a", "aaaaaaaa", "cat", "mmmmmq",
             *random.Random(3).sample(lexicon.words, 20)]
    for word in words:
        assert ShippedWords(builtin_archive(name)).commonness(word) == lexicon.commonness(word), word
    if name == "english":
        early = ShippedWords(builtin_archive(name))
        assert early.commonness("cat") is not None and not early.words.done and not early.zipf.done
