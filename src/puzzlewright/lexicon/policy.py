"""Which words a puzzle may put in front of people: the one publishing policy, by use.

Every word of the shipped archives carries flags (:data:`puzzlewright.lexicon.sources.FLAG_DESCRIPTIONS`,
each with the source that set it). What they mean depends on what the words are for:

* **Solving** (``Use.SOLVE``): the puzzle's letters decide, so every word of the chosen dictionary is
  accepted (the NYT's own lists hold BIMBO), but the solvers rank the words of :data:`RANKED_LOW` low:
  ``jumble unscramble`` lists them after the other words, and the Jumble and Letter Boxed rankers order
  answers by how many such words they hold before their score (an answer with one comes after every clean
  one; the fitted models also weigh them, feature ``flagged``, which steers the Jumble search).
* **Constructing** (``Use.CONSTRUCT``: acrostic, Letter Boxed and Jumble generators, Wordle doodles): never an ``offensive`` word; no ``vulgar``, ``proper``,
  ``undefined`` (one no dictionary defines: surnames, misspellings, foreign words), ``archaic`` word
  (obsolete or dialect: ONY, ABIT) or ``abbreviation`` (a clipped word only SCOWL's abbreviation lists give:
  ASST, QUOT, IPS; a generated square or Jumble of "common words" holds none) or ``unpleasant`` word (the
  crossword editor's breakfast test: MURDER, TUMOUR, VOMIT) unless the user allows it (``--allow vulgar,proper``,
  ``"allow": ["vulgar"]``).
* **Suggesting** (``Use.SUGGEST``: the Wordle assistant's guesses): as constructing, but ``undefined``,
  ``archaic`` and ``abbreviation`` words are kept: the game's own list accepts them, and SALET is a fine guess though no
  dictionary defines it.
* **Crossword fill** (``Use.CROSSWORD``): as constructing, but names are allowed by default (grids use
  ARIEL and OSLO), and so are archaic words, abbreviations and unpleasant words, a point lower in fill score
  (crosswordese such as ANENT; ETC), so that below the lowest quality floor a fill goes to unless asked
  (:data:`puzzlewright.grid.score.LOWEST_FLOOR`) only the familiar ones are used. ``undefined`` words stay out unless allowed: among them are good entries no dictionary
  of ours defines yet (UDON, CHAI, DIDNT), but also misspellings and run-together words (ASWELL, UNTILL,
  WIERD, THANKYOU) and names no list marks as names, which a setter would have to catch by reading.
* **Crossword phrases** (``Use.PHRASE``: the multiword entries crossword fill adds,
  :mod:`puzzlewright.lexicon.phrases`): as crossword fill, but names are left out unless allowed (ABRAHAM
  LINCOLN, NEW YORK: a grid may hold OSLO, but a phrase list of names would crowd out the idioms).

``offensive`` can never be allowed: a setter must be able to print what we make without reading it.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING

from puzzlewright.errors import LexiconError
from puzzlewright.lexicon.sources import flag_mask

if TYPE_CHECKING:  # this module is imported by the CLI's option definitions: no numpy at import
    import numpy as np

    from puzzlewright.lexicon.core import Lexicon


class Use(Enum):
    """What the words are for."""

    SOLVE = "solve"
    CONSTRUCT = "construct"
    SUGGEST = "suggest"
    CROSSWORD = "crossword"
    PHRASE = "phrase"


NEVER = frozenset({"offensive"})
ALLOWABLE = ("vulgar", "proper", "undefined", "archaic", "abbreviation", "unpleasant")  # what a user may opt in to, in the order help texts name them
LEFT_OUT = {Use.SOLVE: frozenset(), Use.CONSTRUCT: NEVER | {"vulgar", "proper", "undefined", "archaic", "abbreviation",
                                                                 "unpleasant"},
            Use.SUGGEST: NEVER | {"vulgar", "proper"}, Use.CROSSWORD: NEVER | {"vulgar", "undefined"},
            Use.PHRASE: NEVER | {"vulgar", "proper"}}
RANKED_LOW = frozenset({"offensive", "vulgar", "proper"})  # solvers rank these below unflagged words
ALLOW_HELP = ("Let constructions use these flagged words, comma-separated: vulgar, proper (names), undefined "
              "(words no dictionary defines), archaic (obsolete or dialect words), abbreviation (clipped words: "
              "asst), unpleasant (murder, vomit). Offensive words (slurs) are never used.")


def parse_allow(value: str | Iterable[str] | None) -> frozenset[str]:
    """The flags a user allows, from ``"vulgar,proper"`` or a list; raises
    :class:`~puzzlewright.errors.LexiconError` naming what can be allowed for anything else."""
    if value is None:
        return frozenset()
    items = value.replace(",", " ").split() if isinstance(value, str) else list(value)
    allowed = set()
    for item in items:
        flag = item.strip().lower() if isinstance(item, str) else item
        if flag not in ALLOWABLE:
            never = " (offensive words are never used)" if flag in NEVER else ""
            raise LexiconError(f"cannot allow {item!r}{never}: choose from {', '.join(ALLOWABLE)}")
        allowed.add(flag)
    return frozenset(allowed)


def left_out(use: Use, allow: Iterable[str] = ()) -> frozenset[str]:
    """The flags whose words ``use`` leaves out, once the user's ``allow`` is granted."""
    return LEFT_OUT[use] - (frozenset(allow) - NEVER)


