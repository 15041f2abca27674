"""The solving assistant: which answers are still possible, and which guess to make next.

Everything works on the :class:`PatternMatrix`. The answers consistent with the guesses so far are the rows
whose code in each guess's column equals the feedback received. A guess splits those candidates into
groups by the feedback it would get; its *entropy* (expected information, in bits) and its *expected
remaining* count (the mean size of the group the answer falls in) come from the group sizes, computed for
every guess at once (:func:`split_scores`).

The strategy that ``play`` follows (:class:`Strategy`) ranks guesses by entropy, preferring a possible
answer among near-equals (it can win at once). At positions with few candidates it looks further: the
best few guesses (and, in very small sets, every possible answer) are each scored by the exact total
number of guesses the strategy needs after them, recursively, and the cheapest wins; a possible answer
that tells all candidates apart is taken at once, being provably best. Results are memoised per
candidate set, so a full simulation of every answer is one walk over a shared decision tree.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.search import Budget
from puzzlewright.wordle.scoring import feedback
from puzzlewright.wordle.matrix import PatternMatrix, cache_dir, lists_key, read_array, write_array
from puzzlewright.wordle.model import Pattern

ANSWER_BONUS = 0.1  # bits: how much entropy a possible answer may give up and still be preferred
BINCOUNT_MIN = 32  # candidate sets at least this big are counted with bincounts, smaller ones by pairs
BINCOUNT_CELLS = 1 << 20  # codes counted per bincount slab (bounds memory)
LOOKAHEAD_MAX = 400  # look one move further at positions with at most this many candidates
LOOKAHEAD_WIDTH = 12  # ... among this many of the best guesses by score
ANSWERS_AS_OPTIONS = 10  # ... plus every possible answer, at positions with at most this many candidates
MAX_TURNS = 20
SPLITTER_MAX = 64  # look for a possible answer that splits all candidates apart in sets this small
KEY_BYTES = 16  # candidate sets are remembered by a 128-bit hash


@dataclass(frozen=True)
class Suggestion:
    """A ranked next guess: its expected information and the expected number of answers left after it."""

    word: str
    entropy: float
    expected_remaining: float
    possible_answer: bool


def split_scores(codes: np.ndarray, pattern_count: int) -> tuple[np.ndarray, np.ndarray]:
    """For a (candidates x guesses) code array: each guess's entropy (bits) and expected remaining count.

    With group sizes n_i over k candidates: entropy = log2 k - sum(n_i log2 n_i) / k and expected
    remaining = sum(n_i^2) / k. Large candidate sets count groups with bincounts over (guess, code)
    pairs; small ones compare candidates pairwise, which avoids touching a guesses x patterns table.
    """
    k, width = codes.shape
    if k >= BINCOUNT_MIN and pattern_count <= 1 << 16:
        sum_nlogn, sum_n2 = _group_sums_by_counting(codes, pattern_count)
    else:
        sum_nlogn, sum_n2 = _group_sums_by_pairs(codes)
    return np.log2(k) - sum_nlogn / k, sum_n2 / k


def _nlogn_table(k: int) -> np.ndarray:
    """n log2 n for n = 0..k."""
    steps = np.arange(k + 1, dtype=np.float64)
    return steps * np.log2(np.maximum(steps, 1))


def _group_sums_by_counting(codes: np.ndarray, pattern_count: int) -> tuple[np.ndarray, np.ndarray]:
    """sum(n log2 n) and sum(n^2) of each column's group sizes, by bincounts over slabs of columns."""
    k, width = codes.shape
    sum_nlogn = np.empty(width)
    sum_n2 = np.empty(width)
    step = max(1, BINCOUNT_CELLS // max(k, pattern_count))
    nlogn = _nlogn_table(k)
    for start in range(0, width, step):
        slab = codes[:, start:start + step]
        offsets = np.arange(slab.shape[1], dtype=np.int32) * pattern_count
        sizes = np.bincount((slab + offsets).ravel(), minlength=slab.shape[1] * pattern_count)
        sizes = sizes.reshape(-1, pattern_count)
        sum_nlogn[start:start + step] = nlogn[sizes].sum(axis=1)
        sum_n2[start:start + step] = (sizes * sizes).sum(axis=1)
    return sum_nlogn, sum_n2


def _group_sums_by_pairs(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """sum(n log2 n) and sum(n^2) of each column's group sizes, by comparing every pair of candidates.

    Each candidate's group size n_i is the number of candidates with its code; summing log2 n_i over the
    candidates gives sum(n log2 n) over the groups, and summing n_i gives sum(n^2). That is k^2 cheap
    comparisons per guess, which beats counting into a guesses x patterns table for small k.
    """
    k, width = codes.shape
    logs = np.log2(np.arange(1, k + 1, dtype=np.float64))
    sum_nlogn = np.zeros(width)
    sum_n2 = np.zeros(width)
    for row in codes:
        sizes = (codes == row).sum(axis=0)
        sum_nlogn += logs[sizes - 1]
        sum_n2 += sizes
    return sum_nlogn, sum_n2


class Strategy:
    """The guess to make from any set of candidate answers, and the guesses it takes from there."""

    def __init__(self, matrix: PatternMatrix, *, opener: str | None = None, lookahead: bool = True,
                 remember: bool = False):
        self.matrix = matrix
        self.pattern_count = 3**matrix.answers.table.length
        self.solved = self.pattern_count - 1
        self.lookahead = lookahead
        self.opener = self._column(opener) if opener else None
        self._cost: dict[bytes, int] = {}
        self._decisions_path = self._decisions_file() if remember else None
        self._choice: dict[bytes, int] = self._load_decisions()
        self._saved = len(self._choice)
        self._save_lock = threading.Lock()
        # The web app shares one Strategy between request threads: each thread's budget and "approximate"
        # flag are its own; the memo dicts are only ever added to, which is safe under the GIL.
        self._local = threading.local()

    @property
    def approximate(self) -> bool:
        """Whether this thread's last :meth:`choose` ran out of budget and fell back to the score."""
        return getattr(self._local, "approximate", False)

    # -- remembered decisions: the strategy is deterministic, so its choices are cached on disk ---------

    def _decisions_file(self) -> Path:
        settings = (f"{self.opener}-{self.lookahead}-{ANSWER_BONUS}-{LOOKAHEAD_MAX}-{LOOKAHEAD_WIDTH}-"
                    f"{ANSWERS_AS_OPTIONS}-{SPLITTER_MAX}")
        digest = hashlib.sha256(f"{lists_key(self.matrix.answers, self.matrix.guesses)}-{settings}".encode())
        return cache_dir() / f"wordle-strategy-{digest.hexdigest()[:24]}.npy"

    def _load_decisions(self) -> dict[bytes, int]:
        rows = read_array(self._decisions_path) if self._decisions_path else None
        if rows is None or rows.ndim != 2 or rows.shape[1] != KEY_BYTES // 4 + 1:
            return {}
        return {row[:-1].tobytes(): int(row[-1]) for row in rows}

    def save_decisions(self) -> None:
        """Write the decisions learnt in this process to the cache (when remembering and anything is new)."""
        if self._decisions_path is None or len(self._choice) == self._saved:
            return
        with self._save_lock:
            decisions = list(self._choice.items())  # one snapshot, whatever other threads add meanwhile
            keys = np.frombuffer(b"".join(k for k, _ in decisions), np.int32).reshape(-1, KEY_BYTES // 4)
            values = np.array([v for _, v in decisions], np.int32)[:, None]
            write_array(self._decisions_path, np.hstack([keys, values]))
            self._saved = len(decisions)

    @staticmethod
    def _key(candidates: np.ndarray) -> bytes:
        return hashlib.blake2b(candidates.tobytes(), digest_size=KEY_BYTES).digest()

    def _column(self, word: str) -> int:
        column = self.matrix.guesses.index.get(word)
        if column is None:
            raise PuzzleInputError(f"{word!r} is not in the guess list {self.matrix.guesses.name}")
        return column

    # -- ranking ----------------------------------------------------------------------------------

    def scores(self, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(entropy, expected remaining, is a possible answer) for every guess, given the candidates."""
        every = len(candidates) == len(self.matrix.answers)  # all answers: no copy of the whole matrix
        entropy, expected = split_scores(self.matrix.codes if every else self.matrix.codes[candidates],
                                         self.pattern_count)
        is_candidate = np.zeros(len(self.matrix.guesses), bool)
        columns = self.matrix.answer_columns[candidates]
        is_candidate[columns[columns >= 0]] = True
        return entropy, expected, is_candidate

    def ranked(self, candidates: np.ndarray, top: int) -> list[int]:
        """The ``top`` best guess columns: by entropy, a possible answer counting ANSWER_BONUS bits more."""
        entropy, _, is_candidate = self.scores(candidates)
        score = entropy + ANSWER_BONUS * is_candidate
        top = min(top, len(score))
        best = np.argpartition(-score, top - 1)[:top]
        return best[np.lexsort((best, -score[best]))].tolist()

    def suggestions(self, candidates: np.ndarray, top: int = 10, *, first: int | None = None) -> list[Suggestion]:
        """The ``top`` guesses with the most expected information, ``first`` (the guess to play) leading.

        Ties are broken the same way whatever ``top``: equal entropy (to 9 decimals), then a possible
        answer first, then alphabetical order; the whole list is sorted before it is cut.
        """
        entropy, expected, is_candidate = self.scores(candidates)
        columns = np.arange(len(entropy))
        order = np.lexsort((columns, ~is_candidate, -np.round(entropy, 9)))
        if first is not None:
            order = np.concatenate([[first], order[order != first]])
        words = self.matrix.guesses.table.words
        return [Suggestion(words[g], float(entropy[g]), float(expected[g]), bool(is_candidate[g]))
                for g in order[:top].tolist()]

    def reason(self, candidates: np.ndarray, guess: int, budget: Budget | None = None) -> str:
        """Why :meth:`choose` plays ``guess`` from these candidates, in one phrase (after a choice)."""
        k = len(candidates)
        possible = guess in self.matrix.answer_columns[candidates]
        if k <= 2:
            return "a possible answer: it wins now, or the other one follows"
        if self.approximate:
            return "the most information: time ran out looking further ahead"
        if k <= SPLITTER_MAX and possible and self._splitting_answer(candidates) == guess:
            return (f"a possible answer whose feedback tells all {k} candidates apart: no strategy needs "
                    f"fewer guesses")
        if self._looks_ahead(candidates):
            self._local.budget = budget
            try:
                average = f": {self._cost_after(candidates, guess) / k:.2f} guesses on average from here"
            except BudgetExceeded:
                average = ""
            finally:
                self._local.budget = None
            return f"the fewest guesses over all {k} candidates, looking ahead{average}"
        if possible:
            return f"the most information, a possible answer counting {ANSWER_BONUS} bit more"
        return "the most information (expected bits)"

    # -- the playing strategy ---------------------------------------------------------------------

    def choose(self, candidates: np.ndarray, *, first: bool = False, budget: Budget | None = None) -> int:
        """The guess column to play given the candidate answer indexes (sorted).

        With a ``budget`` that runs out during the lookahead, the best guess by score is returned instead
        (and not remembered); :attr:`approximate` then says so.
        """
        self._local.approximate = False
        if first and self.opener is not None:
            return self.opener
        self._local.budget = budget
        try:
            return self._choose(candidates)
        except BudgetExceeded:
            self._local.approximate = True
            return self.ranked(candidates, 1)[0]
        finally:
            self._local.budget = None

    def _choose(self, candidates: np.ndarray) -> int:
        if len(candidates) <= 2:
            return int(self.matrix.answer_columns[candidates[0]])
        key = self._key(candidates)
        choice = self._choice.get(key)
        if choice is None and len(candidates) <= SPLITTER_MAX:
            choice = self._splitting_answer(candidates)
        if choice is None:
            options = self._options(candidates)
            if len(options) > 1:
                choice = min(options, key=lambda g: (self._cost_after(candidates, g), options.index(g)))
            else:
                choice = options[0]
            self._choice[key] = choice
        return choice

    def _options(self, candidates: np.ndarray) -> list[int]:
        """The guesses worth a lookahead: the best by score, and every possible answer in a small set."""
        if not self._looks_ahead(candidates):
            return self.ranked(candidates, 1)
        options = self.ranked(candidates, LOOKAHEAD_WIDTH)
        if len(candidates) <= ANSWERS_AS_OPTIONS:
            options += [int(c) for c in self.matrix.answer_columns[candidates] if c not in options]
        return options

    def _splitting_answer(self, candidates: np.ndarray) -> int | None:
        """A possible answer whose feedback tells every candidate apart, if there is one.

        Playing it needs 2k - 1 guesses in total over k candidates (one is solved now, each other one
        next turn), the least any strategy can do, so no ranking or lookahead is needed.
        """
        columns = self.matrix.answer_columns[candidates]
        codes = np.sort(self.matrix.codes[np.ix_(candidates, columns)], axis=0)
        splitting = np.flatnonzero((codes[1:] != codes[:-1]).all(axis=0))
        return int(columns[splitting[0]]) if len(splitting) else None

    def _looks_ahead(self, candidates: np.ndarray) -> bool:
        return self.lookahead and len(candidates) <= LOOKAHEAD_MAX

    def groups(self, candidates: np.ndarray, guess: int) -> list[tuple[int, np.ndarray]]:
        """The candidates split by the code ``guess`` would get: (code, sorted answer indexes) pairs."""
        codes = self.matrix.codes[candidates, guess]
        order = np.argsort(codes, kind="stable")
        bounds = np.flatnonzero(np.diff(codes[order])) + 1
        parts = np.split(candidates[order], bounds)
        return [(int(codes[part_order[0]]), part) for part, part_order in zip(parts, np.split(order, bounds))]

    def _cost_after(self, candidates: np.ndarray, guess: int) -> int:
        """Total guesses over all candidates when ``guess`` is played now and the rule after it."""
        budget = getattr(self._local, "budget", None)
        if budget is not None:
            budget.check()
        total = len(candidates)
        for code, group in self.groups(candidates, guess):
            if code != self.solved:
                total += self.cost(group)
        return total

    def cost(self, candidates: np.ndarray) -> int:
        """Total guesses the strategy needs over all these candidates (each answer counted once)."""
        if len(candidates) == 1:
            return 1
        key = candidates.tobytes()
        total = self._cost.get(key)
        if total is None:
            total = self._cost[key] = self._cost_after(candidates, self._choose(candidates))
        return total


@dataclass(frozen=True)
class Turn:
    """One played guess and the feedback it got."""

    word: str
    pattern: Pattern


class Assistant:
    """Filters the answers by the guesses so far and recommends the next guess."""

    def __init__(self, matrix: PatternMatrix, strategy: Strategy | None = None):
        self.matrix = matrix
        self.strategy = strategy or Strategy(matrix)

    @property
    def all_answers(self) -> np.ndarray:
        return np.arange(len(self.matrix.answers))

    def candidates(self, turns: Sequence[Turn]) -> np.ndarray:
        """The answers consistent with every turn; names the first turn that leaves none."""
        left = self.all_answers
        for number, turn in enumerate(turns, 1):
            left = left[self.matrix.column(turn.word)[left] == turn.pattern.code]
            if not len(left):
                before = " with the guesses before it" if number > 1 else ""
                raise PuzzleInputError(f"guess {number} ({turn.word} {turn.pattern}) is inconsistent{before}: "
                                       f"no answer in {self.matrix.answers.name} fits")
        return left

    def next_guess(self, candidates: np.ndarray, turn_number: int, budget: Budget | None = None) -> str:
        """The strategy's next guess (its best by score alone if ``budget`` runs out first)."""
        column = self.strategy.choose(candidates, first=turn_number == 1, budget=budget)
        return self.matrix.guesses.table.words[column]

    def play(self, answer: str, turns: Sequence[Turn] = (), budget: Budget | None = None) -> list[Turn]:
        """Play a whole game against ``answer`` (after any given turns): every turn up to the solve."""
        played = list(turns)
        while not played or not played[-1].pattern.is_solved:
            if len(played) >= MAX_TURNS or (budget is not None and not budget.spend()):
                break
            guess = self.next_guess(self.candidates(played), len(played) + 1, budget)
            played.append(Turn(guess, feedback(guess, answer)))
        return played

    def simulate_all(self, budget: Budget | None = None) -> dict[int, int]:
        """How many answers the strategy solves in each number of guesses (walking the decision tree);
        :class:`BudgetExceeded` when ``budget`` runs out first (a partial average would mislead)."""
        histogram: dict[int, int] = {}
        pending = [(self.all_answers, 1)]
        while pending:
            if budget is not None:  # each node is a whole choice: read the clock every time
                budget.spend()
                if budget.ran_out():
                    raise BudgetExceeded(budget.describe())
            candidates, depth = pending.pop()
            guess = self.strategy.choose(candidates, first=depth == 1)
            for code, group in self.strategy.groups(candidates, guess):
                if code == self.strategy.solved:
                    histogram[depth] = histogram.get(depth, 0) + 1
                else:
                    pending.append((group, depth + 1))
        return dict(sorted(histogram.items()))
