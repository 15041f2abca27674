"""C kernels compiled once per machine: the package ships the C source of its hot loops (the square counter,
the grid filler, the Jumble answer search's last slots) and builds each with the system's C compiler into
the cache folder the first time it is needed, then loads it with ctypes.

Why not numba alone: a process pays about 1.3 s to import numba and load its cached machine code, and about
120 MB of memory for LLVM, before it searches anything. A ctypes library loads in a millisecond. The numba
versions of the same kernels stay as the fallback for machines without a C compiler (or with
``PUZZLEWRIGHT_KERNEL=numba``), and tests check that both builds run the same search step for step.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import sys
import sysconfig
from functools import cache

from puzzlewright.errors import PuzzleInputError


C_FLAGS = ("-O2", "-shared", "-fPIC", "-std=c99")
BACKENDS = ("c", "numba")
# Why a search kernel returned: the same three codes for every kernel (the square and count kernels, the word
# rectangles', the grid filler's), in Python, in numba and in the C sources' `enum` (tests/test_native.py
# checks that the sources say the same).
DONE = 0  # the search space (or the range asked for) is exhausted
NODE_LIMIT = 1  # the node allowance ran out; calling again continues
OUT_FULL = 2  # the output holds all it can (the grid filler's: one fill); calling again continues


def c_compiler() -> str | None:
    """The C compiler to build kernels with: ``$CC``, else Python's own, else ``cc``/``gcc``/``clang``."""
    names = [os.environ.get("CC"), (sysconfig.get_config_var("CC") or "").split(" ")[0], "cc", "gcc", "clang"]
    for name in names:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def kernel_choice() -> str:
    """``$PUZZLEWRIGHT_KERNEL``: ``c`` (the default) or ``numba``."""
    choice = os.environ.get("PUZZLEWRIGHT_KERNEL", "").strip().lower() or "c"  # set but empty: the default
    if choice not in BACKENDS:
        raise PuzzleInputError(f"PUZZLEWRIGHT_KERNEL must be 'c' or 'numba', not {choice!r}")
    return choice


def say(message: str) -> None:
    """A progress note on stderr (kernels are built from commands whose stdout is the answer)."""
    print(message, file=sys.stderr, flush=True)


def kernel_source(package: str, source_name: str) -> bytes:
    """The C source ``source_name`` shipped in ``package`` (a subpackage of puzzlewright), read from beside
    this module: :mod:`importlib.resources` would import the package and the resource machinery first, a
    tenth of a small count's time end to end."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), *package.split(".")[1:])
    with open(os.path.join(folder, source_name), "rb") as handle:
        return handle.read()


def library_path(compiler: str, source: bytes, stem: str) -> str:
    """Where the library compiled from ``source`` by ``compiler`` lives in the cache folder (content-addressed,
    so an edited kernel or another compiler never reuses a stale library)."""
    import hashlib

    from puzzlewright.cache import cache_dir

    key = hashlib.sha256(source + b"\0" + compiler.encode() + b"\0" + " ".join(C_FLAGS).encode()
                         + sys.platform.encode()).hexdigest()[:20]
    return os.path.join(cache_dir(), "kernels", f"{stem}-{key}{sysconfig.get_config_var('SHLIB_SUFFIX') or '.so'}")


def load_library(package: str, source_name: str, label: str, compiler: str) -> ctypes.CDLL:
    """``package``'s C file ``source_name`` compiled by ``compiler``, loaded: from the cache folder when a
    whole copy is there, else compiled into it first (saying "compiling the <label>" on stderr: it takes about
    a second, once per machine). Raises OSError or SubprocessError."""
    source = kernel_source(package, source_name)
    path = library_path(compiler, source, source_name.removesuffix(".c").replace("_", "-"))
    if not _is_whole(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        lock = _lock_alone(os.path.dirname(path))
        try:
            if not _is_whole(path):  # not compiled by another process while this one waited
                return _compile(source, path, label, compiler)
        finally:
            os.close(lock)  # releases the lock
    from puzzlewright.cache import touch

    touch(path)  # just used: the cache folder's eviction takes it last
    touch(path + DIGEST_SUFFIX)
    return ctypes.CDLL(path)


COMPILE_TIMEOUT_S = 120  # a compilation taking longer is stopped (the numba build runs instead)
LOCK_POLL_S = 0.05


def _lock_alone(folder: str) -> int:
    """An exclusive ``flock`` on the kernels ``folder``, held while compiling into it (closing the returned
    descriptor releases it), so processes started together compile a kernel once (the others wait, then load
    it) instead of each at once. Only for economy: renames keep the folder whole without it, so where the file
    system has no locks, or the holder has not finished within a compilation's time (stopped, not killed: a
    killed holder's lock goes with it), the kernel is compiled regardless."""
    import fcntl
    import time

    handle = os.open(folder, os.O_RDONLY)
    deadline = time.monotonic() + COMPILE_TIMEOUT_S
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return handle
        except BlockingIOError:
            if time.monotonic() > deadline:
                return handle
            time.sleep(LOCK_POLL_S)
        except OSError:  # a file system without locks
            return handle


