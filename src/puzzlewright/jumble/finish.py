"""The answer search's last slots, compiled: the candidate fills of the last one, two or three open slots
of a pool, by ``jumble_finish`` in ``finish_kernel.c`` (built once per machine by
:mod:`puzzlewright.native`, loaded with ctypes), or by its numba twin (:mod:`.finish_numba`) where there
is no C compiler or with ``PUZZLEWRIGHT_KERNEL=numba``. Both take the same steps; numba is imported only
for the fallback (it costs a process over a second).

What the kernel does, for the last ``prefix + 1`` slots (``prefix`` 0, 1 or 2), with the letters left and
the score bound so far (``value``), against the caller's bar (``floor``):

* three slots: the pairs of the first two slots' words whose bounds (with the last slot's best) can beat
  the bar, in the corner of the chunk of the first slot's rows where they lie (both slots are best
  first: the rows whose pair with the second slot's best passes, and the columns that pass with the
  chunk's best row), row by row; or BELOW_BAR when even the chunk's best pair cannot (nor can a later
  chunk);
* two slots: the first slot's words whose bound can beat it with the last slot's best;
* then, for each (and for the one slot's case, the letters left as they are), the last slot's words
  that take exactly the letters left: the letters' hash (:func:`~.anagrams.count_hash`, linear: the
  pool's less the words' needs) looked up in the last slot's table of hash groups, a group kept when its
  best word's bound can beat the bar, its words tried best first until one's cannot, each confirmed by
  its 26 counts.

It returns the pairs (or words) it tried, which the caller spends from its budget as nodes, and the
candidate fills with their score bounds, all with the bar as it was at the call. The caller yields a
candidate only while its bound still beats the bar, which rises with the answers it is given; as the
bar only rises and a group's bounds only fall, that yields exactly the fills a search reading the bar
afresh for every word would (see :meth:`.answers.AnswerSearch._finish`). Scores are doubles summed in
the Python search's order, so the same fills pass to the last bit.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from puzzlewright.jumble.anagrams import HASH_WEIGHTS
from puzzlewright.native import OUT_FULL

if TYPE_CHECKING:
    from puzzlewright.jumble.answers import SlotWords

KERNEL_SOURCE = "finish_kernel.c"
BELOW_BAR = 3  # finish_kernel.c's code: the chunk's best pair cannot beat the bar
CAPACITY = 64  # candidates a call has room for at first (a call that finds more is made again with room)
Found = tuple[int, int, list[list[int]], list[float]]  # (why, nodes to spend, candidates' rows, their bounds)


def slot_view(slot: SlotWords) -> np.ndarray:
    """The addresses and sizes of a slot's arrays, as ``finish_kernel.c`` reads them (its field enum): the
    arrays must live as long as the view, which :class:`SlotWords` caches beside them."""
    hashes, starts, partners = slot.need_groups
    arrays = (slot.bounds, slot.need_keys, slot.needs, slot.hash_table)
    for array, dtype in zip(arrays, (np.float64, np.int64, np.int16, np.int32)):
        if array.dtype != dtype or not array.flags.c_contiguous:
            raise TypeError(f"the Jumble answer kernel needs C-ordered {np.dtype(dtype).name} arrays")
    bounds, keys, needs, table = (array.ctypes.data for array in arrays)
    return np.array([bounds, keys, needs, table, len(slot.hash_table), hashes.ctypes.data, len(hashes),
                     starts.ctypes.data, partners.ctypes.data], np.int64)


class _CKernel:
    """The C build, called as :func:`_numba_finish` is."""

    def __init__(self, library: ctypes.CDLL):
        int64, double, pointer = ctypes.c_int64, ctypes.c_double, ctypes.c_void_p
        self.c_finish = library.jumble_finish
        self.c_finish.restype = None
        self.c_finish.argtypes = [int64, *[pointer] * 4, int64, pointer, int64, pointer, pointer, double, double,
                                  int64, pointer, pointer, int64, pointer]
        self.weights = np.ascontiguousarray(HASH_WEIGHTS, np.int64)

    def finish(self, prefix: int, first: SlotWords, second: SlotWords, last: SlotWords, rows1: np.ndarray,
               rows2: np.ndarray, counts: np.ndarray, value: float, floor: float, best_row: int, out: np.ndarray,
               out_bound: np.ndarray, result: np.ndarray) -> None:
        if counts.dtype != np.int16 or rows1.dtype != np.int64 or rows2.dtype != np.int64:
            raise TypeError("the Jumble answer kernel needs int16 counts and int64 rows")
        self.c_finish(prefix, first.kernel_view.ctypes.data, second.kernel_view.ctypes.data,
                      last.kernel_view.ctypes.data, rows1.ctypes.data, len(rows1), rows2.ctypes.data, len(rows2),
                      np.ascontiguousarray(counts).ctypes.data, self.weights.ctypes.data, value, floor, best_row,
                      out.ctypes.data, out_bound.ctypes.data, len(out_bound), result.ctypes.data)


def _numba_finish(prefix: int, first: SlotWords, second: SlotWords, last: SlotWords, rows1: np.ndarray,
                  rows2: np.ndarray, counts: np.ndarray, value: float, floor: float, best_row: int, out: np.ndarray,
                  out_bound: np.ndarray, result: np.ndarray) -> None:
    """The numba build, given the arrays the C build reads through the slots' views."""
    from puzzlewright.jumble import finish_numba

    def words(slot: SlotWords) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return slot.bounds, slot.need_keys, slot.needs

    hashes, starts, partners = last.need_groups
    finish_numba.finish(prefix, words(first), words(second), words(last), (last.hash_table, hashes, starts, partners),
                        rows1, rows2, counts, HASH_WEIGHTS, float(value), float(floor), best_row, out, out_bound,
                        result)


Backend = Callable[..., None]


@cache
def _backend() -> Backend:
    """The C build's ``finish`` when it can be compiled here, else the numba build's."""
    from puzzlewright.native import c_library

    library = c_library("puzzlewright.jumble", KERNEL_SOURCE, "Jumble answer kernel")
    return _numba_finish if library is None else _CKernel(library).finish


NO_ROWS = np.zeros(0, np.int64)


def candidates(first: SlotWords | None, second: SlotWords | None, last: SlotWords, rows1: np.ndarray,
               rows2: np.ndarray, counts: np.ndarray, value: float, floor: float, best_row: int) -> Found:
    """The last slots' candidate fills (see the module's docstring): ``first`` and ``second`` the slots
    before the last (None where fewer slots are open), ``rows1`` their first's fitting rows (a chunk of
    them for three slots) and ``rows2`` the second's, ``counts`` the 26 letter counts left (int16),
    ``best_row`` the last slot's best fitting row. Returns (BELOW_BAR or DONE, the nodes tried, each
    candidate's rows [first, second, last] with -1 for a slot not there, each candidate's score bound)."""
    prefix = (first is not None) + (second is not None)
    backend = _backend()
    capacity = CAPACITY
    while True:
        out = np.empty((capacity, 3), np.int64)
        out_bound = np.empty(capacity)
        result = np.zeros(3, np.int64)
        backend(prefix, first or last, second or last, last, rows1, rows2, counts, value, floor, best_row, out,
                out_bound, result)
        why, spent, found = result.tolist()
        if why != OUT_FULL:
            return why, spent, out[:found].tolist(), out_bound[:found].tolist()
        capacity = found  # the same call again, with room for all it found
