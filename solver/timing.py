"""Timing the benchmark's searches: what every part of `tricksolver bench` shares.

The one clock of every timing (`clock`; a test replaces it), a search timed
with its table cleared first, outside the timing (`timed`), the times of a
set of solves (`Timing`, with `percentile`), a rate (`per_second`) and how
a time and a rate are written in the report (`ms_text`, `rate_text`,
`timing_cells`).  Below the game folders, so that a game's own parts of the
benchmark (`solver.games.game.ReferencePart`, timed against another solver)
are timed and written as the generic full-deal parts (`solver.bench`) are;
this module names no game.
"""

from __future__ import annotations

import signal
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from solver.doubledummy import Solver

MS = 1000.0
MEGA = 1e6  # a rate is written in millions a second
P95 = 95  # the percentile of the slow solves

clock = time.perf_counter  # every timing of the benchmark (a test replaces it)


@dataclass(frozen=True)
class Timing:
    """Times of a set of solves, in milliseconds."""

    count: int
    median_ms: float
    mean_ms: float
    p95_ms: float
    max_ms: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Timing | None:
        if not seconds:
            return None
        ms = sorted(s * MS for s in seconds)
        return cls(
            len(ms), statistics.median(ms), statistics.fmean(ms), percentile(ms, P95), ms[-1]
        )


@dataclass(frozen=True)
class Nodes:
    """Node counts of a set of solves."""

    median: float
    p95: float
    max: int
    total: int

    @classmethod
    def of(cls, counts: Sequence[int]) -> Nodes | None:
        if not counts:
            return None
        return cls(statistics.median(counts), percentile(counts, P95), max(counts), sum(counts))


def percentile(values: Sequence[float], pct: float) -> float:
    """The `pct` percentile, linear between the closest ranks."""
    data = sorted(values)
    if not data:
        raise ValueError("no values")
    pos = (len(data) - 1) * pct / 100.0
    low = int(pos)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (pos - low)


_Result = TypeVar("_Result")


WAIT_STEP = 0.1  # seconds between checks for Ctrl-C while a timed search runs


def timed(solver: Solver, call: Callable[[], _Result]) -> tuple[_Result, float]:
    """`call()` (a search of `solver`) with the solver's table cleared
    first, outside the timing, and its wall time in seconds (`in_worker`)."""
    solver.clear()
    return in_worker(solver, call)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a search run by `in_worker`.  `partial` is what the
    search returned once stopped (a result cut short, as by a limit: its
    bounds hold), or None when it ended in an error or returned nothing."""

    def __init__(self, partial: Any = None) -> None:
        super().__init__()
        self.partial = partial


def catch_sigint(flag: threading.Event) -> Any:
    """In the main thread, make SIGINT set `flag` instead of raising
    KeyboardInterrupt; the handler to restore afterwards (None: none was
    installed, in another thread).  A KeyboardInterrupt raised inside a
    lock's wait (Thread.join, concurrent.futures) can leave the lock in a
    wrong state: seen, a join that then returned before its thread ended."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, lambda signum, frame: flag.set())
    return previous if previous is not None else signal.default_int_handler


class Stoppable(Protocol):
    """What `in_worker` stops on Ctrl-C: a Solver, or several (`solver.parallel`)."""

    def interrupt(self) -> None: ...


def in_worker(solver: Stoppable, call: Callable[[], _Result]) -> tuple[_Result, float]:
    """`call()` (a search of `solver`) and its wall time in seconds.  The
    search runs in a worker thread (timed there), so that Ctrl-C stops it at
    once: the search is interrupted and `Interrupted` (a KeyboardInterrupt)
    raised here, holding what the stopped search returned."""
    box: dict[str, Any] = {}
    finished = threading.Event()

    def work() -> None:
        start = clock()
        try:
            box["result"] = call()
        except BaseException as e:  # handed to the calling thread below
            box["error"] = e
        box["seconds"] = clock() - start
        finished.set()

    ctrl_c = threading.Event()
    previous = catch_sigint(ctrl_c)
    worker = threading.Thread(target=work, daemon=True)
    try:
        worker.start()
        while not finished.wait(WAIT_STEP) and not ctrl_c.is_set():
            pass
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if ctrl_c.is_set():
        solver.interrupt()
        finished.wait()
        raise Interrupted(box.get("result"))
    if "error" in box:
        raise box["error"]
    result: _Result = box["result"]
    return result, box["seconds"]


def per_second(nodes: int, seconds: float) -> float:
    return nodes / seconds if seconds > 0 else 0.0


def ms_text(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


def timing_cells(timing: Timing | None) -> list[str]:
    """The median, mean and p95 columns of a report's table."""
    if timing is None:
        return ["-", "-", "-"]
    return [ms_text(timing.median_ms), ms_text(timing.mean_ms), ms_text(timing.p95_ms)]


def seconds_text(ms: float | None) -> str:
    """A time given in milliseconds, written in seconds ("-": none)."""
    return "-" if ms is None else f"{ms / MS:,.2f}"


def count_text(value: float | None) -> str:
    """A count: in millions from a million on ("12.3 M"), else whole ("-": none)."""
    if value is None:
        return "-"
    return f"{value / MEGA:,.1f} M" if value >= MEGA else f"{round(value):,}"


def rate_text(per_second: float) -> str:
    return f"{per_second / MEGA:,.2f} M" if per_second else "-"
