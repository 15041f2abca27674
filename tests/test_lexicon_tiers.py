"""The built-in English tiers (issue #11): what is in and out, familiarity, and how the tiers nest."""

import pytest

from puzzlewright.lexicon import load_lexicon

# Words the NYT's Letter Boxed and the Jumble use that the old dictionaries lacked; each must be found by
# the build's sources and rules (or, for the few no source has, the reviewed list).
MODERN = ("abs autocomplete blowdart bulgogi catsup clownfish crowdsource downvoting facelift favorited foci "
          "frijoles hotdog hyperdrive jankiest knackwurst lifehack omigosh photobombed polyamorous schmutz "
          "scrunchie skimboard stromboli unibrow videocam weblink").split()
LARGE_ONLY_BEFORE = "crushable kryptonite powerbroker ritz tangly thunk unhip upshift waterski workaround".split()
JUMBLE = "snuck gangly loch morph toon crit rec".split()
# Junk the old dictionaries accepted: inflections no one writes, abbreviations, letter strings.
JUNK = "ened kond apieces abrupts boughts aaa trt cte taa clepe tuktu jaaps cawks".split()


@pytest.fixture(scope="module")
def tiers():
    return {name: load_lexicon(name) for name in ("english-common", "english", "english-letterboxed",
                                                 "english-large")}


@pytest.mark.parametrize("word", MODERN + JUMBLE)
def test_modern_and_jumble_words_are_in_english(tiers, word):
    assert word in tiers["english"]
    assert word in tiers["english-letterboxed"] and word in tiers["english-large"]


@pytest.mark.parametrize("word", LARGE_ONLY_BEFORE)
def test_formerly_large_only_words_are_in_the_letter_boxed_default(tiers, word):
    assert word in tiers["english-letterboxed"]


@pytest.mark.parametrize("word", JUNK)
def test_junk_is_not_in_english(tiers, word):
    assert word not in tiers["english"]
    assert word not in tiers["english-common"]


@pytest.mark.parametrize("word", ["aaa", "trt", "cte", "taa", "kond", "ened"])
def test_abbreviations_and_letter_strings_are_not_in_english_large(tiers, word):
    assert word not in tiers["english-large"]


def test_tiers_nest(tiers):
    common, english, large = (tiers[n].word_set for n in ("english-common", "english", "english-large"))
    assert common <= english <= large
    assert tiers["english-letterboxed"].word_set <= large
    assert 50_000 < len(common) < 100_000 < len(english) < len(tiers["english-letterboxed"]) < len(large)


def test_familiarity_is_on_the_zipf_scale_and_orders_words(tiers):
    english = tiers["english"]
    assert english.familiarity("the") > 6
    assert 2.5 < english.familiarity("umbrella") < 4.5
    assert english.familiarity("cat") > english.familiarity("bisque") > english.familiarity("tangly")
    assert english.familiarity("xyzzy") is None
    assert english.commonness("cat").familiarity == english.familiarity("cat")
    assert english.commonness("cat").to_json()["familiarity"] == round(english.familiarity("cat"), 2)


def test_common_tier_is_a_familiarity_floor_of_english(tiers):
    common = tiers["english-common"]
    assert min(common.familiarity_values) >= 2.5
    assert len(tiers["english"].filter(min_commonness=2.5)) == len(common)


def test_min_commonness_filters_on_familiarity(tiers):
    english = tiers["english"]
    floor = english.filter(min_commonness=3)
    assert all(english.familiarity(w) >= 3 for w in floor.words[::500])
    table = floor.of_length(5)
    assert (table.familiarity >= 3).all() and len(table.familiarity) == len(table.words)


def test_extra_words_get_the_reference_familiarity():
    assert "divebomb" not in load_lexicon("english")
    english = load_lexicon("english", extra_words="divebomb")
    assert english.familiarity("divebomb") == load_lexicon("english-large").familiarity("divebomb") > 0


def test_known_words_are_marked_with_their_inflections(tiers):
    """The ``lancaster`` source bit: words of the Lancaster norms' list of words most people know, and
    their regular inflections (TOUCHES of TOUCH: any base counts, not only the one rule 4 links), but not
    rare words, which the list leaves out however often dictionaries list them."""
    from puzzlewright.lexicon.sources import SOURCE_BITS, source_names

    large = tiers["english-large"]

    def known(word: str) -> bool:
        return bool(int(large.sources[large.position[word]]) & SOURCE_BITS["lancaster"])

    assert all(known(w) for w in ("semicolon", "semicolons", "gingerbread", "handiwork", "debonair", "touches",
                                  "walked", "tantrum"))
    assert not any(known(w) for w in ("cajolery", "impost", "imposts", "aquavit"))
    assert "lancaster" in source_names(int(large.sources[large.position["semicolon"]]))
    share = sum(known(w) for w in tiers["english-common"].word_set) / len(tiers["english-common"].word_set)
    assert 0.5 < share < 0.95  # most everyday words, not all
