"""Pictures for Wordle Doodle: named presets, short text in a pixel font, and SVG/PNG images of a filled grid.

Text is drawn wordraw-style: each character is a glyph of :data:`GLYPH_ROWS` pixel rows (at most 5 columns
wide, mostly 3-4, with no row fully lit, so no glyph row asks for the solved pattern), set in green on
grey, one column apart, flowing across as many grids of the answer's width as it needs (one character
per grid for five-letter answers). Every grid then ends with the all-green row, so each reads as a real
game that is solved on its last guess.

This module imports numpy only to draw a PNG, so the CLI can list the presets cheaply. Images are drawn
without any imaging library: SVG as text, PNG as raw rows compressed with :mod:`zlib`
into the three chunks a PNG needs; the letters on the tiles are the same pixel font, scaled up.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from puzzlewright.errors import PuzzleInputError

if TYPE_CHECKING:
    import numpy as np

GLYPH_ROWS = 5
MAX_TEXT = 40  # characters of one --text: a picture, not a page
INK, PAPER, SOLVED = "G", "B", "G"

# Each glyph: GLYPH_ROWS rows of '#' (lit) and '.', all of one width.
FONT: dict[str, tuple[str, ...]] = {
    "A": (".##.", "#..#", "####", "#..#", "#..#"),
    "B": ("###.", "#..#", "###.", "#..#", "###."),
    "C": (".###", "#...", "#...", "#...", ".###"),
    "D": ("###.", "#..#", "#..#", "#..#", "###."),
    "E": ("####", "#...", "###.", "#...", "####"),
    "F": ("####", "#...", "###.", "#...", "#..."),
    "G": (".###", "#...", "#.##", "#..#", ".###"),
    "H": ("#..#", "#..#", "####", "#..#", "#..#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "J": ("..##", "...#", "...#", "#..#", ".##."),
    "K": ("#..#", "#.#.", "##..", "#.#.", "#..#"),
    "L": ("#...", "#...", "#...", "#...", "####"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"),
    "N": ("#..#", "##.#", "#.##", "#..#", "#..#"),
    "O": (".##.", "#..#", "#..#", "#..#", ".##."),
    "P": ("###.", "#..#", "###.", "#...", "#..."),
    "Q": (".##.", "#..#", "#..#", "#.##", ".###"),
    "R": ("###.", "#..#", "###.", "#.#.", "#..#"),
    "S": (".###", "#...", ".##.", "...#", "###."),
    "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "U": ("#..#", "#..#", "#..#", "#..#", ".##."),
    "V": ("#...#", "#...#", ".#.#.", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#.#.#", "##.##", "#...#"),
    "X": ("#...#", ".#.#.", "..#..", ".#.#.", "#...#"),
    "Y": ("#...#", ".#.#.", "..#..", "..#..", "..#.."),
    "Z": ("####", "...#", ".##.", "#...", "####"),
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    " ": ("...", "...", "...", "...", "..."),
    "!": ("#", "#", "#", ".", "#"),
    "?": ("###", "..#", ".##", "...", ".#."),
    ".": (".", ".", ".", ".", "#"),
    ",": ("..", "..", "..", ".#", "#."),
    "'": ("#", "#", ".", ".", "."),
    ":": (".", "#", ".", "#", "."),
    "-": ("...", "...", "###", "...", "..."),
    "+": ("...", ".#.", "###", ".#.", "..."),
    "=": ("...", "###", "...", "###", "..."),
    "<": ("..#", ".#.", "#..", ".#.", "..#"),
    ">": ("#..", ".#.", "..#", ".#.", "#.."),
}
FONT_CHARACTERS = "A-Z, 0-9, space and " + " ".join(c for c in FONT if not c.isalnum() and c != " ")

# Presets: painted rows (G/Y/B and wildcards) five cells wide; centred on grey in wider grids. A row
# with every cell lit uses '+' (green or yellow): the filler keeps it from being the solved row.
PRESETS: dict[str, tuple[str, ...]] = {
    "heart": ("B+B+B", "+++++", "+++++", "B+++B", "BB+BB", "BBBBB"),
    "smiley": ("BBBBB", "BGBGB", "BBBBB", "GBBBG", "BGGGB", "BBBBB"),
    "frown": ("BBBBB", "BGBGB", "BBBBB", "BGGGB", "GBBBG", "BBBBB"),
    "arrow": ("BBGBB", "BGGGB", "GBGBG", "BBGBB", "BBGBB", "BBGBB"),
    "checkerboard": ("GBGBG", "BGBGB", "GBGBG", "BGBGB", "GBGBG", "BGBGB"),
    "diamond": ("BBGBB", "BGBGB", "GBBBG", "BGBGB", "BBGBB", "BBBBB"),
    "plus": ("BBBBB", "BBGBB", "BGGGB", "BBGBB", "BBBBB", "GGGGG"),
    "stairs": ("GBBBB", "GGBBB", "GGGBB", "GGGGB", "GGGGB", "GGGGG"),
    "hi": ("GBGBG", "GBGBB", "GGGBG", "GBGBG", "GBGBG", "GGGGG"),
}
TILE, GAP, MARGIN, GRID_GAP = 40, 4, 8, 24  # image layout, in pixels
COLOURS = {"G": "#6aaa64", "Y": "#c9b458", "B": "#787c7e", "?": "#d3d6da"}
BACKGROUND, LETTER = "#ffffff", "#ffffff"


def glyph(character: str) -> tuple[str, ...]:
    """The pixel rows of one character (letters in any case), or a one-line error naming what the font has."""
    found = FONT.get(character.upper())
    if found is None:
        raise PuzzleInputError(f"the pixel font has no {character!r}; it has {FONT_CHARACTERS}")
    return found


def text_lines(text: str, width: int) -> list[list[str]]:
    """``text`` in the pixel font, split into the lines of lit cells ('#' and '.') of each grid: glyphs
    one column apart, as many to a grid ``width`` cells wide as fit (one to a five-letter grid)."""
    if not text.strip():
        raise PuzzleInputError("the text to draw is empty")
    if len(text) > MAX_TEXT:
        raise PuzzleInputError(f"the text to draw has {len(text)} characters; at most {MAX_TEXT} fit a picture")
    glyphs = [glyph(character) for character in text]
    widest = max(len(g[0]) for g in glyphs)
    if widest > width:
        raise PuzzleInputError(f"the text needs grids at least {widest} cells wide; the answer has {width} letters")
    lines: list[list[tuple[str, ...]]] = [[]]
    used = 0
    for g in glyphs:
        needed = len(g[0]) + (1 if lines[-1] else 0)
        if lines[-1] and used + needed > width:
            lines.append([])
            used, needed = 0, len(g[0])
        lines[-1].append(g)
        used += needed
    return [[".".join(g[r] for g in line) for r in range(GLYPH_ROWS)] for line in lines]


def placements(line: list[str], width: int) -> list[list[str]]:
    """The painted rows of one grid for every horizontal place of its line (ink green on grey, then the
    solved row): centred first, then by distance from the centre. Any place reads the same; the filler
    takes the one whose rows fit the most words."""
    centre = (width - len(line[0])) // 2
    lefts = sorted(range(width - len(line[0]) + 1), key=lambda left: (abs(left - centre), left))
    return [[("." * left + row).ljust(width, ".").replace("#", INK).replace(".", PAPER) for row in line]
            + [SOLVED * width] for left in lefts]


def text_grids(text: str, width: int) -> list[list[str]]:
    """``text`` drawn in the pixel font over grids ``width`` cells wide, each line centred: the painted
    rows of each grid, ending with the solved row."""
    return [placements(line, width)[0] for line in text_lines(text, width)]


def preset_grid(name: str, width: int) -> list[str]:
    """The painted rows of a named preset for grids ``width`` cells wide (centred on grey; a checkerboard
    fills any width)."""
    rows = PRESETS.get(name.strip().casefold())
    if rows is None:
        raise PuzzleInputError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
    if name.strip().casefold() == "checkerboard":
        return [("GB" * width)[r % 2:r % 2 + width] for r in range(len(rows))]
    if len(rows[0]) > width:
        raise PuzzleInputError(f"the preset {name!r} needs grids at least {len(rows[0])} cells wide; the answer has "
                               f"{width} letters")
    left = (width - len(rows[0])) // 2
    return [(PAPER * left + row).ljust(width, PAPER) for row in rows]


@dataclass(frozen=True)
class Tile:
    """One cell of a filled grid: its colour mark (G/Y/B, or ? when undecided) and letter ('' for none)."""

    mark: str
    letter: str


def tiles_of(rows: Sequence[tuple[str | None, str]]) -> list[list[Tile]]:
    """Tiles from (word or None, pattern) rows; a pattern cell that is not G/Y/B shows as undecided."""
    return [[Tile(mark if mark in "GYB" else "?", (word or "")[j:j + 1].upper()) for j, mark in enumerate(pattern)]
            for word, pattern in rows]


def _layout(grids: Sequence[Sequence[Sequence[Tile]]]) -> tuple[int, int, list[int]]:
    """Image width, height and each grid's left edge: grids side by side, in reading order."""
    lefts, x = [], MARGIN
    for grid in grids:
        lefts.append(x)
        x += _span(len(grid[0]) if grid else 0) + GRID_GAP
    width = x - GRID_GAP + MARGIN
    height = MARGIN * 2 + _span(max((len(grid) for grid in grids), default=0))
    return max(width, 2 * MARGIN), height, lefts


