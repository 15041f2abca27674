"""Every example in README.md and docs/*.md is run: commands (output compared) and Python blocks.

The conventions a doc follows are in ``tests/docs_examples.py`` and docs/architecture.md. A failure names
the document, the block and its line, what the doc shows and what the program printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_examples import (
    Block,
    Command,
    DocServer,
    check_command,
    check_python_block,
    code_blocks,
    output_matches,
    value_matches,
)

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_doc_examples_are_true(document: Path, tmp_path: Path, monkeypatch):
    """Run every command and Python block of one document in order; report every one that drifted."""
    monkeypatch.setenv("NO_COLOR", "1")
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    name = document.relative_to(ROOT).as_posix()
    namespace: dict = {"__name__": "__doc_example__"}
    problems: list[str] = []
    server = DocServer()  # started by the doc's own `puzzlewright serve`, for its curl examples
    try:
        for block in code_blocks(document.read_text()):
            if block.language == "python":
                problems += check_python_block(name, block, namespace, tmp_path)
            for command in block.commands:
                problem = check_command(name, block, command, tmp_path, server)
                if problem:
                    problems.append(problem)
    finally:
        server.stop()
    assert not problems, f"{len(problems)} example(s) in {name} no longer match the program:\n\n" + \
        "\n\n".join(problems)


def test_console_blocks_pair_commands_with_their_output():
    """A console block's command gets the lines under it as output (blank lines inside it kept, trailing ones
    dropped); a comment line or the next command ends it."""
    block = code_blocks("```console\n$ puzzlewright a \\\n    --b   # exit 1: why\nline 1\n\nline 2\n\n"
                        "# a note\n$ puzzlewright c\n\n$ puzzlewright d\nline 3\n\n```\n")[0]
    assert [(c.text, c.comment, c.expected_output, c.line) for c in block.commands] == [
        ("puzzlewright a --b", "exit 1: why", "line 1\n\nline 2", 2),
        ("puzzlewright c", "", None, 9),
        ("puzzlewright d", "", "line 3", 11),
    ]
    assert block.commands[0].expected_exit == 1
    assert Command("x", "", "error: bad", 1).expected_exit == 2
    assert Command("x", "not run by the docs test: a server", None, 1).skip_reason == "a server"


def test_output_comparison_ignores_timings_and_spacing_and_honours_ellipsis():
    assert output_matches("81 squares in 0.28 s", "81   squares in 1.5 s\n")
    assert output_matches('{"a": 1, ...}', '{"a": 1, "b": 2}')
    assert not output_matches("81 squares", "82 squares")
    assert not output_matches("a b", "a b c")


def test_python_comment_values_are_compared():
    assert value_matches((["x"], True), (["x"], True))
    assert value_matches({"a": [1, ...], "b": "..."}, {"a": [1, 2], "b": 7, "c": 0})
    assert value_matches(3.42, 3.4212)
    assert not value_matches(81, 80)
    assert not value_matches({"a": 1}, {"b": 1})


def test_a_failing_example_names_doc_block_and_difference(tmp_path):
    block = Block("console", 10, "", 3)
    message = check_command("docs/x.md", block, Command("puzzlewright wordle feedback speed erase",
                                                          "", "GGGGG", 11), tmp_path)
    assert message.startswith("docs/x.md, block 3 (line 11): $ puzzlewright wordle feedback speed erase")
    assert "GGGGG" in message and "YBYYB" in message


def test_a_python_block_that_raises_is_reported(tmp_path):
    block = Block("python", 5, "x = 1\n1 / 0\n", 2)
    [message] = check_python_block("docs/x.md", block, {}, tmp_path)
    assert "docs/x.md, block 2 (line 6)" in message and "ZeroDivisionError" in message


def test_commands_named_in_the_docs_exist():
    """Every command named inline (`letterboxed solve ...`, `puzzlewright dict info`) in the docs, the
    changelog and the package's docstrings (which the web API's schema shows) is one the CLI has: a
    renamed or made-up subcommand (`letterboxed words`, `dict list`) sends a reader to an error."""
    import re

    import click

    from puzzlewright.cli.root import cli

    context = click.Context(cli)
    groups = {name: set(command.list_commands(click.Context(command)))
              for name in cli.list_commands(context)
              if isinstance(command := cli.get_command(context, name), click.Group)}
    places = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md")),
              *sorted((ROOT / "src" / "puzzlewright").rglob("*.py"))]
    named, unknown = 0, []
    for path in places:
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"`(?:puzzlewright )?([a-z]+) ([a-z][a-z-]*)(?=[ `])", text):
            group, command = found.groups()
            if group in groups:
                named += 1
                if command not in groups[group]:
                    line = text.count("\n", 0, found.start()) + 1
                    unknown.append(f"{path.relative_to(ROOT)}:{line}: {found.group(0)}`")
    assert named > 100 and not unknown, "\n".join(unknown)


def test_every_curl_example_shows_its_reply():
    """A curl example is compared with the reply it shows, so one that leaves out the JSON content type
    (and gets a 415) fails; an example with no reply shown would pass whatever the server said."""
    curls = [(document.name, command.line) for document in DOCUMENTS
             for block in code_blocks(document.read_text()) for command in block.commands
             if command.text.startswith("curl ")]
    assert curls and all(command.expected_output is not None
                         for document in DOCUMENTS for block in code_blocks(document.read_text())
                         for command in block.commands if command.text.startswith("curl ")), curls


def test_the_doc_server_takes_the_address_the_doc_names():
    server = DocServer()
    assert server.routed("curl localhost:8000/healthz") == "curl localhost:8000/healthz"  # none started
    server.process, server.port = object(), 41234  # as after `puzzlewright serve`
    assert server.routed("curl -s localhost:8000/a 127.0.0.1:8000/b localhost:80001") == \
        "curl -s 127.0.0.1:41234/a 127.0.0.1:41234/b localhost:80001"
    server.process = None
