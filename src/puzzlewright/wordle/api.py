"""The JSON request API for Wordle: ``feedback``, ``doodle``, ``assist`` and ``play``.

Requests (every key but the first of each optional; dictionary keys as in :mod:`puzzlewright.api`, whose
``dict`` names the guess dictionary, default ``wordle-guesses``)::

    feedback {"guess": "speed", "answer": "abide"}
    doodle   {"answer": "crane" | "random", "patterns": ["GYBBB", "🟩🟩⬛⬛⬛", "G?+-B", ...], "all": false,
              "random_seed": 1, "distinct": false, "hard": false, "best_effort": false}
    assist   {"guesses": [{"word": "salet", "pattern": "BBYBB"} | "salet:BBYBB", ...], "top": 10,
              "answers": "wordle-answers"}
    play     {"answer": "crane" | "random", "random_seed": 1, "guesses": [...], "opener": "salet"}
             {"all": true}   (simulate every answer: the strategy's average number of guesses)
"""

from __future__ import annotations

import time

import numpy as np

from puzzlewright.api import field, int_field, lexicon_for
from puzzlewright.cache import remember
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import BUILTINS, Lexicon, load_lexicon
from puzzlewright.search import Budget
from puzzlewright.wordle.assistant import Assistant, Strategy, Turn
from puzzlewright.wordle.doodle import Doodler
from puzzlewright.wordle.feedback import feedback as score
from puzzlewright.wordle.matrix import MAX_LOADED, PatternMatrix, lists_key
from puzzlewright.wordle.pattern import MAX_LENGTH, MIN_LENGTH, Paint, Pattern, parse_painted_grid
from puzzlewright.wordle.words import parse_word, word_pool

GUESSES = "wordle-guesses"
ANSWERS = "wordle-answers"
DEFAULT_OPENER = "salet"  # the proven optimal first guess for the original lists (used when it is a guess)
DEFAULT_TOP = 10
MAX_TOP = 200
_ASSISTANTS: dict[tuple[str, str | None, bool], Assistant] = {}
_DOODLERS: dict[tuple[int, str], tuple[Lexicon, Doodler]] = {}
_MAX_DOODLERS = 64


