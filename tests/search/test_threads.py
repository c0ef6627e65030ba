"""One Solver from two threads at once: every value right
or a clear error (`SolverBusyError`), never a wrong value marked exact; the
module's functions, one Solver per thread, give the right values from
several threads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import solver
from solver import Solver, SolverBusyError
from tests import randpos

THREADS = 2
ROUNDS = 40  # searches a thread asks for at least
# searches a thread asks for at most while no thread has yet been refused (the
# two overlap within a few rounds when they run at once; on a loaded machine
# the scheduler may run them in turn for a while, never for thousands of rounds)
MAX_ROUNDS = 4000


def positions() -> list[solver.Position]:
    """Positions of every game a few tricks from the end: a search each takes
    a few milliseconds, long enough for two threads to overlap."""
    found = []
    for game, players in randpos.VARIANTS:
        start = randpos.random_start(game, players, 7)
        assert start.core is not None
        found.append(randpos.random_play(game, players, start.core.total_tricks - 5, 7))
    return found


def in_threads(work: Callable[[int], None]) -> None:
    threads = [threading.Thread(target=work, args=(t,)) for t in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def test_one_solver_in_two_threads_is_right_or_busy() -> None:
    pos = positions()
    truth = [Solver(8).analyze(p, pv=False) for p in pos]
    shared = Solver(8)
    start = threading.Barrier(THREADS)
    refused = threading.Event()  # a thread was told the solver is busy
    outcomes: list[Any] = []  # (position index, analysis) or a SolverBusyError
    rounds = [0] * THREADS

    def work(t: int) -> None:
        start.wait()
        r = 0
        while r < ROUNDS or (not refused.is_set() and r < MAX_ROUNDS):
            i = (r + t) % len(pos)
            try:
                outcomes.append((i, shared.analyze(pos[i], pv=False)))
            except SolverBusyError as e:
                outcomes.append(e)
                refused.set()
            r += 1
        rounds[t] = r

    in_threads(work)
    busy = [o for o in outcomes if isinstance(o, SolverBusyError)]
    done = [o for o in outcomes if not isinstance(o, SolverBusyError)]
    assert len(outcomes) == sum(rounds) and min(rounds) >= ROUNDS
    for i, got in done:
        assert got.exact and got.value == truth[i].value, pos[i].to_line()
        assert [(m.move, m.value) for m in got.moves] == [(m.move, m.value) for m in truth[i].moves]
    assert done, "no search was let through"
    assert busy, f"the threads never overlapped in {MAX_ROUNDS} rounds each"
    assert all("another thread" in str(e) for e in busy)


def test_the_module_functions_keep_one_solver_per_thread() -> None:
    pos = positions()
    truth = [Solver(8).solve(p).value for p in pos]
    got: list[tuple[int, int]] = []
    errors: list[BaseException] = []

    def work(t: int) -> None:
        for r in range(len(pos) * 3):
            i = (r + t) % len(pos)
            try:
                got.append((i, solver.solve(pos[i]).value))
            except BaseException as e:  # noqa: BLE001 -- any error fails the test below
                errors.append(e)

    in_threads(work)
    assert errors == []
    assert all(value == truth[i] for i, value in got)
    assert len(got) == THREADS * len(pos) * 3


def test_interrupt_may_come_from_another_thread() -> None:
    """`interrupt` is the one call another thread may make while it searches."""
    # a deal known as one of the hardest for double-dummy solvers: minutes
    hard = "N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962"
    deal = solver.parse_position(hard)
    s = Solver(16)
    timer = threading.Timer(0.2, s.interrupt)
    timer.start()
    result = s.analyze(deal, pv=False)
    timer.join()
    assert not result.stats.exact  # stopped, not refused
