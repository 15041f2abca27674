"""Letter Boxed: known answers, every solution re-checked by an independent rule checker, completeness
against brute force, ranking on the NYT sample, the API shapes, batch mode, the generator, and each error."""

from __future__ import annotations

import array
import itertools
import re
import json
import operator
import os
import random
import string
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import load_samples, untimed
from puzzlewright.errors import PuzzleInputError
from puzzlewright.letterboxed import api
from puzzlewright.schema import to_jsonable
from puzzlewright.letterboxed.model import Box
from puzzlewright.letterboxed.rank import shipped_model
from puzzlewright.letterboxed.index import WordIndex, builtin_index, cached_builtin_index
from puzzlewright.letterboxed.render import render_box
from puzzlewright.letterboxed.schema import DEFAULT_DICTIONARY
from puzzlewright.letterboxed.solver import box_words, solve_box
from puzzlewright.lexicon import builtin_lexicon
from puzzlewright.budget import Budget
from puzzlewright.lexicon.archive import Commonness

SEED_PUZZLES = ("RME-WCL-TGK-API", "ERG-BID-NCF-TAO")


def solve_json(request, **options) -> dict:
    """``api.solve`` as the JSON users get (the CLI's --json, the web API's body)."""
    return to_jsonable(api.solve(request, **options))


def words_json(request, **options) -> dict:
    return to_jsonable(api.words(request, **options))


# -- an independent checker of the rules (shares no code with the package) ---------------------------

def rule_problem(sides: list[str], words: list[str], dictionary) -> str | None:
    """Why ``words`` is not a solution of the box with these sides, or None."""
    side_of = {letter.lower(): k for k, side in enumerate(sides) for letter in side}
    for word in words:
        word = word.lower()
        if word not in dictionary:
            return f"{word} not in the dictionary"
        if len(word) < 3:
            return f"{word} too short"
        for a, b in zip(word, word[1:]):
            if a not in side_of or b not in side_of:
                return f"{word} leaves the box"
            if side_of[a] == side_of[b]:
                return f"{word} repeats a side"
    for before, after in zip(words, words[1:]):
        if before[-1].lower() != after[0].lower():
            return "chain broken"
    if set(side_of) - set("".join(words).lower()):
        return "letters unused"
    return None


def brute_force(sides: list[str], dictionary, k: int) -> set[tuple[str, ...]]:
    """Every k-word solution, by trying all chains of valid words (small dictionaries only); a chain
    that still solves the box without its first or last word has a spare word and is not one."""
    valid = [w for w in dictionary if rule_problem(sides, [w], dictionary) in (None, "letters unused")]
    found = set()
    for chain in itertools.product(valid, repeat=k):
        if rule_problem(sides, list(chain), dictionary) is None and (k == 1 or all(
                rule_problem(sides, list(shorter), dictionary) is not None for shorter in (chain[1:], chain[:-1]))):
            found.add(chain)
    return found


@pytest.fixture(scope="module")
def default_words():
    """Letter Boxed's default dictionary (sized like the NYT's)."""
    return builtin_lexicon(DEFAULT_DICTIONARY)


def solution_words(result: dict) -> set[tuple[str, ...]]:
    return {tuple(w.lower() for w in s["words"]) for s in result["solutions"]}


def ranked_low_words(words: list[str], lexicon) -> int:
    """How many of a solution's words the solvers rank low (offensive, vulgar, proper: lexicon.policy)."""
    from puzzlewright.lexicon.policy import is_ranked_low

    return sum(is_ranked_low(lexicon.flag_bits(word.lower())) for word in words)


# -- known answers ---------------------------------------------------------------------------------

def test_seed_puzzle_known_solutions_and_ranking(default_words):
    result = solve_json({"sides": "RME-WCL-TGK-API", "all": True})
    found = solution_words(result)
    assert {("pragmatic", "cakewalk"), ("marketplace", "earwig"), ("wigwam", "marketplace")} <= found
    assert ["pragmatic", "cakewalk"] in [s["words"] for s in result["solutions"][:2]]  # the seed's answer
    assert result["min_words"] == 2 and result["count"] == len(result["solutions"]) and result["complete"]
    scores = [s["score"] for s in result["solutions"]]
    assert scores == sorted(scores, reverse=True)
    for words in found:
        assert rule_problem(result["sides"], list(words), default_words) is None


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_ranking_is_the_same_whatever_order_the_chains_come_in(seed):
    """Issue #27: the ranking of a box's solutions does not depend on the order the search met them. Scores
    equal to 9 decimals tie (chains of the same words in another order can differ by float rounding) and
    are broken by fewer letters, then alphabetically: MARKETPLACE-EGALITE-EWE before MARKETPLACE-EWE-EGALITE
    (the same words joined by the same letters, E and E). Issue #27
    too: a solution with an offensive, vulgar or proper word comes after every clean one of as many words
    (PRAGMATIC-CATWALK-KIKE, a slur, after IMPLICIT-TRAGIC-CAKEWALK although it scores higher)."""
    from puzzlewright.letterboxed.rank import rank
    from puzzlewright.letterboxed.solver import _ChainSearch, without_spare_words
    from puzzlewright.lexicon.policy import is_ranked_low

    words = box_words(Box.parse("RME-WCL-TGK-API"), builtin_index(DEFAULT_DICTIONARY))
    search = _ChainSearch(words, None)
    chains = without_spare_words(words, [chain for k in (1, 2, 3) for chain in search.chains(k)])
    expected = rank(words, chains)
    shuffled = list(chains)
    random.Random(seed).shuffle(shuffled)  # a seed, not a drawn Random: 2,000 chains' shuffle is a large example
    assert rank(words, shuffled) == expected
    lexicon = builtin_lexicon(DEFAULT_DICTIONARY)
    flagged = [sum(is_ranked_low(lexicon.flag_bits(w)) for w in s.words) for s in expected]
    keys = [(len(s.words), low, -round(s.score, 9), s.letters, s.words) for s, low in zip(expected, flagged)]
    assert keys == sorted(keys) and any(flagged)
    order = [s.words for s in expected]
    same = order.index(("marketplace", "egalite", "ewe"))
    assert order[same + 1] == ("marketplace", "ewe", "egalite") and expected[same].score == expected[same + 1].score
    assert order.index(("implicit", "tragic", "cakewalk")) < order.index(("pragmatic", "catwalk", "kike"))


def test_words_of_equal_commonness_are_listed_more_familiar_first():
    """The box's word list: most common first, then (equal Zipf frequency) the more familiar, then
    alphabetical: WRITE (familiar) before ETC, both at Zipf 5.03."""
    found = box_words(Box.parse("RME-WCL-TGK-API"), builtin_index(DEFAULT_DICTIONARY))
    expected = sorted(zip(found.zipf, found.familiarity, found.words), key=lambda e: (-e[0], -e[1], e[2]))
    listed = [entry.word.lower() for entry in api.words({"sides": "RME-WCL-TGK-API"}).words]
    assert listed == [word for _, _, word in expected]
    assert listed.index("write") < listed.index("etc")


@pytest.mark.parametrize("spec", SEED_PUZZLES)
@pytest.mark.parametrize("dictionary", ["english", "english-large"])
def test_seed_puzzles_every_solution_is_valid(spec, dictionary):
    lexicon = builtin_lexicon(dictionary)
    result = solve_json({"sides": spec, "all": True, "dict": dictionary})
    assert result["count"] > 0 and result["min_words"] == 2
    for words in solution_words(result):
        assert rule_problem(result["sides"], list(words), lexicon) is None


def test_long_words_are_not_capped():
    """The seed capped words at 12 letters; official answers reach 15 (STRAIGHTFORWARD)."""
    assert Box.parse("STR-AIG-HFO-WDX").word_problem("straightforward").endswith("same side in a row")
    box = Box.parse("GRX-DTI-HAO-SWF")
    assert box.is_valid_word("straightforward")
    found = box_words(box, builtin_index("english"))
    assert "straightforward" in found.words


def test_all_solutions_match_brute_force_on_the_seed_puzzle(english):
    """Every two-word pair of valid words that covers the box is found, and nothing else."""
    box = Box.parse("RME-WCL-TGK-API")
    valid = box_words(box, builtin_index("english"))
    by_first: dict[str, list[str]] = {}
    for word in valid.words:
        by_first.setdefault(word[0], []).append(word)
    expected = {(a, b) for a in valid.words for b in by_first.get(a[-1], ()) if set(a + b) == set(box.letters)}
    assert {s.words for s in solve_box(box, valid, max_words=2).solutions} == expected


def test_valid_words_match_a_scan_of_the_dictionary(english):
    box = Box.parse("ERG-BID-NCF-TAO")
    found = set(box_words(box, WordIndex.from_lexicon(english)).words)
    sides = list(box.sides)
    assert found == {w for w in english if rule_problem(sides, [w], english) in (None, "letters unused")}


