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