def publishable(lexicon: "Lexicon", use: Use, allow: Iterable[str] = ()) -> Lexicon:
    """``lexicon`` without the words ``use`` may not emit (itself for solving, or when none is flagged).

    Memoised per lexicon and flags, so repeated requests (the web app's) get the same lexicon back and
    reuse the indexes built on it (doodlers, scorers, construction words are keyed by identity)."""
    from puzzlewright.cache import recall_for, remember_for

    flags = left_out(use, allow)
    if not flags:
        return lexicon
    key = (id(lexicon), flags)
    hit: Lexicon | None = recall_for(_PUBLISHABLE, key, (lexicon,))
    if hit is not None:
        return hit
    kept = lexicon.without_flags(flags)
    remember_for(_PUBLISHABLE, key, (lexicon,), kept, MAX_PUBLISHABLE)
    return kept


def left_out_words(lexicon: "Lexicon", use: Use, allow: Iterable[str] = ()) -> frozenset[str]:
    """The words of ``lexicon`` that ``use`` may not emit: for constructors that work on an index of
    their own (Letter Boxed's) and check the words they pick against the lexicon's flags."""
    flags = left_out(use, allow)
    if not flags:
        return frozenset()
    return frozenset(word for word, dropped in zip(lexicon.words, lexicon.flagged(flags).tolist()) if dropped)


def left_out_note(count: int, flags: Iterable[str], allowable: int) -> str:
    """What a constructor's "none found" error adds when the policy left ``count`` candidate words out
    ("" for none), so that the user knows what allowing (``--allow``, the ``allow`` field) would let in:
    ``flags``, the flags to allow, and ``allowable``, how many of the words that lets in (the others are
    offensive: never used). :func:`left_out_flags` gives all three."""
    if not count:
        return ""
    words = f"{count:,} word{'s' if count != 1 else ''} left out"
    named = [flag for flag in ALLOWABLE if flag in set(flags)]
    if not named or not allowable:
        return f" ({words} as offensive: never used)"
    them = ("it" if count == 1 else "them") if allowable == count else f"{allowable:,} of them"
    return f" ({words} by the publishing policy: allowing {','.join(named)} would let {them} in)"


def left_out_flags(lexicon: "Lexicon", use: Use, allow: Iterable[str] = (),
                   among: "np.ndarray | None" = None) -> tuple[int, frozenset[str], int]:
    """For :func:`left_out_note`: how many words of ``lexicon`` (of those ``among`` marks, a boolean array;
    default all) ``use`` may not emit once ``allow`` is granted, the flags that keep out those that are not
    offensive (what to allow), and how many those are."""
    flags = left_out(use, allow)
    if not flags:
        return 0, frozenset(), 0
    dropped = lexicon.flagged(flags) if among is None else lexicon.flagged(flags) & among
    allowable = dropped & ~lexicon.flagged(NEVER)
    carried = frozenset(flag for flag in flags - NEVER if (lexicon.flagged([flag]) & allowable).any())
    return int(dropped.sum()), carried, int(allowable.sum())


def left_out_words_note(lexicon: "Lexicon", words: Iterable[str], use: Use, allow: Iterable[str] = ()) -> str:
    """:func:`left_out_note` for the candidate ``words`` (of ``lexicon``) that ``use`` left out: for
    constructors that know which words they were denied (Letter Boxed's, over an index of its own)."""
    import numpy as np

    among = np.zeros(len(lexicon), bool)
    among[[lexicon.position[word] for word in words if word in lexicon.position]] = True
    return left_out_note(*left_out_flags(lexicon, use, allow, among=among))


MAX_PUBLISHABLE = 16
_PUBLISHABLE: dict[tuple[int, frozenset[str]], object] = {}  # remember_for's entries


def ranked_low(lexicon: "Lexicon") -> "np.ndarray":
    """Boolean array over the lexicon's words: those a solver ranks below unflagged words."""
    return lexicon.flagged(RANKED_LOW)


@cache
def ranked_low_bits() -> int:
    """The bits of a ``flags`` column (an archive's, a :class:`Lexicon`'s, a Letter Boxed index's) that
    mark a word :data:`RANKED_LOW`: what the solvers' fast paths test, without numpy."""
    return flag_mask(RANKED_LOW)


def is_ranked_low(flag_bits: int) -> bool:
    """Whether a word with these ``flags`` bits is one a solver ranks below unflagged words."""
    return bool(flag_bits & ranked_low_bits())
