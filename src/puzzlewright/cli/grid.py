"""``puzzlewright grid``: fill crossword grids of any shape, count word rectangles, verify and export grids.

A thin layer over :mod:`puzzlewright.grid.api` and the classes under it: each command builds the verb's
request model (:mod:`puzzlewright.grid.schema`) from its options and prints the result model.
"""

from __future__ import annotations

import functools
import time
from typing import Any

import click

from puzzlewright.cli.shared import fill_fields, fill_report, finished, grid_fill, write_lines
from puzzlewright.cli.common import FiniteFloat, allow_option, emit_json, json_option, lexicon_options
from puzzlewright.counting import count_run_fields, where_it_ran
from puzzlewright.errors import PuzzleInputError, names_a_file
from puzzlewright.grid.defaults import (DEFAULT_CANDIDATES, DEFAULT_DICTIONARY, DEFAULT_TIME_LIMIT, MAX_CANDIDATES,
                                        MAX_FILLS)
from puzzlewright.grid.schema import (CandidatesRequest, CountResult, FillResult, RerollRequest,
                                      VerifyRequest)
from puzzlewright.jsonlines import RECORD_DICTIONARY_KEYS
from puzzlewright.parallel.cli import parallel_options, worker_options
from puzzlewright.schema import DictionaryOptions, dataclass_fields

GRID_FILES = (".ipuz", ".puz", ".txt")


@click.group()
def grid() -> None:
    """Crossword grids: blocks (#), fixed letters and empty cells (.), any size up to 21x21."""


def grid_source(command):
    """Decorator: the ways to give a grid (--grid FILE|ROWS, --template ROWS, --size MxN, --pattern NAME)
    and the slot rule (--min-length), passed on as ``source``: the request's grid fields."""

    @click.option("--grid", "grid_given", default=None, metavar="FILE|ROWS",
                  help="A grid file (text, .ipuz or .puz) or rows like '....#/...../#....'.")
    @click.option("--template", default=None, metavar="ROWS", help="Grid rows ('.' empty, '#' block, letters fixed).")
    @click.option("--size", default=None, metavar="MxN", help="An open word rectangle of M rows and N columns.")
    @click.option("--pattern", default=None, metavar="NAME",
                  help="A shipped block pattern (see 'grid patterns').")
    @click.option("--min-length", type=click.IntRange(2, 3), default=None,
                  help="Shortest slot: 2 (default) or 3 (American rules; the default for --pattern).")
    @functools.wraps(command)
    def wrapper(grid_given, template, size, pattern, min_length, **kwargs):
        given = [value for value in (grid_given, template, size, pattern) if value is not None]
        if kwargs.get("batch") is not None:
            if given:
                raise PuzzleInputError("--batch takes its grids from the file: drop --grid/--template/--size/--pattern")
            return command(source={"min_length": min_length}, **kwargs)
        if len(given) != 1:
            raise PuzzleInputError("give the grid once: --grid FILE|ROWS, --template ROWS, --size MxN or --pattern NAME")
        source: dict[str, Any] = {"min_length": min_length}
        if grid_given is not None and names_a_file(grid_given, GRID_FILES):
            from puzzlewright.grid.formats import read_grid

            source["grid"] = list(read_grid(grid_given, min_length or 2).rows)
        elif grid_given is not None or template is not None:
            source["grid"] = grid_given if grid_given is not None else template
        elif size is not None:
            source["size"] = size
        else:
            source["pattern"] = pattern
        return command(source=source, **kwargs)

    return wrapper


phrases_option = click.option(
    "--phrases/--no-phrases", default=True, show_default=True,
    help="Also fill with multiword phrases and idioms (ON THE DOT, MY BAD: WordNet phrases and Wiktionary idioms, "
         "scored like words) over a built-in English dictionary; names among them only with --allow proper.")

