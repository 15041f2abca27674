#!/usr/bin/env python3
"""Square counting side by side in one run (issue #15 item 3): each figure is a median of alternated runs
against a baseline measured in the same run, reported as a ratio.

Usage: python benchmarks/count_speed.py [--repeat N] [--only SECTION ...] [--big] [--fraction F] [--json FILE]

Wall time on this 2-core machine shared with other jobs mostly measures waiting for a core, so the counting
figures are CPU time (user + system) and node counts, with ratios from the same run; the load average is
printed at the start.

* small count end to end (``acrostic count --size 5 --double --canonical --dict wordle-answers``, 81
  squares; target <= 0.3 s): this version against the numba kernel (``PUZZLEWRIGHT_KERNEL=numba``), wall and
  CPU time and peak memory of the whole process;
* the kernels in-process on the same counts (5x5 double canonical and all 5x5 squares over
  ``wordle-answers`` and ``english`` at commonness >= 3.5): the row-by-row counting kernel, the C
  cell-by-cell kernel (what counts ran before), the numba build of it, and a plain C trie walk
  (``benchmarks/trie_walk.c``, built here with cc when there is one, else skipped with a message): CPU
  time, nodes and nodes/s;
* big counts: the counting kernel against the cell-by-cell kernel on a fixed 1/F of the partitions of the
  5x5 double canonical counts over ``english`` and ``wordle-guesses`` (default F = 24; ``--big``: F = 1;
  medians of ``--repeat`` rounds, at most 3, that alternate the two kernels; ``--big``: one round),
  and on every 8th partition of the 6x6 one over ``english`` at commonness >= 3;
* 1 worker against 2 (the 5x5 double canonical count over ``english`` words of commonness >= 2.5,
  ``--big``: all of them), after a calibration (two CPU loops in 2 processes against 1: what the machine can give).

(``benchmarks/speed.py`` has the other start-up figures of issue #15.)
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

KERNEL_NAMES = {"rows": "counting kernel (rows, C)", "cells": "cell-by-cell C kernel (previous)",
                "numba": "cell-by-cell numba kernel"}
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from speed import SMALL_COUNT, alternated, write_figures  # noqa: E402  (what both scripts time, and how)


def report(title: str, figures: dict[str, dict], baseline: str, *, nodes: bool = False) -> dict:
    """Print one comparison (each entry's time as a multiple of ``baseline``'s) and return it for the JSON."""
    print(title)
    base = figures[baseline]["median_s"]
    for name, figure in figures.items():
        figure["ratio"] = figure["median_s"] / base
        ratio = "" if name == baseline else f"  {figure['ratio']:.2f}x the time of {baseline}"
        memory = f", peak {figure['peak_mib']:.0f} MiB" if "peak_mib" in figure else ""
        cpu = f" (CPU {figure['cpu_s'] * 1000:.0f} ms)" if "cpu_s" in figure else ""
        shown = (f"{figure['median_s'] * 1e6:9.2f} µs" if figure["median_s"] < 1e-3
                 else f"{figure['median_s'] * 1000:9.1f} ms")
        work = (f", {figure['squares']:,} squares, {figure['nodes']:,} nodes, "
                f"{figure['nodes_per_s'] / 1e6:.1f} M nodes/s" if nodes else "")
        print(f"  {name:34} {shown}{cpu}{memory}{work}{ratio}")
    return {"title": title, "baseline": baseline, "figures": figures}


def puzzlewright(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "puzzlewright.cli.main", *arguments]


def small_count(repeat: int) -> dict:
    commands = {"this version": (puzzlewright(*SMALL_COUNT), {}),
                "numba kernel (PUZZLEWRIGHT_KERNEL=numba)": (puzzlewright(*SMALL_COUNT),
                                                            {"PUZZLEWRIGHT_KERNEL": "numba"})}
    return report("acrostic count --size 5 --double --canonical --dict wordle-answers (81 squares), end to end, "
                  "target <= 0.3 s", alternated(commands, repeat), "this version")


def peer_binary(scratch: str) -> str | None:
    """The plain C trie walk (benchmarks/trie_walk.c) built with cc into ``scratch``, or None (said why)."""
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        print("(no C compiler: the trie-walk peer is skipped)")
        return None
    binary = os.path.join(scratch, "trie_walk")
    subprocess.run([compiler, "-O2", "-o", binary, os.path.join(os.path.dirname(__file__), "trie_walk.c")],
                   check=True)
    return binary


def cpu_median(fn, repeat: int) -> tuple[float, object]:
    """Median CPU seconds of ``fn()`` over ``repeat`` runs after one warm-up run, and its last result."""
    result = fn()
    times = []
    for _ in range(repeat):
        started = time.process_time()
        result = fn()
        times.append(time.process_time() - started)
    return statistics.median(times), result


def alternated_cpu(runs: dict[str, object], repeat: int) -> dict[str, tuple[float, object]]:
    """Median CPU seconds of each ``runs[name]()`` over ``repeat`` rounds that run every one of them in turn
    (so a change in the machine's load falls on all of them alike), and each one's last result."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    results: dict[str, object] = {}
    for _ in range(repeat):
        for name, fn in runs.items():
            started = time.process_time()
            results[name] = fn()
            times[name].append(time.process_time() - started)
    return {name: (statistics.median(times[name]), results[name]) for name in runs}


def count_in_process(lexicon, options, kernel_name: str, keys: list[str] | None = None):
    """A count in this process by one kernel: "rows" (the counting kernel), "cells" (the C cell-by-cell
    kernel, what counts ran before) or "numba" (the cell-by-cell kernel compiled by numba); over every
    partition, or only ``keys``. Returns (squares, nodes)."""
    from puzzlewright.acrostic import count, count_kernel, kernel

    tables, backend = count_kernel.count_tables_of, os.environ.get("PUZZLEWRIGHT_KERNEL")
    try:
        if kernel_name != "rows":
            count_kernel.count_tables_of = lambda *arguments: None  # the cell-by-cell kernel, as before
        if kernel_name == "numba":
            os.environ["PUZZLEWRIGHT_KERNEL"] = "numba"
            kernel.kernel_backend.cache_clear()
        parts = [count.count_partition(lexicon, options, key, keep_squares=False)
                 for key in (keys if keys is not None else count.count_partitions(lexicon, options))]
        return sum(part.count for part in parts), sum(part.nodes for part in parts)
    finally:
        count_kernel.count_tables_of = tables
        if kernel_name == "numba":
            os.environ.pop("PUZZLEWRIGHT_KERNEL") if backend is None else os.environ.update(PUZZLEWRIGHT_KERNEL=backend)
            kernel.kernel_backend.cache_clear()


def peer_count(binary: str, words: tuple[str, ...], *flags: str) -> tuple[float, int, int]:
    """CPU seconds, squares and nodes of the trie-walk peer on ``words``."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(words) + "\n")
    try:
        process = subprocess.Popen([binary, handle.name, *flags], stdout=subprocess.PIPE)
        output = process.stdout.read().decode()
        _, status, usage = os.wait4(process.pid, 0)
        if status != 0:
            raise SystemExit(f"the peer failed (status {status})")
    finally:
        os.unlink(handle.name)
    squares, nodes = (int(field.split()[0]) for field in output.split(", "))
    return usage.ru_utime + usage.ru_stime, squares, nodes


def kernels(repeat: int, scratch: str) -> dict:
    """In-process CPU time, nodes and nodes/s of every kernel on the same counts, and the plain C trie walk
    (a separate process, its CPU time) on the same words: 5x5 double canonical and all 5x5 squares."""
    from puzzlewright.acrostic.count import CountOptions
    from puzzlewright.lexicon import load_lexicon

    peer = peer_binary(scratch)
    sections = []
    for name, floor in (("wordle-answers", None), ("english", 3.5)):
        lexicon = load_lexicon(name, **({"min_commonness": floor} if floor else {}))
        words = lexicon.of_length(5).words
        label = name if floor is None else f"{name} >= {floor}"
        for kind, options, flags in (("double canonical", CountOptions(5, double=True, canonical=True),
                                      ("double", "canonical")), ("all squares", CountOptions(5), ())):
            figures = {}
            for kernel_name in ("rows", "cells", "numba") if floor is None else ("rows", "cells"):
                seconds, (squares, nodes) = cpu_median(lambda: count_in_process(lexicon, options, kernel_name),
                                                       repeat if floor is None else max(1, repeat // 3))
                figures[KERNEL_NAMES[kernel_name]] = {"median_s": seconds, "squares": squares, "nodes": nodes,
                                                      "nodes_per_s": nodes / seconds}
            if peer is not None:
                runs = [peer_count(peer, words, *flags) for _ in range(repeat if floor is None else 1)]
                seconds = statistics.median(run[0] for run in runs)
                figures["plain C trie walk (peer)"] = {"median_s": seconds, "squares": runs[0][1],
                                                       "nodes": runs[0][2], "nodes_per_s": runs[0][2] / seconds}
            sections.append(report(f"5x5 {kind} over {label} ({len(words):,} words), CPU time", figures,
                                   KERNEL_NAMES["rows"], nodes=True))
    return {"title": "kernels", "sections": sections}


def big_counts(repeat: int, fraction: int) -> dict:
    """The counting kernel against the cell-by-cell kernel (what counts ran before) on a fixed 1/``fraction``
    of the partitions of the 5x5 double canonical counts over english and wordle-guesses, and on every 8th
    partition of the 6x6 one over english at commonness >= 3 (deeper rows: their bitsets are built, not
    looked up) (CPU time, medians of ``repeat`` alternated runs)."""
    from puzzlewright.acrostic.count import CountOptions, count_partitions
    from puzzlewright.lexicon import load_lexicon

    sections = []
    for name, size, floor, every in (("english", 5, None, fraction), ("wordle-guesses", 5, None, fraction),
                                     ("english", 6, 3, 8)):
        lexicon = load_lexicon(name, **({"min_commonness": floor} if floor else {}))
        options = CountOptions(size, double=True, canonical=True)
        keys = count_partitions(lexicon, options)[::every]
        figures = {}
        runs = {kernel_name: (lambda kernel_name=kernel_name: count_in_process(lexicon, options, kernel_name, keys))
                for kernel_name in ("rows", "cells")}
        for kernel_name, (seconds, (squares, nodes)) in alternated_cpu(runs, repeat).items():
            figures[KERNEL_NAMES[kernel_name]] = {"median_s": seconds, "squares": squares, "nodes": nodes,
                                                  "nodes_per_s": nodes / seconds}
        label = name if floor is None else f"{name} >= {floor}"
        sections.append(report(f"{size}x{size} double canonical over {label}, every {every}th partition ({len(keys)} "
                               f"of {len(count_partitions(lexicon, options))}), CPU time", figures,
                               KERNEL_NAMES["rows"], nodes=True))
    return {"title": "big counts", "sections": sections}


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def calibration() -> float:
    """How much faster two 0.5 s CPU loops finish in 2 processes than one after the other: what 2 workers
    can gain on this machine at this moment (2.0 when both cores are free)."""
    import multiprocessing

    started = time.perf_counter()
    _spin(0.5)
    _spin(0.5)
    alone = time.perf_counter() - started
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_spin, [0.5, 0.5])
    return alone / (time.perf_counter() - started)


def workers(repeat: int, big: bool, scratch: str) -> dict:
    """1 worker against 2 end to end on a count big enough (about 22 s of CPU: the five-letter words of
    ``english`` with commonness >= 2.5, written to a word-list file, since ``acrostic count`` has no
    commonness option) that the fixed costs of a run (imports, dictionary, starting the pool: about 0.7 s of
    CPU) do not hide the scaling; ``big``: all of english."""
    if big:
        words, source = ["--dict", "english"], "all of english"
    else:
        from puzzlewright.lexicon import load_lexicon

        path = os.path.join(scratch, "english-5-commonness-2.5.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(load_lexicon("english", min_commonness=2.5).of_length(5).words) + "\n")
        words, source = ["--dict", path], "english at commonness >= 2.5 (a word-list file)"
    count = ["acrostic", "count", "--size", "5", "--double", "--canonical", *words]
    commands = {f"{n} worker{'s' if n > 1 else ''}": (puzzlewright(*count, "--workers", str(n)), {})
                for n in (1, 2)}
    ceiling = calibration()
    result = report(f"5x5 double canonical count, {source}: 2 workers against 1 "
                    f"(calibration: 2 CPU loops ran {ceiling:.2f}x faster in 2 processes)",
                    alternated(commands, repeat), "1 worker")
    result["calibration"] = ceiling
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="alternated runs of each side (default 7)")
    parser.add_argument("--only", choices=["small", "kernels", "big", "workers"], nargs="*", default=None,
                        help="run only these sections (default: all)")
    parser.add_argument("--big", action="store_true",
                        help="whole big counts and the larger worker-scaling count (an hour or more)")
    parser.add_argument("--fraction", type=int, default=24, help="big counts: every Fth partition (default 24)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()
    # end-to-end runs import the package as an install does: from compiled bytecode (each command's untimed
    # first run writes it), even where the environment turns writing it off
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    load = os.getloadavg()[0]
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {load:.2f} at start")
    with tempfile.TemporaryDirectory() as scratch:
        runs = {"small": lambda: small_count(args.repeat), "kernels": lambda: kernels(args.repeat, scratch),
                "big": lambda: big_counts(1 if args.big else min(args.repeat, 3), 1 if args.big else args.fraction),
                "workers": lambda: workers(max(3, args.repeat // 2), args.big, scratch)}
        sections = [run() for name, run in runs.items() if args.only is None or name in args.only]
    if args.json:
        write_figures(args.json, load, sections)


if __name__ == "__main__":
    main()
