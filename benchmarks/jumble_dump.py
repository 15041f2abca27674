"""Every training Jumble's results, for checking that speed work changed nothing: dump two checkouts, compare.

    PYTHONPATH=OLD/src python benchmarks/jumble_dump.py old.jsonl
    PYTHONPATH=src python benchmarks/jumble_dump.py new.jsonl
    cmp old.jsonl new.jsonl

Writes one JSON line per request: each of the 480 training Jumbles (``../shared/data/train/jumble-train.json``)
with its caption, solved by ``api.solve`` twice, top 20 with ``--explain`` and top 10. A line holds the
result as the CLI's ``--json`` prints it (less its elapsed time) and, for each answer, its unrounded search
score, association, final score and feature values (``repr``, so the last bit counts), caught from the
solver's :class:`~puzzlewright.jumble.solver.Solution` on its way to the result.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from puzzlewright.jumble import api
from puzzlewright.lexicon import load_lexicon
from puzzlewright.schema import to_jsonable

TRAIN = Path(__file__).resolve().parents[2] / "shared" / "data" / "train" / "jumble-train.json"
FIELDS = ("jumbles", "answer_pattern", "caption")
SHAPES = ({"explain": True, "top": 20}, {"top": 10})


def unrounded(found: Any) -> list[list[Any]]:
    """Each answer of a solver's solution, with every number as ``repr`` gives it."""
    return [[list(a.fills), repr(a.score.total), repr(a.score.association), repr(a.final),
             [repr(value) for value in a.features], None if a.play is None else a.play.describe()]
            for a in found.answers]


def main(argv: list[str] | None = None) -> int:
    out = Path((argv if argv is not None else sys.argv[1:])[0])
    caught: list[list[list[Any]]] = []
    solve_result = api.solve_result

    def catching(found: Any, *args: Any, **keywords: Any) -> Any:
        caught.append(unrounded(found))
        return solve_result(found, *args, **keywords)

    api.solve_result = catching
    lexicon = load_lexicon("english")
    requests = [{k: r[k] for k in FIELDS if k in r} for r in json.loads(TRAIN.read_text())]
    with out.open("w") as handle:
        for request in requests:
            for shape in SHAPES:
                caught.clear()
                result = to_jsonable(api.solve(dict(request, **shape), lexicon=lexicon))
                result.pop("elapsed_s", None)
                handle.write(json.dumps([result, caught], sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
