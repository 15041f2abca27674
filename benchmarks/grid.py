#!/usr/bin/env python3
"""Grid measurements for docs/grid.md.

Usage: python benchmarks/grid.py [fill] [scored] [rectangles] [big] [--seeds N] [--min-score Z] [--count-seconds S]
       [--big-seconds S] [--workers N]

* fill: each shipped 15x15 pattern filled from ``english`` with --seeds random seeds (30 s budget each):
  median wall time and median CPU time (the machine may be shared: CPU time is what the fill costs), nodes,
  restarts and the fills' quality;
* scored: the same from ``english`` keeping only words of Zipf >= --min-score.
* rectangles: 5x6 and 6x7 double word rectangles counted over wordle-guesses-sized lists (the 12,972 most
  common words of each length in ``english``, all of them when fewer), --count-seconds each, --workers.
* big: a 7x8 double rectangle searched for in ``english-large`` with the grid filler for --big-seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from puzzlewright.grid import FillOptions, Grid, fill_grid
from puzzlewright.grid.patterns import PATTERNS, pattern_grid
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.search import Budget

WORDLE_GUESSES_SIZE = 12_972


def fill_patterns(lexicon: Lexicon, seeds: int, label: str) -> None:
    fill_grid(Grid.parse(".../.../..."), lexicon)  # load the compiled kernel outside the timings
    walls, cpus, failures = [], [], 0
    for name in PATTERNS:
        for seed in range(seeds):
            wall, cpu = time.perf_counter(), time.process_time()
            result = fill_grid(pattern_grid(name), lexicon, FillOptions(random_seed=seed), Budget(seconds=30))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            walls.append(wall)
            cpus.append(cpu)
            failures += not result.fills
            quality = result.fills[0].quality() if result.fills else None
            print(f"  {name} seed {seed}: {wall:.2f} s wall, {cpu:.2f} s CPU, {result.nodes} nodes, "
                  f"{result.restarts} restarts, quality (lowest, mean) {quality}", flush=True)
    print(f"{label}: {len(walls)} fills, median {statistics.median(walls):.2f} s wall / "
          f"{statistics.median(cpus):.2f} s CPU, max {max(walls):.2f} s wall, {failures} not filled in 30 s\n")


def common_words(lexicon: Lexicon, lengths: list[int], size: int) -> Lexicon:
    """The ``size`` most common words of each length (all of them when fewer)."""
    keep = []
    for length in lengths:
        table = lexicon.of_length(length)
        order = sorted(range(len(table)), key=lambda i: -float(table.zipf[i]))[:size]
        keep += [table.words[i] for i in order]
    return Lexicon(keep, [lexicon.zipf_of(w) for w in keep], name=f"{lexicon.name} top {size:,} per length")


def count_rectangles_timed(lexicon: Lexicon, height: int, width: int, seconds: float, workers: int | None) -> None:
    from puzzlewright.grid.rectangles import rectangle_job
    from puzzlewright.parallel import run_job

    words = common_words(lexicon, sorted({height, width}), WORDLE_GUESSES_SIZE)
    sizes = {length: len(words.of_length(length)) for length in (height, width)}
    job = rectangle_job(words, height, width, double=True, keep=False, deadline=time.time() + seconds)
    result = run_job(job, workers=workers, time_limit=seconds, progress=False)
    state = "complete" if result.complete else f"stopped after {len(result.partitions)} of {result.total} partitions"
    print(f"{height}x{width} double rectangles over {sizes}: {result.count:,} ({state}), "
          f"{int(result.stats().get('nodes', 0)):,} nodes in {result.elapsed_s:.1f} s on {result.workers} workers",
          flush=True)


def big_rectangle(seconds: float) -> None:
    lexicon = load_lexicon("english-large")
    started = time.perf_counter()
    result = fill_grid(Grid.empty(7, 8), lexicon, FillOptions(random_seed=0), Budget(seconds=seconds))
    elapsed = time.perf_counter() - started
    if result.fills:
        print(f"7x8 double rectangle from english-large in {elapsed:.1f} s ({result.nodes:,} nodes, "
              f"{result.restarts} restarts):\n" + result.fills[0].grid.render())
    else:
        print(f"no 7x8 double rectangle found in {elapsed:.1f} s ({result.nodes:,} nodes, {result.restarts} "
              f"restarts): {result.stopped or result.explanation}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", default=["fill", "scored", "rectangles", "big"])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--min-score", type=float, default=2.0)
    parser.add_argument("--count-seconds", type=float, default=300.0)
    parser.add_argument("--big-seconds", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    english = load_lexicon("english")
    if "fill" in args.parts:
        fill_patterns(english, args.seeds, "english")
    if "scored" in args.parts:
        fill_patterns(english.filter(min_commonness=args.min_score), args.seeds, f"english, Zipf >= {args.min_score}")
    if "rectangles" in args.parts:
        for height, width in ((5, 6), (6, 7)):
            count_rectangles_timed(english, height, width, args.count_seconds, args.workers)
    if "big" in args.parts:
        big_rectangle(args.big_seconds)


if __name__ == "__main__":
    main()
