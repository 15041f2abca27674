"""Progress bars: the ETA comes from the work done (estimated partition sizes), never from counting
partitions, and help texts state the defaults the commands use."""

from __future__ import annotations

import contextlib
import time

from puzzlewright.parallel.engine import _ProgressBar
from puzzlewright.parallel.job import Partition, PartitionResult
from puzzlewright.progress import eta_text, progress_bar


def test_eta_scales_elapsed_time_by_the_work_left():
    assert eta_text(10.0, 25, 100) == "eta 0:00:30"
    assert eta_text(3600.0, 50, 100) == "eta 1:00:00"
    assert eta_text(10.0, 100, 100) == "eta 0:00:00"


def test_eta_before_any_work_says_when_it_will_come():
    assert eta_text(None, 0, 100) == eta_text(5.0, 0, 100) == "eta -:--:--"


def test_eta_counts_down_between_steps_and_grows_once_the_run_is_slower_than_its_average():
    """10 s for a quarter: 30 s to go at the step, 20 s ten seconds later; 40 s later (no step since) the
    average rate has been beaten, so the estimate is redone as if the step were now: 50 s x 3."""
    assert eta_text(10.0, 25, 100, since_step=10.0) == "eta 0:00:20"
    assert eta_text(10.0, 25, 100, since_step=40.0) == "eta 0:02:30"


class _Job:
    name, item_name = "toy count", "squares"


def test_partition_bar_advances_by_partition_size_not_by_count(monkeypatch):
    """A big partition finishing moves the bar (and so the ETA) by its share of the estimated work."""
    recorded: dict = {"advances": []}

    @contextlib.contextmanager
    def fake_bar(description, total, enabled=None, *, counted=True, **options):
        recorded.update(total=total, counted=counted)
        yield lambda n=1, **fields: recorded["advances"].append((n, fields))

    monkeypatch.setattr("puzzlewright.progress.progress_bar", fake_bar)
    todo = [Partition("a", 90.0), Partition("b", 9.0), Partition("c", 1.0)]
    with _ProgressBar(_Job(), todo, 0, {}, True) as update:
        update(PartitionResult("a", [], {"nodes": 1000}, count=3))
        update(PartitionResult("c", [], {"nodes": 10}, count=0))
    assert recorded["total"] == 100.0 and recorded["counted"] is False
    assert [n for n, _ in recorded["advances"]] == [90.0, 1.0]
    assert recorded["advances"][-1][1]["parts"] == "2/3"
    assert recorded["advances"][-1][1]["squares"] == "3"


def test_a_drawn_bar_shows_the_eta(capsys):
    with progress_bar("work", 4.0, enabled=True, counted=False) as advance:
        advance(1.0)
        advance(1.0)
    assert "eta 0:00:0" in capsys.readouterr().err


def test_partitions_help_states_the_default_and_what_n_means(cli):
    for command in (("acrostic", "count"), ("grid", "count")):
        help_text = " ".join(cli(*command, "--help").stdout.split())
        assert "(default 64;" in help_text and "several times N partitions" in help_text


def drawn_lines(width: int, run) -> list[str]:
    """The lines a progress bar draws on a terminal ``width`` columns wide while ``run(advance)`` works."""
    import io
    import re

    import rich.console

    buffer = io.StringIO()
    real = rich.console.Console
    rich.console.Console = lambda **options: real(file=buffer, width=width, force_terminal=True,  # type: ignore
                                                  color_system=None)
    try:
        run()
    finally:
        rich.console.Console = real  # type: ignore
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", buffer.getvalue())
    return [line for line in re.split(r"[\r\n]", text) if line.strip()]


def test_the_bar_fits_80_columns_leaving_out_the_last_fields_first():
    """The issue's bar was cut to "acrostic cou… 1…": now the description, percentage and clock stay whole."""
    def run():
        with progress_bar("acrostic count", 339.0, enabled=True, counted=False) as advance:
            advance(36.0, squares="79,014,130", parts="36/339", **{"nodes/s": "57 M"})

    for width in (80, 60):
        lines = drawn_lines(width, run)
        assert lines and all(len(line) <= width for line in lines)
        last = lines[-1]
        assert last.startswith("acrostic count ") and " 11% " in last and "eta 0:00:00" in last
    at_80 = drawn_lines(80, run)[-1]
    assert "79,014,130 squares" in at_80 and "nodes/s" not in at_80
    assert "36/339 parts" not in drawn_lines(60, run)[-1]
    assert "57 M nodes/s" in drawn_lines(120, run)[-1]


def test_the_bar_says_what_it_waits_for_and_when_the_time_limit_stops_the_run():
    def run():
        with progress_bar("acrostic count", 10.0, enabled=True, counted=False, waiting="starting Dask (2 workers)…",
                          time_limit=3600):
            pass

    [line, *_] = drawn_lines(100, run)
    assert "starting Dask (2 workers)…" in line and ("limit in 0:59:59" in line or "limit in 1:00:00" in line)


def test_a_status_line_is_drawn_only_on_a_terminal(capsys):
    from puzzlewright.progress import status_line

    with status_line("playing every answer…", enabled=False) as update:
        update("still playing…")
    assert capsys.readouterr().err == ""

    def run():
        with status_line("playing every answer…", enabled=True, after=0.05) as update:
            update("playing every answer in hard mode…")
            time.sleep(0.3)

    assert any("playing every answer in hard mode… 0:00:00" in line for line in drawn_lines(80, run))


def test_a_quick_wait_shows_no_status_line():
    from puzzlewright.progress import status_line

    def run():
        with status_line("filling the grid…", enabled=True, after=5.0):
            pass

    assert drawn_lines(80, run) == []
