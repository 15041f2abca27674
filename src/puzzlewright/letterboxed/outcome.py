"""What a Letter Boxed solve reports, as plain values: the fields of the result model
(:class:`puzzlewright.letterboxed.schema.SolveResult`) worked out from the solver's result.

The result model is built from these fields (:func:`puzzlewright.letterboxed.api.solve_result`), and the
command line's quick path prints straight from them (:mod:`puzzlewright.cli.shared`), without creating the
models (which needs :mod:`dataclasses`): both print the same report from the same values.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (the command line's quick path)
    from typing import Any

    from puzzlewright.letterboxed import solver
    from puzzlewright.budget import Budget


def result_fields(found: solver.Chains, dictionary: str, limit: int | None, *,
                  explain: bool = False, budget: Budget | None = None) -> dict[str, Any]:
    """The result model's fields for a search, with at most ``limit`` solutions (None = all), each as the
    fields of its model (:func:`solution_fields`); building them stops with the search's ``budget``
    (:func:`~puzzlewright.budget.paced`)."""
    from puzzlewright.budget import paced

    shown = found.solutions if limit is None else found.solutions[:limit]
    return {"sides": list(found.box.sides),
            "solutions": [solution_fields(chain, explain) for chain in paced(shown, budget)],
            "count": len(found.solutions), "by_words": {str(k): n for k, n in found.counts_by_words.items()},
            "min_words": found.min_words, "max_words": found.max_words, "words_exactly": found.words_exactly,
            "complete": found.complete, "valid_words": found.valid_words, "dictionary": dictionary,
            "message": None if found.solutions else no_solution_message(found)}


def solution_fields(chain: solver.Chain, explain: bool = False) -> dict[str, Any]:
    """A solution model's fields: its words in capitals, its score, and with ``explain`` each feature's
    part of the score."""
    contributions = None
    if explain and chain.features:
        from puzzlewright.letterboxed.rank import explain as contributions_of

        contributions = {name: round(value, 3) for name, value in contributions_of(chain.features).items()}
    return {"words": [word.upper() for word in chain.words], "score": round(chain.score, 3),
            "contributions": contributions}


def no_solution_message(found: solver.Chains) -> str:
    """Why a search found no solutions, in one line."""
    k = found.max_words
    within = (f"of exactly {k} word{'s' if k != 1 else ''}" if found.words_exactly is not None
              else f"within {k} word{'s' if k != 1 else ''}")
    if not found.complete:
        return f"no solution found before the search budget ran out ({within})"
    return f"no solution {within}"