fill_search_options = [
    click.option("--count", "how_many", type=click.IntRange(1, MAX_FILLS), default=1, show_default=True,
                 help="How many fills (best first: by the weakest word's score, then the mean)."),
    click.option("--unique", is_flag=True, help="Say whether the fill is the only one given the fixed letters."),
    click.option("--min-score", type=FiniteFloat(min=0), default=None,
                 help="Use only words scoring at least this (fills try 3, 2.5, 2 and 1.5 first, highest first, "
                      "and without this option go no lower; 0: every word the publishing policy allows). A "
                      "word's score is its crossword fill score: its familiarity (about 1-7; 3 is everyday words) "
                      "less penalties for crosswordese, archaic words and abbreviations; a word;score list's score "
                      "x 0.06 (50 -> 3.0)."),
    click.option("--allow-repeats", is_flag=True, help="Let a word appear more than once."),
    click.option("--random-seed", type=click.IntRange(min=0), default=0, show_default=True, help="Vary the fill."),
    click.option("--time-limit", type=FiniteFloat(min=0.001), default=DEFAULT_TIME_LIMIT, show_default=True,
                 help="Seconds before the search stops (it then says so)."),
    click.option("--max-nodes", type=click.IntRange(min=1), default=None, help="Stop after this many search nodes."),
    allow_option,
    phrases_option,
]


def with_options(options):
    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command
    return decorate


FILL_WORKERS_HELP = ("Search for one fill on N processes (default 1): N differently seeded searches raced by "
                     "node count (the fewest nodes wins, the same answer at any load; its seed is printed); "
                     "with --batch, spread the grids over N processes (default: all cores).")


@grid.command()
@grid_source
@with_options(fill_search_options)
@click.option("--output", default=None, metavar="FILE", help="Write the best fill to FILE (.ipuz, .puz or text).")
@click.option("--batch", type=str, default=None, metavar="FILE",
              help="Fill each JSON Lines request of FILE ('-' = stdin; the fields of the web API's grid fill), one "
                   "JSON result per line, in input order.")
@functools.partial(worker_options, workers_help=FILL_WORKERS_HELP)
@lexicon_options(DEFAULT_DICTIONARY, lazy=True)
@json_option
def fill(source: dict[str, Any], how_many: int, unique: bool, min_score: float | None, allow_repeats: bool,
         random_seed: int, time_limit: float, max_nodes: int | None, allow: str | None, phrases: bool,
         output: str | None, batch: str | None, workers: int | None, cluster: str | None,
         dictionary: DictionaryOptions, lexicon: Any, as_json: bool) -> int:
    """Fill every slot with a word: no word twice, fixed letters kept.

    \b
    puzzlewright grid fill --pattern american-1
    puzzlewright grid fill --template '....#/...../...../#....' --count 3
    puzzlewright grid fill --size 5x6 --unique
    puzzlewright grid fill --pattern stack-15 --workers 2
    puzzlewright grid fill --batch grids.jsonl --workers 2
    """
    fields = fill_fields(source, dictionary, how_many, unique, min_score, allow_repeats, random_seed, time_limit,
                         max_nodes, allow, phrases)
    if batch is not None:
        return _fill_batch(batch, fields, lexicon, workers, cluster)
    if cluster is not None:
        raise PuzzleInputError("--cluster spreads a --batch of grids; one fill races its --workers on this machine")
    result = grid_fill(fields, lexicon, workers or 1)
    _write_best(result, output)
    emit_json(result) if as_json else write_lines(fill_report(result, unique, output))
    return finished(result, 0 if result.fills else 1)


def _fill_batch(path: str, fields: dict[str, Any], lexicon: Any, workers: int | None, cluster: str | None) -> int:
    """``grid fill --batch``: each record a fill request (the command's options its defaults), one search
    each, the records spread over ``workers`` processes or a Dask ``cluster``; one JSON result per line."""
    from puzzlewright.jsonlines import uses_own_dictionary
    from puzzlewright.grid import api
    from puzzlewright.parallel.batchjob import run_parallel_batch

    defaults = {key: value for key, value in fields.items() if value is not None and key not in RECORD_DICTIONARY_KEYS}

    def fill_one(record: dict) -> FillResult:
        """A record with its own dictionary keys gets its own lexicon; the others share the command's."""
        return api.fill({**defaults, **record}, lexicon=None if uses_own_dictionary(record) else lexicon)

    _, failed = run_parallel_batch(path, fill_one, emit_json, "grid fill", workers=workers, cluster=cluster)
    return 1 if failed else 0


