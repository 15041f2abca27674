#!/usr/bin/env python3
"""Per-word ``offensive`` and ``vulgar`` flags for the shipped dictionaries (issue #27), read at build time.

``offensive``: slurs and hate terms; constructors never emit them. ``vulgar``: sexual and scatological
words; constructors leave them out unless asked. A word with both gets ``offensive``. Only lowercase a-z
base words are listed; the build extends a flag to a word's regular inflections itself.

Sources, each named in the result (none is needed at run time):

* ``wordnet``: WordNet 3.0 (Debian package ``wordnet-base``, /usr/share/wordnet; WordNet 3.0 licence,
  permissive, shippable). The single-word member lemmas (lowercase, hyphenated ones joined, as the build
  reads lemmas) of the synsets in three usage domains (``;u``/``-u`` pointers of data.noun, data.verb,
  data.adj, data.adv; a lexical pointer names one lemma, a semantic one the whole synset):
  "ethnic slur" (06718862) and "disparagement, depreciation, derogation" (06717170) -> offensive;
  "obscenity, smut, vulgarism, filth, dirty word" (07124340) -> vulgar (WordNet 3.0 has no other
  vulgarism domain: the synset "vulgarism, vulgarity" 04817280 has no members). A domain marks whole
  synsets, so it also brings innocent synonyms (spade, boy, screw, tool) and mere insults (suit,
  softness); ``not-flagged.txt`` takes those out.
* ``ldnoobw``: Shutterstock's "List of Dirty, Naughty, Obscene, and Otherwise Bad Words", English list,
  as the npm package ``naughty-words`` ships it (``en.json``; CC BY 4.0, attribution required:
  "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" by Shutterstock and contributors). Get it
  with ``npm install -g naughty-words@1.2.0`` (found under ``npm root -g``; no JavaScript is run).
  Its single a-z words are vulgar unless ``offensive-words.txt`` or WordNet calls them offensive.
  Chosen over PyPI ``better-profanity`` (MIT) for its far fewer false positives: of the words of our
  large dictionary, that list has 488, 274 of which our review rules leave unflagged even counting
  inflections (vodka, sandbar, niggle, stupid, murder, god); this one has 178, 62 of them unflagged.
  (npm ``obscenity``, MIT, ships matching patterns rather than a word list.)
* ``ding``: the Ding English-German dictionary (FreeDict ``eng-deu``, Debian ``freedict-eng-deu``; GPL,
  a build source of scripts/build_lexicon.py): a lowercase single-word headword every German translation
  of which, in every entry, carries Ding's label ``[vulg.]`` is vulgar (TODGER, WANGER, WAZOO, CACK,
  BUTTHEAD: "Schwanz [vulg.]", "Arsch [vulg.]"); a word with one unlabelled translation (SCREW, SHAG,
  CLUNES) is not.
* ``reviewed``: our own short lists beside this file, each with its review rule in its header:
  ``offensive-words.txt`` (slurs the sources miss or class as merely vulgar), ``misspellings.txt``
  (misspellings only Ding lists, flagged ``undefined`` by the build), ``vulgar-words.txt``
  (sexual and scatological words and compounds the sources miss), ``mild-words.txt`` (mild words that
  make a phrase vulgar) and ``not-flagged.txt`` (words a
  source flags that the rule leaves unflagged; the build keeps them unflagged when extending flags to
  inflections too, see :func:`not_flagged_words`).

``python scripts/word_flags.py`` prints counts per source and flag and checks the issue's checklist.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
OFFENSIVE_LIST = HERE / "offensive-words.txt"
VULGAR_LIST = HERE / "vulgar-words.txt"
NOT_FLAGGED_LIST = HERE / "not-flagged.txt"
UNPLEASANT_LIST = HERE / "unpleasant-words.txt"
MILD_LIST = HERE / "mild-words.txt"
MISSPELLINGS_LIST = HERE / "misspellings.txt"
WORD = re.compile(r"^[a-z]+$")

ETHNIC_SLUR = "06718862"
DISPARAGEMENT = "06717170"
OBSCENITY = "07124340"
DOMAIN_FLAGS = {ETHNIC_SLUR: "offensive", DISPARAGEMENT: "offensive", OBSCENITY: "vulgar"}
DING = Path("/usr/share/dictd/freedict-eng-deu.dict.dz")
DING_HEADWORD = re.compile(r"^([A-Za-z][A-Za-z .-]*?) /[^/]*/")
DING_TRANSLATION = re.compile(r",\s*(?![^\[]*\])")  # commas between translations, not inside [labels]

# Words issue #27 reported or named, each of which must come out flagged (checked by the report; forms such
# as BADASSED take their base's flag in the build, tests/test_publishable_words.py).
CHECKLIST = {
    "offensive": "nigger nigga kike spic chink gook wetback fag faggot dyke tranny retard raghead".split(),
    "vulgar": ("twat slut tits arse jism jizz milf cum badass cunt cock dick prick pussy wank "
               "shit piss fuck motherfucker bullshit dickhead shithead").split(),
}


def read_list(path: Path) -> set[str]:
    """The words of a one-word-per-line file (``#`` comments and blank lines skipped)."""
    lines = (line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


def unpleasant_words() -> set[str]:
    """Our reviewed list of words that fail the crossword editor's breakfast test (see its header)."""
    return read_list(UNPLEASANT_LIST)


def misspellings() -> set[str]:
    """Our reviewed list of misspellings only Ding lists as headwords (flagged ``undefined``: see its header)."""
    return read_list(MISSPELLINGS_LIST)


def mild_words() -> set[str]:
    """Our reviewed list of mild words, unflagged alone, that make a phrase vulgar (OLD FART, PAIN IN THE
    ASS: see its header); ``scripts/build_crossword_phrases.py`` applies it to every phrase it builds."""
    return read_list(MILD_LIST)


def not_flagged_words() -> set[str]:
    """Words that get no flag from any source, nor from a flagged base when the build extends flags to
    inflections (cocked, titter are not inflections of cock, tit in use)."""
    return read_list(NOT_FLAGGED_LIST)


def _synsets(wordnet_dir: Path) -> dict[tuple[str, str], tuple[list[str], list[tuple[str, str, str, str]]]]:
    """Every synset keyed by (offset, part of speech) -> its lemmas and pointers (symbol, offset, part of
    speech, source/target); adjective satellites (``s``) count as adjectives, as pointers name them."""
    synsets = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (wordnet_dir / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split(" | ")[0].split()
            count = int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]) for i in range(count)]
            at = 4 + 2 * count
            pointers = [tuple(fields[at + 1 + 4 * i:at + 5 + 4 * i]) for i in range(int(fields[at]))]
            synsets[(fields[0], "a" if fields[2] == "s" else fields[2])] = (lemmas, pointers)
    return synsets


