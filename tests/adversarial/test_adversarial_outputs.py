"""Output files a command cannot write are one line and exit 2, at once (found by benchmarks/input_sweep.py).

Before: ``--svg``, ``--png`` or ``--output`` naming a FIFO no program reads waited for ever (an open for
writing blocks until a reader comes), and an ``--output DIR`` name too long for the file system was an
``internal error: OSError``."""

from __future__ import annotations

import os
import threading

import pytest

from conftest import run_cli, within
from puzzlewright.errors import PuzzleInputError, open_output

WRITERS = {  # a verb writing to an output file, with the option that names it
    "letterboxed generate --svg": ["letterboxed", "generate", "--random-seed", "1", "--svg"],
    "grid export --output": ["grid", "export", "--grid", "eras/lick/more/stew", "--output"],
    "acrostic count --output": ["acrostic", "count", "--size", "3", "--dict", "acrostic-4", "--output"],
    "wordle doodle --png": ["wordle", "doodle", "--answer", "crane", "BBBBB", "--random-seed", "1", "--png"],
}


@pytest.mark.parametrize("writer", WRITERS)
def test_a_fifo_no_program_reads_is_refused_at_once(tmp_path, writer):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with within(30):
        result = run_cli(*WRITERS[writer], str(fifo))
    assert result.exit_code == 2, result
    assert result.stderr == f"error: cannot write {fifo}: it is a FIFO no program is reading\n"


def test_a_fifo_a_program_reads_is_written(tmp_path):
    """``--svg >(viewer)`` (a pipe the shell made) still works: only a FIFO nobody reads is refused."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(open(fifo, "rb").read()))
    reader.start()
    for _ in range(200):  # until the reader has the FIFO open
        try:
            with open_output(fifo) as handle:
                handle.write("<svg/>")
            break
        except PuzzleInputError:
            threading.Event().wait(0.01)
    reader.join(10)
    assert received == [b"<svg/>"]


def test_an_output_folder_name_too_long_is_one_line(tmp_path):
    name = str(tmp_path / ("x" * 300))
    result = run_cli("acrostic", "generate", "--size", "4", "--random-seed", "6", "--output", name)
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error: cannot write ") and "File name too long" in result.stderr
    assert result.stderr.count("\n") == 1
