"""Decisions before the first lead, by sampling worlds and solving them double-dummy.

The decisions: the Chinkway dealer's two discards and trump, a Cinch call,
the Cinch bidder's trump and the trumps a Cinch seat keeps when it holds more
than six, the Chinese Whist dealer's trump.  `decide_before_play` values
*plans* (the seat's moves from this decision to the first lead, such as
"discard 7C 4D, trump S") over worlds the seat cannot tell from the real one::

    >>> import solver
    >>> from solver.budget import Budget
    >>> from solver.decisions import decide_before_play
    >>> pos = solver.deal("cinch", seed=4)
    >>> d = decide_before_play(pos, budget=Budget(worlds=4), seed=1)
    >>> d.best.moves[0] in pos.legal_moves()
    True

1. **Worlds** (`draw_world`): the hidden cards dealt again at random, as far
   as the seat knows them (below), so that every world is the same decision
   with the seat's own cards as they are.
2. **A plan in a world** (`value_plan`): the plan's moves are made; the
   decisions of the other seats that come before the first lead (later
   calls, the bidder's trump, the redeal, excess-trump discards) are made
   by the *stand-in*, the heuristic player (`solver.heuristics.decide`, which
   reads only what its seat sees), and so are the deciding seat's own later
   decisions that the plan does not cover (a Cinch bidder's trump after its
   call).  At the first lead the world is solved double-dummy (`Solver`,
   with a node budget per world) for the deciding seat's side: the solver's
   value (Cinch: the net hand score, the bid rule applied, so a call's risk
   of being set counts; Chinkway: the side's quest score, paranoid; Chinese
   Whist: the side's tricks, paranoid with three players).
3. **Past the budget**: when the node budget cuts a world's search short,
   the world is valued by a *bounded search* within as many nodes again
   (`solver.valuation.deepen`: exact for the next tricks, the game's
   evaluation at the horizon, by default the learned one; the horizon the
   farthest that fits), as `recommend` values such worlds in play; where
   not even the first trick fits, or with ``bounded=None`` (the engine as
   it was), by the *heuristic playout*: the heuristic player in every seat
   from the first lead, the world valued by what the side then scores, in
   the same units.  Such a value is not exact: every candidate counts its
   worlds by method (exact, bounded, playout), and the figures say so.
4. **Successive halving**: every candidate is valued on the first
   `first_worlds` worlds; the better half (by mean, over the same worlds:
   common random numbers) is kept and valued on twice as many worlds, and
   so on until one is left, `samples` worlds are reached or the time is up.
   The first world of the first round is always valued for every candidate,
   so every candidate has figures; past it, no value is begun that would
   end past the limit if it took as long as the longest one so far.  A
   round cut short by the time limit is
   not used to rank (its survivors are compared on the worlds all of them
   were valued on).  With ``seconds=None`` the answer depends only on the
   position, the seat, the seed and the budgets: it is reproducible.

What each decision knows (docs/recommend.md) is its game's: the worlds come
from the exact sampler over the seat's view (`solver.sampling.Sampler`; each
game's view covers its decisions before play, in play alike); the candidate
plans from the game (``Game.plans``).
"""

from __future__ import annotations

import math
import random
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver import deadline as wall
from solver.banked import value_after
from solver.budget import Budget
from solver.doubledummy import Evaluation, Solver
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.games.registry import game_of
from solver.heuristics import decide, heuristic_playout, seat_knowledge, to_first_lead
from solver.position import view_of
from solver.sampling import Sampler
from solver.search_results import SearchStats
from solver.stats import t975
from solver.timing import catch_sigint
from solver.valuation import (
    BOUNDED,
    BOUNDED_TT_MB,
    DEFAULT_EVALUATION,
    EXACT,
    PLAYOUT,
    Method,
    deepen,
    valuation_name,
)

PRE_PLAY_PHASES = (Phase.BID, Phase.TRUMP, Phase.DISCARD)
DEFAULT_SECONDS = 10.0  # a decision's time budget
DEFAULT_SAMPLES = 64  # the most worlds one candidate is valued on
FIRST_WORLDS = 4  # worlds of every candidate in the first round
DECISION_TT_MB = 16  # the table of the solver of a decision, MiB
# a decision's limits when none are given: DEFAULT_SECONDS, DEFAULT_SAMPLES worlds a candidate
DECISION_BUDGET = Budget(tt_mb=DECISION_TT_MB, seconds=DEFAULT_SECONDS, worlds=DEFAULT_SAMPLES)
WORLD_SEED = "tricksolver decision {seed} world {index}"


