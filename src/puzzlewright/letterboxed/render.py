"""Drawing a box in the terminal: the polygon with its letters, and optionally a solution's path.

The shape is a regular polygon (the NYT's square for 4 sides) on a character canvas, stretched
horizontally because terminal cells are about twice as tall as wide. The path of a solution is drawn
as straight lines from letter to letter, one mark per word; the letters keep their places on the border.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlewright.letterboxed.box import Box

ASPECT = 2.2  # terminal cell height / width
PATH_MARKS = "·*o~="  # one per word of the path, in turn
CORNER = "+"


def render_box(box: Box, path: Sequence[str] = ()) -> str:
    """The box as text; with ``path`` (the words of a solution), the route through its letters."""
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
                _line(canvas, cell(places[a]), cell(places[b]), PATH_MARKS[number % len(PATH_MARKS)], over=" ")
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
        lines.append("   ".join(f"{PATH_MARKS[n % len(PATH_MARKS)]} {word.upper()}" for n, word in enumerate(path)))
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
