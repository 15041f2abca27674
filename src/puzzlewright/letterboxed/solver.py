"""Finding every solution of a box (of one or two words by default, or of up to / exactly N words).

1. :func:`box_words`: the dictionary words the box allows. The index hands over the words whose letters
   are all in the box (by letter mask); a word then passes when its letters, translated to side numbers,
   never repeat a side twice in a row.
2. For each number of words k the request allows (see :func:`solve_box`: by default 1 and 2, the NYT's
   own, then 3 only when neither has a solution) the search enumerates every chain of k words that
   covers the box. Masks are
   box-local (bit i = the box's i-th letter); search states (letter, letters covered, words left) are
   memoised, so words with the same ends and letters share their continuations. Completion is
   pruned with *coverable sets*: ``cover[r][c]`` is a bitset over the 2^n box-local masks, holding the
   sets of letters that some chain of r words starting with letter c can still cover. It is built from
   the words' masks by a downward closure (shifts of one big integer per letter), so testing whether a
   partial chain can be finished is one bit test, and every branch explored leads to a solution. (For
   boxes of more than 16 letters the bitsets track the 16 hardest letters: still sound, less sharp.)

Everything here is plain Python over small integers, so the command line runs it without numpy, and every
process (the CLI, a batch, the web app) takes the same path.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import chain, compress, repeat
from operator import sub

from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.index import WordIndex
from puzzlewright.letterboxed.rank import rank
from puzzlewright.schema import ModelBase
from puzzlewright.search import Budget

MAX_WORDS = 5
NYT_WORDS = 2  # the NYT's answer always has two words: shown by default, with any shorter solution
DEFAULT_FALLBACK_WORDS = 3  # searched by default only when no solution of NYT_WORDS or fewer exists
# Chains kept before a search stops as if its budget ran out (a 5x5 box in 4 words has millions)
MAX_CHAINS = 500_000
# Coverable-set bitsets have 2^letters bits; above this many letters they track only 16 of the letters.
MAX_BITSET_LETTERS = 16


@dataclass(eq=False, repr=False)  # equality and repr from ModelBase (start-up: no generated methods)
class BoxWords(ModelBase):
    """The valid words of one box: ``words[i]`` has Zipf frequency ``zipf[i]``, familiarity
    ``familiarity[i]``, SCOWL level ``levels[i]``, source bits ``sources[i]`` (see
    :class:`~puzzlewright.letterboxed.index.WordIndex`) and box-local mask ``masks[i]``."""

    box: Box
    words: list[str]
    zipf: list[float]
    familiarity: list[float]
    levels: list[int]
    sources: list[int]
    masks: list[int]

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def full(self) -> int:
        """The box-local mask of every letter."""
        return (1 << len(self.box.letters)) - 1

    def of_lengths(self, min_length: int | None = None, max_length: int | None = None) -> BoxWords:
        """The words of ``min_length`` to ``max_length`` letters (None: no bound), in the same order."""
        if min_length is None and max_length is None:
            return self
        low, high = min_length or 0, max_length or float("inf")
        keep = [i for i, word in enumerate(self.words) if low <= len(word) <= high]
        return BoxWords(self.box, [self.words[i] for i in keep], [self.zipf[i] for i in keep],
                        [self.familiarity[i] for i in keep], [self.levels[i] for i in keep],
                        [self.sources[i] for i in keep], [self.masks[i] for i in keep])


def box_words(box: Box, index: WordIndex, min_commonness: float | None = None) -> BoxWords:
    """Every word of ``index`` valid in ``box`` (with at least ``min_commonness`` Zipf), in index order.

    The candidate words (letters all in the box) are contiguous runs of the index's text
    (:meth:`~WordIndex.subset_runs`); they are cut out in blocks and tested all at once in C
    (:func:`_valid_lines`), and only the words that pass become strings and have their columns
    (commonness, levels, sources, box-local masks) gathered.
    """
    text, offsets, starts, index_masks = index.text, index.offsets, index.starts, index.masks
    blocks: list[bytes] = []
    ids: list[int] = []
    masks: list[int] = []  # the candidates' 26-bit masks
    for a, b in index.subset_runs(box.mask):
        first, end = starts[a], starts[b]
        blocks.append(text[offsets[first]:offsets[end]])
        ids += range(first, end)
        masks += chain.from_iterable(map(repeat, index_masks[a:b], map(sub, starts[a + 1:b + 1], starts[a:b])))
    joined = b"".join(blocks)
    valid = _valid_lines(joined, box)
    kept = list(compress(ids, valid))
    if min_commonness is not None:
        zipf = index.zipf
        valid = [ok and zipf[i] >= min_commonness for i, ok in zip(ids, valid)]
        kept = list(compress(ids, valid))
    lines = joined.decode("ascii").split("\n")
    t0, t1, t2, t3 = _localiser(box)
    return BoxWords(box, list(compress(lines, valid)), list(map(index.zipf.__getitem__, kept)),
                    list(map(index.familiarity.__getitem__, kept)), list(map(index.levels.__getitem__, kept)),
                    list(map(index.sources.__getitem__, kept)),
                    [t0[m & 255] | t1[m >> 8 & 255] | t2[m >> 16 & 255] | t3[m >> 24] for m in compress(masks, valid)])


def _valid_lines(joined: bytes, box: Box) -> bytes:
    """One byte per word of ``joined`` (lowercase words of the box's letters, each ended by a newline):
    1 when no two letters in a row are on the same side, else 0.

    All in C, a pass over the text at a time: the letters become side digits, each pair of equal digits
    becomes ``x``, the digits are dropped (a valid word leaves its bare newline, a clashing one ``x``s),
    and each ``x``-run with its newline shrinks to one byte.
    """
    sides = joined.translate(box.side_bytes)
    for side in range(len(box.sides)):
        digit = b"%d" % side
        sides = sides.replace(digit + digit, b"x")
    marks = sides.translate(None, _DIGITS).replace(b"x\n", b"\0").translate(None, b"x")
    return marks.translate(_NEWLINE_TO_ONE)


_DIGITS = b"0123456789"
_NEWLINE_TO_ONE = bytes(1 if value == ord("\n") else 0 for value in range(256))


def _localiser(box: Box) -> list[list[int]]:
    """Four 256-entry tables turning the bytes of a 26-bit letter mask into box-local bits (bit i = the
    box's i-th letter), each built by doubling: the values with a byte's bit b set are those without it
    plus that letter's box-local bit (0 for a letter off the box)."""
    local_bit = {ord(letter) - ord("a"): 1 << i for i, letter in enumerate(box.letters)}
    tables = []
    for byte in range(4):
        table = [0]
        for letter in range(8 * byte, 8 * byte + 8):
            bit = local_bit.get(letter, 0)
            table += [value | bit for value in table]
        tables.append(table)
    return tables


@dataclass(slots=True, eq=False, repr=False)
class Solution(ModelBase):
    """A chain of words solving a box, with its ranking score (higher = a person's likelier pick)."""

    words: tuple[str, ...]
    score: float
    letters: int  # letters in all the words
    features: tuple[float, ...] = ()  # the ranking features (rank.FEATURES order) the score sums
    def __str__(self) -> str:
        return "-".join(word.upper() for word in self.words)


@dataclass(eq=False, repr=False)
class SolveResult(ModelBase):
    """The solutions of a box (fewest words first, then best first) and how the search went."""

    box: Box
    solutions: list[Solution]
    min_words: int | None  # None when there is no solution within max_words
    max_words: int  # the most words a solution was searched with
    valid_words: int
    complete: bool = True  # False when the budget ran out first
    words_exactly: int | None = None  # set when only chains of exactly this many words were searched

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
              budget: Budget | None = None) -> SolveResult:
    """The solutions of ``box``, fewest words first and ranked best first within each number of words.

    A solution is a chain of words that covers the box and needs every word (see
    :func:`without_spare_words`). ``words_exactly=k``: the solutions of exactly k words.
    ``max_words=n``: every solution of 1 to n words.
    Neither (the default): every solution of one or two words (the NYT's answers have two, and a box
    one word covers still has them), or, when there is none, every 3-word one. A budget that runs out
    (or more than :data:`MAX_CHAINS` chains) stops the search with what it found, ``complete=False``.
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
    solutions = rank(words, without_spare_words(words, chains))
    return SolveResult(box, solutions, min((len(s.words) for s in solutions), default=None), searched,
                       len(words), complete=not search.stopped, words_exactly=words_exactly)


def without_spare_words(words: BoxWords, chains: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The chains that need every word: one whose first or last word could be dropped (OIL-LEXICOGRAPHY,
    where LEXICOGRAPHY alone covers the box) is a shorter solution with a spare word, not a solution."""
    masks, full = words.masks, words.full
    kept = []
    for chain in chains:
        if len(chain) > 1:
            inner = 0
            for i in chain[1:-1]:
                inner |= masks[i]
            if inner | masks[chain[0]] == full or inner | masks[chain[-1]] == full:
                continue
        kept.append(chain)
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


def chains_of_length(words: BoxWords, k: int, budget: Budget | None = None) -> list[tuple[int, ...]]:
    """Every chain of exactly k words (ids into ``words``) that solves the box, even when fewer would do."""
    return _ChainSearch(words, budget).chains(k)


class _ChainSearch:
    """Enumerates the word chains of exactly k words that cover the box.

    Coverable sets are bitsets over 2^n masks, so for a box of more than 16 letters they are kept over
    the 16 letters fewest words contain (the hardest to cover): a chain that cannot cover those cannot
    cover the box, so the pruning stays sound, only less sharp.
    """

    def __init__(self, words: BoxWords, budget: Budget | None):
        self.words = words
        self.budget = budget
        self.stopped = False
        self.kept = 0  # chains built so far (stops the search past MAX_CHAINS)
        self.full = words.full
        project = _projection(words)
        self.projected_full = self.full if project is None else project(self.full)
        self.planes = bit_planes(self.projected_full.bit_length())
        self.project = project
        # letter -> [(last letter, mask, projected mask, word id)] for the words starting with that letter
        self.moves_from: dict[str, list[tuple[str, int, int, int]]] = defaultdict(list)
        # letter -> {mask: [(word id,), ...]}: the same words by mask (for last words and coverable sets)
        self.by_mask: dict[str, dict[int, list[tuple[int]]]] = defaultdict(dict)
        projected = words.masks if project is None else [project(mask) for mask in words.masks]
        for i, (word, mask, projected_mask) in enumerate(zip(words.words, words.masks, projected)):
            first = word[0]
            self.moves_from[first].append((word[-1], mask, projected_mask, i))
            group = self.by_mask[first].get(mask)
            if group is None:
                self.by_mask[first][mask] = [(i,)]
            else:
                group.append((i,))
        self._finishers: dict[str, tuple[list[int], list[list[tuple[int]]], list[int]]] = {}
        self._cover: list[dict[str, int]] = []  # cover[r - 1][letter]: coverable sets in r words

    # -- coverable sets -------------------------------------------------------------------------

    def _down_closure(self, sets: int) -> int:
        """The bitset of every subset of the masks in ``sets``."""
        for b, plane in enumerate(self.planes):
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

    def cover(self, r: int) -> dict[str, int]:
        """letter -> bitset of the letter sets some chain of r words starting with that letter covers."""
        while len(self._cover) < r:
            if not self._cover:
                level: dict[str, int] = defaultdict(int)
                project = self.project
                for letter, groups in self.by_mask.items():
                    sets = 0
                    for mask in groups:
                        sets |= 1 << (mask if project is None else project(mask))
                    level[letter] = self._down_closure(sets)
            else:
                below = self._cover[-1]
                level = defaultdict(int)
                widened: dict[tuple[str, int], int] = {}
                for letter, moves in self.moves_from.items():
                    for last, _, mask, _ in moves:
                        if (last, mask) not in widened:
                            widened[last, mask] = self._widen(below.get(last, 0), mask)
                        level[letter] |= widened[last, mask]
            self._cover.append(dict(level))
        return self._cover[r - 1]

    def _finishing_moves(self, letter: str) -> tuple[list[int], list[list[tuple[int]]], list[int]]:
        """The words from ``letter`` for last words: their distinct masks, most letters first, the words
        (as 1-tuples) of each mask, and ``enough[p]``: how many masks have at least p letters (a last
        word must hold every letter still needed)."""
        found = self._finishers.get(letter)
        if found is None:
            by_mask = self.by_mask.get(letter, {})
            masks = sorted(by_mask, key=int.bit_count, reverse=True)
            enough = [0] * (len(self.words.box.letters) + 2)
            for mask in masks:
                enough[mask.bit_count()] += 1
            for p in range(len(enough) - 2, -1, -1):
                enough[p] += enough[p + 1]
            found = self._finishers[letter] = (masks, [by_mask[mask] for mask in masks], enough)
        return found

    # -- enumeration ----------------------------------------------------------------------------

    def chains(self, k: int) -> list[tuple[int, ...]]:
        """Every chain of exactly k word ids covering the box (those found so far when the budget ran out)."""
        chains: list[tuple[int, ...]] = []
        memo: dict[tuple[str, int, int], list[tuple[int, ...]]] = {}
        for letter in self.moves_from:
            chains.extend(self._tails(letter, 0, 0, k, memo))
            if self.stopped:
                break
        return chains

    def _tails(self, letter: str, covered: int, projected: int, r: int, memo: dict) -> list[tuple[int, ...]]:
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
        if r == 1:
            need = self.full & ~covered
            masks, singles, enough = self._finishing_moves(letter)
            found = [single for j in range(enough[need.bit_count()]) if not need & ~masks[j]
                     for single in singles[j]]
        else:
            coverable = self.cover(r - 1)
            projected_full = self.projected_full
            found = []
            for last, mask, projected_mask, i in self.moves_from.get(letter, ()):
                now = projected | projected_mask
                if coverable.get(last, 0) >> (projected_full & ~now) & 1:
                    tails = self._tails(last, covered | mask, now, r - 1, memo)
                    found.extend([(i, *tail) for tail in tails])
                    self.kept += len(tails)
                    if self.kept > MAX_CHAINS:
                        self.stopped = True
                        break
        memo[key] = found
        return found


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
