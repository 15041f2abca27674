"""Jumble benchmarks: unscrambling, the final-answer search, a 1,000-puzzle batch, and sample quality.

Baselines run in the same process: the seed paper's methods ported to Python, i.e. trying every
permutation of a scrambled word against a word set, and permuting the letter pool position by position
with the paper's dead-prefix skipping (capped, since the paper's pool has 479,001,600 orders).
"""

from __future__ import annotations

import itertools
import json
import time

from bench import BenchResult, median_time, shared_data_dir
from puzzlewright.lexicon import Lexicon, load_lexicon

SHARED_DATA = shared_data_dir()
SAMPLE = SHARED_DATA / "samples" / "jumble-sample.json"
UNSCRAMBLE_WORDS = ("HOTGUF", "CLATHE", "TRAPEZIO", "SHACE", "LASRN", "MCAOSHT")
FINAL_CASES = (("SNAAESUGTALT", "----- -------"), ("BESIDEHIMSELF", "------ -------"),
               ("INMANYRESPECTS", "-- ---- --------"), ("SPREADINGTHEWORD", "--------- --- ----"))
BASELINE_CAP_S = 3.0


def permutation_unscramble(scrambled: str, words: frozenset[str]) -> list[str]:
    """The seed's unjumble: look every permutation of the letters up in a hash of words."""
    return sorted({"".join(p) for p in itertools.permutations(scrambled) if "".join(p) in words})


def permutation_answers(pool: str, lengths: list[int], lexicon: Lexicon, seconds: float) -> tuple[int, bool]:
    """The seed's final step: permute the pool's letters position by position, skipping every order whose
    current word is a dead prefix (the paper's prefix dictionary). Returns (answers found, finished)."""
    words = {length: set(lexicon.of_length(length).words) for length in set(lengths)}
    alive = {length: set(lexicon.prefix_masks(length)) | words[length] for length in set(lengths)}
    deadline = time.perf_counter() + seconds
    found: set[tuple[str, ...]] = set()
    letters = list(pool)
    used = [False] * len(letters)

    def extend(slot: int, word: str, done: tuple[str, ...]) -> bool:
        if time.perf_counter() > deadline:
            return False
        if len(word) == lengths[slot]:
            if word not in words[lengths[slot]]:
                return True
            if slot + 1 == len(lengths):
                found.add(done + (word,))
                return True
            return extend(slot + 1, "", done + (word,))
        for i, letter in enumerate(letters):
            if not used[i] and word + letter in alive[lengths[slot]]:
                used[i] = True
                finished = extend(slot, word + letter, done)
                used[i] = False
                if not finished:
                    return False
        return True

    finished = extend(0, "", ())
    return len(found), finished


def run(quick: bool = False) -> list[BenchResult]:
    from puzzlewright.jumble.api import solve
    from puzzlewright.jumble.anagrams import count_table, unscramble

    lexicon = load_lexicon("english")
    words = [w.lower() for w in UNSCRAMBLE_WORDS]

    def fresh() -> Lexicon:
        return Lexicon(lexicon.words, lexicon.zipf, lexicon.level, presorted=True)

    tables = median_time(lambda: [count_table(fresh(), n) for n in (5, 6, 7, 8)], repeat=1 if quick else 3) / 4
    index_build = median_time(lambda: [fresh().anagram_index(n) for n in (5, 6, 7, 8)],
                              repeat=1 if quick else 3, warmup=0) / 4
    ours = median_time(lambda: [unscramble(w, lexicon) for w in words], repeat=50 if quick else 300) / len(words)
    word_set = frozenset(lexicon.words)
    baseline = median_time(lambda: [permutation_unscramble(w, word_set) for w in words],
                           repeat=1 if quick else 3) / len(words)
    results = [
        BenchResult("jumble", "letter-count tables of one word length (built lazily, once)", tables),
        BenchResult("jumble", "signature index of one word length (built lazily, once)", index_build),
        BenchResult("jumble", "unscramble one word of 5-8 letters (after load)", ours, 0.0001, baseline,
                    "baseline: every permutation looked up in a word set (the seed's method)"),
    ]
    results += _final_answer_results(lexicon, solve, quick)
    results += _batch_and_quality(lexicon, solve, quick)
    return results


def _final_answer_results(lexicon: Lexicon, solve, quick: bool) -> list[BenchResult]:
    results = []
    for pool, pattern in FINAL_CASES:
        request = {"pool": pool, "answer_pattern": pattern, "top": 1000}
        solve(request, lexicon=lexicon)
        ours = median_time(lambda: solve(request, lexicon=lexicon), repeat=3 if quick else 9)
        lengths = [len(token) for token in pattern.split()]
        started = time.perf_counter()
        found, finished = permutation_answers(pool.lower(), lengths, lexicon, BASELINE_CAP_S)
        baseline = time.perf_counter() - started
        note = (f"baseline (pool permutations with dead-prefix skips) {'finished' if finished else 'stopped at the cap'}"
                f" with {found} answers{'' if finished else '; ratio is a lower bound'}")
        target = 0.050 if len(pool) <= 14 else None  # the target covers 12-14 letter pools
        results.append(BenchResult("jumble", f"final answer, {len(pool)}-letter pool, {pattern!r}, all candidates",
                                   ours, target, baseline, note))
    return results


def _batch_and_quality(lexicon: Lexicon, solve, quick: bool) -> list[BenchResult]:
    if not SAMPLE.is_file():
        return [BenchResult("jumble", "batch and quality (shared sample not found)", 0.0, note=str(SAMPLE))]
    from bench.jumble_quality import evaluate

    puzzles = json.loads(SAMPLE.read_text())
    count = len(puzzles) if quick else 1000
    requests = [{"jumbles": p["jumbles"], "answer_pattern": p["answer_pattern"]}
                for p in itertools.islice(itertools.cycle(puzzles), count)]
    started = time.perf_counter()
    for request in requests:
        solve(request, lexicon=lexicon)
    batch_seconds = (time.perf_counter() - started) * 1000 / count
    report = evaluate(puzzles, lexicon)
    return [
        BenchResult("jumble", f"batch of 1,000 sample puzzles (top 10){' (scaled from 101)' if quick else ''}",
                    batch_seconds, 60.0),
        BenchResult("jumble", "quality on the 101 sample puzzles", report.seconds, note=report.summary()),
    ]
