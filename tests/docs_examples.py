"""Run the examples of README.md and docs/*.md, so a change that makes a doc untrue fails the tests.

The conventions (also in docs/architecture.md, "Examples in the docs are tested"):

* ```` ```console ```` blocks are sessions: a line starting with ``$ `` is a command (a trailing ``\\``
  continues it on the next line) and the lines after it, up to the next command or a ``# `` comment line
  (blank lines inside are part of it), are its output as a terminal shows it (stdout and stderr). Output is compared with runs
  of whitespace made one space, timings (``0.28 s``, ``12 ms``) made ``<time>``, and ``...`` standing for
  any text. A command with no output shown is still run.
* ```` ```bash ```` / ```` ```sh ```` blocks list commands (``$ `` optional): each is run, its output is not
  compared.
* Every command must exit 0, unless its shown output has an ``error:`` line (exit 2) or its comment says
  ``exit N``. ``pip install`` and ``apt-get install`` steps are not run (the tests run in an installed checkout).
* A command that cannot run in the tests (a server, a cluster, hours of work) says so in its comment:
  ``# not run by the docs test: REASON``. A Python block does the same with that comment on a line.
* ```` ```python ```` blocks are run in order, in one namespace per document (blocks in doctest form,
  ``>>>``, are left to doctest). An expression line whose
  comment is a Python literal (``# 81``, ``# (['eras/lick/more/stew'], True)``, or a JSON-like object
  continued on the following ``# `` lines) must evaluate to it: ``...`` in a list ends it, ``"..."``
  stands for any value, dict keys not shown are not compared, floats to the decimals shown.
* A ``puzzlewright serve`` command starts that server for the rest of its document (on a free port, in
  place of the one it names; stopped at the document's end) and waits until ``/healthz`` says it is
  ready (warmed up), and later commands'
  ``localhost:8000`` (or the port the command named) are sent to it: so the docs' ``curl`` examples run,
  and one that leaves out ``-H 'Content-Type: application/json'`` shows a 415 instead of its reply.
* Each document runs in its own temporary directory holding a link ``docs`` to the real docs folder, so
  examples can read ``docs/examples/...`` and write files freely. ``puzzlewright`` commands run
  in-process through the CLI's ``main()``; anything else (pipes, other programs) runs in bash.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import time
import tokenize
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from puzzlewright.schema import Result, to_jsonable

SKIP_MARK = "not run by the docs test:"
INSTALLERS = ("pip install", "apt-get install", "apt install")
SHELL_LANGUAGES = {"bash", "sh", "shell"}
TIMING = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?\s?(?:µs|us|ms|s|min)\b")
ERROR_LINE = re.compile(r"^error: ", re.MULTILINE)
EXIT_COMMENT = re.compile(r"\bexit (\d+)\b")


@dataclass
class Command:
    """One shell command of a doc, with the output and exit code the doc promises."""

    text: str
    comment: str
    expected_output: str | None  # None: not shown, so not compared
    line: int

    @property
    def skip_reason(self) -> str | None:
        """Why the doc says this command is not run, or None."""
        if SKIP_MARK in self.comment:
            return self.comment.split(SKIP_MARK, 1)[1].split(")")[0].strip()
        return None

    @property
    def expected_exit(self) -> int:
        """The exit code the doc promises: its comment's ``exit N``, 2 when it shows an error, else 0."""
        stated = EXIT_COMMENT.search(self.comment)
        if stated:
            return int(stated.group(1))
        return 2 if self.expected_output and ERROR_LINE.search(self.expected_output) else 0


@dataclass
class Block:
    """A fenced code block of a doc: its language, first line number (1-based) and text."""

    language: str
    line: int
    text: str
    number: int  # 1-based among the doc's code blocks
    commands: list[Command] = field(default_factory=list)


def code_blocks(markdown: str) -> list[Block]:
    """Every fenced block of ``markdown`` (```` ```lang ```` ... ```` ``` ````), in order."""
    blocks: list[Block] = []
    lines = markdown.splitlines()
    index = 0
    while index < len(lines):
        opening = re.match(r"^(\s*)```+\s*([\w+-]*)", lines[index])
        if not opening:
            index += 1
            continue
        start = index + 1
        index = start
        while index < len(lines) and not lines[index].strip().startswith("```"):
            index += 1
        body = "\n".join(lines[start:index])
        block = Block(opening.group(2).lower(), start + 1, body, len(blocks) + 1)
        if block.language == "console":
            block.commands = console_commands(body, block.line)
        elif block.language in SHELL_LANGUAGES:
            block.commands = shell_commands(body, block.line)
        blocks.append(block)
        index += 1
    return blocks


