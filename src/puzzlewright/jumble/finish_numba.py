"""The numba build of the Jumble answer search's last slots: the fallback where no C compiler is available (or
with ``PUZZLEWRIGHT_KERNEL=numba``). It runs ``finish_kernel.c``'s steps line for line (the same function
names), on the arrays themselves where the C build reads a slot's view of their addresses; what the steps
do is described in :mod:`puzzlewright.jumble.finish`.

A slot's words travel as ``(bounds, keys, needs)`` and the last slot's look-up as ``(table, hashes,
starts, partners)`` (see :class:`~puzzlewright.jumble.answers.SlotWords`).
"""

from __future__ import annotations

import numba
import numpy as np

from puzzlewright.jumble.answers import SHARED_CELL
from puzzlewright.jumble.finish import BELOW_BAR
from puzzlewright.native import DONE, NODE_LIMIT, OUT_FULL

LETTERS = 26  # the letter counts of a word or pool


@numba.njit(cache=True, nogil=True)
def _group_of(table, hashes, key):
    """The group whose hash is ``key``, or -1 (``group_of`` in finish_kernel.c)."""
    n = len(hashes)
    at = np.int64(table[np.uint64(key) & np.uint64(len(table) - 1)])
    if at == -1:
        return -1
    if at == SHARED_CELL:
        lo, hi = 0, n
        while lo < hi:
            mid = lo + (hi - lo) // 2
            if hashes[mid] < key:
                lo = mid + 1
            else:
                hi = mid
        at = lo if lo < n else n - 1
    return at if hashes[at] == key else -1


@numba.njit(cache=True, nogil=True)
def _complete(last, lookup, first, second, counts, floor, out, out_bound, found, key, total, r1, r2):
    """The last slot's words taking exactly the letters left (``complete``); returns the candidates found."""
    bounds, _, needs = last
    table, hashes, starts, partners = lookup
    g = _group_of(table, hashes, key)
    if g < 0:
        return found
    if not total + bounds[partners[starts[g]]] > floor:
        return found
    left = np.empty(LETTERS, np.int64)
    for c in range(LETTERS):
        left[c] = counts[c]
        if r1 >= 0:
            left[c] -= first[2][r1, c]
        if r2 >= 0:
            left[c] -= second[2][r2, c]
    for p in range(starts[g], starts[g + 1]):
        row = partners[p]
        bound = total + bounds[row]
        if bound <= floor:
            break
        same = True
        for c in range(LETTERS):
            if needs[row, c] != left[c]:
                same = False
                break
        if not same:
            continue
        if found < len(out_bound):
            out[found, 0] = r1
            out[found, 1] = r2
            out[found, 2] = row
            out_bound[found] = bound
        found += 1
    return found


@numba.njit(cache=True, nogil=True)
def finish(prefix, first, second, last, lookup, rows1, rows2, counts, weights, value, floor, best_row, out,
           out_bound, result):
    """``jumble_finish``: the candidates for the last ``prefix`` + 1 open slots (``first`` and ``second``
    the words of the slots before the last: pass the last slot's where there are fewer); ``out`` (rows x 3)
    and ``out_bound`` hold at most their length, ``result`` = [why it returned, nodes to spend, found]."""
    best_last = last[0][best_row]
    key = np.int64(0)
    for c in range(LETTERS):
        key += np.int64(counts[c]) * weights[c]
    spent = 0
    found = 0
    if prefix == 2:
        b1, b2 = first[0], second[0]
        b20 = b2[rows2[0]]
        best_rest = b20 + best_last
        slack = best_rest - b20
        if value + b1[rows1[0]] + best_rest <= floor:
            spent = -1
        else:
            height, width = 0, 0
            head0 = value + b1[rows1[0]]
            for i in range(len(rows1)):
                if (value + b1[rows1[i]]) + b20 + slack > floor:
                    height += 1
            for j in range(len(rows2)):
                if head0 + b2[rows2[j]] + slack > floor:
                    width += 1
            for i in range(height):
                r1 = rows1[i]
                head = value + b1[r1]
                for j in range(width):
                    r2 = rows2[j]
                    total = head + b2[r2]
                    if not total + slack > floor:
                        continue
                    spent += 1
                    found = _complete(last, lookup, first, second, counts, floor, out, out_bound, found,
                                      key - (first[1][r1] + second[1][r2]), total, r1, r2)
    elif prefix == 1:
        b1 = first[0]
        for i in range(len(rows1)):
            total = value + b1[rows1[i]]
            if total + best_last > floor:
                spent += 1
                found = _complete(last, lookup, first, second, counts, floor, out, out_bound, found,
                                  key - first[1][rows1[i]], total, rows1[i], -1)
    else:
        found = _complete(last, lookup, first, second, counts, floor, out, out_bound, found, key, value, -1, -1)
    result[0] = BELOW_BAR if spent < 0 else OUT_FULL if found > len(out_bound) else DONE
    result[1] = 0 if spent < 0 else spent
    result[2] = found


@numba.njit(cache=True, nogil=True)
def fitting(low, high, rows, every, pool_low, pool_high, guard_low, guard_high, out):
    """``jumble_fitting``: the rows (all, when ``every``) whose packed needs fit the packed pool, into
    ``out``; returns how many."""
    kept = 0
    for i in range(len(out)):
        row = i if every else rows[i]
        if ((pool_low - low[row]) & guard_low) == guard_low and ((pool_high - high[row]) & guard_high) == guard_high:
            out[kept] = row
            kept += 1
    return kept


@numba.njit(cache=True, nogil=True)
def level(rows, start, bounds, low, high, pool_low, pool_high, guard_low, guard_high, value, rest, floor, nodes_left,
          lows, highs, deeper_bounds, deeper_rows, outs, result):
    """``jumble_level``: one level of the search above the last three slots, from its ``start``-th row; the
    deeper slots' packed needs, bounds, rows and outputs are tuples (one item a deeper slot)."""
    spent = 0
    why = DONE
    p = start
    while p < len(rows):
        row = rows[p]
        total = value + bounds[row]
        if total + rest <= floor:
            break
        spent += 1
        if spent > nodes_left:
            why = NODE_LIMIT
            break
        left_low = pool_low - low[row]
        left_high = pool_high - high[row]
        empty = False
        for j in range(len(outs)):
            kept = fitting(lows[j], highs[j], deeper_rows[j], False, left_low, left_high, guard_low, guard_high,
                           outs[j][:len(deeper_rows[j])])
            result[3 + j] = kept
            if kept == 0:
                empty = True
                break
        if empty:
            p += 1
            continue
        best = 0.0
        for j in range(len(outs)):
            best += deeper_bounds[j][outs[j][0]]
        if total + best > floor:
            why = OUT_FULL
            break
        p += 1
    result[0] = why
    result[1] = p
    result[2] = spent
