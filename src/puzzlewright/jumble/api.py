"""The Jumble JSON request API: ``unscramble`` and ``solve`` (what the CLI's ``--json`` prints).

``unscramble({"scrambled": ["LASRN", "SHACE"]})`` ->
``{"words": [{"scrambled": "LASRN", "candidates": ["SNARL"], "zipf": [2.62]}, ...]}``.

``solve`` takes the shared sample's puzzle format::

    {"jumbles": [{"scrambled": "SHACE", "circles": [0, 3, 4]}, ...],   # or "circle_mask": "O--OO"
     "answer_pattern": "----- -------", "top": 10}

or ``{"pool": "SNAAESUGTALT", "answer_pattern": ...}`` for the final step alone, plus the dictionary keys
of :func:`puzzlewright.api.lexicon_for` (``extra_words`` also count as expected answer words when
ranking). It returns ``{"words": [{"scrambled", "circles", "candidates"}], "answers": [{"words",
"answer", "unscrambled", "pool", "score", "score_parts"}], "scored", "pools", "complete", "notes"}``.
"""

from __future__ import annotations

from puzzlewright.api import field, int_field, lexicon_for, word_list
from puzzlewright.errors import PuzzleInputError
from puzzlewright.jumble.model import AnswerPattern, JumbleWord, normalise_letters
from puzzlewright.jumble.rank import Ranker
from puzzlewright.jumble.solver import DEFAULT_SECONDS, solve_jumble, solve_pool
from puzzlewright.jumble.unscramble import unscramble as unscramble_word
from puzzlewright.lexicon import Lexicon
from puzzlewright.search import Budget

DEFAULT_TOP = 10
MAX_TOP = 1_000
MAX_WORDS = 12


def unscramble(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Every dictionary unscrambling of each scrambled word (``?`` = unknown letter), most common first."""
    raw = field(request, "scrambled", (str, list))
    items = raw.replace(",", " ").split() if isinstance(raw, str) else raw
    if not items or not all(isinstance(item, str) for item in items):
        raise PuzzleInputError("field 'scrambled' must be one or more words")
    letters = [normalise_letters(item, "scrambled word") for item in items]
    lexicon = lexicon if lexicon is not None else lexicon_for(request)
    result = []
    for word in letters:
        candidates = unscramble_word(word, lexicon)
        result.append({"scrambled": word.upper(), "candidates": [w.upper() for w in candidates],
                       "zipf": [round(lexicon.zipf_of(w), 2) for w in candidates]})
    return {"words": result}


def parse_jumbles(raw: object) -> list[JumbleWord]:
    """The request's ``jumbles`` list as :class:`JumbleWord` objects."""
    if not isinstance(raw, list) or not raw:
        raise PuzzleInputError("field 'jumbles' must be a non-empty list of {scrambled, circles} objects")
    if len(raw) > MAX_WORDS:
        raise PuzzleInputError(f"a Jumble has at most {MAX_WORDS} scrambled words, not {len(raw)}")
    words = []
    for item in raw:
        if isinstance(item, str):
            words.append(JumbleWord.parse(item))
            continue
        if not isinstance(item, dict):
            raise PuzzleInputError("each jumble must be an object like {\"scrambled\": \"LASRN\", \"circles\": [0, 1, 2]}")
        scrambled = field(item, "scrambled", str, what=" in a jumble")
        circles = item.get("circles", item.get("circle_mask"))
        if circles is None:
            raise PuzzleInputError(f"{scrambled}: missing 'circles' (positions) or 'circle_mask' (like OOO--)")
        if not isinstance(circles, str | list):
            raise PuzzleInputError(f"{scrambled}: circles must be a list of positions or a mask string")
        words.append(JumbleWord.build(scrambled, circles))
    return words


def solve(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Solve a Jumble (or just its final step, given a ``pool``) and rank the answers."""
    pattern = AnswerPattern.parse(field(request, "answer_pattern", str))
    top = int_field(request, "top", DEFAULT_TOP, 1, MAX_TOP)
    lexicon = lexicon if lexicon is not None else lexicon_for(request)
    extra = frozenset(word_list(request.get("extra_words") or [], "extra_words"))
    ranker = Ranker(lexicon, extra_words=extra)
    budget = budget or Budget(seconds=DEFAULT_SECONDS)
    if request.get("pool") is not None:
        if request.get("jumbles") is not None:
            raise PuzzleInputError("give either 'jumbles' or 'pool', not both")
        pool = normalise_letters(field(request, "pool", str), "pool")
        solution = solve_pool(pool, pattern, lexicon, top=top, budget=budget, ranker=ranker)
    else:
        words = parse_jumbles(request.get("jumbles"))
        solution = solve_jumble(words, pattern, lexicon, top=top, budget=budget, ranker=ranker)
    result = solution.to_json()
    if isinstance(request.get("date"), str):
        result = {"date": request["date"], **result}
    return result
