"""The evidence the dictionary build records for each word, shared by ``scripts/build_lexicon.py`` (which
writes it) and ``puzzlewright dict explain`` (which reads it back).

Each built-in English archive stores, per word, a bit set of the sources that listed it
(:data:`SOURCE_BITS`); ``rejected.npz`` stores the candidates the build left out, each with the index of
its reason in :data:`REJECT_REASONS`.
"""

from __future__ import annotations

ENGLISH_FLOOR = 1.2
COMMON_FLOOR = 2.5
LETTERBOXED_FLOOR = 0.7
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
}
SOURCE_BITS = {name: 1 << i for i, name in enumerate(SOURCE_DESCRIPTIONS)}

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
