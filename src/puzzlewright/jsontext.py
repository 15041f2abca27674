"""Reading JSON text that came from outside (web request bodies, batch lines) without surprises.

Python's parser accepts things a JSON reader must refuse or cannot use later: ``NaN``/``Infinity``,
integers too long to convert (over 4,300 digits Python raises a bare ``ValueError``), and strings with lone
surrogate escapes (``"\\ud800"``), which have no UTF-8 form and fail only when the result is printed. Each
becomes one :class:`JsonTextError` line here, so no caller ever fails later with a traceback.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from puzzlewright.errors import PuzzleInputError

MAX_INT_DIGITS = 4300  # Python's int-from-string limit (sys.get_int_max_str_digits' default)
MAX_DEPTH = 64  # arrays and objects inside each other: a puzzle needs under 10 (an .ipuz cell style: 5)
_ESCAPE = re.compile(r"\\.", re.S)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonTextError(PuzzleInputError):
    """Text that is not a JSON document puzzlewright can read; the message says why."""


def loads_strict(text: str | bytes, what: str = "the text") -> Any:
    """The JSON value of ``text`` (bytes must be UTF-8), or :class:`JsonTextError` naming ``what`` and the
    reason: syntax, a non-JSON constant, an integer over :data:`MAX_INT_DIGITS` digits, a lone surrogate,
    nesting too deep."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonTextError(f"{what} is not valid JSON: not UTF-8 text") from None
    check_depth(text, what)
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except json.JSONDecodeError as error:
        raise JsonTextError(f"{what} is not valid JSON: {error.msg} "
                            f"(line {error.lineno}, column {error.colno})") from None
    except UnicodeEncodeError:
        raise JsonTextError(f"{what} is not valid JSON: a lone surrogate escape (\\ud800-\\udfff) "
                            "is not text") from None
    except RecursionError:
        raise JsonTextError(f"{what} is not valid JSON: nested too deeply") from None
    except _Refused as refusal:
        raise JsonTextError(f"{what} is not valid JSON: {refusal}") from None
    return value


def check_depth(text: str, what: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested more than ``limit`` deep, before any parser sees it: Python's parser (and the
    ``ipuz`` package's, and code walking the result) recurse once per level, so 50,000 levels end in a
    RecursionError or worse. One linear pass: escapes dropped, then strings, then all but brackets counted
    (no regex here can backtrack, whatever the text)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    if brackets.count("[") + brackets.count("{") <= limit:
        return
    if max(accumulate(map(_STEP.__getitem__, brackets))) > limit:
        raise JsonTextError(f"{what} is not valid JSON: nested more than {limit} deep")


class _Refused(Exception):
    """Raised inside the parser's hooks; turned into a JsonTextError naming the input."""


def _refuse_constant(name: str) -> None:
    raise _Refused(f"{name} is not a JSON number")


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"an integer of {len(digits):,} digits (at most {MAX_INT_DIGITS:,})")
    return int(digits)
