"""A bounded cache folder (issue #16): every file the package caches is capped in total, least recently
used first out, and `puzzlewright cache info|clear` show and empty it without touching other files."""

from __future__ import annotations

import os

import pytest

from conftest import run_cli
from puzzlewright.cache import cache_files, clear_cache, store, touch


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE_LIMIT", "3K")
    (tmp_path / "notes.txt").write_text("not ours")  # never counted, evicted or cleared
    return tmp_path


def put(folder, name: str, used: float) -> None:
    store(folder / name, lambda handle: handle.write(b"x" * 1000))
    os.utime(folder / name, (used, used))


def names(folder) -> list[str]:
    return [os.path.basename(f.path) for f in cache_files(str(folder))]


def test_the_least_recently_used_file_goes_first(folder):
    put(folder, "wordle-matrix-a.npy", 1000)
    put(folder, "wordle-matrix-b.npy", 2000)
    put(folder, "letterboxed-c.marshal", 3000)
    touch(folder / "wordle-matrix-a.npy")  # read just now: the most recently used
    put(folder, "wordle-matrix-d.npy", 4000)  # 4,000 bytes > 3K: b, the least recently used, goes
    assert sorted(names(folder)) == ["letterboxed-c.marshal", "wordle-matrix-a.npy", "wordle-matrix-d.npy"]
    assert sum(f.size for f in cache_files(str(folder))) <= 3 * 1024
    assert (folder / "notes.txt").exists()


def test_a_file_bigger_than_the_cap_does_not_stay(folder):
    store(folder / "wordle-matrix-huge.npy", lambda handle: handle.write(b"x" * 5000))
    assert names(folder) == []


def test_cache_info_and_clear(folder):
    put(folder, "wordle-matrix-a.npy", 1000)
    info = run_cli("cache", "info", "--json").json()
    assert info["folder"] == str(folder) and info["limit_bytes"] == 3072 and info["bytes"] == 1000
    assert [f["name"] for f in info["files"]] == ["wordle-matrix-a.npy"]
    cleared = run_cli("cache", "clear", "--json").json()
    assert cleared["removed"] == 1 and names(folder) == [] and (folder / "notes.txt").exists()
    assert clear_cache(str(folder)) == []


def test_a_bad_cache_limit_is_one_line(folder, monkeypatch):
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE_LIMIT", "lots")
    result = run_cli("cache", "info")
    assert result.exit_code == 2 and result.stderr.startswith("error: PUZZLEWRIGHT_CACHE_LIMIT")
