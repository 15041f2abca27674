"""Word rectangles: m x n grids whose m rows are n-letter words and whose n columns are m-letter words,
counted exhaustively on the same partitioned, resumable engine as square counts.

The kernel fills cells in reading order; a cell may take a letter only when it extends both its row prefix
(in the trie of the n-letter words) and its column prefix (in the trie of the m-letter words), so every
partial grid is a set of word prefixes. ``double`` rectangles use every word once (rows pairwise distinct,
columns pairwise distinct; rows and columns differ in length so they cannot repeat each other). The work is
split by the first row's prefix (:func:`~puzzlewright.acrostic.count.prefix_partitions`); each partition
runs in slices of nodes so that budgets and Ctrl-C stop it cleanly. Square sizes are the acrostic
counter's job (it also knows about transposes): :func:`rectangle_job` hands them to it.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import ClassVar

import numba
import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import check_dimensions
from puzzlewright.lexicon import Lexicon
from puzzlewright.native import DONE, NODE_LIMIT, OUT_FULL
from puzzlewright.parallel.job import Emit, Partition, PartitionResult
from puzzlewright.parallel.wordlist import CompactLexicon, first_row_work, lexicon_identity, work_by_prefix
from puzzlewright.prefix_walk import (LOWEST_BIT, cell_prefixes, lowest_letter, note_column_words, repeats_earlier,
                                      row_below_alive, row_word_fresh)
from puzzlewright.budget import Budget, ran_out

DEFAULT_PARTITIONS = 64
SLICE_NODES = 2_000_000
FRONTIER_CAP = 64  # next-row prefixes the lookahead tracks per cell; beyond this it stays silent


@dataclass(frozen=True)
class RectangleOptions:
    """Which rectangles: ``height`` rows of ``width``-letter words (height != width), ``double`` or not."""

    height: int
    width: int
    double: bool = False
    partitions: int = DEFAULT_PARTITIONS

    def __post_init__(self) -> None:
        check_dimensions(self.height, self.width)
        if min(self.height, self.width) < 2:
            raise PuzzleInputError("a word rectangle needs at least 2 rows and 2 columns")
        if self.partitions < 1:
            raise PuzzleInputError("the number of partitions must be at least 1")

    @property
    def size(self) -> str:
        return f"{self.height}x{self.width}"

    def describe(self) -> str:
        return self.size + (" (double)" if self.double else "")


@dataclass
class RectangleCount:
    """The outcome of an in-process count."""

    options: RectangleOptions
    count: int
    nodes: int
    elapsed_s: float
    complete: bool
    rectangles: list[tuple[str, ...]]


@numba.njit(cache=True, nogil=True)
def rectangle_kernel(height, width, row_child, row_mask, row_word, col_child, col_mask, col_word, col_mask2, forced,
                     double, state, frontier, frontier2, cursor, out, max_nodes):
    """Enumerate rectangles whose cells match ``forced`` (letter or -1 per cell), resumably.

    ``state`` rows: 0 letters still to try per cell, 1 row-trie node after each cell, 2 column-trie node
    after each cell, 3 word ids (rows, then columns), 4 the size of each cell's lookahead frontier (the next
    row's possible prefixes, in ``frontier``; see :func:`~puzzlewright.prefix_walk.row_below_alive`).
    Writes each rectangle's row word ids to ``out`` and returns (rectangles written, nodes, why): DONE,
    NODE_LIMIT or OUT_FULL; calling again continues."""
    cells = height * width
    avail, row_node, col_node, ids, front_size, front_size2 = state[0], state[1], state[2], state[3], state[4], state[5]
    forced_below = forced[width:]
    every_letter = np.uint32((1 << 26) - 1)
    t, entering = cursor[0], cursor[1]
    found = 0
    nodes = 0
    while True:
        if t < 0:
            cursor[0] = t
            return found, nodes, DONE
        k, j, row_before, col_before = cell_prefixes(t, width, row_node, col_node)
        if entering:
            a = row_mask[row_before] & col_mask[col_before]
            if forced[t] >= 0:
                a &= np.uint32(1) << np.uint32(forced[t])
            avail[t] = a
        entering = 0
        a = np.uint32(avail[t])
        if a == 0:
            t -= 1
            continue
        if nodes >= max_nodes or found >= out.shape[0]:
            cursor[0], cursor[1] = t, 0
            return found, nodes, NODE_LIMIT if nodes >= max_nodes else OUT_FULL
        letter = lowest_letter(a, LOWEST_BIT)
        avail[t] = a & (a - np.uint32(1))
        nodes += 1
        row_node[t] = row_child[row_before, letter]
        col_node[t] = col_child[col_before, letter]
        if k < height - 1 and not row_below_alive(t, j, width, row_child, row_mask, col_mask, forced, every_letter,
                                                  col_node, frontier, front_size):
            continue
        if k < height - 2 and not row_below_alive(t, j, width, row_child, row_mask, col_mask2, forced_below,
                                                  every_letter, col_node, frontier2, front_size2):
            continue
        if not row_word_fresh(t, j, k, width, ids, row_word, row_node, double):
            continue
        if t == cells - 1:
            note_column_words(ids, height, width, col_word, col_node)
            ok = True
            for q in range(width):
                if double and repeats_earlier(ids, height, height + q):
                    ok = False
            if ok:
                for q in range(height):
                    out[found, q] = ids[q]
                found += 1
            continue
        t += 1
        entering = 1


@lru_cache(maxsize=8)
def _tries(lexicon: Lexicon, height: int, width: int):
    """The row words and the two tries (row words of length ``width``, column words of length ``height``)."""
    from puzzlewright.acrostic.kernel import build_trie

    rows, columns = lexicon.of_length(width), lexicon.of_length(height)
    for length, table in ((width, rows), (height, columns)):
        if not len(table):
            raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no {length}-letter words")
    column_trie = build_trie(columns.letters)
    return rows.words, build_trie(rows.letters), column_trie, grandchild_masks(*column_trie[:2])


def grandchild_masks(child: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per trie node, the letters that can come two places after it (the union of its children's masks):
    what the row two below may hold in a column, whatever goes between."""
    return np.bitwise_or.reduce(np.where(child >= 0, mask[np.maximum(child, 0)], np.uint32(0)), axis=1).astype(np.uint32)


