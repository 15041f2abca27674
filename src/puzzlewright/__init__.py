"""puzzlewright: solve and construct word puzzles on an embedded English dictionary.

The puzzles live in their own subpackages (``acrostic``, ``letterboxed``, ``jumble``, ``wordle``); all of
them draw words from :mod:`puzzlewright.lexicon`. Submodules are imported lazily so that the command line
starts fast.
"""

from __future__ import annotations

__version__ = "0.1.0"

from puzzlewright.errors import BudgetExceeded, LexiconError, PuzzleInputError, PuzzlewrightError

__all__ = ["BudgetExceeded", "LexiconError", "PuzzleInputError", "PuzzlewrightError", "__version__"]
