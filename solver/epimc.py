"""Recommendations beyond PIMC: Extended PIMC, postponing to the seat's next decision.

PIMC (`solver.pimc`) values each legal move m of the seat in each world w
drawn from the seat's view by its double-dummy value v(w, m): it assumes
that the seat will know every card at its later decisions, so it may make a
different choice in two worlds it cannot tell apart (strategy fusion).
Extended PIMC (Arjonilla, Saffidine and Cazenave 2024, "Perfect Information
Monte Carlo with Postponing Reasoning", arXiv 2408.02380) postpones that
reasoning by one decision of the seat:

1. v(w, m) for every world and move, as PIMC values them
   (`solver.valuation.exact`; the paranoid value with three sides or more).
2. In world w, after m, every other seat plays, one card at a time, a card
   that keeps the double-dummy value (opponents minimise the seat's side's
   value, partners maximise it; of the cards that keep it the lowest,
   `path_order`), until the seat is to move again or the hand is over.  At
   that next decision every legal move m2 gets its value v(w, m, m2)
   (`Solver.analyze`; the table is warm from step 1).  A hand over first
   gives its final value.
3. The worlds are grouped by what the seat sees at its next decision: the
   cards played on the way and all that `solver.heuristics.seat_knowledge`
   holds there (the piles face up, any card turned up, the claims...).
   (A seat's view, `solver.position.view_of`, would do in most games, but
   not of a sampled Cinch world: the redeal's discards are not recorded.)
   The seat must play one card m2*(g) in every world of a group g: the one
   with the best sum of v(w, m, m2) over the group (ties:
   `solver.pimc.card_order`, spades first, high card first).
4. e(w, m) = v(w, m, m2*(g(w))), and the moves are ranked by the mean of e
   over the worlds.  As the path keeps the value, the best v(w, m, m2) is
   v(w, m): e(w, m) <= v(w, m) in every world.

The moves are postponed in decreasing order of their PIMC mean; once the
next move's PIMC mean is at most the best Extended PIMC mean found, the
rest cannot overtake it and keep their PIMC values, reported as upper
bounds (`MoveEstimate.bounded`).

Budget (`recommend`): the worlds are drawn as PIMC draws them (the same
seed, the same worlds).  `max_nodes` limits each world's search in step 1
(past it the world is valued as PIMC values it, by a bounded search or a
playout, and keeps those values for every move: no postponing there), and
each world's postponing of one move, steps 2 (past it that world keeps its
PIMC value for that move and is left out of the groups; counted in
`Recommendation.unpostponed`).  `node_budget` bounds the nodes of the whole
run: step 1 keeps the first worlds within PIMC_SHARE of it, and the moves
whose postponing does not fit in the rest keep their PIMC values as bounds.
One search at a time, in this process: the same seed gives the same answer
(no clock unless `seconds` is given).

    >>> import solver
    >>> from solver.budget import Budget
    >>> from solver.epimc import recommend
    >>> pos = solver.deal("whist", seed=3)
    >>> for move in ["AS", "QS", "KS", "8S"]:
    ...     pos.play(move)
    >>> rec = recommend(pos, budget=Budget(worlds=4, search_nodes=300_000), seed=1)
    >>> rec.algorithm, rec.best in pos.legal_moves()
    ('epimc', True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from solver import deadline as wall
from solver import valuation
from solver.banked import banked_between, value_after
from solver.budget import NO_LIMITS, Budget
from solver.cards import RANK_CHARS
from solver.doubledummy import Evaluation, Solver
from solver.games.base import Move, Position
from solver.heuristics import seat_knowledge
from solver.inference import DEFAULT_FACTOR, InferenceSampler, PlayModel
from solver.objectives import Objective, Stopped
from solver.pimc import advised_view
from solver.recommendation import EPIMC, Recommendation, card_order, summarize
from solver.sampling import Sampler
from solver.search_results import NO_STATS, SearchStats
from solver.seatview import SeatKnowledge
from solver.valuation import DEFAULT_EVALUATION, SEARCHED
from solver.view import View
from solver.world_tasks import DrawnWorlds, WorldResult

DEFAULT_WORLDS = 32  # worlds of a recommendation when not told
PIMC_SHARE = 0.75  # the share of `node_budget` step 1 (the PIMC values) may use: postponing
# costs 1-15% of its nodes (measured: whist, Chinkway, Chinese Whist, Cinch; docs/recommend.md)
TT_MB = 64  # the table of the searches (kept from world to world)
AFTER_EVERY_RANK = len(RANK_CHARS)  # `path_order`'s rank of a move without a card


def path_order(move: Move) -> tuple[int, int]:
    """The order in which the other seats' cards are tried on the path: the
    lowest card first (rank 2 lowest), then spades, hearts, diamonds, clubs.
    Of the cards that keep the double-dummy value, the first is played.  A
    move without a card (none arises in play: claims name a card too) comes
    after every card."""
    card = move.card
    if card is None:
        return (AFTER_EVERY_RANK, 0)
    return (int(card.rank), int(card.suit))


Sight = tuple[tuple[str, ...], SeatKnowledge]  # what a seat sees: the path's moves, the rest


@dataclass(frozen=True)
class Postponed:
    """One world's postponing of one move: what the seat sees at its next
    decision (None when the hand ended first) and every next move's value
    in the world's units (the final value alone, under "", when it ended)."""

    key: Sight | None
    values: dict[str, int]


