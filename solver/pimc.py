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

import hashlib
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
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass, field, replace
from typing import Any, overload

from solver import deadline as wall
from solver import valuation
from solver.budget import DEFAULT_TT_MB, MIB
from solver.cards import Card
from solver.doubledummy import MAXN_BY, Solver
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.heuristics import heuristic_playout
from solver.inference import DEFAULT_FACTOR, InferenceSampler, PlayModel
from solver.pools import process_pool, shut_down
from solver.position import parse_view, view_of
from solver.sampling import Sampler
from solver.search_results import SearchStats
from solver.stats import t975
from solver.timing import catch_sigint
from solver.valuation import BOUNDED, EXACT, METHODS, PLAYOUT, SEARCHED
from solver.view import View

PIMC = "pimc"  # `Recommendation.algorithm`: each move by its double-dummy values
EPIMC = "epimc"  # Extended PIMC (solver.epimc): postponed to the seat's next decision
ALGORITHMS = (PIMC, EPIMC)

OBJECTIVES = ("value", "maxn")
"""``value``: the solver's value for the seat's side (tricks; Cinch net hand
score; with three or more sides the paranoid value).  ``maxn``: with three
or more sides, the seat's side's max^n value (`maxn_by`: what every side
maximises, ``score`` by default, or ``tricks``; solver.doubledummy.MAXN_BY)."""


RACE_MIN_WORLDS = 10  # worlds of the full analysis before a move may be raced out
RACE_MARGIN = (
    0.25  # a move is raced out when its paired difference's 95% upper bound is below -this
)
RACE_MIN_OUT_SHARE = 1 / 3  # race a world only with this share of the legal cards out or more
RACE_LAG = 8  # world i races with what the first i - RACE_LAG worlds showed (any executor alike)

