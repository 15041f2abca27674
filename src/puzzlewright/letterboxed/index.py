"""A dictionary indexed for Letter Boxed: the playable words grouped by their set of letters.

Only words of 3+ letters without a doubled letter can ever be played (a doubled letter is two letters of
the same side in a row), so the index keeps just those, sorted by their 26-bit letter mask. The words a
box allows are then read off bit sets over the words, kept with the index: the words holding each letter,
and those holding each pair of letters next to each other (:meth:`WordIndex.valid_ids`). The masks that
are subsets of a box's letters are found by binary searches on the high letters and tests in C on the
low ones (:meth:`WordIndex.subset_masks`).

The index needs no numpy once built, so the command line can load it from a small cache file (see
:func:`builtin_index`) and answer a puzzle in a few tens of milliseconds from process start.
"""

from __future__ import annotations

import marshal
import os
import sys
import weakref
from array import array
from collections import deque
from bisect import bisect_left, bisect_right
from functools import cache, cached_property
from itertools import accumulate, chain, compress, repeat, starmap
from operator import add, mul, sub

from puzzlewright.cache import cache_dir, remember, store, touch
from puzzlewright.letterboxed.model import MIN_WORD_LENGTH, doubled_at
from puzzlewright.letters import letter_mask, letter_masks
from puzzlewright.record import Record
from puzzlewright.lexicon.shipped import builtin_archive

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    import mmap

    from collections.abc import Callable, Iterable
    from typing import TypeVar

    from puzzlewright.budget import Budget
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.lexicon import Lexicon
    from puzzlewright.lexicon.wordfile import WordFile
    from puzzlewright.lexicon.archive import SortedWords

    Read = TypeVar("Read")  # what a cache file is read as (see _mapped)

INDEX_FORMAT = 7
Column = array | memoryview  # a column of WordIndex: built (array) or read from the cache folder (memoryview)
_MAGIC = b"PWLB"  # a cached index's first bytes; then the header's length, the header and the columns
_ALIGN = 8  # every column of a cached index starts at a multiple of this many bytes


