"""Every default and limit of the dense-acrostic verbs, once: the request models
(:mod:`puzzlewright.acrostic.schema`), the CLI's options, the web API and the Python front door
(:mod:`puzzlewright.acrostic`) take them from here. A module of its own so that importing the package
(``acrostic count`` does) does not build the request models.
"""

from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY

MIN_SIZE, MAX_SIZE = 3, 10
DEFAULT_LIMIT = 1  # solutions a solve lists (without all)
DEFAULT_TIME_LIMIT = 30.0
SECONDS_PER_PUZZLE = 60.0  # the CLI's generate --time-limit: each puzzle of a long (parallel) run
DEFAULT_GENERATE_COMMONNESS = 2.75  # the floor with 6x6 squares in english (issue #27: none at 3)
MAX_GENERATE = 10_000
