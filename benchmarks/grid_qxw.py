#!/usr/bin/env python3
"""Issue #32's peer figures against Qxw: ``puzzlewright grid fill`` and Qxw's batch filler (Debian's
``qxw`` package, ``qxw -b``) on the same word list and the same grids, end to end (a new process each run:
start-up, reading the list, the search), alternately, in one run.

Usage: python benchmarks/grid_qxw.py [--qxw /usr/games/qxw] [--runs N] [--seconds S] [--min-score Z]
       [--grids open-5,american-1,american-2,american-3,sunday-1,stack-21] [--baseline DIR/src]

Qxw is not a puzzlewright dependency: ``apt-get install qxw`` (its binary is ``/usr/games/qxw``). Its batch
mode reads a *deck*: one line per light (slot), naming the light's cells in order, any names; two lights
that share a cell share its letter. It fills with words of the dictionaries given with ``-d`` (one word a
line), never one word twice (its default), and prints one ``W<n> WORD`` line per light, or
``No fill found``. It takes no time limit: each run of either filler gets --seconds of CPU time
(``RLIMIT_CPU``, so that the load of a shared machine does not cut a run short); a run stopped there counts
with the CPU it used (about --seconds), so a median over stopped runs is a lower bound.

The list: the words of ``english`` that crossword fill may use (:func:`puzzlewright.lexicon.policy.publishable`
for ``Use.CROSSWORD``) whose crossword fill score is at least --min-score (default 2, the floor most
default 15x15 fills finish at), written twice from the same words: as a ``word;score`` file (score = fill
score / 0.06, at most 100) that ``grid fill --dict FILE`` reads with its scores, and as plain words for
Qxw, which uses no scores. ``grid fill`` runs as a user runs it (its quality floors, 3 down to the list's
own; random seed 0); Qxw finds any fill. Each Qxw fill is re-checked here: every light a word of the list,
every cell one letter, no word twice.

``grid fill`` runs as an installed package runs it: with its bytecode compiled by the warm-up run
(``PYTHONDONTWRITEBYTECODE`` dropped, each checkout's bytecode and cache folder its own: the environment of
``benchmarks/startup.py``). With ``--baseline DIR/src`` the other checkout's ``grid fill`` runs too, in
turn with ours and Qxw's, and its figures and ours over it are printed (the same-run baseline).

Grids: ``open-5`` is an empty 5x5; the others are shipped patterns (``american-1`` to ``-3``: 15x15;
``sunday-1``: an everyday 21x21; ``stack-21``: the 21x21 with stacked 10- to 12-letter entries).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from grid_hard import timed  # the same timing as the other grid benchmarks (CPU of the child, a CPU cap)
from startup import HERE, environment  # each checkout's own bytecode and caches, as an install has them

if TYPE_CHECKING:
    from puzzlewright.grid.model import Grid

WALL_LIMIT = 3600  # grid fill's own budget is wall clock: the CPU limit stops both fillers instead
GRIDS = ("open-5", "american-1", "american-2", "american-3", "sunday-1", "stack-21")


def grid_of(name: str) -> Grid:
    """The empty grid ``name`` (``open-5`` or a shipped pattern)."""
    from puzzlewright.grid.model import Grid
    from puzzlewright.grid.patterns import pattern_grid

    return Grid.empty(5, 5, 3) if name == "open-5" else pattern_grid(name)


def write_lists(folder: Path, min_score: float) -> tuple[Path, Path, set[str]]:
    """The scored list (for ``grid fill``), the plain list (for Qxw) and its words."""
    from puzzlewright.grid.score import entry_scores
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.lexicon.policy import Use, publishable

    words = publishable(load_lexicon("english"), Use.CROSSWORD)
    kept = [(word, score) for word, score in zip(words.words, entry_scores(words).tolist()) if score >= min_score]
    scored, plain = folder / "list.txt", folder / "list-plain.txt"
    scored.write_text("".join(f"{word};{min(100, round(score / 0.06))}\n" for word, score in kept))
    plain.write_text("".join(f"{word}\n" for word, _ in kept))
    return scored, plain, {word for word, _ in kept}


def write_deck(grid: Grid, path: Path) -> None:
    """Qxw's deck for ``grid``: one line per slot, its cells as ``c<index>``."""
    path.write_text("".join(" ".join(f"c{cell}" for cell in slot.cells) + "\n" for slot in grid.slots))


