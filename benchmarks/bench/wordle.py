"""Wordle benchmarks: feedback throughput, Doodle (precompute, per row, a whole grid), the pattern matrix
(built and loaded from the cache) and the full-game simulation of every answer, with the same-run
baseline of a straightforward per-word Python scoring loop."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench import BenchResult, median_time
from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import load_lexicon
from puzzlewright.wordle.assistant import Assistant, Strategy
from puzzlewright.wordle.doodler import Doodler
from puzzlewright.wordle.scoring import feedback, feedback_matrix
from puzzlewright.wordle.matrix import PatternMatrix
from puzzlewright.wordle.model import Pattern, parse_grid
from puzzlewright.wordle.words import WordPool, word_pool

ANSWER = "crane"
GRID = ("BYBBB", "YBYYB", "BYYBY", "GBYBY", "GYGBY", "GGGGG")  # yellow/grey mixes, the seed's slow case


def _python_doodle(answer: str, words: tuple[str, ...], grid: list[Pattern]) -> list[str | None]:
    """The straightforward method: score every word in a Python loop, keep the first match of each row."""
    by_pattern: dict[Pattern, str] = {}
    for word in words:
        by_pattern.setdefault(feedback(word, answer), word)
    return [by_pattern.get(pattern) for pattern in grid]


def run(quick: bool = False) -> list[BenchResult]:
    repeat = 5 if quick else 15
    guesses = word_pool(load_lexicon("wordle-guesses"), 5)
    answers = word_pool(load_lexicon("wordle-answers"), 5)
    words = guesses.table.words
    grid = parse_grid(list(GRID), 5)
    answer_letters = letter_codes(ANSWER)
    pairs = len(words)

    vector = median_time(lambda: guesses.scorer.against(answer_letters), repeat=repeat * 4)
    python_loop = median_time(lambda: [feedback(word, ANSWER) for word in words], repeat=3)
    precompute = median_time(lambda: Doodler(ANSWER, guesses), repeat=repeat * 2)
    doodler = Doodler(ANSWER, guesses)
    per_row = median_time(lambda: doodler.doodle(grid, seed=1), repeat=repeat * 4) / len(grid)
    grid_total = median_time(lambda: Doodler(ANSWER, guesses).doodle(grid, seed=1), repeat=repeat * 2)
    python_grid = median_time(lambda: _python_doodle(ANSWER, words, grid), repeat=3)
    build = median_time(lambda: feedback_matrix(answers.table, guesses.scorer), repeat=3 if quick else 5)
    load = _cached_load_time(answers, guesses, repeat)
    simulation, average = _simulation(answers, guesses)
    hard_simulation, hard_average = _simulation(answers, guesses, hard=True)
    return [
        BenchResult("wordle", f"feedback: 1 answer x {pairs:,} guesses, vectorised "
                              f"({pairs / vector / 1e6:.0f} M pairs/s)", vector, pairs / 10e6, python_loop,
                    note="baseline: per-word Python loop"),
        BenchResult("wordle", f"feedback: matrix {len(answers):,} x {pairs:,} "
                              f"({len(answers) * pairs / build / 1e6:.0f} M pairs/s)", build, 2.0),
        BenchResult("wordle", "doodle: per-answer precompute over wordle-guesses", precompute, 0.020),
        BenchResult("wordle", "doodle: one row (mixed yellow/grey), after the precompute", per_row, 0.0001),
        BenchResult("wordle", "doodle: 6-row grid end to end (in-process)", grid_total, 0.025, python_grid,
                    note="baseline: per-word Python scoring loop"),
        BenchResult("wordle", "pattern matrix loaded from the disk cache", load, 0.050),
        BenchResult("wordle", f"assistant: play all {len(answers):,} answers, average {average:.4f} guesses "
                              "(optimum 3.4212)", simulation, 60.0),
        BenchResult("wordle", f"assistant: hard mode, all {len(answers):,} answers, average {hard_average:.4f} "
                              "guesses (target 3.52, optimum 3.5085), at most 6", hard_simulation, 300.0),
    ]


def _cached_load_time(answers: WordPool, guesses: WordPool, repeat: int) -> float:
    """Median time to load the matrix from a freshly written cache file (bypassing the in-process copy)."""
    with tempfile.TemporaryDirectory() as folder:
        PatternMatrix.load(answers, guesses, folder=Path(folder), reuse=False)

        def load() -> None:
            assert PatternMatrix.load(answers, guesses, folder=Path(folder), reuse=False).source == "cache"

        return median_time(load, repeat=repeat)


def _simulation(answers: WordPool, guesses: WordPool, *, hard: bool = False) -> tuple[float, float]:
    """Seconds to play every answer from scratch (no remembered decisions), and the average guesses; in hard
    mode, checked to need at most six guesses."""
    matrix = PatternMatrix.load(answers, guesses)
    started = time.perf_counter()
    histogram = Assistant(matrix, Strategy(matrix, opener="salet", hard=hard)).simulate_all()
    elapsed = time.perf_counter() - started
    if max(histogram) > 6:
        raise AssertionError(f"the {'hard-mode ' if hard else ''}strategy needed {max(histogram)} guesses")
    return elapsed, sum(k * v for k, v in histogram.items()) / sum(histogram.values())
