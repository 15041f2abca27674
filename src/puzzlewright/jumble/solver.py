"""Solving a whole Jumble: unscramble each word, carry every reading forward into pools, rank answers.

A scrambled word may unscramble several ways (SHACE: CHASE or ACHES), and the readings can circle
different letters. Every distinct set of circled letters is kept, with the first reading that gives it
(:func:`~.anagrams.unscramble`'s order: most common first, slurs, obscenities and names last) and how far
that reading falls below the word's first one (its *shortfall*). The pools are all the combinations of
one circled set per word; each pool goes through the answer search
(:mod:`.answers`), and each answer is scored (:mod:`.rank`) with the shortfall of the readings behind it.

A word with no dictionary reading does not stop the puzzle: its circled letters are unknown, so every
choice of that many of its letters is carried forward (a ``?`` in it stays an unknown pool letter).
"""

from __future__ import annotations

import gc
import heapq
import itertools
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from puzzlewright.errors import PuzzleInputError
from puzzlewright.jumble.answers import AnswerSearch, Pool
from puzzlewright.jumble.model import AnswerPattern, JumbleWord
from puzzlewright.jumble.puns import Pun
from puzzlewright.jumble.rank import (FEATURES, SOUND_ALIKE_LENGTH, SOUND_ALIKE_MARGIN, SOUND_ALIKE_NODES,
                                      STRONG_HOMOPHONE, AnswerFeatures, Ranker, Score)
from puzzlewright.jumble.anagrams import unscramble
from puzzlewright.lexicon import Lexicon
from puzzlewright.ranking import tie_level
from puzzlewright.budget import Budget
from puzzlewright.jumble.schema import DEFAULT_TIME_LIMIT

RERANK_BLOCK = 200  # answers whose features are worked out in one piece (see rerank)

UNREADABLE_SHORTFALL = 2.0
MAX_POOLS = 5_000
# how far below the bar an answer's score bound must fall to be pruned: far above float noise (a bound and
# the score it bounds add their terms in different orders), so an answer tying the bar is still built
BOUND_SLACK = 1e-9


@dataclass(frozen=True)
class CircledOption:
    """One way a word can feed the pool: the circled letters, the reading behind them, its shortfall."""

    circled: str
    reading: str | None
    shortfall: float


@dataclass(frozen=True)
class WordReadings:
    """A jumble word's unscramblings (most common first) and the distinct circled sets they give."""

    word: JumbleWord
    candidates: tuple[str, ...]
    options: tuple[CircledOption, ...]

    @classmethod
    def of(cls, word: JumbleWord, lexicon: Lexicon) -> WordReadings:
        candidates = unscramble(word.scrambled, lexicon)
        if not candidates:
            return cls(word, (), unreadable_options(word))
        best = lexicon.zipf_of(candidates[0])
        options: dict[str, CircledOption] = {}
        for reading in candidates:
            circled = "".join(sorted(word.circled(reading)))
            if circled not in options:
                options[circled] = CircledOption(circled, reading, max(0.0, best - lexicon.zipf_of(reading)))
        return cls(word, candidates, tuple(options.values()))


def unreadable_options(word: JumbleWord) -> tuple[CircledOption, ...]:
    """For a word with no reading: every choice of as many of its letters as it has circles."""
    choices = sorted(set(itertools.combinations(sorted(word.scrambled), len(word.circles))))
    return tuple(CircledOption("".join(c), None, UNREADABLE_SHORTFALL) for c in choices)


@dataclass(frozen=True)
class PoolSource:
    """A pool and the readings (one per word, None where unknown) that give it at the least shortfall."""

    pool: Pool
    readings: tuple[str | None, ...]
    shortfall: float


