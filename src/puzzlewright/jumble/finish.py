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

Two more functions serve the levels above: ``jumble_fitting`` (:func:`fitting_rows`), which of a slot's
words fit the letters left, by their packed counts; and ``jumble_level`` (:class:`Level`), a level's loop
over its words, each a node (no more than the budget has left), narrowing the deeper slots' words by the
letters it leaves and coming back to Python only with a word to descend into.
"""

from __future__ import annotations

import ctypes
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from puzzlewright.jumble.anagrams import HASH_WEIGHTS
from puzzlewright.native import OUT_FULL

if TYPE_CHECKING:
    from puzzlewright.jumble.answers import SlotWords

KERNEL_SOURCE = "finish_kernel.c"
BELOW_BAR = 3  # finish_kernel.c's code: the chunk's best pair cannot beat the bar
CAPACITY = 64  # candidates a call has room for at first (a call that finds more is made again with room)
NO_ROWS = np.zeros(0, np.int64)
NO_LIMIT = 1 << 62  # the nodes left of a budget without a node limit
Found = tuple[int, int, list[list[int]], list[float]]  # (why, nodes to spend, candidates' rows, their bounds)


class View(NamedTuple):
    """A slot's arrays as ``finish_kernel.c`` reads them: their addresses and sizes (``fields``, int64, in
    the order of its field enum) and where that array is. The arrays must live as long as the view, which
    :class:`SlotWords` caches beside them."""

    fields: np.ndarray
    address: int


def view(fields: list[int]) -> View:
    """A :class:`View` of ``fields``."""
    array = np.array(fields, np.int64)
    return View(array, address(array))


def addresses(arrays: tuple[np.ndarray, ...], dtypes: tuple[type, ...]) -> list[int]:
    """Where each array's items start, each checked to be C-ordered and of its dtype (the C build reads them
    as such: a wrong one must fail here rather than be misread)."""
    for array, dtype in zip(arrays, dtypes):
        if array.dtype != dtype or not array.flags.c_contiguous:
            raise TypeError(f"the Jumble answer kernel needs C-ordered {np.dtype(dtype).name} arrays")
    return list(map(address, arrays))


def words_view(slot: SlotWords) -> View:
    """A slot's score bounds, needs' hashes and needs, as ``finish_kernel.c`` reads a slot before the last
    (the first fields of a view): a ranked slot's (its bounds set)."""
    assert slot.bounds is not None
    return view(addresses((slot.bounds, slot.need_keys, slot.needs), (np.float64, np.int64, np.int16)))


def last_view(slot: SlotWords) -> View:
    """:func:`words_view` and the slot's hash look-up, as ``finish_kernel.c`` reads the last slot."""
    hashes, starts, partners = slot.need_groups
    table, hashes_at, starts_at, partners_at = addresses((slot.hash_table, hashes, starts, partners),
                                                         (np.int32, np.int64, np.int64, np.int64))
    return view([*slot.kernel_words.fields, table, len(slot.hash_table), hashes_at, len(hashes), starts_at,
                 partners_at])


def packed_view(slot: SlotWords) -> tuple[int, int]:
    """Where a slot's packed needs (``SlotWords.packed_needs``: a-p, q-z) are, for ``jumble_fitting``."""
    assert slot.packed_needs is not None
    low, high = addresses(slot.packed_needs, (np.uint64, np.uint64))
    return low, high