# A run bounded by time alone (`seconds`, no node budget) gives each world a
# node budget that lets TIMED_WORLDS worlds be valued in the time left, from
# the search speed its workers measured (TIMED_FIRST_RATE until a world is
# done); past it a world is valued by the bounded search within as many
# nodes again.
TIMED_WORLDS = 40  # the target: at least 30 worlds valued in any time; some margin
TIMED_FIRST_RATE = 1_000_000  # nodes a second of a worker before one is measured (a slow machine)
TIMED_LEAST_NODES = 10_000  # the smallest budget a world is given
TIMED_AHEAD_PER_WORKER = 2  # worlds handed out ahead a worker (the budget follows the rate)


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move over the worlds valued: mean value, standard error, a
    95% interval (None from fewer than two worlds; clipped to the values the
    move can have); `best_share` the share of worlds where it is a best move;
    `diff_low`/`diff_high` the 95% interval of its paired difference from
    the top move (0 for the top move itself).

    `bounded`: the move was raced out (clearly worse than the leader) and in
    `bounded_worlds` worlds only proven not to reach the leader's value, so
    `mean` and `diff_high` are upper bounds (the means of the bounds), and
    `stderr`, `low`, `high`, `diff_low` are None.

    `exact_worlds`: the worlds behind the mean that were solved exactly
    (`solver.valuation.SEARCHED`); fewer than all of them and the mean is an
    estimate (`estimated`): its interval and paired difference rest on
    values that are not the worlds' own, so they are no 95% confidence
    intervals (the text and the JSON do not give them as such)."""

    move: Move
    mean: float
    stderr: float | None
    low: float | None
    high: float | None
    best_share: float
    diff_low: float | None
    diff_high: float | None
    values: tuple[int, ...] = field(repr=False)  # per world, in world order (bounds where bounded)
    bounded: bool = False
    bounded_worlds: int = 0
    exact_worlds: int | None = None  # None: every world behind the mean (the default)

    @property
    def worlds(self) -> int:
        return len(self.values)

    @property
    def estimated(self) -> bool:
        """Whether the mean rests on a world not solved exactly."""
        return self.exact_worlds is not None and self.exact_worlds < self.worlds

    @property
    def exact_share(self) -> float:
        """The share of the worlds behind the mean solved exactly."""
        if self.exact_worlds is None or not self.worlds:
            return 1.0
        return self.exact_worlds / self.worlds

    @property
    def interval_note(self) -> str | None:
        """Why the move has no 95% confidence interval (None: it has one):
        ``bounds`` (raced out: upper bounds), ``estimates`` (a world not
        solved exactly), ``one world`` (fewer than two)."""
        if self.bounded:
            return NO_INTERVAL_BOUNDS
        if self.estimated:
            return NO_INTERVAL_ESTIMATES
        if self.worlds < 2:
            return NO_INTERVAL_ONE_WORLD
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "move": str(self.move),
            "card": str(self.move.card) if self.move.card is not None else None,
            "mean": None if self.bounded else _round(self.mean),
            "stderr": _round(self.stderr),
            "low": _round(self.low),
            "high": _round(self.high),
            "best_share": round(self.best_share, 4),
            "diff_low": _round(self.diff_low),
            "diff_high": None if self.bounded else _round(self.diff_high),
        }
        if self.bounded:
            out["mean_at_most"] = _round(self.mean)
            out["diff_at_most"] = _round(self.diff_high)
            out["bounded_worlds"] = self.bounded_worlds
        if self.estimated:  # no confidence interval: the spread of estimates is not one
            out.update(low=None, high=None, diff_low=None, diff_high=None)
        out["estimated"] = self.estimated
        out["exact_share"] = round(self.exact_share, 4)
        out["interval_note"] = self.interval_note
        return out


NO_INTERVAL_BOUNDS = "bounds"  # `MoveEstimate.interval_note`: raced out, upper bounds only
NO_INTERVAL_ESTIMATES = "estimates"  # a world behind the mean was not solved exactly
NO_INTERVAL_ONE_WORLD = "one world"  # fewer than two worlds say nothing of the spread


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


@dataclass(frozen=True)
class Recommendation:
    """The ranked moves of a seat (best mean first), with what the run did:
    `methods` names, world by world, how the world was valued
    (`solver.valuation`: ``exact``, ``raced``, ``bounded``, ``playout``)."""

    seat: int
    objective: str
    moves: tuple[MoveEstimate, ...]
    worlds: int  # worlds valued
    requested: int  # worlds asked for
    consistent: int  # how many worlds the view allows (exact count)
    seed: int
    stopped: str | None  # None, "time", "nodes" or "interrupted": ended before `requested`
    stats: SearchStats
    seconds: float
    methods: tuple[str, ...] = ()
    max_nodes: int = 0  # the search budget of a world; 0: none
    node_budget: int = 0  # the search budget of the whole recommendation; 0: none
    maxn_by: str | None = None  # objective maxn: what every side maximises (MAXN_BY)
    inference: str | None = None  # the play model the worlds were weighed by; None: uniform
    candidates: int = 0  # with inference: the candidate worlds weighed
    effective_worlds: float | None = None  # with inference: the candidates' Kish ESS
    algorithm: str = PIMC  # ALGORITHMS: how a world's move values were found
    unpostponed: int = 0  # epimc: (world, move) pairs past the node budget, valued as pimc does

    @property
    def best(self) -> Move:
        return self.moves[0].move

    @property
    def fallback(self) -> int:
        """Worlds valued by the heuristic playout (the search ran out of nodes)."""
        return self.methods.count(PLAYOUT)

    @property
    def bounded_worlds(self) -> int:
        """Worlds valued by a bounded search (exact for the next tricks, then
        the game's evaluation: not exact)."""
        return self.methods.count(BOUNDED)

    @property
    def exact_worlds(self) -> int:
        """Worlds solved by the exact search (every move exact, or raced)."""
        return sum(m in SEARCHED for m in self.methods)

    def by_method(self) -> dict[str, int]:
        return {m: self.methods.count(m) for m in METHODS if m in self.methods}

    def completed(self) -> Recommendation:
        """This recommendation, unless Ctrl-C ended it: then KeyboardInterrupt
        (for a caller that must not go on with a part of its worlds)."""
        if self.stopped == "interrupted":
            raise KeyboardInterrupt
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat + 1,
            "objective": self.objective,
            "maxn_by": self.maxn_by,
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
            "node_budget": self.node_budget,
            "exact_worlds": self.exact_worlds,
            "bounded_worlds": self.bounded_worlds,
            "fallback_worlds": self.fallback,
            "worlds_by_method": self.by_method(),
            "world_methods": list(self.methods),
            "inference": self.inference_json(),
            "moves": [m.to_json() for m in self.moves],
            **self._algorithm_json(),
        }

    def weighed(self, model: PlayModel | None, candidates: int, effective: float) -> Recommendation:
        """This recommendation saying its worlds were weighed by `model`
        (from `candidates` candidate worlds worth `effective` uniform ones);
        itself when `model` is None (the worlds drawn uniformly)."""
        if model is None:
            return self
        return replace(self, inference=model.text(), candidates=candidates,
                       effective_worlds=effective)  # fmt: skip

    def inference_json(self) -> dict[str, Any] | None:
        """Whether the worlds were weighed by a play model (None: drawn
        uniformly), the candidates weighed and their effective sample size."""
        if self.inference is None:
            return None
        ess = None if self.effective_worlds is None else round(self.effective_worlds, 2)
        return {"model": self.inference, "candidates": self.candidates, "effective_worlds": ess}

    def _algorithm_json(self) -> dict[str, Any]:
        """The keys of an Extended PIMC recommendation (none for PIMC's)."""
        if self.algorithm == PIMC:
            return {}
        return {"algorithm": self.algorithm, "unpostponed": self.unpostponed}


# -- valuing one world (in any worker) ----------------------------------------


@dataclass(frozen=True)
class _Race:
    """What a world races with: the leader (valued first, exactly) and the
    moves raced out (each proven below the leader's value, or valued)."""

    leader: str
    out: tuple[str, ...]


