"""A generated Jumble as a setter uses it: a printable SVG picture and the solver's data-lines text.

The picture has what a newspaper prints: each scramble above a row of boxes (circled boxes for the
letters that go to the answer), the caption, and the answer's boxes (printed words written out); with
the answer key, the boxes are filled in. The data lines are the seed paper's format that ``jumble solve
--batch FILE`` reads back (:mod:`puzzlewright.jumble.batch`), the caption and the answer as comments.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Iterable

from puzzlewright.jumble.model import AnswerPattern
from puzzlewright.jumble.schema import GeneratedJumble

BOX = 30  # a letter box's side, in pixels
GAP = 4
MARGIN = 20
WIDTH = 520
CAPTION_CHARS = 48  # characters per caption line (capitals are wide)
FONT = 'font-family="sans-serif"'


def jumble_svg(puzzle: GeneratedJumble, answer_key: bool = False) -> str:
    """The puzzle as an SVG picture; with ``answer_key`` (and a puzzle made with its answers shown) the
    boxes hold the words and the final answer."""
    key = answer_key and puzzle.answer is not None
    parts: list[str] = []
    y = MARGIN
    for word in puzzle.jumbles:
        parts.append(f'<text x="{MARGIN}" y="{y + 22}" {FONT} font-size="22" font-weight="bold" '
                     f'letter-spacing="6">{word.scrambled}</text>')
        y += 32
        letters = word.answer if key and word.answer else ""
        parts += boxes(MARGIN, y, len(word.scrambled), set(word.circles), letters)
        y += BOX + 18
    for line in textwrap.wrap(puzzle.caption or "", CAPTION_CHARS):
        parts.append(f'<text x="{MARGIN}" y="{y + 16}" {FONT} font-size="15">{html.escape(line)}</text>')
        y += 20
    y += 10
    x = MARGIN
    answer_words = (puzzle.answer or "").split() if key else []
    for k, slot in enumerate(AnswerPattern.parse(puzzle.answer_pattern).slots):
        width = slot.length * (BOX + GAP)
        if x + width > WIDTH - MARGIN and x > MARGIN:
            x, y = MARGIN, y + BOX + 12
        if slot.fixed:
            parts.append(f'<text x="{x}" y="{y + 22}" {FONT} font-size="20" font-weight="bold">'
                         f'{slot.text.upper()}</text>')
        else:
            parts += boxes(x, y, slot.length, set(), answer_words[k] if k < len(answer_words) else "")
        x += width + 14
    height = y + BOX + MARGIN
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}"><rect width="100%" height="100%" fill="white"/>'
            + "".join(parts) + "</svg>")


def boxes(x: int, y: int, count: int, circled: set[int], letters: str) -> list[str]:
    """A row of ``count`` letter boxes from (x, y), a circle in those of ``circled``, ``letters`` inside."""
    parts = []
    for i in range(count):
        left = x + i * (BOX + GAP)
        parts.append(f'<rect x="{left}" y="{y}" width="{BOX}" height="{BOX}" fill="none" stroke="black"/>')
        if i in circled:
            parts.append(f'<circle cx="{left + BOX / 2}" cy="{y + BOX / 2}" r="{BOX / 2 - 3}" fill="none" '
                         'stroke="black"/>')
        if i < len(letters):
            parts.append(f'<text x="{left + BOX / 2}" y="{y + 21}" text-anchor="middle" {FONT} '
                         f'font-size="17">{letters[i].upper()}</text>')
    return parts


def data_lines(puzzles: Iterable[GeneratedJumble], seed: int) -> str:
    """The puzzles in the data-lines format ``jumble solve --batch FILE`` reads (one header and one
    line per word each), the caption and (when shown) the answer as ``#`` comments."""
    lines = [f"# Jumbles made by `puzzlewright jumble generate` (random seed {seed}); "
             "solve with `puzzlewright jumble solve --batch FILE`"]
    for puzzle in puzzles:
        if puzzle.caption:
            lines.append(f"# caption: {' '.join(puzzle.caption.split())}")
        if puzzle.answer:
            lines.append(f"# answer: {puzzle.answer}")
        lines.append(puzzle.answer_pattern)
        lines += [f"{word.scrambled} {word.circle_mask}" for word in puzzle.jumbles]
    return "\n".join(lines) + "\n"