def test_sample_boxes_words_and_solutions_match_a_scan_of_the_index(shared_data):
    """On every third NYT sample box and the default dictionary's index: the valid words, in index order with
    their columns, are those a word-by-word scan of the index finds, and the default search lists exactly
    the 1- and 2-word chains of them that cover the box without a spare word."""
    index = builtin_index(DEFAULT_DICTIONARY)
    text = "\n".join(index.words)
    position = {word: i for i, word in enumerate(index.words)}
    for puzzle in load_samples(shared_data, "letterboxed-nyt-sample.json")[::3]:
        sides = puzzle["sides"]
        box = Box.parse(sides)
        side_of = {letter.lower(): k for k, side in enumerate(sides) for letter in side}
        spelt = re.findall(f"(?m)^[{''.join(side_of)}]+$", text)  # the words of the box's letters
        valid = sorted(position[word] for word in spelt if all(side_of[a] != side_of[b] for a, b in zip(word, word[1:])))
        found = box_words(box, index)
        assert found.words == [index.words[i] for i in valid], sides
        assert (found.zipf, found.familiarity, found.levels, found.sources) == (
            [index.zipf[i] for i in valid], [index.familiarity[i] for i in valid],
            [index.levels[i] for i in valid], [index.sources[i] for i in valid])
        assert found.masks == [sum(1 << k for k, letter in enumerate(box.letters) if letter in word)
                               for word in found.words]
        full = (1 << len(box.letters)) - 1
        mask = dict(zip(found.words, found.masks))
        singles = {(word,) for word in found.words if mask[word] == full}
        by_first: dict[str, list[tuple[str, int]]] = {}
        for word in found.words:
            if mask[word] != full:
                by_first.setdefault(word[0], []).append((word, mask[word]))
        pairs = {(a, b) for first in by_first.values() for a, mask_a in first
                 for b, mask_b in by_first.get(a[-1], ()) if mask_a | mask_b == full}
        solutions = [s.words for s in solve_box(box, found).solutions]
        if singles or pairs:
            assert set(solutions) == singles | pairs and len(solutions) == len(singles | pairs), sides
        else:
            assert solutions and {len(words) for words in solutions} == {3}, sides


# -- completeness and fewest words against brute force --------------------------------------------

THREE_WORD_DICTIONARY = ["adgj", "jbeh", "hckfil", "adg", "glad", "fade"]


def test_three_words_when_two_cannot_do():
    request = {"sides": "ABC-DEF-GHI-JKL", "words": THREE_WORD_DICTIONARY}
    result = solve_json(request)
    assert result["min_words"] == 3
    assert solution_words(result) == brute_force(["ABC", "DEF", "GHI", "JKL"], set(THREE_WORD_DICTIONARY), 3)
    assert ("adgj", "jbeh", "hckfil") in solution_words(result)


def test_eighteen_letter_box_uses_projected_pruning_and_finds_everything():
    sides = ["ABC", "DEF", "GHI", "JKL", "MNO", "PQR"]
    words = {"adgjmp", "pbehkn", "nqcfilor", "nqcfil", "lorad", "pbeh", "hkn", "adgjmpb", "bnqcfilor"}
    result = solve_json({"sides": sides, "words": sorted(words), "all": True})
    assert result["min_words"] == 3
    assert solution_words(result) == brute_force(sides, words, 3)
    assert ("adgjmp", "pbehkn", "nqcfilor") in solution_words(result)


def test_a_box_one_word_covers_still_lists_its_two_word_solutions(default_words):
    """LEXICOGRAPHY covers LCA-EOP-XGH-IRY alone; the NYT's answer would have two words, so those are
    listed too (after the one-word solution)."""
    result = solve_json({"sides": "LCA-EOP-XGH-IRY", "all": True})
    assert result["solutions"][0]["words"] == ["lexicography"]
    assert result["min_words"] == 1 and result["max_words"] == 2
    assert result["by_words"]["1"] == 1 and result["by_words"]["2"] >= 50
    assert ("hieroglyphic", "coax") in solution_words(result)
    assert not any("lexicography" in words for words in solution_words(result) if len(words) > 1)
    assert [len(s["words"]) for s in result["solutions"]] == [1] + [2] * (result["count"] - 1)
    for words in solution_words(result):
        assert rule_problem(result["sides"], list(words), default_words) is None


def test_max_words_lists_every_solution_up_to_n_words_fewest_first(default_words):
    result = solve_json({"sides": "RME-WCL-TGK-API", "max_words": 3, "all": True})
    found = solution_words(result)
    assert result["by_words"] == {"2": 5, "3": 1982}  # 3-word chains with a spare word are left out
    assert ("pragmatic", "cakewalk") in found and ("wick", "kept", "telegram") in found
    assert [s["words"] for s in result["solutions"][:5]] == [
        s["words"] for s in solve_json({"sides": "RME-WCL-TGK-API"})["solutions"]]
    # best first, but a solution with a flagged word (PRAGMATIC-CATWALK-KIKE: a slur) after every clean one
    keys = [(ranked_low_words(s["words"], default_words), -s["score"]) for s in result["solutions"][5:]]
    assert keys == sorted(keys) and keys[-1][0] > 0
    for words in found:
        assert rule_problem(result["sides"], list(words), default_words) is None


def test_words_exactly_and_word_lengths():
    result = solve_json({"sides": "RME-WCL-TGK-API", "words_exactly": 3, "min_length": 5, "max_length": 8,
                        "all": True})
    assert result["count"] > 0 and result["words_exactly"] == 3 and result["by_words"] == {"3": result["count"]}
    assert all(len(words) == 3 and all(5 <= len(w) <= 8 for w in words) for words in solution_words(result))
    # every 2-word solution has an 8+ letter word (CAKEWALK, MARKETPLACE, TWIGLIKE): the default falls back
    # to 3 words
    short = solve_json({"sides": "RME-WCL-TGK-API", "max_length": 7, "all": True})
    assert short["min_words"] == 3 and all(len(w) <= 7 for words in solution_words(short) for w in words)
    assert solve_json({"sides": "RME-WCL-TGK-API", "max_length": 7, "max_words": 2})["solutions"] == []
    long_only = solve_json({"sides": "RME-WCL-TGK-API", "min_length": 7, "all": True})  # not WIGWAM, EARWIG
    assert solution_words(long_only) == {("pragmatic", "cakewalk"), ("crampet", "twiglike"), ("pragmatical", "latewake")}


def test_a_budget_stops_a_big_box_and_keeps_what_it_found():
    """A 5x5 box at --max-words 5 cannot be finished in a small budget: the 4-word solutions found are
    returned, with complete = false."""
    result = solve_json({"sides": "LYCNX-UIJWM-GVKFQ-AHZOR-BPTSE", "max_words": 5, "limit": 3},
                       budget=Budget(nodes=20_000))
    assert result["complete"] is False and result["count"] > 0 and result["min_words"] == 4


def test_no_solution_within_max_words_is_an_empty_answer():
    result = solve_json({"sides": "ABC-DEF-GHI-JKL", "words": THREE_WORD_DICTIONARY, "max_words": 2})
    assert result["solutions"] == [] and result["count"] == 0 and result["min_words"] is None
    assert "no solution within 2 words" in result["message"]


small_boxes = st.lists(st.sampled_from("abcdefghil"), min_size=6, max_size=6, unique=True).map(
    lambda letters: ["".join(letters[i:i + 2]).upper() for i in range(0, 6, 2)])
small_dictionaries = st.sets(st.text("abcdefghil", min_size=3, max_size=6), min_size=1, max_size=25)


# 18 letters: more than the 16 the coverable sets track exactly, so these exercise the projected pruning
big_boxes = st.permutations("abcdefghijklmnopqr").map(lambda letters: ["".join(letters[i:i + 3]).upper()
                                                                        for i in range(0, 18, 3)])
big_dictionaries = st.sets(st.text("abcdefghijklmnopqr", min_size=3, max_size=12), min_size=1, max_size=25)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.parametrize("boxes, dictionaries", [(small_boxes, small_dictionaries),
                                                 (big_boxes, big_dictionaries)], ids=["3x2", "6x3"])
