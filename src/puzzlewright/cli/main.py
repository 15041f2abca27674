"""The root ``puzzlewright`` command. Subcommands are imported only when used, so startup stays fast."""

from __future__ import annotations

import gc

_COLLECTING = gc.isenabled()
gc.disable()  # while the command line's modules load: see the end of this module

import importlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

import click  # noqa: E402

from puzzlewright import __version__
from puzzlewright.errors import PuzzlewrightError

# name -> (module, attribute, one-line help); each module is imported only when its command runs.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "tour": ("puzzlewright.cli.tour", "tour", "Solve one puzzle of each kind from the seed texts, with timings."),
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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="puzzlewright")
def cli() -> None:
    """Solve and construct word puzzles on an embedded English dictionary.

    Start with `puzzlewright tour`. Every command takes --help.
    """


def main(argv: list[str] | None = None) -> None:
    """Run the CLI: bad input becomes one line on stderr and exit code 2, never a traceback."""
    try:
        status = cli.main(args=argv, prog_name="puzzlewright", standalone_mode=False)
    except PuzzlewrightError as error:
        _fail(str(error))
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(2)
    except click.exceptions.NoSuchCommand as error:
        hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
        _fail(f"No such command {error.command_name!r}.{_command_suggestion(error)}{hint}")
    except click.UsageError as error:
        hint = f" (see '{error.ctx.command_path} --help')" if error.ctx else ""
        _fail(error.format_message() + hint)
    except click.ClickException as error:
        _fail(error.format_message())
    except (click.Abort, KeyboardInterrupt):
        click.echo("interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    except Exception as error:  # a bug, not bad input: still one line unless debugging
        if os.environ.get("PUZZLEWRIGHT_DEBUG"):
            raise
        click.echo(f"internal error: {type(error).__name__}: {error} (set PUZZLEWRIGHT_DEBUG=1 for details)",
                   err=True)
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)


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


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


if __name__ == "__main__":
    main()


def _settle_start_up() -> None:
    """Start-up creates tens of thousands of objects that live as long as the process (modules, classes,
    functions); looking through them for garbage cycles while they load, and again at exit, costs about a
    tenth of a one-off ``letterboxed solve``. So the cycle collector is paused while this module loads
    and the objects made so far are then frozen (:func:`gc.freeze`: never scanned again) before it is
    switched back on as it was: what a command allocates afterwards is collected as usual."""
    gc.freeze()
    if _COLLECTING:
        gc.enable()


_settle_start_up()

