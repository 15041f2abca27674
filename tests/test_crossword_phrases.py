"""Issue #32 item 1: multiword phrases as crossword entries. Grid forms and display forms, flags inherited
from the phrase's words, the lookup and explain commands, fills that use phrases (and can turn them off),
and every other puzzle still on single words."""

import pytest

from puzzlewright.grid import api
from puzzlewright.grid.score import FLAG_PENALTIES, LISTED_PHRASE_BONUS, PHRASE_BONUS, entry_score, entry_scores
from puzzlewright.lexicon import builtin_lexicon, load_lexicon, lookup_words
from puzzlewright.lexicon.phrases import crossword_phrases, display_form, find_phrase, phrase_key, phrase_lexicon
from puzzlewright.lexicon.policy import Use, publishable

WATCHED = ("offensive", "vulgar", "unpleasant")


@pytest.fixture(scope="module")
def phrases():
    return phrase_lexicon()


@pytest.mark.parametrize("raw, key", [("On the dot", "onthedot"), ("  red   herring ", "redherring"),
                                      ("by-and-by", "byandby"), ("rock 'n' roll", "rocknroll"),
                                      ("ONTHEDOT", "onthedot"), ("on the 2nd", None), ("café au lait", None),
                                      ("", None), (" - ", None)])
def test_a_phrase_is_looked_up_by_its_letters(raw, key):
    assert phrase_key(raw) == key


def test_the_list_is_a_quality_list_of_grid_forms_with_their_display_forms(phrases):
    """Thousands of phrases, not every WordNet compound; each grid form is the display form's letters, and
    none is also a word of ``english``, the dictionary fills use by default (the word stays a word)."""
    assert 3_000 <= len(phrases) <= 50_000
    english = load_lexicon("english")
    for word in phrases.words:
        shown = display_form(word)
        assert " " in shown and phrase_key(shown) == word and word not in english
    assert display_form("onthedot") == "on the dot" and display_form("cat") == "cat"
    assert entry_scores(phrases).min() >= 3.0  # the build keeps phrases scoring 3.0 or more


def test_a_phrase_carries_every_flag_of_its_words(phrases):
    """Any word offensive, vulgar or unpleasant -> the phrase is too (a property over the whole list), and
    WordNet's usage labels flag phrases whose words are clean (WHITE TRASH)."""
    large = builtin_lexicon("english-large")
    for word in phrases.words:
        inherited = set().union(*(large.flags_of(part) for part in display_form(word).replace("-", " ").split()))
        assert inherited & set(WATCHED) <= phrases.flags_of(word), word
    assert "offensive" in phrases.flags_of("mentallyretarded") and "offensive" in large.flags_of("retarded")
    assert "unpleasant" in phrases.flags_of("massmurder")
    assert "offensive" in phrases.flags_of("whitetrash") and not large.flags_of("white") | large.flags_of("trash")
    # reviewed: phrases vulgar as a whole, or by a word harmless alone, that default fills had reached
    assert all("vulgar" in phrases.flags_of(word) for word in ("godownon", "biteme", "pissedoff", "upyours"))


def test_a_mild_word_makes_a_phrase_vulgar_though_it_is_unflagged_alone(phrases):
    """BUTT and ASS are printable alone; in a phrase their crude sense is the one read (OLD FART came out
    of a fill): the rule of scripts/mild-words.txt, for every word of that family. FART itself is now
    unpleasant (a point lower), which leaves OLD FART below the list's score floor altogether."""
    large = builtin_lexicon("english-large")
    assert large.flags_of("fart") == {"unpleasant"} and not large.flags_of("butt") and not large.flags_of("ass")
    assert all("vulgar" in phrases.flags_of(word) for word in ("painintheass", "kickbutt"))
    assert "oldfart" not in phrases or "vulgar" in phrases.flags_of("oldfart")
    assert "kickbutt" not in publishable(phrases, Use.PHRASE) and "kickbutt" in publishable(phrases, Use.PHRASE, ["vulgar"])