class RectangleSearch:
    """One resumable kernel search (rows starting with a prefix), advanced by :meth:`run`."""

    def __init__(self, lexicon: Lexicon, options: RectangleOptions, forced: np.ndarray):
        self.options = options
        self.words, self.row_trie, self.col_trie, self.col_mask2 = _tries(lexicon, options.height, options.width)
        self.forced = np.asarray(forced, np.int64)
        cells = options.height * options.width
        self.state = np.zeros((6, max(cells, options.height + options.width)), np.int64)
        self.frontier = np.zeros((cells, FRONTIER_CAP), np.int64)
        self.frontier2 = np.zeros((cells, FRONTIER_CAP), np.int64)
        self.cursor = np.array([0, 1], np.int64)
        self.nodes = 0
        self.done = False

    def run(self, max_nodes: int, capacity: int = 1024) -> list[tuple[str, ...]]:
        o = self.options
        out = np.zeros((capacity, o.height), np.int32)
        found, nodes, why = rectangle_kernel(o.height, o.width, *self.row_trie, *self.col_trie, self.col_mask2,
                                             self.forced, o.double, self.state, self.frontier, self.frontier2,
                                             self.cursor, out, max_nodes)
        self.nodes += nodes
        self.done = why == DONE
        return [tuple(self.words[i] for i in row) for row in out[:found]]


def rectangle_partitions(lexicon: Lexicon, options: RectangleOptions) -> list[str]:
    """First-row prefixes covering every rectangle (see :func:`prefix_partitions`)."""
    from puzzlewright.acrostic.count import prefix_partitions

    words = _tries(lexicon, options.height, options.width)[0]
    return prefix_partitions(words, options.partitions)