@dataclass(slots=True)
class Answer:
    """A ranked final answer: its search score (stage 1) and, once ranked, its features and final score.
    (Slots, not frozen: a search builds thousands, and a frozen dataclass is about 4x slower to create.)"""

    fills: tuple[str, ...]
    phrase: tuple[str, ...]
    source: PoolSource
    score: Score
    features: tuple[float, ...] = ()
    final: float = 0.0
    play: Pun | None = None  # the play it makes, for a pun answer (:mod:`.puns`)


@dataclass
class Solution:
    """Everything :func:`solve_jumble` found."""

    pattern: AnswerPattern
    words: list[WordReadings]
    answers: list[Answer]
    scored: int
    pools: int
    complete: bool = True
    notes: list[str] = field(default_factory=list)


def pool_sources(readings: list[WordReadings], budget: Budget) -> tuple[list[PoolSource], bool]:
    """Every distinct pool the words' circled options combine into, each with its least-shortfall readings,
    and whether that is all of them (at most ``MAX_POOLS``, the most common readings' combinations first)."""
    best: dict[Pool, PoolSource] = {}
    for combo in itertools.product(*(r.options for r in readings)):
        if len(best) >= MAX_POOLS or not budget.spend():
            return sorted(best.values(), key=lambda s: (s.shortfall, s.pool.letters)), False
        pool = Pool.of("".join(option.circled for option in combo))
        shortfall = sum(option.shortfall for option in combo)
        if pool not in best or shortfall < best[pool].shortfall:
            best[pool] = PoolSource(pool, tuple(option.reading for option in combo), shortfall)
    return sorted(best.values(), key=lambda s: (s.shortfall, s.pool.letters)), True


def check_pool_size(pool_size: int, pattern: AnswerPattern, what: str) -> None:
    """Raise when the pool cannot fill the pattern, saying by how much it is off."""
    need = pattern.letter_count
    if pool_size != need:
        off = pool_size - need
        raise PuzzleInputError(
            f"{what} has {pool_size} letters but the answer pattern {pattern.render()!r} takes {need} "
            f"({abs(off)} too {'many' if off > 0 else 'few'})")


def solve_jumble(words: list[JumbleWord], pattern: AnswerPattern, lexicon: Lexicon, *, top: int = 10,
                 budget: Budget | None = None, ranker: Ranker | None = None) -> Solution:
    """Unscramble ``words``, form every pool, and return the ``top`` answers by score."""
    if not words:
        raise PuzzleInputError("a Jumble needs at least one scrambled word")
    check_pool_size(sum(len(w.circles) for w in words), pattern, "the circled pool")
    budget = budget or Budget(seconds=DEFAULT_TIME_LIMIT)
    readings = [WordReadings.of(word, lexicon) for word in words]
    sources, all_pools = pool_sources(readings, budget)
    solution = rank_answers(sources, pattern, lexicon, top=top, budget=budget, ranker=ranker)
    solution.words = readings
    if not all_pools:
        solution.complete = False
        if len(sources) >= MAX_POOLS:  # else the budget stopped it, which rank_answers' note says
            solution.notes.append(f"the readings combine into too many pools: only {len(sources):,} were searched")
    solution.notes += [f"no dictionary word unscrambles {r.word.scrambled.upper()}: every choice of its "
                       f"{len(r.word.circles)} circled letters is tried" for r in readings if not r.candidates]
    return solution


