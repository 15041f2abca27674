"""``grid fill --workers N`` (a portfolio of differently seeded searches, the first to finish winning) and
``grid fill --batch``: valid fills, the winner's seed reproducing the fill on one worker, the losers
terminated at once and no process left behind, budgets kept, batches equal to single fills, and clear
errors for bad worker counts."""

from __future__ import annotations

import json
import multiprocessing
import os
import time

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import FillOptions, Grid, api
from puzzlewright.grid import portfolio
from puzzlewright.grid.filler import fill_grid
from puzzlewright.grid.patterns import pattern_grid
from puzzlewright.budget import Budget

TEMPLATE = "....#/...../...../#...."


def columns(rows: list[str]) -> list[str]:
    return ["".join(row[c] for row in rows) for c in range(len(rows[0]))]


def test_a_portfolio_fill_is_valid_and_its_seed_reproduces_it():
    raced = api.fill({"grid": TEMPLATE, "random_seed": 3}, workers=2)
    assert raced.workers == 2 and raced.random_seed in (3, 4) and raced.count == 1
    rows = raced.fills[0].rows
    words = [run for line in rows + columns(rows) for run in line.split("#") if len(run) >= 2]
    assert len(set(words)) == len(words) and all("." not in word for word in words)
    again = api.fill({"grid": TEMPLATE, "random_seed": raced.random_seed})
    assert again.fills[0].rows == rows and again.workers == 1 and again.random_seed == raced.random_seed
    assert multiprocessing.active_children() == []


def _slow_unless_base_seed(grid, lexicon, options, budget=None):
    """A search that only seed 7 finishes promptly: the others would run for a minute."""
    if options.random_seed != 7:
        time.sleep(60)
    return fill_grid(grid, lexicon, options, budget)


def test_the_first_answer_wins_and_the_other_workers_are_stopped_at_once(monkeypatch):
    monkeypatch.setattr(portfolio, "fill_grid", _slow_unless_base_seed)  # the forked workers inherit it
    words = api.fill_lexicon(api.validate(api.FillRequest, {"grid": TEMPLATE}), None)
    started = time.perf_counter()
    won = portfolio.fill_portfolio(Grid.parse(TEMPLATE), words, FillOptions(random_seed=7), workers=3)
    assert time.perf_counter() - started < 20 and won.random_seed == 7 and won.outcome.fills
    assert multiprocessing.active_children() == []


def _die(grid, lexicon, options, budget=None):
    os._exit(3)


def test_workers_that_all_die_are_a_clear_error(monkeypatch):
    monkeypatch.setattr(portfolio, "fill_grid", _die)
    words = api.fill_lexicon(api.validate(api.FillRequest, {"grid": TEMPLATE}), None)
    with pytest.raises(portfolio.PortfolioError, match="every fill worker died"):
        portfolio.fill_portfolio(Grid.parse(TEMPLATE), words, FillOptions(), workers=2)
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("budget, message", [({"max_nodes": 20}, "node budget"),
                                             ({"time_limit": 0.5}, "time budget of 0.5 s")])
def test_every_worker_keeps_the_budget(budget, message):
    started = time.perf_counter()
    result = api.fill({"pattern": "stack-15", "min_score": 3, **budget}, workers=2)
    assert time.perf_counter() - started < 15
    assert result.fills == [] and message in result.stopped and result.random_seed == 0
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_bad_worker_counts_are_refused(workers):
    with pytest.raises(PuzzleInputError, match="workers must be a whole number of at least 1"):
        api.fill({"grid": TEMPLATE}, workers=workers)


@pytest.mark.parametrize("args, message", [
    (("--workers", "0"), "--workers must be at least 1, not 0"),
    (("--workers", "two"), "'two' is not a valid integer"),
    (("--cluster", "local"), "--cluster spreads a --batch"),
    (("--batch", "x.jsonl"), "--batch takes its grids from the file"),
])
def test_cli_bad_workers_are_one_line_errors(cli, args, message):
    result = cli("grid", "fill", "--template", TEMPLATE, *args)
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_cli_race_names_the_winning_seed(cli):
    result = cli("grid", "fill", "--template", TEMPLATE, "--workers", "2", "--random-seed", "5")
    assert result.exit_code == 0 and "won the race of 2 workers" in result.stdout
    seed = int(result.stdout.split("random seed ")[1].split()[0])
    alone = cli("grid", "fill", "--template", TEMPLATE, "--random-seed", str(seed))
    assert alone.stdout.split("  weakest")[0] == result.stdout.split("  weakest")[0]


def test_a_batch_gives_what_single_fills_give(cli, tmp_path):
    records = [{"grid": TEMPLATE, "random_seed": 1}, {"size": "3x4", "random_seed": 2},
               {"grid": "../..", "words": ["ab", "cd"]}, {"grid": 5}, {"pattern": "open-7", "max_nodes": 5}]
    path = tmp_path / "grids.jsonl"
    path.write_text("\n".join(json.dumps(record) for record in records) + "\n")
    result = cli("grid", "fill", "--batch", str(path), "--workers", "2", "--min-score", "2")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == len(records)
    for record, line in zip(records, lines):
        if record.get("grid") == 5:
            assert line == {"line": 4, "error": "field 'grid' must be a list or a string, not an integer"}
            continue
        single = api.fill({"min_score": 2, **record})
        assert [fill["rows"] for fill in line["fills"]] == [fill.rows for fill in single.fills]
        assert line["stopped"] == single.stopped and line["explanation"] == single.explanation
    assert multiprocessing.active_children() == []
