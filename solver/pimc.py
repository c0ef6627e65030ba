"""Recommendations under hidden cards: Perfect Information Monte Carlo (PIMC).

A seat's view (`solver.view`) leaves some cards unseen.  `recommend` draws
worlds uniformly among those consistent with the view (`solver.sampling`),
solves every world double-dummy, and ranks the seat's legal moves by their
mean value over the *same* worlds::

    >>> import solver
    >>> from solver.budget import Budget
    >>> from solver.pimc import recommend
    >>> pos = solver.deal("whist", seed=3)     # the first lead: about 0.15 s a world
    >>> rec = recommend(pos, seat=pos.to_move, budget=Budget(worlds=8, jobs=1), seed=1)
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
    ThreadPoolExecutor,
    wait,
)
from dataclasses import replace

from solver import deadline as wall
from solver.budget import MIB, NO_LIMITS, Budget
from solver.doubledummy import Evaluation
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.inference import DEFAULT_FACTOR, InferenceSampler, PlayModel
from solver.objectives import MaxnBy, Objective, Stopped
from solver.pools import process_pool, shut_down
from solver.position import view_of
from solver.race import Run, second_pass
from solver.recommendation import Recommendation, summarize
from solver.sampling import Sampler
from solver.timing import catch_sigint
from solver.valuation import DEFAULT_EVALUATION
from solver.view import View
from solver.world_tasks import WorldResult, WorldTask, WorldTasks, solve_world

# A run bounded by time alone (`seconds`, no node budget) gives each world a
# node budget that lets TIMED_WORLDS worlds be valued in the time left, from
# the search speed its workers measured (TIMED_FIRST_RATE until a world is
# done); past it a world is valued by the bounded search within as many
# nodes again.
TIMED_WORLDS = 40  # the target: at least 30 worlds valued in any time; some margin
TIMED_FIRST_RATE = 1_000_000  # nodes a second of a worker before one is measured (a slow machine)
TIMED_LEAST_NODES = 10_000  # the smallest budget a world is given
TIMED_AHEAD_PER_WORKER = 2  # worlds handed out ahead a worker (the budget follows the rate)
# The anytime split's first pass (`Budget.first_pass`, 0: off): the nodes a
# world is first valued within, when the budget does not say.
DEFAULT_FIRST_PASS = 0


# -- the driver ---------------------------------------------------------------


ProgressFn = Callable[[int, int], None]
DEFAULT_WORLDS = 100  # a recommendation's worlds when its budget does not say


def recommend(
    source: Position | View,
    seat: int | None = None,
    *,
    budget: Budget = NO_LIMITS,
    seed: int = 0,
    executor: Executor | None = None,
    objective: Objective = Objective.VALUE,
    progress: ProgressFn | None = None,
    stop: threading.Event | None = None,
    race: bool = True,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
    maxn_by: MaxnBy = MaxnBy.SCORE,
    inference: PlayModel | None = None,
    inference_factor: int = DEFAULT_FACTOR,
) -> Recommendation:
    """Rank the legal moves of `seat` by their mean double-dummy value over
    `samples` worlds consistent with what the seat knows.

    The limits come in `budget` (`solver.budget.Budget`, as the command
    line builds it; by hand ``budget=Budget(worlds=8)``): below, `samples`
    is its `worlds` (default `DEFAULT_WORLDS`), `seconds`, `deadline`,
    `jobs` and `tt_mb` its fields of those names, `max_nodes` its
    `search_nodes` and `node_budget` its `run_nodes`.

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
    next tricks, then `bounded`, the evaluation at its horizon: by default
    the game's learned model, `solver.doubledummy.Evaluation`; not exact), and
    where not even that fits (or `bounded` is None), by playing each move out
    with the heuristic player in every seat (method ``playout``: not exact).
    `maxn_by` (objective ``maxn``): what every side maximises, ``score``
    (as the rules say) or ``tricks`` (`solver.objectives.MaxnBy`).
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
    if objective not in tuple(Objective):
        raise ValueError(f"objective must be one of {', '.join(Objective)}, not {objective!r}")
    if maxn_by not in tuple(MaxnBy):
        raise ValueError(f"maxn_by must be one of {', '.join(MaxnBy)}, not {maxn_by!r}")
    objective, maxn_by = Objective(objective), MaxnBy(maxn_by)
    samples = budget.worlds or DEFAULT_WORLDS
    max_nodes, node_budget = budget.core_nodes, budget.run_nodes or 0
    seconds, deadline, jobs = budget.seconds, budget.deadline, budget.jobs
    sampler = Sampler(view)
    legal = view.legal_moves()
    if not legal:
        raise PositionError("the seat has no legal move")
    world_nodes = budget.world_nodes or 0  # no world may use more than the whole budget
    workers = jobs or os.cpu_count() or 1
    started = time.monotonic()
    until = wall.earliest(wall.deadline_after(seconds), deadline)
    # the anytime split (`solver.race.second_pass`): every world valued within
    # `first_pass` nodes first, then deepened with what the limits leave
    first_pass = DEFAULT_FIRST_PASS if budget.first_pass is None else budget.first_pass
    split = (
        first_pass > 0
        and (until is not None or node_budget > 0)
        and bounded is not None
        and objective == Objective.VALUE
    )
    deep_nodes = world_nodes
    if split:
        world_nodes = min(first_pass, world_nodes or first_pass)
    # time alone bounds the run: each world a node budget that fits the time
    timed = (
        until is not None
        and not world_nodes
        and bounded is not None
        and objective == Objective.VALUE
    )
    if timed:
        left = wall.seconds_left(until) or 0.0
        world_nodes = _timed_world_nodes(left, workers, TIMED_FIRST_RATE, TIMED_WORLDS)
    table = math.ceil(budget.table()) * MIB
    model = WorldTask(view.to_line(), 0, (), objective, table, world_nodes,
                      clear=node_budget > 0, bounded=bounded, maxn_by=maxn_by,
                      timed=timed or (split and not node_budget), deadline=until)  # fmt: skip
    weighing = None if inference is None else InferenceSampler(sampler, inference, inference_factor)
    tasks = WorldTasks(sampler, samples, seed, model, weighing)
    if objective == Objective.MAXN and len(set(sampler.world(list(tasks[0].masks)).sides())) < 3:
        raise PositionError("objective 'maxn' is for games of three or more sides")
    racing = race and objective == Objective.VALUE and len(legal) > 1
    run = Run(tasks, legal, racing)
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
    stopped: Stopped | None = None
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
                nodes = _timed_world_nodes(left, workers, run.rate(TIMED_FIRST_RATE), needed)
                tasks.model = replace(tasks.model, max_nodes=nodes)
                most_world_nodes = max(most_world_nodes, tasks.model.max_nodes)
            if progress is not None and done:
                progress(len(run.results), samples)
            if ctrl_c.is_set() or (stop is not None and stop.is_set()):
                stopped = Stopped.INTERRUPTED
                break
            if node_budget and run.kept_within(node_budget) < run.prefix:
                stopped = Stopped.NODES
                break
            if wall.passed(until) and (pending or run.can_submit()):
                stopped = Stopped.TIME
                pending = _first_world(run, pending)
                break
        if timed and stopped is None:
            most_world_nodes = max(most_world_nodes, _revisit(run, executor, workers, until))
        if split and stopped is None:
            most_world_nodes = max(
                most_world_nodes,
                _second_pass(run, executor, workers, deep_nodes, node_budget, first_pass, until),
            )
        if racing and stopped in (None, Stopped.NODES):
            n = run.prefix if stopped is None else run.kept_within(node_budget)
            _settle_bounds(run, n, executor, view, legal, until)
    except KeyboardInterrupt:
        stopped = Stopped.INTERRUPTED
    finally:
        if previous_handler is not None:
            signal.signal(signal.SIGINT, previous_handler)
        if ctrl_c.is_set():
            stopped = Stopped.INTERRUPTED
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
        if stopped == Stopped.INTERRUPTED:
            raise KeyboardInterrupt
        raise PositionError(_no_world_advice(seconds, max_nodes, deadline))
    if stopped is None and n < samples:
        stopped = Stopped.NODES
    solved = [run.results[i] for i in range(n)]
    shown_nodes = most_world_nodes if timed or split else max_nodes
    rec = summarize(view, legal, solved, samples, sampler.count(), seed, stopped, objective,
                     time.monotonic() - started, shown_nodes, node_budget)  # fmt: skip
    rec = rec.weighed(inference, tasks.candidates, tasks.effective_worlds)
    return replace(rec, maxn_by=maxn_by) if objective == Objective.MAXN else rec


