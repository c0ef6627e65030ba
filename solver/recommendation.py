"""What a recommendation answers: every legal move's estimate over the
worlds valued (`MoveEstimate`: mean, 95% interval, best share, paired
difference from the top move), the whole `Recommendation` and its JSON, and
`summarize`, which makes one from the worlds' results (`WorldResult`).  The
algorithms (PIMC, Extended PIMC) and objectives a recommendation names."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from solver.cards import Card
from solver.games.base import Move
from solver.inference import PlayModel
from solver.objectives import MaxnBy, Objective, Stopped
from solver.search_results import SearchStats
from solver.stats import t975
from solver.valuation import BOUNDED, METHODS, PLAYOUT, SEARCHED, Method
from solver.view import View
from solver.world_tasks import WorldResult

PIMC = "pimc"  # `Recommendation.algorithm`: each move by its double-dummy values
EPIMC = "epimc"  # Extended PIMC (solver.epimc): postponed to the seat's next decision
ALGORITHMS = (PIMC, EPIMC)


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
    (`solver.valuation`: ``exact``, ``raced``, ``bounded``, ``playout``),
    and `horizons` the horizon of each ``bounded`` world (the trick of the
    hand whose start its search evaluated; None for the others)."""

    seat: int
    objective: Objective
    moves: tuple[MoveEstimate, ...]
    worlds: int  # worlds valued
    requested: int  # worlds asked for
    consistent: int  # how many worlds the view allows (exact count)
    seed: int
    stopped: Stopped | None  # None: not ended before `requested`
    stats: SearchStats
    seconds: float
    methods: tuple[Method, ...] = ()
    max_nodes: int = 0  # the search budget of a world; 0: none
    node_budget: int = 0  # the search budget of the whole recommendation; 0: none
    maxn_by: MaxnBy | None = None  # objective maxn: what every side maximises
    inference: str | None = None  # the play model the worlds were weighed by; None: uniform
    candidates: int = 0  # with inference: the candidate worlds weighed
    effective_worlds: float | None = None  # with inference: the candidates' Kish ESS
    algorithm: str = PIMC  # ALGORITHMS: how a world's move values were found
    unpostponed: int = 0  # epimc: (world, move) pairs past the node budget, valued as pimc does
    horizons: tuple[int | None, ...] = ()  # world by world, as `methods`

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
        if self.stopped == Stopped.INTERRUPTED:
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


def summarize(
    view: View,
    legal: Sequence[Move],
    solved: Sequence[WorldResult],
    requested: int,
    consistent: int,
    seed: int,
    stopped: Stopped | None,
    objective: Objective,
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
        mean, low, high, se = interval_of(vals)
        low, high = _clip(low, high, ranges[k])
        diff_low: float | None = 0.0
        diff_high: float | None = 0.0
        if k != top_key:
            _, diff_low, diff_high, _ = interval_of(diffs)
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
        horizons=tuple(r.horizon for r in solved),
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


def interval_of(values: Sequence[int]) -> tuple[float, float | None, float | None, float | None]:
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
