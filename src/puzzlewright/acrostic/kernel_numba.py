"""The square kernel compiled by numba: the portable fallback of the C kernel (``square_kernel.c``), used
where no C compiler is available (or with ``PUZZLEWRIGHT_KERNEL=numba``). Both run the same search, step for
step (the tests compare them); see :mod:`puzzlewright.acrostic.kernel` for what it does. Compiled once and
cached on disk (``cache=True``); importing this module imports numba (about 0.7 s).
"""

from __future__ import annotations

import numba
import numpy as np

from puzzlewright.acrostic.kernel import COMPLETION_STEPS, ENTER, RESUME, RETURN
from puzzlewright.native import DONE, NODE_LIMIT, OUT_FULL
from puzzlewright.prefix_walk import LOWEST_BIT, cell_prefixes, note_column_words, row_below_alive, row_word_fresh
from puzzlewright.prefix_walk import lowest_letter as _lowest


@numba.njit(cache=True, nogil=True)
def _column_can_continue(node, below, forced, mask, in_pool) -> bool:
    """Whether the cell ``below`` can take a letter extending the column prefix ``node``."""
    if forced[below] >= 0:
        return (mask[node] >> np.uint32(forced[below])) & np.uint32(1) != 0
    return mask[node] & in_pool != 0


@numba.njit(cache=True, nogil=True)
def _column_completable(node, below, size, child, mask, forced, remaining, path) -> bool:
    """Whether the column prefix ``node`` can be completed down to the last row with the given letters of
    its cells and the pool's remaining counts (a depth-first search of the trie, abandoned - answering
    yes - after COMPLETION_STEPS steps so that it stays cheap)."""
    cells = size * size
    depth = 0
    path[0] = node
    path[size] = 0  # letters tried at each depth, as a bitmask
    steps = 0
    while depth >= 0:
        cell = below + depth * size
        if cell >= cells:
            for d in range(depth):  # give back the letters of the path before answering
                letter = path[2 * size + d]
                if forced[below + d * size] < 0:
                    remaining[letter] += 1
            return True
        steps += 1
        if steps > COMPLETION_STEPS:
            for d in range(depth):
                letter = path[2 * size + d]
                if forced[below + d * size] < 0:
                    remaining[letter] += 1
            return True
        options = mask[path[depth]] & ~np.uint32(path[size + depth])
        if forced[cell] >= 0:
            options &= np.uint32(1) << np.uint32(forced[cell])
        chosen = -1
        while options:
            letter = _lowest(options, LOWEST_BIT)
            options &= options - np.uint32(1)
            path[size + depth] |= 1 << letter
            if forced[cell] >= 0 or remaining[letter] > 0:
                chosen = letter
                break
        if chosen < 0:  # dead end: step back, returning the letter used above
            depth -= 1
            if depth >= 0 and forced[below + depth * size] < 0:
                remaining[path[2 * size + depth]] += 1
            continue
        if forced[cell] < 0:
            remaining[chosen] -= 1
        path[2 * size + depth] = chosen
        path[depth + 1] = child[path[depth], chosen]
        path[size + depth + 1] = 0
        depth += 1
    return False


