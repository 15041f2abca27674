"""The numba build of the grid filler's kernel: the fallback where no C compiler is available (or with
``PUZZLEWRIGHT_KERNEL=numba``). It runs the same search as ``grid_kernel.c``, step for step, function for
function (the same names without the C's types); the search is described in :mod:`puzzlewright.grid.kernel`.

The grid's arrays travel as one tuple ``g`` (flattened: ``live, live_at, size, support, lengths, letters,
letters_at, words, group, cross_t, cross_j, cross_id, masks, mask_at, weights, wipeouts``) and the working
ones as ``work`` (``events, singles, trail, trail32, gone, counts``: ``trail32`` the trail's int32 view,
where a restriction's supports are saved, ``gone`` the scratch of removed words, ``counts`` = [queued
events, queued singles, trail length]).
"""

from __future__ import annotations

import numba
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from puzzlewright.grid.kernel import PROMISE_CAP
from puzzlewright.native import DONE, NODE_LIMIT, OUT_FULL

SAVED_BLOCK, SAVED_SIZE, SAVED_ROW = 0, 1, 2  # what a trail entry holds: its code's low bits
DROP_LETTER, KEEP_WORD, DROP_WORD = 0, 1, 2  # the restrictions of a slot's candidates
EVENTS, SINGLES, TRAIL = 0, 1, 2  # the counts in ``work``
_ONE = np.uint64(1)
_M1, _M2, _M4, _H01 = (np.uint64(0x5555555555555555), np.uint64(0x3333333333333333), np.uint64(0x0F0F0F0F0F0F0F0F),
                       np.uint64(0x0101010101010101))


