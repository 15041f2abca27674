"""The Letter Boxed puzzle itself: a :class:`Box` of letters on the sides of a polygon, and its rules.

A word is valid in a box when it has at least 3 letters, uses only the box's letters, and no two
consecutive letters lie on the same side. A solution is a chain of valid words, each starting with the
last letter of the one before, that uses every letter of the box at least once.

The NYT game has 4 sides of 3 letters, written clockwise from the top: ``RME-WCL-TGK-API``. Other shapes
(3 to 6 sides of 2 to 5 letters each) follow the same rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import compress, count, repeat
from operator import and_, eq, ge, not_

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import compiled, letter_mask
from puzzlewright.record import Record

MIN_SIDES, MAX_SIDES = 3, 6
MIN_SIDE_LETTERS, MAX_SIDE_LETTERS = 2, 5
MIN_WORD_LENGTH = 3
NYT_SIDES, NYT_SIDE_LETTERS = 4, 3
# Why a word breaks the rules (Box.word_breach, chain_breach): the reasons a played word is refused for
TOO_SHORT, OFF_BOX, SAME_SIDE, WRONG_START = "too_short", "off_box", "same_side", "wrong_start"

# the regular expressions of the box notation, compiled on first use (letters.compiled; see _split_sides)
_SEPARATOR = r"\s*[-,;/|]\s*|\s+"  # one separator: two in a row mean an empty side
_QUOTES = r"[\[\](){}\"']"  # typed around sides (["RME", "WCL", ...]): not part of them
_LABEL = r"(?i)\b(top|right|bottom|left)\s*:"  # "Top: RME Right: WCL ..."
_LABEL_SEPARATORS = r"[\s,;/|-]"  # between a label's letters
_CLOCKWISE = ("top", "right", "bottom", "left")


class Box(Record):
    """The sides of a Letter Boxed puzzle, clockwise from the top, as uppercase strings. Immutable and
    hashable, as a frozen dataclass would be (a plain class: see :mod:`puzzlewright.record`)."""

    FIELDS = ("sides",)
    sides: tuple[str, ...]

    def __init__(self, sides: tuple[str, ...]) -> None:
        _check_shape(sides)
        object.__setattr__(self, "sides", sides)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Box is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Box is immutable")

    def __hash__(self) -> int:
        return hash(self.field_values())

    # -- reading and writing the notation ---------------------------------------------------------

    @classmethod
    def parse(cls, spec: str | Sequence[str]) -> Box:
        """A box from the sides as people type them, letters in any case: ``RME-WCL-TGK-API`` (or sides
        separated by spaces, commas, semicolons, ``/`` or ``|``), ``RMEWCLTGKAPI`` or ``r m e w c l t g k a
        p i`` (12 letters: the NYT's 4 sides of 3), ``Top: RME Right: WCL Bottom: TGK Left: API`` (labels
        in any order), or a list of sides. Raises PuzzleInputError, one line, when malformed."""
        if isinstance(spec, str):
            parts = _split_sides(spec)
            if "" in parts:
                raise PuzzleInputError(f"empty side in {spec!r}: expected e.g. RME-WCL-TGK-API")
        elif isinstance(spec, Sequence) and all(isinstance(side, str) for side in spec):
            parts = [side.strip() for side in spec]
        else:
            raise PuzzleInputError("sides must be a string like 'RME-WCL-TGK-API' or a list of strings")
        if len(parts) == 1:
            parts = _split_run(parts[0])
        elif all(len(part) == 1 for part in parts):
            parts = _split_spaced_letters(parts)
        return cls(tuple(side.upper() for side in parts))

    def __str__(self) -> str:
        return "-".join(self.sides)

    @property
    def notation(self) -> str:
        """The box as ``RME-WCL-TGK-API``."""
        return str(self)

    @property
    def shape(self) -> tuple[int, int]:
        """(number of sides, letters per side)."""
        return len(self.sides), len(self.sides[0])

    # -- letters and the rules --------------------------------------------------------------------

    @cached_property
    def letters(self) -> str:
        """Every letter of the box, lowercase, side after side."""
        return "".join(self.sides).lower()

    @cached_property
    def side_of(self) -> dict[str, int]:
        """Lowercase letter -> the number of its side (0 = top, clockwise)."""
        return {letter.lower(): number for number, side in enumerate(self.sides) for letter in side}

    @cached_property
    def mask(self) -> int:
        """26-bit mask of the box's letters (bit 0 = a)."""
        return letter_mask(self.letters)

    @cached_property
    def _to_sides(self) -> dict[int, str]:
        """str.translate table: each box letter -> its side number as a digit."""
        return str.maketrans({letter: str(side) for letter, side in self.side_of.items()})

    @cached_property
    def side_numbers(self) -> bytes:
        """bytes.translate table: each box letter (lowercase ASCII) -> its side's number plus 1; anything
        else -> 0."""
        table = bytearray(256)
        for letter, side in self.side_of.items():
            table[ord(letter)] = side + 1
        return bytes(table)

    def side_string(self, word: str) -> str:
        """The word with each letter replaced by its side's digit (letters off the box stay)."""
        return word.translate(self._to_sides)

    def word_problem(self, word: str) -> str | None:
        """Why ``word`` (any case) is not playable in this box, or None when it is."""
        breach = self.word_breach(word)
        return None if breach is None else breach[1]

    def word_breach(self, word: str) -> tuple[str, str] | None:
        """The first rule of the box ``word`` (any case) breaks, as (reason, one-line message), or None when
        it keeps them all. The reasons are :data:`TOO_SHORT`, :data:`OFF_BOX` and :data:`SAME_SIDE`."""
        word = word.lower()
        if len(word) < MIN_WORD_LENGTH:
            return TOO_SHORT, f"{word.upper()} has fewer than {MIN_WORD_LENGTH} letters"
        outside = sorted(set(word) - set(self.letters))
        if outside:
            return OFF_BOX, f"{word.upper()} uses {''.join(outside).upper()}, not in the box"
        at = doubled_at(self.side_string(word))
        if at >= 0:
            return SAME_SIDE, f"{word.upper()} has {word[at:at + 2].upper()} from the same side in a row"
        return None

    def is_valid_word(self, word: str) -> bool:
        """True when ``word`` obeys the box's rules (dictionary membership is not checked here)."""
        return self.word_problem(word) is None

    def valid_words(self, words: Iterable[str]) -> list[str]:
        """The ``words`` (lowercase) that obey the box's rules (:meth:`is_valid_word`), in order, tested
        all at once in C: the words' side digits (:meth:`side_string`, one translation of them all) must
        be all digits with no digit twice in a row, and the words :data:`MIN_WORD_LENGTH` letters long or
        more. A box's words read from a word-list file are cut to these before anything else is done."""
        words = list(words)
        digits = "\n".join(words).translate(self._to_sides).split("\n")
        keep = list(map(and_, map(str.isdigit, digits), map(ge, map(len, words), repeat(MIN_WORD_LENGTH))))
        for side in range(len(self.sides)):
            keep = list(map(and_, keep, map(not_, map(str.__contains__, digits, repeat(f"{side}{side}")))))
        return list(compress(words, keep))

    def solution_problem(self, words: Sequence[str]) -> str | None:
        """Why ``words`` is not a solution of this box (rules only), or None when it is one."""
        if not words:
            return "no words"
        for word in words:
            problem = self.word_problem(word)
            if problem:
                return problem
        for before, after in zip(words, words[1:]):
            breach = chain_breach(before, after)
            if breach:
                return breach[1]
        missing = sorted(set(self.letters) - set("".join(words).lower()))
        if missing:
            return f"letters not used: {''.join(missing).upper()}"
        return None


