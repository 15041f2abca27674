"""The Jumble puzzle's notation: scrambled words with their circles, and the final answer's pattern.

A :class:`JumbleWord` is a scrambled word (letters, ``?`` for an unknown letter) plus the circled positions
of its *unscrambled* form, written as a mask (``OOO--``: ``O`` circled, ``-`` not) or as 0-based positions
(``0,1,2``). An :class:`AnswerPattern` is the final answer's shape: one token per word, ``-`` for a letter
that comes from the circled pool, a letter for one printed in the answer, and ``{WORD}`` for a printed word
(``----- {AND} -----``). Both parse, validate and render their own notation and raise
:class:`~puzzlewright.errors.PuzzleInputError` with one line when the notation is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from puzzlewright.errors import PuzzleInputError, whole_number
from puzzlewright.letters import puzzle_letters

BLANK = "?"
MASK_CIRCLED = "Oo*Xx@"
MASK_PLAIN = "-._"
PATTERN_PUNCTUATION = "\"'“”‘’,.!:;()"
BLANK_SYNONYMS = {"_": "-", "–": "-", "—": "-"}  # underscores and en/em dashes also mark pool letters
MAX_WORD_LENGTH = 20


def normalise_letters(raw: str, what: str, *, blanks: bool = True) -> str:
    """``raw`` lowercased, checked to be letters a-z (and ``?`` blanks if allowed)."""
    text = puzzle_letters(raw, what, also=BLANK if blanks else "",
                          kinds="letters a-z or ? for an unknown letter" if blanks else "letters a-z")
    if not text:
        raise PuzzleInputError(f"{what} is empty")
    if len(text) > MAX_WORD_LENGTH:
        raise PuzzleInputError(f"{what} {raw.strip()!r} is longer than {MAX_WORD_LENGTH} letters")
    return text


@dataclass(frozen=True)
class JumbleWord:
    """One scrambled word and the circled positions (0-based) of its unscrambled form."""

    scrambled: str
    circles: tuple[int, ...]

    def __post_init__(self) -> None:
        outside = [i for i in self.circles if not 0 <= i < len(self.scrambled)]
        if outside:
            raise PuzzleInputError(
                f"{self.scrambled.upper()}: circle position {outside[0]} is out of range "
                f"(a {len(self.scrambled)}-letter word has positions 0-{len(self.scrambled) - 1})")
        if len(set(self.circles)) != len(self.circles):
            raise PuzzleInputError(f"{self.scrambled.upper()}: a circle position is repeated")

    @classmethod
    def build(cls, scrambled: str, circles: str | list[int] | tuple[int, ...]) -> JumbleWord:
        """A word from its scrambled letters and circles given as a mask, a position list or a list of ints."""
        letters = normalise_letters(scrambled, "scrambled word")
        if isinstance(circles, str):
            positions = parse_circles(circles, letters)
        else:
            if not all(isinstance(i, int) and not isinstance(i, bool) for i in circles):
                raise PuzzleInputError(f"{letters.upper()}: circles must be 0-based positions (integers)")
            positions = tuple(circles)
        return cls(letters, tuple(sorted(positions)))

    @classmethod
    def parse(cls, text: str) -> JumbleWord:
        """``SCRAMBLED:MASK`` (``LASRN:OOO--``) or ``SCRAMBLED:POSITIONS`` (``LASRN:0,1,2``)."""
        scrambled, sep, circles = text.partition(":")
        if not sep:
            parts = text.split()
            if len(parts) != 2:
                raise PuzzleInputError(f"{text.strip()!r}: write a word as SCRAMBLED:MASK, e.g. LASRN:OOO--")
            scrambled, circles = parts
        return cls.build(scrambled, circles)

    @property
    def length(self) -> int:
        return len(self.scrambled)

    def circled(self, reading: str) -> str:
        """The circled letters of an unscrambled reading, in position order."""
        return "".join(reading[i] for i in self.circles)

    @property
    def mask(self) -> str:
        """The circles as a mask over the unscrambled word (``OOO--``)."""
        circled = set(self.circles)
        return "".join("O" if i in circled else "-" for i in range(self.length))

    def render(self) -> str:
        return f"{self.scrambled.upper()}:{self.mask}"


def parse_circles(text: str, letters: str) -> tuple[int, ...]:
    """Circles written as a mask (``O--OO``) or as 0-based positions (``0,3,4``) for a word of ``letters``."""
    spec = text.strip()
    word = letters.upper()
    if re.fullmatch(r"[\d,\s\[\]]*\d[\d,\s\[\]]*", spec):
        return tuple(whole_number(n, f"{word}: circle position") for n in re.findall(r"\d+", spec))
    if any(ch in MASK_PLAIN for ch in spec):
        spec = spec.replace("0", "O")  # a mask typed with zeros: 0--00
    if not spec or any(ch not in MASK_CIRCLED + MASK_PLAIN for ch in spec):
        raise PuzzleInputError(
            f"{word}: circles {text!r} must be a mask of O (circled) and - (not), or 0-based positions like 0,3,4")
    if len(spec) != len(letters):
        raise PuzzleInputError(
            f"{word}: mask {spec!r} has {len(spec)} positions but the word has {len(letters)} letters")
    return tuple(i for i, ch in enumerate(spec) if ch in MASK_CIRCLED)


@dataclass(frozen=True)
class Slot:
    """One word of the answer: printed (``fixed``) or to be filled, with ``-`` for pool letters."""

    text: str
    fixed: bool = False

    @property
    def length(self) -> int:
        return len(self.text)

    @property
    def blanks(self) -> int:
        """How many of its letters come from the pool."""
        return 0 if self.fixed else self.text.count("-")

    @property
    def literals(self) -> str:
        """Its printed letters (not from the pool), in order."""
        return "" if self.fixed else self.text.replace("-", "")

    def matches(self, word: str) -> bool:
        """Whether ``word`` fits this slot (length and printed letters)."""
        return len(word) == len(self.text) and all(p in ("-", ch) for p, ch in zip(self.text, word))

    def render(self) -> str:
        return "{" + self.text.upper() + "}" if self.fixed else self.text.upper()


@dataclass(frozen=True)
class AnswerPattern:
    """The final answer's shape: its words (slots) in order."""

    slots: tuple[Slot, ...]

    @classmethod
    def parse(cls, text: str) -> AnswerPattern:
        """``----- -------``, ``----- {AND} -----``, ``S---- -------`` (S printed); quotes, apostrophes,
        commas and parentheses are ignored (``"---'-" ---`` is a 4-letter word and a 3-letter one)."""
        if not isinstance(text, str) or not text.strip():
            raise PuzzleInputError("the answer pattern is empty: write it with dashes, e.g. '----- -------'")
        slots = [_parse_token(token, text) for token in text.split()]
        slots = [slot for slot in slots if slot is not None]
        pattern = cls(tuple(slots))
        if pattern.letter_count == 0:
            raise PuzzleInputError(f"the answer pattern {text.strip()!r} has no blanks (-) for the circled letters")
        return pattern

    @property
    def blank_slots(self) -> list[int]:
        """Indexes of the slots that take pool letters."""
        return [i for i, slot in enumerate(self.slots) if slot.blanks]

    @property
    def letter_count(self) -> int:
        """How many pool letters the answer takes."""
        return sum(slot.blanks for slot in self.slots)

    @cached_property
    def printed(self) -> bool:
        """Whether the pattern has printed words (else an answer's phrase is just its fills)."""
        return any(slot.fixed for slot in self.slots)

    def render(self, words: tuple[str, ...] | None = None) -> str:
        """The pattern, or the answer with ``words`` filled into its open slots (printed words kept)."""
        if words is None:
            return " ".join(slot.render() for slot in self.slots)
        return " ".join(self.phrase(words)).upper()

    def phrase(self, words: tuple[str, ...]) -> tuple[str, ...]:
        """Every word of the answer in order (printed words included), lowercase. (Called for every
        answer a search scores: without printed words, the fills are the phrase.)"""
        if not self.printed:
            return tuple(words)
        fill = iter(words)
        return tuple(slot.text if slot.fixed else next(fill) for slot in self.slots)


def _parse_token(token: str, whole: str) -> Slot | None:
    # punctuation goes (DON'T is a 4-letter word), underscores and long dashes become blanks
    core = "".join(BLANK_SYNONYMS.get(ch, ch) for ch in token if ch not in PATTERN_PUNCTUATION)
    if not core:
        return None
    if core.startswith("{") and core.endswith("}"):
        word = core[1:-1].strip().lower()
        if not word.isascii() or not word.isalpha():
            raise PuzzleInputError(f"answer pattern {whole.strip()!r}: a printed word {core!r} must be letters a-z")
        return Slot(word, fixed=True)
    text = core.lower()
    if any(not (ch == "-" or "a" <= ch <= "z") for ch in text):
        raise PuzzleInputError(
            f"answer pattern {whole.strip()!r}: {token!r} must be dashes (pool letters), printed letters, "
            "or a printed word in braces like {AND}")
    if "-" not in text:
        return Slot(text, fixed=True)
    return Slot(text)
