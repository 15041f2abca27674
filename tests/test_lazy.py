"""puzzlewright.lazy.lazy_exports: the one way a package hands out names on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_names_come_from_their_homes_and_are_kept():
    import puzzlewright as pw
    from puzzlewright.letterboxed.model import Box
    from puzzlewright.lexicon.core import Lexicon

    assert pw.letterboxed.Box is Box and pw.lexicon.Lexicon is Lexicon  # relative and absolute homes
    assert "Box" in vars(pw.letterboxed)  # kept: the next use does not ask __getattr__
    assert pw.lexicon.policy.__name__ == "puzzlewright.lexicon.policy"  # any submodule
    assert {"Box", "api", "solve"} <= set(dir(pw.letterboxed)) and "letterboxed" in dir(pw)


@pytest.mark.parametrize("name", ["no_such_name", "__wrapped__"])
def test_other_names_raise_attribute_error(name):
    import puzzlewright as pw

    with pytest.raises(AttributeError, match=f"has no attribute '{name}'"):
        getattr(pw.lexicon, name)
    assert not hasattr(pw, name)


def test_a_package_imports_nothing_before_a_name_is_used():
    code = ("import sys, puzzlewright.letterboxed as lb\n"
            "before = 'puzzlewright.letterboxed.model' in sys.modules\n"
            "lb.Box\n"
            "print(before, 'puzzlewright.letterboxed.model' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["False", "True"]
