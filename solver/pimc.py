"""Recommendations under hidden cards: Perfect Information Monte Carlo (PIMC).

A seat's view (`solver.view`) leaves some cards unseen.  `recommend` draws
worlds uniformly among those consistent with the view (`solver.sampling`),
solves every world double-dummy, and ranks the seat's legal moves by their
mean value over the *same* worlds::

    >>> import solver
    >>> from solver.pimc import recommend
    >>> pos = solver.deal("whist", seed=3)     # the first lead: about 0.15 s a world
    >>> rec = recommend(pos, seat=pos.to_move, samples=8, seed=1, jobs=1)
    >>> rec.best in pos.legal_moves()
    True

Each move gets its mean, the standard error, a 95% interval (Student t),
the share of worlds in which it is a best move, and the paired difference
from the top move with its 95% interval (the same worlds make the pairs).
The worlds are solved in parallel by any `concurrent.futures.Executor`: a
process pool by default, or what the caller passes.  The same seed gives the
same worlds and so the same answer; a time budget or Ctrl-C ends the run
early with the worlds solved so far (the first of the worlds drawn, without
a gap, so that the answer does not depend on which worker finished first).
"""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass, field, replace
from typing import Any

from solver.cards import Card
from solver.doubledummy import DEFAULT_TT_MB, MIB, SearchStats, Solver, value_after
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.heuristics import heuristic_playout
from solver.position import parse_view, view_of
from solver.sampling import Sampler
from solver.stats import t975
from solver.view import View

