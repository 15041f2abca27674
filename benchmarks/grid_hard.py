#!/usr/bin/env python3
"""Issue #32's grid figures for docs/grid.md and docs/benchmarks.md: the hard shipped patterns, one worker
against a race of two, and a small open grid end to end against a peer.

Usage: python benchmarks/grid_hard.py [hard] [pairs] [rungs] [small] [--seeds N] [--seconds S] [--min-score Z]
       [--patterns a,b] [--workers 1,2] [--nodes N] [--runs N] [--peer-python PATH]

* hard: each hard pattern (``stack-15``, ``stack-21``, ``open-7``, ``open-9``) filled at quality floor
  --min-score (default 3: only that floor is tried; ``none``: the default floors, 3 down to 1.5, as
  ``grid fill`` without ``--min-score``; ``0``: 3 down to every word the policy allows) with random seeds 0..N-1 and a budget of --seconds of
  wall clock, once per --workers count (a race of that many differently seeded searches, the fewest nodes
  winning, ``grid fill --workers``): time to the first fill (wall), CPU of this process and its
  workers, nodes of the winning search, and for each worker count the median over the seeds that filled
  (a seed that did not fill in the budget counts as the budget). The ratio of the medians, 1 worker over
  2, is the portfolio's speed-up; so is the ratio of the median CPU per worker (the CPU over the worker
  count: what each core spent, the wall clock of a machine with a free core per worker).
* pairs: each pattern filled on one worker with seeds 0..N-1 (--seeds) and a node budget (--nodes) instead
  of a clock, so the figures do not depend on the machine's load: the nodes to the first fill (or to the
  proof that there is none) and the CPU per seed,
  and for each pair of seeds (S, S+1) the smaller, which is the answer of a race of two workers
  (``--workers 2 --random-seed S``: the fewest nodes win) and what it spends when each has a core of its
  own (each worker's search is exactly the one-worker search with its seed, stopped at the winner's nodes). The ratio of the medians is the race's speed-up in nodes.
* rungs: each pattern filled on one worker with seeds 0..N-1 at the default floors (--min-score applies:
  ``none`` for the whole ladder), rung by rung (``Filler.run_rung``, as ``grid fill`` runs them): each
  rung's floor, nodes and CPU seconds, which rung the fill ended at, and what the quality-floor ladder
  cost (the nodes and CPU of the rungs that ended without a fill). From the rungs' nodes and CPU, what a
  race of --workers W (``grid fill --workers W --random-seed S``: seeds S..S+W-1, the fewest nodes
  winning, each worker stopping at the winner's nodes) costs each core: for every S with S+W-1 measured,
  the most CPU any of those seeds spends on its first m nodes (m: the fewest nodes to an answer among
  them; CPU taken as even within a rung); the ratio of its median to one worker's (over the same S) is
  the race's speed-up on a machine with a free core per worker (the wall-clock form is ``hard --min-score
  none --workers 1,2``, on an idle machine). Each fill gets --seconds of wall clock (a fill stopped there
  counts what it spent, and as the answer).
* small: ``puzzlewright grid fill --size 5x5`` end to end (a new process: start-up, dictionary, kernel,
  search) against the peer (blacksquare's filler, PyPI, in its own environment: --peer-python, see
  benchmarks/grid_peer.py) filling the same open 5x5 from the same list (``english``'s five-letter
  words with their scores, written as a ``word;score`` file both read), alternately, --runs times each:
  median wall and median CPU (user + system of the process). Qxw, the other peer of issue #32, is
  measured by ``benchmarks/grid_qxw.py`` (the 5x5, the 15x15 patterns and the 21x21 on one list).
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEER_FILL = """
import sys
from blacksquare import Crossword, WordList
words = {}
for line in open(sys.argv[1]):
    word, score = line.strip().split(";")
    words[word] = int(score) / 100
