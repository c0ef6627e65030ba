"""The standard benchmark of the double-dummy search (`tricksolver bench`).

Two kinds of parts, chosen by name (`parse_games`):

- **Against a reference solver.**  A game's own parts, timed and checked
  against another solver on a set of deals read from a file before any
  timing (`solver.games.game.ReferencePart`, offered by the game's
  `Game.reference_parts`): each part measures, gives its JSON and is drawn
  by the game's own code; they run first, in the registry's order.
- **Full deals.**  Full-deal solves from the first lead of random deals of
  every game that has them (`Game.bench_parts`), one per seed (random
  decisions before play, drawn with the seed): the value for the side on
  lead (paranoid where there are more than two sides).

Every solve is limited by the budget's `search_seconds` (`BENCH_BUDGET`:
`DEFAULT_TIME_LIMIT`; a slow one is reported as not exact), every table
of its `tt_mb`.  With `repeat` > 1 the deals are gone over that many times, round
after round, and each solve keeps its fastest time: on a noisy machine the
figures then move much less from run to run.  The timing itself (one clock,
the table cleared outside it) is `solver.timing`'s.  Memory: the search's
table lives in C, where tracemalloc cannot see it, so the report gives the
table size asked for and the process's peak resident set size
(`resource.getrusage`).  This module names no game: the parts come from
`solver.games.registry`.
"""

from __future__ import annotations

import multiprocessing
import os
import platform
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields, replace
from functools import partial
from typing import Any

from solver.budget import DEFAULT_TT_MB, Budget
from solver.doubledummy import Solver
from solver.errors import NotationError
from solver.games import registry
from solver.games.base import Phase, Position
from solver.games.game import PartResult, PartSettings, ReferenceDeals, ReferencePart, Reporter
from solver.pools import start_worker
from solver.position import deal
from solver.timing import MS, Nodes, Timing, per_second, timed

DEFAULT_GAME_DEALS = 20
DEFAULT_TIME_LIMIT = 60.0  # seconds per solve
# the limits of the benchmark's solves when not told: the time of each, the table
BENCH_BUDGET = Budget(tt_mb=DEFAULT_TT_MB, search_seconds=DEFAULT_TIME_LIMIT)
MAX_NEIGHBOURS = 64  # busy: at most this many neighbour processes

# The benchmark's parts, by name: first every game's parts against a
# reference solver (`Game.reference_parts`), then the games' full-deal parts
# (`Game.bench_parts`: name -> (game, players)).
REFERENCE_PARTS: dict[str, ReferencePart[Any, Any]] = {
    part.name: part for g in registry.GAMES.values() for part in g.reference_parts
}
FULL_DEAL_PARTS: dict[str, tuple[str, int]] = {
    name: (g.name, players) for g in registry.GAMES.values() for name, players in g.bench_parts
}
PARTS: list[str] = [*REFERENCE_PARTS, *FULL_DEAL_PARTS]
# every deal set of the parts against a reference solver, once, in their order
DEAL_SETS: list[ReferenceDeals[Any]] = list(
    dict.fromkeys(part.deals for part in REFERENCE_PARTS.values())
)
# the deals read of each set when none is said: the largest of their defaults
DEFAULT_REFERENCE_DEALS = max((d.default_count for d in DEAL_SETS), default=0)


def _aliases() -> dict[str, list[str]]:
    """The names that choose several parts: all, and a game of several parts
    by its name, its `bench_aliases` and its name with a number of players."""
    aliases = {"all": list(PARTS)}
    for game in registry.GAMES.values():
        names = [name for name, _ in game.bench_parts]
        if len(names) > 1:
            aliases.update({alias: names for alias in (game.name, *game.bench_aliases)})
            aliases.update({f"{game.name}-{n}": [name] for name, n in game.bench_parts})
    return aliases


def _titles() -> dict[str, str]:
    """Every part's title; a game of several full-deal parts adds the number
    of players."""
    titles = {name: part.title for name, part in REFERENCE_PARTS.items()}
    for game in registry.GAMES.values():
        several = len(game.bench_parts) > 1
        for name, players in game.bench_parts:
            titles[name] = f"{game.title} {players}p" if several else game.title
    return titles


GAME_ALIASES = _aliases()
GAME_TITLES = _titles()
# the full-deal parts whose values are paranoid (three sides or more)
PARANOID_PARTS = [
    name
    for name, (game, players) in FULL_DEAL_PARTS.items()
    if registry.game(game).many_sides(players)
]


