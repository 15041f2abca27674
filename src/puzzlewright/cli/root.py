"""The root ``puzzlewright`` click command. Subcommands are imported only when used, so start-up stays fast
(and a one-off ``letterboxed solve BOX`` or ``dict lookup WORD`` does not import click at all: see
:mod:`puzzlewright.cli.main`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

import click

from puzzlewright import __version__
from puzzlewright.cli.shared import INCOMPLETE, INTERRUPTED, USAGE_ERROR
from puzzlewright.errors import PuzzleInputError

# name -> (module, attribute, one-line help); each module is imported only when its command runs.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "tour": ("puzzlewright.cli.tour", "tour", "Solve the worked example of each kind of puzzle, with timings."),
    "dict": ("puzzlewright.cli.dictionary", "dict_group", "Inspect dictionaries and look words up."),
    "acrostic": ("puzzlewright.cli.acrostic", "acrostic", "Dense acrostics (double word squares)."),
    "letterboxed": ("puzzlewright.cli.letterboxed", "letterboxed", "NYT-style Letter Boxed."),
    "jumble": ("puzzlewright.cli.jumble", "jumble", "Jumble: unscramble words and find the final answer."),
    "wordle": ("puzzlewright.cli.wordle", "wordle", "Wordle feedback, Doodle and a solving assistant."),
    "grid": ("puzzlewright.cli.grid", "grid", "Fill crossword grids of any shape; count word rectangles."),
    "serve": ("puzzlewright.cli.serve", "serve", "Start the local web app."),
    "cache": ("puzzlewright.cli.cache", "cache_group", "Show or clear the cache folder (capped, least recently used out)."),
}


class LazyGroup(click.Group):
    """A click group whose subcommands are loaded from :data:`COMMANDS` on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


EXIT_STATUSES = (f"Exit status: 0 done; 1 a check failed or nothing was found (verify, fill, candidates); "
                 f"{USAGE_ERROR} bad input (one 'error:' line); {INCOMPLETE} a time or node limit stopped the search "
                 f"(its partial result is printed, complete: false); {INTERRUPTED} interrupted.")


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
             epilog=EXIT_STATUSES)
@click.version_option(__version__, prog_name="puzzlewright")
def cli() -> None:
    """Solve and construct word puzzles on an embedded English dictionary.

    Start with `puzzlewright tour`. Every command takes --help.
    """


def click_command(arguments: list[str] | None) -> Callable[[], object]:
    """The click command line run on ``arguments`` (None: the process's), as a command for
    :func:`puzzlewright.cli.shared.exit_status`: click's usage errors are bad input (one line ``error: ...``
    and status 2, as exit_status reports them; a missing subcommand prints the group's help), an abort is an
    interrupt."""

    def run() -> object:
        try:
            return cli.main(args=arguments, prog_name="puzzlewright", standalone_mode=False)
        except click.exceptions.NoArgsIsHelpError as error:
            click.echo(error.ctx.get_help() if error.ctx else str(error))
            return USAGE_ERROR
        except click.exceptions.NoSuchCommand as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
            raise PuzzleInputError(f"No such command {error.command_name!r}.{_command_suggestion(error)}{hint}") \
                from None
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
            raise PuzzleInputError(error.format_message() + hint) from None
        except click.ClickException as error:
            raise PuzzleInputError(error.format_message()) from None
        except click.Abort:
            raise KeyboardInterrupt from None

    return run


def _command_suggestion(error: click.exceptions.NoSuchCommand) -> str:
    """`` Did you mean 'x'?`` for a mistyped command name, or an empty string.

    Every group gets the closest of its own commands (``letterbox`` -> ``letterboxed``, ``tuor`` ->
    ``tour``). At the top level a puzzle's subcommand typed without its puzzle (``slove``, ``doodle``) is
    also recognised, and answered with the full commands that have it (``letterboxed solve``, ...).
    """
    from puzzlewright.suggest import closest_name

    ctx = error.ctx
    if ctx is None or not isinstance(ctx.command, click.Group):
        return ""
    group = ctx.command
    names = group.list_commands(ctx)
    paths: dict[str, list[str]] = {name: [name] for name in names}
    if group is cli:
        for name in names:
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                for sub in command.list_commands(ctx):
                    paths.setdefault(sub, []).append(f"{name} {sub}")
    best = closest_name(error.command_name, paths)
    if best is None:
        return ""
    if len(paths[best]) == 1:
        return f" Did you mean {paths[best][0]!r}?"
    return f" Did you mean one of {', '.join(map(repr, paths[best]))}?"
