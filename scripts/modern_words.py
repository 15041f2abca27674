"""Modern everyday words for the dictionary build, from a maintained spelling dictionary behind a gate.

Source: the British English Hunspell dictionary of LibreOffice (``en_GB``, maintained by Marco A. G.
Pinto, David Bartlett, Brian Kelk and Andrew Brown; version 3.1.4 of 2022-11-01 in Debian 12),
Debian package ``hunspell-en-gb`` (``apt-get install hunspell-en-gb``), read from
``/usr/share/hunspell/en_GB.dic`` and ``en_GB.aff``. Licence: LGPL (its README,
/usr/share/doc/hunspell-en-gb/README_en_GB.txt.gz: "covered by [Kevin Atkinson's] original LGPL
licence"; the affix file "is also provided under the LGPL"); the build ships only words read from it.
Why this one: unlike the SCOWL-derived dictionaries (``hunspell-en-us``, ``-en-ca``, ``-en-au``,
``wamerican-*``: all SCOWL 2020.12.07, which the build already reads in full), ``en_GB`` is edited word by
word against Oxford, Collins, Cambridge and Merriam-Webster and has added words of the last twenty years
(upvote, hangry, jeggings, podcaster, geolocation, subreddit); it writes names capitalised, marks taboo
words with its ``NOSUGGEST`` flag, and its affix flags say which inflections a word has.

It is also noisy for our use (a spelling dictionary accepts abbreviations, Roman numerals, drug names,
the parts of Latin and French phrases, a few lowercase names), so a word of it is returned only when it
passes every part of this gate:

1. it is a lowercase a-z stem of ``en_GB.dic`` of 4+ letters, not flagged taboo (``!``);
2. wordfreq sees it at Zipf >= ``MIN_ZIPF`` (2.0: an everyday word, about once per 10 million words);
3. it is no letter string (no vowel, or a letter three times running) and no Roman numeral;
4. it is not in ``exclude`` (the build passes SCOWL's name and abbreviation lists and the words WordNet
   or Ding list only capitalised);
5. it is English-specific: its English Zipf is at least ``ENGLISH_MARGIN`` above the median of its
   Zipf in French, Spanish, Italian, German, Portuguese and Dutch (wordfreq). Tokens used alike in every
   language are names, handles and phrase fragments (kung, diem, ipso, desi); foreign words are commoner
   abroad (quand, sotto, terroir);
6. it is not a part of a hyphenated entry of ``en_GB.dic`` (helter of helter-skelter, panky, utan,
   empt of pre-empt: wordfreq's tokenizer splits at hyphens, so the halves look common);
7. it is not in ``scripts/modern-words-excluded.txt``, the words that passed 1-6 and were rejected on
   review (names, phrase fragments, slang spellings, vulgar words: see that file's header).

Only words the build does not already have (``known``) are returned. A word the dictionary's suffix
flags derive from a stem the build has or the gate admits (podcast -> podcaster, geolocate ->
geolocation) is a candidate like a stem and passes the same gate. An inflection of an admitted stem
(plural, -ed, -ing, -er/-est: the ``S``, ``G``, ``D``, ``d`` and ``T`` affix flags that ``en_GB`` gives
that stem) is returned too when wordfreq sees it at all (upvotes, upvoted, podcasters), so no form the
dictionary does not license and no unseen form comes in. Inflections of words the build already has
are left to the build's own rules, which check parts of speech.

The build calls it once its other candidates are read, in ``candidates()``::

    for word, source in modern_words(src.zipf, exclude=src.names | src.abbreviations
                                     | src.wordnet.capitalised | src.ding_capitalised, known=found).items():
        add(word, source)

and every later rule of the build (rejections, familiarity, tiers) applies to these words as to any
candidate (``hunspell-en-gb`` is a bit of ``puzzlewright.lexicon.sources.SOURCE_BITS``). Run this file
to print the words it would add (``python scripts/modern_words.py``, with the build's exclusions).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXCLUDED = HERE / "modern-words-excluded.txt"
DIC = Path("/usr/share/hunspell/en_GB.dic")
AFF = Path("/usr/share/hunspell/en_GB.aff")
SOURCE = "hunspell-en-gb"
MIN_ZIPF = 2.0
MIN_LENGTH = 4
ENGLISH_MARGIN = 0.5
OTHER_LANGUAGES = ("fr", "es", "it", "de", "pt", "nl")
INFLECTION_FLAGS = frozenset("SGDdT")
TABOO_FLAG = "!"
WORD = re.compile(r"^[a-z]+$")
ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")


def read_dic(path: Path = DIC) -> dict[str, str]:
    """Every entry of a Hunspell .dic file -> its affix flags (one character each, as ``en_GB`` uses)."""
    entries: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").lstrip("\ufeff").splitlines()
    for line in lines[1:]:  # the first line is the entry count
        fields = line.split()  # an entry may be followed by a tab and a description
        word, _, flags = fields[0].partition("/") if fields else ("", "", "")
        if word:
            entries[word] = entries.get(word, "") + flags
    return entries


def read_suffixes(path: Path = AFF) -> dict[str, list[tuple[str, str, re.Pattern]]]:
    """Each suffix flag of a Hunspell .aff file -> its rules (strip, add, condition on the stem's end)."""
    rules: dict[str, list[tuple[str, str, re.Pattern]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[0] == "SFX":
            flag, strip, add, condition = parts[1], parts[2], parts[3], parts[4]
            rules.setdefault(flag, []).append((
                "" if strip == "0" else strip, "" if add == "0" else add.split("/")[0],
                re.compile(("" if condition == "." else condition) + "$")))
    return rules


def suffixed(stem: str, flags: Iterable[str],
             suffixes: dict[str, list[tuple[str, str, re.Pattern]]]) -> dict[str, str]:
    """The a-z words the given suffix flags make of a stem -> the flag that made each (apostrophe forms,
    such as the possessive, left out)."""
    forms: dict[str, str] = {}
    for flag in sorted(set(flags)):
        for strip, add, condition in suffixes.get(flag, ()):
            if condition.search(stem) and stem.endswith(strip):
                form = stem[: len(stem) - len(strip)] + add
                if WORD.match(form):
                    forms.setdefault(form, flag)
    return forms


def is_letter_string(word: str) -> bool:
    """No vowel (y counts) or a letter three times running (as the build's rule 2 reads it)."""
    return not set("aeiouy") & set(word) or re.search(r"(.)\1\1", word) is not None


def english_specific(word: str, zipf: float) -> bool:
    """Whether the word is at least ENGLISH_MARGIN commoner in English than the median of
    OTHER_LANGUAGES (wordfreq)."""
    import wordfreq

    others = [wordfreq.zipf_frequency(word, lang) for lang in OTHER_LANGUAGES]
    return zipf - statistics.median(others) >= ENGLISH_MARGIN


def hyphen_parts(entries: dict[str, str]) -> set[str]:
    """The lowercase parts of the dictionary's hyphenated entries (helter, skelter)."""
    return {part for word in entries if "-" in word for part in word.lower().split("-")}


def read_excluded(path: Path = EXCLUDED) -> set[str]:
    """The reviewed exclusions (``#`` comments and blank lines skipped)."""
    return {w.strip() for w in path.read_text().splitlines() if w.strip() and not w.startswith("#")}


def passes(word: str, zipf: dict[str, float], excluded: set[str]) -> bool:
    """Gate parts 2-7 of the module docstring for one word (``excluded``: parts 4, 6 and 7)."""
    return (len(word) >= MIN_LENGTH and zipf.get(word, 0.0) >= MIN_ZIPF and not is_letter_string(word)
            and not ROMAN.match(word) and word not in excluded and english_specific(word, zipf[word]))


def modern_words(zipf: dict[str, float], exclude: Iterable[str] = (),
                 known: Iterable[str] = ()) -> dict[str, str]:
    """The words of the source that pass the gate and the build does not have yet, and their attested
    inflections -> the source name.

    ``zipf``: word -> wordfreq Zipf frequency (the build's ``Sources.zipf``); ``exclude``: words never to
    return (names, abbreviations, capitalised-only lemmas); ``known``: the words the build already has."""
    entries = read_dic()
    suffixes = read_suffixes()
    excluded = set(exclude) | hyphen_parts(entries) | read_excluded()
    have = set(known)
    words: dict[str, str] = {}

    def admit(word: str) -> None:
        if word not in have and word not in excluded:
            words.setdefault(word, SOURCE)

    for stem, flags in entries.items():
        if not WORD.match(stem) or TABOO_FLAG in flags or stem in excluded:
            continue
        forms = suffixed(stem, flags, suffixes)
        if passes(stem, zipf, excluded):  # the stem itself, and its attested inflections
            admit(stem)
            if stem not in have:
                for form, flag in forms.items():
                    if flag in INFLECTION_FLAGS and zipf.get(form, 0.0) > 0:
                        admit(form)
        elif stem not in have:
            continue
        for form in forms:  # a derived form of a word in (podcast -> podcaster), and its attested plural
            if form not in entries and passes(form, zipf, excluded):
                admit(form)
                if form + "s" in forms and zipf.get(form + "s", 0.0) > 0:
                    admit(form + "s")
    return words


def main() -> None:
    """Print the words the build would get from this source, with their Zipf (for review)."""
    import argparse
    import sys

    sys.path.insert(0, str(HERE))
    import build_lexicon

    paths = argparse.Namespace(scowl=Path("/usr/share/dict/scowl"), wordnet=Path("/usr/share/wordnet"),
                               gcide=Path("/usr/share/dictd/gcide.index"),
                               ding=Path("/usr/share/dictd/freedict-eng-deu.dict.dz"), lancaster=None)
    src = build_lexicon.load_sources(paths)
    known = (set(src.main) | set(src.variant) | set(src.seldom) | src.wordnet.lemmas
             | set(src.wordnet.irregular) | src.ding | set(src.reviewed))
    exclude = src.names | src.abbreviations | src.wordnet.capitalised | src.ding_capitalised
    for word in sorted(modern_words(src.zipf, exclude, known)):
        print(f"{word}\t{src.zipf.get(word, 0.0):.2f}")


if __name__ == "__main__":
    main()
