"""The quick path: the one-off commands people type most, answered without importing click.

``letterboxed solve SIDES...`` and ``dict lookup WORDS...``, each with at most a ``--dict NAME|PATH``
option, ``acrostic count --size N`` (with at most ``--double``, ``--canonical``, ``--workers N`` and a
built-in ``--dict NAME``: counted without numpy) and ``grid fill`` of one ``--size``, ``--pattern`` or
``--template`` (with at most ``--dict``, ``--time-limit`` and ``--random-seed``: issue #32's small fill)
run here; click and the command line's option machinery
cost more start-up than the answer (click alone is about 130 M instructions, three times the
interpreter's start). Any other argument (any other option, ``--help``, ``--``, an argument click would
read differently, such as one that is not printable text) leaves the command to the click command line.
Both paths run the same functions (:mod:`puzzlewright.cli.shared`) with the same settings, so they print
the same bytes and fail the same way; ``tests/test_cli_quick.py`` runs each input through both.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def quick_command(arguments: list[str]) -> Callable[[], object] | None:
    """The command answering ``arguments`` on the quick path (its modules already imported), None when the
    click command line must answer them."""
    if not all(argument.isprintable() for argument in arguments):
        return None  # click's output strips escape sequences when not on a terminal: let it
    if arguments[:2] == ["acrostic", "count"]:
        return _acrostic_count(arguments[2:])
    if arguments[:2] == ["grid", "fill"]:
        return _grid_fill(arguments[2:])
    parsed = _operands_and_dictionary(arguments[2:])
    if parsed is None:
        return None
    operands, spec = parsed
    if arguments[:2] == ["letterboxed", "solve"]:
        return _letterboxed_solve(operands, spec)
    if arguments[:2] == ["dict", "lookup"]:
        return _dict_lookup(operands, spec)
    return None


def _operands_and_dictionary(arguments: list[str]) -> tuple[list[str], str | None] | None:
    """The operands of ``arguments`` and the value of their last ``--dict`` (None when not given); None
    when there are no operands, or anything but operands and ``--dict VALUE`` / ``--dict=VALUE``."""
    operands: list[str] = []
    spec = None
    remaining = iter(arguments)
    for argument in remaining:
        if argument == "--dict":
            spec = next(remaining, "")
        elif argument.startswith("--dict="):
            spec = argument.removeprefix("--dict=")
        elif argument.startswith("-"):
            return None
        else:
            operands.append(argument)
            continue
        if not spec or spec.startswith("-"):
            return None
    return (operands, spec) if operands else None


def _letterboxed_solve(sides: list[str], spec: str | None) -> Callable[[], int]:
    """``letterboxed solve SIDES [--dict NAME|PATH]`` (see :mod:`puzzlewright.cli.letterboxed`), solved
    without the request and result models (:func:`~puzzlewright.cli.shared.quick_letterboxed_solve`). The
    modules it runs are imported now, with the rest of start-up (see :func:`~puzzlewright.cli.main.main`)."""
    for module in ("letterboxed.solver", "lexicon.wordfile"):
        import_module(f"puzzlewright.{module}")
    from puzzlewright.cli.shared import finished, quick_letterboxed_solve, solution_report, write_lines
    from puzzlewright.letterboxed.defaults import DEFAULT_DICTIONARY

    def run() -> int:
        result = quick_letterboxed_solve(sides, spec or DEFAULT_DICTIONARY)
        write_lines(solution_report(result))
        return finished(result)

    return run


def _dict_lookup(words: list[str], spec: str | None) -> Callable[[], None]:
    """``dict lookup WORDS [--dict NAME|PATH]`` (see :mod:`puzzlewright.cli.dictionary`); its modules are
    imported now, as :func:`_letterboxed_solve`'s are."""
    import_module("puzzlewright.lexicon.archive")
    from puzzlewright.cli.shared import builtin_lookup, dictionary_choice, lookup, lookup_report, write_lines
    from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY

    def run() -> None:
        found = builtin_lookup(words, spec or DEFAULT_DICTIONARY)  # what lookup() does for a built-in
        if found is None:
            dictionary, lexicon = dictionary_choice(spec or DEFAULT_DICTIONARY)
            found = lookup(words, dictionary, lexicon)
        write_lines(lookup_report(found))

    return run


COUNT_FLAGS = ("--double", "--canonical")
COUNT_NUMBERS = ("--size", "--workers")


