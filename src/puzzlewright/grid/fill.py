"""Filling a grid: every slot a dictionary word, no word twice, fixed letters kept.

The search is a constraint solver over the slots. Each slot's *domain* is the array of indexes (into the
dictionary's words of its length, :meth:`Lexicon.of_length`) of the words that still fit. Crossing slots
constrain each other through their shared cell: after every decision, arc consistency (AC-3) keeps only the
words whose letter at each crossing is a letter some word of the crossing slot still has there (one numpy
lookup per arc: ``allowed[letters[domain, position]]``), until nothing changes; a slot left with one word
removes that word from every other slot of its length (no repeats). A slot left with no words is a dead end.

Variables are chosen by *dom/wdeg*: the open slot with the fewest words per unit of weighted degree, where
each crossing's weight counts the dead ends it has caused (so the search learns which parts of the grid are
hard). Branching is two-way (slot = word, else slot != word). Values are tried best-scored first with a
little random noise, and the search restarts on a Luby schedule of node limits with fresh noise but kept
weights, so one bad early choice cannot trap it. A run that ends within its limit has covered every
possibility, which is how ``unique`` and "no fill exists" are proved.
"""

from __future__ import annotations

import time
from functools import lru_cache
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import Grid, Slot
from puzzlewright.lexicon import Lexicon
from puzzlewright.search import Budget

RESTART_BASE = 256  # nodes of the first restart run; later runs follow the Luby sequence times this
NOISE = 1.0  # spread of the random noise added to word scores when ordering values (Zipf units)


@dataclass(frozen=True)
class FillOptions:
    """What to look for.

    ``count``: how many fills (None: every fill, an exhaustive enumeration). ``diverse``: after each fill,
    restart with fresh randomness so that the fills differ widely (otherwise the next fill is the search's
    next solution, often one slot away). ``pool``: the letters the empty cells must use, all of them (dense
    acrostics). ``banned``: (slot index, word) pairs a slot may not take (re-rolling a slot).
    """

    count: int | None = 1
    allow_repeats: bool = False
    random_seed: int | None = 0
    diverse: bool = True
    restarts: bool = True
    pool: str | None = None
    banned: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise PuzzleInputError(f"the number of fills must be at least 1, not {self.count}")


@dataclass
class Fill:
    """A filled grid, its words in slot order and their scores (familiarity: higher is better)."""

    grid: Grid
    words: list[str]
    scores: list[float]

    @property
    def min_score(self) -> float:
        return min(self.scores)

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores)

    def quality(self) -> tuple[float, float]:
        """What "best" means: the weakest word first, then the average."""
        return (round(self.min_score, 4), round(self.mean_score, 4))

    def to_json(self) -> dict:
        return {"rows": list(self.grid.rows), "words": self.words, "min_score": round(self.min_score, 2),
                "mean_score": round(self.mean_score, 2)}


@dataclass
class FillResult:
    """The fills found (best first), whether the search covered every possibility, and its statistics.

    ``stopped`` says why a search ended early (the budget's message), ``explanation`` why a grid cannot be
    filled (which slot has no candidates given its crossings).
    """

    grid: Grid
    fills: list[Fill]
    complete: bool
    nodes: int
    restarts: int
    elapsed_s: float
    stopped: str | None = None
    explanation: str | None = None
    slot_candidates: list[int] = field(default_factory=list)

    @property
    def unique(self) -> bool | None:
        """True/False once the search is complete, None when it was stopped early."""
        if self.complete:
            return len(self.fills) == 1
        return False if len(self.fills) > 1 else None

    def to_json(self) -> dict:
        data = {"grid": self.grid.to_json(), "fills": [fill.to_json() for fill in self.fills],
                "count": len(self.fills), "complete": self.complete, "nodes": self.nodes, "restarts": self.restarts,
                "elapsed_s": round(self.elapsed_s, 4)}
        if self.stopped:
            data["stopped"] = self.stopped
        if self.explanation:
            data["explanation"] = self.explanation
        return data


