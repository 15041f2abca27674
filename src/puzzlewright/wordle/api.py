"""The Wordle verbs: ``feedback``, ``doodle``, ``assist`` and ``play``, each from its request model to its
result model (:mod:`puzzlewright.wordle.schema`). A JSON-shaped mapping is accepted too and validated first.

The dictionary fields name the guess dictionary (default ``wordle-guesses``); ``assist`` and ``play`` take
the possible answers as a built-in list name (``answers``) or, from Python and the CLI, a lexicon.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from puzzlewright.cache import recall_for, remember, remember_for
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letters import letter_codes
from puzzlewright.lexicon import BUILTINS, Lexicon, load_lexicon
from puzzlewright.lexicon.core import letter_count_table
from puzzlewright.lexicon.policy import Use, publishable
from puzzlewright.schema import fresh_seed, listed, request_budget, timed, validate
from puzzlewright.budget import Budget
from puzzlewright.wordle import doodler as doodling
from puzzlewright.wordle.assistant import MAX_TURNS, Assistant, Strategy, Turn
from puzzlewright.wordle.doodler import Doodler
from puzzlewright.wordle.scoring import feedback as score
from puzzlewright.wordle.matrix import MAX_LOADED, PatternMatrix, lists_key
from puzzlewright.wordle.model import MAX_LENGTH, MIN_LENGTH, Paint, Pattern, parse_painted_grid
from puzzlewright.wordle.schema import (ANSWERS, DEFAULT_OPENER, AssistRequest, AssistResult, DoodleRequest,
                                        DoodleResult, DoodleRow, FeedbackRequest, FeedbackResult, GameResult,
                                        Guess, PlayRequest, SimulationResult, Suggestion)
from puzzlewright.wordle.words import parse_word, word_pool

_ASSISTANTS: dict[tuple[str, str | None, bool, bool], Assistant] = {}
_ASSISTANTS_FOR_REQUESTS: dict[tuple[str, str | None, bool, bool], Assistant] = {}  # derived lists: the latest
_DOODLERS: dict[tuple[int, str, frozenset[str]], Any] = {}  # remember_for's entries
_MAX_DOODLERS = 64
IMAGE_FORMATS = ("svg", "png")


def feedback(request: FeedbackRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
             budget: Budget | None = None) -> FeedbackResult:
    """The pattern a guess gets against an answer."""
    request = validate(FeedbackRequest, request)
    answer = parse_word(request.answer, "answer")
    guess = parse_word(request.guess, "guess", len(answer))
    pattern = score(guess, answer)
    return FeedbackResult(guess=guess, answer=answer, pattern=str(pattern), digits=pattern.digits(),
                          emoji=pattern.emoji())


@timed
def doodle(request: DoodleRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
           budget: Budget | None = None) -> DoodleResult:
    """Fill each pattern row with a word whose feedback against the answer is that row."""
    request = validate(DoodleRequest, request)
    if request.image not in (None, *IMAGE_FORMATS):
        raise PuzzleInputError(f"field 'image' must be one of {', '.join(IMAGE_FORMATS)}, not {request.image!r}")
    allow = request.allowed()
    seed = fresh_seed() if request.random_seed is None else request.random_seed
    answer = _answer(request.answer, seed)
    lexicon = lexicon if lexicon is not None else request.lexicon()
    doodler = _doodler(lexicon, answer, allow)
    grids = _painted_grids(request, doodler)
    budget = request_budget(request, budget)
    found = [doodler.doodle(grid, list_all=request.all, seed=seed, distinct=request.distinct, hard=request.hard,
                            best_effort=request.best_effort, budget=budget) for grid in grids]
    result = DoodleResult(answer=answer, complete=all(grid.complete for grid in found),
                          notes=_grid_notes(found, doodler.pool.notes), dictionary=lexicon.name, random_seed=seed,
                          rows=[doodle_row(row) for grid in found for row in grid.rows],
                          grids=[len(grid.rows) for grid in found])
    if request.image == "svg":
        result.image = result.svg()
    elif request.image == "png":
        result.image = "data:image/png;base64," + base64.b64encode(result.png()).decode("ascii")
    return result


def _painted_grids(request: DoodleRequest, doodler: Doodler) -> list[list[Paint]]:
    """The request's painted grids: its patterns (one grid), its text (as many grids as it needs, each
    line of glyphs placed where the most rows fit a word, centred when equal) or its preset (one grid);
    exactly one of the three."""
    from puzzlewright.wordle import pictures

    width = len(doodler.answer)
    given = [name for name, value in (("patterns", request.patterns), ("text", request.text),
                                      ("preset", request.preset)) if value]
    if not given:
        raise PuzzleInputError("missing field 'patterns' (or 'text' or 'preset'): no pattern rows to fill")
    if len(given) > 1:
        raise PuzzleInputError(f"give the rows one way (patterns, text or preset), not {' and '.join(given)}")
    if request.text:
        return [max((parse_painted_grid(rows, width) for rows in pictures.placements(line, width)),
                    key=lambda grid: sum(len(doodler.fits(paint)) > 0 for paint in grid))
                for line in pictures.text_lines(request.text, width)]
    if request.preset:
        grids = [pictures.preset_grid(request.preset, width)]
    else:
        grids = [[request.patterns] if isinstance(request.patterns, str) else request.patterns]
    return [parse_painted_grid(grid, width) for grid in grids]


def _grid_notes(grids: list[doodling.Doodle], pool_notes: tuple[str, ...]) -> list[str]:
    """The notes of every grid: the dictionary's once, the others marked with their grid when there are
    several."""
    notes = list(pool_notes)
    for number, grid in enumerate(grids, 1):
        for note in grid.notes:
            if note not in pool_notes:
                notes.append(f"grid {number}: {note}" if len(grids) > 1 else note)
    return notes


def doodle_row(row: doodling.DoodleRow) -> DoodleRow:
    """A filled row as the :class:`DoodleRow` model (``painted`` only where it differs from the pattern)."""
    painted = None if row.painted is None or str(row.painted) == str(row.pattern) else str(row.painted)
    return DoodleRow(pattern=str(row.pattern), word=row.word, matches=row.matches, possible=row.possible,
                     reason=row.reason, words=row.words, painted=painted, changed=row.changed or None, rare=row.rare)


@timed
def assist(request: AssistRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
           budget: Budget | None = None, answers: Lexicon | None = None) -> AssistResult:
    """The answers still possible after the guesses so far, and the best next guesses."""
    request = validate(AssistRequest, request)
    turns = _turns(request.guesses)
    assistant = _assistant(request, lexicon, answers, turns, budget=budget)
    left = assistant.candidates(turns)
    words = assistant.matrix.answers.table.words
    played = [_guess(turn) for turn in turns]
    notes = _notes(assistant, turns)
    if len(left) == 1:
        return AssistResult(guesses=played, remaining=1, answers=[words[left[0]]], notes=notes, best=words[left[0]],
                            reason="the only possible answer", suggestions=[], solved=words[left[0]],
                            dictionary=assistant.matrix.guesses.name)
    strategy = assistant.strategy
    rules = assistant.rules(turns)
    if rules is not None:
        _check_hard_turns(assistant, turns)
    best = assistant.next_guess(left, len(turns) + 1, budget, rules)
    column = assistant.matrix.guesses.index[best]
    if len(turns) == 0 and strategy.opener is not None:
        reason = ("the opener: SALET is the proven best first guess for the original lists"
                  if best == DEFAULT_OPENER and request.opener is None else "the opener asked for")
    else:
        reason = strategy.reason(left, column, budget, rules)
    approximate = strategy.approximate
    if approximate:
        notes.append("time ran out looking ahead: 'best' is the top guess by score alone")
    suggestions = strategy.suggestions(left, request.top, first=column, rules=rules, budget=budget)
    strategy.save_decisions()
    return AssistResult(guesses=played, remaining=int(len(left)), answers=[words[a] for a in left], notes=notes,
                        best=best, reason=reason, complete=not approximate, dictionary=assistant.matrix.guesses.name,
                        suggestions=[Suggestion(word=s.word, entropy=round(s.entropy, 4),
                                                expected_remaining=round(s.expected_remaining, 3),
                                                possible_answer=s.possible_answer) for s in suggestions])


@timed
def play(request: PlayRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None, budget: Budget | None = None,
         answers: Lexicon | None = None) -> GameResult | SimulationResult:
    """Play the assistant's strategy against an answer (or against every answer, with ``all``)."""
    request = validate(PlayRequest, request)
    turns = _turns(request.guesses)
    budget = request_budget(request, budget)
    if not request.all and request.answer is None:
        raise PuzzleInputError("missing field 'answer' (or 'all')")
    text = None if request.all else request.answer
    given = None if text is None or text.strip().casefold() == "random" else parse_word(text, "answer")
    assistant = _assistant(request, lexicon, answers, turns, len(given) if given else None, budget=budget)
    if request.all:
        histogram, complete = assistant.simulate_all(budget)
        assistant.strategy.save_decisions()
        games = sum(histogram.values())
        return SimulationResult(answers=games, average=round(sum(k * v for k, v in histogram.items()) / games, 4),
                                histogram={str(k): v for k, v in histogram.items()}, max=max(histogram),
                                opener=_opener_word(assistant), hard=assistant.strategy.hard,
                                dictionary=assistant.matrix.guesses.name, complete=complete)
    seed = fresh_seed() if request.random_seed is None else request.random_seed
    answer = _answer(request.answer or "", seed, pool=assistant.matrix.answers.table.words)
    if len(answer) != assistant.matrix.answers.table.length:
        raise PuzzleInputError(f"answer {answer!r} has {len(answer)} letters, not "
                               f"{assistant.matrix.answers.table.length}")
    if answer not in assistant.matrix.answers:
        raise PuzzleInputError(f"answer {answer!r} is not in {assistant.matrix.answers.name}")
    for number, turn in enumerate(turns, 1):
        if score(turn.word, answer) != turn.pattern:
            raise PuzzleInputError(f"guess {number} ({turn.word} {turn.pattern}) is not the feedback "
                                   f"{turn.word!r} gets against {answer!r}")
    if assistant.strategy.hard:
        _check_hard_turns(assistant, turns)
    played = assistant.play(answer, turns, budget)
    assistant.strategy.save_decisions()
    solved = bool(played) and played[-1].pattern.is_solved
    return GameResult(answer=answer, turns=[_guess(turn) for turn in played], guesses=len(played), solved=solved,
                      random_seed=seed, dictionary=assistant.matrix.guesses.name,
                      complete=solved or len(played) >= MAX_TURNS)


