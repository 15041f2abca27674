"""Crossword phrases: multiword phrases and idioms as crossword entries (ON THE DOT, RED HERRING, MY BAD).

``data/crossword-phrases.npz``, written by ``scripts/build_crossword_phrases.py``, holds the six columns of a
dictionary archive (see :mod:`puzzlewright.lexicon.builtin`; ``words`` are the grid forms, letters only,
``level`` is 0) and ``display``, each phrase as written (``on the dot``, ``by-and-by``). Its candidates
are Princeton WordNet 3.0's multiword lemmas, Wiktionary's English idioms (those IBM's SLIDE lexicon
selected as frequent; without placeholders such as ``one's``) and the short multiword headwords of the Ding
English-German dictionary, GCIDE and the Moby thesaurus whose words text writes together far more often
than chance (A TAD, AS IS, IN AWE: ``scripts/headword_phrases.py`` states the rule), each of them one whose
every word is a word of ``english-large`` and whose letters are no word of ``english`` (NO WAY is the word
NOWAY; IN TIME joins ``english``'s fills though the large tier has INTIME, whose fills keep the word), and
that is no sentence fragment (SEE ON, CAUSED BY, JUST SEE: ``scripts/phrase_fragments.py``).

**The rule for a phrase's numbers** (so that a phrase and a word compete on one scale in a grid):

* ``zipf`` is how often the phrase is written: the Zipf frequency of its rarest adjacent word pair in
  SymSpell's Google Books bigram counts when that list (which stops at Zipf 4.07) has every pair; else
  wordfreq's estimate for the phrase (built from its words' frequencies), kept below that floor.
* ``familiarity`` is at most the least familiar word's (a phrase is no better known than its rarest
  word); below that, 3.5 when the Lancaster norms (phrases most people know) or the Wiktionary idioms list
  it, 4.0 when the bigram list also attests it; else 3.0 when the bigram list attests it (every kept
  dictionary headword: its cohesion is read there) and 2.0 when only WordNet lists it, each plus 0.5 when WordNet has more than one sense of it or its sense-tagged corpus
  (SemCor) uses it. (The bigram list's frequency itself is not used: a phrase's rarest pair can be far
  more frequent than the phrase, AND ALL, SEE A MAN.)
* flags: any of its words' ``offensive``, ``vulgar``, ``unpleasant`` and ``abbreviation`` flags (with
  their sources); WordNet's usage domains and LDNOOBW's multiword entries for the phrase itself; ``vulgar``
  when it holds a mild word that reads crude in a phrase (``scripts/mild-words.txt``: OLD FART, PAIN IN THE
  ASS); ``proper`` when WordNet writes it only capitalised (ABRAHAM LINCOLN: crossword fill leaves names
  among phrases out unless allowed, :data:`puzzlewright.lexicon.policy.Use.PHRASE`).

The crossword fill score (:mod:`puzzlewright.grid.score`) then treats a phrase as a word (flag penalties,
the crosswordese penalty when neither the Lancaster norms nor a written frequency of 3.5 vouch for it) plus
its phrase bonus.
The build keeps phrases whose fill score is 3.0 or more (a quality list, not every WordNet compound).

Only crossword fill uses phrases (:func:`crossword_phrases`); every other puzzle stays single words. This
module reads the archive without numpy (``dict lookup``'s quick path); :func:`phrase_lexicon` builds the
:class:`~puzzlewright.lexicon.Lexicon` fill uses.
"""

from __future__ import annotations

from functools import cache, lru_cache

from puzzlewright.lexicon.shipped import data_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from puzzlewright.lexicon.core import Lexicon

ARCHIVE = "crossword-phrases.npz"
ENGLISH_TIERS = ("english", "english-common", "english-letterboxed", "english-large")  # what phrases join


