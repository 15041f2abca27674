"""The dictionaries shipped in the package: the default one's name and where each one's archive is.

Found without importing the lexicon package (numpy) or the request models (dataclasses, typing): the
command line's quick path (:mod:`puzzlewright.cli.quick`) looks a word up in a shipped archive with
nothing more than the standard library's ``os``, ``re``, ``struct`` and ``zlib``.
"""

from __future__ import annotations

import os

DEFAULT_DICTIONARY = "english"
BUILTIN_NAMES = ("english", "english-common", "english-letterboxed", "english-large", "wordle-answers",
                 "wordle-guesses", "acrostic-4")  # described in puzzlewright.lexicon.builtin.BUILTINS (tested)


def data_file(filename: str) -> str:
    """The path of a file shipped in ``puzzlewright/lexicon/data``."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", filename)


def builtin_archive(name: str) -> str | None:
    """The shipped archive of a built-in dictionary, None when ``name`` is not one (the data folder holds
    other archives too, such as the rejected words')."""
    if name not in BUILTIN_NAMES:
        return None
    path = data_file(f"{name}.npz")
    return path if os.path.isfile(path) else None
