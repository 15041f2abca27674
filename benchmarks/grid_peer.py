#!/usr/bin/env python3
"""A peer filler side by side with ``benchmarks/grid.py fill``: blacksquare (PyPI, a Rust backtracking
filler) on puzzlewright's shipped 15x15 patterns, from the same ``english`` words scored by familiarity.

blacksquare is not a puzzlewright dependency: install it in a separate environment and name its python:

    python -m venv /tmp/peer && /tmp/peer/bin/pip install blacksquare
    python benchmarks/grid_peer.py --peer-python /tmp/peer/bin/python [--min-score Z] [--seeds N]

This process (puzzlewright's environment) writes the patterns and the scored words to a temporary file and
runs itself under the peer's python with ``--run FILE``. Every fill is re-checked here: each word must be in
the list (at the floor) and no word may appear twice (puzzlewright's rule; blacksquare's own default).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def write_input(path: Path, min_score: float) -> None:
    """The shipped patterns' rows and the ``english`` words at or above the floor, with their scores."""
    from puzzlewright.grid.patterns import EVERYDAY_PATTERNS, pattern_grid
    from puzzlewright.lexicon import load_lexicon

    english = load_lexicon("english").filter(min_commonness=min_score)
    patterns = {name: list(pattern_grid(name).rows) for name in EVERYDAY_PATTERNS}
    words = dict(zip(english.words, map(float, english.familiarity_values)))
    path.write_text(json.dumps({"patterns": patterns, "words": words, "min_score": min_score}))


def run_peer(path: Path, seeds: int) -> None:
    """Fill every pattern ``seeds`` times with blacksquare (run 0 greedy, then with some randomness)."""
    from blacksquare import Crossword, WordList

    data = json.loads(path.read_text())
    words = data["words"]
    word_list = WordList(words)
    walls, cpus, failures, repeats = [], [], 0, 0
    for name, rows in data["patterns"].items():
        for run in range(seeds):
            crossword = Crossword(grid=[["#" if c == "#" else " " for c in row] for row in rows],
                                  word_list=word_list, symmetry=None)
            wall, cpu = time.perf_counter(), time.process_time()
            filled = crossword.fill(timeout=30, temperature=0.5 * run, show_progress=False)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            walls.append(wall)
            cpus.append(cpu)
            if filled is None:
                failures += 1
                print(f"  {name} run {run}: no fill in {wall:.2f} s", flush=True)
                continue
            found = [word.value.lower() for word in filled.iterwords()]
            unknown = [word for word in found if word not in words]
            twice = sorted({word for word in found if found.count(word) > 1})
            repeats += bool(twice)
            scores = [words[word] for word in found if word in words]
            print(f"  {name} run {run}: {wall:.2f} s wall, {cpu:.2f} s CPU, quality (lowest, mean) "
                  f"({min(scores):.2f}, {statistics.mean(scores):.2f})"
                  + (f", NOT IN THE LIST {unknown}" if unknown else "") + (f", REPEATED {twice}" if twice else ""),
                  flush=True)
    print(f"blacksquare, score >= {data['min_score']}: {len(walls) - failures} of {len(walls)} filled in 30 s "
          f"({repeats} repeating a word), median {statistics.median(walls):.2f} s wall / "
          f"{statistics.median(cpus):.2f} s CPU over all runs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-python", help="the python of an environment with blacksquare installed")
    parser.add_argument("--min-score", type=float, default=0.0)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--run", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run is not None:
        run_peer(args.run, args.seeds)
        return
    if not args.peer_python:
        parser.error("--peer-python is required (see the module docstring)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.json"
        write_input(path, args.min_score)
        subprocess.run([args.peer_python, __file__, "--run", str(path), "--seeds", str(args.seeds)], check=True)


if __name__ == "__main__":
    sys.exit(main())
