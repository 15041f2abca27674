"""The puzzle verbs the web API exposes: one :class:`Endpoint` per ``POST /api/<puzzle>/<verb>``.

Each endpoint names a verb of a puzzle's ``api`` module (``verb(request, *, lexicon=None, budget=None)``),
so the web app stays a thin layer over the library. The example request is the one the verb's request
model declares (:func:`puzzlewright.schema.model_config`): it is the OpenAPI example and the warm-up request
that builds the verb's indexes when the server starts.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Verb = Callable[..., Any]
Cost = Callable[[dict[str, Any]], bool]

# Dictionaries big enough that any search on them may take its whole budget
LARGE_DICTIONARIES = frozenset({"english-large"})
GRID_CELLS_CHEAP = 25  # a grid of at most this many cells (5x5) fills in milliseconds
COUNT_CHEAP = 10  # a fill asking for at most this many grids
# A 15x15 fill takes a few seconds of CPU (more on a busy machine): a server started without --budget gives a
# grid fill or re-roll this long, where other searches get SEARCH_SECONDS
GRID_FILL_SECONDS = 20.0


def _number(request: dict[str, Any], key: str) -> int:
    """``request[key]`` when it is a plain integer, else 0: a cost estimate reads requests before they are
    validated, so it must not trip on a wrong type (the verb refuses it later)."""
    value = request.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _large_dictionary(request: dict[str, Any]) -> bool:
    return any(isinstance(name := request.get(key), str) and name in LARGE_DICTIONARIES for key in ("dict", "answers"))


def always(request: dict[str, Any]) -> bool:
    """The cost estimate of a verb whose every request may take its whole budget."""
    return True


def never(request: dict[str, Any]) -> bool:
    """The cost estimate of a verb that answers any valid request in milliseconds."""
    return False


def letterboxed_solve_cost(request: dict[str, Any]) -> bool:
    """Chains of three or more words, or a large dictionary: up to half a million chains to rank."""
    return max(_number(request, "max_words"), _number(request, "words_exactly")) >= 3 or _large_dictionary(request)


def acrostic_solve_cost(request: dict[str, Any]) -> bool:
    """A template without a seed word is searched square by square (a blank 5x5 takes any budget)."""
    return request.get("seed") is None or request.get("template") is not None or _large_dictionary(request)


def acrostic_generate_cost(request: dict[str, Any]) -> bool:
    """Squares of 5 or more, several puzzles, or a large dictionary."""
    return _number(request, "size") >= 5 or _number(request, "count") > 1 or _large_dictionary(request)


def grid_fill_cost(request: dict[str, Any]) -> bool:
    """A grid bigger than 5x5 (or given by size), many or unique fills, or a large dictionary."""
    grid = request.get("grid")
    text = "".join(grid) if isinstance(grid, list) and all(isinstance(row, str) for row in grid) else grid
    cells = sum(c.isalpha() or c in ".#" for c in text) if isinstance(text, str) else GRID_CELLS_CHEAP + 1
    return (cells > GRID_CELLS_CHEAP or request.get("size") is not None or _number(request, "count") > COUNT_CHEAP
            or request.get("unique") is True or _large_dictionary(request))


def wordle_doodle_cost(request: dict[str, Any]) -> bool:
    """A large dictionary or the request's own words: a doodler is built over that word list for the
    request (about half a second on english-large with a word added), where the plain lists' are kept."""
    return _large_dictionary(request) or any(request.get(key) for key in ("words", "extra_words", "exclude_words"))


def jumble_solve_cost(request: dict[str, Any]) -> bool:
    """A bare letter pool (every split of it into words is searched) or a large dictionary."""
    return request.get("pool") is not None or _large_dictionary(request)


