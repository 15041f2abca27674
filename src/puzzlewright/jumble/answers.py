"""The final step: every sequence of dictionary words that spells a letter pool in the answer's pattern.

This is a letter-count (multiset) search, not a search over orderings of the pool. For each open slot
of the pattern, the words of its length that fit inside the pool are found with one vectorised
comparison over a (words x 26) count table. A depth-first search then picks a word for each slot in turn
(the slot with the fewest candidates first), subtracting its letters and narrowing the other slots' words
to those that still fit. The last three slots are done by a compiled kernel (:mod:`.finish`): the pairs
of words for two of them whose bounds can beat the bar, and the last slot needs no search at all,
because the letters left over name it exactly (a hash of the 26 counts, looked up among that slot's
words). A 12-letter pool that the seed paper attacked through 479,001,600 permutations takes a few hundred
look-ups. A word's letter counts are also packed into two 64-bit integers, so testing whether it still
fits the letters left takes two subtractions (:func:`.finish.fitting_rows`, compiled too), and the hash of
the letters a partial fill leaves is the pool's hash less its words' (the hash is linear). Above the last
three slots, a level's loop over its words is compiled as well (:class:`.finish.Level`) when no letter is
unknown.

The search is branch and bound on the answer's score: every word carries an upper bound of what it can
add (:meth:`Ranker.slot_bounds`), words are tried best first, and a branch stops when its bound cannot
beat the caller's bar (the current top-K's last score), so the long tail of answers is never built.

Unknown pool letters (``?``, from a scrambled word that could not be unscrambled) are wildcards: a word
fits when its letters missing from the pool are no more than the wildcards left.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from puzzlewright.jumble.model import AnswerPattern, Slot
from puzzlewright.native import OUT_FULL
from puzzlewright.jumble.rank import Ranker
from puzzlewright.jumble.anagrams import count_hash, count_table, letter_counts
from puzzlewright.jumble.finish import (BELOW_BAR, NO_ROWS, Found, Level, View, candidates,
                                        fitting_rows as fitting_packed, last_view, packed_view, words_view)
from puzzlewright.lexicon import Lexicon
from puzzlewright.budget import Budget


@dataclass(frozen=True)
class Pool:
    """The circled letters: a sorted string of known letters plus a number of unknown ones."""

    letters: str
    wild: int = 0

    @classmethod
    def of(cls, letters: str) -> Pool:
        return cls("".join(sorted(letters.replace("?", ""))), letters.count("?"))

    @property
    def size(self) -> int:
        return len(self.letters) + self.wild

    def render(self) -> str:
        return self.letters.upper() + "?" * self.wild


PAIR_CHUNK = 50_000
# packed letter counts (finish.fitting_rows): 4 bits a letter, 3 of count and a guard bit, 16 letters a 64-bit word
PACK_BITS = 4
PACKED_MAX = 2 ** (PACK_BITS - 1) - 1
PACK_SPLIT = 64 // PACK_BITS  # letters a-p in the first word, q-z in the second
GUARDS = (sum((PACKED_MAX + 1) << (PACK_BITS * i) for i in range(PACK_SPLIT)),
          sum((PACKED_MAX + 1) << (PACK_BITS * i) for i in range(26 - PACK_SPLIT)))
HASH_TABLE_BITS = 3  # a hash table has 2**3 = 8 times as many cells as the hashes it holds, at least
SHARED_CELL = -2  # a hash table's cell that several hashes have


def fits(needs: np.ndarray, counts: np.ndarray, wild: int) -> np.ndarray:
    """Which rows of ``needs`` (letter counts) fit in ``counts`` with at most ``wild`` letters missing."""
    if wild == 0:
        return (needs <= counts).all(axis=1)
    return np.maximum(needs - counts, 0).sum(axis=1) <= wild


def packed(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows of letter counts (each at most :data:`PACKED_MAX`) packed into two 64-bit words, a-p and q-z,
    :data:`PACK_BITS` bits a letter (for :func:`.finish.fitting_rows`): two letters a byte, the bytes read as
    little-endian integers."""
    rows = counts.reshape(-1, 26).astype(np.uint8)
    data = np.zeros((len(rows), 16), np.uint8)
    data[:, :13] = rows[:, 0::2] | (rows[:, 1::2] << 4)
    words = data.view("<u8").astype(np.uint64)
    shape = counts.shape[:-1]
    return np.ascontiguousarray(words[:, 0]).reshape(shape), np.ascontiguousarray(words[:, 1]).reshape(shape)


