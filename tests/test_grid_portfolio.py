"""``grid fill --workers N`` (the quality floors' rungs side by side, or with one floor a portfolio of
differently seeded searches, the first to finish winning) and ``grid fill --batch``: valid fills, the
floors side by side giving one worker's fill, floor and nodes, the winner's seed reproducing the fill on one
worker, the workers no longer needed terminated at once and no process left behind, budgets kept, batches
equal to single fills, and clear errors for bad worker counts and dead workers."""

from __future__ import annotations

import json
import multiprocessing
import os
import time

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import FillOptions, Grid, api
from puzzlewright.grid import portfolio
from puzzlewright.grid.filler import TAUGHT_RUNGS, fill_grid
from puzzlewright.grid.patterns import pattern_grid
from puzzlewright.budget import Budget

TEMPLATE = "....#/...../...../#...."


def columns(rows: list[str]) -> list[str]:
    return ["".join(row[c] for row in rows) for c in range(len(rows[0]))]


def test_a_portfolio_fill_is_valid_and_its_seed_reproduces_it():
    raced = api.fill({"grid": TEMPLATE, "random_seed": 3, "min_score": 3}, workers=2)
    assert raced.workers == 2 and raced.race == "seeds" and raced.random_seed in (3, 4) and raced.count == 1
    rows = raced.fills[0].rows
    words = [run for line in rows + columns(rows) for run in line.split("#") if len(run) >= 2]
    assert len(set(words)) == len(words) and all("." not in word for word in words)
    again = api.fill({"grid": TEMPLATE, "random_seed": raced.random_seed, "min_score": 3})
    assert again.fills[0].rows == rows and again.workers == 1 and again.random_seed == raced.random_seed
    assert multiprocessing.active_children() == []


def _slow_unless_base_seed(grid, lexicon, options, budget=None):
    """A search that only seed 7 finishes promptly: the others would run for a minute."""
    if options.random_seed != 7:
        time.sleep(60)
    return fill_grid(grid, lexicon, options, budget)


def test_the_first_answer_wins_and_the_other_workers_are_stopped_at_once(monkeypatch):
    monkeypatch.setattr(portfolio, "fill_grid", _slow_unless_base_seed)  # the forked workers inherit it
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"grid": TEMPLATE}), None)
    started = time.perf_counter()
    won = portfolio.fill_portfolio(Grid.parse(TEMPLATE), words, FillOptions(random_seed=7, min_score=3), workers=3)
    assert time.perf_counter() - started < 20 and won.random_seed == 7 and won.outcome.fills
    assert multiprocessing.active_children() == []


def _die(grid, lexicon, options, budget=None):
    os._exit(3)


def test_workers_that_all_die_are_a_clear_error(monkeypatch):
    monkeypatch.setattr(portfolio, "fill_grid", _die)
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"grid": TEMPLATE}), None)
    with pytest.raises(portfolio.PortfolioError, match="every fill worker died"):
        portfolio.fill_portfolio(Grid.parse(TEMPLATE), words, FillOptions(min_score=3), workers=2)
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
    result = cli("grid", "fill", "--template", TEMPLATE, "--workers", "2", "--random-seed", "5", "--min-score", "3")
    assert result.exit_code == 0 and "won the race of 2 workers" in result.stdout
    seed = int(result.stdout.split("random seed ")[1].split()[0])
    alone = cli("grid", "fill", "--template", TEMPLATE, "--random-seed", str(seed), "--min-score", "3")
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


# -- the quality floors side by side -------------------------------------------------------------------------


@pytest.mark.parametrize("request_, workers", [({"size": "5x6", "random_seed": 5}, 2),
                                               ({"size": "5x6", "random_seed": 3}, 2),
                                               ({"size": "5x6", "random_seed": 3}, 3),
                                               ({"size": "5x6", "random_seed": 4, "min_score": 1.5}, 2)])
def test_floors_side_by_side_give_one_workers_fill_floor_and_nodes(request_, workers):
    alone = api.fill(request_)
    assert alone.floor is not None and alone.floor < 3  # the fill stepped down: lower rungs ran
    side_by_side = api.fill(request_, workers=workers)
    assert side_by_side.race == "floors" and side_by_side.workers == workers and alone.race is None
    assert [fill.rows for fill in side_by_side.fills] == [fill.rows for fill in alone.fills]
    assert (side_by_side.floor, side_by_side.nodes, side_by_side.restarts) == (alone.floor, alone.nodes, alone.restarts)
    assert side_by_side.random_seed == alone.random_seed
    assert multiprocessing.active_children() == []


