"""Ranking solutions the way a person (the puzzle's setter) would pick one.

A solution's score is a weighted sum of a few features a person can check by eye (:data:`FEATURES`):
how familiar its rarer word is and its words on average, how many letters it takes and how unevenly they
split between the words, plurals and -ED/-ING forms (setters pick headwords), words only large
dictionaries list, letters repeated inside a word, and how many of the box's other solutions share its
words. The weights are a conditional-logit model (softmax over each puzzle's solutions) fitted on real
NYT puzzles by ``scripts/fit_letterboxed_ranker.py`` and shipped in ``ranker.json`` beside this module;
nothing is trained at run time. The score is the model's log-odds scale, measured from a typical NYT
answer (0): a solution scoring 1 more than another is e (2.7) times as likely to be the setter's pick. See docs/letterboxed.md for the fit and its
cross-validated figures.

Familiarity (:func:`familiarity`) is the one place a word's commonness enters the features.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlewright.letterboxed.solver import BoxWords, Solution

RANKER_FILE = os.path.join(os.path.dirname(__file__), "ranker.json")
OBSCURE_LEVEL = 60  # SCOWL size above this: a word only large dictionaries list (names, oddities)
UNLISTED_LEVEL = 70  # the size level assumed for words SCOWL does not list (recent words)
EVERYDAY_ZIPF = 3.0
EXPLAINED = 1000  # solutions (best first) that keep their feature vectors, for --explain  # familiarity below this counts as rare (the rare_shortfall feature)

# name -> what it measures, for --explain and the docs (order = the weight vector's order)
FEATURES: dict[str, str] = {
    "rarer_familiarity": "familiarity (Zipf) of the rarer word",
    "mean_familiarity": "mean familiarity of the words",
    "rare_shortfall": f"how far the rarer word falls below everyday familiarity (Zipf {EVERYDAY_ZIPF:g})",
    "letters": "letters in all the words",
    "length_gap": "letters between the longest and the shortest word",
    "shortest": "letters of the shortest word",
    "plurals": "words ending in a plural -S",
    "ed_ing": "words ending in -ED or -ING",
    "obscure": f"words only large dictionaries list (SCOWL size above {OBSCURE_LEVEL})",
    "rarest_level": "the highest SCOWL size level of the words, in tens (10 = core ... 95 = obscure)",
    "unknown": "words with no known frequency",
    "repeats": "letters repeated inside a word",
    "shared": "log(1 + solutions sharing a word), averaged over the words",
}


def familiarity(zipf: float, level: int) -> float:
    """How familiar a word is to a setter: its Zipf frequency (0 when unknown). The one place to change
    when a better familiarity measure is available."""
    return zipf if zipf > 0 else 0.0


def plural(word: str) -> bool:
    """Does the word end like a plural (-S, not -SS, -US or -IS)?"""
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def ed_or_ing(word: str) -> bool:
    """Does the word end like an -ED or -ING form?"""
    return word.endswith(("ed", "ing"))


@dataclass(frozen=True)
class Model:
    """The fitted weights, one per feature of :data:`FEATURES`, and the features of a typical answer (the
    mean over the NYT answers fitted on): a score is measured from that answer's, so 0 is a typical NYT
    answer and each feature's contribution is its weight times how far it is from the typical value."""

    weights: tuple[float, ...]
    typical: tuple[float, ...]

    @classmethod
    def from_json(cls, data: dict) -> Model:
        if list(data["features"]) != list(FEATURES):
            raise ValueError(f"{RANKER_FILE}: features {data['features']} are not {list(FEATURES)}")
        return cls(tuple(map(float, data["weights"])), tuple(map(float, data["typical"])))

    @property
    def offset(self) -> float:
        """The typical answer's raw score (weights . typical), subtracted from every score."""
        return sum(w * x for w, x in zip(self.weights, self.typical))


@cache
def shipped_model() -> Model:
    """The model in ``ranker.json`` (read once per process)."""
    with open(RANKER_FILE, encoding="utf-8") as handle:
        return Model.from_json(json.load(handle))


