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

import json
import os
import statistics
import subprocess
import sys

from bench import versions_arguments

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
print(json.dumps([statistics.median(wall), statistics.median(cpu)]))
"""


def timed(src: str) -> tuple[float, float]:
    """Median wall and CPU seconds of a solve, in a fresh Python with ``src`` on its path."""
    output = subprocess.run([sys.executable, "-c", TIMED], env=dict(os.environ, PYTHONPATH=os.path.abspath(src)),
                            capture_output=True, text=True, check=True).stdout
    wall, cpu = json.loads(output)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    args = versions_arguments(__doc__.splitlines()[0], argv)
    runs: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for side in runs:
            runs[side].append(timed(getattr(args, side)))
    medians = {side: [1000 * statistics.median(m[k] for m in runs[side]) for k in (0, 1)] for side in runs}
    print(f"14-letter final answer, top 1,000: before {medians['before'][0]:.1f} ms wall, "
          f"{medians['before'][1]:.1f} ms CPU; after {medians['after'][0]:.1f} ms wall, {medians['after'][1]:.1f} ms "
          f"CPU; ratio {medians['after'][0] / medians['before'][0]:.2f} wall, "
          f"{medians['after'][1] / medians['before'][1]:.2f} CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