@grid.command()
@grid_source
@click.option("--slot", required=True, metavar="NAME", help="The slot to change, like 4-Across or 12-Down.")
@with_options(fill_search_options)
@click.option("--output", default=None, metavar="FILE", help="Write the new fill to FILE (.ipuz, .puz or text).")
@lexicon_options(DEFAULT_DICTIONARY, lazy=True)
@json_option
def reroll(source: dict[str, Any], slot: str, how_many: int, unique: bool, min_score: float | None,
           allow_repeats: bool, random_seed: int, time_limit: float, max_nodes: int | None, allow: str | None,
           phrases: bool, output: str | None, dictionary: DictionaryOptions, lexicon: Any, as_json: bool) -> int:
    """Put a different word in one slot of a filled grid, changing its crossings only if it must."""
    from puzzlewright.grid import api
    from puzzlewright.progress import status_line

    fields = fill_fields(source, dictionary, how_many, unique, min_score, allow_repeats, random_seed, time_limit,
                         max_nodes, allow, phrases)
    with status_line(f"finding another word for {slot}…"):
        result = api.reroll(RerollRequest(**fields, slot=slot), lexicon=lexicon)
    _write_best(result, output)
    emit_json(result) if as_json else write_lines(fill_report(result, unique, output))
    return finished(result, 0 if result.fills else 1)


def _write_best(result: FillResult, output: str | None) -> None:
    """Write the best fill to ``output`` (.ipuz, .puz or text, by the extension), when asked and found."""
    if output and result.best is not None:
        from puzzlewright.grid.formats import write_grid
        from puzzlewright.grid.model import Grid

        write_grid(Grid.from_rows(result.best.rows, result.grid.min_length), output)


@grid.command()
@grid_source
@click.option("--allow-repeats", is_flag=True, help="A word may appear more than once.")
@click.option("--phrases/--no-phrases", default=True, show_default=True,
              help="Count the crossword phrases fill uses (ONTHEDOT) as words, over a built-in English dictionary.")
@lexicon_options(DEFAULT_DICTIONARY, lazy=True)
@json_option
def verify(source: dict[str, Any], allow_repeats: bool, phrases: bool, dictionary: DictionaryOptions, lexicon: Any,
           as_json: bool) -> int:
    """Check a filled grid: every slot a word, no word twice. Exit 1 if not valid."""
    from puzzlewright.grid import api

    verdict = api.verify(VerifyRequest(**source, **dataclass_fields(dictionary), allow_repeats=allow_repeats,
                                       phrases=phrases), lexicon=lexicon)
    if as_json:
        emit_json(verdict)
    else:
        click.echo("\n".join(" ".join(ch.upper() for ch in row) for row in verdict.rows))
        for problem in verdict.problems:
            click.echo(problem)
        click.echo("valid: every slot is a word" + ("" if allow_repeats else ", none used twice")
                   if verdict.valid else "not valid")
    return 0 if verdict.valid else 1


@grid.command()
@grid_source
@click.option("--slot", required=True, metavar="NAME", help="The slot, like 4-Across or 12-Down (or 4A, 12d).")
@click.option("--limit", type=click.IntRange(1, MAX_CANDIDATES), default=DEFAULT_CANDIDATES, show_default=True,
              help="How many candidates to list, best first.")
@click.option("--min-score", type=FiniteFloat(min=0), default=None,
              help="List only words whose crossword fill score is at least this.")
@click.option("--allow-repeats", is_flag=True, help="Let a word already whole in the grid be a candidate too.")
@allow_option
@phrases_option
@lexicon_options(DEFAULT_DICTIONARY, lazy=True)
@json_option
def candidates(source: dict[str, Any], slot: str, limit: int, min_score: float | None, allow_repeats: bool,
               allow: str | None, phrases: bool, dictionary: DictionaryOptions, lexicon: Any, as_json: bool) -> int:
    """The words that can go in one slot, best first: each fits the slot's letters and leaves every
    crossing slot at least one word. Exit 1 if there is none.

    \b
    puzzlewright grid candidates --template 'eras/l.../m.../s...' --slot 5-Across --limit 5
    """
    from puzzlewright.grid import api

    result = api.candidates(CandidatesRequest(**source, **dataclass_fields(dictionary), slot=slot, limit=limit,
                                              min_score=min_score, allow_repeats=allow_repeats, allow=allow,
                                              phrases=phrases),
                            lexicon=lexicon)
    if as_json:
        emit_json(result)
    else:
        for candidate in result:
            click.echo(f"{candidate.word.upper():<{len(result.pattern) + 2}}{candidate.score:.2f}")
        shown = f"the best {len(result.candidates):,} of " if len(result.candidates) < result.total else ""
        click.echo(f"{result.slot} {result.pattern.upper()!r}: {shown}{result.total:,} candidate"
                   f"{'s' * (result.total != 1)} in {result.dictionary!r}, by fill score")
    return 0 if result.total else 1


