#!/usr/bin/env python3
"""The figures of issues #11's and #27's "done when" for the built-in dictionaries, printed as Markdown.

Usage: python benchmarks/dictionary_report.py [--sample-size 300] [--seed 11]

* NYT Letter Boxed answer words (training set + sample): the share in each English tier, and the words
  missing from it;
* per-box valid-word count against the NYT's own ``dictionary_size`` (training set, median and quartiles
  of the ratio), per tier;
* Jumble answers (training set + sample, jumble words and final-answer words): the ones not in
  ``english`` (pun fragments such as ARIOUS, names);
* the words issue #11 named as missing or as junk, in or out of each tier; issue #27's made-up forms,
  names and modern words, words rare in text rated familiar, and how many words carry each flag;
* a random sample of words from the bottom familiarity tier of ``english`` (its lowest 10%);
* the size of the shipped data, and the default dictionary's load time and memory.

Reads /work/shared/data (found as ../shared/data beside the checkout); never the holdout.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
from pathlib import Path

from puzzlewright.lexicon import load_lexicon
from puzzlewright.lexicon.sources import FLAG_DESCRIPTIONS, SOURCE_BITS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
TIERS = ("english-common", "english", "english-letterboxed", "english-large")
NAMED_MISSING = ("abs autocomplete blowdart bulgogi catsup clownfish crowdsource downvoting facelift favorited "
                 "foci frijoles hotdog hyperdrive jankiest knackwurst lifehack omigosh photobombed polyamorous "
                 "schmutz scrunchie skimboard stromboli unibrow videocam weblink crushable divebomb kryptonite "
                 "powerbroker ritz tangly thunk unhip upshift waterski workaround snuck gangly loch morph toon "
                 "crit rec").split()
NAMED_JUNK = "ened kond apieces abrupts boughts aaa trt cte taa tuktu clepe prang jaaps cawks".split()
# issue #27: made-up forms rated as common words, names in the word tiers, everyday modern words missing
MADE_UP = ("thed arest withs justed gived taked oners overing enoughs memoried gettering capablest honestest "
           "safariing storyings chiefer driveller").split()
NAMES = "alice aaron ellen freud hanoi qatar kyoto judah yemen emily diana toyota emile".split()
MODERN = "doomscroll mansplain hangry podcaster rideshare jeggings athleisure deplatform upvote froyo".split()


def letterboxed_puzzles() -> tuple[list[dict], list[dict]]:
    """(training puzzles, sample puzzles)."""
    return (json.loads((DATA / "train" / "letterboxed-nyt-train.json").read_text()),
            json.loads((DATA / "samples" / "letterboxed-nyt-sample.json").read_text()))


def answer_words(puzzles: list[dict]) -> set[str]:
    return {word.lower() for puzzle in puzzles for word in puzzle["nyt_solution"]}


def jumble_words() -> set[str]:
    """Every unscrambled jumble word and final-answer word of the Jumble training set and sample."""
    words = set()
    for path in (DATA / "train" / "jumble-train.json", DATA / "samples" / "jumble-sample.json"):
        for puzzle in json.loads(path.read_text()):
            words |= {jumble["answer"].lower() for jumble in puzzle["jumbles"]}
            words |= {w.lower() for w in re.findall(r"[A-Za-z]+", puzzle.get("final_answer") or "")}
    return words


def box_counts(words: set[str], puzzles: list[dict]) -> list[tuple[int, int]]:
    """(our valid-word count, the NYT's dictionary_size) per puzzle: words of 3+ letters of the box with
    no two consecutive letters on one side."""
    by_letters: dict[frozenset, list[str]] = {}
    for word in words:
        if len(word) >= 3:
            by_letters.setdefault(frozenset(word), []).append(word)
    counts = []
    for puzzle in puzzles:
        side = {c: i for i, s in enumerate(puzzle["sides"]) for c in s.lower()}
        letters = frozenset(side)
        count = sum(1 for key, group in by_letters.items() if key <= letters for w in group
                    if all(side[a] != side[b] for a, b in zip(w, w[1:])))
        counts.append((count, puzzle["dictionary_size"]))
    return counts


def load_figures() -> tuple[float, float]:
    """(median seconds to load the default dictionary in-process, its resident memory in MB), measured
    as ``python benchmarks/run_all.py lexicon`` does."""
    from bench import median_time
    from bench.lexicon import _RSS_SCRIPT, _load_default

    seconds = median_time(_load_default, repeat=15)
    rss = float(subprocess.run([sys.executable, "-c", _RSS_SCRIPT], capture_output=True, text=True,
                               check=True).stdout)
    return seconds, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample-size", type=int, default=300)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()

    tiers = {name: load_lexicon(name) for name in TIERS}
    train, sample = letterboxed_puzzles()
    nyt = answer_words(train) | answer_words(sample)
    print(f"## NYT Letter Boxed answer words ({len(nyt):,}, training set + sample)\n")
    print("| tier | words | answer words in | missing | median box ratio (quartiles) |")
    print("|---|---|---|---|---|")
    for name, lexicon in tiers.items():
        missing = sorted(w for w in nyt if w not in lexicon)
        ratios = [ours / theirs for ours, theirs in box_counts(lexicon.word_set, train)]
        q1, q2, q3 = statistics.quantiles(ratios, n=4)
        shown = ", ".join(missing) if len(missing) <= 40 else f"{len(missing)} words"
        print(f"| `{name}` | {len(lexicon):,} | {100 * (1 - len(missing) / len(nyt)):.2f}% | {shown} | "
              f"{q2:.3f} ({q1:.2f}-{q3:.2f}) |")

    jumble = jumble_words()
    english = tiers["english"]
    print(f"\n## Jumble answer words ({len(jumble):,}, training set + sample)\n")
    print("Not in `english`: " + ", ".join(sorted(w for w in jumble if w not in english)))

    print("\n## Words issue #11 named\n")
    for title, words in (("missing before", NAMED_MISSING), ("junk before", NAMED_JUNK)):
        print(f"{title}:\n")
        for name, lexicon in tiers.items():
            inside = [w for w in words if w in lexicon]
            outside = [w for w in words if w not in lexicon]
            print(f"- `{name}`: in {len(inside)}/{len(words)}; out: {', '.join(outside) or 'none'}")
        print()

    print("## Words issue #27 named\n")
    large = tiers["english-large"]
    print("made-up forms (familiarity; tiers holding them): " + ", ".join(
        f"{w} {large.familiarity(w) or 0:.2f} ({', '.join(n for n, lx in tiers.items() if w in lx and n != 'english-large') or '-'})"
        for w in MADE_UP))
    for name, lexicon in tiers.items():
        names = [w for w in NAMES if w in lexicon]
        modern = [w for w in MODERN if w not in lexicon]
        rare = sum(1 for i in range(len(lexicon)) if lexicon.zipf[i] < 1.5 and lexicon.familiarity_values[i] > 3
                   and not lexicon.sources[i] & SOURCE_BITS["reviewed"])
        print(f"- `{name}`: names in: {', '.join(names) or 'none'}; modern words missing: "
              f"{', '.join(modern) or 'none'}; Zipf < 1.5 with familiarity > 3: {rare}")
    print("\nflags in `english-large`: " + ", ".join(
        f"{flag} {int(large.flagged([flag]).sum()):,}" for flag in FLAG_DESCRIPTIONS) + "\n")

    order = sorted(english.words, key=english.familiarity)
    bottom = order[: len(order) // 10]
    picked = sorted(random.Random(args.seed).sample(bottom, args.sample_size))
    print(f"## {args.sample_size} random words of the bottom familiarity tenth of `english` "
          f"(familiarity <= {english.familiarity(bottom[-1]):.2f}; seed {args.seed})\n")
    print(", ".join(picked))

    data = ROOT / "src" / "puzzlewright" / "lexicon" / "data"
    size = sum(p.stat().st_size for p in data.glob("*.npz"))
    seconds, rss = load_figures()
    print(f"\n## Size and load\n\nshipped dictionary data: {size / 1e6:.2f} MB; default dictionary load "
          f"(in-process, median of 15): {seconds * 1000:.0f} ms, resident memory {rss:.0f} MB")


if __name__ == "__main__":
    main()
