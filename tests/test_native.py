"""Kernels compiled once per machine (:mod:`puzzlewright.native`): built into the cache folder by content,
chosen by ``$PUZZLEWRIGHT_KERNEL``, and the grid filler's C build runs the numba build's search step for
step (same fills, same nodes, same learned weights)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from puzzlewright import native
from puzzlewright.errors import PuzzleInputError
from puzzlewright.grid import kernel, kernel_numba
from puzzlewright.grid.filler import FillOptions, fill_grid
from puzzlewright.grid.model import Grid
from puzzlewright.lexicon import load_lexicon

needs_c = pytest.mark.skipif(native.c_compiler() is None, reason="no C compiler here")


@needs_c
def test_a_kernel_is_compiled_once_and_cached_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    compiler = native.c_compiler()
    path = native.load_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel", compiler)._name
    assert path.startswith(str(tmp_path))
    assert native.load_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel", compiler)._name == path
    assert native.library_path(compiler, b"int x;", "grid-kernel") != path  # another source: another library
    name = path.rsplit("/", 1)[1]
    assert sorted(p.name for p in (tmp_path / "kernels").iterdir()) == [name, name + ".sha256"]  # no leftovers


COUNT = ["acrostic", "count", "--size", "5", "--double", "--canonical", "--dict", "wordle-answers", "--workers", "1",
         "--json"]  # a count that takes a tenth of a second in the C square kernel
C_NODES = 3516727  # the C kernel's node count for COUNT (the numba fallback's cell-by-cell search counts more)


def start_count(cache: Path, **environment: str) -> subprocess.Popen:
    """COUNT as a real process with its cache folder at ``cache``."""
    return subprocess.Popen([sys.executable, "-m", "puzzlewright.cli.main", *COUNT], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PUZZLEWRIGHT_CACHE": str(cache), "PUZZLEWRIGHT_KERNEL": "c",
                                 **environment})


def run_count(cache: Path, **environment: str) -> tuple[dict, str]:
    """COUNT's JSON and stderr, after checking it succeeded in the C kernel (its node count)."""
    out, err = start_count(cache, **environment).communicate(timeout=300)
    assert out, err
    result = json.loads(out)
    assert (result["count"], result["nodes"]) == (81, C_NODES), err
    return result, err


def kernel_files(cache: Path) -> list[str]:
    """The kernels folder's names, temporary ones (a killed compilation's) left out."""
    return sorted(p.name for p in (cache / "kernels").iterdir() if not p.name.endswith(".tmp"))


