"""Nogoods learnt at restarts (issue #32): a search that restarts after almost every node, pruned by what
earlier runs learnt, reaches the same verdict (a fill, or a proof that none exists) as an independent brute
force over random small grids and tiny word lists; it learns and uses nogoods; a seed gives one search."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import FillOptions, Grid, fill_grid
from puzzlewright.grid import filler
from puzzlewright.lexicon import Lexicon


def brute_force_fillable(grid: Grid, words: list[str]) -> bool:
    """Whether some assignment of distinct words to the slots agrees on every shared cell (written from the
    rules: slot by slot, each word checked against the letters already placed)."""
    cells = list(grid.cells)
    slots = grid.slots

    def place(index: int, used: set[str]) -> bool:
        if index == len(slots):
            return True
        slot = slots[index]
        for word in words:
            if len(word) != slot.length or word in used:
                continue
            if any(cells[cell] not in (".", letter) for cell, letter in zip(slot.cells, word)):
                continue
            before = [cells[cell] for cell in slot.cells]
            for cell, letter in zip(slot.cells, word):
                cells[cell] = letter
            if place(index + 1, used | {word}):
                return True
            for cell, letter in zip(slot.cells, before):
                cells[cell] = letter
        return False

    return place(0, set())


def assert_fill_fits(fill: filler.Fill, grid: Grid, words: list[str]) -> None:
    """Every slot of the filled grid reads a word of the list, no word twice, the blocks kept."""
    assert [cell == "#" for cell in fill.grid.cells] == [cell == "#" for cell in grid.cells]
    placed = ["".join(fill.grid.cells[cell] for cell in slot.cells) for slot in fill.grid.slots]
    assert placed == fill.words and set(placed) <= set(words) and len(set(placed)) == len(placed)


@pytest.fixture
def restless(monkeypatch):
    """Restarts after every node or two (the Luby sequence times 1), so that nogoods are learnt at once
    (the same for every example hypothesis draws)."""
    monkeypatch.setattr(filler, "RESTART_BASE", 1)


@st.composite
def small_problems(draw: st.DrawFn) -> tuple[Grid, list[str]]:
    """A 3x3 to 4x4 grid with up to two blocks (open when they box a cell in), and a tiny list of its slots' lengths over three letters
    (so that fills are neither certain nor impossible, and a search takes more than one decision)."""
    height, width = draw(st.integers(3, 4)), draw(st.integers(3, 4))
    blocks = draw(st.lists(st.tuples(st.integers(0, height - 1), st.integers(0, width - 1)), max_size=2))
    rows = ["".join("#" if (r, c) in blocks else "." for c in range(width)) for r in range(height)]
    try:
        grid = Grid.from_rows(rows)
    except PuzzleInputError:  # a cell boxed in by the blocks: the open grid instead
        grid = Grid.empty(height, width)
    lengths = sorted({slot.length for slot in grid.slots})
    word = st.sampled_from(lengths).flatmap(lambda n: st.text("abc", min_size=n, max_size=n))
    return grid, draw(st.lists(word, min_size=8, max_size=30, unique=True))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(problem=small_problems(), seed=st.integers(0, 3))
def test_learnt_nogoods_keep_the_verdict_of_a_brute_force(restless, problem, seed):
    grid, words = problem
    lexicon = Lexicon(words)
    learning = fill_grid(grid, lexicon, FillOptions(random_seed=seed))
    plain = fill_grid(grid, lexicon, FillOptions(restarts=False))  # no restarts: nothing learnt
    expected = brute_force_fillable(grid, words)
    assert bool(learning.fills) is expected and bool(plain.fills) is expected
    if expected:
        assert_fill_fits(learning.fills[0], grid, words)
    else:
        assert learning.complete and plain.complete  # the proof stands with the nogoods


UNFILLABLE = ["aba", "abd", "baa", "bab", "bda", "bdc", "bdd", "cba", "daa", "dad", "dbc", "dcd"]


def test_a_proof_after_restarts_uses_what_earlier_runs_learnt(restless):
    """An open 3x3 from twelve words: no fill, proved by a run pruned by the nogoods the earlier runs learnt
    (the search restarts after every node or two)."""
    grid = Grid.empty(3, 3)
    assert not brute_force_fillable(grid, UNFILLABLE)
    search = filler.Filler(grid, Lexicon(UNFILLABLE), FillOptions(random_seed=0, step_floors=False))
    outcome = search.run()
    assert not outcome.fills and outcome.complete and outcome.restarts > 0
    assert search.n_nogoods > 0 and outcome.explanation.startswith("no fill exists")


def test_one_seed_gives_one_search_with_nogoods(restless):
    words = [*UNFILLABLE, "aaa", "bbb", "ccc", "ddd", "abc", "bcd", "cda", "dab", "acd", "bdb"]
    grid = Grid.empty(3, 3)
    runs = [fill_grid(grid, Lexicon(words), FillOptions(count=3, random_seed=7)) for _ in range(2)]
    assert [fill.words for fill in runs[0].fills] == [fill.words for fill in runs[1].fills]
    assert (runs[0].nodes, runs[0].restarts) == (runs[1].nodes, runs[1].restarts) and runs[0].restarts > 0
