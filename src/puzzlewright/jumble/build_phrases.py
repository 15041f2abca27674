"""Build ``data/bigrams.npz`` (see :mod:`puzzlewright.jumble.phrases`) from symspellpy's shipped counts.

Run at build time only, with ``symspellpy`` installed (``pip install symspellpy``)::

    python -m puzzlewright.jumble.build_phrases            # finds the files inside symspellpy
    python -m puzzlewright.jumble.build_phrases BIGRAMS UNIGRAMS

Each bigram ``a b`` with counts c(a b), c(a), c(b) over N unigram tokens gets
PMI = log10(c(a b) * N / (c(a) * c(b))); pairs with a word the unigram list lacks are dropped.
"""

from __future__ import annotations

import math
import sys
from importlib import resources
from pathlib import Path

import numpy as np

from puzzlewright.jumble.phrases import ARCHIVE, PMI_SCALE

BIGRAM_FILE = "frequency_bigramdictionary_en_243_342.txt"
UNIGRAM_FILE = "frequency_dictionary_en_82_765.txt"


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


def build(bigram_path: Path, unigram_path: Path, out: Path) -> int:
    """Write the archive; return how many pairs it holds."""
    unigrams = {words[0]: n for words, n in read_counts(unigram_path, 1).items()}
    total = sum(unigrams.values())
    pairs = {pair: n for pair, n in read_counts(bigram_path, 2).items() if pair[0] in unigrams and pair[1] in unigrams}
    vocab = sorted({w for pair in pairs for w in pair})
    index = {w: i for i, w in enumerate(vocab)}
    keys = np.array([index[a] * len(vocab) + index[b] for a, b in pairs], np.uint32)
    pmi = np.array([math.log10(n * total / (unigrams[a] * unigrams[b])) for (a, b), n in pairs.items()])
    order = np.argsort(keys)
    np.savez_compressed(out, vocab=np.frombuffer("\n".join(vocab).encode("ascii"), np.uint8), keys=keys[order],
                        pmi=np.clip(np.round(pmi[order] * PMI_SCALE), -127, 127).astype(np.int8))
    return len(keys)


def main(argv: list[str]) -> None:
    if argv:
        bigram_path, unigram_path = Path(argv[0]), Path(argv[1])
    else:
        package = resources.files("symspellpy")
        bigram_path, unigram_path = Path(str(package / BIGRAM_FILE)), Path(str(package / UNIGRAM_FILE))
    out = Path(__file__).with_name("data") / ARCHIVE
    out.parent.mkdir(exist_ok=True)
    print(f"{build(bigram_path, unigram_path, out):,} pairs -> {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
