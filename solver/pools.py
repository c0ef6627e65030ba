"""Process pools that leave Ctrl-C to the parent and stop at once.

A pool's workers ignore SIGINT (`ignore_sigint`, their initializer): the
parent alone sees Ctrl-C and decides what to keep.  `shut_down` ends a pool:
when the run finished, by waiting for it; when it ended early (Ctrl-C, a
time limit), by cancelling what is queued and terminating the workers, so
that the work in progress is abandoned rather than waited for.  The
recommendations (`solver.pimc`) and the batch runs (`solver.batch`) make
their pools so.
"""

from __future__ import annotations

import signal
from concurrent.futures import Executor, ProcessPoolExecutor

MANAGER_JOIN_SECONDS = 10  # how long to wait for a pool's manager thread to close


def ignore_sigint() -> None:
    """Process-pool workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes that ignore Ctrl-C."""
    return ProcessPoolExecutor(max_workers=workers, initializer=ignore_sigint)


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