def packed_pool(counts: np.ndarray) -> tuple[int, int]:
    """A pool's letter counts packed as :func:`packed` does, each field its count (at most
    :data:`PACKED_MAX`: no word needs more) plus the guard bit, for :func:`.finish.fitting_rows`."""
    clamped = np.minimum(counts, PACKED_MAX).astype(np.uint8)
    data = (clamped[0::2] | (clamped[1::2] << 4)).tobytes()  # as packed() does, for one row
    return int.from_bytes(data[:8], "little") | GUARDS[0], int.from_bytes(data[8:], "little") | GUARDS[1]


def pick(words: tuple[str, ...], rows: np.ndarray) -> tuple[str, ...]:
    """The ``words`` at ``rows``, in that order (by Python ints: indexing by numpy ints is slower)."""
    return tuple(map(words.__getitem__, rows.tolist()))


def fits_by_letter(count_columns: np.ndarray, counts: np.ndarray, wild: int) -> np.ndarray:
    """:func:`fits` for a whole word length, given its (26 x words) count columns
    (:meth:`Lexicon.letter_count_columns`): the comparisons run along rows of words, not 26 letters at
    a time, which is several times faster over thousands of words."""
    if wild == 0:
        return np.logical_and.reduce(count_columns <= counts[:, None])
    return np.maximum(count_columns - counts[:, None], 0).sum(axis=0) <= wild