def count_partition(lexicon: Lexicon, options: RectangleOptions, key: str, on_rectangle=None,
                    budget: Budget | None = None) -> tuple[list[tuple[str, ...]], int, bool]:
    """The rectangles whose first row starts with ``key``: (rectangles, nodes, complete)."""
    if len(key) > options.width or not all("a" <= ch <= "z" for ch in key):
        raise PuzzleInputError(f"bad partition key {key!r} for {options.size} rectangles")
    forced = np.full(options.height * options.width, -1)
    forced[:len(key)] = [ord(ch) - 97 for ch in key]
    search = RectangleSearch(lexicon, options, forced)
    found: list[tuple[str, ...]] = []
    while not search.done and not ran_out(budget):
        step = SLICE_NODES if budget is None or budget.nodes_left is None else min(SLICE_NODES, max(1, budget.nodes_left))
        before = search.nodes
        for rectangle in search.run(step):
            found.append(rectangle)
            if on_rectangle is not None:
                on_rectangle(rectangle)
        if budget is not None:
            budget.spend(search.nodes - before)
    return found, search.nodes, search.done


def count_rectangles(lexicon: Lexicon, options: RectangleOptions, *, budget: Budget | None = None,
                     keep: bool = True) -> RectangleCount:
    """Every rectangle, partition by partition in key order, in this process (stopping when ``budget`` runs out)."""
    started = time.perf_counter()
    total = nodes = 0
    complete = True
    kept: list[tuple[str, ...]] = []
    for key in rectangle_partitions(lexicon, options):
        found, used, done = count_partition(lexicon, options, key, budget=budget)
        total, nodes = total + len(found), nodes + used
        if keep:
            kept.extend(found)
        if not done:
            complete = False
            break
    return RectangleCount(options, total, nodes, time.perf_counter() - started, complete, kept)


@dataclass(eq=False)
class RectangleCountJob(CompactLexicon):
    """Every ``options`` rectangle over ``lexicon``, partitioned by first-row prefix (a partitioned job for
    :func:`~puzzlewright.parallel.run_job`: every core, a cluster, checkpoints and resume)."""

    lexicon: Lexicon
    options: RectangleOptions
    keep_rectangles: bool = True
    deadline: float | None = None

    name: ClassVar[str] = "grid count"
    item_name: ClassVar[str] = "rectangles"

    def __post_init__(self) -> None:
        self.lexicon = self.lexicon.filter(lengths=[self.options.height, self.options.width])

    def identity(self) -> dict:
        return {"job": self.name, **asdict(self.options), "rectangles": self.keep_rectangles,
                "dictionary": lexicon_identity(self.lexicon)}

    @property
    def keeps_items(self) -> bool:
        """Whether partitions return (or stream) their rectangles, or only count them."""
        return self.keep_rectangles

    def partitions(self) -> list[Partition]:
        """First-row prefixes, each sized by the product of its columns' start counts."""
        rows = self.lexicon.of_length(self.options.width)
        columns = self.lexicon.of_length(self.options.height)
        work_under = work_by_prefix(rows.words, first_row_work(rows.words, columns.words))
        return [Partition(key, work_under(key)) for key in rectangle_partitions(self.lexicon, self.options)]

    def prepare(self) -> None:
        """Compile the kernel and build the tries before workers fork."""
        count_partition(self.lexicon, self.options, self.lexicon.of_length(self.options.width).words[0],
                        budget=Budget(nodes=1))

    def run_partition(self, key: str, emit: Emit | None = None) -> PartitionResult:
        on_rectangle = None if emit is None or not self.keep_rectangles else (lambda rows: emit("/".join(rows)))
        budget = None if self.deadline is None else Budget(seconds=max(self.deadline - time.time(), 0.001))
        found, nodes, done = count_partition(self.lexicon, self.options, key, on_rectangle, budget)
        items = ["/".join(rows) for rows in found] if self.keep_rectangles else []
        return PartitionResult(key, items, {"nodes": nodes}, done, count=len(found))


def rectangle_job(lexicon: Lexicon, height: int, width: int, *, double: bool, keep: bool,
                  deadline: float | None, partitions: int | None = None):
    """The partitioned job counting ``height`` x ``width`` word rectangles: the acrostic square counter for
    squares (its ``double`` squares also keep rows and columns apart), the rectangle kernel otherwise."""
    extra = {"partitions": partitions} if partitions else {}
    if height == width:
        from puzzlewright.acrostic.count import CountOptions
        from puzzlewright.acrostic.jobs import CountJob

        return CountJob(lexicon, CountOptions(height, double=double, **extra), keep_squares=keep, deadline=deadline)
    return RectangleCountJob(lexicon, RectangleOptions(height, width, double, **extra), keep, deadline)