@dataclass(frozen=True)
class Plan:
    """The seat's moves from the decision to the first lead (or to the next
    seat's decision): its first move is the one to make now."""

    moves: tuple[Move, ...]

    @property
    def move(self) -> Move:
        return self.moves[0]

    def __str__(self) -> str:
        discards = [str(m.card) for m in self.moves if m.kind == "discard"]
        parts = [f"discard {' '.join(discards)}"] if discards else []
        parts += [str(m) for m in self.moves if m.kind != "discard"]
        return ", ".join(parts)


@dataclass(frozen=True)
class PlanValue:
    """One world's value of a plan, and the method that gave it
    (`solver.valuation.Method`): the search (``exact``), or, the search
    out of nodes, a bounded search (``bounded``) or the heuristic playout
    (``playout``)."""

    value: int
    method: Method
    # the values the world could give (its cheap bounds; not part of equality)
    possible: tuple[int, int] | None = field(default=None, compare=False)

    @property
    def exact(self) -> bool:
        return self.method == EXACT


@dataclass(frozen=True)
class PlanEstimate:
    """A candidate over the worlds it was valued on: mean, standard error,
    95% interval (Student t), worlds used, how many of them exactly and by
    a bounded search (the rest by the playout), and the round of successive
    halving in which it was eliminated (None: it was never eliminated)."""

    plan: Plan
    mean: float
    stderr: float
    low: float
    high: float
    worlds: int
    exact: int
    eliminated: int | None
    values: tuple[int, ...] = field(repr=False)  # per world, in world order
    bounded: int = 0

    @property
    def playouts(self) -> int:
        return self.worlds - self.exact - self.bounded

    @property
    def estimated(self) -> bool:
        """Whether the mean rests on a world not solved exactly (a bounded
        search or a playout): an estimate, whose interval is no 95%
        confidence interval."""
        return self.exact < self.worlds

    @property
    def confident(self) -> bool:
        """Whether `low` .. `high` is a 95% confidence interval: two worlds
        or more, every one solved exactly."""
        return self.worlds >= 2 and not self.estimated

    def to_json(self) -> dict[str, Any]:
        return {
            "plan": str(self.plan),
            "move": str(self.plan.move),
            "moves": [str(m) for m in self.plan.moves],
            "mean": round(self.mean, 4),
            "stderr": _finite(self.stderr),
            "low": _finite(self.low),
            "high": _finite(self.high),
            "worlds": self.worlds,
            "exact_worlds": self.exact,
            "exact_share": round(self.exact / self.worlds, 4) if self.worlds else 0.0,
            "bounded_worlds": self.bounded,
            "playout_worlds": self.playouts,
            "eliminated_in_round": self.eliminated,
            "estimated": self.estimated,
            "confidence_interval": self.confident,
        }


def _finite(x: float) -> float | None:
    """JSON has no infinity: an interval not known (one world) is null."""
    return round(x, 4) if math.isfinite(x) else None


