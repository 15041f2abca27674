"""Build ``data/bigrams.npz`` (see :mod:`puzzlewright.jumble.phrases`) from package-shipped data.

Run at build time only, with ``symspellpy`` (bigram and unigram counts, MIT) and ``englishidioms`` (which
ships Princeton WordNet 3.0, under the WordNet licence) installed::

    pip install symspellpy englishidioms
    python scripts/build_phrases.py            # finds the files inside both packages
    python scripts/build_phrases.py BIGRAMS UNIGRAMS WORDNET_DIR

WordNet's multiword lemmas (``horse-drawn``, ``ill-advised``, ``homeward_bound``, ``set_in_stone``) give
the set-phrase pairs: each pair of adjacent words inside one.

Each bigram ``a b`` with counts c(a b), c(a), c(b) over N unigram tokens gets
PMI = log10(c(a b) * N / (c(a) * c(b))); pairs with a word the unigram list lacks are dropped. The
archive also keeps log10 P(w) of every word common enough that a pair of it could reach the list's
smallest count, and that count as ``floor`` = log10(smallest count / N): a missing pair of such words has
PMI at most floor - log10 P(a) - log10 P(b).
"""

from __future__ import annotations

import math
import re
import sys
from importlib import resources
from pathlib import Path

import numpy as np

from puzzlewright.jumble.phrases import ABSENT_CAP, ARCHIVE, LOGP_SCALE, PAIR_CAP, PMI_SCALE, SET_PHRASE_PMI

BIGRAM_FILE = "frequency_bigramdictionary_en_243_342.txt"
UNIGRAM_FILE = "frequency_dictionary_en_82_765.txt"
WORDNET_DIR = "nltk_data/corpora/wordnet"


def read_counts(path: Path, fields: int) -> dict[tuple[str, ...], int]:
    """Lines of ``fields`` lowercase words and a count -> {words: count} (other lines skipped)."""
    counts: dict[tuple[str, ...], int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) != fields + 1 or not all(w.isascii() and w.isalpha() for w in parts[:fields]):
            continue
        key = tuple(w.lower() for w in parts[:fields])
        counts[key] = counts.get(key, 0) + int(parts[fields])
    return counts


def read_wordnet_lemmas(wordnet: Path) -> dict[str, set[str]]:
    """Every WordNet lemma, lowercase (``ice_cream``, ``horse-drawn``) -> the ways its synsets write it
    (``{"Ice_Cream"}`` would be a name's), from the data.* files (which keep case); adjective markers such
    as ``(a)`` dropped."""
    lemmas: dict[str, set[str]] = {}
    for part in ("noun", "verb", "adj", "adv"):
        for line in (wordnet / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" ") or not line:
                continue
            fields = line.split()
            for i in range(int(fields[3], 16)):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * i])
                lemmas.setdefault(lemma.lower(), set()).add(lemma)
    return lemmas


def lemma_words(lemma: str) -> list[str] | None:
    """A lemma's words (split at ``_`` and ``-``), or None unless every one is of letters a-z."""
    words = re.split(r"[_-]", lemma.lower())
    return words if all(w.isascii() and w.isalpha() for w in words) else None


def read_wordnet_pairs(wordnet: Path) -> set[tuple[str, str]]:
    """Adjacent word pairs inside WordNet's multiword lemmas (words of letters a-z only)."""
    pairs: set[tuple[str, str]] = set()
    for lemma in read_wordnet_lemmas(wordnet):
        words = lemma_words(lemma)
        if words and len(words) > 1:
            pairs.update(zip(words, words[1:]))
    return pairs


def build(bigram_path: Path, unigram_path: Path, wordnet: Path, out: Path) -> int:
    """Write the archive; return how many pairs it holds."""
    unigrams = {words[0]: n for words, n in read_counts(unigram_path, 1).items()}
    total = sum(unigrams.values())
    pairs = {pair: n for pair, n in read_counts(bigram_path, 2).items() if pair[0] in unigrams and pair[1] in unigrams}
    threshold = min(pairs.values())
    most = max(unigrams.values())
    frequent = {w for w, n in unigrams.items() if n * most > threshold * total}  # some pair of it could list
    set_phrases = read_wordnet_pairs(wordnet)
    vocab = sorted({w for pair in pairs for w in pair} | frequent | {w for pair in set_phrases for w in pair})
    index = {w: i for i, w in enumerate(vocab)}
    pmi = {index[a] * len(vocab) + index[b]: math.log10(n * total / (unigrams[a] * unigrams[b]))
           for (a, b), n in pairs.items()}
    values = {key: min(max(value, -ABSENT_CAP), PAIR_CAP) for key, value in pmi.items()}
    for a, b in set_phrases:
        key = index[a] * len(vocab) + index[b]
        values[key] = max(values.get(key, SET_PHRASE_PMI), SET_PHRASE_PMI)
    keys = np.array(sorted(values), np.uint64)
    logp = np.array([math.log10(unigrams[w] / total) if w in unigrams else -99 for w in vocab])
    np.savez_compressed(out, vocab=np.frombuffer("\n".join(vocab).encode("ascii"), np.uint8), keys=keys,
                        values=np.round(np.array([values[k] for k in keys.tolist()]) * PMI_SCALE).astype(np.int8),
                        logp=np.round(logp * LOGP_SCALE).astype(np.int16),
                        floor=np.array([math.log10(threshold / total)]))
    return len(keys)


def main(argv: list[str]) -> None:
    if argv:
        bigram_path, unigram_path, wordnet = Path(argv[0]), Path(argv[1]), Path(argv[2])
    else:
        package = resources.files("symspellpy")
        bigram_path, unigram_path = Path(str(package / BIGRAM_FILE)), Path(str(package / UNIGRAM_FILE))
        wordnet = Path(str(resources.files("englishidioms"))) / WORDNET_DIR
    out = Path(__file__).with_name("data") / ARCHIVE
    out.parent.mkdir(exist_ok=True)
    print(f"{build(bigram_path, unigram_path, wordnet, out):,} pairs -> {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
