"""Looking words up: the JSON that ``puzzlewright dict lookup --json`` prints and ``GET /api/dict/lookup``
returns (built by :func:`puzzlewright.lexicon.archive.lookup_entries`, which the command line also uses on a
built-in dictionary's archive without loading it as a lexicon)."""

from __future__ import annotations

from collections.abc import Iterable

from puzzlewright.lexicon.core import Lexicon
from puzzlewright.lexicon.archive import lookup_entries


def lookup_words(lexicon: Lexicon, words: Iterable[str], *, clip: int | None = None) -> dict:
    """``{"dictionary": name, "words": [{"word", "found", "zipf", "scowl_level", "familiarity"}, ...]}``,
    one entry per raw word in order (see :func:`~puzzlewright.lexicon.archive.lookup_entries`)."""
    return lookup_entries(lexicon.name, lexicon.commonness, words, clip=clip)