@dataclass(frozen=True)
class Decision:
    """The candidates of a decision before play, best first: the survivors
    of successive halving by mean, then the others by the round they lasted
    to and their mean.  `best` is the plan to follow, `move` its first move."""

    game: str
    seat: int
    phase: Phase
    candidates: tuple[PlanEstimate, ...]
    rounds: int  # rounds of halving run
    worlds: int  # worlds drawn (the most any candidate used)
    samples: int  # the world budget of a candidate
    seed: int
    max_nodes: int
    stopped: str | None  # None, "time" (the time limit) or "interrupted" (Ctrl-C) ended it
    seconds: float
    timed: bool = False  # a time limit ran: how many worlds were valued depended on the clock
    # what valued a world past `max_nodes` (`valuation.bounded_named`): an evaluation or "playout"
    evaluation: str = str(DEFAULT_EVALUATION)

    @property
    def reproducible(self) -> bool:
        """Whether the same seed gives the same ranking: no time limit ran."""
        return not self.timed

    @property
    def uneven(self) -> bool:
        """Whether the candidates' means are over different numbers of worlds
        (successive halving: a candidate eliminated early has fewer), so that
        two means compare the same worlds only as far as the fewer go."""
        return len({c.worlds for c in self.candidates}) > 1

    def completed(self) -> Decision:
        """This decision, unless Ctrl-C ended it: then KeyboardInterrupt (for
        a caller that must not go on with a part of its worlds)."""
        if self.stopped == "interrupted":
            raise KeyboardInterrupt
        return self

    @property
    def best(self) -> Plan:
        return self.candidates[0].plan

    @property
    def move(self) -> Move:
        return self.best.move

    def to_json(self) -> dict[str, Any]:
        evaluations = sum(c.worlds for c in self.candidates)
        return {
            "game": self.game,
            "seat": self.seat + 1,
            "phase": str(self.phase),
            "best": str(self.best),
            "move": str(self.move),
            "rounds": self.rounds,
            "worlds": self.worlds,
            "samples": self.samples,
            "seed": self.seed,
            "max_nodes": self.max_nodes,
            "evaluation": self.evaluation,
            "stopped": self.stopped,
            "seconds": round(self.seconds, 3),
            "evaluations": evaluations,
            "exact_evaluations": sum(c.exact for c in self.candidates),
            "bounded_evaluations": sum(c.bounded for c in self.candidates),
            "playout_evaluations": sum(c.playouts for c in self.candidates),
            "reproducible": self.reproducible,
            "uneven_worlds": self.uneven,
            "candidates": [c.to_json() for c in self.candidates],
        }


# -- worlds ----------------------------------------------------------------------------


def check_decision(position: Position, seat: int | None) -> int:
    """The deciding seat (default: the seat to move); PositionError when the
    position is not at a decision before play of that seat."""
    if position.phase not in PRE_PLAY_PHASES:
        raise PositionError(
            f"a decision before play is a bid, a discard or trump; this position is in the"
            f" {position.phase} phase"
        )
    if seat is None:
        seat = position.to_move
    if not 0 <= seat < position.nseats:
        raise PositionError(f"no seat {seat + 1}: seats are 1-{position.nseats}")
    if seat != position.to_move:
        raise PositionError(
            f"seat {position.seat_name(seat)} is not to move"
            f" (seat {position.seat_name(position.to_move)} is)"
        )
    return seat


def world_rng(seed: int, index: int) -> random.Random:
    """The generator of world `index` of a decision's seed: a world does not
    depend on how many are drawn."""
    return random.Random(WORLD_SEED.format(seed=seed, index=index))


def draw_world(
    position: Position, seat: int, rng: random.Random, sampler: Sampler | None = None
) -> Position:
    """A position at the same decision, with the cards `seat` has not seen
    dealt again at random among the places it cannot see: by the exact
    sampler over the seat's view (its view before play), seeded from `rng`.
    `sampler`: that sampler, if made already (the same worlds, made faster)."""
    if sampler is None:
        sampler = Sampler(view_of(position, seat))
    return sampler.sample(1, rng.getrandbits(32))[0]


def draw_worlds(position: Position, seat: int, count: int, seed: int) -> list[Position]:
    """Worlds 0..count-1 of a decision's seed (world i is the same whatever the count)."""
    sampler = Sampler(view_of(position, seat))
    return [draw_world(position, seat, world_rng(seed, i), sampler) for i in range(count)]


# -- candidates ------------------------------------------------------------------------


def candidate_plans(position: Position, seat: int) -> list[Plan]:
    """The plans tried at the decision, in a fixed order: the plans that
    start with the heuristic's move first (ties in value go to them), the
    rest in the game's order (``Game.plans``: every legal move, or for a
    discard the sets of cards the game's rules of thumb would shed first)."""
    plans = [Plan(moves) for moves in game_of(position).plans(position, seat)]
    first = decide(seat_knowledge(position, seat))
    return sorted(plans, key=lambda p: p.move != first)


# -- valuing a plan in a world ---------------------------------------------------------


def value_plan(
    world: Position, plan: Plan, seat: int, solver: Solver, bounded_solver: Solver | None = None
) -> PlanValue:
    """The value of `plan` in `world` for `seat`'s side: the plan's moves,
    the stand-in to the first lead, then the search (its table cleared, so
    a world's value does not depend on what was solved before); when the
    search runs out of nodes, a bounded search by `bounded_solver` within
    as many nodes again (`bounded_value`), or (none given, or not even the
    first trick fits) the heuristic playout."""
    work = world.copy()
    for move in plan.moves:
        if work.core is not None or work.to_move != seat:
            break  # the plan's later moves are the seat's only while it still decides
        work.play(move)
    start = to_first_lead(work)
    side = start.sides()[seat]
    if start.is_over:
        return PlanValue(value_after(start, start, side), EXACT)
    possible = solver.value_range(start, side)
    solver.clear()
    solution = solver.solve(start, side)
    if solution.stats.exact:
        return PlanValue(solution.value, EXACT, possible)
    if bounded_solver is not None and solver.max_nodes:
        value = bounded_value(start, side, bounded_solver, solver.max_nodes)
        if value is not None:
            return PlanValue(value, BOUNDED, possible)
    return PlanValue(value_after(start, heuristic_playout(start), side), PLAYOUT, possible)


def bounded_value(start: Position, side: int, bounded_solver: Solver, max_nodes: int) -> int | None:
    """The value of `start` (in play) for `side` by a bounded search
    (`Solver.horizon`: exact for the next tricks, `bounded_solver`'s
    evaluation at the horizon), the horizon the farthest that fits in
    `max_nodes` (`solver.valuation.deepen`); None when not even the first
    fits.  Not exact."""

    def search(searcher: Solver) -> tuple[int, SearchStats]:
        got = searcher.solve(start, side)
        return got.value, got.stats

    value, _ = deepen(start, bounded_solver, max_nodes, search)
    return value


# -- successive halving ----------------------------------------------------------------


