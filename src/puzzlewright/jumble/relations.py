"""What a Jumble's caption says about a candidate answer: word relations and set phrases from WordNet.

The caption is the clue ("What her ears felt like at the rock concert" -> PIERCED). Few answers repeat a
caption word; most are linked to one through what a dictionary says about the words: synonyms (COUCH ->
SOFA), a gloss that mentions the other word (HALVE: "divide by two"), a broader or narrower term, a
derived form. ``data/relations.npz`` holds, for each stem of a WordNet single-word lemma the lexicon
knows, its *bag*: the stems of the words its commonest senses are tied to (the synonyms, the lemmas of
the linked synsets other than narrower ones, and the content words of the definitions). It is derived at
build time by ``scripts/build_jumble_relations.py`` from Princeton WordNet 3.0 (the Debian package
``wordnet-base``, as ``scripts/build_lexicon.py`` reads it); WordNet is not needed at run time.

:class:`CaptionLinks` scores answer words against one caption:

* ``same``: the word's stem is a caption word's stem;
* ``linked``: one of the two mentions the other (the word's stem is in a caption word's bag, or a caption
  stem in the word's bag): a direct dictionary link;
* ``topic``: how much the word's bag shares with the caption words' bags, weighted by how rare each shared
  stem is (log of the number of bags over the stem's count), on a log scale: an indirect, topical link.

It works out all three for every stem of the table at once (a few vectorised passes over the bags), so
that the answer search can weigh thousands of candidate words by them.

The archive also lists WordNet's multiword lemmas (``in_other_words``, ``child's_play``, ``past_tense``)
as set phrases, apostrophes dropped: an answer that is one, or contains one, reads as a phrase a person
would say.

Stems come from :func:`stem`, a light suffix stripper used alike at build time and at run time, so that
"skating", "skated" and "skate" meet.
"""

from __future__ import annotations

import re
from functools import cache, cached_property
from importlib import resources

import numpy as np

from puzzlewright.lexicon.forms import plural

ARCHIVE = "relations.npz"
VOWEL = re.compile(r"[aeiouy]")
WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
STOP_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each even ever every few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just like made make makes
many may me might more most much must my myself no nor not now of off on once one only or other our ours out
over own same say said says she should so some such than that the their them then there these they this those
through to too under until up upon us very was we were what when where which while who whom why will with
would yet you your yours one two three usually especially something someone somebody thing things way used
use using having etc e g kind type sort part act cause
""".split())


def stem(word: str) -> str:
    """A light stem: lowercase, apostrophe-s dropped, then a plural or -ed/-ing/-ly ending and a final e
    (with a doubled consonant undone), so inflections of one word meet and most different words stay apart."""
    w = word.lower().replace("'s", "").replace("'", "")
    if len(w) <= 3:
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif plural(w):
        w = w[:-1]
    for suffix, shortest in (("ing", 3), ("ed", 3), ("ly", 4)):
        if w.endswith(suffix) and len(w) - len(suffix) >= shortest and VOWEL.search(w[:-len(suffix)]):
            w = w[:-len(suffix)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            break
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    if w.endswith("y") and len(w) > 3:
        w = w[:-1] + "i"
    return w


def content_words(text: str) -> list[str]:
    """A text's content words, lowercase (stop words, one-letter words and contractions' endings left
    out), in order, once each."""
    seen: dict[str, None] = {}
    for word in WORD.findall(text.lower().replace("\u2019", "'")):
        word = word[:-3] if word.endswith("n't") else word.split("'")[0]  # hadn't -> had, they'd -> they
        if word not in STOP_WORDS and len(word) > 1:
            seen.setdefault(word, None)
    return list(seen)


def content_stems(text: str) -> list[str]:
    """The stems of a text's content words (:func:`content_words`), in order, once each."""
    return list(dict.fromkeys(stem(word) for word in content_words(text)))


