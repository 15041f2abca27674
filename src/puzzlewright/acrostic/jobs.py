"""The acrostic jobs as partitioned jobs: ``acrostic count`` (partitions = first-row prefixes) and
``acrostic generate`` (partitions = ranges of puzzle numbers; puzzle i depends only on the seed and i).

Both only ever look at the N-letter words, so a job keeps just those: that is what its identity
fingerprints (a count over ``english`` is the same job whatever the other word lengths hold) and what it
ships to remote workers.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlewright.budget import Budget
from puzzlewright.errors import BudgetExceeded, PuzzleInputError
from puzzlewright.lexicon.plain import PlainLexicon
from puzzlewright.parallel.job import Emit, Partition, PartitionResult
from puzzlewright.parallel.wordlist import CompactLexicon, first_row_work, lexicon_identity, words_of_length, work_by_prefix

if TYPE_CHECKING:  # a count over a PlainLexicon (a built-in dictionary's words) runs without numpy
    from puzzlewright.lexicon import Lexicon

MAX_GENERATE_CHUNK = 25
MAX_GENERATE_RUN = 1_000_000  # puzzles in one generate run (its partitions are listed up front)
GENERATE_CHUNKS = 64


@dataclass(eq=False)
class CountJob(CompactLexicon):
    """Every square of ``options`` over ``lexicon``'s N-letter words, partitioned by first-row prefix.

    With ``keep_squares`` False only the numbers are kept (a big count can find hundreds of millions);
    otherwise a partition given a stream writes its squares straight to it (see :meth:`run_partition`).
    With a ``deadline`` (a ``time.time()`` value) a partition still running then stops, incomplete, so a
    time limit holds even when one partition alone would take hours.
    """

    lexicon: Lexicon | PlainLexicon
    options: Any  # puzzlewright.acrostic.count.CountOptions
    keep_squares: bool = True
    deadline: float | None = None

    name: ClassVar[str] = "acrostic count"
    item_name: ClassVar[str] = "squares"

    def __post_init__(self) -> None:
        self.lexicon = words_of_length(self.lexicon, self.options.size)

    def identity(self) -> dict:
        return {"job": self.name, **asdict(self.options), "squares": self.keep_squares,
                "dictionary": lexicon_identity(self.lexicon)}

    @property
    def keeps_items(self) -> bool:
        """Whether partitions return (or stream) their squares, or only count them."""
        return self.keep_squares

    def partitions(self) -> list[Partition]:
        """The counter's first-row prefixes, each sized by :func:`first_row_work` summed over its first rows."""
        from puzzlewright.acrostic.count import count_partitions

        words = self.lexicon.of_length(self.options.size).words
        work_under = work_by_prefix(words, first_row_work(words))
        return [Partition(key, work_under(key)) for key in count_partitions(self.lexicon, self.options)]

    def prepare(self) -> None:
        """Load the compiled kernel and build the word trie here, once, before workers fork from us."""
        from puzzlewright.acrostic.count import count_partition

        count_partition(self.lexicon, self.options, self.lexicon.words[0], budget=Budget(nodes=1))

    def partition_budget(self) -> Budget | None:
        """What one partition may spend: the time left until the deadline (None: no limit)."""
        return None if self.deadline is None else Budget(seconds=max(self.deadline - time.time(), 0.001))

    def run_partition(self, key: str, emit: Emit | None = None, resume: Any = None) -> PartitionResult:
        """One partition's squares: streamed to ``emit`` (nothing held in memory, whatever their number)
        when there is a stream, else returned with the result; or only counted (``keep_squares`` False).
        A partition stopped by the deadline says where (``resume``); given back, it continues from there."""
        from puzzlewright.acrostic.count import count_partition

        streamed = emit is not None and self.keep_squares
        on_square = (lambda square: emit("/".join(square))) if streamed else None
        part = count_partition(self.lexicon, self.options, key, on_square, self.partition_budget(),
                               keep_squares=self.keep_squares and not streamed, resume=resume)
        squares = None if streamed else ["/".join(square) for square in part.squares]
        return PartitionResult(key, squares, {"nodes": part.nodes}, part.complete, count=part.count,
                               resume=part.resume)


