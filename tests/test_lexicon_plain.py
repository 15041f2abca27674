"""PlainLexicon: a built-in dictionary's words without numpy, for counts. It must count exactly what a
Lexicon of the same words counts (squares, order, nodes), be the same job to checkpoints, and keep numpy out
of a count run by the C counting kernel."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlewright import native
from puzzlewright.acrostic.count import CountOptions, count_partition, count_partitions
from puzzlewright.errors import LexiconError
from puzzlewright.lexicon import Lexicon, load_lexicon
from puzzlewright.lexicon.plain import PlainLexicon
from puzzlewright.parallel import run_job
from puzzlewright.acrostic.jobs import CountJob

needs_c = pytest.mark.skipif(native.c_compiler() is None, reason="no C compiler here")


@pytest.mark.parametrize("name", ["wordle-answers", "acrostic-4", "english"])
def test_a_builtin_plain_lexicon_has_the_lexicons_words(name):
    plain, lexicon = PlainLexicon.builtin(name), load_lexicon(name)
    assert plain.words == lexicon.words and plain.name == name and len(plain) == len(lexicon)
    for length in (4, 5):
        assert plain.of_length(length).words == lexicon.of_length(length).words
        assert np.array_equal(plain.of_length(length).letters, lexicon.of_length(length).letters)
    assert plain.filter(lengths=[5]).words == lexicon.filter(lengths=[5]).words


def test_an_unknown_name_is_the_lexicons_error():
    with pytest.raises(LexiconError) as plain:
        PlainLexicon.builtin("englsh")
    with pytest.raises(LexiconError) as lexicon:
        load_lexicon("englsh")
    assert str(plain.value) == str(lexicon.value) and "did you mean 'english'" in str(plain.value)


def test_a_plain_lexicon_pickles_as_its_words():
    plain = PlainLexicon(["abc", "bcd", "cdef"], "mine")
    plain.of_length(3)
    again = pickle.loads(pickle.dumps(plain))
    assert (again.words, again.name) == (plain.words, plain.name) and again.of_length(4).words == ("cdef",)


def both_counts(words: list[str], options: CountOptions) -> tuple[list, list]:
    """Every partition of ``options`` over ``words`` as a Lexicon and as a PlainLexicon: (squares, nodes,
    complete) per partition, for each."""
    outcomes = []
    for lexicon in (Lexicon(words), PlainLexicon(sorted(set(words)))):
        parts = [count_partition(lexicon, options, key) for key in count_partitions(lexicon, options)]
        outcomes.append([(part.squares, part.nodes, part.complete) for part in parts])
    return outcomes[0], outcomes[1]


word_lists = st.integers(3, 4).flatmap(lambda size: st.lists(
    st.text("aeirst"[:4 + size % 2], min_size=size, max_size=size), min_size=1, max_size=28 if size == 3 else 11,
    unique=True))


@settings(max_examples=40, deadline=None)
@given(words=word_lists, kind=st.sampled_from([{}, {"double": True}, {"canonical": True},
                                               {"double": True, "canonical": True}, {"symmetric": True}]),
       partitions=st.integers(1, 5))
def test_a_plain_lexicon_counts_what_a_lexicon_counts(words, kind, partitions):
    """Cross-checked on random small word lists (dense, so squares are common), every kind of count, the
    cell-by-cell kernel (symmetric squares) as well as the counting kernel: the same squares in the same
    order with the same nodes, partition by partition."""
    by_lexicon, by_plain = both_counts(words, CountOptions(len(words[0]), partitions=partitions, **kind))
    assert by_plain == by_lexicon


def test_a_count_job_over_either_is_the_same_job(tmp_path):
    """Same identity, same result; a checkpoint written over one resumes over the other with nothing to
    compute."""
    options = CountOptions(5, double=True, canonical=True)
    plain, lexicon = CountJob(PlainLexicon.builtin("wordle-answers"), options), CountJob(load_lexicon("wordle-answers"),
                                                                                          options)
    assert plain.identity() == lexicon.identity()
    assert [(p.key, p.size) for p in plain.partitions()] == [(p.key, p.size) for p in lexicon.partitions()]
    first = run_job(plain, workers=1, output=tmp_path / "run", progress=False)
    again = run_job(lexicon, workers=1, output=tmp_path / "run", resume=True, progress=False)
    assert first.count == again.count == 81 and again.computed == [] and list(first.items()) == list(again.items())
    assert pickle.loads(pickle.dumps(plain)).lexicon.words == plain.lexicon.words


@needs_c
def test_a_count_by_the_counting_kernel_does_not_import_numpy():
    """A third of a small count's time end to end was importing numpy."""
    code = ("import sys; from puzzlewright.acrostic.count import CountOptions, count_partition; "
            "from puzzlewright.lexicon.plain import PlainLexicon; "
            "words = PlainLexicon(('abc', 'acb', 'bac', 'bca', 'cab', 'cba'), 'letters'); "
            "print(count_partition(words, CountOptions(3), '').count, 'numpy' in sys.modules)")
    found, numpy_loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                         check=True).stdout.split()
    assert (int(found), numpy_loaded) == (12, "False")  # the 12 Latin squares of order 3