def _guess(turn: Turn) -> Guess:
    return Guess(word=turn.word, pattern=str(turn.pattern))


# -- request parsing ---------------------------------------------------------------------------------


def _doodler(lexicon: Lexicon, answer: str, allow: frozenset[str]) -> Doodler:
    """The Doodler for an answer over the lexicon's words that the publishing policy lets fills use (with
    ``allow``), memoised: building it is most of a doodle's cost, and the web app's users repaint the same
    answer's grid again and again. The answer itself is the user's: kept even when the policy leaves it out."""
    key = (id(lexicon), answer, allow)
    hit: Doodler | None = recall_for(_DOODLERS, key, (lexicon,))
    if hit is not None:
        return hit
    words = publishable(lexicon, Use.CONSTRUCT, allow)
    if answer in lexicon and answer not in words:
        words = words.union([answer])
    doodler = Doodler(answer, word_pool(words, len(answer), include=answer))
    remember_for(_DOODLERS, key, (lexicon,), doodler, _MAX_DOODLERS)
    return doodler


def _answer(text: str, seed: int, pool: Sequence[str] | None = None) -> str:
    """The answer word; ``random`` draws one from ``pool`` (default: the Wordle answers) with the seed."""
    if text.strip().casefold() == "random":
        pool = pool or load_lexicon(ANSWERS).words
        return pool[int(np.random.default_rng(seed).integers(len(pool)))]
    return parse_word(text, "answer")


def _turns(items: Sequence[Guess | str] | str) -> list[Turn]:
    """The guesses so far (``Guess`` objects or ``"word:pattern"`` strings, or one string of them separated
    by commas or spaces), all of one length."""
    turns: list[Turn] = []
    for number, item in enumerate(listed(items), 1):
        if isinstance(item, str):
            if ":" not in item:
                raise PuzzleInputError(f"guess {number}: give it as WORD:PATTERN or {{'word': ..., 'pattern': ...}}")
            word, pattern = item.split(":", 1)
        else:
            word, pattern = item.word, item.pattern
        length = len(turns[0].word) if turns else None
        word = parse_word(word, f"guess {number}", length)
        turns.append(Turn(word, Pattern.parse(pattern, len(word))))
    return turns


def _assistant(request: AssistRequest | PlayRequest, lexicon: Lexicon | None, answers: Lexicon | None,
               turns: list[Turn], length: int | None = None, *, budget: Budget | None = None) -> Assistant:
    """The assistant for the request's lists (cached per process, with its memoised strategy), for words of
    the guesses' length, else ``length`` (the answer's), else the answer list's most common length. Building
    its pattern matrix is part of the search: it stops when ``budget`` runs out.

    The guesses it suggests and plays are constructions: the guess list is cut by :func:`_suggestable`;
    the possible answers stay guessable (the game may need one of them), and so does a typed opener."""
    listed = lexicon if lexicon is not None else request.lexicon()
    guesses = _suggestable(listed, request)
    if answers is None:
        if request.answers not in BUILTINS:
            from puzzlewright.suggest import unknown_name

            raise PuzzleInputError(unknown_name("answer list", request.answers, BUILTINS, "built-in ones"))
        answers = load_lexicon(request.answers)
    counts = answers.length_counts()
    length = len(turns[0].word) if turns else length or max(counts, key=lambda n: (counts[n], n == 5))
    if not MIN_LENGTH <= length <= MAX_LENGTH:
        raise PuzzleInputError(f"the answer list {answers.name!r} has {length}-letter words; Wordle words have "
                               f"{MIN_LENGTH} to {MAX_LENGTH} letters")
    answer_pool = word_pool(answers, length)
    opener = parse_word(request.opener, "opener", length) if request.opener else None
    typed = [opener] if opener is not None and opener in listed else []
    guess_pool = word_pool(guesses.union([*answer_pool.table.words, *typed]), length)
    opener = opener or (DEFAULT_OPENER if DEFAULT_OPENER in guess_pool else None)
    key = (lists_key(answer_pool, guess_pool), opener, request.lookahead, request.hard)
    on_disk = _shipped(listed) and _shipped(answers)  # a shipped list cut by the policy: a few cache files at most
    memo = _ASSISTANTS if on_disk else _ASSISTANTS_FOR_REQUESTS
    assistant = memo.get(key)
    if assistant is None:
        base = None if on_disk else _shipped_matrix(request, answers, length, budget)
        matrix = (base and PatternMatrix.cut(base, answer_pool, guess_pool, budget)) or PatternMatrix.load(
            answer_pool, guess_pool, use_cache=on_disk, budget=budget)
        assistant = Assistant(matrix, Strategy(matrix, opener=opener, lookahead=request.lookahead, remember=on_disk,
                                               hard=request.hard))
        remember(memo, key, assistant, MAX_LOADED if on_disk else 1)
    return assistant


