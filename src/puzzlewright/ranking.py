"""Fitted linear rankers, as shipped for Jumble and Letter Boxed: the model, its loader and its scoring;
and the one rule every ranking breaks its ties by (:func:`tie_key`, :func:`best_rows`).

Each puzzle's ranker is a conditional logit fitted by a script in ``scripts/`` and shipped as a small JSON
file (``features``, ``weights``, ``typical``) beside its ranking module; nothing is trained at run time. A
score is the weighted sum of a solution's features measured from a typical true answer's (the mean over
the answers fitted on), so 0 is a typical answer and one point more is e (2.7) times as likely. This
module imports nothing heavy (no numpy until :func:`best_rows` is called): a one-off Letter Boxed solve
loads it.

Ties are broken on purpose, the same on every machine, never by sort stability, set order or CPU features:
among equal scores a possible answer comes first (where there are answers to guess), then the more familiar
word, then the alphabetically first. Scores are compared rounded to :data:`SCORE_DECIMALS` decimals
(:func:`tie_level`): two scores equal in exact arithmetic can differ in their last bits when their terms
were added in another order (or by another CPU's vector code), and that noise must not decide an order.
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

    import numpy as np

    M = TypeVar("M", bound="LinearModel")

SCORE_DECIMALS = 9  # scores equal to this many decimals tie: far below any real difference, far above float noise


def tie_level(score: float) -> float:
    """``score`` as rankings compare it: rounded to :data:`SCORE_DECIMALS` decimals, so that float noise
    (the same terms added in another order) cannot decide an order that the tie rule should."""
    return round(score, SCORE_DECIMALS)


def tie_key(word: str, familiarity: float, *scores: float, possible: bool = False) -> tuple[Any, ...]:
    """The sort key of a word ranked by ``scores`` (higher first, the first deciding first, each compared
    by :func:`tie_level`), its ties broken by the rule: a possible answer first, then the more familiar
    (higher ``familiarity``), then alphabetical. ``sorted(..., key=...)`` puts the best first."""
    return (*(-tie_level(score) for score in scores), not possible, -familiarity, word)


def best_rows(familiarity: np.ndarray, *scores: np.ndarray, possible: np.ndarray | None = None,
              rows: np.ndarray | None = None, top: int | None = None) -> np.ndarray:
    """The positions of words in the order of :func:`tie_key`, best first, for aligned arrays: each of
    ``scores`` (higher first, to :data:`SCORE_DECIMALS` decimals), then ``possible`` answers first, then
    higher ``familiarity``, then alphabetical.

    ``rows`` are the words' places in alphabetical order; by default their positions, right for the rows of
    a :class:`~puzzlewright.lexicon.WordTable` (a lexicon keeps its words sorted). With ``top``, only the
    best ``top`` are returned: every word at least as good by the first key as the ``top``-th is sorted, so
    which of several tied words make the cut is decided by the rule too, not by the partitioning.
    """
    import numpy as np

    count = len(familiarity)
    keys = [np.arange(count) if rows is None else np.asarray(rows), -np.asarray(familiarity, np.float64)]
    if possible is not None:
        keys.append(~np.asarray(possible, bool))
    keys += [-np.round(np.asarray(score, np.float64), SCORE_DECIMALS) for score in reversed(scores)]
    if top is None or top >= count:
        return np.lexsort(keys)
    if top <= 0:
        return np.zeros(0, np.int64)
    first = keys[-1]
    near = np.flatnonzero(first <= np.partition(first, top - 1)[top - 1])  # the top, and all tied at the cut
    return near[np.lexsort([key[near] for key in keys])][:top]


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
