"""Drawing a box in the terminal: the polygon with its letters, and optionally a solution's path; and as
SVG, for notebooks (:func:`box_svg`) and as a printable puzzle (:func:`puzzle_svg`).

The shape is a regular polygon (the NYT's square for 4 sides) on a character canvas, stretched
horizontally because terminal cells are about twice as tall as wide. The path of a solution is drawn
as straight lines from letter to letter, one mark per word; the letters keep their places on the border.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from puzzlewright.letterboxed.model import Box
from puzzlewright.svg import MARGIN, page, text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from puzzlewright.letterboxed.schema import GeneratedPuzzle

ASPECT = 2.2  # terminal cell height / width
PATH_MARKS = "·*o~="  # one per word of the path, in turn
CORNER = "+"
PATH_COLOURS = ("#d4564a", "#3a7bd5", "#2e9d5b", "#9b59b6", "#e08e0b")  # one per word of a path drawn in SVG
PRINT_SIZE = 360  # the box's square on a printed puzzle, in pixels


def render_box(box: Box, path: Sequence[str] = (), word_style: Callable[[int, str], str] | None = None) -> str:
    """The box as text; with ``path`` (the words of a solution), the route through its letters.

    ``word_style(n, text)`` decorates the marks and the name of the path's n-th word (the CLI colours each
    word in its own colour on a terminal); the characters drawn are the same with or without it.
    """
    style = word_style or (lambda number, text: text)
    sides, per_side = box.shape
    radius = 2.2 + 1.3 * per_side  # rows from centre to corner
    corners = _corners(sides, radius)
    width = int(2 * radius * ASPECT) + 3
    height = int(2 * radius) + 3
    canvas = [[" "] * width for _ in range(height)]
    centre = (height / 2 - 0.5, width / 2 - 0.5)

    def cell(point: tuple[float, float]) -> tuple[int, int]:
        return round(centre[0] + point[0]), round(centre[1] + point[1] * ASPECT)

    for k in range(sides):
        _line(canvas, cell(corners[k]), cell(corners[(k + 1) % sides]), _edge_mark(corners[k], corners[(k + 1) % sides]))
    for corner in corners:
        row, col = cell(corner)
        canvas[row][col] = CORNER
    places = _letter_places(box, corners)
    for number, word in enumerate(path):
        word = word.lower()
        for a, b in zip(word, word[1:]):
            if a in places and b in places:
                _line(canvas, cell(places[a]), cell(places[b]), style(number, PATH_MARKS[number % len(PATH_MARKS)]),
                      over=" ")
    route = "".join(path).lower()
    used = set(route)
    for letter, point in places.items():
        row, col = cell(point)
        canvas[row][col] = letter.upper() if not route or letter in used else letter.lower()
    lines = ["".join(row).rstrip() for row in canvas]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    if path:
        lines.append("")
        lines.append("   ".join(style(n, f"{PATH_MARKS[n % len(PATH_MARKS)]} {word.upper()}")
                                for n, word in enumerate(path)))
    return "\n".join(lines)


def _corners(sides: int, radius: float) -> list[tuple[float, float]]:
    """(row, column-unit) corners of a regular polygon, clockwise from the top-left, top edge level."""
    start = -math.pi / 2 - math.pi / sides
    return [(radius * math.sin(start + 2 * math.pi * k / sides), radius * math.cos(start + 2 * math.pi * k / sides))
            for k in range(sides)]


def _letter_places(box: Box, corners: list[tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Lowercase letter -> its point on the border, evenly spaced along its side, clockwise."""
    places = {}
    count = len(box.sides)
    for k, side in enumerate(box.sides):
        (r0, c0), (r1, c1) = corners[k], corners[(k + 1) % count]
        for i, letter in enumerate(side):
            t = (i + 1) / (len(side) + 1)
            places[letter.lower()] = (r0 + (r1 - r0) * t, c0 + (c1 - c0) * t)
    return places


