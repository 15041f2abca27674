"""The pieces every printable puzzle picture shares (the Jumble's, the acrostic's, Letter Boxed's): a white
page of a given size, lines of text and rows of letter boxes, as SVG markup. Text is escaped here, so a
caption or a word can hold any character."""

from __future__ import annotations

import html
from collections.abc import Iterable

BOX = 30  # a letter box's side, in pixels
GAP = 4  # between the boxes of a row
MARGIN = 20  # around the page
FONT = 'font-family="sans-serif"'


def page(width: float, height: float, parts: Iterable[str]) -> str:
    """An SVG picture ``width`` x ``height`` on a white background, holding ``parts``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}"><rect width="100%" height="100%" fill="white"/>'
            + "".join(parts) + "</svg>")


def text(x: float, y: float, content: str, size: int = 15, *, bold: bool = False, anchor: str = "start",
         spacing: int = 0) -> str:
    """A line of text with its baseline at (x, y)."""
    weight = ' font-weight="bold"' if bold else ""
    spaced = f' letter-spacing="{spacing}"' if spacing else ""
    return (f'<text x="{x:g}" y="{y:g}" text-anchor="{anchor}" {FONT} font-size="{size}"{weight}{spaced}>'
            f'{html.escape(content)}</text>')


def letter_boxes(x: float, y: float, count: int, letters: str = "", circled: Iterable[int] = (),
                 shaded: Iterable[int] = ()) -> list[str]:
    """A row of ``count`` letter boxes from (x, y): a circle in those of ``circled``, a grey fill in those
    of ``shaded`` (letters printed as given), ``letters`` written in."""
    circled, shaded = set(circled), set(shaded)
    parts = []
    for i in range(count):
        left = x + i * (BOX + GAP)
        fill = "#e4e4e4" if i in shaded else "none"
        parts.append(f'<rect x="{left:g}" y="{y:g}" width="{BOX}" height="{BOX}" fill="{fill}" stroke="black"/>')
        if i in circled:
            parts.append(f'<circle cx="{left + BOX / 2:g}" cy="{y + BOX / 2:g}" r="{BOX / 2 - 3:g}" fill="none" '
                         'stroke="black"/>')
        if i < len(letters) and letters[i].strip():
            parts.append(text(left + BOX / 2, y + 21, letters[i].upper(), 17, anchor="middle"))
    return parts