class _CKernel:
    """The C build, called as :class:`_NumbaKernel` is."""

    def __init__(self, library: ctypes.CDLL):
        int64, uint64, double, pointer = ctypes.c_int64, ctypes.c_uint64, ctypes.c_double, ctypes.c_void_p
        self.c_finish = library.jumble_finish
        self.c_finish.restype = None
        self.c_finish.argtypes = [int64, *[pointer] * 4, int64, pointer, int64, pointer, pointer, double, double,
                                  int64, pointer, pointer, int64, pointer]
        self.c_fitting = library.jumble_fitting
        self.c_fitting.restype = int64
        self.c_fitting.argtypes = [pointer, pointer, pointer, int64, *[uint64] * 4, pointer]
        self.c_level = library.jumble_level
        self.c_level.restype = None
        self.c_level.argtypes = [pointer, int64, int64, *[pointer] * 3, *[uint64] * 4, *[double] * 3, int64, int64,
                                 pointer, pointer]
        self.weights_array = np.array(HASH_WEIGHTS, np.int64)  # kept alive: the C build reads it
        self.weights = address(self.weights_array)

    def finish(self, prefix: int, first: SlotWords, second: SlotWords, last: SlotWords, rows1: np.ndarray,
               rows2: np.ndarray, counts: np.ndarray, value: float, floor: float, best_row: int, out: np.ndarray,
               out_bound: np.ndarray, result: np.ndarray) -> None:
        if counts.dtype != np.int16 or rows1.dtype != np.int64 or rows2.dtype != np.int64 or len(counts) != 26:
            raise TypeError("the Jumble answer kernel needs 26 int16 counts and int64 rows")
        self.c_finish(prefix, first.kernel_words.address, second.kernel_words.address, last.kernel_last.address,
                      address(rows1), len(rows1), address(rows2), len(rows2), address(counts), self.weights, value,
                      floor, best_row, address(out), address(out_bound), len(out_bound), address(result))

    def fitting(self, slot: SlotWords, rows: np.ndarray | None, pool: tuple[int, int], guards: tuple[int, int],
                out: np.ndarray) -> int:
        if rows is not None and rows.dtype != np.int64:
            raise TypeError("the Jumble answer kernel needs int64 rows")
        low, high = slot.kernel_packed
        return int(self.c_fitting(low, high, None if rows is None else address(rows), len(out), *pool, *guards,
                                  address(out)))


    def level(self, level: Level, start: int, floor: float, nodes_left: int) -> None:
        if level.deeper_fields is None:  # once a level: its deeper slots' arrays do not change
            level.deeper_fields = view([field for slot, rows, out in zip(level.deeper, level.deeper_rows, level.outs)
                                        for field in (*slot.kernel_packed, slot.kernel_words.fields[0], address(rows),
                                                      len(rows), address(out))])
        low, high = level.slot.kernel_packed
        self.c_level(address(level.rows), len(level.rows), start, int(level.slot.kernel_words.fields[0]), low, high,
                     *level.pool, *level.guards, level.value, level.rest, floor, nodes_left, len(level.deeper),
                     level.deeper_fields.address, address(level.result))


def address(array: np.ndarray) -> int:
    """Where a C-contiguous, writable numpy array's items start (0 for an empty one), for C: five times
    quicker than ``array.ctypes.data``, and a non-contiguous array is refused (BufferError)."""
    return ctypes.addressof(ctypes.c_char.from_buffer(array)) if len(array) else 0  # type: ignore[arg-type]


class _NumbaKernel:
    """The numba build, given the arrays the C build reads through the slots' views."""

    @staticmethod
    def level(level: Level, start: int, floor: float, nodes_left: int) -> None:
        from puzzlewright.jumble import finish_numba

        def packed(slot: SlotWords) -> tuple[np.ndarray, np.ndarray]:
            assert slot.packed_needs is not None
            return slot.packed_needs

        lows, highs = zip(*map(packed, level.deeper))
        low, high = packed(level.slot)
        finish_numba.level(level.rows, start, level.slot.bounds, low, high,  # type: ignore[call-arg]
                           *map(np.uint64, (*level.pool, *level.guards)), float(level.value), float(level.rest),
                           float(floor), nodes_left, tuple(lows), tuple(highs),
                           tuple(slot.bounds for slot in level.deeper), tuple(level.deeper_rows), tuple(level.outs),
                           level.result)

    @staticmethod
    def finish(prefix: int, first: SlotWords, second: SlotWords, last: SlotWords, rows1: np.ndarray,
               rows2: np.ndarray, counts: np.ndarray, value: float, floor: float, best_row: int, out: np.ndarray,
               out_bound: np.ndarray, result: np.ndarray) -> None:
        from puzzlewright.jumble import finish_numba

        def words(slot: SlotWords) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            assert slot.bounds is not None
            return slot.bounds, slot.need_keys, slot.needs

        hashes, starts, partners = last.need_groups
        finish_numba.finish(prefix, words(first), words(second), words(last),
                            (last.hash_table, hashes, starts, partners), rows1, rows2, counts, HASH_WEIGHTS,
                            float(value), float(floor), best_row, out, out_bound, result)

    @staticmethod
    def fitting(slot: SlotWords, rows: np.ndarray | None, pool: tuple[int, int], guards: tuple[int, int],
                out: np.ndarray) -> int:
        from puzzlewright.jumble import finish_numba

        assert slot.packed_needs is not None
        words = slot.packed_needs
        return int(finish_numba.fitting(words[0], words[1], NO_ROWS if rows is None else rows,  # type: ignore[call-arg]
                                        rows is None, *map(np.uint64, (*pool, *guards)), out))