def _span(cells: int) -> int:
    return max(cells * (TILE + GAP) - GAP, 0)


def svg(grids: Sequence[Sequence[Sequence[Tile]]]) -> str:
    """The grids as an SVG document: coloured tiles with their letters, grids side by side."""
    width, height, lefts = _layout(grids)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">', f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>']
    for grid, left in zip(grids, lefts):
        for r, row in enumerate(grid):
            for c, tile in enumerate(row):
                x, y = left + c * (TILE + GAP), MARGIN + r * (TILE + GAP)
                parts.append(f'<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" fill="{COLOURS[tile.mark]}"/>')
                if tile.letter:
                    parts.append(f'<text x="{x + TILE // 2}" y="{y + TILE // 2}" fill="{LETTER}" '
                                 f'font-family="Helvetica, Arial, sans-serif" font-weight="bold" font-size="24" '
                                 f'text-anchor="middle" dominant-baseline="central">{tile.letter}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def png(grids: Sequence[Sequence[Sequence[Tile]]]) -> bytes:
    """The grids as a PNG (8-bit RGB): coloured tiles with their letters drawn in the pixel font."""
    import numpy as np

    width, height, lefts = _layout(grids)
    pixels = np.empty((height, width, 3), np.uint8)
    pixels[:] = _rgb(BACKGROUND)
    for grid, left in zip(grids, lefts):
        for r, row in enumerate(grid):
            for c, tile in enumerate(row):
                x, y = left + c * (TILE + GAP), MARGIN + r * (TILE + GAP)
                pixels[y:y + TILE, x:x + TILE] = _rgb(COLOURS[tile.mark])
                if tile.letter:
                    _draw_letter(pixels, tile.letter, x, y)
    return encode_png(pixels)


def _draw_letter(pixels: np.ndarray, letter: str, x: int, y: int) -> None:
    """Paint ``letter`` in the pixel font, scaled to fill most of the tile at (x, y)."""
    import numpy as np

    lit = np.array([[cell == "#" for cell in row] for row in glyph(letter)])
    scale = (TILE * 3 // 5) // GLYPH_ROWS
    big = np.kron(lit, np.ones((scale, scale), bool))
    top, left = y + (TILE - big.shape[0]) // 2, x + (TILE - big.shape[1]) // 2
    pixels[top:top + big.shape[0], left:left + big.shape[1]][big] = _rgb(LETTER)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def encode_png(pixels: np.ndarray) -> bytes:
    """An (height, width, 3) uint8 array as PNG bytes: signature, IHDR, one zlib IDAT (filter 0 rows), IEND."""
    import numpy as np

    height, width, _ = pixels.shape
    raw = np.concatenate([np.zeros((height, 1), np.uint8), pixels.reshape(height, width * 3)], axis=1)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw.tobytes(), 9))
            + chunk(b"IEND", b""))
