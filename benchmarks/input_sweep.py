#!/usr/bin/env python3
"""Bad input everywhere: every command-line verb and every web endpoint, fed empty, huge, non-ASCII, mixed-case,
wrongly sized and wrongly typed values, out-of-range numbers, missing, special and malformed files (``--dict``
lists of binary junk, CRLF, a byte order mark, one huge line...) and contradictory flags.

Usage: PYTHONPATH=src python benchmarks/input_sweep.py [--cli] [--web] [--only WORDS] [--seconds 60] [-v]

The rule checked (the developers' "bad input" rule): a command exits 0, 1 or 3 (the input was usable) or 2
with exactly one ``error: ...`` line on stderr, never a traceback or an ``internal error``, and within its
budget (``--seconds``, on top of its own ``--time-limit``: no hang); an endpoint answers 2xx, or 4xx with the
project's error shape ``{"error": "one line"}`` (503 *server busy* allowed), never a 5xx, also within the
budget. The command tree is walked from the root click group (``puzzlewright --help`` recursively), so a new
verb or option is swept without editing this file; each verb starts from a valid invocation (:data:`VALID`)
and one argument or option at a time is replaced by a bad value.

Each case runs in a child forked from this process (the package imported once: about 10 ms a case instead of
a fresh interpreter's start-up), killed when it overruns. Prints one line per failing case and a summary;
exits 1 when any case fails. ``serve`` and ``cache clear`` are left out (a server, and the shared cache folder).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click

# A valid invocation of each verb: the sweep varies one of its values at a time.
VALID: dict[str, list[str]] = {
    "dict diff": ["wordle-answers", "acrostic-4"],
    "dict explain": ["cat"],
    "dict info": ["--dict", "wordle-answers"],
    "dict lookup": ["cat", "dog"],
    "acrostic count": ["--size", "3", "--dict", "acrostic-4"],
    "acrostic generate": ["--size", "4", "--random-seed", "6"],
    "acrostic solve": ["eras", "ceeiklmorstw", "--dict", "acrostic-4"],
    "acrostic verify": ["eras/lick/more/stew", "--pool", "ceeiklmorstw", "--dict", "acrostic-4"],
    "letterboxed generate": ["--random-seed", "1"],
    "letterboxed play": ["RME-WCL-TGK-API"],
    "letterboxed solve": ["RME-WCL-TGK-API"],
    "jumble generate": ["BEE WORTH IT", "--random-seed", "1"],
    "jumble solve": ["--pool", "BREADBUTTER", "--answer", "----- {AND} ------", "--top", "1"],
    "jumble unscramble": ["tefa", "lasrn"],
    "wordle assist": ["--guess", "salet:BBYBB"],
    "wordle doodle": ["--answer", "crane", "BBBBB", "BGBGB", "--random-seed", "1"],
    "wordle feedback": ["speed", "erase"],
    "wordle play": ["crane"],
    "grid candidates": ["--template", "eras/l.../m.../s...", "--slot", "5-Across", "--limit", "5"],
    "grid count": ["--size", "3x3", "--dict", "acrostic-4"],
    "grid export": ["--grid", "eras/lick/more/stew"],
    "grid fill": ["--template", "....#/...../....."],
    "grid patterns": [],
    "grid reroll": ["--grid", "eras/lick/more/stew", "--slot", "1-Across"],
    "grid verify": ["--grid", "eras/lick/more/stew"],
    "cache info": [],
}
LEFT_OUT = {"serve", "cache clear", "tour"}  # a server; the shared cache folder; the tour is VALID inputs only
TIME_LIMIT = "2"  # what a verb with --time-limit is given (its own budget) when the case varies another value

TEXTS = ["", " ", "x" * 100_000, "ÄÖÜßé漢字🙂", "CrAnE", "crane", "-", "?", "#", "a b", "\t", "..", "é" * 5000]
INTEGERS = ["0", "-1", "99999999999999999999999", "9" * 5000, "1e3", "3.5", "abc", ""]
FLOATS = ["0", "-1", "nan", "inf", "-inf", "1e308", "1e-320", "abc", ""]
FILE_OPTIONS = ("--dict", "--batch", "--template", "--grid", "--clues", "--answers", "--output", "--svg", "--png",
                "--text")


def bad_files(root: Path) -> dict[str, str]:
    """Files (and things that are not files) a file option may be given: name -> path."""
    made = {
        "empty": b"",
        "binary junk": bytes(range(256)) * 64,
        "CRLF list": b"cat\r\ndog\r\neras\r\nlick\r\nmore\r\nstew\r\n",
        "BOM list": b"\xef\xbb\xbfcat\ndog\neras\nlick\n",
        "one huge line": b"a" * (3 << 20),
        "Latin-1 list": "café\nnaïve\nbrûlée\n".encode("latin-1"),
        "NUL bytes": b"cat\x00dog\n",
        "JSON garbage": b'{"pool": [1, 2], "answer_pattern": {}}\n[\n"\\ud800"\n',
        "numbers only": b"1\n2\n3\n",
    }
    files = {}
    for name, data in made.items():
        path = root / name.replace(" ", "-")
        path.write_bytes(data)
        files[name] = str(path)
    (root / "a-directory").mkdir()
    os.mkfifo(root / "a-fifo")
    unreadable = root / "unreadable"
    unreadable.write_text("cat\n")
    unreadable.chmod(0)
    files.update({"missing": str(root / "missing.txt"), "a directory": str(root / "a-directory"),
                  "a FIFO": str(root / "a-fifo"), "/dev/zero": "/dev/zero", "unreadable": str(unreadable),
                  "in a missing folder": str(root / "no" / "such" / "file.txt")})
    return files


@dataclass
class Case:
    verb: str
    what: str
    argv: list[str]


def leaf_commands(group: click.Group) -> Iterator[tuple[str, click.Command]]:
    """Every verb under ``group`` (``puzzlewright --help`` recursively), by its space-separated name."""
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            for inner, leaf in leaf_commands(command):
                yield f"{name} {inner}", leaf
        elif command is not None:
            yield name, command


def values_for(parameter: click.Parameter, files: dict[str, str]) -> dict[str, str]:
    """The bad values a parameter is swept with: name -> value."""
    kind = parameter.type
    if isinstance(kind, click.types.IntParamType):
        values = {f"int {value[:12]!r}": value for value in INTEGERS}
    elif isinstance(kind, click.types.FloatParamType):
        values = {f"float {value!r}": value for value in FLOATS}
    elif isinstance(kind, click.Choice):
        values = {f"choice {value[:12]!r}": value for value in ["", "PLAIN", "nope", "ÄÖÜ"]}
    else:
        values = {f"text {value[:12]!r}": value for value in TEXTS}
    if isinstance(parameter, click.Option) and parameter.opts[0] in FILE_OPTIONS:
        values.update({f"file {name}": path for name, path in files.items()})
    return values


def cases(files: dict[str, str], only: list[str]) -> Iterator[Case]:
    from puzzlewright.cli.root import cli

    for verb, command in leaf_commands(cli):
        if verb in LEFT_OUT or (only and not any(word in verb for word in only)):
            continue
        if verb not in VALID:
            yield Case(verb, "no valid invocation in VALID: add one", ["--help"])  # fails (exit 0 of --help)
            continue
        yield from verb_cases(verb, command, VALID[verb], files)


def verb_cases(verb: str, command: click.Command, valid: list[str], files: dict[str, str]) -> Iterator[Case]:
    """The verb's valid invocation, then each argument and option replaced by each bad value, the flags all at
    once (contradictory combinations) and an unknown option."""
    words = verb.split()
    options = {name for p in command.params if isinstance(p, click.Option) for name in p.opts}
    limited = "--time-limit" in options
    base = [*valid, *(["--time-limit", TIME_LIMIT] if limited and "--time-limit" not in valid else [])]
    yield Case(verb, "valid", [*words, *base])
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    positional = [word for word in valid if not word.startswith("-")][:len(arguments)] if arguments else []
    for index, argument in enumerate(arguments):
        for name, value in values_for(argument, files).items():
            argv = list(base)
            if index < len(positional) and positional[index] in argv:
                argv[argv.index(positional[index])] = value
            else:
                argv.insert(0, value)
            yield Case(verb, f"argument {argument.name}: {name}", [*words, *argv])
        if argument.nargs == -1 and positional:
            rest = [word for word in base if word not in positional]
            yield Case(verb, f"argument {argument.name}: none", [*words, *rest])
            yield Case(verb, f"argument {argument.name}: 500 of them", [*words, *positional * 500, *rest])
    for option in command.params:
        if not isinstance(option, click.Option) or option.is_flag or option.opts[0] == "--cluster":
            continue
        flag = option.opts[0]
        for name, value in values_for(option, files).items():
            argv = without(base, flag)
            yield Case(verb, f"{flag} {name}", [*words, *argv, f"{flag}={value}"])
    flags = [p.opts[0] for p in command.params if isinstance(p, click.Option) and p.is_flag and p.opts[0] not in
             ("--force-workers", "--resume")]
    if flags:
        yield Case(verb, "every flag at once", [*words, *base, *flags])
    yield Case(verb, "an unknown option", [*words, *base, "--no-such-option"])


def without(argv: list[str], flag: str) -> list[str]:
    """``argv`` without ``flag`` and its value."""
    if flag not in argv:
        return list(argv)
    at = argv.index(flag)
    return argv[:at] + argv[at + 2:]


@dataclass
class Outcome:
    status: int | None  # None: killed at the budget
    seconds: float
    stdout: str
    stderr: str


def run_case(argv: list[str], seconds: float, scratch: Path) -> Outcome:
    """Run ``puzzlewright ARGV`` in a forked child (stdin empty), killed after ``seconds``."""
    out, err = scratch / "stdout", scratch / "stderr"
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # the child: the command line as a shell runs it
        try:
            os.setpgid(0, 0)
            stdin = os.open(os.devnull, os.O_RDONLY)
            os.dup2(stdin, 0)
            os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
            os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
            sys.stdin, sys.stdout, sys.stderr = (open(0, closefd=False), open(1, "w", closefd=False),
                                                 open(2, "w", closefd=False))
            sys.argv = ["puzzlewright", *argv]
            from puzzlewright.cli.main import main

            main(argv)
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except BaseException as error:  # noqa: BLE001 - reported as the sweep's own failure
            print(f"SWEEP: {type(error).__name__}: {error}", file=sys.stderr)
            code = 99
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    status = None
    while time.perf_counter() - started < seconds:
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            break
        time.sleep(0.005)
    if status is None:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return Outcome(status, time.perf_counter() - started, out.read_text(errors="replace"),
                   err.read_text(errors="replace"))


def cli_failure(case: Case, outcome: Outcome, seconds: float) -> str | None:
    """What is wrong with a command's outcome (None: it kept the rule)."""
    if outcome.status is None:
        return f"no answer within {seconds:g} s"
    if "Traceback" in outcome.stderr or "internal error" in outcome.stderr or "SWEEP:" in outcome.stderr:
        return "traceback / internal error: " + outcome.stderr.strip().splitlines()[-1][:200]
    if case.what.startswith("no valid invocation"):
        return case.what
    if outcome.status == 2:
        lines = outcome.stderr.splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: "):
            return f"exit 2 with {len(lines)} stderr lines: {outcome.stderr[:200]!r}"
        return None
    if outcome.status not in (0, 1, 3):
        return f"exit status {outcome.status}: {outcome.stderr[:200]!r}"
    if case.what == "valid" and outcome.status not in (0, 3):
        return f"the valid invocation failed (exit {outcome.status}): {outcome.stderr[:200]!r}"
    return None


