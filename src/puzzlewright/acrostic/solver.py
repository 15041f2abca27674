"""Solving templates: whole-word placement with bitset candidate sets, fewest-candidates-first.

The grid has 2N *lines* (N rows, N columns). Each open line keeps the set of words that still fit it as a
Python integer used as a bitset over a small per-puzzle universe of words (the N-letter words that fit
some line's given letters and the pool, found with one numpy pass). Placing a word in a line fixes its
free cells; every crossing line's set shrinks by one AND with the "letter L at position p" bitset, so a
dead end shows up as an empty set at once. The next line to fill is the open line with the fewest
candidates (``int.bit_count``), and when the pool runs out of a letter, every open line drops the words
that would need it. The result is a complete search: every solution, or the first K, and whether the
search finished. This search has no start-up cost, so it answers grids up to 5x5 (and the generator's
uniqueness checks); from 6x6 up :func:`solve_puzzle` hands the puzzle to the compiled cell kernel of
:mod:`puzzlewright.acrostic.kernel`, whose pruning scales better there.
"""

from __future__ import annotations

import bisect
import functools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from puzzlewright.acrostic.model import UNKNOWN, Grid, Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import ALPHABET, cell_codes, codes_text
from puzzlewright.lexicon import Lexicon, WordTable
from puzzlewright.budget import Budget, ran_out

ALL_LETTERS = 26
KERNEL_MIN_SIZE = 6  # from this size up, solve with the compiled kernel
KERNEL_SLICE = 1_000_000  # kernel nodes between budget checks
KERNEL_CAPACITY = 1024  # squares per kernel call when collecting every solution


@dataclass
class SolveResult:
    """Solutions found (in search order), whether the search covered every possibility, nodes expanded."""

    puzzle: Puzzle
    solutions: list[Grid]
    complete: bool
    nodes: int


def bitsets(rows: np.ndarray) -> list[int]:
    """Each row of a 2-D boolean array as a bitset (one numpy call for all rows, one bytes copy)."""
    packed = np.packbits(rows, axis=1, bitorder="little")
    data, width = packed.tobytes(), packed.shape[1]
    if not width:  # no columns: every row is empty
        return [0] * len(packed)
    return [int.from_bytes(data[start:start + width], "little") for start in range(0, len(data), width)]


