"""Wordle: the exact feedback rule (one pair, or vectorised over word lists), Doodle and the assistant.

>>> from puzzlewright.wordle import feedback
>>> str(feedback("speed", "abide")), feedback("level", "hotel").emoji()
('BBYBY', '⬛⬛⬛🟩🟩')

Modules: :mod:`~puzzlewright.wordle.model` (notations), :mod:`~puzzlewright.wordle.scoring` (the rule
and the vectorised :class:`Scorer`), :mod:`~puzzlewright.wordle.doodler`, :mod:`~puzzlewright.wordle.matrix`
(the cached answers x guesses pattern matrix), :mod:`~puzzlewright.wordle.assistant` and
:mod:`~puzzlewright.wordle.api` (the JSON verbs).
"""

from puzzlewright.wordle.scoring import Scorer, feedback, feedback_matrix
from puzzlewright.wordle.model import GREEN, GREY, YELLOW, Pattern, parse_grid

__all__ = ["GREEN", "GREY", "YELLOW", "Pattern", "Scorer", "feedback", "feedback_matrix", "parse_grid"]
