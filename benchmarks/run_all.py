#!/usr/bin/env python3
"""Run every benchmark group (the same ones as `puzzlewright bench`) and write the figures to a file.

Usage: python benchmarks/run_all.py [--quick] [--out benchmarks/results.json] [GROUP ...]
The figures are medians; where a group runs a baseline in the same process, the ratio is included.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from puzzlewright.bench import BENCHES, run_benchmarks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", default=list(BENCHES))
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("results.json"))
    args = parser.parse_args()
    results = run_benchmarks(args.groups, quick=args.quick)
    report = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "machine": f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}",
        "results": [r.to_json() for r in results],
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    for r in results:
        ratio = f"  ({r.ratio:,.1f}x baseline)" if r.ratio else ""
        print(f"{r.group:12} {r.name:60} {r.median_s * 1000:10.3f} ms{ratio}  {r.note}")


if __name__ == "__main__":
    main()
