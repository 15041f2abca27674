"""``puzzlewright letterboxed``: solve NYT-style Letter Boxed puzzles (every solution of up to two words, ranked)
and generate new ones. A thin layer over :mod:`puzzlewright.letterboxed.api`.

Solving a puzzle on a built-in dictionary never imports numpy: the dictionary's Letter Boxed index is
read from a cache file, so a one-off ``solve`` returns within a few tens of milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from puzzlewright.cli.common import (FiniteFloat, allow_option, emit_json, json_option, lexicon_options, run_batch,
                                     svg_option, write_pictures)
from puzzlewright.cli.shared import finished, letterboxed_solve, solution_report
from puzzlewright.letterboxed.schema import (DEFAULT_DICTIONARY, DEFAULT_GENERATE_COMMONNESS, DEFAULT_LIMIT,
                                             DEFAULT_TIME_LIMIT, EXAMPLE_SIDES, MAX_GENERATE, MAX_WORDS,
                                             MIN_WORD_LENGTH, SolveRequest, SolveResult)
from puzzlewright.schema import DictionaryOptions, dataclass_fields

if TYPE_CHECKING:
    from puzzlewright.letterboxed.schema import WordsResult

TOUR_SIDES = EXAMPLE_SIDES


@click.group()
def letterboxed() -> None:
    """NYT-style Letter Boxed: letters on the sides of a box; chain words, each starting with the last
    letter of the one before, with no two consecutive letters from the same side, until every letter
    is used. Sides are written clockwise from the top: RME-WCL-TGK-API, "RME WCL TGK API", RMEWCLTGKAPI,
    "r m e w c l t g k a p i" or "Top: RME Right: WCL Bottom: TGK Left: API"."""


@letterboxed.command("solve")
@click.argument("sides", nargs=-1)
@click.option("--max-words", type=click.IntRange(1, MAX_WORDS), default=None, metavar="N",
              help="List every solution of up to N words, fewest first (default: the 1- and 2-word "
                   "solutions, or the 3-word ones when there are none).")
@click.option("--words-exactly", type=click.IntRange(1, MAX_WORDS), default=None, metavar="N",
              help="List only the solutions of exactly N words.")
@click.option("--min-length", type=click.IntRange(MIN_WORD_LENGTH), default=None, metavar="N",
              help="Use only words of at least N letters.")
@click.option("--max-length", type=click.IntRange(MIN_WORD_LENGTH), default=None, metavar="N",
              help="Use only words of at most N letters.")
@click.option("--all", "show_all", is_flag=True, help="Show every solution, not just the best --limit.")
@click.option("--limit", type=click.IntRange(0), default=DEFAULT_LIMIT, show_default=True, help="Solutions to show.")
@click.option("--words", "list_words", is_flag=True, help="List every valid word of the box instead.")
@click.option("--min-commonness", type=FiniteFloat(min=0), default=None, metavar="ZIPF",
              help="Use only words at least this common (Zipf scale: 3 = everyday, 1 = rare).")
@click.option("--draw", is_flag=True, help="Draw the box with the best solution's path.")
@click.option("--explain", is_flag=True, help="Show what each ranking feature adds to a solution's score.")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=DEFAULT_TIME_LIMIT, show_default=True,
              metavar="SECONDS", help="Stop a search (per puzzle) after this long and report what it found.")
@click.option("--batch", "batch", default=None, metavar="FILE",
              help='Solve each JSON line {"sides": [...]} of FILE ("-" = stdin); one JSON result per line.')
@lexicon_options(DEFAULT_DICTIONARY, lazy=True, word_files=True)
@json_option
def solve(sides: tuple[str, ...], max_words: int | None, words_exactly: int | None, min_length: int | None,
          max_length: int | None, show_all: bool, limit: int, list_words: bool, min_commonness: float | None,
          draw: bool, explain: bool, time_limit: float, batch: str | None, dictionary: DictionaryOptions,
          lexicon: Any, as_json: bool) -> int | None:
    """Find the solutions of SIDES, fewest words first, then best first (the answer a setter would pick).

    By default every 1- and 2-word solution is listed (the NYT's answers have two words), or every
    3-word one when there are none; --max-words N lists every solution of up to N words.

    Example: puzzlewright letterboxed solve RME-WCL-TGK-API
    """
    from puzzlewright.errors import PuzzleInputError
    from puzzlewright.letterboxed import api

    if max_words is not None and words_exactly is not None:
        raise PuzzleInputError("give either --max-words or --words-exactly, not both")
    if min_length is not None and max_length is not None and max_length < min_length:
        raise PuzzleInputError(f"--max-length {max_length} is less than --min-length {min_length}")
    options = {**dataclass_fields(dictionary), "min_commonness": min_commonness}
    shape = {"max_words": max_words, "words_exactly": words_exactly, "min_length": min_length,
             "max_length": max_length}
    if batch is not None:
        if sides:
            raise PuzzleInputError("give either SIDES or --batch FILE, not both")
        settings = {**options, **shape, "limit": limit, "all": show_all, "time_limit": time_limit, "explain": explain}
        run_batch(batch, lambda record: api.solve({**settings, **record}, lexicon=lexicon), "letterboxed")
        return
    if not sides:
        raise PuzzleInputError(f"no sides given: e.g. puzzlewright letterboxed solve {EXAMPLE_SIDES}")
    if list_words:
        from puzzlewright.letterboxed.schema import WordsRequest

        _print_words(api.words(WordsRequest(sides=" ".join(sides), **options), lexicon=lexicon), as_json)
        return
    result = letterboxed_solve(sides, dictionary, lexicon, min_commonness=min_commonness, **shape, limit=limit,
                               all=show_all, time_limit=time_limit, explain=explain)
    if as_json:
        emit_json(result)
    else:
        _print_solutions(result, draw)
    return finished(result)


def _print_words(result: WordsResult, as_json: bool) -> None:
    if as_json:
        emit_json(result)
        return
    click.echo(f"{'-'.join(result.sides).upper()}: {result.count} valid words in {result.dictionary} (most common first)")
    for entry in result.words:
        click.echo(f"{entry.word.upper():<20} {entry.zipf:.2f}")


def _print_solutions(result: SolveResult, draw: bool) -> None:
    """The human-readable report of a solve result (:func:`~puzzlewright.cli.shared.solution_report`), and
    with ``draw`` the box with the best solution's path."""
    for line in solution_report(result):
        click.echo(line)
    if draw and result.best:
        from puzzlewright.letterboxed.model import Box

        click.echo()
        _echo_box(Box.parse("-".join(result.sides)), result.best.words)


@letterboxed.command("generate")
@click.option("--count", type=click.IntRange(1, MAX_GENERATE), default=1, show_default=True, help="Puzzles to make.")
@click.option("--random-seed", type=click.IntRange(min=0), default=None, help="Seed for reproducible puzzles.")
@click.option("--min-commonness", type=FiniteFloat(min=0), default=DEFAULT_GENERATE_COMMONNESS,
              show_default=True, metavar="ZIPF", help="Commonness floor of the two-word answer.")
@click.option("--show-solution", is_flag=True, help="Also print the answer (the best solution) and the next best.")
@click.option("--draw", is_flag=True, help="Draw each box.")
@svg_option("with --show-solution, the answer's path drawn and its words written")
@allow_option
@lexicon_options(DEFAULT_DICTIONARY, lazy=True, word_files=True)
@json_option
def generate(count: int, random_seed: int | None, min_commonness: float, show_solution: bool, draw: bool,
             svg_path: str | None, allow: str | None, dictionary: DictionaryOptions, lexicon: Any,
             as_json: bool) -> None:
    """Make NYT-style puzzles (12 distinct letters, 4 sides of 3) whose best solution is two common words."""
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.schema import GenerateRequest

    request = GenerateRequest(**{**dataclass_fields(dictionary), "min_commonness": min_commonness}, count=count,
                              random_seed=random_seed, show_solution=show_solution, svg=svg_path is not None,
                              allow=allow)
    from puzzlewright.progress import status_line

    with status_line(f"generating {count:,} puzzle{'s' if count != 1 else ''}…"):
        result = api.generate(request, lexicon=lexicon)
    if svg_path is not None:
        write_pictures([puzzle.svg or "" for puzzle in result], svg_path)
    if as_json:
        emit_json(result)
        return
    for puzzle in result.puzzles:
        click.echo(f"{puzzle}  two-word solutions: {puzzle.two_word_solutions}  par: {puzzle.par}  "
                   f"({puzzle.valid_words} valid words)")
        if puzzle.solution is not None and puzzle.solutions is not None:
            click.echo(f"    answer: {'-'.join(puzzle.solution).upper()}; best: " + ", ".join(map(str, puzzle.solutions)))
        if draw:
            from puzzlewright.letterboxed.model import Box

            _echo_box(Box.parse("-".join(puzzle.sides)), puzzle.solution or ())
            click.echo()


@letterboxed.command("play")
@click.argument("sides", nargs=-1)
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=DEFAULT_TIME_LIMIT, show_default=True,
              metavar="SECONDS", help="Stop the search for a hint (or for the fewest words possible) after this long.")
