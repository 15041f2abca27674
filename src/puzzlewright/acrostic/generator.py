"""Random dense-acrostic puzzles: a random double word square of common words, offered as seed + pool.

Construction runs the compiled square kernel over the words at or above the commonness floor, with the
letters of every cell tried in a random order, and takes the first double word square it meets (all 2N
words distinct); an attempt that finds none within a node allowance starts again with fresh orders. With
``unique`` the puzzle (first row + the other letters, sorted) is then solved completely, by the solver
(an independent search), against the *whole* dictionary and kept only when that square is its only
solution.

From 6x6 up, when the construction words are few enough (see :mod:`puzzlewright.acrostic.catalogue`), squares
are drawn instead from the list of *every* double square of those words, enumerated once and cached: in a
random order, each tried (with its uniqueness check) until one qualifies, and with a definite error when
there is none.

Squares are printable as they come (:mod:`puzzlewright.lexicon.policy`, ``Use.CONSTRUCT``): no offensive
word, and no vulgar word or name unless the run allows it. The random search builds from the words the
policy keeps; a catalogue lists every square of the floor's words (one list serves every ``allow``) and
the squares holding a left-out word are passed over as they are drawn. Uniqueness is still checked
against the whole dictionary: a solver may answer with any word.

Puzzle ``i`` of a run depends only on ``(random_seed, i)``, so a bulk run can be split into index ranges
and run anywhere with the same results.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from puzzlewright.acrostic.model import Grid, Puzzle, check_size
from puzzlewright.acrostic.schema import DEFAULT_GENERATE_COMMONNESS
from puzzlewright.acrostic.solver import KERNEL_SLICE, solve_puzzle
from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.policy import Use, left_out_flags, left_out_note, publishable
from puzzlewright.budget import Budget, ran_out

if TYPE_CHECKING:
    from puzzlewright.acrostic.catalogue import Catalogue

# kernel nodes per random attempt at a square, by size, before starting again with fresh letter orders
# (measured: for 7x7 over english-large, 20M-node attempts find squares ~3x as often as 1M-node ones)
CONSTRUCTION_NODES = {3: 20_000, 4: 50_000, 5: 200_000, 6: 2_000_000, 7: 20_000_000, 8: 50_000_000,
                      9: 50_000_000, 10: 50_000_000}
# a uniqueness check that needs more nodes is treated as "not unique" (node budgets keep runs reproducible;
# from 6x6 up the solver's nodes are the compiled kernel's cells, hence the larger allowance)
UNIQUENESS_NODES = {3: 200_000, 4: 200_000, 5: 200_000, 6: 100_000_000, 7: 300_000_000, 8: 300_000_000,
                    9: 300_000_000, 10: 300_000_000}
MAX_ATTEMPTS = 500


@dataclass(frozen=True)
class GenerateOptions:
    """What to generate. Picklable, so index ranges of one run can be handed to other processes."""

    size: int
    unique: bool = True
    min_commonness: float | None = DEFAULT_GENERATE_COMMONNESS
    random_seed: int = 0
    allow: tuple[str, ...] = ()  # flags the policy lets squares use ("vulgar", "proper"), sorted

    def __post_init__(self) -> None:
        check_size(self.size)
        if self.random_seed < 0:
            raise PuzzleInputError(f"the random seed must be 0 or more, not {self.random_seed}")


@dataclass(frozen=True)
class GeneratedPuzzle:
    """One generated puzzle, its intended solution, whether it is proven unique, and attempts it took."""

    index: int
    puzzle: Puzzle
    solution: Grid
    unique: bool
    attempts: int


@lru_cache(maxsize=16)
def construction_words(lexicon: Lexicon, size: int, min_commonness: float | None) -> Lexicon:
    """The words squares are built from: the lexicon's ``size``-letter words at or above the floor."""
    words = lexicon.filter(lengths=[size], min_commonness=min_commonness)
    if len(words) < size:
        floor = "" if min_commonness is None else f" with commonness >= {min_commonness:g}"
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has too few {size}-letter words{floor} to build "
                               f"a square ({len(words)})")
    return words


def usable_words(words: Lexicon, options: GenerateOptions) -> Lexicon:
    """The construction words a square may hold under the publishing policy and the run's ``allow``."""
    return publishable(words, Use.CONSTRUCT, options.allow)


def policy_note(words: Lexicon, options: GenerateOptions) -> str:
    """What a "none found" error adds about the construction ``words`` the publishing policy keeps out
    (with the run's ``allow``) and what to allow to let them in ("" for none)."""
    return left_out_note(*left_out_flags(words, Use.CONSTRUCT, options.allow))


def holds_only(square: Grid, usable: Lexicon) -> bool:
    """Whether every row and column of ``square`` is one of the ``usable`` words."""
    known = usable.word_set
    return all(word in known for word in square.rows + square.columns)


