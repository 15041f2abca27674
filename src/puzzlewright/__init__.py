"""puzzlewright: solve and construct word puzzles on an embedded English dictionary.

The front door::

    import puzzlewright as pw
    pw.letterboxed.solve("RME-WCL-TGK-API").best             # WIGWAM-MARKETPLACE
    pw.jumble.unscramble("SHACE").best                         # 'CHASE'
    pw.wordle.feedback("speed", "erase")                       # YBYYB
    pw.acrostic.solve("eras", "ceeiklmorstw", dict="acrostic-4")
    pw.grid.fill("..../..../....")                              # a crossword grid, best fill first
    pw.lexicon("english")                                      # a Lexicon

The puzzles live in their own subpackages (``acrostic``, ``letterboxed``, ``jumble``, ``wordle``, ``grid``),
each with a ``schema`` module (request and result models) and an ``api`` module (the verbs over them); all
of them draw words from :mod:`puzzlewright.lexicon`. Subpackages are imported on first use, so that the
command line starts fast.
"""

from __future__ import annotations

__version__ = "0.1.0"

from puzzlewright.errors import BudgetExceeded, LexiconError, PuzzleInputError, PuzzlewrightError
from puzzlewright.lazy import lazy_exports

__all__ = ["BudgetExceeded", "LexiconError", "PuzzleInputError", "PuzzlewrightError", "__version__", "acrostic",
           "grid", "jumble", "letterboxed", "lexicon", "wordle"]

# pw.letterboxed and the other subpackages, imported on first use
__getattr__, __dir__ = lazy_exports(__name__, dict.fromkeys(("acrostic", "grid", "jumble", "letterboxed", "lexicon",
                                                             "wordle"), ""))
