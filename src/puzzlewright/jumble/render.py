"""A generated Jumble as a setter uses it: a printable SVG picture and the solver's data-lines text.

The picture has what a newspaper prints: each scramble above a row of boxes (circled boxes for the
letters that go to the answer), the caption, and the answer's boxes (printed words written out); with
the answer key, the boxes are filled in. The data lines are the seed paper's format that ``jumble solve
--batch FILE`` reads back (:mod:`puzzlewright.jumble.datalines`), the caption and the answer as comments.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from puzzlewright.jumble.model import AnswerPattern
from puzzlewright.jumble.schema import GeneratedJumble
from puzzlewright.svg import BOX, GAP, MARGIN, letter_boxes, page, text

WIDTH = 520
CAPTION_CHARS = 48  # characters per caption line (capitals are wide)


def jumble_svg(puzzle: GeneratedJumble, answer_key: bool = False) -> str:
    """The puzzle as an SVG picture; with ``answer_key`` (and a puzzle made with its answers shown) the
    boxes hold the words and the final answer."""
    key = answer_key and puzzle.answer is not None
    parts: list[str] = []
    y = MARGIN
    for word in puzzle.jumbles:
        parts.append(text(MARGIN, y + 22, word.scrambled.upper(), 22, bold=True, spacing=6))
        y += 32
        letters = word.answer.upper() if key and word.answer else ""
        parts += letter_boxes(MARGIN, y, len(word.scrambled), letters, circled=word.circles)
        y += BOX + 18
    for line in textwrap.wrap(puzzle.caption or "", CAPTION_CHARS):
        parts.append(text(MARGIN, y + 16, line))
        y += 20
    y += 10
    x = MARGIN
    answer_words = (puzzle.answer or "").upper().split() if key else []
    for k, slot in enumerate(AnswerPattern.parse(puzzle.answer_pattern).slots):
        width = slot.length * (BOX + GAP)
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, y = MARGIN, y + BOX + 12
        if slot.fixed:
            parts.append(text(x, y + 22, slot.text.upper(), 20, bold=True))
        else:
            parts += letter_boxes(x, y, slot.length, answer_words[k] if k < len(answer_words) else "")
        x += width + 14
    return page(WIDTH, y + BOX + MARGIN, parts)


def data_lines(puzzles: Iterable[GeneratedJumble], seed: int) -> str:
    """The puzzles in the data-lines format ``jumble solve --batch FILE`` reads (one header and one
    line per word each), the caption and (when shown) the answer as ``#`` comments."""
    lines = [f"# Jumbles made by `puzzlewright jumble generate` (random seed {seed}); "
             "solve with `puzzlewright jumble solve --batch FILE`"]
    for puzzle in puzzles:
        if puzzle.caption:
            lines.append(f"# caption: {' '.join(puzzle.caption.split())}")
        if puzzle.answer:
            lines.append(f"# answer: {puzzle.answer.upper()}")
        lines.append(puzzle.answer_pattern.upper())
        lines += [f"{word.scrambled.upper()} {word.circle_mask}" for word in puzzle.jumbles]
    return "\n".join(lines) + "\n"