@needs_c
def test_a_cached_kernel_cut_short_is_compiled_again_not_loaded(tmp_path):
    """Real processes: a count after its C kernel was truncated in the cache folder gets its answer, where it
    died of SIGBUS (exit 135, nothing said) on every run until the folder was cleared."""
    run_count(tmp_path)
    [library] = [p for p in (tmp_path / "kernels").iterdir() if p.suffix != ".sha256"]
    os.truncate(library, library.stat().st_size // 3)
    assert "compiling the" in run_count(tmp_path)[1]


@needs_c
def test_counts_started_together_on_an_empty_cache_compile_once_and_all_run_it(tmp_path):
    """Four real processes at once: one compiles, the others wait for it and load its library (each compiled
    its own, four compilers on two cores, before the folder lock)."""
    errors = [run_count_started(process) for process in [start_count(tmp_path) for _ in range(4)]]
    assert sum(error.count("compiling the square kernel") for error in errors) == 1, errors
    [library, digest] = kernel_files(tmp_path)
    assert digest == library + native.DIGEST_SUFFIX


def run_count_started(process: subprocess.Popen) -> str:
    """A started count's stderr, after checking it succeeded in the C kernel."""
    out, err = process.communicate(timeout=300)
    assert json.loads(out)["nodes"] == C_NODES, err
    return err


@needs_c
def test_a_compilation_killed_part_way_leaves_nothing_that_is_loaded_or_kept(tmp_path):
    """SIGKILL while compiling: the next count compiles again and runs; what the killed one wrote is a
    temporary file (removed once stale), not a work folder kept in the cache for ever."""
    killed = start_count(tmp_path)
    assert "compiling the" in killed.stderr.readline()  # type: ignore[union-attr]
    killed.kill()
    killed.communicate()
    assert "compiling the" in run_count(tmp_path)[1]
    [library, digest] = kernel_files(tmp_path)
    assert digest == library + native.DIGEST_SUFFIX and library.endswith(".so")


@needs_c
def test_another_kernels_library_copied_over_one_with_its_digest_is_compiled_again(tmp_path, monkeypatch):
    """The square kernel's library and digest file copied over the grid kernel's name: a real fill compiles
    its own again (loading it ended in ``internal error: AttributeError: ... undefined symbol``)."""
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path))
    run_count(tmp_path)
    [square] = [str(p) for p in (tmp_path / "kernels").glob("square-*") if p.suffix != ".sha256"]
    source = native.kernel_source("puzzlewright.grid", kernel.KERNEL_SOURCE)
    grid = native.library_path(native.c_compiler(), source, "grid-kernel")
    shutil.copy(square, grid)
    shutil.copy(square + native.DIGEST_SUFFIX, grid + native.DIGEST_SUFFIX)
    fill = subprocess.run([sys.executable, "-m", "puzzlewright.cli.main", "grid", "fill", "--template",
                           "eras/..../..../....", "--dict", "acrostic-4"], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PUZZLEWRIGHT_KERNEL": "c"})
    assert fill.returncode == 0 and "E E L S" in fill.stdout, fill.stderr
    assert "compiling the grid kernel" in fill.stderr


@needs_c
def test_a_cache_capped_below_a_kernels_size_still_runs_the_compiled_kernel(tmp_path):
    """The cap evicts the library just compiled; it was evicted before it was loaded, and the count fell back
    to numba saying ``could not be built (... cannot open shared object file)``."""
    assert "could not be built" not in run_count(tmp_path, PUZZLEWRIGHT_CACHE_LIMIT="1K")[1]


def test_a_cache_folder_that_is_a_file_falls_back_to_numba_saying_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE", str(tmp_path / "file"))
    (tmp_path / "file").write_text("not a folder")
    native._compiled_library.cache_clear()
    try:
        assert native.c_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel") is None
    finally:
        native._compiled_library.cache_clear()
    [note] = capsys.readouterr().err.splitlines()
    assert note.startswith("note: the C grid kernel could not be built (") and "Not a directory" in note


def test_an_unknown_kernel_choice_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("PUZZLEWRIGHT_KERNEL", "fortran")
    with pytest.raises(PuzzleInputError, match="PUZZLEWRIGHT_KERNEL must be 'c' or 'numba'"):
        native.c_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel")


@pytest.mark.parametrize("value", ["", "  ", " C "])
def test_an_empty_or_padded_kernel_choice_is_read_as_the_default(monkeypatch, value):
    """Set but empty is unset, as for the cache folder's knobs (it was refused: ``must be 'c' or 'numba',
    not ''``)."""
    monkeypatch.setenv("PUZZLEWRIGHT_KERNEL", value)
    assert native.kernel_choice() == "c"


def test_the_numba_choice_needs_no_compiler(monkeypatch):
    monkeypatch.setenv("PUZZLEWRIGHT_KERNEL", "numba")
    assert native.c_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel") is None


def test_the_c_grid_kernel_refuses_arrays_of_the_wrong_type():
    with pytest.raises(TypeError, match="int64"):
        kernel._pointer(np.zeros(3, np.int32))
    with pytest.raises(TypeError, match="C-ordered"):
        kernel._pointer(np.zeros((3, 4), np.int64).T)


def fill_with(backend, monkeypatch, template: str, dictionary: str, options: FillOptions):
    """Fill ``template`` from a small dictionary with the kernel ``backend`` = (propagate, search)."""
    monkeypatch.setattr(kernel, "_backend", lambda: backend)
    lexicon = load_lexicon(dictionary, min_commonness=4 if dictionary == "english" else None)
    return fill_grid(Grid.parse(template), lexicon, options)


@needs_c
@pytest.mark.parametrize(("template", "dictionary", "options"), [
    ("...../...../...../...../.....", "wordle-answers", FillOptions(count=3, random_seed=1)),  # restarts
    ("#.../..../..../...#", "english", FillOptions(count=None)),  # exhaustive: every fill, then DONE
    ("c...#/...../...../...../#....", "english", FillOptions(count=2, random_seed=5)),  # a fixed letter
])
def test_c_and_numba_grid_kernels_search_alike(monkeypatch, template, dictionary, options):
    library = native.c_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel")
    c_kernel = kernel._CKernel(library)
    by_c = fill_with((c_kernel.propagate, c_kernel.search), monkeypatch, template, dictionary, options)
    by_numba = fill_with((kernel_numba.propagate, kernel_numba.search), monkeypatch, template, dictionary, options)
    assert [fill.words for fill in by_c.fills] == [fill.words for fill in by_numba.fills]
    assert (by_c.nodes, by_c.restarts, by_c.complete) == (by_numba.nodes, by_numba.restarts, by_numba.complete)
    assert by_c.nodes > 0


@needs_c
def test_c_and_numba_grid_kernels_learn_and_prune_alike(monkeypatch):
    """Restarting after every node or two, both builds learn the same nogoods and prune with them to the
    same fill of an open 4x4 (506 four-letter words), in the same nodes."""
    from puzzlewright.grid import filler

    monkeypatch.setattr(filler, "RESTART_BASE", 1)
    library = native.c_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel")
    c_kernel = kernel._CKernel(library)
    lexicon = load_lexicon("english", min_commonness=5)
    outcomes = []
    for backend in ((c_kernel.propagate, c_kernel.search), (kernel_numba.propagate, kernel_numba.search)):
        monkeypatch.setattr(kernel, "_backend", lambda backend=backend: backend)
        search = filler.Filler(Grid.parse("..../..../..../...."), lexicon, FillOptions(random_seed=2))
        outcome = search.run()
        outcomes.append((outcome.nodes, outcome.restarts, outcome.complete, [fill.words for fill in outcome.fills],
                         search.nogood_at[:search.n_nogoods + 1].tolist(), search.nogoods[:10].tolist()))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][1] > 0 and outcomes[0][4][-1] > 0 and outcomes[0][3]  # restarts, nogoods learnt, a fill