@numba.njit(cache=True, nogil=True, inline="always")
def _bits(x):
    """The set bits of a uint64 (SWAR, as grid_kernel.c counts them)."""
    x = x - ((x >> _ONE) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return np.int64((x * _H01) >> np.uint64(56))


@numba.njit(cache=True, nogil=True)
def _save(work, code, old):
    """One trail entry (see ``save`` in grid_kernel.c)."""
    trail, counts = work[2], work[5]
    trail[2 * counts[TRAIL]] = code
    trail[2 * counts[TRAIL] + 1] = old
    counts[TRAIL] += 1


@numba.njit(cache=True, nogil=True)
def _row_entries(g, t):
    """The trail entries (two int64, four supports each) that slot ``t``'s supports take."""
    return (g[4][t] * 26 + 3) // 4


@numba.njit(cache=True, nogil=True)
def _save_row(g, work, t, longest):
    """Save slot ``t``'s supports on the trail."""
    support, trail32, counts = g[3], work[3], work[5]
    entries = _row_entries(g, t)
    base = t * longest * 26
    start = 4 * counts[TRAIL]
    for x in range(g[4][t] * 26):
        trail32[start + x] = support[base + x]
    counts[TRAIL] += entries
    _save(work, 4 * entries + SAVED_ROW, 0)


@numba.njit(cache=True, nogil=True)
def _undo(g, work, mark, longest):
    """Put back every change after trail position ``mark``: the blocks, the sizes, and the supports (saved,
    or the restored words' letters put back)."""
    live, live_at, size, support, lengths, letters, letters_at = g[0], g[1], g[2], g[3], g[4], g[5], g[6]
    trail, trail32, counts = work[2], work[3], work[5]
    t = 0
    length = 0
    saved = False
    n = counts[TRAIL] - 1
    while n >= mark:
        code = trail[2 * n]
        old = trail[2 * n + 1]
        kind = code & 3
        if kind == SAVED_SIZE:
            t = code >> 2
            size[t] = old
            length = lengths[t]
            saved = False
        elif kind == SAVED_ROW:
            n -= code >> 2
            base = t * longest * 26
            for x in range(length * 26):
                support[base + x] = trail32[4 * n + x]
            saved = True
        else:
            k = live_at[t] + (code >> 2)
            if not saved:
                x = np.uint64(old) & ~live[k]
                while x:
                    word = letters_at[t] + (64 * (code >> 2) + trailing_zeros(x)) * length
                    for i in range(length):
                        support[(t * longest + i) * 26 + letters[word + i]] += 1
                    x &= x - _ONE
            live[k] = np.uint64(old)
        n -= 1
    if counts[TRAIL] > mark:
        counts[TRAIL] = mark


@numba.njit(cache=True, nogil=True)
def _lose_letters(g, work, t, lo, hi, skip, letter, longest):
    """Take the letters of the words in ``gone[lo..hi]`` off slot ``t``'s supports, in word order, queueing
    each letter that loses its last candidate at a crossed position; all of them had ``letter`` at position
    ``skip`` (-1: none), whose support drops to 0 at once, unqueued (see grid_kernel.c)."""
    support, lengths, letters, letters_at, cross_t = g[3], g[4], g[5], g[6], g[9]
    events, gone, counts = work[0], work[4], work[5]
    length = lengths[t]
    for k in range(lo, hi + 1):
        x = gone[k]
        while x:
            word = letters_at[t] + (64 * k + trailing_zeros(x)) * length
            for i in range(length):
                if i == skip:
                    continue
                c = letters[word + i]
                at = (t * longest + i) * 26 + c
                support[at] -= 1
                if support[at] == 0 and cross_t[t * longest + i] >= 0:
                    n = counts[EVENTS]
                    events[3 * n] = t
                    events[3 * n + 1] = i
                    events[3 * n + 2] = c
                    counts[EVENTS] = n + 1
            x &= x - _ONE
    if skip >= 0:
        support[(t * longest + skip) * 26 + letter] = 0


@numba.njit(cache=True, nogil=True)
def _restrict(g, work, t, how, a, b, longest):
    """Restrict slot ``t``'s candidates (``restrict_slot`` in grid_kernel.c): DROP_LETTER drops those with
    letter ``b`` at position ``a``, KEEP_WORD keeps word ``a`` alone, DROP_WORD drops word ``a``. Returns how
    many words went (the slot's size is 0 when that was all of them: a dead end)."""
    live, live_at, size, words, masks, mask_at = g[0], g[1], g[2], g[7], g[12], g[13]
    singles, gone, counts = work[1], work[4], work[5]
    blocks = (words[t] + 63) >> 6
    at = live_at[t]
    lo = blocks
    hi = -1
    removed = 0
    if how == DROP_LETTER:
        mask = mask_at[t * longest + a] + b * blocks
        first, last = 0, blocks - 1
    else:
        mask = 0
        first = a >> 6 if how == DROP_WORD else 0
        last = a >> 6 if how == DROP_WORD else blocks - 1
    bit = _ONE << np.uint64(a & 63)
    # the words DROP_LETTER removes: it stops once they are gone
    going = g[3][(t * longest + a) * 26 + b] if how == DROP_LETTER else blocks * 64
    for k in range(first, last + 1):
        if removed >= going:
            break
        block = live[at + k]
        if how == DROP_LETTER:
            x = block & masks[mask + k]
        elif how == DROP_WORD:
            x = block & bit
        else:
            x = block & ~bit if k == a >> 6 else block
        gone[k] = x
        if x:
            _save(work, 4 * k + SAVED_BLOCK, np.int64(block))
            live[at + k] = block & ~x
            removed += _bits(x)
            lo = min(lo, k)
            hi = k
    if removed == 0:
        return 0
    if removed > _row_entries(g, t):
        _save_row(g, work, t, longest)
    _save(work, 4 * t + SAVED_SIZE, size[t])
    size[t] -= removed
    _lose_letters(g, work, t, lo, hi, a if how == DROP_LETTER else -1, b, longest)
    if size[t] == 1:
        singles[counts[SINGLES]] = t
        counts[SINGLES] += 1
    return removed


@numba.njit(cache=True, nogil=True)
def _has_word(g, s, w):
    """Whether slot ``s`` still has word ``w``."""
    return (g[0][g[1][s] + (w >> 6)] >> np.uint64(w & 63)) & _ONE != 0


@numba.njit(cache=True, nogil=True)
def _first_word(g, s):
    """The first candidate of slot ``s`` (in word order), -1 when it has none."""
    live, at = g[0], g[1][s]
    for k in range((g[7][s] + 63) >> 6):
        if live[at + k]:
            return 64 * k + trailing_zeros(live[at + k])
    return -1


@numba.njit(cache=True, nogil=True)
def _propagate_queue(g, work, distinct, longest):
    """Process queued letter events and single-word slots until nothing changes; the failed slot or -1."""
    size, support, group, cross_t, cross_j, cross_id, weights, wipeouts = g[2], g[3], g[8], g[9], g[10], g[11], \
        g[14], g[15]
    events, singles, counts = work[0], work[1], work[5]
    slots = size.shape[0]
    while counts[EVENTS] > 0 or counts[SINGLES] > 0:
        if counts[EVENTS] > 0:
            counts[EVENTS] -= 1
            n = counts[EVENTS]
            s, i, c = events[3 * n], events[3 * n + 1], events[3 * n + 2]
            t = cross_t[s * longest + i]
            j = cross_j[s * longest + i]
            if support[(t * longest + j) * 26 + c] == 0:
                continue  # t has no candidate with c there (any more)
            if _restrict(g, work, t, DROP_LETTER, j, c, longest) > 0 and size[t] == 0:
                weights[cross_id[s * longest + i]] += 1
                wipeouts[t] += 1
                return t
            continue
        counts[SINGLES] -= 1
        s = singles[counts[SINGLES]]
        if not distinct or size[s] != 1:
            continue
        w = _first_word(g, s)
        for u in range(slots):
            if u != s and group[u] == group[s] and _has_word(g, u, w):
                _restrict(g, work, u, DROP_WORD, w, 0, longest)
                if size[u] == 0:
                    wipeouts[u] += 1
                    return u
    return -1


@numba.njit(cache=True, nogil=True)
def _check_nogoods(g, work, nogoods, nogood_at, n_nogoods, longest):
    """The learnt nogoods against the current domains (see ``check_nogoods`` in grid_kernel.c): (dead-end
    slot or -1, words removed)."""
    size = g[2]
    removed = 0
    for n in range(n_nogoods):
        open_at = -1
        idle = False  # a decision failed, or two are open: nothing to do
        for k in range(nogood_at[n], nogood_at[n + 1]):
            s = nogoods[2 * k]
            w = nogoods[2 * k + 1]
            if not _has_word(g, s, w) or (size[s] > 1 and open_at >= 0):
                idle = True
                break
            if size[s] > 1:
                open_at = k
        if idle:
            continue
        if open_at < 0:
            return nogoods[2 * nogood_at[n]], removed
        _restrict(g, work, nogoods[2 * open_at], DROP_WORD, nogoods[2 * open_at + 1], 0, longest)
        removed += 1
    return -1, removed


@numba.njit(cache=True, nogil=True)
def _settle(g, work, distinct, longest, nogoods, nogood_at, n_nogoods):
    """Propagate the queues, then the nogoods, until neither removes a word: the failed slot or -1."""
    while True:
        failed = _propagate_queue(g, work, distinct, longest)
        if failed >= 0 or n_nogoods == 0:
            return failed
        failed, removed = _check_nogoods(g, work, nogoods, nogood_at, n_nogoods, longest)
        if failed >= 0 or removed == 0:
            return failed


@numba.njit(cache=True, nogil=True)
def _promise(g, s, w, longest):
    """How well word ``w`` of slot ``s`` keeps its open crossings alive: the mean over the crossing slots still
    open of log10 of the candidates each keeps with ``w``'s letter at the shared cell, each at most PROMISE_CAP
    (0: no open crossing)."""
    size, support, lengths, letters, letters_at, cross_t, cross_j = g[2], g[3], g[4], g[5], g[6], g[9], g[10]
    length = lengths[s]
    base = letters_at[s] + w * length
    total = 0.0
    open_crossings = 0
    for i in range(length):
        t = cross_t[s * longest + i]
        if t < 0 or size[t] <= 1:
            continue
        count = support[(t * longest + cross_j[s * longest + i]) * 26 + letters[base + i]]
        total += np.log10(float(min(count, PROMISE_CAP)))
        open_crossings += 1
    return total / open_crossings if open_crossings > 0 else 0.0


@numba.njit(cache=True, nogil=True)
def _choose(g, longest):
    """dom/wdeg: the open slot with the fewest candidates per weighted crossing with other open slots."""
    size, lengths, cross_t, cross_id, weights = g[2], g[4], g[9], g[11], g[14]
    best = -1
    best_ratio = 0.0
    for s in range(size.shape[0]):
        if size[s] <= 1:
            continue
        degree = 1.0
        for i in range(lengths[s]):
            t = cross_t[s * longest + i]
            if t >= 0 and size[t] > 1:
                degree += weights[cross_id[s * longest + i]]
        ratio = size[s] / degree
        if best < 0 or ratio < best_ratio:
            best = s
            best_ratio = ratio
    return best


@numba.njit(cache=True, nogil=True)
def _best_value(g, s, keys, key_at, promise, longest):
    """The candidate of slot ``s`` with the highest key (the first in word order among equals): its key plus
    ``promise`` times its promise."""
    live, at = g[0], g[1][s]
    best = -1
    best_key = 0.0
    for k in range((g[7][s] + 63) >> 6):
        x = live[at + k]
        while x:
            w = 64 * k + trailing_zeros(x)
            key = keys[key_at + w]
            if promise > 0.0:
                key += promise * _promise(g, s, w, longest)
            if best < 0 or key > best_key:
                best = w
                best_key = key
            x &= x - _ONE
    return best


@numba.njit(cache=True, nogil=True)
def _grid(live, live_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id, masks,
          mask_at, weights, wipeouts):
    """The grid's arrays as one tuple, the 2-D and 3-D ones flattened."""
    return (live, live_at, size, support.reshape(-1), lengths, letters, letters_at, words, group, cross_t.reshape(-1),
            cross_j.reshape(-1), cross_id.reshape(-1), masks, mask_at.reshape(-1), weights, wipeouts)


@numba.njit(cache=True, nogil=True)
def _work(words, events, singles, trail, n_events, n_singles, n_trail):
    """The working arrays as one tuple (see the module docstring)."""
    flat = trail.reshape(-1)
    counts = np.array([n_events, n_singles, n_trail], np.int64)
    gone = np.zeros(max(1, (int(words.max()) + 63) >> 6), np.uint64)
    return events.reshape(-1), singles, flat, flat.view(np.int32), gone, counts


@numba.njit(cache=True, nogil=True)
def propagate(live, live_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,
              masks, mask_at, weights, wipeouts, distinct, events, n_events, singles, n_singles, trail, n_trail):
    """Process queued letter events and single-word slots until nothing changes. Returns (failed slot or -1,
    n_trail)."""
    g = _grid(live, live_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,
              masks, mask_at, weights, wipeouts)
    work = _work(words, events, singles, trail, n_events, n_singles, n_trail)
    failed = _propagate_queue(g, work, distinct, cross_t.shape[1])
    return failed, work[5][TRAIL]


@numba.njit(cache=True, nogil=True)
def search(live, live_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,
           masks, mask_at, weights, wipeouts, distinct, keys, keys_at, events, singles, trail, stack, cursor,
           node_limit, out, promise, nogoods, nogood_at, n_nogoods):
    """Depth-first search from the state in the arrays; resumable through ``stack`` and ``cursor``
    (``cursor`` = [depth, trail length, nodes, resume-by-backtracking flag]), pruned by the first
    ``n_nogoods`` learnt nogoods (``nogoods[nogood_at[n]:nogood_at[n + 1]]``: (slot, word) decisions).

    Returns OUT_FULL with a fill's word per slot in ``out`` (call again to continue after it), DONE when the
    space is exhausted, NODE_LIMIT once ``cursor[2]`` reaches ``node_limit``."""
    g = _grid(live, live_at, size, support, lengths, letters, letters_at, words, group, cross_t, cross_j, cross_id,
              masks, mask_at, weights, wipeouts)
    work = _work(words, events, singles, trail, 0, 0, cursor[1])
    counts = work[5]
    longest = cross_t.shape[1]
    flat_nogoods = nogoods.reshape(-1)
    depth = cursor[0]
    nodes = cursor[2]
    failing = cursor[3] == 1
    slots = size.shape[0]
    if depth == 0 and not failing and n_nogoods > 0:
        # the root: what the nogoods remove before any decision
        if _settle(g, work, distinct, longest, flat_nogoods, nogood_at, n_nogoods) >= 0:
            cursor[1], cursor[3] = counts[TRAIL], 0
            return DONE
    while True:
        if failing:
            # backtrack: the deepest decision still on its left branch flips to its right branch
            failing = False
            flipped = False
            while depth > 0:
                top = depth - 1
                _undo(g, work, stack[top, 2], longest)
                if stack[top, 3] == 1:
                    depth -= 1
                    continue
                stack[top, 3] = 1
                s = stack[top, 0]
                counts[EVENTS] = 0
                counts[SINGLES] = 0
                _restrict(g, work, s, DROP_WORD, stack[top, 1], 0, longest)
                failed = size[s] == 0
                if not failed:
                    failed = _settle(g, work, distinct, longest, flat_nogoods, nogood_at, n_nogoods) >= 0
                if failed:
                    _undo(g, work, stack[top, 2], longest)
                    depth -= 1
                    continue
                flipped = True
                break
            if not flipped:
                cursor[0], cursor[1], cursor[2], cursor[3] = depth, counts[TRAIL], nodes, 0
                return DONE
        s = _choose(g, longest)
        if s < 0:
            for u in range(slots):
                out[u] = _first_word(g, u)
            cursor[0], cursor[1], cursor[2], cursor[3] = depth, counts[TRAIL], nodes, 1
            return OUT_FULL
        if nodes >= node_limit:
            cursor[0], cursor[1], cursor[2], cursor[3] = depth, counts[TRAIL], nodes, 0
            return NODE_LIMIT
        nodes += 1
        best = _best_value(g, s, keys, keys_at[s], promise, longest)
        stack[depth, 0] = s
        stack[depth, 1] = best
        stack[depth, 2] = counts[TRAIL]
        stack[depth, 3] = 0
        depth += 1
        counts[EVENTS] = 0
        counts[SINGLES] = 0
        _restrict(g, work, s, KEEP_WORD, best, 0, longest)
        failing = _settle(g, work, distinct, longest, flat_nogoods, nogood_at, n_nogoods) >= 0
