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

from puzzlewright.cache import recall_for, remember_for
from puzzlewright.jumble.relations import STOP_WORDS, content_words, stem
from puzzlewright.jumble.rowids import RowIds
from puzzlewright.lexicon import Lexicon

ARCHIVE = "vectors.npz"
SCALE = 127  # a unit vector's components as signed bytes: round(x * SCALE)
MAX_LEXICON_ROWS = 64  # the lexicon tables whose vector rows a table keeps


class WordVectors:
    """Unit word vectors, one row per word (rounded to bytes in the archive, unit length again here)."""

    def __init__(self, words: list[str], vectors: np.ndarray):
        self.words = words
        self.index = {word: i for i, word in enumerate(words)}
        as_float = vectors.astype(np.float32)
        norms = np.linalg.norm(as_float, axis=1, keepdims=True) if len(as_float) else as_float[:, :1]
        self.vectors = as_float / np.where(norms > 0, norms, 1.0)
        self._lexicon_rows: dict = {}  # (lexicon, length) -> its RowIds, by ids

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

    def rows_of(self, words: Sequence[str]) -> np.ndarray:
        """Each word's row in :attr:`content_rows`, -1 for a word without one."""
        row = self.content_rows.get
        return np.array([row(word, -1) for word in words], np.int64)

    def lexicon_rows(self, lexicon: Lexicon, length: int) -> RowIds:
        """:meth:`rows_of` by row of ``lexicon``'s table of one length (kept for the lexicon, across puzzles,
        while it lives)."""
        key = (id(lexicon), length)
        found = recall_for(self._lexicon_rows, key, (lexicon,))
        if found is None:
            rows = self.content_rows
            found = RowIds(len(lexicon.of_length(length).words), lambda word: rows.get(word, -1))
            remember_for(self._lexicon_rows, key, (lexicon,), found, MAX_LEXICON_ROWS)
        return found

    @cached_property
    def by_opening(self) -> tuple[np.ndarray, np.ndarray]:
        """The rows ordered by their words' first three letters (as numbers: :func:`opening_numbers`),
        and those numbers in that order, so the rows of words opening alike are one slice (built once
        per table)."""
        numbers = opening_numbers(self.words)
        order = np.argsort(numbers, kind="stable")
        return order, numbers[order]

    def opening_like(self, words: Sequence[str]) -> np.ndarray:
        """Which rows' words start with the same three letters as one of ``words`` (fewer for a shorter
        word: its whole self), a boolean per row."""
        order, numbers = self.by_opening
        wanted = opening_numbers(words)
        # each opening's slice: from the first number not below it to the first above it
        ends = np.searchsorted(numbers, np.concatenate([wanted, wanted + 1])).tolist()
        marked = np.zeros(len(self.words), bool)
        for low, high in zip(ends[:len(wanted)], ends[len(wanted):]):
            marked[order[low:high]] = True
        return marked


class CaptionSimilarity:
    """Each answer word's similarity to one caption (see the module docstring), cached per word vector; the
    answer search asks for thousands of words at once (:meth:`of_words`)."""

    def __init__(self, caption: str | None, vectors: WordVectors | None = None):
        words = content_words(caption or "")
        # the shipped table is loaded (about 75 ms) only for a caption with content words
        self.vectors = vectors if vectors is not None else word_vectors() if words else empty_vectors()
        known = [word for word in words if word in self.vectors.index]
        self.stems = np.array([stem(word) for word in known], dtype=object)
        self.matrix = np.array([self.vectors.of(word) for word in known], np.float32).reshape(
            len(known), self.vectors.dimensions)
        self.values: dict[str, float] = {}
        if len(known):
            # each vector row's value once worked out (where ``done``), and the rows that may share a caption
            # word's stem (a stem keeps a word's first 3 letters, so only words starting like one can); zeros,
            # not a fill, so that only the pages of the rows asked for are ever written
            self.found = np.zeros(len(self.vectors))
            self.done = np.zeros(len(self.vectors), bool)
            self.near = self.vectors.opening_like(known)

    def of(self, word: str) -> float:
        """The cosine between the word's vector and the nearest caption word's with another stem (0 when
        either is missing)."""
        value = self.values.get(word)
        if value is None:
            row = self.vectors.content_rows.get(word, -1) if len(self.matrix) else -1
            if row < 0:
                value = 0.0
            elif self.done[row]:
                value = float(self.found[row])
            else:
                value = float(self._row_values(np.array([row]))[0])
            self.values[word] = value
        return value

    def of_words(self, words: Sequence[str], rows: np.ndarray | None = None) -> np.ndarray:
        """:meth:`of` for many words, the new ones worked out together, in order; ``rows``: their rows in
        the vector table (:meth:`WordVectors.rows_of`), when the caller has them
        (:meth:`WordVectors.lexicon_rows`)."""
        values = np.zeros(len(words))
        if not len(self.matrix):  # no caption word has a vector: nothing to be near
            return values
        rows = self.vectors.rows_of(words) if rows is None else rows
        has = rows >= 0
        values[has] = self._row_values(rows[has])
        return values

    def _row_values(self, rows: np.ndarray) -> np.ndarray:
        """The values of the vector table's ``rows``, those not known yet worked out together (each once,
        in the order they first come)."""
        new = rows[~self.done[rows]]
        if len(new):
            if len(new) > 1:
                new = new[np.sort(np.unique(new, return_index=True)[1])]
            self.found[new] = self._nearest(new)
            self.done[new] = True
        return self.found[rows]

    def lexicon_rows(self, lexicon: Lexicon, length: int, rows: np.ndarray, words: Sequence[str]) -> np.ndarray:
        """The vector rows (:meth:`of_words`' ``rows``) of ``words``, the ``rows`` of ``lexicon``'s table of
        one length (:meth:`WordVectors.lexicon_rows`); all -1 when no caption word has a vector (every
        value is 0: nothing is looked up)."""
        if not len(self.matrix):
            return np.full(len(rows), -1, np.int64)
        return self.vectors.lexicon_rows(lexicon, length).of(rows, words)

    def _nearest(self, rows: np.ndarray) -> np.ndarray:
        """The value of each of the vector table's ``rows`` (distinct): its nearest caption word's cosine,
        the caption words of its own stem left out."""
        cosines = self.vectors.vectors[rows] @ self.matrix.T
        for at in np.flatnonzero(self.near[rows]).tolist():
            cosines[at, self.stems == stem(self.vectors.words[rows[at]])] = -np.inf
        best = cosines.max(axis=1)
        return np.where(np.isfinite(best), best, 0.0)


def opening_numbers(words: Sequence[str]) -> np.ndarray:
    """Each word's first three letters (or all of a shorter word's) as one number: equal numbers, equal
    openings."""
    points = np.array(words, "U3").reshape(len(words)).view(np.uint32).reshape(len(words), 3).astype(np.int64)
    return (points[:, 0] << 42) | (points[:, 1] << 21) | points[:, 2]


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