crossword = Crossword(grid=[[" "] * 5 for _ in range(5)], word_list=WordList(words), symmetry=None)
print("filled" if crossword.fill(timeout=30, temperature=0, show_progress=False) is not None else "none")
"""


def cpu_seconds() -> float:
    """CPU time of this process and its finished child processes (a portfolio's workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def hard(patterns: list[str], seeds: int, seconds: float, min_score: float | None, workers: list[int]) -> None:
    from puzzlewright.grid import api

    api.fill({"grid": "..../..../...."})  # the dictionary and the compiled kernel, outside the timings
    for name in patterns:
        medians, per_core = {}, {}
        for count in workers:
            walls, cores = [], []
            for seed in range(seeds):
                wall, cpu = time.perf_counter(), cpu_seconds()
                result = api.fill({"pattern": name, "min_score": min_score, "random_seed": seed,
                                   "time_limit": seconds}, workers=count)
                wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
                walls.append(wall if result.fills else seconds)
                cores.append(cpu / count if result.fills else seconds)
                weakest = (f", floor {result.floor}, weakest {result.fills[0].weakest} ({result.fills[0].min_score})"
                           if result.fills else f": {result.explanation or result.stopped}")
                print(f"  {name} {count} worker(s) seed {seed}: {'filled' if result.fills else 'NO FILL'} "
                      f"{wall:.1f} s wall, {cpu:.1f} s CPU, {result.nodes:,} nodes, winner seed "
                      f"{result.random_seed}{weakest}", flush=True)
            medians[count], per_core[count] = statistics.median(walls), statistics.median(cores)
            print(f"{name}, {count} worker(s), floor {min_score}: median time to first fill "
                  f"{medians[count]:.1f} s (budget {seconds:g} s), median CPU per worker {per_core[count]:.2f} s",
                  flush=True)
        if 1 in medians and len(medians) > 1:
            for count in medians:
                if count != 1:
                    print(f"{name}: 1 worker / {count} workers = {medians[1] / medians[count]:.2f}x wall, "
                          f"{per_core[1] / per_core[count]:.2f}x CPU per worker\n", flush=True)


def pairs(patterns: list[str], seeds: int, min_score: float | None, nodes: int) -> None:
    from puzzlewright.grid import api

    api.fill({"grid": "..../..../...."})  # the dictionary and the compiled kernel, outside the timings
    for name in patterns:
        spent: dict[int, int | None] = {}
        for seed in range(seeds):
            cpu = cpu_seconds()
            result = api.fill({"pattern": name, "min_score": min_score, "random_seed": seed, "time_limit": 3600,
                               "max_nodes": nodes})
            cpu = cpu_seconds() - cpu
            spent[seed] = result.nodes if result.fills else None
            verdict = (f"filled at floor {result.floor}" if result.fills
                       else "no fill exists (proved)" if result.complete else "no fill")
            print(f"  {name} seed {seed}: {result.nodes:,} nodes, {cpu:.1f} s CPU, {verdict}", flush=True)
        alone = [spent[seed] or nodes for seed in range(seeds)]
        raced = [min(alone[seed], alone[seed + 1]) for seed in range(seeds - 1)]
        if not raced:  # one seed: no race to compare
            continue
        one, two = statistics.median(alone), statistics.median(raced)
        print(f"{name}: median nodes to the first fill, one worker {one:,.0f}, best of two seeds {two:,.0f}: "
              f"{one / two:.2f}x (a seed without a fill counts as the node budget)\n", flush=True)


def rungs(patterns: list[str], seeds: int, min_score: float | None, workers: list[int], seconds: float) -> None:
    from puzzlewright.budget import Budget
    from puzzlewright.grid import api
    from puzzlewright.grid.filler import Filler
    from puzzlewright.grid.patterns import pattern_grid

    api.fill({"grid": "..../..../...."})  # the dictionary and the compiled kernel, outside the timings
    for name in patterns:
        request = api.validate(api.FillRequest, {"pattern": name, "min_score": min_score})
        words, _ = api.fill_lexicon(request, None)
        ladders: list[list[tuple[int, float]]] = []  # per seed, each rung's (nodes, CPU); set-up on the first
        for seed in range(seeds):
            options = api.fill_options(api.validate(api.FillRequest, {"pattern": name, "min_score": min_score,
                                                                      "random_seed": seed}))
            cpu = time.process_time()
            filler = Filler(pattern_grid(name), words, options)
            setup = time.process_time() - cpu
            costs, ended, budget = [], [], Budget(seconds)
            for rung in range(len(filler.floors)):
                cpu = time.process_time()
                ended.append(filler.run_rung(rung, budget))
                costs.append(time.process_time() - cpu)
                if ended[-1].finished:
                    break
            outcome = filler.ladder_outcome(ended, sum(costs))
            last = len(ended) - 1
            ladders.append([(0, setup)] + [(rung.nodes, cost) for rung, cost in zip(ended, costs)])
            rows = ", ".join(f"{rung.floor}: {rung.nodes:,} nodes {cost:.2f} s" for rung, cost in zip(ended, costs))
            weakest = f"weakest {outcome.fills[0].weakest}" if outcome.fills else outcome.stopped or "no fill"
            print(f"  {name} seed {seed}: floor {outcome.floor} ({weakest}), {outcome.nodes:,} nodes, set-up "
                  f"{setup:.2f} s; rungs {rows}; the ladder's failed rungs {sum(r.nodes for r in ended[:last]):,} "
                  f"nodes, {sum(costs[:last]):.2f} s CPU", flush=True)
        for count in workers:
            starts = range(seeds - count + 1)
            if count == 1 or not starts:
                continue
            alone = statistics.median(race_cpu(ladders[start:start + 1]) for start in starts)
            raced = [race_cpu(ladders[start:start + count]) for start in starts]
            print(f"{name}, seeds {starts[0]}-{starts[-1]}: median CPU to the answer, one worker {alone:.2f} s, a race "
                  f"of {count} (per core) {statistics.median(raced):.2f} s: {alone / statistics.median(raced):.2f}x "
                  f"(each: {' / '.join(f'{cpu:.2f}' for cpu in raced)} s)", flush=True)
        print(flush=True)


def race_cpu(ladders: list[list[tuple[int, float]]]) -> float:
    """The CPU each core spends on a race of the searches whose ladders (each rung's nodes and CPU, the
    last the rung the search answered at) are given: the most any spends on its first m nodes, m being
    the fewest nodes to an answer among them (CPU taken as even within a rung)."""
    fewest = min(sum(nodes for nodes, _ in ladder) for ladder in ladders)
    return max(cpu_within(ladder, fewest) for ladder in ladders)


def cpu_within(ladder: list[tuple[int, float]], nodes: int) -> float:
    """The CPU a search whose rungs took ``ladder`` (nodes, CPU) spends on its first ``nodes`` nodes."""
    spent = 0.0
    for rung_nodes, cost in ladder:
        if nodes < rung_nodes:
            return spent + cost * nodes / rung_nodes
        spent += cost
        nodes -= rung_nodes
    return spent


def five_letter_list(path: Path) -> None:
    """``english``'s five-letter words as a ``word;score`` list (score = familiarity / 0.06, at most 100)."""
    from puzzlewright.lexicon import load_lexicon

    table = load_lexicon("english").of_length(5)
    path.write_text("".join(f"{word};{min(100, round(float(zipf) / 0.06))}\n"
                            for word, zipf in zip(table.words, table.zipf)))


def timed(command: list[str], env: dict[str, str] | None = None,
          cpu_seconds: float | None = None) -> tuple[float, float, str | None]:
    """(wall, CPU of the child, its stdout) of one run of ``command``. With ``cpu_seconds`` the child may
    use that much CPU (``RLIMIT_CPU``, not wall clock, so that a busy machine does not cut a run short)
    and its stdout is None when it was stopped; without, a failed run raises."""
    def limit() -> None:
        if cpu_seconds is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (math.ceil(cpu_seconds), math.ceil(cpu_seconds) + 1))

    before = os.times()
    wall = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=cpu_seconds is None,
                          preexec_fn=limit)
    wall = time.perf_counter() - wall
    after = os.times()
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    return wall, cpu, done.stdout if done.returncode >= 0 else None


