"""Build the square catalogues shipped in ``src/puzzlewright/acrostic/catalogues/``.

Every canonical double word square of the built-in ``english`` dictionary's construction words at the
default commonness floor, for the sizes where generation draws from a catalogue (see
:mod:`puzzlewright.acrostic.catalogue`). Listing them takes seconds to minutes of one core (6x6: 62 squares,
7x7: none), so the package carries the result and a first ``acrostic generate --size 6`` draws at once.
The catalogues derive from the shipped word list only; rebuild them when it changes (the file names carry a
digest of the words, so a stale file is simply not used)::

    python scripts/build_catalogues.py            # list from scratch and write the files
    python scripts/build_catalogues.py --check    # list from scratch and compare with the shipped files
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from importlib import resources

from puzzlewright.acrostic.catalogue import SHIPPED_FOLDER, list_squares, shipped_name
from puzzlewright.acrostic.generator import construction_words
from puzzlewright.acrostic.schema import DEFAULT_GENERATE_COMMONNESS
from puzzlewright.lexicon import load_lexicon

DICTIONARY = "english"
SIZES = (6, 7)


def catalogue_text(squares: list[str], nodes: int, size: int, words: int) -> str:
    """The shipped file: the squares in the counter's order, and what listing them took (for the record)."""
    return json.dumps({"dictionary": DICTIONARY, "min_commonness": DEFAULT_GENERATE_COMMONNESS, "size": size,
                       "words": words, "nodes": nodes, "squares": squares}, indent=0) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped files, write nothing")
    args = parser.parse_args()
    folder = resources.files("puzzlewright.acrostic").joinpath(SHIPPED_FOLDER)
    lexicon = load_lexicon(DICTIONARY)
    differ = 0
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["PUZZLEWRIGHT_CACHE"] = scratch  # list from scratch, not from this machine's cache
        for size in SIZES:
            words = construction_words(lexicon, size, DEFAULT_GENERATE_COMMONNESS)
            started = time.process_time()
            catalogue = list_squares(words, size)
            count = len(words.of_length(size).words)
            print(f"{size}x{size}: {len(catalogue.squares)} squares of {count:,} words, {catalogue.nodes:,} nodes, "
                  f"{time.process_time() - started:.0f} s CPU", flush=True)
            target = folder.joinpath(shipped_name(words, size))
            shipped = json.loads(target.read_text()) if target.is_file() else None
            if args.check:
                same = shipped is not None and shipped["squares"] == catalogue.squares
                print(f"  {target.name}: {'same squares' if same else 'DIFFERENT or missing'}")
                differ += not same
            else:
                for stale in folder.iterdir():
                    if stale.name.startswith(f"squares-{size}-"):
                        os.remove(str(stale))
                with open(str(target), "w", encoding="utf-8") as handle:
                    handle.write(catalogue_text(catalogue.squares, catalogue.nodes, size, count))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
