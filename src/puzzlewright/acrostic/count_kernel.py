"""The C counting kernel's Python side, without numpy: ``acrostic count`` over a built-in dictionary then
starts counting as soon as the interpreter and the word list are loaded (importing numpy alone was a third
of a small count's time, end to end).

:class:`CountTables` hands the N-letter words' letters to ``count_tables`` in ``square_kernel.c``, which
builds the packed trie and the per-word tables itself; :class:`CountSearch` runs ``square_count`` (whole
words row by row, candidates from bitset intersections, a row-below lookahead in the last rows: the same
squares in the same order as the cell-by-cell :class:`~puzzlewright.acrostic.kernel.SquareSearch`). Buffers
are :class:`array.array` objects handed to C by address; a search's state is snapshotted as their bytes.
"""

from __future__ import annotations

import base64
import ctypes
import zlib
from array import array
from functools import lru_cache
from typing import Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.native import DONE

KERNEL_SOURCE = "square_kernel.c"
SHALLOW_TABLE_BYTES = 32 << 20  # the per-prefix candidate bitsets of depth-2 prefixes, when they fit in this
_LETTER_NUMBERS = bytes.maketrans(b"abcdefghijklmnopqrstuvwxyz", bytes(range(26)))


class CountKernel:
    """The counting functions of the compiled square kernel, with their ctypes signatures."""

    def __init__(self, library: ctypes.CDLL):
        int64, pointer = ctypes.c_int64, ctypes.c_void_p
        self.count = library.square_count
        self.count.restype = None
        self.count.argtypes = [int64, int64, *[pointer] * 4, int64, pointer, *[int64] * 4, *[pointer] * 3,
                               int64, int64, pointer]
        self.levels = library.count_trie_levels
        self.levels.restype = None
        self.levels.argtypes = [int64, int64, pointer, pointer]
        self.tables = library.count_tables
        self.tables.restype = None
        self.tables.argtypes = [*[int64] * 2, pointer, *[int64] * 3, *[pointer] * 4]
        self.state_words = library.count_state_words
        self.state_words.restype = int64
        self.state_words.argtypes = [int64]


@lru_cache(maxsize=1)
def count_kernel() -> CountKernel | None:
    """The loaded counting kernel, or None where it cannot be used (no C compiler, or
    ``PUZZLEWRIGHT_KERNEL=numba``: counts then run the cell-by-cell search)."""
    from puzzlewright.native import c_library

    library = c_library("puzzlewright.acrostic", KERNEL_SOURCE, "square kernel")
    return None if library is None else CountKernel(library)


def zeros(typecode: str, length: int) -> array:
    """An :class:`array.array` of ``length`` zeros."""
    return array(typecode, [0]) * length


def address(buffer: array) -> int:
    """Where an array's items start, for C."""
    return buffer.buffer_info()[0]


class CountTables:
    """What the counting kernel reads about one list of N-letter words (built once per list, see
    :func:`count_tables_of`): each word's letters, the trie as (mask, first child) per node packed in one
    uint64 each (nodes numbered depth by depth in sorted order, so word w is node ``len(nodes) - n + w``),
    per-letter word bitsets and, for prefixes of up to two letters, the bitset of words each column prefix
    allows. ``words`` must be sorted and distinct, all of one length, of letters a-z."""

    def __init__(self, kernel: CountKernel, words: tuple[str, ...]):
        self.words = words
        self.n = len(words)
        self.size = len(words[0])
        self.letters = "".join(words).encode("ascii").translate(_LETTER_NUMBERS)
        levels = zeros("q", self.size)
        kernel.levels(self.size, self.n, self.letters, address(levels))
        blocks = (self.n + 63) // 64
        self.shallow = _shallow_nodes(levels, blocks * 8 * self.size)
        self.nodes = zeros("Q", 1 + sum(levels))
        self.bits = zeros("Q", self.size * 26 * blocks)
        self.allowed = zeros("Q", self.shallow * self.size * blocks)
        self.skip = zeros("i", self.size * self.n)
        kernel.tables(self.size, self.n, self.letters, len(self.nodes), blocks, self.shallow, address(self.nodes),
                      address(self.bits), address(self.allowed), address(self.skip))
        # the kernel's first arguments, the same for every search over these words
        self.arguments = (self.size, self.n, self.letters, address(self.nodes), address(self.bits),
                          address(self.allowed), self.shallow, address(self.skip))


def _shallow_nodes(levels: array, bytes_per_node: int) -> int:
    """How many trie nodes (the root, then depth 1, then depth 2: they are numbered depth by depth) get a
    precomputed candidate bitset: up to depth 2 when that fits in SHALLOW_TABLE_BYTES, else depth 1."""
    depth_one, depth_two = levels[0], levels[1] if len(levels) > 1 else 0
    if (1 + depth_one + depth_two) * bytes_per_node <= SHALLOW_TABLE_BYTES:
        return 1 + depth_one + depth_two
    return 1 + depth_one


