"""``puzzlewright wordle``: exact feedback, Doodle (paint a grid, get words) and a solving assistant."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import click

from puzzlewright.cli.colour import colour_wanted, echo
from puzzlewright.cli.shared import finished
from puzzlewright.cli.common import FiniteFloat, allow_option, emit_json, json_option, lexicon_options
from puzzlewright.errors import PuzzleInputError, read_text
from puzzlewright.outputs import write_output
from puzzlewright.wordle.defaults import ANSWERS, DEFAULT_DICTIONARY, DEFAULT_TOP, MAX_TOP, PLAY_SECONDS
from puzzlewright.wordle.pictures import PRESETS
from puzzlewright.wordle.schema import (AssistRequest, DoodleRequest, DoodleResult, DoodleRow, FeedbackRequest,
                                        PlayRequest, SimulationResult)

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon

TOUR_ANSWER = "happy"
TOUR_COMMONNESS = 3.0  # familiar words only (Zipf >= 3) make a friendlier picture
SHOWN_ANSWERS = 30

guess_option = click.option("--guess", "guesses", multiple=True, metavar="WORD:PATTERN",
                            help="A guess so far and its feedback, e.g. salet:BBYBB (repeatable).")
answers_option = click.option("--answers", "answers_spec", default=ANSWERS, show_default=True,
                              metavar="NAME|PATH", help="The list of possible answers.")


@click.group()
def wordle() -> None:
    """Wordle: exact feedback, Doodle (fill a painted grid with words) and a solving assistant.

    Patterns are written GYB.. (G green, Y yellow, B or . grey), as digits 2/1/0, or as emoji squares
    pasted from a shared result.
    """


@wordle.command("feedback")
@click.argument("guess")
@click.argument("answer")
@json_option
def feedback_command(guess: str, answer: str, as_json: bool) -> None:
    """The feedback GUESS gets against ANSWER."""
    from puzzlewright.wordle import api

    result = api.feedback(FeedbackRequest(guess=guess, answer=answer))
    if as_json:
        emit_json(result)
        return
    colour = colour_wanted()
    echo(f"{_tiles(result.pattern, result.pattern, colour)}  {result.emoji}", colour)


@wordle.command("doodle")
@click.argument("patterns", nargs=-1)
@click.option("--answer", required=True, metavar="WORD|random", help="The answer (random: one from wordle-answers).")
@click.option("--grid", "grid_file", default=None, metavar="FILE",
              help="Read the pattern rows from FILE (one per line; '-' for stdin; a pasted result works).")
@click.option("--all", "list_all", is_flag=True, help="List every matching word of each row, in the order rows choose them.")
@click.option("--random-seed", type=click.IntRange(min=0), default=None,
              help="Seed for the random picks (reproducible output).")
@click.option("--distinct", is_flag=True, help="Use no word twice.")
@click.option("--hard", is_flag=True, help="Each row must be a legal hard-mode guess after the rows above.")
@click.option("--best-effort", is_flag=True,
              help="A row no word fits gets the closest pattern that works (fewest cells changed, named).")
@click.option("--min-commonness", type=FiniteFloat(min=0), default=None, metavar="ZIPF",
              help="Use only words at least this familiar (Zipf-like scale: 3 = everyday, 1 = rare).")
@click.option("--text", default=None, metavar="TEXT",
              help="Draw TEXT in a pixel font (A-Z, 0-9, some punctuation), one grid per character at 5 letters.")
@click.option("--preset", default=None, metavar="NAME", help=f"Paint a named picture: {', '.join(PRESETS)}.")
@click.option("--png", "png_file", type=click.Path(dir_okay=False, writable=True), default=None, metavar="FILE",
              help="Also save the filled grids as a PNG image.")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, writable=True), default=None, metavar="FILE",
              help="Also save the filled grids as an SVG image.")
@allow_option
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def doodle_command(patterns: tuple[str, ...], answer: str, grid_file: str | None, list_all: bool,
                   random_seed: int | None, distinct: bool, hard: bool, best_effort: bool, min_commonness: float | None,
                   text: str | None, preset: str | None, png_file: str | None, svg_file: str | None, allow: str | None,
                   lexicon: Lexicon, as_json: bool) -> int:
    """Fill each painted PATTERN row with a word that gets that feedback.

    Rows look like BGBGB, 02020 or 🟩🟨⬛⬛⬛; one argument may hold several pasted rows. Cells that
    don't care are wildcards: ? any colour, + green or yellow, - yellow or grey (the filler picks the
    colours giving the most familiar word and prints the pattern used). Each row gets one of the most
    familiar words that fit (common words of the Wordle answer list first); the seed only chooses among
    near-equals. Instead of rows, --text draws letters (each grid a game ending in the solved row) and
    --preset paints a named picture.
    """
    from puzzlewright.lexicon import adjust_lexicon
    from puzzlewright.wordle import api

    rows = list(patterns) + ([read_text(grid_file, "grid file")] if grid_file is not None else [])
    if not rows and text is None and preset is None:
        raise PuzzleInputError("give the pattern rows as arguments or with --grid FILE (or --text, or --preset)")
    request = DoodleRequest(answer=answer, patterns=rows, text=text, preset=preset, all=list_all,
                            random_seed=random_seed, distinct=distinct, hard=hard, best_effort=best_effort,
                            allow=allow)
    result = api.doodle(request, lexicon=adjust_lexicon(lexicon, min_commonness=min_commonness))
    save_images(result, png_file, svg_file)
    if as_json:
        emit_json(result)
        return finished(result)
    click.echo(f"answer: {result.answer}  (dictionary {result.dictionary}, seed {result.random_seed})")
    for number, grid in enumerate(result.grid_rows()):
        if number:
            click.echo()
        print_doodle_rows(grid)
    for note in result.notes:
        click.echo(note if note.startswith("warning:") or ": warning:" in note else f"note: {note}")
    for path in (png_file, svg_file):
        if path is not None:
            click.echo(f"saved {path}")
    return finished(result)


def save_images(result: DoodleResult, png_file: str | None, svg_file: str | None) -> None:
    """Write the filled grids to the image files asked for (a one-line error when one cannot be written)."""
    for path, draw in ((png_file, result.png), (svg_file, result.svg)):
        if path is None:
            continue
        data = draw()
        write_output(path, lambda handle, data=data: handle.write(data), binary=isinstance(data, bytes))


def print_doodle_rows(rows: list[DoodleRow]) -> None:
    """One grid's rows: the squares, the word (or why none; on a terminal on its tiles' colours) and how many
    words match."""
    from puzzlewright.wordle.model import Paint

    colour = colour_wanted()
    for row in rows:
        exact = Paint.parse(row.pattern).exact
        squares = exact.emoji() if exact is not None else row.pattern
        if row.word:
            painted = f", painted {row.painted}" if row.painted is not None else ""
            why = f"; {row.reason}" if row.reason else ""
            word = _tiles(row.word.upper(), row.pattern, colour)
            echo(f"{squares}  {word}  ({row.matches:,} matching{painted}{why})", colour)
        else:
            click.echo(f"{squares}  -----  {row.reason}")
        if row.words is not None:
            click.echo("    " + (" ".join(row.words) or "(none)"))


hard_assist_option = click.option("--hard", is_flag=True, help="Hard mode: only guesses that keep every green in "
                                  "place and use every revealed letter.")


@wordle.command("assist")
@guess_option
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=DEFAULT_TOP, show_default=True,
              help="How many next guesses to rank.")
@hard_assist_option
@answers_option
@allow_option
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def assist_command(guesses: tuple[str, ...], top: int, hard: bool, answers_spec: str, allow: str | None,
                   lexicon: Lexicon, as_json: bool) -> int:
    """The answers still possible, and the best next guesses.

    \b
    The first row of the table is the guess to play (the "best next guess", with the reason it is
    preferred: the opener, a lookahead over the candidates, or the most information); the other rows
    follow by expected information, ties broken the same way whatever --top (a possible answer first,
    then alphabetical order). Columns:
      guess          the word to play
      bits           expected information: how much the feedback narrows the candidates (log2 of the
                     factor; more is better)
      expected left  how many candidates remain on average after it (fewer is better)
      possible       yes when the guess is itself a possible answer (it can win at once)
    """
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.wordle import api

    result = api.assist(AssistRequest(guesses=list(guesses), top=top, hard=hard, allow=allow), lexicon=lexicon,
                        answers=load_lexicon(answers_spec))
    if as_json:
        emit_json(result)
        return finished(result)
    for note in result.notes:
        click.echo(f"note: {note}")
    shown = ", ".join(result.answers[:SHOWN_ANSWERS])
    more = f", ... ({result.remaining - SHOWN_ANSWERS:,} more)" if result.remaining > SHOWN_ANSWERS else ""
    click.echo(f"{result.remaining:,} possible answer{'s' if result.remaining != 1 else ''}: {shown}{more}")
    if result.solved is not None:
        click.echo(f"the answer is {result.solved.upper()}")
        return 0
    click.echo(f"best next guess: {result.best.upper()} ({result.reason})")
    click.echo(f"{'guess':<8}{'bits':>7}{'expected left':>15}  possible answer")
    for s in result:
        click.echo(f"{s.word:<8}{s.entropy:>7.3f}{s.expected_remaining:>15.2f}  {'yes' if s.possible_answer else ''}")
    return finished(result)


@wordle.command("play")
@click.argument("answer", required=False)
@guess_option
@click.option("--all", "every", is_flag=True, help="Play every answer and report the average number of guesses.")
@click.option("--opener", default=None, metavar="WORD", help="First guess (default: salet, the proven best).")
@hard_assist_option
@click.option("--random-seed", type=click.IntRange(min=0), default=None, help="Seed for ANSWER=random.")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=PLAY_SECONDS, show_default=True,
              metavar="SECONDS", help="Stop after this long (the result so far, exit status 3).")
@answers_option
@allow_option
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def play_command(answer: str | None, guesses: tuple[str, ...], every: bool, opener: str | None, hard: bool,
                 random_seed: int | None, time_limit: float, answers_spec: str, allow: str | None, lexicon: Lexicon,
                 as_json: bool) -> int:
    """Let the assistant play against ANSWER (a word or 'random'), or every answer with --all."""
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.progress import status_line
    from puzzlewright.wordle import api
    from puzzlewright.wordle.model import Pattern

    if not every and not answer:
        raise PuzzleInputError("give an ANSWER to play against (or --all)")
    request = PlayRequest(answer=answer, guesses=list(guesses), all=every, opener=opener, random_seed=random_seed,
                          time_limit=time_limit, hard=hard, allow=allow)
    answers = load_lexicon(answers_spec)
    waiting = f"playing every answer of {answers_spec}{' in hard mode' if hard else ''}…"
    with status_line(waiting, enabled=None if every else False):  # a single game is quick
        result = api.play(request, lexicon=lexicon, answers=answers)
    if as_json:
        emit_json(result)
    elif isinstance(result, SimulationResult):
        spread = ", ".join(f"{k}: {v:,}" for k, v in result.histogram.items())
        mode = " (hard mode)" if result.hard else ""
        click.echo(f"{result.answers:,} answers{mode}, opener {result.opener.upper()}: average "
                   f"{result.average:.4f} guesses, at most {result.max} ({spread}) in {result.elapsed_s:.2f} s")
    else:
        colour = colour_wanted()
        for turn in result:
            echo(f"{Pattern.parse(turn.pattern).emoji()}  {_tiles(turn.word.upper(), turn.pattern, colour)}", colour)
        click.echo(f"{'solved' if result.solved else 'not solved'} in {result.guesses} guesses")
    return finished(result)


def _tiles(word: str, pattern: str, colour: bool) -> str:
    """``word`` on its Wordle tiles' colours (``pattern``: G/Y/B per letter) when ``colour``, else as it is."""
    from puzzlewright.cli.colour import tiles

    return tiles(word, pattern) if colour else word


def tour_step() -> None:
    """The tour's Wordle part: a smiley doodled for a fixed answer, with its timing."""
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.wordle import api
    from puzzlewright.wordle.model import Pattern

    lexicon = load_lexicon(DEFAULT_DICTIONARY, min_commonness=TOUR_COMMONNESS)
    started = time.perf_counter()
    result = api.doodle(DoodleRequest(answer=TOUR_ANSWER, preset="smiley", random_seed=7, distinct=True),
                        lexicon=lexicon)
    elapsed = time.perf_counter() - started
    click.echo(f"Wordle Doodle: a smiley for the answer {TOUR_ANSWER.upper()}, in common words "
               f"({elapsed * 1000:.1f} ms; try `puzzlewright wordle doodle --answer random BGBGB ...`)")
    colour = colour_wanted()
    for row in result:
        word = _tiles(row.word.upper(), row.pattern, colour) if row.word else "-----"
        echo(f"  {Pattern.parse(row.pattern).emoji()}  {word}", colour)
