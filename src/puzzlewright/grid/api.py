"""The crossword-grid verbs: ``fill``, ``reroll``, ``candidates``, ``verify`` and ``export``, each from its
request model to its result model (:mod:`puzzlewright.grid.schema`). A JSON-shaped mapping is accepted too
and validated first.

Fill and reroll put only publishable words in a grid (:func:`puzzlewright.lexicon.policy.publishable` for
``Use.CROSSWORD``: never offensive words, vulgar ones only with ``allow``) and score them with the crossword
fill score (:mod:`puzzlewright.grid.score`). Over a built-in English dictionary they also use the crossword
phrases (:mod:`puzzlewright.lexicon.phrases`; ``phrases=False`` turns them off), publishable for
``Use.PHRASE`` (names only with ``allow``); a fill lists each entry as shown (``display``: "run ragged").

``grid count`` is a partitioned job (:mod:`puzzlewright.grid.rectangles`): the CLI runs it on every core or a
cluster and prints :class:`~puzzlewright.grid.schema.CountResult`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid.filler import FillOptions, FillOutcome, reroll_slot
from puzzlewright.grid.model import Grid, parse_size
from puzzlewright.grid.schema import (DEFAULT_MIN_LENGTH, EXPORT_FORMATS, Candidate, CandidatesRequest,
                                      CandidatesResult, ExportRequest, ExportResult, Fill, FillRequest, FillResult,
                                      GridInfo, GridSource, RerollRequest, SlotInfo, VerifyRequest, VerifyResult)
from puzzlewright.grid.verdict import verify_fill
from puzzlewright.letters import puzzle_letters
from puzzlewright.lexicon import Lexicon
from puzzlewright.lexicon.policy import Use, publishable
from puzzlewright.budget import Budget
from puzzlewright.schema import request_budget, request_words, timed, validate


def parse_grid(source: GridSource) -> Grid:
    """The grid of a request: ``grid`` (text or rows), ``size`` (an open rectangle) or ``pattern``."""
    given = [key for key in ("grid", "size", "pattern") if getattr(source, key) is not None]
    if len(given) != 1:
        raise PuzzleInputError("give exactly one of 'grid', 'size' or 'pattern'" if given else "missing field 'grid'")
    min_length = DEFAULT_MIN_LENGTH if source.min_length is None else source.min_length
    if source.pattern is not None:
        from puzzlewright.grid.patterns import pattern_grid

        grid = pattern_grid(source.pattern)
        return grid if source.min_length is None else Grid.from_rows(grid.rows, min_length)
    if source.size is not None:
        return Grid.empty(*parse_size(source.size), min_length)
    if isinstance(source.grid, str):
        return Grid.parse(source.grid, min_length)
    return Grid.from_rows(source.grid or [], min_length)


def fill_options(request: FillRequest) -> FillOptions:
    """The filler's settings for a request (``unique`` looks for a second fill, to prove there is none)."""
    pool = request.pool
    if pool is not None:
        pool = puzzle_letters("".join(pool.split()), "pool")
        if not pool:
            raise PuzzleInputError("field 'pool' must be letters a-z")
    return FillOptions(count=max(request.count, 2) if request.unique else request.count,
                       allow_repeats=request.allow_repeats, random_seed=request.random_seed,
                       diverse=not request.unique, pool=pool, min_score=request.min_score,
                       step_floors=not request.unique)


_PUBLISHABLE: dict[tuple[int, frozenset[str], int], Any] = {}
MAX_PUBLISHABLE = 8


def request_phrases(request: FillRequest | CandidatesRequest | VerifyRequest, lexicon: Lexicon | None) -> Lexicon | None:
    """The crossword phrases that join the request's words, or None: when it asks for them and its
    dictionary is a built-in English one (named by ``dict``, or the ``lexicon`` given: a word list file's
    words are used as they are), at least as familiar as that tier's floor and ``min_commonness``, less
    ``exclude_words``."""
    if not request.phrases:
        return None
    from puzzlewright.lexicon.phrases import crossword_phrases

    name = lexicon.name if lexicon is not None else None if request.words is not None else request.dict
    phrases = crossword_phrases(name, request.min_commonness) if name is not None else None
    if phrases is not None and request.exclude_words:
        phrases = phrases.exclude(request_words(request.exclude_words, "exclude_words"))
    return phrases


