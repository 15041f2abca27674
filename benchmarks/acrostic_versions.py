"""Acrostic solve time of two checkouts, interleaved in one run: a change's cost against its baseline.

    python benchmarks/acrostic_versions.py BEFORE_SRC AFTER_SRC [--rounds 5] [--large]

Each round starts, for each checkout (its ``src`` directory on PYTHONPATH), a fresh Python that solves
the README's two seed puzzles for all their solutions (``eras`` over ``acrostic-4``, ``older`` over
``wordle-answers``, as in ``bench/acrostic.py``) 5 times untimed, then 200 times timed. Prints the
medians of the rounds' median wall and CPU times and the after/before ratios; alternating the checkouts
makes both see the same machine load.

``--large`` times instead the english-large puzzles of ``bench/acrostic.py`` (6x6, 7x7, and 6x6 whose seed
is not a word): each solved once untimed and 3 times timed; per list, the median over its puzzles and the
slowest puzzle's time.
"""

from __future__ import annotations

import sys

from bench import compare_checkouts, versions_arguments
from bench.acrostic import LARGE_PUZZLES, UNCHECKED_PUZZLES

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


LARGE = r"""
import json, statistics, time
from puzzlewright.acrostic import Puzzle, solve_puzzle
from puzzlewright.lexicon import load_lexicon
lexicon = load_lexicon("english-large")
figures = {}
for name, puzzles in PUZZLES.items():
    wall, cpu = [], []
    for seed, pool in puzzles:
        puzzle = Puzzle.from_seed(seed, pool)
        solve_puzzle(puzzle, lexicon, limit=None)
        runs = []
        for _ in range(3):
            started, cpu_started = time.perf_counter(), time.process_time()
            solve_puzzle(puzzle, lexicon, limit=None)
            runs.append((time.perf_counter() - started, time.process_time() - cpu_started))
        wall.append(statistics.median(run[0] for run in runs))
        cpu.append(statistics.median(run[1] for run in runs))
    figures[f"{name}: median"] = [statistics.median(wall), statistics.median(cpu)]
    figures[f"{name}: slowest"] = [max(wall), max(cpu)]
print(json.dumps(figures))
"""


def main(argv: list[str] | None = None) -> int:
    args = versions_arguments(__doc__.splitlines()[0], argv, [("--large", "time the english-large puzzles")])
    if args.large:
        puzzles = {"6x6 english-large": LARGE_PUZZLES[6], "7x7 english-large": LARGE_PUZZLES[7],
                   "6x6, seed not a word": UNCHECKED_PUZZLES}
        compare_checkouts(args, f"PUZZLES = {puzzles!r}\n" + LARGE)
    else:
        compare_checkouts(args, TIMED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
