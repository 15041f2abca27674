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

Counts use a second C kernel, :class:`CountSearch` (``square_count``): whole words row by row, candidates
from bitset intersections, a row-below lookahead in the last rows; the same squares in the same order.
"""

from __future__ import annotations

import base64
import ctypes
import zlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Lexicon


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




DONE, NODE_LIMIT, OUT_FULL = 0, 1, 2  # why the kernel returned
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
        self.count = library.square_count
        self.count.restype = None
        int64, pointer = ctypes.c_int64, ctypes.c_void_p
        self.count.argtypes = [int64, int64, *[pointer] * 4, int64, pointer, *[int64] * 4, *[pointer] * 3,
                               int64, int64, pointer]
        self.tables = library.count_tables
        self.tables.restype = None
        self.state_words = library.count_state_words
        self.state_words.restype = ctypes.c_int64
        self.state_words.argtypes = [ctypes.c_int64]

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


def pack_snapshot(nodes: int, done: bool, arrays: tuple[np.ndarray, ...]) -> dict[str, Any]:
    """A search's state arrays and progress as JSON-able data (compressed, base64)."""
    return {"nodes": nodes, "done": done,
            "arrays": base64.b64encode(zlib.compress(b"".join(a.tobytes() for a in arrays))).decode()}


def unpack_snapshot(snapshot: dict[str, Any], arrays: tuple[np.ndarray, ...]) -> tuple[int, bool]:
    """Copy a :func:`pack_snapshot` back into ``arrays`` (ValueError if the shapes differ); its nodes and done."""
    raw = zlib.decompress(base64.b64decode(snapshot["arrays"]))
    if len(raw) != sum(a.nbytes for a in arrays):
        raise ValueError("the snapshot is of a different search")
    offset = 0
    for array in arrays:
        array[...] = np.frombuffer(raw, array.dtype, array.size, offset).reshape(array.shape)
        offset += array.nbytes
    return int(snapshot["nodes"]), bool(snapshot["done"])


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


SHALLOW_TABLE_BYTES = 32 << 20  # the per-prefix candidate bitsets of depth-2 prefixes, when they fit in this


def c_kernel() -> _CKernel | None:
    """The loaded C kernel, or None where it cannot be used (no compiler, or ``PUZZLEWRIGHT_KERNEL=numba``)."""
    backend = kernel_backend()
    return backend if isinstance(backend, _CKernel) else None


def _pointer(array: np.ndarray) -> ctypes.c_void_p:
    return ctypes.c_void_p(array.ctypes.data)


class CountTables:
    """What the counting kernel reads about one lexicon's N-letter words (built once per lexicon and size,
    see :func:`count_tables`): the trie as (mask, first child) per node, packed in one uint64 each, each
    word's letters, per-letter word bitsets and, for prefixes of up to two letters, the bitset of words each
    column prefix allows. The kernel reads word w at the full-length node ``len(nodes) - n + w`` (nodes are
    numbered depth by depth in letter order, see :func:`build_trie`)."""

    def __init__(self, backend: _CKernel, words: tuple[str, ...], letters: np.ndarray,
                 trie: tuple[np.ndarray, np.ndarray, np.ndarray]):
        child, mask, word = trie
        self.size = letters.shape[1]
        self.words = words
        self.n = len(words)
        assert np.array_equal(word[len(mask) - self.n:], np.arange(self.n)), "the words must be the last nodes"
        self.letters = np.ascontiguousarray(letters, np.uint8)
        self.mask = np.ascontiguousarray(mask, np.uint32)
        lowest = np.where(self.mask > 0, _lowest_set_bit(self.mask), 0)
        self.first = np.ascontiguousarray(np.where(self.mask > 0, child[np.arange(len(mask)), lowest], -1), np.int32)
        blocks = (self.n + 63) // 64
        self.shallow = _shallow_nodes(self.mask, self.first, blocks * 8 * self.size)
        self.bits = np.zeros(self.size * 26 * blocks, np.uint64)
        self.allowed = np.zeros(self.shallow * self.size * blocks, np.uint64)
        self.skip = np.zeros(self.size * self.n, np.int32)
        self.nodes = np.zeros(len(mask), np.uint64)
        int64 = ctypes.c_int64
        backend.tables(int64(self.size), int64(self.n), _pointer(self.letters), _pointer(self.mask),
                       _pointer(self.first), int64(len(mask)), int64(blocks), int64(self.shallow),
                       _pointer(self.nodes), _pointer(self.bits), _pointer(self.allowed), _pointer(self.skip))
        # the kernel's first arguments, the same for every search over these words
        self.arguments = (self.size, self.n, *(a.ctypes.data for a in (self.letters, self.nodes, self.bits,
                          self.allowed)), self.shallow, self.skip.ctypes.data)


