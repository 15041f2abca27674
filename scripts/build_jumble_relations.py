"""Build ``jumble/data/relations.npz`` (see :mod:`puzzlewright.jumble.relations`) from WordNet 3.0.

Run at build time only, with the Debian package ``wordnet-base`` installed (the same WordNet files
``scripts/build_lexicon.py`` reads)::

    apt-get install wordnet-base
    python scripts/build_jumble_relations.py                  # reads /usr/share/wordnet
    python scripts/build_jumble_relations.py WORDNET_DIR

For each single-word lemma that the ``english`` dictionary holds, its first ``SENSES`` senses of each
part of speech (WordNet lists senses commonest first) give the lemma's bag: the stems of the synonyms, of
the lemmas of the synsets the sense points to (all pointers but the narrower-term ones, which are many and
covered from the other side: a word's broader term is in its own bag), and of the definition's content
words (examples left out). Lemmas with one stem share one bag. Stems in more than ``MAX_SHARE`` of the
bags say nothing about a topic ("person", "state") and are dropped. WordNet's multiword lemmas whose words
the dictionary holds become the set phrases (apostrophes dropped, underscores and hyphens as spaces).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

from puzzlewright.jumble.relations import ARCHIVE, STOP_WORDS, content_stems, stem
from puzzlewright.lexicon import load_lexicon

WORDNET = Path("/usr/share/wordnet")
OUT = Path(__file__).resolve().parents[1] / "src/puzzlewright/jumble/data" / ARCHIVE
PARTS = ("noun", "verb", "adj", "adv")
SENSES = 2
MAX_SHARE = 0.003
LONGEST_PHRASE = 21  # letters: longer than any Jumble answer
NARROWER = {"~", "~i"}
PHRASE_WORD = re.compile(r"^[a-z]+(?:'[a-z]*)?$")


def read_synsets(wordnet: Path) -> dict[tuple[str, str], tuple[list[str], list[tuple[str, str]], str]]:
    """(offset, part) -> (lemmas, pointers (offset, part) but narrower ones, definition)."""
    part_of = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
    synsets = {}
    for part in PARTS:
        for line in (wordnet / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            count = int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).lower() for i in range(count)]
            at = 4 + 2 * count
            pointers = []
            for i in range(int(fields[at])):
                symbol, offset, pos = fields[at + 1 + 4 * i: at + 4 + 4 * i]
                if symbol not in NARROWER:
                    pointers.append((offset, part_of[pos]))
            synsets[(fields[0], part)] = (lemmas, pointers, gloss.split('"')[0])
    return synsets


def read_senses(wordnet: Path) -> dict[str, list[tuple[str, str]]]:
    """Single-word lemma -> its synsets (offset, part), the first SENSES of each part of speech."""
    senses: dict[str, list[tuple[str, str]]] = {}
    for part in PARTS:
        for line in (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" ") or not line:
                continue
            fields = line.split()
            lemma = fields[0]
            if not lemma.isalpha():
                continue
            pointer_count = int(fields[3])
            offsets = fields[6 + pointer_count:]
            senses.setdefault(lemma, []).extend((offset, part) for offset in offsets[:SENSES])
    return senses


def lemma_stems(lemmas: list[str]) -> list[str]:
    """The stems of a synset's lemmas' words."""
    return [s for lemma in lemmas for s in content_stems(lemma.replace("_", " ").replace("-", " "))]


def bags(wordnet: Path) -> dict[str, set[str]]:
    """Stem -> the stems its lemmas' commonest senses are tied to (see the module docstring)."""
    synsets = read_synsets(wordnet)
    known = load_lexicon("english").word_set
    found: dict[str, set[str]] = {}
    for lemma, senses in read_senses(wordnet).items():
        if lemma not in known or lemma in STOP_WORDS:
            continue
        own = stem(lemma)
        bag = found.setdefault(own, set())
        for key in senses:
            lemmas, pointers, definition = synsets[key]
            bag.update(lemma_stems(lemmas))
            bag.update(content_stems(definition))
            for target in pointers:
                bag.update(lemma_stems(synsets[target][0]))
        bag.discard(own)
    counts: dict[str, int] = {}
    for bag in found.values():
        for s in bag:
            counts[s] = counts.get(s, 0) + 1
    limit = MAX_SHARE * len(found)
    return {own: {s for s in bag if counts[s] <= limit} for own, bag in found.items()}


def set_phrases(wordnet: Path) -> list[str]:
    """WordNet's multiword lemmas of words the dictionary holds, short enough for a Jumble answer,
    apostrophes dropped, words joined by spaces."""
    known = load_lexicon("english").word_set
    phrases = set()
    for part in PARTS:
        for line in (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" ") or not line:
                continue
            words = re.split(r"[_-]", line.split()[0].lower())
            words = [w.replace("'", "") for w in words]
            if (len(words) > 1 and all(PHRASE_WORD.match(w) and w in known for w in words)
                    and sum(map(len, words)) <= LONGEST_PHRASE):
                phrases.add(" ".join(words))
    return sorted(phrases)


def write(found: dict[str, set[str]], phrases: list[str], out: Path) -> None:
    """The archive: stems (newline-joined, the most shared first, so that ids are small where bags are
    dense), bag sizes, and each bag's sorted ids as differences, split into byte planes (low byte first),
    which compress far better than whole integers."""
    shared: dict[str, int] = {}
    for bag in found.values():
        for s in bag:
            shared[s] = shared.get(s, 0) + 1
    stems = sorted(set(found) | set(shared), key=lambda s: (-shared.get(s, 0), s))
    index = {s: i for i, s in enumerate(stems)}
    sizes, deltas = [], []
    for s in stems:
        ids = sorted(index[m] for m in found.get(s, ()))
        sizes.append(len(ids))
        deltas.extend(np.diff([0, *ids]).tolist())
    planes = np.array(deltas, "<u4").view(np.uint8).reshape(-1, 4)[:, :3].T
    np.savez_compressed(out, stems=np.frombuffer("\n".join(stems).encode("ascii"), np.uint8),
                        sizes=np.array(sizes, np.uint16), delta_bytes=np.ascontiguousarray(planes),
                        phrases=np.frombuffer("\n".join(phrases).encode("ascii"), np.uint8))


def main(argv: list[str]) -> int:
    wordnet = Path(argv[0]) if argv else WORDNET
    found = bags(wordnet)
    phrases = set_phrases(wordnet)
    write(found, phrases, OUT)
    members = sum(len(b) for b in found.values())
    print(f"wrote {OUT}: {len(found):,} bags, {members:,} members, {len(phrases):,} set phrases, "
          f"{OUT.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