class _OutOfNodes(Exception):
    """A search of a world's postponing ran out of its nodes."""


class _Searches:
    """The searches of one world's postponing within `nodes` (0: none)."""

    def __init__(self, solver: Solver, nodes: int) -> None:
        self.solver, self.nodes, self.stats = solver, nodes, NO_STATS

    def _before(self) -> None:
        if self.nodes:
            left = self.nodes - self.stats.nodes
            if left <= 0:
                raise _OutOfNodes
            self.solver.max_nodes = left
        else:
            self.solver.max_nodes = 0

    def _after(self, stats: SearchStats) -> None:
        self.stats = self.stats + stats
        if not stats.exact:
            raise _OutOfNodes

    def reaches(self, pos: Position, side: int, target: int) -> bool:
        self._before()
        yes, stats = self.solver.reaches(pos, side, target)
        self._after(stats)
        return yes

    def analyze(self, pos: Position) -> dict[str, int]:
        self._before()
        analysis = self.solver.analyze(pos, pv=False)
        self._after(analysis.stats)
        return {str(cv.move): cv.value for cv in analysis.moves}


def keeps_value(
    world: Position, child: Position, side: int, value: int, partner: bool, search: _Searches
) -> bool:
    """Whether `child` (a later position of `world`'s hand) is worth exactly
    `value` (in `world`'s units) to `side`, knowing it is worth at least
    that when an opponent moved to it, at most that when a partner did:
    one null-window search."""
    if child.is_over:
        return value_after(world, child, side) == value
    target = value - banked_between(world, child, side)
    if partner:
        return search.reaches(child, side, target)
    return not search.reaches(child, side, target + 1)


def postpone(world: Position, move: Move, seat: int, value: int, search: _Searches) -> Postponed:
    """Play `move` in `world` (worth `value` to the seat's side), then every
    other seat's first card in `path_order` that keeps the value, until the
    seat is to move again: what the seat then sees and every legal move's
    value there (`world`'s units).  _OutOfNodes past the searches' budget."""
    side = world.sides()[seat]
    pos = world.copy()
    pos.play(move)
    path: list[str] = []
    while not pos.is_over and pos.to_move != seat:
        partner = pos.sides()[pos.to_move] == side
        for candidate in sorted(pos.legal_moves(), key=path_order):
            child = pos.copy()
            child.play(candidate)
            if keeps_value(world, child, side, value, partner, search):
                pos = child
                path.append(str(candidate))
                break
        else:  # pragma: no cover - the value is kept by some move
            raise AssertionError(f"no card keeps the value {value} in {pos.to_line()}")
    if pos.is_over:
        return Postponed(None, {"": value_after(world, pos, side)})
    shift = banked_between(world, pos, side)
    values = search.analyze(pos)
    sight = (tuple(path), seat_knowledge(pos, seat))
    return Postponed(sight, {k: v + shift for k, v in values.items()})


