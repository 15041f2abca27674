"""Wordle Doodle pictures: text in the pixel font, presets, and PNG/SVG images of a filled grid.

Every filled row is re-scored with the independent rule of ``test_wordle``; images are read back with the
standard library (PNG chunks and pixels through zlib, SVG through ElementTree)."""

from __future__ import annotations

import base64
import json
import re
import struct
import xml.etree.ElementTree as ElementTree
import zlib
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.errors import PuzzleInputError
from puzzlewright.wordle import api, doodle, pictures
from test_wordle import plain_feedback

FONT_TEXT = st.text(alphabet="".join(pictures.FONT), min_size=1, max_size=8).filter(str.strip)


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the RGB rows of an 8-bit RGB PNG with filter-0 rows, checking every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks.setdefault(kind, b"")
        chunks[kind] += body
        at += 12 + length
    width, height, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 2) and b"IEND" in chunks
    raw = zlib.decompress(chunks[b"IDAT"])
    assert len(raw) == height * (1 + 3 * width)
    rows = [raw[r * (1 + 3 * width):(r + 1) * (1 + 3 * width)] for r in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, [row[1:] for row in rows]


def test_the_font_has_five_rows_of_one_width_and_no_row_fully_lit():
    for character, rows in pictures.FONT.items():
        assert len(rows) == pictures.GLYPH_ROWS and len({len(row) for row in rows}) == 1, character
        assert set("".join(rows)) <= {"#", "."}
        assert not any(len(row) == 5 and set(row) == {"#"} for row in rows), character  # no solved row


def test_text_draws_each_glyph_in_green_and_ends_every_grid_solved():
    grids = pictures.text_grids("HI", 5)
    assert grids == [["GBBGB", "GBBGB", "GGGGB", "GBBGB", "GBBGB", "GGGGG"],
                     ["BGGGB", "BBGBB", "BBGBB", "BBGBB", "BGGGB", "GGGGG"]]
    assert pictures.text_grids("hi", 12) == [["BBGBBGBGGGBB", "BBGBBGBBGBBB", "BBGGGGBBGBBB", "BBGBBGBBGBBB",
                                              "BBGBBGBGGGBB", "G" * 12]]


@settings(max_examples=25, deadline=None)
@given(FONT_TEXT, st.integers(5, 12))
def test_text_layout_keeps_every_glyph_in_order(text, width):
    """Reading the lit cells back column by column gives the glyphs, in order, one blank column apart."""
    grids = pictures.text_grids(text, width)
    columns = []
    for grid in grids:
        assert len(grid) == pictures.GLYPH_ROWS + 1 and grid[-1] == "G" * width
        assert all(len(row) == width for row in grid)
        cells = ["".join("#" if mark == "G" else "." for mark in row) for row in grid[:-1]]
        grid_columns = ["".join(row[c] for row in cells) for c in range(width)]
        columns.append(grid_columns)
    expected = [[column for g in line for column in ["".join(row[c] for row in g) for c in range(len(g[0]))]]
                for line in _lines(text, width)]
    for found, wanted in zip(columns, expected):
        left = (width - (sum(1 for _ in wanted) + 0)) // 2
        assert found[left:left + len(wanted)] == wanted
    assert len(columns) == len(expected)


def _lines(text: str, width: int) -> list[list[tuple[str, ...]]]:
    """The glyphs of each grid, with the blank column between glyphs, packed greedily (independently)."""
    lines: list[list[tuple[str, ...]]] = []
    line: list[tuple[str, ...]] = []
    for character in text:
        g = pictures.FONT[character.upper()]
        gap = [("." * 1,) * pictures.GLYPH_ROWS] if line else []
        if line and sum(len(x[0]) for x in line) + 1 + len(g[0]) > width:
            lines.append(line)
            line, gap = [], []
        line += gap + [g]
    return lines + [line]


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["crane", "happy", "ghost", "slate", "crimes"]), FONT_TEXT, st.integers(0, 50))
def test_text_doodles_rows_are_re_checked(answer, text, seed):
    dictionary = "english" if len(answer) != 5 else "wordle-guesses"
    result = doodle(answer, text=text, random_seed=seed, dict=dictionary)
    lines = pictures.text_lines(text, len(answer))
    assert result.grids == [pictures.GLYPH_ROWS + 1] * len(lines)
    for grid, line in zip(result.grid_rows(), lines):
        places = pictures.placements(line, len(answer))
        painted = [row.pattern for row in grid]
        assert painted in places  # the line, somewhere in the grid (wherever the most rows fit a word)
        for row in grid:
            assert row.painted is None
            if row.word:
                assert plain_feedback(row.word, answer) == row.pattern
            else:
                assert row.reason
        centred = doodle(answer, places[0], random_seed=seed, dict=dictionary)
        assert sum(bool(row.word) for row in grid) >= sum(bool(row.word) for row in centred.rows)
        assert grid[-1].word == answer


