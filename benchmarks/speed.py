#!/usr/bin/env python3
"""Speed where users feel it, side by side in one run: each figure is a median of alternated runs against a
baseline measured in the same run, reported as a ratio.

Usage: python benchmarks/speed.py [--repeat N] [--big] [--json FILE]

* small count end to end (``acrostic count --size 5 --double --canonical --dict wordle-answers``, 81
  squares): the C kernel against the previous implementation (the numba kernel, ``PUZZLEWRIGHT_KERNEL=numba``),
  wall time and peak memory of the whole process;
* the kernel in-process: nodes/s of both kernels on the same count (one core);
* 1 worker against 2 (``--big``: the 5x5 double canonical count over ``english`` words of commonness >= 3);
* ``jumble unscramble`` per word in-process: the signature index against the letter-count scan it replaced;
* ``dict lookup cat`` end to end.

Peers (other programs) are used when given, else skipped with a message:
``PUZZLEWRIGHT_PEER_COUNT`` is a command counting the 5x5 double canonical squares of a word list file,
``{words}`` standing for the file (for example a C or Rust square counter built on this machine).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

SMALL_COUNT = ["acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers",
               "--workers", "1"]


def run_process(command: list[str], env: dict | None = None) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MiB and stdout of one run of ``command``."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env={**os.environ, **(env or {})})
    output = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        raise SystemExit(f"{shlex.join(command)} failed (status {status})")
    return elapsed, usage.ru_maxrss / 1024, output


def alternated(commands: dict[str, tuple[list[str], dict]], repeat: int) -> dict[str, dict]:
    """Run each named command ``repeat`` times, alternating them; median wall time and peak RSS of each."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    memory: dict[str, list[float]] = {name: [] for name in commands}
    for name, (command, env) in commands.items():  # one untimed run each: compile/caches are warm
        run_process(command, env)
    for _ in range(repeat):
        for name, (command, env) in commands.items():
            elapsed, rss, _ = run_process(command, env)
            times[name].append(elapsed)
            memory[name].append(rss)
    return {name: {"median_s": statistics.median(times[name]), "peak_mib": statistics.median(memory[name])}
            for name in commands}


def report(title: str, figures: dict[str, dict], baseline: str) -> dict:
    """Print one comparison (each entry against ``baseline``) and return it for the JSON file."""
    print(title)
    base = figures[baseline]["median_s"]
    for name, figure in figures.items():
        ratio = "" if name == baseline else f"  {base / figure['median_s']:.2f}x faster than {baseline}"
        memory = f", peak {figure['peak_mib']:.0f} MiB" if "peak_mib" in figure else ""
        shown = (f"{figure['median_s'] * 1e6:9.2f} µs" if figure["median_s"] < 1e-3
                 else f"{figure['median_s'] * 1000:9.1f} ms")
        print(f"  {name:34} {shown}{memory}{ratio}")
    return {"title": title, "baseline": baseline, "figures": figures}


def puzzlewright(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "puzzlewright.cli.main", *arguments]


def small_count(repeat: int) -> dict:
    commands = {"C kernel": (puzzlewright(*SMALL_COUNT), {"PUZZLEWRIGHT_KERNEL": "c"}),
                "numba kernel (previous)": (puzzlewright(*SMALL_COUNT), {"PUZZLEWRIGHT_KERNEL": "numba"})}
    peer = os.environ.get("PUZZLEWRIGHT_PEER_COUNT")
    words_file = None
    if peer:
        from puzzlewright.lexicon import load_lexicon

        words_file = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        words_file.write("\n".join(load_lexicon("wordle-answers").of_length(5).words) + "\n")
        words_file.close()
        commands["peer ($PUZZLEWRIGHT_PEER_COUNT)"] = (shlex.split(peer.replace("{words}", words_file.name)), {})
    else:
        print("(no peer: set PUZZLEWRIGHT_PEER_COUNT='counter {words}' to compare a square counter)")
    try:
        return report("acrostic count --size 5 --double --canonical --dict wordle-answers (81 squares), end to end",
                      alternated(commands, repeat), "numba kernel (previous)")
    finally:
        if words_file is not None:
            os.unlink(words_file.name)


