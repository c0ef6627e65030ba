"""What the command-line tests share: running the CLI and checking its errors."""

from __future__ import annotations

from click.testing import CliRunner, Result

from solver.cli.main import main

ERROR_PREFIX = "tricksolver: error: "


def run(*args: str, input: str | None = None) -> Result:
    """The command line with these arguments, in-process."""
    return CliRunner(catch_exceptions=False).invoke(main, list(args), input=input)


def assert_one_line_error(result: Result, *words: str) -> None:
    """Exit status 2, nothing on stdout, one error line naming the problem."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(ERROR_PREFIX), lines[0]
    for word in words:
        assert word in lines[0], lines[0]
