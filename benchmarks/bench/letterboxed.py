"""Letter Boxed benchmarks: the seed's two puzzles in-process (english and english-large), the three-word
search, the command line end to end, and a 1,000-puzzle batch; each solver figure against a same-run
baseline, a straight Python port of the seed's method (a trie walk from every letter for the valid
words, capped at 12 letters as in the seed, then every pair of words joined by a letter tested for
covering the box).
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
from collections import defaultdict

from bench import BenchResult, command_time, median_time, shared_data_dir

SEED_PUZZLES = ("RME-WCL-TGK-API", "ERG-BID-NCF-TAO")
SAMPLE = "letterboxed-nyt-sample.json"
BATCH_SIZE = 1000


class SeedPortSolver:
    """The seed's algorithm in plain Python: a prefix table stands in for its trie."""

    MAX_LENGTH = 12  # the seed's cap

    def __init__(self, words: list[str]):
        self.words = set(words)
        self.prefixes = {word[:i] for word in words for i in range(1, min(len(word), self.MAX_LENGTH) + 1)}

    def solve(self, sides: list[str]) -> list[tuple[str, str]]:
        letters = "".join(sides).lower()
        side_of = {letter: k for k, side in enumerate(sides) for letter in side.lower()}
        found: dict[str, list[tuple[str, int]]] = defaultdict(list)

        def walk(prefix: str, covered: int) -> None:
            if prefix not in self.prefixes:
                return
            if len(prefix) >= 3 and prefix in self.words:
                found[prefix[0]].append((prefix, covered))
            if len(prefix) == self.MAX_LENGTH:
                return
            for index, letter in enumerate(letters):
                if side_of[letter] != side_of[prefix[-1]]:
                    walk(prefix + letter, covered | (1 << index))

        for index, letter in enumerate(letters):
            walk(letter, 1 << index)
        full = (1 << len(letters)) - 1
        return [(w1, w2) for group in found.values() for w1, m1 in group for w2, m2 in found.get(w1[-1], ())
                if m1 | m2 == full]


def median_cpu(fn, repeat: int) -> float:
    """Median CPU time (this process) of ``fn()``: steadier than wall time on a shared machine."""
    fn()
    times = []
    for _ in range(repeat):
        started = time.process_time()
        fn()
        times.append(time.process_time() - started)
    return statistics.median(times)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _ours(spec: str, index, max_words: int = 2):
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.letterboxed.solver import box_words, solve_box

    box = Box.parse(spec)
    return solve_box(box, box_words(box, index), max_words=max_words)


def _in_process(dictionary: str, quick: bool, target: float) -> list[BenchResult]:
    from puzzlewright.letterboxed.index import builtin_index
    from puzzlewright.lexicon import builtin_lexicon

    index = builtin_index(dictionary)
    baseline = SeedPortSolver([w for w in builtin_lexicon(dictionary).words])
    results = []
    for spec in SEED_PUZZLES:
        ours = median_time(lambda: _ours(spec, index), repeat=11 if quick else 31)
        theirs = median_time(lambda: baseline.solve(spec.split("-")), repeat=3 if quick else 7)
        ours_cpu = median_cpu(lambda: _ours(spec, index), repeat=11 if quick else 31)
        theirs_cpu = median_cpu(lambda: baseline.solve(spec.split("-")), repeat=3 if quick else 7)
        count = _ours(spec, index).count
        results.append(BenchResult("letterboxed", f"{spec} all <=2-word solutions, {dictionary} (in-process)",
                                   ours, target, theirs,
                                   note=f"{count} solutions; CPU {1000 * ours_cpu:.1f} ms vs baseline "
                                        f"{1000 * theirs_cpu:.0f} ms (seed's trie walk ported to Python)"))
    return results


def _three_words(quick: bool) -> list[BenchResult]:
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.letterboxed.index import builtin_index
    from puzzlewright.letterboxed.solver import box_words, chains_of_length

    index = builtin_index("english")
    results = []
    for spec in SEED_PUZZLES:
        up_to_three = median_time(lambda: _ours(spec, index, max_words=3), repeat=3 if quick else 7)
        listed = _ours(spec, index, max_words=3).count
        results.append(BenchResult("letterboxed", f"{spec} --max-words 3 (every 1-3-word solution, ranked)",
                                   up_to_three, note=f"{listed:,} solutions"))
        box = Box.parse(spec)

        def every_three() -> int:
            return len(chains_of_length(box_words(box, index), 3))

        count = every_three()
        results.append(BenchResult("letterboxed", f"{spec} every exactly-3-word chain, english", median_time(
            every_three, repeat=3 if quick else 7), note=f"{count:,} chains, unranked (spare-word chains included)"))
    return results


def _batch_file(directory: str) -> str:
    """1,000 real puzzles: the NYT sample's 101, cycled."""
    puzzles = json.loads((shared_data_dir() / "samples" / SAMPLE).read_text())
    path = os.path.join(directory, "letterboxed-batch.jsonl")
    with open(path, "w") as handle:
        for k in range(BATCH_SIZE):
            handle.write(json.dumps({"sides": puzzles[k % len(puzzles)]["sides"]}) + "\n")
    return path


def _batch(quick: bool) -> list[BenchResult]:
    with tempfile.TemporaryDirectory() as directory:
        try:
            path = _batch_file(directory)
        except FileNotFoundError:
            return [BenchResult("letterboxed", "batch of 1,000 puzzles (skipped: shared sample not found)", 0.0)]
        command = [sys.executable, "-m", "puzzlewright.cli.main", "letterboxed", "solve", "--batch", path]

        def run() -> None:
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        runs = 1 if quick else 3
        cpu = _children_cpu()
        seconds = median_time(run, repeat=runs, warmup=0)
        cpu = (_children_cpu() - cpu) / runs
    return [BenchResult("letterboxed", "`letterboxed solve --batch` 1,000 NYT puzzles, end to end", seconds, 10.0,
                        note=f"CPU time {cpu:.2f} s per run (wall time suffers when the machine is shared)")]


def _end_to_end(quick: bool) -> BenchResult:
    repeat = 5 if quick else 11
    cpu = _children_cpu()
    seconds = command_time(["letterboxed", "solve", "RME-WCL-TGK-API"], repeat=repeat)
    cpu = (_children_cpu() - cpu) / (repeat + 1)
    return BenchResult("letterboxed", "`letterboxed solve RME-WCL-TGK-API` end to end", seconds, 0.150,
                       note=f"mean CPU time {1000 * cpu:.0f} ms per run")


def run(quick: bool = False) -> list[BenchResult]:
    results = _in_process("english", quick, 0.005)
    if not quick:
        results += _in_process("english-large", quick, 0.010)
    results += _three_words(quick)
    results.append(_end_to_end(quick))
    results += _batch(quick)
    return results