def bit_indexes(bits: int) -> Iterator[int]:
    """The positions of the set bits, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


class LineLayout:
    """The 2N lines of an N x N grid: line i < N is row i, line N + j is column j; cells are r * N + c.
    Shared by every search of one size (:func:`line_layout`): treat it as read-only."""

    def __init__(self, size: int):
        self.size = size
        self.cells = [[r * size + c for c in range(size)] for r in range(size)]
        self.cells += [[r * size + c for r in range(size)] for c in range(size)]
        # for each line and position: the crossing line and the cell's position in it
        self.crossing = [[(size + p, line) if line < size else (p, line - size) for p in range(size)]
                         for line in range(2 * size)]
        # what placing a word in a line walks: (position, cell, crossing line, position there, its bit)
        self.steps = [[(p, cell, cross, q, 1 << q) for p, (cell, (cross, q)) in enumerate(zip(cells, crossing))]
                      for cells, crossing in zip(self.cells, self.crossing)]
        # the positions in a bitmask of a line's open positions
        self.positions_of = [tuple(p for p in range(size) if mask >> p & 1) for mask in range(1 << size)]

    def name(self, line: int) -> str:
        return f"row {line + 1}" if line < self.size else f"column {line - self.size + 1}"

    def twin(self, line: int) -> int:
        """Row i <-> column i (for symmetric squares)."""
        return (line + self.size) % (2 * self.size)


@functools.cache
def line_layout(size: int) -> LineLayout:
    """The layout of an N x N grid (built once per size)."""
    return LineLayout(size)


class WordUniverse:
    """The words a search may use, numbered, with bitsets ``at[p][L]`` = words with letter L at position p."""

    def __init__(self, words: list[str], letters: np.ndarray):
        self.words = words
        self.letters = letters.tolist()
        size = letters.shape[1]
        # (position, letter, word) in one comparison and one packing, for the letters the words use
        present = np.flatnonzero(np.bincount(letters.ravel(), minlength=ALL_LETTERS)).astype(letters.dtype)
        flat = bitsets((letters.T[:, None, :] == present[None, :, None]).reshape(size * len(present), len(words)))
        self.at_letter = [[0] * size for _ in range(ALL_LETTERS)]  # [L][p]: words with letter L at position p
        for k, letter in enumerate(present.tolist()):
            self.at_letter[letter] = flat[k::len(present)]
        self.at = [list(by_position) for by_position in zip(*self.at_letter)]  # [p][L]


def line_fits(grid: list[int], remaining: list[int], table: WordTable, counts: np.ndarray) -> np.ndarray:
    """(lines x words) booleans: the word matches the open line's given letters (``grid``: a letter code or
    -1 per cell) and its other letters fit the pool (``remaining``: 26 counts); fully given lines get no
    candidates: they are not searched.

    Each word's letters are compared with the pool once, along the (26 x words) count columns ``counts``,
    into how many letters it overdraws; a line's given letters only raise their own allowances, so a word
    fits that line when it overdraws no other letter and the givens cover the ones it needs."""
    size = table.length
    fits = np.zeros((2 * size, len(table)), bool)
    limits = np.minimum(remaining, size).astype(np.uint8)  # no word needs more than ``size`` of one letter
    overdraws = counts > limits[:, None]
    overdrawn = overdraws.sum(axis=0, dtype=np.uint8)
    by_pattern: dict[tuple, np.ndarray] = {}
    for line, cells in enumerate(line_layout(size).cells):
        given = tuple((p, grid[c]) for p, c in enumerate(cells) if grid[c] >= 0)
        if len(given) == size:
            continue
        if given not in by_pattern:
            by_pattern[given] = (overdrawn == 0 if not given else
                                 _given_fits(table, counts, given, remaining, overdraws, overdrawn))
        fits[line] = by_pattern[given]
    return fits


def _given_fits(table: WordTable, counts: np.ndarray, given: tuple[tuple[int, int], ...], remaining: list[int],
                overdraws: np.ndarray, overdrawn: np.ndarray) -> np.ndarray:
    """Which words match the ``(position, letter)`` givens and fit the pool plus those letters
    (``counts``, ``remaining``, ``overdraws`` and ``overdrawn``: see :func:`line_fits`)."""
    columns = table.letter_columns
    ok = columns[given[0][0]] == given[0][1]
    for p, letter in given[1:]:
        ok &= columns[p] == letter
    others = overdrawn
    letters = [letter for _, letter in given]
    for letter in set(letters):
        others = others - overdraws[letter]
        ok &= counts[letter] <= min(remaining[letter] + letters.count(letter), table.length)
    ok &= others == 0
    return ok


class TemplateSearch:
    """One complete search over a template; build it, then iterate :meth:`solutions`."""

    def __init__(self, template: tuple[str, ...], pool: Counter, lexicon: Lexicon, *, distinct: bool = False,
                 symmetric: bool = False, budget: Budget | None = None):
        self.size = size = len(template)
        self.layout = line_layout(size)
        self.distinct = distinct
        self.symmetric = symmetric
        self.budget = budget
        self.nodes = 0
        self.complete = True
        table = lexicon.of_length(size)
        self.grid = cell_codes("".join(template), UNKNOWN)
        self.remaining = [pool.get(letter, 0) for letter in ALPHABET]
        fits = line_fits(self.grid, self.remaining, table, lexicon.letter_count_columns(size))
        universe = np.flatnonzero(np.any(fits, axis=0))
        self.universe = WordUniverse([table.words[i] for i in universe], table.letters[universe])
        self.free = self._open_positions()
        self.candidates = bitsets(fits[:, universe])

    def _open_positions(self) -> list[int]:
        """Each line's open cells as a bitmask of its positions (0: the line is filled)."""
        size = self.size
        free = [0] * (2 * size)
        for cell, code in enumerate(self.grid):
            if code < 0:
                row, column = divmod(cell, size)
                free[row] |= 1 << column
                free[size + column] |= 1 << row
        return free

    # -- the search ------------------------------------------------------------------------------

    def solutions(self) -> Iterator[Grid]:
        """Every solution, in search order (stops early, with :attr:`complete` False, when the budget ends)."""
        if any(self.free[line] and not self.candidates[line] for line in range(2 * self.size)):
            return iter(())
        return self._search(self.candidates, self.grid, self.free, self.remaining, frozenset())

    def _search(self, candidates: list[int], grid: list[int], free: list[int], remaining: list[int],
                used: frozenset[int]) -> Iterator[Grid]:
        """Fill the open line with the fewest candidates with each of them in turn, and search on."""
        self.nodes += 1
        if self.budget is not None and not self.budget.spend():
            self.complete = False
            return
        line = self._fewest_candidates(candidates, free)
        if line is None:
            grid_words = self._grid(grid)
            # a line completed by its crossings was never placed, so its twin was never tied to it
            if self.symmetric and grid_words.rows != grid_words.columns:
                return
            if not self.distinct or len(set(grid_words.words)) == 2 * self.size:
                yield grid_words
            return
        for word in bit_indexes(candidates[line]):
            if self.distinct and word in used:
                continue
            placed = self._place(line, word, candidates, grid, free, remaining)
            if placed is not None:
                yield from self._search(*placed, used | {word} if self.distinct else used)
                if not self.complete:
                    return

    def _fewest_candidates(self, candidates: list[int], free: list[int]) -> int | None:
        best, best_count = None, 1 << 62
        for line, open_cells in enumerate(free):
            if open_cells:
                count = candidates[line].bit_count()
                if count < best_count:
                    best, best_count = line, count
        return best

    def _place(self, line: int, word: int, candidates: list[int], grid: list[int], free: list[int],
               remaining: list[int]) -> tuple | None:
        """The state after writing ``word`` into ``line``, or None when a crossing line dies or the pool
        lacks a letter."""
        letters = self.universe.letters[word]
        at = self.universe.at
        candidates, grid, free, remaining = candidates.copy(), grid.copy(), free.copy(), remaining.copy()
        exhausted = []
        for p, cell, cross, q, bit in self.layout.steps[line]:
            if grid[cell] >= 0:
                continue
            letter = letters[p]
            left = remaining[letter]
            if not left:
                return None
            remaining[letter] = left - 1
            if left == 1:
                exhausted.append(letter)
            grid[cell] = letter
            narrowed = candidates[cross] & at[q][letter]
            if not narrowed:
                return None
            candidates[cross] = narrowed
            free[cross] ^= bit
        free[line] = 0
        candidates[line] = 1 << word
        if self.symmetric:
            twin = self.layout.twin(line)
            if free[twin]:
                candidates[twin] &= 1 << word
                if not candidates[twin]:
                    return None
        if exhausted and not self._drop_exhausted(exhausted, candidates, free):
            return None
        return candidates, grid, free, remaining

    def _drop_exhausted(self, exhausted: list[int], candidates: list[int], free: list[int]) -> bool:
        """Remove from every open line the words that need a letter the pool no longer has (at one of the
        line's open positions: its filled ones already match every candidate)."""
        at_letter = self.universe.at_letter
        # at[p]: the words with one of the exhausted letters at position p
        at = at_letter[exhausted[0]]
        for letter in exhausted[1:]:
            at = [words | more for words, more in zip(at, at_letter[letter])]
        positions_of = self.layout.positions_of
        for line, open_positions in enumerate(free):
            if not open_positions:
                continue
            needing = 0
            for p in positions_of[open_positions]:
                needing |= at[p]
            if needing:
                candidates[line] &= ~needing
                if not candidates[line]:
                    return False
        return True

    def _grid(self, grid: list[int]) -> Grid:
        size = self.size
        letters = codes_text(grid)
        return Grid(tuple(letters[r * size:(r + 1) * size] for r in range(size)))