def group_choices(postponed: Sequence[Postponed | None]) -> list[int | None]:
    """e(w, m) for every world (None where it was not postponed): each group
    of worlds the seat cannot tell apart at its next decision plays the
    move with the best sum over the group (ties: `card_order`)."""
    groups: dict[Sight, list[Postponed]] = {}
    for p in postponed:
        if p is not None and p.key is not None:
            groups.setdefault(p.key, []).append(p)
    chosen: dict[Sight, str] = {}
    for key, members in groups.items():
        moves = sorted(members[0].values, key=lambda k: card_order(Move.parse(k)))
        chosen[key] = max(moves, key=lambda k: sum(p.values[k] for p in members))
    out: list[int | None] = []
    for p in postponed:
        if p is None:
            out.append(None)
        elif p.key is None:
            out.append(p.values[""])
        else:
            out.append(p.values[chosen[p.key]])
    return out


def recommend(
    source: Position | View,
    seat: int | None = None,
    *,
    budget: Budget = NO_LIMITS,
    seed: int = 0,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
    prune: bool = True,
    inference: PlayModel | None = None,
    inference_factor: int = DEFAULT_FACTOR,
) -> Recommendation:
    """Rank the legal moves of `seat` (default: the seat to move) by their
    mean Extended PIMC value over `samples` worlds (the module's contract):
    a `Recommendation` whose `algorithm` is ``epimc``, each move's per-world
    values being e(w, m), and PIMC's values, marked bounded (upper bounds),
    for the moves not postponed (all of them, PIMC's answer, when not even
    the first move's postponing fits in `node_budget` or `seconds`).

    The limits come in `budget` (`solver.budget.Budget`; its table by
    default `TT_MB`): `samples` its worlds, `max_nodes` its `search_nodes`,
    `node_budget` its `run_nodes`, `seconds` and `deadline` its fields of
    those names.
    `max_nodes` (0: none) limits each world's search and each world's
    postponing of a move; `bounded`: a world past it is valued by a bounded
    search with that evaluation at its horizon (None: a playout), as in
    `solver.pimc.recommend`.  `node_budget`
    (0: none) bounds the whole run's nodes, `seconds` its time (not
    reproducible), `deadline` (a wall-clock time, `solver.deadline`: a
    command's budget) its end, a search then running stopped (not exact).
    `prune` False postpones every move (the tests' check
    of the values; the ranking is the same).  `inference` (None: off): the
    worlds weighed by the play, as `solver.pimc.recommend` weighs them.
    PositionError for a seat not to move or a phase with no card to choose;
    ValueError for bad numbers."""
    view = advised_view(source, seat)
    samples = budget.worlds or DEFAULT_WORLDS
    node_budget = budget.run_nodes or 0
    seconds, deadline = budget.seconds, budget.deadline
    started = time.monotonic()
    until = wall.earliest(wall.deadline_after(seconds), deadline)
    legal = view.legal_moves()
    sampler = Sampler(view)
    world_nodes = budget.world_nodes or 0  # no world may use more than the whole budget
    solver = Solver(tt_mb=math.ceil(budget.table(TT_MB)), max_nodes=world_nodes)
    bounded_solver = (
        Solver(tt_mb=valuation.BOUNDED_TT_MB, evaluation=bounded)
        if bounded is not None and world_nodes
        else None
    )
    solver.deadline = until
    if bounded_solver is not None:
        bounded_solver.deadline = until
    step1_budget = int(node_budget * PIMC_SHARE)
    worlds: list[Position] = []
    solved: list[WorldResult] = []
    spent = 0
    stopped: Stopped | None = None
    weighing = None if inference is None else InferenceSampler(sampler, inference, inference_factor)
    drawn = DrawnWorlds(sampler, samples, seed, weighing)
    try:
        for index, masks in enumerate(drawn):  # drawn as they are read
            if solved and wall.passed(until):
                stopped = Stopped.TIME
                break
            world = sampler.world(list(masks))
            side = world.sides()[view.seat]
            solver.max_nodes = world_nodes
            got = valuation.exact(world, solver, side, bounded_solver)
            if node_budget and solved and spent + got.stats.nodes > step1_budget:
                stopped = Stopped.NODES
                break
            spent += got.stats.nodes
            worlds.append(world)
            solved.append(WorldResult(index, got.values, got.stats, got.method, got.bounded,
                                      got.ranges))  # fmt: skip
    except KeyboardInterrupt:  # Ctrl-C: the worlds valued so far, no postponing
        if not solved:
            raise
        stopped = Stopped.INTERRUPTED
    pimc = summarize(view, legal, solved, samples, 0, seed, None, Objective.VALUE, 0.0)
    postponed_values: dict[str, list[int]] = {}
    unpostponed = 0
    best_mean: float | None = None
    extra = NO_STATS
    try:
        for estimate in pimc.moves:  # decreasing PIMC mean
            if stopped == Stopped.INTERRUPTED:
                break
            if prune and best_mean is not None and estimate.mean <= best_mean:
                break
            if wall.passed(until):
                stopped = stopped or Stopped.TIME
                break
            key = str(estimate.move)
            got_move, stats, out = _postpone_move(worlds, solved, estimate.move, view.seat,
                                                  solver, world_nodes)  # fmt: skip
            if node_budget and spent + stats.nodes > node_budget:
                stopped = stopped or Stopped.NODES
                break
            spent += stats.nodes
            extra = extra + stats
            unpostponed += out
            postponed_values[key] = got_move
            mean = sum(got_move) / len(got_move)
            best_mean = mean if best_mean is None else max(best_mean, mean)
    except KeyboardInterrupt:  # Ctrl-C: the moves postponed so far; the rest PIMC's bounds
        stopped = Stopped.INTERRUPTED
    results = []
    for i, r in enumerate(solved):
        values = dict(r.values)
        for key, per_world in postponed_values.items():
            values[key] = per_world[i]
        left_out = frozenset(str(m) for m in legal if str(m) not in postponed_values)
        results.append(replace(r, values=values, bounded=r.bounded | left_out))
    if results:  # the postponing's searches count in the run's statistics
        results[0] = replace(results[0], stats=results[0].stats + extra)
    rec = summarize(view, legal, results, samples, sampler.count(), seed, stopped, Objective.VALUE,
                    time.monotonic() - started, world_nodes, node_budget)  # fmt: skip
    rec = rec.weighed(inference, drawn.candidates, drawn.effective_worlds)
    return replace(rec, algorithm=EPIMC, unpostponed=unpostponed)


