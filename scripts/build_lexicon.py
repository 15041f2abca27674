#!/usr/bin/env python3
"""Build the dictionaries shipped in src/puzzlewright/lexicon/data/ (run by developers, not at install).

Needs Debian's ``scowl`` package (``apt-get install scowl``: /usr/share/dict/scowl) and ``wordfreq`` from
PyPI (``pip install wordfreq``). The choices:

* SCOWL word lists of the ``english``, ``american``, ``british`` and ``canadian`` kinds (not the variant_*,
  proper-name, upper-case, abbreviation or contraction lists). Entries are normalised as any loaded word
  list is (accents stripped: café -> cafe); what is then not lowercase a-z is dropped (possessives,
  capitalised words). A word's level is the smallest SCOWL size that
  lists it.
* ``english-large`` = all levels (<= 95) plus the recent words below.
* ``english`` = levels <= 70, plus three groups that bring it closer to the dictionaries real puzzles use
  (the NYT Letter Boxed answers in particular), each kept out of SCOWL's proper-name, upper-case and
  abbreviation lists:
  - level-80 words that are not rare (Zipf >= 1.5: zombified, walkathon, nitpicky);
  - regular inflections (-s, -es, -ed, -d, -ing, -ies, -ied, doubled consonant) of its words that SCOWL
    lists at any level (bisques);
  - the recent words below and their inflections that wordfreq attests (keychains, mojitos).
  Both dictionaries are stored whole, so that each loads with no merging.
* Recent words SCOWL lacks: ``scripts/recent-words.txt``, hand-reviewed from wordfreq's English words with
  Zipf >= 2.3 that are in no SCOWL list (names, brands, abbreviations, slang spellings and foreign words
  left out). They get level 0 ("not in SCOWL") and join both English dictionaries.
* Every word's Zipf frequency comes from ``wordfreq.zipf_frequency(word, "en")``.
* The Wordle lists and the acrostic article's 4-letter list come from the project's shared data folder.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import numpy as np
import wordfreq

from puzzlewright.lexicon.formats import normalise_word

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "puzzlewright" / "lexicon" / "data"
KINDS = ("english", "american", "british", "canadian")
WORD = re.compile(r"^[a-z]+$")


def scowl_levels(scowl_dir: Path) -> dict[str, int]:
    """word -> smallest SCOWL size level listing it, over the English word lists of KINDS."""
    levels: dict[str, int] = {}
    for path in sorted(scowl_dir.glob("*-words.*")):
        kind, _, level = path.name.partition("-words.")
        if kind not in KINDS:
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            word = normalise_word(line) if line[:1].islower() else None
            if word:
                levels[word] = min(levels.get(word, 99), int(level))
    return levels


def scowl_names(scowl_dir: Path) -> set[str]:
    """Lowercased entries of SCOWL's proper-name, upper-case, abbreviation and contraction lists."""
    names: set[str] = set()
    for path in scowl_dir.iterdir():
        if "-words." not in path.name:
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                names.add(line.strip().lower().replace("'", ""))
    return names


def regular_inflections(base: str) -> set[str]:
    """Candidate regular inflections of a word (only kept where a source attests them)."""
    forms = {base + "s", base + "es", base + "ed", base + "d", base + "ing"}
    if base.endswith("e"):
        forms.add(base[:-1] + "ing")
    if base.endswith("y"):
        forms |= {base[:-1] + "ies", base[:-1] + "ied"}
    if len(base) >= 3 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou" and base[-3] not in "aeiou":
        forms |= {base + base[-1] + "ed", base + base[-1] + "ing"}
    return forms


def recent_words(path: Path, levels: dict[str, int], names: set[str]) -> set[str]:
    """The reviewed recent words SCOWL lacks, with their inflections that wordfreq attests."""
    recent = {w for w in read_list(path) if w not in levels}
    inflected = {form for base in recent for form in regular_inflections(base)
                 if form not in levels and form not in names and wordfreq.zipf_frequency(form, "en") >= 1.0}
    return recent | inflected


def everyday_words(levels: dict[str, int], names: set[str], recent: set[str]) -> set[str]:
    """The ``english`` dictionary's words (see the module docstring)."""
    common_80 = {w for w, level in levels.items()
                 if level == 80 and w not in names and wordfreq.zipf_frequency(w, "en") >= 1.5}
    bases = {w for w, level in levels.items() if level <= 70} | common_80
    inflected = {form for base in bases | recent for form in regular_inflections(base)
                 if form in levels and form not in names}
    return bases | inflected | recent


def read_list(path: Path) -> list[str]:
    return [w.strip() for w in path.read_text().splitlines() if w.strip() and not w.startswith("#")]


def write_archive(name: str, words: list[str], levels: dict[str, int]) -> None:
    words = sorted(set(words))
    assert all(WORD.match(w) for w in words), name
    zipf = np.array([round(wordfreq.zipf_frequency(w, "en") * 100) for w in words], np.uint16)
    level = np.array([levels.get(w, 0) for w in words], np.uint8)
    blob = np.frombuffer("\n".join(words).encode("ascii"), np.uint8)
    np.savez_compressed(OUT / f"{name}.npz", words=blob, zipf=zipf, level=level)
    print(f"{name}: {len(words):,} words, {(OUT / f'{name}.npz').stat().st_size / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    parser.add_argument("--shared-data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()

    levels = scowl_levels(args.scowl)
    names = scowl_names(args.scowl)
    recent = recent_words(ROOT / "scripts" / "recent-words.txt", levels, names)
    write_archive("english", list(everyday_words(levels, names, recent)), levels)
    write_archive("english-large", list(levels) + list(recent), levels)
    answers = read_list(args.shared_data / "wordle-answers.txt")
    write_archive("wordle-answers", answers, levels)
    write_archive("wordle-guesses", answers + read_list(args.shared_data / "wordle-allowed.txt"), levels)
    write_archive("acrostic-4", read_list(args.shared_data / "acrostic-seed-4.txt"), levels)


if __name__ == "__main__":
    main()
