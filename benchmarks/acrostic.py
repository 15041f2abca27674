#!/usr/bin/env python3
"""Long acrostic measurements that `python benchmarks/run_all.py acrostic` only samples.

Usage: python benchmarks/acrostic.py [--port-seconds S] [--generate-seconds S]

* the seed article's method (the Python port in benchmarks/bench/acrostic.py) on the 4x4 puzzle, run for
  up to --port-seconds (default 600: long enough to finish on most machines, so the ratio is measured
  rather than extrapolated), against our solver in the same process;
* 7x7 unique puzzles generated from english-large for --generate-seconds (default 60): how many, and
  the time of each.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bench import median_time
from bench.acrostic import multiset_permutations, seed_port_solve
from puzzlewright.acrostic import GenerateOptions, Puzzle, generate_one, solve_puzzle
from puzzlewright.lexicon import load_lexicon


def seed_port_versus_ours(seconds: float) -> None:
    lexicon = load_lexicon("acrostic-4")
    seed, pool = "eras", "ceeiklmorstw"
    puzzle = Puzzle.from_seed(seed, pool)
    ours = median_time(lambda: solve_puzzle(puzzle, lexicon, limit=None), repeat=50)
    started = time.perf_counter()
    solutions, tested, finished = seed_port_solve(seed, pool, list(lexicon.words), seconds)
    port = time.perf_counter() - started
    total = multiset_permutations(list(pool))
    if not finished:
        port = port * total / tested
    found = ["".join(chr(97 + x) for x in s) for s in solutions]
    print(f"4x4 eras, all solutions: ours {ours * 1000:.3f} ms (median); seed port "
          f"{'measured' if finished else 'extrapolated'} {port:.1f} s over {tested:,} of {total:,} permutations "
          f"(found {found}); ratio {port / ours:,.0f}x")


def generate_7x7(seconds: float) -> None:
    lexicon = load_lexicon("english-large")
    options = GenerateOptions(7, unique=True, min_commonness=None, random_seed=1)
    started = time.perf_counter()
    times = []
    index = 0
    while time.perf_counter() - started < seconds:
        begun = time.perf_counter()
        generated = generate_one(lexicon, options, index)
        times.append(time.perf_counter() - begun)
        print(f"  {generated.puzzle.seed} {generated.puzzle.pool}  ({times[-1]:.1f} s, unique={generated.unique})",
              flush=True)
        index += 1
    print(f"7x7 unique from english-large: {len(times)} puzzles in {time.perf_counter() - started:.0f} s "
          f"(median {np.median(times):.1f} s each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-seconds", type=float, default=600.0)
    parser.add_argument("--generate-seconds", type=float, default=60.0)
    args = parser.parse_args()
    seed_port_versus_ours(args.port_seconds)
    generate_7x7(args.generate_seconds)


if __name__ == "__main__":
    main()
