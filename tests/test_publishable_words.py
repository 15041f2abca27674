"""Issue #27: every word carries flags (offensive, vulgar, proper...), familiarity comes from evidence
about the form itself, names and made-up forms stay out of the word tiers, and one policy says which words
each use may emit."""

import pytest

from puzzlewright.errors import LexiconError
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.lexicon.policy import Use, left_out, parse_allow, publishable
from puzzlewright.lexicon.sources import FLAG_BITS, SOURCE_BITS, flag_evidence

WORD_TIERS = ("english-common", "english", "english-letterboxed")
MADE_UP = "thed arest withs justed gived taked oners overing memoried safariing storyings".split()
NAMES = "alice aaron ellen freud hanoi qatar kyoto judah yemen emily diana toyota emile".split()
MODERN = "doomscroll mansplain hangry podcaster rideshare jeggings athleisure deplatform upvote froyo".split()


@pytest.fixture(scope="module")
def large():
    return load_lexicon("english-large")


@pytest.mark.parametrize("tier", WORD_TIERS)
def test_made_up_forms_and_names_are_not_words_of_the_word_tiers(tier):
    lexicon = load_lexicon(tier)
    assert [w for w in MADE_UP + NAMES if w in lexicon] == []


def test_made_up_forms_are_rated_by_their_own_evidence(large):
    """THED was 7.63 (the's familiarity less 0.5); now what text and the lists say of THED itself."""
    for word in MADE_UP + ["enoughs", "capablest", "honestest", "chiefer", "gettering", "driveller"]:
        assert (large.familiarity(word) or 0) < 2, word


@pytest.mark.parametrize("tier", ("english", "english-common"))
def test_no_word_rare_in_text_is_rated_familiar(tier):
    """No word text rarely writes (Zipf < 1.5) has familiarity > 3 unless the reviewed list says why."""
    lexicon = load_lexicon(tier)
    reviewed = SOURCE_BITS["reviewed"]
    rare = [w for i, w in enumerate(lexicon.words)
            if lexicon.zipf[i] < 1.5 and lexicon.familiarity_values[i] > 3 and not lexicon.sources[i] & reviewed]
    assert rare == []


@pytest.mark.parametrize("word", MODERN)
def test_everyday_modern_words_are_in(word):
    assert word in load_lexicon("english") and word in load_lexicon("english-letterboxed")


@pytest.mark.parametrize("word, flag", [("twat", "vulgar"), ("slut", "vulgar"), ("sluts", "vulgar"),
                                        ("badassed", "vulgar"), ("cum", "vulgar"), ("faggot", "offensive"),
                                        ("kike", "offensive"), ("alice", "proper"), ("hanoi", "proper"),
                                        ("rec", "abbreviation"), ("pissed", "vulgar"), ("arsed", "vulgar"),
                                        ("penes", "vulgar"), ("vulvae", "vulgar"), ("gypsy", "offensive"),
                                        ("vaginal", "vulgar"), ("scrotal", "vulgar"), ("welsh", "offensive"),
                                        ("welshing", "offensive"), ("lingam", "vulgar"), ("poo", "unpleasant")])
def test_words_carry_their_flags_with_a_source(large, word, flag):
    assert flag in large.flags_of(word)
    assert flag_evidence(int(large.flags[large.position[word]]))[flag]  # who said so


def test_a_census_first_name_no_dictionary_defines_is_a_name_though_scowl_lists_it_lowercase(large):
    """NAOMI (english-common: Ding translates it only as the same name) is a name; ROSE, MARK, WILL, JACK
    and DAISY are words too. The word tiers keep it (solvers accept what SCOWL lists), constructors leave it
    out. SERENA, which SCOWL's name lists have too, is a name on both counts and leaves the tiers."""
    assert flag_evidence(int(large.flags[large.position["naomi"]]))["proper"] == ["census"]
    assert flag_evidence(int(large.flags[large.position["serena"]]))["proper"] == ["scowl", "census"]
    for word in ("rose", "mark", "will", "jack", "daisy", "roses"):
        assert "proper" not in large.flags_of(word), word
    common = load_lexicon("english-common")
    assert "naomi" in common and "naomi" not in publishable(common, Use.CONSTRUCT)


def test_a_census_first_name_scowls_core_or_hunspell_writes_lowercase_is_a_word(large):
    """EMERITA and BARBIE are in SCOWL's core sizes (up to 60), ALBA and KYLE lowercase in the en_GB
    Hunspell dictionary (which writes Serena capitalised): words, not names. NANCY, lowercase there too,
    is the British slur (our reviewed list)."""
    for word in ("emerita", "barbie", "alba", "kyle"):
        assert not large.flags_of(word), word
    assert large.flags_of("nancy") == {"offensive"}


