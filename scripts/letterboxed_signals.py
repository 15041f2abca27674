"""Measure Letter Boxed ranking signals by issue #31's rule (the eighth and ninth rounds in docs/letterboxed.md).

    python scripts/letterboxed_signals.py            # the ninth round's signals against the shipped ranker
    python scripts/letterboxed_signals.py --eighth   # the eighth round's variants

Each variant is the shipped ranker's features with some left out (their columns set to 0, which a
penalised conditional logit gives a weight of exactly 0) or with a signal added as a last column, fitted as
``scripts/fit_letterboxed_ranker.py`` fits the shipped file. A variant is measured by time-split CV (the
fitting script's blocks) against its reference: the gain in the log-likelihood of the NYT's answers and
its standard error (the standard deviation of the per-puzzle differences times the square root of their
number); the rule keeps a signal whose gain exceeds its standard error. CV and sample top-1 and top-10
are printed beside it, and decide nothing.

The signals, declared before they were measured:

- ``letter_surprisal`` (shipped), added to the ranker before this round: the mean surprisal of the
  solution's letters (:mod:`puzzlewright.letterboxed.rank`);
- A, ``rarer_word_surprisal`` (shipped), added on top of it: the same mean over the letters of the
  least-used word alone;
- B, :func:`hard_letters_in_longer`, added on top of ``letter_surprisal``: the share of the box's hard
  letters (under 1 % of English text) inside the longest word (failed the rule: not shipped).

The ninth round's, each added alone to the shipped ranker (a pair's *twin* is the same two words in
the other order, when that also solves the box; the shipped features score the two alike):

- C, :func:`longer_first`: 1 for a solution with a twin whose first word is the longer;
- D, :func:`commoner_first`: 1 for a solution with a twin whose first word is ahead by use;
- E, :func:`box_letter_rarity`: the mean over the solution's letters of -log10 of the share of the
  box's valid words that hold the letter;
- F, :func:`joining_letter_surprisal`: the surprisal of the letter joining the two words.
"""

from __future__ import annotations

import math
import sys
from dataclasses import replace

import numpy as np

from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.rank import FEATURES, LETTER_SHARE, SURPRISAL, ChainFeatures
from puzzlewright.letterboxed.solver import BoxWords

from fit_letterboxed_ranker import SAMPLE, TRAIN, Puzzle, figures, fit, load, time_split

HARD_SHARE = 1.0  # letters under this share of English text (per cent) are hard: J K Q V X Z