def check_qxw(out: str, grid: Grid, words: set[str]) -> str:
    """``"filled"`` when Qxw's output is a valid fill of ``grid`` from ``words``, else what is wrong."""
    found = [line.split()[1].lower() for line in out.splitlines() if line.startswith("W")]
    if len(found) != len(grid.slots):
        return "no fill" if "No fill found" in out else f"{len(found)} of {len(grid.slots)} lights"
    letters: dict[int, str] = {}
    for slot, word in zip(grid.slots, found):
        if word not in words:
            return f"{word} not in the list"
        for cell, letter in zip(slot.cells, word):
            if letters.setdefault(cell, letter) != letter:
                return f"cell {cell} has two letters"
    return "filled" if len(set(found)) == len(found) else "a word twice"


def compare(names: list[str], runs: int, seconds: float, min_score: float, qxw: str,
            baseline: Path | None = None) -> None:
    """Each grid, ``runs`` times each filler in turn (ours, the baseline's when given, Qxw's): medians and
    the ratios of CPU medians."""
    sources = {"puzzlewright": HERE, **({"baseline": baseline.resolve()} if baseline else {})}
    launcher = [sys.executable, "-c", "from puzzlewright.cli.main import main; main()"]
    with tempfile.TemporaryDirectory() as folder:
        scored, plain, words = write_lists(Path(folder), min_score)
        print(f"list: {len(words):,} words of english, fill score >= {min_score}; {runs} runs each, "
              f"{seconds:.0f} s of CPU each at most; load average {os.getloadavg()[0]:.1f}", flush=True)
        for name in names:
            grid = grid_of(name)
            deck = Path(folder) / f"{name}.qxd"
            write_deck(grid, deck)
            where = ["--size", "5x5"] if name == "open-5" else ["--pattern", name]
            ours = launcher + ["grid", "fill", *where, "--dict", str(scored), "--time-limit", str(WALL_LIMIT)]
            theirs = [qxw, "-b", "-d", str(plain), str(deck)]
            envs = {filler: environment(source, Path(folder)) for filler, source in sources.items()}
            for env in envs.values():
                timed(ours, env, seconds)  # warm-up: bytecode, the list's index cache, the compiled kernel
            figures: dict[str, list[tuple[float, float, bool]]] = {filler: [] for filler in (*sources, "qxw")}
            for _ in range(runs):
                for filler, env in envs.items():
                    wall, cpu, out = timed(ours, env, seconds)
                    figures[filler].append((wall, cpu, out is not None and "1 fill" in out))
                wall, cpu, out = timed(theirs, cpu_seconds=seconds)
                verdict = "stopped" if out is None else check_qxw(out, grid, words)
                assert verdict in ("filled", "no fill", "stopped"), verdict
                figures["qxw"].append((wall, cpu, verdict == "filled"))
            report(name, figures, runs)


def report(name: str, figures: dict[str, list[tuple[float, float, bool]]], runs: int) -> None:
    """One grid's medians (a run stopped at the budget counts with the CPU it used) and the CPU ratio."""
    medians = {}
    for filler, rows in figures.items():
        medians[filler] = statistics.median(row[1] for row in rows)
        print(f"{name} {filler}: filled {sum(row[2] for row in rows)} of {runs}, median "
              f"{statistics.median(row[0] for row in rows):.2f} s wall, {medians[filler]:.2f} s CPU "
              f"(CPU {min(row[1] for row in rows):.2f}-{max(row[1] for row in rows):.2f})", flush=True)
    print(f"{name}: puzzlewright / qxw, median CPU: {medians['puzzlewright'] / medians['qxw']:.2f}x", flush=True)
    if "baseline" in medians:
        print(f"{name}: baseline / qxw, median CPU: {medians['baseline'] / medians['qxw']:.2f}x; puzzlewright / "
              f"baseline: {medians['puzzlewright'] / medians['baseline']:.2f}x", flush=True)
    print(flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qxw", default="/usr/games/qxw", help="Qxw's binary (Debian: /usr/games/qxw)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=60.0, help="each run's CPU-time budget")
    parser.add_argument("--min-score", type=float, default=2.0)
    parser.add_argument("--grids", default=",".join(GRIDS))
    parser.add_argument("--baseline", type=Path, default=None, metavar="DIR/src",
                        help="another checkout's src, whose grid fill runs in turn with ours (a same-run baseline)")
    args = parser.parse_args()
    if not Path(args.qxw).exists():
        parser.error(f"{args.qxw}: no such file (apt-get install qxw)")
    compare(args.grids.split(","), args.runs, args.seconds, args.min_score, args.qxw, args.baseline)


if __name__ == "__main__":
    main()
