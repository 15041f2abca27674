"""Progress bars: the ETA comes from the work done (estimated partition sizes), never from counting
partitions, and help texts state the defaults the commands use."""

from __future__ import annotations

import contextlib

from puzzlewright.parallel.engine import _ProgressBar
from puzzlewright.parallel.job import Partition, PartitionResult
from puzzlewright.progress import eta_text, progress_bar


def test_eta_scales_elapsed_time_by_the_work_left():
    assert eta_text(10.0, 25, 100) == "eta 0:00:30"
    assert eta_text(3600.0, 50, 100) == "eta 1:00:00"
    assert eta_text(10.0, 100, 100) == "eta 0:00:00"


def test_eta_before_any_work_says_when_it_will_come():
    assert eta_text(None, 0, 100) == eta_text(5.0, 0, 100) == "eta (after the first step)"


class _Job:
    name, item_name = "toy count", "squares"


def test_partition_bar_advances_by_partition_size_not_by_count(monkeypatch):
    """A big partition finishing moves the bar (and so the ETA) by its share of the estimated work."""
    recorded: dict = {"advances": []}

    @contextlib.contextmanager
    def fake_bar(description, total, enabled=None, *, counted=True):
        recorded.update(total=total, counted=counted)
        yield lambda n=1, **fields: recorded["advances"].append((n, fields))

    monkeypatch.setattr("puzzlewright.progress.progress_bar", fake_bar)
    todo = [Partition("a", 90.0), Partition("b", 9.0), Partition("c", 1.0)]
    with _ProgressBar(_Job(), todo, 0, {}, True) as update:
        update(PartitionResult("a", [], {"nodes": 1000}, count=3))
        update(PartitionResult("c", [], {"nodes": 10}, count=0))
    assert recorded["total"] == 100.0 and recorded["counted"] is False
    assert [n for n, _ in recorded["advances"]] == [90.0, 1.0]
    assert recorded["advances"][-1][1]["partitions"] == "2/3"
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
