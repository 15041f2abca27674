"""'Did you mean ...?' for names people type: commands, puzzles, dictionaries, patterns, choices.

Standard library only: it is imported on error paths of the CLI, the library and the server, which must
stay cheap.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MIN_PREFIX = 3  # a typed prefix shorter than this ("le") says too little to complete it
CUTOFF = 0.6  # the least spelling similarity (difflib's ratio) that still suggests a name


def _folded(name: str) -> str:
    """``name`` lowercased without separators, so ``Letter-Boxed`` and ``letterboxed`` compare equal."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def closest_name(typed: str, known: Iterable[str]) -> str | None:
    """The known name ``typed`` most likely meant, or None when nothing is close.

    Case and separators are ignored (``Letter-Boxed`` -> ``letterboxed``). A single known name that
    starts with what was typed (``letterbox`` -> ``letterboxed``), or that what was typed starts with
    (``acrostics`` -> ``acrostic``), wins; otherwise the closest spelling by :mod:`difflib` (typos and
    transpositions: ``tuor`` -> ``tour``, ``slove`` -> ``solve``; of equally close names, the
    alphabetically first). Of known names alike but for case and separators, the first given counts.
    """
    by_folded: dict[str, str] = {}
    for name in known:
        by_folded.setdefault(_folded(name), name)
    text = _folded(typed)
    if not text or not by_folded:
        return None
    if text in by_folded:
        return by_folded[text]
    prefixed = [name for folded, name in by_folded.items()
                if len(text) >= MIN_PREFIX and (folded.startswith(text) or text.startswith(folded))]
    if len(prefixed) == 1:
        return prefixed[0]
    close = _closest_spelling(text, by_folded)
    return by_folded[close] if close is not None else None


def _closest_spelling(text: str, names: Iterable[str]) -> str | None:
    """The name spelt most like ``text`` (difflib's ratio, at least :data:`CUTOFF`), the alphabetically
    first of equally close ones; None when none is close. (:func:`difflib.get_close_matches` measures
    the same, but of equally close names returns the alphabetically last.)"""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(text)
    scored = []
    for name in names:
        matcher.set_seq1(name)
        if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
            ratio = matcher.ratio()
            if ratio >= CUTOFF:
                scored.append((-ratio, name))
    return min(scored)[1] if scored else None


def did_you_mean(typed: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the known name closest to ``typed``, or an empty string."""
    name = closest_name(typed, known)
    return f" (did you mean {name!r}?)" if name else ""


def unknown_name(kind: str, typed: object, known: Iterable[str], listed_as: str = "known") -> str:
    """The one-line error for a name that is not one of ``known``: what was typed, the closest known
    name, then all of them (``unknown dictionary 'englsh' (did you mean 'english'?); built-in ones: ...``)."""
    names = list(known)
    shown = str(typed)[:60]
    hint = did_you_mean(typed, names) if isinstance(typed, str) else ""
    return f"unknown {kind} {shown!r}{hint}; {listed_as}: {', '.join(names)}"
