"""Filling a grid: every slot a dictionary word, no word twice, fixed letters kept.

The search is a constraint solver over the slots. Each slot's *domain* is the set of dictionary words of
its length that still fit it. Crossing slots constrain each other through their shared cell: every crossing
is kept arc consistent (a word stays only while the crossing slot still has a word with the same letter
there), by counting each slot's supports per position and letter (see :mod:`puzzlewright.grid.kernel`, a
compiled kernel); a slot left with one word removes that word from every other slot of its length (no
repeats). A slot left with no words is a dead end.

Variables are chosen by *dom/wdeg*: the open slot with the fewest words per unit of weighted degree, where
each crossing's weight counts the dead ends it has caused (so the search learns which parts of the grid are
hard). Branching is two-way (slot = word, else slot != word). Values are tried best-scored first with a
little random noise, and the search restarts on a Luby schedule of node limits with fresh noise but kept
weights, so one bad early choice cannot trap it. A run that stops for a restart leaves its nogoods (each
decision it had refuted, with the positive decisions above it, :meth:`Filler._learn`), which prune the later
runs at the same quality floor. A run that ends within its limit has covered every possibility (the
nogoods are facts about the grid, not about a run), which is how ``unique`` and "no fill exists" are proved.

A word's score is its crossword fill score (:mod:`puzzlewright.grid.score`). Fills try quality floors
highest first (:func:`puzzlewright.grid.score.floor_ladder`), each floor a *rung*: the top floor gets
:data:`RUNG_NODES` search nodes per fill still wanted and each lower one :data:`RUNG_GROWTH` times as many
(a lower floor is likelier to finish, a 15x15 rarely finishes above 2); then the search steps down to the
next floor, keeping the fills found. Every lower rung starts from what the top rung learnt (its crossing
weights and where its random stream stopped), not from the rung just above it: so a rung's search depends
on the top rung alone, whether or not the rungs between ran before it (:meth:`Filler.run_rung` searches
any rung once the top ones have run). The last floor (the user's ``min_score``, else
:func:`puzzlewright.grid.score.lowest_floor`: 1.5 over a built-in dictionary) gets the rest of the budget;
a fill that finds nothing there says what would let weaker entries in (:func:`floor_hint`). The outcome
says which floor it finished at. Node allowances, not seconds, so the same request finds the same fills on
any machine.

Among candidates of a slot, the value tried first has the highest key: score plus noise plus
:data:`PROMISE` times the candidate's promise, the mean log10 of the candidates it leaves its open crossing
slots (see :mod:`puzzlewright.grid.kernel`): of two good words, the one that keeps its crossings open goes
first, which is what lets a fill finish at a high floor in few nodes.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import Grid, Slot
from puzzlewright.grid.score import entry_scores, floor_ladder, length_scores, lowest_floor, score_bar
from puzzlewright.lexicon import Lexicon
from puzzlewright.budget import Budget, ran_out
from puzzlewright.schema import ModelBase  # == and repr without dataclasses exec'ing them at start-up

RESTART_BASE = 512  # nodes of the first restart run; later runs follow the Luby sequence times this
SLICE_NODES = 32  # kernel nodes between budget checks (a node can take milliseconds on a big grid)
NOISE = 1.0  # spread of the random noise added to word scores when ordering values (Zipf units)
PROMISE = 3.0  # weight of a candidate's promise (mean log10 of its crossings' candidates) beside its score
RUNG_NODES = 250  # search nodes the highest quality floor gets per fill still wanted
RUNG_GROWTH = 3  # each lower floor gets this many times the nodes of the one above (it is likelier to finish)
TAUGHT_RUNGS = 2  # the top rungs run in turn; every rung below them starts from what they learnt
NOGOOD_DECISIONS = 1 << 20  # decisions the nogoods learnt at one quality floor may hold in all (16 MB)


@dataclass(frozen=True)
class FillOptions:
    """What to look for.

    ``count``: how many fills (None: every fill, an exhaustive enumeration). ``diverse``: after each fill,
    restart with fresh randomness so that the fills differ widely (otherwise the next fill is the search's
    next solution, often one slot away). ``pool``: the letters the empty cells must use, all of them (dense
    acrostics). ``banned``: (slot index, word) pairs a slot may not take (re-rolling a slot).
    ``min_score``: no word scoring below this (fill scores, :mod:`puzzlewright.grid.score`) goes in a slot
    the search fills. ``step_floors``: try the quality floors above ``min_score`` first, highest first
    (ignored for an exhaustive search, ``count=None`` or ``restarts=False``: it must see every word).
    """

    count: int | None = 1
    allow_repeats: bool = False
    random_seed: int | None = 0
    diverse: bool = True
    restarts: bool = True
    pool: str | None = None
    banned: tuple[tuple[int, str], ...] = ()
    min_score: float | None = None
    step_floors: bool = True

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise PuzzleInputError(f"the number of fills must be at least 1, not {self.count}")

    @property
    def exhaustive(self) -> bool:
        """Whether the search must cover every possibility (every fill, or no restarts)."""
        return self.count is None or not self.restarts

    def floors(self, lowest: float | None) -> tuple[float | None, ...]:
        """The quality floors to try, highest first; the last is ``min_score``, else ``lowest`` (the
        dictionary's, :func:`puzzlewright.grid.score.lowest_floor`; None: no floor). A search that must see
        every word has the one floor ``min_score``."""
        return floor_ladder(self.min_score, lowest) if self.step_floors and not self.exhaustive else (self.min_score,)


@dataclass(eq=False, repr=False)
class Fill(ModelBase):
    """A filled grid, its words in slot order, their fill scores (higher is better) and its weakest word
    (the lowest score; ties go to the less familiar word, then the first in the alphabet)."""

    grid: Grid
    words: list[str]
    scores: list[float]
    weakest: str = ""

    @property
    def min_score(self) -> float:
        return min(self.scores)

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores)

    def quality(self) -> tuple[float, float]:
        """What "best" means: the weakest word first, then the average."""
        return (round(self.min_score, 4), round(self.mean_score, 4))

    def rank_key(self) -> tuple[float, float, list[str]]:
        """The sort key of fills, best first: :meth:`quality`, then its words (in slot order)
        alphabetically, so equally good fills come in one order whatever order the search found them in."""
        weakest, mean = self.quality()
        return (-weakest, -mean, self.words)


@dataclass(eq=False, repr=False)
class FillOutcome(ModelBase):
    """The fills found (best first), whether the search covered every possibility, and its statistics.

    ``stopped`` says why a search ended early (the budget's message), ``explanation`` why a grid cannot be
    filled (which slot has no candidates given its crossings). ``floor``: the quality floor the search
    finished at (every word the search chose scores at least this; None: no floor).
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
    floor: float | None = None

    @property
    def unique(self) -> bool | None:
        """True/False once the search is complete, None when it was stopped early."""
        if self.complete:
            return len(self.fills) == 1
        return False if len(self.fills) > 1 else None


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


class Filler:
    """The solver for one grid and dictionary: build the kernel's arrays once, then :meth:`run`."""

    def __init__(self, grid: Grid, lexicon: Lexicon, options: FillOptions | None = None):
        self.grid = grid
        self.lexicon = lexicon
        self.options = options or FillOptions()
        self.slots: tuple[Slot, ...] = grid.slots
        lengths = sorted({slot.length for slot in self.slots})
        self.tables = {length: lexicon.of_length(length) for length in lengths}
        scores = entry_scores(lexicon)
        self.scores = {length: length_scores(lexicon, length, scores) for length in lengths}
        self.crossings = self._crossings()
        self.pool = None if self.options.pool is None else Counter(self.options.pool)
        self.floors = self._ladder()
        self.rng = np.random.default_rng(self.options.random_seed)
        self.taught: tuple[np.ndarray, np.ndarray, Mapping[str, Any]] | None = None  # see _teach
        self.last_rung = -1  # the rung searched last (see run_rung)
        self._build_arrays(lengths)

    # -- set-up ---------------------------------------------------------------------------------------

    def _ladder(self) -> tuple[float | None, ...]:
        """The quality floors this fill tries (:meth:`FillOptions.floors`), less each that leaves every slot
        to fill the same words as the floor below it (a word list whose scores all clear it): a rung
        there would search what the rung below it searches again."""
        floors = self.options.floors(lowest_floor(self.lexicon))
        kept = self._kept
        return (*(floor for floor, lower in zip(floors, floors[1:]) if kept(floor) != kept(lower)), floors[-1])

    def _kept(self, floor: float | None) -> list[int]:
        """How many words of each length a slot still to fill has at quality floor ``floor``."""
        lengths = sorted({slot.length for slot in self.slots if "." in self.grid.pattern(slot)})
        return [int((self.scores[n] >= score_bar(floor)).sum()) if floor is not None else len(self.scores[n])
                for n in lengths]

    def _floor_left_out(self, floor: float | None) -> bool:
        """Whether quality floor ``floor`` left out words a fill might use: some slot to fill loses words to
        it, and without it every slot keeps a candidate that fits its crossings (else no floor helps)."""
        return self._kept(floor) != self._kept(None) and self._start(self.initial_domains(None)) < 0

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

    def _build_arrays(self, lengths: list[int]) -> None:
        """The kernel's flat arrays: word letters and the letter masks per length, crossings per slot."""
        from puzzlewright.grid.kernel import blocks, letter_masks

        slots = len(self.slots)
        longest = max(lengths)
        table_at, masks_at, letters, masks = {}, {}, [], []
        offset = masks_offset = 0
        for length in lengths:
            table = self.tables[length]
            table_at[length] = offset
            letters.append(table.letters.reshape(-1))
            masks.append(letter_masks(table.letters).reshape(-1))
            masks_at[length] = masks_offset + np.arange(length) * 26 * blocks(len(table))
            offset += len(table) * length
            masks_offset += masks[-1].size
        self.letters = np.concatenate(letters).astype(np.uint8)  # bytes: what a removal reads stays in cache
        self.masks = np.concatenate(masks)
        self.lengths = np.array([slot.length for slot in self.slots], np.int64)
        self.words = np.array([len(self.tables[slot.length]) for slot in self.slots], np.int64)
        self.letters_at = np.array([table_at[slot.length] for slot in self.slots], np.int64)
        self.group = np.array([lengths.index(slot.length) for slot in self.slots], np.int64)
        self.live_at = np.concatenate([[0], np.cumsum([blocks(int(n)) for n in self.words])[:-1]]).astype(np.int64)
        word_start = {length: sum(len(self.tables[k]) for k in lengths if k < length) for length in lengths}
        self.keys_at = np.array([word_start[slot.length] for slot in self.slots], np.int64)
        self.mask_at = np.zeros((slots, longest), np.int64)
        self.cross_t = np.full((slots, longest), -1, np.int64)
        self.cross_j = np.zeros((slots, longest), np.int64)
        self.cross_id = np.zeros((slots, longest), np.int64)
        for s, slot in enumerate(self.slots):
            self.mask_at[s, :slot.length] = masks_at[slot.length]
            for i, t, j, crossing in self.crossings[s]:
                self.cross_t[s, i], self.cross_j[s, i], self.cross_id[s, i] = t, j, crossing
        self.weights = np.ones(max(1, sum(len(c) for c in self.crossings) // 2), np.float64)
        self.wipeouts = np.zeros(slots, np.int64)
        self.nodes = 0
        self.restarts = 0
        total = int(self.words.sum())
        self.events = np.zeros((slots * longest * 26 + 1, 3), np.int64)
        self.singles = np.zeros(4 * slots + 1, np.int64)
        # a restriction saves each block it changes (a word gone in each), the size (a word gone at least) and,
        # removing more words than they take entries, the supports: at most three entries a word gone
        self.trail = np.zeros((3 * total + 1, 2), np.int64)
        self.stack = np.zeros((total + slots + 1, 4), np.int64)
        self.nogoods = np.zeros((1024, 2), np.int64)  # grows as nogoods are learnt, up to NOGOOD_DECISIONS rows
        self.nogood_at = np.zeros(1025, np.int64)
        self.n_nogoods = 0
        self.lengths_sorted = lengths

    def initial_domains(self, floor: float | None = None) -> list[np.ndarray]:
        """Each slot's words that fit its fixed letters (and the pool, and are not banned) and, in a slot
        with a cell to fill, score at least ``floor`` (a slot given whole keeps its word whatever it scores)."""
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
            letters = self.tables[slot.length].letters
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
            if floor is not None and free:
                keep &= self.scores[slot.length] >= score_bar(floor)
            domains.append(keep)
        return domains

    def _start(self, domains: list[np.ndarray]) -> int:
        """Load the initial domains into the kernel's state and make it arc consistent; the slot left with
        no candidates, or -1."""
        from puzzlewright.grid.kernel import bitsets, propagate

        self.live = np.concatenate([bitsets(domain) for domain in domains])
        self.size = np.array([int(domain.sum()) for domain in domains], np.int64)
        self.support = np.zeros((len(self.slots), self.cross_t.shape[1], 26), np.int32)
        for s, slot in enumerate(self.slots):
            letters = self.tables[slot.length].letters[domains[s]]
            for i in range(slot.length):
                self.support[s, i] = np.bincount(letters[:, i], minlength=26)
        empty = [s for s in range(len(self.slots)) if self.size[s] == 0]
        if empty:
            return empty[0]
        events = np.argwhere((self.support == 0) & (self.cross_t >= 0)[:, :, None])  # (s, i, c) in that order
        self.events[:len(events)] = events
        singles = [s for s in range(len(self.slots)) if self.size[s] == 1]
        self.singles[:len(singles)] = singles
        failed, self.trail_length = propagate(*self._state(), len(events), self.singles, len(singles), self.trail, 0)
        return int(failed)

    def _state(self) -> tuple:
        """The arrays the kernel's propagation takes, in its order (up to the event queue)."""
        return (self.live, self.live_at, self.size, self.support, self.lengths, self.letters, self.letters_at,
                self.words, self.group, self.cross_t, self.cross_j, self.cross_id, self.masks, self.mask_at,
                self.weights, self.wipeouts, not self.options.allow_repeats, self.events)

    def _new_run_keys(self) -> np.ndarray:
        """Fresh value-ordering keys: each word's score plus a little noise (best first), all lengths."""
        return np.concatenate([scores + self.rng.random(len(scores), dtype=np.float32) * NOISE
                               for scores in (self.scores[length] for length in self.lengths_sorted)]).astype(np.float64)

    def make_fill(self, assignment: np.ndarray) -> Fill:
        """The fill of a word index per slot, with its scores and its weakest word (lowest score, then
        lowest familiarity, then first in the alphabet)."""
        tables = [self.tables[slot.length] for slot in self.slots]
        words = [table.words[w] for table, w in zip(tables, assignment)]
        scores = [float(self.scores[slot.length][w]) for slot, w in zip(self.slots, assignment)]
        weakest = min(zip(scores, (float(table.familiarity[w]) for table, w in zip(tables, assignment)), words))
        return Fill(self.grid.with_words(words), words, scores, weakest[2])

    def _pool_exact(self, fill: Fill) -> bool:
        """Whether a fill uses exactly the pool's letters in its empty cells."""
        return Counter(letter for letter, given in zip(fill.grid.cells, self.grid.cells) if given == ".") == self.pool

    def explain(self, domains: list[np.ndarray], failed: int) -> str:
        """Why the grid cannot be filled, naming the slot that ran out of candidates."""
        slot = self.slots[failed]
        alone = int(domains[failed].sum())
        pattern = self.grid.pattern(slot)
        if alone == 0:
            return f"no word fits {slot.describe(pattern)}" + (
                "" if "." in pattern or self.options.banned else " (it is not in the dictionary)")
        crossers = ", ".join(self.slots[t].name for _, t, _, _ in self.crossings[failed])
        return (f"no fill: {slot.describe(pattern)} has {alone:,} candidate word{'s' * (alone != 1)} on its own "
                f"but none fits its crossings ({crossers})")

    def run(self, budget: Budget | None = None) -> FillOutcome:
        """Search for the fills ``options`` asks for, at the highest quality floor that finishes (see the
        module docstring): the rungs of :attr:`floors` in turn, until one finishes; see
        :class:`FillOutcome`."""
        started = time.perf_counter()
        found: dict[tuple[int, ...], Fill] = {}
        ended: list[RungOutcome] = []
        for rung in range(len(self.floors)):
            ended.append(self.run_rung(rung, budget, found))
            if ended[-1].finished:
                break
        return self.ladder_outcome(ended, time.perf_counter() - started)

    def run_rung(self, rung: int, budget: Budget | None = None,
                 found: dict[tuple[int, ...], Fill] | None = None) -> RungOutcome:
        """Search quality floor number ``rung`` of :attr:`floors` (0: the highest; :meth:`_ladder`) within its
        allowance (:meth:`_allowance`; the last rung has the rest of the budget), adding its fills to
        ``found`` (the fills of the rungs above, when several are wanted). The top :data:`TAUGHT_RUNGS`
        rungs run in turn, each from what the one above it left (the first afresh); every lower rung starts
        from what they left (their crossing weights and where their random stream stopped, kept by
        :meth:`_teach`), not from the rung just above it, so that with one fill wanted a lower rung searches
        the same whether the rungs between ran before it or not (``benchmarks/grid_hard.py rungs`` times
        each rung). Each rung counts its own nodes and restarts."""
        found = {} if found is None else found
        floors = self.floors
        if rung == 0:
            self.weights[:], self.wipeouts[:] = 1.0, 0
            self.rng = np.random.default_rng(self.options.random_seed)
        elif rung < TAUGHT_RUNGS and self.last_rung != rung - 1 or rung >= TAUGHT_RUNGS and self.taught is None:
            raise RuntimeError(f"rung {rung} starts from what the rungs above it left: run those first")
        elif rung >= TAUGHT_RUNGS and self.taught is not None:
            self.weights[:], self.wipeouts[:] = self.taught[0], self.taught[1]
            self.rng = np.random.default_rng()
            self.rng.bit_generator.state = self.taught[2]
        self.nodes = self.restarts = 0
        cap = None if rung == len(floors) - 1 else self._allowance(rung, len(found))
        attempt = self._search(floors[rung], budget, found, cap)
        self.last_rung = rung
        if rung == TAUGHT_RUNGS - 1:
            self._teach()
        return RungOutcome(rung, floors[rung], attempt, list(found.values()), self.nodes, self.restarts)

    def _teach(self) -> None:
        """Keep what the top rungs learnt, the start of every lower rung: the crossing weights (where the
        grid is hard), the wipeout counts and where the random stream stopped."""
        self.taught = (self.weights.copy(), self.wipeouts.copy(), self.rng.bit_generator.state)

    def ladder_outcome(self, ended: list[RungOutcome], elapsed_s: float) -> FillOutcome:
        """The outcome of a fill whose rungs ``ended`` in order, the last one the rung it finished at (its
        fills are every fill found): the nodes and restarts of them all."""
        last = ended[-1]
        fills = sorted(last.fills, key=Fill.rank_key)
        explanation = None if fills else last.attempt.explanation
        if not fills and self.options.min_score is None and self._floor_left_out(last.floor):
            explanation = floor_hint(explanation, last.floor)
        return FillOutcome(self.grid, fills, last.attempt.complete, sum(rung.nodes for rung in ended),
                           sum(rung.restarts for rung in ended), elapsed_s, last.attempt.stopped, explanation,
                           last.attempt.candidates, last.floor)

    def _allowance(self, rung: int, found: int) -> int:
        """The search nodes quality floor number ``rung`` (0: the highest) may spend before the search steps
        down: :data:`RUNG_NODES` times :data:`RUNG_GROWTH` per floor down, per fill still wanted."""
        wanted = self.options.count or 1
        return RUNG_NODES * RUNG_GROWTH**rung * max(1, wanted - found)

    def _search(self, floor: float | None, budget: Budget | None, found: dict[tuple[int, ...], Fill],
                cap: int | None) -> _Attempt:
        """One quality floor's search, adding the fills it finds to ``found`` (keyed by word indexes, so a
        fill found again at a lower floor counts once); it gives up, unfinished, once ``cap`` nodes have
        been searched in all."""
        from puzzlewright.grid.kernel import search
        from puzzlewright.native import DONE, OUT_FULL

        domains = self.initial_domains(floor)
        failed = self._start(domains)
        if failed >= 0:
            return _Attempt(complete=True, explanation=self.explain(domains, failed))
        attempt = _Attempt(candidates=[int(size) for size in self.size])
        self.n_nogoods = 0  # a nogood holds at the floor it was learnt at: a lower floor has more words
        start = (self.live.copy(), self.size.copy(), self.support.copy(), self.trail_length)
        wanted = self.options.count
        out = np.zeros(len(self.slots), np.int64)
        runs = 0  # this floor's restart runs: each floor starts the Luby sequence over
        while not (attempt.finished or attempt.complete or attempt.gave_up):
            self.live[:], self.size[:], self.support[:] = start[:3]
            cursor = np.array([0, start[3], self.nodes, 0], np.int64)
            keys = self._new_run_keys()
            run_limit = None if self.options.exhaustive else self.nodes + RESTART_BASE * luby(runs + 1)
            runs += 1
            while True:
                limit = min(bound for bound in (SLICE_NODES + int(cursor[2]), run_limit, cap) if bound is not None)
                before = int(cursor[2])
                why = search(*self._state()[:-1], keys, self.keys_at, self.events, self.singles, self.trail,
                             self.stack, cursor, limit, out, PROMISE, self.nogoods, self.nogood_at, self.n_nogoods)
                self.nodes = int(cursor[2])
                if budget is not None and not budget.spend(max(1, self.nodes - before)) or ran_out(budget):
                    attempt.stopped = budget.describe()
                    break
                if why == DONE:
                    attempt.complete = True
                    break
                if why == OUT_FULL:
                    fill = self.make_fill(out)
                    key = tuple(out.tolist())
                    if key in found or (self.pool is not None and not self._pool_exact(fill)):
                        continue
                    found[key] = fill
                    if wanted is not None and len(found) >= wanted:
                        attempt.enough = True
                        break
                    if self.options.diverse and not self.options.exhaustive:
                        self.restarts += 1
                        break
                    continue
                if cap is not None and self.nodes >= cap:
                    attempt.gave_up = True
                    break
                if run_limit is not None and self.nodes >= run_limit:
                    self.restarts += 1
                    self._learn(int(cursor[0]))
                    break
        if attempt.complete and not found:
            hardest = int(np.argmax(self.wipeouts))
            slot = self.slots[hardest]
            attempt.explanation = ("no fill exists: every possibility was tried; the slot that ran out of candidates "
                                   f"most often is {slot.describe(self.grid.pattern(slot))}")
        return attempt

    def _learn(self, depth: int) -> None:
        """Record the nogoods of a run stopped for a restart at ``depth`` decisions (reduced nld-nogoods,
        Lecoutre et al. 2007): a decision on its right branch (``s != w``) had its left branch ``s = w``
        searched to the end without a new fill, under the positive decisions above it, so those decisions
        and ``s = w`` together are a dead end. Later runs at this floor skip it (see
        :mod:`puzzlewright.grid.kernel`); learning stops once :data:`NOGOOD_DECISIONS` are held."""
        positives: list[list[int]] = []
        for s, w, _, flipped in self.stack[:depth].tolist():
            if flipped:
                self._add_nogood([*positives, [s, w]])
            else:
                positives.append([s, w])

    def _add_nogood(self, decisions: list[list[int]]) -> None:
        """Append one nogood (its (slot, word) decisions) to the kernel's arrays, growing them as needed."""
        start = int(self.nogood_at[self.n_nogoods])
        end = start + len(decisions)
        if end > NOGOOD_DECISIONS:
            return
        while end > len(self.nogoods):
            self.nogoods = np.concatenate([self.nogoods, np.zeros_like(self.nogoods)])
        if self.n_nogoods + 2 > len(self.nogood_at):
            self.nogood_at = np.concatenate([self.nogood_at, np.zeros_like(self.nogood_at)])
        self.nogoods[start:end] = decisions
        self.n_nogoods += 1
        self.nogood_at[self.n_nogoods] = end


@dataclass(eq=False, repr=False)
class RungOutcome(ModelBase):
    """How one rung of the quality-floor ladder ended (:meth:`Filler.run_rung`): its index and floor, its
    attempt, the fills found so far (its own and those of the rungs above it), its nodes and restarts."""

    rung: int
    floor: float | None
    attempt: _Attempt
    fills: list[Fill]
    nodes: int
    restarts: int

    @property
    def finished(self) -> bool:
        """Whether the fill ends at this rung (see :attr:`_Attempt.finished`)."""
        return self.attempt.finished


@dataclass(eq=False, repr=False)
class _Attempt(ModelBase):
    """How one quality floor's search ended: covered every possibility (``complete``), found the fills
    wanted (``enough``), stopped by the budget (``stopped``: its message), or out of its nodes
    (``gave_up``: the next floor down is tried)."""

    complete: bool = False
    enough: bool = False
    stopped: str | None = None
    gave_up: bool = False
    explanation: str | None = None
    candidates: list[int] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Whether the fill ends here: enough fills, or the budget is spent (a lower floor would find no
        more of either). A complete search short of fills, or one out of its nodes, steps down."""
        return self.enough or self.stopped is not None


def floor_hint(explanation: str | None, floor: float | None) -> str:
    """Why a fill found nothing (``explanation``: the search's reason, None when the budget stopped it) at
    a quality floor the user did not set, ``floor``, with what would let weaker entries in: a lower minimum
    score (the words below the floor are still only those the publishing policy allows)."""
    return (f"{explanation or 'no fill found'} (at quality floor {floor:g}: a fill goes no lower unless asked; a "
            "lower minimum score, 0 for every word the publishing policy allows, lets weaker entries in)")


def fill_grid(grid: Grid, lexicon: Lexicon, options: FillOptions | None = None,
              budget: Budget | None = None) -> FillOutcome:
    """Fill ``grid`` from ``lexicon``: the fills ``options`` asks for, best first (see :class:`Filler`)."""
    return Filler(grid, lexicon, options).run(budget)


def slot_named(grid: Grid, name: str) -> int:
    """The index of the slot called ``name`` (``4-Across``, ``4a``, ``4 down``...) in ``grid.slots``."""
    return grid.slots.index(grid.slot_name(name))


def reroll_slot(grid: Grid, name: str, lexicon: Lexicon, options: FillOptions | None = None,
                budget: Budget | None = None) -> FillOutcome:
    """Refill slot ``name`` of a filled grid with another word: first keeping every other word (only the
    slot's own cells change), then, if no word fits that way, letting its crossing words change too."""
    options = options or FillOptions()
    index = slot_named(grid, name)
    slot = grid.slots[index]
    current = grid.pattern(slot)
    banned = (*options.banned, (index, current)) if "." not in current else options.banned
    options = replace(options, banned=banned)
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
