"""``puzzlewright tour``: one puzzle of each kind, the worked examples of the articles the project grew from,
solved with timings.

Each puzzle's CLI module contributes a ``tour_step()`` function that prints its part.
"""

from __future__ import annotations

import importlib
import time

import click

PUZZLES = ("acrostic", "letterboxed", "jumble", "wordle")


@click.command()
def tour() -> None:
    """Solve one puzzle of each kind (the worked examples of the articles the project grew from) and show how
    long each took."""
    started = time.perf_counter()
    click.echo("puzzlewright tour: one puzzle of each kind, solved on the embedded dictionaries.\n")
    for name in PUZZLES:
        module = importlib.import_module(f"puzzlewright.cli.{name}")
        step = getattr(module, "tour_step", None)
        if step is not None:
            step()
            click.echo()
    click.echo(f"tour finished in {time.perf_counter() - started:.2f} s (including loading dictionaries)")
