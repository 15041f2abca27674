"""The JSON request API for crossword grids: ``fill``, ``reroll``, ``verify``, ``export`` and ``count``.

Requests (dictionary keys as in :mod:`puzzlewright.api`; default dictionary ``english``). A grid is given as
``grid`` (rows joined by ``/`` or newlines, or a list of rows: ``.`` empty, ``#`` block, letters fixed),
``size`` (``"5x6"``: an open word rectangle) or ``pattern`` (a shipped 15x15 block pattern)::

    fill     {"grid": "....#/...../#....", "min_length": 2, "count": 1, "unique": false, "min_score": 2.5,
              "allow_repeats": false, "random_seed": 0, "time_limit": 10, "max_nodes": null, "pool": null}
    reroll   {"grid": "<a filled grid>", "slot": "4-Across", ...fill options}
    verify   {"grid": "<a filled grid>", "min_length": 2, "allow_repeats": false}
    export   {"grid": "...", "format": "ipuz" | "text"}
    count    {"size": "5x6", "double": true, "time_limit": 60}

Results::

    fill     {"grid": {...}, "fills": [{"rows": [...], "words": [...], "min_score": .., "mean_score": ..}],
              "count": N, "complete": bool, "nodes": .., "restarts": .., "elapsed_s": .., "unique": bool?,
              "stopped": "why the budget ran out"?, "explanation": "why no fill exists"?}
    verify   {"valid": bool, "problems": ["..."], "words": [...]}
    export   {"format": "ipuz", "content": "<file text>"}
    count    {"size": "5x6", "count": N, "double": bool, "nodes": .., "elapsed_s": .., "complete": bool}
"""

from __future__ import annotations

from puzzlewright.api import field, int_field, lexicon_for
from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.fill import FillOptions, fill_grid, reroll_slot
from puzzlewright.grid.model import Grid, parse_size
from puzzlewright.grid.verify import verify_fill
from puzzlewright.letters import check_letters
from puzzlewright.lexicon import Lexicon
from puzzlewright.search import Budget

DEFAULT_DICT = "english"
DEFAULT_TIME_LIMIT = 10.0
MAX_FILLS = 1000


def parse_grid(request: dict) -> Grid:
    """The grid of a request: ``grid`` (text or rows), ``size`` (an open rectangle) or ``pattern``."""
    given = [key for key in ("grid", "size", "pattern") if request.get(key) is not None]
    if len(given) != 1:
        raise PuzzleInputError("give exactly one of 'grid', 'size' or 'pattern'" if given else "missing field 'grid'")
    if given[0] == "pattern":
        from puzzlewright.grid.patterns import pattern_grid

        grid = pattern_grid(field(request, "pattern", str))
        return grid if request.get("min_length") is None else Grid.from_rows(grid.rows, _min_length(request))
    min_length = _min_length(request)
    if given[0] == "size":
        return Grid.empty(*parse_size(field(request, "size", str)), min_length)
    grid = field(request, "grid", (str, list))
    return Grid.parse(grid, min_length) if isinstance(grid, str) else Grid.from_rows(grid, min_length)


def _min_length(request: dict) -> int:
    return int_field(request, "min_length", 2, 2, 3)


def _budget(request: dict, budget: Budget | None) -> Budget:
    if budget is not None:
        return budget
    seconds = field(request, "time_limit", (int, float), DEFAULT_TIME_LIMIT)
    if not seconds > 0:
        raise PuzzleInputError("time_limit must be positive")
    nodes = request.get("max_nodes")
    return Budget(seconds=float(seconds), nodes=None if nodes is None else int_field(request, "max_nodes", None, 1))


def fill_options(request: dict) -> FillOptions:
    """The fill options of a request (``unique`` looks for a second fill, to prove there is none)."""
    unique = field(request, "unique", bool, False)
    count = int_field(request, "count", 1, 1, MAX_FILLS)
    pool = field(request, "pool", str, None)
    if pool is not None:
        pool, bad = check_letters("".join(pool.split()))
        if bad or not pool:
            raise PuzzleInputError("field 'pool' must be letters a-z")
    return FillOptions(count=max(count, 2) if unique else count, allow_repeats=field(request, "allow_repeats", bool, False),
                       random_seed=int_field(request, "random_seed", 0, 0), diverse=not unique, pool=pool)


def scored_lexicon(request: dict, lexicon: Lexicon | None) -> Lexicon:
    """The request's lexicon, keeping only words scoring at least ``min_score`` when given."""
    lexicon = lexicon if lexicon is not None else lexicon_for(request, DEFAULT_DICT)
    min_score = field(request, "min_score", (int, float), None)
    return lexicon if min_score is None else lexicon.filter(min_commonness=float(min_score))


def _fill_result(result, request: dict, count: int) -> dict:
    data = result.to_json()
    if field(request, "unique", bool, False):
        data["unique"] = result.unique
        data["fills"] = data["fills"][:1] if result.unique else data["fills"]
        data["count"] = len(data["fills"])
    return data


def fill(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Fill a grid: the best ``count`` fills found (or, with ``unique``, whether the fill is the only one)."""
    grid = parse_grid(request)
    options = fill_options(request)
    result = fill_grid(grid, scored_lexicon(request, lexicon), options, _budget(request, budget))
    return _fill_result(result, request, options.count)


def reroll(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Refill one slot (``slot``: ``"4-Across"``) of a filled grid with a different word, keeping the rest
    of the fill where possible (the slot's crossing words change only when they must)."""
    grid = parse_grid(request)
    options = fill_options(request)
    result = reroll_slot(grid, field(request, "slot", str), scored_lexicon(request, lexicon), options,
                         _budget(request, budget))
    return _fill_result(result, request, options.count)


def verify(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Check a filled grid: every slot a word of the dictionary, no word twice (unless ``allow_repeats``)."""
    grid = parse_grid(request)
    lexicon = scored_lexicon(request, lexicon)
    return verify_fill(grid, lexicon, allow_repeats=field(request, "allow_repeats", bool, False)).to_json()


def export(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """A grid as the text of a file: ``ipuz`` (JSON) or ``text``."""
    from puzzlewright.grid.formats import grid_to_ipuz

    grid = parse_grid(request)
    kind = field(request, "format", str, "ipuz")
    if kind == "ipuz":
        return {"format": kind, "content": grid_to_ipuz(grid, field(request, "title", str, ""))}
    if kind == "text":
        return {"format": kind, "content": grid.text() + "\n"}
    raise PuzzleInputError(f"field 'format' must be 'ipuz' or 'text' (.puz is binary: use the CLI), not {kind!r}")


def count(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Count the word rectangles of a size (``double``: all words distinct), in this process; squares are
    counted by the acrostic counter."""
    from puzzlewright.grid.rectangles import RectangleOptions, count_rectangles

    height, width = parse_size(field(request, "size", str))
    double = field(request, "double", bool, False)
    lexicon = lexicon if lexicon is not None else lexicon_for(request, DEFAULT_DICT)
    budget = _budget(request, budget)
    if height == width:
        from puzzlewright.acrostic.count import CountOptions, count_squares

        result = count_squares(lexicon, CountOptions(height, double=double), budget=budget)
        return {"size": f"{height}x{width}", "count": result.count, "double": double, "nodes": result.nodes,
                "elapsed_s": round(result.elapsed_s, 4), "complete": result.complete}
    return count_rectangles(lexicon, RectangleOptions(height, width, double), budget=budget, keep=False).to_json()
