"""Reading and writing grids: plain text (always), ``.ipuz`` (with the ``ipuz`` package, which validates it)
and Across Lite ``.puz`` (with ``puzpy``, which computes its checksums).

The format is chosen by the file's extension (``.ipuz``, ``.puz``, anything else is text) or named
explicitly. Only the grid travels: blocks, letters (an ``.ipuz`` solution or given values, a ``.puz``
solution) and empty cells; on the way out, the puzzle's title, author and clues (:mod:`puzzlewright.grid.clues`;
a slot without a clue gets an empty one, so other tools open the files).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from puzzlewright.errors import PuzzleInputError, decode_text, read_input
from puzzlewright.outputs import write_output
from puzzlewright.grid.clues import MAX_CREDIT_CHARS, clean_text, slot_clues
from puzzlewright.grid.model import ACROSS, BLOCK, EMPTY, Grid

FORMATS = ("text", "ipuz", "puz")
IPUZ_VERSION = "http://ipuz.org/v2"
IPUZ_KIND = "http://ipuz.org/crossword#1"


def format_of(path: str | Path, named: str | None = None) -> str:
    """The format to use for ``path``: ``named`` if given, else from its extension (text by default)."""
    if named is not None:
        if named not in FORMATS:
            from puzzlewright.suggest import unknown_name

            raise PuzzleInputError(unknown_name("grid format", named, FORMATS))
        return named
    suffix = Path(path).suffix.lower()
    return {".ipuz": "ipuz", ".puz": "puz"}.get(suffix, "text")


def read_grid(path: str | Path, min_length: int = 2, format: str | None = None) -> Grid:
    """The grid stored in a file (text, .ipuz or .puz), with one-line errors for unreadable files."""
    kind = format_of(path, format)
    data = read_input(path, "grid file")
    if kind == "puz":
        return grid_from_puz(data, min_length)
    text = decode_text(data, "grid file", path)
    return grid_from_ipuz(text, min_length) if kind == "ipuz" else Grid.parse(text, min_length)


def write_grid(grid: Grid, path: str | Path, format: str | None = None, title: str = "", author: str = "",
               clues: Mapping[str, str] | None = None) -> None:
    """Write ``grid`` to ``path`` in the format its extension (or ``format``) names, with the puzzle's
    ``title``, ``author`` and ``clues`` (slot name -> text) in .ipuz and .puz files."""
    data = grid_bytes(grid, format_of(path, format), title, author, clues)
    write_output(str(path), lambda handle: handle.write(data), binary=True)


def grid_bytes(grid: Grid, kind: str, title: str = "", author: str = "",
               clues: Mapping[str, str] | None = None) -> bytes:
    """The contents of a ``kind`` file (``text``, ``ipuz`` or ``puz``) holding ``grid``: text has no room
    for the title, author or clues, the other two carry them."""
    if kind == "puz":
        return grid_to_puz(grid, title, author, clues)
    if kind == "ipuz":
        return grid_to_ipuz(grid, title, author, clues).encode()
    return (grid.text() + "\n").encode()


def credit(text: str, what: str) -> str:
    """A title or author, checked: one line, at most :data:`MAX_CREDIT_CHARS`, plain punctuation."""
    return clean_text(text, what, MAX_CREDIT_CHARS)


# -- ipuz ---------------------------------------------------------------------------------------------


def _ipuz():
    try:
        import ipuz
    except ImportError:  # pragma: no cover - a dependency of the package
        raise PuzzleInputError("reading and writing .ipuz needs the 'ipuz' package: pip install ipuz") from None
    return ipuz


def grid_to_ipuz(grid: Grid, title: str = "", author: str = "", clues: Mapping[str, str] | None = None) -> str:
    """The grid as an ipuz crossword (JSON text, validated by the ``ipuz`` package).

    Fixed letters go in the solution; the puzzle grid carries the clue numbers and ``#`` blocks; each slot
    has its clue (empty when none is given)."""
    numbers = grid.clue_numbers()
    texts = slot_clues(grid, clues)
    puzzle, solution = [], []
    for r, row in enumerate(grid.rows):
        puzzle.append([BLOCK if ch == BLOCK else numbers.get(r * grid.width + c, 0) for c, ch in enumerate(row)])
        solution.append([BLOCK if ch == BLOCK else (None if ch == EMPTY else ch.upper()) for ch in row])
    listed: dict[str, list[list[object]]] = {"Across": [], "Down": []}
    for slot in grid.slots:
        listed["Across" if slot.direction == ACROSS else "Down"].append([slot.number, texts.get(slot, "")])
    document = {"version": IPUZ_VERSION, "kind": [IPUZ_KIND], "dimensions": {"width": grid.width, "height": grid.height},
                "puzzle": puzzle, "solution": solution, "clues": listed, "block": BLOCK, "empty": 0}
    for key, value in (("title", credit(title, "the title")), ("author", credit(author, "the author"))):
        if value:
            document[key] = value
    return str(_ipuz().write(document))


def grid_from_ipuz(text: str, min_length: int = 2) -> Grid:
    """A grid from ipuz JSON: blocks from the puzzle grid, letters from the solution (or given values)."""
    from puzzlewright.jsontext import check_depth

    ipuz = _ipuz()
    check_depth(text, "the ipuz file")
    try:
        document = ipuz.read(text)
    except ipuz.IPUZException as error:
        raise PuzzleInputError(f"not a valid ipuz file: {error}") from None
    if not any(str(kind).startswith("http://ipuz.org/crossword") for kind in document.get("kind", [])):
        raise PuzzleInputError("the ipuz file is not a crossword")
    block = str(document.get("block", BLOCK))
    puzzle = document["puzzle"]
    solution = document.get("solution") or [[None] * len(row) for row in puzzle]
    rows = []
    for puzzle_row, solution_row in zip(puzzle, solution):
        cells = []
        for cell, answer in zip(puzzle_row, solution_row):
            given = cell.get("value") if isinstance(cell, dict) else None
            cell = cell.get("cell") if isinstance(cell, dict) else cell
            if cell is None or str(cell) == block:
                cells.append(BLOCK)
            else:
                cells.append(_letter(given) or _letter(answer) or EMPTY)
        rows.append("".join(cells))
    return Grid.from_rows(rows, min_length)


def _letter(value: object) -> str | None:
    """A cell's value as one lowercase letter, or None (empty, a block, a rebus we cannot keep)."""
    if isinstance(value, dict):
        value = value.get("value")
    if isinstance(value, str) and len(value) == 1 and value.isalpha() and value.isascii():
        return value.lower()
    return None


