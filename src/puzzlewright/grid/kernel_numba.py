"""The numba build of the grid filler's kernel: the fallback where no C compiler is available (or with
``PUZZLEWRIGHT_KERNEL=numba``). It runs the same search as ``grid_kernel.c``, step for step; the search is
described in :mod:`puzzlewright.grid.kernel`.
"""

from __future__ import annotations

import numba
import numpy as np

from puzzlewright.grid.kernel import PROMISE_CAP
from puzzlewright.native import DONE, NODE_LIMIT, OUT_FULL


@numba.njit(cache=True, nogil=True)
def _remove(s, w, alive, alive_at, after, before, size, support, lengths, letters, letters_at, cross_t, events, n_events,
            singles, n_singles, trail, n_trail):
    """Remove word ``w`` from slot ``s``: update supports, queue the letters that lost their last support
    and the slot if it has one word left. Returns the new (n_events, n_singles, n_trail)."""
    alive[alive_at[s] + w] = 0
    head = alive_at[s] + s
    after[head + before[head + w + 1]] = after[head + w + 1]
    before[head + after[head + w + 1]] = before[head + w + 1]
    size[s] -= 1
    trail[n_trail, 0] = s
    trail[n_trail, 1] = w
    n_trail += 1
    length = lengths[s]
    base = letters_at[s] + w * length
    for i in range(length):
        c = letters[base + i]
        support[s, i, c] -= 1
        if support[s, i, c] == 0 and cross_t[s, i] >= 0:
            events[n_events, 0] = s
            events[n_events, 1] = i
            events[n_events, 2] = c
            n_events += 1
    if size[s] == 1:
        singles[n_singles] = s
        n_singles += 1
    return n_events, n_singles, n_trail


@numba.njit(cache=True, nogil=True)
def _undo(mark, alive, alive_at, after, before, size, support, lengths, letters, letters_at, trail, n_trail):
    """Put back every removal after trail position ``mark``."""
    while n_trail > mark:
        n_trail -= 1
        s = trail[n_trail, 0]
        w = trail[n_trail, 1]
        alive[alive_at[s] + w] = 1
        head = alive_at[s] + s
        after[head + before[head + w + 1]] = w + 1
        before[head + after[head + w + 1]] = w + 1
        size[s] += 1
        length = lengths[s]
        base = letters_at[s] + w * length
        for i in range(length):
            support[s, i, letters[base + i]] += 1
    return n_trail


@numba.njit(cache=True, nogil=True)
def propagate(alive, alive_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j,
              cross_id, by_letter_at, by_letter, weights, wipeouts, after, before, distinct, events, n_events, singles, n_singles,
              trail, n_trail):
    """Process queued letter events and single-word slots until nothing changes. Returns (failed slot or -1,
    n_trail)."""
    slots = size.shape[0]
    while n_events > 0 or n_singles > 0:
        if n_events > 0:
            n_events -= 1
            s = events[n_events, 0]
            i = events[n_events, 1]
            c = events[n_events, 2]
            t = cross_t[s, i]
            j = cross_j[s, i]
            at = by_letter_at[t, j, c]
            stop = by_letter_at[t, j, c + 1]
            if size[t] < stop - at:
                # fewer candidates than words with c there: walk the candidates (the same words, same order)
                head = alive_at[t] + t
                base = letters_at[t] + j
                p = after[head]
                while p != 0:
                    following = after[head + p]
                    if letters[base + (p - 1) * lengths[t]] == c:
                        n_events, n_singles, n_trail = _remove(t, p - 1, alive, alive_at, after, before, size,
                                                               support, lengths, letters, letters_at, cross_t,
                                                               events, n_events, singles, n_singles, trail, n_trail)
                        if size[t] == 0:
                            weights[cross_id[s, i]] += 1
                            wipeouts[t] += 1
                            return t, n_trail
                    p = following
                continue
            for k in range(at, stop):
                w = by_letter[k]
                if alive[alive_at[t] + w]:
                    n_events, n_singles, n_trail = _remove(t, w, alive, alive_at, after, before, size, support, lengths, letters,
                                                           letters_at, cross_t, events, n_events, singles,
                                                           n_singles, trail, n_trail)
                    if size[t] == 0:
                        weights[cross_id[s, i]] += 1
                        wipeouts[t] += 1
                        return t, n_trail
            continue
        n_singles -= 1
        s = singles[n_singles]
        if not distinct or size[s] != 1:
            continue
        w = after[alive_at[s] + s] - 1
        for u in range(slots):
            if u != s and group[u] == group[s] and alive[alive_at[u] + w]:
                n_events, n_singles, n_trail = _remove(u, w, alive, alive_at, after, before, size, support, lengths, letters,
                                                       letters_at, cross_t, events, n_events, singles, n_singles,
                                                       trail, n_trail)
                if size[u] == 0:
                    wipeouts[u] += 1
                    return u, n_trail
    return -1, n_trail


