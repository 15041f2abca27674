"""The compiled search behind :mod:`puzzlewright.grid.filler`: arc consistency by letter supports, dom/wdeg,
two-way branching, all in arrays so that a run can stop (node limit, a fill found) and resume.

State, per slot ``s`` (its words are the dictionary's words of its length, numbered 0..K-1):

* ``live[live_at[s]:]``: its candidates as a bitset (:func:`blocks` uint64 blocks, word ``w`` bit ``w % 64``
  of block ``w // 64``); ``size[s]`` how many are;
* ``masks``: static, per length, position ``i`` and letter ``c``, the bitset of the words with ``c`` at ``i``
  (:func:`letter_masks`; slot ``s``'s for ``i`` start at ``mask_at[s, i]``, one letter after another);
* ``support[s, i, c]``: how many candidates have letter ``c`` at position ``i``. When it drops to zero and
  position ``i`` crosses slot ``t`` at its position ``j``, the candidates of ``t`` with ``c`` at ``j`` go:
  ``t``'s blocks AND NOT the mask, a pass over blocks rather than a walk over words, and a letter already
  gone there costs nothing (its support says so). This keeps every crossing arc consistent (AC-4 style
  supports, rather than re-scanning domains as AC-3 does); the removed words' letters come off the
  supports in word order, so the letters that lose their last candidate are queued in the order a
  word-by-word removal queues them, and the search (its dead ends, hence its crossing weights) does not
  depend on the representation;
* a slot left with one word removes that word from every other slot of its length (no repeats);
* every change goes on a trail: the blocks a restriction changed (their old bits), the size, and, for a
  restriction that removes more words than the slot's supports take entries, the supports themselves.
  Backtracking restores them in reverse order; a restored block whose supports were not saved puts its
  words' letters back one by one.

Variable choice is dom/wdeg (fewest candidates per weighted open crossing; a crossing's weight counts the
wipeouts it caused and persists across restarts); the value is the candidate with the highest key: its
score plus noise (from Python) plus ``promise`` times the mean over its open crossing slots of log10 of the
candidates each keeps with its letter at the shared cell (each capped at :data:`PROMISE_CAP`): the log of
the product of its crossings' supports, the least-constraining value, so that of two good words the one
that leaves its crossings the most room goes first. Branching: ``s = w``, then on failure ``s != w``.

Nogoods learnt at restarts (:mod:`puzzlewright.grid.filler` records them from the stack a run stopped
with): sets of decisions ``slot = word`` that together leave no fill. After the letter propagation settles,
a nogood whose decisions all hold (each slot has that word alone) is a dead end, and one with all but one
holding removes the last one's word from its slot; then the propagation runs again. A nogood is a fact about
the grid and the word list, not about the run that found it, so a run that ends pruned by them has still
covered every possibility.

The search is C (``grid_kernel.c``, compiled once per machine by :mod:`puzzlewright.native`), so a process
fills its first grid without numba's 1-3 s start and ~120 MB of LLVM; the numba build
(:mod:`puzzlewright.grid.kernel_numba`) is the fallback. Both take the same arrays, in the same order.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

PROMISE_CAP = 1000  # a crossing keeping this many candidates or more is as good as any (grid_kernel.c's too)
KERNEL_SOURCE = "grid_kernel.c"
_GRID_ARRAYS = 16  # live .. wipeouts: the arrays before ``distinct`` in both builds' argument lists
# live and the letter masks are uint64 bitsets, support int32, letters bytes, weights doubles, the rest int64
_GRID_TYPES = (np.uint64, np.int64, np.int64, np.int32, np.int64, np.uint8, *(np.int64,) * 6, np.uint64, np.int64,
               np.float64, np.int64)


def _pointer(array: np.ndarray, dtype: type = np.int64) -> ctypes.c_void_p:
    """The buffer of a C-ordered numpy array of ``dtype``, for the C kernel (which reads and writes it in
    place, so a wrong type or layout must fail here rather than corrupt memory)."""
    if array.dtype != dtype or not array.flags.c_contiguous:
        raise TypeError(f"the grid kernel needs C-ordered {np.dtype(dtype).name} arrays, not {array.dtype}")
    return ctypes.c_void_p(array.ctypes.data)


class _CKernel:
    """The C build, called with the numba build's arguments (ctypes releases the GIL meanwhile)."""

    def __init__(self, library: ctypes.CDLL):
        self.c_propagate = library.grid_propagate
        self.c_propagate.restype = None
        self.c_search = library.grid_search
        self.c_search.restype = ctypes.c_int64

    @staticmethod
    def _grid(arrays: tuple[Any, ...]) -> list[Any]:
        """The shared leading arguments: the grid's arrays, then ``distinct``, the slot count and the
        longest slot (the C code indexes the 2-D and 3-D arrays by hand)."""
        cross_t = arrays[9]
        return [*map(_pointer, arrays[:_GRID_ARRAYS], _GRID_TYPES), ctypes.c_int64(int(arrays[_GRID_ARRAYS])),
                ctypes.c_int64(cross_t.shape[0]), ctypes.c_int64(cross_t.shape[1])]

    def propagate(self, *arguments: Any) -> tuple[int, int]:
        grid = self._grid(arguments)
        events, n_events, singles, n_singles, trail, n_trail = arguments[_GRID_ARRAYS + 1:]
        result = np.zeros(2, np.int64)
        self.c_propagate(*grid, _pointer(events), ctypes.c_int64(n_events), _pointer(singles),
                         ctypes.c_int64(n_singles), _pointer(trail), ctypes.c_int64(n_trail), _pointer(result))
        return int(result[0]), int(result[1])

    def search(self, *arguments: Any) -> int:
        grid = self._grid(arguments)
        (keys, keys_at, events, singles, trail, stack, cursor, node_limit, out, promise, nogoods, nogood_at,
         n_nogoods) = arguments[_GRID_ARRAYS + 1:]
        buffers = [_pointer(keys, np.float64), *map(_pointer, (keys_at, events, singles, trail, stack, cursor))]
        return int(self.c_search(*grid, *buffers, ctypes.c_int64(node_limit), _pointer(out), ctypes.c_double(promise),
                                 _pointer(nogoods), _pointer(nogood_at), ctypes.c_int64(n_nogoods)))