def _revisit(run: Run, executor: Executor, workers: int, until: float | None) -> int:
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
    budget = _timed_world_nodes(left, workers, run.rate(TIMED_FIRST_RATE), len(again))
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


def _second_pass(
    run: Run,
    executor: Executor,
    workers: int,
    world_nodes: int,
    node_budget: int,
    first_pass: int,
    until: float | None,
) -> int:
    """The anytime split's second pass (`solver.race.second_pass`) over every
    world of the first: each world within `world_nodes` (0: its share of
    the time left, as `_revisit` gives it, and never less than
    `first_pass`), the whole within what is left of `node_budget` (0: no
    limit).  The largest budget given (0: none deepened)."""
    n = run.prefix
    if not world_nodes:
        again = sum(not run.results[i].exact for i in range(n))
        left = wall.seconds_left(until) or 0.0
        rate = run.rate(TIMED_FIRST_RATE)
        world_nodes = max(first_pass, _timed_world_nodes(left, workers, rate, max(1, again)))
    nodes_left = node_budget - run.nodes[n] if node_budget else None
    ahead = TIMED_AHEAD_PER_WORKER * workers
    deepened = second_pass(run, n, executor, world_nodes, nodes_left, until, ahead)
    return world_nodes if deepened else 0


# the most a run past its deadline waits for its first world: the margin but
# what summing up and printing take (the world's search, stopped, may first
# finish its table's growth: measured up to 0.6 s on a loaded machine)
FIRST_WORLD_WAIT = 0.75 * wall.TIME_MARGIN


def _first_world(run: Run, pending: set[Future[WorldResult]]) -> set[Future[WorldResult]]:
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


def _settle_bounds(
    run: Run,
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
        rec = summarize(view, legal, solved, n, 0, 0, None, Objective.VALUE, 0.0)
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