def _lowest_set_bit(masks: np.ndarray) -> np.ndarray:
    """The index of the lowest set bit of each (non-zero) 26-bit mask."""
    low = masks.astype(np.int64) & -masks.astype(np.int64)
    return np.log2(np.maximum(low, 1)).astype(np.int64)


def _shallow_nodes(mask: np.ndarray, first: np.ndarray, bytes_per_node: int) -> int:
    """How many trie nodes (the root, then depth 1, then depth 2: they are numbered depth by depth) get a
    precomputed candidate bitset: up to depth 2 when that fits in SHALLOW_TABLE_BYTES, else depth 1."""
    depth_one = bin(int(mask[0])).count("1")
    depth_two = sum(bin(int(m)).count("1") for m in mask[1:1 + depth_one]) if len(mask) > 1 + depth_one else 0
    if (1 + depth_one + depth_two) * bytes_per_node <= SHALLOW_TABLE_BYTES:
        return 1 + depth_one + depth_two
    return 1 + depth_one


@lru_cache(maxsize=8)
def count_tables(lexicon: Lexicon, size: int) -> CountTables | None:
    """The counting kernel's tables for the lexicon's ``size``-letter words (None without the C kernel)."""
    backend = c_kernel()
    if backend is None:
        return None
    words, trie = word_trie(lexicon, size)
    return CountTables(backend, words, lexicon.of_length(size).letters, trie)


class CountSearch:
    """A resumable count of the squares whose first row is one of the words ``lo``..``hi - 1`` (indexes into
    the sorted words), run by the C counting kernel (see ``square_count`` in ``square_kernel.c``): the
    same squares, in the same order, as :class:`SquareSearch` finds for a first-row prefix. Same interface:
    :meth:`run`, :attr:`done`, :attr:`nodes` (words placed plus row-below prefixes extended),
    :meth:`snapshot` and :meth:`restore`."""

    def __init__(self, tables: CountTables, lo: int, hi: int, *, double: bool = False, canonical: bool = False):
        self.tables = tables
        self.size = tables.size
        self.range = (lo, hi)
        self.flags = (int(double), int(canonical))
        backend = c_kernel()
        assert backend is not None, "CountSearch needs the C kernel"
        self.backend = backend
        self.state = np.zeros(backend.state_words(self.size), np.int32)
        self.candidates = np.zeros(self.size * 2 * ((tables.n + 63) // 64), np.uint64)
        self.nodes = 0
        self.done = lo >= hi

    def run(self, max_nodes: int, capacity: int = 1024) -> list[np.ndarray]:
        """Advance by at most about ``max_nodes`` nodes or ``capacity`` squares (0: count them only, see
        :meth:`count`); return the squares' row word indexes found meanwhile."""
        found, out = self._call(max_nodes, capacity)
        return list(out[:found])

    def count(self, max_nodes: int) -> int:
        """Advance by at most about ``max_nodes`` nodes, only counting squares; return how many were found."""
        return self._call(max_nodes, 0)[0]

    def _call(self, max_nodes: int, capacity: int) -> tuple[int, np.ndarray]:
        if self.done:
            return 0, np.zeros((0, self.size), np.int32)
        out = np.zeros((max(capacity, 1), self.size), np.int32)
        result = np.zeros(3, np.int64)
        self.backend.count(*self.tables.arguments, *self.range, *self.flags, self.state.ctypes.data,
                           self.candidates.ctypes.data, out.ctypes.data if capacity > 0 else None,
                           capacity if capacity > 0 else 1 << 62, max_nodes, result.ctypes.data)
        found, nodes, why = result.tolist()
        self.nodes += nodes
        self.done = why == DONE
        return found, out

    def snapshot(self) -> dict[str, Any]:
        """Where the search stands, as JSON-able data: :meth:`restore` continues from exactly here."""
        return pack_snapshot(self.nodes, self.done, (self.state, self.candidates))

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Continue from a :meth:`snapshot` (ValueError if it does not fit this search's shape)."""
        self.nodes, self.done = unpack_snapshot(snapshot, (self.state, self.candidates))
