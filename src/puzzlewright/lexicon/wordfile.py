"""A word-list file given as the dictionary (``--dict FILE``), and its content address.

Kept apart from the request models (:mod:`puzzlewright.schema`, which re-exports both names) so that the
command line's quick path can take a file without importing :mod:`dataclasses` or :mod:`typing`.
"""

from __future__ import annotations

import os

from puzzlewright.lexicon.shipped import builtin_archive

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from puzzlewright.lexicon import Lexicon


class WordFile:
    """A word-list file given as the dictionary (``--dict FILE``), not read yet: Letter Boxed serves it
    from a cached index of its own (:func:`puzzlewright.letterboxed.index.file_index`) without building
    the lexicon; :meth:`lexicon` loads it (a plain class: no dataclass to create at import)."""

    __slots__ = ("path", "format", "name", "stamp")

    def __init__(self, path: str, format: str | None = None):
        from puzzlewright.errors import LexiconError

        self.path, self.format, self.name = os.path.abspath(os.path.expanduser(path)), format, os.path.basename(path)
        try:
            stat = os.stat(self.path)
        except OSError as error:
            raise LexiconError(f"dictionary file not found: {path}" if isinstance(error, FileNotFoundError)
                               else f"cannot read dictionary file {path}: {error.strerror}") from None
        self.stamp = (self.path, stat.st_size, stat.st_mtime_ns, format)  # what a process memo is keyed by

    def lexicon(self) -> Lexicon:
        """The file's lexicon (read, or loaded from the cache of built word lists)."""
        from puzzlewright.lexicon import load_lexicon

        return load_lexicon(self.path, format=self.format)

    def digest(self) -> str:
        """The content address of what is built from the file: see :func:`word_file_digest`."""
        return word_file_digest(self.path, self.format)


def word_file_digest(path: str | os.PathLike[str], format: str | None,
                     check_time: Callable[[str], None] | None = None) -> str:
    """The SHA-256 of a word-list file's bytes (40 hex digits), then a short hash of the format asked for
    and of the reference dictionary its commonness is joined from (``english-large``'s archive size and
    time): what is built from the file is cached under this name, so the same bytes under any name or
    path are built once, and a changed file or option is built again. ``check_time`` (a budget's) is
    called before each megabyte read (:func:`~puzzlewright.lexicon.formats.check_reading_time`)."""
    import hashlib

    from puzzlewright.errors import LexiconError, open_input
    from puzzlewright.lexicon.formats import check_reading_time

    digest = hashlib.sha256()
    with open_input(path, "dictionary file", LexiconError) as handle:
        while True:
            check_reading_time(check_time, path)
            chunk = handle.read(1 << 20)
            if not chunk:
                break
            digest.update(chunk)
    reference = builtin_archive("english-large")
    try:
        stamp = os.stat(reference) if reference else None
        reference_stamp = f"{stamp.st_size}-{stamp.st_mtime_ns}" if stamp else "unknown"
    except OSError:
        reference_stamp = "unknown"
    options = hashlib.sha256(f"{format or 'auto'}|{reference_stamp}".encode()).hexdigest()[:12]
    return f"{digest.hexdigest()[:40]}-{options}"
