"""Acrostic solve time of two checkouts, interleaved in one run: a change's cost against its baseline.

    python benchmarks/acrostic_versions.py BEFORE_SRC AFTER_SRC [--rounds 5]

Each round starts, for each checkout (its ``src`` directory on PYTHONPATH), a fresh Python that solves
the README's two seed puzzles for all their solutions (``eras`` over ``acrostic-4``, ``older`` over
``wordle-answers``, as in ``bench/acrostic.py``) 5 times untimed, then 200 times timed. Prints the
medians of the rounds' median wall and CPU times and the after/before ratios; alternating the checkouts
makes both see the same machine load.
"""

from __future__ import annotations

import sys

from bench import compare_checkouts, versions_arguments

TIMED = r"""
import json, statistics, time
from puzzlewright.acrostic import Puzzle, solve_puzzle
from puzzlewright.lexicon import load_lexicon
figures = {}
for seed, pool, dictionary in (("eras", "ceeiklmorstw", "acrostic-4"), ("older", "aaaaaddeeeelmmnrrrvv", "wordle-answers")):
    lexicon, puzzle = load_lexicon(dictionary), Puzzle.from_seed(seed, pool)
    for _ in range(5):
        solve_puzzle(puzzle, lexicon, limit=None)
    wall, cpu = [], []
    for _ in range(200):
        started, cpu_started = time.perf_counter(), time.process_time()
        solve_puzzle(puzzle, lexicon, limit=None)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    figures[f"{len(seed)}x{len(seed)} {seed}, all solutions ({dictionary})"] = [statistics.median(wall),
                                                                                statistics.median(cpu)]
print(json.dumps(figures))
"""


def main(argv: list[str] | None = None) -> int:
    compare_checkouts(versions_arguments(__doc__.splitlines()[0], argv), TIMED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