def check_template(template: tuple[str, ...], lexicon: Lexicon) -> list[str]:
    """Warnings for fully given lines that are not words (they are solved around, unchecked); a clear error
    when the dictionary lacks the size or a partly given line matches no word at all."""
    size = len(template)
    columns = lexicon.of_length(size).letter_columns
    if not columns.shape[1]:
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no {size}-letter words")
    layout = line_layout(size)
    cells = "".join(template)
    warnings = []
    for line, line_cells in enumerate(layout.cells):
        pattern = "".join(cells[c] for c in line_cells)
        given = [(p, code) for p, code in enumerate(cell_codes(pattern, UNKNOWN)) if code >= 0]
        if len(given) == size:
            if pattern not in lexicon:
                warnings.append(f"{layout.name(line)} {pattern!r} is given but is not a word of {lexicon.name!r}; "
                                "solving anyway without checking it")
        elif given:
            if not np.logical_and.reduce([columns[p] == letter for p, letter in given]).any():
                raise PuzzleInputError(f"the template is impossible: {layout.name(line)} {pattern!r} matches no "
                                       f"{size}-letter word of {lexicon.name!r}")
    return warnings


def solve_puzzle(puzzle: Puzzle, lexicon: Lexicon, *, limit: int | None = 1, distinct: bool = False,
                 symmetric: bool = False, budget: Budget | None = None) -> SolveResult:
    """Find the first ``limit`` solutions of ``puzzle`` (every solution when ``limit`` is None).

    Grids up to 5x5 use the bitset line search (pure Python, no start-up cost); larger grids the compiled
    cell kernel over the trie of :func:`puzzle_trie` (a given line that is not a word is left unchecked
    either way).
    ``complete`` is True when the search proved there are no other solutions.
    """
    if limit is not None and limit < 1:
        raise PuzzleInputError("the solution limit must be at least 1")
    warnings = check_template(puzzle.template, lexicon)
    if puzzle.size >= KERNEL_MIN_SIZE:
        found, complete, nodes = _kernel_solve(puzzle, lexicon, limit, distinct, symmetric, budget)
    else:
        found, complete, nodes = _line_solve(puzzle, lexicon, limit, distinct, symmetric, budget)
    if warnings:
        puzzle = puzzle.with_warnings(warnings)
    return SolveResult(puzzle, found, complete, nodes)


