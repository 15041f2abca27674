"""The words that can go in one slot of a grid, best first: a setter's candidate list.

A candidate fits the slot's letters (its ``.`` cells open) and keeps every crossing slot fillable: with
the candidate's letter at the shared cell, the crossing slot still has at least one word that fits its own
letters. Words already whole elsewhere in the grid are left out (unless repeats are allowed), in the slot
and as the crossings' words. Candidates are ranked by their crossword fill score
(:mod:`puzzlewright.grid.score`), ties broken by the project's rule (:func:`puzzlewright.ranking.best_rows`:
the more familiar word, then the alphabet).

The check is one step deep (each crossing on its own, as setters' tools show it), not a fill of the whole
grid: placing a candidate and filling what is left open is the filler's job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np

from puzzlewright.grid.model import EMPTY, Grid, Slot
from puzzlewright.grid.score import length_scores, score_bar
from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.core import WordTable


@dataclass(frozen=True)
class SlotCandidates:
    """A slot's candidates, best first (at most the ``limit`` asked for), with their fill scores, and how
    many words qualify in all."""

    slot: Slot
    pattern: str
    words: list[str]
    scores: list[float]
    total: int


def fitting(table: WordTable, pattern: str, open_at: int | None = None) -> np.ndarray:
    """Which words of ``table`` fit ``pattern`` (``.`` open), treating position ``open_at`` as open too."""
    keep = np.ones(len(table), bool)
    for i, letter in enumerate(pattern):
        if letter != EMPTY and i != open_at:
            keep &= table.letter_columns[i] == ord(letter) - 97
    return keep


def unused(table: WordTable, used: frozenset[str]) -> np.ndarray:
    """Which words of ``table`` are not among ``used`` (the grid's whole words)."""
    if not used:
        return np.ones(len(table), bool)
    return np.fromiter((word not in used for word in table.words), bool, len(table))


def whole_words(grid: Grid, *besides: Slot) -> frozenset[str]:
    """The words already whole in ``grid``'s slots other than ``besides``."""
    return frozenset(word for other in grid.slots if other not in besides and EMPTY not in (word := grid.pattern(other)))


def crossing_letters(grid: Grid, slot: Slot, lexicon: Lexicon, allow_repeats: bool) -> list[np.ndarray | None]:
    """For each position of ``slot``: the letters (a 26-entry mask) that leave its crossing slot at least
    one fitting word (not one whole elsewhere, unless ``allow_repeats``), or None where no slot crosses."""
    owner = {cell: (other, i) for other in grid.slots if other != slot for i, cell in enumerate(other.cells)}
    allowed: list[np.ndarray | None] = []
    for cell in slot.cells:
        if cell not in owner:
            allowed.append(None)
            continue
        other, j = owner[cell]
        table = lexicon.of_length(other.length)
        keep = fitting(table, grid.pattern(other), open_at=j)
        if not allow_repeats:
            keep &= unused(table, whole_words(grid, slot, other))
        mask = np.zeros(26, bool)
        mask[table.letter_columns[j][keep]] = True
        allowed.append(mask)
    return allowed


def slot_candidates(grid: Grid, slot: Slot, lexicon: Lexicon, *, limit: int, allow_repeats: bool = False,
                    min_score: float | None = None) -> SlotCandidates:
    """The words that fit ``slot`` of ``grid`` and keep every crossing fillable (see the module docstring),
    the best ``limit`` first; with ``min_score``, only words whose fill score is at least that."""
    from puzzlewright.ranking import best_rows

    pattern = grid.pattern(slot)
    used = frozenset() if allow_repeats else whole_words(grid, slot)
    table = lexicon.of_length(slot.length)
    scores = length_scores(lexicon, slot.length)
    keep = fitting(table, pattern) & unused(table, used)
    if min_score is not None:
        keep &= scores >= score_bar(min_score)
    for i, mask in enumerate(crossing_letters(grid, slot, lexicon, allow_repeats)):
        if mask is not None:
            keep &= mask[table.letter_columns[i]]
    rows = np.flatnonzero(keep)
    familiarity = cast(np.ndarray, table.familiarity)  # never None: WordTable's __post_init__ sets it
    order = rows[best_rows(familiarity[rows], scores[rows], rows=rows, top=limit)]
    return SlotCandidates(slot, pattern, [table.words[i] for i in order],
                          [round(float(scores[i]), 2) for i in order], len(rows))