def parse_games(text: str) -> list[str]:
    """Benchmark part names from a comma-separated list, in the order of
    `PARTS` (aliases: all, and the games of several full-deal parts)."""
    chosen: set[str] = set()
    for word in (w.strip().lower() for w in text.split(",")):
        if not word:
            continue
        if word in PARTS:
            chosen.add(word)
        elif word in GAME_ALIASES:
            chosen.update(GAME_ALIASES[word])
        else:
            names = ", ".join([*PARTS, *GAME_ALIASES])
            raise NotationError(f"unknown benchmark game {word!r} (games: {names})")
    if not chosen:
        raise NotationError("no benchmark game given")
    return [g for g in PARTS if g in chosen]


# -- the report -----------------------------------------------------------------


@dataclass(frozen=True)
class GameSolve:
    """One full-deal solve of a game."""

    seed: int
    position: str
    seat: str  # the seat on lead
    side: str  # its side, by name: the seats' names joined by "-" (N-S; a seat alone: its name)
    value: int
    exact: bool
    ms: float  # wall time of the solve call
    search_ms: float  # the search's own timer (SearchStats.seconds)
    nodes: int
    tt_hits: int


@dataclass(frozen=True)
class GameBench:
    name: str  # a key of FULL_DEAL_PARTS
    title: str
    solves: list[GameSolve]
    timing: Timing | None
    nodes_per_second: float
    inexact: int
    max_rss_mb: float | None  # the process's peak RSS after this game's solves
    nodes: Nodes | None = None  # the solves' node counts: median, p95, max, total


@dataclass(frozen=True)
class DealsRead:
    """A deal set of the parts against a reference solver, as the report
    gives it: its settings' names (`ReferenceDeals.count_key`, `source_key`),
    how many were read (none when no part chosen runs on them), where from,
    and whether a part chosen runs on them."""

    count_key: str
    source_key: str
    count: int
    source: str
    used: bool


@dataclass(frozen=True)
class BenchSettings:
    game_deals: int
    games: list[str]
    seed: int
    budget: Budget  # each solve's time (search_seconds) and its Solver's table
    repeat: int = 1  # rounds over the deals; each solve keeps its fastest time
    busy: int = 0  # neighbour processes searching beside the benchmark (busy_neighbours)
    solver_per_deal: str = (
        "one Solver per game, its table written through once before the first solve"
        " and cleared before each solve (untimed)"
    )
    reference_deals: list[DealsRead] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The settings, every deal set's count and source first; the budget
        as the two keys it has always been (``time_limit``, 0 for none, and
        ``tt_mb``)."""
        sets: dict[str, Any] = {}
        for deals in self.reference_deals:
            sets.update({deals.count_key: deals.count, deals.source_key: deals.source})
        own: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "budget":
                own.update(time_limit=self.budget.core_seconds, tt_mb=self.budget.table())
            elif f.name != "reference_deals":
                own[f.name] = getattr(self, f.name)
        return {**sets, **own}


@dataclass(frozen=True)
class BenchReport:
    settings: BenchSettings
    machine: dict[str, Any]
    references: dict[str, PartResult | None]  # every part against a reference
    # solver, by name: its result (None: not chosen)
    games: list[GameBench]
    table_mb: float  # the transposition table asked for, per Solver
    max_rss_mb: float | None  # the process's peak resident set size
    interrupted: str | None = None  # the part Ctrl-C stopped (the parts before it are whole)

    def to_json(self) -> dict[str, Any]:
        """The report's JSON.  Its keys keep the order they have had since
        the report had one such part and then a second: the first part
        against a reference solver before the full-deal parts, the later
        ones at the end."""
        parts = [(name, r if r is None else r.to_json()) for name, r in self.references.items()]
        return {
            "settings": self.settings.to_json(),
            "machine": self.machine,
            **dict(parts[:1]),
            "games": [asdict(g) for g in self.games],
            "table_mb": self.table_mb,
            "max_rss_mb": self.max_rss_mb,
            **dict(parts[1:]),
            "interrupted": self.interrupted,
        }


def named_side(pos: Position, side: int) -> str:
    """A side by name, as every JSON output names it: ``N-S``, ``1-3``, ``2``."""
    return "-".join(pos.seat_name(s) for s, x in enumerate(pos.sides()) if x == side)


class _Quiet:
    def start(self, name: str, total: int) -> None:
        pass

    def step(self, name: str, detail: str) -> None:
        pass


def max_rss_mb() -> float | None:
    """The peak resident set size of this process, in MiB (None where the
    `resource` module is missing)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    per_mb = 1 << 20 if sys.platform == "darwin" else 1 << 10  # bytes on macOS, else KiB
    return peak / per_mb