@grid.command()
@grid_source
@click.option("--output", required=True, metavar="FILE", help="FILE.ipuz, FILE.puz (filled grids) or a text file.")
@click.option("--title", default="", help="The puzzle's title in .ipuz/.puz files.")
@click.option("--author", default="", help="The puzzle's author in .ipuz/.puz files.")
@click.option("--clues", "clue_file", default=None, metavar="FILE",
              help="Clues for .ipuz/.puz files: one a line, like '1A: Periods' or '12-Down: Shade trees'.")
def export(source: dict[str, Any], output: str, title: str, author: str, clue_file: str | None) -> None:
    """Write a grid to a file: .ipuz, .puz or plain text (by the extension), with its title, author and clues.

    \b
    puzzlewright grid export --grid eras/lick/more/stew --clues clues.txt --title 'Four' --output four.puz
    """
    from puzzlewright.errors import read_text
    from puzzlewright.grid.api import parse_grid
    from puzzlewright.grid.clues import parse_clue_file
    from puzzlewright.grid.formats import write_grid
    from puzzlewright.grid.schema import ExportRequest

    clues = None if clue_file is None else parse_clue_file(read_text(clue_file, "clue file"))
    grid_ = parse_grid(ExportRequest(**source, title=title))
    write_grid(grid_, output, title=title, author=author, clues=clues)
    clued = "" if clues is None else f", {len(clues)} clue{'s' * (len(clues) != 1)}"
    click.echo(f"{grid_.height}x{grid_.width} grid, {len(grid_.slots)} slots{clued}, written to {output}")


@grid.command()
def patterns() -> None:
    """List the shipped block patterns (15x15 everyday grids and the hard stacked and open ones)."""
    from puzzlewright.grid.patterns import PATTERNS, pattern_grid

    for name in PATTERNS:
        shape = pattern_grid(name)
        click.echo(f"{name}: {len(shape.slots)} words, {shape.blocks} blocks")
        click.echo(shape.render())
        click.echo()


@grid.command()
@click.option("--size", required=True, metavar="MxN", help="M rows of N-letter words, N columns of M-letter words.")
@click.option("--double", is_flag=True, help="Every word distinct.")
@click.option("--output", default=None, metavar="FILE|DIR/",
              help="FILE: every rectangle (rows joined by '/') in a fixed order. DIR/: a checkpoint directory "
                   "(resume with --resume).")
@click.option("--time-limit", type=click.FloatRange(min=0.001), default=None, help="Stop after this many seconds.")
@click.option("--partitions", type=click.IntRange(min=1), default=None, metavar="N",
              help="Split the search by first-row prefix, each covering at most 1/N of the words (default 64; "
                   "prefixes split unevenly, so there are usually several times N partitions: the progress bar "
                   "counts them).")
@parallel_options
@lexicon_options(DEFAULT_DICTIONARY)
@json_option
def count(size: str, double: bool, output: str | None, time_limit: float | None, partitions: int | None,
          workers: int | None, cluster: str | None, resume: bool, lexicon, as_json: bool) -> int:
    """Count every word rectangle of a size (squares go to the acrostic counter), on every core.

    Partitioned by first-row prefix like 'acrostic count': --workers, --cluster, --output DIR/ --resume.
    """
    from puzzlewright.grid.model import parse_size
    from puzzlewright.grid.rectangles import rectangle_job
    from puzzlewright.parallel.cli import run_streamed_job

    height, width = parse_size(size)
    job = rectangle_job(lexicon, height, width, double=double, keep=output is not None,
                        deadline=None if time_limit is None else time.time() + time_limit, partitions=partitions)
    result, interrupted = run_streamed_job(job, output, resume, workers=workers, cluster=cluster,
                                           time_limit=time_limit)
    summary = CountResult(size=f"{height}x{width}", double=double, **count_run_fields(result, lexicon.name))
    if as_json:
        emit_json(summary)
    else:
        state = "" if result.complete else f" (stopped after {len(result.partitions)} of {result.total} partitions)"
        kind = f"{height}x{width}" + (" double" if double else "")
        click.echo(f"{result.count:,} {kind} rectangles in {lexicon.name!r}{state}: {summary.nodes:,} nodes in "
                   f"{result.elapsed_s:.2f} s ({where_it_ran(result)})")
    if interrupted:
        raise KeyboardInterrupt
    return finished(summary)
