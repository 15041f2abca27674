"""What the ranker-fitting scripts share: the conditional-logit fit, the shipped file's rounding and the
figures' wording.

The model: for each puzzle, the probability that the setter's answer is candidate a is softmax(w . x_a),
with x_a the candidate's features. The weights maximise the log-likelihood of the true answers minus an
L2 penalty, found by Newton's method from zero, each step halved until it does not lower the objective
(concave, so the optimum is unique and the fit deterministic); they are rounded to :data:`DECIMALS`
decimals before writing, so a rerun reproduces the shipped file exactly.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

# $PUZZLEWRIGHT_SHARED_DATA, else shared/data beside the checkout (as for the tests and benchmarks)
SHARED_DATA = Path(os.environ.get("PUZZLEWRIGHT_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
L2 = 1.0  # penalty on the squared weights (in log-likelihood units), against overfitting rare features
DECIMALS = 4


class Candidates(Protocol):
    """One training puzzle: its candidates' feature matrix (a row each) and the true answer's row."""

    features: np.ndarray
    answer: int | None


def log_likelihood(usable: Sequence[Candidates], w: np.ndarray, l2: float) -> float:
    """The penalised log-likelihood that :func:`fit` maximises: each true answer's log-probability among
    its puzzle's candidates, minus ``l2`` times the squared weights."""
    total = -l2 * float(w @ w)
    for p in usable:
        z = p.features @ w
        top = z.max()
        total += float(z[p.answer] - top - np.log(np.exp(z - top).sum()))
    return total


def fit(puzzles: Iterable[Candidates], n_features: int, l2: float = L2, steps: int = 50) -> np.ndarray:
    """Newton's method on the penalised conditional-logit log-likelihood, from zero weights. Puzzles whose
    answer is not a candidate, or with a single candidate, teach nothing and are left out.

    A step that would lower the penalised log-likelihood is halved until it does not (a full Newton step
    can overshoot far from the optimum: with a small penalty some folds' fits ran off to weights in the
    hundreds); steps that raise it are taken whole, so a fit that converged before is unchanged."""
    usable = [p for p in puzzles if p.answer is not None and len(p.features) > 1]
    w = np.zeros(n_features)
    value = log_likelihood(usable, w, l2)
    for _ in range(steps):
        gradient = -2 * l2 * w
        hessian = -2 * l2 * np.eye(len(w))
        for p in usable:
            x = p.features
            z = x @ w
            prob = np.exp(z - z.max())
            prob /= prob.sum()
            mean = prob @ x
            gradient += x[p.answer] - mean
            centred = x - mean
            hessian -= (centred * prob[:, None]).T @ centred
        step = np.linalg.solve(hessian, gradient)
        stepped = log_likelihood(usable, w - step, l2)
        while stepped < value and np.abs(step).max() >= 1e-10:
            step = step / 2
            stepped = log_likelihood(usable, w - step, l2)
        w, value = w - step, stepped
        if np.abs(step).max() < 1e-10:
            break
    return w


def typical_answer(puzzles: Iterable[Candidates]) -> np.ndarray:
    """The mean features of the true answers (the zero of the score scale)."""
    return np.mean([p.features[p.answer] for p in puzzles if p.answer is not None], axis=0)


def rounded(values: Sequence[float]) -> list[float]:
    """Values as the ranker file keeps them: :data:`DECIMALS` decimals, no negative zero."""
    return [round(float(x), DECIMALS) + 0.0 for x in values]


def percent(part: dict) -> str:
    """``N puzzles: found F (f %), top-1 ... top-10 ...`` of a figures dict (puzzles, found, top1, top10)."""
    n = part["puzzles"]
    return (f"{n} puzzles: found {part['found']} ({100 * part['found'] / n:.1f} %), top-1 {part['top1']} "
            f"({100 * part['top1'] / n:.1f} %), top-10 {part['top10']} ({100 * part['top10'] / n:.1f} %)")


def reproduces(path: str, text: str) -> bool:
    """Is the shipped ranker file this text to the byte? (says so)"""
    same = Path(path).exists() and Path(path).read_text() == text
    print(f"{Path(path).name} reproduced bit for bit" if same else f"{Path(path).name} differs from a refit")
    return same


def write(path: str, text: str) -> None:
    """Write the ranker file (and say so)."""
    Path(path).write_text(text)
    print(f"wrote {path}")


def arguments(description: str, argv: list[str] | None) -> argparse.Namespace:
    """The fitting scripts' command line: ``--check`` (refit and compare) and ``--no-cv``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="refit and compare with the shipped file")
    parser.add_argument("--no-cv", action="store_true", help="skip the cross-validation report")
    return parser.parse_args(argv)


def ranker_json(features: Iterable[str], weights: Sequence[float], typical: Sequence[float], **about: object) -> str:
    """The ranker file's text: the feature names, the (rounded) weights and typical values, then ``about``
    (what it was fitted on, with which settings), in that order."""
    data = {"features": list(features), "weights": list(weights), "typical": list(typical), **about}
    return json.dumps(data, indent=1) + "\n"
