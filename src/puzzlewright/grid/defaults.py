"""Every default and limit of the crossword-grid verbs, once: the request models
(:mod:`puzzlewright.grid.schema`, which re-exports them), the CLI's options, the web API and the Python front
door (:mod:`puzzlewright.grid`) take them from here (``tests/test_defaults_agree.py`` checks that they do).
"""

from puzzlewright.lexicon.shipped import DEFAULT_DICTIONARY as DEFAULT_DICTIONARY

DEFAULT_TIME_LIMIT = 30.0
DEFAULT_MIN_LENGTH = 2
MAX_FILLS = 1000
EXPORT_FORMATS = ("ipuz", "puz", "text")
MAX_CANDIDATES = 500
DEFAULT_CANDIDATES = 50
GRID_EXAMPLE = "....#/...../...../#...."
