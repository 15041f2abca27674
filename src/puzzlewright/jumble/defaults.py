"""Every default and limit of the Jumble verbs, once: the request models (:mod:`puzzlewright.jumble.schema`,
which re-exports them), the CLI's options, the web API and the Python front door (:mod:`puzzlewright.jumble`)
take them from here (``tests/test_defaults_agree.py`` checks that they do).
"""

from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY

DEFAULT_TOP = 10
MAX_TOP = 1_000
MAX_JUMBLES = 12
DEFAULT_TIME_LIMIT = 20.0
MAX_CAPTION = 1_000
DEFAULT_GENERATE_TIME_LIMIT = 10.0
DEFAULT_GENERATE_COMMONNESS = 3.0  # familiarity floor of the jumbled words (3 = everyday)
DEFAULT_LENGTHS = (5, 5, 6, 6)  # the daily Jumble's words
MAX_GENERATE = 20