def _pointed_lemmas(lemmas: list[str], word_number: str) -> list[str]:
    """The lemmas a pointer end names: all of them for a semantic pointer (00), else the numbered one."""
    number = int(word_number, 16)
    return lemmas if number == 0 else [lemmas[number - 1]]


def usage_domain_lemmas(wordnet_dir: Path, domains: set[str]) -> dict[str, set[str]]:
    """Each usage domain's member lemmas as WordNet writes them (domain synset offset -> lemmas), read from
    both directions of the pointer: ``;u`` on a member synset and ``-u`` on the domain synset."""
    synsets = _synsets(wordnet_dir)
    members: dict[str, set[str]] = {domain: set() for domain in domains}
    for (offset, _), (lemmas, pointers) in synsets.items():
        for symbol, target, target_pos, ends in pointers:
            if symbol == ";u" and target in domains:
                members[target].update(_pointed_lemmas(lemmas, ends[:2]))
            elif symbol == "-u" and offset in domains:
                members[offset].update(_pointed_lemmas(synsets[(target, target_pos)][0], ends[2:]))
    return members


def usage_domain_members(wordnet_dir: Path, domains: set[str]) -> dict[str, set[str]]:
    """Each usage domain's member words (:func:`usage_domain_lemmas`) kept as the build keeps them: single
    words, hyphens joined, lowercase ones only (capitalised lemmas are names)."""
    return {domain: {lemma.replace("-", "") for lemma in lemmas if WORD.match(lemma.replace("-", ""))}
            for domain, lemmas in usage_domain_lemmas(wordnet_dir, domains).items()}