@numba.njit(cache=True, nogil=True)
def square_kernel(size, child, mask, word, forced, letter_order, double, canonical, symmetric, constrained,
                  state, frontier, cursor, out, max_nodes, table):
    """Enumerate squares whose cells match ``forced`` (letter or -1 per cell), filling the other cells from
    the pool in ``state`` (see :class:`SquareSearch`); resumable.

    Letters are tried alphabetically, or in ``letter_order[cell]`` order when that array is not empty.
    ``constrained`` (a pool, or given letters below the first row) turns on the column checks, which can
    only fail when letters are limited.
    Writes the row word indexes of the squares found to ``out`` and returns (squares written, nodes
    expanded, why): DONE when the search space is exhausted, NODE_LIMIT after ``max_nodes`` nodes, OUT_FULL
    when ``out`` is full. Calling again with the same ``state`` and ``cursor`` continues where it stopped.
    """
    cells = size * size
    shuffled = letter_order.shape[0] > 0
    grid, avail, tried = state[0], state[1], state[2]
    row_before, row_after, col_before, col_after = state[3], state[4], state[5], state[6]
    remaining = state[7]  # 26 pool counts
    ids = state[8]  # word index of each row, then each column
    tie = state[9]  # tie[k]: first column's letters 0..k equal the first row's
    front_size = state[10]  # frontier[t, :front_size[t]]: see row_below_alive (-1: too many to track)
    path = np.zeros(3 * size + 1, np.int64)  # scratch for _column_completable
    t, mode, in_pool = cursor[0], cursor[1], np.uint32(cursor[2])  # mode: ENTER, RETURN or RESUME
    found = 0
    nodes = 0
    while True:
        if t < 0:
            cursor[0] = t
            return found, nodes, DONE
        k, j, r, c = cell_prefixes(t, size, row_after, col_after)
        if mode == ENTER:
            row_before[t] = r
            col_before[t] = c
            a = mask[r] & mask[c]
            if forced[t] >= 0:
                a &= np.uint32(1) << np.uint32(forced[t])
            else:
                a &= in_pool
            if symmetric and j < k:
                a &= np.uint32(1) << np.uint32(grid[j * size + k])
            if canonical and j == 0 and k > 0 and tie[k - 1]:
                a &= ~((np.uint32(1) << np.uint32(grid[k])) - np.uint32(1))
            avail[t] = a
            tried[t] = 0
        elif mode == RETURN and forced[t] >= 0:
            pass
        elif mode == RETURN:  # back at this cell: its letter returns to the pool
            letter = grid[t]
            if remaining[letter] == 0:
                in_pool |= np.uint32(1) << np.uint32(letter)
            remaining[letter] += 1
        mode = RETURN
        a = np.uint32(avail[t])
        if a == 0:
            t -= 1
            continue
        if nodes >= max_nodes or found >= out.shape[0]:
            # stop before placing: the cell will be revisited (without returning a letter) on resumption
            cursor[0], cursor[1], cursor[2] = t, RESUME, in_pool
            return found, nodes, NODE_LIMIT if nodes >= max_nodes else OUT_FULL
        if shuffled:
            while not (a >> np.uint32(letter_order[t, tried[t]])) & np.uint32(1):
                tried[t] += 1
            letter = letter_order[t, tried[t]]
            avail[t] = a & ~(np.uint32(1) << np.uint32(letter))
        else:
            letter = _lowest(a, table)
            avail[t] = a & (a - np.uint32(1))
        grid[t] = letter
        nodes += 1
        if forced[t] < 0:
            remaining[letter] -= 1
            if remaining[letter] == 0:
                in_pool &= ~(np.uint32(1) << np.uint32(letter))
        row_after[t] = child[row_before[t], letter]
        col_after[t] = child[col_before[t], letter]
        if k < size - 1:
            if constrained and not _column_can_continue(col_after[t], t + size, forced, mask, in_pool):
                continue
            if not row_below_alive(t, j, size, child, mask, mask, forced, in_pool, col_after, frontier, front_size):
                continue
        if constrained and j == size - 1 and k < size - 1:  # every column must be completable from what is left
            stuck = False
            for q in range(size):
                if not _column_completable(col_after[t - j + q], t - j + q + size, size, child, mask, forced,
                                           remaining, path):
                    stuck = True
                    break
            if stuck:
                continue
        if j == 0:
            tie[k] = (k == 0) or (tie[k - 1] and letter == grid[k])
        if not row_word_fresh(t, j, k, size, ids, word, row_after, double):
            continue
        if t == cells - 1:
            ok = True
            note_column_words(ids, size, size, word, col_after)
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
                for q in range(size):
                    out[found, q] = ids[q]
                found += 1
            continue
        t += 1
        mode = ENTER