@dataclass(frozen=True)
class _Task:
    view_text: str  # the view's one-line notation
    index: int  # the world's place in the seed's sequence
    masks: tuple[int, ...]  # the unseen cards of each hidden place
    objective: str
    tt_bytes: int
    max_nodes: int = 0  # the search budget of the world; 0: none
    race: _Race | None = None
    only: tuple[str, ...] = ()  # value just these moves exactly (a raced world's bounds made exact)
    clear: bool = False  # empty the table first (the world's node count must not depend on others)
    bounded: bool = True  # a world past `max_nodes` is valued by a bounded search (else a playout)
    maxn_by: str = "score"  # objective maxn: what every side maximises (MAXN_BY)
    timed: bool = False  # `max_nodes` set from the time: the table is kept from world to world
    deadline: float | None = None  # the run's end (solver.deadline): a search then running stops


@dataclass(frozen=True)
class WorldResult:
    """One world's valuation: every legal move's value for the seat's side
    (move text -> value; an upper bound for the moves in `bounded`), what
    the search did, the method (`solver.valuation`) and each move's range."""

    index: int
    values: dict[str, int]  # move text -> value for the seat's side (a bound where bounded)
    stats: SearchStats
    method: str = EXACT
    bounded: frozenset[str] = frozenset()
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    seconds: float = 0.0  # the worker's time on the world

    @property
    def exact(self) -> bool:
        return self.method in SEARCHED


_local = threading.local()