def test_solutions_match_brute_force(boxes, dictionaries, data):
    """--max-words 3 lists every solution of 1-3 words, fewest first; --words-exactly k those of k words;
    the default those of 1 and 2 words, or of 3 when there are none."""
    sides, words = data.draw(boxes), data.draw(dictionaries)
    expected = {k: brute_force(sides, words, k) for k in (1, 2, 3)}
    request = {"sides": sides, "words": sorted(words), "all": True}
    up_to_3 = solve_json({**request, "max_words": 3})
    assert solution_words(up_to_3) == expected[1] | expected[2] | expected[3]
    sizes = [len(s["words"]) for s in up_to_3["solutions"]]
    assert sizes == sorted(sizes)
    assert up_to_3["by_words"] == {str(k): len(expected[k]) for k in (1, 2, 3) if expected[k]}
    for k in (1, 2, 3):
        assert solution_words(solve_json({**request, "words_exactly": k})) == expected[k]
    default = solve_json(request)
    assert solution_words(default) == (expected[1] | expected[2]) or expected[3]
    if not default["solutions"]:
        assert default["min_words"] is None


nyt_boxes = st.permutations(string.ascii_lowercase).map(
    lambda letters: ["".join(letters[i:i + 3]).upper() for i in range(0, 12, 3)])


@settings(max_examples=15, deadline=None)
@given(sides=nyt_boxes)
def test_random_boxes_every_solution_is_valid(sides, default_words):
    result = solve_json({"sides": sides, "all": True})
    assert result["count"] == len(result["solutions"]) == sum(result["by_words"].values())
    assert result["dictionary"] == DEFAULT_DICTIONARY
    for words in solution_words(result):
        assert len(words) <= max(2, result["min_words"])
        assert rule_problem(sides, list(words), default_words) is None


def _chain_features(sides: str, max_words: int = 2):
    """A box's words, its chains of 1 to ``max_words`` words and their feature table, as rank() builds them."""
    from puzzlewright.letterboxed.rank import ChainFeatures
    from puzzlewright.letterboxed.solver import _ChainSearch, without_spare_words

    words = box_words(Box.parse(sides), builtin_index(DEFAULT_DICTIONARY))
    search = _ChainSearch(words, None)
    chains = without_spare_words(words, [chain for k in range(1, max_words + 1) for chain in search.chains(k)])
    return words, chains, ChainFeatures(words, chains)


def test_letter_surprisal_of_a_known_solution_by_hand():
    """Issue #31: PRAGMATIC-CAKEWALK's letters, by Lewand's shares of English text (per cent, typed here
    from the table, not from rank.py): their mean -log10(share / 100) over the 17 letters, each occurrence
    counted, is 1.4152; CAKEWALK's alone (the less used of the two words) 1.4843. Rare letters raise it:
    a Z (0.074 %) is worth 3.13, an E (12.702 %) 0.90."""
    import math

    from puzzlewright.letterboxed.rank import FEATURES, SURPRISAL

    share = {"p": 1.929, "r": 5.987, "a": 8.167, "g": 2.015, "m": 2.406, "t": 9.056, "i": 6.966, "c": 2.782,
             "k": 0.772, "e": 12.702, "w": 2.360, "l": 4.025}
    by_hand = {letter: -math.log10(value / 100) for letter, value in share.items()}
    assert all(SURPRISAL[letter] == pytest.approx(value, abs=1e-12) for letter, value in by_hand.items())
    assert SURPRISAL["z"] == pytest.approx(3.1308, abs=1e-4) and SURPRISAL["e"] == pytest.approx(0.8961, abs=1e-4)
    words, chains, table = _chain_features("RME-WCL-TGK-API")
    ids = {words.words[i]: i for chain in chains for i in chain}
    values = dict(zip(FEATURES, table.of((ids["pragmatic"], ids["cakewalk"]))))
    assert values["letter_surprisal"] == pytest.approx(sum(map(by_hand.get, "pragmaticcakewalk")) / 17, abs=1e-12)
    assert values["letter_surprisal"] == pytest.approx(1.4152, abs=1e-4)
    assert builtin_lexicon(DEFAULT_DICTIONARY).commonness("cakewalk").zipf < \
        builtin_lexicon(DEFAULT_DICTIONARY).commonness("pragmatic").zipf
    assert values["rarer_word_surprisal"] == pytest.approx(sum(map(by_hand.get, "cakewalk")) / 8, abs=1e-12)
    assert values["rarer_word_surprisal"] == pytest.approx(1.4843, abs=1e-4)


@pytest.mark.parametrize("sides, max_words", [("RME-WCL-TGK-API", 3), ("LCA-EOP-XGH-IRY", 2), ("ACS-HVG-TKR-ION", 2)])
def test_fast_scores_equal_the_feature_vectors_scores(sides, max_words):
    """rank() scores chains a column at a time without building their vectors; every chain's score is the
    model's score of its feature vector (of()), the letter-surprisal features too, for 1, 2 and 3 words."""
    words, chains, table = _chain_features(sides, max_words)
    model = shipped_model()
    fast = table.scores(chains, model)
    assert len(chains) > 1
    for chain, score in zip(chains, fast):
        assert score == pytest.approx(model.score(table.of(chain)), abs=1e-9)


def test_the_rarer_word_of_two_equally_unknown_words_is_the_alphabetically_first():
    """Made-up words are equally unused (Zipf 0) and unfamiliar, so the rarer word, whose letters
    ``rarer_word_surprisal`` measures, is chosen by the last rule, the alphabet: KMCRLPGI (mean 1.56,
    its K, P and G are rare), not TEWAK (1.35, with its E and T)."""
    from puzzlewright.letterboxed.rank import FEATURES, SURPRISAL

    result = solve_json({"sides": "RME-WCL-TGK-API", "words": ["tewak", "kmcrlpgi"], "explain": True})
    [solution] = result["solutions"]
    weight, typical = dict(zip(FEATURES, zip(shipped_model().weights, shipped_model().typical)))["rarer_word_surprisal"]
    mean = {word: sum(map(SURPRISAL.get, word)) / len(word) for word in ("tewak", "kmcrlpgi")}
    assert mean["kmcrlpgi"] == pytest.approx(1.5590, abs=1e-4) and mean["tewak"] == pytest.approx(1.3533, abs=1e-4)
    assert solution["contributions"]["rarer_word_surprisal"] == pytest.approx(weight * (mean["kmcrlpgi"] - typical),
                                                                              abs=1e-3)

def test_the_same_words_in_reverse_order_are_ordered_by_use():
    """Issue #31's ninth round: NAVIGATORS-STOCKHORN and STOCKHORN-NAVIGATORS (ACS-HVG-TKR-ION) used to tie
    (same features, so alphabetical order decided). ``commoner_first`` is 1 for the order whose first word
    is ahead by use (NAVIGATORS: higher Zipf) and 0 for the other; every other feature is the same (joined
    by S one way and N the other: ``join_surprisal`` differs too), so the scores differ by exactly those
    two features' contributions. The fitted weight is negative (the NYT tends to write the less-used word
    first), so STOCKHORN-NAVIGATORS comes first."""
    from puzzlewright.letterboxed.rank import FEATURES, SURPRISAL

    lexicon = builtin_lexicon(DEFAULT_DICTIONARY)
    assert lexicon.commonness("navigators").zipf > lexicon.commonness("stockhorn").zipf
    result = solve_json({"sides": "ACS-HVG-TKR-ION", "all": True, "explain": True})
    by_words = {tuple(s["words"]): s for s in result["solutions"]}
    commoner, rarer = by_words["navigators", "stockhorn"], by_words["stockhorn", "navigators"]
    weight = dict(zip(FEATURES, shipped_model().weights))
    assert weight["commoner_first"] < 0
    differs = {name for name in FEATURES if commoner["contributions"][name] != rarer["contributions"][name]}
    assert differs == {"commoner_first", "join_surprisal"}
    assert commoner["contributions"]["commoner_first"] - rarer["contributions"]["commoner_first"] == \
        pytest.approx(weight["commoner_first"], abs=1e-3)  # contributions are rounded to 3 decimals
    assert rarer["contributions"]["join_surprisal"] - commoner["contributions"]["join_surprisal"] == \
        pytest.approx(weight["join_surprisal"] * (SURPRISAL["n"] - SURPRISAL["s"]), abs=1e-3)
    order = list(by_words)
    assert order.index(("stockhorn", "navigators")) < order.index(("navigators", "stockhorn"))


