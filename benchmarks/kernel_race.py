#!/usr/bin/env python3
"""Processes started together on an empty kernel cache: how many compile, and the CPU all of them take.

Usage: python benchmarks/kernel_race.py [--processes 4] [--rounds 3] [--baseline OLD/src]

Starts ``--processes`` small counts (``acrostic count --size 5 --double --canonical --dict wordle-answers``,
81 squares) at once, each with the same new, empty cache folder, so each finds no C kernel; counts the
``compiling the square kernel`` notes on their stderr and sums their CPU time (user + system, the
children's), with the wall time to the last one's exit. Every count must say 81. With ``--baseline`` (the
``src`` folder of an older checkout) both versions run alternately, round by round, and the medians'
ratio is printed. CPU, not wall: the machine's two cores are shared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COUNT = ["-m", "puzzlewright.cli.main", "acrostic", "count", "--size", "5", "--double", "--canonical", "--dict",
         "wordle-answers", "--workers", "1", "--json"]


def race(source: str, processes: int) -> tuple[float, float, int]:
    """(CPU seconds of all the processes, wall seconds, compilations) of one start on an empty cache."""
    cache = tempfile.mkdtemp(prefix="kernel-race-")
    environment = {**os.environ, "PYTHONPATH": source, "PUZZLEWRIGHT_CACHE": cache, "PUZZLEWRIGHT_KERNEL": "c"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    started = [subprocess.Popen([sys.executable, *COUNT], env=environment, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(processes)]
    outputs = [process.communicate() for process in started]
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(cache)
    for out, err in outputs:
        assert json.loads(out)["count"] == 81, err
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return cpu, wall, sum(err.count("compiling the square kernel") for _, err in outputs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", help="the src folder of an older checkout, run alternately")
    options = parser.parse_args()
    versions = {"this": str(Path(__file__).resolve().parents[1] / "src")}
    if options.baseline:
        versions["baseline"] = options.baseline
    print(f"load average {os.getloadavg()[0]:.1f}; {options.processes} processes, {options.rounds} rounds")
    runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in versions}
    for _ in range(options.rounds):
        for name, source in versions.items():
            runs[name].append(race(source, options.processes))
    for name, rows in runs.items():
        print(f"{name:8} CPU median {statistics.median(r[0] for r in rows):.2f} s, wall median "
              f"{statistics.median(r[1] for r in rows):.2f} s, compilations {[r[2] for r in rows]}")
    if options.baseline:
        ratio = statistics.median(r[0] for r in runs["this"]) / statistics.median(r[0] for r in runs["baseline"])
        print(f"CPU ratio this/baseline {ratio:.2f}")


if __name__ == "__main__":
    main()
