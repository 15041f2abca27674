"""The compiled kernel behind ``acrostic count``, random squares and large solves: a cell-by-cell prefix
search over one trie.

Cells are filled in reading order. A cell may take a letter only if it extends both its row prefix and its
column prefix (both looked up in the same trie of the N-letter words, as 26-bit masks), so every partial
grid is a set of word prefixes. Canonical squares are pruned as soon as the first column falls below the
first row; double squares reject a repeated row as soon as it completes; a pool of letters is counted down
as cells are filled. The search state lives in arrays owned by :class:`SquareSearch`, so a search can be
run in slices (time budgets, progress, Ctrl-C) and resumed.

The kernel is C (``square_kernel.c``), compiled once per machine with the system's C compiler into the cache
folder and loaded with ctypes: a process then starts counting in milliseconds, where numba's import and cache
load took about 1.3 s. Without a C compiler (or with ``PUZZLEWRIGHT_KERNEL=numba``) the same search runs as a
numba function (:mod:`puzzlewright.acrostic.kernel_numba`).

Counts use a second C kernel, :class:`~puzzlewright.acrostic.count_kernel.CountSearch` (``square_count``):
whole words row by row, candidates from bitset intersections, a row-below lookahead in the last rows; the
same squares in the same order. Its Python side (:mod:`puzzlewright.acrostic.count_kernel`) needs no numpy.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from puzzlewright.acrostic.count_kernel import (CountSearch, CountTables, count_tables_of, pack_snapshot,
                                                 unpack_snapshot)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Lexicon
from puzzlewright.native import DONE

__all__ = ["CountSearch", "CountTables", "SquareSearch", "build_trie", "c_kernel", "count_tables", "kernel_backend",
           "pack_snapshot", "unpack_snapshot", "word_trie"]  # the counting kernel's names are re-exported


@lru_cache(maxsize=8)
def word_trie(lexicon: Lexicon, size: int) -> tuple[tuple[str, ...], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The lexicon's ``size``-letter words and their trie (cached per lexicon)."""
    table = lexicon.of_length(size)
    if not len(table):
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no {size}-letter words")
    return table.words, build_trie(table.letters)


@lru_cache(maxsize=8)
def word_paths(lexicon: Lexicon, size: int) -> np.ndarray:
    """(words x size) the trie node (of :func:`word_trie`) of each word's prefix before each of its letters:
    node 0, then the node of its first letter, and so on (cached per lexicon)."""
    child = word_trie(lexicon, size)[1][0]
    letters = lexicon.of_length(size).letters
    paths = np.zeros(letters.shape, np.int32)
    for depth in range(1, size):
        paths[:, depth] = child[paths[:, depth - 1], letters[:, depth - 1]]
    return paths