def test_join_and_box_letter_surprisal_of_a_known_solution_by_hand():
    """Issue #31's ninth round: PRAGMATIC-CAKEWALK is joined by C (2.782 % of English text: -log10 0.02782
    = 1.5556, typed here from Lewand's table); its ``box_letter_surprisal`` is the mean over its 17
    letters of -log10 of the share of RME-WCL-TGK-API's valid words holding the letter, counted here word
    by word (rank.py counts them for all words at once from their masks' bytes). A one-word solution has no join
    (0), and PRAGMATIC-CAKEWALK does not solve the box backwards (CAKEWALK-PRAGMATIC is not joined), so
    ``commoner_first`` is 0."""
    import math

    from puzzlewright.letterboxed.rank import FEATURES

    words, chains, table = _chain_features("RME-WCL-TGK-API")
    ids = {words.words[i]: i for chain in chains for i in chain}
    values = dict(zip(FEATURES, table.of((ids["pragmatic"], ids["cakewalk"]))))
    assert values["join_surprisal"] == pytest.approx(-math.log10(2.782 / 100), abs=1e-12)
    assert values["join_surprisal"] == pytest.approx(1.5556, abs=1e-4)
    holding = {letter: sum(letter in word for word in words.words) / len(words.words) for letter in "rmewcltgkapi"}
    by_hand = sum(-math.log10(holding[letter]) for letter in "pragmaticcakewalk") / 17
    assert values["box_letter_surprisal"] == pytest.approx(by_hand, abs=1e-12)
    assert values["commoner_first"] == 0.0
    assert all(dict(zip(FEATURES, table.of(chain)))["join_surprisal"] == 0.0 for chain in chains if len(chain) == 1)


@given(st.lists(st.tuples(st.one_of(st.integers(-3, 3), st.floats(-3, 3), st.just(float("nan"))),
                          st.one_of(st.integers(-3, 3), st.floats(-3, 3), st.just(float("nan"))))))
def test_least_and_most_pick_what_min_and_max_pick(pairs):
    """rank's _least and _most stand for ``map(min, ...)`` and ``map(max, ...)`` in the score columns: the
    very object min() and max() return for each pair, ties (1 and 1.0, 0.0 and -0.0) and NaN included, so
    scores are the same to the last bit."""
    from puzzlewright.letterboxed.rank import _least, _most

    values, others = [a for a, _ in pairs], [b for _, b in pairs]
    assert all(map(operator.is_, _least(values, others), map(min, values, others)))
    assert all(map(operator.is_, _most(values, others), map(max, values, others)))


@settings(max_examples=10, deadline=None)
@given(sides=st.one_of(nyt_boxes, st.just(["ABCDE", "FGHIJ", "KLMNO", "PRSTU", "VWXYZ"])))
def test_box_letter_surprisal_counts_the_words_holding_each_letter(sides):
    """rank.box_letter_surprisal counts the box's words holding each letter from their masks' bytes (all
    words at once); counted here word by word, for random NYT boxes and a 5x5 box of 25 letters (masks of
    4 bytes)."""
    import math

    from puzzlewright.letterboxed.rank import box_letter_surprisal

    words = box_words(Box.parse(sides), builtin_index(DEFAULT_DICTIONARY))
    found = box_letter_surprisal(words)
    assert list(found) == list(words.box.letters)
    for letter, value in found.items():
        holding = max(sum(letter in word for word in words.words), 1)
        assert value == pytest.approx(-math.log10(holding / max(len(words), 1)), abs=1e-12)


def test_join_surprisal_tells_rotations_of_three_words_apart():
    """PRAGMATIC-CATWALK-KEP is joined by C and K, KEP-PRAGMATIC-CATWALK by P and C: the same words and
    letters, but K is rarer than P, so ``join_surprisal`` (the mean over the joins) puts the first ahead
    (they tied before the ninth round)."""
    from puzzlewright.letterboxed.rank import FEATURES, SURPRISAL

    words, chains, table = _chain_features("RME-WCL-TGK-API", 3)
    ids = {words.words[i]: i for chain in chains for i in chain}
    k_join = dict(zip(FEATURES, table.of((ids["pragmatic"], ids["catwalk"], ids["kep"]))))
    p_join = dict(zip(FEATURES, table.of((ids["kep"], ids["pragmatic"], ids["catwalk"]))))
    assert k_join["join_surprisal"] == pytest.approx((SURPRISAL["c"] + SURPRISAL["k"]) / 2, abs=1e-12)
    assert p_join["join_surprisal"] == pytest.approx((SURPRISAL["p"] + SURPRISAL["c"]) / 2, abs=1e-12)
    model = shipped_model()
    assert model.score(tuple(k_join.values())) > model.score(tuple(p_join.values()))


def test_ranking_is_the_same_in_another_process_with_another_hash_seed():
    """Determinism: the full ranked list of a box, scores to the last digit, does not depend on the
    process's string hashing (set and dict order of words)."""
    script = ("import json, sys; from puzzlewright.letterboxed import api; from puzzlewright.schema import "
              "to_jsonable; print(json.dumps(to_jsonable(api.solve({'sides': 'ESP-LTM-OBI-CHR', 'all': True}))))")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    results = [untimed(json.loads(output)) for output in outputs]
    assert results[0] == results[-1] and results[0]["count"] > 300


# -- the NYT sample: found, and ranked as the setter picked -----------------------------------------

def test_nyt_sample_answers_are_found_and_ranked(shared_data, english):
    found = top1 = top10 = in_dictionary = 0
    for puzzle in load_samples(shared_data, "letterboxed-nyt-sample.json"):
        nyt = tuple(w.lower() for w in puzzle["nyt_solution"])
        if not all(word in english for word in nyt):
            continue
        in_dictionary += 1
        result = solve_json({"sides": puzzle["sides"], "max_words": 2, "all": True})
        ranked = [tuple(w.lower() for w in s["words"]) for s in result["solutions"]]
        assert nyt in ranked, puzzle["date"]
        found += 1
        top1 += ranked[0] == nyt
        top10 += nyt in ranked[:10]
    assert found == in_dictionary >= 90
    assert top10 >= 0.9 * found and top1 >= 0.6 * found


# -- options ---------------------------------------------------------------------------------------

def test_min_commonness_keeps_common_words_only(english):
    result = solve_json({"sides": "ERG-BID-NCF-TAO", "min_commonness": 3.0, "all": True})
    assert result["count"] > 0
    for words in solution_words(result):
        assert all(english.familiarity(word) >= 3.0 for word in words)


def test_limit_and_all():
    full = solve_json({"sides": "ERG-BID-NCF-TAO", "all": True})
    top = solve_json({"sides": "ERG-BID-NCF-TAO", "limit": 5})
    assert len(top["solutions"]) == 5 and top["count"] == full["count"] > 5
    assert top["solutions"] == full["solutions"][:5]


def test_budget_stops_the_search_and_says_so():
    result = solve_json({"sides": "ERG-BID-NCF-TAO"}, budget=Budget(nodes=1))
    assert result["complete"] is False


def test_words_lists_every_valid_word_most_common_first():
    result = words_json({"sides": "RME-WCL-TGK-API"})
    listed = [entry["word"] for entry in result["words"]]
    assert "pragmatic" in listed and result["count"] == len(listed)
    assert [e["zipf"] for e in result["words"]] == sorted((e["zipf"] for e in result["words"]), reverse=True)


def test_other_shapes():
    result = solve_json({"sides": "AB-CD-EF", "words": ["ace", "ebdf", "ecadbf", "face"]})
    assert solution_words(result) == {("ecadbf",), ("ace", "ebdf"), ("ebdf", "face"), ("face", "ebdf")}
    assert result["min_words"] == 1  # ACE-ECADBF is not listed: ECADBF alone solves the box
    assert result["solutions"][0]["words"] == ["ecadbf"]
    assert Box.parse("ABCDE-FGHIJ-KLMNO").shape == (3, 5)
    assert Box.parse(["ab", "cd", "ef", "gh", "ij", "kl"]).shape == (6, 2)


# -- parsing and errors ----------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["RME-WCL-TGK-API", "RME WCL TGK API", "RMEWCLTGKAPI", "rme-wcl-tgk-api",
                                  ["RME", "WCL", "TGK", "API"], " RME, WCL, TGK, API "])
def test_notations(spec):
    assert Box.parse(spec).sides == ("RME", "WCL", "TGK", "API")


@given(sides=nyt_boxes)
def test_notations_round_trip(sides):
    box = Box.parse(sides)
    assert Box.parse(str(box)) == Box.parse("".join(sides)) == Box.parse(" ".join(sides).lower()) == box
    assert box.mask == sum(1 << (ord(letter) - 97) for letter in "".join(sides).lower())


BAD_SIDES = {
    "RME-WC-TGK-API": "same number",
    "RME-WCL-TGK-APR": "appears twice",
    "RM3-WCL-TGK-API": "not letters",
    "RME--TGK-API": "empty side",
    "RMEWCLTGKAP": "12 letters",
    "ABC-DEF": "3 to 6 sides",
    "AB-CD-EF-GH-IJ-KL-MN": "3 to 6 sides",
    "ABCDEF-GHIJKL-MNOPQR": "2 to 5 letters",
    "A-B-C": "2 to 5 letters",
    "": "no sides",
}


@pytest.mark.parametrize("spec, message", BAD_SIDES.items())
def test_bad_sides_raise_one_clear_line(spec, message):
    with pytest.raises(PuzzleInputError, match=message):
        solve_json({"sides": spec})


