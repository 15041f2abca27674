"""What the command line does without click: choosing the dictionary ``--dict`` names, running
``letterboxed solve``, ``dict lookup`` and ``acrostic count`` and writing their reports, and turning what
a command raises into one line and an exit status.

Both ways a command runs use these functions: the click commands (:mod:`puzzlewright.cli.root` and the
puzzle groups) and the quick path (:mod:`puzzlewright.cli.quick`), which answers a one-off
``letterboxed solve BOX``, ``dict lookup WORD`` or ``acrostic count --size N`` without importing click.
So the two print the same bytes and fail the same way (``tests/test_cli_quick.py`` checks). Nothing here
imports click, and each function imports what it needs when called.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

    from puzzlewright.acrostic.count import CountOptions
    from puzzlewright.grid.schema import FillResult
    from puzzlewright.letterboxed.schema import SolveResult
    from puzzlewright.lexicon import Lexicon
    from puzzlewright.lexicon.plain import PlainLexicon
    from puzzlewright.parallel.job import JobResult
    from puzzlewright.schema import DictionaryOptions

USAGE_ERROR = 2  # the exit status of bad input (a PuzzlewrightError, or a usage error click reports)
INTERRUPTED = 130
# the exit status of a run a time or node limit stopped: its partial result is printed (``complete: false``)
INCOMPLETE = 3


def dictionary_choice(spec: str, format: str | None = None, extra_words: str | None = None,
                      exclude_words: str | None = None, *, word_files: bool = False,
                      time_limit: float | None = None) -> tuple[DictionaryOptions, Any]:
    """The dictionary options as a request's :class:`~puzzlewright.schema.DictionaryOptions`, and the
    lexicon to pass beside it: None for a built-in dictionary (the verb loads it, or a cached index of it,
    only when it needs to), the loaded :class:`~puzzlewright.lexicon.Lexicon` for a word list file (with
    ``word_files``, a file without added or removed words is passed unread, as a
    :class:`~puzzlewright.lexicon.wordfile.WordFile`, for a verb with a cached index of its own). A word
    list file is read within ``time_limit`` (the command's ``--time-limit``), so a huge file cannot keep a
    command waiting past it (:class:`~puzzlewright.errors.BudgetExceeded`: "... while reading the
    dictionary file PATH"); the search then has its own time limit."""
    from puzzlewright.lexicon.wordfile import WordFile
    from puzzlewright.schema import DictionaryOptions
    from puzzlewright.lexicon.shipped import builtin_archive

    if format is None and builtin_archive(spec) is not None:
        return DictionaryOptions(dict=spec, extra_words=extra_words, exclude_words=exclude_words), None
    if word_files and not extra_words and not exclude_words and os.path.isfile(os.path.expanduser(spec)):
        return DictionaryOptions(), WordFile(spec, format)
    from puzzlewright.budget import Budget
    from puzzlewright.lexicon import load_lexicon

    check_time = None if time_limit is None else Budget(seconds=time_limit).check_time
    return DictionaryOptions(), load_lexicon(spec, format=format, extra_words=extra_words, exclude_words=exclude_words,
                                             check_time=check_time)


# -- letterboxed solve ------------------------------------------------------------------------------


def letterboxed_solve(sides: Sequence[str], dictionary: DictionaryOptions, lexicon: Any,
                      **settings: Any) -> SolveResult:
    """``letterboxed solve SIDES``: the request of the sides (one box, however many arguments it was typed
    as), the dictionary options and the other settings (``SolveRequest`` fields), solved."""
    from puzzlewright.letterboxed import api
    from puzzlewright.letterboxed.schema import SolveRequest
    from puzzlewright.schema import dataclass_fields

    request = SolveRequest(sides=" ".join(sides), **{**dataclass_fields(dictionary), **settings})
    return api.solve(request, lexicon=lexicon)


def quick_letterboxed_solve(sides: Sequence[str], spec: str) -> Any:
    """:func:`letterboxed_solve` with every setting at its default, for the quick path: the result's
    fields (:func:`~puzzlewright.letterboxed.solver.result_fields`) as attributes, read the way
    :func:`solution_report` reads a result model, without creating the models (a one-off solve does not
    import :mod:`dataclasses` or :mod:`typing`). A dictionary that is neither built in nor a file is left to
    :func:`dictionary_choice` and :func:`letterboxed_solve` (which say what is wrong with it)."""
    from types import SimpleNamespace

    from puzzlewright.letterboxed.defaults import DEFAULT_LIMIT, DEFAULT_TIME_LIMIT
    from puzzlewright.letterboxed.index import builtin_index, word_file_index
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.letterboxed.solver import box_words, result_fields, solve_box
    from puzzlewright.budget import Budget
    from puzzlewright.lexicon.shipped import builtin_archive
    from puzzlewright.lexicon.wordfile import WordFile

    if builtin_archive(spec) is None and not os.path.isfile(os.path.expanduser(spec)):
        return letterboxed_solve(sides, *dictionary_choice(spec, word_files=True))
    word_file = None if builtin_archive(spec) is not None else WordFile(spec)
    box = Box.parse(" ".join(sides))
    budget = Budget(seconds=DEFAULT_TIME_LIMIT)  # reading a word-list file's words counts against it too
    index = builtin_index(spec) if word_file is None else word_file_index(word_file, box, budget)
    found = solve_box(box, box_words(box, index), budget=budget)
    fields = result_fields(found, index.name, DEFAULT_LIMIT)
    return SimpleNamespace(**{**fields, "solutions": [SimpleNamespace(**solution) for solution in fields["solutions"]]})


def solution_report(result: SolveResult) -> list[str]:
    """The lines ``letterboxed solve`` prints for a result (without ``--draw``'s box): the count, then each
    solution shown with its score (and with ``--explain``, what each feature adds)."""
    from puzzlewright.letterboxed.defaults import MAX_WORDS

    name = "-".join(result.sides).upper()
    if result.min_words is None:  # no solution (an empty list with a count is --limit 0)
        hints = ([f"--max-words {MAX_WORDS}"] if result.max_words < MAX_WORDS and not result.words_exactly
                 else []) + (["--dict english-large"] if result.dictionary != "english-large" else [])
        return [f"{name}: {result.message} ({result.valid_words} valid words in {result.dictionary})"
                + (f"; try {' or '.join(hints)}" if hints else "")]
    shown = len(result.solutions)
    more = "" if shown == result.count else f", first {shown} shown"
    lines = [f"{name}: {_plural(result.count, 'solution')}{_by_words(result.by_words)} "
             f"({result.valid_words} valid words in {result.dictionary}{more})"]
    if not result.complete:
        lines.append("(search budget ran out: the list may be incomplete)")
    for rank, solution in enumerate(result.solutions, 1):
        lines.append(f"{rank:>4}. {'-'.join(solution.words).upper():<32} score {solution.score:.2f}")
        if solution.contributions:
            lines.append(_explanation(solution.contributions))
    return lines


def _plural(n: int, thing: str) -> str:
    return f"{n:,} {thing}{'s' if n != 1 else ''}"


def _by_words(by_words: dict[str, int]) -> str:
    """' in 2 words' or, for several numbers of words, ': 1 of 1 word, 71 of 2 words'."""
    if len(by_words) == 1:
        return f" in {_plural(int(next(iter(by_words))), 'word')}"
    return ": " + ", ".join(f"{n:,} of {_plural(int(k), 'word')}" for k, n in by_words.items())


def _explanation(contributions: dict[str, float]) -> str:
    """The contributions to a score (against a typical NYT answer's features), largest first, one indented
    line each (zero ones left out)."""
    from puzzlewright.letterboxed.rank import FEATURES, shipped_model

    model = shipped_model()
    weights, typical = dict(zip(FEATURES, model.weights)), dict(zip(FEATURES, model.typical))
    ordered = sorted(contributions.items(), key=lambda item: (-abs(item[1]), item[0]))  # ties: by feature name
    return "\n".join(f"{'':>10}{value:+6.2f}  {FEATURES[name]}: "
                     f"{round(typical[name] + value / weights[name], 2) + 0:g} (typical NYT answer: "
                     f"{typical[name]:.2f})" for name, value in ordered if abs(value) >= 0.005 and weights[name])


# -- dict lookup ------------------------------------------------------------------------------------


def lookup(words: Iterable[str], dictionary: DictionaryOptions, lexicon: Lexicon | None) -> dict:
    """``dict lookup WORDS``' JSON. A built-in dictionary as shipped is read from its archive without numpy
    (a lookup answers in a few tens of milliseconds); a file, or added or removed words, load a lexicon."""
    if lexicon is None and dictionary.is_plain():
        found = builtin_lookup(words, dictionary.dict)
        if found is not None:
            return found
    from puzzlewright.lexicon import lookup_words

    return lookup_words(lexicon if lexicon is not None else dictionary.lexicon(), words)


def builtin_lookup(words: Iterable[str], name: str) -> dict | None:
    """:func:`lookup` on the built-in dictionary ``name`` as shipped, read from its archive (no numpy, no
    request models); None when ``name`` is not a built-in dictionary."""
    from puzzlewright.lexicon.shipped import builtin_archive
    from puzzlewright.lexicon.archive import ShippedWords, lookup_entries

    archive = builtin_archive(name)
    return None if archive is None else lookup_entries(name, ShippedWords(archive).commonness, words)


def lookup_report(found: dict) -> list[str]:
    """The lines ``dict lookup`` prints: one a word, whether the dictionary has it and how common it is."""
    lines = []
    for entry in found["words"]:
        phrase = entry.get("phrase")
        if phrase is not None:
            flags = f", flagged {', '.join(phrase['flags'])}" if phrase["flags"] else ""
            lines.append(f"{entry['word']}: yes, a crossword phrase {phrase['grid']} "
                         f"(familiarity {entry['familiarity']}, zipf {entry['zipf']}{flags})")
        elif entry["found"]:
            level = entry["scowl_level"]
            where = f"SCOWL level {level}" if level else "not in SCOWL"
            joined = f", as the word {entry['as_word'].upper()}" if "as_word" in entry else ""
            lines.append(f"{entry['word']}: yes{joined} (familiarity {entry['familiarity']}, zipf {entry['zipf']}, "
                         f"{where})")
        else:
            lines.append(f"{entry['word']}: not in {found['dictionary']}")
    return lines


# -- acrostic count --------------------------------------------------------------------------------


def acrostic_count(lexicon: Lexicon | PlainLexicon, options: CountOptions, *, output: str | None = None,
                   resume: bool = False, time_limit: float | None = None, workers: int | None = None,
                   cluster: str | None = None) -> tuple[JobResult, bool]:
    """``acrostic count``: every square of ``options`` over ``lexicon``, run as a partitioned job (in this
    process while it is small, else on every core or a cluster), the squares streamed to ``--output`` when
    given. Returns (result, interrupted), as :func:`~puzzlewright.parallel.cli.run_streamed_job` does."""
    import time

    from puzzlewright.acrostic.jobs import CountJob
    from puzzlewright.parallel.cli import run_streamed_job

    job = CountJob(lexicon, options, keep_squares=output is not None,
                   deadline=None if time_limit is None else time.time() + time_limit)
    return run_streamed_job(job, output, resume, workers=workers, cluster=cluster, time_limit=time_limit)


def count_report(result: JobResult, options: CountOptions, dictionary: str, output: str | None = None,
                 resume: bool = False) -> list[str]:
    """The lines ``acrostic count`` prints (without ``--json``): how many squares, how many nodes in how
    long and where, and where the squares went."""
    from puzzlewright.counting import where_it_ran
    from puzzlewright.parallel.cli import output_target

    state = "" if result.complete else f" (stopped after {len(result.partitions)} of {result.total} partitions)"
    nodes = int(result.stats().get("nodes", 0))
    lines = [f"{result.count:,} {options.describe()} squares in {dictionary!r}{state}: "
             f"{nodes:,} nodes in {result.elapsed_s:.2f} s ({where_it_ran(result)})"]
    if output:
        file_path, directory = output_target(output, resume)
        lines.append(f"squares written to {output}" if file_path else
                     f"checkpoint in {directory} (squares in results.jsonl)")
    return lines


# -- grid fill --------------------------------------------------------------------------------------


def fill_fields(source: dict[str, Any], dictionary: DictionaryOptions, how_many: int, unique: bool,
                min_score: float | None, allow_repeats: bool, random_seed: int, time_limit: float,
                max_nodes: int | None, allow: str | None, phrases: bool) -> dict[str, Any]:
    """The fields of a fill (or reroll) request, from the command's options (``source``: the grid's)."""
    from puzzlewright.schema import dataclass_fields

    return {**source, **dataclass_fields(dictionary), "count": how_many, "unique": unique, "min_score": min_score,
            "allow_repeats": allow_repeats, "random_seed": random_seed, "time_limit": time_limit,
            "max_nodes": max_nodes, "allow": allow, "phrases": phrases}


def grid_fill(fields: dict[str, Any], lexicon: Any, workers: int = 1) -> FillResult:
    """``grid fill``'s search: the request of ``fields`` (:func:`fill_fields`) over ``lexicon`` (None: its
    dictionary's), raced by ``workers`` searches, with a status line on a terminal while it runs."""
    from puzzlewright.grid import api
    from puzzlewright.grid.schema import FillRequest
    from puzzlewright.progress import status_line

    with status_line("filling the grid…"):
        return api.fill(FillRequest(**fields), lexicon=lexicon, workers=workers)


def fill_report(result: FillResult, unique: bool, output: str | None) -> list[str]:
    """The lines ``grid fill`` and ``grid reroll`` print (without ``--json``): each fill's rows, weakest
    entry, mean score and phrases, then the count (or with ``unique``, the verdict) and the search's
    figures, why it stopped, and where ``output`` went."""
    lines: list[str] = []
    for number, fill in enumerate(result, 1):
        if number > 1:
            lines.append("")
        lines += [" ".join(ch.upper() for ch in row) for row in fill.rows]
        shown_as = dict(zip(fill.words, fill.display or fill.words))
        weakest = shown_as.get(fill.weakest, fill.weakest).upper()
        lines.append(f"  weakest entry {weakest} ({fill.min_score:.2f}), mean score {fill.mean_score:.2f}")
        phrases = [shown for word, shown in shown_as.items() if shown != word]
        if phrases:
            lines.append(f"  phrases: {', '.join(phrase.upper() for phrase in phrases)}")
    count = result.count
    how = f"{result.nodes:,} nodes, {result.restarts} restarts, {result.elapsed_s:.2f} s{_race_note(result)}"
    if result.explanation:
        lines.append(result.explanation)
    elif unique:
        verdict = {True: "the fill is unique", False: "the fill is not unique (another one is shown)",
                   None: "uniqueness not settled before the budget ran out"}[result.unique]
        lines.append(f"{verdict} ({how})")
    else:
        lines.append(f"{count} fill{'s' * (count != 1)}{_floor_note(result)} ({how})" + ("" if count else ": none found"))
    if result.stopped:
        lines.append(result.stopped)
    if output and result.fills:
        lines.append(f"best fill written to {output}")
    return lines


def _race_note(result: FillResult) -> str:
    """Which seed won a race of several workers ("" for one worker): ``--random-seed`` with it finds the
    fill again on one worker."""
    if result.workers == 1:
        return ""
    return f"; random seed {result.random_seed} won the race of {result.workers} workers"


def _floor_note(result: FillResult) -> str:
    """Which quality floor the fills were found at, for the summary line ("" when none was found)."""
    if not result.count:
        return ""
    return " with no quality floor" if result.floor is None else f" at quality floor {result.floor:g}"


# -- running a command ------------------------------------------------------------------------------


def exit_status(command: Callable[[], object], *, json_errors: bool = False) -> int:
    """Run ``command`` as every command runs: the exit status it returns (0 for anything but an int);
    bad input (a :class:`~puzzlewright.errors.PuzzlewrightError`) is one line ``error: ...`` on stderr
    (with ``json_errors``, for ``--json``, also ``{"error": "..."}`` on stdout) and status 2, an interrupt
    ``interrupted`` and 130, a closed pipe (``| head``) a quiet 0, and a bug one line ``internal error: ...``
    and 1 (the traceback with ``PUZZLEWRIGHT_DEBUG`` set), never a traceback."""
    from puzzlewright.errors import PuzzlewrightError

    try:
        status = command()
    except PuzzlewrightError as error:
        return fail(str(error), as_json=json_errors)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr, flush=True)
        return INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except OSError as error:
        if not cannot_write(error):
            return internal_error(error)
        discard_stdout()
        return fail(f"cannot write the output: {error.strerror}")
    except Exception as error:  # a bug, not bad input: still one line unless debugging
        return internal_error(error)
    return status if isinstance(status, int) else 0


def finished(result: Any, status: int = 0) -> int:
    """The exit status of a command that printed ``result``: ``status`` when its search finished, else
    :data:`INCOMPLETE`, with one line on stderr saying so (every verb that takes a time or node limit ends
    here, so a script can tell a partial answer from a whole one the same way for each)."""
    if getattr(result, "complete", True):
        return status
    print(INCOMPLETE_NOTE, file=sys.stderr, flush=True)
    return INCOMPLETE


INCOMPLETE_NOTE = f"note: a time or node limit stopped the search: the result is incomplete (exit status {INCOMPLETE})"


def cannot_write(error: OSError) -> bool:
    """Whether ``error`` says the output cannot take more (a full disk or quota, ``/dev/full``, an I/O
    error): the user's to fix, so one ``error:`` line and status 2 rather than an internal error."""
    import errno

    return error.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO)