Kernel = _CKernel | _NumbaKernel


@cache
def _backend() -> Kernel:
    """The C build when it can be compiled here, else the numba build."""
    from puzzlewright.native import c_library

    library = c_library("puzzlewright.jumble", KERNEL_SOURCE, "Jumble answer kernel")
    return _NumbaKernel() if library is None else _CKernel(library)


class Level:
    """One level of the answer search above its last three slots, compiled (``jumble_level``): the level's
    slot and its fitting rows (best first), the deeper slots and theirs, the letters left (packed, exact, by
    ``answers.packed_pool``, ``guards`` its guard bits), the score so far and the deeper slots' best bounds'
    sum (``rest``). :meth:`next` finds the next row to descend into, and the deeper slots' rows it leaves."""

    def __init__(self, slot: SlotWords, rows: np.ndarray, deeper: list[SlotWords], deeper_rows: list[np.ndarray],
                 pool: tuple[int, int], guards: tuple[int, int], value: float, rest: float):
        self.slot, self.rows, self.deeper, self.deeper_rows = slot, rows, deeper, deeper_rows
        self.pool, self.guards, self.value, self.rest = pool, guards, value, rest
        self.outs = [np.empty(len(r), np.int64) for r in deeper_rows]
        self.result = np.empty(3 + len(deeper), np.int64)
        self.deeper_fields: View | None = None  # the C build's view of the deeper slots, made on its first call

    def next(self, start: int, floor: float, nodes_left: int | None) -> tuple[int, int, int, list[np.ndarray]]:
        """From the ``start``-th row on, with the bar at ``floor`` and ``nodes_left`` nodes (None: no limit):
        (DONE: the level is done, NODE_LIMIT: the nodes ran out, or OUT_FULL: a row to descend into; that
        row's position; the nodes spent, one a row tried; each deeper slot's rows that fit the letters the
        row leaves). The rows are only valid until the next call."""
        _backend().level(self, start, floor, NO_LIMIT if nodes_left is None else nodes_left)
        why, position, spent, *kept = self.result.tolist()
        return why, position, spent, [out[:n] for out, n in zip(self.outs, kept)] if why == OUT_FULL else []


def fitting_rows(slot: SlotWords, rows: np.ndarray | None, pool: tuple[int, int], guards: tuple[int, int]
                 ) -> np.ndarray:
    """Those of ``rows`` (all, for None) of a slot whose needs, packed as two uint64 arrays
    (:attr:`SlotWords.packed_needs`), fit in ``pool`` (packed by ``answers.packed_pool``, ``guards`` its
    guard bits), in order: a word fits when taking its fields from the pool's leaves every guard bit set
    (``jumble_fitting``)."""
    out = np.empty(len(slot.words) if rows is None else len(rows), np.int64)
    return out[:_backend().fitting(slot, rows, pool, guards, out)]


def candidates(first: SlotWords | None, second: SlotWords | None, last: SlotWords, rows1: np.ndarray,
               rows2: np.ndarray, counts: np.ndarray, value: float, floor: float, best_row: int) -> Found:
    """The last slots' candidate fills (see the module's docstring): ``first`` and ``second`` the slots
    before the last (None where fewer slots are open), ``rows1`` their first's fitting rows (a chunk of
    them for three slots) and ``rows2`` the second's, ``counts`` the 26 letter counts left (int16),
    ``best_row`` the last slot's best fitting row. Returns (BELOW_BAR or DONE, the nodes tried, each
    candidate's rows [first, second, last] with -1 for a slot not there, each candidate's score bound)."""
    prefix = (first is not None) + (second is not None)
    backend = _backend().finish
    capacity = CAPACITY
    while True:
        out = np.empty((capacity + 1, 3), np.int64)  # the result first, then the candidates
        out_bound = np.empty(capacity)
        backend(prefix, first or last, second or last, last, rows1, rows2, counts, value, floor, best_row, out[1:],
                out_bound, out[0])
        why, spent, found = out[0].tolist()
        if why != OUT_FULL:
            return why, spent, out[1:found + 1].tolist(), out_bound[:found].tolist()
        capacity = found  # the same call again, with room for all it found
