"""Jumble final-answer time of two checkouts, interleaved in one run: a change's cost against its baseline.

    python benchmarks/jumble_versions.py BEFORE_SRC AFTER_SRC [--rounds 5]

Each round starts, for each checkout (its ``src`` directory on PYTHONPATH), a fresh Python that loads the
``english`` lexicon, solves the hardest final-answer case of ``bench/jumble.py`` once (14 letters,
``INMANYRESPECTS`` as ``-- ---- --------``, top 1,000: every answer is built and scored by the model) and
then times 9 more solves. Prints the medians of the rounds' median wall and CPU times and the
after/before ratios; alternating the checkouts makes both see the same machine load, and the CPU time
is steadier than the wall time on a shared machine.
"""

from __future__ import annotations

import sys

from bench import compare_checkouts, versions_arguments

TIMED = r"""
import json, statistics, time
from puzzlewright.jumble.api import solve
from puzzlewright.lexicon import load_lexicon
lexicon = load_lexicon("english")
request = {"pool": "INMANYRESPECTS", "answer_pattern": "-- ---- --------", "top": 1000}
solve(request, lexicon=lexicon)
wall, cpu = [], []
for _ in range(9):
    started, cpu_started = time.perf_counter(), time.process_time()
    solve(request, lexicon=lexicon)
    wall.append(time.perf_counter() - started)
    cpu.append(time.process_time() - cpu_started)
print(json.dumps({"14-letter final answer, top 1,000": [statistics.median(wall), statistics.median(cpu)]}))
"""


def main(argv: list[str] | None = None) -> int:
    compare_checkouts(versions_arguments(__doc__.splitlines()[0], argv), TIMED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
