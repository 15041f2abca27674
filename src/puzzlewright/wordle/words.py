"""Words for Wordle: checking an answer or guess, and the dictionary's words of one length.

Wordle works on words of a single length; a custom dictionary may mix lengths, so each command takes the
words of the answer's length and says how many others it left out.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

import numpy as np

from puzzlewright.cache import remember
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import Lexicon, WordTable, normalise_word
from puzzlewright.wordle.scoring import Scorer
from puzzlewright.wordle.model import MAX_LENGTH, MIN_LENGTH

_SCORERS: dict[int, Scorer] = {}
_MAX_SCORERS = 8
COMMON_TIER = "english-common"  # the dictionary tier of the words nearly everyone knows (docs/dictionary.md)
ANSWER_LIST = "wordle-answers"  # the words chosen by hand as fair answers: familiar to every player


def parse_word(text: str, what: str = "word", length: int | None = None) -> str:
    """A lowercase a-z word of 3-12 letters (or exactly ``length``), else a one-line error."""
    word = normalise_word(text) if isinstance(text, str) else None
    if not word:
        raise PuzzleInputError(f"{what} {text!r} is not a word of letters a-z")
    if length is not None and len(word) != length:
        raise PuzzleInputError(f"{what} {word!r} has {len(word)} letters, not {length}")
    if not MIN_LENGTH <= len(word) <= MAX_LENGTH:
        raise PuzzleInputError(f"{what} {word!r} has {len(word)} letters; Wordle words have {MIN_LENGTH} to "
                               f"{MAX_LENGTH}")
    return word


@dataclass(frozen=True, eq=False)
class WordPool:
    """The words of one length from a lexicon, prepared for scoring, with notes about what was left out."""

    table: WordTable
    scorer: Scorer
    name: str
    notes: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.table)

    def __contains__(self, word: str) -> bool:
        return word in self.index

    @property
    def index(self) -> dict[str, int]:
        return self.scorer.index


def word_pool(lexicon: Lexicon, length: int, *, include: str | None = None) -> WordPool:
    """The ``length``-letter words of ``lexicon``; ``include`` (an answer) is added when missing, with a note."""
    table = lexicon.of_length(length)
    notes = []
    others = len(lexicon) - len(table)
    if others and len(table):
        notes.append(f"using the {len(table):,} words of {length} letters in {lexicon.name}; "
                     f"{others:,} words of other lengths left out")
    if not len(table):
        raise PuzzleInputError(f"the dictionary {lexicon.name!r} has no words of {length} letters")
    if include is not None and include not in lexicon.word_set:
        notes.append(f"{include!r} is not in {lexicon.name}; it is used anyway")
        table = _with_word(table, include)
    return WordPool(table, scorer_for(table), lexicon.name, tuple(notes))


def familiarity(table: WordTable) -> np.ndarray:
    """How well people know each word of ``table`` (higher is better): the one number every word choice
    ranks by. It is the dictionary's familiarity score (Zipf frequency combined with the sources'
    evidence, on the Zipf scale; a plain word list's Zipf frequency)."""
    return np.asarray(table.familiarity, np.float64)


def common_words(table: WordTable) -> np.ndarray:
    """Which words of ``table`` nearly everyone knows: those in the :data:`COMMON_TIER` dictionary."""
    return _in_builtin(table, COMMON_TIER)


def answer_list_words(table: WordTable) -> np.ndarray:
    """Which words of ``table`` are in the Wordle answer list (words picked by hand as familiar)."""
    return _in_builtin(table, ANSWER_LIST)


def _in_builtin(table: WordTable, name: str) -> np.ndarray:
    """Which words of ``table`` are in the built-in dictionary ``name``."""
    from puzzlewright.lexicon import load_lexicon

    known = load_lexicon(name).word_set
    return np.fromiter((word in known for word in table.words), bool, len(table))


def _with_word(table: WordTable, word: str) -> WordTable:
    """The table plus one word (kept in alphabetical order, with commonness 0)."""
    at = bisect.bisect_left(table.words, word)
    words = table.words[:at] + (word,) + table.words[at:]
    letters = np.insert(table.letters, at, letter_codes(word), axis=0)
    return WordTable(table.length, words, letters, np.insert(table.zipf, at, np.float32(0)),
                     np.insert(table.familiarity, at, np.float32(0)), np.insert(table.flags, at, np.uint32(0)))


def scorer_for(table: WordTable) -> Scorer:
    """The (cached) :class:`Scorer` for a word table, so repeated requests reuse its precomputation."""
    scorer = _SCORERS.get(id(table))
    if scorer is None or scorer.table is not table:
        scorer = Scorer(table)
        remember(_SCORERS, id(table), scorer, _MAX_SCORERS)
    return scorer
