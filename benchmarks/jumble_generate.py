#!/usr/bin/env python3
"""`jumble generate` on every training Jumble: from its final answer, caption and word lengths, does it make
at least one puzzle, how long does it take, and where does the solver rank the intended answer?

Usage: python benchmarks/jumble_generate.py [--data ../shared/data/train/jumble-train.json] [--limit N]
                                            [--seed 1] [--cli-runs 7]

* in process (the dictionary and its indexes built before timing): for each training puzzle, one generated
  Jumble (random seed ``--seed``) from its final answer (printed words of its pattern in braces), its
  caption and its words' lengths: the share with a puzzle, the reasons where none, the median and
  slowest time per puzzle, and how often the solver ranks the answer first (alone or tied) given the
  generated puzzle and the caption;
* end to end: `puzzlewright jumble generate "BEE WORTH IT" --caption ... --random-seed i` in a new process
  (i = 1..R), the median wall time (what a user waits) and CPU time, alternated with `jumble solve` of the
  same puzzle's kind as the same-run baseline (every Jumble command loads the dictionary and ranker tables).

Every generated puzzle is re-checked independently: each scramble has exactly one unscrambling, its
circled letters are the answer's open letters, and no word is one the constructor policy leaves out.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter

from puzzlewright.errors import PuzzlewrightError
from puzzlewright.jumble.api import generate
from puzzlewright.jumble.anagrams import unscramble
from puzzlewright.lexicon import load_lexicon
from puzzlewright.lexicon.policy import Use, publishable

HERE = os.path.dirname(os.path.abspath(__file__))
CAPTION = "THEY BOUGHT THE VERY EXPENSIVE MANUKA HONEY AND HOPED THE HONEY WOULD - - -"
DEFAULT_DATA = os.path.join(HERE, "..", "..", "shared", "data", "train", "jumble-train.json")


def answer_text(record: dict) -> str:
    """The training record's final answer with the printed words of its pattern in braces."""
    words = record["final_answer"].split()
    tokens = record["answer_pattern"].split()
    return " ".join(token if token.startswith("{") else word for word, token in zip(words, tokens))


def recheck(puzzle: object, record: dict, dictionary: object, allowed: object) -> list[str]:
    """What is wrong with a generated puzzle, checked without the generator's code (empty when nothing)."""
    problems = []
    circled = ""
    for word in puzzle.jumbles:
        readings = unscramble(word.scrambled, dictionary)
        if len(readings) != 1:
            problems.append(f"{word.scrambled} reads {len(readings)} ways")
            continue
        if readings[0] not in allowed:
            problems.append(f"{readings[0]} is not a constructor word")
        circled += "".join(readings[0][i] for i in word.circles)
    tokens = record["answer_pattern"].split()
    open_letters = "".join(w for w, t in zip(record["final_answer"].lower().split(), tokens) if not t.startswith("{"))
    if sorted(circled) != sorted(open_letters):
        problems.append(f"circled {''.join(sorted(circled))} != answer {''.join(sorted(open_letters))}")
    return problems


def in_process(records: list[dict], seed: int) -> None:
    dictionary = load_lexicon("english")
    allowed = publishable(dictionary, Use.CONSTRUCT)
    generate({"answer": "BEE WORTH IT"}, lexicon=dictionary)  # build the indexes and ranker tables first
    times: list[float] = []
    slowest: list[tuple[float, str]] = []
    reasons: Counter[str] = Counter()
    ranks: Counter[str] = Counter()
    made = bad = 0
    for record in records:
        lengths = [len(j["scrambled"]) for j in record["jumbles"]]
        started = time.perf_counter()
        try:
            result = generate({"answer": answer_text(record), "caption": record.get("caption"), "lengths": lengths,
                               "random_seed": seed, "show_answers": True}, lexicon=dictionary)
        except PuzzlewrightError as error:
            times.append(time.perf_counter() - started)
            reasons[str(error).split(":")[0]] += 1
            print(f"  none: {answer_text(record)} {lengths}: {error}", file=sys.stderr)
            continue
        times.append(time.perf_counter() - started)
        slowest.append((times[-1], f"{answer_text(record)} {lengths}"))
        made += 1
        puzzle = result.puzzles[0]
        problems = recheck(puzzle, record, dictionary, allowed.word_set)
        bad += bool(problems)
        if problems:
            print(f"  BAD: {answer_text(record)}: {problems}", file=sys.stderr)
        ranks["first" if puzzle.solver_rank == 1 and not puzzle.solver_ties else
              "first, tied" if puzzle.solver_rank == 1 else
              "2nd-10th" if puzzle.solver_rank else "not in the solver's top 10"] += 1
    total = len(records)
    print(f"training Jumbles: {total}; with >= 1 generated puzzle: {made} ({100 * made / total:.1f} %); "
          f"failing the independent re-check: {bad}")
    print(f"time per answer (in process, seed {seed}): median {1000 * statistics.median(times):.0f} ms, "
          f"max {1000 * max(times):.0f} ms")
    print("slowest: " + "; ".join(f"{what} {1000 * took:.0f} ms" for took, what in sorted(slowest, reverse=True)[:3]))
    print("solver's rank of the intended answer: " + ", ".join(f"{k} {v}" for k, v in ranks.most_common()))
    for reason, n in reasons.most_common():
        print(f"  no puzzle ({n}): {reason}")


def end_to_end(runs: int) -> None:
    """`jumble generate` in a new process, and in the same run `jumble solve` of the issue's puzzle (the
    solver's own start-up, dictionary and ranker tables: the floor any command pays)."""
    program = os.path.join(os.path.dirname(sys.executable), "puzzlewright")
    commands = {
        "generate": [program, "jumble", "generate", "BEE WORTH IT", "--caption", CAPTION, "--random-seed"],
        "solve (baseline)": [program, "jumble", "solve", "--word", "HNETT:0,1", "--word", "LXIPE:1,3", "--word",
                             "SOEBWT:0,3,5", "--word", "POYRTH:1,2,4", "--answer", "--- ----- --", "--caption",
                             CAPTION, "--top"],
    }
    figures: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in commands}
    for i in range(1, runs + 1):
        for name, command in commands.items():  # alternated, so both see the same load
            started, cpu = time.perf_counter(), children_cpu()
            subprocess.run(command + [str(i)], check=True, capture_output=True)
            figures[name][0].append(time.perf_counter() - started)
            figures[name][1].append(children_cpu() - cpu)
    for name, (walls, cpus) in figures.items():
        print(f"end to end, `puzzlewright jumble {name.split()[0]} ...` x {runs}: median {statistics.median(walls):.2f} s "
              f"wall (range {min(walls):.2f}-{max(walls):.2f}), {statistics.median(cpus):.2f} s CPU")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=None, help="only the first N training Jumbles")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli-runs", type=int, default=7)
    args = parser.parse_args()
    with open(args.data, encoding="utf-8") as handle:
        records = json.load(handle)[:args.limit]
    in_process(records, args.seed)
    if args.cli_runs:
        end_to_end(args.cli_runs)


if __name__ == "__main__":
    main()
