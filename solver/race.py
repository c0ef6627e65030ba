"""The bookkeeping of one recommendation's worlds (`Run`): which world to
hand out next, the results, the gapless prefix done, its nodes, and the
race over the cards (after RACE_MIN_WORLDS worlds a card clearly worse than
the leader is only proven below it).  World i races with what the first
i - RACE_LAG worlds showed, so every figure depends on the seed alone."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import replace

from solver import deadline as wall
from solver.games.base import Move
from solver.recommendation import card_order, interval_of
from solver.valuation import BOUNDED
from solver.world_tasks import WORLDS_AHEAD, Race, WorldResult, WorldTask, solve_world

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
        """The race after the first `prefix` worlds: the leader and the moves
        out of it (`standings`, the moves out before kept out).  With few
        cards out, the full analysis costs less: it searches one card of
        each class of equivalent cards, where the race searches each card in
        it (measured: Cinch first leads, one card of six out, up to 26% more
        nodes raced; 1-6% fewer at best)."""
        n = self.prefix
        if n < RACE_MIN_WORLDS:
            return None
        race = standings([self.results[i] for i in range(n)], self.legal, self.out)
        self.out = race.out
        if not self.out or len(self.out) < RACE_MIN_OUT_SHARE * len(self.legal):
            return None
        return race


def standings(
    solved: Sequence[WorldResult], legal: Sequence[Move], out: Sequence[str] = ()
) -> Race:
    """The leader over the worlds `solved` (the best mean of the moves not
    `out`), and the moves out: those `out` before and those whose paired
    difference from the leader has a 95% upper bound below -RACE_MARGIN
    (in the order of `legal`)."""
    n = len(solved)
    key = {m: str(m) for m in legal}  # (a move's text, made once: it is called per world)
    inside = [m for m in legal if key[m] not in out]
    means = {key[m]: sum(r.values[key[m]] for r in solved) / n for m in inside}
    leader = min(inside, key=lambda m: (-means[key[m]], card_order(m)))
    top = [r.values[key[leader]] for r in solved]
    now_out = set(out)
    for m in inside:
        if m == leader:
            continue
        diffs = [r.values[key[m]] - t for r, t in zip(solved, top, strict=True)]
        _, _, high, _ = interval_of(diffs)
        if high is not None and high < -RACE_MARGIN:
            now_out.add(key[m])
    return Race(key[leader], tuple(key[m] for m in legal if key[m] in now_out))


# -- the anytime split: every world valued shallow first, then deepened ------

DEEPEN_POLL = 0.2  # seconds between looks at the deadline while worlds are deepened


def second_pass(
    run: Run,
    n: int,
    executor: Executor,
    world_nodes: int,
    nodes_left: int | None,
    until: float | None,
    ahead: int,
) -> int:
    """The second pass of the anytime split (`Budget.first_pass`): the
    first `n` worlds, each valued by the first pass (exact where its few
    nodes sufficed, else a bounded search), those not solved exactly
    searched again in index order, each within `world_nodes`, the cards
    still in contention over the first pass (`standings`: the others raced
    out, only proven below the leader) when the run races.  A world's new
    valuation replaces the first (its nodes added to the first's): an
    exact one, or a bounded one (a horizon at least as far, with more
    nodes) that finished before the deadline `until`.  `nodes_left` (None:
    no limit) bounds the nodes of the pass reproducibly: worlds are taken
    in index order while their nodes together stay within it; `ahead`
    worlds are searched at once.  The worlds deepened."""
    again = [i for i in range(n) if not run.results[i].exact]
    if not again or wall.passed(until):
        return 0
    race = standings([run.results[i] for i in range(n)], run.legal) if run.racing else None
    if race is not None and not race.out:
        race = None
    todo = iter(again)
    futures: dict[int, Future[WorldResult]] = {}
    got: dict[int, tuple[WorldResult, bool]] = {}  # a world's answer, and whether in time
    spent = deepened = 0

    def submit() -> None:
        # at most `ahead` worlds searched or done ahead of the one taken next
        while len(futures) + len(got) < ahead and (i := next(todo, None)) is not None:
            task = replace(run.tasks[i], race=race, max_nodes=world_nodes)
            futures[i] = executor.submit(solve_world, task)

    for i in again:
        submit()  # world i among them: the worlds before it are taken
        while i not in got and futures and not wall.passed(until):
            left = wall.seconds_left(until)
            timeout = DEEPEN_POLL if left is None else min(DEEPEN_POLL, left)
            done, _ = wait(set(futures.values()), timeout=timeout, return_when=FIRST_COMPLETED)
            in_time = not wall.passed(until)  # a search the deadline stopped is not kept
            for j in [j for j, f in futures.items() if f in done]:
                got[j] = (futures.pop(j).result(), in_time)
            submit()
        if i not in got:  # the deadline came
            break
        new, in_time = got.pop(i)
        if nodes_left is not None and spent + new.stats.nodes > nodes_left:
            break
        spent += new.stats.nodes
        if new.exact or (new.method == BOUNDED and in_time):
            old = run.results[i]
            run.results[i] = replace(new, stats=replace(old.stats + new.stats, exact=new.exact))
            deepened += 1
    for f in futures.values():
        f.cancel()
    return deepened