def phrase_flags(wordnet_dir: Path, ldnoobw: Path | None = None) -> dict[str, tuple[str, str]]:
    """Multiword phrase (lowercase words joined by spaces) -> (flag, source) from WordNet's usage domains
    (``son_of_a_bitch``) and LDNOOBW's multiword entries (``blow job``); offensive wins, WordNet first.
    Crossword phrases also inherit their words' flags (``scripts/build_crossword_phrases.py``)."""
    flags: dict[str, tuple[str, str]] = {}
    for domain, lemmas in sorted(usage_domain_lemmas(wordnet_dir, set(DOMAIN_FLAGS)).items(),
                                 key=lambda item: DOMAIN_FLAGS[item[0]] != "offensive"):
        for lemma in lemmas:
            if "_" in lemma:
                flags.setdefault(" ".join(lemma.lower().replace("-", "_").split("_")),
                                 (DOMAIN_FLAGS[domain], "wordnet"))
    for phrase in json.loads((ldnoobw or ldnoobw_file()).read_text(encoding="utf-8")):
        words = phrase.lower().replace("-", " ").split()
        if len(words) > 1 and all(WORD.match(word) for word in words):
            flags.setdefault(" ".join(words), ("vulgar", "ldnoobw"))
    return flags


def wordnet_flags(wordnet_dir: Path) -> dict[str, str]:
    """Word -> flag from WordNet's usage domains (offensive wins over vulgar)."""
    flags: dict[str, str] = {}
    for domain, words in usage_domain_members(wordnet_dir, set(DOMAIN_FLAGS)).items():
        for word in words:
            if flags.get(word) != "offensive":
                flags[word] = DOMAIN_FLAGS[domain]
    return flags


def ldnoobw_file() -> Path:
    """The English list of the globally installed npm package ``naughty-words``."""
    try:
        root = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        root = ""
    path = Path(root.strip()) / "naughty-words" / "en.json"
    if not root or not path.is_file():
        raise SystemExit("error: the LDNOOBW list comes from the npm package naughty-words: "
                         "npm install -g naughty-words@1.2.0 (or pass --ldnoobw FILE)")
    return path


def ldnoobw_words(path: Path) -> set[str]:
    """The list's single lowercase a-z words (phrases, spelled-out and symbol variants dropped)."""
    return {word for word in json.loads(path.read_text(encoding="utf-8")) if WORD.match(word)}


def ding_vulgar_words(dict_dz: Path = DING) -> set[str]:
    """Ding's lowercase single-word headwords whose every translation, in every entry, is labelled
    ``[vulg.]`` (an entry is the headword line, its pronunciation between slashes, then one line of
    comma-separated German translations)."""
    import gzip

    entries: dict[str, list[bool]] = {}
    term = None
    with gzip.open(dict_dz, "rt", encoding="utf-8") as handle:
        for line in handle:
            if term is not None:
                translations = [part for part in DING_TRANSLATION.split(line.strip()) if part.strip()]
                entries.setdefault(term, []).append(bool(translations) and all("[vulg.]" in part for part in translations))
            match = DING_HEADWORD.match(line)
            headword = match.group(1).strip() if match else ""
            term = headword if headword.isalpha() and headword.islower() else None
    return {word for word, vulgar in entries.items() if all(vulgar)}


@dataclass
class FlagSources:
    """What each source says, before merging: WordNet's word -> flag, the LDNOOBW words, Ding's vulgar
    words and our lists."""

    wordnet: dict[str, str]
    ldnoobw: set[str]
    ding: set[str] = field(default_factory=set)
    offensive: set[str] = field(default_factory=lambda: read_list(OFFENSIVE_LIST))
    vulgar: set[str] = field(default_factory=lambda: read_list(VULGAR_LIST))
    not_flagged: set[str] = field(default_factory=not_flagged_words)


