"""The tie rule every ranking shares (issue #27): equal scores (to 9 decimals), then a possible answer, then
the more familiar, then alphabetical; the same whatever order the words come in and whatever the top-N cut."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from puzzlewright.ranking import best_rows, tie_key, tie_level

WORDS = [f"w{i:02d}" for i in range(24)]


@st.composite
def tied_words(draw):
    """Words with few distinct scores, familiarities and possible-answer flags (so ties abound), in a
    random order."""
    count = draw(st.integers(1, len(WORDS)))
    order = draw(st.permutations(range(count)))
    score = draw(st.lists(st.sampled_from([0.0, 1.5, 3.25]), min_size=count, max_size=count))
    familiarity = draw(st.lists(st.sampled_from([0.5, 2.0]), min_size=count, max_size=count))
    possible = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    return [(WORDS[i], score[i], familiarity[i], possible[i]) for i in order]


@given(tied_words(), st.integers(0, 30))
def test_best_rows_follows_the_tie_rule_whatever_the_input_order_and_cut(entries, top):
    words = [w for w, _, _, _ in entries]
    score = np.array([s for _, s, _, _ in entries])
    familiarity = np.array([f for _, _, f, _ in entries], np.float32)
    possible = np.array([p for _, _, _, p in entries])
    rows = np.array([WORDS.index(w) for w in words])  # each word's alphabetical place
    expected = sorted(entries, key=lambda e: tie_key(e[0], e[2], e[1], possible=e[3]))
    ranked = [words[i] for i in best_rows(familiarity, score, possible=possible, rows=rows)]
    assert ranked == [w for w, _, _, _ in expected]
    cut = [words[i] for i in best_rows(familiarity, score, possible=possible, rows=rows, top=top)]
    assert cut == ranked[:top]


def test_float_noise_does_not_decide_an_order():
    """0.1 + 0.2 and 0.3 are equal but for rounding: they tie, and the tie rule decides."""
    assert 0.1 + 0.2 != 0.3 and tie_level(0.1 + 0.2) == tie_level(0.3)
    score = np.array([0.1 + 0.2, 0.3])
    assert best_rows(np.array([1.0, 2.0]), score).tolist() == [1, 0]  # the more familiar
    assert best_rows(np.array([1.0, 1.0]), score).tolist() == [0, 1]  # then alphabetical
    assert sorted(["b", "a"], key=lambda w: tie_key(w, 1.0, {"a": 0.3, "b": 0.1 + 0.2}[w])) == ["a", "b"]
