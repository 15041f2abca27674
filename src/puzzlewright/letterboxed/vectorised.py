"""The vectorised twin of the valid-word filter, for processes that have numpy loaded anyway.

:func:`puzzlewright.letterboxed.solver.box_words` uses it when numpy is already imported (the library
in a long-running process, the web app, ``--batch``); a one-off command keeps to the plain-Python
filter and never pays numpy's import. Both return the same words in the same order (tested).

Per box: one pass over every word's letter mask selects the candidates (letters all in the box); their
letters are gathered from the index text as a (candidates x longest) array, mapped to side numbers,
and compared with their right-hand neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzlewright.letterboxed.box import Box
from puzzlewright.letterboxed.index import WordIndex

NOT_A_SIDE = 255


@dataclass
class IndexArrays:
    """numpy views of a :class:`WordIndex`: its text as bytes, each word's start, length, mask, zipf, level."""

    text: np.ndarray
    starts: np.ndarray
    lengths: np.ndarray
    masks: np.ndarray
    zipf: np.ndarray
    levels: np.ndarray
    words: list[str]

    @classmethod
    def of(cls, index: WordIndex) -> IndexArrays:
        offsets = np.frombuffer(index.offsets, np.uint32).astype(np.int64)
        per_mask = np.diff(np.frombuffer(index.starts, np.uint32).astype(np.int64))
        return cls(
            np.frombuffer(index.text.encode("ascii"), np.uint8),
            offsets[:-1],
            np.diff(offsets) - 1,
            np.repeat(np.frombuffer(index.masks, np.uint32), per_mask),
            np.frombuffer(index.zipf, np.float32),
            np.frombuffer(index.levels, np.uint8),
            index.words,
        )


def valid_words(box: Box, arrays: IndexArrays,
                min_commonness: float | None) -> tuple[list[str], list[float], list[int], list[int]]:
    """(words, zipf, SCOWL levels, box-local masks) of the index words valid in ``box``, in index order."""
    candidates = np.flatnonzero((arrays.masks & np.uint32(~box.mask & 0x3FFFFFF)) == 0)
    if min_commonness is not None:
        candidates = candidates[arrays.zipf[candidates] >= min_commonness]
    if not len(candidates):
        return [], [], [], []
    lengths = arrays.lengths[candidates]
    columns = np.arange(int(lengths.max()))
    positions = np.minimum(arrays.starts[candidates, None] + columns, len(arrays.text) - 1)
    side_of = np.full(256, NOT_A_SIDE, np.uint8)
    for letter, side in box.side_of.items():
        side_of[ord(letter)] = side
    sides = side_of[arrays.text[positions]]
    clash = (sides[:, 1:] == sides[:, :-1]) & (columns[1:] < lengths[:, None])
    ids = candidates[~clash.any(axis=1)]
    masks = arrays.masks[ids]
    local = np.zeros(len(ids), np.uint32)
    for bit, letter in enumerate(box.letters):
        local |= (masks >> np.uint32(ord(letter) - 97) & np.uint32(1)) << np.uint32(bit)
    words = arrays.words
    return [words[i] for i in ids.tolist()], arrays.zipf[ids].tolist(), arrays.levels[ids].tolist(), local.tolist()
