"""Making a Jumble from its final answer: the scrambled words whose circled letters spell it.

A setter has a cartoon and a punch line (``BEE WORTH IT``, or ``LOST {HIS} BALANCE`` where the braced word
is printed, not drawn from the circles). The generator finds words of the requested lengths (the classic
5, 5, 6, 6) whose circled letters are exactly the answer's open letters, and a scramble for each:

* **Words** come from the constructor policy (:mod:`puzzlewright.lexicon.policy`, ``Use.CONSTRUCT``: no
  offensive word, no vulgar word or name unless allowed) at or above a familiarity floor; a word must be
  the only word of the whole dictionary with its letters (so its scramble has exactly one unscrambling),
  must not share a stem with an answer word (:func:`puzzlewright.jumble.relations.stem`) or with another
  word of the puzzle.
* **Circles**: 1-4 per word (fewer than its letters), as even as the answer allows; never a block at one
  end of the word (``OO---``, ``---OO``, a lone circle on the first or last letter).
* **The search** is a randomised depth-first search over the slots: each slot but the last takes a word
  holding enough of the letters left, preferring the letter fewest candidate words hold (so a J or a Z
  is placed while there is room for it), and circles the hardest letters it can; the last slot looks up,
  in one vectorised comparison, the words holding exactly what is left. It stops after a fixed number of
  word picks (so a seed always gives the same puzzles) or when the time budget runs out.
* **Scrambles**: every ordering of a word of up to :data:`ENUMERATED_LENGTH` letters (a seeded sample
  for longer ones) is scored: no run of more than :data:`MAX_RUN` of the word's letters in order, at
  most one letter in its own place, and the fewer of both the better; the best are drawn from at random.
* **Proof**: each kept puzzle is solved by the Jumble solver (:func:`puzzlewright.jumble.solver.solve_jumble`)
  with its caption: every scramble must unscramble one way only, and the puzzle records where the solver
  ranks the intended answer and how many answers tie with it.

Puzzles are ranked by their words' familiarity and their scrambles' quality, inflected forms (plurals,
-ED, -ING) counting against; ties go by :func:`puzzlewright.ranking.tie_key`. Input no puzzle can carry
(too few or too many letters for the words, letters the candidate words cannot hold enough of) raises
:class:`~puzzlewright.errors.PuzzleInputError` saying why, before any search.
"""

from __future__ import annotations

import itertools
import random
import re
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any

import numpy as np

from puzzlewright.errors import BudgetExceeded, PuzzleInputError, whole_number
from puzzlewright.jumble.model import MAX_WORD_LENGTH, AnswerPattern, JumbleWord
from puzzlewright.jumble.rank import Ranker
from puzzlewright.jumble.relations import stem
from puzzlewright.jumble.schema import DEFAULT_GENERATE_COMMONNESS, DEFAULT_GENERATE_TIME_LIMIT, DEFAULT_LENGTHS
from puzzlewright.jumble.solver import solve_jumble
from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.forms import ed_or_ing, plural
from puzzlewright.lexicon.policy import Use, left_out_flags, left_out_note, publishable
from puzzlewright.ranking import tie_key, tie_level
from puzzlewright.budget import Budget

MIN_CIRCLES, MAX_CIRCLES = 1, 4
MIN_LENGTH, MAX_LENGTH = 4, 10
MIN_WORDS, MAX_WORDS = 2, 8
MAX_RUN = 2  # the most letters of a word a scramble may keep together, in order
MAX_KEPT_PLACES = 1  # the most letters a scramble may leave in their own place
ENUMERATED_LENGTH = 5  # scrambles of words up to this long are all scored; longer words get a sample
SAMPLED_SCRAMBLES = 240
MAX_PICKS = 5_000  # word picks the search makes at most (a node budget: the same seed, the same puzzles)
TRIES = 3  # words a slot tries before its search backs up
OVERSAMPLE = 3  # word sets found per puzzle asked for, to rank from
EXTRA_SETS = 5
CHECK_TOP = 10  # answers the proof's solve ranks, to place the intended one
INFLECTED_PENALTY = 0.5  # per inflected word (plural, -ED, -ING), in familiarity units