@lexicon_options(DEFAULT_DICTIONARY, lazy=True, word_files=True)
def play(sides: tuple[str, ...], time_limit: float, dictionary: DictionaryOptions, lexicon: Any) -> None:
    """Play SIDES: type a word a line (read from standard input), '?' for a hint (each one reveals one
    more thing about the next word), '-' to take back the last word. Each word is checked against the
    box, the last word and the dictionary; the game ends when every letter is used.

    Example: printf 'wigwam\\nmarketplace\\n' | puzzlewright letterboxed play RME-WCL-TGK-API
    """
    import sys

    from puzzlewright.errors import PuzzleInputError
    from puzzlewright.letterboxed.game import new_game

    if not sides:
        raise PuzzleInputError(f"no sides given: e.g. puzzlewright letterboxed play {EXAMPLE_SIDES}")
    game = new_game(" ".join(sides), dictionary, lexicon, time_limit=time_limit)
    fewest = game.fewest_words
    par = f"fewest possible: {fewest} word{'s' if fewest != 1 else ''}" if fewest else "no solution within 3 words"
    click.echo(f"{game.box}: use all {len(game.box.letters)} letters ({par}); a word a line, '?' for a hint, "
               "'-' to take back a word")
    for line in sys.stdin:
        entry = line.strip()
        if not entry:
            continue
        if entry == "?":
            click.echo(f"hint: {game.hint().message}")
            continue
        if entry == "-":
            taken = game.undo()
            click.echo(f"took back {taken.upper()}" if taken else "no word to take back")
        else:
            refusal = game.play(entry)
            if refusal is not None:
                click.echo(f"not played: {refusal.message}")
                continue
        used, total = game.progress
        words = "-".join(game.played).upper() or "no words"
        if game.done:
            click.echo(f"{words}: solved in {len(game.played)} words ({par})")
            return
        click.echo(f"{words}: {used}/{total} letters used")
    if not game.done:
        click.echo(f"stopped with {game.progress[0]}/{game.progress[1]} letters used")


