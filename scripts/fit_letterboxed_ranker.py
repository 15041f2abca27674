"""Fit the Letter Boxed ranker on the NYT training puzzles and write ``letterboxed/ranker.json``.

    python scripts/fit_letterboxed_ranker.py            # fit on every training puzzle, write the file, report CV
    python scripts/fit_letterboxed_ranker.py --check    # refit and compare with the shipped file (bit for bit)

The model is a conditional logit: for each puzzle, the probability that the setter picked solution s among
the box's solutions is softmax(w . x_s), with x_s the features of :mod:`puzzlewright.letterboxed.rank`
(the same code that ranks at run time). The weights maximise the log-likelihood of the NYT's own answers
minus an L2 penalty, found by Newton's method from zero (concave, so the optimum is unique and the fit
deterministic); they are rounded to 4 decimals before writing, so a rerun reproduces the file exactly.

Candidates are the default solver's solutions (every 1- and 2-word solution) with the
``english-letterboxed`` dictionary (Letter Boxed's default); puzzles whose NYT answer is not among them cannot teach the ranker and are left out of the
fit (but count as misses in the figures).

Evaluation is time-split: the puzzles are sorted by date and cut into 10 blocks; each of blocks 3-9 is
scored by a model fitted on the blocks before it only (expanding window), so every scored puzzle is later
than everything its model saw. The sample (``samples/letterboxed-nyt-sample.json``, no puzzle shared with
the training set) is scored by the model fitted on all the training puzzles, in all and for its puzzles
dated after the training period.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.index import builtin_index
from puzzlewright.letterboxed.rank import FEATURES, RANKER_FILE, ChainFeatures, Model
from puzzlewright.letterboxed.solver import BoxWords, _ChainSearch, box_words, without_spare_words
from puzzlewright.ranking import tie_level

from conditional_logit import (L2, SHARED_DATA, arguments, fit, percent, ranker_json, reproduces, rounded, typical_answer,
                               write)

TRAIN = "train/letterboxed-nyt-train.json"
SAMPLE = "samples/letterboxed-nyt-sample.json"
DICTIONARY = "english-letterboxed"
BLOCKS, FIRST_SCORED = 10, 3
FEATURE_COLUMNS = {name: column for column, name in enumerate(FEATURES)}
# a signal measured beside the shipped features (scripts/letterboxed_signals.py): its value for a chain
# of word ids, given the box, its words and their feature table
Signal = Callable[[Box, BoxWords, ChainFeatures, tuple[int, ...]], float]


@dataclass
class Puzzle:
    """One puzzle's candidate solutions: their words, feature matrix, and the NYT answer's row (or None)."""

    date: str
    candidates: list[tuple[str, ...]]
    features: np.ndarray
    answer: int | None


def candidates(sides: list[str], answer: list[str], date: str, signals: Sequence[Signal] = ()) -> Puzzle:
    """The default solver's solutions of a box (every 1- and 2-word one) with their features, and after
    them a column for each of ``signals``."""
    box = Box.parse(sides)
    words = box_words(box, builtin_index(DICTIONARY))
    search = _ChainSearch(words, None)
    chains = without_spare_words(words, search.chains(1) + search.chains(2))
    table = ChainFeatures(words, chains)
    solutions = [tuple(words.words[i] for i in chain) for chain in chains]
    nyt = tuple(word.lower() for word in answer)
    row = solutions.index(nyt) if nyt in solutions else None
    rows = [table.of(chain) + tuple(signal(box, words, table, chain) for signal in signals) for chain in chains]
    return Puzzle(date or "", solutions, np.array(rows, np.float64).reshape(len(chains), len(FEATURES) + len(signals)),
                  row)


def load(name: str, signals: Sequence[Signal] = ()) -> list[Puzzle]:
    """The puzzles of a shared data file with their candidates' features (and ``signals``' columns)."""
    puzzles = json.loads((SHARED_DATA / name).read_text())
    return [candidates(p["sides"], p["nyt_solution"], p.get("date"), signals) for p in puzzles]


def ranks(puzzle: Puzzle, w: np.ndarray) -> int | None:
    """The NYT answer's place (0 = first) in the order the runtime gives (1-word solutions first, then fewer
    flagged words, then by score, fewer letters, alphabetical), or None when it is not a candidate."""
    if puzzle.answer is None:
        return None
    scores = puzzle.features @ w
    flagged, letters = FEATURE_COLUMNS["flagged"], FEATURE_COLUMNS["letters"]
    order = sorted(range(len(puzzle.candidates)), key=lambda i: (
        len(puzzle.candidates[i]), puzzle.features[i, flagged], -tie_level(scores[i]), puzzle.features[i, letters],
        puzzle.candidates[i]))
    return order.index(puzzle.answer)


def log_likelihood(puzzle: Puzzle, w: np.ndarray) -> float:
    """log P(the NYT's answer) under the model's softmax over the puzzle's solutions (0 when not found):
    a smoother measure than top-1, which one puzzle moves by 0.2 points."""
    if puzzle.answer is None:
        return 0.0
    z = puzzle.features @ w
    return float(z[puzzle.answer] - z.max() - np.log(np.exp(z - z.max()).sum()))


def figures(puzzles: list[Puzzle], w: np.ndarray) -> dict:
    places = [ranks(p, w) for p in puzzles]
    n = len(puzzles)
    found = sum(place is not None for place in places)
    top1 = sum(place == 0 for place in places)
    top10 = sum(place is not None and place < 10 for place in places)
    return {"puzzles": n, "found": found, "top1": top1, "top10": top10,
            "log_likelihood": sum(log_likelihood(p, w) for p in puzzles)}


def time_split(puzzles: list[Puzzle], l2: float = L2) -> dict:
    """Expanding-window CV: block b (of :data:`BLOCKS`, by date) scored by a model fitted on blocks < b.
    ``per_puzzle`` holds each scored puzzle's log-likelihood (by date; for paired comparisons)."""
    ordered = sorted(puzzles, key=lambda p: p.date)
    edges = [round(k * len(ordered) / BLOCKS) for k in range(BLOCKS + 1)]
    total = {"puzzles": 0, "found": 0, "top1": 0, "top10": 0, "log_likelihood": 0.0}
    per_puzzle = []
    for b in range(FIRST_SCORED, BLOCKS):
        w = fit(ordered[:edges[b]], ordered[0].features.shape[1], l2)
        block = ordered[edges[b]:edges[b + 1]]
        for key, value in figures(block, w).items():
            total[key] += value
        per_puzzle += [log_likelihood(p, w) for p in block]
    return {**total, "scored_from": ordered[edges[FIRST_SCORED]].date, "per_puzzle": per_puzzle}


def with_likelihood(part: dict) -> str:
    """The figures' line with the log-likelihood of the NYT's answers."""
    return f"{percent(part)}, log-likelihood of the NYT's answers {part['log_likelihood']:.1f}"


def model_json(w: np.ndarray, typical: np.ndarray, n_fitted: int) -> str:
    """The ranker file's text for weights and typical values fitted on ``n_fitted`` puzzles."""
    return ranker_json(FEATURES, rounded(w), rounded(typical),
                       fitted_on=f"{n_fitted} NYT puzzles of {TRAIN} (scripts/fit_letterboxed_ranker.py)",
                       dictionary=DICTIONARY, l2=L2)


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__.splitlines()[0], argv)
    train = load(TRAIN)
    w = fit(train, len(FEATURES))
    text = model_json(w, typical_answer(train), sum(p.answer is not None for p in train))
    if args.check:
        return 0 if reproduces(RANKER_FILE, text) else 1
    write(RANKER_FILE, text)
    for name, weight in zip(FEATURES, Model.from_json(json.loads(text)).weights):
        print(f"  {name:<{max(map(len, FEATURES))}} {weight:+.4f}")
    if not args.no_cv:
        cv = time_split(train)
        print(f"time-split CV (blocks {FIRST_SCORED}-{BLOCKS - 1} of {BLOCKS}, from {cv['scored_from']}): "
              + with_likelihood(cv))
        fitted = np.array(Model.from_json(json.loads(text)).weights)
        sample = load(SAMPLE)
        print("sample, all: " + with_likelihood(figures(sample, fitted)))
        later = [p for p in sample if p.date > max(p.date for p in train)]
        print("sample, after the training period: " + with_likelihood(figures(later, fitted)))
        print("training set, fitted on itself (not a measure): " + with_likelihood(figures(train, fitted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