def split_comment(command: str) -> tuple[str, str]:
    """``command`` without its trailing ``# comment`` (outside quotes), and the comment."""
    quote = None
    for position, char in enumerate(command):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and (position == 0 or command[position - 1].isspace()):
            return command[:position].rstrip(), command[position + 1:].strip()
    return command.rstrip(), ""


def _join_continuations(lines: list[str], index: int) -> tuple[str, int]:
    """The command starting at ``lines[index]`` with its ``\\`` continuation lines, and the next index."""
    text = lines[index]
    while text.rstrip().endswith("\\") and index + 1 < len(lines):
        index += 1
        text = text.rstrip()[:-1].rstrip() + " " + lines[index].strip()
    return text, index + 1


def console_commands(body: str, first_line: int) -> list[Command]:
    """The ``$ `` commands of a console block, each with the output lines shown under it."""
    commands: list[Command] = []
    lines = body.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.startswith("$ "):
            index += 1
            continue
        line_number = first_line + index
        text, index = _join_continuations(lines, index)
        command, comment = split_comment(text[2:])
        output: list[str] = []
        while index < len(lines) and not lines[index].startswith(("$ ", "# ")):
            output.append(lines[index])
            index += 1
        while output and not output[-1].strip():
            output.pop()
        commands.append(Command(command, comment, "\n".join(output) if output else None, line_number))
    return commands


def shell_commands(body: str, first_line: int) -> list[Command]:
    """The commands of a bash/sh block (one per line, ``\\`` continues, ``#`` lines are comments)."""
    commands: list[Command] = []
    lines = body.splitlines()
    index = 0
    while index < len(lines):
        stripped = lines[index].strip()
        if not stripped or stripped.startswith("#"):
            index += 1
            continue
        line_number = first_line + index
        text, index = _join_continuations(lines, index)
        command, comment = split_comment(text.strip().removeprefix("$ "))
        commands.append(Command(command, comment, None, line_number))
    return commands


def normalise_output(text: str) -> str:
    """``text`` as compared: timings replaced by ``<time>``, whitespace runs made one space."""
    return " ".join(TIMING.sub("<time>", text).split())


def output_matches(expected: str, got: str) -> bool:
    """Whether ``got`` is what the doc shows, ``...`` in the doc standing for any text."""
    parts = [re.escape(part) for part in normalise_output(expected).split("...")]
    return re.fullmatch(r".*?".join(parts), normalise_output(got), re.DOTALL) is not None


def without_installs(command: str) -> str:
    """``command`` with its ``pip install ... &&`` steps removed (the tests run installed; system packages
    are never installed by a test)."""
    steps = [step.strip() for step in command.split("&&")]
    return " && ".join(step for step in steps if not step.startswith(INSTALLERS))


@dataclass
class Run:
    """What a command did: its exit code and everything it printed, interleaved as a terminal shows it."""

    exit_code: int
    output: str


class DocServer:
    """The web server a document's ``puzzlewright serve`` command starts, up until the document ends.

    It listens on a free loopback port; :meth:`routed` sends a later command's requests for the address
    the doc names (``localhost:8000``, or the port its ``serve`` command gave) there instead.
    """

    STARTUP_S = 60.0

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.named_port, self.port = 8000, 0

    def start(self, arguments: list[str], cwd: Path) -> Run:
        """Run ``puzzlewright serve ARGUMENTS`` (its ``--port`` made a free one) until ``/healthz`` answers."""
        self.stop()
        arguments, self.named_port = list(arguments), 8000
        if "--port" in arguments:
            where = arguments.index("--port") + 1
            self.named_port = int(arguments[where])
            del arguments[where - 1:where + 1]
        self.port = _free_port()
        log = cwd / f"server-{self.port}.log"
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "import sys; from puzzlewright.cli.main import main; "
                 "sys.argv[0] = 'puzzlewright'; main()", "serve", *arguments, "--port", str(self.port)],
                cwd=cwd, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.STARTUP_S
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2) as reply:
                    if reply.status == 200 and json.load(reply).get("ready"):  # warmed up, as a user finds it
                        return Run(0, log.read_text())
                time.sleep(0.2)
            except OSError:
                time.sleep(0.2)
        code = self.process.poll()
        self.stop()
        return Run(code if code else 1, log.read_text() + "\n(the server was not ready: /healthz)")

    def routed(self, command: str) -> str:
        """``command`` with the doc's server address made the running test server's."""
        if self.process is None:
            return command
        return re.sub(rf"\b(?:localhost|127\.0\.0\.1):{self.named_port}\b", f"127.0.0.1:{self.port}", command)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


