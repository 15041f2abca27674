"""The benchmark groups run by ``python benchmarks/run_all.py``: medians, targets, same-run baselines.

Each puzzle adds a module ``bench.<name>`` (here, in ``benchmarks/bench/``, outside the package) with
``run(quick: bool) -> list[BenchResult]``; the scripts in ``benchmarks/`` import it as ``bench``.
Timings are medians of repeated runs; where a baseline (for example a port of a seed's method) runs in
the same process, the ratio baseline / ours is reported, since these machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

BENCHES = ("lexicon", "acrostic", "letterboxed", "jumble", "wordle", "parallel")
SHARED_DATA_ENV = "PUZZLEWRIGHT_SHARED_DATA"
DEFAULT_SHARED_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"  # beside the checkout


def shared_data_dir() -> Path:
    """The project's shared data folder (real puzzle samples, word lists): ``$PUZZLEWRIGHT_SHARED_DATA``,
    else ``shared/data`` beside the source checkout."""
    return Path(os.environ.get(SHARED_DATA_ENV, DEFAULT_SHARED_DATA))


@dataclass
class BenchResult:
    """One benchmark figure: the median time, the target it is held to, and an optional baseline."""

    group: str
    name: str
    median_s: float
    target_s: float | None = None
    baseline_s: float | None = None
    note: str = ""

    @property
    def ratio(self) -> float | None:
        """How many times faster than the baseline (baseline / ours)."""
        if self.baseline_s is None or self.median_s <= 0:
            return None
        return self.baseline_s / self.median_s

    @property
    def met(self) -> bool | None:
        return None if self.target_s is None else self.median_s <= self.target_s

    def to_json(self) -> dict:
        return {**asdict(self), "ratio": self.ratio, "met": self.met}


def versions_arguments(description: str, argv: list[str] | None,
                       switches: Sequence[tuple[str, str]] = ()) -> argparse.Namespace:
    """The command line of the scripts that time two checkouts against each other (``*_versions.py``):
    the baseline's and the changed checkout's ``src`` directories, ``--rounds``, and the script's own
    on/off ``switches`` (name, help)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("before", help="the baseline checkout's src directory")
    parser.add_argument("after", help="the changed checkout's src directory")
    parser.add_argument("--rounds", type=int, default=5)
    for name, help_text in switches:
        parser.add_argument(name, action="store_true", help=help_text)
    return parser.parse_args(argv)


def compare_checkouts(args: argparse.Namespace, code: str) -> dict[str, dict[str, list[float]]]:
    """Run ``code`` in a fresh Python for each checkout (its ``src`` first on the path), alternating them
    for ``args.rounds`` rounds so both see the same machine load; ``code`` prints a JSON object
    ``{figure: [median wall s, median CPU s]}``. Prints and returns, per figure and side, the medians over
    the rounds in ms and the after/before ratios."""
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for side in runs:
            output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                    env=dict(os.environ, PYTHONPATH=os.path.abspath(getattr(args, side)))).stdout
            runs[side].append(json.loads(output))
    medians: dict[str, dict[str, list[float]]] = {}
    for figure in runs["before"][0]:
        medians[figure] = {side: [1000 * statistics.median(run[figure][k] for run in runs[side]) for k in (0, 1)]
                           for side in runs}
        before, after = medians[figure]["before"], medians[figure]["after"]
        print(f"{figure}: before {before[0]:.3g} ms wall, {before[1]:.3g} ms CPU; after {after[0]:.3g} ms wall, "
              f"{after[1]:.3g} ms CPU; ratio {after[0] / before[0]:.2f} wall, {after[1] / before[1]:.2f} CPU")
    return medians


def median_time(fn: Callable[[], object], *, repeat: int = 7, warmup: int = 1, max_seconds: float = 20.0) -> float:
    """Median wall time of ``fn()`` over ``repeat`` runs after ``warmup`` runs (fewer if slow)."""
    for _ in range(warmup):
        fn()
    times: list[float] = []
    budget_end = time.perf_counter() + max_seconds
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
        if time.perf_counter() > budget_end:
            break
    return statistics.median(times)


def command_time(args: Sequence[str], *, repeat: int = 5) -> float:
    """Median wall time of running ``puzzlewright ARGS`` as a new process (start to exit)."""
    command = [sys.executable, "-m", "puzzlewright.cli.main", *args]

    def run() -> None:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    return median_time(run, repeat=repeat, warmup=1)


def run_benchmarks(names: Sequence[str] = BENCHES, *, quick: bool = False) -> list[BenchResult]:
    """Run the named benchmark groups and return every figure."""
    results: list[BenchResult] = []
    for name in names:
        results.extend(importlib.import_module(f"bench.{name}").run(quick=quick))
    return results