def subset_trie(lexicon: Lexicon, size: int, kept: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The trie of the lexicon's ``size``-letter words numbered ``kept``, as the cached :func:`word_trie`
    with a new ``mask``: a node's mask has only the letters that lead on to a kept word. The kernels follow
    a child only for a letter in its parent's mask, so the rest of the shared trie is never reached; the
    search is the one over a trie built from those words, at a fraction of the cost of building it."""
    child, _, word = word_trie(lexicon, size)[1]
    mask = np.zeros(len(child), np.uint32)
    bits = np.left_shift(np.uint32(1), lexicon.of_length(size).letters[kept], dtype=np.uint32)
    np.bitwise_or.at(mask, word_paths(lexicon, size)[kept], bits)
    return child, mask, word


def build_trie(letters: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The trie of equal-length words given as a (words x length) array of letters 0-25.

    Returns ``child`` (nodes x 26, -1 = none), ``mask`` (26-bit set of letters that extend each node) and
    ``word`` (the word's index at a full-length node, else -1). Node 0 is the empty prefix; the nodes of
    each depth are numbered in the order of their prefixes.

    Built in one pass over the words in sorted order (as the word tables keep them): a word's prefixes
    are new nodes from the first position where it differs from the word before, so every node's number
    is a running count, with no per-depth sort (7-letter english-large: 19 ms, was 53 ms)."""
    count, length = letters.shape
    ordered, order = _sorted_rows(letters)
    # the depth from which word i's prefixes are new nodes (0 for the first word; length: a repeated word)
    first_new = np.zeros(count, np.int64)
    if count > 1:
        differs = ordered[1:] != ordered[:-1]
        first_new[1:] = np.where(differs.any(axis=1), differs.argmax(axis=1), length)
    new = np.arange(length)[None, :] >= first_new[:, None]
    per_depth = new.sum(axis=0)
    first_id = 1 + np.concatenate([[0], np.cumsum(per_depth)[:-1]]).astype(np.int64)
    ids = first_id[None, :] + np.cumsum(new, axis=0) - 1  # word i's node at each depth
    total = 1 + int(per_depth.sum())
    parents = np.concatenate([np.zeros((count, 1), np.int64), ids[:, :-1]], axis=1)[new]
    letters_in, made = ordered[new], ids[new]
    child = np.full((total, 26), -1, np.int32)
    child[parents, letters_in] = made
    mask = np.bincount(parents, weights=1 << letters_in, minlength=total).astype(np.uint32)  # one bit per child
    word = np.full(total, -1, np.int32)
    if count and length:
        word[ids[:, -1]] = np.arange(count) if order is None else order
    return child, mask, word


def _sorted_rows(letters: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """The rows (as int64) in lexicographic order, and their original indexes (None: already sorted)."""
    ordered = letters.astype(np.int64)
    if len(ordered) > 1 and ordered.shape[1]:
        at = (ordered[1:] != ordered[:-1]).argmax(axis=1)  # where each row first differs from the one before
        rows = np.arange(1, len(ordered))
        if np.any(ordered[rows, at] < ordered[rows - 1, at]):
            order = np.lexsort(ordered.T[::-1])
            return ordered[order], order
    return ordered, None




RETURN, ENTER, RESUME = 0, 1, 2  # how the kernel arrives at a cell
STATE_ROWS = 11
FRONTIER_CAP = 48  # row-below prefixes tracked per cell; beyond this the lookahead just stays silent
COMPLETION_STEPS = 64  # trie steps a column-completion check may take before it answers "maybe"
NO_ORDER = np.zeros((0, 26), np.int8)  # try letters alphabetically



KERNEL_SOURCE = "square_kernel.c"


class _CKernel:
    """The C kernel loaded with ctypes, called with :class:`SquareSearch`'s arrays (ctypes releases the GIL)."""

    def __init__(self, library: ctypes.CDLL):
        self.function = library.square_kernel
        self.function.restype = None

    def __call__(self, search: SquareSearch, out: np.ndarray, max_nodes: int) -> tuple[int, int, int]:
        pointer = ctypes.c_void_p
        result = np.zeros(3, np.int64)
        shuffled = int(search.letter_order.shape[0] > 0)
        self.function(
            ctypes.c_int64(search.size), pointer(search.child.ctypes.data), pointer(search.mask.ctypes.data),
            pointer(search.word.ctypes.data), pointer(search.forced.ctypes.data),
            pointer(search.letter_order.ctypes.data), ctypes.c_int64(shuffled),
            *(ctypes.c_int64(int(flag)) for flag in search.flags), pointer(search.state.ctypes.data),
            ctypes.c_int64(search.state.shape[1]), pointer(search.frontier.ctypes.data),
            ctypes.c_int64(search.frontier.shape[1]), pointer(search.cursor.ctypes.data),
            pointer(out.ctypes.data), ctypes.c_int64(out.shape[0]), ctypes.c_int64(max_nodes),
            pointer(result.ctypes.data))
        return int(result[0]), int(result[1]), int(result[2])


def _numba_kernel(search: SquareSearch, out: np.ndarray, max_nodes: int) -> tuple[int, int, int]:
    """The numba kernel, called with :class:`SquareSearch`'s arrays."""
    from puzzlewright.acrostic.kernel_numba import LOWEST_BIT, square_kernel

    found, nodes, why = square_kernel(search.size, search.child, search.mask, search.word, search.forced,
                                      search.letter_order, *search.flags, search.state, search.frontier,
                                      search.cursor, out, max_nodes, LOWEST_BIT)
    return int(found), int(nodes), int(why)


@lru_cache(maxsize=1)
def kernel_backend() -> Callable[[SquareSearch, np.ndarray, int], tuple[int, int, int]]:
    """The kernel function: C when it can be compiled here (``PUZZLEWRIGHT_KERNEL=numba`` forces numba)."""
    from puzzlewright.native import c_library

    library = c_library("puzzlewright.acrostic", KERNEL_SOURCE, "square kernel")
    return _numba_kernel if library is None else _CKernel(library)


class SquareSearch:
    """A resumable kernel search: the trie, the constraints and the search state, advanced by :meth:`run`.

    ``forced`` gives a letter (0-25) or -1 per cell; ``pool`` the 26 letter counts for the free cells
    (None: any letters); ``letter_order`` a (cells x 26) try-order per cell, or None for alphabetical.
    """

    def __init__(self, size: int, trie: tuple[np.ndarray, np.ndarray, np.ndarray], forced: np.ndarray,
                 pool: np.ndarray | None = None, letter_order: np.ndarray | None = None, *, double: bool = False,
                 canonical: bool = False, symmetric: bool = False):
        self.size = size
        child, mask, word = trie
        self.child = np.ascontiguousarray(child, np.int32)  # the C kernel reads the raw buffers
        self.mask = np.ascontiguousarray(mask, np.uint32)
        self.word = np.ascontiguousarray(word, np.int32)
        self.forced = np.ascontiguousarray(forced, np.int64)
        self.letter_order = NO_ORDER if letter_order is None else np.ascontiguousarray(letter_order, np.int8)
        constrained = pool is not None or bool(np.any(self.forced[size:] >= 0))
        self.flags = (double, canonical, symmetric, constrained)
        self.state = np.zeros((STATE_ROWS, max(size * size, 26, 2 * size)), np.int64)
        self.frontier = np.zeros((size * size, FRONTIER_CAP), np.int64)
        counts = np.full(26, 1 << 30, np.int64) if pool is None else np.asarray(pool, np.int64)
        self.state[7, :26] = counts
        in_pool = int(np.bitwise_or.reduce(np.left_shift(1, np.flatnonzero(counts > 0)), initial=0))
        self.cursor = np.array([0, ENTER, in_pool], np.int64)
        self.nodes = 0
        self.done = False

    def snapshot(self) -> dict[str, Any]:
        """Where the search stands, as JSON-able data (a few KB): :meth:`restore` on a search built with the
        same arguments continues exactly from here, in another process or after a restart."""
        return pack_snapshot(self.nodes, self.done, (self.state, self.frontier, self.cursor))

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Continue from a :meth:`snapshot` (ValueError if it does not fit this search's shape)."""
        self.nodes, self.done = unpack_snapshot(snapshot, (self.state, self.frontier, self.cursor))

    def run(self, max_nodes: int, capacity: int = 1024) -> list[np.ndarray]:
        """Advance by at most ``max_nodes`` nodes or ``capacity`` squares; return the squares' row word
        indexes found meanwhile. :attr:`done` turns True when the whole space has been searched."""
        out = np.zeros((capacity, self.size), np.int32)
        found, nodes, why = kernel_backend()(self, out, max_nodes)
        self.nodes += nodes
        self.done = why == DONE
        return list(out[:found])

    def count(self, max_nodes: int) -> int:
        """Advance like :meth:`run`, returning only how many squares were found."""
        return len(self.run(max_nodes))


def c_kernel() -> _CKernel | None:
    """The loaded C kernel, or None where it cannot be used (no compiler, or ``PUZZLEWRIGHT_KERNEL=numba``)."""
    backend = kernel_backend()
    return backend if isinstance(backend, _CKernel) else None


def count_tables(lexicon: Lexicon, size: int) -> CountTables | None:
    """The counting kernel's tables for the lexicon's ``size``-letter words (None without the C kernel;
    cached per list of words, see :func:`~puzzlewright.acrostic.count_kernel.count_tables_of`)."""
    words = lexicon.of_length(size).words
    if not words:
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no {size}-letter words")
    return count_tables_of(words)