def test_text_is_placed_where_more_rows_fit():
    """For NYMPH the centred E (columns 1-4) has rows GGGGB and GGGBB no word gets; one column right, all fit."""
    centred = doodle("nymph", pictures.text_grids("E", 5)[0], random_seed=1)
    placed = doodle("nymph", text="E", random_seed=1)
    assert sum(bool(row.word) for row in placed.rows) > sum(bool(row.word) for row in centred.rows)
    assert all(row.pattern.startswith("B") for row in placed.rows[:-1])


def test_text_with_best_effort_fills_every_row():
    result = doodle("nymph", text="HELLO", best_effort=True, random_seed=1)
    assert all(row.word for row in result.rows)
    for row in result.rows:
        assert plain_feedback(row.word, "nymph") == row.pattern


@pytest.mark.parametrize("request_, message", [
    ({"answer": "crane", "text": "Hé"}, "the pixel font has no 'é'; it has A-Z, 0-9, space and"),
    ({"answer": "crane", "text": "   "}, "the text to draw is empty"),
    ({"answer": "crane", "text": "x" * 41}, "at most 40"),
    ({"answer": "cat", "text": "HI", "dict": "english"}, "at least 4 cells wide"),
    ({"answer": "crane", "preset": "hart"}, "unknown preset 'hart'; presets: heart, smiley"),
    ({"answer": "cat", "preset": "heart", "dict": "english"}, "needs grids at least 5 cells wide"),
    ({"answer": "crane", "preset": "heart", "text": "HI"}, "not text and preset"),
    ({"answer": "crane", "patterns": ["BBBBB"], "preset": "heart"}, "not patterns and preset"),
    ({"answer": "crane"}, "no pattern rows"),
    ({"answer": "crane", "preset": "heart", "image": "gif"}, "field 'image' must be one of svg, png"),
])
def test_bad_picture_requests_are_one_line_errors(request_, message):
    with pytest.raises(PuzzleInputError) as caught:
        api.doodle(request_)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("name", list(pictures.PRESETS))
@pytest.mark.parametrize("answer, dictionary", [("crane", "wordle-guesses"), ("chimney", "english")])
def test_presets_fill_with_rows_that_fit(name, answer, dictionary):
    rows = pictures.preset_grid(name, len(answer))
    assert len(rows) == 6 and all(len(row) == len(answer) for row in rows)
    result = doodle(answer, preset=name, random_seed=2, dict=dictionary)
    allowed = {"?": "GYB", "+": "GY", "-": "YB"}
    for row, painted in zip(result.rows, rows):
        if row.word:
            assert plain_feedback(row.word, answer) == row.pattern
            assert all(mark in allowed.get(cell, cell) for mark, cell in zip(row.pattern, painted))
        else:
            assert row.reason
    assert not [note for note in result.notes if "solved" in note]  # no preset row is a solved row above the last


def test_checkerboard_fills_any_width():
    assert pictures.preset_grid("checkerboard", 7)[:2] == ["GBGBGBG", "BGBGBGB"]
    assert pictures.preset_grid("Heart", 7)[1] == "B+++++B"