def test_unseen_forms_only_scowl_lists_need_a_known_base_and_no_comparative():
    """SCOWL lists every regular form of its words: EGESTS, ANELED and MOLTERS (rare bases) and TEARIER
    and EAGERER (comparatives no one writes) are unseen in text, so only the rare-word tiers keep them;
    UNDERTOWS (a known word's plural) stays in ``english``."""
    english, letterboxed = load_lexicon("english"), load_lexicon("english-letterboxed")
    for word in ("egests", "aneled", "molters", "tearier", "eagerer"):
        assert word not in english and word in letterboxed, word
    assert "undertows" in english and "teary" in english


def test_a_word_gcide_knows_only_as_obsolete_or_dialect_is_archaic(large):
    """ONY and DEVE (SCOWL size 95, in english): every GCIDE sense is labelled [Obs.], and DREE's [Scot.].
    A word with one unlabelled sense (EKE, ILK), a WordNet lemma (BAIRN), a regular form of a current word
    (FACES) or a word of SCOWL's core sizes (WHILST, ANENT: GCIDE labels them all the same) is not."""
    for word in ("ony", "deve", "dree"):
        assert flag_evidence(int(large.flags[large.position[word]]))["archaic"] == ["gcide-labels"], word
    for word in ("eke", "ilk", "bairn", "faces", "whilst", "anent"):
        assert "archaic" not in large.flags_of(word), word


@pytest.mark.parametrize("form, base", [("penes", "penis"), ("vaginae", "vagina"), ("shat", "shit"),
                                        ("pissed", "piss"), ("arsed", "arse"), ("gypped", "gyp"),
                                        ("dagoes", "dago"), ("wanker", "wank")])
def test_a_form_of_a_flagged_lemma_carries_its_flag_from_the_lemmas_source(large, form, base):
    """Irregular forms (WordNet's exception lists: PENES, SHAT) and regular ones whose other readings are no
    words (PISSED is no PIS + ED, ARSED no ARS + ED) take the lemma's flags and sources, not a hand list's."""
    assert large.flags_of(form) & {"offensive", "vulgar"} == large.flags_of(base) & {"offensive", "vulgar"} != set()
    for flag, sources in flag_evidence(int(large.flags[large.position[base]])).items():
        if flag in ("offensive", "vulgar"):
            assert set(sources) <= set(flag_evidence(int(large.flags[large.position[form]]))[flag]), form


@pytest.mark.parametrize("word", ["spiking", "cocked", "titter", "china", "august", "turkey", "nesters", "cat",
                                  "shatter", "shattered", "japed", "titer"])
def test_words_that_only_look_like_flagged_ones_are_not_flagged(large, word):
    """SPIKING is SPIKE + ING (not only SPIK + ING), TITTER is no inflection of TIT, CHINA is a word too,
    SHATTER is no SHAT + ER (an irregular form takes no endings), JAPED is JAPE + D too."""
    assert not large.flags_of(word) & {"offensive", "vulgar", "proper"}


def test_mild_words_the_bad_words_list_names_are_reviewed_out_of_the_vulgar_flag(large):
    """The LDNOOBW list flags KINKY (kinky hair; its sexual sense as mild as SEXY, and an NYT Letter Boxed
    answer) and DILDO alike: the reviewed list scripts/not-flagged.txt keeps the first and its comparatives
    unflagged, and the flag stays on the second."""
    for word in ("kinky", "kinkier", "kinkiest", "sexy", "erotic"):
        assert "vulgar" not in large.flags_of(word), word
    for word in ("dildo", "blowjob"):
        assert "vulgar" in large.flags_of(word), word


