"""Pictures of results for notebooks (``_repr_html_``): letter grids drawn as HTML tables.

Imported only when a notebook asks for a picture (nothing here is needed to solve anything).
"""

from __future__ import annotations

from collections.abc import Iterable

CELL = "border:1px solid #444;width:26px;height:26px;text-align:center;font:bold 17px sans-serif"


def grid_html(rows: Iterable[str]) -> str:
    """A grid as an HTML table: a letter in each white cell, ``#`` cells black, ``.`` cells empty."""
    import html

    def cell(letter: str) -> str:
        if letter == "#":
            return f'<td style="{CELL};background:#111"></td>'
        return f'<td style="{CELL}">{html.escape(letter.upper() if letter != "." else "")}</td>'

    body = "".join("<tr>" + "".join(cell(letter) for letter in row) + "</tr>" for row in rows)
    return f'<table style="border-collapse:collapse">{body}</table>'


def grids_html(grids: Iterable[Iterable[str]], caption: str, limit: int = 12) -> str:
    """Up to ``limit`` grids side by side, with a caption (a result's repr) under them."""
    import html

    pictures = [f'<div style="display:inline-block;margin:4px">{grid_html(rows)}</div>'
                for number, rows in enumerate(grids) if number < limit]
    return f"<div>{''.join(pictures)}<p>{html.escape(caption)}</p></div>"


class LetterGrid:
    """For a model whose ``rows`` are a grid's rows: ``str()`` is ``row/row/row`` (the notation every verb
    reads), and a notebook draws it."""

    rows: list[str]

    def __str__(self) -> str:
        return "/".join(self.rows)

    def _repr_html_(self) -> str:
        return grid_html(self.rows)
