"""Fit the Jumble final-answer ranker on the training Jumbles and write ``jumble/ranker.json``.

    python scripts/fit_jumble_ranker.py            # fit on every training puzzle, write the file, report CV
    python scripts/fit_jumble_ranker.py --check    # refit and compare with the shipped file (bit for bit)

The model is a conditional logit: for each puzzle, the probability that the setter's answer is candidate
a is softmax(w . x_a), with x_a the features of :class:`puzzlewright.jumble.rank.AnswerFeatures` (the
same code that ranks at run time; the caption comes from the puzzle record). The candidates of a training
puzzle are the ``POOL`` best answers by the plain bigram model (words + phrase + readings, weights 1) and
the pun answers of its likeliest pool (``jumble/puns.py``), a choice that does not depend on the weights
being fitted. The weights maximise the log-likelihood of the
true answers minus an L2 penalty (:data:`L2`, 0.3 here), found by Newton's method from zero (concave,
so the optimum is unique and the fit deterministic), and are rounded to 4 decimals before writing, so a rerun reproduces the file
exactly. Nothing of a puzzle but these weights (and the typical answer's feature values) is kept: no word
is stored.

At run time the weights of the features that add up word by word also drive the answer search (stage 1
keeps its best :data:`~puzzlewright.jumble.rank.CANDIDATES` by them), so the figures are measured the way
a user gets them: each puzzle solved by the real solver with the model, top 10. Puzzles whose true
answer the bigram model's ``POOL`` lacks (a word the dictionary lacks) cannot teach the ranker and are
left out of the fit, but count as misses. Evaluation is 10-fold cross-validation (a fixed shuffle): each
puzzle is solved with a model fitted on the other nine folds only. The shared sample
(``samples/jumble-sample.json``, no puzzle in common with the training set) is solved with the model
fitted on every training puzzle.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import numpy as np

from puzzlewright.jumble.api import jumble_words
from puzzlewright.jumble.model import AnswerPattern
from puzzlewright.jumble.puns import MAX_PUNS
from puzzlewright.jumble.rank import CANDIDATES, FEATURES, RANKER_FILE, Model, Ranker
from puzzlewright.jumble.schema import SolveRequest
from puzzlewright.jumble.solver import solve_jumble
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.schema import validate
from puzzlewright.budget import Budget

from conditional_logit import (SHARED_DATA, arguments, fit, percent, ranker_json, reproduces, rounded, typical_answer,
                               write)

TRAIN = "train/jumble-train.json"
SAMPLE = "samples/jumble-sample.json"
DICTIONARY = "english"
FOLDS = 10
SHUFFLE_SEED = 13
TIME_LIMIT = 60.0
TOP = 10
POOL = 100  # candidates per training puzzle: the bigram model's best (words + phrase + readings)
# L2 penalty: the shared 1.0 held the 14 weights back (nested CV picked 0.1 in every fold; 0.1 and 0.3 are
# within about 1 log-likelihood unit of each other, 1.0 about 5 below: docs/jumble.md), so the larger of the two
L2 = 0.3
BIGRAM = Model(tuple(1.0 if name in ("words", "phrase", "readings") else 0.0 for name in FEATURES),
               (0.0,) * len(FEATURES))


@dataclass
class Puzzle:
    """One puzzle: its record, its candidate answers (text, feature matrix) and the true answer's row."""

    record: dict
    candidates: list[str]
    features: np.ndarray
    answer: int | None


def solve(record: dict, lexicon: Lexicon, model: Model, candidates: int, top: int, sound_alikes: bool = True) -> list:
    """The solver's answers to a puzzle record (with their features), ranked by ``model`` (without the
    sound-alikes just below the first block if not ``sound_alikes``)."""
    request = validate(SolveRequest, record)
    ranker = Ranker(lexicon, caption=request.caption, model=model, candidates=candidates, sound_alikes=sound_alikes)
    return solve_jumble(jumble_words(request.jumbles or []), AnswerPattern.parse(request.answer_pattern), lexicon,
                        top=top, budget=Budget(seconds=TIME_LIMIT), ranker=ranker).answers