def _edge_mark(a: tuple[float, float], b: tuple[float, float]) -> str:
    """The character drawing a border edge from a to b: -, |, / or \\."""
    rows, cols = b[0] - a[0], (b[1] - a[1]) * ASPECT
    if abs(rows) < 0.4 * abs(cols):
        return "-"
    if abs(cols) < 0.4 * abs(rows):
        return "|"
    return "\\" if rows * cols > 0 else "/"


def _line(canvas: list[list[str]], start: tuple[int, int], end: tuple[int, int], mark: str, over: str | None = None) -> None:
    """Draw a straight line of ``mark`` (only over cells holding ``over``, when given)."""
    (r0, c0), (r1, c1) = start, end
    steps = max(abs(r1 - r0), abs(c1 - c0), 1)
    for s in range(steps + 1):
        row = round(r0 + (r1 - r0) * s / steps)
        col = round(c0 + (c1 - c0) * s / steps)
        if over is None or canvas[row][col] == over:
            canvas[row][col] = mark


def box_svg(sides: Sequence[str], path: Sequence[str] = (), size: int = 220) -> str:
    """The box as an SVG picture (for notebooks): a square of sides with the letters, and ``path`` (a
    solution's words) drawn as lines from letter to letter, one colour per word."""
    return page(size, size, box_parts(Box(tuple(side.upper() for side in sides)), path, size))


def box_parts(box: Box, path: Sequence[str], size: int, left: float = 0, top: float = 0) -> list[str]:
    """The SVG markup of :func:`box_svg`'s picture, drawn in the ``size`` x ``size`` square from (left, top)."""
    count, _ = box.shape
    radius = size / 2 - 24
    centre_x, centre_y = left + size / 2, top + size / 2
    corners = [(centre_x + radius * math.cos(a), centre_y + radius * math.sin(a))
               for a in (-math.pi / 2 - math.pi / count + 2 * math.pi * k / count for k in range(count))]
    points = _letter_places(box, [(y, x) for x, y in corners])
    parts = ['<polygon points="' + " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
             + '" fill="white" stroke="black" stroke-width="3"/>']
    for number, word in enumerate(path):
        line = " ".join(f"{points[c][1]:.1f},{points[c][0]:.1f}" for c in word.lower() if c in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{PATH_COLOURS[number % len(PATH_COLOURS)]}" '
                     'stroke-width="2.5" stroke-linejoin="round"/>')
    for letter, (y, x) in points.items():
        dx, dy = x - centre_x, y - centre_y
        scale = 14 / max(1e-9, math.hypot(dx, dy))
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="black"/>')
        parts.append(text(round(x + dx * scale, 1), round(y + dy * scale + 5, 1), letter.upper(), 15, bold=True,
                          anchor="middle"))
    return parts


def puzzle_svg(puzzle: GeneratedPuzzle, answer_key: bool = False) -> str:
    """A generated puzzle as a printable SVG page: the box, the rules in a line, the par and lines to write
    the words on; with ``answer_key`` (and a puzzle made with its solution shown) the answer's path is
    drawn and its words written out instead of the lines."""
    answer = puzzle.solution if answer_key and puzzle.solution else []
    parts = [text(MARGIN, MARGIN + 18, "Letter Boxed", 20, bold=True),
             text(MARGIN, MARGIN + 40, "Chain words, each starting with the last letter of the one before,", 12),
             text(MARGIN, MARGIN + 56, "with no two letters in a row from the same side.", 12),
             text(MARGIN, MARGIN + 72, f"Use every letter, in {puzzle.par} words or fewer.", 12)]
    top = MARGIN + 72
    parts += box_parts(Box(tuple(side.upper() for side in puzzle.sides)), answer, PRINT_SIZE, MARGIN, top)
    y = top + PRINT_SIZE + 30
    if answer:
        parts.append(text(MARGIN, y, "Answer: " + " \u2013 ".join(answer).upper(), 16, bold=True))
    else:
        parts += [f'<line x1="{MARGIN}" y1="{y + 34 * k}" x2="{MARGIN + PRINT_SIZE}" y2="{y + 34 * k}" stroke="#999"/>'
                  for k in range(puzzle.par)]
        y += 34 * (puzzle.par - 1)
    return page(PRINT_SIZE + 2 * MARGIN, y + MARGIN, parts)
