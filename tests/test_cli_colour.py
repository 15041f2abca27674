"""Colour on the terminal: Wordle tiles, Letter Boxed path words, the acrostic seed row; never under
NO_COLOR or into a pipe, and the plain text is the same with and without colour."""

from __future__ import annotations

import re

import pytest

ANSI = re.compile(r"\x1b\[[0-9;]*m")
COMMANDS = [
    ("wordle", "feedback", "speed", "erase"),
    ("wordle", "play", "crane"),
    ("wordle", "doodle", "--answer", "crane", "BBBBB", "BGBGB", "--random-seed", "1"),
    ("letterboxed", "solve", "RME-WCL-TGK-API", "--draw", "--limit", "1"),
    ("acrostic", "solve", "eras", "ceeiklmorstw", "--dict", "acrostic-4"),
]


@pytest.fixture
def coloured(monkeypatch):
    """Colour asked for (FORCE_COLOR, as a terminal would get it) and NO_COLOR unset."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_colour_decorates_the_plain_text_only(cli, coloured, monkeypatch, argv):
    styled = cli(*argv)
    assert styled.exit_code == 0 and ANSI.search(styled.stdout), styled.stdout
    monkeypatch.delenv("FORCE_COLOR")
    plain = cli(*argv)
    assert not ANSI.search(plain.stdout)  # the test runner's stdout is not a terminal
    assert ANSI.sub("", styled.stdout) == plain.stdout


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_no_color_wins_over_force_color(cli, coloured, monkeypatch, argv):
    monkeypatch.setenv("NO_COLOR", "1")
    result = cli(*argv)
    assert result.exit_code == 0 and not ANSI.search(result.stdout)


def test_wordle_tiles_take_the_feedback_colours(cli, coloured):
    from puzzlewright.cli.colour import TILE_STYLES
    import click

    line = cli("wordle", "feedback", "speed", "erase").stdout
    assert line.startswith(click.style("Y", **TILE_STYLES["Y"]) + click.style("B", **TILE_STYLES["B"]))


def test_letterboxed_path_words_each_have_their_colour(cli, coloured):
    from puzzlewright.cli.colour import path_word

    out = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--draw", "--limit", "1").stdout
    first, second = ANSI.sub("", out).splitlines()[-1].split()[1::2]
    assert path_word(0, f"· {first}") in out and path_word(1, f"* {second}") in out
    assert path_word(0, "·") in out and path_word(1, "*") in out


def test_acrostic_seed_row_is_marked(cli, coloured):
    from puzzlewright.cli.colour import seed

    out = cli("acrostic", "solve", "eras", "ceeiklmorstw", "--dict", "acrostic-4").stdout
    assert out.startswith(seed("E R A S"))
    assert "L I C K" in out  # the rows found are not marked