def sweep_cli(args: argparse.Namespace) -> tuple[int, int, float]:
    """Every case of every verb; returns (cases, failures, slowest seconds)."""
    from puzzlewright.lexicon import load_lexicon

    for name in ("english", "wordle-answers", "acrostic-4"):
        load_lexicon(name)  # loaded once here, shared by every forked case
    failures = total = 0
    slowest = 0.0
    with tempfile.TemporaryDirectory(prefix="pw-sweep-") as folder:
        root = Path(folder)
        (root / "files").mkdir()
        files = bad_files(root / "files")
        scratch = root / "run"
        scratch.mkdir()
        os.chdir(scratch)  # files a case writes (--output, --svg) land here
        for case in cases(files, args.only):
            total += 1
            outcome = run_case(case.argv, args.seconds, root)
            slowest = max(slowest, outcome.seconds)
            problem = cli_failure(case, outcome, args.seconds)
            if problem:
                failures += 1
                shown = " ".join(word if len(word) < 40 else word[:20] + f"...({len(word):,} chars)" for word in case.argv)
                print(f"FAIL cli  {case.verb:22} {case.what}: {problem}\n          puzzlewright {shown}", flush=True)
            elif args.verbose:
                print(f"ok   cli  {case.verb:22} {case.what} -> {outcome.status} ({outcome.seconds:.2f} s)", flush=True)
    return total, failures, slowest


