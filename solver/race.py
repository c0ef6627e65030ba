"""The bookkeeping of one recommendation's worlds (`Run`): which world to
hand out next, the results, the gapless prefix done, its nodes, and the
race over the cards (after RACE_MIN_WORLDS worlds a card clearly worse than
the leader is only proven below it).  World i races with what the first
i - RACE_LAG worlds showed, so every figure depends on the seed alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from solver.games.base import Move
from solver.recommendation import card_order, interval_of
from solver.world_tasks import WORLDS_AHEAD, Race, WorldResult, WorldTask

RACE_MIN_WORLDS = 10  # worlds of the full analysis before a move may be raced out
RACE_MARGIN = (
    0.25  # a move is raced out when its paired difference's 95% upper bound is below -this
)
RACE_MIN_OUT_SHARE = 1 / 3  # race a world only with this share of the legal cards out or more
RACE_LAG = 8  # world i races with what the first i - RACE_LAG worlds showed (any executor alike)


class Run:
    """The worlds of one recommendation: which to hand out next (with the
    race it uses), the results, and the gapless prefix of the sequence done.

    World i races with what the first i - RACE_LAG worlds showed, so a world
    is handed out only when those are done: the race, and so every figure,
    depends on the seed alone, not on which worker finished first."""

    def __init__(self, tasks: Sequence[WorldTask], legal: Sequence[Move], racing: bool) -> None:
        self.tasks, self.legal, self.racing = tasks, legal, racing
        self.results: dict[int, WorldResult] = {}
        self.prefix = 0  # worlds 0 .. prefix-1 are done
        self.nodes = [0]  # nodes[k]: the nodes of the first k worlds
        self.races: list[Race | None] = [None]  # races[k]: the race after the first k worlds
        self.out: tuple[str, ...] = ()
        self.handed = 0
        self.ahead = WORLDS_AHEAD  # the most worlds handed out past the prefix done
        self.nodes_done, self.seconds_done = 0, 0.0  # over every world done, for `rate`

    def can_submit(self) -> bool:
        if self.handed >= len(self.tasks) or self.handed - self.prefix >= self.ahead:
            return False
        return not self.racing or self.handed - RACE_LAG <= self.prefix

    def next_task(self) -> WorldTask:
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

    def rate(self, first: float) -> float:
        """The search speed of a worker, nodes a second, over the worlds done
        (`first` before any took measurable time)."""
        nodes, spent = self.nodes_done, self.seconds_done
        return nodes / spent if spent > 0 and nodes else float(first)

    def kept_within(self, budget: int) -> int:
        """How many first worlds keep within `budget` nodes (at least one when one is done)."""
        k = self.prefix
        while k > 1 and self.nodes[k] > budget:
            k -= 1
        return k

    def _race(self) -> Race | None:
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
            _, _, high, _ = interval_of(diffs)
            if high is not None and high < -RACE_MARGIN:
                out.add(str(m))
        self.out = tuple(k for k in keys if k in out)
        # With few cards out, the full analysis costs less: it searches one
        # card of each class of equivalent cards, where the race searches
        # each card in it (measured: Cinch first leads, one card of six out,
        # up to 26% more nodes raced; 1-6% fewer at best).
        if not self.out or len(self.out) < RACE_MIN_OUT_SHARE * len(keys):
            return None
        return Race(str(leader), self.out)