def test_png_export_is_a_valid_image_of_the_grid():
    result = doodle("crane", text="HI", random_seed=1)
    width, height, rows = read_png(result.png())
    tiles = 5 * pictures.TILE + 4 * pictures.GAP
    assert width == 2 * pictures.MARGIN + 2 * tiles + pictures.GRID_GAP
    assert height == 2 * pictures.MARGIN + 6 * pictures.TILE + 5 * pictures.GAP
    corner = pictures.MARGIN + 1  # a tile corner, clear of its letter
    for grid, left in enumerate((pictures.MARGIN, pictures.MARGIN + tiles + pictures.GRID_GAP)):
        for r, row in enumerate(result.grid_rows()[grid]):
            for c, mark in enumerate(row.pattern):
                x, y = left + c * (pictures.TILE + pictures.GAP) + 1, corner + r * (pictures.TILE + pictures.GAP)
                assert "#" + rows[y][3 * x:3 * x + 3].hex() == pictures.COLOURS[mark]


def test_svg_export_parses_with_a_tile_and_a_letter_per_cell():
    result = doodle("crane", preset="smiley", random_seed=1)
    root = ElementTree.fromstring(result.svg())
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    tiles = root.findall(f"{ns}rect")[1:]
    letters = [node.text for node in root.findall(f"{ns}text")]
    assert len(tiles) == 30 and "".join(letters) == "".join(row.word for row in result.rows).upper()
    assert [tile.get("fill") for tile in tiles[:5]] == [pictures.COLOURS[m] for m in result.rows[0].pattern]


def test_the_api_returns_the_image_asked_for():
    svg = api.doodle({"answer": "crane", "preset": "heart", "random_seed": 1, "image": "svg"})
    assert ElementTree.fromstring(svg.image).tag.endswith("svg")
    png = api.doodle({"answer": "crane", "preset": "heart", "random_seed": 1, "image": "png"})
    prefix = "data:image/png;base64,"
    assert png.image.startswith(prefix)
    read_png(base64.b64decode(png.image[len(prefix):]))


def test_cli_text_preset_and_exports(cli, tmp_path):
    png, svg = tmp_path / "hi.png", tmp_path / "hi.svg"
    result = cli("wordle", "doodle", "--answer", "crane", "--text", "HI", "--random-seed", "1", "--png", str(png),
                 "--svg", str(svg))
    assert result.exit_code == 0, result.stderr
    grids = result.stdout.split("\n\n")
    assert len(grids) == 2 and "CRANE" in grids[0] and f"saved {png}" in result.stdout
    read_png(png.read_bytes())
    ElementTree.parse(svg)
    preset = cli("wordle", "doodle", "--answer", "crane", "--preset", "smiley", "--random-seed", "1", "--json")
    assert preset.exit_code == 0 and json.loads(preset.stdout)["grids"] == [6]


@pytest.mark.parametrize("args, message", [
    (["--text", "H@"], "error: the pixel font has no '@'; it has A-Z, 0-9, space and"),
    (["--preset", "hart"], "error: unknown preset 'hart'; presets: heart"),
    (["--preset", "heart", "--png", "/nonexistent-dir/x.png"], "error: cannot write /nonexistent-dir/x.png"),
])
def test_cli_picture_errors_are_one_line_exit_2(cli, args, message):
    result = cli("wordle", "doodle", "--answer", "crane", *args)
    assert result.exit_code == 2 and result.stderr.startswith(message) and result.stderr.count("\n") == 1


def test_the_web_page_offers_every_preset():
    page = resources.files("puzzlewright.web.static").joinpath("index.html").read_text(encoding="utf-8")
    menu = page[page.index('id="wordle-preset"'):]
    menu = menu[:menu.index("</select>")]
    assert re.findall(r"<option>(\w+)</option>", menu) == list(pictures.PRESETS)


def test_web_endpoint_draws_text_and_refuses_a_missing_glyph():
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx2")
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app

    client = TestClient(create_app(search_seconds=10))
    response = client.post("/api/wordle/doodle", json={"answer": "crane", "text": "OK", "random_seed": 1,
                                                        "image": "svg"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["grids"] == [6, 6] and ElementTree.fromstring(body["image"]).tag.endswith("svg")
    for row in body["rows"]:
        assert row["word"] is None or plain_feedback(row["word"], "crane") == row["pattern"]
    refused = client.post("/api/wordle/doodle", json={"answer": "crane", "text": "~"})
    assert refused.status_code == 422 and refused.json()["error"].startswith("the pixel font has no '~'")