def small(runs: int, peer_python: str | None) -> None:
    from startup import HERE, environment  # bytecode compiled by the warm-up, as an installed package has it

    launcher = [sys.executable, "-c", "from puzzlewright.cli.main import main; main()"]
    with tempfile.TemporaryDirectory() as folder:
        env = environment(HERE, Path(folder))
        words = Path(folder) / "five.txt"
        five_letter_list(words)
        ours = launcher + ["grid", "fill", "--size", "5x5", "--dict", str(words)]
        peer_script = Path(folder) / "peer.py"
        peer_script.write_text(PEER_FILL)
        peer = [peer_python, str(peer_script), str(words)] if peer_python else None
        timed(ours, env)  # warm-up: bytecode, the list's index cache, the compiled kernel
        if peer:
            timed(peer)
        figures: dict[str, list[tuple[float, float]]] = {"puzzlewright": [], "blacksquare": []}
        for _ in range(runs):
            wall, cpu, out = timed(ours, env)
            assert "1 fill" in out, out
            figures["puzzlewright"].append((wall, cpu))
            if peer:
                wall, cpu, out = timed(peer)
                assert "filled" in out, out
                figures["blacksquare"].append((wall, cpu))
        for name, pairs in figures.items():
            if pairs:
                print(f"{name}: 5x5 open end to end, median {statistics.median(p[0] for p in pairs):.2f} s wall, "
                      f"{statistics.median(p[1] for p in pairs):.2f} s CPU over {len(pairs)} runs")
        if figures["blacksquare"]:
            ratio = (statistics.median(p[1] for p in figures["puzzlewright"])
                     / statistics.median(p[1] for p in figures["blacksquare"]))
            print(f"puzzlewright / blacksquare, CPU: {ratio:.2f}x")


def main() -> None:
    from puzzlewright.grid.patterns import HARD_PATTERNS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", default=["hard", "small"])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--min-score", type=lambda text: None if text == "none" else float(text), default=3.0)
    parser.add_argument("--patterns", default=",".join(HARD_PATTERNS))
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--peer-python", default=None)
    args = parser.parse_args()
    if "hard" in args.parts:
        hard(args.patterns.split(","), args.seeds, args.seconds, args.min_score,
             [int(count) for count in args.workers.split(",")])
    if "pairs" in args.parts:
        pairs(args.patterns.split(","), args.seeds, args.min_score, args.nodes)
    if "rungs" in args.parts:
        rungs(args.patterns.split(","), args.seeds, args.min_score, [int(count) for count in args.workers.split(",")],
              args.seconds)
    if "small" in args.parts:
        small(args.runs, args.peer_python)


if __name__ == "__main__":
    main()
