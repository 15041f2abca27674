"""Wordle: the exact feedback rule (one pair, or vectorised over word lists), Doodle and the assistant.

>>> from puzzlewright.wordle import feedback
>>> str(feedback("speed", "abide")), feedback("level", "hotel").emoji()
('BBYBY', '⬛⬛⬛🟩🟩')

Modules: :mod:`~puzzlewright.wordle.pattern` (notations), :mod:`~puzzlewright.wordle.feedback` (the rule
and the vectorised :class:`Scorer`), :mod:`~puzzlewright.wordle.doodle`, :mod:`~puzzlewright.wordle.matrix`
(the cached answers x guesses pattern matrix), :mod:`~puzzlewright.wordle.assistant` and
:mod:`~puzzlewright.wordle.api` (the JSON verbs).
"""

from puzzlewright.wordle.feedback import Scorer, feedback, feedback_matrix
from puzzlewright.wordle.pattern import GREEN, GREY, YELLOW, Pattern, parse_grid

__all__ = ["GREEN", "GREY", "YELLOW", "Pattern", "Scorer", "feedback", "feedback_matrix", "parse_grid"]
