"""The dictionaries shipped in the package: the default one's name and where each one's archive is.

Found without importing the lexicon package (numpy) or the request models (dataclasses, typing): the
command line's quick path (:mod:`puzzlewright.cli.quick`) looks a word up in a shipped archive with
nothing more than the standard library's ``os``, ``re``, ``struct`` and ``zlib``.
:mod:`puzzlewright.schema` re-exports both names.
"""

from __future__ import annotations

import os

DEFAULT_DICTIONARY = "english"


def builtin_archive(name: str) -> str | None:
    """The shipped archive of a built-in dictionary, None when ``name`` is not one."""
    if not name.replace("-", "").isalnum():
        return None
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lexicon", "data", f"{name}.npz")
    return path if os.path.isfile(path) else None