@numba.njit(cache=True, nogil=True)
def _check_nogoods(alive, alive_at, after, before, size, support, lengths, letters, letters_at, cross_t, events, n_events, singles,
                   n_singles, trail, n_trail, nogoods, nogood_at, n_nogoods):
    """The learnt nogoods against the current domains (see ``check_nogoods`` in grid_kernel.c). Returns
    (dead-end slot or -1, words removed, n_events, n_singles, n_trail)."""
    removed = 0
    for n in range(n_nogoods):
        open_at = -1
        idle = False  # a decision failed, or two are open: nothing to do
        for k in range(nogood_at[n], nogood_at[n + 1]):
            s = nogoods[k, 0]
            w = nogoods[k, 1]
            if not alive[alive_at[s] + w] or (size[s] > 1 and open_at >= 0):
                idle = True
                break
            if size[s] > 1:
                open_at = k
        if idle:
            continue
        if open_at < 0:
            return nogoods[nogood_at[n], 0], removed, n_events, n_singles, n_trail
        n_events, n_singles, n_trail = _remove(nogoods[open_at, 0], nogoods[open_at, 1], alive, alive_at, after, before, size,
                                               support, lengths, letters, letters_at, cross_t, events, n_events,
                                               singles, n_singles, trail, n_trail)
        removed += 1
    return -1, removed, n_events, n_singles, n_trail


@numba.njit(cache=True, nogil=True)
def _settle(alive, alive_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,
            by_letter_at, by_letter, weights, wipeouts, after, before, distinct, events, n_events, singles, n_singles, trail, n_trail,
            nogoods, nogood_at, n_nogoods):
    """Propagate the queues, then the nogoods, until neither removes a word: (failed slot or -1, n_trail)."""
    while True:
        failed, n_trail = propagate(alive, alive_at, size, support, lengths, letters, letters_at, words, group,
                                    cross_t, cross_j, cross_id, by_letter_at, by_letter, weights, wipeouts, after, before, distinct,
                                    events, n_events, singles, n_singles, trail, n_trail)
        if failed >= 0 or n_nogoods == 0:
            return failed, n_trail
        failed, removed, n_events, n_singles, n_trail = _check_nogoods(
            alive, alive_at, after, before, size, support, lengths, letters, letters_at, cross_t, events, 0, singles, 0,
            trail,
            n_trail, nogoods, nogood_at, n_nogoods)
        if failed >= 0 or removed == 0:
            return failed, n_trail


@numba.njit(cache=True, nogil=True)
def _choose(size, cross_t, cross_id, lengths, weights):
    """dom/wdeg: the open slot with the fewest candidates per weighted crossing with other open slots."""
    best = -1
    best_ratio = 0.0
    for s in range(size.shape[0]):
        if size[s] <= 1:
            continue
        degree = 1.0
        for i in range(lengths[s]):
            t = cross_t[s, i]
            if t >= 0 and size[t] > 1:
                degree += weights[cross_id[s, i]]
        ratio = size[s] / degree
        if best < 0 or ratio < best_ratio:
            best = s
            best_ratio = ratio
    return best


@numba.njit(cache=True, nogil=True)
def _promise(s, w, size, support, lengths, letters, letters_at, cross_t, cross_j):
    """How well word ``w`` of slot ``s`` keeps its open crossings alive: the mean over the crossing slots still
    open of log10 of the candidates each keeps with ``w``'s letter at the shared cell, each at most PROMISE_CAP
    (0: no open crossing)."""
    length = lengths[s]
    base = letters_at[s] + w * length
    total = 0.0
    open_crossings = 0
    for i in range(length):
        t = cross_t[s, i]
        if t < 0 or size[t] <= 1:
            continue
        total += np.log10(float(min(support[t, cross_j[s, i], letters[base + i]], PROMISE_CAP)))
        open_crossings += 1
    return total / open_crossings if open_crossings > 0 else 0.0