def training_puzzle(record: dict, lexicon: Lexicon) -> Puzzle:
    """A puzzle record with the bigram model's best ``POOL`` answers and every pun answer, and their features."""
    pattern = AnswerPattern.parse(record["answer_pattern"])
    # the first block holds the best POOL and every pun, which the bigram model mostly puts after them (and
    # no sound-alike the search did not keep: the candidates stay the search's best and the puns)
    answers = solve(record, lexicon, BIGRAM, POOL, POOL + MAX_PUNS, sound_alikes=False)
    answers = [a for a in answers if a.play is None][:POOL] + [a for a in answers if a.play is not None]
    texts = [pattern.render(a.fills) for a in answers]
    truth = record["final_answer"].upper()
    features = np.array([a.features for a in answers], np.float64).reshape(len(texts), len(FEATURES))
    return Puzzle(record, texts, features, texts.index(truth) if truth in texts else None)


def load(name: str, lexicon: Lexicon) -> list[Puzzle]:
    """The puzzles of a shared data file that have a recorded answer."""
    records = json.loads((SHARED_DATA / name).read_text())
    return [training_puzzle(r, lexicon) for r in records if r.get("final_answer")]


def place(puzzle: Puzzle, lexicon: Lexicon, model: Model) -> int | None:
    """The true answer's place (0 = first) in what the solver returns with ``model`` (top 10), or None."""
    pattern = AnswerPattern.parse(puzzle.record["answer_pattern"])
    texts = [pattern.render(a.fills) for a in solve(puzzle.record, lexicon, model, CANDIDATES, TOP)]
    truth = puzzle.record["final_answer"].upper()
    return texts.index(truth) if truth in texts else None


def figures(puzzles: list[Puzzle], lexicon: Lexicon, models: list[Model]) -> dict:
    """found (among the bigram model's best ``POOL``) / top-1 / top-10 counts, each puzzle solved with its
    own model."""
    places = [place(p, lexicon, m) for p, m in zip(puzzles, models)]
    return {"puzzles": len(puzzles), "found": sum(p.answer is not None for p in puzzles),
            "top1": sum(x == 0 for x in places), "top10": sum(x is not None and x < 10 for x in places)}


def model_of(puzzles: list[Puzzle], l2: float = L2) -> Model:
    """The model fitted on these puzzles, weights rounded as shipped."""
    return Model(tuple(rounded(fit(puzzles, len(FEATURES), l2))), tuple(rounded(typical_answer(puzzles))))


def cross_validate(puzzles: list[Puzzle], lexicon: Lexicon, l2: float = L2) -> dict:
    """k-fold CV: each puzzle solved by the model fitted on the other folds."""
    fold_of = np.random.default_rng(SHUFFLE_SEED).permutation(len(puzzles)) % FOLDS
    models: list[Model] = [BIGRAM] * len(puzzles)
    for fold in range(FOLDS):
        model = model_of([p for p, f in zip(puzzles, fold_of) if f != fold], l2)
        for i in np.flatnonzero(fold_of == fold):
            models[i] = model
    return figures(puzzles, lexicon, models)


def model_json(model: Model, n_fitted: int) -> str:
    """The ranker file's text for a model fitted on ``n_fitted`` puzzles."""
    return ranker_json(FEATURES, model.weights, model.typical,
                       fitted_on=f"{n_fitted} Jumbles of {TRAIN} (scripts/fit_jumble_ranker.py)",
                       dictionary=DICTIONARY, pool=POOL, candidates=CANDIDATES, l2=L2)


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__.splitlines()[0], argv)
    lexicon = load_lexicon(DICTIONARY)
    train = load(TRAIN, lexicon)
    model = model_of(train)
    text = model_json(model, sum(p.answer is not None for p in train))
    if args.check:
        return 0 if reproduces(RANKER_FILE, text) else 1
    write(RANKER_FILE, text)
    for name, weight in zip(FEATURES, model.weights):
        print(f"  {name:<20} {weight:+.4f}")
    if not args.no_cv:
        print(f"{FOLDS}-fold CV on {TRAIN}: " + percent(cross_validate(train, lexicon)))
        sample = load(SAMPLE, lexicon)
        print(f"{SAMPLE}, fitted on all of {TRAIN}: " + percent(figures(sample, lexicon, [model] * len(sample))))
        print("the bigram model alone (words + phrase + readings, no fit): "
              + percent(figures(train, lexicon, [BIGRAM] * len(train))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
