"""Untyped request helpers (``field``, ``int_field``, ``lexicon_for``) for the verbs still taking plain
dicts (``grid``). Typed verbs declare models instead (:mod:`puzzlewright.schema`); this module goes when the
last verb has moved to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError

if TYPE_CHECKING:  # the lexicon (and numpy) is imported only when a request needs one: fast CLI start
    from puzzlewright.lexicon import Lexicon


def field(request: dict, key: str, kind: type | tuple[type, ...], default: Any = ..., *, what: str = "") -> Any:
    """``request[key]`` checked to be of ``kind``; a missing key gives ``default`` or a clear error.

    A float must be finite (not NaN or infinite), and an integer for a field that takes floats must fit in one; a request that
    is not a dict is an error too."""
    if not isinstance(request, dict):
        raise PuzzleInputError(f"a request must be a JSON object, not {type(request).__name__}")
    if key not in request or request[key] is None:
        if default is ...:
            raise PuzzleInputError(f"missing field {key!r}{what}")
        return default
    value = request[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise PuzzleInputError(f"field {key!r} has the wrong type (bool)")
    if not isinstance(value, kind):
        names = "/".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise PuzzleInputError(f"field {key!r} must be {names}, not {type(value).__name__}")
    if isinstance(value, float) and not abs(value) < float("inf"):  # NaN, and 1e400 (read as inf) too
        raise PuzzleInputError(f"field {key!r} must be a finite number, not {'NaN' if value != value else value}")
    if isinstance(value, int) and float in (kind if isinstance(kind, tuple) else (kind,)):
        try:
            float(value)
        except OverflowError:
            raise PuzzleInputError(f"field {key!r} is too large") from None
    return value


def int_field(request: dict, key: str, default: Any, low: int, high: int | None = None) -> int | None:
    """``field(request, key, int, default)`` checked to lie in ``low``..``high`` (no upper bound when None);
    a default of None stays None."""
    value = field(request, key, int, default)
    if value is None:
        return None
    if value < low or (high is not None and value > high):
        span = f"between {low:,} and {high:,}" if high is not None else f"at least {low:,}"
        raise PuzzleInputError(f"field {key!r} must be {span}, not {value}")
    return value


def lexicon_for(request: dict, default: str = "english") -> Lexicon:
    """The lexicon of a plain request's dictionary keys, chosen by
    :meth:`puzzlewright.schema.DictionaryOptions.lexicon` (the one place that does it)."""
    from puzzlewright.schema import DictionaryOptions, validate

    keys = {key: request[key] for key in DICTIONARY_KEYS if request.get(key) is not None}
    return validate(DictionaryOptions, {"dict": default, **keys}).lexicon()


DICTIONARY_KEYS = ("dict", "words", "extra_words", "exclude_words", "min_commonness")
