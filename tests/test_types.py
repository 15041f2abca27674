"""The public surface (the front door, the request and result models, the verbs) type-checks under
``mypy --strict`` (the files are listed in pyproject.toml's [tool.mypy]); the package ships py.typed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_public_modules_pass_mypy_strict():
    pytest.importorskip("mypy")
    command = [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml")]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_says_it_is_typed():
    assert (ROOT / "src" / "puzzlewright" / "py.typed").is_file()