WRONG_TYPES: dict[str, object] = {"null": None, "true": True, "zero": 0, "negative": -1, "huge int": 10**30,
                                  "float": 2.5, "nan-ish": 1e308, "empty text": "", "huge text": "x" * 100_000,
                                  "unicode": "ÄÖÜ漢字🙂", "mixed case": "CrAnE", "list": ["a", 1], "empty list": [],
                                  "object": {"a": 1}, "nested": [[[[]]]]}
RAW_BODIES: dict[str, bytes] = {"empty body": b"", "not JSON": b"{pool: x}", "a JSON list": b"[1, 2, 3]",
                                "a JSON string": b'"hello"', "truncated": b'{"sides": "RME', "binary": bytes(range(256)),
                                "deep nesting": b"[" * 10_000, "lone surrogate": b'{"a": "\\ud800"}',
                                "5,000 digits": b'{"count": ' + b"9" * 5000 + b"}", "NaN": b'{"a": NaN}'}


def sweep_web(args: argparse.Namespace) -> tuple[int, int, float]:
    """Every endpoint, each key of its example request replaced by each wrong value, and raw bodies."""
    from fastapi.testclient import TestClient

    from puzzlewright.web import create_app
    from puzzlewright.web.endpoints import ENDPOINTS

    client = TestClient(create_app(search_seconds=10.0, loopback_only=True), base_url="http://127.0.0.1:8000")
    failures = total = 0
    slowest = 0.0
    for endpoint in ENDPOINTS:
        if args.only and not any(word in endpoint.path for word in args.only):
            continue
        example = endpoint.example
        bodies: dict[str, bytes] = {"the example": json.dumps(example).encode(), **RAW_BODIES}
        for key in [*example, "dict", "time_limit", "no_such_key"]:
            for name, value in WRONG_TYPES.items():
                bodies[f"{key}: {name}"] = json.dumps({**example, key: value}).encode()
        bodies["dict: a file path"] = json.dumps({**example, "dict": "/etc/passwd"}).encode()
        for name, body in bodies.items():
            total += 1
            started = time.perf_counter()
            response = client.post(endpoint.path, content=body, headers={"content-type": "application/json"})
            seconds = time.perf_counter() - started
            slowest = max(slowest, seconds)
            problem = web_failure(response, seconds, args.seconds)
            if name == "the example" and not problem and response.status_code != 200:
                problem = f"the example request failed: {response.status_code} {response.text[:200]}"
            if problem:
                failures += 1
                print(f"FAIL web  {endpoint.path:24} {name}: {problem}", flush=True)
            elif args.verbose:
                print(f"ok   web  {endpoint.path:24} {name} -> {response.status_code} ({seconds:.2f} s)", flush=True)
    return total, failures, slowest