def chain_breach(before: str, after: str) -> tuple[str, str] | None:
    """(:data:`WRONG_START`, message) when ``after`` does not start with the last letter of ``before``, the
    word played before it; None when it does."""
    if before[-1].lower() != after[0].lower():
        return WRONG_START, (f"{after.upper()} does not start with {before[-1].upper()}, the last letter of "
                             f"{before.upper()}")
    return None


def doubled_at(text: str) -> int:
    """Where the first character repeated at once starts in ``text`` (2 in ``seed``), -1 when none: a
    word's doubled letter, or in a word written as side numbers, two letters of one side in a row."""
    return next(compress(count(), map(eq, text, text[1:])), -1)


def _split_sides(spec: str) -> list[str]:
    """The sides of a box typed as text, as :meth:`Box.parse` reads them (an empty string for an empty
    side). The usual notation, letters and hyphens only (``RME-WCL-TGK-API``), is split at its hyphens,
    as the separator pattern would split it, without importing :mod:`re` (the command line's quick
    path)."""
    if spec.isascii() and spec.replace("-", "").isalpha():
        return spec.split("-")
    text = compiled(_QUOTES).sub(" ", _in_clockwise_order(spec)).strip()
    if not text:
        raise PuzzleInputError("no sides given: expected e.g. RME-WCL-TGK-API")
    return compiled(_SEPARATOR).split(text)


