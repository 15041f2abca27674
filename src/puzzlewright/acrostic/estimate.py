"""How big is an exhaustive word-square count before running it? Random probes with the real kernel.

Knuth's estimator (1975) with exact leaves: pick a first row at random (one of W words, so weight W),
then extend the forced prefix of the fill order (cells row by row) one random consistent letter at a time,
multiplying the weight by the number of letters that could have been chosen, until the real kernel
(:class:`~puzzlewright.acrostic.kernel.SquareSearch`) finishes the subtree under the prefix within a
small node budget. weight x (nodes of that subtree) is an unbiased estimate of the whole search's nodes;
the mean over many probes estimates the total, and the probes' spread gives its standard error. The
kernel's speed (nodes per second) is measured on the budgeted runs that did not finish, which are pure
kernel time. Time = nodes / rate; the per-first-row estimates show how uneven the partitions are.

The estimate is of the cell-by-cell search (one node = one cell filled). ``acrostic count`` itself runs
the row-by-row counting kernel (``CountSearch``), which finds the same squares with fewer nodes and in less
time (about 3-4x less at 5x5), so the time estimated here is an upper bound for a count.

Run ``python scripts/estimate_count.py --size 8 --dict english-large --double --seconds 60``.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

import numpy as np

from puzzlewright.lexicon import Lexicon

PROBE_NODES = 300_000


@dataclass
class Estimate:
    """The outcome of a batch of probes."""

    size: int
    words: int
    probes: int = 0
    estimates: list[float] = field(default_factory=list)  # one whole-search estimate per probe
    square_estimates: list[float] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)
    rate_nodes: int = 0
    rate_seconds: float = 0.0

    @property
    def nodes(self) -> float:
        return statistics.fmean(self.estimates)

    @property
    def relative_error(self) -> float:
        """Standard error of the mean, relative to it (how far to trust the figure)."""
        if len(self.estimates) < 2 or not self.nodes:
            return math.inf
        return statistics.stdev(self.estimates) / math.sqrt(len(self.estimates)) / self.nodes

    @property
    def nodes_per_second(self) -> float:
        return self.rate_nodes / self.rate_seconds if self.rate_seconds else math.nan

    def partition_nodes(self) -> list[float]:
        """Estimated nodes under each probe's first row (one partition per first-row word)."""
        return sorted(estimate / self.words for estimate in self.estimates)

    def to_json(self) -> dict:
        partitions = self.partition_nodes()
        return {"size": self.size, "words": self.words, "probes": self.probes, "nodes": self.nodes,
                "relative_error": self.relative_error, "squares": statistics.fmean(self.square_estimates),
                "nodes_per_second": self.nodes_per_second, "cpu_seconds": self.nodes / self.nodes_per_second,
                "mean_probe_depth": statistics.fmean(self.depths),
                "first_row_partition_nodes": {
                    "median": statistics.median(partitions), "p90": partitions[int(0.9 * len(partitions))],
                    "max_seen": partitions[-1], "mean": statistics.fmean(partitions)}}


def _letters(bits: int) -> list[int]:
    return [letter for letter in range(26) if bits >> letter & 1]


def _candidates(prefix: list[int], size: int, child: np.ndarray, mask: np.ndarray, canonical: bool) -> list[int]:
    """The letters the kernel would try in the next cell after ``prefix`` (row and column prefixes, and
    the canonical rule that the first column may not sort below the first row)."""
    cell = len(prefix)
    row, column = divmod(cell, size)
    row_node = column_node = 0
    for letter in prefix[row * size:cell]:
        row_node = child[row_node, letter]
    for letter in prefix[column:cell:size]:
        column_node = child[column_node, letter]
    bits = int(mask[row_node]) & int(mask[column_node])
    if canonical and column == 0 and row > 0 and all(prefix[i * size] == prefix[i] for i in range(row)):
        bits &= ~((1 << prefix[row]) - 1)
    return _letters(bits)


def _run_subtree(search, budget: int) -> tuple[int, int, bool, float]:
    """Run ``search`` for at most ``budget`` nodes: (nodes, squares, finished, seconds)."""
    started = time.perf_counter()
    squares = 0
    while not search.done and search.nodes < budget:
        squares += len(search.run(budget - search.nodes))
    return search.nodes, squares, search.done, time.perf_counter() - started


def estimate_count(lexicon: Lexicon, size: int, *, double: bool = False, canonical: bool = False,
                   seconds: float = 30.0, max_probes: int = 100_000, probe_nodes: int = PROBE_NODES,
                   seed: int = 0) -> Estimate:
    """Probe the exhaustive count of ``size`` x ``size`` squares for ``seconds``; see the module docstring."""
    from puzzlewright.acrostic.kernel import SquareSearch, word_trie

    words, trie = word_trie(lexicon, size)
    child, mask, _ = trie
    letters = lexicon.of_length(size).letters.astype(np.int64)  # aligned with word_trie's words
    rng = np.random.default_rng(seed)
    result = Estimate(size, len(words))
    deadline = time.perf_counter() + seconds
    while result.probes < max_probes and time.perf_counter() < deadline:
        prefix = list(letters[rng.integers(len(words))])
        weight = float(len(words))
        while True:
            forced = np.full(size * size, -1, np.int64)
            forced[:len(prefix)] = prefix
            search = SquareSearch(size, trie, forced, double=double, canonical=canonical)
            nodes, squares, finished, spent = _run_subtree(search, probe_nodes)
            if finished:
                break
            result.rate_nodes += nodes
            result.rate_seconds += spent
            options = _candidates(prefix, size, child, mask, canonical)
            weight *= len(options)
            prefix.append(options[rng.integers(len(options))])
        result.probes += 1
        result.estimates.append(weight * nodes)
        result.square_estimates.append(weight * squares)
        result.depths.append(len(prefix))
    if not result.rate_seconds:  # every probe finished at once: time a whole first-row partition instead
        search = SquareSearch(size, trie, np.full(size * size, -1, np.int64), double=double, canonical=canonical)
        result.rate_nodes, _, _, result.rate_seconds = _run_subtree(search, 20 * probe_nodes)
    return result