def fill_lexicon(request: FillRequest | CandidatesRequest, lexicon: Lexicon | None) -> tuple[Lexicon, Lexicon | None]:
    """The words a fill may use, and the phrases among them (None: no phrases): the request's lexicon less
    what crossword fill leaves out (offensive words, and vulgar ones unless ``allow`` lets them in), plus
    its publishable phrases (:func:`request_phrases`). Memoised per lexicon, so the web app's repeated
    requests reuse the filtered lexicon and its indexes."""
    allow = request.allowed()
    phrases = request_phrases(request, lexicon)
    lexicon = lexicon if lexicon is not None else request.lexicon()
    if phrases is not None:
        phrases = publishable(phrases, Use.PHRASE, allow)
    from puzzlewright.cache import recall_for, remember_for

    owners = (lexicon,) if phrases is None else (lexicon, phrases)
    key = (id(lexicon), allow, id(phrases))
    known: Lexicon | None = recall_for(_PUBLISHABLE, key, owners)
    if known is not None:
        return known, phrases
    words = publishable(lexicon, Use.CROSSWORD, allow)
    if phrases is not None:
        words = words.with_entries(phrases)
    remember_for(_PUBLISHABLE, key, owners, words, MAX_PUBLISHABLE)
    return words, phrases


def scored_lexicon(request: VerifyRequest, lexicon: Lexicon | None) -> Lexicon:
    """The request's lexicon (with the crossword phrases, :func:`request_phrases`), keeping only words whose
    fill score is at least ``min_score`` when given."""
    phrases = request_phrases(request, lexicon)
    lexicon = lexicon if lexicon is not None else request.lexicon()
    if phrases is not None:
        lexicon = lexicon.with_entries(phrases)
    if request.min_score is None:
        return lexicon
    from puzzlewright.grid.score import entry_scores

    scores = entry_scores(lexicon)
    return lexicon.exclude(word for word, score in zip(lexicon.words, scores) if score < request.min_score)


def grid_info(grid: Grid) -> GridInfo:
    """A grid as the :class:`GridInfo` model, with each slot's letters so far."""
    return GridInfo(rows=list(grid.rows), height=grid.height, width=grid.width, min_length=grid.min_length,
                    slots=[SlotInfo(number=slot.number, direction=slot.direction, row=slot.row, column=slot.column,
                                    length=slot.length, pattern=grid.pattern(slot)) for slot in grid.slots])


def displayed(words: list[str], phrases: Lexicon | None) -> list[str]:
    """The words of a fill as shown: each of ``phrases`` as written (``run ragged``), the others as they are."""
    from puzzlewright.lexicon.phrases import display_form

    return [display_form(word) if phrases is not None and word in phrases else word for word in words]


def fill_result(outcome: FillOutcome, request: FillRequest, dictionary: str, phrases: Lexicon | None = None,
                random_seed: int | None = None, workers: int = 1, race: str | None = None) -> FillResult:
    """The filler's outcome over the ``dictionary`` (its name) and ``phrases`` (those it could use) as the
    :class:`FillResult` model (with ``unique``: the verdict, and one fill). ``random_seed``: the seed the
    search ran with (a portfolio's winner; by default the request's); ``workers`` and ``race``: how many
    processes searched, and how (:class:`puzzlewright.grid.portfolio.PortfolioOutcome`)."""
    fills = [Fill(rows=list(fill.grid.rows), words=list(fill.words), min_score=round(fill.min_score, 2),
                  mean_score=round(fill.mean_score, 2), weakest=fill.weakest,
                  display=displayed(fill.words, phrases)) for fill in outcome.fills]
    unique = outcome.unique if request.unique else None
    if unique:
        fills = fills[:1]
    return FillResult(grid=grid_info(outcome.grid), fills=fills, count=len(fills), complete=outcome.stopped is None,
                      nodes=outcome.nodes, restarts=outcome.restarts,
                      dictionary=dictionary, unique=unique, stopped=outcome.stopped, explanation=outcome.explanation, floor=outcome.floor,
                      random_seed=request.random_seed if random_seed is None else random_seed, workers=workers,
                      race=race)