def kernel_state_problems(search) -> list[str]:
    """What is wrong with a filler's kernel state: each slot's candidate bitset must hold words of its list
    alone (no bit past its last word), and its size and letter supports must count them."""
    problems = []
    for s, slot in enumerate(search.slots):
        blocks = kernel.blocks(int(search.words[s]))
        bits = np.unpackbits(search.live[search.live_at[s]:search.live_at[s] + blocks].view(np.uint8),
                             bitorder="little")
        live = np.flatnonzero(bits[:int(search.words[s])]).tolist()
        letters = search.tables[slot.length].letters[live]
        counts = [np.bincount(letters[:, i], minlength=26).tolist() for i in range(slot.length)]
        if int(bits.sum()) != len(live) or int(search.size[s]) != len(live) or \
                search.support[s, :slot.length].tolist() != counts:
            problems.append(slot.name)
    return problems


@pytest.mark.parametrize("build", ["c", "numba"])
def test_a_stopped_search_leaves_each_slots_candidates_and_supports_counted(monkeypatch, build):
    """The candidate bitsets, sizes and letter supports stay what the live words make them, mid-search (a
    search stopped by its node allowance, decisions on its stack, after backtracks and restarts, whose undos
    put supports back both word by word and from rows saved whole) as at the start."""
    from puzzlewright.grid import filler

    if build == "c":
        library = native.c_library("puzzlewright.grid", kernel.KERNEL_SOURCE, "grid kernel")
        if library is None:
            pytest.skip("no C compiler here")
        c_kernel = kernel._CKernel(library)
        monkeypatch.setattr(kernel, "_backend", lambda: (c_kernel.propagate, c_kernel.search))
    else:
        monkeypatch.setattr(kernel, "_backend", lambda: (kernel_numba.propagate, kernel_numba.search))
    monkeypatch.setattr(filler, "RESTART_BASE", 8)
    lexicon = load_lexicon("english", min_commonness=4)
    search = filler.Filler(Grid.parse("#..../...../...../...../....#"), lexicon,
                           FillOptions(count=1000, diverse=False, random_seed=3))
    attempt = search._search(None, None, {}, 120)
    assert attempt.gave_up and search.restarts > 0 and search.size.sum() < sum(attempt.candidates)  # mid-search
    assert kernel_state_problems(search) == []
    search.support[2, 0, int(np.argmax(search.support[2, 0]))] += 1  # miscount one letter
    assert kernel_state_problems(search) == [search.slots[2].name]


