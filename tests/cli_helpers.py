"""What the command-line tests share: running the CLI and checking its errors."""

from __future__ import annotations

import signal
import subprocess

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


def start_interruptible(args: list[str]) -> subprocess.Popen[str]:
    """The command started in a child process that Ctrl-C (SIGINT) reaches.
    A shell that starts the tests in the background without job control
    ignores SIGINT, and a child inherits that: the child gets the default a
    terminal gives it."""
    return subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