def test_names_and_unpublishable_phrases_stay_out_of_fills_unless_allowed(phrases):
    kept = publishable(phrases, Use.PHRASE)
    assert not kept.flagged(["offensive", "vulgar", "proper"]).any()
    assert "abrahamlincoln" in phrases and "abrahamlincoln" not in kept
    assert "abrahamlincoln" in publishable(phrases, Use.PHRASE, ["proper"])
    assert "whitetrash" not in publishable(phrases, Use.PHRASE, ["vulgar", "proper"])


def test_a_phrase_scores_on_the_words_scale(phrases):
    """The fill score of a phrase is its familiarity plus the phrase bonus less the words' penalties: ON THE
    DOT (a Wiktionary idiom the bigram list attests: familiarity 4) gets the known phrases' bonus; SHEEP
    ROT, which only WordNet lists (familiarity 2.5), and MASS MURDER (familiarity 4, unpleasant) get the
    smaller one, and the flag costs its penalty."""
    assert PHRASE_BONUS > LISTED_PHRASE_BONUS > 0
    assert phrases.familiarity("onthedot") == pytest.approx(4.0)
    assert entry_score(phrases, "onthedot") == pytest.approx(4.0 + PHRASE_BONUS)
    assert phrases.familiarity("sheeprot") == pytest.approx(2.5)
    assert entry_score(phrases, "sheeprot") == pytest.approx(2.5 + LISTED_PHRASE_BONUS)
    assert phrases.familiarity("massmurder") == pytest.approx(4.0)
    assert entry_score(phrases, "massmurder") == pytest.approx(4.0 + LISTED_PHRASE_BONUS - FLAG_PENALTIES["unpleasant"])
    assert crossword_phrases("wordle-answers") is None and crossword_phrases("english-common") is not None
    assert crossword_phrases("english-common").familiarity_values.min() >= 2.5


def test_lookup_knows_a_phrase_in_the_cli_and_the_library(cli):
    found = cli("dict", "lookup", "On the dot", "cat", "--json").json()
    phrase = found["words"][0]
    assert phrase["found"] and phrase["phrase"]["grid"] == "ONTHEDOT" and phrase["phrase"]["phrase"] == "on the dot"
    assert "wordnet-phrase" in phrase["phrase"]["sources"] and phrase["familiarity"] == 4.0
    assert lookup_words(load_lexicon("english"), ["On the dot", "cat"]) == found
    assert cli("dict", "lookup", "on the dot").stdout.startswith("on the dot: yes, a crossword phrase ONTHEDOT")
    assert cli("dict", "lookup", "on the dot", "--dict", "wordle-answers", "--json").json()["words"][0]["found"] is False
    assert not cli("dict", "lookup", "on the zebra", "--json").json()["words"][0]["found"]


def test_explain_shows_a_phrases_sources_score_and_flags(cli, phrases):
    facts = cli("dict", "explain", "on the dot", "--json").json()
    assert facts["word"] == "on the dot" and facts["phrase"]["grid"] == "ONTHEDOT"
    assert facts["phrase"]["fill_score"] == pytest.approx(entry_score(phrases, "onthedot"))
    assert {source["name"] for source in facts["sources"]} == {"wordnet-phrase", "google-books-bigrams",
                                                             "wiktionary-idiom"}
    assert facts["tiers"]["english"]["in"]
    flagged = cli("dict", "explain", "white trash", "--json").json()
    assert [flag["name"] for flag in flagged["flags"]] == ["offensive"]
    text = cli("dict", "explain", "on the dot").stdout
    assert f"a crossword phrase ONTHEDOT, fill score {4.0 + PHRASE_BONUS:.2f}" in text and "WordNet multiword lemma" in text
    assert find_phrase("my bad")["sources"] == ["google-books-bigrams", "wiktionary-idiom"]  # an idiom only
    assert find_phrase("ill be") is None  # I'LL BE: idioms with apostrophes are left out


def test_a_fill_uses_a_phrase_and_shows_it_as_written():
    """ONTHED.. fits a phrase only: the fill has it, its grid letters without spaces and its display form;
    without phrases there is none."""
    result = api.fill({"grid": "onthed.."})
    assert result.best.words == ["onthedot"] and result.best.display == ["on the dot"]
    assert result.best.rows == ["onthedot"]
    assert not api.fill({"grid": "onthed..", "phrases": False}).fills
    assert not api.fill({"grid": "onthed..", "words": ["cat", "dog"]}).fills  # a request's own words only
    assert api.verify({"grid": "onthedot"}).valid and not api.verify({"grid": "onthedot", "phrases": False}).valid