@pytest.mark.parametrize("spec, message", [(s, m) for s, m in BAD_SIDES.items() if s])
def test_bad_sides_cli_exit_2(cli, spec, message):
    result = cli("letterboxed", "solve", spec)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("request_, message", [
    ({"sides": "RME-WCL-TGK-API", "max_words": 6}, "max_words"),
    ({"sides": "RME-WCL-TGK-API", "max_words": "3"}, "max_words"),
    ({"sides": "RME-WCL-TGK-API", "limit": -1}, "limit"),
    ({"sides": "RME-WCL-TGK-API", "words_exactly": 0}, "words_exactly"),
    ({"sides": "RME-WCL-TGK-API", "words_exactly": 2, "max_words": 2}, "not both"),
    ({"sides": "RME-WCL-TGK-API", "min_length": 2}, "min_length"),
    ({"sides": "RME-WCL-TGK-API", "min_length": 6, "max_length": 5}, "less than"),
    ({"sides": "RME-WCL-TGK-API", "max_length": "9"}, "max_length"),
    ({"sides": 12}, "sides"),
    ({}, "sides"),
    ({"sides": "RME-WCL-TGK-API", "dict": "klingon"}, "unknown dictionary"),
])
def test_bad_requests(request_, message):
    with pytest.raises(PuzzleInputError, match=message):
        solve_json(request_)


# -- command line ----------------------------------------------------------------------------------

def test_cli_solve_text_and_draw(cli):
    result = cli("letterboxed", "solve", "RME", "WCL", "TGK", "API", "--draw")
    assert result.exit_code == 0
    assert "1. " in result.stdout and "PRAGMATIC-CAKEWALK" in result.stdout and "MARKETPLACE-EARWIG" in result.stdout
    assert "+---R----M----E---+" in result.stdout


def test_cli_solve_json(cli):
    result = cli("letterboxed", "solve", "RMEWCLTGKAPI", "--json", "--limit", "1")
    answer = result.json()
    best = solve_json({"sides": "RME-WCL-TGK-API"})["solutions"][0]
    assert answer["solutions"] == [best] and best["contributions"] is None
    assert answer["count"] == 5 and answer["min_words"] == 2 and answer["sides"] == ["rme", "wcl", "tgk", "api"]


def test_cli_limit_0_counts_without_listing(cli):
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--limit", "0", "--draw")  # was KeyError: 'message'
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout == "RME-WCL-TGK-API: 5 solutions in 2 words (868 valid words in english-letterboxed, first 0 shown)\n"


def test_cli_no_solution_exits_0_and_says_so(cli):
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--max-words", "1")
    assert result.exit_code == 0 and "no solution within 1 word" in result.stdout
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--max-words", "1", "--json")
    assert result.exit_code == 0 and result.json()["solutions"] == []


def test_explain_gives_contributions_that_add_up_to_the_score():
    from puzzlewright.letterboxed.rank import FEATURES

    result = solve_json({"sides": "ERG-BID-NCF-TAO", "explain": True, "limit": 5})
    for solution in result["solutions"]:
        assert set(solution["contributions"]) == set(FEATURES)
        assert sum(solution["contributions"].values()) == pytest.approx(solution["score"], abs=0.01)
    assert solve_json({"sides": "ERG-BID-NCF-TAO", "limit": 1})["solutions"][0]["contributions"] is None


def test_cli_explain(cli):
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--explain", "--limit", "1")
    assert result.exit_code == 0
    assert "letters in all the words: 17" in result.stdout and "familiarity" in result.stdout


def test_ranking_features_come_from_the_lexicon():
    """The features of WIGWAM-MARKETPLACE, worked out by hand from the default dictionary's familiarity,
    Zipf frequency, SCOWL level and sources (rank.py keeps its own copy of the WordNet and known-words
    source bits, and of the flag bits of the words a solver ranks low)."""
    from puzzlewright.letterboxed.rank import EVERYDAY, FEATURES, KNOWN, RANKED_LOW, WORDNET
    from puzzlewright.lexicon.policy import ranked_low_bits
    from puzzlewright.lexicon.sources import SOURCE_BITS

    assert WORDNET == SOURCE_BITS["wordnet"] | SOURCE_BITS["wordnet-irregular"]
    assert KNOWN == SOURCE_BITS["lancaster"]
    assert RANKED_LOW == ranked_low_bits()
    lexicon = builtin_lexicon("english-letterboxed")
    result = solve_json({"sides": "RME-WCL-TGK-API", "explain": True})
    solution = next(s for s in result["solutions"] if s["words"] == ["wigwam", "marketplace"])
    words = ["wigwam", "marketplace"]
    familiar = [lexicon.familiarity(w) for w in words]
    zipf = [lexicon.commonness(w).zipf for w in words]
    position = [lexicon.position[w] for w in words]
    expected = {"lowest_zipf": min(zipf), "unused_familiarity": min(familiar) - min(zipf),
                "shortfall": sum(max(0.0, EVERYDAY - f) for f in familiar), "letters": 17, "length_gap": 5,
                "shortest": 6, "plurals": 0, "ed_ing": 0,
                "obscure": sum(int(lexicon.level[i]) > 60 for i in position),
                "rarest_level": max(int(lexicon.level[i]) or 70 for i in position) / 10,
                "not_wordnet": sum(not int(lexicon.sources[i]) & WORDNET for i in position),
                "not_known": sum(not int(lexicon.sources[i]) & KNOWN for i in position), "repeats": 3}
    model = shipped_model()
    for name, weight, typical in zip(FEATURES, model.weights, model.typical):
        if name in expected:
            assert solution["contributions"][name] == pytest.approx(weight * (expected[name] - typical), abs=1e-3)


def test_a_word_list_without_sources_is_not_marked_missing_from_wordnet():
    """A plain word list records no sources: "not in WordNet" (nor "not known") must not count against its
    words."""
    from puzzlewright.letterboxed.rank import FEATURES

    result = solve_json({"sides": "RME-WCL-TGK-API", "words": ["pragmatic", "cakewalk", "wigwam"], "explain": True})
    assert [s["words"] for s in result["solutions"]] == [["pragmatic", "cakewalk"]]
    model = dict(zip(FEATURES, zip(shipped_model().weights, shipped_model().typical)))
    for feature in ("not_wordnet", "not_known"):  # nor "outside the words most people know"
        weight, typical = model[feature]
        assert result["solutions"][0]["contributions"][feature] == pytest.approx(-weight * typical, abs=1e-3)


def test_web_tooltip_names_every_feature():
    """The web page's score tooltip has a short name for each ranking feature (and none for old ones)."""
    import re
    from importlib import resources

    from puzzlewright.letterboxed.rank import FEATURES

    script = resources.files("puzzlewright.web").joinpath("static/letterboxed.js").read_text()
    block = script[script.index("const FEATURE_NAMES = {"):]
    names = re.findall(r"(\w+): \"", block[:block.index("};")])
    assert names == list(FEATURES)


def test_ranker_file_matches_the_features():
    """The shipped weights name the features the code computes, in order (the fitting script writes it)."""
    from puzzlewright.letterboxed.rank import FEATURES, RANKER_FILE

    data = json.loads(open(RANKER_FILE).read())
    assert data["features"] == list(FEATURES) and len(data["weights"]) == len(FEATURES)
    assert all(isinstance(weight, float) for weight in data["weights"])


def test_cli_one_word_box_and_max_words(cli):
    result = cli("letterboxed", "solve", "LCA-EOP-XGH-IRY", "--limit", "2")
    assert result.exit_code == 0
    assert result.stdout.startswith("LCA-EOP-XGH-IRY: ") and ": 1 of 1 word, " in result.stdout
    assert "1. LEXICOGRAPHY " in result.stdout and "2. " in result.stdout
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--max-words", "3", "--limit", "4")
    assert "1,987 solutions: 5 of 2 words, 1,982 of 3 words" in result.stdout and "4. " in result.stdout


def test_cli_words_and_other_dictionaries(cli, tmp_path):
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--words")
    assert result.exit_code == 0 and "PRAGMATIC" in result.stdout
    words = tmp_path / "words.txt"
    words.write_text("pragmatic\ncakewalk\nwigwam\n")
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(words), "--json")
    assert solution_words(result.json()) == {("pragmatic", "cakewalk")}
    result = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--exclude-words", "cakewalk", "--json")
    assert ("pragmatic", "cakewalk") not in solution_words(result.json())