# -- puz ----------------------------------------------------------------------------------------------


def _puz():
    try:
        import puz
    except ImportError:  # pragma: no cover - a dependency of the package
        raise PuzzleInputError("reading and writing .puz needs the 'puzpy' package: pip install puzpy") from None
    return puz


def grid_to_puz(grid: Grid, title: str = "", author: str = "", clues: Mapping[str, str] | None = None) -> bytes:
    """The grid as Across Lite ``.puz`` bytes (version 1.3, Latin-1 text, as every reader takes); the format
    stores a solution, so the grid must be filled. Its clues go in the format's order: by number, the
    across clue before the down one of the same number (a slot without a clue gets an empty one)."""
    if not grid.filled:
        raise PuzzleInputError(".puz files store the solution: fill the grid first (or export .ipuz or text)")
    puz = _puz()
    texts = slot_clues(grid, clues)
    puzzle = puz.Puzzle()
    puzzle.width, puzzle.height = grid.width, grid.height
    puzzle.solution = "".join(grid.rows).upper().replace(BLOCK, puz.BLACKSQUARE)
    puzzle.fill = "".join(puz.BLACKSQUARE if ch == BLOCK else puz.BLANKSQUARE for ch in grid.cells)
    puzzle.title, puzzle.author = credit(title, "the title"), credit(author, "the author")
    in_order = sorted(grid.slots, key=lambda slot: (slot.number, slot.direction != ACROSS))
    puzzle.clues = [texts.get(slot, "") for slot in in_order]  # .puz numbers the runs of 2+ cells: our slots
    for what, text in (("the title", puzzle.title), ("the author", puzzle.author),
                       *((f"the clue for {slot.name}", text) for slot, text in texts.items())):
        latin1(text, what)
    return bytes(puzzle.tobytes())


def latin1(text: str, what: str) -> None:
    """An error naming ``what`` when ``text`` has a character a .puz file (Latin-1) cannot store."""
    try:
        text.encode("iso-8859-1")
    except UnicodeEncodeError as error:
        raise PuzzleInputError(f"{what} has {text[error.start]!r}, which a .puz file cannot store "
                               "(export .ipuz, which can)") from None


def grid_from_puz(data: bytes, min_length: int = 2) -> Grid:
    """A filled grid from ``.puz`` bytes (its solution; blocks from ``.``)."""
    puz = _puz()
    try:
        puzzle = puz.load(data)
    except (puz.PuzzleFormatError, ValueError, IndexError) as error:
        raise PuzzleInputError(f"not a valid .puz file: {_puz_problem(error)}") from None
    cells = "".join(BLOCK if ch == puz.BLACKSQUARE else (ch.lower() if ch.isalpha() and ch.isascii() else EMPTY)
                    for ch in puzzle.solution)
    rows = [cells[r * puzzle.width:(r + 1) * puzzle.width] for r in range(puzzle.height)]
    return Grid.from_rows(rows, min_length)



def _puz_problem(error: Exception) -> str:
    """What is wrong with a .puz file, in words: puzpy reports a file that ends inside its header with the
    struct format it could not unpack (several lines of codes), which says nothing to the user."""
    import struct

    if isinstance(error.__cause__, struct.error) or str(error).startswith("could not unpack"):
        return "the file ends early (truncated or not a .puz file)"
    return " ".join(str(error).split())[:200]
