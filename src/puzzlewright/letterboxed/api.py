"""The Letter Boxed JSON API: ``solve``, ``words`` and ``generate`` take a request dict, return a result dict.

Request keys (all verbs): ``dict`` (built-in name), ``words`` / ``extra_words`` / ``exclude_words``,
``min_commonness`` (Zipf floor applied to the box's words). ``solve`` and ``words`` need ``sides``
(``"RME-WCL-TGK-API"``, ``"RME WCL TGK API"``, ``"RMEWCLTGKAPI"`` or a list of sides).

``solve``: ``max_words`` (1-5, default 3), ``limit`` (solutions returned, default 10), ``all`` (return
every solution). Result::

    {"sides": ["RME", "WCL", "TGK", "API"], "solutions": [{"words": ["PRAGMATIC", "CAKEWALK"],
     "score": 1.97}, ...], "count": 3, "min_words": 2, "max_words": 3, "complete": true,
     "valid_words": 660, "dictionary": "english"}

``count`` is the number of fewest-word solutions found (``solutions`` holds the best ``limit`` of them);
``min_words`` is null and ``solutions`` empty when there is none within ``max_words`` (``message`` says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlewright.api import field, int_field, lexicon_for
from puzzlewright.letterboxed.box import Box
from puzzlewright.letterboxed.index import WordIndex, builtin_index
from puzzlewright.letterboxed.solver import DEFAULT_MAX_WORDS, MAX_WORDS, SolveResult, box_words, solve_box
from puzzlewright.search import Budget

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

DEFAULT_LIMIT = 10
DEFAULT_DICTIONARY = "english-letterboxed"  # sized like the NYT's own dictionary (docs/letterboxed.md)
_LEXICON_KEYS = ("words", "extra_words", "exclude_words")


def index_for(request: dict, lexicon: Lexicon | None = None) -> WordIndex:
    """The word index a request asks for.

    A plain built-in dictionary comes from the cached index (no lexicon is built); anything else
    (a request word list, extra or excluded words, an explicit ``lexicon``) is indexed on the fly.
    ``min_commonness`` is not applied here: :func:`box_words` applies it to the box's words.
    """
    if lexicon is not None:
        return WordIndex.from_lexicon(lexicon)
    if not any(request.get(key) for key in _LEXICON_KEYS):
        name = field(request, "dict", str, DEFAULT_DICTIONARY)
        index = builtin_index(name)
        if index is not None:
            return index
    without_floor = {key: value for key, value in request.items() if key != "min_commonness"}
    return WordIndex.from_lexicon(lexicon_for(without_floor, DEFAULT_DICTIONARY))


def parse_sides(request: dict) -> Box:
    """The box of ``request["sides"]``."""
    return Box.parse(field(request, "sides", (str, list)))


def _min_commonness(request: dict) -> float | None:
    return field(request, "min_commonness", (int, float), None)


def solve(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Every fewest-word solution of the box in ``request``, best first (see the module docstring)."""
    box = parse_sides(request)
    max_words = int_field(request, "max_words", DEFAULT_MAX_WORDS, 1, MAX_WORDS)
    limit = int_field(request, "limit", DEFAULT_LIMIT, 0)
    every = field(request, "all", bool, False)
    index = index_for(request, lexicon)
    result = solve_box(box, box_words(box, index, _min_commonness(request)), max_words=max_words, budget=budget)
    return result_json(result, index.name, None if every else limit)


def result_json(result: SolveResult, dictionary: str, limit: int | None) -> dict:
    """The JSON shape of a :class:`SolveResult`, with at most ``limit`` solutions (None = all)."""
    shown = result.solutions if limit is None else result.solutions[:limit]
    answer = {
        "sides": list(result.box.sides),
        "solutions": [solution.to_json() for solution in shown],
        "count": result.count,
        "min_words": result.min_words,
        "max_words": result.max_words,
        "complete": result.complete,
        "valid_words": result.valid_words,
        "dictionary": dictionary,
    }
    if not result.solutions:
        answer["message"] = no_solution_message(result)
    return answer


def no_solution_message(result: SolveResult) -> str:
    """Why a result has no solutions, in one line."""
    if not result.complete:
        return f"no solution found before the search budget ran out (within {result.max_words} words)"
    return f"no solution within {result.max_words} word{'s' if result.max_words != 1 else ''}"


def words(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Every valid word of the box, most common first: ``{"sides": [...], "words": [{"word": "PRAGMATIC",
    "zipf": 3.1}, ...], "count": N, "dictionary": ...}``."""
    box = parse_sides(request)
    index = index_for(request, lexicon)
    found = box_words(box, index, _min_commonness(request))
    order = sorted(range(len(found)), key=lambda i: (-found.zipf[i], found.words[i]))
    return {
        "sides": list(box.sides),
        "words": [{"word": found.words[i].upper(), "zipf": round(found.zipf[i], 2)} for i in order],
        "count": len(found),
        "dictionary": index.name,
    }


def generate(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """NYT-style puzzles with a two-word solution of common words.

    Keys: ``count`` (1-100, default 1), ``random_seed``, ``min_commonness`` (Zipf floor of the planted
    words, default 3.0), ``show_solution`` (include the solutions). Result: ``{"puzzles": [{"sides": [...],
    "two_word_solutions": N, "par": P, "valid_words": V, "solution": [...]?, "solutions": [...]?}],
    "dictionary": ...}``.
    """
    from puzzlewright.letterboxed.generator import DEFAULT_MIN_COMMONNESS, generate_puzzles

    count = int_field(request, "count", 1, 1, 100)
    seed = field(request, "random_seed", int, None)
    floor = field(request, "min_commonness", (int, float), DEFAULT_MIN_COMMONNESS)
    show = field(request, "show_solution", bool, False)
    index = index_for({key: value for key, value in request.items() if key != "min_commonness"}, lexicon)
    puzzles = generate_puzzles(index, count=count, seed=seed, min_commonness=floor, budget=budget)
    return {"puzzles": [puzzle.to_json(show) for puzzle in puzzles], "dictionary": index.name}
