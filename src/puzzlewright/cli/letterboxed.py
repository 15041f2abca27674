"""``puzzlewright letterboxed``: solve NYT-style Letter Boxed puzzles (every solution of up to two words, ranked)
and generate new ones. A thin layer over :mod:`puzzlewright.letterboxed.api`.

Solving a puzzle on a built-in dictionary never imports numpy: the dictionary's Letter Boxed index is
read from a cache file, so a one-off ``solve`` returns within a few tens of milliseconds.
"""

from __future__ import annotations

import time
from typing import Any

import click

from puzzlewright.cli.common import DictionaryChoice, emit_json, json_option, lexicon_options, run_batch

TOUR_SIDES = "RME-WCL-TGK-API"
MAX_WORDS = 5
DEFAULT_TIME_LIMIT = 20.0


@click.group()
def letterboxed() -> None:
    """NYT-style Letter Boxed: letters on the sides of a box; chain words, each starting with the last
    letter of the one before, with no two consecutive letters from the same side, until every letter
    is used. Sides are written clockwise from the top: RME-WCL-TGK-API, "RME WCL TGK API" or RMEWCLTGKAPI."""


def _dictionary_request(dictionary: DictionaryChoice) -> tuple[dict, Any]:
    """(request keys, lexicon or None) for the dictionary options: a plain built-in dictionary is named
    in the request (the API then uses its cached index); anything else is loaded here, once."""
    from puzzlewright.letterboxed.index import builtin_index

    plain = dictionary.format is None and not dictionary.extra_words and not dictionary.exclude_words
    if plain and builtin_index(dictionary.spec) is not None:
        return {"dict": dictionary.spec}, None
    return {}, dictionary.load()


@letterboxed.command("solve")
@click.argument("sides", nargs=-1)
@click.option("--max-words", type=click.IntRange(1, MAX_WORDS), default=None,
              help="List every solution of up to N words, fewest first (default: the 1- and 2-word "
                   "solutions, or the 3-word ones when there are none).")
@click.option("--words-exactly", type=click.IntRange(1, MAX_WORDS), default=None, metavar="N",
              help="List only the solutions of exactly N words.")
@click.option("--min-length", type=click.IntRange(3), default=None, metavar="N",
              help="Use only words of at least N letters.")
@click.option("--max-length", type=click.IntRange(3), default=None, metavar="N",
              help="Use only words of at most N letters.")
@click.option("--all", "show_all", is_flag=True, help="Show every solution, not just the best --limit.")
@click.option("--limit", type=click.IntRange(0), default=10, show_default=True, help="Solutions to show.")
@click.option("--words", "list_words", is_flag=True, help="List every valid word of the box instead.")
@click.option("--min-commonness", type=float, default=None, metavar="ZIPF",
              help="Use only words at least this common (Zipf scale: 3 = everyday, 1 = rare).")
@click.option("--draw", is_flag=True, help="Draw the box with the best solution's path.")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=DEFAULT_TIME_LIMIT, show_default=True,
              metavar="SECONDS", help="Stop a search (per puzzle) after this long and report what it found.")
@click.option("--batch", "batch", default=None, metavar="FILE",
              help='Solve each JSON line {"sides": [...]} of FILE ("-" = stdin); one JSON result per line.')
@lexicon_options(lazy=True)
@json_option
def solve(sides: tuple[str, ...], max_words: int | None, words_exactly: int | None, min_length: int | None,
          max_length: int | None, show_all: bool, limit: int, list_words: bool, min_commonness: float | None,
          draw: bool, time_limit: float, batch: str | None, dictionary: DictionaryChoice, as_json: bool) -> None:
    """Find the solutions of SIDES, fewest words first, then best first (the answer a setter would pick).

    By default every 1- and 2-word solution is listed (the NYT's answers have two words), or every
    3-word one when there are none; --max-words N lists every solution of up to N words.

    Example: puzzlewright letterboxed solve RME-WCL-TGK-API
    """
    from puzzlewright.errors import PuzzleInputError
    from puzzlewright.letterboxed import api
    from puzzlewright.search import Budget

    if max_words is not None and words_exactly is not None:
        raise PuzzleInputError("give either --max-words or --words-exactly, not both")
    if min_length is not None and max_length is not None and max_length < min_length:
        raise PuzzleInputError(f"--max-length {max_length} is less than --min-length {min_length}")
    base, lexicon = _dictionary_request(dictionary)
    base.update(max_words=max_words, words_exactly=words_exactly, min_length=min_length, max_length=max_length,
                limit=limit, all=show_all, min_commonness=min_commonness)
    if batch is not None:
        if sides:
            raise PuzzleInputError("give either SIDES or --batch FILE, not both")
        import numpy  # noqa: F401  (a batch amortises its import; box_words then filters words vectorised)

        run_batch(batch, lambda record: api.solve({**base, **record}, lexicon=lexicon,
                                                  budget=Budget(seconds=time_limit)), "letterboxed")
        return
    if not sides:
        raise PuzzleInputError("no sides given: e.g. puzzlewright letterboxed solve RME-WCL-TGK-API")
    request = {**base, "sides": " ".join(sides)}
    if list_words:
        _print_words(api.words(request, lexicon=lexicon), as_json)
        return
    result = api.solve(request, lexicon=lexicon, budget=Budget(seconds=time_limit))
    if as_json:
        emit_json(result)
    else:
        _print_solutions(result, draw)


