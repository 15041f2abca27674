"""The numba kernel behind ``acrostic count``: a cell-by-cell prefix search over one trie, compiled.

Cells are filled in reading order. A cell may take a letter only if it extends both its row prefix and its
column prefix (both looked up in the same trie of the N-letter words, as 26-bit masks), so every partial
grid is a set of word prefixes. Canonical squares are pruned as soon as the first column falls below the
first row; double squares reject a repeated row as soon as it completes. The kernel is compiled once and
cached on disk (``cache=True``), and imported only by the commands that count.
"""

from __future__ import annotations

import numba
import numpy as np


def build_trie(letters: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The trie of equal-length words given as a (words x length) array of letters 0-25.

    Returns ``child`` (nodes x 26, -1 = none), ``mask`` (26-bit set of letters that extend each node) and
    ``word`` (the word's index at a full-length node, else -1). Node 0 is the empty prefix.
    """
    count, length = letters.shape
    # nodes of depth d are the distinct d-letter prefixes; number them depth by depth with numpy
    child = np.full((1, 26), -1, np.int32)
    mask = np.zeros(1, np.uint32)
    parent_of_word = np.zeros(count, np.int64)
    first_id = 1
    for depth in range(length):
        keys = parent_of_word * 26 + letters[:, depth]
        unique, inverse = np.unique(keys, return_inverse=True)
        ids = first_id + np.arange(len(unique))
        parents, chars = unique // 26, unique % 26
        child = np.vstack([child, np.full((len(unique), 26), -1, np.int32)])
        mask = np.concatenate([mask, np.zeros(len(unique), np.uint32)])
        child[parents, chars] = ids
        np.bitwise_or.at(mask, parents, (np.uint32(1) << chars.astype(np.uint32)))
        parent_of_word = ids[inverse]
        first_id += len(unique)
    word = np.full(len(mask), -1, np.int32)
    word[parent_of_word] = np.arange(count, dtype=np.int32)
    return child, mask, word




def _lowest_bit_table() -> np.ndarray:
    """The index of the lowest set bit of every 16-bit number (0 for 0)."""
    numbers = np.arange(1 << 16)
    table = np.zeros(1 << 16, np.uint8)
    for bit in reversed(range(16)):
        table[(numbers >> bit) & 1 == 1] = bit
    return table


LOWEST_BIT = _lowest_bit_table()


@numba.njit(cache=True, nogil=True)
def _lowest(bits: np.uint32, table: np.ndarray) -> int:
    low = bits & np.uint32(0xFFFF)
    if low:
        return table[low]
    return 16 + table[bits >> np.uint32(16)]


@numba.njit(cache=True, nogil=True)
def count_kernel(size, child, mask, word, forced, double, canonical, symmetric, out, max_nodes, table):
    """Enumerate the squares whose cells match ``forced`` (letter or -1 per cell).

    Writes the row word indexes of the first ``len(out)`` squares found to ``out`` and returns
    (squares found, nodes expanded, finished). ``finished`` is False when ``max_nodes`` ran out.
    """
    cells = size * size
    grid = np.zeros(cells, np.int32)
    avail = np.zeros(cells, np.uint32)
    row_before = np.zeros(cells, np.int32)
    row_after = np.zeros(cells, np.int32)
    col_before = np.zeros(cells, np.int32)
    col_after = np.zeros(cells, np.int32)
    tie = np.zeros(size, np.bool_)  # tie[k]: first column's letters 0..k equal the first row's
    ids = np.zeros(2 * size, np.int32)
    found = 0
    nodes = 0
    t = 0
    entering = True
    while True:
        k = t // size
        j = t - k * size
        if entering:
            r = 0 if j == 0 else row_after[t - 1]
            c = 0 if k == 0 else col_after[t - size]
            row_before[t] = r
            col_before[t] = c
            a = mask[r] & mask[c]
            if forced[t] >= 0:
                a &= np.uint32(1) << np.uint32(forced[t])
            if symmetric and j < k:
                a &= np.uint32(1) << np.uint32(grid[j * size + k])
            if canonical and j == 0 and k > 0 and tie[k - 1]:
                a &= ~((np.uint32(1) << np.uint32(grid[k])) - np.uint32(1))
            avail[t] = a
            entering = False
        a = avail[t]
        if a == 0:
            t -= 1
            if t < 0:
                return found, nodes, True
            continue
        letter = _lowest(a, table)
        avail[t] = a & (a - np.uint32(1))
        grid[t] = letter
        nodes += 1
        row_after[t] = child[row_before[t], letter]
        col_after[t] = child[col_before[t], letter]
        if j == 0:
            tie[k] = (k == 0) or (tie[k - 1] and letter == grid[k])
        if j == size - 1:
            ids[k] = word[row_after[t]]
            if double:
                repeated = False
                for q in range(k):
                    if ids[q] == ids[k]:
                        repeated = True
                if repeated:
                    continue
        if t == cells - 1:
            ok = True
            for q in range(size):
                ids[size + q] = word[col_after[(size - 1) * size + q]]
            if double:
                for x in range(2 * size):
                    for y in range(x + 1, 2 * size):
                        if ids[x] == ids[y]:
                            ok = False
            if ok and canonical:  # the rows, read as one string, must not sort after the columns
                for p in range(cells):
                    transposed = grid[(p % size) * size + p // size]
                    if grid[p] != transposed:
                        ok = grid[p] < transposed
                        break
            if ok:
                if found < out.shape[0]:
                    for q in range(size):
                        out[found, q] = ids[q]
                found += 1
            continue
        if nodes >= max_nodes:
            return found, nodes, False
        t += 1
        entering = True