def read_sources(wordnet_dir: Path, ldnoobw: Path | None = None, ding: Path = DING) -> FlagSources:
    """Every source's words (``ldnoobw``: naughty-words' en.json, by default the global npm one)."""
    return FlagSources(wordnet_flags(wordnet_dir), ldnoobw_words(ldnoobw or ldnoobw_file()), ding_vulgar_words(ding))


def merge(sources: FlagSources) -> dict[str, tuple[str, str]]:
    """Word -> (flag, source): the first of WordNet's offensive words, our offensive list, WordNet's
    vulgar words, LDNOOBW, Ding's vulgar words, our vulgar list that has a word decides, so offensive wins
    and a source's credit goes to WordNet first. ``not-flagged.txt`` overrides WordNet, LDNOOBW and Ding; our own lists apply
    as written. A plural that a source lists as vulgar (beaners, coons)
    takes its singular's offensive flag and source."""
    wordnet = {word: flag for word, flag in sources.wordnet.items() if word not in sources.not_flagged}
    layers = [
        ("offensive", "wordnet", {word for word, flag in wordnet.items() if flag == "offensive"}),
        ("offensive", "reviewed", sources.offensive),
        ("vulgar", "wordnet", {word for word, flag in wordnet.items() if flag == "vulgar"}),
        ("vulgar", "ldnoobw", sources.ldnoobw - sources.not_flagged),
        ("vulgar", "ding", sources.ding - sources.not_flagged),
        ("vulgar", "reviewed", sources.vulgar),
    ]
    flags: dict[str, tuple[str, str]] = {}
    for flag, source, words in layers:
        for word in words:
            flags.setdefault(word, (flag, source))
    for word, (flag, _) in flags.items():
        singular = flags.get(word[:-1]) if word.endswith("s") else None
        if flag == "vulgar" and singular and singular[0] == "offensive":
            flags[word] = singular
    return flags


def offensive_and_vulgar(wordnet_dir: Path, ldnoobw: Path | None = None, ding: Path = DING) -> dict[str, tuple[str, str]]:
    """Word -> (flag, source) from every source: what the build stores (see :func:`merge`)."""
    return merge(read_sources(wordnet_dir, ldnoobw, ding))


def report(sources: FlagSources) -> bool:
    """Print counts per source and flag, entries of our lists that add nothing or contradict each other,
    and checklist words not flagged as expected; true when the checklist passes."""
    flags = merge(sources)
    for (flag, source), count in sorted(Counter(flags.values()).items()):
        print(f"{flag:10} {source:9} {count:5}")
    for flag in ("offensive", "vulgar"):
        print(f"{flag:10} {'all':9} {sum(f == flag for f, _ in flags.values()):5}")
    sourced = set(sources.wordnet) | sources.ldnoobw | sources.ding
    wordnet_offensive = {w for w, f in sources.wordnet.items() if f == "offensive"} - sources.not_flagged
    print("our offensive entries WordNet already gives:", sorted(sources.offensive & wordnet_offensive) or "none")
    print("our vulgar entries a source already gives:",
          sorted(sources.vulgar & sourced - sources.not_flagged) or "none")
    print("in two of our lists:", sorted(sources.offensive & sources.vulgar
                                         | sources.not_flagged & (sources.offensive | sources.vulgar)) or "none")
    print("not-flagged entries no source flags (kept for inflections):", len(sources.not_flagged - sourced))
    missing = [f"{word} ({flag})" for flag, words in CHECKLIST.items() for word in words
               if flags.get(word, ("", ""))[0] != flag]
    print("checklist:", f"all {sum(map(len, CHECKLIST.values()))} words flagged as expected" if not missing
          else f"NOT flagged as expected: {', '.join(missing)}")
    return not missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--ldnoobw", type=Path, help="naughty-words' en.json (default: the global npm one)")
    parser.add_argument("--ding", type=Path, default=DING, help="Ding's eng-deu dictionary (.dict.dz)")
    args = parser.parse_args()
    raise SystemExit(0 if report(read_sources(args.wordnet, args.ldnoobw, args.ding)) else 1)


if __name__ == "__main__":
    main()