def test_cli_errors(cli, tmp_path):
    for args, message in [((), "no sides given"), (("RME-WCL-TGK-API", "--max-words", "6"), "--max-words"),
                          (("--batch", str(tmp_path / "none.jsonl")), "not found"),
                          (("RME-WCL-TGK-API", "--batch", "-"), "not both"),
                          (("RME-WCL-TGK-API", "--max-words", "2", "--words-exactly", "2"), "not both"),
                          (("RME-WCL-TGK-API", "--min-length", "7", "--max-length", "6"), "less than"),
                          (("RME-WCL-TGK-API", "--min-length", "2"), "--min-length"),
                          (("RME-WCL-TGK-API", "--max-length", "2"), "--max-length"),
                          (("RME-WCL-TGK-API", "--words-exactly", "0"), "--words-exactly"),
                          (("RME-WCL-TGK-API", "--words-exactly", "6"), "--words-exactly"),
                          (("RME-WCL-TGK-API", "--max-words", "two"), "--max-words"),
                          (("RME-WCL-TGK-API", "--dict", "klingon"), "unknown dictionary")]:
        result = cli("letterboxed", "solve", *args)
        assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_cli_batch(cli, tmp_path):
    batch = tmp_path / "puzzles.jsonl"
    lines = [{"sides": ["RME", "WCL", "KGT", "IPA"]}, {"sides": "ERG-BID-NCF-TAO", "limit": 2},
             {"sides": "RME-WCL-TGK-APR"}, "not json", {"sides": "RME-WCL-TGK-API", "max_words": 3, "limit": 0},
             {"sides": "RME-WCL-TGK-API", "words_exactly": 3, "min_length": 5, "max_length": 8, "limit": 0}]
    batch.write_text("\n".join(json.dumps(line) if isinstance(line, dict) else line for line in lines) + "\n")
    result = cli("letterboxed", "solve", "--batch", str(batch))
    assert result.exit_code == 0
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 6
    assert answers[0]["solutions"] == solve_json({"sides": "RME-WCL-TGK-API"})["solutions"]
    assert len(answers[1]["solutions"]) == 2
    assert "appears twice" in answers[2]["error"] and "invalid JSON" in answers[3]["error"]
    assert answers[4]["by_words"] == {"2": 5, "3": 1982}
    assert answers[5]["words_exactly"] == 3 and answers[5]["count"] == solve_json(lines[5])["count"] > 0


def test_cli_generate(cli):
    result = cli("letterboxed", "generate", "--count", "2", "--random-seed", "7", "--json", "--show-solution")
    assert result.exit_code == 0
    puzzles = result.json()["puzzles"]
    assert len(puzzles) == 2
    english = builtin_lexicon("english")
    for puzzle in puzzles:
        assert len(set("".join(puzzle["sides"]))) == 12 and [len(s) for s in puzzle["sides"]] == [3] * 4
        assert rule_problem(puzzle["sides"], puzzle["solution"], english) is None
        assert all(english.zipf_of(w.lower()) >= 3.0 for w in puzzle["solution"])
        assert puzzle["two_word_solutions"] >= 1 and 3 <= puzzle["par"] <= 6
    again = cli("letterboxed", "generate", "--count", "2", "--random-seed", "7", "--json", "--show-solution")
    assert again.json() == result.json()
    text = cli("letterboxed", "generate", "--random-seed", "7", "--draw")
    assert text.exit_code == 0 and "par:" in text.stdout


def test_tour_step(capsys):
    from puzzlewright.cli.letterboxed import tour_step

    tour_step()
    out = capsys.readouterr().out
    assert "PRAGMATIC-CAKEWALK" in out and "MARKETPLACE-EARWIG" in out and "ms" in out


# -- index, cache and rendering --------------------------------------------------------------------

def test_index_round_trip_and_builders_agree(english):
    from_lexicon = WordIndex.from_lexicon(english)
    from_words = WordIndex.from_words(
        "english", list(zip(english.words, english.zipf.tolist(), english.familiarity_values.tolist(),
                            english.level.tolist(), english.sources.tolist(), english.flags.tolist())))
    again = WordIndex.from_bytes(from_lexicon.to_bytes())
    for other in (from_words, again):
        assert (other.text, other.offsets, other.masks, other.starts, other.zipf, other.familiarity,
                other.levels, other.sources, other.flags, other.mask_numbers, other.firsts, other.lasts,
                other.all_bitsets()) == (
            from_lexicon.text, from_lexicon.offsets, from_lexicon.masks, from_lexicon.starts, from_lexicon.zipf,
            from_lexicon.familiarity, from_lexicon.levels, from_lexicon.sources, from_lexicon.flags,
            from_lexicon.mask_numbers, from_lexicon.firsts, from_lexicon.lasts, from_lexicon.all_bitsets())
    cat = from_lexicon.words.index("cat")
    assert abs(from_lexicon.familiarity[cat] - english.familiarity("cat")) < 1e-6
    flagged = [i for i, word in enumerate(from_lexicon.words) if english.flags_of(word)]
    assert flagged and all(from_lexicon.flags[i] == english.flag_bits(from_lexicon.words[i]) for i in flagged)


def test_cache_file_is_written_and_reused(tmp_path):
    built = cached_builtin_index("wordle-answers", tmp_path)
    files = list(tmp_path.glob("letterboxed-wordle-answers-*.marshal"))
    assert len(files) == 1
    assert cached_builtin_index("wordle-answers", tmp_path).text == built.text
    assert cached_builtin_index("no-such-dictionary", tmp_path) is None


def test_an_old_index_removed_by_another_process_meanwhile_is_no_error(tmp_path, monkeypatch):
    """Two processes rebuilding a dictionary's index after an upgrade both list the old version's file to
    remove it; the one that comes second finds it gone, and still returns the index it built."""
    import os
    import types

    from puzzlewright.letterboxed import index as index_module

    old = tmp_path / "letterboxed-wordle-answers-1-2-v4.marshal"
    old.write_bytes(b"an index of an older version")

    def listdir_then_other_process_removes(path):
        names = os.listdir(path)
        old.unlink(missing_ok=True)  # the other process removes it after this one listed it
        return names

    racing_os = types.SimpleNamespace(**{name: getattr(os, name) for name in dir(os) if not name.startswith("__")})
    racing_os.listdir = listdir_then_other_process_removes
    monkeypatch.setattr(index_module, "os", racing_os)
    built = cached_builtin_index("wordle-answers", tmp_path)
    assert "cigar" in built.words and not old.exists()
    kept = [path.name for path in tmp_path.glob("letterboxed-wordle-answers-*")]
    assert len(kept) == 1 and kept[0].endswith(f"-v{index_module.INDEX_FORMAT}.marshal")
    assert cached_builtin_index("wordle-answers", tmp_path).text == built.text  # read back from that file


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "old format"])
def test_a_damaged_index_cache_file_is_built_again(tmp_path, damage):
    """The cached index is viewed in place (memoryviews of the mapped file): one cut short, overwritten,
    emptied or of another format is never used, and is replaced by a good one."""
    import pickle

    built = cached_builtin_index("wordle-answers", tmp_path)
    [path] = tmp_path.glob("letterboxed-wordle-answers-*.marshal")
    data = path.read_bytes()
    path.write_bytes({"truncated": data[:len(data) // 2], "garbage": b"PWLB" + bytes(range(256)) * 40, "empty": b"",
                      "old format": data.replace(b"PWLB", b"PWLA", 1)}[damage])
    again = cached_builtin_index("wordle-answers", tmp_path)
    assert again == built and isinstance(again.zipf, (array.array, memoryview))
    assert path.read_bytes() == data  # rewritten whole
    viewed = cached_builtin_index("wordle-answers", tmp_path)
    assert isinstance(viewed.text, memoryview) and viewed == built
    copy = pickle.loads(pickle.dumps(viewed))
    assert copy == built and isinstance(copy.text, bytes) and copy.word(0) == built.word(0)


def _word_list_file(path, words):
    path.write_text("\n".join(words) + "\n")
    return path


def test_a_word_file_index_is_cached_by_content_and_rebuilt_when_the_file_changes(tmp_path, monkeypatch):
    from puzzlewright.letterboxed import index as index_module
    from puzzlewright.lexicon.wordfile import WordFile

    cache = tmp_path / "cache"
    words = ["pragmatic", "cakewalk", "wigwam", "marketplace", "earwig", "cat", "tag"]
    first = _word_list_file(tmp_path / "mine.txt", words)
    built = index_module.file_index(WordFile(str(first)), cache)
    cached = list(cache.glob("letterboxed-file-*.marshal"))
    assert len(cached) == 1 and built.name == "mine.txt"
    monkeypatch.setattr(index_module, "_BY_FILE", {})  # a new process: the index comes from the file
    monkeypatch.setattr(WordIndex, "from_lexicon", lambda lexicon: pytest.fail("indexed again"))
    renamed = _word_list_file(tmp_path / "copy.txt", words)  # the same bytes under another name
    again = index_module.file_index(WordFile(str(renamed)), cache)
    assert again.name == "copy.txt" and (again.text, again.masks, again.zipf) == (built.text, built.masks, built.zipf)
    monkeypatch.undo()
    monkeypatch.setattr(index_module, "_BY_FILE", {})
    _word_list_file(first, words[:-2])  # the file changes: another address, indexed again
    changed = index_module.file_index(WordFile(str(first)), cache)
    assert "cat" in built.words and "cat" not in changed.words
    assert len(list(cache.glob("letterboxed-file-*.marshal"))) == 2


def test_solving_with_a_word_file_gives_the_same_answer_with_and_without_its_cache(tmp_path, monkeypatch, cli):
    from puzzlewright.lexicon import builtin_lexicon

    words = [w for w in builtin_lexicon("english").words if set(w) <= set("rmewcltgkapi")]
    path = _word_list_file(tmp_path / "box-words.txt", words)
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "cache"))
    from puzzlewright.letterboxed import index as index_module

    monkeypatch.setattr(index_module, "_BOXES_READ", {})
    runs = [cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(path), "--all", "--json")]
    assert not list((tmp_path / "cache").glob("letterboxed-file-*.marshal"))  # one box reads the file as it is
    runs.append(cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(path), "--all", "--json"))
    assert list((tmp_path / "cache").glob("letterboxed-file-*.marshal"))  # a second box in a process: indexed
    from puzzlewright.lexicon import load_lexicon

    uncached = api.solve({"sides": "RME-WCL-TGK-API", "all": True}, lexicon=load_lexicon(str(path)))
    assert runs[0].exit_code == 0 and runs[0].json() == runs[1].json() == untimed(json.loads(json.dumps(to_jsonable(uncached))))
    assert runs[0].json()["dictionary"] == "box-words.txt" and runs[0].json()["count"] >= 3