def internal_error(error: Exception) -> int:
    """Report a bug as one line (the traceback with ``PUZZLEWRIGHT_DEBUG`` set); the exit status."""
    if os.environ.get("PUZZLEWRIGHT_DEBUG"):
        raise error
    print(f"internal error: {type(error).__name__}: {error} (set PUZZLEWRIGHT_DEBUG=1 for details)",
          file=sys.stderr, flush=True)
    return 1


def discard_stdout() -> None:
    """Point stdout at /dev/null once it cannot be written (a full disk, ``> /dev/full``), so the text still
    buffered is not written again at exit with an "Exception ignored" message after the one-line error."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture): nothing is flushed at exit
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


def fail(message: str, *, as_json: bool = False) -> int:
    """Report bad input (``error: MESSAGE`` on stderr, one line however much of the input it repeats, and
    with ``as_json`` the object ``{"error": "MESSAGE"}`` on stdout too, as the web API answers); the exit
    status to leave with."""
    from puzzlewright.errors import shortened

    line = shortened(message)  # click's own messages too (a PuzzlewrightError's is shortened already)
    if as_json:
        import json

        print(json.dumps({"error": line}), flush=True)
    print(f"error: {line}", file=sys.stderr, flush=True)
    return USAGE_ERROR


def wants_json(arguments: Sequence[str]) -> bool:
    """Whether a command line asks for ``--json`` output (before any ``--``): its errors are then JSON too."""
    options = arguments[:arguments.index("--")] if "--" in arguments else arguments
    return "--json" in options


def write_lines(lines: Iterable[str]) -> None:
    """Print ``lines`` on stdout, each ended by a newline."""
    sys.stdout.write("".join(f"{line}\n" for line in lines))
    sys.stdout.flush()
