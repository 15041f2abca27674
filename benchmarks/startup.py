#!/usr/bin/env python3
"""Start-up of the command line, end to end, against another checkout in the same run.

Usage: python benchmarks/startup.py --baseline DIR/src [--runs N] [--instructions] [--only TEXT]

Each command (``puzzlewright --help``, ``letterboxed solve RME-WCL-TGK-API`` with its default dictionary
and with ``--dict english``, ``dict lookup cat``, ``acrostic solve eras ceeiklmorstw --dict acrostic-4
--all``, ``acrostic count --size 5 --double --canonical --dict wordle-answers --workers 1``: one
process, as the command without ``--workers`` runs so small a count, but also under valgrind, which
stretches the CPU time that decides it; ``grid fill --size 5x5``, issue #32's small fill end to end; with ``--only``, those whose arguments contain TEXT) runs as a new process from this checkout's ``src`` and from the baseline's,
alternately, ``--runs`` times after one warm-up run each (which builds the index cache and the bytecode,
as an installed package has it: ``PYTHONDONTWRITEBYTECODE`` is dropped and bytecode goes to a per-checkout
``PYTHONPYCACHEPREFIX``). Reported: the median wall time and the median CPU time (user + system) of each,
and their ratio. On a shared machine wall time mostly measures waiting for a core; ``--instructions``
adds the instructions each run executes (valgrind's callgrind: deterministic, about 50x slower).

To build a baseline checkout: ``git worktree add --detach /tmp/pw-baseline REV``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"
COMMANDS = (["--help"], ["letterboxed", "solve", "RME-WCL-TGK-API"],
            ["letterboxed", "solve", "RME-WCL-TGK-API", "--dict", "english"], ["dict", "lookup", "cat"],
            ["acrostic", "solve", "eras", "ceeiklmorstw", "--dict", "acrostic-4", "--all"],
            ["acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers", "--workers", "1"],
            ["grid", "fill", "--size", "5x5"])
LAUNCHER = "from puzzlewright.cli.main import main; main()"  # what the installed `puzzlewright` script runs


def environment(source: Path, scratch: Path) -> dict[str, str]:
    """The environment of a run from ``source``: its own bytecode and index caches under ``scratch``."""
    name = str(abs(hash(str(source))))
    variables = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**variables, "PYTHONPATH": str(source), "PYTHONPYCACHEPREFIX": str(scratch / f"pyc-{name}"),
            "PUZZLEWRIGHT_CACHE": str(scratch / f"cache-{name}")}


def run(source: Path, scratch: Path, arguments: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``puzzlewright ARGUMENTS`` from ``source``."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", LAUNCHER, *arguments], env=environment(source, scratch),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"puzzlewright {' '.join(arguments)} from {source} failed (status {status})")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def instructions(source: Path, scratch: Path, arguments: list[str]) -> int:
    """Instructions executed by one run (valgrind's callgrind total)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           LAUNCHER, *arguments], env=environment(source, scratch), capture_output=True, text=True)
    totals = [line.rsplit(" ", 1)[-1] for line in done.stderr.splitlines() if "Collected" in line]
    return int(totals[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other checkout's src directory")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--instructions", action="store_true", help="also count instructions (needs valgrind)")
    parser.add_argument("--only", default="", metavar="TEXT", help="only the commands whose arguments contain TEXT")
    args = parser.parse_args()
    sources = {"baseline": args.baseline.resolve(), "this": HERE}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for arguments in (command for command in COMMANDS if args.only in " ".join(command)):
            for source in sources.values():
                run(source, scratch, arguments)  # warm-up: bytecode and index caches
            wall: dict[str, list[float]] = {name: [] for name in sources}
            cpu: dict[str, list[float]] = {name: [] for name in sources}
            for _ in range(args.runs):
                for name, source in sources.items():
                    seconds, used = run(source, scratch, arguments)
                    wall[name].append(seconds)
                    cpu[name].append(used)
            line = f"puzzlewright {' '.join(arguments):45}"
            for label, figures in (("wall", wall), ("cpu", cpu)):
                base, this = (statistics.median(figures[name]) * 1000 for name in sources)
                line += f"  {label} {this:.0f} ms vs {base:.0f} ms (x{this / base:.2f})"
            if args.instructions and shutil.which("valgrind"):
                base, this = (instructions(source, scratch, arguments) / 1e6 for source in sources.values())
                line += f"  instructions {this:.0f} M vs {base:.0f} M (x{this / base:.2f})"
            print(line, flush=True)


if __name__ == "__main__":
    main()