def test_a_candidates_promise_is_the_mean_log_of_its_crossings_supports():
    """The value order's promise (``_promise``; ``promise_of`` in the C build, which the searches above
    check step for step): the mean over the crossing slots still open of log10 of the candidates each keeps
    with the word's letter there, each capped at PROMISE_CAP. A word leaving its crossings 1 and 100
    candidates (mean 1.0) beats one leaving 2 and 2 (0.30): the fewest-candidates rule ranked them the
    other way round."""
    size = np.array([3, 200, 200, 1], np.int64)  # slot 3 has its word: not an open crossing
    lengths = np.array([3, 3, 3, 3], np.int64)
    letters = np.array([0, 1, 2, 3, 4, 2, 5, 5, 2], np.int64)  # slot 0's words: abc, dec, ffc
    letters_at = np.zeros(4, np.int64)
    cross_t = np.array([[1, 2, 3], [-1, -1, -1], [-1, -1, -1], [-1, -1, -1]], np.int64)
    cross_j = np.array([[0, 1, 2], [0, 0, 0], [0, 0, 0], [0, 0, 0]], np.int64)
    support = np.zeros((4, 3, 26), np.int64)
    support[1, 0, [0, 3, 5]] = [1, 2, 5000]  # slot 1's candidates with a, d, f first
    support[2, 1, [1, 4, 5]] = [100, 2, 10]  # slot 2's with b, e, f second
    promise = kernel_numba._promise.py_func
    grid = (None, None, size, support.reshape(-1), lengths, letters, letters_at, None, None, cross_t.reshape(-1),
            cross_j.reshape(-1))  # the kernel's grid tuple, as far as _promise reads it
    assert [round(promise(grid, 0, w, 3), 4) for w in range(3)] == [1.0, 0.301, 2.0]  # 5,000 counts as 1,000
    size[1:3] = 1  # no open crossing left
    assert promise(grid, 0, 0, 3) == 0.0


def test_a_kernels_source_is_read_from_its_package_folder():
    """Read from beside the module, without importing the package or importlib.resources (start-up)."""
    from importlib import resources

    shipped = resources.files("puzzlewright.grid").joinpath(kernel.KERNEL_SOURCE).read_bytes()
    assert native.kernel_source("puzzlewright.grid", kernel.KERNEL_SOURCE) == shipped and b"#include" in shipped


def test_every_kernel_source_returns_the_shared_status_codes():
    """Each C kernel's ``enum`` of why it returned says what :mod:`puzzlewright.native` defines (one set of
    codes for every kernel: the grid filler's once had DONE = 1 where the square kernel's was 0)."""
    import re

    codes = {"DONE": native.DONE, "NODE_LIMIT": native.NODE_LIMIT, "OUT_FULL": native.OUT_FULL}
    assert sorted(codes.values()) == [0, 1, 2]
    for package, source in (("puzzlewright.grid", "grid_kernel.c"), ("puzzlewright.acrostic", "square_kernel.c"),
                            ("puzzlewright.jumble", "finish_kernel.c")):
        text = native.kernel_source(package, source).decode()
        enum = re.search(r"enum \{ (DONE = \d, NODE_LIMIT = \d, OUT_FULL = \d) \}", text)
        assert enum is not None, source
        assert dict((name, int(value)) for name, value in re.findall(r"(\w+) = (\d)", enum.group(1))) == codes
