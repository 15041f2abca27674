"""``puzzlewright jumble``: unscramble words, solve whole Jumbles with ranked final answers, and make
Jumbles from a final answer.

A thin layer over :mod:`puzzlewright.jumble.api`; the puzzle modules are imported only when a command runs.
"""

from __future__ import annotations

import time

import click

from puzzlewright.jsonlines import uses_own_dictionary
from puzzlewright.cli.shared import finished
from puzzlewright.cli.common import (FiniteFloat, allow_option, emit_json, json_option, lexicon_options, run_batch,
                                     svg_option, write_pictures)
from puzzlewright.errors import PuzzleInputError
from puzzlewright.jumble.defaults import (DEFAULT_DICTIONARY, DEFAULT_GENERATE_COMMONNESS, DEFAULT_GENERATE_TIME_LIMIT,
                                          DEFAULT_LENGTHS, DEFAULT_TOP, MAX_GENERATE, MAX_TOP)
from puzzlewright.jumble.schema import GenerateRequest, GenerateResult, SolveRequest, SolveResult, UnscrambleRequest
from puzzlewright.lexicon import Lexicon
from puzzlewright.progress import progress_bar

TOUR_WORDS = ("LASRN:OOO--", "SHACE:O--OO", "HOTGUF:--OO-O", "CLATHE:--OO-O")
TOUR_PATTERN = "----- -------"
TOUR_EXTRA = "sesug,atlanta"


@click.group()
def jumble() -> None:
    """Jumble: unscramble words, then rank the final answers their circled letters spell.

    \b
    Example (the seed paper's puzzle):
      puzzlewright jumble solve --word LASRN:OOO-- --word SHACE:O--OO \\
        --word HOTGUF:--OO-O --word CLATHE:--OO-O --answer "----- -------" \\
        --extra-words sesug,atlanta
    """


@jumble.command("unscramble")
@click.argument("words", nargs=-1, required=True)
@click.option("--blanks", type=click.IntRange(0, 8), default=0, show_default=True,
              help="Add this many unknown letters to each word (same as writing ? in it).")
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def unscramble_command(words: tuple[str, ...], blanks: int, lexicon: Lexicon, as_json: bool) -> None:
    """Every dictionary word made of each WORD's letters, most common first (? = unknown letter)."""
    from puzzlewright.jumble.api import unscramble

    result = unscramble(UnscrambleRequest(scrambled=[w + "?" * blanks for w in words]), lexicon=lexicon)
    if as_json:
        emit_json(result)
        return
    for entry in result:
        click.echo(str(entry))


@jumble.command("solve")
@click.option("--word", "words", multiple=True, metavar="SCRAMBLED:MASK",
              help="A scrambled word and its circles over the unscrambled word: LASRN:OOO-- or LASRN:0,1,2. Repeat.")
@click.option("--pool", default=None, metavar="LETTERS", help="Solve only the final step from these letters.")
@click.option("--answer", "pattern", default=None, metavar="PATTERN",
              help="The answer's pattern: '----- -------', '----- {AND} -----' (printed words in braces).")
@click.option("--caption", default=None, metavar="TEXT",
              help="The cartoon's caption (the clue): answers related to it rank higher.")
@click.option("--top", type=click.IntRange(1, MAX_TOP), default=DEFAULT_TOP, show_default=True,
              help="How many answers.")
@click.option("--explain", is_flag=True, help="Show what each ranking feature adds to an answer's score.")
@click.option("--batch", "batch", default=None, metavar="FILE",
              help="Solve every puzzle of FILE: JSON Lines ('-' = stdin) or the seed paper's data lines.")
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def solve_command(words: tuple[str, ...], pool: str | None, pattern: str | None, caption: str | None, top: int,
                  explain: bool, batch: str | None, lexicon: Lexicon, as_json: bool) -> int | None:
    """Unscramble the words, carry every reading forward, and rank the final answers."""
    from puzzlewright.jumble.api import solve

    extra = click.get_current_context().params.get("extra_words") or ""
    if batch is not None:
        if words or pool or pattern or caption is not None:
            raise PuzzleInputError("--batch takes its puzzles from the file: drop --word/--pool/--answer/--caption")
        solve_batch(batch, lexicon, top, extra, explain)
        return
    if pattern is None:
        raise PuzzleInputError("give the answer pattern with --answer, e.g. --answer '----- -------'")
    if bool(words) == bool(pool):
        raise PuzzleInputError("give either --word SCRAMBLED:MASK (repeated) or --pool LETTERS")
    request = SolveRequest(answer_pattern=pattern, top=top, extra_words=extra, pool=pool, caption=caption,
                           jumbles=None if pool else list(words), explain=explain)
    result = solve(request, lexicon=lexicon)
    if as_json:
        emit_json(result)
    else:
        print_solution(result)
    return finished(result)