@dataclass
class SlotWords:
    """The words that can fill one open slot: the pool letters each needs (its letters less the slot's
    printed ones), their Zipf values and flag bits, and, once ranked, the most each can add to an answer's
    score."""

    slot: Slot
    words: tuple[str, ...]
    needs: np.ndarray
    zipf: np.ndarray
    flags: np.ndarray
    rows: np.ndarray  # each word's row in the lexicon's table of its length (``of_length``)
    bounds: np.ndarray | None = None

    @classmethod
    def fitting(cls, slot: Slot, lexicon: Lexicon, ceiling: np.ndarray, wild: int) -> SlotWords:
        """The slot's words whose needed letters fit in ``ceiling`` counts (plus ``wild`` unknowns)."""
        table = lexicon.of_length(slot.length)
        if not slot.literals:  # nothing printed: a word needs all its letters from the pool
            rows = np.flatnonzero(fits_by_letter(lexicon.letter_count_columns(slot.length), ceiling, wild))
            needs = count_table(lexicon, slot.length)[rows].astype(np.int16)  # as the general case's
            return cls(slot, pick(table.words, rows), needs, table.zipf[rows], table.flags[rows], rows)
        needs = count_table(lexicon, slot.length) - letter_counts(slot.literals)
        keep = fits(needs, ceiling, wild) & (needs >= 0).all(axis=1)
        for position, letter in enumerate(slot.text):
            if letter != "-":
                keep &= table.letters[:, position] == ord(letter) - 97
        rows = np.flatnonzero(keep)
        return cls(slot, pick(table.words, rows), needs[rows], table.zipf[rows], table.flags[rows], rows)

    def ranked(self, bounds: np.ndarray) -> SlotWords:
        """The same words ordered by ``bounds``, best first."""
        order = np.argsort(-bounds, kind="stable")
        return SlotWords(self.slot, pick(self.words, order), self.needs[order], self.zipf[order],
                         self.flags[order], self.rows[order], bounds[order])

    def subset(self, keep: np.ndarray) -> SlotWords:
        """The words where ``keep`` (a boolean per word) is true, in the same order, with their bounds."""
        rows = np.flatnonzero(keep)
        return SlotWords(self.slot, pick(self.words, rows), self.needs[rows], self.zipf[rows],
                         self.flags[rows], self.rows[rows], None if self.bounds is None else self.bounds[rows])

    @cached_property
    def need_keys(self) -> np.ndarray:
        """The hash of the letters each word needs (:func:`count_hash`), per row."""
        return count_hash(self.needs)

    @cached_property
    def need_groups(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The words grouped by the hash of the letters they need (:attr:`need_keys`): the distinct hashes,
        sorted; where each one's group begins in the row list (and, last, where the last ends); the rows,
        group by group, each group's in order (best first). All int64 arrays."""
        order = np.argsort(self.need_keys, kind="stable")
        keys = self.need_keys[order]
        firsts = np.flatnonzero(np.concatenate([[True], keys[1:] != keys[:-1]])) if len(keys) else order
        return keys[firsts], np.append(firsts, len(keys)).astype(np.int64), order.astype(np.int64)

    @cached_property
    def hash_table(self) -> np.ndarray:
        """A table by a hash's low bits: the number of the group (:attr:`need_groups`) whose hash alone has
        them, -1 where none has, :data:`SHARED_CELL` where several have. Most keys that are no group's
        hash are turned away, and most that are found, by one look-up (the table has at least
        2**:data:`HASH_TABLE_BITS` cells a hash)."""
        hashes = self.need_groups[0]
        size = 1 << (max(1, len(hashes)).bit_length() + HASH_TABLE_BITS)
        cells = hashes & (size - 1)
        table = np.full(size, -1, np.int32)
        table[cells] = np.arange(len(hashes), dtype=np.int32)
        table[np.bincount(cells, minlength=size) > 1] = SHARED_CELL
        return table

    @cached_property
    def kernel_words(self) -> View:
        """These words' arrays as the compiled last slots read a slot before the last
        (:func:`.finish.words_view`), kept with them."""
        return words_view(self)

    @cached_property
    def kernel_last(self) -> View:
        """The same and this slot's hash look-up, as the compiled last slots read the last
        (:func:`.finish.last_view`)."""
        return last_view(self)

    @cached_property
    def kernel_packed(self) -> tuple[int, int]:
        """Where :attr:`packed_needs` are, for the compiled fit test (:func:`.finish.packed_view`)."""
        return packed_view(self)

    @cached_property
    def packed_needs(self) -> tuple[np.ndarray, np.ndarray] | None:
        """:attr:`needs` packed for :func:`.finish.fitting_rows`, or None when a word needs more than
        :data:`PACKED_MAX` of a letter."""
        return packed(self.needs) if not len(self.needs) or int(self.needs.max()) <= PACKED_MAX else None

    def fitting_rows(self, rows: np.ndarray | None, counts: np.ndarray, wild: int,
                     pool: tuple[int, int] | None = None) -> np.ndarray:
        """Those of ``rows`` (all, best first, for None) whose words fit in ``counts`` plus ``wild``
        unknown letters, in the same order (``pool``: ``counts`` packed by :func:`packed_pool`, if known)."""
        words = self.packed_needs
        if wild or words is None:
            if rows is None:
                return np.flatnonzero(fits(self.needs, counts, wild))
            return rows[fits(self.needs[rows], counts, wild)]
        return fitting_packed(self, rows, pool or packed_pool(counts), GUARDS)


class AnswerSearch:
    """Finds the fills of a pattern's open slots for pools of letters, sharing the per-slot word tables.

    Build it once for all the pools of a puzzle (the tables keep the words that fit the largest count of
    each letter in any pool), then call :meth:`fills` for each pool. The search is branch and bound on the
    score: words are tried best first, and a branch stops as soon as even the best words for its open
    slots (by :meth:`Ranker.slot_bounds`) cannot lift the answer above ``floor()``, the caller's bar.
    """

    def __init__(self, pattern: AnswerPattern, lexicon: Lexicon, pools: list[Pool], ranker: Ranker):
        ceiling = np.max([letter_counts(pool.letters) for pool in pools], axis=0)
        wild = max(pool.wild for pool in pools)
        fitting = {i: SlotWords.fitting(pattern.slots[i], lexicon, ceiling, wild) for i in pattern.blank_slots}
        bounds = ranker.slot_bounds(pattern, lexicon, {i: (s.words, s.zipf, s.flags, s.rows) for i, s in fitting.items()})
        self.slots = [fitting[i].ranked(bounds[i]) for i in pattern.blank_slots]

    def limited(self, open_slot: int, keep: Callable[[str], bool]) -> AnswerSearch:
        """The same search with the ``open_slot``-th open slot's words cut to those ``keep`` accepts (a
        narrow search: :func:`~.solver.sound_alike_answers`); the other slots' tables are shared."""
        narrow = copy.copy(self)
        words = self.slots[open_slot]
        narrow.slots = list(self.slots)
        narrow.slots[open_slot] = words.subset(np.fromiter(map(keep, words.words), bool, len(words.words)))
        return narrow

    def fills(self, pool: Pool, budget: Budget, floor: Callable[[], float] = lambda: -math.inf
              ) -> Iterator[tuple[str, ...]]:
        """Each fill (one word per open slot, in pattern order) using exactly the pool's letters whose
        score bound beats ``floor()``, which must never fall (the caller's bar only rises). Stops early,
        without error, when ``budget`` runs out."""
        counts = letter_counts(pool.letters)
        packed = None if pool.wild else packed_pool(counts)
        narrowed = [slot.fitting_rows(None, counts, pool.wild, packed) for slot in self.slots]
        if any(len(rows) == 0 for rows in narrowed):
            return
        order = sorted(range(len(self.slots)), key=lambda k: len(narrowed[k]))
        state = _Branch(order, [None] * len(order), floor, budget)
        exact = packed is not None and int(counts.max()) <= PACKED_MAX
        yield from self._extend(state, 0, counts, pool.wild, 0.0, narrowed, packed if exact else None)

    def _extend(self, state: _Branch, depth: int, counts: np.ndarray, wild: int, value: float,
                narrowed: list[np.ndarray], packed: tuple[int, int] | None) -> Iterator[tuple[str, ...]]:
        """Fill the slots from ``depth`` on with ``counts`` letters and ``wild`` unknowns left;
        ``narrowed[k]`` holds slot k's rows (best first) that fit in them. ``packed``: ``counts`` packed
        by :func:`packed_pool` when no count was cut to :data:`PACKED_MAX` (else None), so that the
        letters a word leaves are packed by one subtraction (no field borrows: the word fits)."""
        open_slots = len(state.order) - depth
        if wild == 0 and open_slots <= 3:
            yield from self._finish(state, depth, counts, value, narrowed)
            return
        k = state.order[depth]
        slot_words = self.slots[k]
        deeper = state.order[depth + 1:]
        if packed is not None and wild == 0 and all(self.slots[j].packed_needs is not None for j in [k, *deeper]):
            yield from self._descend(state, depth, counts, value, narrowed, packed)
            return
        rows = narrowed[k]
        # the unknown letters each word takes (none without unknowns: every row fits the letters left)
        shortfall = np.maximum(slot_words.needs[rows] - counts, 0).sum(axis=1).tolist() if wild else [0] * len(rows)
        rest = sum(float(self.slots[j].bounds[narrowed[j][0]]) for j in deeper)
        words = None if packed is None else slot_words.packed_needs
        for row, short in zip(rows.tolist(), shortfall):
            total = value + float(slot_words.bounds[row])
            if total + rest <= state.floor() or not state.budget.spend():
                return
            state.chosen[k] = slot_words.words[row]
            if open_slots == 1:
                yield tuple(state.chosen)
                continue
            left = np.maximum(counts - slot_words.needs[row], 0)
            packed_left = None if packed is None or words is None else (packed[0] - int(words[0][row]),
                                                                        packed[1] - int(words[1][row]))
            inner = self._narrow(narrowed, deeper, left, wild - short, packed_left)
            if inner is not None and total + sum(float(self.slots[j].bounds[inner[j][0]]) for j in deeper
                                                 ) > state.floor():
                yield from self._extend(state, depth + 1, left, wild - short, total, inner, packed_left)

    def _descend(self, state: _Branch, depth: int, counts: np.ndarray, value: float, narrowed: list[np.ndarray],
                 packed: tuple[int, int]) -> Iterator[tuple[str, ...]]:
        """:meth:`_extend` at a level above the last three slots, without unknown letters and with every
        open slot's needs packed: the compiled row loop (:class:`.finish.Level`) tries the level's words in
        turn, each a node, narrowing the deeper slots' rows by the letters it leaves, and hands back each
        word to descend into (the bar read afresh each time, the nodes it tried spent from the budget
        first, as the loop above spends them a word at a time)."""
        k = state.order[depth]
        slot_words = self.slots[k]
        deeper = state.order[depth + 1:]
        rest = sum(float(self.slots[j].bounds[narrowed[j][0]]) for j in deeper)
        level = Level(slot_words, narrowed[k], [self.slots[j] for j in deeper], [narrowed[j] for j in deeper],
                      packed, GUARDS, value, rest)
        words, (low, high) = slot_words.words, slot_words.packed_needs
        start = 0
        while True:
            why, position, spent, kept = level.next(start, state.floor(), state.budget.nodes_left)
            if (spent and not state.budget.spend(spent)) or why != OUT_FULL:
                return
            row = int(narrowed[k][position])
            state.chosen[k] = words[row]
            inner = list(narrowed)
            for j, rows in zip(deeper, kept):
                inner[j] = rows
            yield from self._extend(state, depth + 1, np.maximum(counts - slot_words.needs[row], 0), 0,
                                    value + float(slot_words.bounds[row]), inner,
                                    (packed[0] - int(low[row]), packed[1] - int(high[row])))
            start = position + 1

    def _narrow(self, narrowed: list[np.ndarray], deeper: list[int], counts: np.ndarray, wild: int,
                pool: tuple[int, int] | None) -> list[np.ndarray] | None:
        """``narrowed`` with the deeper slots' rows cut to those fitting ``counts`` (None if one has none;
        ``pool``: ``counts`` packed, if known)."""
        inner = list(narrowed)
        pool = pool or (None if wild else packed_pool(counts))
        for j in deeper:
            rows = self.slots[j].fitting_rows(narrowed[j], counts, wild, pool)
            if not len(rows):
                return None
            inner[j] = rows
        return inner

    def _finish(self, state: _Branch, depth: int, counts: np.ndarray, value: float,
                narrowed: list[np.ndarray]) -> Iterator[tuple[str, ...]]:
        """The last one, two or three slots, by the compiled kernel (:mod:`.finish`): no search for the last
        slot, whose words the letters left name by their hash; the words of the slot before it that can
        beat the bar, or the pairs of the two before it, a chunk of the first's rows at a time (the bar
        read afresh for each chunk, as the chunk's nodes are spent from the budget)."""
        slots = state.order[depth:]
        last = self.slots[slots[-1]]
        best_row = int(narrowed[slots[-1]][0])
        if len(slots) == 1:
            found = candidates(None, None, last, NO_ROWS, NO_ROWS, counts, value, state.floor(), best_row)
            yield from self._yield(state, slots, found)
        elif len(slots) == 2:
            found = candidates(self.slots[slots[0]], None, last, narrowed[slots[0]], NO_ROWS, counts, value,
                               state.floor(), best_row)
            if state.budget.spend(found[1]):
                yield from self._yield(state, slots, found)
        else:
            first, second = self.slots[slots[0]], self.slots[slots[1]]
            rows1, rows2 = narrowed[slots[0]], narrowed[slots[1]]
            chunk = max(1, PAIR_CHUNK // len(rows2))
            for start in range(0, len(rows1), chunk):
                found = candidates(first, second, last, rows1[start:start + chunk], rows2, counts, value,
                                   state.floor(), best_row)
                if found[0] == BELOW_BAR or not state.budget.spend(found[1]):
                    return
                yield from self._yield(state, slots, found)

    def _yield(self, state: _Branch, slots: list[int], found: Found) -> Iterator[tuple[str, ...]]:
        """Each candidate fill of the last ``slots`` (found with the bar as it was) whose bound still beats
        the bar: it only rises, with the answers the caller is given, and a group of last words is best
        first, so these are the fills a search reading the bar afresh for every word yields."""
        *before, k_last = slots
        for rows, bound in zip(found[2], found[3]):
            if bound > state.floor():
                for k, row in zip(before, rows):
                    state.chosen[k] = self.slots[k].words[row]
                state.chosen[k_last] = self.slots[k_last].words[rows[2]]
                yield tuple(state.chosen)


@dataclass
class _Branch:
    """What every level of one pool's depth-first search shares."""

    order: list[int]
    chosen: list[str | None]
    floor: Callable[[], float]
    budget: Budget
