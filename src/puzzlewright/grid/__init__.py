"""Crossword grids of any shape: a model (blocks, fixed letters, slots), a filler (arc consistency, dom/wdeg,
restarts), word rectangles counted on the partitioned engine, and .ipuz/.puz/text formats.

The functions here are the front door, with natural arguments and typed results:

>>> import puzzlewright as pw
>>> str(pw.grid.fill("eras/..../..../....", dict="acrostic-4").best)
'eras/line/spat/eels'
>>> pw.grid.verify("eras/lick/more/stex", dict="acrostic-4").problems
["7-Across 'stex' is not in the dictionary 'acrostic-4'", "4-Down 'skex' is not in the dictionary 'acrostic-4'"]

The verbs over request models are in :mod:`puzzlewright.grid.api`, the models in
:mod:`puzzlewright.grid.schema`; underneath are :class:`Grid`, :class:`Filler` and :func:`fill_grid`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzlewright.grid import api
from puzzlewright.grid.filler import FillOptions, FillOutcome, Filler, fill_grid
from puzzlewright.grid.model import Grid, Slot, parse_size
from puzzlewright.grid.defaults import DEFAULT_DICTIONARY, DEFAULT_TIME_LIMIT
from puzzlewright.grid.defaults import DEFAULT_CANDIDATES
from puzzlewright.grid.schema import (CandidatesRequest, CandidatesResult, ExportRequest, ExportResult, Fill,
                                      FillRequest, FillResult, RerollRequest, VerifyRequest, VerifyResult)
from puzzlewright.schema import request

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

__all__ = ["CandidatesRequest", "CandidatesResult", "ExportRequest", "ExportResult", "Fill", "FillOptions",
           "FillOutcome", "FillRequest", "FillResult", "Filler", "Grid", "RerollRequest", "Slot", "VerifyRequest",
           "VerifyResult", "api", "candidates", "export", "fill", "fill_grid", "parse_size", "reroll", "verify"]

Rows = str | Sequence[str] | None
WordList = Sequence[str] | str | None


def fill(grid: Rows = None, *, size: str | None = None, pattern: str | None = None, min_length: int | None = None,
         count: int = 1, unique: bool = False, min_score: float | None = None, allow_repeats: bool = False,
         random_seed: int = 0, pool: str | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
         max_nodes: int | None = None, dict: str = DEFAULT_DICTIONARY, words: WordList = None,
         extra_words: WordList = None, exclude_words: WordList = None, min_commonness: float | None = None,
         allow: WordList = None, lexicon: Lexicon | None = None, workers: int = 1) -> FillResult:
    """Fill every slot of ``grid`` (``"....#/...../#...."``: ``.`` empty, ``#`` block, letters fixed; or an
    open rectangle ``size="5x6"``, or a shipped ``pattern``) with words, none twice: the best ``count``
    fills, at the highest quality floor that finishes, or with ``unique`` whether the fill is the only one.
    Offensive words are never used, vulgar ones only with ``allow="vulgar"``. ``workers`` > 1 races that
    many differently seeded searches in processes by node count (the fewest nodes wins, so the answer does
    not depend on the load); the result's ``random_seed`` is the winner's."""
    fields = {name: value for name, value in locals().items() if name != "workers"}
    return api.fill(request(FillRequest, fields), lexicon=lexicon, workers=workers)


def reroll(grid: Rows, slot: str, *, min_length: int | None = None, count: int = 1, min_score: float | None = None,
           allow_repeats: bool = False, random_seed: int = 0, time_limit: float = DEFAULT_TIME_LIMIT,
           max_nodes: int | None = None, dict: str = DEFAULT_DICTIONARY, words: WordList = None,
           extra_words: WordList = None, exclude_words: WordList = None, min_commonness: float | None = None,
           allow: WordList = None, lexicon: Lexicon | None = None) -> FillResult:
    """Put a different word in ``slot`` (``"4-Across"``) of a filled ``grid``, changing its crossing words
    only if no word fits otherwise."""
    return api.reroll(request(RerollRequest, locals()), lexicon=lexicon)


def verify(grid: Rows, *, min_length: int | None = None, allow_repeats: bool = False,
           min_score: float | None = None, dict: str = DEFAULT_DICTIONARY, words: WordList = None,
           extra_words: WordList = None, exclude_words: WordList = None, min_commonness: float | None = None,
           lexicon: Lexicon | None = None) -> VerifyResult:
    """Check a filled ``grid``: every slot a word of the dictionary, none twice (unless ``allow_repeats``)."""
    return api.verify(request(VerifyRequest, locals()), lexicon=lexicon)


def candidates(grid: Rows, slot: str, *, pattern: str | None = None, min_length: int | None = None,
               limit: int = DEFAULT_CANDIDATES, min_score: float | None = None, allow_repeats: bool = False, dict: str = DEFAULT_DICTIONARY,
               words: WordList = None, extra_words: WordList = None, exclude_words: WordList = None,
               min_commonness: float | None = None, allow: WordList = None,
               lexicon: Lexicon | None = None) -> CandidatesResult:
    """The words that can go in ``slot`` (``"1-Across"``) of ``grid`` (or a shipped ``pattern``), best first:
    each fits the slot's letters and leaves every crossing slot at least one word."""
    return api.candidates(request(CandidatesRequest, locals()), lexicon=lexicon)


def export(grid: Rows, *, format: str = "ipuz", title: str = "", author: str = "",
           clues: dict[str, str] | None = None, min_length: int | None = None) -> ExportResult:
    """``grid`` as the contents of a file: ``"ipuz"`` (JSON), ``"puz"`` (base64 of the Across Lite bytes:
    ``.data()``) or ``"text"``, with its ``title``, ``author`` and ``clues`` (``{"1A": "Periods"}``)."""
    return api.export(request(ExportRequest, locals()))
