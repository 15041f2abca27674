"""How close in meaning an answer word is to a Jumble caption's words, by word vectors.

WordNet's relations (:mod:`.relations`) tie SOFA to COUCH, but not SLICE to PIZZA, PLANE to AIRPORT, SOD to
LAWNS or PEST to INSECTS: words that occur in the same texts without a dictionary entry naming one from
the other. Word vectors learnt from text co-occurrence do: ``data/vectors.npz`` holds Stanford's GloVe
(glove.6B, 50 dimensions, PDDL 1.0) vectors of about 41,000 common words of the ``english`` dictionary,
unit length, rounded to signed bytes; it is derived at build time by ``scripts/build_jumble_vectors.py``
(GloVe is not needed at run time, and without the archive every similarity is 0).

:class:`CaptionSimilarity` gives an answer word its *similarity* to the caption: the cosine between its
vector and the nearest caption content word's (stop words and the caption words sharing its stem, which
the ``caption_same`` feature counts, left out), 0 for a word without a vector.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from importlib import resources

import numpy as np

from puzzlewright.jumble.relations import STOP_WORDS, content_words, stem

ARCHIVE = "vectors.npz"
SCALE = 127  # a unit vector's components as signed bytes: round(x * SCALE)


class WordVectors:
    """Unit word vectors, one row per word (rounded to bytes in the archive, unit length again here)."""

    def __init__(self, words: list[str], vectors: np.ndarray):
        self.index = {word: i for i, word in enumerate(words)}
        as_float = vectors.astype(np.float32)
        norms = np.linalg.norm(as_float, axis=1, keepdims=True) if len(as_float) else as_float[:, :1]
        self.vectors = as_float / np.where(norms > 0, norms, 1.0)

    def __len__(self) -> int:
        return len(self.index)

    @property
    def dimensions(self) -> int:
        return self.vectors.shape[1]

    def of(self, word: str) -> np.ndarray | None:
        """A word's unit vector, or None when the table lacks it."""
        i = self.index.get(word)
        return None if i is None else self.vectors[i]

    @cached_property
    def content_rows(self) -> dict[str, int]:
        """:attr:`index` less the stop words (:data:`~.relations.STOP_WORDS`), whose similarity is 0: one
        look-up a word (built once per table)."""
        return {word: row for word, row in self.index.items() if word not in STOP_WORDS}


class CaptionSimilarity:
    """Each answer word's similarity to one caption (see the module docstring), cached per word; the
    answer search asks for thousands of words at once (:meth:`of_words`)."""

    def __init__(self, caption: str | None, vectors: WordVectors | None = None):
        words = content_words(caption or "")
        # the shipped table is loaded (about 75 ms) only for a caption with content words
        self.vectors = vectors if vectors is not None else word_vectors() if words else empty_vectors()
        known = [word for word in words if word in self.vectors.index]
        self.stems = np.array([stem(word) for word in known], dtype=object)
        # a word's stem keeps its first 3 letters, so only words starting like a caption word can share its stem
        self.openings = {word[:3] for word in known}
        self.matrix = np.array([self.vectors.of(word) for word in known], np.float32).reshape(
            len(known), self.vectors.dimensions)
        self.values: dict[str, float] = {}

    def of(self, word: str) -> float:
        """The cosine between the word's vector and the nearest caption word's with another stem (0 when
        either is missing)."""
        value = self.values.get(word)
        return self.of_words((word,))[0] if value is None else value

    def of_words(self, words: Sequence[str]) -> list[float]:
        """:meth:`of` for many words, the new ones worked out together."""
        if not len(self.matrix):  # no caption word has a vector: nothing to be near
            return [0.0] * len(words)
        values = self.values
        new = list(dict.fromkeys([w for w in words if w not in values]))  # most are known: those left out first
        if new:
            values.update(zip(new, self._nearest(new)))
        return list(map(values.__getitem__, words))

    def _nearest(self, words: list[str]) -> list[float]:
        row = self.vectors.content_rows.get
        rows = np.array([row(w, -1) for w in words], np.int64)
        found = np.zeros(len(words))
        known = np.flatnonzero(rows >= 0)
        if not len(known):
            return found.tolist()
        cosines = self.vectors.vectors[rows[known]] @ self.matrix.T
        for at, i in enumerate(known.tolist()):
            if words[i][:3] in self.openings:
                cosines[at, self.stems == stem(words[i])] = -np.inf
        best = cosines.max(axis=1)
        found[known] = np.where(np.isfinite(best), best, 0.0)
        return found.tolist()


@cache
def word_vectors() -> WordVectors:
    """The shipped vectors (loaded once; an empty table if the archive is missing)."""
    try:
        with resources.files("puzzlewright.jumble.data").joinpath(ARCHIVE).open("rb") as handle:
            archive = np.load(handle)
            words = archive["words"].tobytes().decode("ascii").split("\n")
            return WordVectors(words, archive["vectors"])
    except (FileNotFoundError, ModuleNotFoundError):
        return empty_vectors()


def empty_vectors() -> WordVectors:
    """A table without words: every similarity is 0."""
    return WordVectors([], np.zeros((0, 1), np.int8))
