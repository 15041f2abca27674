"""The Jumble verbs: ``unscramble``, ``solve`` and ``generate``, each from its request model to its result model
(:mod:`puzzlewright.jumble.schema`). A JSON-shaped mapping is accepted too and validated first.

``solve`` takes the shared sample's puzzle records (``{"jumbles": [{"scrambled": "SHACE", "circles": [0, 3,
4]}, ...], "answer_pattern": "----- -------"}``), or ``{"pool": "SNAAESUGTALT", "answer_pattern": ...}``
for the final step alone. ``extra_words`` also count as expected answer words when ranking.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.jumble import solver
from puzzlewright.jumble.model import AnswerPattern, JumbleWord, normalise_letters
from puzzlewright.jumble.rank import Ranker
from puzzlewright.jumble.schema import (MAX_CAPTION, MAX_JUMBLES, Answer, GeneratedJumble, GeneratedWord,
                                        GenerateRequest, GenerateResult, Jumble, Readings, SolveRequest, SolveResult,
                                        Unscrambled, UnscrambleRequest, UnscrambleResult)
from puzzlewright.jumble.anagrams import unscramble as unscramble_word
from puzzlewright.lexicon import Lexicon
from puzzlewright.schema import listed, request_budget, request_words, timed, validate
from puzzlewright.budget import Budget, paced

JUMBLE_PACE = 100  # answers built between budget checks (with explain, ~0.1 ms each)

if TYPE_CHECKING:
    from puzzlewright.jumble.generator import Puzzle, Target


@timed
def unscramble(request: UnscrambleRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
               budget: Budget | None = None) -> UnscrambleResult:
    """Every dictionary unscrambling of each scrambled word (``?`` = unknown letter), most common first."""
    request = validate(UnscrambleRequest, request)
    items = request.scrambled.replace(",", " ").split() if isinstance(request.scrambled, str) else request.scrambled
    if not items:
        raise PuzzleInputError("field 'scrambled' must be one or more words")
    letters = [normalise_letters(item, "scrambled word") for item in items]
    lexicon = lexicon if lexicon is not None else request.lexicon()
    words = []
    for word in letters:
        candidates = unscramble_word(word, lexicon)
        words.append(Unscrambled(scrambled=word.lower(), candidates=[w.lower() for w in candidates],
                                 zipf=[round(lexicon.zipf_of(w), 2) for w in candidates]))
    return UnscrambleResult(words=words, dictionary=lexicon.name)


def jumble_words(given: list[Jumble | str] | str) -> list[JumbleWord]:
    """The request's jumbles (a list, or one string of ``SCRAMBLED:MASK`` items) as :class:`JumbleWord`
    objects."""
    items = listed(given)
    if not items:
        raise PuzzleInputError("field 'jumbles' must be a non-empty list of {scrambled, circles} objects")
    if len(items) > MAX_JUMBLES:
        raise PuzzleInputError(f"a Jumble has at most {MAX_JUMBLES} scrambled words, not {len(items)}")
    words = []
    for item in items:
        if isinstance(item, str):
            words.append(JumbleWord.parse(item))
            continue
        circles = item.circles if item.circles is not None else item.circle_mask
        if circles is None:
            raise PuzzleInputError(f"{item.scrambled}: missing 'circles' (positions) or 'circle_mask' (like OOO--)")
        words.append(JumbleWord.build(item.scrambled, circles))
    return words


@timed
def solve(request: SolveRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
          budget: Budget | None = None) -> SolveResult:
    """Solve a Jumble (or just its final step, given a ``pool``) and rank the answers."""
    request = validate(SolveRequest, request)
    if request.caption is not None and len(request.caption) > MAX_CAPTION:
        raise PuzzleInputError(f"the caption has {len(request.caption):,} characters; at most {MAX_CAPTION:,}")
    pattern = AnswerPattern.parse(request.answer_pattern)
    lexicon = lexicon if lexicon is not None else request.lexicon()
    ranker = Ranker(lexicon, extra_words=frozenset(request_words(request.extra_words, "extra_words")),
                    caption=request.caption)
    budget = request_budget(request, budget)
    if request.pool is not None:
        if request.jumbles is not None:
            raise PuzzleInputError("give either 'jumbles' or 'pool', not both")
        found = solver.solve_pool(normalise_letters(request.pool, "pool"), pattern, lexicon, top=request.top,
                                  budget=budget, ranker=ranker)
    else:
        found = solver.solve_jumble(jumble_words(request.jumbles or []), pattern, lexicon, top=request.top,
                                    budget=budget, ranker=ranker)
    return solve_result(found, lexicon.name, request.date, explain=request.explain, budget=budget)


def solve_result(found: solver.Solution, dictionary: str, date: str | None = None, *,
                 explain: bool = False, budget: Budget | None = None) -> SolveResult:
    """The result model of a solver's :class:`~puzzlewright.jumble.solver.Solution` over the ``dictionary``
    (its name), with each answer's feature contributions when ``explain``, built within the search's
    ``budget``."""
    pattern = found.pattern
    words = [Readings(scrambled=r.word.scrambled.lower(), circles=list(r.word.circles),
                      candidates=[w.lower() for w in r.candidates]) for r in found.words]
    shown: dict[int, tuple[list[str | None], str]] = {}  # per pool source (answers share a few): as shown
    for source in {id(a.source): a.source for a in found.answers}.values():
        shown[id(source)] = ([None if r is None else r.lower() for r in source.readings], source.pool.render().lower())
    answers = [Answer(words=[w.lower() for w in a.fills], answer=pattern.render(a.fills).lower(),
                      unscrambled=list(shown[id(a.source)][0]), pool=shown[id(a.source)][1],
                      score=round(a.final, 3), contributions=contributions(a.features) if explain else None,
                      play=None if a.play is None else a.play.describe())
               for a in paced(found.answers, budget, every=JUMBLE_PACE)]
    return SolveResult(pattern=pattern.render().lower(), words=words, answers=answers, scored=found.scored, pools=found.pools,
                       complete=found.complete, notes=found.notes, dictionary=dictionary, date=date)


def contributions(features: tuple[float, ...]) -> dict[str, float]:
    """Each ranking feature's part of an answer's score, rounded for display."""
    from puzzlewright.jumble.rank import explain

    return {name: round(value, 3) + 0.0 for name, value in explain(features).items()}


@timed
def generate(request: GenerateRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
             budget: Budget | None = None) -> GenerateResult:
    """Jumbles whose circled letters spell the request's answer (:mod:`puzzlewright.jumble.generator`),
    best first, each proved by the solver; ``lexicon`` is the solver's dictionary (default: the request's)
    and the jumbled words are its publishable ones (``allow``) at the ``min_commonness`` familiarity floor."""
    from puzzlewright.jumble.generator import Target, generate_jumbles, parse_lengths
    from puzzlewright.schema import fresh_seed

    request = validate(GenerateRequest, request)
    target = Target.parse(request.answer)
    lengths = parse_lengths(request.lengths)
    seed = fresh_seed() if request.random_seed is None else request.random_seed
    dictionary = lexicon if lexicon is not None else request.lexicon(floor=False)
    floor = request.min_commonness if request.min_commonness is not None else 0.0
    made = generate_jumbles(target, lengths, dictionary, allow=request.allowed(), caption=request.caption,
                            count=request.count, seed=seed, min_commonness=floor, budget=request_budget(request, budget))
    puzzles = [generated_jumble(p, target, request) for p in made.puzzles]
    return GenerateResult(puzzles=puzzles, answer_pattern=target.pattern.render().lower(), random_seed=seed,
                          complete=made.complete, notes=made.notes, dictionary=dictionary.name)


def generated_jumble(puzzle: Puzzle, target: Target, request: GenerateRequest) -> GeneratedJumble:
    """The result model of one generated puzzle (answers and picture as the request asks)."""
    from puzzlewright.jumble.render import jumble_svg

    show = request.show_answers
    recovery = puzzle.recovery
    assert recovery is not None  # every returned puzzle has been proved
    words = [GeneratedWord(scrambled=w.scrambled.lower(), circles=list(w.circles), circle_mask=w.mask,
                           answer=p.word.lower() if show else None) for w, p in zip(puzzle.words, puzzle.placed)]
    made = GeneratedJumble(jumbles=words, answer_pattern=target.pattern.render().lower(), caption=request.caption,
                           score=round(puzzle.score, 3), familiarity=round(min(puzzle.familiarity), 2),
                           scramble_quality=round(puzzle.quality, 3), solver_rank=recovery.rank,
                           solver_ties=recovery.ties, recovery=recovery.describe("the answer"),
                           answer=target.render().lower() if show else None,
                           solver_best=recovery.solver_best.lower() if show and recovery.solver_best else None)
    if request.svg:
        made.svg = jumble_svg(made, answer_key=show)
    return made