def generate_chunks(count: int) -> list[tuple[int, int]]:
    """Split puzzle numbers 0..count-1 into consecutive ranges (start, stop): about :data:`GENERATE_CHUNKS`
    of them, at most :data:`MAX_GENERATE_CHUNK` puzzles each (so progress and checkpoints are frequent)."""
    step = max(1, min(MAX_GENERATE_CHUNK, -(-count // GENERATE_CHUNKS)))
    return [(start, min(start + step, count)) for start in range(0, count, step)]


@dataclass(eq=False)
class GenerateJob(CompactLexicon):
    """Puzzles 0..count-1 of the run ``options`` (a GenerateOptions), partitioned into number ranges.

    With ``seconds_per_puzzle``, a puzzle not found in that time ends its partition, incomplete, with the
    puzzles before it; run with ``run_job(..., prefix=True)``, the run then gives puzzles 0..i-1 before the
    first one not found, i, whatever runs it, and :meth:`not_found` says why (the puzzles are the same
    whatever the limit, so it is not part of the run's identity: a resumed run may allow more time)."""

    lexicon: Lexicon
    options: Any  # puzzlewright.acrostic.generator.GenerateOptions
    count: int
    seconds_per_puzzle: float | None = None

    name: ClassVar[str] = "acrostic generate"
    item_name: ClassVar[str] = "puzzles"

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_GENERATE_RUN:
            raise PuzzleInputError(f"a generate run makes 1 to {MAX_GENERATE_RUN:,} puzzles, not {self.count:,}")
        self.lexicon = words_of_length(self.lexicon, self.options.size)

    def prepare(self) -> None:
        """List every square once here, before workers start, when the generator draws from such a list
        (6x6 and up over few enough words): a progress bar on a terminal, the per-puzzle time limit as the
        budget (a listing cut short is kept, and the error says how far it got)."""
        from puzzlewright.acrostic.catalogue import square_catalogue, worth_cataloguing
        from puzzlewright.acrostic.generator import construction_words
        from puzzlewright.progress import progress_bar

        size = self.options.size
        budget = None if self.seconds_per_puzzle is None else Budget(seconds=self.seconds_per_puzzle)
        words = construction_words(self.lexicon, size, self.options.min_commonness)
        if not worth_cataloguing(words, size, budget):
            return
        with progress_bar(f"listing every {size}x{size} square (once, then kept)", 1.0,
                          counted=False) as advance:
            shown = [0.0]

            def show(done: float) -> None:
                advance(done - shown[0])
                shown[0] = done

            square_catalogue(words, size, budget, show)

    def identity(self) -> dict:
        return {"job": self.name, **asdict(self.options), "count": self.count,
                "dictionary": lexicon_identity(self.lexicon)}

    def partitions(self) -> list[Partition]:
        return [Partition(f"{start:09d}-{stop - 1:09d}", stop - start)
                for start, stop in generate_chunks(self.count)]

    def not_found(self, index: int) -> str:
        """Why a run stopped before puzzle ``index``: it was not found within the time limit."""
        size = self.options.size
        return (f"puzzle {index}: no {size}x{size} puzzle found within the time limit of {self.seconds_per_puzzle:g} "
                "s; allow more or lower --min-commonness")

    def run_partition(self, key: str, emit: Emit | None = None) -> PartitionResult:
        """Puzzles ``first..last`` of the range ``key``, or those before the first not found in time."""
        from puzzlewright.acrostic.api import generated_puzzle
        from puzzlewright.acrostic.catalogue import CatalogueIncomplete
        from puzzlewright.acrostic.generator import generate_one
        from puzzlewright.schema import to_jsonable

        first, last = (int(number) for number in key.split("-"))
        puzzles = []
        attempts = 0
        for index in range(first, last + 1):
            budget = None if self.seconds_per_puzzle is None else Budget(seconds=self.seconds_per_puzzle)
            try:
                generated = generate_one(self.lexicon, self.options, index, budget)
            except CatalogueIncomplete as error:
                raise CatalogueIncomplete(f"puzzle {index}: {error}", error.progress) from None
            except BudgetExceeded:
                return PartitionResult(key, puzzles, {"attempts": attempts}, complete=False)
            puzzle = to_jsonable(generated_puzzle(generated))
            attempts += generated.attempts
            puzzles.append(puzzle)
            if emit is not None:
                emit(puzzle)
        return PartitionResult(key, puzzles, {"attempts": attempts})
