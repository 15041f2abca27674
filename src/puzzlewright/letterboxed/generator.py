"""Making NYT-style puzzles: 12 distinct letters on 4 sides of 3, solvable in two common words.

The generator plants an answer first, as a setter would: it picks a common headword (SCOWL level up to
60, no plurals or -ED/-ING forms), then one starting with its last letter such that the two use exactly 12 distinct
letters, and then deals those letters onto 4 sides of 3 so that no two consecutive letters of either
word share a side (a small backtracking colouring). The finished box is solved to count its two-word
solutions; boxes with more than ``max_two_word_solutions`` are too easy and are dealt again (the NYT's
have a few dozen). The par follows from how many words the box allows.

A generated puzzle is its own best answer: the answer it states is the first solution the solver ranks
for the box (``letterboxed solve`` would print it first), not the planted pair, which only served to make
the box. A box is kept only when that answer is two words at or above the commonness floor that the
publishing policy lets constructions use (:mod:`puzzlewright.lexicon.policy`: never an offensive word, no
vulgar word or name unless allowed); planted words pass the policy too. The other solutions it prints
beside the answer are held to the same floor and policy (:func:`_printable`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.letterboxed.model import NYT_SIDE_LETTERS, NYT_SIDES, Box
from puzzlewright.letterboxed.index import WordIndex
from puzzlewright.letterboxed.rank import OBSCURE_LEVEL
from puzzlewright.lexicon.forms import ed_or_ing, plural
from puzzlewright.letterboxed.solver import BoxWords, Chain, box_words, solve_box
from puzzlewright.lexicon.policy import Use, left_out_words, left_out_words_note
from puzzlewright.budget import Budget, paced

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

DEFAULT_MIN_COMMONNESS = 3.0
MAX_TWO_WORD_SOLUTIONS = 150
LETTERS = NYT_SIDES * NYT_SIDE_LETTERS
MAX_ATTEMPTS = 20_000
SHOWN_SOLUTIONS = 5  # the best solutions a generated puzzle lists beside its answer


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A generated box, its answer, and what solving it found."""

    box: Box
    answer: Chain  # the solver's first solution of the box: the puzzle's stated answer
    two_word_solutions: int
    valid_words: int
    par: int
    best: tuple[Chain, ...]  # the best solutions a generated puzzle may print (_printable), the answer first


def suggested_par(valid_words: int) -> int:
    """A par (number of words to aim for) from how many words of the default dictionary the box allows:
    4 for a roomy box, up to 6 for a tight one. The thresholds (round numbers) give the NYT's own par
    for 57 of the 99 sample puzzles that state one (the sample's pars run 4 to 6)."""
    if valid_words >= 1000:
        return 4
    if valid_words >= 700:
        return 5
    return 6


def generate_puzzles(index: WordIndex, *, count: int = 1, seed: int | None = None,
                     min_commonness: float = DEFAULT_MIN_COMMONNESS,
                     max_two_word_solutions: int = MAX_TWO_WORD_SOLUTIONS, flagged: Lexicon | None = None,
                     allow: frozenset[str] = frozenset(), budget: Budget | None = None) -> list[GeneratedPuzzle]:
    """``count`` distinct puzzles whose best solution (the stated answer) is two words of at least
    ``min_commonness``, none of them a word the publishing policy keeps out of constructions (by the flags
    of ``flagged``, the index's words as a lexicon; with ``allow`` granted), and that have at most
    ``max_two_word_solutions`` two-word solutions."""
    left_out = left_out_words(flagged, Use.CONSTRUCT, allow) if flagged is not None else frozenset()
    rng = random.Random(seed)
    pool = _common_words(index, min_commonness, left_out, budget)
    if not pool:
        raise PuzzleInputError(f"no words of commonness >= {min_commonness} to build puzzles from")
    by_first: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for word, mask in pool:
        by_first[word[0]].append((word, mask))
    puzzles: list[GeneratedPuzzle] = []
    seen: set[frozenset[str]] = set()
    for _ in range(MAX_ATTEMPTS):
        if len(puzzles) == count:
            return puzzles
        if budget is not None and not budget.spend():
            break
        planted = _plant(pool, by_first, rng)
        if planted is None:
            continue
        box = _deal(planted, rng)
        if box is None or frozenset(box.letters) in seen:
            continue
        seen.add(frozenset(box.letters))
        found = box_words(box, index)
        puzzle = _describe(box, found, min_commonness, left_out, budget)
        if puzzle is None:  # the budget ran out solving the box
            break
        if puzzle.two_word_solutions <= max_two_word_solutions and _fit_to_state(puzzle.answer, found, min_commonness,
                                                                               left_out):
            puzzles.append(puzzle)
    if len(puzzles) < count:
        dropped = [word for word, _ in _common_words(index, min_commonness, frozenset(), budget) if word in left_out]
        note = left_out_words_note(flagged, dropped, Use.CONSTRUCT, allow) if flagged is not None else ""
        raise BudgetExceeded(f"made only {len(puzzles)} of {count} puzzles{note}; try a lower commonness floor")
    return puzzles