@numba.njit(cache=True, nogil=True)
def search(alive, alive_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,
           by_letter_at, by_letter, weights, wipeouts, after, before, distinct, keys, keys_at, events, singles, trail, stack, cursor,
           node_limit, out, promise, nogoods, nogood_at, n_nogoods):
    """Depth-first search from the state in the arrays; resumable through ``stack`` and ``cursor``
    (``cursor`` = [depth, trail length, nodes, resume-by-backtracking flag]), pruned by the first
    ``n_nogoods`` learnt nogoods (``nogoods[nogood_at[n]:nogood_at[n + 1]]``: (slot, word) decisions).

    Returns OUT_FULL with a fill's word per slot in ``out`` (call again to continue after it), DONE when the
    space is exhausted, NODE_LIMIT once ``cursor[2]`` reaches ``node_limit``."""
    depth = cursor[0]
    n_trail = cursor[1]
    nodes = cursor[2]
    failing = cursor[3] == 1
    slots = size.shape[0]
    if depth == 0 and not failing and n_nogoods > 0:
        # the root: what the nogoods remove before any decision
        failed_slot, n_trail = _settle(alive, alive_at, size, support, lengths, letters, letters_at, words, group,
                                       cross_t, cross_j, cross_id, by_letter_at, by_letter, weights, wipeouts, after, before,
                                       distinct, events, 0, singles, 0, trail, n_trail, nogoods, nogood_at, n_nogoods)
        if failed_slot >= 0:
            cursor[1], cursor[3] = n_trail, 0
            return DONE
    while True:
        if failing:
            # backtrack: the deepest decision still on its left branch flips to its right branch
            failing = False
            flipped = False
            while depth > 0:
                top = depth - 1
                n_trail = _undo(stack[top, 2], alive, alive_at, after, before, size, support, lengths, letters, letters_at, trail,
                                n_trail)
                if stack[top, 3] == 1:
                    depth -= 1
                    continue
                stack[top, 3] = 1
                s = stack[top, 0]
                w = stack[top, 1]
                n_events, n_singles, n_trail = _remove(s, w, alive, alive_at, after, before, size, support, lengths, letters,
                                                       letters_at, cross_t, events, 0, singles, 0, trail, n_trail)
                failed = size[s] == 0
                if not failed:
                    failed_slot, n_trail = _settle(alive, alive_at, size, support, lengths, letters, letters_at,
                                                   words, group, cross_t, cross_j, cross_id, by_letter_at, by_letter,
                                                   weights, wipeouts, after, before, distinct, events, n_events, singles, n_singles,
                                                   trail, n_trail, nogoods, nogood_at, n_nogoods)
                    failed = failed_slot >= 0
                if failed:
                    n_trail = _undo(stack[top, 2], alive, alive_at, after, before, size, support, lengths, letters, letters_at,
                                    trail, n_trail)
                    depth -= 1
                    continue
                flipped = True
                break
            if not flipped:
                cursor[0], cursor[1], cursor[2], cursor[3] = depth, n_trail, nodes, 0
                return DONE
        s = _choose(size, cross_t, cross_id, lengths, weights)
        if s < 0:
            for u in range(slots):
                out[u] = after[alive_at[u] + u] - 1
            cursor[0], cursor[1], cursor[2], cursor[3] = depth, n_trail, nodes, 1
            return OUT_FULL
        if nodes >= node_limit:
            cursor[0], cursor[1], cursor[2], cursor[3] = depth, n_trail, nodes, 0
            return NODE_LIMIT
        nodes += 1
        best = -1
        best_key = 0.0
        head = alive_at[s] + s
        p = after[head]
        while p != 0:
            k = p - 1
            p = after[head + p]
            key = keys[keys_at[s] + k]
            if promise > 0.0:
                key += promise * _promise(s, k, size, support, lengths, letters, letters_at, cross_t, cross_j)
            if best < 0 or key > best_key:
                best = k
                best_key = key
        stack[depth, 0] = s
        stack[depth, 1] = best
        stack[depth, 2] = n_trail
        stack[depth, 3] = 0
        depth += 1
        n_events = 0
        n_singles = 0
        p = after[head]
        while p != 0:
            k = p - 1
            p = after[head + p]
            if k != best:
                n_events, n_singles, n_trail = _remove(s, k, alive, alive_at, after, before, size, support, lengths, letters,
                                                       letters_at, cross_t, events, n_events, singles, n_singles,
                                                       trail, n_trail)
        failed_slot, n_trail = _settle(alive, alive_at, size, support, lengths, letters, letters_at, words, group,
                                       cross_t, cross_j, cross_id, by_letter_at, by_letter, weights, wipeouts, after, before,
                                       distinct, events, n_events, singles, n_singles, trail, n_trail, nogoods,
                                       nogood_at, n_nogoods)
        failing = failed_slot >= 0
