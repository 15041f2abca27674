"""Jumble puzzles: unscramble, carry every reading forward, rank the final answer; make one from its answer.

The functions here are the front door, with natural arguments and typed results:

>>> import puzzlewright as pw
>>> pw.jumble.unscramble("SHACE").best
'chase'
>>> str(pw.jumble.solve(["LASRN:OOO--", "SHACE:O--OO", "HOTGUF:--OO-O", "CLATHE:--OO-O"],
...                     answer="----- -------", extra_words="sesug,atlanta").best)
'SESUG ATLANTA'

>>> puzzle = pw.jumble.generate("BEE WORTH IT", caption="THEY HOPED THE HONEY WOULD - - -", random_seed=2,
...                             show_answers=True).best
>>> str(puzzle), [word.answer for word in puzzle.jumbles], puzzle.solver_rank
('ESKEW:O-O-- ERHTI:O-O-- NBGOBI:-OO-O- OAHTRU:--OO-O --- ----- --', ['weeks', 'their', 'gibbon', 'author'], 1)

The verbs over request models are in :mod:`puzzlewright.jumble.api`, the models in
:mod:`puzzlewright.jumble.schema`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from puzzlewright.jumble import api
from puzzlewright.jumble.defaults import (DEFAULT_DICTIONARY, DEFAULT_GENERATE_COMMONNESS, DEFAULT_GENERATE_TIME_LIMIT,
                                          DEFAULT_TIME_LIMIT, DEFAULT_TOP)
from puzzlewright.jumble.schema import (Answer, GeneratedJumble, GeneratedWord, GenerateRequest, GenerateResult, Jumble,
                                        SolveRequest, SolveResult, Unscrambled, UnscrambleRequest, UnscrambleResult)
from puzzlewright.schema import request

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

__all__ = ["Answer", "GenerateRequest", "GenerateResult", "GeneratedJumble", "GeneratedWord", "Jumble", "SolveRequest",
           "SolveResult", "UnscrambleRequest", "UnscrambleResult", "Unscrambled", "api", "generate", "solve", "unscramble"]


def unscramble(scrambled: str | Sequence[str], *, dict: str = DEFAULT_DICTIONARY,
               words: Sequence[str] | str | None = None, extra_words: Sequence[str] | str | None = None,
               exclude_words: Sequence[str] | str | None = None, min_commonness: float | None = None,
               lexicon: Lexicon | None = None) -> UnscrambleResult:
    """Every dictionary word of each scrambled word's letters (``?`` = any letter), most common first."""
    return api.unscramble(request(UnscrambleRequest, locals()), lexicon=lexicon)


def solve(words: Sequence[str | Mapping[str, Any]] | str | None = None, *, answer: str, pool: str | None = None,
          caption: str | None = None, top: int = DEFAULT_TOP, time_limit: float = DEFAULT_TIME_LIMIT,
          dict: str = DEFAULT_DICTIONARY, extra_words: Sequence[str] | str | None = None,
          exclude_words: Sequence[str] | str | None = None, min_commonness: float | None = None,
          lexicon: Lexicon | None = None) -> SolveResult:
    """The ranked final answers of a Jumble: ``words`` are ``"LASRN:OOO--"`` strings (or ``{"scrambled",
    "circles"}`` mappings), ``answer`` the answer's pattern (``"----- -------"``); or give the circled
    letters as ``pool`` to solve the final step alone."""
    fields = {"jumbles": list(words) if isinstance(words, Iterable) and not isinstance(words, (str, bytes)) else words, "answer_pattern": answer, "pool": pool,
              "caption": caption, "top": top, "time_limit": time_limit, "dict": dict, "extra_words": extra_words,
              "exclude_words": exclude_words, "min_commonness": min_commonness}
    return api.solve(request(SolveRequest, fields), lexicon=lexicon)


def generate(answer: str, *, caption: str | None = None, lengths: Sequence[int] | str | None = None, count: int = 1,
             random_seed: int | None = None, min_commonness: float | None = DEFAULT_GENERATE_COMMONNESS,
             show_answers: bool = False, svg: bool = False, time_limit: float = DEFAULT_GENERATE_TIME_LIMIT,
             dict: str = DEFAULT_DICTIONARY, extra_words: Sequence[str] | str | None = None,
             exclude_words: Sequence[str] | str | None = None, allow: Sequence[str] | str | None = None,
             lexicon: Lexicon | None = None) -> GenerateResult:
    """Jumbles whose circled letters spell ``answer`` (``"BEE WORTH IT"``; printed words in braces,
    ``"LOST {HIS} BALANCE"``), ``lengths`` words long (default 5, 5, 6, 6), best first; every scramble
    reads one way only and the solver's rank of the answer is given (``solver_rank``)."""
    if isinstance(lengths, (list, tuple)):
        lengths = list(lengths)
    return api.generate(request(GenerateRequest, locals()), lexicon=lexicon)
