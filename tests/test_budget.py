"""The shared search budget: node and time limits, and the one-line account of what ran out."""

from __future__ import annotations

import time

import pytest

from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.budget import Budget, ran_out


def test_node_budget_allows_exactly_its_nodes():
    budget = Budget(nodes=5)
    assert budget.spend(5) and not budget.exhausted
    assert budget.nodes_left == 0 and budget.ran_out()
    assert budget.describe() == "search stopped: node budget of 5 exhausted"
    with pytest.raises(BudgetExceeded, match="node budget of 5"):
        budget.check()


def test_time_budget_runs_out_and_says_so():
    budget = Budget(seconds=0.01)
    assert not budget.ran_out()
    time.sleep(0.02)
    assert budget.ran_out() and ran_out(budget)
    assert "time budget of 0.01 s" in budget.describe()


def test_no_budget_never_runs_out():
    assert not ran_out(None)
    assert Budget(seconds=60).nodes_left is None


@pytest.mark.parametrize("kwargs", [{"seconds": 0}, {"nodes": -1}])
def test_budget_limits_must_be_positive(kwargs):
    with pytest.raises(ValueError):
        Budget(**kwargs)


@pytest.mark.parametrize("seconds", [0, -1, float("nan")])
def test_a_time_budget_that_could_never_run_out_or_is_spent_already_is_an_input_error(seconds):
    with pytest.raises(PuzzleInputError, match="positive number of seconds"):
        Budget(seconds=seconds)


def test_a_narrowed_budget_keeps_the_tighter_deadline_and_its_own_node_limit():
    """A request's own limits inside a server's allowance: the earlier deadline wins, a node limit is
    added, no limit leaves the allowance itself, and cancelling the allowance stops the request."""
    allowance = Budget(seconds=10)
    assert allowance.narrowed() is allowance
    tight = allowance.narrowed(seconds=0.05)
    assert tight.seconds == 0.05 and not tight.ran_out()
    time.sleep(0.06)
    assert tight.ran_out() and not allowance.ran_out()
    loose = Budget(seconds=0.05).narrowed(seconds=100)
    assert loose.seconds == 0.05
    counted = allowance.narrowed(nodes=3)
    assert [counted.spend() for _ in range(4)] == [True, True, True, False] and "node budget of 3" in counted.describe()
    inner = allowance.narrowed(seconds=5)
    allowance.cancel()
    assert inner.ran_out() and inner.cancelled