CPUINFO = "/proc/cpuinfo"  # where Linux names the processor


def processor_model() -> str:
    """The processor's model as the system names it ("AMD EPYC, family 25,
    model 1"; Linux's /proc/cpuinfo), else what `platform` knows."""
    fields: dict[str, str] = {}
    try:
        with open(CPUINFO, encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.strip():
                    break  # the first processor's block is enough
                name, _, value = line.partition(":")
                fields.setdefault(name.strip(), value.strip())
    except OSError:
        pass
    model = fields.get("model name")
    if not model:
        return platform.processor() or platform.machine()
    family = fields.get("cpu family")
    number = fields.get("model")
    return f"{model}, family {family}, model {number}" if family and number else model


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "model": processor_model(),
        "cpus": os.cpu_count(),
    }


# -- a busy machine ---------------------------------------------------------------

NEIGHBOUR_FIRST_SEED = 1_000_000  # the neighbours' deals: seeds no benchmark uses
NEIGHBOUR_SOLVE_SECONDS = 5.0  # each neighbour solve's time limit


def _neighbour(parts: list[str], tt_mb: float, stop: Any, parent: int) -> None:
    """A neighbour's work, until `stop` is set: full-deal solves of `parts`
    in turn, each with its own deal and its table cleared first.  Ctrl-C is
    the benchmark's (`parent`), which stops it; it ends with the benchmark
    however that ends (`start_worker`)."""
    start_worker(parent)
    solver = Solver(tt_mb, max_seconds=NEIGHBOUR_SOLVE_SECONDS)
    seed = NEIGHBOUR_FIRST_SEED
    while not stop.is_set():
        for name in parts:
            solver.clear()
            solver.solve(random_first_lead(name, seed))
        seed += 1


@contextmanager
def busy_neighbours(count: int, parts: Sequence[str], tt_mb: float) -> Iterator[None]:
    """`count` processes that search beside the benchmark while the block
    runs (full-deal solves of `parts`, or of every full-deal part), as a
    second solve on another core does: the benchmark's figures on a busy
    machine.  They are stopped when the block ends, however it ends."""
    if count <= 0:
        yield
        return
    chosen = [p for p in parts if p in FULL_DEAL_PARTS] or list(FULL_DEAL_PARTS)
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    workers = [
        context.Process(target=_neighbour, args=(chosen, tt_mb, stop, os.getpid()), daemon=True)
        for _ in range(count)
    ]
    for w in workers:
        w.start()
    try:
        yield
    finally:
        stop.set()
        for w in workers:
            w.join(NEIGHBOUR_SOLVE_SECONDS * 2)
            if w.is_alive():
                w.terminate()
                w.join()


# -- the full-deal parts --------------------------------------------------------


def random_first_lead(name: str, seed: int) -> Position:
    """A random deal of a benchmark game at its first lead: the deal of
    `seed`, then random legal decisions (drawn with the same seed) until
    the first card."""
    game, players = FULL_DEAL_PARTS[name]
    pos = deal(game, players=players, seed=seed)
    rng = random.Random(seed)
    while pos.phase not in (Phase.PLAY, Phase.CLAIM, Phase.OVER):
        pos.play(rng.choice(pos.legal_moves()))
    return pos


def bench_game(
    name: str,
    count: int = DEFAULT_GAME_DEALS,
    seed: int = 0,
    budget: Budget = BENCH_BUDGET,
    reporter: Reporter | None = None,
    repeat: int = 1,
) -> GameBench:
    """Full-deal solves of one game (not whist): the value for the side on
    lead of `count` random deals, seeds `seed`, `seed + 1`, ..., each within
    `budget` (`Solver.of`).  With `repeat` > 1, that many rounds over the
    deals, each solve keeping its fastest time."""
    if name not in FULL_DEAL_PARTS:
        raise NotationError(f"no full-deal benchmark for {name!r}")
    report = reporter or _Quiet()
    report.start(name, count * repeat)
    solves: list[GameSolve] = []
    solver = Solver.of(budget)
    solver.warm()
    positions = [random_first_lead(name, s) for s in range(seed, seed + count)]
    for s, pos in zip(range(seed, seed + count), positions, strict=True):
        result, seconds = timed(solver, partial(solver.solve, pos))
        solves.append(
            GameSolve(
                seed=s,
                position=pos.to_line(),
                seat=pos.seat_name(pos.to_move),
                side=named_side(pos, result.side),
                value=result.value,
                exact=result.stats.exact,
                ms=seconds * MS,
                search_ms=result.stats.seconds * MS,
                nodes=result.stats.nodes,
                tt_hits=result.stats.tt_hits,
            )
        )
        report.step(name, f"seed {s}: {'exact' if result.stats.exact else 'time limit'}")
    for _ in range(repeat - 1):
        for i, (row, pos) in enumerate(zip(solves, positions, strict=True)):
            result, seconds = timed(solver, partial(solver.solve, pos))
            solves[i] = replace(
                row,
                ms=min(row.ms, seconds * MS),
                search_ms=min(row.search_ms, result.stats.seconds * MS),
            )
            report.step(name, f"seed {row.seed}: again")
    total = sum(r.ms for r in solves) / MS
    return GameBench(
        name=name,
        title=GAME_TITLES[name],
        solves=solves,
        timing=Timing.of([r.ms / MS for r in solves]),
        nodes_per_second=per_second(sum(r.nodes for r in solves), total),
        inexact=sum(not r.exact for r in solves),
        max_rss_mb=max_rss_mb(),
        nodes=Nodes.of([r.nodes for r in solves]),
    )


