"""Dense-acrostic benchmarks: solving against the seed article's best pure-script method, large solves,
counting squares, generating puzzles, and the CLI end to end.

The baseline is a faithful Python port of the article's fastest plain-script solver: multiset
permutations of the pool in Cool-lex order (the linked-list algorithm of its ``multipermute`` library),
reading each permutation from the list's tail and abandoning it as soon as a completed row fails the
three-letter prefix table, then testing the columns. It runs in the same process, on the same puzzle,
under a time cap; its time for the whole search is extrapolated from the permutations per second it
reached (the number of permutations is known exactly), and the ratio is printed against that.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable

import numpy as np

from bench import BenchResult, command_time, median_time
from puzzlewright.lexicon import Lexicon, load_lexicon

SEED_PUZZLES = (("eras", "ceeiklmorstw", "acrostic-4", 0.001), ("older", "aaaaaddeeeelmmnrrrvv", "wordle-answers", 0.001))
LARGE_TARGET_S = 0.100
COUNT_TARGET_S = 0.5
GENERATE_TARGET_RATE = 20.0  # puzzles per second for 4x4 and 5x5
GENERATE_6_TARGET_S = 2.0


# -- the seed article's method, ported ------------------------------------------------------------


class _Node:
    """A node of the Cool-lex linked list: value (rank of the letter), the letter itself, next node."""

    __slots__ = ("v", "r", "n")

    def __init__(self, v: int, r: int, n: _Node | None):
        self.v, self.r, self.n = v, r, n


def _word_table(words: list[str], size: int) -> dict[int, int]:
    """The article's ``masks3``: the first size-1 letters packed 5 bits each -> mask of last letters."""
    table: dict[int, int] = {}
    for word in words:
        key = 0
        for ch in word[:-1]:
            key = (key << 5) + ord(ch) - 97
        table[key] = table.get(key, 0) | (1 << (ord(word[-1]) - 97))
    return table


def multiset_permutations(letters: list[int]) -> int:
    """How many distinct orders the letters have (n! over the product of the repeats' factorials)."""
    total = math.factorial(len(letters))
    for repeats in Counter(letters).values():
        total //= math.factorial(repeats)
    return total


def seed_port_solve(seed: str, pool: str, words: list[str], seconds: float) -> tuple[list[list[int]], int, bool]:
    """All solutions by the article's Cool-lex + short-circuit method, for at most ``seconds``.

    Returns (solutions as letter lists, permutations tested, finished).
    """
    size = len(seed)
    table = _word_table([w for w in words if len(w) == size], size)

    def is_word(p: list[int], at: int) -> bool:
        key = 0
        for i in range(at, at + size - 1):
            key = (key << 5) + p[i]
        return bool(table.get(key, 0) >> p[at + size - 1] & 1)

    seed_ints = [ord(ch) - 97 for ch in seed]
    # ms2permutation: remap distinct letters in order of appearance, multiplicities, then sorted ranks
    remap: list[int] = []
    mults: list[int] = []
    counts = Counter(ord(ch) - 97 for ch in pool)
    for letter in (ord(ch) - 97 for ch in pool):
        if letter in counts:
            remap.append(letter)
            mults.append(counts.pop(letter))
    p = [rank for rank, m in enumerate(mults) for _ in range(m)]
    length = len(p)
    out = [0] * length

    def visit(h: _Node) -> list[int] | None:  # mp_visitB: fill from the end, test each completed row
        for i in range(length - 1, -1, -1):
            out[i] = h.r
            h = h.n
            if i % size == 0 and not is_word(out, i):
                return None
        return out

    def is_solution_down(ints: list[int]) -> bool:
        for j in range(size):
            key = seed_ints[j]
            for i in range(j, j + size * (size - 2), size):
                key = (key << 5) + ints[i]
            if not table.get(key, 0) >> ints[j + size * (size - 2)] & 1:
                return False
        return True

    h = _Node(p[0], remap[p[0]], None)
    i = j = h
    if length > 1:
        h = i = _Node(p[1], remap[p[1]], h)
    for k in range(2, length):
        h = _Node(p[k], remap[p[k]], h)
    solutions: list[list[int]] = []
    tested = 1
    deadline = time.perf_counter() + seconds
    x = visit(h)
    if x is not None and is_solution_down(x):
        solutions.append(list(x))
    while True:
        if j.n is not None:
            s = j if i.v >= j.n.v else i
        elif j.v >= h.v:
            return solutions, tested, True
        else:
            s = i
        t = s.n
        s.n = t.n
        t.n = h
        if t.v < h.v:
            i = t
        j = i.n
        h = t
        tested += 1
        x = visit(h)
        if x is not None and is_solution_down(x):
            solutions.append(list(x))
        if tested & 0xFFFF == 0 and time.perf_counter() > deadline:
            return solutions, tested, False


