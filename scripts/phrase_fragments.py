"""Sentence fragments among crossword phrase candidates: word sequences a dictionary or idiom list holds that
are no entry a setter prints alone (SEE ON, CAUSED BY, JUST SEE, BE A MAN, CAN SEE, THERE IS). Read by
``scripts/build_crossword_phrases.py``; only the standard library and WordNet's files (Debian
``wordnet-base``), so that tests run it on small files.

Each rule reads a word's parts of speech in Princeton WordNet 3.0 (its ``index.*`` lemmas, reached from an
inflected form by WordNet's own morphology: the ``*.exc`` exception lists, then its suffix rules):

* **a dangling preposition** (:data:`OBJECT_PREPOSITIONS`): a verb form and a preposition that waits for
  its object (SEE ON, CAUSED BY, LOT ON), unless the verb and the preposition make a phrasal or prepositional
  verb, the verb's base form with it being a WordNet verb lemma (ACT ON, ADD UP, PASS BY), a Wiktionary idiom
  or one of our reviewed list ``phrasal-verbs.txt`` (BANK ON, HAND IN); a first word that WordNet also has as an
  adjective is read as one (KEEN ON, HOOKED ON, VERSED IN); with BY after a past participle (the passive's
  agent: CAUSED BY, EDITED BY) even that adjective reading leaves it a fragment;
* **an adverb and a bare verb** (:data:`VERB_ADVERBS`: JUST SEE, NOT CARE, NEVER END): the second word has
  a verb reading and neither an adjective nor an adverb one (NOT FAIR, NOT EVEN, JUST OUT stay);
* **a modal and a verb** (:data:`MODALS`: CAN SEE, WILL BE);
* **a form of BE** first or last (:data:`BE_FORMS`: BEEN AWAY, IS STUCK, WAS SHUT; THERE IS, ODDS ARE;
  BE itself first is a dictionary headword's fragment already, ``headword_phrases.FRAGMENT_STARTS``);
* **a catenative's TO** (NEED TO DO, TEND TO BE, GO TO SEE): a verb, TO and a verb whose WordNet uses
  (SemCor's sense-tagged counts) are mostly a verb's, last;
* **a preposition and a pronoun object** (:data:`PRONOUN_OBJECTS`: FOR HIM, WITH ME, FROM THIS; IT is
  kept: ON IT, AT IT, INTO IT) and **a possessive and one word** (MY WIFE, HIS HAND, OUR HOUSE).

A phrase WordNet or Wiktionary's idioms list as it stands (WILL POWER, AGREE TO DISAGREE, MY BAD) is no
fragment by these rules: those lists hold set expressions by construction. What the rules miss, in any
source, is in our reviewed list ``phrase-drops.txt`` (BE A MAN, AT TWENTY, ANSWER TO).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHRASAL_VERBS_LIST = HERE / "phrasal-verbs.txt"
DROP_LIST = HERE / "phrase-drops.txt"
PARTS = ("noun", "verb", "adj", "adv")
SEMCOR_PARTS = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}  # a sense key's synset type
# WordNet's morphology for verbs (morphy's detachment rules), after its exception list
VERB_SUFFIXES = (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"),
                 ("ing", ""))
# Prepositions that wait for an object after a verb unless the two make a phrasal verb; the adverbial
# particles (UP, DOWN, OUT, OFF, AWAY, BACK) complete a verb alone (ENDED UP, SAT DOWN), and OF, FOR, AT...
# end no candidate at all (headword_phrases.DANGLING)
OBJECT_PREPOSITIONS = {"on", "upon", "in", "by", "over", "about", "after", "around", "through", "past",
                       "under", "along", "across", "before", "beyond", "like", "among", "within", "without",
                       "toward", "towards", "against", "near", "behind", "between"}
VERB_ADVERBS = {"just", "not", "still", "never", "only", "also", "always", "ever", "really"}
MODALS = {"can", "could", "will", "would", "shall", "should", "may", "might", "must"}
BE_FORMS = {"been", "being", "is", "are", "was", "were", "am"}
PRONOUN_OBJECTS = {"me", "him", "her", "us", "them", "this", "that", "these", "those"}
PREPOSITIONS = OBJECT_PREPOSITIONS | {"of", "for", "at", "with", "from", "into", "onto", "to", "than", "as"}
POSSESSIVES = {"my", "his", "her", "our", "your", "their", "its"}


@dataclass
class WordNetParts:
    """What the fragment rules read of WordNet: each part's lemmas, its exception lists (inflected form ->
    base forms), its multiword lemmas as written with spaces and SemCor's tagged count per word and part."""

    lemmas: dict[str, set[str]]
    exceptions: dict[str, dict[str, set[str]]]
    phrases: set[str]
    semcor: dict[tuple[str, str], int] = field(default_factory=dict)

    def bases(self, word: str, part: str) -> set[str]:
        """The ``part`` lemmas ``word`` is a form of (itself included), by WordNet's morphology."""
        found = {word} & self.lemmas[part] | self.exceptions[part].get(word, set())
        if part == "verb":
            found |= {word[:-len(end)] + base for end, base in VERB_SUFFIXES
                      if word.endswith(end) and word[:-len(end)] + base in self.lemmas["verb"]}
        return found

    def is_verb(self, word: str) -> bool:
        return bool(self.bases(word, "verb"))

    def is_adjective(self, word: str) -> bool:
        """Whether WordNet has ``word`` itself as an adjective or adverb (NOT FAIR, JUST OUT)."""
        return word in self.lemmas["adj"] or word in self.lemmas["adv"]

    def mostly_verb(self, word: str) -> bool:
        """Whether SemCor tags ``word`` (as written) as a verb more often than as a noun, adjective and
        adverb together (SEE, DO, BE; not RUIN or HELL)."""
        verb = self.semcor.get((word, "verb"), 0)
        return verb > sum(self.semcor.get((word, part), 0) for part in ("noun", "adj", "adv"))


