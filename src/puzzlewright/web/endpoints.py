"""The puzzle verbs the web API exposes: one :class:`Endpoint` per ``POST /api/<puzzle>/<verb>``.

Each endpoint names a verb of a puzzle's ``api`` module (``verb(request, *, lexicon=None, budget=None)``),
so the web app stays a thin layer over the library. The example request doubles as the OpenAPI example
and as the warm-up request that builds the verb's indexes when the server starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Verb = Callable[..., Any]


@dataclass(frozen=True)
class Endpoint:
    """``POST /api/{puzzle}/{verb}`` calls ``puzzlewright.{puzzle}.api.{verb}``.

    ``deterministic`` says the result depends only on the request (so it may be cached); verbs that pick at
    random are deterministic only when the request carries a ``random_seed``. ``dictionary_keys`` are the
    request keys that name a dictionary (``*_dict`` keys always count too): the web app accepts only
    built-in names there.
    """

    puzzle: str
    verb: str
    summary: str
    example: dict = field(default_factory=dict)
    deterministic: bool = True
    module: str = ""
    dictionary_keys: tuple[str, ...] = ("dict",)

    @property
    def path(self) -> str:
        return f"/api/{self.puzzle}/{self.verb}"

    @property
    def module_name(self) -> str:
        return self.module or f"puzzlewright.{self.puzzle}.api"

    def models(self) -> tuple[type, type] | None:
        """The verb's request and result models (``<Verb>Request`` and ``<Verb>Result`` in the puzzle's
        ``schema`` module), or None for a verb still taking and returning plain dicts."""
        try:
            schema = importlib.import_module(self.module_name.rsplit(".", 1)[0] + ".schema")
        except ModuleNotFoundError:
            return None
        name = self.verb.capitalize()
        return getattr(schema, f"{name}Request"), getattr(schema, f"{name}Result")

    def function(self) -> Verb:
        """The verb itself (imports the puzzle's api module on first use)."""
        return getattr(importlib.import_module(self.module_name), self.verb)

    def cacheable(self, request: dict) -> bool:
        """Whether the result of ``request`` may be served from the cache."""
        return self.deterministic or request.get("random_seed") is not None


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("acrostic", "solve", "Solve a dense acrostic: arrange the pool under the seed word.",
             {"seed": "eras", "pool": "ceeiklmorstw", "dict": "acrostic-4", "all": True}),
    Endpoint("acrostic", "generate", "Generate random acrostic puzzles of common words.",
             {"size": 4, "count": 1, "unique": True}, deterministic=False),
    Endpoint("letterboxed", "solve", "Solve a Letter Boxed puzzle: every 1- and 2-word solution (or up to "
             "max_words), fewest words first, then best first.",
             {"sides": ["RME", "WCL", "TGK", "API"]}),
    Endpoint("letterboxed", "generate", "Generate NYT-style Letter Boxed puzzles.",
             {"count": 1}, deterministic=False),
    Endpoint("jumble", "solve", "Solve a Jumble: unscramble the words and rank the final answers.",
             {"jumbles": [{"scrambled": "LASRN", "circles": [0, 1, 2]},
                          {"scrambled": "SHACE", "circles": [0, 3, 4]},
                          {"scrambled": "HOTGUF", "circles": [2, 3, 5]},
                          {"scrambled": "CLATHE", "circles": [2, 3, 5]}],
              "answer_pattern": "----- -------", "extra_words": ["sesug", "atlanta"]}),
    Endpoint("grid", "fill", "Fill a crossword grid (blocks '#', fixed letters, '.' to fill): best fills first.",
             {"grid": "....#/...../...../#....", "count": 1, "random_seed": 1}),
    Endpoint("grid", "reroll", "Put a different word in one slot of a filled grid.",
             {"grid": "sharp/tonal/embed", "slot": "1-Across", "random_seed": 1}),
    Endpoint("grid", "export", "A grid as an .ipuz (or text) file's contents.",
             {"grid": "....#/...../...../#....", "format": "ipuz"}),
    Endpoint("wordle", "doodle", "Wordle Doodle: a word for each painted row of feedback.",
             {"answer": "crane", "patterns": ["BBBBB", "BGBGB", "GGGGG"], "random_seed": 1}, deterministic=False),
    Endpoint("wordle", "assist", "Wordle assistant: the answers still possible and the best next guesses.",
             {"guesses": ["salet:BBYBB"]}, dictionary_keys=("dict", "answers")),
)
