"""Measure Letter Boxed ranking signals by issue #31's rule (the eighth and ninth rounds in docs/letterboxed.md).

    python scripts/letterboxed_signals.py            # the ninth round's signals
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

The ninth round's, each added alone to the ranker of 17 features before it (a pair's *twin* is the same
two words in the other order, when that also solves the box; those 17 features score the two alike), then
those that passed stacked by gain (:func:`ninth_round`):

- C, :func:`longer_first`: 1 for a solution with a twin whose first word is the longer (failed the rule);
- D, ``commoner_first`` (shipped): 1 for a solution with a twin whose first word is ahead by use;
- E, ``box_letter_surprisal`` (shipped): the mean over the solution's letters of -log10 of the share of
  the box's valid words that hold the letter;
- F, ``join_surprisal`` (shipped): the surprisal of the letter joining the two words.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.rank import FEATURES, LETTER_SHARE, ChainFeatures
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


def longer_first(box: Box, words: BoxWords, table: ChainFeatures, chain: tuple[int, ...]) -> float:
    """Signal C: 1 for a two-word solution with a twin (the second word ends with the first word's first
    letter, so the two also solve the box the other way round) whose first word has more letters."""
    return float(len(chain) == 2 and words.lasts[chain[1]] == words.firsts[chain[0]]
                 and table.length[chain[0]] > table.length[chain[1]])


SIGNALS = {"B: share of the box's hard letters in the longer word": hard_letters_in_longer,
           "C: twin order, longer word first": longer_first}
# the ninth round's signals that shipped, by letter: measured as the shipped ranker's columns
SHIPPED_NINTH = {"D": "commoner_first", "E": "box_letter_surprisal", "F": "join_surprisal"}


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
    results: dict[str, dict] = {}

    def run(name: str, keep: list[int], against: str | None) -> tuple[float, float] | None:
        """Measure a variant (the columns ``keep``), print its line; its gain over ``against``, if any."""
        results[name] = measure(columns(train, keep), columns(sample, keep))
        print(line(name, results[name], results[against] if against else None), flush=True)
        return gain(results[name], results[against]) if against else None

    if "--eighth" in (sys.argv[1:] if argv is None else argv):
        for name, (keep, against) in eighth_round().items():
            run(name, keep, against)
    else:
        print(f"kept: {', '.join(ninth_round(run)) or 'none'}")
    return 0


def ninth_round(run: Callable[[str, list[int], str | None], tuple[float, float] | None]) -> list[str]:
    """The ninth round (``run`` measures and prints a variant): the 17 features before it, each of C-F
    added alone, then of those that passed the rule, the one with the largest gain added first and each
    other (by gain) kept only if it still passes on top of those kept. Returns the letters kept."""
    column = {**{letter: list(FEATURES).index(name) for letter, name in SHIPPED_NINTH.items()},
              "C": len(FEATURES) + list(SIGNALS).index("C: twin order, longer word first")}
    names = {"C": "twin order, longer word first", "D": "twin order, commoner word first (commoner_first)",
             "E": "the box's own letter rarity (box_letter_surprisal)",
             "F": "the joining letter's surprisal (join_surprisal)"}
    before = [c for c, feature in enumerate(FEATURES) if feature not in SHIPPED_NINTH.values()]
    reference = "the ranker before the ninth round (17 features)"
    run(reference, before, None)
    alone = {letter: run(f"+ {letter}: {names[letter]}", before + [column[letter]], reference) for letter in sorted(column)}
    passed = sorted((k for k, (delta, error) in alone.items() if delta > error), key=lambda k: -alone[k][0])
    kept = passed[:1]
    against = f"+ {kept[0]}: {names[kept[0]]}" if kept else reference
    for letter in passed[1:]:
        name = f"{against} + {letter}"
        delta, error = run(name, before + [column[k] for k in kept + [letter]], against)
        if delta > error:
            kept, against = kept + [letter], name
    return kept


def eighth_round() -> dict[str, tuple[list[int], str | None]]:
    """The eighth round's variants (name -> columns kept, the variant it is measured against), on the
    features of its day (the ninth round's left out)."""
    new = ("letter_surprisal", "rarer_word_surprisal")
    later = tuple(SHIPPED_NINTH.values())
    before = [c for c, feature in enumerate(FEATURES) if feature not in new + later]
    with_letters = [c for c, feature in enumerate(FEATURES) if feature not in ("rarer_word_surprisal",) + later]
    shipped = [c for c, feature in enumerate(FEATURES) if feature not in later]
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