@dataclass(frozen=True)
class Target:
    """The final answer: its words in order and which of them are printed (not from the circles)."""

    words: tuple[str, ...]
    printed: tuple[bool, ...]

    @classmethod
    def parse(cls, text: str) -> Target:
        """``BEE WORTH IT`` or ``LOST {HIS} BALANCE`` (braced words are printed); hyphens separate words,
        quotes and apostrophes are dropped (``DON'T`` is the 4-letter word DONT)."""
        if not isinstance(text, str) or not text.strip():
            raise PuzzleInputError("the answer is empty: give its words, e.g. 'BEE WORTH IT'")
        words, printed = [], []
        for token in text.split():
            if re.fullmatch(r"[-_\u2013\u2014]+", token):
                raise PuzzleInputError(f"answer {text.strip()!r}: {token!r} is a blank, and a pattern of dashes cannot "
                                       "be jumbled: give the answer's words (printed ones in braces, {HIS})")
            for part in re.split(r"[-\u2013\u2014]+", token):  # SITE-SEEING is two words
                core = re.sub(r"[\"'\u2018\u2019\u201c\u201d,.!?:;()]", "", part)
                if not core:
                    continue
                braced = core.startswith("{") and core.endswith("}")
                word = (core[1:-1] if braced else core).lower()
                if not word or not word.isascii() or not word.isalpha():
                    raise PuzzleInputError(f"answer {text.strip()!r}: {part!r} must be a word of letters a-z, or a "
                                           "printed word in braces like {HIS}")
                words.append(word)
                printed.append(braced)
        if not words:
            raise PuzzleInputError(f"answer {text.strip()!r} has no words")
        if all(printed):
            raise PuzzleInputError(f"answer {text.strip()!r} has only printed words: nothing comes from the circles")
        return cls(tuple(words), tuple(printed))

    @property
    def open_words(self) -> tuple[str, ...]:
        """The words spelt by the circled letters."""
        return tuple(w for w, p in zip(self.words, self.printed) if not p)

    @property
    def letters(self) -> str:
        """The circled letters the answer needs, sorted."""
        return "".join(sorted("".join(self.open_words)))

    @cached_property
    def pattern(self) -> AnswerPattern:
        """The answer's pattern as the solver reads it (``--- ----- --``, ``---- {HIS} -------``)."""
        return AnswerPattern.parse(" ".join("{" + w.upper() + "}" if p else "-" * len(w)
                                            for w, p in zip(self.words, self.printed)))

    def render(self) -> str:
        return " ".join(w.upper() for w in self.words)


@dataclass(frozen=True)
class SlotWords:
    """The words one length of slot may take, alphabetical, with their letter counts and familiarity."""

    length: int
    words: tuple[str, ...]
    counts: np.ndarray  # (words x 26) int16
    familiarity: np.ndarray

    def __len__(self) -> int:
        return len(self.words)


@dataclass(frozen=True)
class Placed:
    """A word of a puzzle with its circled positions."""

    word: str
    circles: tuple[int, ...]


@dataclass(frozen=True)
class Scramble:
    """A word's scramble and how far it is from the word (0 is best; more negative is closer)."""

    text: str
    quality: float


@dataclass(frozen=True)
class Recovery:
    """Where the Jumble solver, given the puzzle and its caption, ranks the intended answer."""

    rank: int | None  # 1-based; None when it is not among the solver's CHECK_TOP answers
    ties: int  # other answers with the same score
    solver_best: str | None
    complete: bool = True  # False: the time ran out during the solver's search, so its ranking is partial

    def describe(self, answer: str) -> str:
        cut = "" if self.complete else " (its search ran out of time: the ranking is partial)"
        if self.rank is None:
            return f"the solver does not rank {answer} among its top {CHECK_TOP} answers{cut}"
        place = "first" if self.rank == 1 else ordinal(self.rank)
        tied = f", tied with {self.ties} other answer{'s' if self.ties != 1 else ''}" if self.ties else ""
        return f"the solver ranks {answer} {place}{tied}{cut}"


