"""Output files a command cannot write are one line and exit 2, at once (found by benchmarks/input_sweep.py);
an output file is replaced whole or not at all.

Before: ``--svg``, ``--png`` or ``--output`` naming a FIFO no program reads waited for ever (an open for
writing blocks until a reader comes), an ``--output DIR`` name too long for the file system was an
``internal error: OSError``, and two runs writing one file each truncated it (the file held a mix of both)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

import pytest

from conftest import run_cli, within
from puzzlewright.errors import PuzzleInputError, open_output
from puzzlewright.outputs import write_output

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


def test_an_output_file_is_replaced_whole_or_not_at_all(tmp_path):
    target = tmp_path / "fill.txt"
    target.write_text("the old fill\n")

    def stopped_part_way(handle) -> None:
        handle.write("half of a new")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_output(str(target), stopped_part_way)
    assert target.read_text() == "the old fill\n"
    assert os.listdir(tmp_path) == ["fill.txt"]  # the temporary copy is gone
    write_output(str(target), lambda handle: handle.write("the new fill\n"))
    assert target.read_text() == "the new fill\n"


def test_an_output_through_a_symbolic_link_replaces_the_file_it_names(tmp_path):
    (tmp_path / "real.txt").write_text("old\n")
    (tmp_path / "link.txt").symlink_to("real.txt")
    write_output(str(tmp_path / "link.txt"), lambda handle: handle.write("new\n"))
    assert (tmp_path / "link.txt").is_symlink() and (tmp_path / "real.txt").read_text() == "new\n"


WRITE_IN_TWO_HALVES = """
import os, signal, sys
from puzzlewright.outputs import write_output

def write(handle):
    handle.write("first half of A, ")
    handle.flush()
    os.kill(os.getpid(), signal.SIGSTOP)  # the test writes the file from another process meanwhile
    handle.write("second half of A\\n")

write_output(sys.argv[1], write)
"""


def test_two_processes_writing_one_file_leave_one_whole_output(tmp_path):
    """A writer stopped half-way while another process writes the same file: the file holds one whole output
    at every moment (before, the second's truncation and the first's remaining writes mixed the two)."""
    target = tmp_path / "grid.txt"
    first = subprocess.Popen([sys.executable, "-c", WRITE_IN_TWO_HALVES, str(target)])
    _, status = os.waitpid(first.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status)
    second = run_cli("grid", "export", "--grid", "eras/lick/more/stew", "--output", str(target))
    assert second.exit_code == 0, second
    assert target.read_text() == "eras\nlick\nmore\nstew\n"
    first.send_signal(signal.SIGCONT)
    assert first.wait(timeout=60) == 0
    assert target.read_text() == "first half of A, second half of A\n"
