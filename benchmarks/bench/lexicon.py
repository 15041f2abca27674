"""Lexicon benchmarks: loading the default dictionary, its memory, and ``dict lookup`` end to end."""

from __future__ import annotations

import subprocess
import sys

from bench import BenchResult, command_time, median_time
from puzzlewright.lexicon import builtin_lexicon

_RSS_SCRIPT = """
import resource, sys
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
import numpy
from puzzlewright.lexicon import load_lexicon
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
lexicon = load_lexicon()
"cat" in lexicon; lexicon.commonness("cat")
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024)
"""


def _load_default() -> None:
    builtin_lexicon.cache_clear()
    builtin_lexicon("english")


def run(quick: bool = False) -> list[BenchResult]:
    load = median_time(_load_default, repeat=5 if quick else 15)
    rss_mb = float(subprocess.run([sys.executable, "-c", _RSS_SCRIPT], capture_output=True, text=True,
                                  check=True).stdout)
    lookup = command_time(["dict", "lookup", "cat"], repeat=3 if quick else 7)
    return [
        BenchResult("lexicon", "load default dictionary (in-process)", load, 0.050),
        BenchResult("lexicon", "resident memory of the loaded default (not a time)", 0.0,
                    note=f"{rss_mb:.0f} MB, target <= 100 MB: {'met' if rss_mb <= 100 else 'MISSED'}"),
        BenchResult("lexicon", "`dict lookup cat` end to end", lookup, 0.300),
    ]