def ordinal(n: int) -> str:
    """``2nd``, ``3rd``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Puzzle:
    """A generated Jumble: its words in slot order, their scrambles, its score and its proof."""

    placed: tuple[Placed, ...]
    scrambles: tuple[Scramble, ...]
    familiarity: tuple[float, ...]
    score: float
    recovery: Recovery | None = None

    @property
    def words(self) -> tuple[JumbleWord, ...]:
        return tuple(JumbleWord(s.text, p.circles) for p, s in zip(self.placed, self.scrambles))

    @property
    def quality(self) -> float:
        return sum(s.quality for s in self.scrambles) / len(self.scrambles)

    def sort_key(self) -> tuple[object, ...]:
        return tie_key(" ".join(p.word for p in self.placed), min(self.familiarity), self.score)


@dataclass
class Generated:
    """What :func:`generate_jumbles` made: the puzzles, best first, and notes on the search."""

    puzzles: list[Puzzle]
    complete: bool = True
    notes: list[str] = field(default_factory=list)


def parse_lengths(value: Sequence[int] | str | None) -> tuple[int, ...]:
    """The slots' word lengths from a list or ``"5,5,6,6"`` (default :data:`DEFAULT_LENGTHS`), checked."""
    if value is None:
        return DEFAULT_LENGTHS
    if isinstance(value, str):
        parts = [p for p in re.split(r"[\s,]+", value.strip()) if p]
        if not all(p.isdigit() for p in parts):
            raise PuzzleInputError(f"word lengths {value!r} must be whole numbers like 5,5,6,6")
        lengths = tuple(whole_number(p, "word length") for p in parts)
    else:
        lengths = tuple(value)
    if not MIN_WORDS <= len(lengths) <= MAX_WORDS:
        raise PuzzleInputError(f"a Jumble takes {MIN_WORDS}-{MAX_WORDS} words, not {len(lengths)}")
    bad = [n for n in lengths if not MIN_LENGTH <= n <= MAX_LENGTH]
    if bad:
        raise PuzzleInputError(f"word length {bad[0]} is impossible: jumbled words have {MIN_LENGTH}-{MAX_LENGTH} "
                               "letters")
    return lengths


def circle_range(length: int) -> tuple[int, int]:
    """The fewest and most circles a word of ``length`` letters takes (never all of its letters)."""
    return MIN_CIRCLES, min(MAX_CIRCLES, length - 1)


def check_size(target: Target, lengths: tuple[int, ...]) -> None:
    """Refuse an answer too short or too long for the words' circles, saying by how much."""
    need = len(target.letters)
    fewest = sum(circle_range(n)[0] for n in lengths)
    most = sum(circle_range(n)[1] for n in lengths)
    if need < fewest:
        raise PuzzleInputError(f"the answer has {need} letters to circle but {len(lengths)} words need at least "
                               f"{fewest} (one circle each): use fewer words")
    if need > most:
        raise PuzzleInputError(f"the answer has {need} letters to circle but {len(lengths)} words of lengths "
                               f"{', '.join(map(str, lengths))} hold at most {most} ({MAX_CIRCLES} circles a "
                               "word, never all its letters): shorten the answer, print some of its words "
                               "({HIS}) or use more words")


def single_reading_words(words: Lexicon, dictionary: Lexicon, length: int, floor: float) -> SlotWords:
    """The words of ``words`` of ``length`` letters at or above familiarity ``floor`` that are the only
    word of ``dictionary`` with their letters; memoised per lexicons (by identity), length and floor, as
    the web app asks for the same few again and again."""
    from puzzlewright.cache import recall_for, remember_for

    key = (id(words), id(dictionary), length, floor)
    hit: SlotWords | None = recall_for(_SINGLE_READING, key, (words, dictionary))
    if hit is not None:
        return hit
    table = words.of_length(length)
    alone = {found[0] for found in dictionary.anagram_index(length).values() if len(found) == 1}
    familiarity = np.asarray(table.familiarity, np.float64)
    keep = [i for i, (word, fam) in enumerate(zip(table.words, familiarity.tolist())) if fam >= floor and word in alone]
    rows = np.asarray(keep, np.int64)
    counts = words.length_letter_counts(length)[rows].astype(np.int16) if keep else np.zeros((0, 26), np.int16)
    found = SlotWords(length, tuple(table.words[i] for i in keep), counts, familiarity[rows])
    remember_for(_SINGLE_READING, key, (words, dictionary), found, MAX_MEMO)
    return found


MAX_MEMO = 32
_SINGLE_READING: dict[tuple[int, int, int, float], Any] = {}


def shares_stem(own: str, stems: frozenset[str]) -> bool:
    """Whether the stem ``own`` is one of ``stems`` or (both 4 letters or more) one starts with the other."""
    return own in stems or any(min(len(own), len(s)) >= 4 and (own.startswith(s) or s.startswith(own))
                               for s in stems)