OBJECTIVES = ("value", "maxn")
"""``value``: the solver's value for the seat's side (tricks; Cinch net hand
score; with three or more sides the paranoid value).  ``maxn``: with three
or more sides, the seat's side's max^n value."""


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move over the worlds solved: mean value, standard error, a
    95% interval; `best_share` the share of worlds where it is a best move;
    `diff_low`/`diff_high` the 95% interval of its paired difference from
    the top move (0 for the top move itself)."""

    move: Move
    mean: float
    stderr: float
    low: float
    high: float
    best_share: float
    diff_low: float
    diff_high: float
    values: tuple[int, ...] = field(repr=False)  # per world, in world order

    def to_json(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "card": str(self.move.card) if self.move.card is not None else None,
            "mean": round(self.mean, 4),
            "stderr": round(self.stderr, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "best_share": round(self.best_share, 4),
            "diff_low": round(self.diff_low, 4),
            "diff_high": round(self.diff_high, 4),
        }


@dataclass(frozen=True)
class Recommendation:
    """The ranked moves of a seat (best mean first), with what the run did."""

    seat: int
    objective: str
    moves: tuple[MoveEstimate, ...]
    worlds: int  # worlds solved
    requested: int  # worlds asked for
    consistent: int  # how many worlds the view allows (exact count)
    seed: int
    stopped: str | None  # None, "time" or "interrupted": ended before `requested`
    stats: SearchStats
    seconds: float
    fallback: int = 0  # worlds valued by the heuristic playout (the search ran out of nodes)
    max_nodes: int = 0  # the search budget of a world; 0: none

    @property
    def best(self) -> Move:
        return self.moves[0].move

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat + 1,
            "objective": self.objective,
            "worlds": self.worlds,
            "requested": self.requested,
            "consistent_worlds": self.consistent,
            "seed": self.seed,
            "stopped": self.stopped,
            "best": str(self.best),
            "seconds": round(self.seconds, 3),
            "nodes": self.stats.nodes,
            "exact": self.stats.exact,
            "max_nodes": self.max_nodes,
            "exact_worlds": self.worlds - self.fallback,
            "fallback_worlds": self.fallback,
            "moves": [m.to_json() for m in self.moves],
        }


# -- solving one world (in any worker) ----------------------------------------


@dataclass(frozen=True)
class _Task:
    view_text: str  # the view's one-line notation
    index: int  # the world's place in the seed's sequence
    masks: tuple[int, ...]  # the unseen cards of each hidden place
    objective: str
    tt_bytes: int
    max_nodes: int = 0  # the search budget of the world; 0: none


@dataclass(frozen=True)
class _WorldResult:
    index: int
    values: dict[str, int]  # move text -> value for the seat's side
    stats: SearchStats
    exact: bool = True  # False: the search ran out of nodes; the values are the playout's


_local = threading.local()


def _worker_state(task: _Task) -> tuple[Sampler, Solver]:
    """The sampler of the task's view and a solver, kept per worker thread
    (a process pool's workers are threads of their own process)."""
    cache: dict[str, Sampler] = getattr(_local, "samplers", None) or {}
    _local.samplers = cache
    if task.view_text not in cache:
        if len(cache) > 8:
            cache.clear()
        cache[task.view_text] = Sampler(parse_view(task.view_text))
    solver: Solver | None = getattr(_local, "solver", None)
    limits = (task.tt_bytes, task.max_nodes)
    if solver is None or getattr(_local, "limits", None) != limits:
        solver = Solver(tt_mb=max(1, task.tt_bytes // MIB), max_nodes=task.max_nodes)
        _local.solver = solver
        _local.limits = limits
    return cache[task.view_text], solver


def solve_world(task: _Task) -> _WorldResult:
    """Every legal move's value in one world (run by the executor)."""
    sampler, solver = _worker_state(task)
    world = sampler.world(list(task.masks))
    seat_side = world.sides()[world.to_move]
    if task.max_nodes:
        solver.clear()  # whether a world fits its budget does not depend on the worlds before
    if task.objective == "maxn":
        result = _maxn_world(task.index, world, solver, seat_side)
    else:
        analysis = solver.analyze(world, pv=False)
        values = {str(cv.move): cv.value for cv in analysis.moves}
        result = _WorldResult(task.index, values, analysis.stats)
    if result.stats.exact:
        return result
    return _WorldResult(task.index, _playout_values(world, seat_side), result.stats, exact=False)


def _playout_values(world: Position, side: int) -> dict[str, int]:
    """The fallback of a world whose search ran out of nodes: each legal move,
    then the hand played out by the heuristic player in every seat, valued
    for `side` in the solver's units.  Not exact: counted apart."""
    values = {}
    for move in world.legal_moves():
        after = world.copy()
        after.play(move)
        values[str(move)] = value_after(world, heuristic_playout(after), side)
    return values


def _maxn_world(index: int, world: Position, solver: Solver, side: int) -> _WorldResult:
    moves = world.legal_moves()
    values: dict[str, int] = {}
    stats: SearchStats | None = None
    if len(moves) == 1:  # the value is the position's own
        vec, st = solver.maxn(world)
        return _WorldResult(index, {str(moves[0]): vec[side]}, st)
    for move in moves:
        after = world.copy()
        after.play(move)
        vec, st = solver.maxn(after)
        # with several legal moves the hand goes on after any of them, and
        # the trick in progress counts in `after`'s values as in the world's
        values[str(move)] = vec[side]
        stats = st if stats is None else stats + st
    assert stats is not None
    return _WorldResult(index, values, stats)


def _ignore_sigint() -> None:
    """Process-pool workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- the driver ---------------------------------------------------------------


ProgressFn = Callable[[int, int], None]


def recommend(
    source: Position | View,
    seat: int | None = None,
    *,
    samples: int = 100,
    seconds: float | None = None,
    seed: int = 0,
    jobs: int | None = None,
    executor: Executor | None = None,
    objective: str = "value",
    tt_mb: int = DEFAULT_TT_MB,
    progress: ProgressFn | None = None,
    stop: threading.Event | None = None,
    max_nodes: int = 0,
) -> Recommendation:
    """Rank the legal moves of `seat` by their mean double-dummy value over
    `samples` worlds consistent with what the seat knows.

    `source` is a full position (the view of `seat` is taken from it: the
    seat's hidden knowledge is not used) or a `View`.  `seconds` bounds the
    run (the worlds solved by then count); `stop` (a threading.Event) ends
    it early the same way, as Ctrl-C does (KeyboardInterrupt is caught and
    the result so far returned, `stopped="interrupted"`).  `jobs` workers
    (default: every core) in a process pool, unless `executor` is given.
    `max_nodes` (0: none) limits each world's search; a world cut short is
    valued instead by playing each move out with the heuristic player in
    every seat (`fallback` counts such worlds: their values are not exact).
    Raises PositionError for a seat that is not to move or a phase with no
    card to choose, ValueError for bad numbers.
    """
    view = _view_of(source, seat)
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if samples < 1:
        raise ValueError("samples must be at least 1 (--samples)")
    if seconds is not None and seconds <= 0:
        raise ValueError("the time limit must be positive (seconds)")
    if jobs is not None and jobs < 1:
        raise ValueError("jobs must be at least 1")
    if max_nodes < 0:
        raise ValueError("max_nodes must not be negative")
    sampler = Sampler(view)
    legal = view.legal_moves()
    if not legal:
        raise PositionError("the seat has no legal move")
    masks = sampler.sample_masks(samples, seed)
    if objective == "maxn" and len(set(sampler.world(list(masks[0])).sides())) < 3:
        raise PositionError("objective 'maxn' is for games of three or more sides")
    view_text = view.to_line()
    tasks = [
        _Task(view_text, i, tuple(int(m) for m in row), objective, tt_mb * MIB, max_nodes)
        for i, row in enumerate(masks)
    ]
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    own_pool: Executor | None = None
    if executor is None:
        workers = jobs or os.cpu_count() or 1
        if workers <= 1:
            own_pool = ThreadPoolExecutor(max_workers=1)
        else:
            own_pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
        executor = own_pool
    results: dict[int, _WorldResult] = {}
    stopped: str | None = None
    futures: list[Future[_WorldResult]] = []
    # Ctrl-C sets a flag that the loop polls: a KeyboardInterrupt raised in
    # the middle of concurrent.futures can leave a future's lock taken, and
    # the pool's manager thread then hangs the exit (seen, under load).
    ctrl_c = threading.Event()
    previous_handler = _catch_sigint(ctrl_c)
    try:
        for t in tasks:
            if ctrl_c.is_set():
                break
            futures.append(executor.submit(solve_world, t))
        pending = set(futures)
        while pending:
            timeout = 0.2
            if deadline is not None:
                timeout = max(0.0, min(timeout, deadline - time.monotonic()))
            done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            for f in done:
                r = f.result()
                results[r.index] = r
            if progress is not None and done:
                progress(len(results), samples)
            if ctrl_c.is_set() or (stop is not None and stop.is_set()):
                stopped = "interrupted"
                break
            if deadline is not None and time.monotonic() >= deadline and pending:
                stopped = "time"
                break
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        if previous_handler is not None:
            signal.signal(signal.SIGINT, previous_handler)
        if ctrl_c.is_set():
            stopped = "interrupted"
        # Whether the run ended early is told by the results, not by the
        # futures: Ctrl-C may come while they are being submitted (then
        # waiting for the pool would solve every world submitted so far).
        early = len(results) < len(tasks)
        if early:
            for f in futures:
                f.cancel()
        if own_pool is not None:
            _shut_down(own_pool, early)
    if not results:
        if stopped == "interrupted":
            raise KeyboardInterrupt
        raise PositionError("the time limit ended before any world was solved: allow more time")
    # Keep the first worlds of the sequence without a gap (the same seed and
    # count then give the same answer whichever workers finished first).
    n = 0
    while n in results:
        n += 1
    solved = [results[i] for i in range(n)]
    rec = _summarize(view, legal, solved, samples, sampler.count(), seed, stopped, objective,
                     time.monotonic() - started)  # fmt: skip
    return replace(rec, fallback=sum(not r.exact for r in solved), max_nodes=max_nodes)


def _catch_sigint(flag: threading.Event) -> Any:
    """In the main thread, make SIGINT set `flag` instead of raising
    KeyboardInterrupt; the handler to restore afterwards (None: none was
    installed, in another thread)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, lambda signum, frame: flag.set())
    return previous if previous is not None else signal.default_int_handler


def _shut_down(pool: Executor, early: bool) -> None:
    if not early:
        pool.shutdown(wait=True)
        return
    if isinstance(pool, ProcessPoolExecutor):
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:  # a world being solved is abandoned
            p.terminate()
        for p in processes:
            p.join()
        # The pool's manager thread closes its pipe on the way out; exiting
        # before it has (its exit handler writes to that pipe) printed an
        # OSError traceback after a Ctrl-C now and then.
        if manager is not None:
            manager.join(timeout=10)
    else:
        pool.shutdown(wait=False, cancel_futures=True)


def _view_of(source: Position | View, seat: int | None) -> View:
    if isinstance(source, View):
        if seat is not None and seat != source.seat:
            raise PositionError(f"the view is seat {source.seat + 1}'s, not seat {seat + 1}'s")
        view = source
    else:
        if seat is None:
            seat = source.to_move
        if not 0 <= seat < source.nseats:
            raise PositionError(f"no seat {seat + 1}: seats are 1-{source.nseats}")
        view = view_of(source, seat)
    if view.phase not in (Phase.PLAY, Phase.CLAIM):
        raise PositionError(
            f"recommend chooses a card to play or claim; this position is in the {view.phase} phase"
        )
    if view.to_move != view.seat:
        raise PositionError(
            f"seat {view.seat_name(view.seat)} is not to move"
            f" (seat {view.seat_name(view.to_move)} is)"
        )
    return view


def _summarize(
    view: View,
    legal: Sequence[Move],
    solved: Sequence[_WorldResult],
    requested: int,
    consistent: int,
    seed: int,
    stopped: str | None,
    objective: str,
    seconds: float,
) -> Recommendation:
    n = len(solved)
    table = {str(m): [r.values[str(m)] for r in solved] for m in legal}
    best_per_world = [max(r.values[str(m)] for m in legal) for r in solved]
    means = {k: sum(v) / n for k, v in table.items()}
    order = sorted(legal, key=lambda m: (-means[str(m)], _card_order(m)))
    top = table[str(order[0])]
    estimates = []
    for m in order:
        vals = table[str(m)]
        mean, low, high, se = _interval(vals)
        _, diff_low, diff_high, _ = _interval([a - b for a, b in zip(vals, top, strict=True)])
        share = sum(v == b for v, b in zip(vals, best_per_world, strict=True)) / n
        estimates.append(
            MoveEstimate(m, mean, se, low, high, share, diff_low, diff_high, tuple(vals))
        )
    stats = solved[0].stats
    for r in solved[1:]:
        stats = stats + r.stats
    return Recommendation(
        view.seat, objective, tuple(estimates), n, requested, consistent, seed, stopped, stats,
        seconds,
    )  # fmt: skip


def _interval(values: Sequence[int]) -> tuple[float, float, float, float]:
    """Mean, the 95% Student-t interval and the standard error.  All values
    equal: the interval is that value (nothing varies over the worlds); one
    world of a varying quantity cannot happen, so one world gives its value."""
    n = len(values)
    mean = sum(values) / n
    if n < 2 or min(values) == max(values):
        return mean, mean, mean, 0.0
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    q = t975(n - 1)
    return mean, mean - q * se, mean + q * se, se


def _card_order(move: Move) -> tuple[int, int]:
    """Spades first, high card first (the order of the solver's tie rule)."""
    card: Card | None = move.card
    if card is None:
        return (9, 0)
    return (int(card.suit), -int(card.rank))
