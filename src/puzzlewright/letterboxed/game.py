"""Playing a box, not only solving it: a :class:`Game` takes the player's words one at a time, checks each
against the box's rules (:meth:`~puzzlewright.letterboxed.model.Box.word_breach`,
:func:`~puzzlewright.letterboxed.model.chain_breach`: the rules the solver's words obey) and the
dictionary (the box's words the solver would use, :func:`~puzzlewright.letterboxed.solver.box_words`),
keeps the progress (letters used of the box's), and gives hints that reveal one step at a time.

A hint is about the next word of the best way to finish from the player's words: the fewest words that
start with the last word's last letter and use the letters still unused
(:func:`~puzzlewright.letterboxed.solver.continuations`), ranked as the solver ranks solutions
(:func:`~puzzlewright.letterboxed.rank.rank`); before the first word, the solver's best solution. The first
hint gives that word's first letter, the next its length, then its last letter (where it leads), then the
word itself. After the first word the first letter is known (the last word's last letter), so the hints
for each later word start at its length.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from puzzlewright.letterboxed.defaults import DEFAULT_DICTIONARY, DEFAULT_TIME_LIMIT, HINT_STEPS, MAX_WORDS
from puzzlewright.letterboxed.model import Box, chain_breach
from puzzlewright.letterboxed.rank import rank
from puzzlewright.letterboxed.schema import Hint, Refusal
from puzzlewright.letterboxed.solver import DEFAULT_FALLBACK_WORDS, BoxWords, box_words, continuations, solve_box
from puzzlewright.schema import DictionaryOptions
from puzzlewright.budget import Budget

if TYPE_CHECKING:
    from puzzlewright.lexicon import Lexicon
    from puzzlewright.lexicon.wordfile import WordFile

# Why a played word is refused beyond the box's rules (model.TOO_SHORT, OFF_BOX, SAME_SIDE, WRONG_START)
NOT_A_WORD = "not_a_word"  # keeps the rules but is not in the dictionary
FINISHED = "finished"  # the game is over: every letter is used
GAME_OVER = "the game is over: every letter is used"


class Game:
    """One player's game of a box: the words played so far (accepted ones only), the letters they use,
    and hints for the next word. ``words`` are the box's dictionary words (:func:`box_words`); searches
    for hints and the fewest words take at most ``time_limit`` seconds each, or spend ``budget`` (one
    for them all: a web request's) when given. :func:`new_game` makes one from the sides."""

    def __init__(self, words: BoxWords, *, time_limit: float = DEFAULT_TIME_LIMIT,
                 budget: Budget | None = None) -> None:
        self.box: Box = words.box
        self.words = words
        self.time_limit = time_limit
        self.budget = budget
        self.played: list[str] = []
        self._hint_step = 0  # hint steps revealed for the next word (hint_of)
        self._next_words: dict[tuple[str, ...], tuple[str | None, bool]] = {}  # next_word, by the words played
        self.complete = True  # False once a search (the par's, a hint's) ran out of time: its answer may be wrong

    def _search_budget(self) -> Budget:
        return self.budget if self.budget is not None else Budget(seconds=self.time_limit)

    @cached_property
    def _dictionary(self) -> frozenset[str]:
        return frozenset(self.words.words)

    @cached_property
    def _solved(self) -> tuple[int | None, tuple[str, ...] | None, bool]:
        """The solver's answer for the box: (fewest words, the best solution's words, complete)."""
        found = solve_box(self.box, self.words, budget=self._search_budget())
        best = found.solutions[0].words if found.solutions else None
        self.complete &= found.complete
        return found.min_words, best, found.complete

    # -- the state ---------------------------------------------------------------------------------

    @property
    def fewest_words(self) -> int | None:
        """The fewest words of any solution (not the setter's par, which ``letterboxed generate`` prints) (the solver's, searched as ``letterboxed solve`` does:
        up to two words, or three when there is no shorter one; None when there is none)."""
        return self._solved[0]

    @property
    def used(self) -> str:
        """The box's letters the played words use, in the box's order, in capitals."""
        played = set("".join(self.played))
        return "".join(letter for letter in self.box.letters if letter in played).upper()

    @property
    def progress(self) -> tuple[int, int]:
        """(letters used, letters in the box)."""
        return len(self.used), len(self.box.letters)

    @property
    def done(self) -> bool:
        """Whether the played words use every letter of the box (they always chain and keep the rules)."""
        used, total = self.progress
        return used == total

    # -- playing -----------------------------------------------------------------------------------

    def check(self, word: str) -> Refusal | None:
        """Why ``word`` cannot be played next (the first rule it breaks), or None when it can."""
        word = word.strip().lower()
        if self.done:
            return Refusal(word, FINISHED, GAME_OVER)
        breach = self.box.word_breach(word)
        if breach is None and self.played:
            breach = chain_breach(self.played[-1], word)
        if breach is None and word not in self._dictionary:
            breach = NOT_A_WORD, f"{word.upper()} is not in the dictionary"
        return None if breach is None else Refusal(word, *breach)

    def play(self, word: str) -> Refusal | None:
        """Play ``word`` when it can be played (None); else leave the game as it is and say why."""
        refusal = self.check(word)
        if refusal is None:
            self.played.append(word.strip().lower())
            self._hint_step = self._known_steps()
        return refusal

    def undo(self) -> str | None:
        """Take back the last word played (None when there is none); the next word's hints start again."""
        taken = self.played.pop() if self.played else None
        self._hint_step = self._known_steps()
        return taken

    def _known_steps(self) -> int:
        """The hint steps the player knows without asking: after a word, the next one's first letter."""
        return 1 if self.played else 0

    # -- hints -------------------------------------------------------------------------------------

    def hint(self) -> Hint:
        """One more step of the hint for the next word (:func:`hint_of`; asked again after the word, the
        word again); a hint with step 0 and no word when the game is over or cannot be finished within
        :data:`MAX_WORDS` more words."""
        if self.done:
            return Hint(step=0, message=GAME_OVER)
        word, complete = self.next_word()
        if word is None:
            return Hint(step=0, message=self._no_way(complete))
        self._hint_step = min(self._hint_step + 1, HINT_STEPS)
        return hint_of(word, self._hint_step)

    def _no_way(self, complete: bool) -> str:
        """Why there is no hint: no way to finish from the played words (or no solution at all)."""
        why = "" if complete else " found before the time limit"
        if not self.played:
            return f"no solution of up to {DEFAULT_FALLBACK_WORDS} words{why}"
        return f"no way to finish from {self.played[-1].upper()} within {MAX_WORDS} more words{why}: take a word back"

    def next_word(self) -> tuple[str | None, bool]:
        """The next word of the best way to finish from the played words (None when there is none) and
        whether the search for it was complete."""
        key = tuple(self.played)
        if key not in self._next_words:
            self._next_words[key] = self._search_next_word()
        return self._next_words[key]

    def _search_next_word(self) -> tuple[str | None, bool]:
        """:meth:`next_word`, searched for."""
        if not self.played:
            _, best, complete = self._solved
            return (best[0] if best else None), complete
        last = self.played[-1][-1]
        covered = sum(1 << place for place, letter in enumerate(self.box.letters) if letter.upper() in self.used)
        chains, complete = continuations(self.words, self.box.letters.index(last), covered,
                                         budget=self._search_budget())
        ranked = rank(self.words, chains)
        self.complete &= complete
        return (ranked[0].words[0] if ranked else None), complete


def hint_of(word: str, step: int) -> Hint:
    """The hint for ``word`` at ``step``, one more fact a step: 1 its first letter, 2 its length, 3 its
    last letter (where it leads), 4 the word itself."""
    first, length, last = word[0], len(word), word[-1]
    facts = [f"starts with {first.upper()}", f"has {length} letters", f"ends with {last.upper()}"]
    if step >= len(facts) + 1:
        return Hint(step=step, first_letter=first, length=length, last_letter=last, word=word,
                    message=f"the next word: {word.upper()}")
    return Hint(step=step, first_letter=first, length=length if step >= 2 else None,
                last_letter=last if step >= 3 else None, message="the next word " + _joined(facts[:step]))


def _joined(facts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return facts[0] if len(facts) == 1 else ", ".join(facts[:-1]) + " and " + facts[-1]


def new_game(sides: str | Sequence[str], options: DictionaryOptions | None = None,
             lexicon: Lexicon | WordFile | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT,
             budget: Budget | None = None) -> Game:
    """A game of the box ``sides`` (as :meth:`Box.parse` reads them) on the dictionary the options name
    (by default the solver's, :data:`~puzzlewright.letterboxed.defaults.DEFAULT_DICTIONARY`), as
    :func:`puzzlewright.letterboxed.api.solve` would use it."""
    from puzzlewright.letterboxed.api import index_for

    options = options or DictionaryOptions(dict=DEFAULT_DICTIONARY)
    box = Box.parse(sides)
    index = index_for(options, lexicon, box, budget if budget is not None else Budget(seconds=time_limit))
    return Game(box_words(box, index, options.min_commonness), time_limit=time_limit, budget=budget)


def replay(game: Game, words: Sequence[str]) -> None:
    """Play ``words`` in order, refusing (PuzzleInputError, one line) the first that cannot be played."""
    from puzzlewright.errors import PuzzleInputError

    for number, word in enumerate(words, 1):
        refusal = game.play(word)
        if refusal is not None:
            raise PuzzleInputError(f"played word {number}: {refusal.message}")
