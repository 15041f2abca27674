"""The quick path: the one-off commands people type most, answered without importing click.

``letterboxed solve SIDES...`` and ``dict lookup WORDS...``, each with at most a ``--dict NAME|PATH``
option, run here; click and the command line's option machinery cost more start-up than the answer
(click alone is about 130 M instructions, three times the interpreter's start). Any other argument (any
other option, ``--help``, ``--``, an argument click would read differently, such as one that is not
printable text) leaves the command to the click command line. Both paths run the same functions
(:mod:`puzzlewright.cli.plain`) with the same settings, so they print the same bytes and fail the same
way; ``tests/test_cli_quick.py`` runs each input through both.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def quick_command(arguments: list[str]) -> Callable[[], None] | None:
    """The command answering ``arguments`` on the quick path (its modules already imported), None when the
    click command line must answer them."""
    if not all(argument.isprintable() for argument in arguments):
        return None  # click's output strips escape sequences when not on a terminal: let it
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


def _letterboxed_solve(sides: list[str], spec: str | None) -> Callable[[], None]:
    """``letterboxed solve SIDES [--dict NAME|PATH]`` (see :mod:`puzzlewright.cli.letterboxed`), solved
    without the request and result models (:func:`~puzzlewright.cli.plain.quick_letterboxed_solve`). The
    modules it runs are imported now, with the rest of start-up (see :func:`~puzzlewright.cli.main.main`)."""
    for module in ("letterboxed.solver", "letterboxed.outcome", "wordfile"):
        import_module(f"puzzlewright.{module}")
    from puzzlewright.cli.plain import quick_letterboxed_solve, solution_report, write_lines
    from puzzlewright.letterboxed.defaults import DEFAULT_DICTIONARY

    def run() -> None:
        write_lines(solution_report(quick_letterboxed_solve(sides, spec or DEFAULT_DICTIONARY)))

    return run


def _dict_lookup(words: list[str], spec: str | None) -> Callable[[], None]:
    """``dict lookup WORDS [--dict NAME|PATH]`` (see :mod:`puzzlewright.cli.dictionary`); its modules are
    imported now, as :func:`_letterboxed_solve`'s are."""
    import_module("puzzlewright.word_lookup")
    from puzzlewright.cli.plain import builtin_lookup, dictionary_choice, lookup, lookup_report, write_lines
    from puzzlewright.shipped import DEFAULT_DICTIONARY

    def run() -> None:
        found = builtin_lookup(words, spec or DEFAULT_DICTIONARY)  # what lookup() does for a built-in
        if found is None:
            dictionary, lexicon = dictionary_choice(spec or DEFAULT_DICTIONARY)
            found = lookup(words, dictionary, lexicon)
        write_lines(lookup_report(found))

    return run
