"""A generated acrostic as a printable SVG picture: the grid with the seed word in its first row (shaded:
given), the pool's letters to place below it, and with the answer key every row filled in."""

from __future__ import annotations

import textwrap

from puzzlewright.acrostic.schema import GeneratedPuzzle
from puzzlewright.svg import BOX, GAP, MARGIN, letter_boxes, page, text

POOL_CHARS = 40  # characters per line of the pool's letters (spaced out)


def acrostic_svg(puzzle: GeneratedPuzzle, answer_key: bool = False) -> str:
    """The puzzle as an SVG picture; with ``answer_key`` (and a puzzle that carries its solution) the grid
    is filled in."""
    rows = puzzle.solution.rows if answer_key and puzzle.solution else [puzzle.seed]
    width = max(2 * MARGIN + puzzle.size * (BOX + GAP), 360)
    parts = [text(MARGIN, MARGIN + 18, "Acrostic", 20, bold=True),
             text(MARGIN, MARGIN + 40, "Place the letters below so that every row and every column", 12),
             text(MARGIN, MARGIN + 56, "is a word; the first row is given.", 12)]
    y = MARGIN + 72
    for row in range(puzzle.size):
        parts += letter_boxes(MARGIN, y, puzzle.size, rows[row] if row < len(rows) else "",
                              shaded=range(puzzle.size) if row == 0 else ())
        y += BOX + GAP
    y += 24
    parts.append(text(MARGIN, y, "Letters to place:", 12, bold=True))
    for line in textwrap.wrap(" ".join(puzzle.pool.upper()), POOL_CHARS):
        y += 22
        parts.append(text(MARGIN, y, line, 16, spacing=2))
    return page(width, y + MARGIN, parts)