def feedback(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """The pattern a guess gets against an answer."""
    answer = parse_word(field(request, "answer", str), "answer")
    guess = parse_word(field(request, "guess", str), "guess", len(answer))
    pattern = score(guess, answer)
    return {"guess": guess, "answer": answer, "pattern": str(pattern), "digits": pattern.digits(),
            "emoji": pattern.emoji()}


def doodle(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None) -> dict:
    """Fill each pattern row with a word whose feedback against the answer is that row."""
    seed = _seed(request)
    answer = _answer(request, seed)
    patterns = _patterns(request, len(answer))
    lexicon = lexicon if lexicon is not None else lexicon_for(request, GUESSES)
    result = _doodler(lexicon, answer).doodle(
        patterns, list_all=field(request, "all", bool, False), seed=seed,
        distinct=field(request, "distinct", bool, False), hard=field(request, "hard", bool, False),
        best_effort=field(request, "best_effort", bool, False), budget=budget)
    return {**result.to_json(), "dict": lexicon.name, "random_seed": seed}


def assist(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None,
           answers: Lexicon | None = None) -> dict:
    """The answers still possible after the guesses so far, and the best next guesses."""
    turns = _turns(request)
    top = int_field(request, "top", DEFAULT_TOP, 1, MAX_TOP)
    assistant = _assistant(request, lexicon, answers, turns)
    left = assistant.candidates(turns)
    words = assistant.matrix.answers.table.words
    result = {"guesses": [turn.to_json() for turn in turns], "remaining": int(len(left)),
              "answers": [words[a] for a in left], "notes": _notes(assistant, turns)}
    if len(left) == 1:
        return {**result, "solved": words[left[0]], "best": words[left[0]],
                "reason": "the only possible answer", "suggestions": []}
    strategy = assistant.strategy
    best = assistant.next_guess(left, len(turns) + 1, budget)
    column = assistant.matrix.guesses.index[best]
    if len(turns) == 0 and strategy.opener is not None:
        reason = ("the opener: SALET is the proven best first guess for the original lists"
                  if best == DEFAULT_OPENER and field(request, "opener", str, None) is None else "the opener asked for")
    else:
        reason = strategy.reason(left, column, budget)
    if strategy.approximate:
        result["notes"].append("time ran out looking ahead: 'best' is the top guess by score alone")
    suggestions = strategy.suggestions(left, top, first=column)
    strategy.save_decisions()
    return {**result, "best": best, "reason": reason, "suggestions": [s.to_json() for s in suggestions]}


def play(request: dict, *, lexicon: Lexicon | None = None, budget: Budget | None = None,
         answers: Lexicon | None = None) -> dict:
    """Play the assistant's strategy against an answer (or against every answer, with ``all``)."""
    turns = _turns(request)
    every = field(request, "all", bool, False)
    text = None if every else field(request, "answer", str)
    given = None if text is None or text.strip().casefold() == "random" else parse_word(text, "answer")
    assistant = _assistant(request, lexicon, answers, turns, len(given) if given else None)
    if every:
        started = time.perf_counter()
        histogram = assistant.simulate_all(budget)
        assistant.strategy.save_decisions()
        games = sum(histogram.values())
        return {"answers": games, "average": round(sum(k * v for k, v in histogram.items()) / games, 4),
                "histogram": {str(k): v for k, v in histogram.items()}, "max": max(histogram),
                "opener": _opener_word(assistant), "seconds": round(time.perf_counter() - started, 2)}
    seed = _seed(request)
    answer = _answer(request, seed, pool=assistant.matrix.answers.table.words)
    if len(answer) != assistant.matrix.answers.table.length:
        raise PuzzleInputError(f"answer {answer!r} has {len(answer)} letters, not "
                               f"{assistant.matrix.answers.table.length}")
    if answer not in assistant.matrix.answers:
        raise PuzzleInputError(f"answer {answer!r} is not in {assistant.matrix.answers.name}")
    for number, turn in enumerate(turns, 1):
        if score(turn.word, answer) != turn.pattern:
            raise PuzzleInputError(f"guess {number} ({turn.word} {turn.pattern}) is not the feedback "
                                   f"{turn.word!r} gets against {answer!r}")
    played = assistant.play(answer, turns, budget)
    assistant.strategy.save_decisions()
    return {"answer": answer, "turns": [turn.to_json() for turn in played], "guesses": len(played),
            "solved": bool(played) and played[-1].pattern.is_solved, "random_seed": seed}


# -- request parsing ---------------------------------------------------------------------------------


def _doodler(lexicon: Lexicon, answer: str) -> Doodler:
    """The Doodler for an answer over a lexicon's words, memoised: building it is most of a doodle's cost,
    and the web app's users repaint the same answer's grid again and again."""
    key = (id(lexicon), answer)
    hit = _DOODLERS.get(key)
    if hit is not None and hit[0] is lexicon:
        return hit[1]
    doodler = Doodler(answer, word_pool(lexicon, len(answer), include=answer))
    remember(_DOODLERS, key, (lexicon, doodler), _MAX_DOODLERS)
    return doodler


def _seed(request: dict) -> int:
    """The request's random seed, or a fresh one (reported back, so any result can be reproduced)."""
    seed = field(request, "random_seed", int, None)
    if seed is not None and seed < 0:
        raise PuzzleInputError(f"the random seed must be 0 or more, not {seed}")
    return int(np.random.SeedSequence().entropy % 2**31) if seed is None else seed


def _answer(request: dict, seed: int, pool: tuple[str, ...] | None = None) -> str:
    """The answer word; ``random`` draws one from ``pool`` (default: the Wordle answers) with the seed."""
    text = field(request, "answer", str)
    if text.strip().casefold() == "random":
        pool = pool or load_lexicon(ANSWERS).words
        return pool[int(np.random.default_rng(seed).integers(len(pool)))]
    return parse_word(text, "answer")


def _patterns(request: dict, length: int) -> list[Paint]:
    """The painted rows (colours and wildcards) of a doodle request."""
    rows = field(request, "patterns", (list, str))
    rows = [rows] if isinstance(rows, str) else rows
    if not all(isinstance(row, str) for row in rows):
        raise PuzzleInputError("field 'patterns' must be a list of strings")
    return parse_painted_grid(rows, length)


def _turns(request: dict) -> list[Turn]:
    """The guesses so far: ``{"word", "pattern"}`` objects or ``"word:pattern"`` strings, all one length."""
    items = field(request, "guesses", list, [])
    turns: list[Turn] = []
    for number, item in enumerate(items, 1):
        if isinstance(item, str) and ":" in item:
            word, pattern = item.split(":", 1)
        elif isinstance(item, dict) and isinstance(item.get("word"), str) and isinstance(item.get("pattern"), str):
            word, pattern = item["word"], item["pattern"]
        else:
            raise PuzzleInputError(f"guess {number}: give it as WORD:PATTERN or {{'word': ..., 'pattern': ...}}")
        length = len(turns[0].word) if turns else None
        word = parse_word(word, f"guess {number}", length)
        turns.append(Turn(word, Pattern.parse(pattern, len(word))))
    return turns


def _assistant(request: dict, lexicon: Lexicon | None, answers: Lexicon | None, turns: list[Turn],
               length: int | None = None) -> Assistant:
    """The assistant for the request's lists (cached per process, with its memoised strategy), for words of
    the guesses' length, else ``length`` (the answer's), else the answer list's most common length."""
    guesses = lexicon if lexicon is not None else lexicon_for(request, GUESSES)
    if answers is None:
        name = field(request, "answers", str, ANSWERS)
        if name not in BUILTINS:
            raise PuzzleInputError(f"unknown answer list {name!r}; built-in ones: {', '.join(BUILTINS)}")
        answers = load_lexicon(name)
    counts = answers.length_counts()
    length = len(turns[0].word) if turns else length or max(counts, key=lambda n: (counts[n], n == 5))
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise PuzzleInputError(f"the answer list {answers.name!r} has {length}-letter words; Wordle words have "
                               f"{MIN_LENGTH} to {MAX_LENGTH} letters")
    answer_pool = word_pool(answers, length)
    guess_pool = word_pool(guesses.union(answer_pool.table.words), length)
    opener = field(request, "opener", str, None)
    opener = parse_word(opener, "opener", length) if opener else (
        DEFAULT_OPENER if DEFAULT_OPENER in guess_pool else None)
    key = (lists_key(answer_pool, guess_pool), opener, field(request, "lookahead", bool, True))
    assistant = _ASSISTANTS.get(key)
    if assistant is None:
        on_disk = _shipped(guesses) and _shipped(answers)
        matrix = PatternMatrix.load(answer_pool, guess_pool, use_cache=on_disk)
        assistant = Assistant(matrix, Strategy(matrix, opener=opener, lookahead=key[2], remember=on_disk))
        remember(_ASSISTANTS, key, assistant, MAX_LOADED)
    return assistant


def _shipped(lexicon: Lexicon) -> bool:
    """Whether ``lexicon`` is a built-in dictionary as shipped: only those get cache files on disk (a list
    derived for one request, such as one with its own ``exclude_words``, would leave a file per request)."""
    return lexicon.name in BUILTINS and lexicon is load_lexicon(lexicon.name)


def _notes(assistant: Assistant, turns: list[Turn]) -> list[str]:
    notes = list(assistant.matrix.answers.notes)
    for turn in turns:
        if turn.word not in assistant.matrix.guesses:
            notes.append(f"{turn.word!r} is not in {assistant.matrix.guesses.name}; scored anyway")
    return notes


def _opener_word(assistant: Assistant) -> str:
    return assistant.next_guess(assistant.all_answers, 1)

