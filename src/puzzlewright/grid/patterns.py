"""Shipped 15x15 block patterns in the American style, by name (``grid fill --pattern american-1``).

They were generated for this package by ``scripts/make_grid_patterns.py`` (seed 1), not copied from any
published puzzle: 180-degree rotational symmetry, every word at least 3 letters, all white cells
connected, 38 blocks, 72-76 words, no word longer than 9 letters.
"""

from __future__ import annotations

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.model import Grid

PATTERNS: dict[str, str] = {
    "american-1": (
        "#.....###.....#/"
        ".......#......./"
        ".......#......./"
        "...#.....#...../"
        "...#....#....../"
        "......#....#.../"
        "....#.......###/"
        "....##...##..../"
        "###.......#..../"
        "...#....#....../"
        "......#....#.../"
        ".....#.....#.../"
        ".......#......./"
        ".......#......./"
        "#.....###.....#"
    ),
    "american-2": (
        "##....#...#..../"
        "......#......../"
        "......#......../"
        "...#...##....../"
        "...#...#...#.../"
        "....#....#...../"
        "#........#...../"
        "###.........###/"
        ".....#........#/"
        ".....#....#..../"
        "...#...#...#.../"
        "......##...#.../"
        "........#....../"
        "........#....../"
        "....#...#....##"
    ),
    "american-3": (
        "...#......#...#/"
        "...#......#..../"
        "...#......#..../"
        "....#......#.../"
        ".......#......./"
        ".....##.....###/"
        "......#...#..../"
        "...##.....##.../"
        "....#...#....../"
        "###.....##...../"
        ".......#......./"
        "...#......#..../"
        "....#......#.../"
        "....#......#.../"
        "#...#......#..."
    ),
}


def pattern_grid(name: str) -> Grid:
    """The named shipped pattern as an empty grid under 3-letter rules."""
    if name not in PATTERNS:
        from puzzlewright.suggest import unknown_name

        raise PuzzleInputError(unknown_name("block pattern", name, PATTERNS, "shipped"))
    return Grid.parse(PATTERNS[name], min_length=3)


def shipped_patterns() -> list[dict[str, object]]:
    """Every shipped pattern as the web page's pattern picker takes it: name, rows, slot rule, words, blocks."""
    return [{"name": name, "rows": list(grid.rows), "min_length": grid.min_length, "words": len(grid.slots),
             "blocks": grid.blocks} for name, grid in ((name, pattern_grid(name)) for name in PATTERNS)]
