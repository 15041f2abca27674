#!/usr/bin/env python3
"""How publishable default grid fills are: the entries of default fills of the shipped 15x15 patterns,
measured against our own data and, when one is at hand, a constructors' list.

Usage: python benchmarks/grid_wordlist.py [--seeds N] [--weakest N] [--peer-python PATH] [--no-phrases]
       [--time-limit S] [--phrase-bonus B]
       python benchmarks/grid_wordlist.py --phrase-tiers --peer-python PATH

Fills every shipped pattern with seeds 0..N-1 exactly as ``puzzlewright grid fill --pattern NAME
--random-seed S`` does (the library's default request: ``english``, crossword policy, quality floors), and
reports over all their entries:

* the share of entries that are crossword phrases (``--no-phrases``: fills without them, as before issue
  #32: the same-run baseline);
* flagged entries (``english-large``'s flags and the phrases'): offensive and vulgar must be 0;
* the share with a wordfreq Zipf frequency >= 2, the share in ``english-common``, and the share that no
  frequency list (Zipf 0) nor the constructors' list knows;
* the floors the fills finished at, and the weakest entries by fill score;
* each fill's weakest and mean entry on one scale whatever the bonus (fill scores with every phrase at the
  smaller bonus, ``LISTED_PHRASE_BONUS``: the scale before the known phrases' bonus), median over the fills;
* with ``--peer-python``: the share in Spread the Wordlist (score above 0) and in its top tier (score 50),
  read through blacksquare (PyPI), which embeds that list. The list is CC BY-NC-SA: it is **measured
  against here only**. It is never shipped, and no score of ours is derived from it. Install blacksquare in
  a separate environment (``python -m venv /tmp/peer && /tmp/peer/bin/pip install blacksquare``); this
  script sends the entries to that python and reads back their scores.

``--phrase-bonus B``: fill with the known phrases' bonus (:data:`puzzlewright.grid.score.PHRASE_BONUS`) set
to B for this run, to measure share against quality (B = 0.5, the smaller bonus, is the code before).

``--phrase-tiers``: instead, the crossword phrases list itself: how many phrases of at most 15 letters (the
list's longest entries), names left out as fills leave them, fall in each fill-score tier and what share of
each the constructors' list has.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time
from collections import Counter

PEER_SCORES = """
import json, sys
from blacksquare import DEFAULT_WORDLIST
print(json.dumps({word: DEFAULT_WORDLIST.get_score(word) for word in json.load(sys.stdin)}))
"""
TOP_TIER = 0.99  # blacksquare scales the list's 0-50 scores to 0-1: the top tier (50) is 1.0


def default_fills(seeds: int, phrases: bool = True, seconds: float = 30.0) -> tuple[list[str], list[dict]]:
    """Every entry of the default fills (with repeats across fills) and one summary per fill."""
    from puzzlewright.grid import api
    from puzzlewright.grid.patterns import EVERYDAY_PATTERNS

    entries, runs = [], []
    for name in EVERYDAY_PATTERNS:
        for seed in range(seeds):
            cpu = time.process_time()
            result = api.fill({"pattern": name, "random_seed": seed, "phrases": phrases, "time_limit": seconds})
            cpu = time.process_time() - cpu
            best = result.best
            runs.append({"pattern": name, "seed": seed, "cpu": cpu, "nodes": result.nodes, "floor": result.floor,
                         "weakest": best and (best.weakest, best.min_score), "words": best.words if best else []})
            print(f"  {name} seed {seed}: {cpu:.2f} s CPU, {result.nodes} nodes, floor {result.floor}, "
                  f"weakest {best and best.weakest} ({best and best.min_score})", flush=True)
            entries += best.words if best else []
    return entries, runs


def print_one_scale(words, runs: list[dict]) -> None:  # type: ignore[no-untyped-def]
    """Each fill's weakest and mean entry with every phrase at the smaller bonus, medians over the fills."""
    from puzzlewright.grid import score

    bonus, score.PHRASE_BONUS = score.PHRASE_BONUS, score.LISTED_PHRASE_BONUS
    try:
        scale = dict(zip(words.words, score.entry_scores(words).tolist()))
    finally:
        score.PHRASE_BONUS = bonus
    filled = [run["words"] for run in runs if run["words"]]
    weakest = [min(scale[word] for word in fill) for fill in filled]
    means = [statistics.mean(scale[word] for word in fill) for fill in filled]
    print(f"on one scale (every phrase +{score.LISTED_PHRASE_BONUS}): weakest entry median "
          f"{statistics.median(weakest):.2f} (lowest {min(weakest):.2f}), mean entry median {statistics.median(means):.2f}")


