"""Shared test fixtures: the project's shared data folder and an in-process CLI runner."""

from __future__ import annotations

import json
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.lexicon import Lexicon, load_lexicon

# The benchmark groups (benchmarks/bench/, outside the package) hold the seeds' methods ported to Python:
# tests use them as exhaustive oracles, and share their idea of where the shared data is.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from bench import shared_data_dir  # noqa: E402

SHARED_DATA = shared_data_dir()  # $PUZZLEWRIGHT_SHARED_DATA, else shared/data beside the checkout


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The shared data folder (Wordle lists, samples of real puzzles); tests using it skip without it."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data folder not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def english() -> Lexicon:
    """The default dictionary."""
    return load_lexicon("english")


@pytest.fixture(scope="session")
def wordle() -> Lexicon:
    """The original Wordle answers (2,315 five-letter words)."""
    return load_lexicon("wordle-answers")


@pytest.fixture(scope="session")
def acrostic4() -> Lexicon:
    """The dense-acrostics article's 4-letter list."""
    return load_lexicon("acrostic-4")


def load_samples(shared: Path, name: str) -> list[dict]:
    """A JSON sample file from ``shared/data/samples``."""
    return json.loads((shared / "samples" / name).read_text())


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self):
        """The JSON printed, without its ``elapsed_s`` (see :func:`untimed`)."""
        return untimed(json.loads(self.stdout))


def untimed(data):
    """A result's JSON data without its ``elapsed_s`` (the verb's own wall time, different on every run), so
    that two runs, or the library and the web, compare equal on everything else. The key must be there
    when the result is a search's (every such result has it: tests/test_output_contract.py)."""
    if isinstance(data, dict) and "dictionary" in data and "complete" in data:
        assert isinstance(data.pop("elapsed_s"), float | int)
    return data


def run_cli(*args: str, input: str | None = None) -> CliResult:
    """Run ``puzzlewright ARGS`` in-process through ``main()`` (so error formatting is exercised)."""
    from puzzlewright.cli.main import main

    with CliRunner().isolation(input=input) as (stdout, stderr, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) else 1
    return CliResult(code, stdout.getvalue().decode(), stderr.getvalue().decode())


class TookTooLong(Exception):
    """A command that should have refused its input at once was still running."""


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail (rather than hang the test run) when the block takes more than ``seconds``."""
    def expire(signum: int, frame: object) -> None:
        raise TookTooLong(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def cli():
    """The :func:`run_cli` function, as a fixture."""
    return run_cli


def as_from_a_shell() -> None:
    """``preexec_fn`` for a command-line run a test will interrupt: Ctrl-C as a shell gives it (default
    action, not blocked). An ignored or blocked SIGINT is inherited across exec, and in full test sessions
    (never in a file alone) runs started plainly ignored the test's SIGINT and finished with exit 0, although
    the test process's SIGINT looked default between tests (cause not found)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.fixture
def puzzle_never_found(monkeypatch):
    """A function making ``acrostic generate``'s puzzle ``never`` run out of its time limit, whatever the
    machine's speed (a real construction that cannot finish stops every puzzle alike, and a close limit
    would be flaky). Forked pool workers inherit it."""
    from puzzlewright.acrostic import generator
    from puzzlewright.errors import BudgetExceeded

    real = generator.generate_one

    def never_found(never: int) -> None:
        def generate_one(lexicon, options, index, budget=None):
            if index == never:
                raise BudgetExceeded("time limit")
            return real(lexicon, options, index, budget)

        monkeypatch.setattr(generator, "generate_one", generate_one)

    return never_found
