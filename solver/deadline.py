"""The wall-clock budget of a command: one deadline, handed down.

``--time SECONDS`` of `analyze`, `table`, `review`, `recommend` (and a
hint's time) is the budget of the whole command, not of each search: the
command computes one deadline when it starts (`deadline_after`) and hands
it down to every search it makes, in this process, its threads and its
pool's worker processes alike; each search gets what remains
(`seconds_left`), and a `solver.doubledummy.Solver` given the deadline
(`Solver.deadline`) stops any search still running when it comes, as a
time limit does (its result then not exact: bounds, or an estimate).

A deadline is a time on the wall clock (`clock`, seconds since the epoch),
so that it means the same in every process of the machine (and, within
their clocks' difference, on a Dask cluster's workers).

The answer comes within the budget plus `TIME_MARGIN`: what a command does
after the deadline fits in it: stopping the searches in progress (they look
at their stop flag every 1,024 nodes, but a table growing when the deadline
comes finishes its growth first: the system supplies its new memory, up to
a second for 256 MiB on a busy 2-core virtual machine, measured), ending
the worker pool, summing up and printing.  The program's own start-up
(Python and its imports, before the command starts: about a second) is not
counted.
"""

from __future__ import annotations

import time

clock = time.time  # the wall clock of every deadline (comparable between processes)

TIME_MARGIN = 2.0
"""Seconds past its --time budget a command may take to stop its searches
(a table's growth in progress included), end its workers, sum up and
print (from the command's start: the program's own start-up before it is
not counted)."""


def deadline_after(seconds: float | None) -> float | None:
    """The deadline `seconds` from now on `clock`; None for no budget
    (None, or 0: no limit, as everywhere on the command line)."""
    if not seconds:
        return None
    return clock() + seconds


def seconds_left(deadline: float | None) -> float | None:
    """The seconds left before `deadline` (0 once it has passed; None: no deadline)."""
    if deadline is None:
        return None
    return max(0.0, deadline - clock())


def passed(deadline: float | None) -> bool:
    """Whether `deadline` has come (never, for None)."""
    return deadline is not None and clock() >= deadline


def earliest(*deadlines: float | None) -> float | None:
    """The earliest of some deadlines (None: none of them)."""
    given = [d for d in deadlines if d is not None]
    return min(given) if given else None