TABLES_KEPT = 8  # word lists whose tables stay built (most recently used first)
_BUILT: list[CountTables] = []


def count_tables_of(words: tuple[str, ...]) -> CountTables | None:
    """The counting kernel's tables for ``words`` (sorted, distinct, of one length), or None without the C
    kernel. The tables of the last :data:`TABLES_KEPT` lists are kept, found by the list's identity
    first (every partition of a count asks: hashing thousands of words each time cost more than the
    look-up of the tables it found), else by equal words."""
    if not words:
        raise PuzzleInputError("there are no words to count squares of")
    for position, tables in enumerate(_BUILT):
        if tables.words is words or tables.words == words:
            _BUILT.insert(0, _BUILT.pop(position))
            return tables
    kernel = count_kernel()
    if kernel is None:
        return None
    _BUILT.insert(0, CountTables(kernel, words))
    del _BUILT[TABLES_KEPT:]
    return _BUILT[0]


class CountSearch:
    """A resumable count of the squares whose first row is one of the words ``lo``..``hi - 1`` (indexes into
    the sorted words), run by the C counting kernel (see ``square_count`` in ``square_kernel.c``): the
    same squares, in the same order, as :class:`~puzzlewright.acrostic.kernel.SquareSearch` finds for a
    first-row prefix. :meth:`run` or :meth:`count` advance it; :attr:`done` and :attr:`nodes` (words placed
    plus row-below prefixes extended) say how far it got; :meth:`snapshot` and :meth:`restore` carry it
    across processes."""

    def __init__(self, tables: CountTables, lo: int, hi: int, *, double: bool = False, canonical: bool = False):
        kernel = count_kernel()
        assert kernel is not None, "CountSearch needs the C kernel"
        self.kernel = kernel
        self.tables = tables
        self.size = tables.size
        self.range = (lo, hi)
        self.flags = (int(double), int(canonical))
        self.state = zeros("i", kernel.state_words(self.size))
        self.candidates = zeros("Q", self.size * 2 * ((tables.n + 63) // 64))
        self.nodes = 0
        self.done = lo >= hi

    def run(self, max_nodes: int, capacity: int = 1024) -> list[tuple[int, ...]]:
        """Advance by at most about ``max_nodes`` nodes or ``capacity`` squares; return the squares found
        meanwhile, each as its rows' word indexes."""
        found, out = self._call(max_nodes, capacity)
        size = self.size
        return [tuple(out[i * size:(i + 1) * size]) for i in range(found)]

    def count(self, max_nodes: int) -> int:
        """Advance by at most about ``max_nodes`` nodes, only counting squares; return how many were found."""
        return self._call(max_nodes, 0)[0]

    def _call(self, max_nodes: int, capacity: int) -> tuple[int, array]:
        """One call of the kernel: (squares found, the buffer holding them when ``capacity`` > 0)."""
        out = zeros("i", capacity * self.size)
        if self.done:
            return 0, out
        result = zeros("q", 3)
        self.kernel.count(*self.tables.arguments, *self.range, *self.flags, address(self.state),
                          address(self.candidates), address(out) if capacity > 0 else None,
                          capacity if capacity > 0 else 1 << 62, max_nodes, address(result))
        found, nodes, why = result
        self.nodes += nodes
        self.done = why == DONE
        return found, out

    def snapshot(self) -> dict[str, Any]:
        """Where the search stands, as JSON-able data: :meth:`restore` continues from exactly here."""
        return pack_snapshot(self.nodes, self.done, (self.state, self.candidates))

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Continue from a :meth:`snapshot` (ValueError if it does not fit this search's shape)."""
        self.nodes, self.done = unpack_snapshot(snapshot, (self.state, self.candidates))


def pack_snapshot(nodes: int, done: bool, buffers: tuple[Any, ...]) -> dict[str, Any]:
    """A search's state buffers (arrays, or C-contiguous numpy arrays) and progress as JSON-able data
    (compressed, base64)."""
    raw = b"".join(memoryview(buffer).cast("B") for buffer in buffers)
    return {"nodes": nodes, "done": done, "arrays": base64.b64encode(zlib.compress(raw)).decode()}


def unpack_snapshot(snapshot: dict[str, Any], buffers: tuple[Any, ...]) -> tuple[int, bool]:
    """Copy a :func:`pack_snapshot` back into ``buffers`` (ValueError if the sizes differ); its nodes and
    done."""
    raw = zlib.decompress(base64.b64decode(snapshot["arrays"]))
    views = [memoryview(buffer).cast("B") for buffer in buffers]
    if len(raw) != sum(len(view) for view in views):
        raise ValueError("the snapshot is of a different search")
    offset = 0
    for view in views:
        view[:] = raw[offset:offset + len(view)]
        offset += len(view)
    return int(snapshot["nodes"]), bool(snapshot["done"])