def policy_note(dictionary: Lexicon, lengths: tuple[int, ...], floor: float, allow: frozenset[str],
                letters: str = "") -> str:
    """What a "none found" error adds about the words of the slots' lengths at the familiarity ``floor``
    (and holding one of ``letters``, when given: the letters the words fell short of) that the publishing
    policy keeps out of constructions (with ``allow`` granted), and what to allow to let them in
    (:func:`puzzlewright.lexicon.policy.left_out_note`; "" for none)."""
    among = np.isin(dictionary.word_lengths, sorted(set(lengths)))
    among &= np.asarray(dictionary.familiarity_values) >= floor
    if letters:
        among &= (dictionary.letter_masks & np.uint32(sum(1 << (ord(ch) - 97) for ch in set(letters)))) != 0
    return left_out_note(*left_out_flags(dictionary, Use.CONSTRUCT, allow, among=among))


def check_letters(target: Target, lengths: tuple[int, ...], slots: dict[int, SlotWords],
                  note: Callable[[str], str] = lambda letters: "") -> None:
    """Refuse an answer with a letter, or a pair of letters, the words cannot hold enough of (``the answer
    has 3 Js; ...``): each word holds at most its circles' worth, and no more of them than its best word.
    ``note``: what the publishing policy left out of the words holding the letters given ("": any word),
    added to the error (:func:`policy_note`)."""
    for length in sorted(set(lengths)):
        if not len(slots[length]):
            raise PuzzleInputError(f"no {length}-letter word of the dictionary at this familiarity reads only one "
                                   f"way{note('')}: try another length or a lower min_commonness")
    need = Counter(target.letters)
    letters = sorted(need)
    for group in [*((ch,) for ch in letters), *itertools.combinations(letters, 2)]:
        wanted = np.array([need[ch] for ch in group], np.int16)
        columns = [ord(ch) - 97 for ch in group]
        hold = sum(min(int(np.minimum(slots[n].counts[:, columns], wanted).sum(axis=1).max()), circle_range(n)[1])
                   for n in lengths)
        if hold < wanted.sum():
            raise PuzzleInputError(
                f"the answer has {' and '.join(f'{need[ch]} {ch.upper()}' + ('s' if need[ch] > 1 else '') for ch in group)}"
                f"; {len(lengths)} known words of lengths {', '.join(map(str, lengths))} hold "
                f"{f'at most {hold}' if hold else 'none'}{' of them' if len(group) > 1 else ''} (words that read "
                f"only one way, at this familiarity){note(''.join(group))}")


