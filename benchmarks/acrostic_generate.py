#!/usr/bin/env python3
"""How long `acrostic generate --unique` takes per puzzle: drawn from the catalogue of every square (once it
is made) against the random search the generator used before issue 15, in the same run.

Usage: python benchmarks/acrostic_generate.py [--size 6] [--dict english] [--min-commonness 3]
                                              [--puzzles 12] [--time-limit 60] [--cli-runs 7] [--no-baseline]

* the catalogue, made from scratch in a fresh cache folder: seconds and kernel nodes (paid once per word
  list, size and floor; the package ships it for ``english`` at the default floor);
* in process: puzzles 0..K-1 of one run (random seed 1), each timed alone (the dictionary and its tries
  are built before timing), from the catalogue and, alternated puzzle by puzzle, by random search (the
  generator before issue 15, which the generator still uses where the space is too large to list):
  medians, the ratio, and how many distinct squares each made;
* end to end: `puzzlewright acrostic generate --size N --unique --random-seed i` in a new process
  (i = 1..R) with the catalogue made (shipped, or in the cache folder), the median wall time (what a user
  waits) and CPU time.

Every puzzle is re-checked: unique under the whole dictionary, every row and column a word.
The machine's load average is printed with the figures: they scale with how busy its cores are.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from unittest import mock

import numpy as np

from puzzlewright.acrostic import GenerateOptions, catalogue, generate_one, generator, solve_puzzle
from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.lexicon import load_lexicon
from puzzlewright.budget import Budget


def timed_puzzle(lexicon, options: GenerateOptions, index: int, seconds: float) -> tuple[float, str | None]:
    """Seconds to make puzzle ``index`` and its square (None when the time limit ran out first)."""
    started = time.perf_counter()
    try:
        made = generate_one(lexicon, options, index, Budget(seconds=seconds))
    except BudgetExceeded:
        return time.perf_counter() - started, None
    elapsed = time.perf_counter() - started
    check(made, lexicon)
    return elapsed, str(made.solution)


def check(made, lexicon) -> None:
    """Fail loudly unless the puzzle is sound: its square is its only solution, every line a word."""
    assert all(word in lexicon for word in made.solution.words), made.solution
    result = solve_puzzle(made.puzzle, lexicon, limit=2)
    assert made.unique and [str(s) for s in result.solutions] == [str(made.solution)], made.solution


def describe(name: str, times: list[float], squares: list[str | None], seconds: float) -> float:
    found = [s for s in squares if s is not None]
    median = float(np.median(times))
    print(f"  {name}: median {median:.2f} s (range {min(times):.2f}-{max(times):.2f} s; "
          f"{len(found)}/{len(times)} found within {seconds:g} s; {len(set(found))} distinct squares)")
    return median


def make_catalogue(words, size: int) -> None:
    """Time making the catalogue in a fresh cache folder (the compiled kernel loaded first: not timed)."""
    from puzzlewright.acrostic.kernel import kernel_backend

    kernel_backend()
    with tempfile.TemporaryDirectory() as fresh, mock.patch.dict(os.environ, {"PUZZLEWRIGHT_CACHE": fresh}):
        started = time.perf_counter()
        if not catalogue.worth_cataloguing(words, size):
            print(f"  the space is too large to list (estimate {catalogue.estimated_nodes(words, size):.3g} nodes): "
                  "the generator searches at random")
            return
        made = catalogue.list_squares(words, size)  # not the package's shipped copy
        print(f"  catalogue made from scratch: {time.perf_counter() - started:.1f} s, {made.nodes:,} kernel nodes, "
              f"{len(made.squares)} squares (x2 with their transposes) of {len(words.of_length(size)):,} words")


def in_process(args: argparse.Namespace) -> None:
    lexicon = load_lexicon(args.dict)
    options = GenerateOptions(args.size, unique=True, min_commonness=args.min_commonness, random_seed=1)
    words = generator.construction_words(lexicon, args.size, args.min_commonness)
    print(f"{args.size}x{args.size} --unique, {args.dict}, commonness >= {args.min_commonness:g}, "
          f"{args.puzzles} puzzles (in process):")
    make_catalogue(words, args.size)
    if catalogue.worth_cataloguing(words, args.size):
        catalogue.square_catalogue(words, args.size)  # in the benchmark's own cache folder, before timing
    from puzzlewright.acrostic.kernel import word_trie
    word_trie(words, args.size), word_trie(lexicon, args.size)  # built once per process: not timed
    ours: tuple[list, list] = ([], [])
    baseline: tuple[list, list] = ([], [])
    for index in range(args.puzzles):
        for times, squares, search in ((ours[0], ours[1], False), (baseline[0], baseline[1], True)):
            if search and args.no_baseline:
                continue
            with mock.patch.object(catalogue, "worth_cataloguing", lambda *_: False) if search else nullcontext():
                elapsed, square = timed_puzzle(lexicon, options, index, args.time_limit)
            times.append(elapsed)
            squares.append(square)
            print(f"    puzzle {index} {'random search' if search else 'generator'}: {elapsed:.2f} s {square}",
                  flush=True)
    median = describe("generator (catalogue when the space is small)", *ours, args.time_limit)
    if not args.no_baseline:
        before = describe("random search (before)", *baseline, args.time_limit)
        print(f"  ratio: {before / median:.1f}x faster (medians; a time-out counts as its time limit)")


def end_to_end(args: argparse.Namespace) -> None:
    command = [os.path.join(os.path.dirname(sys.executable), "puzzlewright"), "acrostic", "generate", "--size", str(args.size), "--unique",
               "--dict", args.dict, "--min-commonness", str(args.min_commonness),
               "--time-limit", str(args.time_limit)]
    times, cpus = [], []
    for seed in range(1, args.cli_runs + 1):
        started, cpu = time.perf_counter(), children_cpu()
        done = subprocess.run(command + ["--random-seed", str(seed)], capture_output=True, text=True)
        times.append(time.perf_counter() - started)
        cpus.append(children_cpu() - cpu)
        print(f"    seed {seed}: {times[-1]:.2f} s ({cpus[-1]:.2f} s CPU) {done.stdout.strip() or done.stderr.strip()}",
              flush=True)
    print(f"  end to end (puzzlewright {' '.join(command[1:])} --random-seed 1..{args.cli_runs}): median {np.median(times):.2f} s "
          f"(range {min(times):.2f}-{max(times):.2f} s), median {np.median(cpus):.2f} s CPU")


def children_cpu() -> float:
    """CPU seconds of this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--dict", default="english")
    parser.add_argument("--min-commonness", type=float, default=3.0)
    parser.add_argument("--puzzles", type=int, default=12)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--cli-runs", type=int, default=7)
    parser.add_argument("--no-baseline", action="store_true", help="skip the uniform-order runs")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    try:
        in_process(args)
    except PuzzleInputError as error:
        print(f"  {error}")
    if args.cli_runs:
        end_to_end(args)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
