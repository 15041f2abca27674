#!/usr/bin/env python3
"""Speed where users feel it, side by side in one run: each figure is a median of alternated runs against a
baseline measured in the same run, reported as a ratio.

Usage: python benchmarks/speed.py [--repeat N] [--only SECTION ...] [--json FILE]

* small count end to end (``acrostic count --size 5 --double --canonical --dict wordle-answers``, 81
  squares): the C kernel against the previous implementation (the numba kernel, ``PUZZLEWRIGHT_KERNEL=numba``),
  wall time and peak memory of the whole process;
* the kernel in-process: nodes/s of both kernels on the same count (one core);
* ``jumble unscramble`` per word in-process: the signature index against the letter-count scan it replaced;
* ``dict lookup cat`` end to end (worker scaling and big counts: ``benchmarks/count_speed.py``);
* Letter Boxed end to end (``letterboxed``): ``letterboxed solve RME-WCL-TGK-API`` on the built-in
  dictionary, and with ``--dict FILE`` on a 178,000-word list (made from SCOWL's lists in
  ``/usr/share/dict/scowl`` when installed, Debian's ``scowl`` package, else from ``english-large``), first
  run on a file (new bytes each run; the cache folder holds what earlier runs left, as on any machine
  after the first solve: the built-in dictionaries' indexes), second run, and a run with an empty cache
  folder (the one-off after installing: english-large's words, which a file's commonness is looked up
  in, are inflated from its archive and kept then), against a compiled trie solver reading the same file
  (``benchmarks/peers/letterboxed_trie.rs``, built with ``rustc`` when it is installed, else skipped with a
  message). CPU time (user + system) is reported beside wall time: on a shared machine wall time is
  mostly waiting for a core.

Peers (other programs) are used when given, else skipped with a message:
``PUZZLEWRIGHT_PEER_COUNT`` is a command counting the 5x5 double canonical squares of a word list file,
``{words}`` standing for the file (for example a C or Rust square counter built on this machine).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

SMALL_COUNT = ["acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers",
               "--workers", "1"]


def run_process(command: list[str], env: dict | None = None) -> tuple[float, float, str, float]:
    """Wall seconds, peak RSS in MiB, stdout and CPU seconds (user + system) of one run of ``command``."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env={**os.environ, **(env or {})})
    output = process.stdout.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        raise SystemExit(f"{shlex.join(command)} failed (status {status})")
    return elapsed, usage.ru_maxrss / 1024, output, usage.ru_utime + usage.ru_stime


def alternated(commands: dict[str, tuple[list[str] | Callable[[], list[str]], dict]], repeat: int) -> dict[str, dict]:
    """Run each named command ``repeat`` times, alternating them; median wall time, CPU time and peak RSS
    of each. A command may be a function giving the command line of each run (prepared untimed)."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    memory: dict[str, list[float]] = {name: [] for name in commands}
    for name, (command, env) in commands.items():  # one untimed run each: compile/caches are warm
        run_process(command() if callable(command) else command, env)
    for _ in range(repeat):
        for name, (command, env) in commands.items():
            elapsed, rss, _, used = run_process(command() if callable(command) else command, env)
            times[name].append(elapsed)
            cpu[name].append(used)
            memory[name].append(rss)
    return {name: {"median_s": statistics.median(times[name]), "cpu_s": statistics.median(cpu[name]),
                   "peak_mib": statistics.median(memory[name])} for name in commands}


def write_figures(path: str, load: float, sections: list[dict]) -> None:
    """The run's figures as JSON: when, the load average at the start, the machine and every section."""
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"when": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "load_at_start": load,
                   "machine": f"{platform.machine()} {os.cpu_count()} cores", "sections": sections}, handle,
                  indent=1)


def report(title: str, figures: dict[str, dict], baseline: str) -> dict:
    """Print one comparison (each entry against ``baseline``) and return it for the JSON file."""
    print(title)
    base = figures[baseline]["median_s"]
    for name, figure in figures.items():
        ratio = "" if name == baseline else f"  {base / figure['median_s']:.2f}x faster than {baseline}"
        if name != baseline and "cpu_s" in figure:
            ratio += f" (CPU: {figures[baseline]['cpu_s'] / max(figure['cpu_s'], 1e-9):.2f}x)"
        memory = f", peak {figure['peak_mib']:.0f} MiB" if "peak_mib" in figure else ""
        used = f", CPU {figure['cpu_s'] * 1000:.0f} ms" if "cpu_s" in figure else ""
        shown = (f"{figure['median_s'] * 1e6:9.2f} µs" if figure["median_s"] < 1e-3
                 else f"{figure['median_s'] * 1000:9.1f} ms")
        print(f"  {name:38} {shown}{used}{memory}{ratio}")
    return {"title": title, "baseline": baseline, "figures": figures}


def puzzlewright(*arguments: str) -> list[str]:
    """The command line as the installed ``puzzlewright`` script runs it (not ``-m``: runpy costs start-up)."""
    return [sys.executable, "-c", "from puzzlewright.cli.main import main; main()", *arguments]


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

    from puzzlewright import native
    from puzzlewright.acrostic import kernel
    from puzzlewright.lexicon import load_lexicon

    _, trie = kernel.word_trie(load_lexicon("wordle-answers"), 5)
    backends = {"C kernel": kernel.c_kernel(),
                "numba kernel (previous)": kernel._numba_kernel}

    def run(backend) -> tuple[float, int]:
        search = kernel.SquareSearch(5, trie, np.full(25, -1), double=True, canonical=True)
        out = np.zeros((1024, 5), np.int32)
        started = time.perf_counter()
        while not search.done:
            _, nodes, why = backend(search, out, 10**12)
            search.nodes += nodes
            search.done = why == native.DONE
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


