#!/usr/bin/env python3
"""Run the benchmark groups on this machine: print each median against its target and write the figures.

Usage: python benchmarks/run_all.py [--quick] [--json] [--out benchmarks/results.json] [GROUP ...]
GROUP is one of lexicon, acrostic, letterboxed, jumble, wordle, parallel (default: all). The figures are
medians; where a group runs a baseline in the same process, the ratio baseline / ours is included.
The groups live in ``benchmarks/bench/`` (outside the package: they do not ship in the wheel).
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from bench import BENCHES, BenchResult, run_benchmarks


def _seconds(value: float | None) -> str:
    """A duration for the table: ms below a second, else s; '-' when there is none."""
    if value is None:
        return "-"
    return f"{value * 1000:.3g} ms" if value < 1 else f"{value:.3g} s"


def print_table(results: list[BenchResult]) -> None:
    """The figures as a table: median, target, same-run baseline, ratio and whether the target was met."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="puzzlewright benchmarks (medians)")
    for column in ("group", "benchmark", "median", "target", "baseline", "ratio", "met"):
        table.add_column(column)
    for r in results:
        median = "-" if r.median_s == 0 and r.target_s is None else _seconds(r.median_s)
        ratio = "-" if r.ratio is None else f"{r.ratio:,.1f}x"
        met = {True: "yes", False: "NO", None: r.note or "-"}[r.met]
        table.add_row(r.group, r.name, median, _seconds(r.target_s), _seconds(r.baseline_s), ratio, met)
    Console().print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", metavar="GROUP", help=f"one of {', '.join(BENCHES)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a fast look, noisier)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results.json"))
    args = parser.parse_args()
    unknown = sorted(set(args.groups) - set(BENCHES))
    if unknown:
        parser.error(f"unknown group {', '.join(unknown)}; choose from {', '.join(BENCHES)}")
    results = run_benchmarks(args.groups or BENCHES, quick=args.quick)
    report = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "results": [r.to_json() for r in results],
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_table(results)


if __name__ == "__main__":
    main()
