"""The square kernel's two builds (C through ctypes, numba as the fallback) run the same search, and counts
stream their squares instead of holding them."""

from __future__ import annotations

import bisect
import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright import native
from puzzlewright.acrostic import count_kernel, kernel
from puzzlewright.acrostic.count import CountOptions, count_partition, count_partitions
from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.parallel import run_job
from puzzlewright.acrostic.jobs import CountJob

needs_c = pytest.mark.skipif(native.c_compiler() is None, reason="no C compiler here")


def run_to_the_end(search: kernel.SquareSearch, backend, step: int) -> tuple[list[tuple[int, ...]], int]:
    """Every square of ``search`` (driven in slices of ``step`` nodes by ``backend``) and its nodes."""
    squares = []
    while not search.done:
        out = np.zeros((7, search.size), np.int32)  # a small buffer: OUT_FULL stops and resumes too
        found, nodes, why = backend(search, out, step)
        search.nodes += nodes
        search.done = why == native.DONE
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


# -- the row-by-row counting kernel (CountSearch) ---------------------------------------------------------------

def every_square(words: list[str], *, double: bool, canonical: bool) -> list[tuple[str, ...]]:
    """The squares of ``words`` by brute force, in the order the kernels report them (rows sorted)."""
    vocabulary = set(words)
    found = []
    for rows in itertools.product(sorted(words), repeat=len(words[0])):
        columns = tuple("".join(column) for column in zip(*rows))
        if not vocabulary.issuperset(columns):
            continue
        if double and len(set(rows) | set(columns)) < 2 * len(rows):
            continue
        if canonical and rows > columns:
            continue
        found.append(rows)
    return found


word_lists = st.integers(3, 4).flatmap(lambda size: st.lists(
    st.text("aeirst"[:4 + size % 2], min_size=size, max_size=size), min_size=1, max_size=28 if size == 3 else 11,
    unique=True))


@needs_c
@settings(max_examples=60, deadline=None)
@given(words=word_lists, double=st.booleans(), canonical=st.booleans(), partitions=st.integers(1, 5))
def test_the_counting_kernel_finds_every_square_in_order(words, double, canonical, partitions):
    """Cross-checked against brute force on random small word lists (dense, so squares are common), split
    into first-row partitions the way counts are."""
    lexicon = Lexicon(words)
    options = CountOptions(len(words[0]), double=double, canonical=canonical, partitions=partitions)
    found = [square for key in count_partitions(lexicon, options)
             for square in count_partition(lexicon, options, key).squares]
    assert found == every_square(words, double=double, canonical=canonical)


@needs_c
@settings(max_examples=25, deadline=None)
@given(words=word_lists, double=st.booleans(), canonical=st.booleans(), step=st.integers(1, 40),
       capacity=st.integers(1, 5))
def test_the_counting_kernel_resumes_from_any_snapshot(words, double, canonical, step, capacity):
    """Stopped every few nodes (or a full output buffer) and continued in a fresh search from the snapshot:
    the same squares as one uninterrupted run, and the same total of nodes."""
    tables = kernel.count_tables(Lexicon(words), len(words[0]))
    whole = kernel.CountSearch(tables, 0, len(words), double=double, canonical=canonical)
    expected = [tuple(row) for row in whole.run(10**9, 10**6)]
    assert whole.done
    squares, snapshot = [], None
    while snapshot is None or not snapshot["done"]:
        search = kernel.CountSearch(tables, 0, len(words), double=double, canonical=canonical)
        if snapshot is not None:
            search.restore(json.loads(json.dumps(snapshot)))
        squares.extend(tuple(row) for row in search.run(step, capacity))
        snapshot = search.snapshot()
    assert squares == expected and snapshot["nodes"] == whole.nodes


@needs_c
def test_the_counting_kernel_agrees_with_the_cell_by_cell_kernel(wordle):
    """Same squares in the same order as the cell-by-cell search, with fewer nodes (a node here is a word
    placed or a row-below prefix extended, there a cell filled)."""
    tables = kernel.count_tables(wordle, 5)
    words, trie = kernel.word_trie(wordle, 5)
    for double, canonical in ((True, True), (False, False)):
        for key in ("ab", "sh", "tr"):
            rows, cells, by_rows = both_kernels(5, tables, words, trie, key, double, canonical)
            assert 0 < rows.nodes < cells.nodes


def both_kernels(size: int, tables, words: list[str], trie, key: str, double: bool, canonical: bool):
    """Every square whose first row starts with ``key``, by the row-by-row counting kernel and by the
    cell-by-cell search: asserts both finish with the same squares in the same order; returns (the counting
    search, the cell search, the squares)."""
    forced = np.full(size * size, -1)
    forced[:len(key)] = letter_codes(key)
    cells = kernel.SquareSearch(size, trie, forced, double=double, canonical=canonical)
    lo, hi = bisect.bisect_left(words, key), bisect.bisect_left(words, key + "{")
    rows = kernel.CountSearch(tables, lo, hi, double=double, canonical=canonical)
    by_rows = [tuple(row) for row in rows.run(10**9, 10**6)]
    by_cells = [tuple(row) for row in cells.run(10**9, 10**6)]
    assert rows.done and cells.done and by_rows == by_cells
    return rows, cells, by_rows


