"""Wordle Doodle time of two checkouts, interleaved in one run: a change's cost against its baseline.

    python benchmarks/wordle_versions.py BEFORE_SRC AFTER_SRC [--rounds 5]

Each round starts, for each checkout (its ``src`` directory on PYTHONPATH), a fresh Python that builds the
Doodler of ``bench/wordle.py`` (answer ``crane`` over ``wordle-guesses``), doodles its 6-row grid of
yellow/grey mixes 20 times untimed, then 300 times timed (per row: the time of the 6-row call / 6), and
times the precompute 50 times. Prints the medians of the rounds' median wall and CPU times and the
after/before ratios; alternating the checkouts makes both see the same machine load.
"""

from __future__ import annotations

import sys

from bench import compare_checkouts, versions_arguments

TIMED = r"""
import json, statistics, time
from puzzlewright.lexicon import load_lexicon
from puzzlewright.wordle.doodler import Doodler
from puzzlewright.wordle.model import parse_grid
from puzzlewright.wordle.words import word_pool
guesses = word_pool(load_lexicon("wordle-guesses"), 5)
grid = parse_grid(["BYBBB", "YBYYB", "BYYBY", "GBYBY", "GYGBY", "GGGGG"], 5)

def timed(work, repeat):
    wall, cpu = [], []
    for _ in range(repeat):
        started, cpu_started = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    return [statistics.median(wall), statistics.median(cpu)]

doodler = Doodler("crane", guesses)
for _ in range(20):
    doodler.doodle(grid, seed=1)
row = [t / len(grid) for t in timed(lambda: doodler.doodle(grid, seed=1), 300)]
precompute = timed(lambda: Doodler("crane", guesses), 50)
print(json.dumps({"Doodle one row (6-row grid / 6)": row, "Doodle precompute": precompute}))
"""


def main(argv: list[str] | None = None) -> int:
    compare_checkouts(versions_arguments(__doc__.splitlines()[0], argv), TIMED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