def _print_words(result: dict, as_json: bool) -> None:
    if as_json:
        emit_json(result)
        return
    click.echo(f"{'-'.join(result['sides'])}: {result['count']} valid words in {result['dictionary']} "
               f"(most common first)")
    for entry in result["words"]:
        click.echo(f"{entry['word']:<20} {entry['zipf']:.2f}")


def _plural(n: int, thing: str) -> str:
    return f"{n:,} {thing}{'s' if n != 1 else ''}"


def _by_words(by_words: dict[str, int]) -> str:
    """' in 2 words' or, for several numbers of words, ': 1 of 1 word, 118 of 2 words'."""
    if len(by_words) == 1:
        return f" in {_plural(int(next(iter(by_words))), 'word')}"
    return ": " + ", ".join(f"{n:,} of {_plural(int(k), 'word')}" for k, n in by_words.items())


def _print_solutions(result: dict, draw: bool) -> None:
    """The human-readable report of an ``api.solve`` result."""
    name = "-".join(result["sides"])
    if result["min_words"] is None:  # no solution (an empty list with a count is --limit 0)
        hints = ([f"--max-words {MAX_WORDS}"] if result["max_words"] < MAX_WORDS and not result["words_exactly"]
                 else []) + (
            ["--dict english-large"] if result["dictionary"] != "english-large" else [])
        click.echo(f"{name}: {result['message']} ({result['valid_words']} valid words in {result['dictionary']})"
                   + (f"; try {' or '.join(hints)}" if hints else ""))
        return
    shown = len(result["solutions"])
    more = "" if shown == result["count"] else f", first {shown} shown"
    click.echo(f"{name}: {_plural(result['count'], 'solution')}{_by_words(result['by_words'])} "
               f"({result['valid_words']} valid words in {result['dictionary']}{more})")
    if not result["complete"]:
        click.echo("(search budget ran out: the list may be incomplete)")
    for rank, solution in enumerate(result["solutions"], 1):
        click.echo(f"{rank:>4}. {'-'.join(solution['words']):<32} score {solution['score']:.2f}")
    if draw and result["solutions"]:
        from puzzlewright.letterboxed.box import Box
        from puzzlewright.letterboxed.render import render_box

        click.echo()
        click.echo(render_box(Box(tuple(result["sides"])), result["solutions"][0]["words"]))


@letterboxed.command("generate")
@click.option("--count", type=click.IntRange(1, 100), default=1, show_default=True, help="Puzzles to make.")
@click.option("--random-seed", type=int, default=None, help="Seed for reproducible puzzles.")
@click.option("--min-commonness", type=float, default=3.0, show_default=True, metavar="ZIPF",
              help="Commonness floor of the planted two-word answer.")
@click.option("--show-solution", is_flag=True, help="Also print the planted answer and the best solutions.")
@click.option("--draw", is_flag=True, help="Draw each box.")
@lexicon_options(lazy=True)
@json_option
def generate(count: int, random_seed: int | None, min_commonness: float, show_solution: bool, draw: bool,
             dictionary: DictionaryChoice, as_json: bool) -> None:
    """Make NYT-style puzzles (12 distinct letters, 4 sides of 3) with a two-word answer of common words."""
    from puzzlewright.letterboxed import api

    base, lexicon = _dictionary_request(dictionary)
    result = api.generate({**base, "count": count, "random_seed": random_seed, "min_commonness": min_commonness,
                           "show_solution": show_solution}, lexicon=lexicon)
    if as_json:
        emit_json(result)
        return
    for puzzle in result["puzzles"]:
        click.echo(f"{'-'.join(puzzle['sides'])}  two-word solutions: {puzzle['two_word_solutions']}  "
                   f"par: {puzzle['par']}  ({puzzle['valid_words']} valid words)")
        if show_solution:
            click.echo(f"    answer: {'-'.join(puzzle['solution'])}; best: "
                       + ", ".join("-".join(s["words"]) for s in puzzle["solutions"]))
        if draw:
            from puzzlewright.letterboxed.box import Box
            from puzzlewright.letterboxed.render import render_box

            click.echo(render_box(Box(tuple(puzzle["sides"])), puzzle["solution"] if show_solution else ()))
            click.echo()


def tour_step() -> None:
    """The Letter Boxed part of ``puzzlewright tour``: the seed's puzzle, solved and drawn, with timings."""
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.box import Box
    from puzzlewright.letterboxed.render import render_box

    click.echo(f"Letter Boxed: {TOUR_SIDES} (the seed's puzzle), every 1- and 2-word solution, best first")
    started = time.perf_counter()
    api.index_for({})
    loaded = time.perf_counter()
    result = api.solve({"sides": TOUR_SIDES, "all": True})
    solved = time.perf_counter()
    for solution in result["solutions"]:
        click.echo(f"  {'-'.join(solution['words']):<24} score {solution['score']:.2f}")
    click.echo(render_box(Box.parse(TOUR_SIDES), result["solutions"][0]["words"]))
    click.echo(f"  {result['count']} two-word solutions from {result['valid_words']} valid words; "
               f"index loaded in {1000 * (loaded - started):.0f} ms, solved in {1000 * (solved - loaded):.1f} ms "
               f"(try `puzzlewright letterboxed solve ERG-BID-NCF-TAO --draw` or `letterboxed generate`)")
