"""The shared cache folder and atomic file replacement (puzzlewright.cache)."""

from __future__ import annotations

import os

import pytest

from puzzlewright.cache import atomic_write, cache_dir


def test_cache_dir_reads_puzzlewright_cache_then_the_old_name_then_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("PUZZLEWRIGHT_CACHE", raising=False)
    monkeypatch.delenv("PUZZLEWRIGHT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == str(tmp_path / "xdg" / "puzzlewright")
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE_DIR", str(tmp_path / "old"))
    assert cache_dir() == str(tmp_path / "old")
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "new"))
    assert cache_dir() == str(tmp_path / "new")


def test_atomic_write_replaces_the_file_and_leaves_nothing_on_failure(tmp_path):
    target = tmp_path / "data.bin"
    atomic_write(target, lambda handle: handle.write(b"first"))
    atomic_write(str(target), lambda handle: handle.write("zweite ü"), text=True)
    assert target.read_text(encoding="utf-8") == "zweite ü"

    def fail(handle):
        handle.write(b"partial")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        atomic_write(target, fail)
    assert target.read_text(encoding="utf-8") == "zweite ü" and os.listdir(tmp_path) == ["data.bin"]


def test_kept_builds_once_then_reads_and_rebuilds_a_damaged_copy(monkeypatch, tmp_path):
    from puzzlewright.cache import cache_files, kept

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    built = []

    def build():
        built.append(1)
        return {"weights": [0.5, -1.0], "features": ["a", "b"]}

    assert kept("ranker-test-1.marshal", build) == build() and len(built) == 2
    assert kept("ranker-test-1.marshal", build) == build() and len(built) == 3  # read, not built
    (tmp_path / "ranker-test-1.marshal").write_bytes(b"\x00not marshal")
    assert kept("ranker-test-1.marshal", build) == build() and len(built) == 5  # damaged: built again
    assert kept("ranker-test-1.marshal", build) == build() and len(built) == 6  # and stored again
    assert [os.path.basename(f.path) for f in cache_files(str(tmp_path))] == ["ranker-test-1.marshal"]


def test_a_shipped_ranker_is_read_from_its_kept_copy_and_a_new_file_is_parsed_again(monkeypatch, tmp_path):
    import json

    from puzzlewright.ranking import shipped_data

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "cache"))
    ranker = tmp_path / "puzzle" / "ranker.json"
    ranker.parent.mkdir()
    ranker.write_text(json.dumps({"features": ["a"], "weights": [1.5], "typical": [0.25]}))
    assert shipped_data(str(ranker)) == {"features": ["a"], "weights": [1.5], "typical": [0.25]}
    assert len(list((tmp_path / "cache").glob("ranker-puzzle-*.marshal"))) == 1
    ranker.write_text(json.dumps({"features": ["a"], "weights": [-2.0], "typical": [0.5]}))
    os.utime(ranker, ns=(1, 2))  # another time: another copy
    assert shipped_data(str(ranker)) == {"features": ["a"], "weights": [-2.0], "typical": [0.5]}


def test_a_memo_by_identity_neither_keeps_its_owner_alive_nor_answers_for_another_object():
    """issue #28: memos of what was built on a request's own lexicon kept every such lexicon alive (the
    server grew ~30 MB a request naming its own words on english-large)."""
    import gc
    import weakref

    from puzzlewright.cache import recall_for, remember_for

    class Owner:
        pass

    memo: dict = {}
    first, second = Owner(), Owner()
    remember_for(memo, "key", (first, second), "built", limit=4)
    assert recall_for(memo, "key", (first, second)) == "built"
    assert recall_for(memo, "key", (second, first)) is None and recall_for(memo, "key", (first,)) is None
    assert recall_for(memo, "key", (Owner(), second)) is None  # an equal key, another object
    gone = weakref.ref(first)
    del first
    gc.collect()
    assert gone() is None and memo == {}  # the owner went, and its entry with it
