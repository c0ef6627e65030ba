"""One world of a recommendation: the task a worker runs (`WorldTask`: the
view, the world's place in the seed's sequence, its budget and race), its
answer (`WorldResult`), `solve_world` (run by any executor, one Solver and
sampler kept per worker thread), and the worlds of a run drawn lazily as
tasks (`WorldTasks`) from the seed alone."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import overload

from solver import valuation
from solver.budget import MIB
from solver.doubledummy import Evaluation, Solver
from solver.games.base import Position
from solver.heuristics import heuristic_playout
from solver.inference import InferenceSampler
from solver.objectives import MaxnBy, Objective
from solver.position import parse_view
from solver.sampling import Sampler
from solver.search_results import SearchStats
from solver.valuation import DEFAULT_EVALUATION, EXACT, PLAYOUT, SEARCHED, Method


@dataclass(frozen=True)
class Race:
    """What a world races with: the leader (valued first, exactly) and the
    moves raced out (each proven below the leader's value, or valued)."""

    leader: str
    out: tuple[str, ...]


@dataclass(frozen=True)
class WorldTask:
    view_text: str  # the view's one-line notation
    index: int  # the world's place in the seed's sequence
    masks: tuple[int, ...]  # the unseen cards of each hidden place
    objective: Objective
    tt_bytes: int
    max_nodes: int = 0  # the search budget of the world; 0: none
    race: Race | None = None
    only: tuple[str, ...] = ()  # value just these moves exactly (a raced world's bounds made exact)
    clear: bool = False  # empty the table first (the world's node count must not depend on others)
    # a world past `max_nodes` is valued by a bounded search with this evaluation at its
    # horizon (None: by a playout)
    bounded: Evaluation | None = DEFAULT_EVALUATION
    maxn_by: MaxnBy = MaxnBy.SCORE  # objective maxn: what every side maximises
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
    method: Method = EXACT
    bounded: frozenset[str] = frozenset()
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    seconds: float = 0.0  # the worker's time on the world
    horizon: int | None = None  # a bounded world's horizon (`valuation.WorldValues.horizon`)

    @property
    def exact(self) -> bool:
        return self.method in SEARCHED


_local = threading.local()


def _worker_state(task: WorldTask) -> tuple[Sampler, Solver]:
    """The sampler of the task's view and a solver, kept per worker thread
    (a process pool's workers are threads of their own process): the table
    is kept from world to world (where the hand's rules differ, the C core
    empties it itself; tests/search/test_shared_table.py proves the values alike)."""
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


def _bounded_solver(task: WorldTask) -> Solver | None:
    """The worker thread's searcher for bounded searches (a table of its
    own: values under a horizon are not exact), when the task wants one."""
    if task.bounded is None or not task.max_nodes:
        return None
    searcher: Solver | None = getattr(_local, "bounded_solver", None)
    if searcher is None:
        searcher = Solver(tt_mb=valuation.BOUNDED_TT_MB)
        _local.bounded_solver = searcher
    searcher.evaluation = task.bounded  # (the table is emptied only when it changes)
    searcher.deadline = task.deadline
    return searcher


def solve_world(task: WorldTask) -> WorldResult:
    """Every legal move's value in one world (run by the executor), with
    the worker's time on it."""
    started = time.perf_counter()
    got = _solve_world(task)
    return replace(got, seconds=time.perf_counter() - started)


def _solve_world(task: WorldTask) -> WorldResult:
    sampler, solver = _worker_state(task)
    world = sampler.world(list(task.masks))
    seat_side = world.sides()[world.to_move]
    if task.clear or (task.max_nodes and not task.timed):
        solver.clear()  # whether a world fits its budget does not depend on the worlds before
    if task.only:
        values, stats = valuation.exact_moves(world, solver, seat_side, task.only)
        return WorldResult(task.index, values, stats)
    if task.objective == Objective.MAXN:
        return _maxn_world(task.index, world, solver, seat_side, task.maxn_by)
    if task.race is not None:
        got = valuation.raced(
            world, solver, seat_side, task.race.leader, task.race.out, task.max_nodes,
            _bounded_solver(task),
        )  # fmt: skip
    else:
        got = valuation.exact(world, solver, seat_side, _bounded_solver(task))
    return WorldResult(task.index, got.values, got.stats, got.method, got.bounded, got.ranges,
                       horizon=got.horizon)  # fmt: skip


def _maxn_world(index: int, world: Position, solver: Solver, side: int, by: MaxnBy) -> WorldResult:
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
    if by == MaxnBy.SCORE:  # the playout's hands valued as max^n by score: the side's score
        seat = world.sides().index(side)
        values = {}
        for move in moves:
            after = world.copy()
            after.play(move)
            values[str(move)] = heuristic_playout(after).scores()[seat]
        return WorldResult(index, values, st, PLAYOUT)
    got = valuation.playout(world, solver, side, st)
    return WorldResult(index, got.values, st, got.method, ranges=got.ranges)


WORLDS_AT_ONCE = 1024  # worlds drawn at a time (`WorldTasks`)
WORLDS_AHEAD = 256  # the most worlds handed out past the gapless prefix of those done


class WorldTasks(Sequence[WorldTask]):
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
        model: WorldTask,
        weighing: InferenceSampler | None = None,
    ) -> None:
        self.sampler, self.samples, self.seed, self.model = sampler, samples, seed, model
        self.weighing = weighing
        self.blocks: dict[int, list[tuple[int, ...]]] = {}
        self.candidates, self.effective_worlds = 0, 0.0

    def __len__(self) -> int:
        return self.samples

    @overload
    def __getitem__(self, i: int) -> WorldTask: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[WorldTask]: ...
    def __getitem__(self, i: int | slice) -> WorldTask | Sequence[WorldTask]:
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
        self._tasks = WorldTasks(
            sampler, samples, seed, WorldTask("", 0, (), Objective.VALUE, 0), weighing
        )

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
