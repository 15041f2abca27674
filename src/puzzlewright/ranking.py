"""Fitted linear rankers, as shipped for Jumble and Letter Boxed: the model, its loader and its scoring.

Each puzzle's ranker is a conditional logit fitted by a script in ``scripts/`` and shipped as a small JSON
file (``features``, ``weights``, ``typical``) beside its ranking module; nothing is trained at run time. A
score is the weighted sum of a solution's features measured from a typical true answer's (the mean over
the answers fitted on), so 0 is a typical answer and one point more is e (2.7) times as likely. This
module imports nothing heavy (no numpy): a one-off Letter Boxed solve loads it.
"""

from __future__ import annotations

import os
from functools import cache
from operator import mul, sub

from puzzlewright.record import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    from collections.abc import Mapping, Sequence
    from typing import Any, ClassVar, TypeVar

    M = TypeVar("M", bound="LinearModel")


class LinearModel(Record):
    """The fitted weights, one per feature of :attr:`FEATURES`, and the features of a typical true answer:
    each feature's contribution to a score is its weight times how far the value is from the typical one.
    A puzzle's ranking module subclasses it, naming its features (name -> what it measures) and file.
    Immutable and hashable, as a frozen dataclass would be (a plain class: see :mod:`puzzlewright.record`)."""

    weights: tuple[float, ...]
    typical: tuple[float, ...]
    FIELDS = __slots__ = ("weights", "typical")

    FEATURES: ClassVar[Mapping[str, str]] = {}
    FILE: ClassVar[str] = ""

    def __init__(self, weights: tuple[float, ...], typical: tuple[float, ...]) -> None:
        object.__setattr__(self, "weights", weights)
        object.__setattr__(self, "typical", typical)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a fitted model is immutable")

    def __hash__(self) -> int:
        return hash(self.field_values())

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
        return cls.from_json(shipped_data(cls.FILE))

    @property
    def offset(self) -> float:
        """The typical answer's raw score (weights . typical), subtracted from every score."""
        return sum(w * x for w, x in zip(self.weights, self.typical))

    def score(self, features: Sequence[float]) -> float:
        """A solution's score: the sum of :meth:`contributions`."""
        return sum(map(mul, self.weights, map(sub, features, self.typical)))

    def contributions(self, features: Sequence[float]) -> dict[str, float]:
        """Each feature's part of the score: weight x (value - the typical answer's value)."""
        return {name: weight * (value - typical)
                for name, weight, value, typical in zip(self.FEATURES, self.weights, features, self.typical)}


def shipped_data(path: str) -> dict[str, Any]:
    """A shipped ranker file's data. Parsing JSON imports :mod:`json`, and with it :mod:`re` (a fifth of a
    one-off ``letterboxed solve``'s instructions), so the data is parsed once and kept in the cache folder
    (:func:`~puzzlewright.cache.kept`, as :mod:`marshal`) under the file's folder, size and time: a new
    ranker file is parsed again."""
    from puzzlewright.cache import kept

    stat = os.stat(path)
    folder = os.path.basename(os.path.dirname(path))

    def parsed() -> dict[str, Any]:
        import json

        with open(path, encoding="utf-8") as handle:
            data: dict[str, Any] = json.load(handle)
        return data

    data = kept(f"ranker-{folder}-{stat.st_size}-{stat.st_mtime_ns}.marshal", parsed)
    return data if isinstance(data, dict) else parsed()