def run(
    games: Sequence[str] = tuple(PARTS),
    reference_deals: int = DEFAULT_REFERENCE_DEALS,
    deals_file: str | None = None,
    game_deals: int = DEFAULT_GAME_DEALS,
    seed: int = 0,
    budget: Budget = BENCH_BUDGET,
    use_reference: bool = True,
    reporter: Reporter | None = None,
    repeat: int = 1,
    busy: int = 0,
) -> BenchReport:
    """The whole benchmark: the parts against a reference solver that are in
    `games` (on the first `reference_deals` deals of `deals_file`, or of
    each part's bundled set; every set is read once, before any timing),
    then the full-deal solves of the games in `games`, each solve within
    `budget` (default `BENCH_BUDGET`; the command line gives it a table and
    `search_seconds` only): the full-deal solves take it through
    `Solver.of`, the parts against a reference those two numbers
    (`PartSettings`, the games' interface).  With `busy` > 0,
    that many neighbour processes search beside it the whole time
    (`busy_neighbours`)."""
    if game_deals < 0:
        raise NotationError("the number of deals must not be negative")
    tt_mb = budget.table()
    if repeat < 1:
        raise NotationError("the number of rounds (repeat) must be at least 1")
    if busy < 0 or busy > MAX_NEIGHBOURS:
        raise NotationError(f"the neighbours (busy) must be 0 to {MAX_NEIGHBOURS}")
    for name in games:
        if name not in PARTS:
            raise NotationError(f"unknown benchmark game {name!r}")
    chosen = [part for name, part in REFERENCE_PARTS.items() if name in games]
    used = [d for d in DEAL_SETS if any(part.deals == d for part in chosen)]
    deals = {d: d.read(deals_file, reference_deals) for d in used}
    part_settings = PartSettings(
        time_limit=budget.core_seconds,
        tt_mb=tt_mb,
        use_reference=use_reference,
        repeat=repeat,
        reporter=reporter or _Quiet(),
    )
    references: dict[str, PartResult | None] = dict.fromkeys(REFERENCE_PARTS)
    others: list[GameBench] = []
    interrupted: str | None = None  # the part Ctrl-C stopped: the finished ones are kept
    with busy_neighbours(busy, games, tt_mb):
        try:
            for name, part in REFERENCE_PARTS.items():
                if name in games:
                    interrupted = name
                    references[name] = part.run(deals[part.deals], part_settings)
            for name in games:
                if name in FULL_DEAL_PARTS:
                    interrupted = name
                    others.append(bench_game(name, game_deals, seed, budget, reporter, repeat))
            interrupted = None
        except KeyboardInterrupt:
            pass
    deal_sets = [
        DealsRead(
            d.count_key, d.source_key, len(deals.get(d, ())), deals_file or d.bundled, d in deals
        )
        for d in DEAL_SETS
    ]
    settings = BenchSettings(
        game_deals=game_deals,
        games=list(games),
        seed=seed,
        budget=budget,
        repeat=repeat,
        busy=busy,
        reference_deals=deal_sets,
    )
    return BenchReport(settings, machine(), references, others, tt_mb, max_rss_mb(), interrupted)


__all__ = [
    "PARTS",
    "BenchReport",
    "BenchSettings",
    "DealsRead",
    "GameBench",
    "GameSolve",
    "bench_game",
    "busy_neighbours",
    "parse_games",
    "processor_model",
    "random_first_lead",
    "run",
]