@cache
def _backend() -> tuple[Callable[..., tuple[int, int]], Callable[..., int]]:
    """(propagate, search) of the C build when it can be compiled here, else of the numba build."""
    from puzzlewright.native import c_library

    library = c_library("puzzlewright.grid", KERNEL_SOURCE, "grid kernel")
    if library is not None:
        kernel = _CKernel(library)
        return kernel.propagate, kernel.search
    from puzzlewright.grid import kernel_numba

    return kernel_numba.propagate, kernel_numba.search


def propagate(*arguments: Any) -> tuple[int, int]:
    """Process the queued letter events and single-word slots until nothing changes: ``(failed slot or -1,
    trail length)``. Arguments: the grid's arrays, ``distinct``, then ``events, n_events, singles,
    n_singles, trail, n_trail``."""
    return _backend()[0](*arguments)


def search(*arguments: Any) -> int:
    """Depth-first search from the state in the arrays, resumable through ``stack`` and ``cursor``
    (``cursor`` = [depth, trail length, nodes, resume-by-backtracking flag]). Arguments: the grid's arrays,
    ``distinct``, then ``keys, keys_at, events, singles, trail, stack, cursor, node_limit, out, promise,
    nogoods, nogood_at, n_nogoods`` (the first ``n_nogoods`` learnt nogoods, nogood ``n`` being the (slot,
    word) rows ``nogoods[nogood_at[n]:nogood_at[n + 1]]``).

    Returns OUT_FULL with a fill's word per slot in ``out`` (call again to continue after it), DONE when the
    space is exhausted, NODE_LIMIT once ``cursor[2]`` reaches ``node_limit``."""
    return _backend()[1](*arguments)


def blocks(words: int) -> int:
    """The 64-bit blocks of a bitset over ``words`` words."""
    return (words + 63) // 64


def bitsets(rows: np.ndarray) -> np.ndarray:
    """Boolean rows (any leading shape, words last) as bitsets: uint64 blocks, word ``w`` bit ``w % 64`` of
    block ``w // 64``."""
    padded = np.zeros((*rows.shape[:-1], blocks(rows.shape[-1]) * 64), bool)
    padded[..., :rows.shape[-1]] = rows
    return np.packbits(padded, axis=-1, bitorder="little").view("<u8").astype(np.uint64)


def letter_masks(letters: np.ndarray) -> np.ndarray:
    """For words of one length (words x length letters): the bitset of the words with letter ``c`` at
    position ``i``, as ``masks[i, c]`` (length x 26 x blocks)."""
    return bitsets(letters.T[:, None, :] == np.arange(26, dtype=letters.dtype)[None, :, None])
