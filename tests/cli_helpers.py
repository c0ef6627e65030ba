"""What the command-line tests share: running the CLI and checking its errors."""

from __future__ import annotations

import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import IO

import psutil
from click.testing import CliRunner, Result

from solver.cli.main import main

ERROR_PREFIX = "tricksolver: error: "
# CPU-seconds a child command (its worker processes included) has spent once it is
# surely past its imports (0.7 s) and its signal handlers, and into its work
WORKING = 2.0
# seconds of wall clock a child may take to show it is working: far more than a
# quiet machine needs (a few seconds), so a loaded one only makes the test slower
READY_LIMIT = 300.0
STOP_LIMIT = 60.0  # seconds a signalled child may take to end
POLL = 0.05  # seconds between two looks at a child


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


class Child:
    """A command in a child process, its output read as it comes (a full pipe
    never stalls it), signalled once it shows that it is working: by the CPU
    time it has spent, or by what it printed; never after a guessed sleep."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self._out: list[str] = []
        self._err: list[str] = []
        self._readers = [
            _reader(stream, into)
            for stream, into in ((proc.stdout, self._out), (proc.stderr, self._err))
            if stream is not None
        ]

    @property
    def stdout(self) -> str:
        """What the command printed on stdout so far."""
        return "".join(self._out)

    def cpu_seconds(self) -> float:
        """The CPU time spent by the command and its running worker processes."""
        try:
            root = psutil.Process(self.proc.pid)
            processes = [root, *root.children(recursive=True)]
        except psutil.Error:
            return 0.0
        total = 0.0
        for p in processes:
            try:
                times = p.cpu_times()
            except psutil.Error:  # a worker that just ended
                continue
            total += times.user + times.system
        return total

    def wait_until(self, ready: Callable[[], bool], what: str) -> None:
        """Wait until `ready()`; the command must still run then."""
        deadline = time.monotonic() + READY_LIMIT
        while not ready():
            assert self.proc.poll() is None, f"the command ended before {what}"
            assert time.monotonic() < deadline, f"the command was not {what} in {READY_LIMIT} s"
            time.sleep(POLL)
        assert self.proc.poll() is None, f"the command ended once {what}"

    def wait_working(self, cpu_seconds: float = WORKING) -> None:
        """Wait until the command has spent `cpu_seconds` of CPU time."""
        self.wait_until(lambda: self.cpu_seconds() >= cpu_seconds, f"{cpu_seconds} CPU-s in")

    def wait_printed(self, text: str) -> None:
        """Wait until the command has printed `text` on stdout."""
        self.wait_until(lambda: text in self.stdout, f"printing {text!r}")

    def stop(self, signum: int = signal.SIGINT) -> tuple[str, str]:
        """Send `signum`, wait for the command to end: its stdout and stderr."""
        self.proc.send_signal(signum)
        try:
            self.proc.wait(timeout=STOP_LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            message = f"signal {signum} did not stop the command in {STOP_LIMIT} s"
            raise AssertionError(message) from None
        for reader in self._readers:
            reader.join(STOP_LIMIT)
        return "".join(self._out), "".join(self._err)


def _reader(stream: IO[str], into: list[str]) -> threading.Thread:
    """A thread appending each line of `stream` to `into` until its end."""

    def read() -> None:
        for line in iter(stream.readline, ""):
            into.append(line)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread
