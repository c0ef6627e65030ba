"""How one world of a recommendation is valued: the methods, one function each.

A world is a full deal consistent with a seat's view (`solver.sampling`);
its valuation gives every legal move of the seat a number in the solver's
units (`csrc/search.h`) and says how it was found:

- ``exact``: `Solver.analyze`, every move's double-dummy value;
- ``raced``: the moves still in the race valued exactly (the leader first),
  the moves raced out (`solver.pimc`: clearly worse than the leader over
  the worlds before) each by one null-window search proving that it does
  not reach the leader's value here; such a move's number is then an upper
  bound (the leader's value less one), listed in `WorldValues.bounded`.  A
  raced-out move that does reach the leader's value is valued exactly;
- ``bounded``: the exact search ran out of its node budget; every move is
  valued by a bounded search instead (`bounded`: exact for the next tricks,
  the game's evaluation at the horizon; not exact), the horizon as far as
  the same budget allows;
- ``playout``: not even the bounded search of the current trick fitted the
  budget (or no bounded searcher was given); each move is played out by
  the heuristic player in every seat (not exact).

Every method also gives each move the range of values it can have (the
search's cheap bounds of the position after the move, widened to the
number found), which the intervals of a recommendation are clipped to.

A new method is one more function returning `WorldValues` with its own
method name; `solver.pimc` counts the worlds by method.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from solver.banked import banked_between, value_after
from solver.doubledummy import EVALUATIONS, Evaluation, Solver, evaluation_named
from solver.errors import PositionError
from solver.games.base import Move, Position
from solver.heuristics import heuristic_playout
from solver.search_results import NO_STATS, SearchStats


class Method(StrEnum):
    """How one world was valued (the module's contract); the member is its
    JSON text."""

    EXACT = "exact"
    RACED = "raced"
    BOUNDED = "bounded"
    PLAYOUT = "playout"


EXACT, RACED, BOUNDED, PLAYOUT = Method.EXACT, Method.RACED, Method.BOUNDED, Method.PLAYOUT
METHODS = tuple(Method)
SEARCHED = (EXACT, RACED)  # the methods of a world solved by the exact search
BOUNDED_TT_MB = 16  # the table of a bounded searcher (exact keys, emptied at each horizon)
# What values a bounded search's horizon unless a caller says otherwise: the
# game's learned model (docs/strength.md has what it was chosen on; ``middle``
# keeps the engine as it was, for comparisons).
DEFAULT_EVALUATION = Evaluation.LEARNED
T = TypeVar("T")  # what a search of `deepen` finds

# What values a world past its node budget, by name (`bounded_named`): a
# bounded search to one of the evaluations, or the heuristic playout alone.
VALUATIONS = (*(str(e) for e in EVALUATIONS), str(PLAYOUT))


def bounded_named(name: str) -> Evaluation | None:
    """The evaluation of the bounded search called `name`, or None for
    ``playout`` (no bounded search: the heuristic playout values a world
    past its budget); PositionError naming the known ones."""
    if name == PLAYOUT:
        return None
    if name in EVALUATIONS:
        return evaluation_named(name)
    raise PositionError(f"unknown evaluation {name!r} (one of {', '.join(VALUATIONS)})")


def valuation_name(bounded: Evaluation | None) -> str:
    """The name `bounded_named` reads back as `bounded`."""
    return str(PLAYOUT if bounded is None else bounded)


@dataclass(frozen=True)
class WorldValues:
    """A world's value of every legal move (move text -> value), the moves
    whose value is only an upper bound, each move's possible range, what the
    search did and which method found the values; a ``bounded`` world's
    `horizon`, the trick of the hand whose start the values' search
    evaluated (`Solver.horizon`; None for the other methods)."""

    values: dict[str, int]
    bounded: frozenset[str]
    ranges: dict[str, tuple[int, int]]
    stats: SearchStats
    method: Method
    horizon: int | None = None


def _after(world: Position, move: Move) -> Position:
    after = world.copy()
    after.play(move)
    return after


def _ranges(
    world: Position, solver: Solver, side: int, values: dict[str, int]
) -> dict[str, tuple[int, int]]:
    """Each legal move's range: the cheap bounds after it (`Solver.move_range`,
    in `world`'s units), widened to the number found."""
    out = {}
    for move in world.legal_moves():
        key = str(move)
        lo, hi, _ = solver.move_range(world, move, side)
        v = values[key]
        out[key] = (min(lo, v), max(hi, v))
    return out


def exact(
    world: Position, solver: Solver, side: int, bounded_solver: Solver | None = None
) -> WorldValues:
    """Every legal move's exact value (`Solver.analyze`); when the search
    ran out of nodes, `cut_short` values the world instead."""
    analysis = solver.analyze(world, pv=False)
    if not analysis.stats.exact:
        return cut_short(world, solver, side, analysis.stats, bounded_solver, solver.max_nodes)
    values = {str(cv.move): cv.value for cv in analysis.moves}
    ranges = _ranges(world, solver, side, values)
    return WorldValues(values, frozenset(), ranges, analysis.stats, EXACT)


def playout(world: Position, solver: Solver, side: int, stats: SearchStats) -> WorldValues:
    """Each legal move, then the hand played out by the heuristic player in
    every seat, valued for `side` (the fallback of a search out of nodes)."""
    afters = {str(m): _after(world, m) for m in world.legal_moves()}
    values = {k: value_after(world, heuristic_playout(a), side) for k, a in afters.items()}
    ranges = _ranges(world, solver, side, values)
    return WorldValues(values, frozenset(), ranges, stats, PLAYOUT)


def cut_short(
    world: Position,
    solver: Solver,
    side: int,
    stats: SearchStats,
    bounded_solver: Solver | None,
    max_nodes: int,
) -> WorldValues:
    """A world whose exact search ran out of its budget (`stats`: what it
    did): ``bounded`` with `bounded_solver` and the same node budget, else
    (none given, or not even the current trick fits) ``playout``."""
    if bounded_solver is not None and max_nodes:
        got = bounded(world, bounded_solver, side, max_nodes, solver)
        if got is not None:
            return replace(got, stats=stats + got.stats)
    return playout(world, solver, side, stats)


def horizons(world: Position) -> range:
    """The horizons a bounded search of `world` tries, nearest first: the
    start of each later trick short of the last (there the search is
    exact).  A horizon is a trick of the hand (`Solver.horizon`)."""
    core = world.core
    assert core is not None
    return range(core.tricks_played + 1, core.total_tricks)


def bounded(
    world: Position,
    bounded_solver: Solver,
    side: int,
    max_nodes: int,
    ranges_solver: Solver | None = None,
) -> WorldValues | None:
    """Every legal move valued by a bounded search (`Solver.horizon`:
    exact up to the horizon, the game's evaluation there), the horizon the
    farthest that fits (`deepen`; the values say which: `WorldValues.horizon`).
    None when not even the first fits.
    Not exact: the method is ``bounded`` and the ranges are the cheap
    bounds (`ranges_solver`'s, default `bounded_solver`'s)."""

    def analysis(searcher: Solver) -> tuple[tuple[dict[str, int], int], SearchStats]:
        got = searcher.analyze(world, pv=False)
        return ({str(cv.move): cv.value for cv in got.moves}, searcher.horizon), got.stats

    found, spent = deepen(world, bounded_solver, max_nodes, analysis)
    if found is None:
        return None
    values, horizon = found
    ranges = _ranges(world, ranges_solver or bounded_solver, side, values)
    return WorldValues(values, frozenset(), ranges, spent, BOUNDED, horizon)


def deepen(
    world: Position,
    bounded_solver: Solver,
    max_nodes: int,
    search: Callable[[Solver], tuple[T, SearchStats]],
) -> tuple[T | None, SearchStats]:
    """A bounded search of `world` by iterative deepening: `search` (one
    search by `bounded_solver`: what it found and its stats) run with the
    horizon one trick further at a time (`horizons`), each within what is
    left of `max_nodes` (0: none, then the first horizon only); what the
    last search that finished found (None: not even the first), and the
    stats of them all."""
    kept_nodes, kept_horizon = bounded_solver.max_nodes, bounded_solver.horizon
    spent = NO_STATS
    found: T | None = None
    try:
        for horizon in horizons(world):
            left = max_nodes - spent.nodes
            if max_nodes and left <= 0:
                break
            bounded_solver.max_nodes = left if max_nodes else 0
            bounded_solver.horizon = horizon
            got, stats = search(bounded_solver)
            spent = spent + stats
            if not stats.exact:
                break
            found = got
            if not max_nodes:
                break
    finally:
        bounded_solver.max_nodes, bounded_solver.horizon = kept_nodes, kept_horizon
    return found, spent


class _Budget:
    """The node budget of one world over several searches (0: none)."""

    def __init__(self, solver: Solver, nodes: int) -> None:
        self.solver, self.nodes, self.stats = solver, nodes, NO_STATS
        self.kept = solver.max_nodes

    def before(self) -> None:
        left = max(1, self.nodes - self.stats.nodes) if self.nodes else 0
        self.solver.max_nodes = left

    def after(self, stats: SearchStats) -> bool:
        """Count a search; True when the world is still within its budget."""
        self.stats = self.stats + stats
        return stats.exact

    def restore(self) -> None:
        self.solver.max_nodes = self.kept


def raced(
    world: Position,
    solver: Solver,
    side: int,
    leader: str,
    out: Sequence[str],
    max_nodes: int = 0,
    bounded_solver: Solver | None = None,
) -> WorldValues:
    """The moves in the race valued exactly (`leader` first, each search
    starting at the best value so far), the moves `out` of it by one
    null-window search each against the leader's value: a move that cannot
    reach it gets the leader's value less one as an upper bound.  Past
    `max_nodes` (0: none) over all the world's searches: `cut_short`."""
    budget = _Budget(solver, max_nodes)
    try:
        moves = {str(m): m for m in world.legal_moves()}
        order = [leader, *(k for k in moves if k != leader and k not in out)]
        values: dict[str, int] = {}
        best: int | None = None
        for key in order:
            v = _value(world, _after(world, moves[key]), solver, side, best, budget)
            if v is None:
                return cut_short(world, solver, side, budget.stats, bounded_solver, max_nodes)
            values[key] = v
            best = v if best is None else max(best, v)
        target = values[leader]
        bounded = set()
        for key in (k for k in moves if k in out and k != leader):
            after = _after(world, moves[key])  # (made as needed: most worlds cut short)
            if after.is_over:
                values[key] = value_after(world, after, side)
                continue
            shift = banked_between(world, after, side)
            budget.before()
            yes, stats = solver.reaches(after, side, target - shift)
            if not budget.after(stats):
                return cut_short(world, solver, side, budget.stats, bounded_solver, max_nodes)
            if not yes:
                values[key] = target - 1
                bounded.add(key)
                continue
            v = _value(world, after, solver, side, target, budget)
            if v is None:
                return cut_short(world, solver, side, budget.stats, bounded_solver, max_nodes)
            values[key] = v
        ranges = _ranges(world, solver, side, values)
        for key in bounded:  # a bound: the range holds values up to it
            lo, _ = ranges[key]
            ranges[key] = (min(lo, values[key]), values[key])
        return WorldValues(values, frozenset(bounded), ranges, budget.stats, RACED)
    finally:
        budget.restore()


def exact_moves(
    world: Position, solver: Solver, side: int, keys: Sequence[str]
) -> tuple[dict[str, int], SearchStats]:
    """The exact values of some legal moves (text) of a world (no node
    budget); a move whose search the solver's deadline stopped is left out."""
    moves = {str(m): m for m in world.legal_moves()}
    budget = _Budget(solver, 0)
    values = {}
    try:
        for key in keys:
            v = _value(world, _after(world, moves[key]), solver, side, None, budget)
            if v is None:  # the deadline (Solver.deadline) came: no node limit here
                break
            values[key] = v
    finally:
        budget.restore()
    return values, budget.stats


def _value(
    world: Position,
    after: Position,
    solver: Solver,
    side: int,
    guess: int | None,
    budget: _Budget,
) -> int | None:
    """The exact value of the move that led from `world` to `after`, in
    `world`'s units; None when the budget ran out."""
    if after.is_over:
        return value_after(world, after, side)
    shift = banked_between(world, after, side)
    budget.before()
    if guess is None:
        sol = solver.solve(after, side)
    else:
        sol = solver.solve_near(after, side, guess - shift)
    if not budget.after(sol.stats):
        return None
    return sol.value + shift