def kernel_rate(repeat: int) -> dict:
    """Both kernels in this process on the same search: nodes per second (compiled and loaded before)."""
    import numpy as np

    from puzzlewright.acrostic import kernel
    from puzzlewright.lexicon import load_lexicon

    _, trie = kernel.word_trie(load_lexicon("wordle-answers"), 5)
    backends = {"C kernel": kernel._CKernel(kernel.build_c_kernel(kernel.c_compiler())),
                "numba kernel (previous)": kernel._numba_kernel}

    def run(backend) -> tuple[float, int]:
        search = kernel.SquareSearch(5, trie, np.full(25, -1), double=True, canonical=True)
        out = np.zeros((1024, 5), np.int32)
        started = time.perf_counter()
        while not search.done:
            _, nodes, why = backend(search, out, 10**12)
            search.nodes += nodes
            search.done = why == kernel.DONE
        return time.perf_counter() - started, search.nodes

    figures: dict[str, dict] = {}
    samples: dict[str, list[float]] = {name: [] for name in backends}
    for name, backend in backends.items():
        run(backend)
    for _ in range(repeat):
        for name, backend in backends.items():
            elapsed, nodes = run(backend)
            samples[name].append(elapsed)
    for name in backends:
        median = statistics.median(samples[name])
        figures[name] = {"median_s": median, "nodes": nodes, "nodes_per_s": nodes / median}
    result = report("kernel only, 5x5 double canonical over wordle-answers (one core)", figures,
                    "numba kernel (previous)")
    for name, figure in figures.items():
        print(f"  {name:34} {figure['nodes']:,} nodes, {figure['nodes_per_s'] / 1e6:.1f} M nodes/s")
    return result


def workers(repeat: int, big: bool) -> dict:
    floor = "3" if big else "3.5"
    count = ["acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "english",
             "--min-commonness", floor]
    commands = {f"{n} worker{'s' if n > 1 else ''}": (puzzlewright(*count, "--workers", str(n)), {})
                for n in (1, 2)}
    return report(f"5x5 double canonical count, english at commonness >= {floor}: 2 workers against 1",
                  alternated(commands, repeat), "1 worker")


def unscramble(repeat: int) -> dict:
    """Per word in-process: the signature index against the letter-count scan it replaced (same answers)."""
    import numpy as np

    from bench import median_time
    from puzzlewright.jumble.anagrams import count_hash, count_table, letter_counts
    from puzzlewright.jumble.anagrams import unscramble as signature_unscramble
    from puzzlewright.lexicon import load_lexicon

    lexicon = load_lexicon("english")
    words = ["shace", "lasrn", "hotguf", "clathe", "ednrat", "yogbrun", "tlpane", "rgenat", "nubble", "tiscor"]

    hashes = {n: count_hash(count_table(lexicon, n)) for n in range(3, 10)}  # built before timing, as before

    def scan(scrambled: str) -> tuple[str, ...]:
        """The previous method: compare a hash of every word's letter counts, confirm on the counts."""
        known = letter_counts(scrambled)
        rows = np.flatnonzero(hashes[len(scrambled)] == count_hash(known))
        rows = rows[(count_table(lexicon, len(scrambled))[rows] == known).all(axis=1)]
        table = lexicon.of_length(len(scrambled))
        found = tuple(table.words[i] for i in rows[np.lexsort((rows, -table.zipf[rows]))])
        if scrambled in found and len(found) > 1:  # the scramble itself last, as unscramble() does
            found = tuple(w for w in found if w != scrambled) + (scrambled,)
        return found

    assert all(scan(w) == signature_unscramble(w, lexicon) for w in words)
    figures = {name: {"median_s": median_time(lambda: [method(w, lexicon) if method is signature_unscramble
                                                        else method(w) for w in words], repeat=repeat * 20) / len(words)}
               for name, method in (("signature index", signature_unscramble), ("letter-count scan (previous)", scan))}
    return report("jumble unscramble, per word in-process (english)", figures, "letter-count scan (previous)")


def lookup(repeat: int) -> dict:
    commands = {"dict lookup cat": (puzzlewright("dict", "lookup", "cat"), {}),
                "python -c pass (interpreter start)": ([sys.executable, "-c", "pass"], {})}
    return report("dict lookup, end to end", alternated(commands, repeat), "dict lookup cat")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="alternated runs of each side (default 7)")
    parser.add_argument("--big", action="store_true", help="the larger worker-scaling count (minutes)")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {load:.2f} at start")
    sections = [small_count(args.repeat), kernel_rate(args.repeat), workers(max(3, args.repeat // 2), args.big),
                unscramble(args.repeat), lookup(args.repeat)]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"when": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "load_at_start": load,
                       "machine": f"{platform.machine()} {os.cpu_count()} cores", "sections": sections}, handle,
                      indent=1)


if __name__ == "__main__":
    main()