def random_square(words: Lexicon, size: int, rng: np.random.Generator, budget: Budget | None = None, *,
                  note: str = "") -> Grid | None:
    """A random double word square of ``words`` (None if this attempt's letter orders found none quickly;
    ``note``: what the publishing policy took away and what to allow, :func:`policy_note`, for the error
    when there is none).

    The kernel runs in slices with ``budget`` checked between them: one attempt at a 7x7 is millions of
    nodes (seconds), which must not outlive a request's time."""
    from puzzlewright.acrostic.kernel import SquareSearch, word_trie

    vocabulary, trie = word_trie(words, size)
    # stable: were two draws equal, their order would otherwise be the CPU's sort kernel's choice
    letter_order = np.argsort(rng.random((size * size, 26)), axis=1, kind="stable")
    search = SquareSearch(size, trie, np.full(size * size, -1), letter_order=letter_order, double=True)
    while search.nodes < CONSTRUCTION_NODES[size] and not search.done:
        if ran_out(budget):
            raise BudgetExceeded(budget.describe())
        before = search.nodes
        squares = search.run(min(KERNEL_SLICE, CONSTRUCTION_NODES[size] - search.nodes), capacity=1)
        if budget is not None:
            budget.spend(search.nodes - before)
        if squares:
            return Grid(tuple(vocabulary[i] for i in squares[0]))
    if search.done:
        raise PuzzleInputError(f"no {size}x{size} double word square can be made from the {len(vocabulary):,} "
                               f"words of {words.name!r} at this commonness{note}; try a lower commonness floor")
    return None


def puzzle_of(square: Grid) -> Puzzle:
    """The puzzle a square makes: its first row as the seed, the other letters as the pool."""
    return Puzzle.from_seed(square.rows[0], "".join(square.rows[1:]))


def has_unique_solution(puzzle: Puzzle, lexicon: Lexicon, budget: Budget | None = None) -> bool:
    """Whether a complete solve of ``puzzle`` over ``lexicon`` finds exactly one square (within a node
    allowance, and within ``budget``'s time: a check cut short counts as "not unique")."""
    nodes = UNIQUENESS_NODES[puzzle.size]
    check = Budget(nodes=nodes) if budget is None else budget.within(nodes)
    result = solve_puzzle(puzzle, lexicon, limit=2, budget=check)
    return len(result.solutions) == 1 and result.complete


def generate_one(lexicon: Lexicon, options: GenerateOptions, index: int, budget: Budget | None = None) -> GeneratedPuzzle:
    """Puzzle number ``index`` of the run ``options`` (deterministic in ``options.random_seed`` and ``index``)."""
    from puzzlewright.acrostic.catalogue import worth_cataloguing

    rng = np.random.default_rng([options.random_seed, index])
    words = construction_words(lexicon, options.size, options.min_commonness)
    if worth_cataloguing(words, options.size, budget):
        return from_catalogue(lexicon, words, options, index, rng, budget)
    usable = usable_words(words, options)
    note = policy_note(words, options)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        if ran_out(budget):
            raise BudgetExceeded(budget.describe())
        square = random_square(usable, options.size, rng, budget, note=note)
        if square is None:
            continue
        puzzle = puzzle_of(square)
        if not options.unique:
            return GeneratedPuzzle(index, puzzle, square, False, attempt)
        if has_unique_solution(puzzle, lexicon, budget):
            return GeneratedPuzzle(index, puzzle, square, True, attempt)
    raise PuzzleInputError(f"no {'unique ' if options.unique else ''}{options.size}x{options.size} puzzle found in "
                           f"{MAX_ATTEMPTS} attempts{note}; try a lower commonness floor")


def from_catalogue(lexicon: Lexicon, words: Lexicon, options: GenerateOptions, index: int,
                   rng: np.random.Generator, budget: Budget | None) -> GeneratedPuzzle:
    """Puzzle ``index`` drawn from every double square of ``words``: the squares (each as written and
    transposed) in a random order, the first that qualifies (only usable words, see :func:`usable_words`;
    with ``unique``: has one solution)."""
    from puzzlewright.acrostic.catalogue import square_catalogue

    size = options.size
    catalogue = square_catalogue(words, size, budget)
    if not catalogue.squares:
        raise PuzzleInputError(f"no {size}x{size} double word square can be made from the "
                               f"{len(words.of_length(size)):,} words of {words.name!r}{_floor(options)} (every "
                               "possibility was searched); try a lower commonness floor")
    usable = usable_words(words, options)
    for attempt, choice in enumerate(rng.permutation(2 * len(catalogue.squares)).tolist(), start=1):
        if ran_out(budget):
            raise BudgetExceeded(budget.describe())
        square = catalogue.oriented(choice)
        if not holds_only(square, usable):
            continue
        puzzle = puzzle_of(square)
        if not options.unique:
            return GeneratedPuzzle(index, puzzle, square, False, attempt)
        if has_unique_solution(puzzle, lexicon, budget):
            return GeneratedPuzzle(index, puzzle, square, True, attempt)
    usable_count = usable_squares(catalogue, usable)
    if not usable_count:
        raise PuzzleInputError(f"every one of the {len(catalogue.squares):,} {size}x{size} double word squares of "
                               f"{words.name!r}{_floor(options)} holds a word the publishing policy leaves out"
                               f"{policy_note(words, options)}; try a lower commonness floor")
    raise PuzzleInputError(f"none of the {2 * usable_count:,} {size}x{size} double word squares of "
                           f"{words.name!r}{_floor(options)} makes a puzzle with a unique solution; try a lower "
                           "commonness floor")


def usable_squares(catalogue: Catalogue, usable: Lexicon) -> int:
    """How many squares of ``catalogue`` (a square and its transpose counted once) hold only ``usable`` words."""
    return sum(holds_only(catalogue.oriented(2 * i), usable) for i in range(len(catalogue.squares)))


def _floor(options: GenerateOptions) -> str:
    return "" if options.min_commonness is None else f" with commonness >= {options.min_commonness:g}"


def generate_puzzles(lexicon: Lexicon, options: GenerateOptions, count: int, *, start: int = 0,
                     budget: Budget | None = None) -> Iterator[GeneratedPuzzle]:
    """Puzzles ``start .. start + count - 1`` of the run, in order."""
    for index in range(start, start + count):
        yield generate_one(lexicon, options, index, budget)
