"""scripts/modern_words.py (issue #27): the gate on the en_GB Hunspell dictionary, and its reviewed lists.

The gate's test needs the build-time sources (Debian ``hunspell-en-gb``, PyPI ``wordfreq``) and is skipped
without them; the list checks always run."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def _module():
    spec = importlib.util.spec_from_file_location("modern_words", SCRIPTS / "modern_words.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _words(path: Path) -> list[str]:
    return [w for w in path.read_text().splitlines() if w and not w.startswith("#")]


def test_reviewed_lists_are_clean():
    excluded = _words(SCRIPTS / "modern-words-excluded.txt")
    assert excluded == sorted(set(excluded))
    recent = _words(SCRIPTS / "recent-words.txt")
    assert len(recent) == len(set(recent))
    assert all(re.fullmatch(r"[a-z]+", w) for w in excluded + recent)
    assert not set(excluded) & set(recent)
    # issue #27's words that no source carries are on the reviewed list
    for word in "doomscroll mansplain rideshare jeggings athleisure deplatform froyo".split():
        assert word in recent


def test_gate_admits_modern_words_and_keeps_junk_out():
    pytest.importorskip("wordfreq")
    modern = _module()
    if not modern.DIC.exists():
        pytest.skip("needs Debian's hunspell-en-gb (build-time only)")
    zipf = {"upvote": 2.17, "upvotes": 2.08, "upvoted": 1.78, "hangry": 2.09, "podcast": 4.0,
            "podcaster": 2.24, "podcasters": 2.19, "helter": 2.3, "diem": 3.04, "xlix": 2.1,
            "woah": 3.2, "nvidia": 3.0}
    words = modern.modern_words(zipf, exclude={"nvidia"}, known={"podcast"})
    assert {"upvote", "upvotes", "upvoted", "hangry", "podcaster", "podcasters"} <= set(words)
    assert not {"helter", "diem", "xlix", "woah", "nvidia", "podcast"} & set(words)
    assert set(words.values()) == {"hunspell-en-gb"}