def word_scores(lexicon: Lexicon, length: int) -> np.ndarray:
    """Each ``length``-letter word's score, aligned with ``lexicon.of_length(length)``: its familiarity.

    A lexicon that carries its own scores (a scored ``word;score`` list) provides ``scores_of_length``;
    otherwise the score is the word's Zipf commonness.
    """
    own = getattr(lexicon, "scores_of_length", None)
    if own is not None:
        return np.asarray(own(length), np.float32)
    return np.asarray(lexicon.of_length(length).zipf, np.float32)


def luby(index: int) -> int:
    """The Luby restart sequence 1 1 2 1 1 2 4 1 1 2 ... (term ``index``, from 1)."""
    k = 1
    while (1 << k) - 1 < index:
        k += 1
    while index != (1 << k) - 1:
        index -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < index:
            k += 1
    return 1 << (k - 1)


@lru_cache(maxsize=1 << 16)
def allowed_letters(mask: int) -> np.ndarray:
    """A 26-bit letter set as a boolean lookup table indexed by letter number."""
    return (mask >> np.arange(26)) & 1 == 1


@dataclass
class State:
    """The search state: each slot's candidate words (sorted indexes) and its letter set per position."""

    domains: list[np.ndarray]
    masks: list[np.ndarray]

    def copy(self) -> State:
        return State(list(self.domains), list(self.masks))


class _Restart(Exception):
    """The current run reached its node limit (or wants fresh randomness after a fill)."""


class _Stop(Exception):
    """The budget ran out."""


