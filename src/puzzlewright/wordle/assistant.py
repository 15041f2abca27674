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

Equal scores are ordered by the project's tie rule (:func:`puzzlewright.ranking.best_rows`): a possible
answer first, then the more familiar word, then alphabetical; the same on every machine. (Before, which
of many equally good guesses made the lookahead's shortlist was left to ``np.argpartition``, whose choice
among ties depends on the CPU's vector instructions.)
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.letters import letter_codes
from puzzlewright.ranking import best_rows
from puzzlewright.budget import Budget, paced
from puzzlewright.wordle.scoring import feedback
from puzzlewright.wordle.matrix import PatternMatrix, cache_dir, lists_key, read_array, write_array
from puzzlewright.wordle.model import GREEN, GREY, Pattern
from puzzlewright.wordle.words import familiarity

ANSWER_BONUS = 0.1  # bits: how much entropy a possible answer may give up and still be preferred
BINCOUNT_MIN = 32  # candidate sets at least this big are counted with bincounts, smaller ones by pairs
BINCOUNT_CELLS = 1 << 20  # codes counted per bincount slab (bounds memory)
LOOKAHEAD_MAX = 400  # look one move further at positions with at most this many candidates
LOOKAHEAD_WIDTH = 12  # ... among this many of the best guesses by score
ANSWERS_AS_OPTIONS = 10  # ... plus every possible answer, at positions with at most this many candidates
MAX_TURNS = 20
SPLITTER_MAX = 64  # look for a possible answer that splits all candidates apart in sets this small
KEY_BYTES = 16  # candidate sets are remembered by a 128-bit hash
HARD_LOOKAHEAD_WIDTH = 12  # hard mode's lookahead width (fewer guesses are legal, each matters more)
MAX_GUESSES = 6  # the game's limit: :meth:`Strategy.within` makes every answer solvable within it
REPAIR_WIDTH = 50  # guesses tried (by score) where the strategy's own choice takes too many guesses
DECISIONS_VERSION = 2  # bump when the strategy's choices change (2: the tie rule), so remembered ones are dropped


@dataclass(frozen=True)
class Suggestion:
    """A ranked next guess: its expected information and the expected number of answers left after it."""

    word: str
    entropy: float
    expected_remaining: float
    possible_answer: bool


def split_scores(codes: np.ndarray, pattern_count: int, budget: Budget | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For a (candidates x guesses) code array: each guess's entropy (bits) and expected remaining count.

    With group sizes n_i over k candidates: entropy = log2 k - sum(n_i log2 n_i) / k and expected
    remaining = sum(n_i^2) / k. Large candidate sets count groups with bincounts over (guess, code)
    pairs; small ones compare candidates pairwise, which avoids touching a guesses x patterns table.
    ``budget`` is checked as the scoring goes (:func:`~puzzlewright.budget.paced`): scoring every guess of
    a request's own 100,000-word list takes half a second.
    """
    k, width = codes.shape
    if k >= BINCOUNT_MIN and pattern_count <= 1 << 16:
        sum_nlogn, sum_n2 = _group_sums_by_counting(codes, pattern_count, budget)
    else:
        sum_nlogn, sum_n2 = _group_sums_by_pairs(codes)  # fewer than BINCOUNT_MIN rows: milliseconds
    return np.log2(k) - sum_nlogn / k, sum_n2 / k


def _nlogn_table(k: int) -> np.ndarray:
    """n log2 n for n = 0..k."""
    steps = np.arange(k + 1, dtype=np.float64)
    return steps * np.log2(np.maximum(steps, 1))


def _group_sums_by_counting(codes: np.ndarray, pattern_count: int, budget: Budget | None = None
                            ) -> tuple[np.ndarray, np.ndarray]:
    """sum(n log2 n) and sum(n^2) of each column's group sizes, by bincounts over slabs of columns."""
    k, width = codes.shape
    sum_nlogn = np.empty(width)
    sum_n2 = np.empty(width)
    step = max(1, BINCOUNT_CELLS // max(k, pattern_count))
    nlogn = _nlogn_table(k)
    for start in paced(range(0, width, step), budget, every=1):
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


@dataclass(frozen=True)
class HardRules:
    """What hard mode demands of the next guess: each revealed green kept in place, and each revealed
    letter (green or yellow) used at least as many times as one earlier guess revealed it."""

    fixed: tuple[tuple[int, int], ...] = ()  # (position, letter code), sorted
    least: tuple[tuple[int, int], ...] = ()  # (letter code, least count), sorted

    def after(self, letters: Sequence[int], marks: Sequence[int]) -> HardRules:
        """The rules once a guess of ``letters`` got ``marks``."""
        fixed = dict(self.fixed)
        least = dict(self.least)
        revealed: dict[int, int] = {}
        for position, (letter, mark) in enumerate(zip(letters, marks)):
            letter = int(letter)
            if mark == GREEN:
                fixed[position] = letter
            if mark != GREY:
                revealed[letter] = revealed.get(letter, 0) + 1
        for letter, count in revealed.items():
            least[letter] = max(least.get(letter, 0), count)
        return HardRules(tuple(sorted(fixed.items())), tuple(sorted(least.items())))

    def allows(self, letters: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """Which words (their (k, n) letter codes and (k, 26) letter counts) are legal guesses now."""
        legal = np.ones(len(letters), bool)
        for position, letter in self.fixed:
            legal &= letters[:, position] == letter
        for letter, count in self.least:
            legal &= counts[:, letter] >= count
        return legal

    def key(self) -> bytes:
        """These rules as bytes, for memo keys."""
        return bytes(v for pair in self.fixed + ((255, 255),) + self.least for v in pair)


class Strategy:
    """The guess to make from any set of candidate answers, and the guesses it takes from there.

    With ``hard``, every method taking candidates also takes the :class:`HardRules` of the position, and
    only guesses those rules allow are ranked, suggested or played (a possible answer always is: it fits
    every feedback so far).
    """

    def __init__(self, matrix: PatternMatrix, *, opener: str | None = None, lookahead: bool = True,
                 remember: bool = False, hard: bool = False):
        self.matrix = matrix
        self.pattern_count = 3**matrix.answers.table.length
        self.solved = self.pattern_count - 1
        self.lookahead = lookahead
        self.hard = hard
        self.opener = self._column(opener) if opener else None
        self.familiarity = familiarity(matrix.guesses.table)  # each guess's, for breaking ties
        self._cost: dict[bytes, int] = {}
        self._fits: set[tuple[bytes, int]] = set()  # positions known to finish within so many guesses
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
                    f"{ANSWERS_AS_OPTIONS}-{SPLITTER_MAX}" + (f"-hard{HARD_LOOKAHEAD_WIDTH}" if self.hard else "")
                    + (f"-v{DECISIONS_VERSION}" if DECISIONS_VERSION > 1 else ""))
        digest = hashlib.sha256(f"{lists_key(self.matrix.answers, self.matrix.guesses)}-{settings}".encode())
        for pool in (self.matrix.answers, self.matrix.guesses):  # ties go to the more familiar word
            digest.update(pool.table.familiarity.tobytes())
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
    def _key(candidates: np.ndarray, rules: HardRules | None = None) -> bytes:
        data = candidates.tobytes() + (rules.key() if rules is not None else b"")
        return hashlib.blake2b(data, digest_size=KEY_BYTES).digest()

    def rules_after(self, rules: HardRules | None, guess: int, code: int) -> HardRules | None:
        """The hard-mode rules after guess column ``guess`` got ``code`` (None when not in hard mode)."""
        if rules is None:
            return None
        marks = Pattern.from_code(code, self.matrix.answers.table.length).marks
        return rules.after(self.matrix.guesses.scorer.letters[guess], marks)

    def legal(self, rules: HardRules | None) -> np.ndarray | None:
        """Which guess columns the rules allow (None: every one)."""
        if rules is None or not (rules.fixed or rules.least):
            return None
        scorer = self.matrix.guesses.scorer
        return rules.allows(scorer.letters, scorer.counts)

    def _column(self, word: str) -> int:
        column = self.matrix.guesses.index.get(word)
        if column is None:
            raise PuzzleInputError(f"{word!r} is not in the guess list {self.matrix.guesses.name}")
        return column

    # -- ranking ----------------------------------------------------------------------------------

    def scores(self, candidates: np.ndarray, rules: HardRules | None = None, budget: Budget | None = None
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(entropy, expected remaining, is a possible answer) for every guess, given the candidates; a
        guess the hard-mode ``rules`` forbid gets entropy -inf and expected remaining +inf. Scoring stops
        when ``budget`` must (:meth:`~puzzlewright.budget.Budget.check_finishing`)."""
        every = len(candidates) == len(self.matrix.answers)  # all answers: no copy of the whole matrix
        codes = self.matrix.codes if every else self.matrix.codes[candidates]
        legal = self.legal(rules)
        if legal is None:
            entropy, expected = split_scores(codes, self.pattern_count, budget)
        else:
            entropy = np.full(len(legal), -np.inf)
            expected = np.full(len(legal), np.inf)
            entropy[legal], expected[legal] = split_scores(codes[:, legal], self.pattern_count, budget)
        is_candidate = np.zeros(len(self.matrix.guesses), bool)
        columns = self.matrix.answer_columns[candidates]
        is_candidate[columns[columns >= 0]] = True
        return entropy, expected, is_candidate

    def ranked(self, candidates: np.ndarray, top: int, rules: HardRules | None = None, *,
               with_answers: bool = False) -> list[int]:
        """The ``top`` best (legal) guess columns: by entropy, a possible answer counting ANSWER_BONUS bits
        more, ties broken by the tie rule (a possible answer, then the more familiar, then alphabetical).
        With ``with_answers``, every possible answer not among them follows, in the same order."""
        entropy, _, is_candidate = self.scores(candidates, rules)
        score = entropy + ANSWER_BONUS * is_candidate
        score[(entropy <= 0) & ~is_candidate] = -np.inf  # learns nothing (hard mode may leave only such)
        top = min(top, int(np.isfinite(score).sum()))
        best = best_rows(self.familiarity, score, possible=is_candidate, top=top)
        if with_answers:
            answers = np.setdiff1d(self.matrix.answer_columns[candidates], best)
            answers = answers[answers >= 0]
            best = np.concatenate([best, answers[best_rows(self.familiarity[answers], score[answers],
                                                           possible=is_candidate[answers], rows=answers)]])
        return best.tolist()

    def suggestions(self, candidates: np.ndarray, top: int = 10, *, first: int | None = None,
                    rules: HardRules | None = None, budget: Budget | None = None) -> list[Suggestion]:
        """The ``top`` (legal) guesses with the most expected information, ``first`` (the guess to play)
        leading.

        Ties are broken the same way whatever ``top``: equal entropy (to 9 decimals), then a possible
        answer first, then the more familiar, then alphabetical order; the whole list is sorted before it
        is cut. The scoring is part of the answer: it stops with ``budget``.
        """
        entropy, expected, is_candidate = self.scores(candidates, rules, budget)
        order = best_rows(self.familiarity, entropy, possible=is_candidate)
        order = order[np.isfinite(entropy[order])]
        if first is not None:
            order = np.concatenate([[first], order[order != first]])
        words = self.matrix.guesses.table.words
        return [Suggestion(words[g], float(entropy[g]), float(expected[g]), bool(is_candidate[g]))
                for g in order[:top].tolist()]

    def reason(self, candidates: np.ndarray, guess: int, budget: Budget | None = None,
               rules: HardRules | None = None) -> str:
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
                average = f": {self._cost_after(candidates, guess, rules) / k:.2f} guesses on average from here"
            except BudgetExceeded:
                average = ""
            finally:
                self._local.budget = None
            return f"the fewest guesses over all {k} candidates, looking ahead{average}"
        if possible:
            return f"the most information, a possible answer counting {ANSWER_BONUS} bit more"
        return "the most information (expected bits)"

    # -- the playing strategy ---------------------------------------------------------------------

    def choose(self, candidates: np.ndarray, *, first: bool = False, budget: Budget | None = None,
               rules: HardRules | None = None) -> int:
        """The guess column to play given the candidate answer indexes (sorted).

        With a ``budget`` that runs out during the lookahead, the best guess by score is returned instead
        (and not remembered); :attr:`approximate` then says so.
        """
        self._local.approximate = False
        if first and self.opener is not None:
            return self.opener
        self._local.budget = budget
        try:
            return self._choose(candidates, rules)
        except BudgetExceeded:
            self._local.approximate = True
            return self.ranked(candidates, 1, rules)[0]
        finally:
            self._local.budget = None

    def _choose(self, candidates: np.ndarray, rules: HardRules | None = None) -> int:
        if len(candidates) <= 2:
            return int(self.matrix.answer_columns[candidates[0]])
        key = self._key(candidates, rules)
        choice = self._choice.get(key)
        if choice is None and len(candidates) <= SPLITTER_MAX:
            choice = self._splitting_answer(candidates)
        if choice is None:
            options = self._options(candidates, rules)
            if len(options) > 1:  # the cheapest; of equal costs, the first option (options are ranked)
                choice = min(options, key=lambda g: (self._cost_after(candidates, g, rules), options.index(g)))
            else:
                choice = options[0]
            self._choice[key] = choice
        return choice

    def _options(self, candidates: np.ndarray, rules: HardRules | None = None) -> list[int]:
        """The guesses worth a lookahead, ranked (:meth:`ranked`): the best by score, and every possible
        answer in a small set."""
        if not self._looks_ahead(candidates):
            return self.ranked(candidates, 1, rules)
        return self.ranked(candidates, HARD_LOOKAHEAD_WIDTH if self.hard else LOOKAHEAD_WIDTH, rules,
                           with_answers=len(candidates) <= ANSWERS_AS_OPTIONS)

    def _splitting_answer(self, candidates: np.ndarray) -> int | None:
        """A possible answer whose feedback tells every candidate apart, if there is one.

        Playing it needs 2k - 1 guesses in total over k candidates (one is solved now, each other one
        next turn), the least any strategy can do, so no lookahead is needed; of several, the tie rule
        picks (the most familiar, then the alphabetically first).
        """
        columns = self.matrix.answer_columns[candidates]
        codes = np.sort(self.matrix.codes[np.ix_(candidates, columns)], axis=0)
        splitting = columns[(codes[1:] != codes[:-1]).all(axis=0)]
        if not len(splitting):
            return None
        return int(splitting[best_rows(self.familiarity[splitting], rows=splitting, top=1)[0]])

    def _looks_ahead(self, candidates: np.ndarray) -> bool:
        return self.lookahead and len(candidates) <= LOOKAHEAD_MAX

    def groups(self, candidates: np.ndarray, guess: int) -> list[tuple[int, np.ndarray]]:
        """The candidates split by the code ``guess`` would get: (code, sorted answer indexes) pairs."""
        codes = self.matrix.codes[candidates, guess]
        order = np.argsort(codes, kind="stable")
        bounds = np.flatnonzero(np.diff(codes[order])) + 1
        parts = np.split(candidates[order], bounds)
        return [(int(codes[part_order[0]]), part) for part, part_order in zip(parts, np.split(order, bounds))]

    def _cost_after(self, candidates: np.ndarray, guess: int, rules: HardRules | None = None) -> int:
        """Total guesses over all candidates when ``guess`` is played now and the rule after it."""
        budget = getattr(self._local, "budget", None)
        if budget is not None:
            budget.check()
        total = len(candidates)
        for code, group in self.groups(candidates, guess):
            if code != self.solved:
                total += self.cost(group, self.rules_after(rules, guess, code))
        return total

    def within(self, candidates: np.ndarray, rules: HardRules | None, remaining: int, *, first: bool = False) -> bool:
        """Make the strategy solve every candidate in at most ``remaining`` more guesses, if it can.

        The choices that minimise the total can, rarely, leave a long path (hard mode's traps such as
        _IGHT). Each position's choice is checked recursively; where it takes too long, the best
        :data:`REPAIR_WIDTH` guesses by score and the possible answers are tried instead, and the first
        that fits replaces the choice (remembered like any other). False when none does. With ``first``,
        the opener (when set) is kept.
        """
        if first and self.opener is not None:
            return all(code == self.solved or self.within(group, self.rules_after(rules, self.opener, code),
                                                          remaining - 1)
                       for code, group in self.groups(candidates, self.opener))
        if len(candidates) == 1:
            return remaining >= 1
        if remaining <= 1:
            return False
        key = self._key(candidates, rules)
        if (key, remaining) in self._fits:
            return True
        choice = self._choose(candidates, rules)
        options = [choice]
        for g in self.ranked(candidates, REPAIR_WIDTH, rules) + self.matrix.answer_columns[candidates].tolist():
            if g not in options:
                options.append(g)
        for guess in options:
            if all(code == self.solved or self.within(group, self.rules_after(rules, guess, code), remaining - 1)
                   for code, group in self.groups(candidates, guess)):
                self._choice[key] = guess
                self._fits.add((key, remaining))
                return True
        return False

    def cost(self, candidates: np.ndarray, rules: HardRules | None = None) -> int:
        """Total guesses the strategy needs over all these candidates (each answer counted once)."""
        if len(candidates) == 1:
            return 1
        key = candidates.tobytes() + (rules.key() if rules is not None else b"")
        total = self._cost.get(key)
        if total is None:
            total = self._cost[key] = self._cost_after(candidates, self._choose(candidates, rules), rules)
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

    def rules(self, turns: Sequence[Turn]) -> HardRules | None:
        """The hard-mode rules after these turns (None when the strategy plays normal mode)."""
        if not self.strategy.hard:
            return None
        rules = HardRules()
        for turn in turns:
            rules = rules.after(letter_codes(turn.word), turn.pattern.marks)
        return rules

    def next_guess(self, candidates: np.ndarray, turn_number: int, budget: Budget | None = None,
                   rules: HardRules | None = None) -> str:
        """The strategy's next guess (its best by score alone if ``budget`` runs out first). In hard mode
        the position is first made to finish within the game's six guesses (:meth:`Strategy.within`)."""
        if rules is not None and turn_number > 1:
            self.strategy.within(candidates, rules, max(MAX_GUESSES - turn_number + 1, 1))
        column = self.strategy.choose(candidates, first=turn_number == 1, budget=budget, rules=rules)
        return self.matrix.guesses.table.words[column]

    def play(self, answer: str, turns: Sequence[Turn] = (), budget: Budget | None = None) -> list[Turn]:
        """Play a whole game against ``answer`` (after any given turns): every turn up to the solve."""
        played = list(turns)
        while not played or not played[-1].pattern.is_solved:
            if len(played) >= MAX_TURNS or (budget is not None and not budget.spend()):
                break
            guess = self.next_guess(self.candidates(played), len(played) + 1, budget, self.rules(played))
            played.append(Turn(guess, feedback(guess, answer)))
        return played

    def simulate_all(self, budget: Budget | None = None) -> tuple[dict[int, int], bool]:
        """How many answers the strategy solves in each number of guesses (walking the decision tree), and
        whether it walked all of it: when ``budget`` runs out first, the answers solved so far and False
        (:class:`BudgetExceeded` when it ran out before any game was over: there is nothing to give)."""
        histogram: dict[int, int] = {}
        self.strategy.within(self.all_answers, self.rules(()), MAX_GUESSES, first=True)
        pending = [(self.all_answers, 1, self.rules(()))]
        while pending:
            if budget is not None:  # each node is a whole choice: read the clock every time
                budget.spend()
                if budget.ran_out():
                    if not histogram:
                        raise BudgetExceeded(budget.describe())
                    return dict(sorted(histogram.items())), False
            candidates, depth, rules = pending.pop()
            guess = self.strategy.choose(candidates, first=depth == 1, rules=rules)
            for code, group in self.strategy.groups(candidates, guess):
                if code == self.strategy.solved:
                    histogram[depth] = histogram.get(depth, 0) + 1
                else:
                    pending.append((group, depth + 1, self.strategy.rules_after(rules, guess, code)))
        return dict(sorted(histogram.items())), True
