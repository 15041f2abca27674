#!/usr/bin/env python3
"""Kill, corrupt, resume: a checkpointed count gives the same result after each kind of damage (issues #16, #28).

Usage: python benchmarks/checkpoint_corruption.py [--size 5] [--dict wordle-answers] [--canonical] [--workers 2] [--rounds 5]

It runs ``puzzlewright acrostic count --double --output DIR/`` once to the end (the reference), then for each
damage: copies the finished directory (or starts a fresh run and kills it with SIGKILL part-way), damages
one partition file (a header count +1000, the last item deleted, an extra item appended, a valid square
swapped for another, a line cut short, a garbage line, the file removed, items removed with the trailer
re-signed and ``finished.jsonl`` deleted), runs ``--resume``, and compares ``results.jsonl`` and the count
with the reference. Each row says whether the resume noticed (its warning) and whether the result is
identical.

Issue #28's rows: ``--rounds`` times, a run killed at a random moment, then two ``--resume`` runs started at
once (each either refused with exit 2 and "in use", or run to the end: then it must print the reference
count and leave exactly the reference in ``results.jsonl``), then plain resumes until one finishes; a
partition file, ``finished.jsonl`` or the lock replaced by a directory, a FIFO or a symbolic link to
``/dev/zero`` (a one-line error within seconds, then, once the entry is removed as the message says, the
reference); a bit flipped in each resume point left by partitions stopped part-way (noticed, then the
reference). Everything happens in a temporary folder; every run is bounded.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
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
            *(["--canonical"] if args.canonical else []), "--dict", args.dict, "--workers", str(args.workers),
            "--json", "--output", f"{output}/"]


def outcome(directory: Path) -> tuple[str, int]:
    """The merged results and the count of a finished run."""
    summary = json.loads((directory / "summary.json").read_text())
    return (directory / "results.jsonl").read_text(), summary["count"]


def biggest_partition(directory: Path) -> Path:
    return max((directory / "partitions").glob("*.json"), key=lambda path: path.stat().st_size)


def rewrite(path: Path, change) -> None:
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(change(lines)))


def swap_square(lines: list[str]) -> list[str]:
    """The first square replaced by the second: still a valid square of the dictionary, but wrong here."""
    return [lines[0], lines[2], *lines[2:]]


def resigned_without_items(path: Path) -> None:
    """Five items removed, the trailer re-signed to match and ``finished.jsonl`` deleted: the file verifies as
    a file, only its count can tell (before issue #28 the run printed the full total over fewer lines)."""
    body = path.read_text().splitlines(keepends=True)[:-1][:-5]
    digest = hashlib.sha256("".join(body).encode()).hexdigest()
    path.write_text("".join([*body, json.dumps({"end": {"lines": len(body), "sha256": digest}}) + "\n"]))
    (path.parent.parent / "finished.jsonl").unlink(missing_ok=True)


def header_count(change: int):
    def damage(lines: list[str]) -> list[str]:
        header = json.loads(lines[0])
        header["count"] += change
        return [json.dumps(header, separators=(",", ":")) + "\n", *lines[1:]]
    return damage


def wrong_trailer_digest(lines: list[str]) -> list[str]:
    trailer = json.loads(lines[-1])
    trailer["end"]["sha256"] = "0" * 64
    return [*lines[:-1], json.dumps(trailer) + "\n"]


def run_file(name: str, path: Path) -> Path:
    """A file of the run's folder (``path`` is one of its partition files)."""
    return path.parent.parent / name


def garbage_in_finished(path: Path) -> None:
    with open(run_file("finished.jsonl", path), "a") as finished:
        finished.write("\x00 not a record\n")


def wrong_digest_in_finished(path: Path) -> None:
    """The finished list's digest of the damaged partition's file replaced by another file's."""
    finished = run_file("finished.jsonl", path)
    records = [json.loads(line) for line in finished.read_text().splitlines()]
    for record in records:
        if record["file"] == path.name:
            record["sha256"] = hashlib.sha256(b"another file").hexdigest()
    finished.write_text("".join(json.dumps(record) + "\n" for record in records))


DAMAGE = {
    "header count +1000": lambda path: rewrite(path, header_count(1000)),
    "header count -1": lambda path: rewrite(path, header_count(-1)),
    "header not JSON": lambda path: rewrite(path, lambda lines: [lines[0][:10] + "\n", *lines[1:]]),
    "trailer removed": lambda path: rewrite(path, lambda lines: lines[:-1]),
    "trailer digest wrong": lambda path: rewrite(path, wrong_trailer_digest),
    "header only": lambda path: rewrite(path, lambda lines: lines[:1]),
    "file emptied": lambda path: path.write_bytes(b""),
    "two items swapped": lambda path: rewrite(path, lambda lines: [lines[0], lines[2], lines[1], *lines[3:]]),
    "CRLF line ends": lambda path: path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n")),
    "bytes not UTF-8": lambda path: path.write_bytes(path.read_bytes().replace(b"\n", b"\n\xff\xfe", 1)),
    "finished.jsonl garbage line": garbage_in_finished,
    "finished.jsonl digest wrong": wrong_digest_in_finished,
    "results.jsonl truncated": lambda path: run_file("results.jsonl", path).write_text("\"abc"),
    "summary.json removed": lambda path: run_file("summary.json", path).unlink(),
    "last item deleted": lambda path: rewrite(path, lambda lines: lines[:-2] + lines[-1:]),
    "extra item appended": lambda path: rewrite(path, lambda lines: lines[:-1] + [lines[1]] + lines[-1:]),
    "wrong but valid square": lambda path: rewrite(path, swap_square),
    "line cut short": lambda path: rewrite(path, lambda lines: lines[:2] + [lines[2][:5]]),
    "garbage line": lambda path: rewrite(path, lambda lines: lines[:2] + ["\x00garbage\n"] + lines[2:]),
    "file removed": lambda path: path.unlink(),
    "items removed, re-signed": resigned_without_items,
}

NOT_REGULAR = {
    "a directory": lambda path: path.mkdir(),
    "a FIFO": os.mkfifo,
    "a symbolic link": lambda path: path.symlink_to("/dev/zero"),
}


def kill_part_way(args: argparse.Namespace, output: Path, after_s: float) -> None:
    """Start a run and SIGKILL its whole process group ``after_s`` seconds in."""
    process = subprocess.Popen(count_command(args, output), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    time.sleep(after_s)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(30)


def same(run: subprocess.CompletedProcess, directory: Path, expected: tuple[str, int]) -> bool:
    """Whether a run exited 0, printed the reference count and left exactly the reference results."""
    return (run.returncode == 0 and json.loads(run.stdout)["count"] == expected[1]
            and outcome(directory) == expected)


def resume_until_done(args: argparse.Namespace, output: Path, expected: tuple[str, int]) -> bool:
    """Plain ``--resume`` runs (at most 5) until one exits 0; whether it gives the reference."""
    for _ in range(5):
        resumed = count(args, output, "--resume")
        if resumed.returncode == 0:
            return same(resumed, output, expected)
    return False


def concurrent_resumes(args: argparse.Namespace, root: Path, expected: tuple[str, int], rounds: int) -> list[tuple]:
    """Kill a run at a random moment, start two ``--resume`` at once, then resume until done (``rounds`` times)."""
    rows = []
    for round_number in range(rounds):
        output = root / f"concurrent-{round_number}"
        kill_part_way(args, output, random.uniform(0.3, args.kill_after))
        both = [subprocess.Popen([*count_command(args, output), "--resume"], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(2)]
        runs = [subprocess.CompletedProcess(run.args, run.wait(RUN_SECONDS), *run.communicate()) for run in both]
        refused = [run for run in runs if run.returncode == 2 and "is in use by another run" in run.stderr]
        finished = [run for run in runs if run.returncode == 0]
        right = (len(refused) + len(finished) == 2 and finished and all(same(run, output, expected) for run in finished)
                 and resume_until_done(args, output, expected))
        rows.append((f"kill, 2 resumes at once #{round_number + 1}", f"{len(refused)} refused", bool(right)))
    return rows


def not_regular_entries(args: argparse.Namespace, root: Path, reference: Path,
                        expected: tuple[str, int]) -> list[tuple]:
    """A checkpoint entry replaced by something that is not a regular file: a quick one-line error (exit 2),
    then, the entry removed as the message says, the reference."""
    rows = []
    for entry in ("partition", "finished.jsonl", "lock"):
        for kind, make in NOT_REGULAR.items():
            copy = root / f"{entry}-{kind.replace(' ', '-')}"
            shutil.copytree(reference, copy)
            path = biggest_partition(copy) if entry == "partition" else copy / entry
            path.unlink()
            make(path)
            started = time.perf_counter()
            refused = count(args, copy, "--resume")
            quick = time.perf_counter() - started < 10
            clean = refused.returncode == 2 and refused.stderr.count("\n") == 1 and "internal error" not in refused.stderr
            path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
            rows.append((f"{entry} is {kind}", "yes" if quick and clean else "NO", resume_until_done(args, copy, expected)))
    return rows


def sliced_run(args: argparse.Namespace, output: Path) -> None:
    """The CLI's count job, with every partition stopped after 20,000 nodes: the folder then holds a resume
    point for each partition that had more to do (the same job, so the CLI's ``--resume`` continues it)."""
    from puzzlewright.acrostic.count import CountOptions
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.parallel import run_job
    from puzzlewright.acrostic.jobs import CountJob
    from puzzlewright.budget import Budget

    class Sliced(CountJob):
        def partition_budget(self) -> Budget:
            return Budget(nodes=20_000)

    run_job(Sliced(load_lexicon(args.dict), CountOptions(args.size, double=True, canonical=args.canonical)), workers=1, output=output,
            progress=False)


def flipped_resume_points(args: argparse.Namespace, root: Path, expected: tuple[str, int]) -> list[tuple]:
    """One bit flipped at a random place in each resume point (before issue #28 a flip inside the search
    state gave "internal error: zlib Error -3" on every later ``--resume``)."""
    output = root / "sliced"
    sliced_run(args, output)
    points = sorted((output / "partitions").glob("*.resume.json"))
    for point in points:
        data = bytearray(point.read_bytes())
        data[random.randrange(len(data))] ^= 1 << random.randrange(8)
        point.write_bytes(bytes(data))
    resumed = count(args, output, "--resume")
    noticed = resumed.stderr.count("is damaged or not a resume point")
    return [(f"{len(points)} resume points, a bit flipped", f"{noticed}/{len(points)}",
             same(resumed, output, expected))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--dict", default="wordle-answers")
    parser.add_argument("--canonical", action="store_true", help="count each square once (issue #28's run)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kill-after", type=float, default=2.0, help="seconds before the SIGKILL")
    parser.add_argument("--rounds", type=int, default=5, help="kills at a random moment followed by two resumes")
    parser.add_argument("--seed", type=int, default=None, help="random seed for the kill moments")
    args = parser.parse_args()
    random.seed(args.seed)
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
            noticed = "warning:" in resumed.stderr
            rows.append((name, "yes" if noticed else "NO", resumed.returncode == 0 and outcome(copy) == expected))
        rows += concurrent_resumes(args, root, expected, args.rounds)
        rows += not_regular_entries(args, root, reference, expected)
        rows += flipped_resume_points(args, root, expected)
        for name, noticed, identical in rows:
            print(f"{name:34} noticed on resume: {noticed:10}  result identical: {'yes' if identical else 'NO'}")
        if not all(identical for *_, identical in rows):
            raise SystemExit(1)


if __name__ == "__main__":
    main()