class RelationTable:
    """The stems' bags and the set phrases (see the module docstring)."""

    def __init__(self, stems: list[str], offsets: np.ndarray, members: np.ndarray, phrases: list[str]):
        self.index = {s: i for i, s in enumerate(stems)}
        self.size = len(stems)
        self.offsets = offsets
        self.members = members
        counts = np.bincount(members, minlength=self.size) if self.size else np.zeros(0)
        self.rarity = np.log((self.size + 1) / (counts + 1.0))
        self.phrases = frozenset(phrases)
        self.longest_phrase = max((p.count(" ") + 1 for p in phrases), default=0)
        self.openings = frozenset(tuple(p.split(" ", 2)[:2]) for p in phrases)  # each phrase's first two words
        self.word_ids: dict[str, int] = {}

    def bag(self, word_stem: str) -> np.ndarray:
        """The stem ids a stem's bag holds (empty when the stem is not in the table)."""
        i = self.index.get(word_stem)
        if i is None:
            return self.members[:0]
        return self.members[self.offsets[i]:self.offsets[i + 1]]

    def bag_of(self, i: int) -> np.ndarray:
        """The stem ids stem ``i``'s bag holds."""
        return self.members[self.offsets[i]:self.offsets[i + 1]]

    def word_id(self, word: str) -> int:
        """The id of a word's stem, or -1 for a stop word or a stem the table lacks (cached per word)."""
        known = self.word_ids.get(word)
        if known is None:
            known = self.word_ids[word] = -1 if word in STOP_WORDS else self.index.get(stem(word), -1)
        return known

    @cached_property
    def holders(self) -> tuple[np.ndarray, np.ndarray]:
        """The inverse of the bags: ``(owners, starts)``, where ``owners[starts[m]:starts[m + 1]]`` are the
        stems whose bags hold stem ``m`` (built on first use)."""
        owners = np.repeat(np.arange(self.size), np.diff(self.offsets))
        order = np.argsort(self.members, kind="stable")
        starts = np.concatenate([[0], np.cumsum(np.bincount(self.members, minlength=self.size))])
        return owners[order], starts

    def holding(self, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For stems ``ids``: the stems whose bags hold each, and which of ``ids`` each entry is for."""
        owners, starts = self.holders
        sizes = starts[ids + 1] - starts[ids]
        at = np.repeat(starts[ids] - np.concatenate([[0], np.cumsum(sizes)[:-1]]), sizes) + np.arange(sizes.sum())
        return owners[at], np.repeat(np.arange(len(ids)), sizes)

    def is_phrase(self, words: tuple[str, ...]) -> bool:
        """Is this run of words a set phrase (a WordNet multiword lemma)?"""
        return " ".join(words).replace("'", "") in self.phrases


class CaptionLinks:
    """What one caption says about every stem of the table, as three arrays over the stem ids (see the
    module docstring): ``same`` (1 for a caption word's stem), ``linked`` (1 when a caption word's bag
    holds the stem or the stem's bag holds a caption word's stem) and ``topic`` (log(1 + the rarity-weighted
    overlap of the stem's bag with the caption words' bags)); ``linked`` and ``topic`` are 0 where
    ``same`` is 1. A word counts by its stem: stop words and stems the table lacks count 0. ``touched``
    holds the stems where any of the three may be above 0 (a few thousand of the table's tens of
    thousands): the arrays are worked out there alone, 0 elsewhere."""

    def __init__(self, caption: str | None, table: RelationTable | None = None):
        self.table = table or relation_table()
        ids = [i for i in (self.table.index.get(s) for s in content_stems(caption or "")) if i is not None]
        size = self.table.size
        self.same = np.zeros(size)
        self.linked = np.zeros(size)
        self.topic = np.zeros(size)
        self.touched = np.zeros(0, np.int64)
        if not ids:
            return
        self.same[ids] = 1.0
        mentioned = np.unique(np.concatenate([self.table.bag_of(i) for i in ids]))
        holders, _ = self.table.holding(np.array(ids))
        self.linked[mentioned] = 1.0
        self.linked[holders] = 1.0
        self.linked[ids] = 0.0  # not for a caption word's own stem
        owners, which = self.table.holding(mentioned)
        overlap = np.zeros(size)
        np.add.at(overlap, owners, self.table.rarity[mentioned][which])
        marked = np.zeros(size, bool)  # (np.flatnonzero is several times faster on booleans than on floats)
        marked[owners] = True
        topical = np.flatnonzero(marked)
        self.topic[topical] = np.log1p(overlap[topical])
        self.topic[ids] = 0.0
        marked[ids] = marked[mentioned] = marked[holders] = True
        self.touched = np.flatnonzero(marked)

    def of(self, word: str) -> tuple[float, float, float]:
        """``(same, linked, topic)`` of one answer word."""
        i = self.table.word_id(word)
        return (0.0, 0.0, 0.0) if i < 0 else (float(self.same[i]), float(self.linked[i]), float(self.topic[i]))


@cache
def relation_table() -> RelationTable:
    """The shipped table (loaded once; an empty table if the archive is missing)."""
    try:
        with resources.files("puzzlewright.jumble.data").joinpath(ARCHIVE).open("rb") as handle:
            archive = np.load(handle)
            stems = archive["stems"].tobytes().decode("ascii").split("\n")
            phrases = archive["phrases"].tobytes().decode("ascii").split("\n")
            sizes = archive["sizes"].astype(np.int64)
            offsets = np.concatenate([[0], np.cumsum(sizes)])
            planes = archive["delta_bytes"].astype(np.int64)  # low, middle, high byte of each difference
            deltas = planes[0] | (planes[1] << 8) | (planes[2] << 16)
            running = np.concatenate([[0], np.cumsum(deltas)])
            # each bag is stored as differences of its sorted ids, the first from 0
            members = running[1:] - np.repeat(running[offsets[:-1]], sizes)
            return RelationTable(stems, offsets, members.astype(np.int32), phrases)
    except (FileNotFoundError, ModuleNotFoundError):
        return RelationTable([], np.zeros(1, np.int64), np.zeros(0, np.int32), [])

