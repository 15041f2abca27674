"""The Letter Boxed verbs: ``solve``, ``words``, ``generate`` and ``play``, each from its request model to its result
model (:mod:`puzzlewright.letterboxed.schema`). A JSON-shaped mapping is accepted too and validated first.

The CLI, the web app and the front door (:mod:`puzzlewright.letterboxed`) all call these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.letterboxed.defaults import MAX_PLAYED
from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.index import WordIndex, builtin_index, word_file_index
from puzzlewright.letterboxed.schema import Solution, SolveRequest, SolveResult
from puzzlewright.letterboxed.solver import box_words, result_fields, solution_fields, solve_box
from puzzlewright.ranking import tie_key
from puzzlewright.lexicon.wordfile import WordFile
from puzzlewright.schema import DictionaryOptions, fresh_seed, listed, request_budget, request_words, timed, validate
from puzzlewright.budget import Budget, check_time, paced

if TYPE_CHECKING:
    from puzzlewright.letterboxed import solver
    from puzzlewright.letterboxed.schema import (GenerateRequest, GenerateResult, PlayRequest, PlayResult, WordsRequest,
                                                 WordsResult)
    from puzzlewright.lexicon import Lexicon


def index_for(options: DictionaryOptions, lexicon: Lexicon | WordFile | None = None,
              box: Box | None = None, budget: Budget | None = None) -> WordIndex:
    """The word index the dictionary options ask for (``min_commonness`` is left to :func:`box_words`,
    which applies it to the box's words).

    A plain built-in dictionary and a word-list file (:class:`~puzzlewright.lexicon.wordfile.WordFile`, from the
    command line's ``--dict FILE``) come from their cached indexes (no lexicon is built, numpy is not
    imported); for the first ``box`` a process solves on a word-list file the index holds just the words
    the box can spell, read from the file as it is (see :func:`word_file_index`). An explicit ``lexicon``
    is indexed whole (once per lexicon). A lexicon made for the request (its own word list, extra or
    excluded words) is indexed within ``budget``: just the ``box``'s words when there is a box
    (:meth:`WordIndex.of_box`), else all of it, checking the budget as it goes.
    """
    if isinstance(lexicon, WordFile):
        return word_file_index(lexicon, box, budget)
    if lexicon is not None:
        return WordIndex.from_lexicon(lexicon)
    if options.words is None and not options.extra_words and not options.exclude_words:
        index = builtin_index(options.dict)
        if index is not None:
            return index
    derived = options.lexicon(floor=False)
    check_time(budget, "making the request's dictionary")
    if box is None:
        return WordIndex.from_lexicon(derived, budget)
    base = builtin_index(options.dict) if options.words is None else None
    candidates = None if base is None else [*box_words(box, base).words,
                                            *request_words(options.extra_words, "extra_words")]
    return WordIndex.of_box(derived, box, candidates)


def flagged_lexicon(options: DictionaryOptions, lexicon: Lexicon | WordFile | None = None) -> Lexicon:
    """The lexicon of the dictionary options (or the given one, or the word-list file's), whose flags the
    publishing policy reads: a word index (:func:`index_for`) carries no flags."""
    if isinstance(lexicon, WordFile):
        return lexicon.lexicon()
    return lexicon if lexicon is not None else options.lexicon(floor=False)


@timed
def solve(request: SolveRequest | Mapping[str, Any], *, lexicon: Lexicon | WordFile | None = None,
          budget: Budget | None = None) -> SolveResult:
    """The solutions of the request's box, fewest words first, then best first (``budget`` overrides its
    time limit)."""
    request = validate(SolveRequest, request)
    check_solve_request(request)
    box = Box.parse(request.sides)
    budget = request_budget(request, budget)
    index = index_for(request, lexicon, box, budget)
    allowed = box_words(box, index, request.min_commonness).of_lengths(request.min_length, request.max_length)
    found = solve_box(box, allowed, max_words=request.max_words, words_exactly=request.words_exactly,
                      budget=budget, explain=request.explain)
    return solve_result(found, index.name, None if request.all else request.limit, explain=request.explain,
                        budget=budget)


def check_solve_request(request: SolveRequest) -> None:
    """Refuse options that contradict each other (the model checks each one alone)."""
    if request.max_words is not None and request.words_exactly is not None:
        raise PuzzleInputError("give either 'max_words' or 'words_exactly', not both")
    if request.min_length is not None and request.max_length is not None and request.max_length < request.min_length:
        raise PuzzleInputError(f"'max_length' ({request.max_length}) is less than 'min_length' ({request.min_length})")


def solve_result(found: solver.Chains, dictionary: str, limit: int | None, *,
                 explain: bool = False, budget: Budget | None = None) -> SolveResult:
    """The result model of a search, with at most ``limit`` solutions (None = all), each with its score's
    feature contributions when ``explain`` (the fields of :func:`~puzzlewright.letterboxed.solver.result_fields`),
    built within the search's ``budget``."""
    fields = result_fields(found, dictionary, limit, explain=explain, budget=budget)
    solutions = [Solution(**solution) for solution in paced(fields["solutions"], budget)]
    return SolveResult(**{**fields, "solutions": solutions})


@timed
def words(request: WordsRequest | Mapping[str, Any], *, lexicon: Lexicon | WordFile | None = None,
          budget: Budget | None = None) -> WordsResult:
    """Every valid word of the request's box, most common first (ties: the more familiar, then alphabetical)."""
    from puzzlewright.letterboxed.schema import WordEntry, WordsRequest, WordsResult

    request = validate(WordsRequest, request)
    box = Box.parse(request.sides)
    index = index_for(request, lexicon, box, budget)
    found = box_words(box, index, request.min_commonness)
    text, zipf, familiarity = found.words, found.zipf, found.familiarity
    order = sorted(range(len(found)), key=lambda i: tie_key(text[i], familiarity[i], zipf[i]))
    return WordsResult(sides=[side.lower() for side in box.sides], count=len(found), dictionary=index.name,
                       words=[WordEntry(word=found.words[i], zipf=round(found.zipf[i], 2)) for i in order])


@timed
def generate(request: GenerateRequest | Mapping[str, Any], *, lexicon: Lexicon | WordFile | None = None,
             budget: Budget | None = None) -> GenerateResult:
    """NYT-style puzzles whose best solution (the stated one) is two common words (the floor is
    ``min_commonness``) that the publishing policy lets constructions use (``allow``)."""
    from puzzlewright.letterboxed.generator import generate_puzzles
    from puzzlewright.letterboxed.schema import GeneratedPuzzle, GenerateRequest, GenerateResult

    request = validate(GenerateRequest, request)
    allow = request.allowed()
    seed = fresh_seed() if request.random_seed is None else request.random_seed
    floor = request.min_commonness if request.min_commonness is not None else 0.0
    budget = request_budget(request, budget)
    index = index_for(request, lexicon, budget=budget)
    made = generate_puzzles(index, count=request.count, seed=seed, min_commonness=floor,
                            flagged=flagged_lexicon(request, lexicon), allow=allow, budget=budget)
    puzzles = [GeneratedPuzzle(sides=[side.lower() for side in p.box.sides], two_word_solutions=p.two_word_solutions, par=p.par,
                               valid_words=p.valid_words,
                               solution=list(p.answer.words) if request.show_solution else None,
                               solutions=[Solution(**solution_fields(s)) for s in p.best] if request.show_solution
                               else None)
               for p in made]
    if request.svg:
        from puzzlewright.letterboxed.render import puzzle_svg

        for puzzle in puzzles:
            puzzle.svg = puzzle_svg(puzzle, answer_key=request.show_solution)
    return GenerateResult(puzzles=puzzles, dictionary=index.name, random_seed=seed)


@timed
def play(request: PlayRequest | Mapping[str, Any], *, lexicon: Lexicon | WordFile | None = None,
         budget: Budget | None = None) -> PlayResult:
    """The game of the request's box after its played words and its new word, with the hint asked for
    (:class:`~puzzlewright.letterboxed.game.Game`). A played word that cannot be played is refused
    (PuzzleInputError); the new word, refused or not, is part of the result."""
    from puzzlewright.letterboxed.game import new_game, replay
    from puzzlewright.letterboxed.schema import PlayRequest, PlayResult

    request = validate(PlayRequest, request)
    game = new_game(request.sides, request, lexicon, time_limit=request.time_limit, budget=budget)
    if isinstance(request.played, str) and len(listed(request.played)) > MAX_PLAYED:
        raise PuzzleInputError(f"field 'played' may hold at most {MAX_PLAYED:,} items")
    replay(game, listed(request.played))
    refused = game.play(request.word) if request.word is not None else None
    hint = None
    for _ in range(request.hints):
        hint = game.hint()
    used, letters = game.progress
    return PlayResult(sides=[side.lower() for side in game.box.sides], played=list(game.played), used=game.used.lower(),
                      letters_used=used, letters=letters, done=game.done, fewest_words=game.fewest_words,
                      dictionary=game.words.index.name, complete=game.complete, refused=refused, hint=hint)
