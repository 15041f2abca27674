"""The pattern matrix: the feedback code of every guess against every possible answer, built once and cached.

For the original lists that is 2,315 answers x 12,972 guesses = 30 million codes (30 MB as uint8), built
by the vectorised engine in well under a second and saved under ``$PUZZLEWRIGHT_CACHE`` (default
``$XDG_CACHE_HOME/puzzlewright`` or ``~/.cache/puzzlewright``), keyed by a hash of both word lists, so a
later process loads it in a few milliseconds. An unwritable cache directory only costs the rebuild.

A matrix is refused before anything is built when its codes would take more than :data:`MAX_BYTES`: one
byte a pair up to 5 letters, two from 6 letters (3**6 patterns no longer fit a byte), four from 11.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from puzzlewright.cache import remember, store, touch
from puzzlewright.cache import cache_dir as shared_cache_dir
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import WordTable
from puzzlewright.budget import Budget, check_time
from puzzlewright.wordle.scoring import Scorer, code_dtype, feedback_matrix
from puzzlewright.wordle.words import WordPool

FORMAT_VERSION = "1"  # bump when the code layout changes, so stale cache files are ignored
_LOADED: dict[str, np.ndarray] = {}
# Matrices of lists made for one request (their own exclusions, say) are not cached on disk, and only the
# latest is kept in memory: a server answering many such requests must not hold one matrix per request.
_LOADED_FOR_REQUESTS: dict[str, np.ndarray] = {}
MAX_LOADED = 4  # matrices kept in memory per process (the oldest is dropped first)
CUT_CELLS = 1 << 24  # codes copied between two budget checks of PatternMatrix.cut (a few ms)
MAX_BYTES = 256 * 2**20  # the codes of one matrix, in memory and in the cache (the original lists: 30 MB)


def cache_dir() -> Path:
    """Where cached matrices live (:func:`puzzlewright.cache.cache_dir`)."""
    return Path(shared_cache_dir())


def matrix_bytes(answers: int, guesses: int, length: int) -> int:
    """How many bytes the pattern codes of ``answers`` x ``guesses`` words of ``length`` letters take."""
    return answers * guesses * code_dtype(length).itemsize


def check_size(answers: int, guesses: int, length: int) -> None:
    """Refuse, before building anything, a matrix bigger than :data:`MAX_BYTES`."""
    size = matrix_bytes(answers, guesses, length)
    if size > MAX_BYTES:
        raise PuzzleInputError(f"{answers:,} answers x {guesses:,} guesses of {length} letters need a "
                               f"{size / 2**20:,.0f} MB pattern matrix, more than the assistant's "
                               f"{MAX_BYTES // 2**20} MB: use a shorter answer or guess list")


def lists_key(answers: WordPool, guesses: WordPool) -> str:
    """A hash naming this pair of word lists (and the code layout)."""
    digest = hashlib.sha256(FORMAT_VERSION.encode())
    for pool in (answers, guesses):
        digest.update("\n".join(pool.table.words).encode() + b"\0")
    return digest.hexdigest()[:24]


@dataclass(frozen=True, eq=False)
class PatternMatrix:
    """``codes[a, g]``: the pattern code of guess ``g`` against answer ``a``, and both word pools."""

    answers: WordPool
    guesses: WordPool
    codes: np.ndarray
    source: str  # "memory", "cache", "built" or "cut" (from a bigger matrix)

    @classmethod
    def load(cls, answers: WordPool, guesses: WordPool, *, use_cache: bool = True, folder: Path | None = None,
             reuse: bool = True, budget: Budget | None = None) -> PatternMatrix:
        """The matrix for these lists: from this process (unless not ``reuse``), from the disk cache in
        ``folder`` (default :func:`cache_dir`), or built (and cached when ``use_cache``). Lists made for
        one request (a custom exclusion list, say) should pass ``use_cache=False``: each would otherwise
        leave its own file behind. Building checks ``budget`` as it goes (nothing is kept when it runs out)."""
        check_size(len(answers), len(guesses), answers.table.length)
        key = lists_key(answers, guesses)
        memo = _LOADED if use_cache else _LOADED_FOR_REQUESTS
        if reuse and key in memo:
            return cls(answers, guesses, memo[key], "memory")
        path = (folder or cache_dir()) / f"wordle-matrix-{key}.npy"
        codes, source = (_read(path, (len(answers), len(guesses))) if use_cache else None), "cache"
        if codes is None:
            codes, source = feedback_matrix(answers.table, guesses.scorer, budget), "built"
            if use_cache:
                write_array(path, codes)
        remember(memo, key, codes, MAX_LOADED if use_cache else 1)
        return cls(answers, guesses, codes, source)

    @classmethod
    def cut(cls, base: PatternMatrix, answers: WordPool, guesses: WordPool,
            budget: Budget | None = None) -> PatternMatrix | None:
        """The matrix of sub-lists of ``base``'s lists, cut out of it (tens of ms) instead of scored again
        (a second or more); None when a word is not in ``base``. For lists made for one request, such as
        a built-in list with the request's own exclusions: kept like :meth:`load` keeps such lists. The
        copy is made a block of guesses at a time, within ``budget`` (a cut of english-large's matrix
        copies 300 million codes)."""
        key = lists_key(answers, guesses)
        if key in _LOADED_FOR_REQUESTS:
            return cls(answers, guesses, _LOADED_FOR_REQUESTS[key], "memory")
        rows = [base.answers.index.get(word) for word in answers.table.words]
        columns = [base.guesses.index.get(word) for word in guesses.table.words]
        if None in rows or None in columns:
            return None
        codes = np.empty((len(rows), len(columns)), base.codes.dtype)
        row_numbers = np.asarray(rows, np.int64)
        step = max(1, CUT_CELLS // max(1, len(rows)))
        for start in range(0, len(columns), step):
            check_time(budget, "cutting the request's pattern matrix")
            block = np.asarray(columns[start:start + step], np.int64)
            codes[:, start:start + step] = base.codes[np.ix_(row_numbers, block)]
        remember(_LOADED_FOR_REQUESTS, key, codes, 1)
        return cls(answers, guesses, codes, "cut")

    @cached_property
    def answer_columns(self) -> np.ndarray:
        """For each answer, its column in the guess list (-1 if the answer is not a guess)."""
        index = self.guesses.index
        return np.array([index.get(word, -1) for word in self.answers.table.words], np.int64)

    def column(self, word: str) -> np.ndarray:
        """Codes of ``word`` (any word of the right length) against every answer."""
        g = self.guesses.index.get(word)
        if g is not None:
            return self.codes[:, g]
        letters = letter_codes(word)[None, :]
        single = Scorer(WordTable(len(word), (word,), letters, np.zeros(1, np.float32)))
        return single.block(self.answers.table.letters)[:, 0]


def _read(path: Path, shape: tuple[int, int]) -> np.ndarray | None:
    codes = read_array(path)
    return codes if codes is not None and codes.shape == shape else None


def read_array(path: Path) -> np.ndarray | None:
    """A cached array, or None when it is missing or unreadable."""
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    touch(path)  # just used: the cache's eviction takes it last
    return array


def write_array(path: Path, array: np.ndarray) -> None:
    """Save atomically in the bounded cache (:func:`puzzlewright.cache.store`); give up quietly if it is unwritable."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        store(path, lambda handle: np.save(handle, array))
    except OSError:
        return