class Filler:
    """The solver for one grid and dictionary: build once, then :meth:`run`."""

    def __init__(self, grid: Grid, lexicon: Lexicon, options: FillOptions | None = None):
        self.grid = grid
        self.lexicon = lexicon
        self.options = options or FillOptions()
        self.slots: tuple[Slot, ...] = grid.slots
        lengths = sorted({slot.length for slot in self.slots})
        self.tables = {length: lexicon.of_length(length) for length in lengths}
        self.scores = {length: word_scores(lexicon, length) for length in lengths}
        self.letters = [self.tables[slot.length].letters for slot in self.slots]
        by_position = {length: np.ascontiguousarray(table.letters.T) for length, table in self.tables.items()}
        bits = {length: np.left_shift(np.uint32(1), letters.astype(np.uint32)) for length, letters in by_position.items()}
        self.letters_by_position = [by_position[slot.length] for slot in self.slots]
        self.bits = [bits[slot.length] for slot in self.slots]
        self.crossings = self._crossings()
        self.weights = np.ones(sum(len(c) for c in self.crossings), np.int64)
        self.wipeouts = np.zeros(len(self.slots), np.int64)
        self.same_length = {length: [s for s, slot in enumerate(self.slots) if slot.length == length]
                            for length in lengths}
        self.pool = None if self.options.pool is None else Counter(self.options.pool)
        self.nodes = 0
        self.rng = np.random.default_rng(self.options.random_seed)
        self.keys: dict[int, np.ndarray] = {}

    # -- set-up ---------------------------------------------------------------------------------------

    def _crossings(self) -> list[list[tuple[int, int, int, int]]]:
        """For each slot, its crossings as (position, other slot, position in the other, crossing id);
        the two directions of one shared cell have the same id (its weight)."""
        at_cell: dict[int, list[tuple[int, int]]] = {}
        for s, slot in enumerate(self.slots):
            for i, cell in enumerate(slot.cells):
                at_cell.setdefault(cell, []).append((s, i))
        crossings: list[list[tuple[int, int, int, int]]] = [[] for _ in self.slots]
        ids = 0
        for cell in sorted(at_cell):
            members = at_cell[cell]
            if len(members) == 2:
                (s, i), (t, j) = members
                crossings[s].append((i, t, j, ids))
                crossings[t].append((j, s, i, ids))
                ids += 1
        return crossings

    def initial_domains(self) -> list[np.ndarray]:
        """Each slot's words that fit its fixed letters (and the pool, and are not banned)."""
        domains = []
        cells = self.grid.cells
        banned: dict[int, set[str]] = {}
        for s, word in self.options.banned:
            banned.setdefault(s, set()).add(word)
        pool_counts = None
        if self.pool is not None:
            pool_counts = np.zeros(26, np.int64)
            for letter, times in self.pool.items():
                pool_counts[ord(letter) - 97] = times
        for s, slot in enumerate(self.slots):
            letters = self.letters[s]
            keep = np.ones(len(letters), bool)
            free = []
            for i, cell in enumerate(slot.cells):
                if cells[cell] == ".":
                    free.append(i)
                else:
                    keep &= letters[:, i] == ord(cells[cell]) - 97
            if pool_counts is not None and free:
                needs = np.zeros((len(letters), 26), np.int64)
                rows = np.arange(len(letters))
                for i in free:
                    needs[rows, letters[:, i]] += 1
                keep &= (needs <= pool_counts).all(axis=1)
            if s in banned:
                words = self.tables[slot.length].words
                keep &= np.array([word not in banned[s] for word in words], bool)
            domains.append(np.flatnonzero(keep).astype(np.int32))
        return domains

    # -- propagation ------------------------------------------------------------------------------------

    def letter_masks(self, s: int, domain: np.ndarray) -> np.ndarray:
        """The 26-bit set of letters the words of ``domain`` have at each position of slot ``s``."""
        return np.bitwise_or.reduce(self.bits[s][:, domain], axis=1)

    def start_state(self, domains: list[np.ndarray]) -> State:
        return State(domains, [self.letter_masks(s, domain) for s, domain in enumerate(domains)])

    def propagate(self, state: State, changed: list[int]) -> int | None:
        """Make ``state`` arc consistent (in place) after the slots in ``changed`` shrank, and apply no-repeats
        and the pool. Returns the slot left without words (a dead end), or None.

        Each slot keeps the letter set of every position; a crossing is revisited only when the letter set on
        its side actually shrank, so a big domain losing a few words costs one vector operation, not a sweep
        of the grid."""
        queue = deque(changed)
        queued = set(changed)
        singles = [s for s in changed if len(state.domains[s]) == 1]
        forced = set(changed)
        while True:
            while queue:
                s = queue.popleft()
                queued.discard(s)
                failed = self._revise_crossings(state, s, s in forced, queue, queued, singles)
                forced.discard(s)
                if failed is not None:
                    return failed
            if singles and not self.options.allow_repeats:
                failed = self._remove_placed_words(state, singles, queue, queued)
                singles = []
                if failed is not None:
                    return failed
            if not queue:
                break
        if self.pool is not None and not self._pool_possible(state.domains):
            return -1
        return None

    def _revise_crossings(self, state: State, s: int, everything: bool, queue: deque, queued: set,
                          singles: list[int]) -> int | None:
        """Recompute slot ``s``'s letter sets; drop from each crossing slot the words whose crossing letter
        left the set (every crossing when ``everything``)."""
        old = state.masks[s]
        masks = self.letter_masks(s, state.domains[s])
        state.masks[s] = masks
        for i, t, j, crossing in self.crossings[s]:
            if masks[i] == old[i] and not everything:
                continue
            allowed = allowed_letters(int(masks[i]))
            other = state.domains[t]
            keep = allowed[self.letters_by_position[t][j][other]]
            if keep.all():
                continue
            other = other[keep]
            state.domains[t] = other
            if not len(other):
                self.weights[crossing] += 1
                self.wipeouts[t] += 1
                return t
            if len(other) == 1:
                singles.append(t)
            if t not in queued:
                queue.append(t)
                queued.add(t)
        return None

    def _remove_placed_words(self, state: State, singles: list[int], queue: deque, queued: set) -> int | None:
        """A word that became a slot's only candidate leaves every other slot of its length (no repeats)."""
        for s in singles:
            domain = state.domains[s]
            if len(domain) != 1:
                continue
            word = domain[0]
            for t in self.same_length[self.slots[s].length]:
                other = state.domains[t]
                if t == s:
                    continue
                k = int(np.searchsorted(other, word))
                if k < len(other) and other[k] == word:
                    if len(other) == 1:
                        self.wipeouts[t] += 1
                        return t
                    other = np.delete(other, k)
                    state.domains[t] = other
                    if len(other) == 1:
                        singles.append(t)
                    if t not in queued:
                        queue.append(t)
                        queued.add(t)
        return None

    def _pool_possible(self, domains: list[np.ndarray]) -> bool:
        """Whether the letters of the cells already decided (by single-word slots) fit in the pool."""
        decided: dict[int, int] = {}
        for s, slot in enumerate(self.slots):
            if len(domains[s]) == 1:
                word = self.letters[s][domains[s][0]]
                for i, cell in enumerate(slot.cells):
                    decided[cell] = int(word[i])
        used = Counter(chr(97 + letter) for cell, letter in decided.items() if self.grid.cells[cell] == ".")
        return not used - self.pool

    # -- search -----------------------------------------------------------------------------------------

    def choose_slot(self, domains: list[np.ndarray]) -> int | None:
        """dom/wdeg: the open slot with the fewest candidates per weighted crossing with other open slots."""
        best, best_ratio = None, None
        for s, domain in enumerate(domains):
            size = len(domain)
            if size <= 1:
                continue
            degree = 0
            for _, t, _, crossing in self.crossings[s]:
                if len(domains[t]) > 1:
                    degree += self.weights[crossing]
            ratio = size / (degree + 1)
            if best_ratio is None or ratio < best_ratio:
                best, best_ratio = s, ratio
        return best

    def _new_run_keys(self) -> None:
        """Fresh value-ordering keys: each word's score plus a little noise (best first)."""
        self.keys = {length: scores + self.rng.random(len(scores), dtype=np.float32) * NOISE
                     for length, scores in self.scores.items()}

    def search(self, state: State, limit: int | None, budget: Budget | None) -> Iterator[list[int]]:
        """Yield every complete assignment below ``state`` (word index per slot), depth first.

        Raises :class:`_Restart` after ``limit`` nodes in all, :class:`_Stop` when ``budget`` runs out.
        """
        while True:
            s = self.choose_slot(state.domains)
            if s is None:
                if self.pool is None or self._pool_exact(state.domains):
                    yield [int(domain[0]) for domain in state.domains]
                return
            self.nodes += 1
            if budget is not None and (not budget.spend() or self.nodes % 16 == 0 and budget.ran_out()):
                raise _Stop
            if limit is not None and self.nodes > limit:
                raise _Restart
            domain = state.domains[s]
            word = int(domain[np.argmax(self.keys[self.slots[s].length][domain])])
            child = state.copy()
            child.domains[s] = np.array([word], np.int32)
            if self.propagate(child, [s]) is None:
                yield from self.search(child, limit, budget)
            state = state.copy()
            state.domains[s] = domain[domain != word]
            if self.propagate(state, [s]) is not None:
                return

    def _pool_exact(self, domains: list[np.ndarray]) -> bool:
        """Whether a complete assignment uses exactly the pool's letters in its empty cells."""
        cells = list(self.grid.cells)
        for s, slot in enumerate(self.slots):
            word = self.tables[slot.length].words[domains[s][0]]
            for cell, letter in zip(slot.cells, word):
                cells[cell] = letter
        return Counter(letter for letter, given in zip(cells, self.grid.cells) if given == ".") == self.pool

    def make_fill(self, assignment: list[int]) -> Fill:
        words = [self.tables[slot.length].words[w] for slot, w in zip(self.slots, assignment)]
        scores = [float(self.scores[slot.length][w]) for slot, w in zip(self.slots, assignment)]
        return Fill(self.grid.with_words(words), words, scores)

    def explain(self, domains: list[np.ndarray], failed: int) -> str:
        """Why the grid cannot be filled, naming the slot that ran out of candidates."""
        if failed < 0:
            return "no fill: the given letters do not fit the pool"
        slot = self.slots[failed]
        alone = len(self.initial_domains()[failed])
        pattern = self.grid.pattern(slot)
        if alone == 0:
            return f"no word fits {slot.describe(pattern)}" + (
                "" if "." in pattern or self.options.banned else " (it is not in the dictionary)")
        crossers = ", ".join(self.slots[t].name for _, t, _, _ in self.crossings[failed])
        return (f"no fill: {slot.describe(pattern)} has {alone:,} candidate word{'s' * (alone != 1)} on its own "
                f"but none fits its crossings ({crossers})")

    def run(self, budget: Budget | None = None) -> FillResult:
        """Search for the fills ``options`` asks for; see :class:`FillResult`."""
        started = time.perf_counter()
        domains = self.initial_domains()
        empty = [s for s, domain in enumerate(domains) if not len(domain)]
        state = self.start_state(domains)
        failed = empty[0] if empty else self.propagate(state, list(range(len(domains))))
        if failed is not None:
            return FillResult(self.grid, [], True, 0, 0, time.perf_counter() - started,
                              explanation=self.explain(domains, failed))
        candidates = [len(domain) for domain in domains]
        found: dict[tuple[int, ...], Fill] = {}
        wanted = self.options.count
        restarts, complete, stopped = 0, False, None
        exhaustive = wanted is None or not self.options.restarts
        while True:
            self._new_run_keys()
            limit = None if exhaustive else self.nodes + RESTART_BASE * luby(restarts + 1)
            try:
                for assignment in self.search(state.copy(), limit, budget):
                    key = tuple(assignment)
                    if key not in found:
                        found[key] = self.make_fill(assignment)
                        if wanted is not None and len(found) >= wanted:
                            break
                        if self.options.diverse and not exhaustive:
                            raise _Restart
                else:
                    complete = True
                break
            except _Restart:
                restarts += 1
            except _Stop:
                stopped = budget.describe() if budget is not None else "stopped"
                break
        fills = sorted(found.values(), key=Fill.quality, reverse=True)
        explanation = None
        if complete and not fills:
            hardest = int(np.argmax(self.wipeouts))
            explanation = ("no fill exists: every possibility was tried; the slot that ran out of candidates most "
                           f"often is {self.slots[hardest].describe(self.grid.pattern(self.slots[hardest]))}")
        return FillResult(self.grid, fills, complete, self.nodes, restarts, time.perf_counter() - started,
                          stopped, explanation, candidates)


