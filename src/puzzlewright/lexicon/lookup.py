"""Looking words up: the JSON that ``puzzlewright dict lookup --json`` prints and ``GET /api/dict/lookup``
returns."""

from __future__ import annotations

from collections.abc import Iterable

from puzzlewright.lexicon.core import Lexicon
from puzzlewright.lexicon.formats import normalise_word


def lookup_words(lexicon: Lexicon, words: Iterable[str], *, clip: int | None = None) -> dict:
    """``{"dictionary": name, "words": [{"word", "found", "zipf", "scowl_level"}, ...]}``, one entry per
    raw word in order; ``zipf`` and ``scowl_level`` only for words found. A word is looked up normalised
    (``Café`` -> ``cafe``); one that is not a word of letters is reported as given (stripped and cut to
    ``clip`` characters when ``clip`` is set) and not found."""
    entries = []
    for raw in words:
        word = normalise_word(raw)
        common = lexicon.commonness(word) if word else None
        entry = {"word": word or (raw if clip is None else raw.strip()[:clip]), "found": common is not None}
        if common is not None:
            entry.update(common.to_json())
        entries.append(entry)
    return {"dictionary": lexicon.name, "words": entries}
