"""Letter Boxed solve time of two checkouts, interleaved in one run: a change's cost against its baseline.

    python benchmarks/letterboxed_versions.py BEFORE_SRC AFTER_SRC [--rounds 5]

Each round runs, for each checkout (its ``src`` directory on PYTHONPATH, its own index cache directory so
neither evicts the other's), ``letterboxed solve --batch`` over 1,000 NYT puzzles (the sample's 101,
cycled, as in ``bench/letterboxed.py``) and ``letterboxed solve RME-WCL-TGK-API`` end to end. A first
round builds the caches and is not counted. Prints wall and CPU medians and the after/before ratios;
alternating the checkouts makes both see the same machine load.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from bench import shared_data_dir, versions_arguments

SAMPLE = "samples/letterboxed-nyt-sample.json"
BATCH_SIZE = 1000


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], env: dict) -> tuple[float, float]:
    """Wall and CPU seconds of one run of the CLI."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlewright.cli.main", *command], check=True,
                   stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start, children_cpu() - cpu


def main(argv: list[str] | None = None) -> int:
    args = versions_arguments(__doc__.splitlines()[0], argv)
    puzzles = json.loads((shared_data_dir() / SAMPLE).read_text())
    with tempfile.TemporaryDirectory() as directory:
        batch = os.path.join(directory, "batch.jsonl")
        with open(batch, "w") as handle:
            for k in range(BATCH_SIZE):
                handle.write(json.dumps({"sides": puzzles[k % len(puzzles)]["sides"]}) + "\n")
        jobs = {"batch of 1,000": ["letterboxed", "solve", "--batch", batch],
                "solve RME-WCL-TGK-API": ["letterboxed", "solve", "RME-WCL-TGK-API"]}
        runs = {(job, side): [] for job in jobs for side in ("before", "after")}
        for round_ in range(args.rounds + 1):
            for side in ("before", "after"):
                env = dict(os.environ, PYTHONPATH=os.path.abspath(getattr(args, side)),
                           PUZZLEWRIGHT_CACHE=os.path.join(directory, side))
                for job, command in jobs.items():
                    measured = timed(command, env)
                    if round_:
                        runs[job, side].append(measured)
    for job in jobs:
        medians = {side: [statistics.median(m[k] for m in runs[job, side]) for k in (0, 1)]
                   for side in ("before", "after")}
        print(f"{job}: before {medians['before'][0]:.3f} s wall, {medians['before'][1]:.3f} s CPU; "
              f"after {medians['after'][0]:.3f} s wall, {medians['after'][1]:.3f} s CPU; ratio "
              f"{medians['after'][0] / medians['before'][0]:.2f} wall, {medians['after'][1] / medians['before'][1]:.2f} CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
