"""The CLI's shared conventions: help, version, one-line errors with exit code 2."""

from __future__ import annotations


def test_help_lists_commands(cli):
    result = cli("--help")
    assert result.exit_code == 0
    assert "dict" in result.stdout and "tour" in result.stdout


def test_unknown_command_is_one_line_exit_2(cli):
    result = cli("no-such-command")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_unknown_option_is_one_line_exit_2(cli):
    result = cli("dict", "info", "--bogus")
    assert result.exit_code == 2
    assert "--bogus" in result.stderr and "Traceback" not in result.stderr
