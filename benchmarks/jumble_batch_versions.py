"""Jumble batch time of two checkouts, interleaved in one run: a change's cost on real puzzles.

    python benchmarks/jumble_batch_versions.py BEFORE_SRC AFTER_SRC [--rounds 5]

Each round starts, for each checkout (its ``src`` directory on PYTHONPATH), a fresh Python that loads the
``english`` lexicon, solves the first training Jumble once (loading the tables a caption needs) and then
times each of the 480 training Jumbles (``../shared/data/train/jumble-train.json``) with its caption, top
10, as ``api.solve`` does for a batch. Prints the medians of the rounds' median puzzle and whole-set times
(wall and CPU) and the after/before ratios; alternating the checkouts makes both see the same machine
load. Issue #31 allows its pun rounds at most 1.2x the code before them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench import compare_checkouts, versions_arguments

TRAIN = Path(__file__).resolve().parents[2] / "shared" / "data" / "train" / "jumble-train.json"

TIMED = r"""
import json, statistics, time
from puzzlewright.jumble.api import solve
from puzzlewright.lexicon import load_lexicon
FIELDS = ("jumbles", "answer_pattern", "caption")
lexicon = load_lexicon("english")
requests = [{k: r[k] for k in FIELDS if k in r} for r in json.load(open(TRAIN))]
solve(requests[0], lexicon=lexicon)
wall, cpu = [], []
set_started, set_cpu_started = time.perf_counter(), time.process_time()
for request in requests:
    started, cpu_started = time.perf_counter(), time.process_time()
    solve(request, lexicon=lexicon)
    wall.append(time.perf_counter() - started)
    cpu.append(time.process_time() - cpu_started)
whole = [time.perf_counter() - set_started, time.process_time() - set_cpu_started]
print(json.dumps({"median training Jumble, top 10": [statistics.median(wall), statistics.median(cpu)],
                  "480 training Jumbles, top 10": whole}))
"""


def main(argv: list[str] | None = None) -> int:
    compare_checkouts(versions_arguments(__doc__.splitlines()[0], argv), f"TRAIN = {str(TRAIN)!r}\n" + TIMED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
