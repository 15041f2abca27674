"""Every double word square of a word list, enumerated once and kept: how large puzzles are generated.

From 6x6 up, double word squares of everyday words are rare: the 7,594 six-letter words of ``english`` with
commonness >= 3 make just 62 squares (and their 62 transposes), and there is no 7x7 square at all among its
9,337 seven-letter ones. A random search then spends about 1/125 of the whole search space on each square it
meets, and cannot tell "unlucky" from "there is none". The counting kernel, though, walks that whole space
in about 300 M nodes (a minute on one core), so the generator enumerates it once - partition by partition,
in the counter's fixed order, checkpointed in the cache folder so that a run stopped by its time limit
continues where it stopped - and afterwards draws squares from the list in microseconds: uniformly, and
with a definite answer when there are none.

Whether a word list is small enough for that is decided up front by :func:`estimated_nodes` (exhaustive
searches under a fixed sample of first rows, scaled up); lists whose space is larger than
:data:`CATALOGUE_MAX_NODES` are left to the generator's random search, where squares are plentiful.
Both the estimate and the catalogue depend only on the words, so generated puzzles stay reproducible.

The package ships the complete catalogues of the built-in ``english`` dictionary's construction words at the
default commonness floor (6x6 and 7x7, a few KB; made by ``scripts/build_catalogues.py``), so the default
``generate --size 6`` draws at once on its first run and ``--size 7`` says at once that there is no square;
other lists and floors are listed on first use and kept in the cache folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from puzzlewright.acrostic.count import CountOptions, count_partition, count_partitions
from puzzlewright.acrostic.model import Grid
from puzzlewright.errors import WorkInProgress
from puzzlewright.lexicon import Lexicon
from puzzlewright.budget import Budget, ran_out

CATALOGUE_MIN_SIZE = 6  # smaller squares are plentiful: the random search meets one in milliseconds
CATALOGUE_MAX_NODES = 1_000_000_000  # a whole space this large takes a few minutes once: beyond it, search
SAMPLE_ROWS = 48  # first rows searched exhaustively to estimate the space
SAMPLE_SEED = 15  # the sample is fixed, so the estimate (and the choice it drives) depends only on the words
FORMAT_VERSION = 1
SAVE_INTERVAL_S = 1.0  # while listing, the progress is saved this often (and whenever the time runs out)
SHIPPED_FOLDER = "catalogues"  # complete catalogues shipped in the package, named by shipped_name()


@dataclass
class Catalogue:
    """The canonical double squares found so far (rows joined by ``/``, in the counter's order), how many
    partitions are done of how many, the nodes spent, and the estimate of the whole that chose to list them."""

    squares: list[str]
    partitions_done: int
    partitions_total: int  # -1: not started (only the estimate is known)
    nodes: int
    estimated_nodes: float
    resume: dict[str, Any] | None = None  # the partition under way: where it stopped, its squares so far

    @property
    def complete(self) -> bool:
        return self.partitions_done == self.partitions_total

    def oriented(self, index: int) -> Grid:
        """Square ``index // 2`` as written (even ``index``) or transposed (odd): the 2 x len squares a
        puzzle can be made from (a double square's transpose is another double square)."""
        grid = Grid(tuple(self.squares[index // 2].split("/")))
        return grid if index % 2 == 0 else Grid(grid.columns)


def words_digest(words: Lexicon, size: int) -> str:
    """What names a word list's catalogue: its ``size``-letter words (nothing else matters to it)."""
    text = "\n".join(words.of_length(size).words)
    return hashlib.sha256(f"{FORMAT_VERSION}/{size}/{text}".encode()).hexdigest()[:24]


def shipped_name(words: Lexicon, size: int) -> str:
    """The file name a complete catalogue of ``words`` has in the package's :data:`SHIPPED_FOLDER`."""
    return f"squares-{size}-{words_digest(words, size)}.json"


def shipped_catalogue(words: Lexicon, size: int) -> Catalogue | None:
    """The complete catalogue of ``words`` shipped in the package, or None when there is none for them."""
    from importlib import resources

    source = resources.files("puzzlewright.acrostic").joinpath(SHIPPED_FOLDER, shipped_name(words, size))
    try:
        saved = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    squares = list(saved["squares"])
    return Catalogue(squares, 1, 1, int(saved["nodes"]), float(saved["nodes"]))


def catalogue_path(words: Lexicon, size: int) -> str:
    from puzzlewright.cache import cache_dir

    return os.path.join(cache_dir(), f"acrostic-squares-{size}-{words_digest(words, size)}.json")


def estimated_nodes(words: Lexicon, size: int, budget: Budget | None = None) -> float:
    """About how many kernel nodes enumerating every canonical double square of ``words`` takes: the mean
    over :data:`SAMPLE_ROWS` first rows (a fixed sample) of the exhaustive search under that row, times the
    number of words; infinite as soon as the sample alone shows it is above :data:`CATALOGUE_MAX_NODES`
    (so the estimate costs at most ``SAMPLE_ROWS / words`` of that limit: 1.7 M nodes for the 6x6 words of
    ``english`` at commonness 3, 6.3 M at most). It is made once per word list and kept, and it is not cut
    short by ``budget`` (a cut estimate would be made again from scratch by every short request and never
    finish); its nodes are counted on it."""
    from puzzlewright.acrostic.kernel import SquareSearch, word_trie

    vocabulary, trie = word_trie(words, size)
    letters = words.of_length(size).letters
    count = min(SAMPLE_ROWS, len(vocabulary))
    sample = np.random.default_rng(SAMPLE_SEED).choice(len(vocabulary), count, replace=False)
    allowance = count * CATALOGUE_MAX_NODES // len(vocabulary)
    spent = 0
    for row in sample:
        forced = np.full(size * size, -1)
        forced[:size] = letters[row]
        search = SquareSearch(size, trie, forced, double=True, canonical=True)
        while not search.done and spent + search.nodes <= allowance:
            search.run(allowance + 1 - spent - search.nodes)
        spent += search.nodes
        if budget is not None:
            budget.spend(search.nodes)
        if not search.done:
            return float("inf")
    return spent / count * len(vocabulary)


def worth_cataloguing(words: Lexicon, size: int, budget: Budget | None = None) -> bool:
    """Whether generation from ``words`` should draw from the catalogue (else: random search). The
    estimate behind the answer is kept in the cache folder with the catalogue."""
    if size < CATALOGUE_MIN_SIZE:
        return False
    if shipped_catalogue(words, size) is not None:
        return True
    path = catalogue_path(words, size)
    saved = _load(path)
    if saved is None:
        saved = Catalogue([], 0, -1, 0, estimated_nodes(words, size, budget))
        _save(path, saved)
    return saved.estimated_nodes <= CATALOGUE_MAX_NODES


def _load(path: str) -> Catalogue | None:
    from puzzlewright.cache import touch

    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        touch(path)
        return Catalogue(list(data["squares"]), int(data["partitions_done"]), int(data["partitions_total"]),
                         int(data["nodes"]), float(data["estimated_nodes"]), data.get("resume"))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent, or damaged: made again


def _save(path: str, catalogue: Catalogue) -> None:
    from puzzlewright.cache import store

    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = json.dumps({"squares": catalogue.squares, "partitions_done": catalogue.partitions_done,
                       "partitions_total": catalogue.partitions_total, "nodes": catalogue.nodes,
                       "estimated_nodes": catalogue.estimated_nodes, "resume": catalogue.resume})
    store(path, lambda handle: handle.write(data), text=True)


def square_catalogue(words: Lexicon, size: int, budget: Budget | None = None,
                     on_progress: Callable[[float], None] | None = None) -> Catalogue:
    """Every canonical double square of ``words``' ``size``-letter words: shipped in the package, kept in
    the cache folder, or enumerated now (see :func:`list_squares`)."""
    return shipped_catalogue(words, size) or list_squares(words, size, budget, on_progress)


def list_squares(words: Lexicon, size: int, budget: Budget | None = None,
                 on_progress: Callable[[float], None] | None = None) -> Catalogue:
    """Every canonical double square of ``words``' ``size``-letter words, from the cache or enumerated now.

    Enumeration goes partition by partition (the counter's first-row prefixes), saving every second; when
    ``budget`` runs out it saves what is done, down to where the partition under way stopped, and raises
    :class:`CatalogueIncomplete` saying how far it got; the next call continues from there.
    ``on_progress`` is told the fraction of partitions done after each one."""
    path = catalogue_path(words, size)
    options = CountOptions(size, double=True, canonical=True)
    keys = count_partitions(words, options)
    catalogue = _load(path)
    if catalogue is None or catalogue.partitions_total != len(keys):
        estimate = estimated_nodes(words, size, budget) if catalogue is None else catalogue.estimated_nodes
        catalogue = Catalogue([], 0, len(keys), 0, estimate)
    if catalogue.resume is not None and catalogue.resume["kernel"] != kernel_version():
        catalogue.resume = None  # stopped by another kernel: that partition starts again
    saved_at = time.monotonic()
    while not catalogue.complete:
        if ran_out(budget):
            _save(path, catalogue)
            _stopped(catalogue, size, len(words.of_length(size).words), budget)
        resume = catalogue.resume or {"search": None, "squares": [], "nodes": 0}
        part = count_partition(words, options, keys[catalogue.partitions_done], budget=budget,
                               resume=resume["search"])
        squares = resume["squares"] + ["/".join(square) for square in part.squares]
        if part.complete:
            catalogue.squares += squares
            catalogue.nodes += part.nodes
            catalogue.partitions_done += 1
            catalogue.resume = None
        else:
            catalogue.resume = {"search": part.resume, "squares": squares, "nodes": part.nodes,
                                "kernel": kernel_version()}
        if on_progress is not None:
            on_progress(catalogue.partitions_done / catalogue.partitions_total)
        if catalogue.complete or time.monotonic() - saved_at > SAVE_INTERVAL_S:
            _save(path, catalogue)
            saved_at = time.monotonic()
    return catalogue


def kernel_version() -> str:
    """A digest of the kernel's source: a stopped search resumes only in the kernel that stopped it."""
    from importlib import resources

    from puzzlewright.acrostic.kernel import KERNEL_SOURCE

    source = resources.files("puzzlewright.acrostic").joinpath(KERNEL_SOURCE).read_bytes()
    return hashlib.sha256(source).hexdigest()[:16]


class CatalogueIncomplete(WorkInProgress):
    """The time ran out while the catalogue was being built (what was done is kept)."""


def _stopped(catalogue: Catalogue, size: int, words: int, budget: Budget | None) -> None:
    done = catalogue.partitions_done / catalogue.partitions_total
    seconds = f" of {budget.seconds:g} s" if budget is not None and budget.seconds is not None else ""
    raise CatalogueIncomplete(f"listing every {size}x{size} double word square of the {words:,} words (done once, "
                              f"then kept) was {done:.0%} done when the time{seconds} ran out; run again to "
                              "continue from there, or allow more time", done)
