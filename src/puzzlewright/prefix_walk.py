"""Compiled steps shared by the cell-by-cell searches over row and column word prefixes: the word-square
kernel (:mod:`puzzlewright.acrostic.kernel_numba`) and the word-rectangle kernel
(:mod:`puzzlewright.grid.rectangles`).

Both fill a grid cell by cell in reading order, holding each row's and each column's prefix as a node of a
trie (``child``: nodes x 26, ``mask``: the 26-bit set of letters extending each node; see
:func:`puzzlewright.acrostic.kernel.build_trie`). For a square the row and column tries are one trie; for a
rectangle they differ (rows and columns have different lengths), so every function here takes them apart.
Compiled by numba on first use and cached on disk (``cache=True``).
"""

from __future__ import annotations

import numba
import numpy as np


def _lowest_bit_table() -> np.ndarray:
    """The index of the lowest set bit of every 16-bit number (0 for 0)."""
    numbers = np.arange(1 << 16)
    table = np.zeros(1 << 16, np.uint8)
    for bit in reversed(range(16)):
        table[(numbers >> bit) & 1 == 1] = bit
    return table


LOWEST_BIT = _lowest_bit_table()


@numba.njit(cache=True, nogil=True)
def lowest_letter(bits: np.uint32, table: np.ndarray) -> int:
    """The lowest letter (bit index) of a non-empty 26-bit letter set, through the 16-bit ``table``."""
    low = bits & np.uint32(0xFFFF)
    if low:
        return table[low]
    return 16 + table[bits >> np.uint32(16)]


@numba.njit(cache=True, nogil=True)
def row_below_alive(t, j, width, row_child, row_mask, col_mask, forced, in_pool, col_after, frontier,
                    front_size) -> bool:
    """Lookahead for the row below cell ``t`` (column ``j`` of a ``width``-wide grid): extend the set of the
    next row's prefixes (cells 0..j, nodes of the row trie) that every column placed so far in this row
    allows; False when it is empty, i.e. no word can go below. Whole-row pruning, found while the current
    row is still being filled.

    ``col_after[t]`` is the column-trie node after cell ``t``; ``forced`` a letter (or -1) per cell and
    ``in_pool`` the letters free cells may take. ``frontier[t, :front_size[t]]`` keeps the prefixes; more
    than ``frontier.shape[1]`` of them and the lookahead stays silent (``front_size[t] = -1``) until the
    next row starts."""
    below = t + width
    allowed = col_mask[col_after[t]]
    if forced[below] >= 0:
        allowed &= np.uint32(1) << np.uint32(forced[below])
    else:
        allowed &= in_pool
    cap = frontier.shape[1]
    if j == 0:
        nodes_before = 1
    else:
        nodes_before = front_size[t - 1]
        if nodes_before < 0:
            front_size[t] = -1
            return True
    count = 0
    for i in range(nodes_before):
        node = 0 if j == 0 else frontier[t - 1, i]
        bits = row_mask[node] & allowed
        while bits:
            letter = lowest_letter(bits, LOWEST_BIT)
            bits &= bits - np.uint32(1)
            if count == cap:
                front_size[t] = -1
                return True
            frontier[t, count] = row_child[node, letter]
            count += 1
    front_size[t] = count
    return count > 0


@numba.njit(cache=True, nogil=True)
def repeats_earlier(ids, first, k) -> bool:
    """Whether word ``ids[k]`` already stands at one of ``ids[first:k]`` (a double grid uses a word once)."""
    for q in range(first, k):
        if ids[q] == ids[k]:
            return True
    return False


@numba.njit(cache=True, nogil=True)
def cell_prefixes(t, width, row_after, col_after):
    """Cell ``t``'s row and column (reading order, ``width`` cells a row) and the prefixes it extends: the
    row-trie node after the cell to its left and the column-trie node after the cell above (0, the empty
    prefix, at the grid's edge)."""
    k = t // width
    j = t - k * width
    return k, j, 0 if j == 0 else row_after[t - 1], 0 if k == 0 else col_after[t - width]


@numba.njit(cache=True, nogil=True)
def row_word_fresh(t, j, k, width, ids, row_word, row_after, double) -> bool:
    """At the last cell of row ``k``: note the row's word in ``ids[k]`` and say False when a ``double`` grid
    already has it in an earlier row (the cell's letter must change). True anywhere else."""
    if j != width - 1:
        return True
    ids[k] = row_word[row_after[t]]
    return not (double and repeats_earlier(ids, 0, k))


@numba.njit(cache=True, nogil=True)
def note_column_words(ids, height, width, col_word, col_after) -> None:
    """At the last cell: note each column's word in ``ids[height:height + width]`` (after the rows')."""
    for q in range(width):
        ids[height + q] = col_word[col_after[(height - 1) * width + q]]