def test_the_cli_prints_the_phrases_of_a_fill_and_can_leave_them_out(cli):
    with_phrases = cli("grid", "fill", "--template", "onthed..")
    assert with_phrases.exit_code == 0 and "phrases: ON THE DOT" in with_phrases.stdout
    assert cli("grid", "fill", "--template", "onthed..", "--no-phrases").exit_code == 1
    shown = cli("grid", "fill", "--template", "onthed..", "--json").json()
    assert shown["fills"][0]["display"] == ["on the dot"] and shown["fills"][0]["words"] == ["onthedot"]


def test_fills_with_phrases_are_deterministic():
    """The same request gives the same fill, phrases and all (ties broken on purpose, node budgets)."""
    request = {"grid": "#......./......../......../.......#", "random_seed": 3, "count": 2}
    first, second = api.fill(request), api.fill(request)
    assert [fill.words for fill in first] == [fill.words for fill in second]
    assert [fill.display for fill in first] == [fill.display for fill in second]
    for fill in first:
        assert len(fill.display) == len(fill.words)
        assert [phrase_key(shown) for shown in fill.display] == fill.words


@pytest.mark.parametrize("tier", ["english", "english-common", "english-letterboxed", "english-large",
                                  "wordle-answers", "wordle-guesses", "acrostic-4"])
def test_every_other_puzzle_keeps_single_words(tier, phrases):
    """Only crossword fill adds phrases: the dictionaries the other puzzles (Letter Boxed, acrostics,
    Wordle, Jumble) load hold no phrase (``english`` and the tiers inside it none of their grid forms; the
    larger tiers' own words, INTIME, may share one), nor do their constructors' word sets."""
    lexicon = load_lexicon(tier)
    if tier in ("english", "english-common"):
        assert not set(phrases.words) & set(lexicon.words)
        assert not set(phrases.words) & set(publishable(lexicon, Use.CONSTRUCT).words)
    assert "onthedot" not in lexicon and "redherring" not in lexicon and lexicon.anagrams("onthedot") == ()


def _headword_module():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import headword_phrases

    return headword_phrases


def test_dictionary_headwords_are_read_as_phrase_candidates(tmp_path):
    """Ding's entries (term /pronunciation/, then the German side; labelled vulgar or dated ones left out),
    GCIDE's index (``To`` of verbs dropped) and Moby's comma lines give lowercase phrases; a placeholder
    object is dropped at the end and rejects the term inside; capitals after the first word, or on a first
    word that starts no exclamation, make a name."""
    import gzip

    headwords = _headword_module()
    ding = tmp_path / "ding.dict.dz"
    with gzip.open(ding, "wt", encoding="utf-8") as handle:
        handle.write("No way! /nˈəʊ wˈeɪ/\nKommt nicht in Frage!\n\n"
                     "go for sth. /ɡˌəʊ fɔː/\netw. anpeilen\n\n"
                     "take sb. in /tˈeɪk ɪn/\njdn. aufnehmen\n\n"
                     "go for a slash /ɡˌəʊ/\npinkeln gehen [vulg.]\n\n"
                     "New Town /njˈuː tˈaʊn/\nNeustadt\n\n"
                     "Hot tub /hˈɒt tˈʌb/\nWhirlpool\n\n"
                     "I see! /aɪ sˈiː/\nAch so!\n\nI see /aɪ sˈiː/\nich sehe\n\nhot tub /hˈɒt tˈʌb/\nWhirlpool\n")
    gcide = tmp_path / "gcide.index"
    gcide.write_text("To go for\t6UgP\tDsd\nTea set\tCeR\tr\nBrazil Nut\tA\tB\nTo give one the slip\tA\tB\n")
    moby = tmp_path / "words.txt"
    moby.write_text("quick,a tad,in a flash,Black Friday,fast\n")
    found = headwords.read_headword_phrases(ding, gcide, moby)
    assert set(found) == {"no way", "go for", "i see", "hot tub", "tea set", "a tad", "in a flash", "brazil nut",
                          "black friday", "new town"}
    assert found["go for"].sources == {"ding", "gcide"} and found["a tad"].sources == {"moby"}
    assert found["no way"].exclaimed and found["i see"].exclaimed and not found["hot tub"].exclaimed
    assert [key for key, headword in sorted(found.items()) if headword.proper] == ["black friday", "brazil nut",
                                                                                   "new town"]
    assert not found["hot tub"].proper  # written capitalised once, lowercase once: not only a name


