"""A dictionary's words alone, without their commonness and without numpy: all that counting squares
needs, so ``acrostic count`` over a built-in dictionary starts without importing numpy (a third of a
small count's time end to end).

:class:`PlainLexicon` answers the part of :class:`~puzzlewright.lexicon.Lexicon`'s interface a count uses
(``name``, the sorted ``words``, ``of_length``, ``filter(lengths=...)``), so the count functions and
:class:`~puzzlewright.acrostic.jobs.CountJob` take either. A count's job identity is the same for both
(name, number and digest of the words), so one may resume the other's checkpoint.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import Any

from puzzlewright.errors import LexiconError
from puzzlewright.lexicon.shipped import BUILTIN_NAMES, builtin_archive


class SameLength:
    """The words of one length (sorted), as :meth:`Lexicon.of_length` gives them; ``letters`` builds the
    (words x length) numpy array of letters 0-25 on first use, for the searches that need numpy."""

    def __init__(self, length: int, words: tuple[str, ...]):
        self.length = length
        self.words = words

    def __len__(self) -> int:
        return len(self.words)

    @cached_property
    def letters(self) -> Any:
        import numpy as np

        data = np.frombuffer("".join(self.words).encode("ascii"), np.uint8)
        return data.reshape(len(self.words), self.length) - 97


class PlainLexicon:
    """Sorted, distinct lowercase a-z words under a dictionary's name (see the module's docstring)."""

    def __init__(self, words: Iterable[str], name: str = "custom"):
        self.words: tuple[str, ...] = tuple(words)
        self.name = name
        self._lengths: dict[int, SameLength] = {}

    @classmethod
    def builtin(cls, name: str) -> PlainLexicon:
        """The words of a shipped dictionary, read from its archive (LexiconError: not a built-in one)."""
        from puzzlewright.lexicon.archive import read_archive

        archive = builtin_archive(name)
        if archive is None:
            from puzzlewright.suggest import unknown_name

            raise LexiconError(unknown_name("dictionary", name, BUILTIN_NAMES, "built-in ones"))
        return cls(read_archive(archive, ["words"])["words"].tobytes().decode("ascii").split("\n"), name)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __reduce__(self) -> tuple[type[PlainLexicon], tuple[tuple[str, ...], str]]:
        return PlainLexicon, (self.words, self.name)  # the words only, not the per-length tables

    def __repr__(self) -> str:
        return f"<PlainLexicon {self.name!r}: {len(self):,} words>"

    def of_length(self, length: int) -> SameLength:
        """The words of one length (cached)."""
        table = self._lengths.get(length)
        if table is None:
            table = self._lengths[length] = SameLength(length, tuple(w for w in self.words if len(w) == length))
        return table

    def filter(self, *, lengths: Iterable[int]) -> PlainLexicon:
        """The words of the given lengths, under the same name."""
        wanted = set(lengths)
        return PlainLexicon((word for word in self.words if len(word) in wanted), self.name)