def _count_settings(arguments: list[str]) -> dict[str, object] | None:
    """``acrostic count``'s options as keyword arguments (``size``, ``double``, ``canonical``, ``workers``,
    ``dict``), the last of a repeated one counting as click's do; None when anything else is given (or
    ``--size`` is missing, a number is not one click would read, ``--workers`` is below 1 or above the
    cores available, or ``--dict`` is not a built-in dictionary's name): click then answers, with its own
    errors and notes."""
    from puzzlewright.parallel.runners import default_workers
    from puzzlewright.acrostic.defaults import DEFAULT_DICTIONARY
    from puzzlewright.lexicon.shipped import builtin_archive

    settings: dict[str, object] = {"double": False, "canonical": False, "workers": None, "dict": DEFAULT_DICTIONARY}
    remaining = iter(arguments)
    for argument in remaining:
        name, equals, value = argument.partition("=")
        if argument in COUNT_FLAGS:
            settings[argument.removeprefix("--")] = True
            continue
        if name not in (*COUNT_NUMBERS, "--dict"):
            return None
        value = value if equals else next(remaining, "")
        if not value or value.startswith("-"):
            return None
        if name == "--dict":
            settings["dict"] = value
            continue
        try:
            settings[name.removeprefix("--")] = int(value)  # what click's int options accept
        except ValueError:
            return None
    workers = settings["workers"]
    if "size" not in settings or (workers is not None and not 1 <= workers <= default_workers()):
        return None
    return settings if builtin_archive(settings["dict"]) is not None else None


def _acrostic_count(arguments: list[str]) -> Callable[[], int] | None:
    """``acrostic count --size N [--double] [--canonical] [--workers N] [--dict NAME]`` (see
    :mod:`puzzlewright.cli.acrostic`) over a built-in dictionary's words read from its archive (a
    :class:`~puzzlewright.lexicon.plain.PlainLexicon`: no numpy), None for anything else; its modules are
    imported now, as :func:`_letterboxed_solve`'s are."""
    settings = _count_settings(arguments)
    if settings is None:
        return None
    for module in ("count_kernel", "count", "jobs"):
        import_module(f"puzzlewright.acrostic.{module}")
    for module in ("cli", "engine"):
        import_module(f"puzzlewright.parallel.{module}")
    from puzzlewright.acrostic.count import CountOptions
    from puzzlewright.cli.shared import acrostic_count, count_report, finished, write_lines
    from puzzlewright.lexicon.plain import PlainLexicon

    def run() -> int:
        lexicon = PlainLexicon.builtin(settings["dict"])
        options = CountOptions(settings["size"], double=settings["double"], canonical=settings["canonical"])
        result, interrupted = acrostic_count(lexicon, options, workers=settings["workers"])
        write_lines(count_report(result, options, lexicon.name))
        if interrupted:
            raise KeyboardInterrupt
        return finished(result)

    return run


FILL_GRIDS = {"--size": "size", "--pattern": "pattern", "--template": "grid"}  # option -> request field
FILL_OPTIONS = (*FILL_GRIDS, "--dict", "--time-limit", "--random-seed")


def _fill_settings(arguments: list[str]) -> dict[str, str] | None:
    """``grid fill``'s options as {option: value}, the last of a repeated one counting as click's do; None
    when anything else is given, the grid is not given exactly one way, or ``--time-limit`` or
    ``--random-seed`` is not a value click would take (click then answers, with its own errors)."""
    import math

    settings: dict[str, str] = {}
    remaining = iter(arguments)
    for argument in remaining:
        name, equals, value = argument.partition("=")
        if name not in FILL_OPTIONS:
            return None
        value = value if equals else next(remaining, "")
        if not value or value.startswith("-"):
            return None
        settings[name] = value
    if sum(name in settings for name in FILL_GRIDS) != 1:
        return None
    try:  # what click's float and int options accept: FiniteFloat(min=0.001), IntRange(min=0)
        limit_ok = math.isfinite(seconds := float(settings.get("--time-limit", "1"))) and seconds >= 0.001
        seed_ok = int(settings.get("--random-seed", "0")) >= 0
    except ValueError:
        return None
    return settings if limit_ok and seed_ok else None


def _grid_fill(arguments: list[str]) -> Callable[[], int] | None:
    """``grid fill --size MxN|--pattern NAME|--template ROWS [--dict NAME|PATH] [--time-limit S]
    [--random-seed N]`` (see :mod:`puzzlewright.cli.grid`), the other options at their defaults, None for
    anything else; the request is built and filled as the click command builds it
    (:func:`~puzzlewright.cli.shared.fill_fields`, :func:`~puzzlewright.cli.shared.grid_fill`), without
    click's start-up."""
    settings = _fill_settings(arguments)
    if settings is None:
        return None
    from puzzlewright.cli.shared import dictionary_choice, fill_fields, fill_report, finished, grid_fill, write_lines
    from puzzlewright.grid.defaults import DEFAULT_DICTIONARY, DEFAULT_TIME_LIMIT

    source = {"min_length": None, **{FILL_GRIDS[name]: value for name, value in settings.items() if name in FILL_GRIDS}}

    def run() -> int:
        time_limit = float(settings.get("--time-limit", DEFAULT_TIME_LIMIT))
        dictionary, lexicon = dictionary_choice(settings.get("--dict", DEFAULT_DICTIONARY), time_limit=time_limit)
        fields = fill_fields(source, dictionary, 1, False, None, False, int(settings.get("--random-seed", "0")),
                             time_limit, None, None, True)
        result = grid_fill(fields, lexicon)
        write_lines(fill_report(result, False, None))
        return finished(result, 0 if result.fills else 1)

    return run
