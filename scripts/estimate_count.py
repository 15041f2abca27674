"""Estimate an exhaustive word-square count by random probes (see docs/scaling.md, "Estimating").

    python scripts/estimate_count.py --size N --dict D --double --canonical --seconds S
"""

from __future__ import annotations

import argparse
import json

from puzzlewright.lexicon import load_lexicon
from puzzlewright.acrostic.estimate import estimate_count


def main() -> None:
    parser = argparse.ArgumentParser(description="Estimate an exhaustive word-square count by random probes.")
    parser.add_argument("--size", type=int, required=True)
    parser.add_argument("--dict", default="english")
    parser.add_argument("--double", action="store_true")
    parser.add_argument("--canonical", action="store_true")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    estimate = estimate_count(load_lexicon(args.dict), args.size, double=args.double, canonical=args.canonical,
                              seconds=args.seconds, seed=args.seed)
    print(json.dumps({"dict": args.dict, "double": args.double, "canonical": args.canonical, **estimate.to_json()}))


if __name__ == "__main__":
    main()
