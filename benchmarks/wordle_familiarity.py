#!/usr/bin/env python3
"""How familiar the words Doodle shows are: before (a random word among the matches, the old rule) and
after (the most familiar words that fit, answer-list words first, the seed choosing among near-equals).

Usage: python benchmarks/wordle_familiarity.py [--doodles 1000] [--seed 2024] [--out FILE]

Draws --doodles random (answer, painted grid) pairs from a fixed seed: an answer from wordle-answers and
six painted rows, each either the feedback of a random guess (a row a player could really get) or cells
painted at random (grey 1/2, yellow and green 1/4 each; such a row may be impossible and is then left
out), over wordle-guesses. It reports the median and 10th percentile familiarity of the chosen words for
both rules, and the rows that use a word outside the common tier when a common word fits (after: none).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from puzzlewright.lexicon import load_lexicon
from puzzlewright.wordle.doodler import Doodler
from puzzlewright.wordle.model import Pattern
from puzzlewright.wordle.words import common_words, familiarity, word_pool

ROWS = 6


def painted_grid(rng: np.random.Generator, doodler: Doodler, codes: np.ndarray) -> list[Pattern]:
    """Six rows: each a random guess's feedback or randomly painted cells."""
    rows = []
    for _ in range(ROWS):
        if rng.random() < 0.5:
            rows.append(Pattern.from_code(int(codes[rng.integers(len(codes))]), 5))
        else:
            rows.append(Pattern(tuple(int(m) for m in rng.choice(3, size=5, p=[0.5, 0.25, 0.25]))))
    return rows


def measure(doodles: int, seed: int) -> dict:
    """Run both rules over the same doodles and gather the figures."""
    pool = word_pool(load_lexicon("wordle-guesses"), 5)
    answers = load_lexicon("wordle-answers").words
    known = familiarity(pool.table)
    common = common_words(pool.table)
    rng = np.random.default_rng(seed)
    before, after, misses_before, misses_after = [], [], 0, 0
    started = time.perf_counter()
    for number in range(doodles):
        answer = answers[rng.integers(len(answers))]
        doodler = Doodler(answer, pool)
        grid = painted_grid(rng, doodler, doodler.sorted_codes)
        result = doodler.doodle(grid, seed=number)
        for pattern, row in zip(grid, result.rows):
            matches = doodler.matches(pattern)
            if not len(matches):
                continue
            old = int(matches[rng.integers(len(matches))])  # the old rule: any match, uniformly
            new = pool.index[row.word]
            before.append(known[old])
            after.append(known[new])
            if common[matches].any():
                misses_before += not common[old]
                misses_after += not common[new]
    elapsed = time.perf_counter() - started
    return {
        "doodles": doodles, "seed": seed, "rows_filled": len(after), "seconds": round(elapsed, 2),
        "before": {"median": round(float(np.median(before)), 2), "p10": round(float(np.percentile(before, 10)), 2),
                   "rows_outside_common_when_common_fits": misses_before},
        "after": {"median": round(float(np.median(after)), 2), "p10": round(float(np.percentile(after, 10)), 2),
                  "rows_outside_common_when_common_fits": misses_after},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doodles", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("wordle_familiarity.json"))
    args = parser.parse_args()
    report = measure(args.doodles, args.seed)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