def hard_letters_in_longer(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal B: the share of the box's hard letters inside the chain's longest word (the larger share
    among words as long); 0 when the box has none."""
    hard = {letter for letter in box.letters if LETTER_SHARE[letter] < HARD_SHARE}
    if not hard:
        return 0.0
    longest = max(table.length[i] for i in chain)
    return max(len(hard & set(table.text[i])) for i in chain if table.length[i] == longest) / len(hard)


def has_twin(words: BoxWords, chain: tuple[int, ...]) -> bool:
    """Do the chain's two words also solve the box in the other order? (They cover the same letters, so
    only the join matters: the second word must end with the first word's first letter.)"""
    return len(chain) == 2 and words.lasts[chain[1]] == words.firsts[chain[0]]


def longer_first(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal C: 1 for a solution with a twin whose first word has more letters than its second."""
    return float(has_twin(words, chain) and table.length[chain[0]] > table.length[chain[1]])


def commoner_first(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal D: 1 for a solution with a twin whose first word is ahead by use (higher Zipf, then higher
    familiarity, then alphabetically first: ``use_place`` counts up from the least-used word)."""
    return float(has_twin(words, chain) and table.use_place[chain[0]] > table.use_place[chain[1]])


_box_surprisal: list = [None, {}]  # the last box's words and each of its letters' box surprisal


def box_surprisal(box: Box, words: BoxWords) -> dict[str, float]:
    """-log10 of the share of the box's valid words holding each letter (kept for the last box asked)."""
    if _box_surprisal[0] is not words:
        holding = [sum(mask >> k & 1 for mask in words.masks) for k in range(len(box.letters))]
        _box_surprisal[:] = [words, {letter: -math.log10(max(n, 1) / max(len(words), 1))
                                     for letter, n in zip(box.letters, holding)}]
    return _box_surprisal[1]


def box_letter_rarity(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal E: the mean of the box surprisal (:func:`box_surprisal`) over the solution's letters."""
    surprisal = box_surprisal(box, words)
    text = "".join(table.text[i] for i in chain)
    return sum(map(surprisal.__getitem__, text)) / len(text)


def joining_letter_surprisal(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal F: the surprisal of the letter ending the first word and starting the second (0 for one word)."""
    return SURPRISAL[table.text[chain[0]][-1]] if len(chain) == 2 else 0.0


SIGNALS = {"B: share of the box's hard letters in the longer word": hard_letters_in_longer,
           "C: twin order, longer word first": longer_first,
           "D: twin order, commoner word first": commoner_first,
           "E: the box's own letter rarity": box_letter_rarity,
           "F: the joining letter's surprisal": joining_letter_surprisal}
NINTH = ("C", "D", "E", "F")


def columns(puzzles: list[Puzzle], keep: list[int]) -> list[Puzzle]:
    """The puzzles with only the columns ``keep`` of their features, the others set to 0."""
    mask = np.zeros(puzzles[0].features.shape[1])
    mask[keep] = 1.0
    return [replace(p, features=p.features * mask) for p in puzzles]


def measure(train: list[Puzzle], sample: list[Puzzle]) -> dict:
    """A variant's CV figures (with per-puzzle log-likelihoods) and sample figures (fitted on all of train)."""
    cv = time_split(train)
    w = fit(train, train[0].features.shape[1])
    return {"cv": cv, "sample": figures(sample, w)}


def gain(variant: dict, reference: dict) -> tuple[float, float]:
    """The CV log-likelihood gain over the reference and its standard error (paired over the puzzles)."""
    differences = np.array(variant["cv"]["per_puzzle"]) - np.array(reference["cv"]["per_puzzle"])
    return float(differences.sum()), float(differences.std(ddof=1) * math.sqrt(len(differences)))


def line(name: str, variant: dict, reference: dict | None) -> str:
    """One variant's figures as a report line."""
    cv, sample = variant["cv"], variant["sample"]
    text = (f"{name}: CV top-1 {cv['top1']}, top-10 {cv['top10']} of {cv['puzzles']}, log-likelihood "
            f"{cv['log_likelihood']:.2f}")
    if reference is not None:
        delta, error = gain(variant, reference)
        text += f" (gain {delta:+.2f}, SE {error:.2f}: {'passes' if delta > error else 'fails'} the rule)"
    return text + (f"; sample top-1 {sample['top1']}, top-10 {sample['top10']} of {sample['puzzles']}, "
                   f"log-likelihood {sample['log_likelihood']:.2f}")


def main(argv: list[str] | None = None) -> int:
    signals = list(SIGNALS.values())
    train, sample = load(TRAIN, signals), load(SAMPLE, signals)
    shipped = list(range(len(FEATURES)))
    eighth = "--eighth" in (sys.argv[1:] if argv is None else argv)
    results: dict[str, dict] = {}
    for name, (keep, against) in (eighth_round(shipped) if eighth else ninth_round(shipped)).items():
        results[name] = measure(columns(train, keep), columns(sample, keep))
        print(line(name, results[name], results[against] if against else None), flush=True)
    if not eighth:
        stack(train, sample, shipped, results)
    return 0


def stack(train: list[Puzzle], sample: list[Puzzle], shipped: list[int], results: dict[str, dict]) -> None:
    """The ninth round's second step: of the signals that passed alone, the one with the largest gain is
    added first, and each other (by gain) is kept only if it still passes on top of those kept."""
    reference = "the shipped ranker (17 features)"
    alone = {k: gain(results[f"+ {name}"], results[reference]) for k, name in enumerate(SIGNALS)
             if name.startswith(NINTH)}
    passed = sorted((k for k, (delta, error) in alone.items() if delta > error), key=lambda k: -alone[k][0])
    if not passed:
        return
    kept = [passed[0]]
    against = f"+ {list(SIGNALS)[passed[0]]}"
    for k in passed[1:]:
        name = f"{against} + {list(SIGNALS)[k]}"
        results[name] = measure(*(columns(part, shipped + [len(FEATURES) + j for j in kept + [k]])
                                  for part in (train, sample)))
        print(line(name, results[name], results[against]), flush=True)
        delta, error = gain(results[name], results[against])
        if delta > error:
            kept, against = kept + [k], name


def ninth_round(shipped: list[int]) -> dict[str, tuple[list[int], str | None]]:
    """The ninth round's variants: the shipped ranker, and each of its signals added to it alone."""
    variants: dict[str, tuple[list[int], str | None]] = {"the shipped ranker (17 features)": (shipped, None)}
    return variants | {f"+ {name}": (shipped + [len(FEATURES) + k], "the shipped ranker (17 features)")
                       for k, name in enumerate(SIGNALS) if name.startswith(NINTH)}


def eighth_round(shipped: list[int]) -> dict[str, tuple[list[int], str | None]]:
    """The eighth round's variants (name -> columns kept, the variant it is measured against)."""
    new = ("letter_surprisal", "rarer_word_surprisal")
    before = [c for c, feature in enumerate(FEATURES) if feature not in new]
    with_letters = [c for c, feature in enumerate(FEATURES) if feature != "rarer_word_surprisal"]
    # name -> (columns kept, the variant it is measured against)
    variants: dict[str, tuple[list[int], str | None]] = {
        "the ranker before the eighth round": (before, None),
        "+ letter_surprisal": (with_letters, "the ranker before the eighth round"),
        "+ letter_surprisal + A: rarer_word_surprisal (shipped)": (shipped, "+ letter_surprisal")}
    variants |= {f"+ letter_surprisal + {name}": (with_letters + [len(FEATURES) + k], "+ letter_surprisal")
                 for k, name in enumerate(SIGNALS) if name.startswith("B")}
    return variants


if __name__ == "__main__":
    sys.exit(main())