def test_a_dictionary_headword_is_kept_when_written_together_and_no_fragment():
    headwords = _headword_module()
    plain, exclaimed = headwords.Headword({"ding"}, False, False), headwords.Headword({"ding"}, False, True)
    enough = headwords.HEADWORD_COHESION
    assert headwords.keeps_headword("a tad", plain, headwords.ARTICLE_COHESION + 0.2)
    assert not headwords.keeps_headword("a man", plain, headwords.ARTICLE_COHESION - 0.4)  # an article and a noun
    assert not headwords.keeps_headword("need to", plain, enough + 1)  # waiting for its object
    assert not headwords.keeps_headword("upon what", plain, enough + 1)
    assert not headwords.keeps_headword("and night", plain, enough + 1)  # a conjunction first
    assert not headwords.keeps_headword("in on", plain, headwords.PAIR_COHESION - 0.2)  # a chance pair
    assert not headwords.keeps_headword("tea set", plain, None)  # the bigram counts lack it
    assert not headwords.keeps_headword("we have", plain, enough + 1)  # fragments of a sentence
    assert not headwords.keeps_headword("of them", plain, enough + 1)
    assert headwords.keeps_headword("you bet", exclaimed, enough + 0.2)  # an exclamation is no fragment
    assert not headwords.keeps_headword("new town", headwords.Headword({"ding"}, True, False), enough + 1)
    assert not headwords.keeps_headword("be close", plain, enough + 1)  # BE + an adjective
    assert headwords.keeps_headword("all up", plain, headwords.PAIR_COHESION)  # two words: a lower bar...
    assert not headwords.keeps_headword("at a glance", plain, headwords.PAIR_COHESION)  # ...than three
    long = "credit insurance"  # green paint: longer headwords are left out
    assert len(long.replace(" ", "")) > headwords.HEADWORD_MAX_LETTERS
    assert not headwords.keeps_headword(long, plain, 9.0)


def test_dictionary_headwords_join_the_shipped_phrases_with_their_source_and_flags(phrases):
    """A TAD and IN AWE come from Ding's headwords (written together 10**3 times more than chance), with
    the known phrases' numbers of a phrase the bigram counts attest; a headword with a vulgar word is
    flagged like it and stays out of default fills."""
    tad = find_phrase("a tad")
    assert "dictionary-phrase" in tad["sources"] and "google-books-bigrams" in tad["sources"]
    assert tad["familiarity"] == 3.0 and entry_score(phrases, "atad") == pytest.approx(3.0 + PHRASE_BONUS)
    assert "dictionary-phrase" in find_phrase("in awe")["sources"]
    assert "vulgar" in phrases.flags_of("sextoy") and "sextoy" not in publishable(phrases, Use.PHRASE)
    assert find_phrase("we have") is None and find_phrase("of them") is None  # fragments


def _fragment_module():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import phrase_fragments

    return phrase_fragments


def _wordnet_files(tmp_path):
    """A tiny WordNet: index.* lemmas (one verb per phrasal verb it lists), exception lists and SemCor
    counts (cntlist.rev), in the files' own formats."""
    index = {"noun": "man wife care ruin will_power", "verb": "see cause act act_on bank care be do go need know "
             "ruin hook give give_in", "adj": "keen fair", "adv": "even out"}
    for part, lemmas in index.items():
        (tmp_path / f"index.{part}").write_text(
            "  1 This software and database is being provided\n"
            + "".join(f"{lemma} {part[0]} 1 0 1 0 00000000\n" for lemma in lemmas.split()))
        (tmp_path / f"{part}.exc").write_text("saw see\n" if part == "verb" else "")
    (tmp_path / "cntlist.rev").write_text("ruin%1:11:00:: 1 10\nruin%2:30:00:: 1 3\ndo%2:41:00:: 1 50\n"
                                          "see%2:39:00:: 1 593\nsee%1:15:00:: 1 1\n")
    return tmp_path


