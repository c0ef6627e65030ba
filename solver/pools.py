"""Process pools whose workers leave Ctrl-C to the parent, stop at once,
and never outlive the parent.

A pool's workers start with `start_worker` (their initializer):

* they ignore SIGINT: the parent alone sees Ctrl-C and decides what to keep;
  SIGTERM ends them (a handler the parent had is not theirs);
* they end when the parent ends, however it ends (kill -9 included): on
  Linux the kernel sends them SIGKILL when the parent dies
  (``prctl(PR_SET_PDEATHSIG)``, `DEATH_SIGNAL`), and on every system a
  watchdog thread ends the worker within `WATCHDOG_SECONDS` once its parent
  is gone (the process it was started by is no longer its parent);
* their standard output and error go to the null device, so that a worker
  holds no pipe of the parent's open: a reader of the command's output sees
  its end when the command ends (the results travel back through the
  pool's own pipes; the worker writes nothing of its own).

`shut_down` ends a pool: when the run finished, by waiting for it; when it
ended early (Ctrl-C, a time limit), by cancelling what is queued and
terminating the workers, so that the work in progress is abandoned rather
than waited for.  The recommendations (`solver.pimc`) and the batch runs
(`solver.batch`) make their pools with `process_pool`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

MANAGER_JOIN_SECONDS = 10  # how long to wait for a pool's manager thread to close
WATCHDOG_SECONDS = 0.5  # how often a worker looks whether its parent is alive
PR_SET_PDEATHSIG = 1  # prctl's option: a signal when the parent dies (linux/prctl.h)
DEATH_SIGNAL = signal.SIGKILL  # what a worker gets when its parent dies (Linux)

# The process and the thread that fork (`os.register_at_fork`, copied into
# the child; 0 in a child that was not forked).  The kernel sends
# PR_SET_PDEATHSIG when the forking *thread* ends, not the process: a worker
# forked by another thread than the main one (whose thread id is the process
# id) relies on the watchdog alone.
_forker = (0, 0)


def _note_forker() -> None:
    global _forker
    _forker = (os.getpid(), threading.get_native_id())


os.register_at_fork(before=_note_forker)


def start_worker(parent: int = 0) -> None:
    """The initializer of a pool's worker (or the start of any process that
    works for this one: `parent`, its process id, where it was not forked
    but spawned): Ctrl-C ignored, its end tied to the parent's, its standard
    output and error to the null device."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # `shut_down` terminates it
    process, thread = _forker
    if process == thread == os.getppid():  # forked by the parent's main thread
        _die_with_parent()
    process = parent or process
    if process and os.getppid() != process:  # the parent died before the watch began
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    _output_to_null()


def _die_with_parent() -> None:
    """Ask the kernel (Linux) for `DEATH_SIGNAL` when the parent dies."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(DEATH_SIGNAL), 0, 0, 0)
    except (OSError, AttributeError):
        pass  # no prctl: the watchdog ends the worker


def _watch_parent(parent: int) -> None:
    """End this process once `parent` is no longer its parent (it died:
    the worker was handed to another process)."""
    while os.getppid() == parent:
        time.sleep(WATCHDOG_SECONDS)
    os._exit(1)


def _output_to_null() -> None:
    null = os.open(os.devnull, os.O_WRONLY)
    try:  # (the parent flushed its buffers before it forked: nothing is lost)
        os.dup2(null, 1)
        os.dup2(null, 2)
    finally:
        os.close(null)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes started by `start_worker`."""
    return ProcessPoolExecutor(max_workers=workers, initializer=start_worker)


def shut_down(pool: Executor, early: bool) -> None:
    """End `pool`: wait for it, or (`early`) cancel what is queued and
    terminate its workers."""
    if not early:
        pool.shutdown(wait=True)
        return
    if isinstance(pool, ProcessPoolExecutor):
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:  # the work in progress is abandoned
            p.terminate()
        for p in processes:
            p.join()
        # The pool's manager thread closes its pipe on the way out; exiting
        # before it has (its exit handler writes to that pipe) printed an
        # OSError traceback after a Ctrl-C now and then.
        if manager is not None:
            manager.join(timeout=MANAGER_JOIN_SECONDS)
    else:
        pool.shutdown(wait=False, cancel_futures=True)