def _box_words_columns(found):
    return (found.words, found.zipf, found.familiarity, found.levels, found.sources, found.flags, found.masks)


@pytest.fixture(scope="module")
def word_list_files(tmp_path_factory):
    """A plain list of every third word of english-large written untidily (capitals, blanks around words,
    comments, blank lines, CRLF line ends, entries that are not words), the same words as a frequency list
    and as a scored list, and a plain list with accented entries (read line by line)."""
    large = builtin_lexicon("english-large")
    words = list(large.words[::3])
    folder = tmp_path_factory.mktemp("word-lists")
    untidy = ["# a comment line", "", "ice-cream", "R2D2", "new york"]
    for i, word in enumerate(words):
        untidy.append([word, word.upper(), f"  {word}\t", word.capitalize(), f"#{word}"][i % 5])
    plain = folder / "plain.txt"
    plain.write_bytes(("\r\n".join(untidy) + "\r\n").encode("ascii"))
    freq = folder / "freq.txt"
    freq.write_text("".join(f"{word}\t{1 + i % 997}\n" for i, word in enumerate(words[::2])))
    scored = folder / "scored.txt"
    scored.write_text("".join(f"{word};{i % 101}\n" for i, word in enumerate(words[::2])))
    accented = folder / "accented.txt"
    accented.write_text("\n".join(["café", "Ärger", "naïve", *words[:20000]]) + "\n", encoding="utf-8")
    return {"plain": plain, "freq": freq, "scored": scored, "accented": accented}


@pytest.mark.parametrize("kind", ["plain", "freq", "scored", "accented"])
def test_a_word_file_read_for_one_box_gives_the_words_of_the_whole_file_index(kind, word_list_files, shared_data,
                                                                              tmp_path, monkeypatch):
    """The box's words read straight from the file (only the lines it can spell, commonness joined from
    english-large's index) are those the file's whole index gives, with the same values, on real puzzles."""
    from puzzlewright.letterboxed import index as index_module
    from puzzlewright.lexicon.wordfile import WordFile

    word_file = WordFile(str(word_list_files[kind]))
    whole = index_module.file_index(word_file, tmp_path)
    step = 40 if kind == "plain" else 240  # other files are read whole for each box (about a second each)
    puzzles = json.loads((shared_data / "train" / "letterboxed-nyt-train.json").read_text())[::step]
    puzzles.append({"sides": ["RME", "WCL", "TGK", "API"]})
    for puzzle in puzzles:
        box = Box.parse(puzzle["sides"])
        from_file = index_module.box_file_index(word_file, box)
        assert from_file.name == word_file.name
        assert _box_words_columns(box_words(box, from_file)) == _box_words_columns(box_words(box, whole)), puzzle
    assert len(box_words(box, from_file)) > 50


def test_a_word_file_solve_reads_the_file_each_time_and_follows_its_changes(tmp_path, monkeypatch, cli):
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "cache"))
    path = _word_list_file(tmp_path / "mine.txt", ["pragmatic", "cakewalk", "wigwam", "marketplace", "earwig"])
    first = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(path), "--json").json()
    assert [s["words"] for s in first["solutions"]] == [["wigwam", "marketplace"], ["pragmatic", "cakewalk"],
                                                        ["marketplace", "earwig"]]
    _word_list_file(path, ["pragmatic", "cakewalk"])
    second = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(path), "--json").json()
    assert [s["words"] for s in second["solutions"]] == [["pragmatic", "cakewalk"]] and second["valid_words"] == 2
    _word_list_file(path, ["zzz", "qqq"])  # no word of the box: no solution, no error
    assert cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(path), "--json").json()["count"] == 0
    path.write_text("# only a comment\n\n")
    empty = cli("letterboxed", "solve", "RME-WCL-TGK-API", "--dict", str(path))
    assert empty.exit_code == 2 and "error:" in empty.stderr and len(empty.stderr.strip().splitlines()) == 1


def test_a_batch_on_a_word_file_answers_as_single_solves(tmp_path, monkeypatch, cli, shared_data):
    """A batch reads the box's words from the file for its first record and the file's whole index for
    the rest: every record's answer is the one a process solving only that box gives."""
    from puzzlewright.letterboxed import index as index_module

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "cache"))
    words = builtin_lexicon("english").words
    path = _word_list_file(tmp_path / "words.txt", words)
    puzzles = json.loads((shared_data / "train" / "letterboxed-nyt-train.json").read_text())[:4]
    batch = tmp_path / "batch.jsonl"
    batch.write_text("".join(json.dumps({"sides": p["sides"]}) + "\n" for p in puzzles))
    monkeypatch.setattr(index_module, "_BOXES_READ", {})
    answers = [untimed(json.loads(line)) for line in cli("letterboxed", "solve", "--batch", str(batch), "--dict", str(path),
                                                 "--all").stdout.splitlines()]
    assert len(answers) == len(puzzles)
    for puzzle, answer in zip(puzzles, answers):
        monkeypatch.setattr(index_module, "_BOXES_READ", {})  # a new process: the box's words from the file
        alone = cli("letterboxed", "solve", *puzzle["sides"], "--dict", str(path), "--all", "--json").json()
        assert answer == alone and answer["count"] >= 1


def test_a_word_file_solve_imports_no_numpy_even_with_an_empty_cache_folder(tmp_path):
    """A new file is solved without numpy, english-large's commonness looked up in its inflated words (kept
    in the cache folder by the first run, not built into an index), the same way on the next run."""
    from puzzlewright.letterboxed.index import REFERENCE

    path = _word_list_file(tmp_path / "mine.txt", ["pragmatic", "cakewalk", "wigwam", "marketplace", "earwig"])
    code = ("import sys\nfrom puzzlewright.cli.main import main\n"
            f"try: main(['letterboxed', 'solve', 'RME-WCL-TGK-API', '--dict', {str(path)!r}])\n"
            "except SystemExit: pass\nprint('numpy' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PUZZLEWRIGHT_CACHE": str(tmp_path / "cache")}) for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout and "WIGWAM-MARKETPLACE" in runs[0].stdout
    assert runs[0].stdout.splitlines()[-1] == "False"
    kept = [file.name for file in (tmp_path / "cache").iterdir()]
    assert any(name.startswith(f"letterboxed-words-{REFERENCE}-") for name in kept), kept
    assert not any(name.startswith(f"letterboxed-{REFERENCE}-") for name in kept), kept  # no index built