@needs_c
def test_the_counting_kernel_agrees_with_the_cell_by_cell_kernel_on_6x6():
    """6x6 rows past the second draw on column prefixes too deep for the precomputed bitsets (built from
    per-letter bitsets, only over the first letters the first column allows): the same squares in the same
    order as the cell-by-cell search."""
    lexicon = load_lexicon("english", min_commonness=3.0)
    tables = kernel.count_tables(lexicon, 6)
    words, trie = kernel.word_trie(lexicon, 6)
    checked = 0
    for double, canonical, key in ((True, True, "sta"), (False, False, "pla"), (False, True, "cha")):
        checked += len(both_kernels(6, tables, words, trie, key, double, canonical)[2])
    assert checked > 0


def reference_trie(words: list[str], length: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The trie by its definition: node 0 the empty prefix, then each depth's distinct prefixes in sorted
    order; child[node, letter], the mask of a node's children, and each full-length node's word index."""
    prefixes = [""] + [p for depth in range(1, length + 1) for p in sorted({w[:depth] for w in words})]
    number = {p: i for i, p in enumerate(prefixes)}
    child = np.full((len(prefixes), 26), -1, np.int32)
    mask = np.zeros(len(prefixes), np.uint32)
    word = np.full(len(prefixes), -1, np.int32)
    for p in prefixes[1:]:
        child[number[p[:-1]], ord(p[-1]) - 97] = number[p]
        mask[number[p[:-1]]] |= 1 << (ord(p[-1]) - 97)
    for index, w in enumerate(words):
        word[number[w]] = index
    return child, mask, word


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6).flatmap(lambda length: st.lists(st.text("abcdxyz", min_size=length, max_size=length),
                                                          unique=True, max_size=40)))
def test_property_build_trie_is_the_trie_of_the_words_in_any_order(words):
    """build_trie numbers nodes from the sorted words in one pass (re-sorting input given out of order)."""
    length = len(words[0]) if words else 3
    letters = np.array([letter_codes(w) for w in words], np.uint8).reshape(len(words), length)
    built = kernel.build_trie(letters)
    expected = reference_trie(words, length)
    for got, want in zip(built, expected):
        assert got.dtype == want.dtype and np.array_equal(got, want)


def packed_trie(words: list[str]) -> list[int]:
    """The counting kernel's packed trie built with numpy from :func:`kernel.build_trie`: per node its
    mask of children and, above bit 32, its first child (-1 as an unsigned 32-bit number for a leaf)."""
    child, mask, _ = kernel.build_trie(np.frombuffer("".join(words).encode(), np.uint8).reshape(len(words), -1) - 97)
    packed = []
    for node, bits in enumerate(mask.tolist()):
        first = int(child[node, (bits & -bits).bit_length() - 1]) if bits else -1
        packed.append(bits | (first & 0xFFFFFFFF) << 32)
    return packed


@needs_c
@settings(max_examples=60, deadline=None)
@given(words=st.integers(1, 6).flatmap(lambda size: st.lists(st.text("abcxyz", min_size=size, max_size=size),
                                                             min_size=1, max_size=60, unique=True)))
def test_the_tables_trie_built_in_c_is_the_numpy_trie(words):
    """The C code that builds the counting kernel's trie from the words' letters (no numpy) numbers and
    packs the nodes exactly as the numpy trie of the cell-by-cell kernel does."""
    words = sorted(words)
    tables = count_kernel.count_tables_of(tuple(words))
    assert list(tables.nodes) == packed_trie(words)
    assert tables.shallow == 1 + len({word[:1] for word in words}) + (len({word[:2] for word in words})
                                                                        if len(words[0]) > 1 else 0)


@needs_c
def test_the_tables_trie_of_a_real_list_is_the_numpy_trie(wordle):
    words = wordle.of_length(5).words
    assert list(kernel.count_tables(wordle, 5).nodes) == packed_trie(list(words))



@needs_c
def test_built_tables_are_kept_for_the_last_word_lists():
    """Every partition of a count asks for its word list's tables: the same list (or an equal one) gets
    the same tables back; the least recently used list's are dropped once TABLES_KEPT others were built."""
    words = ["".join(letters) for letters in itertools.product("abc", repeat=3)]
    lists = [tuple(words[n:n + 5]) for n in range(count_kernel.TABLES_KEPT + 1)]  # sorted, all different
    first = count_kernel.count_tables_of(lists[0])
    assert count_kernel.count_tables_of(lists[0]) is first
    assert count_kernel.count_tables_of(tuple(list(lists[0]))) is first  # an equal list, not the same tuple
    for words in lists[1:]:
        count_kernel.count_tables_of(words)
    assert count_kernel.count_tables_of(lists[0]) is not first and first.words == lists[0]