def _common_words(index: WordIndex, floor: float, left_out: frozenset[str],
                  budget: Budget | None = None) -> list[tuple[str, int]]:
    """(word, letter mask) for every headword of the index (a standard-dictionary word by its SCOWL level,
    not a plural or -ED/-ING form) with at least ``floor`` Zipf and at most 12 distinct letters, and not
    ``left_out`` (a pass over the whole index, half a second for english-large: within ``budget``)."""
    found = []
    for j, mask in paced(enumerate(index.masks), budget):
        if mask.bit_count() > LETTERS:
            continue
        for i in range(index.starts[j], index.starts[j + 1]):
            word = index.word(i)
            if (index.zipf[i] >= floor and 0 < index.levels[i] <= OBSCURE_LEVEL and word not in left_out
                    and not (plural(word) or ed_or_ing(word))):
                found.append((word, mask))
    return found


def _plant(pool: list[tuple[str, int]], by_first: dict[str, list[tuple[str, int]]],
           rng: random.Random) -> tuple[str, str] | None:
    """A random pair of pool words, the second starting with the first's last letter, 12 letters in all."""
    first, first_mask = rng.choice(pool)
    partners = [word for word, mask in by_first.get(first[-1], ())
                if (first_mask | mask).bit_count() == LETTERS and word != first]
    return (first, rng.choice(partners)) if partners else None


def _deal(planted: tuple[str, str], rng: random.Random) -> Box | None:
    """Letters of the planted words on 4 sides of 3 with no consecutive pair on one side (None if impossible)."""
    letters = sorted(set("".join(planted)))
    rng.shuffle(letters)
    apart: dict[str, set[str]] = defaultdict(set)
    for word in planted:
        for a, b in zip(word, word[1:]):
            apart[a].add(b)
            apart[b].add(a)
    sides: list[list[str]] = [[] for _ in range(NYT_SIDES)]

    def place(k: int) -> bool:
        if k == len(letters):
            return True
        letter = letters[k]
        for side in sides:
            if len(side) < NYT_SIDE_LETTERS and not apart[letter] & set(side):
                side.append(letter)
                if place(k + 1):
                    return True
                side.pop()
            if not side:  # empty sides are interchangeable: trying one is enough
                break
        return False

    if not place(0):
        return None
    rng.shuffle(sides)
    return Box(tuple("".join(side).upper() for side in sides))


def _describe(box: Box, found: BoxWords, floor: float, left_out: frozenset[str],
              budget: Budget | None = None) -> GeneratedPuzzle | None:
    """Solve the finished box as ``letterboxed solve`` does (``found``: every word of the index the box
    allows; 1- and 2-word solutions, best first) to find its answer, count its two-word solutions and
    suggest a par. The best solutions shown beside the answer are printed too, so they are held to what
    the answer is held to: only those whose every word is at least ``floor`` Zipf and none ``left_out``
    (the solver's own list, rare words and all, is ``letterboxed solve``'s). None when ``budget`` ran out
    first (a partial solve would miscount)."""
    result = solve_box(box, found, max_words=2, budget=budget)
    if not result.complete:
        return None
    zipf = dict(zip(found.words, found.zipf))
    shown = [solution for solution in result.solutions if _printable(solution, zipf, floor, left_out)]
    return GeneratedPuzzle(box, result.solutions[0], result.count, len(found), suggested_par(len(found)),
                           tuple(shown[:SHOWN_SOLUTIONS]))


def _printable(solution: Chain, zipf: dict[str, float], floor: float, left_out: frozenset[str]) -> bool:
    """Whether a generated puzzle may print ``solution``: each word at least ``floor`` Zipf (``zipf``: the
    box's words) and none ``left_out`` by the publishing policy."""
    return all(zipf[word] >= floor and word not in left_out for word in solution.words)


def _fit_to_state(answer: Chain, found: BoxWords, floor: float, left_out: frozenset[str]) -> bool:
    """Whether a box's best solution can be its stated answer: two words (a box one word covers is
    another kind of puzzle) that a generated puzzle may print (:func:`_printable`)."""
    return len(answer.words) == 2 and _printable(answer, dict(zip(found.words, found.zipf)), floor, left_out)
