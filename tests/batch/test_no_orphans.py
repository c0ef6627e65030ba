"""No process outlives the command: the pool workers of
a batch end when their parent ends, however it ends (kill -9, SIGTERM),
and hold none of its pipes open, so a reader of its output sees the end;
SIGTERM is Ctrl-C's twin (what finished is kept and said, status 143).

Each test starts a command in a session of its own and looks, with psutil,
at every process of that session: the parent's workers are found while it
runs, then the parent is killed, and every one of them must be gone within
a generous bound."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

from tests.cli.test_interrupt import exe

BOARDS = 200  # full whist deals: far more work than a test waits for
WORKERS = 2
WAIT_WORKERS = 60.0  # seconds for the command to start its workers
GONE = 20.0  # seconds for the orphans to end (the watchdog looks twice a second)
TERMINATED = 143  # 128 + SIGTERM, as shells report it


def session_processes(session: int) -> list[psutil.Process]:
    found = []
    for p in psutil.process_iter():
        try:
            if os.getsid(p.pid) == session and p.status() != psutil.STATUS_ZOMBIE:
                found.append(p)
        except (psutil.Error, ProcessLookupError, PermissionError):
            continue
    return found


def start_batch(tmp_path: Path, *extra: str) -> subprocess.Popen[bytes]:
    boards = tmp_path / "boards.txt"
    dealt = subprocess.run(
        [exe(), "deal", "whist", "--seed", "1", "--count", str(BOARDS), "--line"],
        capture_output=True,
        check=True,
    )
    boards.write_bytes(dealt.stdout)
    args = [exe(), "table", str(boards), "--format", "json", "--jobs", str(WORKERS), *extra]
    return subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )


def wait_for_workers(proc: subprocess.Popen[bytes], count: int = WORKERS) -> list[psutil.Process]:
    """The command's worker processes, once it has `count` of them."""
    deadline = time.monotonic() + WAIT_WORKERS
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the command ended before its workers were seen"
        children = psutil.Process(proc.pid).children(recursive=True)
        if len(children) >= count:
            return children
        time.sleep(0.1)
    raise AssertionError("the command started no workers")


def assert_all_gone(session: int, workers: list[psutil.Process]) -> None:
    deadline = time.monotonic() + GONE
    while time.monotonic() < deadline:
        if not session_processes(session) and not any(w.is_running() for w in workers):
            return
        time.sleep(0.2)
    left = [p.pid for p in session_processes(session)]
    for p in session_processes(session):  # not left behind by the test either
        p.kill()
    raise AssertionError(f"processes left after the parent ended: {left}")


def read_to_end(stream: object, seconds: float) -> bool:
    """Whether `stream` reaches its end within `seconds` (no process holds it open)."""
    ended = threading.Event()

    def read() -> None:
        stream.read()  # type: ignore[attr-defined]
        ended.set()

    threading.Thread(target=read, daemon=True).start()
    return ended.wait(seconds)


def test_kill_9_of_a_batch_leaves_no_worker_and_closes_its_output(tmp_path: Path) -> None:
    proc = start_batch(tmp_path)
    workers = wait_for_workers(proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    ended = read_to_end(proc.stdout, GONE)
    assert_all_gone(proc.pid, workers)
    assert ended, "a worker kept the command's output open"


def test_sigterm_of_a_batch_leaves_no_worker_and_says_what_was_done(tmp_path: Path) -> None:
    out = tmp_path / "tables.jsonl"
    proc = start_batch(tmp_path, "-o", str(out))
    workers = wait_for_workers(proc)
    time.sleep(1.0)  # a board or two finished
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == TERMINATED, err
    text = err.decode()
    assert "Traceback" not in text, text
    assert "boards done (written)" in text, text
    written = out.read_text().splitlines() if out.exists() else []
    assert f"{len(written)} of {BOARDS}" in text, text
    assert_all_gone(proc.pid, workers)


WATCHED_POOL = """
import threading, time
from solver.pools import process_pool

def forever():
    time.sleep(3600)

def start():
    pool = process_pool(1)
    pool.submit(forever)
    time.sleep(3600)

threading.Thread(target=start, daemon=True).start()  # forked by another thread than the main
time.sleep(3600)
"""


def test_a_worker_forked_by_another_thread_ends_with_its_parent() -> None:
    """No death signal from the kernel here (it follows the forking thread,
    which lives on): the worker's watchdog sees its parent gone."""
    proc = subprocess.Popen([sys.executable, "-c", WATCHED_POOL], start_new_session=True)
    workers = wait_for_workers(proc, 1)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert_all_gone(proc.pid, workers)


def test_kill_9_of_a_busy_bench_leaves_no_neighbour() -> None:
    """`bench --busy`: the process searching beside the benchmark (spawned,
    with its resource tracker) ends with the benchmark."""
    args = [exe(), "bench", "--games", "whist", "--deals", "50", "--busy", "1"]
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    workers = wait_for_workers(proc, 2)  # the neighbour and the resource tracker
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert_all_gone(proc.pid, workers)
