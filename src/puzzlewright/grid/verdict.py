"""Checking a filled grid against the rules, independently of the filler: every slot a dictionary word,
no word twice (unless repeats are allowed)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from puzzlewright.grid.model import Grid
from puzzlewright.lexicon import Lexicon
from puzzlewright.schema import ModelBase


@dataclass(eq=False, repr=False)
class FillVerdict(ModelBase):
    """Whether a grid is a valid fill, and each problem found as one line."""

    grid: Grid
    words: list[str]
    problems: list[str]

    @property
    def valid(self) -> bool:
        return not self.problems


def verify_fill(grid: Grid, lexicon: Lexicon, *, allow_repeats: bool = False) -> FillVerdict:
    """Every slot of ``grid`` checked: filled, in ``lexicon``, and (unless ``allow_repeats``) used once."""
    words = grid.words()
    problems = []
    for slot, word in zip(grid.slots, words):
        if "." in word:
            problems.append(f"{slot.describe(word)} is not filled")
        elif word not in lexicon:
            problems.append(f"{slot.name} {word!r} is not in the dictionary {lexicon.name!r}")
    if not allow_repeats:
        for word, times in Counter(w for w in words if "." not in w).items():
            if times > 1:
                problems.append(f"{word!r} is used {times} times")
    return FillVerdict(grid, words, problems)