def test_the_reference_words_give_each_word_its_number_and_the_lexicon_s_commonness():
    """:class:`SortedWords` numbers every word of english-large as its lexicon does, with the same values
    (and flags), and finds no word the dictionary lacks (made-up words, words past either end, words that are not a-z)."""
    from puzzlewright.letterboxed.index import columns_bytes, viewed_columns
    from puzzlewright.lexicon.shipped import builtin_archive
    from puzzlewright.lexicon.archive import SortedWords

    large = builtin_lexicon("english-large")
    columns = SortedWords.columns_of(builtin_archive("english-large"))
    reference = SortedWords(*viewed_columns(columns_bytes(b"TEST", (), columns), b"TEST")[1])  # as kept
    words = list(large.words)
    assert reference.numbers(words) == {word: number for number, word in enumerate(words)}
    sample = [*words[:30], *words[-30:], *words[::997], "kike", "shit", "atlanta"]
    values = reference.values(reference.numbers([w])[w] for w in sample)
    for word, (zipf, familiarity, level, flags) in zip(sample, values):
        assert large.commonness(word) == Commonness(zipf, level or None, familiarity), word
        assert flags == large.flag_bits(word), word
    assert all(flags for *_, flags in values[-3:])
    known = set(words)
    made_up = [word + suffix for word in words[::101] for suffix in ("qx", "a", "z")] + ["zzzzzzzz", "aaaaaa", "q"]
    assert {word for word in made_up if word in known} == set(reference.numbers(made_up))
    assert reference.numbers(["Cat", "ca t", "", "café", "x-ray", "cat"]) == {"cat": words.index("cat")}


def test_the_reference_words_are_kept_and_a_damaged_or_stale_copy_is_made_again(tmp_path, monkeypatch):
    """english-large's words are inflated once into the cache folder; an empty, cut, foreign or damaged
    copy is inflated again (and looks words up as the first did), and older versions are removed."""
    from puzzlewright.letterboxed import index as index_module

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    looked_up = ["cat", "zyzzyva", "a", "aardvark", "qqqq"]
    index_module.reference_words.cache_clear()
    expected = index_module.reference_words().numbers(looked_up)
    (path,) = tmp_path.glob("letterboxed-words-english-large-*.columns")
    kept = path.read_bytes()
    stale = tmp_path / "letterboxed-words-english-large-1-2-v0.columns"
    for damage in (b"", kept[:-100], b"PWRW" + kept[8:200], b"x" * 100, kept[:4] + bytes(8)):
        stale.write_bytes(b"an older version")
        path.unlink()  # the mapped copy stays readable; a new file takes its name
        path.write_bytes(damage)
        index_module.reference_words.cache_clear()
        assert index_module.reference_words().numbers(looked_up) == expected, damage[:12]
        assert path.read_bytes() == kept and not stale.exists()
    index_module.reference_words.cache_clear()
    assert len(expected) == 4


def test_a_box_read_from_a_file_with_words_english_large_lacks_matches_the_whole_file_index(tmp_path):
    """Words english-large lacks get no commonness whichever way the file is read, and the rest theirs."""
    from puzzlewright.letterboxed import index as index_module
    from puzzlewright.lexicon.wordfile import WordFile

    box = Box.parse("RME-WCL-TGK-API")
    real = [word for word in builtin_lexicon("english-large").words if not word.strip(box.letters)][::2]
    real += ["wigwam", "kike"]  # a word with commonness, and a flagged one (a slur: its flags come along)
    made_up = ["pragmatical", "wigwamp", "cakewalker", "earwigle", "marketplacer", "milkcart", "zzz"]
    word_file = WordFile(str(_word_list_file(tmp_path / "words.txt", sorted({*real, *made_up}))))
    from_file = box_words(box, index_module.box_file_index(word_file, box))
    assert _box_words_columns(from_file) == _box_words_columns(box_words(box, index_module.file_index(word_file,
                                                                                                     tmp_path)))
    zipf = dict(zip(from_file.words, from_file.zipf))
    assert "milkcart" not in builtin_lexicon("english-large")
    assert zipf["wigwamp"] == zipf["milkcart"] == 0.0 and zipf["wigwam"] > 0
    flags = dict(zip(from_file.words, from_file.flags))
    assert flags["kike"] == builtin_lexicon("english-large").flag_bits("kike") != 0 and flags["wigwam"] == 0


def test_render_box():
    drawing = render_box(Box.parse("RME-WCL-TGK-API"), ["PRAGMATIC", "CAKEWALK"])
    for letter in "RMEWCLTGKAPI":
        assert letter in drawing
    assert "PRAGMATIC" in drawing and "CAKEWALK" in drawing
    assert "A" in render_box(Box.parse("AB-CD-EF-GH-IJ"))


# -- sides as people type them ---------------------------------------------------------------------

@pytest.mark.parametrize("spec", [
    "r m e w c l t g k a p i", "R-M-E-W-C-L-T-G-K-A-P-I", "r,m,e,w,c,l,t,g,k,a,p,i",
    "Top: RME Right: WCL Bottom: TGK Left: API", "top:rme right:wcl bottom:tgk left:api",
    "Left: API, Top: RME, Bottom: TGK, Right: WCL", "Top: R M E  Right: W-C-L  Bottom: TGK  Left: API",
    "RME; WCL; TGK; API", '["RME", "WCL", "TGK", "API"]', "(rme) (wcl) (tgk) (api)", "RME | WCL | TGK | API",
    list("rmewcltgkapi"),
])
def test_sides_typed_any_reasonable_way(spec):
    assert Box.parse(spec).sides == ("RME", "WCL", "TGK", "API")


@pytest.mark.parametrize("spec, message", [
    ("r m e w c l", "6 single letters: a box has 2 to 5 letters on each side"),
    ("Top: RME Right: WCL Bottom: TGK", "no Left: side"),
    ("Top: RME Top: WCL Bottom: TGK Left: API", "Top: is given twice"),
    ("RME Right: WCL Bottom: TGK Left: API", "'RME' comes before the first label"),
])
def test_sides_typed_wrongly_get_one_clear_line(spec, message):
    with pytest.raises(PuzzleInputError, match=re.escape(message)):
        Box.parse(spec)


def test_cli_takes_spaced_letters_and_labels(cli):
    for argv in (list("rmewcltgkapi"), ["Top:", "RME", "Right:", "WCL", "Bottom:", "TGK", "Left:", "API"],
                 ["Top: RME Right: WCL Bottom: TGK Left: API"]):
        result = cli("letterboxed", "solve", *argv, "--limit", "1")
        assert result.exit_code == 0 and result.stdout.startswith("RME-WCL-TGK-API: ")
    result = cli("letterboxed", "solve", "Top: RME Right: WCL")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "no Bottom: or Left: side" in result.stderr


@given(data=st.data())
@pytest.mark.parametrize("boxes", [small_boxes, big_boxes], ids=["3x2", "6x3"])
def test_valid_words_in_bulk_are_the_words_the_box_allows(boxes, data):
    """Box.valid_words (all words at once, in C) keeps exactly the words is_valid_word accepts, in order:
    short words, words with letters off the box, doubled letters and same-side pairs are dropped."""
    box = Box.parse(data.draw(boxes))
    words = data.draw(st.lists(st.text("abcdefghijklmnopqrz", max_size=8), max_size=40))
    assert box.valid_words(words) == [word for word in words if box.is_valid_word(word)]


@given(sides=nyt_boxes)
def test_spaced_and_labelled_notations_round_trip(sides):
    box = Box.parse(sides)
    assert Box.parse(" ".join("".join(sides)).lower()) == box
    labelled = dict(zip(("Top", "Right", "Bottom", "Left"), sides))
    assert Box.parse(" ".join(f"{label}: {side}" for label, side in reversed(labelled.items()))) == box


def test_plain_value_classes_compare_hash_and_show_their_fields_and_refuse_changes():
    """Box, the index and the ranker are plain classes (no dataclasses on the quick path), with a
    dataclass's equality, repr and, where immutable, hash."""
    box, same, other = Box.parse("RME-WCL-TGK-API"), Box(("RME", "WCL", "TGK", "API")), Box.parse("ERG-BID-NCF-TAO")
    assert box == same and box != other and hash(box) == hash(same) and len({box, same, other}) == 2
    assert repr(box) == "Box(sides=('RME', 'WCL', 'TGK', 'API'))"
    with pytest.raises(AttributeError, match="immutable"):
        box.sides = ("ABC",)  # type: ignore[misc]
    with pytest.raises(PuzzleInputError):
        Box(("AB", "CD"))  # the shape is checked on construction, as before
    model = shipped_model()
    assert model == type(model)(model.weights, model.typical) and hash(model) == hash(type(model)(model.weights,
                                                                                                 model.typical))
    with pytest.raises(AttributeError, match="immutable"):
        model.weights = ()  # type: ignore[misc]
    small = WordIndex.from_words("small", [("cat", 4.0, 4.0, 10, 0, 0), ("act", 3.0, 3.0, 20, 0, 0)])
    assert small == WordIndex.from_words("small", [("act", 3.0, 3.0, 20, 0, 0), ("cat", 4.0, 4.0, 10, 0, 0)])
    assert small != WordIndex.from_words("small", [("cat", 4.0, 4.0, 10, 0, 0)])
    assert repr(small).startswith("WordIndex(name='small', text=b'act\\ncat\\n', ")
