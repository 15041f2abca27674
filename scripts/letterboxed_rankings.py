"""Print every NYT Letter Boxed puzzle's ranked solutions from the checkout on PYTHONPATH, to diff two of them.

    PYTHONPATH=OLD/src python scripts/letterboxed_rankings.py > old.txt
    PYTHONPATH=src python scripts/letterboxed_rankings.py > new.txt
    cmp old.txt new.txt                      # no output: the rankings are the same, bit for bit

For each puzzle of the training half and of the sample (the 101 boxes that the batch benchmark
``benchmarks/letterboxed_versions.py`` cycles through), as the default solve finds them: the number of
solutions, a digest of the whole ranked list (words, full-precision scores, letters), and the first 20 with
their scores as ``repr`` gives them; then the same with ``explain``, the first 20 with their feature vectors
as well. A speed change that must not change any ranking is checked with it (issue #31's speed work).
"""

from __future__ import annotations

import hashlib
import json
import sys

from conditional_logit import SHARED_DATA
from puzzlewright.letterboxed.api import SolveRequest, index_for
from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.solver import box_words, solve_box
from puzzlewright.schema import validate

FILES = ("train/letterboxed-nyt-train.json", "samples/letterboxed-nyt-sample.json")
SHOWN = 20


def main() -> int:
    puzzles = [p for name in FILES for p in json.loads((SHARED_DATA / name).read_text())]
    for explain in (False, True):
        for puzzle in puzzles:
            box = Box.parse(puzzle["sides"])
            found = solve_box(box, box_words(box, index_for(validate(SolveRequest, {"sides": puzzle["sides"]}),
                                                            None, box, None)), explain=explain)
            whole = repr([(s.words, s.score, s.letters) for s in found.solutions]).encode()
            print(explain, box, found.count, found.min_words, hashlib.sha256(whole).hexdigest()[:16])
            for solution in found.solutions[:SHOWN]:
                print("  ", solution, repr(solution.score), solution.letters, solution.features if explain else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