def fill_grid(grid: Grid, lexicon: Lexicon, options: FillOptions | None = None,
              budget: Budget | None = None) -> FillResult:
    """Fill ``grid`` from ``lexicon``: the fills ``options`` asks for, best first (see :class:`Filler`)."""
    return Filler(grid, lexicon, options).run(budget)


def slot_named(grid: Grid, name: str) -> int:
    """The index of the slot called ``name`` (``4-Across``, ``4a``, ``4 down``...) in ``grid.slots``."""
    import re

    match = re.fullmatch(r"\s*(\d+)\s*[- ]?\s*(a|d|across|down)\s*", name.lower()) if isinstance(name, str) else None
    if match:
        direction = "across" if match[2].startswith("a") else "down"
        for index, slot in enumerate(grid.slots):
            if slot.number == int(match[1]) and slot.direction == direction:
                return index
    raise PuzzleInputError(f"no slot {name!r} in the grid (slots are named like '4-Across' or '12-Down')")


def reroll_slot(grid: Grid, name: str, lexicon: Lexicon, options: FillOptions | None = None,
                budget: Budget | None = None) -> FillResult:
    """Refill slot ``name`` of a filled grid with another word: first keeping every other word (only the
    slot's own cells change), then, if no word fits that way, letting its crossing words change too."""
    options = options or FillOptions()
    index = slot_named(grid, name)
    slot = grid.slots[index]
    current = grid.pattern(slot)
    banned = (*options.banned, (index, current)) if "." not in current else options.banned
    options = FillOptions(options.count, options.allow_repeats, options.random_seed, options.diverse,
                          options.restarts, options.pool, banned)
    cleared = set(slot.cells)
    result = None
    for widen in (False, True):
        if widen:
            for other in grid.slots:
                if cleared & set(other.cells) and other is not slot:
                    cleared |= set(other.cells)
        cells = "".join("." if i in cleared and ch != "#" else ch for i, ch in enumerate(grid.cells))
        rows = [cells[r * grid.width:(r + 1) * grid.width] for r in range(grid.height)]
        result = fill_grid(Grid(tuple(rows), grid.min_length), lexicon, options, budget)
        if result.fills or result.stopped:
            break
    return result
