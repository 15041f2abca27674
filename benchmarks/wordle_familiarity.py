#!/usr/bin/env python3
"""How familiar the words Doodle shows are, under three rules: a random word among the matches (the seed
app's rule), the most common words by Zipf frequency (common meaning Zipf >= 3; the first version of
issue #14), and now the most familiar words by the dictionary's familiarity score, `english-common` words
and answer-list words first, the seed choosing among near-equals.

Usage: python benchmarks/wordle_familiarity.py [--doodles 1000] [--seed 2024] [--out FILE]

Draws --doodles random (answer, painted grid) pairs from a fixed seed: an answer from wordle-answers and
six painted rows, each either the feedback of a random guess (a row a player could really get) or cells
painted at random (grey 1/2, yellow and green 1/4 each; such a row may be impossible and is then left
out), over wordle-guesses. It reports the median and 10th percentile familiarity (the dictionary's score)
of the chosen words for each rule, and the rows that use a word outside `english-common` when a word of
`english-common` fits (after: none).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from puzzlewright.lexicon import load_lexicon
from puzzlewright.wordle.doodler import NEAR_EQUAL, TIER_STEP, Doodler
from puzzlewright.wordle.model import Pattern
from puzzlewright.wordle.words import answer_list_words, common_words, familiarity, word_pool

ROWS = 6
ZIPF_COMMON = 3.0  # the Zipf rule's "common"


def zipf_preference(table) -> np.ndarray:
    """The Zipf rule: tier (Zipf >= 3, answer-list word) x TIER_STEP + Zipf frequency."""
    zipf = table.zipf.astype(np.float64)
    return (2 * (zipf >= ZIPF_COMMON) + answer_list_words(table)) * TIER_STEP + zipf


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
    by_zipf = zipf_preference(pool.table)
    rng = np.random.default_rng(seed)  # draws the doodles
    picker = np.random.default_rng(seed + 1)  # draws the old rules' picks, leaving the doodles unchanged
    chosen: dict[str, list[float]] = {"random": [], "zipf": [], "after": []}
    misses = dict.fromkeys(chosen, 0)
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
            nudge = picker.uniform(0, NEAR_EQUAL, len(matches))
            picks = {"random": int(matches[picker.integers(len(matches))]),  # any match, uniformly
                     "zipf": int(matches[np.argmax(by_zipf[matches] + nudge)]),
                     "after": pool.index[row.word]}
            for rule, word in picks.items():
                chosen[rule].append(known[word])
                misses[rule] += bool(common[matches].any() and not common[word])
    elapsed = time.perf_counter() - started
    return {"doodles": doodles, "seed": seed, "rows_filled": len(chosen["after"]), "seconds": round(elapsed, 2),
            **{rule: {"median": round(float(np.median(values)), 2),
                      "p10": round(float(np.percentile(values, 10)), 2),
                      "rows_outside_english_common_when_one_fits": misses[rule]}
               for rule, values in chosen.items()}}


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