def _free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run_command(command: str, cwd: Path, server: DocServer | None = None) -> Run:
    """Run one doc command in ``cwd``: ``puzzlewright serve`` as ``server``, other ``puzzlewright ...``
    in-process, anything else in bash (sent to ``server`` when it names the doc's server address)."""
    if server is not None:
        command = server.routed(command)
    tokens = shlex.split(command)
    environment: dict[str, str] = {}
    while tokens and re.fullmatch(r"[A-Z_]+=.*", tokens[0]):
        name, value = tokens.pop(0).split("=", 1)
        environment[name] = value
    shell_syntax = {"|", "&&", "||", ";", "2>&1"} & set(tokens) or "$(" in command
    if not tokens or tokens[0] != "puzzlewright" or shell_syntax:
        return _run_in_bash(command, cwd)
    if server is not None and tokens[1:2] == ["serve"] and not environment:
        return server.start(tokens[2:], cwd)
    arguments, stdin_path, stdout_path = _redirections(tokens[1:])
    return _run_in_process(arguments, cwd, environment, stdin_path, stdout_path)


def _redirections(arguments: list[str]) -> tuple[list[str], str | None, str | None]:
    """Split ``< file`` and ``> file`` off a command's arguments."""
    kept: list[str] = []
    stdin_path = stdout_path = None
    tokens = iter(arguments)
    for token in tokens:
        if token == "<":
            stdin_path = next(tokens)
        elif token == ">":
            stdout_path = next(tokens)
        else:
            kept.append(token)
    return kept, stdin_path, stdout_path


def _run_in_process(arguments: list[str], cwd: Path, environment: dict[str, str],
                    stdin_path: str | None, stdout_path: str | None) -> Run:
    """Run ``puzzlewright ARGUMENTS`` through the CLI's ``main()`` with ``cwd`` as working directory."""
    from click.testing import CliRunner

    from puzzlewright.cli.main import main

    previous = Path.cwd()
    os.chdir(cwd)
    try:
        stdin = (cwd / stdin_path).read_bytes() if stdin_path else None
        with CliRunner().isolation(input=stdin, env=environment) as (stdout, _, mixed):
            try:
                main(arguments)
                code = 0
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else 1
            printed = mixed.getvalue().decode()
            if stdout_path:
                (cwd / stdout_path).write_bytes(stdout.getvalue())
                printed = printed.replace(stdout.getvalue().decode(), "")
    finally:
        os.chdir(previous)
    return Run(code, printed)