def solve_pool(letters: str, pattern: AnswerPattern, lexicon: Lexicon, *, top: int = 10,
               budget: Budget | None = None, ranker: Ranker | None = None) -> Solution:
    """The final step alone: the ``top`` answers that spell ``letters`` (``?`` = unknown) in ``pattern``."""
    pool = Pool.of(letters)
    check_pool_size(pool.size, pattern, f"the pool {pool.render()}")
    return rank_answers([PoolSource(pool, (), 0.0)], pattern, lexicon, top=top,
                        budget=budget or Budget(seconds=DEFAULT_TIME_LIMIT), ranker=ranker)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (if on) for a block that allocates many short-lived,
    acyclic objects (reference counting frees them): its collections, triggered by allocation counts,
    took about 15 % of a 1,000-answer search. The collector is switched back on only if it was on."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def rank_answers(sources: list[PoolSource], pattern: AnswerPattern, lexicon: Lexicon, *, top: int,
                 budget: Budget, ranker: Ranker | None) -> Solution:
    """Search every pool for answers and return the best ``top``: the search keeps the best by its own
    score (stage 1) in whole blocks of ``ranker.candidates``, and the fitted model (:mod:`.rank`) orders
    each block (:func:`in_blocks`); the garbage collector is paused meanwhile (:func:`_collector_paused`).

    Which answers fill each block depends on the search's score alone, never on ``top``, so asking for
    fewer answers gives the first rows of the longer list. The answer search prunes with the current last
    kept answer's score as the bar, so it never builds the long tail of answers that cannot make the list
    (``scored`` counts those it did score)."""
    if top < 1:
        raise PuzzleInputError("top must be at least 1")
    if not sources:  # the budget ran out before the first pool was formed: nothing to search
        return Solution(pattern, [], [], 0, 0, False, [budget.describe() + " before any pool was searched"])
    ranker = ranker or Ranker(lexicon)
    block = ranker.candidates
    with _collector_paused():
        search, kept, scored = search_answers(sources, pattern, lexicon, -(-top // block) * block, budget, ranker)
        sound_alikes = sound_alike_answers(search, sources, pattern, kept, ranker, budget)
        ranked = in_blocks(kept, ranker, pun_answers(sources, pattern, ranker, budget), budget, sound_alikes)[:top]
    notes = [budget.describe() + "; the answers found so far are ranked"] if budget.exhausted else []
    return Solution(pattern, [], ranked, scored, len(sources), not budget.exhausted, notes)


def search_answers(sources: list[PoolSource], pattern: AnswerPattern, lexicon: Lexicon, size: int, budget: Budget,
                   ranker: Ranker) -> tuple[AnswerSearch, list[Answer], int]:
    """Stage 1: the search's best ``size`` answers over every pool, best first by its score (then
    alphabetically), with the search (its word tables serve :func:`sound_alike_answers`) and how many
    answers it scored on the way."""
    best = TopAnswers(size)
    search = AnswerSearch(pattern, lexicon, [s.pool for s in sources], ranker)
    printed_pairs = ranker.printed_pairs_value(pattern)
    scored = 0
    for source in sources:
        readings = ranker.readings_value(source.shortfall)
        floor = lambda: best.bar - readings - printed_pairs - BOUND_SLACK  # noqa: E731 - the bar rises
        for fills in search.fills(source.pool, budget, floor):
            phrase = pattern.phrase(fills)
            best.offer(Answer(fills, phrase, source, ranker.score(fills, phrase, source.shortfall)))
            scored += 1
        if budget.exhausted:
            break
    return search, best.ranked(), scored


def pun_answers(sources: list[PoolSource], pattern: AnswerPattern, ranker: Ranker,
                budget: Budget | None = None) -> list[Answer]:
    """The pun answers (:meth:`Ranker.puns`) of the likeliest pool (the first: the least shortfall), if it
    has no unknown letters, whatever ``top`` is. A pun made of dictionary words (THUG BOAT, TUGBOAT with
    THUG for TUG) is one the search may find too: :func:`in_blocks` keeps this copy, which names the play."""
    if not sources or sources[0].pool.wild:
        return []
    source = sources[0]
    return [Answer(pun.fills, phrase, source, ranker.score(pun.fills, phrase, source.shortfall), play=pun)
            for pun in ranker.puns(source.pool.letters, pattern, budget) for phrase in (pattern.phrase(pun.fills),)]


def sound_alike_answers(search: AnswerSearch, sources: list[PoolSource], pattern: AnswerPattern,
                        kept: list[Answer], ranker: Ranker, budget: Budget) -> list[Answer]:
    """The answers just below the search's first block that sound like a set phrase (THERE YOU HALVE IT:
    HALVE -> HAVE makes THERE YOU HAVE IT), which stage 1 cannot see and stage 2's ``homophone_phrase``
    would lift over answers the search put first. A narrow second search over the likeliest pool (the
    first), one open slot of :data:`~.rank.SOUND_ALIKE_LENGTH` letters or more at a time limited to words
    with a homophone (:meth:`AnswerSearch.limited`), at most :data:`~.rank.SOUND_ALIKE_NODES` nodes a slot,
    with a fixed bar :data:`~.rank.SOUND_ALIKE_MARGIN` below the first block's last score; an answer
    outside that block is kept when swapping that slot's word for a homophone raises its pairs with its
    neighbours by :data:`~.rank.STRONG_HOMOPHONE` or more.
    Best first by the search's score; none when the ranker is told not to look for them (the fit's
    candidates are the search's best alone), the search kept less than a block (it then kept every
    answer) or its budget ran out. It depends on the search's first block alone, never on ``top``."""
    block = ranker.candidates
    if not ranker.sound_alikes or len(kept) < block or budget.exhausted or not len(ranker.sounds):
        return []
    bar = kept[block - 1].score.total - SOUND_ALIKE_MARGIN
    first = {a.fills for a in kept[:block]}
    printed_pairs = ranker.printed_pairs_value(pattern)
    source = sources[0]
    floor = bar - ranker.readings_value(source.shortfall) - printed_pairs - BOUND_SLACK
    found: dict[tuple[str, ...], Answer] = {}
    for open_slot, at in enumerate(pattern.blank_slots):
        if pattern.slots[at].length < SOUND_ALIKE_LENGTH:
            continue
        narrow = search.limited(open_slot, ranker.sounds.homophones.__contains__)
        strong: dict[tuple[str | None, ...], bool] = {}  # by the slot's word and its neighbours: most fills share them
        for fills in narrow.fills(source.pool, budget.within(SOUND_ALIKE_NODES), lambda: floor):
            if fills in first or fills in found:
                continue
            phrase = pattern.phrase(fills)
            run = (None, *phrase, None)[at:at + 3]
            lifts = strong.get(run)
            if lifts is None:
                lifts = strong[run] = ranker.homophone_gain(*run) >= STRONG_HOMOPHONE
            if lifts:
                answer = Answer(fills, phrase, source, ranker.score(fills, phrase, source.shortfall))
                if answer.score.total >= bar:
                    found[fills] = answer
    return sorted(found.values(), key=lambda a: (-a.score.total, a.fills))


def in_blocks(answers: list[Answer], ranker: Ranker, puns: list[Answer] | None = None,
              budget: Budget | None = None, sound_alikes: list[Answer] | None = None) -> list[Answer]:
    """Answers in the search's order (best first), scored by the model and put in its order
    (:func:`final_order`) a block of ``ranker.candidates`` at a time: the model orders the search's best
    block (with the ``puns``, which the search mostly cannot make, and the ``sound_alikes`` of
    :func:`sound_alike_answers`), then its next, and so on, so an answer's place depends only on the
    blocks up to its own. A pun or sound-alike the search kept too takes the place of the search's copy
    (the same words), which leaves its block (a pun's copy, which names the play, wins over a
    sound-alike's): the blocks stay those of the search's order, whatever ``top`` is."""
    block = ranker.candidates
    punned = {pun.fills for pun in puns or ()}
    lifted = [a for a in sound_alikes or () if a.fills not in punned]
    moved = punned | {a.fills for a in lifted}
    blocks = [[a for a in answers[start:start + block] if a.fills not in moved]
              for start in range(0, len(answers), block)] or [[]]
    blocks[0] += lifted + (puns or [])
    score_answers([a for b in blocks for a in b], ranker, budget)
    return [a for b in blocks for a in final_order(b)]


def rerank(answers: list[Answer], ranker: Ranker, budget: Budget | None = None) -> list[Answer]:
    """The answers, each given its features and the model's score, in the model's order
    (:func:`final_order`)."""
    return final_order(score_answers(answers, ranker, budget))


def score_answers(answers: list[Answer], ranker: Ranker, budget: Budget | None = None) -> list[Answer]:
    """Give each answer its feature vector and the model's score (in place; the same list is returned),
    :data:`RERANK_BLOCK` answers at a time, with ``budget`` checked between blocks
    (:meth:`~puzzlewright.budget.Budget.check_finishing`: a thousand answers take a tenth of a second)."""
    features = AnswerFeatures(ranker)
    for start in range(0, len(answers), RERANK_BLOCK):
        if budget is not None:
            budget.check_finishing()
        block = answers[start:start + RERANK_BLOCK]
        vectors = features.of_many([a.fills for a in block], [a.phrase for a in block],
                                   [a.source.shortfall for a in block], [a.score.association for a in block],
                                   [a.play for a in block])
        for answer, vector, final in zip(block, vectors.tolist(), ranker.model.scores(vectors).tolist()):
            answer.features, answer.final = tuple(vector), final
    return answers


def final_order(answers: list[Answer]) -> list[Answer]:
    """Scored answers in the model's order: those with fewer words a solver ranks low first (the
    ``flagged`` feature, :data:`puzzlewright.lexicon.policy.RANKED_LOW`: an answer with a slur, an
    obscenity or a name comes after every clean one, whatever its score), then best first (scores equal to
    :data:`~puzzlewright.ranking.SCORE_DECIMALS` decimals tie), then alphabetical."""
    flagged = list(FEATURES).index("flagged")
    return sorted(answers, key=lambda a: (a.features[flagged], -tie_level(a.final), a.fills))


class TopAnswers:
    """The best ``size`` answers seen so far by the search's score (one entry per answer, with its best
    score), and the bar a new one must reach.

    "Best" is a total order: the higher score, then alphabetically first, so the kept answers are the first
    ``size`` of one ranking of every answer, whatever order they were offered in, and a smaller ``size``
    keeps the first of them. A heap keeps the worst kept answer on top (lowest score, then alphabetically
    last), so each offer costs O(log size); an answer offered again with a better score leaves a stale
    heap entry behind, skipped when it surfaces."""

    def __init__(self, size: int):
        self.size = size
        self.answers: dict[tuple[str, ...], Answer] = {}
        self.heap: list[tuple[float, _Descending, Answer]] = []
        self.bar = -math.inf
        self.last: tuple[str, ...] = ()  # the worst kept answer's words, once full

    def offer(self, answer: Answer) -> None:
        total = answer.score.total
        known = self.answers.get(answer.fills)
        if total < self.bar or (total == self.bar and answer.fills > self.last) or (
                known is not None and known.score.total >= total):
            return
        self.answers[answer.fills] = answer
        heapq.heappush(self.heap, (total, _Descending(answer.fills), answer))
        while len(self.answers) > self.size:
            _, _, worst = heapq.heappop(self.heap)
            if self.answers.get(worst.fills) is worst:
                del self.answers[worst.fills]
        if len(self.answers) == self.size:
            while self.answers.get(self.heap[0][2].fills) is not self.heap[0][2]:
                heapq.heappop(self.heap)
            self.bar, self.last = self.heap[0][0], self.heap[0][2].fills

    def ranked(self) -> list[Answer]:
        """The kept answers, best first by the search's score (then alphabetically)."""
        return sorted(self.answers.values(), key=lambda a: (-a.score.total, a.fills))


@dataclass(slots=True)
class _Descending:
    """Words that compare in reverse, so that among equal scores the heap's top is alphabetically last."""

    words: tuple[str, ...]

    def __lt__(self, other: _Descending) -> bool:
        return self.words > other.words
