"""The Letter Boxed JSON API: ``solve``, ``words`` and ``generate`` take a request dict, return a result dict.

Request keys (all verbs): ``dict`` (built-in name), ``words`` / ``extra_words`` / ``exclude_words``,
``min_commonness`` (Zipf floor applied to the box's words). ``solve`` and ``words`` need ``sides``
(``"RME-WCL-TGK-API"``, ``"RME WCL TGK API"``, ``"RMEWCLTGKAPI"`` or a list of sides).

``solve``: ``max_words`` (1-5: every solution of up to that many words), ``words_exactly`` (1-5: only
solutions of exactly that many words), neither (the default: every solution of one or two words, the
NYT's kind, or the 3-word ones when there is none), ``min_length`` / ``max_length`` (letters per word),
``limit`` (solutions returned, default 10), ``all`` (return every solution). Result::

    {"sides": ["RME", "WCL", "TGK", "API"], "solutions": [{"words": ["PRAGMATIC", "CAKEWALK"],
     "score": 1.97}, ...], "count": 3, "by_words": {"2": 3}, "min_words": 2, "max_words": 2,
     "words_exactly": null, "complete": true, "valid_words": 660, "dictionary": "english"}

Solutions come fewest words first, then best first. ``count`` is the number found (``solutions`` holds
the first ``limit`` of them), ``by_words`` the count per number of words, ``max_words`` the most words
searched; ``min_words`` is null and ``solutions`` empty when there is none (``message`` says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzlewright.api import field, int_field, lexicon_for
from puzzlewright.letterboxed.box import Box
from puzzlewright.letterboxed.index import WordIndex, builtin_index
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letterboxed.box import MIN_WORD_LENGTH
from puzzlewright.letterboxed.solver import MAX_WORDS, SolveResult, box_words, solve_box
from puzzlewright.search import Budget

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

DEFAULT_LIMIT = 10
DEFAULT_DICTIONARY = "english"
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
    """The solutions of the box in ``request``, fewest words first, then best first (see the module
    docstring)."""
    box = parse_sides(request)
    max_words = int_field(request, "max_words", None, 1, MAX_WORDS)
    words_exactly = int_field(request, "words_exactly", None, 1, MAX_WORDS)
    if max_words is not None and words_exactly is not None:
        raise PuzzleInputError("give either 'max_words' or 'words_exactly', not both")
    min_length, max_length = word_lengths(request)
    limit = int_field(request, "limit", DEFAULT_LIMIT, 0)
    every = field(request, "all", bool, False)
    index = index_for(request, lexicon)
    found = box_words(box, index, _min_commonness(request)).of_lengths(min_length, max_length)
    result = solve_box(box, found, max_words=max_words, words_exactly=words_exactly, budget=budget)
    return result_json(result, index.name, None if every else limit)


def word_lengths(request: dict) -> tuple[int | None, int | None]:
    """The request's ``min_length`` and ``max_length`` (letters per word; None = no bound), checked."""
    min_length = int_field(request, "min_length", None, MIN_WORD_LENGTH)
    max_length = int_field(request, "max_length", None, MIN_WORD_LENGTH)
    if min_length is not None and max_length is not None and max_length < min_length:
        raise PuzzleInputError(f"'max_length' ({max_length}) is less than 'min_length' ({min_length})")
    return min_length, max_length


def result_json(result: SolveResult, dictionary: str, limit: int | None) -> dict:
    """The JSON shape of a :class:`SolveResult`, with at most ``limit`` solutions (None = all)."""
    shown = result.solutions if limit is None else result.solutions[:limit]
    answer = {
        "sides": list(result.box.sides),
        "solutions": [solution.to_json() for solution in shown],
        "count": result.count,
        "by_words": {str(k): n for k, n in result.counts_by_words.items()},
        "min_words": result.min_words,
        "max_words": result.max_words,
        "words_exactly": result.words_exactly,
        "complete": result.complete,
        "valid_words": result.valid_words,
        "dictionary": dictionary,
    }
    if not result.solutions:
        answer["message"] = no_solution_message(result)
    return answer


def no_solution_message(result: SolveResult) -> str:
    """Why a result has no solutions, in one line."""
    k = result.max_words
    within = (f"of exactly {k} word{'s' if k != 1 else ''}" if result.words_exactly is not None
              else f"within {k} word{'s' if k != 1 else ''}")
    if not result.complete:
        return f"no solution found before the search budget ran out ({within})"
    return f"no solution {within}"


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