def seed_port_estimate(seed: str, pool: str, words: list[str], seconds: float) -> tuple[float, str]:
    """The port's time for the whole search (measured if it finished, else extrapolated) and a note."""
    started = time.perf_counter()
    solutions, tested, finished = seed_port_solve(seed, pool, words, seconds)
    elapsed = time.perf_counter() - started
    total = multiset_permutations(list(pool))
    if finished:
        return elapsed, f"seed port finished: {tested:,} permutations, {len(solutions)} solution(s)"
    estimate = elapsed * total / tested
    return estimate, (f"seed port extrapolated: {tested:,} of {total:,} permutations in {elapsed:.1f} s "
                      f"({tested / elapsed:,.0f}/s)")


# -- a straightforward cell-by-cell count, for the counting baseline --------------------------------


def naive_cell_count(words: list[str], size: int, first_rows: set[str]) -> int:
    """Double, canonical squares by a plain pure-Python cell-by-cell prefix search (baseline)."""
    vocabulary = set(words)
    prefixes = {w[:k] for w in words for k in range(size + 1)}
    grid = [[""] * size for _ in range(size)]
    found = 0

    def place(cell: int) -> None:
        nonlocal found
        if cell == size * size:
            rows = ["".join(r) for r in grid]
            cols = ["".join(grid[r][c] for r in range(size)) for c in range(size)]
            if len(set(rows) | set(cols)) == 2 * size and rows[0] < cols[0] and rows[0] in first_rows:
                found += 1
            return
        r, c = divmod(cell, size)
        row_prefix = "".join(grid[r][:c])
        col_prefix = "".join(grid[i][c] for i in range(r))
        for letter in "abcdefghijklmnopqrstuvwxyz":
            if row_prefix + letter in prefixes and col_prefix + letter in prefixes:
                if c == size - 1 and row_prefix + letter not in vocabulary:
                    continue
                grid[r][c] = letter
                place(cell + 1)
        grid[r][c] = ""

    for first in sorted(first_rows):
        grid[0] = list(first)
        place(size)
    return found


# -- the benchmark rows --------------------------------------------------------------------------


def _solve_all(seed: str, pool: str, lexicon: Lexicon) -> Callable[[], object]:
    from puzzlewright.acrostic import Puzzle, solve_puzzle

    puzzle = Puzzle.from_seed(seed, pool)
    return lambda: solve_puzzle(puzzle, lexicon, limit=None)


def _seed_rows(quick: bool) -> list[BenchResult]:
    rows = []
    for seed, pool, dictionary, target in SEED_PUZZLES:
        lexicon = load_lexicon(dictionary)
        ours = median_time(_solve_all(seed, pool, lexicon), repeat=20 if quick else 100)
        baseline, note = seed_port_estimate(seed, pool, list(lexicon.words), 3.0 if quick else 20.0)
        rows.append(BenchResult("acrostic", f"{len(seed)}x{len(seed)} {seed} all solutions ({dictionary})", ours,
                                target, baseline, note))
    return rows


# seed + pool puzzles made from random double word squares of today's english-large: random_square(english-large,
# size, np.random.default_rng(k)) for k = 0-9 (6x6) and the first four k that gave a 7x7 square (89, 131,
# 135, 157). The lists of 29 November no longer fit the dictionary (6 of the 10 6x6 seeds are not words any
# more and none of the 14 puzzles has a solution): the first six of them are kept as UNCHECKED_PUZZLES.
LARGE_PUZZLES = {
    6: (("lubber", "aaaaceeeeeiiilllnnnoorssssstvz"), ("jnanas", "aaaeeeehiiilmnooprrrrrssstttty"),
        ("hemins", "aaccceeeeehhiiillnnoorsssstttt"), ("uckers", "aaaaeeeegiiklnnnnnorrrssstttty"),
        ("dzeren", "aaabccdeeeeeeelllmnnoorssssstu"), ("hymens", "aaccddeeeeeeehhiiiilnnnrssstty"),
        ("mycele", "aaaabcddeeeeeeeiimnnnprrrrrsst"), ("glassy", "aaabbdddeeeeeeikllnorssstttuuv"),
        ("ynambu", "aaabeeeeeeiiiilmnnorrrrrsssttu"), ("mzungu", "aacceeeeegiiiiillnnnnoossssstv")),
    7: (("dextran", "aceeeeeegiiiiillmnnnoooooprrrrssssssstttty"),
        ("vitiate", "aaaaddeeeeeeggiiiilmmnnnnnnnooprrsssssttuw"),
        ("mcphail", "aaaaaaacccdeeeeeeiiikklmnnnnoorrrssstttttu"),
        ("sshaped", "aaaccdeeeeeeefhiiiiiiiilllmnnoppprrrrssttu")),
}
# 6x6 puzzles whose seed is not a word of english-large: solved with the given row left unchecked
UNCHECKED_PUZZLES = (("sprank", "aaaaaabeeeffiillllmmoopprrrstu"), ("piskun", "aaaaaaeeehilmmnnoooprrrsstttty"),
                     ("dvaita", "aaadddeeeeehiimoooprrrssstttuu"), ("detant", "aaaaccceeeiiillmnnnoorrsssttvv"),
                     ("atinga", "aacdehhiiikmmnnnnooooorsssttty"), ("buists", "aaaaaeeeeeggiikllnnorrsssstttw"))


