"""One position searched on several cores: `analyze` and `table` with their
work split across threads, each thread with its own `Solver` (the searches
release the GIL; a Solver's table is its own, `SolverBusyError`).

- `table`: the trumps are dealt out to the threads in turn; a thread solves
  every leader of its trumps in order (the value of the previous leader is
  the first guess of the next, as `Solver.table` does).
- `analyze`: the classes of equivalent moves (`move_classes`) are dealt out;
  a thread values each of its moves by solving the position after it, the
  best value so far as the first target.  The principal variation is then
  found by one Solver, as `Solver.analyze` does.

The values are those of the one-thread searches (tests/search/test_parallel.py
compares them on random positions of every game); the node counts differ
(each thread has its own table, and `analyze`'s guesses differ), and the
seconds of the statistics are the wall time of the whole.  With a
limit (`max_nodes`, `max_seconds`), each search of a thread has it, as each
search of `Solver` has; a `deadline` (the command's budget) stops every
thread's search when it comes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from solver.doubledummy import Solver, move_classes, table_positions
from solver.games.base import Position
from solver.search_results import NO_STATS, Analysis, CardValue, Table, TableEntry

_Share = TypeVar("_Share")
_Result = TypeVar("_Result")


class Solvers:
    """`jobs` Solvers searched together, one per thread, each with a table
    of `tt_mb` MiB and the limits of `Solver`.  Like a Solver, one search at
    a time; `interrupt` (from another thread) stops every thread's search."""

    def __init__(
        self, jobs: int, tt_mb: float, max_nodes: int = 0, max_seconds: float = 0.0
    ) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.solvers = [Solver(tt_mb, max_nodes, max_seconds) for _ in range(jobs)]
        self._stopping = False

    @property
    def deadline(self) -> float | None:
        """`Solver.deadline` of every thread's Solver."""
        return self.solvers[0].deadline

    @deadline.setter
    def deadline(self, when: float | None) -> None:
        for s in self.solvers:
            s.deadline = when

    def interrupt(self) -> None:
        self._stopping = True
        for s in self.solvers:
            s.interrupt()

    def _run(
        self, shares: list[list[_Share]], work: Callable[[Solver, list[_Share]], _Result]
    ) -> list[_Result]:
        """`work(solver, share)` for each share in its own thread (the first
        in this one); the results in the shares' order; the first error raised."""
        results: list[_Result | None] = [None] * len(shares)
        errors: list[BaseException] = []

        def run(i: int) -> None:
            try:
                results[i] = work(self.solvers[i], shares[i])
            except BaseException as e:  # handed to the caller below
                errors.append(e)
                self.interrupt()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(1, len(shares))]
        for t in threads:
            t.start()
        run(0)
        for t in threads:
            t.join()
        if errors:
            raise errors[0]
        return [r for r in results if r is not None]

    def table(self, pos: Position) -> Table:
        """`Solver.table`, the trumps dealt out to the threads."""
        self._stopping = False
        started = time.monotonic()
        starts = table_positions(pos)
        trumps = list(dict.fromkeys(s.trump for s in starts))
        jobs = min(len(self.solvers), len(trumps))
        shares = [[s for s in starts if trumps.index(s.trump) % jobs == i] for i in range(jobs)]
        parts = self._run(shares, lambda solver, share: solver.table(pos, share))
        by_start: dict[tuple[int | None, int], TableEntry] = {}
        stats = NO_STATS
        for part in parts:
            stats = stats + part.stats
            for done in part.entries:
                by_start[(done.trump, done.leader)] = done
        # the one-thread order; interrupted: the entries done before the first gap
        entries = []
        for start in starts:
            assert start.core is not None
            entry = by_start.get((start.trump, start.core.turn))
            if entry is None:
                break
            entries.append(entry)
        return Table(entries, replace(stats, seconds=time.monotonic() - started))

    def analyze(self, pos: Position, pv: bool = True) -> Analysis:
        """`Solver.analyze`, the classes of equivalent moves dealt out to the
        threads."""
        self._stopping = False
        started = time.monotonic()
        classes = move_classes(pos)
        jobs = min(len(self.solvers), len(classes))
        shares = [classes[i::jobs] for i in range(jobs)]
        parts = self._run(shares, lambda solver, share: solver.move_values(pos, share))
        moves: list[CardValue] = []
        stats = NO_STATS
        for values, part_stats in parts:
            stats = stats + part_stats
            moves += values
        analysis = self.solvers[0].analysis_of(pos, moves, stats, pv and not self._stopping)
        return replace(analysis, stats=replace(analysis.stats, seconds=time.monotonic() - started))
