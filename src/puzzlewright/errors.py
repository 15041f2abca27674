"""The exceptions every part of puzzlewright raises for bad input or exhausted budgets.

The CLI turns any :class:`PuzzlewrightError` into one line on stderr and exit code 2; the web app turns
it into an HTTP 4xx. Anything else escaping is a bug.
"""

from __future__ import annotations


class PuzzlewrightError(ValueError):
    """Base class: a problem with the user's input that deserves a clear one-line message."""


class LexiconError(PuzzlewrightError):
    """A dictionary could not be found, read or parsed."""


class PuzzleInputError(PuzzlewrightError):
    """A puzzle (seed, pool, sides, pattern, mask...) is malformed."""


class BudgetExceeded(PuzzlewrightError):
    """A search ran out of its time or node budget before it finished."""
