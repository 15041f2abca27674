"""Colour on the terminal, only where it helps and only where it is wanted.

Colour is on when stdout is a terminal (and ``TERM`` is not ``dumb``), off under ``NO_COLOR`` (any non-empty
value, https://no-color.org) and for pipes and files; ``FORCE_COLOR`` turns it on for a pipe. Styles only
ever decorate text the plain output already has, so output without colour is unchanged, byte for byte.
ANSI codes come from :func:`click.style` (click is loaded anyway; rich stays on the progress bar only).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

# Wordle tile colours by feedback letter: green, yellow, grey, as on the game's board.
TILE_STYLES: dict[str, dict[str, Any]] = {
    "G": {"fg": "white", "bg": "green", "bold": True},
    "Y": {"fg": "black", "bg": "yellow", "bold": True},
    "B": {"fg": "white", "bg": "bright_black", "bold": True},
}
WORD_COLOURS = ("cyan", "magenta", "yellow", "green", "red")  # Letter Boxed path words, in turn
SEED_STYLE: dict[str, Any] = {"fg": "cyan", "bold": True, "underline": True}


def colour_wanted() -> bool:
    """Whether to colour stdout: NO_COLOR wins, then FORCE_COLOR, else only on a terminal."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def echo(text: str, colour: bool) -> None:
    """Print ``text``, keeping its ANSI styles when ``colour`` (click strips them off a terminal)."""
    click.echo(text, color=colour or None)


def tiles(word: str, pattern: str) -> str:
    """``word`` with each letter on its Wordle tile colour from ``pattern`` (G/Y/B; other marks unstyled)."""
    return "".join(click.style(letter, **TILE_STYLES[mark]) if mark in TILE_STYLES else letter
                   for letter, mark in zip(word, pattern.upper()))


def path_word(number: int, text: str) -> str:
    """``text`` in the colour of a Letter Boxed path's ``number``-th word (its marks and its name)."""
    return click.style(text, fg=WORD_COLOURS[number % len(WORD_COLOURS)], bold=True)


def seed(text: str) -> str:
    """``text`` marked as the given seed row of an acrostic."""
    return click.style(text, **SEED_STYLE)