def circle_counts(total: int, lengths: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to give the words ``total`` circles within :func:`circle_range`, the most even first
    (closest to a share proportional to each word's length), then in tuple order."""
    ranges = [range(circle_range(n)[0], circle_range(n)[1] + 1) for n in lengths]
    shares = [total * n / sum(lengths) for n in lengths]
    ways = [c for c in itertools.product(*ranges) if sum(c) == total]
    return sorted(ways, key=lambda c: (round(sum(abs(a - s) for a, s in zip(c, shares)), 6), c))


def at_one_end(positions: tuple[int, ...], length: int) -> bool:
    """Whether circled positions (sorted) are one block at the start or the end of the word."""
    block = positions[-1] - positions[0] + 1 == len(positions)
    return block and (positions[0] == 0 or positions[-1] == length - 1)


def place_circles(word: str, letters: str, rng: random.Random) -> tuple[int, ...] | None:
    """Positions of ``word`` holding exactly ``letters`` (sorted) and not a block at one end, the fewest
    neighbouring circles first, drawn at random among the equally spread (None when there are none)."""
    ways = [pos for pos in itertools.combinations(range(len(word)), len(letters))
            if "".join(sorted(word[i] for i in pos)) == letters and not at_one_end(pos, len(word))]
    if not ways:
        return None
    neighbours = [sum(b - a == 1 for a, b in zip(pos, pos[1:])) for pos in ways]
    fewest = min(neighbours)
    return rng.choice([pos for pos, n in zip(ways, neighbours) if n == fewest])


class Search:
    """The randomised depth-first search for word sets (see the module's docstring). It works in the
    answer's letters only: each slot's letter counts keep just the columns of the letters to circle."""

    def __init__(self, target: Target, lengths: tuple[int, ...], slots: dict[int, SlotWords], rng: random.Random,
                 budget: Budget):
        self.avoid = frozenset(stem(w) for w in target.words)
        self.lengths = lengths
        self.rng = rng
        self.budget = budget
        pool = Counter(target.letters)
        self.alphabet = "".join(sorted(pool))
        columns = [ord(ch) - 97 for ch in self.alphabet]
        self.pool = np.array([pool[ch] for ch in self.alphabet], np.int16)
        self.slots = [slots[n] for n in lengths]
        self.counts = [np.ascontiguousarray(slots[n].counts[:, columns]) for n in lengths]
        holders = sum((s.counts[:, columns] > 0).sum(axis=0) for s in slots.values())
        self.hardness = 1.0 / (1.0 + holders)  # letters few words hold are placed first
        self.ways = circle_counts(len(target.letters), lengths)
        self.picks = 0

    def run(self, want: int) -> tuple[list[tuple[Placed, ...]], bool]:
        """Up to ``want`` distinct word sets (slot order), and whether the search ran to its end (found
        ``want`` or used its picks) rather than out of time."""
        found: dict[tuple[str, ...], tuple[Placed, ...]] = {}
        attempt = 0
        while len(found) < want and self.picks < MAX_PICKS:
            if not self.budget.spend():
                return list(found.values()), False
            width = min(len(self.ways), 1 + attempt // 20)  # the evenest circle counts first, then wider
            counts = self.ways[self.rng.randrange(width)]
            order = list(range(len(self.lengths)))
            self.rng.shuffle(order)
            chosen = self.fill(order, counts, self.pool.copy(), {})
            if chosen is not None:
                placed = tuple(chosen[i] for i in range(len(self.lengths)))
                found.setdefault(tuple(p.word for p in placed), placed)
            attempt += 1
        return list(found.values()), True

    def fill(self, order: list[int], counts: tuple[int, ...], left: np.ndarray,
             chosen: dict[int, Placed]) -> dict[int, Placed] | None:
        """Give the slots ``order`` has not reached words, or None when this branch fails."""
        slot = order[len(chosen)]
        held = self.counts[slot]
        if len(chosen) == len(order) - 1:
            rows = np.flatnonzero((held >= left).all(axis=1))
            letters = "".join(ch * int(n) for ch, n in zip(self.alphabet, left.tolist()))
            return self.try_rows(rows, letters, order, counts, left, chosen)
        fit = np.minimum(held, left).sum(axis=1) >= counts[slot]
        hardest = int(np.argmax(np.where(left > 0, self.hardness, -1.0)))
        rows = np.flatnonzero(fit & (held[:, hardest] > 0))
        if not len(rows):
            rows = np.flatnonzero(fit)
        return self.try_rows(rows, None, order, counts, left, chosen)

    def try_rows(self, rows: np.ndarray, letters: str | None, order: list[int], counts: tuple[int, ...],
                 left: np.ndarray, chosen: dict[int, Placed]) -> dict[int, Placed] | None:
        """Try up to :data:`TRIES` of ``rows`` (drawn by familiarity) in the next slot, circling ``letters``
        (the last slot) or the hardest letters left, and search on."""
        if not len(rows):
            return None
        slot = order[len(chosen)]
        words = self.slots[slot]
        used = {stem(p.word) for p in chosen.values()}
        familiarity = words.familiarity[rows]
        cumulative = np.cumsum(familiarity - familiarity.min() + 1.0)  # the more familiar, the likelier
        for _ in range(min(TRIES, len(rows))):
            row = int(rows[min(int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1])), len(rows) - 1)])
            self.picks += 1
            word = words.words[row]
            own = stem(word)
            if own in used or shares_stem(own, self.avoid):
                continue
            circled = letters if letters is not None else self.hardest_letters(word, left, counts[slot])
            positions = place_circles(word, circled, self.rng)
            if positions is None:
                continue
            now = {**chosen, slot: Placed(word, positions)}
            if letters is not None:
                return now
            taken = np.array([circled.count(ch) for ch in self.alphabet], np.int16)
            done = self.fill(order, counts, left - taken, now)
            if done is not None:
                return done
        return None

    def hardest_letters(self, word: str, left: np.ndarray, need: int) -> str:
        """``need`` of the word's letters still to be circled, the hardest first (random among equals), sorted."""
        spare = dict(zip(self.alphabet, left.tolist()))
        held = []
        for ch in word:
            if spare.get(ch, 0) > 0:
                spare[ch] -= 1
                held.append(ch)
        keyed = sorted(held, key=lambda ch: (-self.hardness[self.alphabet.index(ch)], self.rng.random()))
        return "".join(sorted(keyed[:need]))