def decide_before_play(
    position: Position,
    seat: int | None = None,
    *,
    budget: Budget = DECISION_BUDGET,
    seed: int = 0,
    first_worlds: int = FIRST_WORLDS,
    progress: Callable[[int], None] | None = None,
    plans: Sequence[Plan] | None = None,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
) -> Decision:
    """Rank the candidates of a decision before play by successive halving
    over worlds (module docstring), within `budget` (`solver.budget.Budget`,
    by default `DECISION_BUDGET`): its `seconds` bound the run (None: no
    limit, the run is then reproducible); its `worlds` are the most worlds a
    candidate is valued on (None: `DEFAULT_SAMPLES`); its `search_nodes` the
    search budget of a world (None: the game's ``decision_max_nodes``); its
    table by default `DECISION_TT_MB`.  `progress` gets the evaluations made.
    `plans`: the candidates (default `candidate_plans`; a player may leave
    some out).  The budget's `deadline` (a wall-clock time, `solver.deadline`:
    a command's budget) ends the run too, a search then running stopped (its
    world valued by the playout: not exact).  PositionError if the position
    is not at a decision before
    play of `seat`; ValueError for bad numbers or no plan.  `bounded`: the
    evaluation of the bounded search that values a world past its node budget
    (None: the heuristic playout does, the engine as it was)."""
    seat = check_decision(position, seat)
    samples = budget.worlds or DEFAULT_SAMPLES
    if first_worlds < 1:
        raise ValueError("first_worlds must be at least 1")
    nodes = budget.search_nodes or game_of(position).decision_max_nodes
    tt_mb = math.ceil(budget.table(DECISION_TT_MB))
    started = time.monotonic()
    until = wall.earliest(wall.deadline_after(budget.seconds), budget.deadline)
    plans = candidate_plans(position, seat) if plans is None else list(plans)
    if not plans:
        raise ValueError("no plan to rank")
    solver = Solver(tt_mb=tt_mb, max_nodes=nodes)
    solver.deadline = until
    bounded_solver = None
    if bounded is not None:
        bounded_solver = Solver(tt_mb=BOUNDED_TT_MB, evaluation=bounded)
        bounded_solver.deadline = until
    sampler = Sampler(view_of(position, seat))
    worlds: list[Position] = []
    values: list[list[PlanValue]] = [[] for _ in plans]
    active = list(range(len(plans)))
    eliminated: dict[int, int] = {}
    target = min(first_worlds, samples)
    rounds, stopped, made = 0, None, 0
    longest = 0.0  # the longest time one value took
    # Ctrl-C sets a flag, seen before each value: the candidates' values so
    # far are kept (as a time limit keeps them), stopped="interrupted"
    ctrl_c = threading.Event()
    previous_handler = catch_sigint(ctrl_c)
    try:
        while True:
            # 1. Every candidate still in is valued on the worlds up to `target`,
            #    world by world, so that a stop leaves them on the same worlds.
            for w in range(len(values[active[0]]), target):
                while len(worlds) <= w:
                    rng = world_rng(seed, len(worlds))
                    worlds.append(draw_world(position, seat, rng, sampler))
                for i in active:
                    if ctrl_c.is_set():
                        stopped = "interrupted"
                        break
                    # stop before a value that would likely end past the deadline
                    if w > 0 and until is not None and wall.clock() + longest >= until:
                        stopped = "time"
                        break
                    if len(values[i]) == w:
                        began = time.monotonic()
                        values[i].append(
                            value_plan(worlds[w], plans[i], seat, solver, bounded_solver)
                        )
                        longest = max(longest, time.monotonic() - began)
                        made += 1
                if progress is not None:
                    progress(made)
                if stopped is not None:
                    break
            rounds += 1
            if stopped is not None or len(active) == 1 or target >= samples:
                break
            if wall.passed(until):
                stopped = "time"
                break
            # 2. The better half goes on, on twice as many worlds.
            order = sorted(active, key=lambda i: (-_mean(values[i][:target]), i))
            keep = (len(active) + 1) // 2
            for i in order[keep:]:
                eliminated[i] = rounds
            active = sorted(order[:keep])
            target = min(2 * target, samples)
    finally:
        if previous_handler is not None:
            signal.signal(signal.SIGINT, previous_handler)
    if stopped == "interrupted" and any(not values[i] for i in active):
        raise KeyboardInterrupt  # no world valued for every candidate: nothing to rank
    common = min(len(values[i]) for i in active)
    estimates = [
        _estimate(plans[i], values[i][:common] if i in active else values[i], eliminated.get(i))
        for i in range(len(plans))
    ]
    ranked = sorted(
        range(len(plans)),
        key=lambda i: (i not in active, -(eliminated.get(i) or 0), -estimates[i].mean, i),
    )
    return Decision(
        position.game, seat, position.phase, tuple(estimates[i] for i in ranked), rounds,
        len(worlds), samples, seed, nodes, stopped, time.monotonic() - started, until is not None,
        valuation_name(bounded),
    )  # fmt: skip


def _mean(values: Sequence[PlanValue]) -> float:
    return sum(v.value for v in values) / len(values)


def _estimate(plan: Plan, values: Sequence[PlanValue], eliminated: int | None) -> PlanEstimate:
    """Mean, standard error and the 95% Student-t interval (the value itself
    when every world gives the same), clipped to the values the worlds
    could give."""
    xs = [v.value for v in values]
    n = len(xs)
    mean = sum(xs) / n
    if n == 1:  # one world says nothing of the spread
        se, low, high = math.inf, -math.inf, math.inf
    elif all(x == xs[0] for x in xs):
        se, low, high = 0.0, mean, mean
    else:
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
        se = sd / math.sqrt(n)
        half = t975(n - 1) * se
        low, high = mean - half, mean + half
        ranges = [v.possible if v.possible is not None else (v.value, v.value) for v in values]
        low = max(low, min(lo for lo, _ in ranges))
        high = min(high, max(hi for _, hi in ranges))
    return PlanEstimate(
        plan, mean, se, low, high, n, sum(v.exact for v in values), eliminated, tuple(xs),
        sum(v.method == BOUNDED for v in values),
    )  # fmt: skip


__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SECONDS",
    "PRE_PLAY_PHASES",
    "Decision",
    "Plan",
    "PlanEstimate",
    "PlanValue",
    "bounded_value",
    "candidate_plans",
    "check_decision",
    "decide_before_play",
    "draw_world",
    "draw_worlds",
    "value_plan",
    "world_rng",
]