def _compile(source: bytes, path: str, label: str, compiler: str) -> ctypes.CDLL:
    """Compile ``source`` (piped to ``compiler``) into the library ``path`` and load it, then trim the cache
    folder. The compiler writes a temporary name (:func:`~puzzlewright.cache.temporary_path`: a compilation
    killed part-way leaves only that, never loaded, removed once stale), renamed into place when whole, then
    its digest is written beside it. It is loaded before the trim, so a cache folder capped below one
    library's size still runs it (and compiles it again next time)."""
    import subprocess

    from puzzlewright.cache import atomic_write, cache_root, temporary_path, trim_cache

    say(f"compiling the {label} (once per machine)…")
    built = temporary_path(path)
    try:
        subprocess.run([compiler, *C_FLAGS, "-o", built, "-x", "c", "-"], input=source, check=True,
                       capture_output=True, timeout=COMPILE_TIMEOUT_S)
        digest = _digest_line(built, path)
        os.replace(built, path)  # atomic: concurrent processes either see the whole library or none
    except BaseException:
        if os.path.exists(built):
            os.remove(built)
        raise
    atomic_write(path + DIGEST_SUFFIX, lambda handle: handle.write(digest), text=True, durable=False)
    library = ctypes.CDLL(path)
    trim_cache(cache_root(path))  # counted against the cache folder's cap like every cache file
    return library


DIGEST_SUFFIX = ".sha256"  # beside each compiled library: its SHA-256 and name, as ``sha256sum`` writes them


def _digest_line(built: str, path: str) -> str:
    """The digest file's line for the library at ``built`` that will be named ``path``: its SHA-256 and
    name (``sha256sum``'s format), so a library copied over another's name, digest file and all, differs."""
    import hashlib

    with open(built, "rb") as handle:
        return f"{hashlib.sha256(handle.read()).hexdigest()}  {os.path.basename(path)}\n"


def _is_whole(path: str) -> bool:
    """Whether the cached library ``path`` is the one that was built under that name: the digest file beside
    it gives its SHA-256 and name. A library cut short (a crash before the file system wrote it out, a full
    disk, an edit) would kill every process that loads it (SIGBUS, no message) until the cache folder was
    cleared, and another kernel's library copied over it (its digest file too) would fail on its first
    function (an internal error); either is compiled again instead, as is one whose digest file is missing
    (evicted) or in the old format (a SHA-256 alone)."""
    try:
        with open(path + DIGEST_SUFFIX, encoding="ascii") as handle:
            return handle.read(200) == _digest_line(path, path)
    except (OSError, UnicodeDecodeError):
        return False


def c_library(package: str, source_name: str, label: str) -> ctypes.CDLL | None:
    """The loaded C library of a kernel, or None when the numba build should run instead (chosen by
    ``$PUZZLEWRIGHT_KERNEL``, no compiler here, or the build failed: said on stderr)."""
    return _compiled_library(package, source_name, label) if kernel_choice() == "c" else None


def _compile_errors() -> tuple[type[Exception], ...]:
    """What a failed compilation raises besides OSError: :mod:`subprocess`'s errors, once
    :func:`_compile` has imported it (a library found in the cache folder never needs it,
    and importing it costs a small count a few per cent of its time)."""
    subprocess = sys.modules.get("subprocess")
    return () if subprocess is None else (subprocess.SubprocessError,)


@cache
def _compiled_library(package: str, source_name: str, label: str) -> ctypes.CDLL | None:
    """:func:`c_library` once per process: built or found in the cache folder, then loaded."""
    compiler = c_compiler()
    if compiler is None:
        return None
    try:
        return load_library(package, source_name, label, compiler)
    except (OSError, *_compile_errors()) as error:
        say(f"note: the C {label} could not be built ({error}); using numba (slower to start)")
        return None
