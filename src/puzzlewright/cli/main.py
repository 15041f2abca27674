"""The ``puzzlewright`` console script.

A one-off ``letterboxed solve BOX`` or ``dict lookup WORD`` (with at most ``--dict``) is answered by the
quick path (:mod:`puzzlewright.cli.quick`) without importing click; everything else runs the click
command line (:mod:`puzzlewright.cli.root`). Both print the same bytes, and both turn bad input into one
line ``error: ...`` on stderr and exit status 2, with ``--json`` also ``{"error": "..."}`` on stdout
(:func:`puzzlewright.cli.shared.exit_status`).
"""

from __future__ import annotations

import gc

_COLLECTING: bool | None = gc.isenabled()  # None once settled
gc.disable()  # while the command line's modules load: see settle_start_up()

import sys  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    """Run the command line on ``argv`` (default: the process's arguments) and exit with its status."""
    from puzzlewright.cli.shared import exit_status, wants_json

    arguments = sys.argv[1:] if argv is None else list(argv)
    # start-up too: Ctrl-C while it loads is "interrupted"
    sys.exit(exit_status(lambda: run(argv), json_errors=wants_json(arguments)))


def run(argv: list[str] | None) -> object:
    """Load the command answering ``argv`` (the quick path's, else click's), then run it."""
    from puzzlewright.cli.quick import quick_command

    command = quick_command(sys.argv[1:] if argv is None else list(argv))  # its modules loaded
    if command is None:
        from puzzlewright.cli.root import click_command

        command = click_command(argv)
    settle_start_up()
    return command()


def settle_start_up() -> None:
    """Start-up creates tens of thousands of objects that live as long as the process (modules, classes,
    functions); looking through them for garbage cycles while they load, and again at exit, costs about a
    tenth of a one-off ``letterboxed solve``. So the cycle collector is paused while the command line
    loads and the objects made so far are then frozen (:func:`gc.freeze`: never scanned again) before it
    is switched back on as it was: what a command allocates afterwards is collected as usual."""
    global _COLLECTING
    if _COLLECTING is None:
        return  # settled by an earlier main() in this process (tests call it many times)
    gc.freeze()
    if _COLLECTING:
        gc.enable()
    _COLLECTING = None


if __name__ == "__main__":
    main()