def _worker_state(task: _Task) -> tuple[Sampler, Solver]:
    """The sampler of the task's view and a solver, kept per worker thread
    (a process pool's workers are threads of their own process): the table
    is kept from world to world (where the hand's rules differ, the C core
    empties it itself; tests/test_shared_table.py proves the values alike)."""
    cache: dict[str, Sampler] = getattr(_local, "samplers", None) or {}
    _local.samplers = cache
    if task.view_text not in cache:
        if len(cache) > 8:
            cache.clear()
        cache[task.view_text] = Sampler(parse_view(task.view_text))
    solver: Solver | None = getattr(_local, "solver", None)
    if solver is None or getattr(_local, "tt_bytes", None) != task.tt_bytes:
        solver = Solver(tt_mb=max(1, task.tt_bytes // MIB), max_nodes=task.max_nodes)
        _local.solver = solver
        _local.tt_bytes = task.tt_bytes
    solver.max_nodes = task.max_nodes  # (a timed run's budget changes from world to world)
    solver.deadline = task.deadline
    return cache[task.view_text], solver


def _bounded_solver(task: _Task) -> Solver | None:
    """The worker thread's searcher for bounded searches (a table of its
    own: values under a horizon are not exact), when the task wants one."""
    if not task.bounded or not task.max_nodes:
        return None
    searcher: Solver | None = getattr(_local, "bounded_solver", None)
    if searcher is None:
        searcher = Solver(tt_mb=valuation.BOUNDED_TT_MB)
        _local.bounded_solver = searcher
    searcher.deadline = task.deadline
    return searcher


def solve_world(task: _Task) -> WorldResult:
    """Every legal move's value in one world (run by the executor), with
    the worker's time on it."""
    started = time.perf_counter()
    got = _solve_world(task)
    return replace(got, seconds=time.perf_counter() - started)


def _solve_world(task: _Task) -> WorldResult:
    sampler, solver = _worker_state(task)
    world = sampler.world(list(task.masks))
    seat_side = world.sides()[world.to_move]
    if task.clear or (task.max_nodes and not task.timed):
        solver.clear()  # whether a world fits its budget does not depend on the worlds before
    if task.only:
        values, stats = valuation.exact_moves(world, solver, seat_side, task.only)
        return WorldResult(task.index, values, stats)
    if task.objective == "maxn":
        return _maxn_world(task.index, world, solver, seat_side, task.maxn_by)
    if task.race is not None:
        got = valuation.raced(
            world, solver, seat_side, task.race.leader, task.race.out, task.max_nodes,
            _bounded_solver(task),
        )  # fmt: skip
    else:
        got = valuation.exact(world, solver, seat_side, _bounded_solver(task))
    return WorldResult(task.index, got.values, got.stats, got.method, got.bounded, got.ranges)


def _maxn_world(index: int, world: Position, solver: Solver, side: int, by: str) -> WorldResult:
    moves = world.legal_moves()
    values: dict[str, int] = {}
    stats: SearchStats | None = None
    if len(moves) == 1:  # the value is the position's own
        vec, st = solver.maxn(world, by)
        values = {str(moves[0]): vec[side]}
    else:
        for move in moves:
            after = world.copy()
            after.play(move)
            vec, st = solver.maxn(after, by)
            # with several legal moves the hand goes on after any of them, and
            # the trick in progress counts in `after`'s values as in the world's
            values[str(move)] = vec[side]
            stats = st if stats is None else stats + st
        assert stats is not None
        st = stats
    if st.exact:
        return WorldResult(index, values, st)
    if by == "score":  # the playout's hands valued as max^n by score: the side's score
        seat = world.sides().index(side)
        values = {}
        for move in moves:
            after = world.copy()
            after.play(move)
            values[str(move)] = heuristic_playout(after).scores()[seat]
        return WorldResult(index, values, st, PLAYOUT)
    got = valuation.playout(world, solver, side, st)
    return WorldResult(index, got.values, st, got.method, ranges=got.ranges)


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
    node_budget: int = 0,
    race: bool = True,
    bounded: bool = True,
    maxn_by: str = "score",
    inference: PlayModel | None = None,
    inference_factor: int = DEFAULT_FACTOR,
    deadline: float | None = None,
) -> Recommendation:
    """Rank the legal moves of `seat` by their mean double-dummy value over
    `samples` worlds consistent with what the seat knows.

    `source` is a full position (the view of `seat` is taken from it: the
    seat's hidden knowledge is not used) or a `View`.  `seconds` bounds the
    run (the worlds valued by then count); `stop` (a threading.Event) ends
    it early the same way, as Ctrl-C does (KeyboardInterrupt is caught and
    the result so far returned, `stopped="interrupted"`).  `deadline` (a
    wall-clock time, `solver.deadline`: the budget of a whole command) ends
    it too, whichever comes first; every search still running in a worker
    then stops (a world so cut short is valued by what is left: an
    estimate), and when no world is done by then, the first to finish of
    those in progress is waited for (at most `FIRST_WORLD_WAIT`, within
    `solver.deadline.TIME_MARGIN`), so that a run with a budget gives an answer.  `node_budget`
    (0: none) bounds the search nodes of the whole run, reproducibly: the
    answer is that of the first worlds whose nodes together stay within it
    (at least one; each world's search is then limited to the budget too).
    `jobs` workers (default: every core) in a process pool, unless
    `executor` is given.  `max_nodes` (0: none) limits each world's search;
    a world cut short is valued instead by a bounded search within the same
    budget (method ``bounded``, `solver.valuation.bounded`: exact for the
    next tricks, then the game's evaluation; not exact) when `bounded`, and
    where not even that fits (or not `bounded`), by playing each move out
    with the heuristic player in every seat (method ``playout``: not exact).
    `maxn_by` (objective ``maxn``): what every side maximises, ``score``
    (as the rules say) or ``tricks`` (solver.doubledummy.MAXN_BY).
    `race` (objective ``value``): after RACE_MIN_WORLDS worlds, a move
    clearly worse than the leader is only proven below the leader's value
    in each further world (its figures then upper bounds); the best move is
    the one the full analysis of the same worlds gives.
    `inference` (None: off, the worlds drawn uniformly): a play model of the
    other seats (`solver.inference`); the worlds are then drawn in
    proportion to the chance that those seats made the moves of the play
    record in them, by importance resampling from `inference_factor`
    uniform candidates per world (the recommendation says how many and
    their effective sample size).
    Raises PositionError for a seat that is not to move, a phase with no
    card to choose or no world valued in the time, ValueError for bad numbers.
    """
    view = advised_view(source, seat)
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if maxn_by not in MAXN_BY:
        raise ValueError(f"maxn_by must be one of {', '.join(MAXN_BY)}, not {maxn_by!r}")
    if samples < 1:
        raise ValueError("samples must be at least 1 (--samples)")
    if seconds is not None and seconds <= 0:
        raise ValueError("the time limit must be positive (seconds)")
    if jobs is not None and jobs < 1:
        raise ValueError("jobs must be at least 1")
    if max_nodes < 0 or node_budget < 0:
        raise ValueError("max_nodes and node_budget must not be negative")
    sampler = Sampler(view)
    legal = view.legal_moves()
    if not legal:
        raise PositionError("the seat has no legal move")
    world_nodes = max_nodes
    if node_budget and (not world_nodes or world_nodes > node_budget):
        world_nodes = node_budget  # no world may use more than the whole budget
    workers = jobs or os.cpu_count() or 1
    started = time.monotonic()
    until = wall.earliest(wall.deadline_after(seconds), deadline)
    # time alone bounds the run: each world a node budget that fits the time
    timed = until is not None and not world_nodes and bounded and objective == "value"
    if timed:
        left = wall.seconds_left(until) or 0.0
        world_nodes = _timed_world_nodes(left, workers, TIMED_FIRST_RATE, TIMED_WORLDS)
    model = _Task(view.to_line(), 0, (), objective, tt_mb * MIB, world_nodes,
                  clear=node_budget > 0, bounded=bounded, maxn_by=maxn_by, timed=timed,
                  deadline=until)  # fmt: skip
    weighing = None if inference is None else InferenceSampler(sampler, inference, inference_factor)
    tasks = _Tasks(sampler, samples, seed, model, weighing)
    if objective == "maxn" and len(set(sampler.world(list(tasks[0].masks)).sides())) < 3:
        raise PositionError("objective 'maxn' is for games of three or more sides")
    racing = race and objective == "value" and len(legal) > 1
    run = _Run(tasks, legal, racing)
    if timed:
        run.ahead = TIMED_AHEAD_PER_WORKER * workers
    most_world_nodes = world_nodes
    own_pool: Executor | None = None
    if executor is None:
        if workers <= 1:
            own_pool = ThreadPoolExecutor(max_workers=1)
        else:
            own_pool = process_pool(workers)
        executor = own_pool
    stopped: str | None = None
    pending: set[Future[WorldResult]] = set()
    # Ctrl-C sets a flag that the loop polls: a KeyboardInterrupt raised in
    # the middle of concurrent.futures can leave a future's lock taken, and
    # the pool's manager thread then hangs the exit (seen, under load).
    ctrl_c = threading.Event()
    previous_handler = catch_sigint(ctrl_c)
    if progress is not None:
        progress(0, samples)  # the input checked: the run begins
    try:
        while True:
            while run.can_submit() and not ctrl_c.is_set():
                pending.add(executor.submit(solve_world, run.next_task()))
            if not pending:
                break
            timeout = 0.2
            left_now = wall.seconds_left(until)
            if left_now is not None:
                timeout = min(timeout, left_now)
            done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            for f in done:
                run.add(f.result())
            if timed and done:
                left = wall.seconds_left(until) or 0.0
                needed = TIMED_WORLDS - len(run.results)
                budget = _timed_world_nodes(left, workers, run.rate(), needed)
                tasks.model = replace(tasks.model, max_nodes=budget)
                most_world_nodes = max(most_world_nodes, tasks.model.max_nodes)
            if progress is not None and done:
                progress(len(run.results), samples)
            if ctrl_c.is_set() or (stop is not None and stop.is_set()):
                stopped = "interrupted"
                break
            if node_budget and run.kept_within(node_budget) < run.prefix:
                stopped = "nodes"
                break
            if wall.passed(until) and (pending or run.can_submit()):
                stopped = "time"
                pending = _first_world(run, pending)
                break
        if timed and stopped is None:
            most_world_nodes = max(most_world_nodes, _revisit(run, executor, workers, until))
        if racing and stopped in (None, "nodes"):
            n = run.prefix if stopped is None else run.kept_within(node_budget)
            _settle_bounds(run, n, executor, view, legal, until)
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
        early = run.prefix < len(tasks) or bool(pending)
        if early:
            for f in pending:
                f.cancel()
        if own_pool is not None:
            shut_down(own_pool, early)
    n = run.prefix if not node_budget else run.kept_within(node_budget)
    if n == 0:
        if stopped == "interrupted":
            raise KeyboardInterrupt
        raise PositionError(_no_world_advice(seconds, max_nodes, deadline))
    if stopped is None and n < samples:
        stopped = "nodes"
    solved = [run.results[i] for i in range(n)]
    shown_nodes = most_world_nodes if timed else max_nodes
    rec = summarize(view, legal, solved, samples, sampler.count(), seed, stopped, objective,
                     time.monotonic() - started, shown_nodes, node_budget)  # fmt: skip
    rec = rec.weighed(inference, tasks.candidates, tasks.effective_worlds)
    return replace(rec, maxn_by=maxn_by) if objective == "maxn" else rec


def _revisit(run: _Run, executor: Executor, workers: int, until: float | None) -> int:
    """A run bounded by time alone that valued every world before its
    deadline: the worlds its node budgets cut short (valued by the bounded
    search, not exact) searched again, each with its share of the time left
    as its budget, and the exact answers kept in their place (their nodes
    and seconds added to those of the search cut short).  The first
    worlds' budgets come from a guessed speed and a share of TIMED_WORLDS,
    so a cheap position (a whist ending) may cut a world that the time left
    solves at once.  The largest budget given (0: none)."""
    again = [i for i in range(run.prefix) if not run.results[i].exact]
    if not again or wall.passed(until):
        return 0
    left = wall.seconds_left(until) or 0.0
    budget = _timed_world_nodes(left, workers, run.rate(), len(again))
    futures = {
        executor.submit(solve_world, replace(run.tasks[i], race=None, max_nodes=budget))
        for i in again
    }
    while futures and not wall.passed(until):
        left_now = wall.seconds_left(until)
        timeout = REVISIT_POLL if left_now is None else min(REVISIT_POLL, left_now)
        done, futures = wait(futures, timeout=timeout, return_when=FIRST_COMPLETED)
        for f in done:
            got = f.result()
            if got.exact:  # the run's work counts both searches of the world
                spent = run.results[got.index].stats + got.stats
                run.results[got.index] = replace(got, stats=replace(spent, exact=got.stats.exact))
    for f in futures:
        f.cancel()
    return budget


REVISIT_POLL = 0.2  # seconds between looks at the deadline while worlds are searched again


# the most a run past its deadline waits for its first world: the margin but
# what summing up and printing take (the world's search, stopped, may first
# finish its table's growth: measured up to 0.6 s on a loaded machine)
FIRST_WORLD_WAIT = 0.75 * wall.TIME_MARGIN


def _first_world(run: _Run, pending: set[Future[WorldResult]]) -> set[Future[WorldResult]]:
    """At the deadline with no world done: wait (at most FIRST_WORLD_WAIT)
    for world 0, which the deadline stopped in its worker (its value then an
    estimate), so that the run has an answer; the futures still pending."""
    if run.prefix > 0:
        return pending
    ends = time.monotonic() + FIRST_WORLD_WAIT
    while run.prefix == 0 and pending and time.monotonic() < ends:
        done, pending = wait(pending, timeout=ends - time.monotonic(), return_when=FIRST_COMPLETED)
        for f in done:
            run.add(f.result())
    return pending


def _timed_world_nodes(seconds: float, workers: int, rate: float, needed: int) -> int:
    """The node budget of a world in a run bounded by time alone, with
    `seconds` left, at `rate` nodes a second a worker, `needed` worlds
    still to value to reach TIMED_WORLDS: those worlds in the time left,
    each spending at most twice its budget (the exact search, then the
    bounded search past it).  Worlds that finish early leave more to the
    next: where most worlds are cheap (whist) the dear ones are solved too."""
    share = max(0.0, seconds) * workers / max(1, needed)  # a world's seconds of one worker
    return max(TIMED_LEAST_NODES, int(rate * share / 2))


def _no_world_advice(seconds: float | None, max_nodes: int, deadline: float | None = None) -> str:
    """What to say when the time ran out before any world was valued."""
    if seconds:
        said = f"no world was valued in the {seconds:g} s allowed"
    elif deadline is not None:
        said = "no world was valued in the time left of the command's budget"
    else:
        said = "no world valued"
    help_ = "allow more time (--time)"
    if not max_nodes:
        help_ += (
            ", or give each world a node budget (--max-nodes, e.g. 200000: a world past it"
            " is valued by a bounded search, not exact)"
        )
    else:
        help_ += f", or a smaller node budget than {max_nodes:,} (--max-nodes)"
    return f"{said}: a world of this position takes longer to solve; {help_}"


WORLDS_AT_ONCE = 1024  # worlds drawn at a time (`_Tasks`)
WORLDS_AHEAD = 256  # the most worlds handed out past the gapless prefix of those done


class _Tasks(Sequence[_Task]):
    """The worlds of a recommendation as tasks, drawn lazily, WORLDS_AT_ONCE
    at a time, as the run hands them out: no memory in proportion to the
    worlds asked for, only to those handed out.  Block 0 is
    `Sampler.sample_masks(n, seed)` itself (the worlds of a run of up to
    WORLDS_AT_ONCE worlds are those of that call); block k > 0 is drawn
    with a seed of its own (`_block_seed`).  With `weighing`, a block is
    `InferenceSampler.resample(n, seed)` instead (worlds weighed by the play);
    `candidates` and `effective_worlds` add up its blocks' figures."""

    def __init__(
        self,
        sampler: Sampler,
        samples: int,
        seed: int,
        model: _Task,
        weighing: InferenceSampler | None = None,
    ) -> None:
        self.sampler, self.samples, self.seed, self.model = sampler, samples, seed, model
        self.weighing = weighing
        self.blocks: dict[int, list[tuple[int, ...]]] = {}
        self.candidates, self.effective_worlds = 0, 0.0

    def __len__(self) -> int:
        return self.samples

    @overload
    def __getitem__(self, i: int) -> _Task: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[_Task]: ...
    def __getitem__(self, i: int | slice) -> _Task | Sequence[_Task]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.samples))]
        if not 0 <= i < self.samples:
            raise IndexError(i)
        k, j = divmod(i, WORLDS_AT_ONCE)
        if k not in self.blocks:
            n = min(WORLDS_AT_ONCE, self.samples - k * WORLDS_AT_ONCE)
            if self.weighing is None:
                rows = self.sampler.sample_masks(n, _block_seed(self.seed, k))
            else:
                got = self.weighing.resample(n, _block_seed(self.seed, k))
                rows = got.masks
                self.candidates += got.candidates
                self.effective_worlds += got.ess
            self.blocks[k] = [tuple(int(m) for m in row) for row in rows]
        return replace(self.model, index=i, masks=self.blocks[k][j])


