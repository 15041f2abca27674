"""Counting (enumerating) every word square of a lexicon, as independent partitions.

The work is split by the first row: :func:`count_partitions` lists deterministic keys (first-row
prefixes, split until each covers roughly the same number of first-row words), :func:`count_partition`
enumerates the squares whose first row starts with one key, and :func:`count_squares` runs every
partition in order in this process. Because partitions are independent and their results come in a fixed
order, they can be farmed out to other processes or machines and merged back in key order.

Kinds of square: plain (every row and column is a word, repeats allowed), ``double`` (all 2N words
distinct), ``symmetric`` (row i equals column i). ``canonical`` counts a square and its transpose once,
keeping the one whose rows, read in order, sort first (for double squares: first row before first column).
"""

from __future__ import annotations

import bisect
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from puzzlewright.acrostic.model import check_size
from puzzlewright.errors import PuzzleInputError
from puzzlewright.budget import Budget, ran_out

if TYPE_CHECKING:  # any of the two: a PlainLexicon (a built-in dictionary's words) counts without numpy
    from puzzlewright.lexicon import Lexicon
    from puzzlewright.lexicon.plain import PlainLexicon

    Words = Lexicon | PlainLexicon

DEFAULT_PARTITIONS = 64
_SLICE_NODES = 2_000_000  # kernel nodes between budget checks (a few hundredths of a second)


@dataclass(frozen=True)
class CountOptions:
    """Which squares to count and into how many partitions to split the work (picklable)."""

    size: int
    double: bool = False
    canonical: bool = False
    symmetric: bool = False
    partitions: int = DEFAULT_PARTITIONS

    def __post_init__(self) -> None:
        check_size(self.size)
        if self.symmetric and self.double:
            raise PuzzleInputError("a square cannot be both --symmetric (rows = columns) and --double (all distinct)")
        if self.symmetric and self.canonical:
            raise PuzzleInputError("--canonical has no effect on --symmetric squares (each is its own transpose)")
        if self.partitions < 1:
            raise PuzzleInputError("the number of partitions must be at least 1")

    def describe(self) -> str:
        kinds = [k for k, on in (("double", self.double), ("canonical", self.canonical),
                                 ("symmetric", self.symmetric)) if on]
        return f"{self.size}x{self.size}" + (f" ({', '.join(kinds)})" if kinds else "")


@dataclass
class PartitionResult:
    """How many squares one partition holds and the nodes it expanded; ``squares`` lists them in the
    kernel's (deterministic) order when they were kept (else it is empty: they went to ``on_square``)."""

    key: str
    squares: list[tuple[str, ...]]
    nodes: int
    complete: bool
    count: int = -1
    resume: dict[str, Any] | None = None  # where an incomplete partition stopped (see count_partition)

    def __post_init__(self) -> None:
        if self.count < 0:
            self.count = len(self.squares)


@dataclass
class CountResult:
    """The outcome of a whole count; ``complete`` is False when it was stopped early."""

    options: CountOptions
    count: int
    nodes: int
    elapsed_s: float
    complete: bool
    partitions_done: int = 0
    partitions_total: int = 0
    squares: list[tuple[str, ...]] = field(default_factory=list)


def count_partitions(lexicon: Words, options: CountOptions) -> list[str]:
    """Deterministic partition keys (first-row prefixes, in alphabetical order) covering every square."""
    words = lexicon.of_length(options.size).words
    if not words:
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no {options.size}-letter words")
    return prefix_partitions(words, options.partitions)