class ChainFeatures:
    """Computes the features of chains of word ids of one box's words; words' own features are worked
    out once, and ``shared`` counts, for each word, the solutions of the same number of words using it."""

    def __init__(self, words: BoxWords, chains: Sequence[tuple[int, ...]]):
        text = words.words
        used = {i for chain in chains for i in chain}
        self.familiar = {i: familiarity(words.zipf[i], words.levels[i]) for i in used}
        self.length = {i: len(text[i]) for i in used}
        self.level = {i: (words.levels[i] or UNLISTED_LEVEL) / 10 for i in used}
        self.counts = {i: (plural(text[i]), ed_or_ing(text[i]), words.levels[i] > OBSCURE_LEVEL,
                           words.zipf[i] <= 0, len(text[i]) - len(set(text[i]))) for i in used}
        sharing: dict[tuple[int, int], int] = {}
        for chain in chains:
            for i in chain:
                sharing[len(chain), i] = sharing.get((len(chain), i), 0) + 1
        self.share = {key: math.log1p(n) for key, n in sharing.items()}

    def letters(self, chains: Sequence[tuple[int, ...]]) -> list[int]:
        """Letters in all the words of each chain."""
        length = self.length
        return [sum(length[i] for i in chain) for chain in chains]

    def scores(self, chains: Sequence[tuple[int, ...]], model: Model) -> list[float]:
        """``weights . of(chain) - offset`` for each chain, without building the vectors (a box listed up
        to 3 words has 100,000 chains): the features that add up over words are summed per word once."""
        w = dict(zip(FEATURES, model.weights))
        per_word = {i: w["letters"] * self.length[i] + sum(
            w[name] * value for name, value in zip(("plurals", "ed_ing", "obscure", "unknown", "repeats"),
                                                   self.counts[i])) for i in self.length}
        familiar, length, level, share = self.familiar, self.length, self.level, self.share
        found = []
        offset = model.offset
        for chain in chains:
            k = len(chain)
            rarer = min(familiar[i] for i in chain)
            lengths = [length[i] for i in chain]
            found.append(sum(per_word[i] for i in chain) + w["rarer_familiarity"] * rarer
                         + w["mean_familiarity"] * sum(familiar[i] for i in chain) / k
                         + w["rare_shortfall"] * max(0.0, EVERYDAY_ZIPF - rarer)
                         + w["length_gap"] * (max(lengths) - min(lengths)) + w["shortest"] * min(lengths)
                         + w["rarest_level"] * max(level[i] for i in chain)
                         + w["shared"] * sum(share[k, i] for i in chain) / k - offset)
        return found

    def of(self, chain: tuple[int, ...]) -> tuple[float, ...]:
        """The feature vector of one chain (in :data:`FEATURES` order)."""
        familiar = [self.familiar[i] for i in chain]
        lengths = [self.length[i] for i in chain]
        plurals, ed_ing, obscure, unknown, repeats = (sum(column) for column in zip(*(self.counts[i] for i in chain)))
        rarer = min(familiar)
        return (rarer, sum(familiar) / len(chain), max(0.0, EVERYDAY_ZIPF - rarer), float(sum(lengths)),
                float(max(lengths) - min(lengths)), float(min(lengths)), float(plurals), float(ed_ing),
                float(obscure), max(self.level[i] for i in chain), float(unknown), float(repeats),
                sum(self.share[len(chain), i] for i in chain) / len(chain))


def explain(features: Sequence[float], model: Model | None = None) -> dict[str, float]:
    """Each feature's contribution to a score: weight x (value - the typical answer's value); they add up
    to the score."""
    model = model or shipped_model()
    return {name: weight * (value - typical)
            for name, weight, value, typical in zip(FEATURES, model.weights, features, model.typical)}


def rank(words: BoxWords, chains: Sequence[tuple[int, ...]], model: Model | None = None) -> list[Solution]:
    """Solutions for the chains of word ids: fewer words first, then best first (then fewer letters,
    then alphabetical)."""
    from puzzlewright.letterboxed.solver import Solution

    model = model or shipped_model()
    features = ChainFeatures(words, chains)
    text = words.words
    keyed = sorted((len(chain), -score, letters, tuple(text[i] for i in chain), chain)
                   for chain, score, letters in zip(chains, features.scores(chains, model),
                                                    features.letters(chains)))
    return [Solution(chain_words, -negated, letters, features.of(chain) if place < EXPLAINED else ())
            for place, (_, negated, letters, chain_words, chain) in enumerate(keyed)]
