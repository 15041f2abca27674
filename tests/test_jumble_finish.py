"""The Jumble answer search's compiled last slots (:mod:`puzzlewright.jumble.finish`): the C build and its
numba twin return the same candidates call for call on real training puzzles, a call that outgrows its
room is made again with the same outcome, both builds find every answer the exhaustive method does, and
the normal path never imports numba. (That the kernel changed no answer, score or count of the 480 training
puzzles against the Python search it replaced: ``benchmarks/jumble_dump.py`` on both, then ``cmp``.)"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

from puzzlewright import native
from puzzlewright.jumble import api, finish
from puzzlewright.schema import to_jsonable

needs_c = pytest.mark.skipif(native.c_compiler() is None, reason="no C compiler here")
FIELDS = ("jumbles", "answer_pattern", "caption")
NUMBA_TIME = 300  # seconds a solve may take: the numba build's first call compiles it (20 s under load)


def c_build() -> finish._CKernel:
    """The C build."""
    library = native.c_library("puzzlewright.jumble", finish.KERNEL_SOURCE, "Jumble answer kernel")
    assert library is not None
    return finish._CKernel(library)


def training(shared_data, count: int) -> list[dict]:
    """The first ``count`` training Jumbles, with their captions."""
    records = json.loads((shared_data / "train" / "jumble-train.json").read_text())[:count]
    return [{k: r[k] for k in FIELDS if k in r} for r in records]


def answers(puzzles: list[dict], english) -> list[dict]:
    """Each puzzle's result (top 10) as JSON, less its time."""
    results = []
    for puzzle in puzzles:
        result = to_jsonable(api.solve(dict(puzzle, top=10, time_limit=NUMBA_TIME), lexicon=english))
        result.pop("elapsed_s")
        results.append(result)
    return results


class BothBuilds:
    """Runs each kernel call with the C build and the numba build, checks they return the same, and counts
    the calls (the finishing ones by how many slots come before the last)."""

    def __init__(self) -> None:
        self.builds = (c_build(), finish._NumbaKernel())
        self.calls: Counter[str] = Counter()

    def finish(self, *arguments):
        out, out_bound, result = arguments[-3:]
        outcomes = []
        for build in self.builds:
            out.fill(-7)
            out_bound.fill(np.nan)
            result.fill(-7)
            build.finish(*arguments)
            shown = min(int(result[2]), len(out_bound))
            outcomes.append((result.tolist(), out[:shown].tolist(), out_bound[:shown].tolist()))
        assert outcomes[0] == outcomes[1]
        self.calls[f"finish {arguments[0]}"] += 1

    def level(self, level, start, floor, nodes_left):
        outcomes = []
        for build in self.builds:
            level.result.fill(-7)
            for out in level.outs:
                out.fill(-7)
            build.level(level, start, floor, nodes_left)
            why, position, spent, *kept = level.result.tolist()
            kept = kept if why == native.OUT_FULL else []
            outcomes.append((why, position, spent, [out[:n].tolist() for out, n in zip(level.outs, kept)]))
        assert outcomes[0] == outcomes[1]
        self.calls[f"level {outcomes[0][0]}"] += 1

    def fitting(self, slot, rows, pool, guards, out):
        outcomes = []
        for build in self.builds:
            out.fill(-7)
            kept = build.fitting(slot, rows, pool, guards, out)
            outcomes.append(out[:kept].tolist())
        assert outcomes[0] == outcomes[1]
        self.calls["fitting"] += 1
        return kept


@needs_c
def test_c_and_numba_builds_return_the_same_call_for_call(monkeypatch, shared_data, english):
    both = BothBuilds()
    monkeypatch.setattr(finish, "_backend", lambda: both)
    answers(training(shared_data, 40), english)
    names = ("finish 0", "finish 1", "finish 2", "fitting", f"level {native.DONE}", f"level {native.OUT_FULL}")
    assert all(both.calls[name] > 0 for name in names), both.calls


def test_a_call_that_outgrows_its_room_is_made_again(monkeypatch, shared_data, english):
    puzzles = training(shared_data, 25)
    roomy = answers(puzzles, english)
    monkeypatch.setattr(finish, "CAPACITY", 1)
    assert answers(puzzles, english) == roomy and any(len(found["answers"]) > 1 for found in roomy)


