"""Word lists, their formats and commonness, and the indexes the solvers share.

The package is callable: ``puzzlewright.lexicon("english")`` is ``load_lexicon("english")`` (the front
door's ``pw.lexicon(...)``).

>>> from puzzlewright.lexicon import load_lexicon
>>> english = load_lexicon()              # the embedded default dictionary
>>> "umami" in english, english.commonness("cat").zipf > 4
(True, True)
"""

import os
import sys
import types
from typing import Any

from puzzlewright.lexicon.builtin import (BUILTINS, DEFAULT, adjust_lexicon, builtin_lexicon, load_lexicon,
                                         parse_word_list)
from puzzlewright.letters import ALPHABET, letter_mask
from puzzlewright.lexicon.core import Commonness, Lexicon, WordTable, signature
from puzzlewright.lexicon.formats import FORMATS, detect_format, normalise_word, read_word_file
from puzzlewright.lexicon.lookup import lookup_words

__all__ = [
    "ALPHABET", "BUILTINS", "adjust_lexicon", "DEFAULT", "FORMATS", "Commonness", "Lexicon", "WordTable", "builtin_lexicon",
    "detect_format", "letter_mask", "load_lexicon", "lookup_words", "normalise_word", "parse_word_list", "read_word_file",
    "signature",
]


class _CallableModule(types.ModuleType):
    """This package's module type: calling it loads a lexicon, so ``pw.lexicon("english")`` works although
    ``pw.lexicon`` is the package (a function of that name would be replaced by the package on import)."""

    def __call__(self, spec: str | os.PathLike[str] = DEFAULT, **options: Any) -> Lexicon:
        return load_lexicon(spec, **options)


sys.modules[__name__].__class__ = _CallableModule