@jumble.command("generate")
@click.argument("answer")
@click.option("--caption", default=None, metavar="TEXT", help="The cartoon's caption: printed with the puzzle and "
              "given to the solver that checks it.")
@click.option("--lengths", default=None, metavar="N,N,...",
              help=f"The jumbled words' lengths, in order.  [default: {','.join(map(str, DEFAULT_LENGTHS))}]")
@click.option("--count", type=click.IntRange(1, MAX_GENERATE), default=1, show_default=True,
              help="Alternative puzzles to make, best first.")
@click.option("--random-seed", type=click.IntRange(min=0), default=None, help="Seed for reproducible puzzles.")
@click.option("--min-commonness", type=FiniteFloat(min=0), default=DEFAULT_GENERATE_COMMONNESS, show_default=True,
              metavar="ZIPF", help="Familiarity floor of the jumbled words (3 = everyday).")
@click.option("--show-answers", is_flag=True, help="Include the answer key (the words and the final answer).")
@click.option("--lines", "as_lines", is_flag=True,
              help="Print the puzzles as data lines, the text `jumble solve --batch FILE` reads.")
@click.option("--jsonl", "as_jsonl", is_flag=True,
              help="Print each puzzle as a `jumble solve` request, one JSON line each (caption included).")
@svg_option("with --show-answers, filled in as the answer key")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=DEFAULT_GENERATE_TIME_LIMIT,
              show_default=True, metavar="SECONDS", help="Give up after this long.")
@allow_option
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def generate_command(answer: str, caption: str | None, lengths: str | None, count: int, random_seed: int | None,
                     min_commonness: float, show_answers: bool, as_lines: bool, as_jsonl: bool,
                     svg_path: str | None, time_limit: float, allow: str | None, lexicon: Lexicon,
                     as_json: bool) -> int:
    """Make a Jumble from its final ANSWER ('BEE WORTH IT'; printed words in braces: 'LOST {HIS} BALANCE'):
    words whose circled letters spell it, each scrambled so it reads one way only, proved by the solver.

    \b
    Example:
      puzzlewright jumble generate "BEE WORTH IT" --random-seed 1 --show-answers
    """
    from puzzlewright.jumble.api import generate

    if as_json + as_lines + as_jsonl > 1:
        raise PuzzleInputError("choose one of --json, --lines and --jsonl")
    request = GenerateRequest(answer=answer, caption=caption, lengths=lengths, count=count, random_seed=random_seed,
                              min_commonness=min_commonness, show_answers=show_answers, svg=svg_path is not None,
                              time_limit=time_limit, allow=allow)
    result = generate(request, lexicon=lexicon)
    if svg_path is not None:
        write_pictures([puzzle.svg or "" for puzzle in result], svg_path)
    if as_json:
        emit_json(result)
    elif as_lines:
        from puzzlewright.jumble.render import data_lines

        click.echo(data_lines(result, result.random_seed), nl=False)
    elif as_jsonl:
        for puzzle in result:
            emit_json(puzzle.solve_request())
    else:
        print_generated(result)
    return finished(result)


def print_generated(result: GenerateResult) -> None:
    """Each puzzle: its words as `jumble solve` takes them, its scores, the solver's verdict (and the key)."""
    for number, puzzle in enumerate(result, 1):
        words = "  ".join(f"{w.scrambled.upper()}:{w.circle_mask}" for w in puzzle.jumbles)
        click.echo(f"{number}. {words}  answer {puzzle.answer_pattern.upper()}")
        click.echo(f"   score {puzzle.score:.2f} (least familiar word {puzzle.familiarity:.2f}; "
                   f"{scramble_report(puzzle.scramble_quality)}); {puzzle.recovery}")
        if puzzle.answer is not None:
            via = " ".join(w.answer or "?" for w in puzzle.jumbles).upper()
            best = f"; the solver's first: {puzzle.solver_best.upper()}" if puzzle.solver_best != puzzle.answer else ""
            click.echo(f"   answer: {puzzle.answer.upper()} (via {via}){best}")
    click.echo(f"random seed {result.random_seed}; solve one with: puzzlewright jumble solve --word SCRAMBLED:MASK "
               f"... --answer '{result.answer_pattern.upper()}'")
    for note in result.notes:
        click.echo(f"note: {note}")


def scramble_report(quality: float) -> str:
    """What a puzzle's scramble quality means, in words: 0 (the best) is every scramble keeping nothing of its
    word, which a bare "scramble quality 0.00" made read as the worst; below 0, the penalty it cost the score."""
    if quality >= 0:
        return "scrambles keep no letter in its place and no two side by side"
    return f"scrambles keep some letters in place or side by side: {quality:.2f} off the score"