def test_a_users_word_list_and_added_words_take_the_reference_flags(tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("twat\ncrane\nalice\n")
    mine = load_lexicon(str(words))
    assert mine.flags_of("twat") == {"vulgar"} and mine.flags_of("alice") == {"proper"} and not mine.flags_of("crane")
    added = load_lexicon("wordle-answers", extra_words="slut")
    assert added.flags_of("slut") == {"vulgar"}
    assert "slut" not in added.without_flags({"vulgar"}) and "crane" in added.without_flags({"vulgar"})


def test_the_policy_by_use():
    assert left_out(Use.SOLVE) == frozenset()
    assert left_out(Use.CONSTRUCT) == {"offensive", "vulgar", "proper", "undefined", "archaic", "abbreviation",
                                       "unpleasant"}
    assert left_out(Use.SUGGEST) == {"offensive", "vulgar", "proper"}
    assert left_out(Use.CROSSWORD) == {"offensive", "vulgar", "undefined"}
    assert left_out(Use.CONSTRUCT, {"vulgar", "proper", "undefined", "archaic", "abbreviation", "unpleasant"}) == {
        "offensive"}
    assert left_out(Use.CONSTRUCT, {"offensive"}) >= {"offensive"}  # never allowed
    lexicon = Lexicon(["alice", "crane", "twat"], flags=[FLAG_BITS["proper", "scowl"], 0, FLAG_BITS["vulgar", "reviewed"]])
    assert publishable(lexicon, Use.SOLVE) is lexicon
    assert list(publishable(lexicon, Use.CONSTRUCT)) == ["crane"]
    assert list(publishable(lexicon, Use.CROSSWORD)) == ["alice", "crane"]
    assert list(publishable(lexicon, Use.CONSTRUCT, parse_allow("vulgar"))) == ["crane", "twat"]


def test_unpleasant_words_are_left_out_of_generated_puzzles_and_only_marked_down_in_crossword_fill():
    """The breakfast test: a generated Jumble or square holds no MURDER unless allowed; a crossword may (a
    point off its fill score); solvers still find it."""
    english = load_lexicon("english")
    for word in ("murder", "tumour", "vomit"):
        assert "unpleasant" in english.flags_of(word), word
        assert word not in publishable(english, Use.CONSTRUCT), word
        assert word in publishable(english, Use.CONSTRUCT, parse_allow("unpleasant")), word
        assert word in publishable(english, Use.CROSSWORD) and word in publishable(english, Use.SOLVE), word
    assert "murmur" in publishable(english, Use.CONSTRUCT)


def test_words_no_dictionary_defines_are_flagged_undefined_and_left_out_of_constructions():
    """Surnames, misspellings, contractions without their apostrophe and foreign words that only SCOWL's
    obscure sizes list: flagged, so generators and crossword fill leave them out; the Wordle assistant keeps the game's own
    guesses (SALET); a plural of a word a dictionary defines is not flagged."""
    english = load_lexicon("english")
    for word in ("wierd", "untill", "wouldnt", "bonjour"):
        assert english.flags_of(word) == {"undefined"}, word
        assert word not in publishable(english, Use.CONSTRUCT) and word not in publishable(english, Use.CROSSWORD)
        assert word in publishable(english, Use.CROSSWORD, parse_allow("undefined"))
    for word in ("crane", "cranes", "robbins", "alice"):
        assert "undefined" not in load_lexicon("english-large").flags_of(word), word
    guesses = load_lexicon("wordle-guesses")
    assert "salet" in publishable(guesses, Use.SUGGEST) and "salet" not in publishable(guesses, Use.CONSTRUCT)
    assert "wierd" in publishable(english, Use.CONSTRUCT, parse_allow("undefined"))


@pytest.mark.parametrize("value", ["offensive", "rude", "vulgar,names"])
def test_allowing_anything_but_vulgar_or_proper_is_a_clear_error(value):
    with pytest.raises(LexiconError, match="choose from vulgar, proper"):
        parse_allow(value)
    assert parse_allow("vulgar, proper") == {"vulgar", "proper"} and parse_allow(None) == frozenset()


def test_dict_explain_names_each_flag_and_its_source(cli):
    result = cli("dict", "explain", "twat")
    assert result.exit_code == 0 and "flagged vulgar" in result.stdout and "Bad Words" in result.stdout
    facts = cli("dict", "explain", "alice", "--json").json()
    assert [flag["name"] for flag in facts["flags"]] == ["proper"] and facts["tiers"]["english"]["in"] is False


def test_a_word_only_webster_1913_defines_is_undefined_when_text_writes_it(large):
    """HAIN ("to inclose for mowing"), NAIK ("a Sepoy corporal") and AWSOME ("same as awesome") are SCOWL
    size-80 entries only GCIDE defines: what text writes with those letters is a surname or a misspelling,
    so crossword fill leaves them out. A word GCIDE labels obsolete stays archaic (ONY), and one a current
    dictionary lists is no such word (EKE)."""
    for word in ("hain", "naik", "awsome"):
        assert flag_evidence(int(large.flags[large.position[word]])) == {"undefined": ["scowl-obscure"]}, word
        assert word not in publishable(load_lexicon("english"), Use.CROSSWORD)
    assert large.flags_of("ony") == {"archaic"} and not large.flags_of("eke")


def test_a_prefix_and_a_known_word_make_a_defined_word(large):
    """SCOWL's size-80 words made of a productive prefix and a word most people know mean what their parts
    say (OVERPACK, UNHIP, TRIFOLD, SUBSEA, UNDERCARD, and OVERPACKED, a form of one): constructors may use
    them. Not the un- forms of words whose negation is in- or im- (UNPURE, UNPOSSIBLE: misspellings), size
    95's names and oddities (SUPERTRAMP, a band), rule-made forms text never writes (UNRED, UNKID: Wordle
    guesses a doodle would print), a brand a name list has (OUTWELL), nor what our review rejected
    (SUPERBAD, a film; POSTOFFICE, a phrase written solid)."""
    for word in ("overpack", "overpacked", "unhip", "trifold", "subsea", "undercard"):
        assert "undefined" not in large.flags_of(word), word
    assert "overpack" in publishable(load_lexicon("english-letterboxed"), Use.CONSTRUCT)
    for word in ("unpure", "unpossible", "supertramp", "unred", "unkid", "outwell", "superbad", "postoffice"):
        assert flag_evidence(int(large.flags[large.position[word]])) == {"undefined": ["scowl-obscure"]}, word


def test_names_scowl_size_70_lists_in_lower_case_are_names_unless_hunspell_writes_them_so_too(large):
    """SCOWL's size 70 lists many names in lower case, so on its own it is no lower-case meaning: LOUIS,
    COLORADO, VICTORIA and JANE are flagged names and leave the word tiers. Where the en_GB Hunspell
    dictionary, which writes names capitalised, has the lower-case entry too, the word stays one (YORK, to
    bowl a yorker; KYLE, a strait); SCOWL's core sizes are lower-case meanings as before (ROSE, MARK)."""
    for word in ("louis", "colorado", "victoria", "jane"):
        assert "proper" in large.flags_of(word), word
        assert word not in load_lexicon("english-common"), word
    for word in ("york", "kyle", "rose", "mark"):
        assert "proper" not in large.flags_of(word), word
        assert word in load_lexicon("english-common"), word


def test_a_webster_1913_entry_labelled_with_a_science_is_defined(large):
    """ITER "(Anat.) a passage... in the brain" and HIPPOCAMPAL "(Anat.)": the sciences kept Webster's terms,
    so text writing them is no surname or misspelling."""
    for word in ("iter", "hippocampal"):
        assert "undefined" not in large.flags_of(word), word


def test_a_wordnet_lemma_in_er_takes_a_flag_only_from_a_base_wordnet_links_it_to(large):
    """PEER is no PEE + R and MONGER no MONG + ER (WordNet links neither to those bases), so neither takes
    their flags, nor do their forms; MURDERER (linked to MURDER) and WANKER (to WANK) do."""
    for word in ("peer", "peers", "peering", "monger", "mongers"):
        assert not large.flags_of(word), word
    assert "unpleasant" in large.flags_of("murderer") and "vulgar" in large.flags_of("wanker")


def test_dings_vulgar_label_on_every_translation_flags_a_word_vulgar(large):
    """TODGER and WANGER are "Schwanz [vulg.]" and nothing else in Ding; SCREW has unlabelled translations
    too, and FANNY (mild in American use) is kept unflagged by the reviewed list."""
    for word in ("todger", "wanger", "wazoo"):
        assert flag_evidence(int(large.flags[large.position[word]]))["vulgar"] == ["ding"], word
    assert not large.flags_of("screw") & {"vulgar"} and not large.flags_of("fanny") & {"vulgar"}


def test_reviewed_misspellings_and_slurs_are_flagged(large):
    """SEING (a Ding headword for seeing) is a misspelling; MULATTO and MIDGET are slurs, GENITALIA is
    vulgar (as GENITALS is), by our reviewed lists."""
    assert flag_evidence(int(large.flags[large.position["seing"]])) == {"undefined": ["reviewed"]}
    for word, flag in (("mulatto", "offensive"), ("midget", "offensive"), ("midgets", "offensive"),
                       ("genitalia", "vulgar")):
        assert flag in large.flags_of(word), word


def test_scowl_only_forms_whose_letters_text_writes_as_another_word_are_reviewed_misspellings(large):
    """ERES (no plural of ERE, a preposition: text writes the Spanish "eres") and TANGER (no dictionary's
    TANG + ER: text writes Tanger, Tangier's French name) were 2.26 and 2.07 familiar words of ``english``
    that 15x15 fills printed; constructors now leave them out. ELFS, listed the same way, stays so; EARS
    and TANGO are words."""
    for word in ("eres", "tanger", "elfs"):
        assert flag_evidence(int(large.flags[large.position[word]])) == {"undefined": ["reviewed"]}, word
    fill_words = publishable(load_lexicon("english"), Use.CROSSWORD)
    assert [w for w in ("eres", "tanger", "ears", "tango") if w in fill_words] == ["ears", "tango"]