class DrawnWorlds(Sequence[tuple[int, ...]]):
    """The first `samples` worlds of `seed` as `recommend` draws them (weighed
    by the play with `weighing`, as `recommend(inference=...)` weighs them):
    world i is the unseen
    cards of each hidden place (`Sampler.world` makes it a position), drawn
    lazily, a block at a time, as they are read (no memory in proportion to
    the worlds asked for); with inference, `candidates` and
    `effective_worlds` are the figures of the blocks drawn so far."""

    def __init__(
        self, sampler: Sampler, samples: int, seed: int, weighing: InferenceSampler | None = None
    ) -> None:
        self._tasks = _Tasks(sampler, samples, seed, _Task("", 0, (), OBJECTIVES[0], 0), weighing)

    def __len__(self) -> int:
        return len(self._tasks)

    @overload
    def __getitem__(self, i: int) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[int, ...]]: ...
    def __getitem__(self, i: int | slice) -> tuple[int, ...] | Sequence[tuple[int, ...]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return self._tasks[i].masks

    @property
    def candidates(self) -> int:
        return self._tasks.candidates

    @property
    def effective_worlds(self) -> float:
        return self._tasks.effective_worlds


def _block_seed(seed: int, block: int) -> int:
    """The seed of block `block` of a run's worlds (block 0: the run's own)."""
    if block == 0:
        return seed
    digest = hashlib.sha256(f"pimc worlds {seed} block {block}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


class _Run:
    """The worlds of one recommendation: which to hand out next (with the
    race it uses), the results, and the gapless prefix of the sequence done.

    World i races with what the first i - RACE_LAG worlds showed, so a world
    is handed out only when those are done: the race, and so every figure,
    depends on the seed alone, not on which worker finished first."""

    def __init__(self, tasks: Sequence[_Task], legal: Sequence[Move], racing: bool) -> None:
        self.tasks, self.legal, self.racing = tasks, legal, racing
        self.results: dict[int, WorldResult] = {}
        self.prefix = 0  # worlds 0 .. prefix-1 are done
        self.nodes = [0]  # nodes[k]: the nodes of the first k worlds
        self.races: list[_Race | None] = [None]  # races[k]: the race after the first k worlds
        self.out: tuple[str, ...] = ()
        self.handed = 0
        self.ahead = WORLDS_AHEAD  # the most worlds handed out past the prefix done
        self.nodes_done, self.seconds_done = 0, 0.0  # over every world done, for `rate`

    def can_submit(self) -> bool:
        if self.handed >= len(self.tasks) or self.handed - self.prefix >= self.ahead:
            return False
        return not self.racing or self.handed - RACE_LAG <= self.prefix

    def next_task(self) -> _Task:
        i = self.handed
        self.handed += 1
        task = self.tasks[i]
        race = self.races[i - RACE_LAG] if self.racing and i >= RACE_LAG else None
        return replace(task, race=race) if race is not None else task

    def add(self, r: WorldResult) -> None:
        self.results[r.index] = r
        self.nodes_done += r.stats.nodes
        self.seconds_done += r.seconds
        while self.prefix in self.results:
            self.nodes.append(self.nodes[-1] + self.results[self.prefix].stats.nodes)
            self.prefix += 1
            if self.racing:
                self.races.append(self._race())

    def rate(self) -> float:
        """The search speed of a worker, nodes a second, over the worlds done
        (TIMED_FIRST_RATE before any took measurable time)."""
        nodes, spent = self.nodes_done, self.seconds_done
        return nodes / spent if spent > 0 and nodes else float(TIMED_FIRST_RATE)

    def kept_within(self, budget: int) -> int:
        """How many first worlds keep within `budget` nodes (at least one when one is done)."""
        k = self.prefix
        while k > 1 and self.nodes[k] > budget:
            k -= 1
        return k

    def _race(self) -> _Race | None:
        """The race after the first `prefix` worlds: the leader (the best
        mean of the moves still in), and the moves out of it, the ones
        before and those whose paired difference from the leader now has a
        95% upper bound below -RACE_MARGIN."""
        n = self.prefix
        if n < RACE_MIN_WORLDS:
            return None
        solved = [self.results[i] for i in range(n)]
        keys = [str(m) for m in self.legal]
        inside = [m for m in self.legal if str(m) not in self.out]
        means = {str(m): sum(r.values[str(m)] for r in solved) / n for m in inside}
        leader = min(inside, key=lambda m: (-means[str(m)], card_order(m)))
        top = [r.values[str(leader)] for r in solved]
        out = set(self.out)
        for m in inside:
            if m == leader:
                continue
            diffs = [r.values[str(m)] - t for r, t in zip(solved, top, strict=True)]
            _, _, high, _ = _interval(diffs)
            if high is not None and high < -RACE_MARGIN:
                out.add(str(m))
        self.out = tuple(k for k in keys if k in out)
        # With few cards out, the full analysis costs less: it searches one
        # card of each class of equivalent cards, where the race searches
        # each card in it (measured: Cinch first leads, one card of six out,
        # up to 26% more nodes raced; 1-6% fewer at best).
        if not self.out or len(self.out) < RACE_MIN_OUT_SHARE * len(keys):
            return None
        return _Race(str(leader), self.out)


def _settle_bounds(
    run: _Run,
    n: int,
    executor: Executor,
    view: View,
    legal: Sequence[Move],
    until: float | None = None,
) -> None:
    """Value exactly, in the worlds where it was raced out, any move whose
    bound does not prove it worse than the best move of the first `n`
    worlds (seldom: the leader changed after it was raced out), until the
    best move is the one the full analysis of those worlds gives, or the
    deadline `until` comes (the bounds not made exact then stay bounds)."""
    while not wall.passed(until):
        solved = [run.results[i] for i in range(n)]
        rec = summarize(view, legal, solved, n, 0, 0, None, "value", 0.0)
        top = rec.moves[0]
        doubtful = [m for m in rec.moves if m.bounded and m.mean >= top.mean]
        if not doubtful:
            return
        jobs = {}
        for r in solved:
            keys = tuple(str(m.move) for m in doubtful if str(m.move) in r.bounded)
            if keys:
                jobs[r.index] = executor.submit(solve_world, replace(run.tasks[r.index], only=keys))
        for i, f in jobs.items():
            got = f.result()
            r = run.results[i]
            run.results[i] = replace(
                r,
                values={**r.values, **got.values},
                bounded=r.bounded - set(got.values),
                stats=r.stats + got.stats,
            )


def advised_view(source: Position | View, seat: int | None) -> View:
    """The view a recommendation is for: `source` itself (a view of `seat`,
    when given), or the view of `seat` (default: the seat to move) of a
    full position.  PositionError for another seat's view, no such seat, a
    phase with no card to choose or a seat not to move."""
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


def summarize(
    view: View,
    legal: Sequence[Move],
    solved: Sequence[WorldResult],
    requested: int,
    consistent: int,
    seed: int,
    stopped: str | None,
    objective: str,
    seconds: float,
    max_nodes: int = 0,
    node_budget: int = 0,
) -> Recommendation:
    """The recommendation from every world's values (`solved`, in world
    order; at least one): the moves ranked by mean (ties: `card_order`),
    the first move valued in every world on top, each move's interval,
    best share and paired difference from the top move; a move bounded in
    some world (`WorldResult.bounded`) shows upper bounds only."""
    n = len(solved)
    keys = [str(m) for m in legal]
    table = {k: [r.values[k] for r in solved] for k in keys}
    bounded = {k: sum(k in r.bounded for r in solved) for k in keys}
    best_per_world = [max(r.values[k] for k in keys) for r in solved]
    means = {k: sum(v) / n for k, v in table.items()}
    order = sorted(legal, key=lambda m: (-means[str(m)], card_order(m)))
    exact_first = [m for m in order if not bounded[str(m)]]
    if exact_first and exact_first[0] != order[0]:  # the top is a move valued, not bounded
        order.remove(exact_first[0])
        order.insert(0, exact_first[0])
    top_key = str(order[0])
    top = table[top_key]
    ranges = {k: _range_of(solved, k) for k in keys}
    exact_worlds = sum(r.exact for r in solved)
    estimates = []
    for m in order:
        k = str(m)
        vals = table[k]
        diffs = [a - b for a, b in zip(vals, top, strict=True)]
        share = sum(v == b for v, b in zip(vals, best_per_world, strict=True)) / n
        if bounded[k]:
            estimates.append(
                MoveEstimate(m, means[k], None, None, None, share, None, sum(diffs) / n,
                             tuple(vals), True, bounded[k], exact_worlds)
            )  # fmt: skip
            continue
        mean, low, high, se = _interval(vals)
        low, high = _clip(low, high, ranges[k])
        diff_low: float | None = 0.0
        diff_high: float | None = 0.0
        if k != top_key:
            _, diff_low, diff_high, _ = _interval(diffs)
            mine, its = ranges[k], ranges[top_key]
            if mine is not None and its is not None:
                limits = (mine[0] - its[1], mine[1] - its[0])
                diff_low, diff_high = _clip(diff_low, diff_high, limits)
        estimates.append(MoveEstimate(m, mean, se, low, high, share, diff_low, diff_high,
                                      tuple(vals), exact_worlds=exact_worlds))  # fmt: skip
    stats = solved[0].stats
    for w in solved[1:]:
        stats = stats + w.stats
    return Recommendation(
        view.seat, objective, tuple(estimates), n, requested, consistent, seed, stopped, stats,
        seconds, tuple(r.method for r in solved), max_nodes, node_budget,
    )  # fmt: skip


def _range_of(solved: Sequence[WorldResult], key: str) -> tuple[int, int] | None:
    """The values a move can have over the worlds (None: a world did not say)."""
    if any(key not in r.ranges for r in solved):
        return None
    return min(r.ranges[key][0] for r in solved), max(r.ranges[key][1] for r in solved)


def _clip(
    low: float | None, high: float | None, limits: tuple[int, int] | None
) -> tuple[float | None, float | None]:
    if low is None or high is None or limits is None:
        return low, high
    return max(low, float(limits[0])), min(high, float(limits[1]))


def _interval(values: Sequence[int]) -> tuple[float, float | None, float | None, float | None]:
    """Mean, the 95% Student-t interval and the standard error; the
    interval and error are None (unknown) from fewer than two values.  All
    values equal: the interval is that value (nothing varies over the worlds)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None, None, None
    if min(values) == max(values):
        return mean, mean, mean, 0.0
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    q = t975(n - 1)
    return mean, mean - q * se, mean + q * se, se


def card_order(move: Move) -> tuple[int, int]:
    """Spades first, high card first (the order of the solver's tie rule)."""
    card: Card | None = move.card
    if card is None:
        return (9, 0)
    return (int(card.suit), -int(card.rank))
