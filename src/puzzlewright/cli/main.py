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

import os  # noqa: E402
import sys  # noqa: E402


def one_blas_thread() -> None:
    """Ask numpy's OpenBLAS for one thread, unless the user chose a number (``OPENBLAS_NUM_THREADS``).

    Loading OpenBLAS starts a thread per core that spins waiting for work: about 30 ms of CPU in every
    command that imports numpy (a sixth of a 5x5 ``grid fill`` end to end, issue #32), while no command
    gives BLAS more than a small product (Jumble's caption cosines) and the parallel ones use processes.
    Set here, before anything imports numpy, so it holds for the command line and the worker processes it
    starts; a program that imports the library sets its own threads."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


one_blas_thread()


def main(argv: list[str] | None = None) -> None:
    """Run the command line on ``argv`` (default: the process's arguments) and exit with its status."""
    from puzzlewright.cli.shared import exit_status, wants_json

    arguments = sys.argv[1:] if argv is None else list(argv)
    # start-up too: Ctrl-C while it loads is "interrupted"
    status = exit_status(lambda: run(argv), json_errors=wants_json(arguments))
    if argv is None and _QUICK_RAN:
        leave_now(status)
    sys.exit(status)


_QUICK_RAN = False  # whether run() answered on the quick path (see leave_now)


def run(argv: list[str] | None) -> object:
    """Load the command answering ``argv`` (the quick path's, else click's), then run it."""
    from puzzlewright.cli.quick import quick_command

    global _QUICK_RAN
    command = quick_command(sys.argv[1:] if argv is None else list(argv))  # its modules loaded
    _QUICK_RAN = command is not None
    if command is None:
        from puzzlewright.cli.root import click_command

        command = click_command(argv)
    settle_start_up()
    return command()


def leave_now(status: int) -> None:
    """End the process with ``status`` without the interpreter's teardown, after a quick-path command
    (:mod:`puzzlewright.cli.quick`) run as the process's own command line (``main()`` without ``argv``).

    Teardown clears every module and frees what it held, one object at a time (the word list's tens of
    thousands of strings, numpy's modules and arrays): about 3 % of a 5x5 ``grid fill --dict FILE``'s
    instructions (18 M of 602 M), for nothing the command's user sees. What an exit must still do is done first: the
    output streams flushed and the :mod:`atexit` handlers run (a worker pool's clean-up, coverage data);
    the quick-path commands leave no thread running and no file open. A program that calls ``main(argv)``
    (the tests) exits the ordinary way."""
    import atexit

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # closed, or the pipe's reader gone: exit_status has said so
            pass
    atexit._run_exitfuncs()
    os._exit(status)


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
