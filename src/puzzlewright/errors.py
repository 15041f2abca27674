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


def open_input(path: object, what: str, error: type[PuzzlewrightError], *, text: bool = False):
    """Open an input file for reading, turning the OS's failures into ``error`` with one clear line.

    ``what`` names the file in the message ("dictionary file", "batch file"); ``text`` opens it as UTF-8
    (a leading byte order mark, as Windows editors write, is dropped).
    """
    try:
        return open(path, encoding="utf-8-sig") if text else open(path, "rb")  # noqa: SIM115 (caller closes)
    except FileNotFoundError:
        raise error(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise error(f"{what} is a directory, not a file: {path}") from None
    except OSError as failure:
        raise error(f"cannot read {what} {path}: {failure.strerror}") from None


def read_text(path: object, what: str, error: type[PuzzlewrightError] = PuzzleInputError) -> str:
    """The whole of a small UTF-8 text file (a template, a grid, a batch), with one-line errors."""
    with open_input(path, what, error, text=True) as handle:
        try:
            return handle.read()
        except UnicodeDecodeError:
            raise error(f"{what} is not UTF-8 text: {path}") from None