def phrase_key(raw: str) -> str | None:
    """A phrase's grid form: its letters, lowercase, without spaces, hyphens or apostrophes
    (``"Run ragged"`` -> ``"runragged"``); None when anything else is left or nothing is."""
    letters = "".join(raw.lower().replace("-", " ").replace("'", "").split())
    return letters if letters.isascii() and letters.isalpha() else None


@cache
def _columns() -> dict[str, list[Any]]:
    """The archive's columns as lists: words and display (str), zipf and familiarity (float), sources and
    flags (int); empty lists when the archive is missing."""
    from puzzlewright.lexicon.archive import read_archive

    try:
        archive = read_archive(data_file(ARCHIVE))
    except FileNotFoundError:
        return {name: [] for name in ("words", "display", "zipf", "familiarity", "sources", "flags")}
    text = {name: archive[name].tobytes().decode("ascii").split("\n") for name in ("words", "display")}
    return {**text, "zipf": [value / 100 for value in archive["zipf"]],
            "familiarity": [value / 100 for value in archive["familiarity"]],
            "sources": list(archive["sources"]), "flags": list(archive["flags"])}


@cache
def _position() -> dict[str, int]:
    return {word: i for i, word in enumerate(_columns()["words"])}


def tier_floor(dictionary: str) -> float | None:
    """The least familiarity of the phrases that join the built-in dictionary ``dictionary`` (its tier's
    floor), None when phrases do not join it (word lists, Wordle lists)."""
    from puzzlewright.lexicon.sources import TIER_FLOORS

    return TIER_FLOORS[dictionary] if dictionary in ENGLISH_TIERS else None


def find_phrase(raw: str, dictionary: str | None = None) -> dict[str, Any] | None:
    """The crossword phrase ``raw`` names (as written or as its grid form), or None:
    ``{"phrase", "grid", "zipf", "familiarity", "sources", "flags"}`` (names of sources and flags). With
    ``dictionary``, only a phrase that joins that dictionary's crossword fills."""
    key = phrase_key(raw)
    i = _position().get(key) if key else None
    if i is None:
        return None
    columns = _columns()
    if dictionary is not None:
        floor = tier_floor(dictionary)
        if floor is None or columns["familiarity"][i] < floor:
            return None
    from puzzlewright.lexicon.sources import flag_evidence, source_names

    return {"phrase": columns["display"][i], "grid": columns["words"][i].upper(),
            "zipf": round(columns["zipf"][i], 2), "familiarity": round(columns["familiarity"][i], 2),
            "sources": source_names(columns["sources"][i]), "flags": sorted(flag_evidence(columns["flags"][i]))}


def display_form(word: str) -> str:
    """How an entry is shown: a phrase as written (``run ragged``), any other word as it is."""
    i = _position().get(word)
    return word if i is None else _columns()["display"][i]


@cache
def phrase_lexicon() -> Lexicon:
    """Every crossword phrase as a lexicon of grid forms (loaded once)."""
    import numpy as np

    from puzzlewright.lexicon.core import Lexicon

    columns = _columns()
    return Lexicon(columns["words"], np.asarray(columns["zipf"], np.float32), None,
                   familiarity=np.asarray(columns["familiarity"], np.float32),
                   sources=np.asarray(columns["sources"], np.uint16), flags=np.asarray(columns["flags"], np.uint32),
                   name="crossword-phrases", source="built-in: WordNet, Wiktionary, Ding, GCIDE and Moby phrases",
                   presorted=True)


@lru_cache(maxsize=16)
def crossword_phrases(dictionary: str, min_commonness: float | None = None) -> Lexicon | None:
    """The phrases that join crossword fills over the built-in ``dictionary``: those at least as familiar
    as its tier's floor and ``min_commonness``; None when phrases do not join it. Memoised, so that repeated
    requests get the same lexicon (and the fill lexicons built on it stay cached)."""
    floor = tier_floor(dictionary)
    if floor is None:
        return None
    floor = max(floor, min_commonness) if min_commonness is not None else floor
    return phrase_lexicon().filter(min_commonness=floor) if floor > 0 else phrase_lexicon()
