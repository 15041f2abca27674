"""``grid fill --workers N`` (differently seeded searches raced by node count: the fewest nodes wins, ties to
the lower seed) and ``grid fill --batch``: valid fills, the winner being the seed whose one-worker search
needs the fewest nodes (so two races agree, and the winner's seed reproduces the fill on one worker), the
searches that can no longer win stopped by the shared node ceiling and no process left behind, budgets
kept, batches equal to single fills, and clear errors for bad worker counts and dead workers."""

from __future__ import annotations

import json
import multiprocessing
import os
import time

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import FillOptions, Grid, api
from puzzlewright.grid import portfolio
from puzzlewright.grid.filler import TAUGHT_RUNGS, Filler, FillOutcome, fill_grid
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


def _searches_forever_unless_seed_7(grid, lexicon, options, budget=None):
    """Seed 7 fills the grid; every other seed spends nodes until its budget stops it (without the race's
    ceiling, a minute's worth of them)."""
    if options.random_seed == 7:
        return fill_grid(grid, lexicon, options, budget)
    started = time.perf_counter()
    while budget.spend(1) and time.perf_counter() - started < 60:
        time.sleep(0.0001)
    return FillOutcome(grid, [], False, budget.used, 0, 0.0, budget.describe())


def test_searches_that_can_no_longer_win_stop_at_the_winners_nodes(monkeypatch):
    monkeypatch.setattr(portfolio, "fill_grid", _searches_forever_unless_seed_7)  # the forked workers inherit it
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"grid": TEMPLATE}), None)
    alone = fill_grid(Grid.parse(TEMPLATE), words, FillOptions(random_seed=7, min_score=3))
    started = time.perf_counter()
    won = portfolio.fill_portfolio(Grid.parse(TEMPLATE), words, FillOptions(random_seed=7, min_score=3), workers=3)
    assert time.perf_counter() - started < 30 and won.random_seed == 7 and won.outcome.fills
    assert won.outcome.nodes == alone.nodes
    assert multiprocessing.active_children() == []


def _ceiling(value: int):
    """The race's shared ceiling, as a race makes it."""
    from puzzlewright.parallel.runners import pool_context

    return pool_context().Value("q", value)


@pytest.mark.parametrize("racer, nodes, stops", [(0, 40, False), (0, 41, True), (2, 39, False), (2, 40, True)])
def test_a_race_budget_stops_a_search_once_it_cannot_beat_the_best_answer(racer, nodes, stops):
    best = _ceiling(portfolio.race_key(40, 1, 3))  # worker 1 answered in 40 nodes
    budget = portfolio.RaceBudget(None, racer, 3, best)
    assert budget.spend(nodes) is not stops and budget.ran_out() is stops
    assert ("another worker's search answered in fewer" in budget.describe()) is stops


def test_a_race_budget_keeps_the_requests_limits():
    request = Budget(seconds=5, nodes=100)
    budget = portfolio.RaceBudget(request, 0, 2, _ceiling(portfolio.NO_ANSWER))
    assert budget.spend(100) and not budget.spend(1) and "node budget of 100" in budget.describe()
    assert budget.seconds == 5 and budget._deadline == request._deadline


def _outcome(fills: int = 0, stopped: str | None = None) -> FillOutcome:
    return FillOutcome(Grid.parse("../.."), [None] * fills, stopped is None, 0, 0, 0.0, stopped)


@pytest.mark.parametrize("answers, winner", [
    ({0: (_outcome(1), 50), 1: (_outcome(1), 40)}, 1),  # fewer nodes win
    ({0: (_outcome(1), 40), 1: (_outcome(1), 40)}, 0),  # ties to the lower seed
    ({0: (_outcome(0, "stopped"), 10), 1: (_outcome(1), 40)}, 1),  # an answer beats a stopped search
    ({0: (_outcome(0), 70), 1: (_outcome(1), 90)}, 0),  # a proof that there is no fill is an answer
    ({0: (_outcome(0, "time"), 10), 1: (_outcome(2, "time"), 40), 2: (_outcome(2, "time"), 5)}, 1),  # most fills
    ({1: (_outcome(0, "time"), 10), 2: (_outcome(0, "time"), 5)}, 1),  # none: the lowest seed
])
def test_the_race_winner_is_the_fewest_nodes_then_the_lower_seed(answers, winner):
    assert portfolio.race_winner(answers, 3) == winner


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


