"""Finding every solution of a box (of one or two words by default, or of up to / exactly N words).

1. :func:`box_words`: the dictionary words the box allows: those with no letter outside the box and no
   two letters of one side next to each other, from the index's bit sets over its words
   (:meth:`~puzzlewright.letterboxed.index.WordIndex.valid_ids`).
2. For each number of words k the request allows (see :func:`solve_box`: by default 1 and 2, the NYT's
   own, then 3 only when neither has a solution) the search enumerates every chain of k words that
   covers the box. Masks are
   box-local (bit i = the box's i-th letter); search states (letter, letters covered, words left) are
   memoised, so words with the same ends and letters share their continuations. Completion is
   pruned with *coverable sets*: ``cover[r][c]`` is a bitset over the 2^n box-local masks, holding the
   sets of letters that some chain of r words starting with letter c can still cover. It is built from
   the words' masks by a downward closure (shifts of one big integer holding every letter's bitset side
   by side), so testing whether a partial chain can be finished is one bit test, and every branch
   explored leads to a solution. (For
   boxes of more than 16 letters the bitsets track the 16 hardest letters: still sound, less sharp.)

Everything here is plain Python over small integers, so the command line runs it without numpy, and every
process (the CLI, a batch, the web app) takes the same path.
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache, cached_property
from itertools import compress, repeat
from operator import add, and_, eq, getitem, itemgetter, lshift, or_

from puzzlewright.letterboxed.defaults import MAX_WORDS
from puzzlewright.letterboxed.index import WordIndex, bitset_of
from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.rank import rank
from puzzlewright.record import Record
from puzzlewright.budget import Budget, paced

NYT_WORDS = 2  # the NYT's answer always has two words: shown by default, with any shorter solution
DEFAULT_FALLBACK_WORDS = 3  # searched by default only when no solution of NYT_WORDS or fewer exists
# Chains kept before a search stops as if its budget ran out (a 5x5 box in 4 words has millions)
MAX_CHAINS = 500_000
# Coverable-set bitsets have 2^letters bits; above this many letters they track only 16 of the letters.
MAX_BITSET_LETTERS = 16

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    from collections.abc import Iterable, Mapping
    from typing import Any, TypeVar

    T = TypeVar("T")


class BoxWords(Record):
    """The valid words of one box: word ``i`` is word ``ids[i]`` of ``index``, with box-local mask
    ``masks[i]`` (bit k = the box's k-th letter), and its first and last letters' places in the box
    ``firsts[i]`` and ``lasts[i]`` (0 = the box's first letter). The search reads only these; the words'
    text and commonness (:attr:`words`, :attr:`zipf`, :attr:`familiarity`, :attr:`levels`,
    :attr:`sources`, :attr:`flags`, as in :class:`~puzzlewright.letterboxed.index.WordIndex`) are gathered from the index
    when first asked for, as ranking needs them only for the few words its solutions use (:meth:`entry`)."""

    box: Box
    index: WordIndex
    ids: list[int]
    masks: list[int]
    firsts: bytes
    lasts: bytes
    FIELDS = ("box", "index", "ids", "masks", "firsts", "lasts")

    def __init__(self, box: Box, index: WordIndex, ids: list[int], masks: list[int], firsts: bytes,
                 lasts: bytes) -> None:
        self.box, self.index, self.ids, self.masks, self.firsts, self.lasts = box, index, ids, masks, firsts, lasts

    def __len__(self) -> int:
        return len(self.ids)

    @cached_property
    def full(self) -> int:
        """The box-local mask of every letter."""
        return (1 << len(self.box.letters)) - 1

    def entry(self, i: int) -> tuple[str, float, float, int, int, int]:
        """Word ``i``: (text, Zipf frequency, familiarity, SCOWL level, source bits, flag bits)."""
        index, at = self.index, self.ids[i]
        return (index.word(at), index.zipf[at], index.familiarity[at], index.levels[at], index.sources[at],
                index.flags[at])

    @cached_property
    def words(self) -> list[str]:
        """Every word's text, in order (one decode of the words' joined text)."""
        offsets = self.index.offsets
        if not self.ids:
            return []
        starts, ends = gather(offsets, self.ids), gather(offsets, list(map(add, self.ids, repeat(1))))
        joined = b"".join(map(getitem, repeat(self.index.text), map(slice, starts, ends)))
        return joined.decode("ascii").split("\n")[:-1]

    @cached_property
    def zipf(self) -> list[float]:
        return gather(self.index.zipf, self.ids)

    @cached_property
    def familiarity(self) -> list[float]:
        return gather(self.index.familiarity, self.ids)

    @cached_property
    def levels(self) -> list[int]:
        return gather(self.index.levels, self.ids)

    @cached_property
    def sources(self) -> list[int]:
        return gather(self.index.sources, self.ids)

    @cached_property
    def flags(self) -> list[int]:
        return gather(self.index.flags, self.ids)

    def of_lengths(self, min_length: int | None = None, max_length: int | None = None) -> BoxWords:
        """The words of ``min_length`` to ``max_length`` letters (None: no bound), in the same order."""
        if min_length is None and max_length is None:
            return self
        low, high = min_length or 0, max_length or float("inf")
        keep = bytes(low <= len(word) <= high for word in self.words)
        return BoxWords(self.box, self.index, list(compress(self.ids, keep)), list(compress(self.masks, keep)),
                        bytes(compress(self.firsts, keep)), bytes(compress(self.lasts, keep)))


def box_words(box: Box, index: WordIndex, min_commonness: float | None = None) -> BoxWords:
    """Every word of ``index`` valid in ``box`` (with at least ``min_commonness`` Zipf), in index order.

    The valid words are found from the index's bit sets over its words (:meth:`~WordIndex.valid_ids`):
    those with no letter outside the box and no two letters of one side next to each other, some 26
    big-integer ORs. What the search needs of each valid word is then gathered in C: its box-local mask,
    once per distinct letter mask (:func:`_local_masks`), and its first and last letters' places in the
    box (the index's first and last letters, translated). No word's text is read here.
    """
    ids = index.valid_ids(box.mask, _side_pairs(box))
    if min_commonness is not None:
        zipf = index.zipf
        ids = [i for i in ids if zipf[i] >= min_commonness]
    if not ids:
        return BoxWords(box, index, [], [], b"", b"")
    numbers = gather(index.mask_numbers, ids)
    found = sorted(set(numbers))
    local_of = dict(zip(found, _local_masks(box, index, found)))
    places = _code_places_table(box.letters)
    return BoxWords(box, index, ids, gather(local_of, numbers), bytes(gather(index.firsts, ids)).translate(places),
                    bytes(gather(index.lasts, ids)).translate(places))


@cache
def _side_pairs(box: Box) -> tuple[tuple[int, int], ...]:
    """Every pair of letters (0 = a) on one side of ``box``: no valid word has them next to each other."""
    return tuple((ord(side[a]) - ord("A"), ord(side[b]) - ord("A")) for side in box.sides
                 for a in range(len(side)) for b in range(a + 1, len(side)))


@cache
def _code_places_table(letters: str) -> bytes:
    """bytes.translate table: a letter's number (0 = a) -> its place in ``letters``."""
    table = bytearray(256)
    for place, letter in enumerate(letters):
        table[ord(letter) - ord("a")] = place
    return bytes(table)


def gather(values: Sequence[T] | Mapping[int, T], positions: Sequence[int]) -> list[T]:
    """``[values[p] for p in positions]``, looked up in C (one :func:`operator.itemgetter` call)."""
    if len(positions) > 1:
        return list(itemgetter(*positions)(values))
    return [values[p] for p in positions]


def _local_masks(box: Box, index: WordIndex, found: list[int]) -> list[int]:
    """The box-local mask (bit k = the box's k-th letter) of each of the index's masks ``found``.

    Worked out a box letter at a time in C, as a transposition of bits: the byte plane holding the
    letter's bit (:attr:`WordIndex.mask_planes`, gathered for ``found``) is translated to one byte per
    mask, 1 when the mask has the letter, and these read as big integers and shifted to the letter's
    place in its byte of the result; the bytes of each result make one integer per mask."""
    planes = [bytes(gather(plane, found)) for plane in index.mask_planes]
    lanes = []
    for lane in range((len(box.letters) + 7) // 8):
        bits = 0
        for k, letter in enumerate(box.letters[8 * lane:8 * lane + 8]):
            code = ord(letter) - ord("a")
            bits |= int.from_bytes(planes[code >> 3].translate(_BIT_OF_BYTE[code & 7]), "little") << k
        lanes.append(bits.to_bytes(len(found), "little"))
    if len(lanes) == 1:
        return list(lanes[0])
    packed = bytearray(4 * len(found))
    for lane, values in enumerate(lanes):
        packed[(lane if sys.byteorder == "little" else 3 - lane)::4] = values
    return memoryview(packed).cast("I").tolist()


_BIT_OF_BYTE = [bytes(value >> b & 1 for value in range(256)) for b in range(8)]  # translate: a byte -> its bit b
_NEGATED = bytes(range(255, -1, -1))  # bytes.translate table: a byte -> 255 minus it


class Chain(Record):
    """A chain of words solving a box, with its ranking score (higher = a person's likelier pick)."""

    words: tuple[str, ...]
    score: float
    letters: int  # letters in all the words
    features: tuple[float, ...]  # the ranking features (rank.FEATURES order) the score sums
    FIELDS = __slots__ = ("words", "score", "letters", "features")

    def __init__(self, words: tuple[str, ...], score: float, letters: int, features: tuple[float, ...] = ()) -> None:
        self.words, self.score, self.letters, self.features = words, score, letters, features
    def __str__(self) -> str:
        return "-".join(word.upper() for word in self.words)


class Chains(Record):
    """The solutions of a box (fewest words first, then best first) and how the search went."""

    box: Box
    solutions: list[Chain]
    min_words: int | None  # None when there is no solution within max_words
    max_words: int  # the most words a solution was searched with
    valid_words: int
    complete: bool  # False when the budget ran out first
    words_exactly: int | None  # set when only chains of exactly this many words were searched
    FIELDS = ("box", "solutions", "min_words", "max_words", "valid_words", "complete", "words_exactly")

    def __init__(self, box: Box, solutions: list[Chain], min_words: int | None, max_words: int, valid_words: int,
                 complete: bool = True, words_exactly: int | None = None) -> None:
        self.box, self.solutions, self.min_words, self.max_words = box, solutions, min_words, max_words
        self.valid_words, self.complete, self.words_exactly = valid_words, complete, words_exactly

    @property
    def count(self) -> int:
        return len(self.solutions)

    @property
    def counts_by_words(self) -> dict[int, int]:
        """How many solutions have each number of words (ascending)."""
        counts: dict[int, int] = {}
        for solution in self.solutions:
            counts[len(solution.words)] = counts.get(len(solution.words), 0) + 1
        return counts


def solve_box(box: Box, words: BoxWords, *, max_words: int | None = None, words_exactly: int | None = None,
              budget: Budget | None = None, explain: bool = False) -> Chains:
    """The solutions of ``box``, fewest words first and ranked best first within each number of words.

    A solution is a chain of words that covers the box and needs every word (see
    :func:`without_spare_words`). ``words_exactly=k``: the solutions of exactly k words.
    ``max_words=n``: every solution of 1 to n words.
    Neither (the default): every solution of one or two words (the NYT's answers have two, and a box
    one word covers still has them), or, when there is none, every 3-word one. A budget that runs out
    (or more than :data:`MAX_CHAINS` chains) stops the search with what it found, ``complete=False``;
    ranking what it found runs on the same budget (:func:`~puzzlewright.budget.paced`: BudgetExceeded when
    it would end more than :data:`~puzzlewright.budget.FINISH_SLACK_S` past the deadline).
    """
    search = _ChainSearch(words, budget)
    if words_exactly is not None:
        sizes, fallback = [words_exactly], None
    elif max_words is not None:
        sizes, fallback = list(range(1, max_words + 1)), None
    else:
        sizes, fallback = list(range(1, NYT_WORDS + 1)), DEFAULT_FALLBACK_WORDS
    chains: list[tuple[int, ...]] = []
    for k in sizes:
        chains.extend(search.chains(k))
        if search.stopped:
            break
    searched = sizes[-1]
    if not chains and fallback is not None and not search.stopped:
        chains, searched = search.chains(fallback), fallback
    solutions = rank(words, without_spare_words(words, chains, budget), explain=explain, budget=budget)
    return Chains(box, solutions, min((len(s.words) for s in solutions), default=None), searched,
                       len(words), complete=not search.stopped, words_exactly=words_exactly)


def without_spare_words(words: BoxWords, chains: list[tuple[int, ...]],
                        budget: Budget | None = None) -> list[tuple[int, ...]]:
    """The chains that need every word: one whose first or last word could be dropped (OIL-LEXICOGRAPHY,
    where LEXICOGRAPHY alone covers the box) is a shorter solution with a spare word, not a solution."""
    masks, full = words.masks, words.full
    kept = []
    for ids in paced(chains, budget):
        if len(ids) > 1:
            inner = 0
            for i in ids[1:-1]:
                inner |= masks[i]
            if inner | masks[ids[0]] == full or inner | masks[ids[-1]] == full:
                continue
        kept.append(ids)
    return kept


@cache
def bit_planes(n: int) -> list[int]:
    """For each bit b < n: the bitset over the masks 0 .. 2^n - 1 of those that contain b."""
    planes = []
    for b in range(n):
        block = ((1 << (1 << b)) - 1) << (1 << b)  # 2^b ones after 2^b zeros
        period = 1 << (b + 1)
        plane = 0
        for start in range(0, 1 << n, period):
            plane |= block << start
        planes.append(plane)
    return planes


@cache
def _slot_planes(n: int, slots: int) -> list[int]:
    """:func:`bit_planes` (n), each repeated ``slots`` times side by side (one per 2^n-bit slot), to close
    the bitsets of several letters at once."""
    size = 1 << n
    return [sum(plane << (slot * size) for slot in range(slots)) for plane in bit_planes(n)]


def chains_of_length(words: BoxWords, k: int, budget: Budget | None = None) -> list[tuple[int, ...]]:
    """Every chain of exactly k words (ids into ``words``) that solves the box, even when fewer would do."""
    return _ChainSearch(words, budget).chains(k)


def continuations(words: BoxWords, start: int, covered: int, *, max_words: int = MAX_WORDS,
                  budget: Budget | None = None) -> tuple[list[tuple[int, ...]], bool]:
    """The chains of the fewest words (at most ``max_words``) that start with the box's ``start``-th letter
    and cover every letter the box-local mask ``covered`` lacks: how a player whose words so far cover
    ``covered`` and end on that letter can finish. Returns them (ids into ``words``) and whether the
    search was complete (False: the budget ran out first, the chains are those found by then)."""
    search = _ChainSearch(words, budget)
    projected = covered if search.project is None else search.project(covered)
    for r in range(1, max_words + 1):
        found = search._tails(start, covered, projected, r, {})
        if found or search.stopped:
            return found, not search.stopped
    return [], True


class _ChainSearch:
    """Enumerates the word chains of exactly k words that cover the box.

    Coverable sets are bitsets over 2^n masks, so for a box of more than 16 letters they are kept over
    the 16 letters fewest words contain (the hardest to cover): a chain that cannot cover those cannot
    cover the box, so the pruning stays sound, only less sharp. Each number of words r has one packed
    bitset of every letter's coverable sets (:meth:`_coverable`), and what a move's test reads of each
    word is worked out for all the box's words at once, in C; the words are grouped by first letter only
    where a search needs it (:meth:`_finishing`, and for chains of 3+ words :attr:`_moves_of`).
    """

    def __init__(self, words: BoxWords, budget: Budget | None):
        self.words = words
        self.budget = budget
        self.stopped = False
        self.kept = 0  # chains built so far (stops the search past MAX_CHAINS)
        self.full = words.full
        self.project = project = _projection(words)
        self.projected_full = self.full if project is None else project(self.full)
        self.bits = self.projected_full.bit_length()  # coverable sets are over masks of this many bits
        self.planes = bit_planes(self.bits)
        self.masks, self.firsts, self.lasts = words.masks, words.firsts, words.lasts
        self.projected = self.masks if project is None else list(map(project, self.masks))
        self.letters = list(dict.fromkeys(self.firsts))  # the first letters, in the order the search takes them
        self._coverables: list[int] = []  # _coverable(r) for r = 1, 2, ...
        self._completion_tables: dict[int, bytes] = {}
        self._passing_first: dict[int, dict[int, list[int]]] = {}  # _passing(letter, 0, r), by r

    # -- coverable sets -------------------------------------------------------------------------

    def _down_closure(self, sets: int, slots: int) -> int:
        """The bitset of every subset of the masks in ``sets``, which holds ``slots`` bitsets of 2^bits
        masks side by side (each closed on its own: a mask's subsets are below it in its slot)."""
        for b, plane in enumerate(_slot_planes(self.bits, slots)):
            sets |= (sets & plane) >> (1 << b)
        return sets

    def _widen(self, sets: int, mask: int) -> int:
        """{x : x minus the letters of ``mask`` is in ``sets``} for a downward-closed ``sets``."""
        planes = self.planes
        widened = sets
        for b in range(len(planes)):
            if mask >> b & 1:
                widened &= ~planes[b]
        for b in range(len(planes)):
            if mask >> b & 1:
                widened |= widened << (1 << b)
        return widened

    def _coverable(self, r: int) -> int:
        """The letter sets chains of r words can cover, by start letter, packed in one bitset: bit
        ``(slot << bits) | sets`` is set when some chain of r words from the box's ``slot``-th letter covers
        (at least) the letter set ``sets``.

        One word: the words' (first letter, mask) bits, set in C and closed downward all at once. More:
        for each move, the sets its last letter covers in r - 1 words, widened by the move's letters."""
        bits, slots = self.bits, len(self.words.box.letters)
        one_slot = (1 << (1 << bits)) - 1
        while len(self._coverables) < r:
            if not self._coverables:
                found = bitset_of(map(or_, map(lshift, self.firsts, repeat(bits)), self.projected), slots << bits)
                self._coverables.append(self._down_closure(found, slots))
                continue
            below, level = self._coverables[-1], 0
            below_of = [below >> (slot << bits) & one_slot for slot in range(slots)]
            widened: dict[tuple[int, int], int] = {}
            for letter, (ids, _, _) in self._moves_of.items():
                sets = 0
                for i in ids:
                    move = (last, mask) = (self.lasts[i], self.projected[i])
                    if move not in widened:
                        widened[move] = self._widen(below_of[last], mask)
                    sets |= widened[move]
                level |= sets << (letter << bits)
            self._coverables.append(level)
        return self._coverables[r - 1]

    def _completion_table(self, r: int) -> bytes:
        """:meth:`_coverable` (r) as one byte per (letter, letters covered): byte ``(slot << bits) | covered``
        is 1 when a chain of r words from the box's ``slot``-th letter can cover every letter ``covered``
        lacks (the complement of ``covered`` is a coverable set: each letter's bytes of the coverable sets,
        reversed). The tests of many moves then run in C (``map``) instead of a big-integer shift each."""
        table = self._completion_tables.get(r)
        if table is None:
            size = 1 << self.bits
            coverable = _bit_bytes(self._coverable(r), len(self.words.box.letters) << self.bits)
            table = self._completion_tables[r] = b"".join(
                coverable[start:start + size][::-1] for start in range(0, len(coverable), size))
        return table

    # -- the moves ------------------------------------------------------------------------------

    @cached_property
    def _moves_of(self) -> dict[int, tuple[list[int], list[int], list[int]]]:
        """First letter -> the ids of its words in index order, with what a move's test reads of each (see
        :meth:`_passing`): its last letter's table offset and its projected mask. Only chains of 3+ words
        need these (the tests from an empty chain run on every word at once)."""
        offsets = list(map(lshift, self.lasts, repeat(self.bits)))
        order = sorted(range(len(self.masks)), key=self.firsts.__getitem__)  # stable: index order in each letter
        moves, end = {}, 0
        for letter in sorted(self.letters):
            ids = order[end:(end := end + self.firsts.count(letter))]
            moves[letter] = (ids, gather(offsets, ids), gather(self.projected, ids))
        return {letter: moves[letter] for letter in self.letters}

    def _passing(self, letter: int, projected: int, r: int) -> Iterable[int]:
        """The ids, in index order, of the words from ``letter`` after which a chain whose letters so far
        are ``projected`` (projected for the coverable sets) can be finished in r - 1 more words: those
        whose last letter's completion table says the letters then covered can be completed (one byte each,
        looked up in C)."""
        table = self._completion_table(r - 1)
        if not projected:
            passing = self._passing_first.get(r)
            if passing is None:
                passing = self._passing_first[r] = {first: [] for first in self.letters}
                positions = map(or_, map(lshift, self.lasts, repeat(self.bits)), self.projected)
                for i in compress(range(len(self.masks)), map(getitem, repeat(table), positions)):
                    passing[self.firsts[i]].append(i)
            return passing.get(letter, ())
        ids, offsets, masks = self._moves_of.get(letter, ((), (), ()))
        return compress(ids, map(getitem, repeat(table), map(or_, offsets, map(or_, repeat(projected), masks))))

    @cached_property
    def _finishers(self) -> tuple[list[int], list[int], memoryview]:
        """Every word as a last word: the ids sorted by first letter, then most letters first, then in index
        order; their masks in that order; and each word's sort key, first letter x 256 + 255 - its letters
        (two bytes a word, built with bytes operations). For :meth:`_finishing`."""
        keys = bytearray(2 * len(self.masks))
        high = 1 if sys.byteorder == "little" else 0  # the byte of the first letter in each 2-byte key
        keys[high::2] = self.firsts
        keys[1 - high::2] = bytes(map(int.bit_count, self.masks)).translate(_NEGATED)
        key = memoryview(keys).cast("H")
        ids = sorted(range(len(self.masks)), key=key.__getitem__)
        return ids, gather(self.masks, ids), key

    def _finishing(self, letter: int, need: int) -> list[int]:
        """The ids of the words from ``letter`` holding every letter of ``need``, most letters first (then
        in index order). Only the words with at least as many letters as ``need`` are tested (their range
        of the sorted words, found by two binary searches on the keys), in C."""
        ids, masks, key = self._finishers
        start = bisect_left(ids, letter << 8, key=key.__getitem__)
        end = bisect_left(ids, (letter << 8) + 256 - need.bit_count(), start, key=key.__getitem__)
        return list(compress(ids[start:end], map(eq, map(and_, repeat(need), masks[start:end]), repeat(need))))

    # -- enumeration ----------------------------------------------------------------------------

    def chains(self, k: int) -> list[tuple[int, ...]]:
        """Every chain of exactly k word ids covering the box (those found so far when the budget ran out)."""
        chains: list[tuple[int, ...]] = []
        memo: dict[tuple[int, int, int], list[tuple[int, ...]]] = {}
        for letter in self.letters:
            chains.extend(self._tails(letter, 0, 0, k, memo))
            if self.stopped:
                break
        return chains

    def _tails(self, letter: int, covered: int, projected: int, r: int, memo: dict) -> list[tuple[int, ...]]:
        """Chains of r words starting with ``letter`` that complete ``covered`` (``projected``: the same,
        projected for the coverable sets) to the full box.

        Each move is followed only when the coverable sets say the rest can be finished in r - 1
        words; for boxes of up to 16 letters every call below the top level returns a chain."""
        key = (letter, covered, r)
        found = memo.get(key)
        if found is not None:
            return found
        if self.budget is not None and not self.budget.spend():
            self.stopped = True
            return []
        if r == 1:  # the last word (or the only one: then the letter's words that cover the box)
            found = list(zip(self._finishing(letter, self.full & ~covered)))
        else:
            found = []
            masks, projected_masks, lasts = self.masks, self.projected, self.lasts
            for i in self._passing(letter, projected, r):
                tails = self._tails(lasts[i], covered | masks[i], projected | projected_masks[i], r - 1, memo)
                found.extend([(i, *tail) for tail in tails])
                self.kept += len(tails)
                if self.kept > MAX_CHAINS:
                    self.stopped = True
                    break
        memo[key] = found
        return found


def _bit_bytes(bits: int, size: int) -> bytes:
    """The first ``size`` bits of ``bits``, bit 0 first, as one byte (0 or 1) each, in C: bit b of every
    byte of ``bits`` is translated to a byte of its own and written to every 8th place from b."""
    packed = bits.to_bytes((size + 7) // 8, "little")
    flags = bytearray(8 * len(packed))
    for b in range(8):
        flags[b::8] = packed.translate(_BIT_OF_BYTE[b])
    return bytes(flags[:size])


def _projection(words: BoxWords):
    """None for boxes of up to 16 letters (the coverable sets track every letter); else the function
    keeping the bits of a box-local mask for the 16 letters fewest words contain, packed low."""
    n = len(words.box.letters)
    if n <= MAX_BITSET_LETTERS:
        return None
    counts = [0] * n
    for mask in words.masks:
        for b in range(n):
            counts[b] += mask >> b & 1
    kept = sorted(sorted(range(n), key=lambda b: counts[b])[:MAX_BITSET_LETTERS])
    low_bits, high_bits = 13, n - 13
    tables = []
    for shift, width in ((0, low_bits), (low_bits, high_bits)):
        table = [0] * (1 << width)
        for value in range(1, 1 << width):
            low = (value & -value).bit_length() - 1 + shift
            table[value] = table[value & (value - 1)] | (1 << kept.index(low) if low in kept else 0)
        tables.append(table)
    low_table, high_table = tables
    return lambda mask: low_table[mask & 8191] | high_table[mask >> low_bits]


# -- what a solve reports -------------------------------------------------------------------------
# The result model's fields (:class:`puzzlewright.letterboxed.schema.SolveResult`) as plain values, worked out
# from the search: the model is built from them (:func:`puzzlewright.letterboxed.api.solve_result`), and the
# command line's quick path prints straight from them (:mod:`puzzlewright.cli.shared`) without creating the
# models (which needs :mod:`dataclasses`), so both print the same report from the same values.


def result_fields(found: Chains, dictionary: str, limit: int | None, *,
                  explain: bool = False, budget: Budget | None = None) -> dict[str, Any]:
    """The result model's fields for a search, with at most ``limit`` solutions (None = all), each as the
    fields of its model (:func:`solution_fields`); building them stops with the search's ``budget``
    (:func:`~puzzlewright.budget.paced`)."""
    shown = found.solutions if limit is None else found.solutions[:limit]
    return {"sides": [side.lower() for side in found.box.sides],
            "solutions": [solution_fields(chain, explain) for chain in paced(shown, budget)],
            "count": len(found.solutions), "by_words": {str(k): n for k, n in found.counts_by_words.items()},
            "min_words": found.min_words, "max_words": found.max_words, "words_exactly": found.words_exactly,
            "complete": found.complete, "valid_words": found.valid_words, "dictionary": dictionary,
            "message": None if found.solutions else no_solution_message(found)}


def solution_fields(chain: Chain, explain: bool = False) -> dict[str, Any]:
    """A solution model's fields: its words (in small letters, as every result gives words), its score, and with ``explain`` each feature's
    part of the score."""
    contributions = None
    if explain and chain.features:
        from puzzlewright.letterboxed.rank import explain as contributions_of

        contributions = {name: round(value, 3) for name, value in contributions_of(chain.features).items()}
    return {"words": list(chain.words), "score": round(chain.score, 3),
            "contributions": contributions}


def no_solution_message(found: Chains) -> str:
    """Why a search found no solutions, in one line."""
    k = found.max_words
    within = (f"of exactly {k} word{'s' if k != 1 else ''}" if found.words_exactly is not None
              else f"within {k} word{'s' if k != 1 else ''}")
    if not found.complete:
        return f"no solution found before the search budget ran out ({within})"
    return f"no solution {within}"