def test_a_fill_at_the_top_floor_needs_no_worker():
    request = {"grid": "....#/...../...../.....", "random_seed": 0}  # fills at floor 3, the top rung
    result = api.fill(request, workers=2)
    assert result.floor == 3 and result.race == "floors" and result.fills
    assert result.nodes == api.fill(request).nodes
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("request_", [{"size": "5x6", "min_score": 3}, {"size": "5x6", "count": 2},
                                      {"size": "5x6", "unique": True}, {"size": "5x6", "max_nodes": 5000}])
def test_one_floor_several_fills_or_a_node_budget_race_seeds(request_):
    assert api.fill(request_, workers=2).race == "seeds"
    assert multiprocessing.active_children() == []


def _rungs_below_the_answer_sleep(self, rung, budget=None, found=None):
    """The rungs below the one 5x6 with seed 4 finishes at (floor 2) would search for a minute."""
    if rung > 2:
        time.sleep(60)
    return real_run_rung(self, rung, budget, found)


real_run_rung = portfolio.Filler.run_rung


def test_once_a_rung_and_every_rung_above_it_end_the_workers_below_are_stopped(monkeypatch):
    monkeypatch.setattr(portfolio.Filler, "run_rung", _rungs_below_the_answer_sleep)  # the forked workers inherit it
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"size": "5x6"}), None)
    started = time.perf_counter()
    won = portfolio.fill_portfolio(Grid.empty(5, 6), words, FillOptions(random_seed=4), workers=3)
    assert time.perf_counter() - started < 20
    assert won.race == portfolio.RACE_FLOORS and won.outcome.floor == 2 and won.outcome.fills
    assert multiprocessing.active_children() == []


def _rung_workers_die(self, rung, budget=None, found=None):
    """The rungs run in workers (below the taught ones, which run in the parent) die."""
    if rung >= TAUGHT_RUNGS:
        os._exit(3)
    return real_run_rung(self, rung, budget, found)


def test_a_rung_worker_that_dies_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(portfolio.Filler, "run_rung", _rung_workers_die)
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"size": "5x6"}), None)
    options = FillOptions(random_seed=4)  # a seed whose taught rungs find no fill: the worker rungs must run
    floor = options.floors()[TAUGHT_RUNGS]
    with pytest.raises(portfolio.PortfolioError, match=f"the fill worker searching quality floor {floor} died"):
        portfolio.fill_portfolio(Grid.empty(5, 6), words, options, workers=2)
    assert multiprocessing.active_children() == []


def test_floors_side_by_side_keep_the_time_limit():
    started = time.perf_counter()
    result = api.fill({"pattern": "stack-21", "time_limit": 1}, workers=2)
    assert time.perf_counter() - started < 15 and result.race == "floors"
    assert result.fills == [] and "time budget of 1 s" in result.stopped
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("rung", [1, TAUGHT_RUNGS])
def test_a_lower_rung_needs_the_rungs_it_starts_from(rung):
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"size": "5x6"}), None)
    with pytest.raises(RuntimeError, match=f"rung {rung} starts from what the rungs above it left"):
        portfolio.Filler(Grid.empty(5, 6), words).run_rung(rung)


@pytest.mark.parametrize("finished, rungs, answer", [
    ({}, 3, None), ({1: True}, 3, None), ({0: False, 2: True}, 3, None), ({0: False, 1: True}, 3, 1),
    ({0: True}, 3, 0), ({0: False, 1: False, 2: False}, 3, 2), ({0: False, 1: False, 2: True}, 3, 2)])
def test_the_answer_is_the_first_rung_that_finished_once_those_above_have_ended(finished, rungs, answer):
    from puzzlewright.grid.filler import RungOutcome, _Attempt

    ended = {rung: RungOutcome(rung, None, _Attempt(enough=done, gave_up=not done), [], 0, 0)
             for rung, done in finished.items()}
    assert portfolio.ladder_answer(ended, rungs) == answer


def test_cli_floors_side_by_side_say_so(cli):
    result = cli("grid", "fill", "--size", "5x6", "--workers", "2", "--random-seed", "3")
    alone = cli("grid", "fill", "--size", "5x6", "--random-seed", "3")
    assert result.exit_code == 0 and "quality floors searched on 2 workers, one worker's fill" in result.stdout
    assert result.stdout.split("  weakest")[0] == alone.stdout.split("  weakest")[0]