LETTERBOXED_WORDS = 178_000  # the size of the word list issue #15 measured the Rust peer on
SCOWL_FOLDER = "/usr/share/dict/scowl"  # Debian's scowl package


def word_list_file(folder: str) -> str:
    """A 178,000-word list in ``folder``: SCOWL's English and American words of size <= 70, topped up
    with evenly spaced size-80 words (when the scowl package is installed), else the first 178,000 words
    of ``english-large``."""
    import glob

    def scowl_words(size: int) -> set[str]:
        found = set()
        for path in glob.glob(f"{SCOWL_FOLDER}/english-words.{size}") + glob.glob(f"{SCOWL_FOLDER}/american-words.{size}"):
            with open(path, encoding="latin-1") as handle:
                found.update(w for w in (line.strip() for line in handle) if w.isascii() and w.isalpha() and w.islower())
        return found

    if os.path.isdir(SCOWL_FOLDER):
        words: set[str] = set()
        for size in (10, 20, 35, 40, 50, 55, 60, 70):
            words |= scowl_words(size)
        more = sorted(scowl_words(80) - words)
        need = LETTERBOXED_WORDS - len(words)
        words |= {more[i * len(more) // need] for i in range(need)} if need > 0 else set()
        source = "SCOWL"
    else:
        from puzzlewright.lexicon import load_lexicon

        words, source = set(load_lexicon("english-large").words[:LETTERBOXED_WORDS]), "english-large"
    path = os.path.join(folder, "words.txt")
    with open(path, "w", encoding="ascii") as handle:
        handle.write("\n".join(sorted(words)) + "\n")
    print(f"(word list: {len(words):,} words from {source})")
    return path


def rust_peer(folder: str) -> str | None:
    """benchmarks/peers/letterboxed_trie.rs compiled into ``folder``, None (with a message) without rustc."""

    rustc = shutil.which("rustc") or (os.path.expanduser("~/.cargo/bin/rustc")
                                      if os.path.exists(os.path.expanduser("~/.cargo/bin/rustc")) else None)
    if rustc is None:
        print("(no Rust peer: rustc not found; install Rust to compare with benchmarks/peers/letterboxed_trie.rs)")
        return None
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers", "letterboxed_trie.rs")
    binary = os.path.join(folder, "letterboxed_trie")
    subprocess.run([rustc, "-O", "-o", binary, source], check=True)
    return binary


def letterboxed(repeat: int) -> list[dict]:
    """Letter Boxed end to end against the compiled peer: the built-in dictionary, and --dict FILE first
    (a new file, and an empty cache folder) and second run (see the module docstring)."""
    box = "RME-WCL-TGK-API"
    with tempfile.TemporaryDirectory() as folder:
        words = word_list_file(folder)
        peer = rust_peer(folder)
        warm, cold = os.path.join(folder, "warm-cache"), os.path.join(folder, "cold-cache")
        runs = itertools.count()

        def first_run() -> list[str]:
            """A file never seen before: the list and a comment line naming the run (new bytes each time)."""
            new_file = os.path.join(folder, f"new-words-{next(runs)}.txt")
            shutil.copyfile(words, new_file)
            with open(new_file, "a", encoding="ascii") as handle:
                handle.write(f"# {new_file}\n")
            return puzzlewright("letterboxed", "solve", box, "--dict", new_file)

        empty_cache = ["sh", "-c", 'rm -rf "$PUZZLEWRIGHT_CACHE" && exec "$0" "$@"',
                       *puzzlewright("letterboxed", "solve", box, "--dict", words)]
        commands = {"built-in dictionary": (puzzlewright("letterboxed", "solve", box), {"PUZZLEWRIGHT_CACHE": warm}),
                    "--dict FILE, second run": (puzzlewright("letterboxed", "solve", box, "--dict", words),
                                                {"PUZZLEWRIGHT_CACHE": warm}),
                    "--dict FILE, first run (new file)": (first_run, {"PUZZLEWRIGHT_CACHE": warm}),
                    "--dict FILE, empty cache folder": (empty_cache, {"PUZZLEWRIGHT_CACHE": cold})}
        if peer is not None:
            commands["Rust trie solver, same file"] = ([peer, box, words], {})
        figures = alternated(commands, repeat)
    baseline = "Rust trie solver, same file" if peer is not None else "built-in dictionary"
    return [report(f"letterboxed solve {box} end to end, {LETTERBOXED_WORDS:,}-word list", figures, baseline)]


SECTIONS = ("small_count", "kernel_rate", "unscramble", "lookup", "letterboxed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="alternated runs of each side (default 7)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=SECTIONS, metavar="SECTION",
                        help=f"run only these sections ({', '.join(SECTIONS)})")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {load:.2f} at start")
    runners = {"small_count": lambda: [small_count(args.repeat)], "kernel_rate": lambda: [kernel_rate(args.repeat)],
               "unscramble": lambda: [unscramble(args.repeat)], "lookup": lambda: [lookup(args.repeat)],
               "letterboxed": lambda: letterboxed(args.repeat)}
    sections = [figure for name in SECTIONS if name in args.only for figure in runners[name]()]
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.json:
        write_figures(args.json, load, sections)


if __name__ == "__main__":
    main()
