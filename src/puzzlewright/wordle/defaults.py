"""Every default and limit of the Wordle verbs, once: the request models (:mod:`puzzlewright.wordle.schema`,
which re-exports them), the CLI's options, the web API and the Python front door (:mod:`puzzlewright.wordle`)
take them from here (``tests/test_defaults_agree.py`` checks that they do). The dictionary fields name the
*guess* dictionary; the assistant's possible answers are a separate list (``answers``).
"""

GUESSES = "wordle-guesses"
ANSWERS = "wordle-answers"
DEFAULT_DICTIONARY = GUESSES
DEFAULT_OPENER = "salet"  # the proven optimal first guess for the original lists (used when it is a guess)
DEFAULT_TOP = 10
MAX_TOP = 200
DOODLE_SECONDS = 2.0  # the search allowance of --distinct / --hard
PLAY_SECONDS = 300.0