def _in_clockwise_order(text: str) -> str:
    """``Top: RME Right: WCL Bottom: TGK Left: API`` (labels in any order, any case) as ``RME-WCL-TGK-API``;
    text without labels is returned as it is."""
    pieces = compiled(_LABEL).split(text)
    if len(pieces) == 1:
        return text
    example = "e.g. Top: RME Right: WCL Bottom: TGK Left: API"
    if pieces[0].strip(" ,;-/|"):
        raise PuzzleInputError(f"{pieces[0].strip()!r} comes before the first label: label every side or none, "
                               f"{example}")
    sides: dict[str, str] = {}
    for label, side in zip(pieces[1::2], pieces[2::2]):
        label = label.lower()
        if label in sides:
            raise PuzzleInputError(f"{label.title()}: is given twice: label each side once, {example}")
        sides[label] = compiled(_LABEL_SEPARATORS).sub("", side)
    missing = [label.title() + ":" for label in _CLOCKWISE if label not in sides]
    if missing:
        raise PuzzleInputError(f"no {' or '.join(missing)} side: a labelled box names all four, {example}")
    return "-".join(sides[label] for label in _CLOCKWISE)


def _split_spaced_letters(letters: list[str]) -> list[str]:
    """Letters typed one by one (``r m e w c l t g k a p i``): only the NYT's 12 (4 sides of 3) are
    unambiguous."""
    if len(letters) == NYT_SIDES * NYT_SIDE_LETTERS:
        return _split_run("".join(letters))
    raise PuzzleInputError(
        f"{len(letters)} single letters: a box has {MIN_SIDE_LETTERS} to {MAX_SIDE_LETTERS} letters on each "
        f"side; letters typed one by one are read as the NYT's 12 (4 sides of 3), other shapes need their "
        f"sides written out, e.g. AB-CD-EF"
    )


def _split_run(run: str) -> list[str]:
    """Split a run of letters without separators: only the NYT's 12 letters (4 sides of 3) are unambiguous."""
    if len(run) == NYT_SIDES * NYT_SIDE_LETTERS:
        return [run[i:i + NYT_SIDE_LETTERS] for i in range(0, len(run), NYT_SIDE_LETTERS)]
    raise PuzzleInputError(
        f"{run!r} has {len(run)} characters: without separators give the NYT's 12 letters "
        f"(4 sides of 3); for other shapes separate the sides, e.g. ABC-DEF-GHI"
    )


def _check_shape(sides: tuple[str, ...]) -> None:
    """Raise PuzzleInputError unless the sides form a supported shape of distinct letters."""
    if any(not side for side in sides):
        raise PuzzleInputError("a side is empty: every side needs letters")
    for side in sides:
        bad = sorted({ch for ch in side if not "A" <= ch <= "Z"})
        if bad:
            raise PuzzleInputError(f"side {side!r} has characters that are not letters A-Z (uppercase): "
                                   + " ".join(map(repr, bad)))
    if not MIN_SIDES <= len(sides) <= MAX_SIDES:
        raise PuzzleInputError(f"{len(sides)} sides: a box has {MIN_SIDES} to {MAX_SIDES} sides")
    lengths = {len(side) for side in sides}
    if len(lengths) > 1:
        expected = len(sides[0])
        odd = next(side for side in sides if len(side) != expected)
        raise PuzzleInputError(f"side {odd} has {len(odd)} letters but side {sides[0]} has {expected}: "
                               f"every side needs the same number of letters")
    per_side = lengths.pop()
    if not MIN_SIDE_LETTERS <= per_side <= MAX_SIDE_LETTERS:
        raise PuzzleInputError(f"{per_side} letters per side: a box has {MIN_SIDE_LETTERS} to "
                               f"{MAX_SIDE_LETTERS} letters on each side")
    seen: set[str] = set()
    for letter in "".join(sides):
        if letter in seen:
            raise PuzzleInputError(f"letter {letter} appears twice in the box: every letter must be different")
        seen.add(letter)
