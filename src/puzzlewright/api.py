"""Shared pieces of the JSON request API that every puzzle's ``api`` module implements.

Each puzzle package has an ``api`` module whose verbs (``solve``, ``generate``, ``doodle``...) take a
JSON-shaped ``request`` dict and return the JSON-shaped result that the CLI prints with ``--json`` and
the web app returns. Verbs raise :class:`~puzzlewright.errors.PuzzleInputError` for bad requests.

Dictionary keys a request may carry (all optional):
``dict`` (a built-in name; a file path only where ``allow_files`` is set, i.e. never from the web),
``words`` (a small list of words forming the dictionary instead), ``extra_words``, ``exclude_words``
(lists or comma-separated strings), ``min_commonness`` (Zipf floor for the dictionary).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlewright.cache import remember
from puzzlewright.errors import PuzzleInputError

if TYPE_CHECKING:  # the lexicon (and numpy) is imported only when a request needs one: fast CLI start
    from puzzlewright.lexicon import Lexicon

MAX_REQUEST_WORDS = 20_000


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


def int_field(request: dict, key: str, default: Any, low: int, high: int | None = None) -> int:
    """``field(request, key, int, default)`` checked to lie in ``low``..``high`` (no upper bound when None)."""
    value = field(request, key, int, default)
    if value < low or (high is not None and value > high):
        span = f"between {low:,} and {high:,}" if high is not None else f"at least {low:,}"
        raise PuzzleInputError(f"field {key!r} must be {span}, not {value}")
    return value


def word_list(value: Any, key: str) -> list[str]:
    """A request field's word list (a list or a comma-separated string), each word normalised; at most
    :data:`MAX_REQUEST_WORDS` words."""
    from puzzlewright.lexicon import parse_word_list

    return parse_word_list(value, f"field {key!r}", PuzzleInputError, limit=MAX_REQUEST_WORDS)


MAX_DERIVED = 8
_DERIVED: dict[tuple, Lexicon] = {}


def lexicon_for(request: dict, default: str = "english", *, allow_files: bool = False) -> Lexicon:
    """The lexicon a request asks for (see the module docstring for the keys)."""
    from puzzlewright.lexicon import BUILTINS, Lexicon, adjust_lexicon, load_lexicon

    words = None if request.get("words") is None else tuple(word_list(request["words"], "words"))
    if words is not None:
        if not words:
            raise PuzzleInputError("field 'words' is empty")
        spec = None
    else:
        spec = field(request, "dict", str, default)
        if spec not in BUILTINS and not allow_files:
            raise PuzzleInputError(f"unknown dictionary {spec!r}; built-in ones: {', '.join(BUILTINS)}")
    floor = field(request, "min_commonness", (int, float), None)
    extra = word_list(request.get("extra_words") or [], "extra_words")
    exclude = word_list(request.get("exclude_words") or [], "exclude_words")
    if words is None and floor is None and not extra and not exclude:
        return load_lexicon(spec)  # the built-ins are loaded once per process already
    # A derived lexicon is memoised, so that repeated requests (the web app's) reuse its built indexes.
    key = (spec, words, floor, frozenset(extra), frozenset(exclude))
    lexicon = _DERIVED.get(key)
    if lexicon is None:
        base = Lexicon(words, name="request words") if words is not None else load_lexicon(spec)
        lexicon = adjust_lexicon(base, extra_words=extra, exclude_words=exclude, min_commonness=floor)
        remember(_DERIVED, key, lexicon, MAX_DERIVED)
    return lexicon
