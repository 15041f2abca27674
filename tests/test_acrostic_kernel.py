"""The square kernel's two builds (C through ctypes, numba as the fallback) run the same search, and counts
stream their squares instead of holding them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from puzzlewright import native
from puzzlewright.acrostic import kernel
from puzzlewright.acrostic.count import CountOptions, count_partition, count_partitions
from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import load_lexicon
from puzzlewright.parallel import run_job
from puzzlewright.parallel.acrostic import CountJob

needs_c = pytest.mark.skipif(native.c_compiler() is None, reason="no C compiler here")


@pytest.fixture(scope="module")
def wordle():
    return load_lexicon("wordle-answers")


def run_to_the_end(search: kernel.SquareSearch, backend, step: int) -> tuple[list[tuple[int, ...]], int]:
    """Every square of ``search`` (driven in slices of ``step`` nodes by ``backend``) and its nodes."""
    squares = []
    while not search.done:
        out = np.zeros((7, search.size), np.int32)  # a small buffer: OUT_FULL stops and resumes too
        found, nodes, why = backend(search, out, step)
        search.nodes += nodes
        search.done = why == kernel.DONE
        squares.extend(tuple(row) for row in out[:found])
    return squares, search.nodes


def searches(lexicon, size: int, seed: int):
    """Searches of every kind the package runs: counts, random-order generation, pools and given cells."""
    _, trie = kernel.word_trie(lexicon, size)
    free = np.full(size * size, -1)
    rng = np.random.default_rng(seed)
    order = np.array([rng.permutation(26) for _ in range(size * size)], np.int8)
    seeded = free.copy()
    seeded[:size] = letter_codes(lexicon.of_length(size).words[seed % 50])
    grid = kernel.word_trie(lexicon, size)[0][seed % 40]
    pool = np.bincount(letter_codes(grid * (size - 1)), minlength=26)
    yield kernel.SquareSearch(size, trie, free, double=True, canonical=True)
    yield kernel.SquareSearch(size, trie, free, symmetric=True)
    yield kernel.SquareSearch(size, trie, free, letter_order=order, double=True)
    yield kernel.SquareSearch(size, trie, seeded, pool, double=True)


@needs_c
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_c_and_numba_kernels_find_the_same_squares_with_the_same_nodes(seed):
    lexicon = load_lexicon("acrostic-4", min_commonness=4)  # 500-odd words: every kind runs to the end fast
    c_kernel = kernel._CKernel(native.c_library("puzzlewright.acrostic", kernel.KERNEL_SOURCE, "square kernel"))
    for c_search, numba_search in zip(searches(lexicon, 4, seed), searches(lexicon, 4, seed)):
        step = 997 + seed * 1000
        expected = run_to_the_end(numba_search, kernel._numba_kernel, step)
        assert run_to_the_end(c_search, c_kernel, step) == expected
        assert expected[1] > 0


def test_count_partition_can_count_without_keeping_squares(wordle):
    options = CountOptions(5, double=True, canonical=True, partitions=16)
    for key in count_partitions(wordle, options)[:6]:
        kept = count_partition(wordle, options, key)
        streamed = []
        counted = count_partition(wordle, options, key, on_square=streamed.append, keep_squares=False)
        assert counted.squares == [] and counted.count == kept.count == len(kept.squares)
        assert streamed == kept.squares and counted.nodes == kept.nodes


def test_a_checkpointed_count_streams_squares_to_its_partition_files(tmp_path):
    lexicon = load_lexicon("acrostic-4", min_commonness=4)
    options = CountOptions(4, double=True, canonical=True, partitions=8)
    expected = [square for key in count_partitions(lexicon, options)
                      for square in count_partition(lexicon, options, key).squares]
    assert len(expected) > 100
    job = CountJob(lexicon, options)
    result = run_job(job, workers=1, output=tmp_path / "run", progress=False, keep_items=False)
    assert all(part.items is None for part in result.partitions)  # never held: read back from the files
    assert [tuple(item.split("/")) for item in result.items()] == expected
    lines = (tmp_path / "run" / "results.jsonl").read_text().splitlines()
    assert [tuple(json.loads(line).split("/")) for line in lines] == expected
    assert not list((tmp_path / "run" / "partitions").glob("*.found.jsonl"))
