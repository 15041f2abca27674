"""Batch input: the seed paper's data-lines format, turned into the same request dicts as JSON Lines.

JSON Lines batches hold one request per line, in the format of the shared sample's entries
(``{"jumbles": [{"scrambled": "LASRN", "circles": [0, 1, 2]}, ...], "answer_pattern": "----- -------"}``).
The data-lines format follows the SAS paper's ``datalines`` block: for each puzzle a header line with an
optional date and the answer pattern, then one line per scrambled word with its circle mask::

    datalines;
    2006-10-09 ----- -------
    lasrn OOO--
    shace O--OO
    hotguf --OO-O
    clathe --OO-O
    run;

``datalines;``/``cards;``/``run;`` lines, blank lines and ``#`` comments are ignored. A line whose first
word is letters (and ``?``) followed by exactly one more field is a word line; any other line starts a
new puzzle.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from puzzlewright.jsonlines import UNREADABLE

DATE = re.compile(r"^(\d{4}-?\d{2}-?\d{2})\s+(.*)$")
WORD_LINE = re.compile(r"^[A-Za-z?]+\s+\S+$")
IGNORED = {"datalines;", "cards;", "run;", "datalines", "cards", "run"}


@dataclass
class DataLinesPuzzle:
    """One puzzle of a data-lines file: where it starts, its request, or why it cannot be read."""

    line: int
    request: dict = field(default_factory=dict)
    error: str | None = None


def looks_like_json_lines(text: str) -> bool:
    """Whether a batch file's first non-blank line is a JSON object (else it is data lines)."""
    for line in text.splitlines():
        if line.strip():
            return line.lstrip().startswith("{")
    return True


def parse_data_lines(text: str | Iterable[str]) -> list[DataLinesPuzzle]:
    """The puzzles of a data-lines text (or its lines), each as a solve request (or an error for that
    puzzle): :func:`data_lines_puzzles` as a list."""
    return list(data_lines_puzzles(text.splitlines() if isinstance(text, str) else text))


def data_lines_puzzles(lines: Iterable[str]) -> Iterator[DataLinesPuzzle]:
    """The puzzles of data lines, each yielded once its last word line is read, so a file of any length is
    parsed line by line (the CLI's lines come from :func:`puzzlewright.jsonlines.batch_lines`, with the cap).

    A line that cannot be used fails only its own puzzle: a word line before any header, or an unreadable
    line (too long, not UTF-8), becomes an error record and the word lines after it are its own (they
    cannot be told to belong to anything else) until the next header.
    """
    puzzle: DataLinesPuzzle | None = None
    for number, raw in enumerate(lines, 1):
        if raw in UNREADABLE:
            yield from _finished(puzzle)
            puzzle = DataLinesPuzzle(number, error=f"line {number}: {UNREADABLE[raw].removeprefix('invalid JSON: ')}")
            continue
        line = raw.split("#", 1)[0].strip()
        if not line or line.lower() in IGNORED:
            continue
        if not WORD_LINE.match(line):
            yield from _finished(puzzle)
            puzzle = DataLinesPuzzle(number, _header(line))
        elif puzzle is None:
            puzzle = DataLinesPuzzle(number, error=f"line {number}: a word line comes before any "
                                                   "puzzle header (date and answer pattern)")
        elif puzzle.error is None:
            scrambled, circles = line.split()
            puzzle.request["jumbles"].append({"scrambled": scrambled, "circle_mask": circles})
    yield from _finished(puzzle)


def _finished(puzzle: DataLinesPuzzle | None) -> Iterator[DataLinesPuzzle]:
    """The puzzle read so far (none before the first), with its error if its header had no word lines."""
    if puzzle is None:
        return
    if puzzle.error is None and not puzzle.request["jumbles"]:
        puzzle.error = f"line {puzzle.line}: the puzzle has no word lines after its header"
    yield puzzle


def _header(line: str) -> dict:
    match = DATE.match(line)
    date, pattern = (match.group(1), match.group(2)) if match else (None, line)
    if date is not None and "-" not in date:
        date = f"{date[:4]}-{date[4:6]}-{date[6:]}"
    request: dict = {"answer_pattern": pattern.strip(), "jumbles": []}
    if date:
        request["date"] = date
    return request