@dataclass(frozen=True)
class Endpoint:
    """``POST /api/{puzzle}/{verb}`` calls ``puzzlewright.{puzzle}.api.{verb}``.

    ``deterministic`` says the result depends only on the request (so it may be cached); verbs that pick at
    random are deterministic only when the request carries a ``random_seed``. ``dictionary_keys`` are the
    request keys that name a dictionary (``*_dict`` keys always count too): the web app accepts only
    built-in names there. ``expensive`` is the verb's cost estimate: whether a request (not yet validated)
    may take its whole time budget; the web app runs those in a lane of their own, so that cheap requests
    keep being served while they run (:class:`~puzzlewright.web.limits.SearchPool`). ``seconds`` is the
    verb's own time budget when the server is started without one (None: ``SEARCH_SECONDS``).
    """

    puzzle: str
    verb: str
    summary: str
    deterministic: bool = True
    module: str = ""
    dictionary_keys: tuple[str, ...] = ("dict",)
    expensive: Cost = never
    seconds: float | None = None

    @property
    def path(self) -> str:
        return f"/api/{self.puzzle}/{self.verb}"

    @property
    def module_name(self) -> str:
        return self.module or f"puzzlewright.{self.puzzle}.api"

    def models(self) -> tuple[type, type] | None:
        """The verb's request and result models (``<Verb>Request`` and ``<Verb>Result`` in the puzzle's
        ``schema`` module), or None for a module without one (the tests' stand-in verbs)."""
        try:
            schema = importlib.import_module(self.module_name.rsplit(".", 1)[0] + ".schema")
        except ModuleNotFoundError:
            return None
        name = self.verb.capitalize()
        return getattr(schema, f"{name}Request"), getattr(schema, f"{name}Result")

    @property
    def example(self) -> dict[str, Any]:
        """The example request its request model declares (empty for a verb without models)."""
        models = self.models()
        config = getattr(models[0], "__pydantic_config__", {}) if models else {}
        examples = config.get("json_schema_extra", {}).get("examples") or [{}]
        return dict(examples[0])

    @property
    def default_dictionary(self) -> str | None:
        """The dictionary the verb uses when a request names none: its request model's ``dict`` default (taken
        from the puzzle's ``defaults`` module), None for a verb without models."""
        models = self.models()
        fields = {f.name: f for f in dataclasses.fields(models[0])} if models else {}
        return fields["dict"].default if "dict" in fields else None  # type: ignore[return-value]

    def function(self) -> Verb:
        """The verb itself (imports the puzzle's api module on first use)."""
        return getattr(importlib.import_module(self.module_name), self.verb)

    def cacheable(self, request: dict) -> bool:
        """Whether the result of ``request`` may be served from the cache."""
        return self.deterministic or request.get("random_seed") is not None


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("acrostic", "solve", "Solve a dense acrostic: arrange the pool under the seed word.",
             expensive=acrostic_solve_cost),
    Endpoint("acrostic", "generate", "Generate random acrostic puzzles of common words.", deterministic=False,
             expensive=acrostic_generate_cost),
    Endpoint("letterboxed", "solve", "Solve a Letter Boxed puzzle: every 1- and 2-word solution (or up to "
             "max_words), fewest words first, then best first.", expensive=letterboxed_solve_cost),
    Endpoint("letterboxed", "generate", "Generate NYT-style Letter Boxed puzzles.", deterministic=False,
             expensive=always),
    Endpoint("letterboxed", "play", "Play a Letter Boxed puzzle: check a word against the box, the last word and "
             "the dictionary; progress, the fewest words possible and hints that reveal one step at a time."),
    Endpoint("jumble", "solve", "Solve a Jumble: unscramble the words and rank the final answers.",
             expensive=jumble_solve_cost),
    Endpoint("jumble", "generate", "Make Jumbles from a final answer: words whose circled letters spell it, each "
             "scrambled to read one way only.", deterministic=False, expensive=always),
    Endpoint("grid", "fill", "Fill a crossword grid (blocks '#', fixed letters, '.' to fill): best fills first.",
             expensive=grid_fill_cost, seconds=GRID_FILL_SECONDS),
    Endpoint("grid", "reroll", "Put a different word in one slot of a filled grid.", expensive=grid_fill_cost,
             seconds=GRID_FILL_SECONDS),
    Endpoint("grid", "candidates", "The words that can go in one slot of a grid, best first: each fits the slot's "
             "letters and leaves every crossing slot a word."),
    Endpoint("grid", "export", "A grid as an .ipuz, .puz (base64) or text file's contents, with title, author and "
             "clues."),
    Endpoint("wordle", "doodle", "Wordle Doodle: a word for each painted row of feedback.", deterministic=False,
             expensive=wordle_doodle_cost),
    Endpoint("wordle", "assist", "Wordle assistant: the answers still possible and the best next guesses.",
             dictionary_keys=("dict", "answers"), expensive=always),
)


def default_dictionaries(endpoints: Iterable[Endpoint] = ENDPOINTS) -> dict[str, str]:
    """Each puzzle's default dictionary, by puzzle name (``GET /api/dicts`` gives it to the page's menus)."""
    return {e.puzzle: name for e in endpoints if (name := e.default_dictionary) is not None}
