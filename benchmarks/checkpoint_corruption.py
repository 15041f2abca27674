#!/usr/bin/env python3
"""Kill, corrupt, resume: a checkpointed count gives the same result after each kind of damage (issue #16).

Usage: python benchmarks/checkpoint_corruption.py [--size 5] [--dict wordle-answers] [--workers 2]

It runs ``puzzlewright acrostic count --double --output DIR/`` once to the end (the reference), then for each
damage: copies the finished directory (or starts a fresh run and kills it with SIGKILL part-way), damages
one partition file (a header count +1000, the last item deleted, an extra item appended, a valid square
swapped for another, a line cut short, a garbage line, the file removed), runs ``--resume``, and compares
``results.jsonl`` and the count with the reference. Each row says whether the resume noticed (its warning)
and whether the result is identical. Everything happens in a temporary folder; every run is bounded.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUN_SECONDS = 600  # hard stop for one run


def count(args: argparse.Namespace, output: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*count_command(args, output), *extra], capture_output=True, text=True,
                          timeout=RUN_SECONDS)


def count_command(args: argparse.Namespace, output: Path) -> list[str]:
    return [sys.executable, "-m", "puzzlewright.cli.main", "acrostic", "count", "--size", str(args.size), "--double",
            "--dict", args.dict, "--workers", str(args.workers), "--json", "--output", f"{output}/"]


def outcome(directory: Path) -> tuple[str, int]:
    """The merged results and the count of a finished run."""
    summary = json.loads((directory / "summary.json").read_text())
    return (directory / "results.jsonl").read_text(), summary["count"]


def biggest_partition(directory: Path) -> Path:
    return max((directory / "partitions").glob("*.json"), key=lambda path: path.stat().st_size)


def rewrite(path: Path, change) -> None:
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(change(lines)))


def header_plus_1000(lines: list[str]) -> list[str]:
    header = json.loads(lines[0])
    header["count"] += 1000
    return [json.dumps(header, separators=(",", ":")) + "\n", *lines[1:]]


def swap_square(lines: list[str]) -> list[str]:
    """The first square replaced by the second: still a valid square of the dictionary, but wrong here."""
    return [lines[0], lines[2], *lines[2:]]


DAMAGE = {
    "header count +1000": lambda path: rewrite(path, header_plus_1000),
    "last item deleted": lambda path: rewrite(path, lambda lines: lines[:-2] + lines[-1:]),
    "extra item appended": lambda path: rewrite(path, lambda lines: lines[:-1] + [lines[1]] + lines[-1:]),
    "wrong but valid square": lambda path: rewrite(path, swap_square),
    "line cut short": lambda path: rewrite(path, lambda lines: lines[:2] + [lines[2][:5]]),
    "garbage line": lambda path: rewrite(path, lambda lines: lines[:2] + ["\x00garbage\n"] + lines[2:]),
    "file removed": lambda path: path.unlink(),
}


def kill_part_way(args: argparse.Namespace, output: Path, after_s: float) -> None:
    """Start a run and SIGKILL its whole process group ``after_s`` seconds in."""
    process = subprocess.Popen(count_command(args, output), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    time.sleep(after_s)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--dict", default="wordle-answers")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kill-after", type=float, default=2.0, help="seconds before the SIGKILL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pw-corrupt-") as scratch:
        root = Path(scratch)
        reference = root / "reference"
        started = time.perf_counter()
        done = count(args, reference)
        if done.returncode != 0:
            raise SystemExit(f"the reference run failed: {done.stderr.strip()}")
        expected = outcome(reference)
        print(f"reference: {expected[1]:,} squares in {time.perf_counter() - started:.1f} s "
              f"({len(list((reference / 'partitions').glob('*.json')))} partition files)")
        rows = []
        killed = root / "killed"
        kill_part_way(args, killed, args.kill_after)
        resumed = count(args, killed, "--resume")
        rows.append(("SIGKILL part-way", "-", resumed.returncode == 0 and outcome(killed) == expected))
        for name, damage in DAMAGE.items():
            copy = root / name.replace(" ", "-")
            shutil.copytree(reference, copy)
            damage(biggest_partition(copy))
            resumed = count(args, copy, "--resume")
            noticed = "warning: checkpoint partition" in resumed.stderr
            rows.append((name, "yes" if noticed else "NO", resumed.returncode == 0 and outcome(copy) == expected))
        for name, noticed, same in rows:
            print(f"{name:24} noticed on resume: {noticed:3}  result identical: {'yes' if same else 'NO'}")
        if not all(same for *_, same in rows):
            raise SystemExit(1)


if __name__ == "__main__":
    main()
