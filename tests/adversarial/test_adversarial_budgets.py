"""Work that must not outlive its request (issue #16): index and matrix builds, sub-searches, and the
in-memory caches of one-off word lists.

Each test replays a request kind of the sweep that went on computing after the server had replied, or
kept memory per request, and asserts the fixed behaviour.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from puzzlewright.acrostic.generator import CONSTRUCTION_NODES, GenerateOptions, construction_words, generate_one
from puzzlewright.acrostic.kernel import word_trie
from puzzlewright.errors import BudgetExceeded
from puzzlewright.lexicon import load_lexicon
from puzzlewright.budget import Budget
from puzzlewright.wordle import api as wordle_api
from puzzlewright.wordle import matrix as wordle_matrix
from puzzlewright.wordle.scoring import feedback_matrix
from puzzlewright.wordle.words import word_pool


def test_an_inner_budget_shares_the_deadline_and_the_cancellation():
    """A uniqueness check runs on its own node allowance, but inside its request's time and cancel."""
    outer = Budget(seconds=60)
    inner = outer.within(nodes=10**9)
    assert inner.spend() and not inner.ran_out()
    outer.cancel()
    assert inner.ran_out() and inner.cancelled
    assert not Budget(seconds=60).within(nodes=5).spend(6)  # its own node limit still holds


def test_an_inner_budget_runs_out_with_its_outer_deadline():
    outer = Budget(seconds=0.01)
    inner = outer.within(nodes=10**9)
    threading.Event().wait(0.03)
    assert inner.ran_out()


def test_a_square_attempt_stops_mid_attempt_when_time_runs_out():
    """One 7x7 attempt is 20 M kernel nodes (seconds): the budget is checked between slices of it, so a
    request's 0.2 s does not become a whole attempt (before: 0 nodes counted, 6 s per attempt)."""
    lexicon = load_lexicon("english")
    word_trie(construction_words(lexicon, 7, None), 7)  # built (and cached) before the clock starts
    options = GenerateOptions(size=7, min_commonness=None, unique=False, random_seed=1)
    with pytest.raises(BudgetExceeded):  # the kernel loaded and the attempt set up before the clock starts
        generate_one(lexicon, options, 0, Budget(nodes=1000))
    budget = Budget(seconds=0.2)
    with pytest.raises(BudgetExceeded, match="time budget"):
        generate_one(lexicon, options, 0, budget)
    assert 0 < budget.used < CONSTRUCTION_NODES[7]


def test_a_cancelled_request_stops_building_its_pattern_matrix():
    """The assistant's matrix over a big list is built in blocks, with the budget checked between them."""
    pool = word_pool(load_lexicon("wordle-answers"), 5)
    budget = Budget(seconds=60)
    budget.cancel()
    with pytest.raises(BudgetExceeded, match="cancelled"):
        feedback_matrix(pool.table, pool.scorer, budget)
    with_budget = feedback_matrix(pool.table, pool.scorer, Budget(seconds=60))
    assert np.array_equal(with_budget, feedback_matrix(pool.table, pool.scorer))


def test_one_off_word_lists_keep_one_matrix_in_memory_not_one_per_request():
    """Every request with its own exclusions derives new lists: their matrices are neither written to the
    disk cache nor piled up in memory (13 requests once held 390 MB)."""
    answers = load_lexicon("wordle-answers").words
    for number in range(3):
        wordle_api.assist({"guesses": ["salet:BBBBB"], "exclude_words": list(answers[number * 7:number * 7 + 3])})
    assert len(wordle_matrix._LOADED_FOR_REQUESTS) == 1
    assert len(wordle_api._ASSISTANTS_FOR_REQUESTS) == 1


def test_a_request_with_its_own_exclusions_cuts_the_shipped_matrix_instead_of_scoring_again():
    """Scoring a fresh 2,315 x 12,969 matrix per request took a second or more of the request's budget;
    cut from the shipped lists' matrix it is the same codes in tens of milliseconds."""
    excluded = ["cigar", "rebut", "sissy"]
    answers = word_pool(load_lexicon("wordle-answers"), 5)
    guesses = word_pool(load_lexicon("wordle-guesses").exclude(excluded).union(answers.table.words), 5)
    base = wordle_matrix.PatternMatrix.load(answers, word_pool(load_lexicon("wordle-guesses"), 5))
    cut = wordle_matrix.PatternMatrix.cut(base, answers, guesses)
    assert cut is not None and cut.codes.shape == (len(answers), len(guesses))
    assert np.array_equal(cut.codes, feedback_matrix(answers.table, guesses.scorer))
    outsider = word_pool(load_lexicon("wordle-guesses").union(["zzzzz"]), 5)
    assert wordle_matrix.PatternMatrix.cut(base, answers, outsider) is None
    result = wordle_api.assist({"guesses": ["salet:BBBBB"], "exclude_words": excluded, "top": 3})
    assert next(iter(wordle_api._ASSISTANTS_FOR_REQUESTS.values())).matrix.source in {"cut", "memory"}
    assert not set(excluded) & {s.word for s in result.suggestions}