def scramble_word(word: str, dictionary: Lexicon, seed: int) -> Scramble | None:
    """The word's best scramble (see the module's docstring), or None when no ordering passes the rules;
    drawn with a generator seeded by ``seed`` and the word, so a word scrambles the same in any puzzle."""
    rng = np.random.default_rng([seed, zlib.crc32(word.encode())])
    if len(word) <= ENUMERATED_LENGTH:
        orders = sorted({"".join(p) for p in itertools.permutations(word)})
    else:
        letters = np.array(list(word))
        shuffled = rng.permuted(np.tile(letters, (SAMPLED_SCRAMBLES, 1)), axis=1)
        orders = sorted({"".join(row) for row in shuffled.tolist()})
    pairs = {word[i:i + 2] for i in range(len(word) - 1)}
    triples = {word[i:i + 3] for i in range(len(word) - 2)}
    scored: dict[float, list[str]] = {}
    for text in orders:
        run = 3 if any(text[i:i + 3] in triples for i in range(len(text) - 2)) else \
            2 if any(text[i:i + 2] in pairs for i in range(len(text) - 1)) else 1
        kept = sum(a == b for a, b in zip(text, word))
        if run > MAX_RUN or kept > MAX_KEPT_PLACES or text == word or text in dictionary:
            continue
        scored.setdefault(-(run - 1) - 0.5 * kept - 0.25 * (text[0] == word[0]), []).append(text)
    if not scored:
        return None
    best = max(scored)
    return Scramble(scored[best][int(rng.integers(len(scored[best])))].upper(), best)


def inflected(word: str) -> bool:
    """Whether the word looks like a plural or an -ED/-ING form (Jumble words are headwords)."""
    return plural(word) or ed_or_ing(word)


def word_score(placed: tuple[Placed, ...], familiarity: dict[str, float]) -> float:
    """A word set's score before its scrambles: the words' mean familiarity less the inflected forms'
    penalty. Scrambles only lower it (their quality is at most 0), so it bounds the puzzle's score."""
    return (sum(familiarity[p.word] for p in placed) / len(placed)
            - INFLECTED_PENALTY * sum(inflected(p.word) for p in placed) / len(placed))


def build_puzzle(placed: tuple[Placed, ...], scrambles: list[Scramble | None],
                 familiarity: dict[str, float]) -> Puzzle | None:
    """A word set with its words' scrambles as a scored puzzle (None when a word has no acceptable scramble)."""
    kept = tuple(s for s in scrambles if s is not None)
    if len(kept) < len(placed):
        return None
    return Puzzle(placed, kept, tuple(familiarity[p.word] for p in placed),
                  word_score(placed, familiarity) + sum(s.quality for s in kept) / len(kept))


def rank_puzzles(sets: list[tuple[Placed, ...]], familiarity: dict[str, float], dictionary: Lexicon, seed: int,
                 every: bool) -> list[Puzzle]:
    """The word sets as puzzles, best first. Unless ``every``, only the best is wanted: the sets are
    scrambled in the order of their :func:`word_score` (a bound on their score) until no set left could
    match the best so far, so most sets are never scrambled."""
    bounds = sorted(sets, key=lambda placed: tie_key(" ".join(p.word for p in placed),
                                                     min(familiarity[p.word] for p in placed),
                                                     word_score(placed, familiarity)))
    scrambles: dict[str, Scramble | None] = {}
    made: list[Puzzle] = []
    for placed in bounds:
        if not every and made and round(word_score(placed, familiarity), 9) < round(made[0].score, 9):
            break
        for p in placed:
            if p.word not in scrambles:
                scrambles[p.word] = scramble_word(p.word, dictionary, seed)
        puzzle = build_puzzle(placed, [scrambles[p.word] for p in placed], familiarity)
        if puzzle is not None:
            made.append(puzzle)
            made.sort(key=Puzzle.sort_key)
    return made


