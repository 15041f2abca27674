"""Every default of the Letter Boxed verbs, once: the request models (:mod:`puzzlewright.letterboxed.schema`,
which re-exports them), the CLI's options, the web API and the Python front door all take them from here.

A module of its own so that the command line's quick path can read them without creating the request
models (which needs :mod:`dataclasses`).
"""

MAX_WORDS = 5
DEFAULT_LIMIT = 10
DEFAULT_TIME_LIMIT = 20.0
MAX_GENERATE = 100
DEFAULT_GENERATE_COMMONNESS = 3.0
EXAMPLE_SIDES = "RME-WCL-TGK-API"
DEFAULT_DICTIONARY = "english-letterboxed"  # sized like the NYT's own dictionary (docs/letterboxed.md)
HINT_STEPS = 4  # a play hint's facts about the next word: first letter, length, last letter, the word
MAX_PLAYED = 100  # words a play request may carry: far more than any game needs