def _postpone_move(
    worlds: Sequence[Position],
    solved: Sequence[WorldResult],
    move: Move,
    seat: int,
    solver: Solver,
    world_nodes: int,
) -> tuple[list[int], SearchStats, int]:
    """e(w, move) in every world, the searches' statistics and how many
    worlds searched exactly in step 1 kept their PIMC value, their
    postponing past `world_nodes` (the worlds not searched exactly keep it
    too, counted by their method)."""
    key = str(move)
    postponed: list[Postponed | None] = []
    stats = NO_STATS
    out = 0
    for world, r in zip(worlds, solved, strict=True):
        if r.method not in SEARCHED:  # valued as PIMC values it, counted by its method
            postponed.append(None)
            continue
        search = _Searches(solver, world_nodes)
        try:
            postponed.append(postpone(world, move, seat, r.values[key], search))
        except _OutOfNodes:
            postponed.append(None)
            out += 1
        stats = stats + replace(search.stats, exact=True)  # a world cut short is counted apart
    chosen = group_choices(postponed)
    values = [r.values[key] if e is None else e for e, r in zip(chosen, solved, strict=True)]
    return values, stats, out


__all__ = ["DEFAULT_WORLDS", "PIMC_SHARE", "Postponed", "path_order", "postpone", "recommend"]