def _large_rows(quick: bool) -> list[BenchResult]:
    lexicon = load_lexicon("english-large")
    rows = []
    for name, puzzles in ((f"{size}x{size} english-large puzzle", LARGE_PUZZLES[size]) for size in LARGE_PUZZLES):
        rows.append(_solve_row(name, puzzles[:2] if quick else puzzles, lexicon))
    rows.append(_solve_row("6x6 english-large puzzle, seed not a word", UNCHECKED_PUZZLES[:2] if quick
                           else UNCHECKED_PUZZLES, lexicon))
    return rows


def _solve_row(name: str, puzzles: tuple[tuple[str, str], ...], lexicon: Lexicon) -> BenchResult:
    """The median over ``puzzles`` of each one's median time to find all its solutions; the note says how
    many have one (a puzzle list made from an older dictionary shows here)."""
    from puzzlewright.acrostic import Puzzle, solve_puzzle

    times = sorted(median_time(_solve_all(seed, pool, lexicon), repeat=3, warmup=1) for seed, pool in puzzles)
    solved = sum(bool(solve_puzzle(Puzzle.from_seed(seed, pool), lexicon, limit=1).solutions) for seed, pool in puzzles)
    return BenchResult("acrostic", f"{name}, all solutions (median of {len(puzzles)})", float(np.median(times)),
                       LARGE_TARGET_S, note=f"slowest {times[-1] * 1000:.0f} ms; {solved} of {len(puzzles)} solvable")


def _count_rows(quick: bool) -> list[BenchResult]:
    from puzzlewright.acrostic.count import CountOptions, count_partition, count_partitions, count_squares

    wordle = load_lexicon("wordle-answers")
    options = CountOptions(5, double=True, canonical=True)
    result = count_squares(wordle, options)
    ours = median_time(lambda: count_squares(wordle, options), repeat=5 if quick else 11)
    # the plain cell-by-cell baseline, on the first partitions only (it would take ~14 s for all)
    keys = count_partitions(wordle, options)[:4 if quick else 12]
    first_rows = {w for w in wordle.of_length(5).words if any(w.startswith(k) for k in keys)}
    started = time.perf_counter()
    naive = naive_cell_count(list(wordle.of_length(5).words), 5, first_rows)
    naive_s = time.perf_counter() - started
    ours_part = median_time(lambda: [count_partition(wordle, options, k) for k in keys], repeat=5)
    ours_count = sum(len(count_partition(wordle, options, k).squares) for k in keys)
    rows = [
        BenchResult("acrostic", f"count 5x5 double canonical, wordle-answers: {result.count} squares", ours,
                    COUNT_TARGET_S, note=f"{result.nodes:,} nodes"),
        BenchResult("acrostic", f"count, first {len(keys)} partitions ({len(first_rows)} first rows): "
                    f"{ours_count} squares", ours_part, None, naive_s,
                    f"baseline: pure-Python cell-by-cell, found {naive}"),
    ]
    if not quick:
        english = load_lexicon("english")
        full = count_squares(english, options)
        rows.append(BenchResult("acrostic", f"count 5x5 double canonical, english ({len(english.of_length(5)):,} "
                                f"words): {full.count:,} squares", full.elapsed_s, None,
                                note=f"{full.nodes:,} nodes, one run"))
    return rows


def _generate_rows(quick: bool) -> list[BenchResult]:
    from puzzlewright.acrostic import GenerateOptions, generate_one

    english = load_lexicon("english")
    rows = []
    for size, floor, count in ((4, 3.0, 40), (5, 3.0, 40)):
        count = count // 4 if quick else count
        options = GenerateOptions(size, unique=True, min_commonness=floor, random_seed=1)
        generate_one(english, options, count)  # warm up: kernel, tries, caches
        started = time.perf_counter()
        for index in range(count):
            generate_one(english, options, index)
        per_puzzle = (time.perf_counter() - started) / count
        rows.append(BenchResult("acrostic", f"generate {size}x{size} unique, english, min commonness {floor:g}: "
                                f"{1 / per_puzzle:.0f} puzzles/s", per_puzzle, 1 / GENERATE_TARGET_RATE))
    six = GenerateOptions(6, unique=True, min_commonness=2.0, random_seed=1)
    times = []
    for index in range(2 if quick else 7):
        started = time.perf_counter()
        generate_one(english, six, index)
        times.append(time.perf_counter() - started)
    rows.append(BenchResult("acrostic", f"generate 6x6 unique, english, min commonness 2 (median of {len(times)})",
                            float(np.median(times)), GENERATE_6_TARGET_S))
    return rows


def run(quick: bool = False) -> list[BenchResult]:
    rows = _seed_rows(quick) + _large_rows(quick) + _count_rows(quick) + _generate_rows(quick)
    cli = command_time(["acrostic", "solve", "eras", "ceeiklmorstw", "--dict", "acrostic-4", "--all"],
                       repeat=3 if quick else 7)
    rows.append(BenchResult("acrostic", "`acrostic solve eras ... --all` end to end", cli, 0.300))
    return rows