def web_failure(response, seconds: float, budget: float) -> str | None:
    """What is wrong with an endpoint's answer (None: it kept the rule)."""
    if seconds > budget:
        return f"answered after {seconds:.1f} s (budget {budget:g} s)"
    status = response.status_code
    if status >= 500 and status != 503:
        return f"HTTP {status}: {response.text[:200]}"
    if status >= 400:
        try:
            message = response.json()["error"]
        except (ValueError, KeyError, TypeError):
            return f"HTTP {status} without the error shape: {response.text[:200]}"
        if not isinstance(message, str) or "\n" in message or not message:
            return f"HTTP {status} with an error that is not one line: {message!r}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", action="store_true", help="sweep the command line (default: both)")
    parser.add_argument("--web", action="store_true", help="sweep the web endpoints (default: both)")
    parser.add_argument("--only", nargs="*", default=[], help="verbs or paths containing one of these words")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="budget of one case, on top of the 2 s --time-limit a limited verb is given")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case, not only failures")
    args = parser.parse_args()
    both = not args.cli and not args.web
    rows = []
    if args.web or both:
        rows.append(("web", *sweep_web(args)))
    if args.cli or both:
        rows.append(("cli", *sweep_cli(args)))
    for kind, total, failed, slowest in rows:
        print(f"{kind}: {total:,} cases, {failed:,} failing, slowest {slowest:.1f} s")
    if any(failed for _, _, failed, _ in rows):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
