"""The feedback rule, exactly as the game scores it, for one pair of words and vectorised over word lists.

Greens first: each position where guess and answer agree is green and uses up that answer letter. Then,
left to right, each other guess letter is yellow if the answer still has an unused copy of it (which it
then uses up), otherwise grey.

The vectorised form rests on one observation: a non-green guess letter ``c`` at position ``j`` is yellow
exactly when the answer's count of ``c`` exceeds (greens of ``c`` anywhere) + (non-green ``c`` before
``j``), because each earlier non-green ``c`` took a copy while copies lasted. Splitting that sum by
position, it is ``(copies of c before j in the guess) + (greens of c after j)``: the first term depends on
the guess only and is computed once per word list, so scoring is a handful of whole-array comparisons per
letter position, for any word length.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from puzzlewright.errors import BudgetExceeded
from puzzlewright.lexicon import WordTable
from puzzlewright.lexicon.core import letter_count_table
from puzzlewright.budget import Budget
from puzzlewright.wordle.model import GREEN, GREY, YELLOW, Pattern

BLOCK_PAIRS = 1 << 20  # answers x guesses scored per block in :func:`feedback_matrix` (bounds memory)


def feedback(guess: str, answer: str) -> Pattern:
    """The pattern ``guess`` gets against ``answer`` (two words of the same length)."""
    if len(guess) != len(answer):
        raise ValueError("guess and answer must have the same length")
    marks = [GREEN if g == a else GREY for g, a in zip(guess, answer)]
    unused: dict[str, int] = {}
    for g, a in zip(guess, answer):
        if g != a:
            unused[a] = unused.get(a, 0) + 1
    for j, g in enumerate(guess):
        if marks[j] != GREEN and unused.get(g, 0):
            marks[j] = YELLOW
            unused[g] -= 1
    return Pattern(tuple(marks))


def code_dtype(length: int) -> np.dtype:
    """The smallest unsigned dtype holding every pattern code for words of ``length`` letters."""
    top = 3**length
    return np.dtype(np.uint8 if top <= 256 else np.uint16 if top <= 65536 else np.uint32)


@dataclass(frozen=True, eq=False)
class Scorer:
    """A guess list prepared for vectorised scoring (the guess-only parts of the rule, computed once)."""

    table: WordTable

    @cached_property
    def letters(self) -> np.ndarray:
        return np.ascontiguousarray(self.table.letters)

    @cached_property
    def index(self) -> dict[str, int]:
        """Word -> its row in the table."""
        return {word: i for i, word in enumerate(self.table.words)}

    @cached_property
    def counts(self) -> np.ndarray:
        """(k, 26) letter counts of the guesses."""
        return letter_count_table(self.letters)

    @cached_property
    def copies_before(self) -> list[np.ndarray]:
        """For each position j: how many times the guess letter at j occurs earlier in the guess."""
        letters = self.letters
        n = letters.shape[1]
        return [sum((letters[:, i] == letters[:, j] for i in range(j)), np.zeros(len(letters), np.uint8))
                .astype(np.uint8) for j in range(n)]

    @cached_property
    def repeats_after(self) -> list[list[tuple[int, np.ndarray]]]:
        """For each position j: (i, mask of guesses whose letter at i > j equals the one at j), when any."""
        letters = self.letters
        n = letters.shape[1]
        result = []
        for j in range(n):
            pairs = []
            for i in range(j + 1, n):
                same = letters[:, i] == letters[:, j]
                if same.any():
                    pairs.append((i, same))
            result.append(pairs)
        return result

    def against(self, answer_letters: np.ndarray) -> np.ndarray:
        """Pattern codes of every guess against one answer (a length-n letter array): shape (k,)."""
        return self.block(answer_letters[None, :])[0]

    def block(self, answers: np.ndarray) -> np.ndarray:
        """Pattern codes for a block of answers ((m, n) letters) against every guess: shape (m, k)."""
        guesses = self.letters
        n = guesses.shape[1]
        counts = letter_count_table(answers)
        greens = [answers[:, j, None] == guesses[None, :, j] for j in range(n)]
        codes = np.zeros((len(answers), len(guesses)), code_dtype(n))
        for j in range(n):
            used = np.broadcast_to(self.copies_before[j], greens[j].shape)
            for i, same in self.repeats_after[j]:
                used = used + (greens[i] & same)
            yellow = (counts[:, guesses[:, j]] > used) & ~greens[j]
            codes *= 3
            codes += greens[j].view(np.uint8) * np.uint8(2) + yellow.view(np.uint8)
        return codes


def feedback_matrix(answers: WordTable, guesses: WordTable | Scorer, budget: Budget | None = None) -> np.ndarray:
    """The (answers x guesses) matrix of pattern codes, scored in memory-bounded blocks of answers.

    ``budget`` is checked between blocks (a block is a few milliseconds), so a big matrix built for a
    request stops soon after its time runs out or the request is cancelled (:class:`BudgetExceeded`)."""
    scorer = guesses if isinstance(guesses, Scorer) else Scorer(guesses)
    k = len(scorer.table)
    matrix = np.empty((len(answers), k), code_dtype(answers.length))
    step = max(1, BLOCK_PAIRS // max(k, 1))
    for start in range(0, len(answers), step):
        if budget is not None and budget.ran_out():
            raise BudgetExceeded(budget.describe())
        matrix[start:start + step] = scorer.block(answers.letters[start:start + step])
    return matrix