@pytest.mark.parametrize("build", ["c", "numba"])
@pytest.mark.parametrize(("pool", "pattern"), [("BREADBUTTER", "----- ------"), ("DOTHEMATH", "-- --- ----"),
                                               ("IAMONIT", "- -- -- --")])
def test_both_builds_find_every_answer_of_the_exhaustive_method(monkeypatch, english, build, pool, pattern):
    """Every answer the seed's method finds (permutations of the pool with dead-prefix skips), no more:
    one, two and three last slots, and an open slot before them."""
    from bench.jumble import permutation_answers

    if build == "c":
        library = native.c_library("puzzlewright.jumble", finish.KERNEL_SOURCE, "Jumble answer kernel")
        if library is None:
            pytest.skip("no C compiler here")
        kernel: finish.Kernel = finish._CKernel(library)
    else:
        kernel = finish._NumbaKernel()
    monkeypatch.setattr(finish, "_backend", lambda: kernel)
    result = to_jsonable(api.solve({"pool": pool, "answer_pattern": pattern, "top": 1000, "time_limit": NUMBA_TIME},
                                   lexicon=english))
    found, finished = permutation_answers(pool.lower(), [len(t) for t in pattern.split()], english, 60)
    assert finished and result["complete"] and len(result["answers"]) == found > 0
    assert len({tuple(a["words"]) for a in result["answers"]}) == found  # each once


@needs_c
def test_the_c_build_refuses_arrays_of_the_wrong_type(english):
    kernel = finish._CKernel(native.c_library("puzzlewright.jumble", finish.KERNEL_SOURCE, "Jumble answer kernel"))
    rows = np.zeros(2, np.int32)
    with pytest.raises(TypeError, match="int64 rows"):
        kernel.fitting(None, rows, (0, 0), (0, 0), np.zeros(2, np.int64))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="C-ordered float64"):
        finish.addresses((np.zeros(3, np.float32),), (np.float64,))
    with pytest.raises(TypeError, match="C-ordered int64"):
        finish.addresses((np.zeros((3, 4), np.int64).T,), (np.int64,))


@needs_c
def test_the_normal_path_never_imports_numba(shared_data):
    """numba costs a process over a second to import: the C build is loaded with ctypes alone."""
    puzzle = json.dumps(training(shared_data, 1)[0])
    code = ("import json, sys\nfrom puzzlewright.jumble.api import solve\n"
            f"result = solve(json.loads({puzzle!r}))\nprint(len(result.answers), 'numba' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert int(shown[0]) > 0 and shown[1] == "False"


def test_the_compiled_levels_search_and_spend_nodes_as_the_python_loop(monkeypatch, english):
    """Above the last three slots a level's words are tried by the compiled loop (``jumble_level``) when
    every open slot's needs are packed; with no packed needs the Python loop tries them, a node each. Both
    find the same answers, spend the same nodes, and under a node budget stop at the same node: the whole
    search's nodes, one fewer, a third, two."""
    from puzzlewright.budget import Budget
    from puzzlewright.jumble import answers

    request = {"pool": "INBEDATHOME", "answer_pattern": "-- --- -- ----", "top": 30}

    def solve(nodes: int | None) -> tuple[dict, int]:
        budget = Budget(nodes=nodes)
        result = to_jsonable(api.solve(request, lexicon=english, budget=budget))
        result.pop("elapsed_s")
        return result, budget.used

    whole = solve(None)[1]
    budgets = [None, whole, whole - 1, whole // 3, 2]
    compiled = [solve(nodes) for nodes in budgets]
    monkeypatch.setattr(answers.SlotWords, "packed_needs", property(lambda self: None))
    assert [solve(nodes) for nodes in budgets] == compiled
    assert [result["complete"] for result, _ in compiled] == [True, True, False, False, False]
    assert compiled[0][0]["answers"] and compiled[2][0]["answers"] and not compiled[4][0]["answers"]


def test_the_c_source_says_the_codes_python_defines():
    """``finish_kernel.c`` cannot import them: its BELOW_BAR and its hash table's shared cell are read back."""
    import re

    from puzzlewright.jumble.answers import SHARED_CELL

    text = native.kernel_source("puzzlewright.jumble", finish.KERNEL_SOURCE).decode()
    assert re.findall(r"BELOW_BAR = (-?\d+)", text) == [str(finish.BELOW_BAR)]
    assert re.findall(r"SHARED_CELL = (-?\d+)", text) == [str(SHARED_CELL)]