def _run_in_bash(command: str, cwd: Path) -> Run:
    """Run a command that is not a plain ``puzzlewright`` call in bash, with this Python's scripts on PATH."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    done = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PATH": path, "NO_COLOR": "1"})
    return Run(done.returncode, done.stdout + done.stderr)


def check_command(doc: str, block: Block, command: Command, cwd: Path,
                  server: DocServer | None = None) -> str | None:
    """Run ``command``; None when it does what the doc says, else a message naming doc, block and line."""
    runnable = without_installs(command.text)
    if command.skip_reason is not None or not runnable:
        return None
    run = run_command(runnable, cwd, server)
    problems = []
    if run.exit_code != command.expected_exit:
        problems.append(f"expected exit code {command.expected_exit}, got {run.exit_code}")
    if command.expected_output is not None and not output_matches(command.expected_output, run.output):
        problems.append("output differs")
    if not problems:
        return None
    return (f"{doc}, block {block.number} (line {command.line}): $ {command.text}\n  "
            + "; ".join(problems)
            + ("\n  expected (from the doc):\n" + _indent(command.expected_output)
               if command.expected_output is not None else "")
            + "\n  got:\n" + _indent(run.output))


def _indent(text: str) -> str:
    """``text`` indented by four spaces (an empty text shown as such)."""
    return "\n".join("    " + line for line in text.rstrip("\n").splitlines()) or "    (nothing)"


# --- Python blocks ---------------------------------------------------------------------------------


def check_python_block(doc: str, block: Block, namespace: dict, cwd: Path) -> list[str]:
    """Run a Python block in ``namespace``; messages for an exception or a result its comment contradicts."""
    if SKIP_MARK in block.text or block.text.lstrip().startswith(">>>"):
        return []  # marked, or in doctest form (docs/python.md: run by doctest in tests/test_front_door.py)
    source = block.text
    tree = ast.parse(source)
    comments = _comments_by_line(source)
    problems: list[str] = []
    previous = Path.cwd()
    os.chdir(cwd)
    try:
        for statement in tree.body:
            where = f"{doc}, block {block.number} (line {block.line + statement.lineno - 1})"
            code = ast.get_source_segment(source, statement)
            try:
                if isinstance(statement, ast.Expr):
                    with contextlib.redirect_stdout(io.StringIO()):
                        value = eval(compile(ast.Expression(statement.value), doc, "eval"), namespace)
                else:
                    with contextlib.redirect_stdout(io.StringIO()):
                        exec(compile(ast.Module([statement], []), doc, "exec"), namespace)
                    continue
            except Exception as error:  # the doc's code failed: report it, stop this block
                problems.append(f"{where}: {code}\n  raised {type(error).__name__}: {error}")
                break
            expected = _expected_value(comments, statement.end_lineno)
            if expected is not _NOT_SHOWN and not value_matches(expected, value):
                problems.append(f"{where}: {code}\n  the doc's comment says {expected!r}\n  got {value!r}")
    finally:
        os.chdir(previous)
    return problems


_NOT_SHOWN = object()


def _comments_by_line(source: str) -> dict[int, tuple[str, bool]]:
    """Line number -> (comment text, whether the comment is alone on its line)."""
    comments: dict[int, tuple[str, bool]] = {}
    lines = source.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            alone = not lines[row - 1][:column].strip()
            comments[row] = (token.string[1:].strip(), alone)
    return comments


def _expected_value(comments: dict[int, tuple[str, bool]], line: int):
    """The literal a statement's trailing comment (and the comment lines under it) shows, or _NOT_SHOWN."""
    text = ""
    if line in comments and not comments[line][1]:
        text = comments[line][0]
    follow = line + 1
    if not text:
        while follow in comments and comments[follow][1] and (text or comments[follow][0][:1] in "{["):
            text += " " + comments[follow][0]
            follow += 1
    if not text:
        return _NOT_SHOWN
    for candidate in (text.strip(), JSON_CONSTANTS.sub(lambda m: JSON_TO_PYTHON[m.group()], text.strip())):
        try:
            return ast.literal_eval(candidate)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return _NOT_SHOWN  # prose, not a value


JSON_CONSTANTS = re.compile(r"\b(?:true|false|null)\b")
JSON_TO_PYTHON = {"true": "True", "false": "False", "null": "None"}


def value_matches(expected, got) -> bool:
    """Whether ``got`` is the value a doc comment shows (see the module docstring for the elisions)."""
    if expected is Ellipsis or expected == "..." or expected == {Ellipsis}:
        return True
    if isinstance(got, Result):  # a typed result: the doc shows its JSON
        got = to_jsonable(got)
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(key in got and value_matches(value, got[key])
                                              for key, value in expected.items())
    if isinstance(expected, (list, tuple)):
        if not isinstance(got, (list, tuple)):
            return False
        got = list(got)
        if expected and expected[-1] is Ellipsis:
            prefix = list(expected[:-1])
            return len(got) >= len(prefix) and all(map(value_matches, prefix, got[:len(prefix)]))
        return len(got) == len(expected) and all(map(value_matches, expected, got))
    if isinstance(expected, float) and isinstance(got, (int, float)):
        decimals = len(repr(expected).partition(".")[2])
        return round(got, decimals) == expected
    return expected == got