# -- default fills: the race over the quality-floor ladder ----------------------------------------------------


@pytest.mark.parametrize("request_, workers", [({"size": "5x6", "random_seed": 5}, 2),
                                               ({"size": "5x6", "random_seed": 3}, 2),
                                               ({"size": "5x6", "random_seed": 3}, 3),
                                               ({"size": "5x6", "random_seed": 4, "min_score": 1.5}, 2),
                                               ({"size": "5x6", "random_seed": 7}, 2),  # 8 wins, at a higher floor
                                               ({"grid": TEMPLATE, "random_seed": 5, "min_score": 3, "count": 2}, 2)])
def test_a_race_gives_the_fill_of_the_seed_that_needs_the_fewest_nodes(request_, workers):
    alone = {seed: api.fill({**request_, "random_seed": seed})
             for seed in range(request_["random_seed"], request_["random_seed"] + workers)}
    fewest = min(alone, key=lambda seed: (alone[seed].nodes, seed))
    raced = api.fill(request_, workers=workers)
    assert raced.race == "seeds" and raced.workers == workers and raced.random_seed == fewest
    assert [fill.rows for fill in raced.fills] == [fill.rows for fill in alone[fewest].fills]
    assert (raced.floor, raced.nodes, raced.restarts) == (alone[fewest].floor, alone[fewest].nodes,
                                                           alone[fewest].restarts)
    floor = -1 if raced.floor is None else raced.floor  # fewer nodes on the ladder: here a floor at least as high
    assert all(floor >= (-1 if result.floor is None else result.floor) for result in alone.values())
    assert multiprocessing.active_children() == []


def _starts_late(seed):
    """``fill_grid``, but the search seeded ``seed`` starts two seconds after the others."""
    def fill_late(grid, lexicon, options, budget=None):
        if options.random_seed == seed:
            time.sleep(2)
        return fill_grid(grid, lexicon, options, budget)
    return fill_late


def test_the_fewest_nodes_win_even_when_they_answer_later(monkeypatch):
    request = {"grid": TEMPLATE, "min_score": 3}
    nodes = {seed: api.fill({**request, "random_seed": seed}).nodes for seed in range(12)}
    # the race's premise: a seed whose search needs fewer nodes than the next seed's
    seed = next(seed for seed in range(11) if nodes[seed] < nodes[seed + 1])
    alone = api.fill({**request, "random_seed": seed})
    monkeypatch.setattr(portfolio, "fill_grid", _starts_late(seed))
    for _ in range(2):
        raced = api.fill({**request, "random_seed": seed}, workers=2)
        assert raced.random_seed == seed and raced.nodes == alone.nodes
        assert [fill.rows for fill in raced.fills] == [fill.rows for fill in alone.fills]
    assert multiprocessing.active_children() == []


def test_a_race_of_default_fills_keeps_the_time_limit():
    started = time.perf_counter()
    result = api.fill({"pattern": "stack-21", "time_limit": 1}, workers=2)
    assert time.perf_counter() - started < 15 and result.race == "seeds"
    assert result.fills == [] and "time budget of 1 s" in result.stopped and result.random_seed == 0
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("rung", [1, TAUGHT_RUNGS])
def test_a_lower_rung_needs_the_rungs_it_starts_from(rung):
    words, _ = api.fill_lexicon(api.validate(api.FillRequest, {"size": "5x6"}), None)
    with pytest.raises(RuntimeError, match=f"rung {rung} starts from what the rungs above it left"):
        Filler(Grid.empty(5, 6), words).run_rung(rung)
