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
from puzzlewright.letters import normalise_word

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

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
    reported as given (stripped and cut to ``clip`` characters when ``clip`` is set) and not found."""
    entries = []
    for raw in words:
        word = normalise_word(raw)
        common = commonness(word) if word else None
        entry: dict = {"word": word or (raw if clip is None else raw.strip()[:clip]), "found": common is not None}
        if common is not None:
            entry.update(common.to_json())
        entries.append(entry)
    return {"dictionary": name, "words": entries}


class ShippedWords:
    """A built-in dictionary's words and commonness columns, read from its archive without numpy.

    The archive's members are inflated only as far as the words looked up need (:class:`_Inflating`):
    the words are sorted, so the search for one stops at the first word after it, and each column is
    inflated up to that word's entry. A lookup of ``cat`` inflates about a sixth of ``english``."""

    def __init__(self, path: str):
        members = archive_members(path, _COLUMNS)
        missing = [name for name in _COLUMNS if name not in members]
        if missing:
            raise ValueError(f"{path} has no {', '.join(missing)} array")
        self.words, self.zipf, self.level, self.familiarity = (_Inflating(*members[name]) for name in _COLUMNS)

    def commonness(self, word: str) -> Commonness | None:
        """The word's commonness, None when the dictionary does not have it."""
        number = self._number(word.encode("ascii"))
        if number is None:
            return None
        return Commonness(_hundredths(self.zipf.item(number)), self.level.item(number) or None,
                          _hundredths(self.familiarity.item(number)))

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


_COLUMNS = ("words", "zipf", "level", "familiarity")


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


def _hundredths(stored: int) -> float:
    """A column stored x 100, divided in float32 as :mod:`puzzlewright.lexicon.builtin` does with numpy."""
    return float(array("f", [stored / 100])[0])


def read_archive(path: str, names: Iterable[str] | None = None) -> dict[str, array]:
    """The arrays of a ``numpy.savez_compressed`` archive by name (``words.npy`` -> ``words``): those of
    ``names`` (default: all). Raises ValueError for anything else (zip64 sizes, other compression,
    big-endian data, other types)."""
    return {name: _npy_array(zlib.decompress(packed, -15) if method == 8 else packed)
            for name, (method, packed) in archive_members(path, names).items()}


def archive_members(path: str, names: Iterable[str] | None = None) -> dict[str, tuple[int, bytes]]:
    """The members of a ``numpy.savez_compressed`` archive by array name: (compression method, 8 =
    deflated or 0 = stored, and the member's bytes as stored), those of ``names`` (default: all)."""
    if sys.byteorder != "little":
        raise ValueError("the archives' arrays are little-endian")
    with open(path, "rb") as handle:
        data = handle.read()
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


def _npy_array(blob: bytes) -> array:
    """The data of a one-dimensional ``.npy`` file as an array of its type."""
    header = _npy_header(blob)
    if header is None:
        raise ValueError("not a .npy array")
    typecode, start = header
    values = array(typecode)
    values.frombytes(blob[start:])
    return values


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