def read_wordnet_parts(wordnet: Path) -> WordNetParts:
    """WordNet's lemmas by part of speech (index.*), its exception lists (*.exc), its multiword lemmas and
    SemCor's tagged counts (cntlist.rev: a sense key and its count, summed per word and part)."""
    lemmas: dict[str, set[str]] = {}
    exceptions: dict[str, dict[str, set[str]]] = {}
    for part in PARTS:
        lines = (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines()
        lemmas[part] = {line.split()[0] for line in lines if line and not line.startswith(" ")}
        exceptions[part] = {}
        for line in (wordnet / f"{part}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            exceptions[part].setdefault(form, set()).update(bases)
    semcor: dict[tuple[str, str], int] = {}
    for line in (wordnet / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, count = line.split()
        lemma, _, rest = key.partition("%")
        semcor[lemma, SEMCOR_PARTS[rest[0]]] = semcor.get((lemma, SEMCOR_PARTS[rest[0]]), 0) + int(count)
    phrases = {lemma.replace("_", " ") for part in PARTS for lemma in lemmas[part] if "_" in lemma}
    return WordNetParts(lemmas, exceptions, phrases, semcor)


def read_phrase_list(path: Path) -> set[str]:
    """The phrases of a one-phrase-per-line reviewed list, lowercase (``#`` starts a note)."""
    lines = (line.split("#")[0].strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    return {" ".join(line.split()) for line in lines if line}


@dataclass
class FragmentRules:
    """The rules of the module docstring, with what they read: WordNet, Wiktionary's idioms, our reviewed
    phrasal verbs and our reviewed drop list."""

    wordnet: WordNetParts
    idioms: set[str]
    phrasal: set[str]
    drops: set[str]

    def fragment(self, key: str) -> str | None:
        """Which rule makes ``key`` (lowercase words joined by spaces) a fragment, None when none does."""
        if key in self.drops:
            return "reviewed"
        if key in self.wordnet.phrases or key in self.idioms:
            return None
        words = key.split()
        for name, rule in (("dangling preposition", self.dangling), ("adverb and verb", self.adverb_verb),
                           ("modal and verb", self.modal_verb), ("be", self.be_form),
                           ("to and verb", self.catenative), ("pronoun", self.pronoun)):
            if rule(words):
                return name
        return None

    def dangling(self, words: list[str]) -> bool:
        """A verb form and a preposition waiting for its object (SEE ON, CAUSED BY)."""
        if len(words) != 2 or words[1] not in OBJECT_PREPOSITIONS:
            return False
        verb, preposition = words
        bases = self.wordnet.bases(verb, "verb")
        if not bases or (self.wordnet.is_adjective(verb) and not (preposition == "by" and verb.endswith("ed"))):
            return False
        return not any(f"{base}_{preposition}" in self.wordnet.lemmas["verb"]
                       or f"{base} {preposition}" in self.phrasal or f"{base} {preposition}" in self.idioms
                       for base in bases | {verb})

    def adverb_verb(self, words: list[str]) -> bool:
        """An adverb and a bare verb (JUST SEE, NOT CARE)."""
        return (len(words) == 2 and words[0] in VERB_ADVERBS and words[1] in self.wordnet.lemmas["verb"]
                and not self.wordnet.is_adjective(words[1]))

    def modal_verb(self, words: list[str]) -> bool:
        """A modal and a verb (CAN SEE, WILL BE)."""
        return words[0] in MODALS and words[1] in self.wordnet.lemmas["verb"]

    def be_form(self, words: list[str]) -> bool:
        """A form of BE first or last (BEEN AWAY, THERE IS)."""
        return words[0] in BE_FORMS or words[-1] in BE_FORMS

    def catenative(self, words: list[str]) -> bool:
        """A verb, TO and a verb last (NEED TO DO, GO TO SEE)."""
        return (len(words) >= 3 and words[-2] == "to" and self.wordnet.is_verb(words[-3])
                and self.wordnet.mostly_verb(words[-1]))

    def pronoun(self, words: list[str]) -> bool:
        """A preposition and a pronoun object (FOR HIM, WITH ME), or a possessive and one word (MY WIFE)."""
        return len(words) == 2 and ((words[0] in PREPOSITIONS and words[1] in PRONOUN_OBJECTS)
                                    or words[0] in POSSESSIVES)


def fragment_rules(wordnet: Path, idioms: set[str]) -> FragmentRules:
    """The rules with WordNet's parts, the Wiktionary idioms and our two reviewed lists."""
    return FragmentRules(read_wordnet_parts(wordnet), idioms, read_phrase_list(PHRASAL_VERBS_LIST),
                         read_phrase_list(DROP_LIST))
