"""Auditing the built-in English dictionaries: why a word is in or out of each tier
(``puzzlewright dict explain``) and what one dictionary has that another lacks (``puzzlewright dict diff``)."""

from __future__ import annotations

from puzzlewright.lexicon.builtin import builtin_lexicon, rejected_words
from puzzlewright.lexicon.core import Lexicon
from puzzlewright.lexicon.formats import normalise_word
from puzzlewright.lexicon.sources import (FLAG_DESCRIPTIONS, FLAG_SOURCE_DESCRIPTIONS, REJECT_DESCRIPTIONS,
                                         SOURCE_DESCRIPTIONS, TIER_FLOORS, flag_evidence, source_names)


def explain_word(raw: str) -> dict:
    """The evidence for one word and, for each English tier, whether it is in and why.

    ``{"word", "familiarity", "zipf", "scowl_level", "sources": [{"name", "what"}], "flags": [{"name",
    "what", "sources": [{"name", "what"}]}], "rejected": reason or None, "tiers": {name: {"in": bool, "why":
    str}}}``; the numbers are None when the large tier lacks the word. Words written apart whose letters
    make a word of the large tier (``no way``: NOWAY, which crossword phrases leave to the word) explain
    that word."""
    from puzzlewright.lexicon.phrases import phrase_key

    large = builtin_lexicon("english-large")
    joined = phrase_key(raw)
    word = normalise_word(raw) or (joined if joined and joined in large else None) or raw.strip()
    phrase = explain_phrase(raw)
    if phrase is not None and (word not in large or normalise_word(raw) is None):
        return phrase
    common = large.commonness(word)
    sources = source_names(int(large.sources[large.position[word]])) if common else []
    flags = flag_evidence(int(large.flags[large.position[word]])) if common else {}
    rejected = rejected_words().get(word)
    tiers = {name: {"in": word in builtin_lexicon(name), "why": _tier_reason(name, word, common, rejected)}
             for name in TIER_FLOORS}
    return {
        "word": word,
        "familiarity": round(common.familiarity, 2) if common else None,
        "zipf": round(common.zipf, 2) if common else None,
        "scowl_level": common.level if common else None,
        "sources": _source_facts(sources),
        "flags": _flag_facts(flags),
        "rejected": {"reason": rejected, "what": REJECT_DESCRIPTIONS[rejected]} if rejected else None,
        "tiers": tiers,
        "phrase": None,
    }


def explain_phrase(raw: str) -> dict | None:
    """What :func:`explain_word` says of a crossword phrase (``on the dot``), or None when ``raw`` is not
    one: the same fields (``scowl_level`` None, ``rejected`` None), ``phrase``: its grid form (the grid
    layer adds its crossword fill score: :func:`puzzlewright.grid.score.with_fill_score`), and for each
    English tier whether its crossword fills use the phrase (``in``: no other puzzle uses phrases; a tier
    with a word of the phrase's letters, INTIME in the large one, fills with the word)."""
    from puzzlewright.lexicon.phrases import find_phrase, phrase_lexicon, tier_floor

    found = find_phrase(raw)
    if found is None:
        return None
    familiarity = found["familiarity"]
    flags = flag_evidence(phrase_lexicon().flag_bits(found["grid"].lower()))
    names = " (a name: only with --allow proper)" if "proper" in flags else ""
    tiers = {}
    for name in TIER_FLOORS:
        floor = tier_floor(name) or 0.0
        grid = found["grid"]
        joins = familiarity >= floor and grid.lower() not in builtin_lexicon(name)
        why = (f"a crossword phrase, familiarity {familiarity:.2f} >= {floor:g}: its crossword fills use it{names}"
               if joins else
               f"its letters are this tier's word {grid}: its crossword fills use the word"
               if familiarity >= floor else
               f"a crossword phrase below this tier's floor of {floor:g}: its crossword fills leave it out")
        tiers[name] = {"in": joins, "why": why}
    return {
        "word": found["phrase"], "familiarity": familiarity, "zipf": found["zipf"], "scowl_level": None,
        "sources": _source_facts(found["sources"]), "flags": _flag_facts(flags), "rejected": None, "tiers": tiers,
        "phrase": {"grid": found["grid"]},
    }


def _source_facts(names: list[str]) -> list[dict]:
    """The sources that list a word or phrase, each with what it is."""
    return [{"name": name, "what": SOURCE_DESCRIPTIONS[name]} for name in names]


def _flag_facts(flags: dict[str, list[str]]) -> list[dict]:
    """A word's or phrase's flags, each with what it means and the sources that set it."""
    return [{"name": flag, "what": FLAG_DESCRIPTIONS[flag],
             "sources": [{"name": name, "what": FLAG_SOURCE_DESCRIPTIONS[name]} for name in by]}
            for flag, by in flags.items()]


def _tier_reason(name: str, word: str, common, rejected: str | None) -> str:
    """One line saying why ``word`` is in or out of the tier ``name``."""
    floor = TIER_FLOORS[name]
    if common is None:
        if rejected:
            return f"left out by the build: {REJECT_DESCRIPTIONS[rejected]}"
        return ("no source the build reads lists it as a word (or it is a SCOWL size-95 entry nothing "
                "vouches for)")
    familiarity = common.familiarity
    if word in builtin_lexicon(name):
        return f"familiarity {familiarity:.2f} >= {floor:g}" if floor else "every vouched-for word is in"
    if familiarity < floor:
        return f"familiarity {familiarity:.2f} is below this tier's floor of {floor:g}"
    if name == "english-common":
        return "not in english (see its reason)"
    if "proper" in builtin_lexicon("english-large").flags_of(word):
        return "a name (flagged proper): of the English tiers, only english-large holds names"
    return ("familiarity is above the floor, but the only evidence is rare: SCOWL size 80-95, GCIDE or an "
            "unattested inflection (english asks for SCOWL <= 70, a WordNet or Ding headword, Zipf >= 2, "
            "or an attested inflection of such a word)")


def diff_lexicons(first: Lexicon, second: Lexicon, *, limit: int | None = None) -> dict:
    """The words ``first`` has that ``second`` lacks, most familiar first:
    ``{"first", "second", "count", "words": [{"word", "familiarity"}]}`` (at most ``limit`` words)."""
    missing = [i for i, word in enumerate(first.words) if word not in second.word_set]
    missing.sort(key=lambda i: (-first.familiarity_values[i], first.words[i]))
    shown = missing if limit is None else missing[:limit]
    return {"first": first.name, "second": second.name, "count": len(missing),
            "words": [{"word": first.words[i], "familiarity": round(float(first.familiarity_values[i]), 2)}
                      for i in shown]}
