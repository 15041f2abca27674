"""The lexicon: shipped dictionaries, file formats, normalisation, filters, indexes and every load error."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright.errors import LexiconError
from puzzlewright.lexicon import (BUILTINS, Lexicon, detect_format, letter_mask, load_lexicon, normalise_word,
                                  read_word_file, signature)

# -- shipped dictionaries ---------------------------------------------------------------------------


def test_default_dictionary_is_large_and_everyday():
    english = load_lexicon()
    assert english.name == "english"
    assert 100_000 < len(english) < 200_000
    for word in ("cat", "house", "pragmatic", "cakewalk", "chalet", "umami", "dubstep", "mojito", "cafe"):
        assert word in english, word
    for junk in ("nasa", "dont", "xyzzy", "lol"):
        assert junk not in english, junk


def test_commonness_orders_words_sensibly():
    english = load_lexicon()
    assert english.commonness("the").zipf > english.commonness("cat").zipf > english.commonness("aardvark").zipf
    assert english.commonness("cat").level == 10
    assert english.commonness("umami").level is None  # a reviewed addition, not in SCOWL
    assert english.commonness("notaword") is None


def test_large_dictionary_contains_the_default():
    english, large = load_lexicon("english"), load_lexicon("english-large")
    assert len(large) > 2 * len(english)
    assert english.word_set <= large.word_set


@pytest.mark.parametrize("name,size", [("wordle-answers", 2315), ("wordle-guesses", 12972), ("acrostic-4", 2509)])
def test_small_builtins_match_the_shared_lists(name, size, shared_data):
    lexicon = load_lexicon(name)
    assert len(lexicon) == size
    source = {"wordle-answers": ["wordle-answers.txt"], "wordle-guesses": ["wordle-answers.txt", "wordle-allowed.txt"],
              "acrostic-4": ["acrostic-seed-4.txt"]}[name]
    expected = {w.strip() for f in source for w in (shared_data / f).read_text().split()}
    assert set(lexicon.words) == expected


def test_every_builtin_is_sorted_unique_lowercase():
    for name in BUILTINS:
        words = load_lexicon(name).words
        assert list(words) == sorted(set(words))
        assert all(w.isascii() and w.isalpha() and w.islower() for w in words)


def test_unknown_builtin_lists_the_known_ones():
    with pytest.raises(LexiconError, match="english-large"):
        load_lexicon("englsh")


# -- normalisation ----------------------------------------------------------------------------------


@pytest.mark.parametrize("raw,expected", [
    ("Cat", "cat"), ("  DOG\n", "dog"), ("café", "cafe"), ("Naïve", "naive"), ("ſtraße", "strasse"), ("𝗔𝗕", "ab"),
    ("don't", None), ("ice-cream", None), ("two words", None), ("abc1", None), ("", None), ("日本", None),
])
def test_normalise_word(raw, expected):
    assert normalise_word(raw) == expected


@given(st.text(max_size=12))
def test_normalise_word_returns_lowercase_ascii_letters_or_none(raw):
    word = normalise_word(raw)
    assert word is None or (word.isascii() and word.isalpha() and word.islower())


# -- file formats -----------------------------------------------------------------------------------


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_text(text, encoding=encoding)
    return path


def test_plain_list_normalises_and_counts_skipped(tmp_path):
    path = write(tmp_path, "words.txt", "# comment\nApple\nbanana\n\ncafé\nice-cream\nO'Neil\nbanana\n123\n")
    words, skipped, format = read_word_file(path)
    assert format == "plain"
    assert sorted(words) == ["apple", "banana", "cafe"]
    assert skipped == 3


def test_plain_list_in_latin1_is_read(tmp_path):
    path = write(tmp_path, "old.txt", "caf\xe9\nna\xefve\n", encoding="latin-1")
    lexicon = load_lexicon(str(path))
    assert lexicon.words == ("cafe", "naive")


def test_frequency_list_gives_zipf_values(tmp_path):
    path = write(tmp_path, "freq.tsv", "the\t1000000\ncat\t1000\nCat\t1000\nzebra\t10\nbad line here\t\n")
    assert detect_format(path) == "freq"
    lexicon = load_lexicon(str(path))
    assert lexicon.words == ("cat", "the", "zebra")
    assert lexicon.zipf_of("the") > lexicon.zipf_of("cat") > lexicon.zipf_of("zebra") > 0
    assert lexicon.skipped == 1


AGID_SAMPLE = """\
conferee N: conferees
conference N: conferences
conference V: conferenced | conferencing | conferences
conferencing N?: conferencings
abide V: abided | abiding | abides
abide V: abode~ | abidden2 | abiding
aardvark N: aardvarks
be V: was, were | been | being | is {wo}
ain't V: bogus
"""


def test_agid_keeps_bases_and_plain_inflections_skips_variants_and_tagged(tmp_path):
    path = write(tmp_path, "infl.txt", AGID_SAMPLE)
    assert detect_format(path) == "agid"
    words, skipped, _ = read_word_file(path)
    for word in ("conferee", "conferees", "conferenced", "conferencing", "conferencings", "abided", "abides",
                 "aardvarks", "was", "were", "been", "being", "is"):
        assert word in words, word
    assert "abode" not in words and "abidden" not in words  # tagged ~ and variant level 2
    assert "aint" not in words
    assert skipped >= 3


def test_explicit_format_overrides_detection(tmp_path):
    path = write(tmp_path, "words.txt", "alpha\t3\nbeta\t1\n")
    assert read_word_file(path, "freq")[2] == "freq"
    with pytest.raises(LexiconError, match="unknown dictionary format"):
        read_word_file(path, "xml")


# -- filters ----------------------------------------------------------------------------------------


def test_filters_by_length_and_commonness():
    english = load_lexicon()
    fives = english.filter(lengths=[5])
    assert set(fives.length_counts()) == {5}
    common = english.filter(min_commonness=4.0)
    assert 0 < len(common) < len(english) and float(common.familiarity_values.min()) >= 4.0
    ranged = english.filter(min_length=3, max_length=4)
    assert set(ranged.length_counts()) == {3, 4}


def test_extra_and_excluded_words():
    lexicon = load_lexicon("wordle-answers", extra_words="sesug, atlanta", exclude_words=["cigar"])
    assert "sesug" in lexicon and "atlanta" in lexicon and "cigar" not in lexicon
    assert lexicon.zipf_of("atlanta") > 0  # extra words get the embedded dictionary's frequency
    with pytest.raises(LexiconError, match="not a word"):
        load_lexicon("english", extra_words="good,b@d")


def test_a_byte_order_mark_does_not_hide_the_first_word(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfapple\nbanana\n")  # as Windows editors save UTF-8
    assert list(load_lexicon(str(path)).words) == ["apple", "banana"]  # apple was skipped as not a-z


def test_adjustments_that_leave_no_words_are_an_error(cli):
    with pytest.raises(LexiconError, match="no words of 'acrostic-4' are left after a commonness floor of 99"):
        load_lexicon("acrostic-4", min_commonness=99)
    everything = ",".join(load_lexicon("acrostic-4").words)
    with pytest.raises(LexiconError, match="left after the excluded words"):
        load_lexicon("acrostic-4", exclude_words=everything)
    assert list(load_lexicon("acrostic-4", exclude_words=everything, extra_words="zyzz").words) == ["zyzz"]
    result = cli("dict", "info", "--dict", "acrostic-4", "--exclude-words", everything)  # was an internal error
    assert result.exit_code == 2
    assert result.stderr == "error: no words of 'acrostic-4' are left after the excluded words\n"


def test_extra_words_given_as_a_list_are_normalised():
    lexicon = load_lexicon("acrostic-4", extra_words=["Café", " ZYZZ "], exclude_words=["ABLE"])
    assert "cafe" in lexicon and "zyzz" in lexicon and "Café" not in lexicon and "able" not in lexicon
    assert "cafe" in lexicon.of_length(4).words
    with pytest.raises(LexiconError, match="--extra-words: 'b@d' is not a word"):
        load_lexicon("acrostic-4", extra_words=["good", "b@d"])


def test_min_commonness_keeps_extra_words():
    lexicon = load_lexicon("english", min_commonness=5.0, extra_words="zyzzyva")
    assert "zyzzyva" in lexicon and "aardvark" not in lexicon


# -- indexes ----------------------------------------------------------------------------------------


def test_word_table_arrays_match_words():
    table = load_lexicon("wordle-answers").of_length(5)
    assert len(table) == 2315 and table.letters.shape == (2315, 5)
    i = table.words.index("crane")
    assert "".join(chr(97 + c) for c in table.letters[i]) == "crane"


def test_prefix_masks_allow_exactly_the_next_letters():
    lexicon = Lexicon(["cab", "car", "cat", "dog"])
    masks = lexicon.prefix_masks(3)
    assert masks["ca"] == letter_mask("brt")
    assert masks[""] == letter_mask("cd")
    assert "cx" not in masks


def test_anagrams_most_common_first():
    english = load_lexicon()
    assert set(english.anagrams("shace")) == {"aches", "chase"}
    assert english.anagrams("shace")[0] == "chase"
    assert english.anagrams("qqqq") == ()
    assert signature("chase") == "acehs"


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_the_signature_index_finds_exactly_the_same_letters_most_common_first(data):
    english = load_lexicon()
    length = data.draw(st.integers(3, 9))
    word = data.draw(st.sampled_from(english.of_length(length).words))
    scrambled = "".join(data.draw(st.permutations(list(word))))
    table = english.of_length(length)
    same = [i for i, other in enumerate(table.words) if sorted(other) == sorted(word)]
    expected = tuple(table.words[i] for i in sorted(same, key=lambda i: (-table.zipf[i], -table.familiarity[i],
                                                                         table.words[i])))  # the tie rule
    assert english.anagrams(scrambled) == expected and word in expected


def test_letter_counts_and_masks_agree_with_words():
    lexicon = Lexicon(["abba", "cat", "zzz"])
    assert lexicon.letter_counts[0, 0] == 2 and lexicon.letter_counts[0, 1] == 2
    assert lexicon.letter_counts[2, 25] == 3
    assert list(lexicon.letter_masks) == [letter_mask("abba"), letter_mask("cat"), letter_mask("z")]
    threes = lexicon.length_letter_counts(3)
    assert threes.shape == (2, 26) and threes[1, 25] == 3 and threes[0].tolist() == lexicon.letter_counts[1].tolist()
    assert lexicon.length_letter_counts(3) is threes and lexicon.length_letter_counts(7).shape == (0, 26)


@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8), max_size=40))
def test_lexicon_from_any_words_is_sorted_unique_with_aligned_arrays(words):
    lexicon = Lexicon(words, zipf=np.arange(len(words), dtype=np.float32))
    assert list(lexicon.words) == sorted(set(words))
    assert lexicon.letter_counts.shape == (len(lexicon), 26)
    for word in lexicon:
        assert lexicon.letter_counts[lexicon.position[word]].sum() == len(word)


# -- bad files --------------------------------------------------------------------------------------


def test_missing_file(tmp_path):
    with pytest.raises(LexiconError, match="not found"):
        load_lexicon(str(tmp_path / "nope.txt"))


def test_empty_file(tmp_path):
    with pytest.raises(LexiconError, match="empty"):
        load_lexicon(str(write(tmp_path, "empty.txt", "\n# only a comment\n")))


def test_unreadable_file(tmp_path):
    import os

    path = write(tmp_path, "secret.txt", "word\n")
    path.chmod(0)
    if os.access(path, os.R_OK):  # root can read anything
        pytest.skip("running as root: permissions are not enforced")
    with pytest.raises(LexiconError, match="cannot read"):
        load_lexicon(str(path))


def test_binary_garbage(tmp_path):
    path = tmp_path / "garbage.bin"
    path.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(LexiconError, match="binary"):
        load_lexicon(str(path))


def test_unknown_format(tmp_path):
    path = write(tmp_path, "table.csv", "id name score extra\n1 2 3 4\n5 6 7 8\n")
    with pytest.raises(LexiconError, match="cannot tell the format"):
        load_lexicon(str(path))


def test_file_with_no_usable_words(tmp_path):
    with pytest.raises(LexiconError, match="no usable words"):
        load_lexicon(str(write(tmp_path, "digits.txt", "123\n456\n")))


def test_huge_list_streams(tmp_path):
    """300,000 lines of ten words: memory grows with the distinct words, not with the lines."""
    path = tmp_path / "huge.txt"
    with open(path, "w") as handle:
        for _ in range(30_000):
            handle.write("alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\niota\nkappa\n")
    tracemalloc.start()
    words, _, _ = read_word_file(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(words) == 10
    assert path.stat().st_size > 1_500_000
    assert peak < 500_000  # reading the file must not hold it in memory


SCORED_SAMPLE = "# a constructor's list\nCAT;60\nzebra;50\nnew york;55\nOREO;25\ncat;40\nr2d2;50\n"


def test_scored_list_is_detected_and_scores_become_familiarity(tmp_path):
    path = write(tmp_path, "broda.txt", SCORED_SAMPLE)
    assert detect_format(path) == "scored"
    lexicon = load_lexicon(str(path))
    assert lexicon.words == ("cat", "oreo", "zebra")
    assert lexicon.skipped == 2  # "new york" and "r2d2" are not one a-z word
    assert lexicon.familiarity("cat") == pytest.approx(3.6)  # the higher of its two scores, 60 * 0.06
    assert lexicon.familiarity("zebra") == pytest.approx(3.0) and lexicon.familiarity("oreo") == pytest.approx(1.5)
    assert lexicon.zipf_of("cat") > 4  # the frequency still comes from the embedded dictionary
    assert lexicon.filter(min_commonness=2).words == ("cat", "zebra")


@pytest.mark.parametrize("line", ["dog", "dog;", "dog;high", "dog;150", "dog;-5"])
def test_bad_scored_line_is_an_error_naming_its_line(tmp_path, line):
    path = write(tmp_path, "bad.txt", f"cat;50\nzebra;40\n{line}\n")
    with pytest.raises(LexiconError, match="line 3"):
        read_word_file(path, "scored")


def test_a_word_list_file_is_read_once_then_loaded_from_the_cache_by_content(tmp_path, monkeypatch):
    import puzzlewright.lexicon.builtin as builtin

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "cache"))
    first = tmp_path / "first.txt"
    first.write_text("Zebra\ncat\n# a comment\ncafé\nnot a word\n", encoding="utf-8")
    built = load_lexicon(first)
    assert built.words == ("cafe", "cat", "zebra") and built.skipped == 1 and built.zipf_of("cat") > 4
    assert len(list((tmp_path / "cache" / "lexicons").glob("wordlist-*.npz"))) == 1
    copy = tmp_path / "copy.txt"
    copy.write_bytes(first.read_bytes())
    monkeypatch.setattr(builtin, "read_word_file", lambda *args: pytest.fail("the cached file was read again"))
    again = load_lexicon(copy)
    assert (again.words, again.skipped, again.name) == (built.words, 1, "copy.txt")
    assert np.array_equal(again.zipf, built.zipf) and np.array_equal(again.level, built.level)
    monkeypatch.undo()
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "cache"))
    copy.write_text("dog\n", encoding="utf-8")  # other bytes: read afresh
    assert load_lexicon(copy).words == ("dog",)
    assert load_lexicon(first, format="plain").words == built.words  # other options: another entry
    assert len(list((tmp_path / "cache" / "lexicons").glob("wordlist-*.npz"))) == 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcXYZ #-'9\t\r\x0b\x1c ", max_size=8), max_size=30))
def test_plain_lists_read_whole_give_what_reading_line_by_line_gives(tmp_path_factory, lines):
    """The whole-text reader of plain ASCII lists (formats._read_ascii_plain, the fast path of read_plain)
    keeps, skips and orders exactly the entries the line-by-line reader does."""
    from puzzlewright.lexicon import formats

    path = tmp_path_factory.mktemp("plain") / "words.txt"
    path.write_bytes("\n".join(lines).encode("ascii"))
    whole = formats._read_ascii_plain(path)
    assert whole is not None and whole == formats._read_plain_lines(path)
    assert list(whole[0]) == list(formats._read_plain_lines(path)[0])


def test_plain_lists_that_are_not_ascii_are_read_line_by_line(tmp_path):
    from puzzlewright.lexicon import formats

    path = tmp_path / "words.txt"
    path.write_text("naïve\nCafé\ncat\n", encoding="utf-8")
    assert formats._read_ascii_plain(path) is None
    assert formats.read_plain(path) == ({"naive": 0.0, "cafe": 0.0, "cat": 0.0}, 0)


SCORE_TEXTS = ["50", "0", "100", "7.5", " 60", "1e1", "-0", "-5", "150", "nan", "inf", "x", ""]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text(alphabet="abcXYZ #-'9\t\r ;", max_size=6), st.booleans(),
                          st.sampled_from(SCORE_TEXTS)), max_size=30), st.sampled_from([8, 64, 1 << 14]))
def test_scored_lists_read_in_blocks_give_what_reading_line_by_line_gives(tmp_path_factory, entries, block):
    """The block reader of ``word;score`` lists (formats._read_ascii_scored, the fast path of read_scored)
    keeps, skips, scores and orders exactly the entries the line-by-line reader does, a word listed twice
    (in one block or two) keeping its best score; a line the line reader refuses, it leaves to that reader."""
    from unittest import mock

    from puzzlewright.lexicon import formats

    path = tmp_path_factory.mktemp("scored") / "words.txt"
    path.write_bytes("\n".join(entry + (";" + score if scored else "") for entry, scored, score in entries).encode())
    try:
        expected: object = formats._read_scored_lines(path)
    except LexiconError as error:
        expected = str(error)
    with mock.patch.object(formats, "_BLOCK_BYTES", block):
        fast = formats._read_ascii_scored(path)
        try:
            whole: object = formats.read_scored(path)
        except LexiconError as error:
            whole = str(error)
    assert whole == expected and (fast is None or fast == expected)
    if fast is not None:
        assert list(fast[0].items()) == list(expected[0].items())  # the same order, the same scores


def test_a_clean_scored_list_is_read_in_blocks(tmp_path):
    from puzzlewright.lexicon import formats

    path = write(tmp_path, "list.txt", "cat;60\nzebra;50\nnew york;55\nOREO;25\ncat;40\n" * 1000)
    fast = formats._read_ascii_scored(path)
    assert fast == formats._read_scored_lines(path) and fast[1] == 1000  # "new york": not one a-z word
    assert fast[0] == pytest.approx({"cat": 3.6, "zebra": 3.0, "oreo": 1.5})  # cat's better score
    assert formats._read_ascii_scored(write(tmp_path, "odd.txt", "cat;60\nrock;n;roll;50\n")) is None


@pytest.mark.parametrize("filename", [spec.file for spec in BUILTINS.values()] + ["rejected.npz"])
def test_shipped_archives_read_as_numpy_load_reads_them(filename):
    """The built-in dictionaries are read without numpy.load (start-up): every array must come out the same,
    dtype included."""
    from puzzlewright.lexicon.builtin import _archive_arrays
    from puzzlewright.lexicon.shipped import data_file

    arrays = _archive_arrays(filename)
    with np.load(data_file(filename)) as archive:
        assert sorted(arrays) == sorted(archive.files)
        for name in archive.files:
            assert arrays[name].dtype == archive[name].dtype and np.array_equal(arrays[name], archive[name])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("abcdeACE#z \r", max_size=6), max_size=60), st.booleans(), st.booleans(),
       st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=1, max_size=26))
def test_reading_a_box_s_words_skips_only_lines_it_cannot_spell(lines, sort, newline_at_end, letters):
    """The runs of a (sorted or not) list skipped unread hold only lines starting with a letter the box
    lacks: the lines kept are exactly those every line's translation keeps, in order."""
    from puzzlewright.lexicon.formats import _spelt_lines, _spelt_with_table

    lines = sorted(lines) if sort else lines
    text = ("\n".join(line.replace("\n", "") for line in lines) + ("\n" if newline_at_end else "")).encode()
    letters = "".join(sorted(letters))
    table = _spelt_with_table(letters)
    assert _spelt_lines(text, table, letters) == list(filter(bytes.isalpha, text.translate(table).split(b"\n")))