def peer_scores(python: str, words: set[str]) -> dict[str, float | None]:
    """The constructors' list's score (0-1, None when absent) of each word, from the peer's python."""
    done = subprocess.run([python, "-c", PEER_SCORES], input=json.dumps(sorted(words)), capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


PHRASE_TIERS = ((3.0, 3.5), (3.5, 4.0), (4.0, 99.0))


def phrase_tiers(python: str) -> None:
    """Print the share of the crossword phrases (<= 15 letters, no names) the constructors' list has, by
    fill-score tier."""
    from puzzlewright.grid.score import entry_scores
    from puzzlewright.lexicon.phrases import phrase_lexicon
    from puzzlewright.lexicon.policy import Use, publishable

    phrases = publishable(phrase_lexicon(), Use.PHRASE)
    scores = dict(zip(phrases.words, entry_scores(phrases).tolist()))
    short = [word for word in phrases.words if len(word) <= 15]
    listed = peer_scores(python, set(short))
    print(f"{len(phrase_lexicon()):,} phrases; {len(short):,} of <= 15 letters without names")
    for low, high in PHRASE_TIERS:
        tier = [word for word in short if low <= scores[word] < high]
        in_list = share(tier, lambda w: (listed[w] or 0) > 0)
        top = share(tier, lambda w: (listed[w] or 0) >= TOP_TIER)
        print(f"fill score {low}-{high if high < 99 else 'up'}: {len(tier):,} phrases; in Spread the Wordlist "
              f"{in_list}; top tier {top}")


def share(entries: list[str], test) -> str:
    """The share of ``entries`` passing ``test``, as a percentage with its count."""
    hits = sum(1 for word in entries if test(word))
    return f"{hits / len(entries):.1%} ({hits} of {len(entries)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--weakest", type=int, default=20)
    parser.add_argument("--peer-python", default=None, help="a python with blacksquare installed")
    parser.add_argument("--no-phrases", dest="phrases", action="store_false", help="fill without phrases")
    parser.add_argument("--phrase-tiers", action="store_true", help="measure the phrases list, not fills")
    parser.add_argument("--phrase-bonus", type=float, default=None, help="the known phrases' bonus for this run")
    parser.add_argument("--time-limit", type=float, default=30.0,
                        help="each fill's wall-clock budget (default 30 s, as grid fill's; raise it on a busy machine)")
    args = parser.parse_args()
    if args.phrase_tiers:
        return phrase_tiers(args.peer_python)
    from puzzlewright.grid import score
    from puzzlewright.grid.score import entry_scores
    from puzzlewright.lexicon import load_lexicon
    from puzzlewright.lexicon.phrases import display_form, phrase_lexicon
    from puzzlewright.lexicon.policy import Use, publishable

    if args.phrase_bonus is not None:
        score.PHRASE_BONUS = args.phrase_bonus
    entries, runs = default_fills(args.seeds, args.phrases, args.time_limit)
    large, common, phrases = load_lexicon("english-large"), load_lexicon("english-common"), phrase_lexicon()
    words = publishable(load_lexicon("english"), Use.CROSSWORD).with_entries(phrases)
    scores = dict(zip(words.words, entry_scores(words).tolist()))
    print_one_scale(words, runs)
    large = large.with_entries(phrases)  # the phrases' flags and Zipf frequencies beside the words'
    print(f"\nphrases: {share(entries, lambda w: w in phrases)}: "
          f"{', '.join(sorted({display_form(w) for w in entries if w in phrases}))}")
    listed = peer_scores(args.peer_python, set(entries)) if args.peer_python else None
    print(f"\n{len(runs)} fills, {len(entries)} entries; median {statistics.median(r['cpu'] for r in runs):.2f} s CPU; "
          f"floors {dict(sorted(Counter(str(r['floor']) for r in runs).items()))}")
    flags = Counter(flag for word in entries for flag in large.flags_of(word))
    print(f"flagged entries: {dict(flags) or 'none'}")
    print(f"Zipf >= 2: {share(entries, lambda w: large.zipf_of(w) >= 2)}")
    print(f"in english-common: {share(entries, lambda w: w in common)}")
    if listed is None:
        print(f"Zipf 0 (no frequency list knows it): {share(entries, lambda w: large.zipf_of(w) == 0)}")
        print("constructors' list: not measured (no --peer-python)")
    else:
        print(f"known to no frequency list nor the constructors' list: "
              f"{share(entries, lambda w: large.zipf_of(w) == 0 and listed[w] is None)}")
        print(f"in Spread the Wordlist (score > 0): {share(entries, lambda w: (listed[w] or 0) > 0)}")
        print(f"in its top tier (score 50): {share(entries, lambda w: (listed[w] or 0) >= TOP_TIER)}")
        missing = sorted({word for word in entries if not (listed[word] or 0) > 0})
        print(f"not in the list (or scored 0 there): {', '.join(missing)}")
    columns = "fill score, familiarity, Zipf, flags" + (", list score" if listed is not None else "")
    print(f"\nweakest {args.weakest} entries ({columns})")
    for word in sorted(set(entries), key=lambda w: (scores[w], words.familiarity(w), w))[:args.weakest]:
        extra = f", {listed[word]}" if listed is not None else ""
        print(f"  {word}: {scores[word]:.2f}, {words.familiarity(word):.2f}, {large.zipf_of(word):.2f}, "
              f"{sorted(large.flags_of(word)) or '-'}{extra}")


if __name__ == "__main__":
    main()
