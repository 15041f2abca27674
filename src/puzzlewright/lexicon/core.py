"""The :class:`Lexicon`: a sorted set of lowercase a-z words, each with its commonness, plus lazily built
indexes (words by length, prefix tables, anagram signatures, letter-count vectors) that the solvers share.

Commonness has two parts. ``zipf`` is the word's frequency on the Zipf scale from ``wordfreq`` (log10 of
occurrences per billion words: about 7 for "the", 3 for "umbrella", 1 for very rare words, 0 when
unknown). ``level`` is the word's SCOWL size level (10 = core vocabulary ... 95 = obscure; 0 = not in
SCOWL).

*Familiarity* is the one number the rankers and floors use: for the built-in English dictionaries it
combines the Zipf frequency with the evidence of the sources the build read (SCOWL level, WordNet, Ding,
GCIDE; see ``scripts/build_lexicon.py``), on the same Zipf-like scale; for other lists it is the Zipf
frequency (or a scored list's score mapped onto that scale). "Minimum commonness" filters everywhere
mean a minimum familiarity.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, KeysView, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import compress

import numpy as np

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import letter_masks
from puzzlewright.ranking import best_rows
from puzzlewright.lexicon.archive import Commonness


def signature(word: str) -> str:
    """The anagram signature of a word: its letters in sorted order ('chase' -> 'acehs')."""
    return "".join(sorted(word))


def letter_count_table(letters: np.ndarray) -> np.ndarray:
    """(k, 26) uint8: how often each letter occurs in each row of a (k, n) array of letter numbers 0-25."""
    counts = np.zeros((len(letters), 26), np.uint8)
    rows = np.arange(len(letters))
    for j in range(letters.shape[1]):
        counts[rows, letters[:, j]] += 1  # one row per index pair per column: no repeats, no np.add.at
    return counts


@dataclass(frozen=True)
class WordTable:
    """All words of one length as aligned arrays, for vectorised work.

    ``letters[i, j]`` is letter j of ``words[i]`` as 0-25; ``zipf[i]`` its frequency,
    ``familiarity[i]`` its familiarity (the Zipf frequency when none is given) and ``flags[i]`` its flag
    bits (:data:`puzzlewright.lexicon.sources.FLAG_BITS`; none when not given).
    """

    length: int
    words: tuple[str, ...]
    letters: np.ndarray
    zipf: np.ndarray
    familiarity: np.ndarray | None = None
    flags: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.familiarity is None:
            object.__setattr__(self, "familiarity", self.zipf)
        if self.flags is None:
            object.__setattr__(self, "flags", np.zeros(len(self.words), np.uint32))

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def letter_columns(self) -> np.ndarray:
        """``letters`` transposed, one contiguous row per position: a test of one position over every word
        then reads one row (cached)."""
        return np.ascontiguousarray(self.letters.T)


class Lexicon:
    """An immutable word list with commonness and cached indexes.

    Build one with :func:`puzzlewright.lexicon.load_lexicon` (built-in names or files) or directly from
    words. Words must already be normalised (lowercase a-z); :func:`puzzlewright.lexicon.normalise_word`
    does that for raw input. ``presorted=True`` skips the sort check for words known to be sorted and
    unique (the shipped dictionaries).
    """

    def __init__(
        self,
        words: Iterable[str],
        zipf: Sequence[float] | np.ndarray | None = None,
        level: Sequence[int] | np.ndarray | None = None,
        *,
        familiarity: Sequence[float] | np.ndarray | None = None,
        sources: Sequence[int] | np.ndarray | None = None,
        flags: Sequence[int] | np.ndarray | None = None,
        name: str = "custom",
        source: str = "",
        skipped: int = 0,
        presorted: bool = False,
    ):
        words = list(words)
        n = len(words)
        zipf_array = np.zeros(n, np.float32) if zipf is None else np.asarray(zipf, np.float32)
        level_array = np.zeros(n, np.uint8) if level is None else np.asarray(level, np.uint8)
        familiarity_array = zipf_array if familiarity is None else np.asarray(familiarity, np.float32)
        sources_array = np.zeros(n, np.uint16) if sources is None else np.asarray(sources, np.uint16)
        flags_array = np.zeros(n, np.uint32) if flags is None else np.asarray(flags, np.uint32)
        if not len(zipf_array) == len(level_array) == len(familiarity_array) == len(sources_array) == len(
                flags_array) == n:
            raise ValueError("words, zipf, level, familiarity, sources and flags must have the same length")
        if not presorted and any(a >= b for a, b in zip(words, words[1:])):
            order = sorted(range(n), key=words.__getitem__)
            words, keep = _dedupe_sorted([words[i] for i in order])
            order = [order[i] for i in keep]
            zipf_array, level_array = zipf_array[order], level_array[order]
            familiarity_array, sources_array = familiarity_array[order], sources_array[order]
            flags_array = flags_array[order]
        self.words: tuple[str, ...] = tuple(words)
        self.zipf: np.ndarray = zipf_array
        self.level: np.ndarray = level_array
        self.familiarity_values: np.ndarray = familiarity_array
        self.sources: np.ndarray = sources_array
        self.flags: np.ndarray = flags_array  # bits of puzzlewright.lexicon.sources.FLAG_BITS
        self.name = name
        self.source = source
        self.skipped = skipped
        self._searches = 0  # look-ups made by binary search (see index_of)

    # -- the set of words -------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.index_of(word) is not None

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self):,} words>"

    @property
    def word_set(self) -> KeysView[str]:
        """The words as a set (a view of :attr:`position`'s keys: no second copy of a large dictionary)."""
        return self.position.keys()

    @cached_property
    def position(self) -> dict[str, int]:
        """Word -> its index in :attr:`words` (and in :attr:`zipf`, :attr:`level`, the numpy indexes)."""
        return {word: i for i, word in enumerate(self.words)}

    def index_of(self, word: str) -> int | None:
        """``word``'s index in :attr:`words`, None when absent: found by binary search in the sorted words
        until the look-ups would have paid for :attr:`position`, then in it. Building that dictionary takes
        0.3 s for 300,000 words, and a lexicon derived for one request (extra or excluded words) is asked
        about a handful; a lexicon asked about many builds it after a quarter as many look-ups as words."""
        if "position" not in self.__dict__ and self._searches < len(self.words) // 4:
            self._searches += 1
            at = bisect_left(self.words, word)
            return at if at < len(self.words) and self.words[at] == word else None
        return self.position.get(word)

    def commonness(self, word: str) -> Commonness | None:
        """The word's commonness, or None when the word is not in the lexicon."""
        if not isinstance(word, str):  # compared with the sorted words, it would be a TypeError from bisect
            raise PuzzleInputError(f"a word must be a string, not {type(word).__name__}")
        i = self.index_of(word)
        if i is None:
            return None
        level = int(self.level[i])
        return Commonness(float(self.zipf[i]), level or None, float(self.familiarity_values[i]))

    def zipf_of(self, word: str) -> float:
        """The word's Zipf frequency, 0.0 when it is unknown or absent."""
        i = self.index_of(word)
        return 0.0 if i is None else float(self.zipf[i])

    def familiarity(self, word: str) -> float | None:
        """The word's familiarity (Zipf-like: ~7 for "the", ~3 for "umbrella", ~1 for words few people
        know), or None when the word is not in the lexicon."""
        i = self.index_of(word)
        return None if i is None else float(self.familiarity_values[i])

    def flags_of(self, word: str) -> frozenset[str]:
        """The word's flags (``offensive``, ``vulgar``, ``proper``, ``abbreviation``, ``archaic``: see
        :data:`puzzlewright.lexicon.sources.FLAG_DESCRIPTIONS`); empty when it has none or is absent."""
        from puzzlewright.lexicon.sources import flag_evidence

        i = self.index_of(word)
        return frozenset() if i is None else frozenset(flag_evidence(int(self.flags[i])))

    def flag_bits(self, word: str) -> int:
        """The word's flag bits (:data:`puzzlewright.lexicon.sources.FLAG_BITS`), 0 when it has none or is
        absent: what a ranker tests per word (see :func:`puzzlewright.lexicon.policy.is_ranked_low`)."""
        i = self.index_of(word)
        return 0 if i is None else int(self.flags[i])

    def flagged(self, flags: Iterable[str]) -> np.ndarray:
        """Boolean array over :attr:`words`: which words carry any of ``flags``."""
        from puzzlewright.lexicon.sources import flag_mask

        return (self.flags & np.uint32(flag_mask(flags))) != 0

    # -- deriving new lexicons --------------------------------------------------------------------

    def _subset(self, keep: np.ndarray, name: str) -> Lexicon:
        index = np.flatnonzero(keep)
        return Lexicon(
            list(compress(self.words, keep.tolist())), self.zipf[index], self.level[index],
            familiarity=self.familiarity_values[index], sources=self.sources[index], flags=self.flags[index],
            name=name, source=self.source, skipped=self.skipped, presorted=True,
        )

    def without_flags(self, flags: Iterable[str]) -> Lexicon:
        """This lexicon without the words that carry any of ``flags`` (itself when none does)."""
        drop = self.flagged(flags)
        return self._subset(~drop, self.name) if drop.any() else self

    def filter(
        self,
        *,
        min_length: int | None = None,
        max_length: int | None = None,
        lengths: Iterable[int] | None = None,
        min_commonness: float | None = None,
        max_level: int | None = None,
    ) -> Lexicon:
        """The words that pass every given test (length range or set, minimum familiarity, maximum SCOWL
        level)."""
        keep = np.ones(len(self), bool)
        word_lengths = self.word_lengths
        if min_length is not None:
            keep &= word_lengths >= min_length
        if max_length is not None:
            keep &= word_lengths <= max_length
        if lengths is not None:
            keep &= np.isin(word_lengths, list(lengths))
        if min_commonness is not None:
            keep &= self.familiarity_values >= np.float64(min_commonness)  # compared in float64: 1e308 does not overflow
        if max_level is not None:
            keep &= self.level <= max_level
        return self._subset(keep, self.name)

    def union(self, extra: Iterable[str], zipf: float | None = None) -> Lexicon:
        """This lexicon plus ``extra`` words (normalised lowercase a-z).

        New words get ``zipf`` (as Zipf and familiarity) if given, else the frequency and familiarity the
        embedded dictionary knows for them (0 if none), so that user-added words rank sensibly; they carry
        the flags the embedded dictionary knows for them either way. They are merged into the sorted words
        where they belong (no sort of the whole lexicon: adding a word to a 300,000-word one took 0.7 s).
        """
        from puzzlewright.lexicon.builtin import reference_familiarity, reference_flags, reference_zipf

        new = self.missing(extra)
        if not new:
            return self
        at = [bisect_left(self.words, word) for word in new]
        new_zipf = [zipf if zipf is not None else reference_zipf(w) for w in new]
        new_familiarity = [zipf if zipf is not None else reference_familiarity(w) for w in new]
        return Lexicon(
            _merged(self.words, new, at),
            np.insert(self.zipf, at, np.asarray(new_zipf, np.float32)),
            np.insert(self.level, at, np.zeros(len(new), np.uint8)),
            familiarity=np.insert(self.familiarity_values, at, np.asarray(new_familiarity, np.float32)),
            sources=np.insert(self.sources, at, np.zeros(len(new), np.uint16)),
            flags=np.insert(self.flags, at, np.asarray([reference_flags(w) for w in new], np.uint32)),
            name=self.name + "+extra", source=self.source, skipped=self.skipped, presorted=True,
        )

    def missing(self, words: Iterable[str]) -> list[str]:
        """The distinct ``words`` this lexicon lacks, sorted."""
        return [word for word in sorted(set(words)) if self.index_of(word) is None]

    def with_entries(self, other: Lexicon) -> Lexicon:
        """This lexicon plus the words of ``other`` it lacks, each with all of ``other``'s columns (crossword
        fill adds its phrases this way); itself when ``other`` adds nothing."""
        if not len(other) or all(word in self.position for word in other.words):
            return self
        return Lexicon(
            list(self.words) + list(other.words), np.concatenate([self.zipf, other.zipf]),
            np.concatenate([self.level, other.level]),
            familiarity=np.concatenate([self.familiarity_values, other.familiarity_values]),
            sources=np.concatenate([self.sources, other.sources]), flags=np.concatenate([self.flags, other.flags]),
            name=self.name, source=self.source, skipped=self.skipped,
        )

    def exclude(self, words: Iterable[str]) -> Lexicon:
        """This lexicon without ``words`` (found by binary search in the sorted words)."""
        drop = set(words)
        present = sorted(drop.difference(self.missing(drop)))
        if not present:
            return self
        keep = np.ones(len(self), bool)
        keep[[bisect_left(self.words, word) for word in present]] = False
        return self._subset(keep, self.name + "-excluded")

    # -- indexes, each built once on first use ----------------------------------------------------

    @cached_property
    def word_lengths(self) -> np.ndarray:
        return np.fromiter(map(len, self.words), np.int32, len(self.words))

    def length_counts(self) -> dict[int, int]:
        """Number of words of each length, shortest first."""
        return dict(sorted(Counter(self.word_lengths.tolist()).items()))

    def of_length(self, length: int) -> WordTable:
        """The words of one length as a :class:`WordTable` (cached)."""
        table = self._tables.get(length)
        if table is None:
            index = np.flatnonzero(self.word_lengths == length)
            words = tuple(map(self.words.__getitem__, index.tolist()))  # Python ints index a list fastest
            if words:
                letters = np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(len(words), length) - 97
            else:
                letters = np.zeros((0, length), np.uint8)
            table = WordTable(length, words, letters, self.zipf[index], self.familiarity_values[index],
                              self.flags[index])
            self._tables[length] = table
        return table

    @cached_property
    def _tables(self) -> dict[int, WordTable]:
        return {}

    def prefix_masks(self, length: int) -> dict[str, int]:
        """For words of one length: every proper prefix (including '') -> 26-bit mask of the letters that
        can follow it. A prefix absent from the table extends to no word."""
        masks = self._prefix_masks.get(length)
        if masks is None:
            masks = {}
            for word in self.of_length(length).words:
                for i in range(length):
                    prefix = word[:i]
                    masks[prefix] = masks.get(prefix, 0) | (1 << (ord(word[i]) - 97))
            self._prefix_masks[length] = masks
        return masks

    @cached_property
    def _prefix_masks(self) -> dict[int, dict[str, int]]:
        return {}

    def anagram_index(self, length: int) -> dict[str, tuple[str, ...]]:
        """For words of one length: anagram signature -> the words with those letters, most common first,
        ties by the tie rule (:func:`~puzzlewright.ranking.best_rows`: more familiar, then alphabetical;
        built on first use per length, ~10-40 ms for ``english``; looking a word up is then ~1 µs)."""
        index = self._anagram_indexes.get(length)
        if index is None:
            table = self.of_length(length)
            order = best_rows(table.familiarity, table.zipf)
            groups: dict[str, list[str]] = {}
            for i in order.tolist():
                word = table.words[i]
                groups.setdefault(signature(word), []).append(word)
            index = self._anagram_indexes[length] = {sig: tuple(words) for sig, words in groups.items()}
        return index

    @cached_property
    def _anagram_indexes(self) -> dict[int, dict[str, tuple[str, ...]]]:
        return {}

    def anagrams(self, letters: str) -> tuple[str, ...]:
        """The words made of exactly these letters (any order), most common first."""
        return self.anagram_index(len(letters)).get(signature(letters), ())

    def length_letter_counts(self, length: int) -> np.ndarray:
        """(words x 26) uint8 letter counts of the words of one length, aligned with ``of_length`` (cached)."""
        counts = self._length_letter_counts.get(length)
        if counts is None:
            counts = self._length_letter_counts[length] = letter_count_table(self.of_length(length).letters)
        return counts

    @cached_property
    def _length_letter_counts(self) -> dict[int, np.ndarray]:
        return {}

    def letter_count_columns(self, length: int) -> np.ndarray:
        """(26 x words) :meth:`length_letter_counts` transposed, one contiguous row per letter: comparing
        every word's counts with 26 limits then runs along rows, not 26 elements at a time (cached)."""
        columns = self._letter_count_columns.get(length)
        if columns is None:
            columns = self._letter_count_columns[length] = np.ascontiguousarray(self.length_letter_counts(length).T)
        return columns

    @cached_property
    def _letter_count_columns(self) -> dict[int, np.ndarray]:
        return {}

    @cached_property
    def letter_counts(self) -> np.ndarray:
        """(words x 26) uint8 array: how many times each letter occurs in each word."""
        counts = np.zeros((len(self), 26), np.uint8)
        for length in self.length_counts():
            counts[np.flatnonzero(self.word_lengths == length)] = self.length_letter_counts(length)
        return counts

    @cached_property
    def letter_masks(self) -> np.ndarray:
        """uint32 array: the 26-bit set of letters in each word."""
        masks = np.zeros(len(self), np.uint32)
        for length in self.length_counts():
            masks[np.flatnonzero(self.word_lengths == length)] = letter_masks(self.of_length(length).letters)
        return masks


def _merged(words: Sequence[str], new: list[str], at: list[int]) -> list[str]:
    """``words`` with each of ``new`` inserted before position ``at`` of it (``at`` ascending, as
    :func:`bisect.bisect_left` gives for sorted ``new``): ``np.insert`` for a list of words."""
    merged: list[str] = []
    start = 0
    for word, place in zip(new, at):
        merged.extend(words[start:place])
        merged.append(word)
        start = place
    merged.extend(words[start:])
    return merged


def _dedupe_sorted(words: list[str]) -> tuple[list[str], list[int]]:
    """Drop repeats from a sorted list; return the words and the indexes kept."""
    keep = [i for i in range(len(words)) if i == 0 or words[i] != words[i - 1]]
    return [words[i] for i in keep], keep