def test_a_sorted_list_is_read_for_a_box_by_skipping_the_runs_it_cannot_spell():
    from puzzlewright.lexicon.formats import _unspellable_runs

    words = sorted(f"{a}{b}{c}" for a in "abcxyz" for b in "abc" for c in "ab")
    text = ("\n" + "\n".join(words) + "\n").encode()
    runs = _unspellable_runs(text, "abc")
    assert [text[first:end].split() for first, end in runs] == [[w.encode() for w in words if w[0] in "xyz"]]
    shuffled = ("\n" + "\n".join(words[::-1]) + "\n").encode()  # not sorted: nothing is skipped wrongly
    assert all(text_line[:1] in b"xyz" for first, end in _unspellable_runs(shuffled, "abc")
               for text_line in shuffled[first:end].split())


def test_a_box_s_words_are_read_alike_from_tidy_and_untidy_lines(tmp_path):
    """Lines with blanks or comments among clean ones are read as line-by-line reading reads them."""
    from puzzlewright.lexicon.formats import _read_plain_lines, read_plain, spelt_with

    path = tmp_path / "untidy.txt"
    path.write_bytes(b"cat\n  act \n# tac comment\nTACT\r\ndog\n\tcat\x0c\nta c\n\nact\n" * 3 + b"# last line")
    words, _ = read_plain(str(path), "act")
    assert words == spelt_with(_read_plain_lines(str(path))[0], "act") == {"cat": 0.0, "act": 0.0, "tact": 0.0}


def test_a_shipped_array_s_type_is_read_from_its_npy_header():
    from puzzlewright.lexicon.archive import _descr

    assert _descr("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }") == "<f4"
    assert _descr("{'descr':\n  '|u1', 'shape': (0,)}") == "|u1"
    assert _descr("{'shape': (3,)}") is None and _descr("{'descr': ''}") is None and _descr("{'descr': '<f4") is None