def prefix_partitions(words: tuple[str, ...], partitions: int) -> list[str]:
    """Prefixes of the sorted equal-length ``words``, split until each covers about ``len(words) / partitions``
    of them: partition keys for any search whose first row is one of the words (squares, rectangles)."""
    length = len(words[0])
    target = max(1, len(words) // partitions)
    keys: list[str] = []

    def split(prefix: str, group: list[str]) -> None:
        if len(group) <= target or len(prefix) == length:
            keys.append(prefix)
            return
        depth = len(prefix) + 1
        for longer, members in itertools.groupby(group, key=lambda word: word[:depth]):
            split(longer, list(members))

    split("", list(words))
    return keys


def count_partition(lexicon: Words, options: CountOptions, key: str,
                    on_square: Callable[[tuple[str, ...]], None] | None = None,
                    budget: Budget | None = None, *, keep_squares: bool = True,
                    resume: dict[str, Any] | None = None) -> PartitionResult:
    """Every square (of the kind ``options`` asks for) whose first row starts with ``key``, in a fixed order.

    ``on_square`` is called with each square as soon as the kernel reports it; with ``keep_squares`` False
    they are only counted (memory stays flat however many there are). With a ``budget`` the search stops
    cleanly (``complete`` False) when it runs out, and its result's ``resume`` says where: passed back as
    ``resume``, the partition continues from there (counting on from the squares already found).
    """
    size = options.size
    if len(key) > size or not all("a" <= ch <= "z" for ch in key):
        raise PuzzleInputError(f"bad partition key {key!r} for {size}x{size} squares")
    words, search = _partition_search(lexicon, options, key)
    squares: list[tuple[str, ...]] = []
    count = 0
    if resume is not None:
        search.restore(resume["search"])
        count = int(resume["count"])
    while not search.done and not ran_out(budget):
        step = _SLICE_NODES
        if budget is not None and budget.nodes_left is not None:
            step = min(step, max(1, budget.nodes_left))
        before = search.nodes
        if on_square is None and not keep_squares:
            count += search.count(step)
        else:
            rows = search.run(step)
            count += len(rows)
            for row in rows:
                square = tuple(words[i] for i in row)
                if keep_squares:
                    squares.append(square)
                if on_square is not None:
                    on_square(square)
        if budget is not None:
            budget.spend(search.nodes - before)
    where = None if search.done else {"search": search.snapshot(), "count": count}
    return PartitionResult(key, squares, search.nodes, search.done, count, where)


def _partition_search(lexicon: Words, options: CountOptions, key: str) -> tuple[tuple[str, ...], Any]:
    """The words and a fresh search over the squares whose first row starts with ``key``: the C counting
    kernel (row by row) when it is available and the kind is plain, double or canonical, else the cell-by-cell
    kernel (symmetric squares, or numba without a C compiler). Both find the same squares in the same order.
    Only the second imports numpy."""
    from puzzlewright.acrostic.count_kernel import CountSearch, count_tables_of

    size = options.size
    words = lexicon.of_length(size).words
    if not words:
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no {size}-letter words")
    tables = None if options.symmetric else count_tables_of(words)
    if tables is not None:
        lo = bisect.bisect_left(words, key)
        hi = bisect.bisect_left(words, key + "{")  # "{" sorts after "z"
        return words, CountSearch(tables, lo, hi, double=options.double, canonical=options.canonical)
    import numpy as np

    from puzzlewright.acrostic.kernel import SquareSearch, word_trie
    from puzzlewright.letters import letter_codes

    words, trie = word_trie(lexicon, size)
    forced = np.full(size * size, -1)
    forced[:len(key)] = letter_codes(key)
    return words, SquareSearch(size, trie, forced, double=options.double, canonical=options.canonical,
                               symmetric=options.symmetric)


def count_squares(lexicon: Words, options: CountOptions, *,
                  on_square: Callable[[tuple[str, ...]], None] | None = None,
                  on_partition: Callable[[PartitionResult], None] | None = None,
                  budget: Budget | None = None, keep_squares: bool = False) -> CountResult:
    """Run every partition in order in this process (stopping cleanly when ``budget`` runs out)."""
    started = time.perf_counter()
    keys = count_partitions(lexicon, options)
    count = nodes = done = 0
    complete = True
    squares: list[tuple[str, ...]] = []
    for key in keys:
        if ran_out(budget):
            complete = False
            break
        part = count_partition(lexicon, options, key, on_square, budget, keep_squares=keep_squares)
        count += part.count
        nodes += part.nodes
        if keep_squares:
            squares.extend(part.squares)
        if on_partition is not None:
            on_partition(part)
        if not part.complete:
            complete = False
            break
        done += 1
    return CountResult(options, count, nodes, time.perf_counter() - started, complete, done, len(keys), squares)
