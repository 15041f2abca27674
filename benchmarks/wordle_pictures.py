#!/usr/bin/env python3
"""How well Doodle's pixel-font text fills: the share of glyph rows that get a word, with each line
centred in its grid and placed where the most rows fit (what `--text` does), and the time per letter.

Usage: python benchmarks/wordle_pictures.py [--answers 100] [--seed 5] [--text ABCDEFGHIJKLMNOPQRSTUVWXYZ]

Draws --answers answers from wordle-answers with the seed and doodles the text for each over
wordle-guesses (one grid per character); the solved row closing each grid is not counted.
"""

from __future__ import annotations

import argparse
import json
import string
import time

import numpy as np

from puzzlewright.lexicon import load_lexicon
from puzzlewright.wordle import api, pictures


def filled_glyph_rows(result) -> int:
    """Rows of the glyphs (not the closing solved rows) that got a word."""
    return sum(bool(row.word) for grid in result.grid_rows() for row in grid[:-1])


def measure(answers: int, seed: int, text: str) -> dict:
    """Doodle the text, centred and placed, for each drawn answer; gather the shares and the time."""
    pool = load_lexicon("wordle-answers").words
    rng = np.random.default_rng(seed)
    drawn = [pool[i] for i in rng.choice(len(pool), answers, replace=False)]
    centred = placed = 0
    seconds = 0.0
    for answer in drawn:
        for grid in pictures.text_grids(text, 5):
            centred += filled_glyph_rows(api.doodle({"answer": answer, "patterns": grid, "random_seed": 1}))
        started = time.perf_counter()
        placed += filled_glyph_rows(api.doodle({"answer": answer, "text": text, "random_seed": 1}))
        seconds += time.perf_counter() - started
    rows = answers * len(text) * pictures.GLYPH_ROWS
    return {"answers": answers, "seed": seed, "text": text, "glyph_rows": rows,
            "filled_centred": round(centred / rows, 4), "filled_placed": round(placed / rows, 4),
            "ms_per_letter": round(1000 * seconds / (answers * len(text)), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--text", default=string.ascii_uppercase)
    args = parser.parse_args()
    print(json.dumps(measure(args.answers, args.seed, args.text), indent=1))


if __name__ == "__main__":
    main()