def print_solution(result: SolveResult) -> None:
    """The readings, then the ranked answers (with each feature's part under each, when explained)."""
    for entry in result.words:
        readings = ", ".join(entry.candidates).upper() or "(no dictionary word: every choice of its circled letters)"
        click.echo(f"{entry.scrambled.upper():>8} -> {readings}")
    click.echo(f"answers for {result.pattern.upper()} ({result.pools} pool(s), {result.scored:,} scored):")
    if not result.answers:
        click.echo("  none: no dictionary words spell the circled letters in that pattern")
    for rank, answer in enumerate(result, 1):
        via = " ".join(w or "?" for w in answer.unscrambled).upper()
        click.echo(f"{rank:3}. {answer.answer.upper():<24} {answer.score:7.2f}" + (f"  via {via}" if via else ""))
        if answer.contributions is not None and answer.play:
            click.echo(f"          a pun: {answer.play}")
        for name, part in (answer.contributions or {}).items():
            if abs(part) >= 0.005:
                click.echo(f"       {part:+7.2f}  {name}")
    if any(answer.contributions for answer in result):
        click.echo("(score 0 = a typical true answer; each line is a feature's part, weight x (value - typical))")
    for note in result.notes:
        click.echo(f"note: {note}")


def solve_batch(path: str, lexicon: Lexicon, top: int, extra: str, explain: bool = False) -> None:
    """Solve each puzzle of a JSON Lines or data-lines file, one JSON result per line on stdout."""
    from puzzlewright.jsonlines import batch_lines, failure_message, first_line
    from puzzlewright.jumble.api import solve
    from puzzlewright.jumble.datalines import data_lines_puzzles, looks_like_json_lines

    def solve_one(record: dict) -> SolveResult:
        """A record with its own dictionary keys gets its own lexicon; the others share the command's."""
        own = uses_own_dictionary(record)
        request = {"top": top, "explain": explain, **record, "extra_words": _merge(record.get("extra_words"), extra)}
        return solve(request, lexicon=None if own else lexicon)

    if path == "-" or looks_like_json_lines(first_line(path)):
        run_batch(path, solve_one, "jumble")
        return
    total = sum(1 for _ in data_lines_puzzles(batch_lines(path)))  # a first pass, line by line, for the bar
    with progress_bar("jumble", total) as advance:
        for number, puzzle in enumerate(data_lines_puzzles(batch_lines(path)), 1):
            try:
                if puzzle.error:
                    raise PuzzleInputError(puzzle.error)
                emit_json(solve_one(puzzle.request))
            except Exception as error:  # noqa: BLE001 (one puzzle's failure, a bug too, is that puzzle's record)
                emit_json({"puzzle": number, "line": puzzle.line, "error": failure_message(error)})
            advance()


def _merge(record_extra: object, extra: str) -> list[str]:
    from puzzlewright.schema import request_words

    if record_extra is not None and not isinstance(record_extra, str | list):
        raise PuzzleInputError("field 'extra_words' must be a list or a string")
    return request_words(record_extra, "extra_words") + request_words(extra, "extra_words")


def tour_step() -> None:
    """The seed paper's puzzle (SESUG 2006): LASRN/SHACE/HOTGUF/CLATHE -> SESUG ATLANTA."""
    from puzzlewright.jumble.api import solve
    from puzzlewright.lexicon import load_lexicon

    started = time.perf_counter()
    # The ranking counts extra words as common anyway, so skip looking up their reference frequency.
    lexicon = load_lexicon(DEFAULT_DICTIONARY).union(TOUR_EXTRA.split(","), zipf=0.0)
    loaded = time.perf_counter()
    result = solve(SolveRequest(jumbles=list(TOUR_WORDS), answer_pattern=TOUR_PATTERN, top=3, extra_words=TOUR_EXTRA),
                   lexicon=lexicon)
    solved = time.perf_counter()
    click.echo("Jumble (the worked example of De Venezia's SESUG 2006 article): " + "  ".join(TOUR_WORDS)
               + f"  answer {TOUR_PATTERN}")
    click.echo(f"  $ puzzlewright jumble solve --word ... --answer '{TOUR_PATTERN}' --extra-words {TOUR_EXTRA}")
    for entry in result.words:
        click.echo(f"  {entry.scrambled.upper():>6} -> {', '.join(entry.candidates).upper()}")
    best = result.best
    if best:
        click.echo(f"  -> {best}  (via {' '.join(w or '?' for w in best.unscrambled).upper()}; the article tried every "
                   "order of the 12 circled letters, 479,001,600 of them, where a letter-count search does a few "
                   "hundred look-ups)")
    runners = ", ".join(map(str, result.answers[1:]))
    if runners:
        click.echo(f"  runners-up: {runners}")
    click.echo(f"  dictionary {loaded - started:.2f} s, solved in {(solved - loaded) * 1000:.0f} ms "
               "(including building its letter-count tables)")
