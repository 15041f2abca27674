"""A crossword entry's fill score, and the quality floors a fill tries: defined once, here.

A word's *fill score* says how gladly a constructor would keep it in a grid, on the familiarity scale
(about 1 for words few people know, 3 for everyday words, 7 for "the"). It starts from the word's
familiarity and, for the words of the built-in dictionaries (which carry the build's evidence: source bits,
SCOWL level, Zipf frequency and flags), takes off:

* a **flag penalty** (:data:`FLAG_PENALTIES`): archaic words and abbreviations are poor fill even when
  familiar (ADM, AGR), and so are words no dictionary defines, whose frequency often comes from surnames
  or text in another language (ASSIS, LETTRE, STEPHANE), and words that fail the editor's breakfast test
  (MURDER, VOMIT: our reviewed list ``scripts/unpleasant-words.txt``); vulgar words, when the user allows
  them, rank below clean ones;
* an **unseen penalty** when text never writes the word (Zipf 0): rule-made forms such as HONESTEST or
  SAFARIING, which inherit a familiarity from their base word that the form itself has not earned;
* a **crosswordese penalty** for words nobody vouches people know: neither in the Lancaster list of words
  most people know (the ``lancaster`` source bit, which covers a known word's regular forms) nor in
  SCOWL's everyday sizes (below 70), only in SCOWL's large sizes 70-95, GCIDE (Webster 1913) or a
  headword list. Such words (ETUI, ERNE, ANCE, ECCE, TALAR) are what fills lean on when a corner gets hard,
  and what solvers call crosswordese. The penalty grows as the word's Zipf frequency falls below
  :data:`CROSSWORDESE_ZIPF`, so that OREO (Zipf 3.0) loses little and ETUI (1.2) the whole of it.

A crossword phrase (ON THE DOT, MY BAD: :mod:`puzzlewright.lexicon.phrases`) is scored as a word, plus a
bonus: constructors prize a lively multiword entry over a word of the same familiarity. A phrase people
know or read (familiarity :data:`KNOWN_PHRASE` or more: the Lancaster norms or Wiktionary's idioms list it,
or Google Books' bigram counts attest it) and that no flag penalises gets :data:`PHRASE_BONUS`; one only
WordNet lists (a compound few people use, SHEEP ROT, LAND SITE) or a flagged one (MASS MURDER) gets
:data:`LISTED_PHRASE_BONUS`, so that the larger bonus never lifts a weak or unpleasant phrase over a
quality floor. The numbers were chosen by measuring default fills (docs/grid.md, *Phrases in default
fills*): a large bonus for every phrase let weak ones over the floors, and known phrases' bonuses above
2.5 added no phrases.

Every number comes from our own data (the dictionary build's sources and wordfreq); no constructors' list
is read. A word without source bits (a word list file, a scored ``word;score`` list, added words) keeps
its familiarity: a scored list's score is its maker's judgement and stands as it is.

Fills try the highest quality floor first (:func:`floor_ladder`) and step down until one finishes, over
the built-in dictionaries no lower than :data:`LOWEST_FLOOR` unless the user sets a lower minimum score:
below it are the words a setter would have to read before printing (OXIMES 0.20, AREOLAE 0.78, MSEC 1.09,
and the abbreviations and archaic or unpleasant words crossword fill keeps a point lower). A word list
file's words carry no evidence to score them by (:func:`lowest_floor`): the user vouches for them, and a
fill from one still goes on down to no floor.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.sources import PHRASE_SOURCES, SOURCE_BITS

FLAG_PENALTIES = {"archaic": 1.0, "abbreviation": 1.0, "undefined": 1.0, "unpleasant": 1.0, "vulgar": 0.5}
UNSEEN_PENALTY = 1.0  # Zipf 0: no text writes the word
CROSSWORDESE_PENALTY = 1.0  # the whole penalty, for a word nobody vouches for at or below CROSSWORDESE_ZIPF - SPAN
CROSSWORDESE_ZIPF = 3.5  # at this Zipf frequency and above, being written is evidence enough
CROSSWORDESE_SPAN = 2.0  # the penalty grows linearly over this many Zipf units below CROSSWORDESE_ZIPF
EVERYDAY_LEVEL = 70  # SCOWL sizes below this are its everyday lists; 70-95 its large, obscure ones
PHRASE_BONUS = 2.5  # a known, unflagged phrase (see phrase_bonus) scores this much above its familiarity...
LISTED_PHRASE_BONUS = 0.5  # ...and any other phrase (only WordNet lists it, or flagged) this much
KNOWN_PHRASE = 3.0  # the familiarity of a phrase the bigram counts attest (or a known list names), at the least
FLOORS = (3.0, 2.5, 2.0, 1.5)  # the quality floors a fill tries, highest first
LOWEST_FLOOR = FLOORS[-1]  # over scored words a fill goes no lower unless the user's min_score says so


def entry_scores(lexicon: Lexicon) -> np.ndarray:
    """Every word's fill score (float32, aligned with ``lexicon.words``; see the module docstring)."""
    scores = np.asarray(lexicon.familiarity_values, np.float64).copy()
    ours = lexicon.sources != 0  # words carrying the build's evidence: only those are adjusted
    if not ours.any():
        return scores.astype(np.float32)
    for flag, penalty in FLAG_PENALTIES.items():
        scores -= penalty * (lexicon.flagged([flag]) & ours)
    zipf = np.asarray(lexicon.zipf, np.float64)
    scores -= UNSEEN_PENALTY * ((zipf == 0) & ours)
    scores -= CROSSWORDESE_PENALTY * crosswordese(lexicon, zipf) * ours
    scores += phrase_bonus(lexicon)
    return np.round(np.maximum(scores, 0.0), 2).astype(np.float32)


