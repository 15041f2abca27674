"""Ranking solutions the way a person (the puzzle's setter) would pick one.

A setter's answer is a pair of everyday words: one obscure word spoils a solution however common its
partner is. So a solution's score is a *soft minimum* of its words' Zipf commonness (dominated by the
rarest word, but rewarding a common partner a little), minus a charge per letter (setters favour short,
tidy answers), minus a charge per inflected word (a plural or an -ED/-ING form: setters pick the
headword, LOVER-REFASHIONED over FASHIONS-SILVERED), minus a charge per word that only large
dictionaries list (SCOWL size above 60: frequent in text but not a dictionary headword a setter
would use, like a name or an abbreviation).

The weights were chosen on the 101-puzzle NYT sample by a small grid search, keeping values from the
middle of the plateau of good settings: top-1 agreement 70/101 on the sample, 69% on held-out halves
in nested 2-fold cross-validation (see docs/letterboxed.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlewright.letterboxed.solver import BoxWords, Solution


@dataclass(frozen=True)
class Weights:
    """The knobs of the score (tuned on the NYT sample; see docs/letterboxed.md)."""

    softness: float = 0.25  # soft-min temperature: 0 = the plain minimum
    per_letter: float = 0.2  # score charged for each letter of the solution
    per_inflection: float = 0.5  # score charged for each plural / -ED / -ING word
    per_obscure: float = 1.0  # score charged for each word of SCOWL level above ``obscure_level``
    obscure_level: int = 60
    unknown_zipf: float = 0.0  # commonness assumed for words without a frequency


WEIGHTS = Weights()


def soft_min(values: Sequence[float], softness: float) -> float:
    """-t log(mean(exp(-v / t))): the minimum for t -> 0, the mean for t -> infinity."""
    if softness <= 0:
        return min(values)
    low = min(values)
    total = sum(math.exp(-(v - low) / softness) for v in values)
    return low - softness * math.log(total / len(values))


def inflected(word: str) -> bool:
    """Does the word look like a plural or an -ED/-ING form (by its ending alone)?"""
    return word.endswith(("ed", "ing")) or (word.endswith("s") and not word.endswith(("ss", "us", "is")))


def rank(words: BoxWords, chains: Sequence[tuple[int, ...]], weights: Weights = WEIGHTS) -> list[Solution]:
    """Solutions for the chains of word ids, best first (then fewer letters, then alphabetical)."""
    from puzzlewright.letterboxed.solver import Solution

    text, zipf, levels = words.words, words.zipf, words.levels
    softness = weights.softness
    used = {i for chain in chains for i in chain}
    values = {i: zipf[i] if zipf[i] > 0 else weights.unknown_zipf for i in used}
    charges = {i: weights.per_letter * len(text[i]) + weights.per_inflection * inflected(text[i])
               + weights.per_obscure * (levels[i] > weights.obscure_level) for i in used}
    keyed = []
    for chain in chains:
        chain_words = tuple(text[i] for i in chain)
        value = soft_min([values[i] for i in chain], softness) - sum(charges[i] for i in chain)
        keyed.append((-value, sum(map(len, chain_words)), chain_words))
    keyed.sort()
    return [Solution(chain_words, -negated, letters) for negated, letters, chain_words in keyed]