class WordIndex(Record):
    """Playable words of a dictionary, sorted by letter mask, with their commonness.

    The words are kept joined in one ASCII byte string (``text``, each word followed by a newline) so that
    loading the index creates neither 100,000 string objects nor one big decoded string: word ``i`` is
    ``text[offsets[i]:offsets[i + 1] - 1]``
    with Zipf frequency ``zipf[i]``, familiarity ``familiarity[i]`` (the lexicon's, see
    :class:`~puzzlewright.lexicon.Lexicon`), SCOWL size level ``levels[i]`` (0 = not in SCOWL) and the bit
    set of sources that list it, ``sources[i]`` (:data:`puzzlewright.lexicon.sources.SOURCE_BITS`; 0 =
    none recorded, as for word list files), and its flag bits ``flags[i]``
    (:data:`puzzlewright.lexicon.sources.FLAG_BITS`: the ranking puts offensive, vulgar and proper words
    low, :func:`puzzlewright.lexicon.policy.is_ranked_low`). The distinct letter masks are ``masks`` (ascending); the words
    of ``masks[j]`` are the ids ``starts[j]`` to ``starts[j + 1] - 1``, and word ``i``'s mask is
    ``masks[mask_numbers[i]]``. Its first and last letters are ``firsts[i]`` and ``lasts[i]`` (0 = a).
    ``bitsets`` holds :data:`BITSETS` bit sets over the word ids, :meth:`bitset_bytes` each, little-endian:
    set ``k < 26`` the words holding letter ``k``, then one per pair of letters (:func:`pair_number`) the
    words where the pair is adjacent (either way round), so a box's valid words are a few big-integer
    operations (:meth:`valid_ids`); None in an index of a few words built in Python (a box's words of a
    word-list file), where each set is found in the text when first asked for. An index read from the cache folder
    holds memoryviews of the mapped file in place of the bytes and arrays (the same items, indexing and
    buffer); it pickles with copies.
    """

    name: str
    text: bytes | memoryview
    offsets: Column
    zipf: Column
    familiarity: Column
    levels: Column
    sources: Column
    flags: Column
    masks: Column
    starts: Column
    mask_numbers: Column
    firsts: bytes | memoryview
    lasts: bytes | memoryview
    bitsets: bytes | memoryview | None
    FIELDS = ("name", "text", "offsets", "zipf", "familiarity", "levels", "sources", "flags", "masks", "starts",
              "mask_numbers", "firsts", "lasts", "bitsets")

    def __init__(self, name: str, text: bytes | memoryview, offsets: Column, zipf: Column, familiarity: Column,
                 levels: Column, sources: Column, flags: Column, masks: Column, starts: Column,
                 mask_numbers: Column, firsts: bytes | memoryview, lasts: bytes | memoryview,
                 bitsets: bytes | memoryview | None) -> None:
        self.name, self.text, self.offsets, self.zipf, self.familiarity = name, text, offsets, zipf, familiarity
        self.levels, self.sources, self.flags, self.masks, self.starts = levels, sources, flags, masks, starts
        self.mask_numbers, self.firsts, self.lasts, self.bitsets = mask_numbers, firsts, lasts, bitsets

    def __len__(self) -> int:
        return len(self.zipf)

    def word(self, i: int) -> str:
        """Word number ``i``."""
        return str(self.text[self.offsets[i]:self.offsets[i + 1] - 1], "ascii")

    @cached_property
    def words(self) -> list[str]:
        """Every word, in index order (mask, then alphabetical)."""
        return str(self.text, "ascii").split("\n")[:-1]

    def word_ids(self, box_mask: int) -> dict[str, int]:
        """Word -> id of every word whose letters are all in ``box_mask`` (the words of :meth:`spans`),
        decoded all at once."""
        spans = self.spans(box_mask)
        offsets = self.offsets
        text = b"".join([self.text[offsets[first]:offsets[end]] for _, first, end in spans])
        return dict(zip(text.decode("ascii").split("\n"), chain.from_iterable(range(first, end) for _, first, end in spans)))

    def spans(self, box_mask: int) -> list[tuple[int, int, int]]:
        """(mask, first id, end id) for each mask of the index that is a subset of ``box_mask``, ascending."""
        masks, starts = self.masks, self.starts
        return [(masks[j], starts[j], starts[j + 1]) for j in self.subset_masks(box_mask)]

    def subset_masks(self, box_mask: int) -> list[int]:
        """The numbers ``j`` of the masks that are subsets of ``box_mask``, ascending (the words of
        ``masks[j]`` are the ids ``starts[j]`` to ``starts[j + 1] - 1``).

        The masks are sorted, so those whose letters above the lowest :data:`LOW_BITS` are some subset of
        the box's are a few ranges, two binary searches each (one a subset: for 12 letters, some 70 ranges
        holding a seventh of the masks). Their low bits are then tested in C, a byte plane at a time
        (:attr:`mask_planes`): ``bytes.translate`` makes each byte 1 when it holds a letter outside the
        box, else 0, and the planes, read as big integers, OR together into one byte per mask, which
        picks the subsets out of the ranges (``itertools.compress``).
        """
        masks = self.masks
        ranges = []
        end = 0
        for high in _subsets(box_mask >> LOW_BITS):
            first = bisect_left(masks, high << LOW_BITS, end)
            end = bisect_left(masks, (high + 1) << LOW_BITS, first)
            if first < end:
                ranges.append((first, end))
        outside = ~box_mask
        missing = 0
        for k, plane in enumerate(self.mask_planes[:(LOW_BITS + 7) // 8]):
            low = b"".join(plane[first:end] for first, end in ranges)
            missing |= int.from_bytes(low.translate(_outside_table(outside >> 8 * k & 255)), "big")
        tested = sum(end - first for first, end in ranges)
        subset = missing.to_bytes(tested, "big").translate(_FLIP)  # 1 for a subset of the box, else 0
        return list(compress(chain.from_iterable(starmap(range, ranges)), subset))

    def bitset(self, k: int) -> int:
        """Bit set number ``k`` of :attr:`bitsets` as an integer (bit i = word id i), read once per index
        (a batch or the web app solving many boxes on one index reads each from the mapped file once)."""
        read = self._bitset_ints
        bits = read.get(k)
        if bits is None:
            size = self.bitset_bytes
            bits = read[k] = self._found_bitset(k) if self.bitsets is None else int.from_bytes(
                self.bitsets[k * size:(k + 1) * size], "little")
        return bits

    def _found_bitset(self, k: int) -> int:
        """Bit set ``k`` found in the text (an index built in Python, whose text is bytes): the words
        where its letter (or its pair of letters, either way round) is found."""
        starts = []
        for pattern in _bitset_patterns(k):
            at = self.text.find(pattern)
            while at >= 0:
                starts.append(at)
                at = self.text.find(pattern, at + 1)
        return bitset_of(map(sub, map(bisect_right, repeat(self.offsets), starts), repeat(1)), len(self))

    def all_bitsets(self) -> bytes:
        """:attr:`bitsets` as the cache folder keeps them (found in the text when the index has none)."""
        if self.bitsets is not None:
            return bytes(self.bitsets)
        return b"".join(self.bitset(k).to_bytes(self.bitset_bytes, "little") for k in range(BITSETS))

    @cached_property
    def _bitset_ints(self) -> dict[int, int]:
        """The bit sets :meth:`bitset` has read so far, by number."""
        return {}

    @property
    def bitset_bytes(self) -> int:
        """The bytes of each bit set over the word ids."""
        return (len(self) + 7) // 8

    def valid_ids(self, box_mask: int, side_pairs: Iterable[tuple[int, int]]) -> list[int]:
        """The ids, ascending, of the words whose letters are all in ``box_mask`` and that hold no two
        letters of one ``side_pairs`` pair (letter numbers, 0 = a) next to each other: the words of the
        letters outside the box and of the pairs are ORed together, and the words outside that kept."""
        barred = 0
        for code in range(26):
            if not box_mask >> code & 1:
                barred |= self.bitset(code)
        for first, second in side_pairs:
            barred |= self.bitset(26 + pair_number(first, second))
        return set_bits(((1 << len(self)) - 1) & ~barred, self.bitset_bytes)

    @cached_property
    def mask_planes(self) -> tuple[bytes, ...]:
        """Byte k of every mask, one bytes object per k (0-3: letters a-h, i-p, q-x, y-z), for tests of
        many masks at once in C (:meth:`subset_masks`, and the box-local masks of
        :func:`~puzzlewright.letterboxed.solver.box_words`)."""
        masks = self.masks
        if sys.byteorder == "big":
            masks = array("I", masks)
            masks.byteswap()
        raw = masks.tobytes()
        return tuple(raw[k::masks.itemsize] for k in range(4))

    # -- building and caching ---------------------------------------------------------------------

    @classmethod
    def from_words(cls, name: str, entries: list[tuple[str, float, float, int, int, int]]) -> WordIndex:
        """An index of (word, zipf, familiarity, SCOWL level, sources, flags) entries; unplayable words are
        dropped."""
        keyed = sorted((letter_mask(entry[0]), *entry) for entry in entries if _playable(entry[0]))
        columns = list(zip(*keyed)) or [[]] * 7
        return cls._assemble(name, list(columns[1]), array("f", columns[2]), array("f", columns[3]),
                             array("B", columns[4]), array("H", columns[5]), array("I", columns[6]),
                             list(columns[0]))

    @classmethod
    def _assemble(cls, name: str, words: list[str], zipf: array, familiarity: array, levels: array,
                  sources: array, flags: array, word_masks: list[int], bitsets: bytes | None = None,
                  budget: Budget | None = None) -> WordIndex:
        """The index of words already sorted by (mask, word), given each word's mask (and the words' bit
        sets, when already worked out: else each is found in the text when first asked for); ``budget``
        is checked between the steps (each about 0.1 s for 240,000 words)."""
        from puzzlewright.budget import check_time

        masks, starts, offsets = array("I"), array("I"), array("I", [0])
        for position, mask in enumerate(word_masks):
            if not masks or masks[-1] != mask:
                masks.append(mask)
                starts.append(position)
        starts.append(len(words))
        check_time(budget, INDEXING)
        end = 0
        for word in words:
            end += len(word) + 1
            offsets.append(end)
        check_time(budget, INDEXING)
        text = "".join(word + "\n" for word in words).encode("ascii")
        mask_numbers = array("I", chain.from_iterable(map(repeat, range(len(masks)), map(sub, starts[1:], starts))))
        check_time(budget, INDEXING)
        firsts = bytes(map(text.__getitem__, offsets[:-1])).translate(_LETTER_NUMBER)
        lasts = bytes(map(text.__getitem__, map(sub, offsets[1:], repeat(2)))).translate(_LETTER_NUMBER)
        return cls(name, text, offsets, zipf, familiarity, levels, sources, flags, masks, starts, mask_numbers,
                   firsts, lasts, bitsets)

    @classmethod
    def from_lexicon(cls, lexicon: Lexicon, budget: Budget | None = None) -> WordIndex:
        """The index of a lexicon, built with numpy one length at a time (cached per lexicon object), within
        ``budget`` (:class:`~puzzlewright.errors.BudgetExceeded` when it runs out part-way: 1.7 s for
        english-large with a word added, so a request's own lexicon must not outlive its budget)."""
        cached = _BY_LEXICON.get(lexicon)
        if cached is None:
            cached = _BY_LEXICON[lexicon] = _index_lexicon(lexicon, budget)
        return cached

    @classmethod
    def of_box(cls, lexicon: Lexicon, box: Box, candidates: Iterable[str] | None = None) -> WordIndex:
        """The index of just the words of ``lexicon`` that ``box`` allows, with their commonness and flags:
        what :func:`~puzzlewright.letterboxed.solver.box_words` finds for the box in the whole lexicon's
        index. ``candidates``: words among which all those are (default: the lexicon's), so that a
        built-in dictionary with a few words added or removed need not be read whole. A lexicon made for
        one request (its own words, extra or excluded words) serves one box: a few thousand words take
        milliseconds, where indexing english-large with a word added took 1.7 s."""
        words = sorted(set(box.valid_words(lexicon.words if candidates is None else candidates)))
        kept = [i for i in map(lexicon.index_of, words) if i is not None]
        columns = (lexicon.zipf, lexicon.familiarity_values, lexicon.level, lexicon.sources, lexicon.flags)
        entries = list(zip(map(lexicon.words.__getitem__, kept), *(column[kept].tolist() for column in columns)))
        return cls.from_words(lexicon.name, entries)

    def to_bytes(self) -> bytes:
        """The index as the cache folder keeps it (:func:`columns_bytes`, headed by the format number and
        the name), so that :meth:`from_bytes` can view its columns where they lie."""
        columns = [(code, column if code == "" else column.tobytes()) for code, column in
                   zip(_COLUMN_CODES, [*self.field_values()[1:-1], self.all_bitsets()])]
        return columns_bytes(_MAGIC, (INDEX_FORMAT, self.name), columns)

    @classmethod
    def from_bytes(cls, data: bytes | mmap.mmap) -> WordIndex:
        """The index :meth:`to_bytes` wrote, its columns viewed where they lie in ``data`` (no copy: an index
        read from a mapped cache file pages in only the words a box needs). ValueError when ``data`` is
        not such an index, or of another format."""
        (version, name), fields = viewed_columns(data, _MAGIC)
        if version != INDEX_FORMAT:
            raise ValueError("stale index format")
        return cls(name, *fields)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        """Pickled with copies of its columns (an index read from the cache folder views a mapped file)."""
        name, *columns = self.field_values()
        return type(self), (name, *(column if not isinstance(column, memoryview) else
                                    bytes(column) if code == "" else array(code, column.tobytes())
                                    for code, column in zip(_COLUMN_CODES, columns)))


_BY_LEXICON: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# the array type code of each column after the name ("": raw bytes), as cached and as pickled
_COLUMN_CODES = ("", "I", "f", "f", "B", "H", "I", "I", "I", "I", "", "", "")


def columns_bytes(magic: bytes, header: tuple[object, ...], columns: list[tuple[str, bytes | memoryview]]) -> bytes:
    """A cache file of columns: ``magic``, the header's length and the header (``header``'s items, then
    each column's array type code, "" for raw bytes, and size, :mod:`marshal`-ed), then each column's
    bytes, aligned, so that :func:`viewed_columns` can view them where they lie."""
    head = marshal.dumps((*header, [(code, len(data)) for code, data in columns]))
    parts = [magic, len(head).to_bytes(4, "little"), head]
    size = len(magic) + 4 + len(head)
    for _, data in columns:
        parts += [bytes(-size % _ALIGN), data]
        size += -size % _ALIGN + len(data)
    return b"".join(parts)


def viewed_columns(data: bytes | mmap.mmap, magic: bytes) -> tuple[list[object], list[memoryview]]:
    """The header's items and the columns of a :func:`columns_bytes` file, each column a view of ``data``
    (cast to its type). ValueError when ``data`` is not such a file or is cut short."""
    if data[:len(magic)] != magic:
        raise ValueError("not a cached file of this kind")
    start = len(magic) + 4
    end = start + int.from_bytes(data[len(magic):start], "little")
    *header, columns = marshal.loads(data[start:end])
    view, fields = memoryview(data), []
    for code, size in columns:
        end += -end % _ALIGN
        if end + size > len(view):
            raise ValueError("truncated cache file")
        fields.append(view[end:end + size] if code == "" else view[end:end + size].cast(code))
        end += size
    return header, fields


def pair_number(first: int, second: int) -> int:
    """The number (0 to 324) of the unordered pair of distinct letters ``first`` and ``second`` (0 = a)."""
    low, high = min(first, second), max(first, second)
    return high * (high - 1) // 2 + low


BITSETS = 26 + 26 * 25 // 2  # per letter, then per unordered pair of letters


@cache
def _bitset_patterns(k: int) -> tuple[bytes, ...]:
    """What bit set ``k`` looks for in the words: its letter, or its pair of letters both ways round."""
    if k < 26:
        return (bytes([97 + k]),)
    first, second = next((a, b) for b in range(26) for a in range(b) if pair_number(a, b) == k - 26)
    return bytes([97 + first, 97 + second]), bytes([97 + second, 97 + first])


def bitset_of(positions: Iterable[int], size: int) -> int:
    """The integer with bits ``positions`` (each below ``size``) set, built in C: a byte a bit is set,
    and every 8th byte from b, read as an integer, gives bit b of each byte of the result."""
    flags = bytearray(size + -size % 8)
    deque(map(flags.__setitem__, positions, repeat(1)), maxlen=0)  # flags[p] = 1, in C
    bits = 0
    for b in range(8):
        bits |= int.from_bytes(flags[b::8], "little") << b
    return bits


def set_bits(bits: int, size: int) -> list[int]:
    """The positions of the set bits of ``bits`` (below ``8 * size``), ascending, found in C: the nonzero
    bytes' places are read off the runs of zero bytes between them (a ``split``, then running sums of
    the runs' lengths), and each nonzero byte's bits (:data:`_BITS_BEFORE_BYTE_END`) added to the place
    just past it."""
    packed = bits.to_bytes(size, "little")
    zero_runs = packed.translate(_NONZERO_TO_ONE).split(b"\1")[:-1]  # the zero bytes before each nonzero one
    ends = map(mul, accumulate(map(add, map(len, zero_runs), repeat(1))), repeat(8))  # 8 x (its place + 1)
    values = packed.translate(None, b"\0")
    offsets = chain.from_iterable(map(_BITS_BEFORE_BYTE_END.__getitem__, values))
    return list(map(add, chain.from_iterable(map(repeat, ends, values.translate(_BIT_COUNT))), offsets))


_LETTER_NUMBER = bytes((value - ord("a")) % 256 for value in range(256))  # translate: a letter -> 0-25
# a byte's set bits, counted back from the end of the byte (bit b: b - 8)
_BITS_BEFORE_BYTE_END = [tuple(b - 8 for b in range(8) if value >> b & 1) for value in range(256)]
_NONZERO_TO_ONE = bytes([0] + [1] * 255)  # bytes.translate table: a nonzero byte -> 1
_BIT_COUNT = bytes(value.bit_count() for value in range(256))  # bytes.translate table: a byte -> its set bits' count


LOW_BITS = 12  # subset_masks finds ranges by the letters above these, then tests these in bulk


def _subsets(bits: int) -> list[int]:
    """Every subset of ``bits``, ascending."""
    subsets = [0]
    for b in range(bits.bit_length()):
        if bits >> b & 1:
            subsets += [subset | 1 << b for subset in subsets]
    return subsets


@cache
def _outside_table(outside: int) -> bytes:
    """bytes.translate table: a byte of letter-mask bits -> 1 when it has a bit of ``outside``, else 0."""
    return bytes(1 if value & outside else 0 for value in range(256))


_FLIP = bytes([1] + [0] * 255)  # bytes.translate table: 0 -> 1, anything else -> 0


def _array(kind: str, data: bytes) -> array:
    values = array(kind)
    values.frombytes(data)
    return values


def _playable(word: str) -> bool:
    return len(word) >= MIN_WORD_LENGTH and doubled_at(word) < 0


def _index_lexicon(lexicon: Lexicon, budget: Budget | None = None) -> WordIndex:
    """Vectorised :meth:`WordIndex.from_words`: masks and the doubled-letter test per word length, with
    ``budget`` checked between steps."""
    import numpy as np

    from puzzlewright.budget import check_time

    words: list[str] = []
    zipf, familiarity, levels, sources, flags, masks, letter_rows = [], [], [], [], [], [], []
    for length in lexicon.length_counts():
        check_time(budget, INDEXING)
        if length < MIN_WORD_LENGTH:
            continue
        table = lexicon.of_length(length)
        letters = table.letters
        keep = ~(letters[:, 1:] == letters[:, :-1]).any(axis=1)
        letter_rows.append(letters[keep])
        masks.append(letter_masks(letter_rows[-1]))
        zipf.append(table.zipf[keep])
        familiarity.append(table.familiarity[keep])
        positions = np.flatnonzero(lexicon.word_lengths == length)
        levels.append(lexicon.level[positions][keep])
        sources.append(lexicon.sources[positions][keep])
        flags.append(table.flags[keep])
        words.extend(word for word, kept in zip(table.words, keep.tolist()) if kept)
    if not words:
        return WordIndex._assemble(lexicon.name, [], array("f"), array("f"), array("B"), array("H"), array("I"), [])
    all_masks = np.concatenate(masks)
    order = np.lexsort((np.array(words), all_masks))
    check_time(budget, INDEXING)
    bitsets = _numpy_word_bitsets(letter_rows, order, budget)
    check_time(budget, INDEXING)
    return WordIndex._assemble(
        lexicon.name,
        [words[i] for i in order.tolist()],
        _array("f", np.concatenate(zipf).astype(np.float32)[order].tobytes()),
        _array("f", np.concatenate(familiarity).astype(np.float32)[order].tobytes()),
        _array("B", np.concatenate(levels).astype(np.uint8)[order].tobytes()),
        _array("H", np.concatenate(sources).astype(np.uint16)[order].tobytes()),
        _array("I", np.concatenate(flags).astype(np.uint32)[order].tobytes()),
        all_masks[order].tolist(),
        bitsets,
        budget,
    )


INDEXING = "indexing the dictionary for Letter Boxed"  # what a budget that runs out in _index_lexicon says


def _numpy_word_bitsets(letter_rows: list, order, budget: Budget | None = None) -> bytes:
    """:attr:`WordIndex.bitsets`, vectorised: ``letter_rows`` are the words' letters (0-25), one array per
    length, in the order the index sorts by ``order``. Each (bit set, word) a word belongs to sets one bit
    of the bit sets' bytes (``bitwise_or.at``), a length at a time."""
    import numpy as np

    from puzzlewright.budget import check_time

    count = len(order)
    size = (count + 7) // 8
    place = np.empty(count, dtype=np.int64)
    place[order] = np.arange(count)  # where each word (in length order) lands in the index
    joined = np.zeros(BITSETS * size, dtype=np.uint8)
    start = 0
    for letters in letter_rows:
        check_time(budget, INDEXING)
        rows = place[start:start + len(letters), None]
        start += len(letters)
        first, second = letters[:, :-1].astype(np.int64), letters[:, 1:].astype(np.int64)
        high, low = np.maximum(first, second), np.minimum(first, second)
        sets = np.concatenate([letters.astype(np.int64), 26 + high * (high - 1) // 2 + low], axis=1)
        rows = np.broadcast_to(rows, sets.shape)
        np.bitwise_or.at(joined, (sets * size + (rows >> 3)).ravel(), np.left_shift(1, rows & 7).astype(np.uint8).ravel())
    return joined.tobytes()


# -- the cache of built-in dictionaries' indexes, read without importing numpy ------------------------

@cache
def builtin_index(name: str) -> WordIndex | None:
    """The index of a built-in dictionary (None when ``name`` is not one), loaded once per process from
    the cache file in :func:`cache_dir`."""
    return cached_builtin_index(name, cache_dir())


def cached_builtin_index(name: str, directory: str | os.PathLike) -> WordIndex | None:
    """The index of a built-in dictionary from ``directory`` when the cache file is fresh (it is keyed
    by the dictionary archive's size and time); else built from the lexicon and saved there. A cache
    that cannot be written is skipped. None when ``name`` is not a built-in dictionary."""
    archive = builtin_archive(name)
    if archive is None:
        return None
    stat = os.stat(archive)
    prefix = f"letterboxed-{name}-"
    filename = f"{prefix}{stat.st_size}-{stat.st_mtime_ns}-v{INDEX_FORMAT}.marshal"
    index = _read_cached(os.path.join(directory, filename))
    if index is not None:
        return index
    from puzzlewright.lexicon import builtin_lexicon

    index = WordIndex.from_lexicon(builtin_lexicon(name))
    _save(directory, filename, index.to_bytes(), replacing=prefix)
    return index


def file_index(word_file: WordFile, directory: str | os.PathLike | None = None) -> WordIndex:
    """The index of a word-list file (``--dict FILE``), memoised per process, and kept in the cache folder
    under the file's content address (:func:`puzzlewright.lexicon.wordfile.word_file_digest`: its bytes, the format,
    the reference dictionary), so the next run on the same bytes reads the built index as a built-in's is
    read: no numpy, no lexicon. A changed file has another address and is indexed again."""
    directory = cache_dir() if directory is None else directory
    key = (word_file.stamp, os.fspath(directory))
    index = _BY_FILE.get(key)
    if index is None:
        filename = f"letterboxed-file-{word_file.digest()}-v{INDEX_FORMAT}.marshal"
        index = _read_cached(os.path.join(directory, filename))
        if index is None:
            index = WordIndex.from_lexicon(word_file.lexicon())
            _save(directory, filename, index.to_bytes())
        index.name = word_file.name  # the same bytes may have been indexed under another name
        remember(_BY_FILE, key, index, MAX_FILE_INDEXES)
    return index


_BY_FILE: dict[tuple[object, str], WordIndex] = {}
REFERENCE = "english-large"  # the built-in dictionary a word-list file's commonness is joined from


def word_file_index(word_file: WordFile, box: Box | None = None, budget: Budget | None = None) -> WordIndex:
    """The index of a word-list file for one ``box`` (:func:`box_file_index`: only the box's words, read
    from the file) the first time a process asks for the file, and the whole file's index
    (:func:`file_index`: built once, kept in the cache folder) from then on, or when no box is given: a
    batch or a web app solving many boxes on one file reads it once, not once a box. A ``budget``'s time
    counts the reading of the box's words (:class:`~puzzlewright.errors.BudgetExceeded` when it runs out),
    so a huge file cannot keep ``letterboxed solve --dict FILE`` past its time limit."""
    if box is None or word_file.stamp in _BOXES_READ:
        return file_index(word_file)
    index = box_file_index(word_file, box, budget)
    remember(_BOXES_READ, word_file.stamp, True, MAX_FILE_INDEXES)
    return index


_BOXES_READ: dict[object, bool] = {}  # the word-list files a box was read from in this process


def box_file_index(word_file: WordFile, box: Box, budget: Budget | None = None) -> WordIndex:
    """The index of the words of a word-list file (``--dict FILE``) that ``box`` allows: the words
    :func:`box_words` would find for the box in :func:`file_index`'s index, with the same commonness and
    flags, without reading the whole file into a lexicon. The file is scanned for lines spelt with the box's
    letters (a block of an ASCII plain list at a time; other files are read whole and filtered), those
    the box allows are kept (:meth:`~puzzlewright.letterboxed.model.Box.valid_words`: a few hundred of a
    few thousand), and only those are looked up in the reference dictionary's sorted words
    (:func:`reference_words`). So a first run on a new file, even with an empty cache folder, costs about
    what a built-in dictionary costs, without numpy."""
    from puzzlewright.lexicon.formats import read_word_file

    check = None if budget is None else budget.check_time
    words, _, format = read_word_file(word_file.path, word_file.format, within=box.letters, check_time=check)
    if not words:
        read_word_file(word_file.path, format, check_time=check)  # a file with no usable word at all is an error
    allowed = box.valid_words(words)
    reference = reference_words()
    numbers = {} if reference is None else reference.numbers(allowed)
    known = dict(zip(numbers, reference.values(numbers.values()))) if reference is not None else {}
    entries = []
    for word in allowed:
        zipf, familiarity, level, flags = known.get(word, (0.0, 0.0, 0, 0))
        if format == "freq":  # the file's own Zipf values (and no familiarity of their own)
            zipf = familiarity = words[word]
        elif format == "scored":  # the file's scores are the familiarity
            familiarity = words[word]
        entries.append((word, zipf, familiarity, level, 0, flags))
    return WordIndex.from_words(word_file.name, entries)


@cache
def reference_words() -> SortedWords | None:
    """The words and commonness of :data:`REFERENCE` (None when it is not shipped), loaded once per
    process: inflated from its archive the first time (about 35 ms), then kept in the cache folder,
    uncompressed (about 5 MB, mapped, so a box reads only its words' stretches), under a name that changes
    with the archive. Building its Letter Boxed index instead took about a second with numpy."""
    from puzzlewright.lexicon.archive import SortedWords

    archive = builtin_archive(REFERENCE)
    if archive is None:
        return None
    stat = os.stat(archive)
    directory, prefix = cache_dir(), f"letterboxed-words-{REFERENCE}-"
    filename = f"{prefix}{stat.st_size}-{stat.st_mtime_ns}-v{REFERENCE_FORMAT}.columns"
    fields = _mapped(os.path.join(directory, filename), _reference_columns)
    if fields is None:
        columns = SortedWords.columns_of(archive)
        _save(directory, filename, columns_bytes(_WORDS_MAGIC, (REFERENCE_FORMAT,), columns), replacing=prefix)
        fields = [memoryview(data).cast(code or "B") for code, data in columns]
    return SortedWords(*fields)


def _reference_columns(data: mmap.mmap) -> list[memoryview]:
    """The columns of a cached :func:`reference_words` file; ValueError for another file or version."""
    from puzzlewright.lexicon.archive import SortedWords

    header, fields = viewed_columns(data, _WORDS_MAGIC)
    if header != [REFERENCE_FORMAT] or len(fields) != len(SortedWords.__slots__):
        raise ValueError("stale reference words")
    return fields


_WORDS_MAGIC = b"PWRW"  # a cached reference_words file's first bytes
REFERENCE_FORMAT = 2  # bump when what reference_words keeps changes
MAX_FILE_INDEXES = 4  # word-list files' indexes kept per process (a long-lived web app or batch)


def _read_cached(path: str) -> WordIndex | None:
    """The index cached in ``path``, None when it is absent, unreadable or of an older format (see
    :func:`_mapped`)."""
    return _mapped(path, WordIndex.from_bytes)


def _mapped(path: str, read: Callable[[mmap.mmap], Read]) -> Read | None:
    """``read`` of the cache file ``path``, None when it is absent, unreadable or not what ``read`` takes
    (ValueError). The file is mapped, not read, and what ``read`` gives views it in the mapping
    (:func:`viewed_columns`): a one-off solve pages in the few words its box needs instead of copying
    megabytes. The cache files are replaced whole (:func:`~puzzlewright.cache.store`), never rewritten in
    place, so a mapping stays valid."""
    import mmap

    try:
        with open(path, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        value = read(mapped)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    touch(path)  # just used: the cache's eviction takes it last
    return value


def _save(directory: str | os.PathLike, filename: str, data: bytes, replacing: str | None = None) -> bool:
    """Write ``data`` atomically; a failure (read-only home, full disk) only costs speed next time. Once
    written, the older versions of the file are removed: the names starting with ``replacing`` with as
    many parts (a name without its size, time and version)."""
    try:
        os.makedirs(directory, exist_ok=True)
        store(os.path.join(directory, filename), lambda handle: handle.write(data))
    except OSError:
        return False
    for stale in os.listdir(directory) if replacing else ():
        if stale.startswith(replacing) and stale != filename and stale.count("-") == filename.count("-"):
            try:
                os.remove(os.path.join(directory, stale))
            except OSError:  # another process rebuilding it removed it first, or it is mapped (Windows)
                pass
    return True