def phrase_bonus(lexicon: Lexicon) -> np.ndarray:
    """Each entry's phrase bonus: :data:`PHRASE_BONUS` for a known phrase no flag penalises,
    :data:`LISTED_PHRASE_BONUS` for any other phrase (familiarity below :data:`KNOWN_PHRASE`: only WordNet
    lists it; or flagged), 0 for a word."""
    phrase_bits = np.uint16(sum(SOURCE_BITS[name] for name in PHRASE_SOURCES))
    phrase = (lexicon.sources & phrase_bits) != 0
    known = ((np.asarray(lexicon.familiarity_values, np.float64) >= KNOWN_PHRASE)
             & ~lexicon.flagged(list(FLAG_PENALTIES)))
    return np.where(phrase, np.where(known, PHRASE_BONUS, LISTED_PHRASE_BONUS), 0.0)


def crosswordese(lexicon: Lexicon, zipf: np.ndarray) -> np.ndarray:
    """How crosswordese-like each word is, 0-1: 0 for a word some source vouches people know (the Lancaster
    list, SCOWL's everyday sizes) or that text writes often; rising to 1 as an unvouched word's Zipf
    frequency falls ``CROSSWORDESE_SPAN`` below ``CROSSWORDESE_ZIPF``."""
    known = (lexicon.sources & np.uint16(SOURCE_BITS["lancaster"])) != 0
    everyday = (lexicon.level > 0) & (lexicon.level < EVERYDAY_LEVEL)
    rarity = np.clip((CROSSWORDESE_ZIPF - zipf) / CROSSWORDESE_SPAN, 0.0, 1.0)
    return np.where(known | everyday, 0.0, rarity)


def length_scores(lexicon: Lexicon, length: int, scores: np.ndarray | None = None) -> np.ndarray:
    """The fill scores of the ``length``-letter words, aligned with ``lexicon.of_length(length)`` (which
    lists them in the lexicon's order); ``scores``: :func:`entry_scores`, when already computed."""
    scores = entry_scores(lexicon) if scores is None else scores
    return scores[np.flatnonzero(lexicon.word_lengths == length)]


def score_bar(floor: float) -> np.float32:
    """A quality floor as the float32 the score arrays hold, to compare them with: a floor past float32's
    range (``min_score=1e300``) is its largest value, which no score reaches, where the cast overflowed to
    infinity with a RuntimeWarning on stderr."""
    return np.float32(min(floor, float(np.finfo(np.float32).max)))


def entry_score(lexicon: Lexicon, word: str) -> float | None:
    """One word's fill score, or None when it is not in the lexicon (tests, reports; fills use arrays)."""
    i = lexicon.position.get(word)
    return None if i is None else float(entry_scores(lexicon)[i])


def with_fill_score(facts: dict[str, Any]) -> dict[str, Any]:
    """:func:`puzzlewright.lexicon.explain.explain_word`'s facts, with a crossword phrase's fill score added
    to its ``phrase`` entry (``fill_score``): the lexicon layer explains the phrase, this one scores it."""
    phrase = facts.get("phrase")
    if phrase is not None:
        from puzzlewright.lexicon.phrases import phrase_lexicon

        phrase["fill_score"] = entry_score(phrase_lexicon(), phrase["grid"].lower())
    return facts


def lowest_floor(lexicon: Lexicon) -> float | None:
    """The lowest quality floor a fill over ``lexicon`` goes down to when the user sets no minimum score:
    :data:`LOWEST_FLOOR` over words whose scores are our judgement (the built-in dictionaries' words, with
    the build's evidence), None (no floor) over a word list file's own words, which carry none."""
    return LOWEST_FLOOR if bool((lexicon.sources != 0).any()) else None


def floor_ladder(min_score: float | None, lowest: float | None = LOWEST_FLOOR,
                 floors: Iterable[float] = FLOORS) -> tuple[float | None, ...]:
    """The quality floors a fill tries, highest first: each of ``floors`` above the bottom one, then the
    bottom one: the user's ``min_score``, or without one ``lowest`` (:func:`lowest_floor`; None: no floor)."""
    bottom = lowest if min_score is None else min_score
    return (*(floor for floor in floors if bottom is None or floor > bottom), bottom)
