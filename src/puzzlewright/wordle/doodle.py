"""Wordle Doodle: fill a painted grid with guesses whose feedback against the answer matches each row.

The seed app intersected suffix-array ranges per coloured cell and took up to 2 s on rows mixing yellow
and grey. Here one vectorised pass scores every dictionary word against the answer (a fraction of a
millisecond for 12,972 words); sorting the words by pattern code (then commonness) turns every row, of any
colours, into a binary search for its slice of that order. The rule is applied exactly, so every word
found is right, and a row without a word is explained: either no dictionary word gives it, or no word at
all could (:func:`impossibility`).

Which word a row shows: the most familiar ones that fit (:func:`~puzzlewright.wordle.words.familiarity`),
in tiers: words both common and in the Wordle answer list first, then other common words, then other
answer-list words, then the rest. Randomness (``seed``) only reorders near-equals: each word's familiarity
gets a random nudge of less than :data:`NEAR_EQUAL` within its tier, drawn from (seed, row pattern), so a
row's choice is the same whichever other rows the grid has, and the same with or without the options below
unless they forbid it.

Options that tie rows together (``distinct``: no word twice; ``hard``: each row a legal hard-mode guess
after the rows above) become a small backtracking search over the rows' slices, under a :class:`Budget`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import letter_codes
from puzzlewright.search import Budget
from puzzlewright.wordle.pattern import GREEN, GREY, YELLOW, Pattern
from puzzlewright.wordle.words import WordPool, answer_list_words, common_words, familiarity

DEFAULT_SECONDS = 2.0  # search allowance for --distinct / --hard when the caller gives no budget
MAX_ROWS = 100  # rows of one doodle (the row search recurses once per row)
NEAR_EQUAL = 0.4  # familiarity (Zipf) within which words of one tier count as near-equals for the seed
TIER_STEP = 100.0  # preference = tier x TIER_STEP + familiarity: no familiarity outweighs a tier


@dataclass
class DoodleRow:
    """One row of a doodle: its pattern, the word chosen (None when none fits) and why not."""

    pattern: Pattern
    word: str | None
    matches: int
    possible: bool
    reason: str | None = None
    words: list[str] | None = None

    def to_json(self) -> dict:
        row = {"pattern": str(self.pattern), "word": self.word, "matches": self.matches, "possible": self.possible}
        if self.reason:
            row["reason"] = self.reason
        if self.words is not None:
            row["words"] = self.words
        return row


@dataclass
class Doodle:
    """A filled grid: the answer, one :class:`DoodleRow` per pattern, and notes."""

    answer: str
    rows: list[DoodleRow]
    complete: bool = True
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"answer": self.answer, "rows": [row.to_json() for row in self.rows], "complete": self.complete,
                "notes": self.notes}


def impossibility(answer: str, pattern: Pattern) -> str | None:
    """Why no string of letters at all can get ``pattern`` against ``answer``, or None when some can.

    Greens and greys are always possible (a grey can be any letter absent from the answer). Each yellow
    needs its own unused copy of an answer letter (one not under a green) that differs from the answer's
    letter under the yellow; so the pattern is possible exactly when the yellows can be matched to such
    copies. When they cannot, Hall's theorem gives a smallest set of yellows with too few copies to share,
    and that set is the explanation.
    """
    yellows = [j for j, mark in enumerate(pattern.marks) if mark == YELLOW]
    unused = [p for p, mark in enumerate(pattern.marks) if mark != GREEN]

    def copies_for(group: Sequence[int]) -> list[int]:
        return [p for p in unused if any(answer[p] != answer[j] for j in group)]

    if _match_all(yellows, lambda j: copies_for([j])):
        return None
    for size in range(1, len(yellows) + 1):
        for group in combinations(yellows, size):
            copies = copies_for(group)
            if len(copies) < size:
                return _describe_shortage(answer, group, copies)
    raise AssertionError("Hall's theorem guarantees a shortage")


def _match_all(items: list[int], options) -> bool:
    """Whether every item can be given its own option (augmenting-path bipartite matching)."""
    owner: dict[int, int] = {}

    def place(item: int, seen: set[int]) -> bool:
        for option in options(item):
            if option not in seen:
                seen.add(option)
                if option not in owner or place(owner[option], seen):
                    owner[option] = item
                    return True
        return False

    return all(place(item, set()) for item in items)


def _describe_shortage(answer: str, group: Sequence[int], copies: list[int]) -> str:
    where = ", ".join(str(j + 1) for j in group)
    plural = len(group) > 1
    left = " and ".join(repr(answer[p]) for p in copies) if copies else "none"
    return (f"impossible for {answer!r}: the yellow{'s' if plural else ''} at position{'s' if plural else ''} "
            f"{where} need{'' if plural else 's'} {len(group)} letter{'s' if plural else ''} of the answer "
            f"that {'are' if plural else 'is'} not green and not the letter under "
            f"{'each yellow' if plural else 'it'}; available: {left}")


class Doodler:
    """Everything needed to doodle for one answer: every pool word's pattern code, grouped by code.

    ``order`` lists the pool's word indexes sorted by (pattern code, most preferred first), so the words
    matching a pattern are one contiguous slice, found by binary search.
    """

    def __init__(self, answer: str, pool: WordPool):
        self.answer = answer
        self.pool = pool
        codes = pool.scorer.against(letter_codes(answer))
        self.preference = word_preference(pool)
        self.order = np.lexsort((-self.preference, codes)).astype(np.int32)
        self.sorted_codes = codes[self.order]

    def matches(self, pattern: Pattern) -> np.ndarray:
        """Indexes of the pool words whose feedback is ``pattern``, most preferred first."""
        code = self.sorted_codes.dtype.type(pattern.code)
        lo = np.searchsorted(self.sorted_codes, code, "left")
        hi = np.searchsorted(self.sorted_codes, code, "right")
        return self.order[lo:hi]

    def choice_order(self, words: np.ndarray, pattern: Pattern, seed: int) -> np.ndarray:
        """``words`` (matches of ``pattern``) in the order a row tries them: by preference, near-equals
        shuffled by a nudge drawn from (``seed``, the pattern), so equal rows choose alike in any grid."""
        nudge = np.random.default_rng([seed, pattern.code]).uniform(0, NEAR_EQUAL, len(words))
        return words[np.argsort(-(self.preference[words] + nudge), kind="stable")]

    def doodle(self, patterns: Sequence[Pattern], *, list_all: bool = False, seed: int | None = None,
               distinct: bool = False, hard: bool = False, budget: Budget | None = None) -> Doodle:
        """Fill the rows: the most familiar matching word each (near-equals chosen by ``seed``), every
        match with ``list_all`` (in the order tried), no repeats with ``distinct``, legal hard-mode
        guesses with ``hard``."""
        if len(patterns) > MAX_ROWS:
            raise PuzzleInputError(f"a doodle has at most {MAX_ROWS} rows, not {len(patterns):,}")
        seed = int(np.random.SeedSequence().entropy % 2**31) if seed is None else seed
        buckets = [self.choice_order(self.matches(p), p, seed) for p in patterns]
        search = _RowSearch(self, patterns, buckets, distinct=distinct, hard=hard)
        if distinct or hard:
            budget = budget or Budget(seconds=DEFAULT_SECONDS)
        chosen, complete = search.run(budget)
        words = self.pool.table.words
        rows = []
        for r, pattern in enumerate(patterns):
            reason = None
            possible = True
            if not len(buckets[r]):
                reason = impossibility(self.answer, pattern)
                possible = reason is None
                reason = reason or f"no word in {self.pool.name} gives this pattern"
            elif chosen[r] is None:
                reason = search.failure(r, chosen)
            listed = None
            if list_all:
                listed = [words[i] for i in search.legal(r, chosen, avoid_used=False)]
            rows.append(DoodleRow(pattern, None if chosen[r] is None else words[chosen[r]], len(buckets[r]),
                                  possible, reason, listed))
        notes = list(self.pool.notes) + solved_row_warnings(patterns)
        if not complete:
            notes.append(budget.describe() if budget else "search stopped")
        return Doodle(self.answer, rows, complete, notes)


def word_preference(pool: WordPool) -> np.ndarray:
    """Each pool word's preference: its tier (common and an answer-list word 3, common 2, answer-list 1,
    else 0) times :data:`TIER_STEP`, plus its familiarity."""
    table = pool.table
    tier = 2 * common_words(table).astype(np.float64) + answer_list_words(table)
    return tier * TIER_STEP + familiarity(table)


def solved_row_warnings(patterns: Sequence[Pattern]) -> list[str]:
    """A warning for each all-green row above the last: in a real game nothing follows a solved row."""
    return [f"warning: row {r + 1} is solved (all green) but is not the last row; in a real game the rows "
            f"after it would not be played" for r, pattern in enumerate(patterns[:-1]) if pattern.is_solved]


class _RowSearch:
    """Choose one word per row under the cross-row rules (distinct words, hard mode) by backtracking.

    Each row tries its matches in its given order (most preferred first). Hard mode fixes the row order (each row
    depends on those above); otherwise the rows with fewest matches go first, so clashes show up early.
    Rows that cannot be filled (no match; in hard mode, a conflict with the patterns above, see
    :meth:`_hard_mode_conflict`) are left out of the search and reported.
    """

    def __init__(self, doodler: Doodler, patterns: Sequence[Pattern], buckets: list[np.ndarray], *,
                 distinct: bool, hard: bool):
        self.doodler = doodler
        self.patterns = patterns
        self.buckets = buckets
        self.distinct = distinct
        self.hard = hard
        self.doomed: dict[int, str] = {}
        rows = []
        for r in range(len(patterns)):
            if len(buckets[r]):
                reason = self._hard_mode_conflict(r, rows) if hard else None
                if reason is None:
                    rows.append(r)
                else:
                    self.doomed[r] = reason
        self.rows = rows if hard else sorted(rows, key=lambda r: len(buckets[r]))
        self._failed: set[tuple] = set()

    def _hard_mode_conflict(self, r: int, live: list[int]) -> str | None:
        """Why row ``r`` can be no legal hard-mode guess whatever words the live rows above get, or None.

        Two reasons follow from the patterns alone: a green above must stay green (same letter, same
        place, so the same mark), and a row that revealed k letters of the answer (green or yellow marks)
        forces every later guess to contain them, and each contained answer letter shows coloured, so a
        later row needs at least k coloured marks.
        """
        marks = self.patterns[r].marks
        coloured = sum(mark != GREY for mark in marks)
        for above in live:
            above_marks = self.patterns[above].marks
            for i, mark in enumerate(above_marks):
                if mark == GREEN and marks[i] != GREEN:
                    return (f"hard mode: row {above + 1} reveals a green at position {i + 1}, which this row "
                            f"does not keep")
            revealed = sum(mark != GREY for mark in above_marks)
            if revealed > coloured:
                many = "s" if revealed > 1 else ""
                return (f"hard mode: row {above + 1} reveals {revealed} letter{many} of the answer; a guess "
                        f"reusing {'them' if many else 'it'} shows at least {revealed} coloured square{many}, "
                        f"and this row has {coloured}")
        return None

    def legal(self, r: int, chosen: list[int | None], *, avoid_used: bool = True) -> np.ndarray:
        """Row ``r``'s matches that the words chosen so far allow (in the row's order); with
        ``avoid_used`` False, words used in other rows count as allowed."""
        candidates = self.buckets[r]
        pool = self.doodler.pool.scorer
        if self.hard:
            keep = np.ones(len(candidates), bool)
            fixed, needed = self._revealed(r, chosen)
            for position, letter in fixed.items():
                keep &= pool.letters[candidates, position] == letter
            for letter, count in needed.items():
                keep &= pool.counts[candidates, letter] >= count
            candidates = candidates[keep]
        if self.distinct and avoid_used:
            used = [c for c in chosen if c is not None]
            if used:
                candidates = candidates[~np.isin(candidates, used)]
        return candidates

    def _revealed(self, r: int, chosen: list[int | None]) -> tuple[dict[int, int], dict[int, int]]:
        """Hard-mode demands from the filled rows above ``r``: fixed greens and least letter counts."""
        fixed: dict[int, int] = {}
        needed: dict[int, int] = {}
        letters = self.doodler.pool.scorer.letters
        for above in range(r):
            if chosen[above] is None:
                continue
            word = letters[chosen[above]]
            counts: dict[int, int] = {}
            for i, mark in enumerate(self.patterns[above].marks):
                if mark != GREY:
                    counts[int(word[i])] = counts.get(int(word[i]), 0) + 1
                    if mark == GREEN:
                        fixed[i] = int(word[i])
            for letter, count in counts.items():
                needed[letter] = max(needed.get(letter, 0), count)
        return fixed, needed

    def run(self, budget: Budget | None) -> tuple[list[int | None], bool]:
        """Chosen word index per row (None where none), and whether the search finished."""
        chosen: list[int | None] = [None] * len(self.patterns)
        if self._fill(0, chosen, budget):
            return chosen, True
        complete = budget is None or not budget.exhausted
        return self._fill_greedily(), complete

    def _fill(self, depth: int, chosen: list[int | None], budget: Budget | None) -> bool:
        """Fill rows ``self.rows[depth:]`` by backtracking with forward checking.

        In hard mode the rows below depend on the rows above only through what they reveal (greens,
        letter counts) and, with ``distinct``, the words used that later rows could want; a state that
        failed once fails again, so failed states are remembered (the same revelation reached through
        another word is not retried).
        """
        if depth == len(self.rows):
            return True
        state = self._state(depth, chosen)
        if state in self._failed:
            return False
        r = self.rows[depth]
        later = self.rows[depth + 1:]
        for candidate in self.legal(r, chosen).tolist():
            if budget is not None and not budget.spend():
                return False
            chosen[r] = candidate
            if all(len(self.legal(s, chosen)) for s in later) and self._fill(depth + 1, chosen, budget):
                return True
        chosen[r] = None
        if state is not None:
            self._failed.add(state)
        return False

    def _state(self, depth: int, chosen: list[int | None]) -> tuple | None:
        """What the rows still to fill depend on, in hard mode (None otherwise: nothing is remembered)."""
        if not self.hard:
            return None
        fixed, needed = self._revealed(self.rows[depth], chosen)
        used: tuple[int, ...] = ()
        if self.distinct:  # a used word matters below only if a later row has its pattern
            later = {self.patterns[s] for s in self.rows[depth:]}
            used = tuple(sorted(c for q, c in enumerate(chosen) if c is not None and self.patterns[q] in later))
        return depth, tuple(sorted(fixed.items())), tuple(sorted(needed.items())), used

    def _fill_greedily(self) -> list[int | None]:
        """When no full assignment exists (or the budget ran out): fill the rows that can be, in order."""
        chosen: list[int | None] = [None] * len(self.patterns)
        for r in self.rows:
            candidates = self.legal(r, chosen)
            if len(candidates):
                chosen[r] = int(candidates[0])
        return chosen

    def failure(self, r: int, chosen: list[int | None]) -> str:
        """Why row ``r`` (which has matches) got no word."""
        if r in self.doomed:
            return self.doomed[r]
        if self.hard:
            return "hard mode: no matching word uses every letter revealed by the rows above"
        return "every matching word is already used by another row"
