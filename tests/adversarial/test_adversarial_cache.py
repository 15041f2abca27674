"""A bounded cache folder (issue #16): every file the package caches is capped in total, least recently
used first out, and `puzzlewright cache info|clear` show and empty it without touching other files."""

from __future__ import annotations

import os

import pytest

from conftest import run_cli
from puzzlewright.cache import cache_files, cache_root, clear_cache, store, touch


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


def every_file(folder) -> set[str]:
    """Every file under ``folder``, in all its sub-folders, relative to it."""
    return {os.path.relpath(os.path.join(top, name), folder) for top, _, files in os.walk(folder) for name in files}


def test_a_dict_file_lexicon_is_counted_and_cleared(folder, tmp_path_factory):
    """Issue #28: a `--dict FILE` word list built into `lexicons/` was neither counted nor cleared."""
    words = tmp_path_factory.mktemp("words") / "words.txt"
    words.write_text("cat\ndog\nact\ntac\n")
    assert run_cli("dict", "info", "--dict", str(words)).exit_code == 0
    written = every_file(folder) - {"notes.txt"}
    assert written and all(name.startswith("lexicons" + os.sep) for name in written)
    info = run_cli("cache", "info", "--json").json()
    assert {f["name"] for f in info["files"]} == written  # every file the run wrote is listed
    assert info["bytes"] == sum((folder / name).stat().st_size for name in written) > 0
    cleared = run_cli("cache", "clear", "--json").json()
    assert cleared["removed"] == len(written) and every_file(folder) == {"notes.txt"}


def test_eviction_takes_the_oldest_files_whatever_their_sub_folder(folder):
    (folder / "lexicons").mkdir()
    (folder / "kernels").mkdir()
    put(folder, "lexicons/wordlist-a-v3.npz", 1000)
    put(folder, "wordle-matrix-b.npy", 2000)
    put(folder, "kernels/grid-fill-c.so", 3000)
    put(folder, "lexicons/wordlist-d-v3.npz", 4000)  # 4,000 bytes > 3K: the oldest, in lexicons/, goes
    assert every_file(folder) == {"notes.txt", "wordle-matrix-b.npy", os.path.join("kernels", "grid-fill-c.so"),
                                  os.path.join("lexicons", "wordlist-d-v3.npz")}
    put(folder, "wordle-matrix-e.npy", 5000)  # then the oldest left, at the top
    assert "wordle-matrix-b.npy" not in every_file(folder)
    assert sum(f.size for f in cache_files(str(folder))) <= 3 * 1024


def test_a_file_in_a_sub_folder_trims_the_whole_cache_folder(folder):
    assert cache_root(folder / "lexicons" / "wordlist-x.npz") == str(folder)
    assert cache_root(folder / "wordle-matrix-x.npy") == str(folder)
    elsewhere = folder.parent / "elsewhere" / "wordle-matrix-x.npy"
    assert cache_root(elsewhere) == str(elsewhere.parent)  # a cache kept outside the folder trims its own


def test_the_web_result_cache_holds_its_caps_at_every_insert():
    """The web app's in-memory results: never over their byte or entry cap, even for a moment."""
    from puzzlewright.web.app import ResultCache

    cache = ResultCache(entries=4, max_bytes=1000, total_bytes=2500)
    for number in range(40):
        key = ("/api/wordle/solve", b"{%d}" % number)
        cache.put(key, b"x" * (100 + 37 * number % 900))
        assert cache.bytes <= 2500 and len(cache) <= 4 and cache.get(key) is not None  # the newest is kept
        assert cache.bytes == sum(len(k[0]) + len(k[1]) + len(v) for k, v in cache._items.items())
    cache.put(("/api/wordle/solve", b"{39}"), b"y" * 10)  # a replaced result gives its bytes back
    assert cache.get(("/api/wordle/solve", b"{39}")) == b"y" * 10 and cache.bytes <= 2500
    cache.put(("/api/wordle/solve", b"{big}"), b"z" * 1001)  # over max_bytes: never kept
    assert cache.get(("/api/wordle/solve", b"{big}")) is None


def test_the_web_result_cache_drops_the_least_recently_used_first():
    from puzzlewright.web.app import ResultCache

    cache = ResultCache(entries=10, max_bytes=1000, total_bytes=3 * 1010)
    keys = [("/p", b"%d" % n) for n in range(4)]  # each key and result: 1,003 bytes
    for key in keys[:3]:
        cache.put(key, b"x" * 1000)
    assert cache.get(keys[0]) is not None  # read: now the most recently used
    cache.put(keys[3], b"x" * 1000)  # no room for a fourth: keys[1], the least recently used, goes
    assert [cache.get(key) is not None for key in keys] == [True, False, True, True]


def test_the_folder_is_within_its_cap_when_a_new_file_lands(folder, monkeypatch):
    """The least recently used files go before a new file is renamed in, not after (it was cap + file)."""
    put(folder, "wordle-matrix-a.npy", 1000)
    put(folder, "wordle-matrix-b.npy", 2000)
    put(folder, "wordle-matrix-c.npy", 3000)  # 3,000 bytes: just within 3K
    seen: list[int] = []
    replace = os.replace

    def spy(source, target):
        seen.append(sum(f.size for f in cache_files(str(folder), temporary=True)))
        replace(source, target)

    monkeypatch.setattr(os, "replace", spy)
    store(folder / "wordle-matrix-d.npy", lambda handle: handle.write(b"x" * 1500))
    assert seen == [1000 + 1500]  # c and d alone: a and b went before d came in, never over 3,072
    assert sorted(names(folder)) == ["wordle-matrix-c.npy", "wordle-matrix-d.npy"]


def test_a_dict_files_cached_list_with_columns_cut_short_is_built_again(tmp_path):
    """Real processes: a `--dict FILE` list whose cached copy was altered (a column shorter than its words:
    an edit, a writer of another version) was an `internal error: ValueError` on every run; it is built again."""
    import subprocess
    import sys

    import numpy as np

    words = tmp_path / "words.txt"
    words.write_text("crane\nslate\ntrace\ncrate\nreact\nstare\n")
    environment = {**os.environ, "PUZZLEWRIGHT_CACHE": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "puzzlewright.cli.main", "dict", "info", "--dict", str(words)]
    first = subprocess.run(command, capture_output=True, text=True, timeout=120, env=environment)
    assert first.returncode == 0, first.stderr
    [cached] = (tmp_path / "cache" / "lexicons").iterdir()
    with np.load(cached) as archive:
        columns = {name: archive[name] for name in archive.files}
    with open(cached, "wb") as handle:
        np.savez(handle, **{**columns, "zipf": columns["zipf"][:2]})
    again = subprocess.run(command, capture_output=True, text=True, timeout=120, env=environment)
    assert (again.returncode, again.stderr, again.stdout) == (0, "", first.stdout)
    with np.load(cached) as archive:
        assert len(archive["zipf"]) == 6  # stored whole again
