"""Word lists, their formats and commonness, and the indexes the solvers share.

The package is callable: ``puzzlewright.lexicon("english")`` is ``load_lexicon("english")`` (the front
door's ``pw.lexicon(...)``).

>>> from puzzlewright.lexicon import load_lexicon
>>> english = load_lexicon()              # the embedded default dictionary
>>> "umami" in english, english.commonness("cat").zipf > 4
(True, True)
"""

from __future__ import annotations

import os
import sys
import types

from puzzlewright.lazy import lazy_exports

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (letterboxed solve --dict FILE reads formats only)
    from typing import Any

    from puzzlewright.letters import ALPHABET, letter_mask
    from puzzlewright.lexicon.builtin import (BUILTINS, DEFAULT, adjust_lexicon, builtin_lexicon, load_lexicon,
                                             parse_word_list)
    from puzzlewright.lexicon.core import Commonness, Lexicon, WordTable, signature
    from puzzlewright.lexicon.formats import FORMATS, detect_format, normalise_word, read_word_file
    from puzzlewright.lexicon.lookup import lookup_words

__all__ = [
    "ALPHABET", "BUILTINS", "adjust_lexicon", "DEFAULT", "FORMATS", "Commonness", "Lexicon", "WordTable", "builtin_lexicon",
    "detect_format", "letter_mask", "load_lexicon", "lookup_words", "normalise_word", "parse_word_list", "read_word_file",
    "signature",
]

# name -> the module defining it. Imported on first use, so that reading a word-list file
# (:mod:`puzzlewright.lexicon.formats`) does not import numpy with the lexicon (``letterboxed solve --dict FILE``).
_HOMES = {
    **dict.fromkeys(("BUILTINS", "DEFAULT", "adjust_lexicon", "builtin_lexicon", "load_lexicon", "parse_word_list"),
                    "puzzlewright.lexicon.builtin"),
    **dict.fromkeys(("ALPHABET", "letter_mask"), "puzzlewright.letters"),
    **dict.fromkeys(("Commonness", "Lexicon", "WordTable", "signature"), "puzzlewright.lexicon.core"),
    **dict.fromkeys(("FORMATS", "detect_format", "normalise_word", "read_word_file"), "puzzlewright.lexicon.formats"),
    "lookup_words": "puzzlewright.lexicon.lookup",
}
__getattr__, __dir__ = lazy_exports(__name__, _HOMES)  # and the submodules, imported on first use


class _CallableModule(types.ModuleType):
    """This package's module type: calling it loads a lexicon, so ``pw.lexicon("english")`` works although
    ``pw.lexicon`` is the package (a function of that name would be replaced by the package on import)."""

    def __call__(self, spec: str | os.PathLike[str] | None = None, **options: Any) -> Lexicon:
        from puzzlewright.lexicon.builtin import DEFAULT, load_lexicon

        return load_lexicon(DEFAULT if spec is None else spec, **options)


sys.modules[__name__].__class__ = _CallableModule
