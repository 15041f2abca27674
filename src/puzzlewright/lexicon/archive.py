"""Looking words up without numpy: ``puzzlewright dict lookup`` on a built-in dictionary reads the few
columns it needs straight from the dictionary's shipped archive instead of importing numpy and building a
map of 150,000 words to answer one (issue #15: a lookup in under 0.1 s).

The archives (``puzzlewright/lexicon/data/*.npz``, see :mod:`puzzlewright.lexicon.builtin`) are zip files
of ``.npy`` arrays written by ``numpy.savez_compressed``; :func:`read_archive` inflates the members with
:mod:`zlib` and reads each array as an :class:`array.array` (the standard library's :mod:`zipfile` costs
more to import than the whole lookup). The words are sorted and joined by newlines, so a word is found
with ``bytes.find`` in as much of the list as has to be inflated to reach it (:class:`ShippedWords`), and
its number is the count of newlines before it. The values are those
:class:`~puzzlewright.lexicon.Lexicon` gives (tested): the commonness columns are stored x 100 and divided
in float32 as numpy does.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from functools import cache
from itertools import repeat
from operator import itemgetter, truediv

from puzzlewright.letters import ALPHABET, normalise_word

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import BinaryIO, TypeVar

    Column = array | memoryview  # a column of SortedWords: built (array) or read from the cache folder
    Item = TypeVar("Item")  # what an archive's member is read as (see _dictionary_columns)

_END_RECORD = struct.Struct("<4s4H2IH")  # end of the zip's central directory
_DIRECTORY_ENTRY = struct.Struct("<4s6H3I5H2I")  # one member in the central directory
_LOCAL_HEADER = struct.Struct("<4s5H3I2H")  # the header before a member's data
_NPY_TYPES = {"|u1": "B", "<u2": "H", "<u4": "I", "<f4": "f"}


class Commonness:
    """How common a word is: its Zipf frequency, its SCOWL size level (None when not in SCOWL) and its
    familiarity (see :mod:`puzzlewright.lexicon.core`; equal to ``zipf`` when nothing else is known).
    Immutable, compared and hashed by value. A plain class, not a dataclass: importing :mod:`dataclasses`
    (and :mod:`inspect` under it) would cost ``dict lookup``'s quick path a third of its start-up."""

    __slots__ = ("zipf", "level", "familiarity")
    zipf: float
    level: int | None
    familiarity: float

    def __init__(self, zipf: float, level: int | None, familiarity: float | None = None):
        for name, value in (("zipf", zipf), ("level", level), ("familiarity", zipf if familiarity is None
                                                                  else familiarity)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Commonness is immutable: cannot set {name!r}")

    def _values(self) -> tuple[float, int | None, float]:
        return self.zipf, self.level, self.familiarity

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if isinstance(other, Commonness) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[type[Commonness], tuple[float, int | None, float]]:
        return Commonness, self._values()

    def __repr__(self) -> str:
        return f"Commonness(zipf={self.zipf!r}, level={self.level!r}, familiarity={self.familiarity!r})"

    def to_json(self) -> dict:
        return {"zipf": round(self.zipf, 2), "scowl_level": self.level, "familiarity": round(self.familiarity, 2)}


def lookup_entries(name: str, commonness: Callable[[str], Commonness | None], words: Iterable[str], *,
                   clip: int | None = None) -> dict:
    """``{"dictionary": name, "words": [{"word", "found", "zipf", "scowl_level", "familiarity"}, ...]}``, one
    entry per raw word in order, ``commonness(word)`` giving a normalised word's values (None: not in the
    dictionary). A word is looked up normalised (``Café`` -> ``cafe``); one that is not a word of letters is
    reported as given (stripped and cut to ``clip`` characters when ``clip`` is set) and not found, unless
    it is a crossword phrase that joins the dictionary's crossword fills (``run ragged``,
    :func:`puzzlewright.lexicon.phrases.find_phrase`): then it is found, with the phrase's numbers and a
    ``phrase`` entry (``{"phrase", "grid", "zipf", "familiarity", "sources", "flags"}``). Words written apart
    whose letters make a word of the dictionary (``no way`` -> NOWAY) are found as that word, named by
    ``as_word``, before any phrase: the dictionary's crossword fills use the word there (a phrase joins
    fills only where no word has its letters, :meth:`puzzlewright.lexicon.Lexicon.with_entries`)."""
    from puzzlewright.lexicon.phrases import find_phrase, phrase_key

    entries = []
    for raw in words:
        word = normalise_word(raw)
        joined = phrase_key(raw) if word is None else None
        common = commonness(word) if word else commonness(joined) if joined else None
        joined = joined if common is not None else None
        phrase = find_phrase(raw, name) if common is None else None
        shown = word or (raw if clip is None else raw.strip()[:clip])
        entry: dict = {"word": shown, "found": common is not None or phrase is not None}
        if common is not None:
            entry.update(common.to_json())
            if joined:
                entry["as_word"] = joined
        elif phrase is not None:
            entry.update({"zipf": phrase["zipf"], "scowl_level": None, "familiarity": phrase["familiarity"],
                          "phrase": phrase})
        entries.append(entry)
    return {"dictionary": name, "words": entries}


class ShippedWords:
    """A built-in dictionary's words and commonness columns, read from its archive without numpy.

    The archive's members are inflated only as far as the words looked up need (:class:`_Inflating`):
    the words are sorted, so the search for one stops at the first word after it, and each column is
    inflated up to that word's entry. A lookup of ``cat`` inflates about a sixth of ``english``."""

    def __init__(self, path: str):
        members = _dictionary_columns(path, archive_members(path, _COLUMNS))
        self.words, self.zipf, self.level, self.familiarity = (_Inflating(*member) for member in members)

    def commonness(self, word: str) -> Commonness | None:
        """The word's commonness, None when the dictionary does not have it."""
        number = self._number(word.encode("ascii"))
        if number is None:
            return None
        zipf, familiarity = _hundredths([self.zipf.item(number), self.familiarity.item(number)])
        return Commonness(zipf, self.level.item(number) or None, familiarity)

    def _number(self, word: bytes) -> int | None:
        """The word's position in the sorted list, inflating the list until it is found or passed."""
        words = self.words
        key = b"\n" + word + b"\n"
        searched = words.start - 1  # the .npy header ends with a newline, just before the first word
        while True:
            at = words.raw.find(key, searched)
            if at < 0 and words.done and words.raw.endswith(key[:-1]):  # the last word: no newline after it
                at = len(words.raw) - len(key) + 1
            if at >= 0:
                return words.raw.count(b"\n", words.start, at + 1)  # the newlines before the word's own
            if words.done or words.raw[words.raw.rfind(b"\n") + 1:] > word:  # the last (partial) word read
                return None
            searched = max(searched, len(words.raw) - len(key) + 1)
            words.inflate_more()


_COLUMNS = ("words", "zipf", "level", "familiarity")  # what a lookup reads (ShippedWords)
_SORTED_COLUMNS = (*_COLUMNS, "flags")  # what SortedWords keeps


def _dictionary_columns(path: str, found: dict[str, Item], names: tuple[str, ...] = _COLUMNS) -> list[Item]:
    """The columns ``names`` of ``found`` (what was read of the archive at ``path``), in that order;
    ValueError naming those it lacks."""
    missing = [name for name in names if name not in found]
    if missing:
        raise ValueError(f"{path} has no {', '.join(missing)} array")
    return [found[name] for name in names]


class _Inflating:
    """A member of an archive (a ``.npy`` array) inflated only as far as it has been read: ``raw`` holds
    the member's bytes so far (the header, then the array's data from ``start``)."""

    def __init__(self, method: int, packed: bytes):
        self._inflater = zlib.decompressobj(-15) if method == 8 else None
        self._packed = packed
        self.raw = bytearray() if self._inflater is not None else bytearray(packed)
        self._chunk = 1 << 16
        self.done = self._inflater is None
        header = _npy_header(self.raw)
        while header is None and not self.done:
            self.inflate_more()
            header = _npy_header(self.raw)
        if header is None:
            raise ValueError("not a .npy array")
        self._format, self.start = "<" + header[0], header[1]
        self._size = struct.calcsize(self._format)

    def inflate_more(self) -> None:
        """Inflate about as much again as so far (so a whole member costs a few steps, not one per word)."""
        if self.done:
            return
        more = self._inflater.decompress(self._packed, self._chunk)
        self._packed = self._inflater.unconsumed_tail
        self.raw += more
        self._chunk *= 2
        self.done = self._inflater.eof or not (more or self._packed)

    def item(self, number: int) -> int | float:
        """Element ``number`` of the array."""
        end = self.start + (number + 1) * self._size
        while len(self.raw) < end and not self.done:
            self.inflate_more()
        if len(self.raw) < end:
            raise ValueError(f"the array ends before its entry {number}")
        return struct.unpack_from(self._format, self.raw, end - self._size)[0]


class SortedWords:
    """A built-in dictionary's words and commonness columns, whole, for looking many words up at once
    without numpy (:meth:`numbers`, then :meth:`values`): how a Letter Boxed box's words of a word-list
    file get ``english-large``'s commonness without building that dictionary's lexicon or index.

    ``text`` is the sorted words, each after a newline and the last one followed by one too (``b"\\ncat\\n"``
    for one word); ``zipf``, ``level``, ``familiarity`` and ``flags`` the archive's columns as stored
    (commonness x 100, as in :class:`ShippedWords`; ``flags`` the bits of
    :data:`puzzlewright.lexicon.sources.FLAG_BITS`, which a word-list file's words take from the reference
    as its lexicon does). The words are grouped by their first two letters: group ``k`` (see
    :func:`_groups`) is the lines from ``bounds[k]`` to ``bounds[k + 1]`` of the text, and its first word's
    number is ``firsts[k]``. :meth:`columns_of` inflates all this from the archive and finds the groups
    (about 35 ms for ``english-large``); the columns may be views of a file that keeps them
    (:func:`puzzlewright.letterboxed.index.reference_words`), of which a lookup reads only its words' groups."""

    __slots__ = ("text", "zipf", "level", "familiarity", "flags", "bounds", "firsts")

    def __init__(self, text: bytes | memoryview, zipf: Column, level: Column, familiarity: Column, flags: Column,
                 bounds: Column, firsts: Column):
        self.text, self.zipf, self.level, self.familiarity, self.flags = text, zipf, level, familiarity, flags
        self.bounds, self.firsts = bounds, firsts

    @staticmethod
    def columns_of(path: str) -> list[tuple[str, bytes | memoryview]]:
        """The columns of the words of the archive at ``path``, in the order :class:`SortedWords` takes
        them, each as (its array typecode, "" for the text, and its bytes), the archive's columns viewed
        where they were inflated (not copied). ValueError for what is not an archive of a dictionary (see
        :func:`read_archive`)."""
        from puzzlewright.lexicon.formats import lower_bound

        (_, words), *columns = (_npy_data(inflated(*member)) for member in _dictionary_columns(
            path, archive_members(path, _SORTED_COLUMNS), _SORTED_COLUMNS))
        text = b"".join((b"\n", words, b"\n"))
        bounds, firsts, start, number = array("I"), array("I"), 1, 0
        for key in [*_group_keys(), None]:  # each group's first line: the first line not below its key
            end = len(text) if key is None else lower_bound(text, key.encode("ascii"), start, len(text))
            number += text.count(b"\n", start, end)
            start = end
            bounds.append(start)
            firsts.append(number)
        return [("", text), *columns, *((column.typecode, column.tobytes()) for column in (bounds, firsts))]

    def numbers(self, words: Iterable[str]) -> dict[str, int]:
        """Each of ``words`` (lowercase a-z; others are not looked up) that the dictionary has -> its
        number in the sorted list.

        The words are taken in order, a group at a time: the group's lines are copied out of the text
        (only those are read from a mapped file), and each word is looked for with ``bytes.find`` from
        where the last one was found and its number counted from there (``bytes.count``). So a few
        thousand words cost a few milliseconds."""
        words = sorted(words)
        if not _lowercase_words(words):
            words = [word for word in words if _lowercase_words([word])]
        text, bounds, firsts, found = self.text, self.bounds, self.firsts, {}
        group = position = number = -1
        lines = b""
        keys = map(b"\n%b\n".__mod__, map(str.encode, words))  # each word as its line is found: b"\ncat\n"
        for word, key, k in zip(words, keys, map(_groups().__getitem__, map(itemgetter(slice(2)), words))):
            if k != group:  # the group's lines, each after its newline
                group, position, number = k, 1, firsts[k]
                lines = bytes(text[bounds[k] - 1:bounds[k + 1]])
            at = lines.find(key, position - 1)
            if at >= 0:
                number += lines.count(b"\n", position, at + 1)
                position = at + 1
                found[word] = number
        return found

    def values(self, numbers: Iterable[int]) -> list[tuple[float, float, int, int]]:
        """(Zipf frequency, familiarity, SCOWL level, flag bits) of each of the words ``numbers``: the values
        of their :class:`~puzzlewright.lexicon.Lexicon` (float32, as :class:`ShippedWords` gives them),
        divided and rounded in bulk (one float32 array per column)."""
        numbers = list(numbers)
        zipf, familiarity = (_hundredths(map(column.__getitem__, numbers)) for column in (self.zipf, self.familiarity))
        return list(zip(zipf, familiarity, map(self.level.__getitem__, numbers), map(self.flags.__getitem__, numbers)))


def _lowercase_words(words: list[str]) -> bool:
    """Whether every one of ``words`` is a word of lowercase letters a-z (checked all at once)."""
    joined = "".join(words)
    return joined.isascii() and joined.isalpha() and joined.islower() and all(words)


@cache
def _group_keys() -> list[str]:
    """The first letters of the words of each group of :class:`SortedWords`, in order: 27 groups per first
    letter, the one-letter word first, then the words whose second letter is a, b, ... z."""
    return [first + second for first in ALPHABET for second in ("", *ALPHABET)]


@cache
def _groups() -> dict[str, int]:
    """The number of each group of :class:`SortedWords` by its words' first two letters."""
    return {key: k for k, key in enumerate(_group_keys())}


def _hundredths(stored: Iterable[int]) -> list[float]:
    """Values of a column stored x 100, divided in float32 as :mod:`puzzlewright.lexicon.builtin` does with
    numpy (all at once: one float32 array)."""
    return array("f", map(truediv, stored, repeat(100))).tolist()


def read_archive(path: str, names: Iterable[str] | None = None,
                 check: Callable[[], object] | None = None) -> dict[str, array]:
    """The arrays of a ``numpy.savez_compressed`` archive by name (``words.npy`` -> ``words``): those of
    ``names`` (default: all). ``check`` is called before each block read and each array decoded (a
    budget's look at its clock: a cached word list can be hundreds of megabytes). Raises ValueError for
    anything else (zip64 sizes, other compression, big-endian data, other types)."""
    arrays = {}
    for name, member in archive_members(path, names, check).items():
        if check is not None:
            check()
        arrays[name] = _npy_array(inflated(*member))
    return arrays


def inflated(method: int, packed: bytes) -> bytes:
    """An archive member's bytes as the ``.npy`` file it stores: deflated (method 8) members inflated,
    stored ones (method 0) as they are."""
    return zlib.decompress(packed, -15) if method == 8 else packed


def archive_members(path: str, names: Iterable[str] | None = None,
                    check: Callable[[], object] | None = None) -> dict[str, tuple[int, bytes]]:
    """The members of a ``numpy.savez_compressed`` archive by array name: (compression method, 8 =
    deflated or 0 = stored, and the member's bytes as stored), those of ``names`` (default: all); ``check``
    is called before each block of :data:`CHECKED_BLOCK_BYTES` read."""
    if sys.byteorder != "little":
        raise ValueError("the archives' arrays are little-endian")
    with open(path, "rb") as handle:
        data = handle.read() if check is None else _read_checked(handle, check)
    end = data.rfind(b"PK\x05\x06")
    if end < 0:
        raise ValueError(f"{path} is not a zip file")
    *_, count, _, directory, _ = _END_RECORD.unpack_from(data, end)
    wanted = None if names is None else {f"{name}.npy" for name in names}
    members = {}
    for _ in range(count):
        entry = _DIRECTORY_ENTRY.unpack_from(data, directory)
        method, packed_size, name_length, extra_length, comment_length, offset = (
            entry[4], entry[8], entry[10], entry[11], entry[12], entry[16])
        name = data[directory + _DIRECTORY_ENTRY.size:directory + _DIRECTORY_ENTRY.size + name_length].decode()
        directory += _DIRECTORY_ENTRY.size + name_length + extra_length + comment_length
        if wanted is not None and name not in wanted:
            continue
        local = _LOCAL_HEADER.unpack_from(data, offset)
        start = offset + _LOCAL_HEADER.size + local[-2] + local[-1]
        if packed_size == 0xFFFFFFFF or method not in (0, 8):
            raise ValueError(f"{path}: member {name} is not a plain or deflated one")
        members[name.removesuffix(".npy")] = (method, data[start:start + packed_size])
    return members


CHECKED_BLOCK_BYTES = 1 << 24  # an archive read with a budget: 16 MB between two looks at its clock


def _read_checked(handle: BinaryIO, check: Callable[[], object]) -> bytes:
    """The rest of ``handle``, read a block at a time with ``check()`` before each."""
    blocks = []
    while True:
        check()
        block = handle.read(CHECKED_BLOCK_BYTES)
        if not block:
            return b"".join(blocks)
        blocks.append(block)


def _npy_array(blob: bytes) -> array:
    """The data of a one-dimensional ``.npy`` file as an array of its type."""
    typecode, data = _npy_data(blob)
    values = array(typecode)
    values.frombytes(data)
    return values


def _npy_data(blob: bytes) -> tuple[str, memoryview]:
    """(array typecode, the data's bytes, viewed in ``blob``) of a one-dimensional ``.npy`` file."""
    header = _npy_header(blob)
    if header is None:
        raise ValueError("not a .npy array")
    typecode, start = header
    return typecode, memoryview(blob)[start:]


def _npy_header(blob: bytes) -> tuple[str, int] | None:
    """(array typecode, where the data starts) of a ``.npy`` file's first bytes; None when they do not
    hold the whole header yet. Raises ValueError for what is not a ``.npy`` array of a supported type."""
    if len(blob) < 12:
        return None
    if not blob.startswith(b"\x93NUMPY"):
        raise ValueError("not a .npy array")
    header_length, start = (struct.unpack_from("<H", blob, 8)[0], 10) if blob[6] == 1 else (
        struct.unpack_from("<I", blob, 8)[0], 12)
    if len(blob) < start + header_length:
        return None
    descr = _descr(blob[start:start + header_length].decode("latin-1"))
    if descr not in _NPY_TYPES:
        raise ValueError("unsupported .npy array type")
    return _NPY_TYPES[descr], start + header_length


def _descr(header: str) -> str | None:
    """The ``'descr'`` of a ``.npy`` header (its data type, such as ``'<f4'``), None when it has none;
    read with ``str`` methods, not :mod:`re` (``dict lookup``'s quick path imports no ``re``)."""
    at = header.find("'descr':")
    rest = header[at + len("'descr':"):].lstrip() if at >= 0 else ""
    end = rest.find("'", 1) if rest.startswith("'") else -1
    return rest[1:end] if end > 1 else None