def _shipped_matrix(request: AssistRequest | PlayRequest, answers: Lexicon, length: int,
                    budget: Budget | None) -> PatternMatrix | None:
    """The matrix of the request's built-in lists as shipped (cached on disk), which a request's own
    exclusions only cut down; None when the request's lists are not built-in ones."""
    if request.dict not in BUILTINS or not _shipped(answers):
        return None
    answer_pool = word_pool(answers, length)
    guess_pool = word_pool(_suggestable(load_lexicon(request.dict), request).union(answer_pool.table.words), length)
    return PatternMatrix.load(answer_pool, guess_pool, budget=budget)


def _suggestable(guesses: Lexicon, request: AssistRequest | PlayRequest) -> Lexicon:
    """The guesses the assistant may suggest or play: those the publishing policy lets it suggest (with
    the request's ``allow``). The one place the assistant applies the policy."""
    return publishable(guesses, Use.SUGGEST, request.allowed())


def _check_hard_turns(assistant: Assistant, turns: list[Turn]) -> None:
    """In hard mode, each guess so far must have been legal after the ones before it."""
    for number, turn in enumerate(turns[1:], 2):
        rules = assistant.rules(turns[:number - 1])
        word = letter_codes(turn.word)[None, :]
        if rules is not None and not rules.allows(word, letter_count_table(word))[0]:
            raise PuzzleInputError(f"guess {number} ({turn.word}) is not allowed in hard mode: it must keep every "
                                   f"green in place and use every letter revealed by the guesses before it")


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

