"""Wordle Doodle: fill a painted grid with guesses whose feedback against the answer matches each row.

The seed app intersected suffix-array ranges per coloured cell and took up to 2 s on rows mixing yellow
and grey. Here one vectorised pass scores every dictionary word against the answer (a fraction of a
millisecond for 12,972 words); sorting the words by pattern code (then familiarity) turns every row, of any
colours, into a binary search for its slice of that order. The rule is applied exactly, so every word
found is right, and a row without a word is explained: either no dictionary word gives it, or no word at
all could (:func:`impossibility`).

Which word a row shows: the most familiar ones that fit (:func:`~puzzlewright.wordle.words.familiarity`),
in tiers: words both common and in the Wordle answer list first, then other common words, then other
answer-list words, then the rest. Randomness (``seed``) only reorders near-equals: each word's familiarity
gets a random nudge of less than :data:`NEAR_EQUAL` within its tier, drawn from (seed, row pattern), so a
row's choice is the same whichever other rows the grid has, and the same with or without the options below
unless they forbid it.

A row that gets a word of the last tier (RUERS, the one word that scores YGYBY against PURSE) shows it
marked as rare (:data:`RARE_WORD`, in the row's ``reason`` and the doodle's notes), never as if it were a
word every player knows: the user decides whether to print it.

Options that tie rows together (``distinct``: no word twice; ``hard``: each row a legal hard-mode guess
after the rows above) become a small backtracking search over the rows' slices, under a :class:`Budget`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, product

import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import letter_codes
from puzzlewright.schema import fresh_seed
from puzzlewright.budget import Budget
from puzzlewright.wordle.model import GREEN, GREY, YELLOW, Paint, Pattern
from puzzlewright.wordle.schema import DOODLE_SECONDS
from puzzlewright.wordle.words import WordPool, answer_list_words, common_words, familiarity

MAX_ROWS = 100  # rows of one doodle (the row search recurses once per row)
MARK_NAMES = ("grey", "yellow", "green")
NEAR_EQUAL = 0.4  # familiarity (Zipf-like scale) within which words of one tier count as near-equals for the seed
TIER_STEP = 100.0  # preference = tier x TIER_STEP + familiarity: no familiarity outweighs a tier
RARE_WORD = "a rare word (neither a common word nor a Wordle answer)"  # the mark of a last-tier choice
ROUNDING = 1e-9  # far above float64 rounding of preferences (< 1,000) plus a nudge, far below any real gap


@dataclass
class DoodleRow:
    """One row of a doodle: the pattern used (the painted row when no word was chosen), the word chosen
    (None when none fits) and why not; ``painted`` when wildcards or best effort made them differ, and
    ``changed``, the 1-based cells best effort had to change; ``rare`` when the word is of the last tier
    (:data:`RARE_WORD`, also in ``reason``)."""

    pattern: Pattern | Paint
    word: str | None
    matches: int
    possible: bool
    reason: str | None = None
    words: list[str] | None = None
    painted: Paint | None = None
    changed: list[int] | None = None
    rare: bool = False


@dataclass
class Doodle:
    """A filled grid: the answer, one :class:`DoodleRow` per pattern, and notes."""

    answer: str
    rows: list[DoodleRow]
    complete: bool = True
    notes: list[str] = field(default_factory=list)


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


def paint_impossibility(answer: str, paint: Paint) -> str | None:
    """Why no string of letters gets any pattern ``paint`` accepts, or None when one can.

    A grey is always possible and never takes an answer letter another cell needs, so each wildcard that
    allows grey is taken as grey; only the ``+`` cells (green or yellow) are tried both ways."""
    either = [j for j, cell in enumerate(paint.cells) if GREY not in cell and len(cell) > 1]
    base = [GREY if GREY in cell else cell[0] for cell in paint.cells]
    first_reason = None
    for choice in product((GREEN, YELLOW), repeat=len(either)):
        marks = list(base)
        for j, mark in zip(either, choice):
            marks[j] = mark
        reason = impossibility(answer, Pattern(tuple(marks)))
        if reason is None:
            return None
        first_reason = first_reason or (marks, reason)
    if paint.exact is not None:
        return first_reason[1]
    marks, reason = first_reason
    return (f"impossible for {answer!r}: no colouring of the wildcards works (e.g. {Pattern(tuple(marks))}: "
            f"{reason.split(': ', 1)[1]})")


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

    ``order`` lists the pool's word indexes sorted by (pattern code, most preferred first, then
    alphabetical: the tie rule), so the words matching a pattern are one contiguous slice, found by binary
    search.
    """

    def __init__(self, answer: str, pool: WordPool):
        self.answer = answer
        self.pool = pool
        self.codes = pool.scorer.against(letter_codes(answer))
        self.preference = word_preference(pool)
        alphabetical = np.arange(len(self.codes))  # a pool's words are in alphabetical order
        self.order = np.lexsort((alphabetical, -self.preference, self.codes)).astype(np.int32)
        self.sorted_codes = self.codes[self.order]

    @cached_property
    def marks(self) -> np.ndarray:
        """(words, letters) marks of every pool word's pattern (GREY, YELLOW, GREEN)."""
        n = self.pool.table.length
        powers = 3 ** np.arange(n - 1, -1, -1, dtype=np.int64)
        return ((self.codes.astype(np.int64)[:, None] // powers) % 3).astype(np.uint8)

    def is_rare(self, word: int) -> bool:
        """Whether pool word ``word`` is of the last tier (neither common nor a Wordle answer: see
        :func:`word_preference`) and not the answer itself, which is the user's choice."""
        return bool(self.preference[word] < TIER_STEP) and self.pool.table.words[word] != self.answer

    def pattern_of(self, word: int) -> Pattern:
        """The pattern pool word ``word`` gets against the answer."""
        return Pattern.from_code(int(self.codes[word]), self.pool.table.length)

    def matches(self, pattern: Pattern) -> np.ndarray:
        """Indexes of the pool words whose feedback is ``pattern``, most preferred first."""
        code = self.sorted_codes.dtype.type(pattern.code)
        return self.order[self.sorted_codes.searchsorted(code, "left"):self.sorted_codes.searchsorted(code, "right")]

    def fits(self, paint: Paint) -> np.ndarray:
        """Indexes of the pool words whose feedback the painted row accepts (wildcards any way)."""
        exact = paint.exact
        if exact is not None:
            return self.matches(exact)
        return np.flatnonzero(self._misfit_counts(paint) == 0)

    def nearest(self, paint: Paint) -> np.ndarray:
        """The pool words whose feedback differs from what ``paint`` accepts in the fewest cells."""
        misfits = self._misfit_counts(paint)
        return np.flatnonzero(misfits == misfits.min())

    def _misfit_counts(self, paint: Paint) -> np.ndarray:
        """For every pool word, in how many cells its feedback breaks the painted row."""
        counts = np.zeros(len(self.codes), np.int32)
        for j, cell in enumerate(paint.cells):
            counts += ~np.isin(self.marks[:, j], cell)
        return counts

    def choice_order(self, words: np.ndarray, paint: Paint, seed: int) -> np.ndarray:
        """``words`` (fits of ``paint``) in the order a row tries them: by preference, near-equals
        shuffled by a nudge drawn from (``seed``, the row), so equal rows choose alike in any grid. Equal
        keys keep the order of ``words`` (a stable sort), which is the tie rule's: :meth:`matches` gives
        them by preference then alphabetically, the other callers alphabetically."""
        if len(words) < 2:
            return words
        return words[np.argsort(self._choice_keys(words, paint, seed), kind="stable")]

    def first_choice(self, words: np.ndarray, paint: Paint, seed: int, answer_last: bool) -> np.ndarray:
        """The first word of :meth:`choice_order` (after :meth:`_answer_last` when ``answer_last``) alone,
        as a 0- or 1-word array, found without sorting: all a row needs when rows do not constrain each
        other and only the chosen words are shown. When the best word leads the next by more than
        :data:`NEAR_EQUAL`, no nudge can change the order, and none is drawn."""
        if len(words) < 2:
            return words
        preference = self.preference[words]
        if answer_last:  # of two words or more, one at most is the answer: another comes first
            preference = np.where(self._solved(words), -np.inf, preference)
        leader = int(np.argmax(preference))
        runner_up = np.partition(preference, len(words) - 2)[-2]
        if preference[leader] - runner_up > NEAR_EQUAL + ROUNDING:
            return words[[leader]]  # no nudge can put another word first: the seed's draw is not needed
        keys = -(preference + self._nudge(len(words), paint, seed))
        return words[[np.argmin(keys)]]  # the first of the least keys, where the stable sort puts it

    def _choice_keys(self, words: np.ndarray, paint: Paint, seed: int) -> np.ndarray:
        """The words' sort keys: minus their preference plus a nudge below :data:`NEAR_EQUAL`."""
        return -(self.preference[words] + self._nudge(len(words), paint, seed))

    @staticmethod
    def _nudge(count: int, paint: Paint, seed: int) -> np.ndarray:
        """``count`` nudges in [0, :data:`NEAR_EQUAL`) drawn from (``seed``, the row). Making the generator
        is much of a row's time, so :meth:`first_choice` draws them only when they can change its answer."""
        # uniform(0, NEAR_EQUAL): the same numbers (NEAR_EQUAL * random() exactly) without its checks
        return NEAR_EQUAL * np.random.default_rng([seed, paint.key]).random(count)

    def _solved(self, words: np.ndarray) -> np.ndarray:
        """Which of ``words`` is the answer itself (the one all-green word)."""
        return self.codes[words] == 3**self.pool.table.length - 1

    def _answer_last(self, words: np.ndarray) -> np.ndarray:
        """``words`` with the answer itself moved to the end."""
        solved = self._solved(words)
        return np.concatenate([words[~solved], words[solved]]) if solved.any() else words

    def doodle(self, rows: Sequence[Pattern | Paint | str], *, list_all: bool = False, seed: int | None = None,
               distinct: bool = False, hard: bool = False, best_effort: bool = False,
               budget: Budget | None = None) -> Doodle:
        """Fill the rows (patterns, or painted rows with wildcards): the most familiar fitting word each
        (near-equals chosen by ``seed``), every fit with ``list_all`` (in the order tried), no repeats with
        ``distinct``, legal hard-mode guesses with ``hard``; with ``best_effort`` a row nothing fits gets
        the words of the closest pattern (fewest cells changed)."""
        if len(rows) > MAX_ROWS:
            raise PuzzleInputError(f"a doodle has at most {MAX_ROWS} rows, not {len(rows):,}")
        seed = fresh_seed() if seed is None else seed
        paints = [_paint(row, self.pool.table.length) for row in rows]
        fits = [self.fits(paint) for paint in paints]
        buckets = [self.nearest(paint) if best_effort and not len(found) else found
                   for paint, found in zip(paints, fits)]
        # nothing follows a solved row: above the last, wildcard and best-effort rows avoid the answer
        answer_last = [r < len(paints) - 1 and (paint.exact is None or not len(found))
                       for r, (paint, found) in enumerate(zip(paints, fits))]
        if list_all or distinct or hard:  # every word's place in its row's order matters
            buckets = [self.choice_order(bucket, paint, seed) for bucket, paint in zip(buckets, paints)]
            buckets = [self._answer_last(bucket) if last else bucket for bucket, last in zip(buckets, answer_last)]
        else:  # each row gets its first word: only that one is needed
            buckets = [self.first_choice(bucket, paint, seed, last)
                       for bucket, paint, last in zip(buckets, paints, answer_last)]
        search = _RowSearch(self, paints, buckets, distinct=distinct, hard=hard)
        if distinct or hard:
            budget = budget or Budget(seconds=DOODLE_SECONDS)
        chosen, complete = search.run(budget)
        words = self.pool.table.words
        filled, rare = [], []
        for r, paint in enumerate(paints):
            reason = None
            possible = True
            if not len(fits[r]):
                reason = paint_impossibility(self.answer, paint)
                possible = reason is None
                reason = reason or f"no word in {self.pool.name} gives this pattern"
            if chosen[r] is None and len(buckets[r]):
                reason = search.failure(r, chosen)
            listed = None
            if list_all:
                listed = [words[i] for i in search.legal(r, chosen, avoid_used=False)]
            used = self.pattern_of(chosen[r]) if chosen[r] is not None else paint
            changed = None
            if chosen[r] is not None and not len(fits[r]):
                changed = [j + 1 for j in paint.misfits(used.marks)]
                reason = f"best effort: {_describe_changes(paint, used, changed)}; {reason}"
            rarity = chosen[r] is not None and self.is_rare(chosen[r])
            if rarity:
                reason = RARE_WORD if reason is None else f"{reason}; {RARE_WORD}"
                rare.append((r + 1, words[chosen[r]]))
            filled.append(DoodleRow(used, None if chosen[r] is None else words[chosen[r]], len(fits[r]), possible,
                                    reason, listed, paint, changed, rarity))
        notes = list(self.pool.notes) + solved_row_warnings([row.pattern for row in filled]) + rare_note(rare)
        if not complete:
            notes.append(budget.describe() if budget else "search stopped")
        return Doodle(self.answer, filled, complete, notes)


def _describe_changes(paint: Paint, used: Pattern, changed: list[int]) -> str:
    """Which cells best effort changed, e.g. "changed cell 5 from yellow to grey"."""
    painted = str(paint)
    parts = [f"{j} from {MARK_NAMES[paint.cells[j - 1][0]] if len(paint.cells[j - 1]) == 1 else painted[j - 1]} "
             f"to {MARK_NAMES[used.marks[j - 1]]}" for j in changed]
    return f"changed cell{'s' if len(parts) > 1 else ''} {', '.join(parts)}"


def word_preference(pool: WordPool) -> np.ndarray:
    """Each pool word's preference: its tier (common and an answer-list word 3, common 2, answer-list 1,
    else 0) times :data:`TIER_STEP`, plus its familiarity."""
    table = pool.table
    tier = 2 * common_words(table).astype(np.float64) + answer_list_words(table)
    return tier * TIER_STEP + familiarity(table)


def rare_note(rare: Sequence[tuple[int, str]]) -> list[str]:
    """The doodle's note naming the rows (1-based, with their words) that show a rare word
    (:data:`RARE_WORD`), or none."""
    if not rare:
        return []
    many = "s" if len(rare) > 1 else ""
    named = ", ".join(f"{r} ({word.upper()})" for r, word in rare)
    return [f"rare word{many} in row{many} {named}: neither a common word nor a Wordle answer; repaint the "
            f"row{many}, or print {'them' if many else 'it'} knowingly"]


def solved_row_warnings(patterns: Sequence[Pattern | Paint]) -> list[str]:
    """A warning for each all-green row above the last: in a real game nothing follows a solved row."""
    return [f"warning: row {r + 1} is solved (all green) but is not the last row; in a real game the rows "
            f"after it would not be played" for r, pattern in enumerate(patterns[:-1])
            if isinstance(pattern, Pattern) and pattern.is_solved]


def _paint(row: Pattern | Paint | str, length: int) -> Paint:
    """A doodle row as a :class:`Paint`: painted rows as they are, patterns exactly, text parsed (any
    notation, wildcards too) and checked to have ``length`` cells."""
    if isinstance(row, Paint):
        return row
    if isinstance(row, Pattern):
        return Paint.of(row)
    if isinstance(row, str):
        return Paint.parse(row, length)
    raise PuzzleInputError(f"a doodle row must be a pattern like 'BGBGB', not {type(row).__name__}")


def _distinct_codes(codes: np.ndarray) -> set[int]:
    """The distinct pattern codes of a row's words (most rows: one, found without sorting)."""
    if len(codes) and (codes == codes[0]).all():
        return {int(codes[0])}
    return set(np.unique(codes).tolist())


class _RowSearch:
    """Choose one word per row under the cross-row rules (distinct words, hard mode) by backtracking.

    Each row tries its matches in its given order (most preferred first). Hard mode fixes the row order (each row
    depends on those above); otherwise the rows with fewest matches go first, so clashes show up early.
    Rows that cannot be filled (no match; in hard mode, a conflict with the patterns above, see
    :meth:`_hard_mode_conflict`) are left out of the search and reported.
    """

    def __init__(self, doodler: Doodler, paints: Sequence[Paint], buckets: list[np.ndarray], *,
                 distinct: bool, hard: bool):
        self.doodler = doodler
        self.buckets = buckets
        self.bucket_codes = [_distinct_codes(doodler.codes[bucket]) for bucket in buckets]
        # A row whose words all get one pattern (no wildcards, or best effort's single nearest pattern)
        self.patterns = [doodler.pattern_of(bucket[0]) if len(codes) == 1 else None
                         for bucket, codes in zip(buckets, self.bucket_codes)]
        self.distinct = distinct
        self.hard = hard
        self.doomed: dict[int, str] = {}
        rows = []
        for r in range(len(paints)):
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
        later row needs at least k coloured marks. Rows with wildcards are left to the search.
        """
        if self.patterns[r] is None:
            return None
        marks = self.patterns[r].marks
        coloured = sum(mark != GREY for mark in marks)
        for above in live:
            if self.patterns[above] is None:
                continue
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
            for i, mark in enumerate(self.doodler.marks[chosen[above]]):
                if mark != GREY:
                    counts[int(word[i])] = counts.get(int(word[i]), 0) + 1
                    if mark == GREEN:
                        fixed[i] = int(word[i])
            for letter, count in counts.items():
                needed[letter] = max(needed.get(letter, 0), count)
        return fixed, needed

    def run(self, budget: Budget | None) -> tuple[list[int | None], bool]:
        """Chosen word index per row (None where none), and whether the search finished."""
        chosen: list[int | None] = [None] * len(self.buckets)
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
        legal = self.legal(r, chosen)
        for index in range(len(legal)):  # one at a time: most rows take their first word
            candidate = int(legal[index])
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
            later = set().union(*(self.bucket_codes[s] for s in self.rows[depth:]))
            used = tuple(sorted(c for c in chosen if c is not None and int(self.doodler.codes[c]) in later))
        return depth, tuple(sorted(fixed.items())), tuple(sorted(needed.items())), used

    def _fill_greedily(self) -> list[int | None]:
        """When no full assignment exists (or the budget ran out): fill the rows that can be, in order."""
        chosen: list[int | None] = [None] * len(self.buckets)
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
