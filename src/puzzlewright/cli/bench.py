"""``puzzlewright bench``: run the benchmarks on this machine and print medians, targets and ratios."""

from __future__ import annotations

import click

from puzzlewright.bench import BENCHES, run_benchmarks
from puzzlewright.cli.common import Choice, emit_json, json_option


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1000:.3g} ms" if value < 1 else f"{value:.3g} s"


@click.command()
@click.argument("groups", nargs=-1, type=Choice(BENCHES))
@click.option("--quick", is_flag=True, help="Fewer repetitions (for a fast look, noisier).")
@json_option
def bench(groups: tuple[str, ...], quick: bool, as_json: bool) -> None:
    """Run benchmark GROUPS (default: all) and print each median against its target."""
    results = run_benchmarks(groups or BENCHES, quick=quick)
    if as_json:
        emit_json({"results": [r.to_json() for r in results]})
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="puzzlewright benchmarks (medians)")
    for column in ("group", "benchmark", "median", "target", "baseline", "ratio", "met"):
        table.add_column(column)
    for r in results:
        median = "-" if r.median_s == 0 and r.target_s is None else _seconds(r.median_s)
        ratio = "-" if r.ratio is None else f"{r.ratio:,.1f}x"
        met = {True: "yes", False: "NO", None: r.note or "-"}[r.met]
        table.add_row(r.group, r.name, median, _seconds(r.target_s), _seconds(r.baseline_s), ratio, met)
    Console().print(table)
