"""Quality on real puzzles: how often our first unscrambling and our top answers are the true ones.

Puzzles come in the shared sample's format (``jumbles`` with ``answer``, ``answer_pattern``,
``final_answer``). Answers with an open word the dictionary lacks (puns and partial words such as
DELEGATE TESSEN, or DONT written without its apostrophe) are counted separately: the search only builds
answers from dictionary words, so no ranking can find them, and they are not special-cased. Puns made of
real words (DAIRY TALE, BEE WORTH IT) count with the rest.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from puzzlewright.jumble.api import solve
from puzzlewright.jumble.model import AnswerPattern
from puzzlewright.lexicon import Lexicon


@dataclass
class QualityReport:
    """Counts over a set of puzzles (see the module docstring)."""

    words: int = 0
    words_first: int = 0
    puzzles: int = 0
    unknown_answer: int = 0
    in_dictionary: int = 0
    top1: int = 0
    top10: int = 0
    off_dictionary: list[str] = field(default_factory=list)
    off_dictionary_top10: int = 0
    misses: list[tuple[str, int | None, str]] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"first unscrambling right {self.words_first}/{self.words}; final answer top-1 "
                f"{self.top1}/{self.in_dictionary}, top-10 {self.top10}/{self.in_dictionary} of the answers "
                f"made of dictionary words; {len(self.off_dictionary)} pun/partial answers no dictionary holds "
                f"(top-10 anyway: {self.off_dictionary_top10}); {self.unknown_answer} without a known answer")


def evaluate(puzzles: list[dict], lexicon: Lexicon, *, top: int = 10) -> QualityReport:
    """Solve each puzzle and compare with its recorded answers."""
    report = QualityReport()
    started = time.perf_counter()
    for puzzle in puzzles:
        result = solve({"jumbles": puzzle["jumbles"], "answer_pattern": puzzle["answer_pattern"], "top": top},
                       lexicon=lexicon)
        for entry, jumble in zip(result.words, puzzle["jumbles"]):
            report.words += 1
            report.words_first += entry.candidates[:1] == [jumble["answer"].upper()]
        final = puzzle.get("final_answer")
        if not final:
            report.unknown_answer += 1
            continue
        report.puzzles += 1
        ranked = [a.answer for a in result.answers]
        rank = ranked.index(final.upper()) + 1 if final.upper() in ranked else None
        if all(word in lexicon for word in open_words(final, puzzle["answer_pattern"])):
            report.in_dictionary += 1
            report.top1 += rank == 1
            report.top10 += rank is not None and rank <= 10
            if rank != 1:
                report.misses.append((final, rank, ranked[0] if ranked else ""))
        else:
            report.off_dictionary.append(final)
            report.off_dictionary_top10 += rank is not None and rank <= 10
    report.seconds = time.perf_counter() - started
    return report


def open_words(final: str, pattern_text: str) -> list[str]:
    """The words of a final answer that fill the pattern's open slots, lowercase."""
    pattern = AnswerPattern.parse(pattern_text)
    return [word for slot, word in zip(pattern.slots, final.lower().split()) if not slot.fixed]