@timed
def fill(request: FillRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
         budget: Budget | None = None, workers: int = 1) -> FillResult:
    """Fill a grid: the best ``count`` fills found, at the highest quality floor that finishes (or, with
    ``unique``, whether the fill is the only one). ``workers`` > 1 searches on that many worker processes
    (:mod:`puzzlewright.grid.portfolio`): differently seeded searches raced by node count, the answer the
    one that needs the fewest nodes (ties to the lower seed), whatever the load; the result's
    ``random_seed`` is the winner's, which one worker reproduces."""
    from puzzlewright.grid.portfolio import check_workers, fill_portfolio

    request = validate(FillRequest, request)
    check_workers(workers)
    grid = parse_grid(request)
    words, phrases = fill_lexicon(request, lexicon)
    won = fill_portfolio(grid, words, fill_options(request), request_budget(request, budget), workers)
    return fill_result(won.outcome, request, words.name, phrases, won.random_seed, won.workers, won.race)


@timed
def reroll(request: RerollRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
           budget: Budget | None = None) -> FillResult:
    """Refill one slot (``slot``: ``"4-Across"``) of a filled grid with a different word, keeping the rest
    of the fill where possible (the slot's crossing words change only when they must)."""
    request = validate(RerollRequest, request)
    grid = parse_grid(request)
    words, phrases = fill_lexicon(request, lexicon)
    outcome = reroll_slot(grid, request.slot, words, fill_options(request), request_budget(request, budget))
    return fill_result(outcome, request, words.name, phrases)


@timed
def verify(request: VerifyRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
           budget: Budget | None = None) -> VerifyResult:
    """Check a filled grid: every slot a word of the dictionary, no word twice (unless ``allow_repeats``)."""
    request = validate(VerifyRequest, request)
    grid = parse_grid(request)
    words = scored_lexicon(request, lexicon)
    verdict = verify_fill(grid, words, allow_repeats=request.allow_repeats)
    return VerifyResult(valid=verdict.valid, problems=verdict.problems, words=verdict.words, rows=list(grid.rows),
                        dictionary=words.name)


@timed
def candidates(request: CandidatesRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
               budget: Budget | None = None) -> CandidatesResult:
    """The words that can go in one slot of a grid (``slot``: ``"4-Across"``), best first: each fits the
    slot's letters and leaves every crossing slot a word (:mod:`puzzlewright.grid.slot_words`); only
    publishable words, as a fill would use."""
    from puzzlewright.grid.slot_words import slot_candidates

    request = validate(CandidatesRequest, request)
    grid = parse_grid(request)
    words, _ = fill_lexicon(request, lexicon)
    found = slot_candidates(grid, grid.slot_name(request.slot), words, limit=request.limit,
                            allow_repeats=request.allow_repeats, min_score=request.min_score)
    return CandidatesResult(slot=found.slot.name, pattern=found.pattern, total=found.total, dictionary=words.name,
                            candidates=[Candidate(word=word, score=score)
                                        for word, score in zip(found.words, found.scores)])


def export(request: ExportRequest | Mapping[str, Any], *, lexicon: Lexicon | None = None,
           budget: Budget | None = None) -> ExportResult:
    """A grid as the contents of a file, with its title, author and clues: ``ipuz`` (JSON), ``puz`` (the
    binary Across Lite file, base64) or ``text``."""
    import base64

    from puzzlewright.grid.formats import grid_bytes

    request = validate(ExportRequest, request)
    if request.format not in EXPORT_FORMATS:
        raise PuzzleInputError(f"field 'format' must be one of {', '.join(map(repr, EXPORT_FORMATS))}, "
                               f"not {request.format!r}")
    grid = parse_grid(request)
    data = grid_bytes(grid, request.format, request.title, request.author, request.clues)
    if request.format == "puz":
        return ExportResult(format=request.format, content=base64.b64encode(data).decode(), encoding="base64")
    return ExportResult(format=request.format, content=data.decode())
