#!/usr/bin/env python3
"""Grid measurements for docs/grid.md.

Usage: python benchmarks/grid.py [fill] [scored] [scored-list] [rectangles] [estimate] [big] [--seeds N]
       [--min-score Z] [--count-seconds S] [--samples N] [--big-seconds S] [--workers N]

* fill: each shipped 15x15 pattern filled from ``english`` with --seeds random seeds (30 s budget each), as
  ``grid fill`` does by default (crossword policy: no offensive or vulgar word; quality floors tried highest
  first): median wall time and median CPU time (the machine may be shared: CPU time is what the fill costs),
  nodes, restarts, the floor finished at and the fills' quality (the lowest and the mean fill score);
* scored: the same from ``english`` keeping only words whose score (familiarity) is at least --min-score;
* scored-list: the same from a ``word;score`` list read from a file (``english`` written out with each
  word's familiarity as its 0-100 score, familiarity / 0.06) at --min-score: the scored-list path end to end;
* rectangles: 5x6 and 6x7 double word rectangles counted over wordle-guesses-sized lists (the 12,972 most
  common words of each length in ``english``, all of them when fewer), for at most --count-seconds each
  (0: to the end), on --workers;
* estimate: the whole 5x6 and 6x7 counts estimated from --samples first-row partitions drawn with probability
  proportional to their estimated work (importance sampling: each drawn partition's CPU time and count,
  divided by its share of the work, estimate the totals; the spread of those ratios gives a rough error);
* big: a 7x8 double rectangle looked for in ``english-large`` for --big-seconds, with the rectangle kernel
  over first-row partitions in a random order (a few seconds each), and with the grid filler.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from puzzlewright.grid import FillOptions, Grid, fill_grid
from puzzlewright.grid.patterns import EVERYDAY_PATTERNS, pattern_grid
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.lexicon.policy import Use, publishable
from puzzlewright.budget import Budget

WORDLE_GUESSES_SIZE = 12_972


def fill_patterns(lexicon: Lexicon, seeds: int, label: str) -> None:
    fill_grid(Grid.parse(".../.../..."), lexicon)  # load the compiled kernel outside the timings
    walls, cpus, failures = [], [], 0
    for name in EVERYDAY_PATTERNS:
        for seed in range(seeds):
            wall, cpu = time.perf_counter(), time.process_time()
            result = fill_grid(pattern_grid(name), lexicon, FillOptions(random_seed=seed), Budget(seconds=30))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            walls.append(wall)
            cpus.append(cpu)
            failures += not result.fills
            quality = result.fills[0].quality() if result.fills else None
            floor = getattr(result, "floor", None)
            print(f"  {name} seed {seed}: {wall:.2f} s wall, {cpu:.2f} s CPU, {result.nodes} nodes, "
                  f"{result.restarts} restarts, floor {floor}, quality (lowest, mean) {quality}", flush=True)
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


def cpu_seconds() -> float:
    """CPU time of this process and its finished child processes (pool workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def count_rectangles_timed(lexicon: Lexicon, height: int, width: int, seconds: float, workers: int | None) -> None:
    from puzzlewright.grid.rectangles import rectangle_job
    from puzzlewright.parallel import run_job

    words = common_words(lexicon, sorted({height, width}), WORDLE_GUESSES_SIZE)
    sizes = {length: len(words.of_length(length)) for length in (height, width)}
    limit = seconds or None
    job = rectangle_job(words, height, width, double=True, keep=False,
                        deadline=None if limit is None else time.time() + limit)
    cpu = cpu_seconds()
    result = run_job(job, workers=workers, time_limit=limit, progress=False)
    cpu = cpu_seconds() - cpu
    state = "complete" if result.complete else f"stopped after {len(result.partitions)} of {result.total} partitions"
    print(f"{height}x{width} double rectangles over {sizes}: {result.count:,} ({state}), "
          f"{int(result.stats().get('nodes', 0)):,} nodes in {result.elapsed_s:.1f} s wall on {result.workers} workers "
          f"({cpu:.1f} s CPU, workers included)",
          flush=True)


def estimate_count(lexicon: Lexicon, height: int, width: int, samples: int) -> None:
    """Estimate a whole double-rectangle count (CPU time and rectangles) from partitions drawn in proportion
    to their estimated work, each counted to the end in this process."""
    from puzzlewright.grid.rectangles import count_partition, rectangle_job

    words = common_words(lexicon, sorted({height, width}), WORDLE_GUESSES_SIZE)
    job = rectangle_job(words, height, width, double=True, keep=False, deadline=None)
    partitions = job.partitions()
    total = sum(partition.size for partition in partitions)
    job.prepare()
    drawn = random.Random(0).choices(partitions, weights=[partition.size for partition in partitions], k=samples)
    cpu_ratios, count_ratios = [], []
    for partition in drawn:
        share = partition.size / total
        cpu = time.process_time()
        found, nodes, _ = count_partition(job.lexicon, job.options, partition.key)
        cpu = time.process_time() - cpu
        cpu_ratios.append(cpu / share)
        count_ratios.append(len(found) / share)
        print(f"  {height}x{width} partition {partition.key!r} ({share:.2%} of the work): {len(found):,} rectangles, "
              f"{nodes:,} nodes, {cpu:.2f} s CPU", flush=True)
    spread = statistics.stdev(cpu_ratios) / len(cpu_ratios) ** 0.5 if len(cpu_ratios) > 1 else 0.0
    print(f"{height}x{width} double over {len(partitions)} partitions, estimated from {samples}: "
          f"{statistics.mean(count_ratios):,.0f} rectangles, {statistics.mean(cpu_ratios):,.0f} s CPU "
          f"(+- {spread:,.0f})\n", flush=True)


def scored_list(lexicon: Lexicon, folder: Path) -> Lexicon:
    """``lexicon`` written out as a constructors' ``word;score`` list (score = familiarity / 0.06, 0-100)
    and read back through the scored-list loader."""
    from puzzlewright.lexicon.formats import SCORE_TO_FAMILIARITY

    path = folder / "english-scored.txt"
    lines = (f"{word};{min(100, round(float(score) / SCORE_TO_FAMILIARITY))}\n"
             for word, score in zip(lexicon.words, lexicon.familiarity_values))
    path.write_text("".join(lines))
    return load_lexicon(path, format="scored")


def big_rectangle(seconds: float) -> None:
    """A 7x8 double rectangle from english-large: the rectangle kernel over random first-row partitions,
    then the grid filler, each for ``seconds``."""
    from puzzlewright.grid.rectangles import RectangleOptions, count_partition, rectangle_partitions

    lexicon = load_lexicon("english-large").filter(lengths=[7, 8])
    options = RectangleOptions(7, 8, double=True, partitions=512)
    keys = rectangle_partitions(lexicon, options)
    random.Random(0).shuffle(keys)
    started, nodes, tried, found = time.perf_counter(), 0, 0, []
    for key in keys:
        left = seconds - (time.perf_counter() - started)
        if left <= 0 or found:
            break
        found, used, done = count_partition(lexicon, options, key, budget=Budget(seconds=min(5.0, left)))
        nodes, tried = nodes + used, tried + 1
    elapsed = time.perf_counter() - started
    print(f"7x8 double rectangles, kernel over {tried} of {len(keys)} random first-row partitions (5 s each): "
          f"{len(found)} found, {nodes:,} nodes in {elapsed:.1f} s" + ("".join(
              "\n  " + "/".join(rows) for rows in found[:3])), flush=True)
    started = time.perf_counter()
    result = fill_grid(Grid.empty(7, 8), lexicon, FillOptions(random_seed=0), Budget(seconds=seconds))
    elapsed = time.perf_counter() - started
    if result.fills:
        print(f"filler: a 7x8 double rectangle in {elapsed:.1f} s ({result.nodes:,} nodes, {result.restarts} "
              f"restarts):\n" + result.fills[0].grid.render())
    else:
        print(f"filler: none found in {elapsed:.1f} s ({result.nodes:,} nodes, {result.restarts} restarts): "
              f"{result.stopped or result.explanation}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", default=["fill", "scored", "scored-list", "rectangles", "big"])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--min-score", type=float, default=2.0)
    parser.add_argument("--count-seconds", type=float, default=0.0)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--big-seconds", type=float, default=300.0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    english = load_lexicon("english")
    if "fill" in args.parts:
        fill_patterns(publishable(english, Use.CROSSWORD), args.seeds, "english (crossword policy)")
    if "scored" in args.parts:
        fill_patterns(english.filter(min_commonness=args.min_score), args.seeds, f"english, score >= {args.min_score}")
    if "scored-list" in args.parts:
        with tempfile.TemporaryDirectory() as folder:
            words = scored_list(english, Path(folder)).filter(min_commonness=args.min_score)
            fill_patterns(words, args.seeds, f"a word;score list, score >= {args.min_score} (list score >= {args.min_score / 0.06:.1f})")
    if "rectangles" in args.parts:
        for height, width in ((5, 6), (6, 7)):
            count_rectangles_timed(english, height, width, args.count_seconds, args.workers)
    if "estimate" in args.parts:
        for height, width in ((5, 6), (6, 7)):
            estimate_count(english, height, width, args.samples)
    if "big" in args.parts:
        big_rectangle(args.big_seconds)


if __name__ == "__main__":
    main()
