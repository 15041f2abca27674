"""Fitted linear rankers, as shipped for Jumble and Letter Boxed: the model, its loader and its scoring.

Each puzzle's ranker is a conditional logit fitted by a script in ``scripts/`` and shipped as a small JSON
file (``features``, ``weights``, ``typical``) beside its ranking module; nothing is trained at run time. A
score is the weighted sum of a solution's features measured from a typical true answer's (the mean over
the answers fitted on), so 0 is a typical answer and one point more is e (2.7) times as likely. This
module imports nothing heavy (no numpy): a one-off Letter Boxed solve loads it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, TypeVar

M = TypeVar("M", bound="LinearModel")


@dataclass(frozen=True)
class LinearModel:
    """The fitted weights, one per feature of :attr:`FEATURES`, and the features of a typical true answer:
    each feature's contribution to a score is its weight times how far the value is from the typical one.
    A puzzle's ranking module subclasses it, naming its features (name -> what it measures) and file."""

    weights: tuple[float, ...]
    typical: tuple[float, ...]

    FEATURES: ClassVar[Mapping[str, str]] = {}
    FILE: ClassVar[str] = ""

    @classmethod
    def from_json(cls: type[M], data: dict) -> M:
        """The model of a ranker file's data, which must name the subclass's features in order."""
        if list(data["features"]) != list(cls.FEATURES):
            raise ValueError(f"{cls.FILE}: features {data['features']} are not {list(cls.FEATURES)}")
        return cls(tuple(map(float, data["weights"])), tuple(map(float, data["typical"])))

    @classmethod
    @cache
    def shipped(cls: type[M]) -> M:
        """The model in the subclass's shipped file (read once per process)."""
        with open(cls.FILE, encoding="utf-8") as handle:
            return cls.from_json(json.load(handle))

    @property
    def offset(self) -> float:
        """The typical answer's raw score (weights . typical), subtracted from every score."""
        return sum(w * x for w, x in zip(self.weights, self.typical))

    def score(self, features: Sequence[float]) -> float:
        """A solution's score: the sum of :meth:`contributions`."""
        return sum(weight * (value - typical) for weight, value, typical in zip(self.weights, features, self.typical))

    def contributions(self, features: Sequence[float]) -> dict[str, float]:
        """Each feature's part of the score: weight x (value - the typical answer's value)."""
        return {name: weight * (value - typical)
                for name, weight, value, typical in zip(self.FEATURES, self.weights, features, self.typical)}