def prove(puzzle: Puzzle, target: Target, dictionary: Lexicon, ranker: Ranker, budget: Budget) -> Puzzle | None:
    """The puzzle with the solver's verdict on its answer, or None when a scramble reads more than one way.

    The solver sees only what a reader does: the scrambles, the circles, the pattern and the caption."""
    found = solve_jumble(list(puzzle.words), target.pattern, dictionary, top=CHECK_TOP, budget=budget, ranker=ranker)
    if any(r.candidates != (p.word,) for r, p in zip(found.words, puzzle.placed)):
        return None
    fills = target.open_words
    rank = next((i for i, answer in enumerate(found.answers, 1) if answer.fills == fills), None)
    ties = 0
    if rank is not None:
        mine = tie_level(found.answers[rank - 1].final)
        ties = sum(1 for a in found.answers if a.fills != fills and tie_level(a.final) == mine)
    best = found.answers[0].fills if found.answers else None
    solver_best = target.pattern.render(best) if best is not None else None
    return Puzzle(puzzle.placed, puzzle.scrambles, puzzle.familiarity, puzzle.score,
                  Recovery(rank, ties, solver_best, found.complete))


def varied(ranked: list[Puzzle]) -> list[Puzzle]:
    """``ranked`` (best first) reordered so that alternatives differ: first each puzzle that shares no
    word with one before it in this order, then the rest, both in rank order."""
    fresh: list[Puzzle] = []
    seen: set[str] = set()
    for puzzle in ranked:
        words = {p.word for p in puzzle.placed}
        if not words & seen:
            fresh.append(puzzle)
            seen |= words
    return fresh + [p for p in ranked if p not in fresh]


def generate_jumbles(target: Target, lengths: tuple[int, ...], dictionary: Lexicon, *,
                     allow: frozenset[str] = frozenset(), caption: str | None = None, count: int = 1, seed: int = 0,
                     min_commonness: float = DEFAULT_GENERATE_COMMONNESS, budget: Budget | None = None) -> Generated:
    """``count`` Jumbles (best first) whose circled letters spell ``target``'s open words, from the words
    of ``dictionary`` the publishing policy lets constructions use (with ``allow``) and proved on
    ``dictionary`` itself (the solver's: every word counts when checking that a scramble reads one way)."""
    budget = budget or Budget(seconds=DEFAULT_GENERATE_TIME_LIMIT)
    if max(len(w) for w in target.words) > MAX_WORD_LENGTH:
        raise PuzzleInputError(f"an answer word is longer than {MAX_WORD_LENGTH} letters")
    check_size(target, lengths)
    words = publishable(dictionary, Use.CONSTRUCT, allow)
    slots = {n: single_reading_words(words, dictionary, n, min_commonness) for n in sorted(set(lengths))}
    note = partial(policy_note, dictionary, lengths, min_commonness, allow)
    check_letters(target, lengths, slots, note)
    rng = random.Random(seed)
    search = Search(target, lengths, slots, rng, budget)
    sets, whole = search.run(count * OVERSAMPLE + EXTRA_SETS)
    familiarity = {p.word: 0.0 for placed in sets for p in placed}
    for slot in slots.values():
        for word, value in zip(slot.words, slot.familiarity.tolist()):
            if word in familiarity:
                familiarity[word] = value
    ranked = rank_puzzles(sets, familiarity, dictionary, seed, every=count > 1)
    ranker = Ranker(dictionary, caption=caption)
    proved: list[Puzzle] = []
    for puzzle in varied(ranked):
        if len(proved) == count:
            break
        checked = prove(puzzle, target, dictionary, ranker, budget)
        if checked is not None:
            proved.append(checked)
    notes = [] if whole else [budget.describe() + f"; {len(sets)} word set(s) were found before it"]
    if not proved:
        reason = "the time ran out" if not whole else f"{MAX_PICKS:,} word picks found none"
        raise BudgetExceeded(f"no Jumble of {len(lengths)} words ({', '.join(map(str, lengths))}) spells "
                             f"{target.render()}: {reason}{note('')}; try other lengths or a lower min_commonness")
    if len(proved) < count:
        notes.append(f"made {len(proved)} of {count} puzzles: the search found no more distinct word sets")
    if not all(p.recovery is not None and p.recovery.complete for p in proved):
        notes.append("the time ran out while the solver checked the answer: its rank is from a partial search")
        whole = False
    return Generated(proved, whole, notes)  # fewer than count without a limit is complete (the notes say so)
