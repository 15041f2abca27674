"""The evidence the dictionary build records for each word, shared by ``scripts/build_lexicon.py`` (which
writes it) and ``puzzlewright dict explain`` (which reads it back).

Each built-in English archive stores, per word, a bit set of the sources that listed it
(:data:`SOURCE_BITS`); ``rejected.npz`` stores the candidates the build left out, each with the index of
its reason in :data:`REJECT_REASONS`.
"""

from __future__ import annotations

from collections.abc import Iterable

ENGLISH_FLOOR = 1.2
COMMON_FLOOR = 2.5
LETTERBOXED_FLOOR = 0.4
TIER_FLOORS = {"english-common": COMMON_FLOOR, "english": ENGLISH_FLOOR, "english-letterboxed": LETTERBOXED_FLOOR,
               "english-large": 0.0}

SOURCE_DESCRIPTIONS = {
    "scowl": "a SCOWL word list",
    "scowl-variant": "a SCOWL spelling-variant list",
    "scowl-clipped": "SCOWL's abbreviation list, as a clipped word said as a word",
    "wordnet": "a WordNet lemma",
    "wordnet-irregular": "a WordNet irregular form",
    "gcide": "a GCIDE headword",
    "ding": "a headword of the Ding English-German dictionary",
    "wordfreq-inflection": "wordfreq's English tokens, as a regular inflection of a word already in",
    "reviewed": "the reviewed list of recent words (scripts/recent-words.txt)",
    "lancaster": "the Lancaster Sensorimotor Norms' 40,000 words most people know (itself or its base word)",
    "hunspell-en-gb": "the en_GB Hunspell dictionary (LibreOffice's), as a modern word common in English text "
                      "(scripts/modern_words.py)",
    "wordnet-phrase": "a WordNet multiword lemma: a set phrase or idiom (a crossword phrase entry)",
    "google-books-bigrams": "SymSpell's Google Books bigram counts: every pair of adjacent words of the phrase "
                            "is written often (Zipf >= 4.07)",
    "wiktionary-idiom": "Wiktionary's English idioms (as IBM's SLIDE lexicon selected the frequent ones): an idiom "
                        "(a crossword phrase entry)",
    "dictionary-phrase": "a multiword headword of the Ding English-German dictionary or of GCIDE (Webster 1913) "
                         "whose words text writes together far more often than chance (a crossword phrase entry)",
    "moby-phrase": "a multiword term of the Moby thesaurus whose words text writes together far more often than "
                   "chance (a crossword phrase entry)",
}
SOURCE_BITS = {name: 1 << i for i, name in enumerate(SOURCE_DESCRIPTIONS)}
PHRASE_SOURCES = ("wordnet-phrase", "wiktionary-idiom", "dictionary-phrase", "moby-phrase")  # the sources of crossword phrases (one of them lists each)

# Flags: what a setter filters on. Each bit of an archive's ``flags`` column is one (flag, source) pair,
# so ``dict explain`` can say who flagged a word; a flag is set when any of its bits is.
FLAG_DESCRIPTIONS = {
    "offensive": "a slur or hate term (constructors never use it)",
    "vulgar": "sexual or scatological (constructors leave it out unless asked)",
    "proper": "a name of a person, place or brand, or a proper adjective, with no use as a common word",
    "abbreviation": "a clipped word or abbreviation said as a word (rec, crit)",
    "archaic": "archaic, obsolete or obscure: no current source vouches for it",
    "undefined": "no dictionary of present-day English defines it or its base word: only SCOWL's obscure sizes "
                 "(80-95) and text frequency vouch for it, with at most Webster 1913, the way surnames, misspellings "
                 "and foreign words come in (ROBBINS, WIERD, BONJOUR, HAIN); or a misspelling we reviewed (SEING)",
    "unpleasant": "fails the crossword editor's breakfast test: violent death, sexual violence, disease or bodily "
                  "waste (MURDER, CORPSE, VOMIT); crossword fill scores it lower",
}
FLAG_EVIDENCE = (
    ("offensive", "wordnet"), ("offensive", "ldnoobw"), ("offensive", "reviewed"),
    ("vulgar", "wordnet"), ("vulgar", "ldnoobw"), ("vulgar", "reviewed"),
    ("proper", "scowl"), ("proper", "wordnet"), ("proper", "ding"),
    ("abbreviation", "scowl"),
    ("archaic", "wordnet"), ("archaic", "weak-evidence"),
    ("undefined", "scowl-obscure"),  # appended: the bits above keep their values
    ("unpleasant", "reviewed"),
    ("proper", "census"), ("archaic", "gcide-labels"),  # appended: the bits above keep their values
    ("vulgar", "ding"), ("undefined", "reviewed"),  # appended: the bits above keep their values
)
FLAG_SOURCE_DESCRIPTIONS = {
    "wordnet": "WordNet's usage labels (ethnic slur, obscenity, archaism) or its capitalised lemmas",
    "ldnoobw": "the List of Dirty, Naughty, Obscene, and Otherwise Bad Words (Shutterstock, CC BY 4.0)",
    "reviewed": "our reviewed lists (scripts/offensive-words.txt, vulgar-words.txt, unpleasant-words.txt, "
                "misspellings.txt)",
    "scowl": "SCOWL's proper-name, upper-case or abbreviation lists",
    "ding": "the Ding English-German dictionary: its capitalised headwords, or its label [vulg.] on every "
            "translation",
    "weak-evidence": "only GCIDE (Webster 1913) or SCOWL size 95 lists it",
    "scowl-obscure": "only SCOWL's sizes 80-95 list it (or its base word), with at most GCIDE (Webster 1913): no "
                     "headword of a present-day dictionary, not in the Lancaster list of known words",
    "census": "the US Census 1990 first names (public domain), and no dictionary gives it a lowercase meaning",
    "gcide-labels": "GCIDE labels every sense of it obsolete, Scots or dialect, and no current source lists it",
}
FLAG_BITS = {pair: 1 << i for i, pair in enumerate(FLAG_EVIDENCE)}


def flag_mask(flags: Iterable[str]) -> int:
    """The bits of the archive's ``flags`` column that set any of ``flags`` (names of FLAG_DESCRIPTIONS)."""
    wanted = set(flags)
    return sum(bit for (flag, _), bit in FLAG_BITS.items() if flag in wanted)


def flag_evidence(bits: int) -> dict[str, list[str]]:
    """Flag name -> the sources that set it, for one word's ``flags`` bits."""
    found: dict[str, list[str]] = {}
    for (flag, source), bit in FLAG_BITS.items():
        if bits & bit:
            found.setdefault(flag, []).append(source)
    return found


REJECT_REASONS = ("letter-string", "proper-noun", "unvouched-scowl-95", "modern-unexplained")
REJECT_DESCRIPTIONS = {
    "letter-string": "a letter string (no vowel, or a letter three times running) that no dictionary lists",
    "proper-noun": "WordNet or Ding lists it only capitalised (a name)",
    "unvouched-scowl-95": "only SCOWL size 95 lists it, and no dictionary vouches for it or its base word",
    "modern-unexplained": "a wordfreq token (Zipf >= 2) that no dictionary lists and that is not an "
                          "inflection of a word (names, brands, abbreviations, foreign words, new coinages)",
}


def source_names(bits: int) -> list[str]:
    """The names of the sources in a bit set."""
    return [name for name, bit in SOURCE_BITS.items() if bits & bit]
