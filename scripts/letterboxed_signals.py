"""Measure Letter Boxed ranking signals by issue #31's rule (the eighth round in docs/letterboxed.md).

    python scripts/letterboxed_signals.py

Each variant is the shipped ranker's features with one left out (its column set to 0, which a penalised
conditional logit gives a weight of exactly 0) or with one signal added as a last column, fitted as
``scripts/fit_letterboxed_ranker.py`` fits the shipped file. A variant is measured by time-split CV (the
fitting script's blocks) against its reference: the gain in the log-likelihood of the NYT's answers and
its standard error (the standard deviation of the per-puzzle differences times the square root of their
number); the rule keeps a signal whose gain exceeds its standard error. CV and sample top-1 and top-10
are printed beside it, and decide nothing.

The signals, declared before they were measured:

- ``letter_surprisal`` (shipped): the mean surprisal of the solution's letters (:mod:`rank`);
- A, ``rarer_word_surprisal``: the same mean over the letters of the least-used word alone;
- B, ``hard_letters_in_longer``: the share of the box's hard letters (under 1 % of English text) inside
  the longest word.
"""

from __future__ import annotations

import math
import sys
from dataclasses import replace

import numpy as np

from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.rank import FEATURES, LETTER_SHARE, ChainFeatures
from puzzlewright.letterboxed.solver import BoxWords

from fit_letterboxed_ranker import SAMPLE, TRAIN, Puzzle, figures, fit, load, time_split

HARD_SHARE = 1.0  # letters under this share of English text (per cent) are hard: J K Q V X Z


def rarer_word_surprisal(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal A: the mean letter surprisal of the chain's least-used word (lowest Zipf, then lower
    familiarity, then alphabetically first)."""
    rarer = min(chain, key=lambda i: (table.zipf[i], table.familiar[i], table.text[i]))
    return table.surprisal[rarer] / table.length[rarer]


def hard_letters_in_longer(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal B: the share of the box's hard letters inside the chain's longest word (the larger share
    among words as long); 0 when the box has none."""
    hard = {letter for letter in box.letters if LETTER_SHARE[letter] < HARD_SHARE}
    if not hard:
        return 0.0
    longest = max(table.length[i] for i in chain)
    return max(len(hard & set(table.text[i])) for i in chain if table.length[i] == longest) / len(hard)


SIGNALS = {"A: rarer word's letter surprisal": rarer_word_surprisal,
           "B: share of the box's hard letters in the longer word": hard_letters_in_longer}


def columns(puzzles: list[Puzzle], keep: list[int]) -> list[Puzzle]:
    """The puzzles with only the columns ``keep`` of their features, the others set to 0."""
    mask = np.zeros(puzzles[0].features.shape[1])
    mask[keep] = 1.0
    return [replace(p, features=p.features * mask) for p in puzzles]


def measure(train: list[Puzzle], sample: list[Puzzle]) -> dict:
    """A variant's CV figures (with per-puzzle log-likelihoods) and sample figures (fitted on all of train)."""
    cv = time_split(train)
    w = fit(train, train[0].features.shape[1])
    return {"cv": cv, "sample": figures(sample, w), "weights": w}


def gain(variant: dict, reference: dict) -> tuple[float, float]:
    """The CV log-likelihood gain over the reference and its standard error (paired over the puzzles)."""
    differences = np.array(variant["cv"]["per_puzzle"]) - np.array(reference["cv"]["per_puzzle"])
    return float(differences.sum()), float(differences.std(ddof=1) * math.sqrt(len(differences)))


def line(name: str, variant: dict, reference: dict | None) -> str:
    """One variant's figures as a report line."""
    cv, sample = variant["cv"], variant["sample"]
    text = (f"{name}: CV top-1 {cv['top1']}, top-10 {cv['top10']} of {cv['puzzles']}, log-likelihood "
            f"{cv['log_likelihood']:.2f}")
    if reference is not None:
        delta, error = gain(variant, reference)
        text += f" (gain {delta:+.2f}, SE {error:.2f}: {'passes' if delta > error else 'fails'} the rule)"
    return text + (f"; sample top-1 {sample['top1']}, top-10 {sample['top10']} of {sample['puzzles']}, "
                   f"log-likelihood {sample['log_likelihood']:.2f}")


def main() -> int:
    signals = list(SIGNALS.values())
    train, sample = load(TRAIN, signals), load(SAMPLE, signals)
    shipped = list(range(len(FEATURES)))
    before = [c for c, feature in enumerate(FEATURES) if feature != "letter_surprisal"]
    # name -> (columns kept, the variant it is measured against)
    variants: dict[str, tuple[list[int], str | None]] = {
        "without letter_surprisal (the ranker before)": (before, None),
        "shipped": (shipped, "without letter_surprisal (the ranker before)")}
    variants |= {f"shipped + {name}": (shipped + [len(FEATURES) + k], "shipped") for k, name in enumerate(SIGNALS)}
    results: dict[str, dict] = {}
    for name, (keep, against) in variants.items():
        results[name] = measure(columns(train, keep), columns(sample, keep))
        print(line(name, results[name], results[against] if against else None), flush=True)
    return 0

if __name__ == "__main__":
    sys.exit(main())