def _line_solve(puzzle: Puzzle, lexicon: Lexicon, limit: int | None, distinct: bool, symmetric: bool,
                budget: Budget | None) -> tuple[list[Grid], bool, int]:
    search = TemplateSearch(puzzle.template, puzzle.pool_counts, lexicon, distinct=distinct, symmetric=symmetric,
                            budget=budget)
    found: list[Grid] = []
    for grid in search.solutions():
        found.append(grid)
        if limit is not None and len(found) >= limit:
            return found, False, search.nodes
    return found, search.complete, search.nodes


def puzzle_trie(puzzle: Puzzle, lexicon: Lexicon) -> tuple[tuple[str, ...], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The words a solve of ``puzzle`` can place and their trie (as :func:`~puzzlewright.acrostic.kernel.word_trie`
    gives them): the words that fit some open line (its given letters and the pool: :func:`line_fits`) and
    the fully given lines, words of the lexicon or not.

    The kernel searches this trie rather than the whole lexicon's: the same squares in the same order (it
    tries letters alphabetically; the words left out could never complete a line), with fewer nodes (7x7
    english-large puzzles: about half). It is the lexicon's cached trie with a per-puzzle mask; only a given
    line that is not a word needs a trie of its own."""
    from puzzlewright.acrostic.kernel import build_trie, subset_trie, word_trie

    size = puzzle.size
    table = lexicon.of_length(size)
    grid = cell_codes("".join(puzzle.template), UNKNOWN)
    fits = np.any(line_fits(grid, pool_list(puzzle), table, lexicon.letter_count_columns(size)), axis=0)
    others = []
    for word in set(given_lines(puzzle.template).values()):
        at = bisect.bisect_left(table.words, word)
        if at < len(table) and table.words[at] == word:
            fits[at] = True
        else:
            others.append(word)
    kept = np.flatnonzero(fits)
    if not others:
        return word_trie(lexicon, size)[0], subset_trie(lexicon, size, kept)
    words = tuple(table.words[i] for i in kept.tolist()) + tuple(others)
    other_letters = np.frombuffer("".join(others).encode("ascii"), np.uint8).reshape(len(others), size) - 97
    return words, build_trie(np.concatenate([table.letters[kept], other_letters]))


def _kernel_solve(puzzle: Puzzle, lexicon: Lexicon, limit: int | None, distinct: bool, symmetric: bool,
                  budget: Budget | None) -> tuple[list[Grid], bool, int]:
    from puzzlewright.acrostic.kernel import SquareSearch

    words, trie = puzzle_trie(puzzle, lexicon)
    forced = cell_codes("".join(puzzle.template), UNKNOWN)
    search = SquareSearch(puzzle.size, trie, forced, pool_list(puzzle), double=distinct, symmetric=symmetric)
    unchecked = _unchecked_lines(puzzle, lexicon)
    found: list[Grid] = []
    while not search.done and not ran_out(budget):
        wanted = KERNEL_CAPACITY if limit is None else limit - len(found)
        before = search.nodes
        squares = (Grid(tuple(words[i] for i in rows)) for rows in search.run(KERNEL_SLICE, wanted))
        found += [grid for grid in squares if not unchecked or _checked_lines_are_words(grid, unchecked, lexicon)]
        if budget is not None:
            budget.spend(search.nodes - before)
        if limit is not None and len(found) >= limit:
            return found, False, search.nodes
    return found, search.done, search.nodes


def pool_list(puzzle: Puzzle) -> list[int]:
    """The pool's count of each letter a-z (one Counter for all 26)."""
    counts = puzzle.pool_counts
    return [counts.get(letter, 0) for letter in ALPHABET]


def _unchecked_lines(puzzle: Puzzle, lexicon: Lexicon) -> dict[int, str]:
    """The fully given lines that are not words (by line number, see :class:`LineLayout`): the kernel's trie
    holds them, so a square it finds may also use them in a line where they were not given."""
    return {line: word for line, word in given_lines(puzzle.template).items() if word not in lexicon}


def given_lines(template: tuple[str, ...]) -> dict[int, str]:
    """The template's fully given lines (no open cell), by line number (see :class:`LineLayout`)."""
    cells = "".join(template)
    lines = ("".join(cells[c] for c in line_cells) for line_cells in line_layout(len(template)).cells)
    return {line: word for line, word in enumerate(lines) if UNKNOWN not in word}


def _checked_lines_are_words(grid: Grid, unchecked: dict[int, str], lexicon: Lexicon) -> bool:
    """Whether every line of ``grid`` but the ``unchecked`` given ones is a word of the lexicon."""
    return all(line in unchecked or word in lexicon for line, word in enumerate(grid.words))