@pytest.mark.parametrize("phrase, rule", [
    ("see on", "dangling preposition"), ("caused by", "dangling preposition"), ("saw on", "dangling preposition"),
    ("acted on", None), ("give in", None), ("bank on", None), ("banked on", None), ("keen on", None),
    ("just see", "adverb and verb"), ("not care", "adverb and verb"), ("not fair", None), ("just out", None),
    ("can see", "modal and verb"), ("will power", None), ("been away", "be"), ("there is", "be"),
    ("need to do", "to and verb"), ("go to ruin", None), ("for him", "pronoun"), ("my wife", "pronoun"),
    ("on it", None), ("my bad", None), ("be a man", "reviewed"), ("hot tub", None)])
def test_a_fragment_is_told_by_the_parts_of_speech_of_its_words(tmp_path, phrase, rule):
    """SEE ON and CAUSED BY wait for an object; ACT ON (WordNet's verb lemma, any form of it), BANK ON (our
    reviewed phrasal verbs) and KEEN ON (an adjective) do not; JUST SEE and CAN SEE put a bare verb after an
    adverb or a modal; a phrase WordNet or the idioms list (WILL POWER, MY BAD) is no fragment by rule; the
    reviewed drop list (BE A MAN) leaves out what the rules miss, whatever the source."""
    fragments = _fragment_module()
    rules = fragments.FragmentRules(fragments.read_wordnet_parts(_wordnet_files(tmp_path)), {"my bad"},
                                    {"bank on"}, {"be a man"})
    assert rules.fragment(phrase) == rule


def test_the_shipped_phrases_hold_no_fragment_and_keep_the_phrasal_verbs(phrases):
    """The fragments issue #32 found in fills are out; real phrasal verbs and idioms stay."""
    for fragment in ("see on", "caused by", "just see", "be a man", "can see", "been away", "for him", "need to do"):
        assert find_phrase(fragment) is None, fragment
    for phrase in ("give in", "let on", "bank on", "prey on", "see to it", "my bad", "agree to disagree", "on it"):
        assert find_phrase(phrase) is not None, phrase


def test_a_phrase_whose_letters_are_only_a_large_word_joins_the_smaller_tiers(cli):
    """IN TIME's letters are a word of the large tier (INTIME, SCOWL size 80) but not of ``english``: the
    phrase joins ``english``'s fills, and lookup and explain say so; in the large tier the word stays the
    entry its fills use."""
    assert "intime" not in load_lexicon("english") and "intime" in builtin_lexicon("english-large")
    assert "intime" in crossword_phrases("english").words
    assert cli("dict", "lookup", "in time").stdout.startswith("in time: yes, a crossword phrase INTIME (")
    assert cli("dict", "lookup", "in time", "--dict", "english-large").stdout.startswith(
        "in time: yes, as the word INTIME (")
    explained = cli("dict", "explain", "in time", "--json").json()
    assert explained["word"] == "in time" and explained["tiers"]["english"]["in"]
    assert not explained["tiers"]["english-large"]["in"]
    assert cli("dict", "explain", "intime", "--json").json()["word"] == "intime"  # the word, as written


def test_words_written_apart_are_looked_up_as_the_word_they_make(cli):
    """NO WAY is the word NOWAY (crossword phrases leave it to the word): lookup finds it as that word, and
    explain explains the word; letters that make no word stay not found."""
    found = cli("dict", "lookup", "no way", "on the zebra", "--json").json()["words"]
    assert found[0]["found"] and found[0]["as_word"] == "noway" and found[0]["word"] == "no way"
    assert not found[1]["found"] and "as_word" not in found[1]
    assert cli("dict", "lookup", "no way").stdout.startswith("no way: yes, as the word NOWAY (")
    assert lookup_words(load_lexicon("english"), ["no way", "on the zebra"])["words"] == found  # the library's
    assert cli("dict", "explain", "no way", "--json").json()["word"] == "noway"