def _echo_box(box: Any, path: Sequence[str]) -> None:
    """Print the box drawn with ``path``; on a terminal each word of the path has its own colour."""
    from puzzlewright.cli.colour import colour_wanted, echo, path_word
    from puzzlewright.letterboxed.render import render_box

    colour = colour_wanted()
    echo(render_box(box, path, path_word if colour else None), colour)


def tour_step() -> None:
    """The Letter Boxed part of ``puzzlewright tour``: a solver article's example box, solved (ranked) and
    drawn, with timings."""
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.model import Box

    click.echo(f"Letter Boxed: {TOUR_SIDES}, every 1- and 2-word solution, ranked by how likely the NYT's setter "
               "would be to pick it")
    started = time.perf_counter()
    api.index_for(DictionaryOptions())
    loaded = time.perf_counter()
    result = api.solve(SolveRequest(sides=TOUR_SIDES, all=True))
    solved = time.perf_counter()
    for rank, solution in enumerate(result, 1):
        click.echo(f"  {rank}. {solution}")
    _echo_box(Box.parse(TOUR_SIDES), result.best.words if result.best else ())
    click.echo(f"  {result.count} two-word solutions from {result.valid_words} valid words; "
               f"index loaded in {1000 * (loaded - started):.0f} ms, solved in {1000 * (solved - loaded):.1f} ms "
               f"(try `puzzlewright letterboxed solve ERG-BID-NCF-TAO --draw` or `letterboxed generate`)")
