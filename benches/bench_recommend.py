"""Time of a PIMC recommendation (`solver.pimc.recommend`) per game.

At the first lead of ``--deals`` seeded deals a game (``solver.deal(game,
seed=1..)``, the decisions before play made by the heuristic player), the
seat to move asks for a recommendation over ``--samples`` worlds with
``--jobs`` workers, every world exact (no node budget), the whole run
bounded by ``--time`` if given (the answer then from the worlds valued by
then), or with ``--max-nodes`` each world within that budget (past it
valued by the bounded search, `solver.valuation.bounded`).  Reported per
game: the median time, the worlds valued (least and median), the shares of
them solved exactly and valued by the bounded search, the median nodes.

The speed targets the project set (100 worlds, 2 cores, 10 deals a game, every world
exact): whist at most 2 s, Cinch at most 0.5 s, four-player Chinese Whist at
most 10 s, Chinkway and three- and two-player Chinese Whist at most 30 s;
and with ``--time 10``, at least 30 worlds valued in every game.

``--compare-race`` runs each recommendation with and without racing over
the cards (the same worlds) and reports the nodes saved and whether the
best card is the same.  ``--player SPEC`` instead times the decisions of a
player (``pimc``, ``pimc:32/1M``, ``pimc-classic``) at a quarter, half and
three quarters of the tricks of two seeded random hands a game.

    python benches/bench_recommend.py [--deals 10] [--samples 100] [--jobs 2] [--time 10]
    python benches/bench_recommend.py --compare-race --tricks 4 --samples 60 --jobs 1
    python benches/bench_recommend.py --player pimc
    python -m pytest benches/bench_recommend.py --benchmark-enable   # 10 worlds, late hand
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solver  # noqa: E402
from benches.bench_players import decision_points, time_player  # noqa: E402
from solver.budget import Budget
from solver.errors import PositionError  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.heuristics import to_first_lead  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from solver.players import make_player  # noqa: E402
from solver.position import view_of  # noqa: E402
from solver.recommendation import Recommendation  # noqa: E402
from tests.randpos import VARIANTS, random_play  # noqa: E402

TARGET_SECONDS = {
    "whist-4": 2.0,
    "cinch-4": 0.5,
    "chinese-whist-4": 10.0,
    "chinkway-5": 30.0,
    "chinese-whist-3": 30.0,
    "chinese-whist-2": 30.0,
}
TARGET_WORLDS_IN_10_S = 30
PLAYER_HANDS = 2  # --player: seeded hands a variant (benches/bench_players.py)


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
def test_recommend_late_hand(benchmark, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"recommend-{game}-{players}"
    late = {"chinkway": 6, "cinch": 2}.get(game, 8 if players != 2 else 20)  # tricks played
    pos = random_play(game, players, late, 1)
    benchmark(recommend, pos, samples=10, seed=1, jobs=1)


def first_lead(game: str, players: int, seed: int) -> Position:
    """The first lead of a seeded deal, the decisions before play the heuristic's."""
    pos = solver.deal(game, players=players if game == "chinese-whist" else None, seed=seed)
    return to_first_lead(pos)


def played(game: str, players: int, seed: int, tricks: int) -> Position:
    """A seeded deal at its first lead (`first_lead`), then `tricks` tricks
    played by the heuristic player."""
    pos = first_lead(game, players, seed)
    assert pos.core is not None
    player = make_player("heuristic")
    rng = random.Random(seed)
    while not pos.is_over and pos.core.tricks_played < tricks:
        pos.play(player.choose(view_of(pos, pos.to_move), rng))
    return pos


def run_one(pos: Position, args: argparse.Namespace, race: bool) -> tuple[Recommendation, float]:
    t0 = time.perf_counter()
    rec = recommend(
        pos,
        budget=Budget(
            worlds=args.samples, seconds=args.time, jobs=args.jobs, search_nodes=args.max_nodes
        ),
        seed=args.seed,
        race=race,
    ).completed()
    return rec, time.perf_counter() - t0


def bench_variant(name: str, game: str, players: int, args: argparse.Namespace) -> None:
    times, worlds, exact, bounded, nodes, saved, same = [], [], 0, 0, [], [], 0
    for deal in range(1, args.deals + 1):
        pos = played(game, players, deal, args.tricks)
        if pos.is_over or len(pos.legal_moves()) < 2:
            continue
        try:
            rec, dt = run_one(pos, args, race=not args.no_race)
        except PositionError:  # not one world valued in the time
            times.append(float("inf"))
            worlds.append(0)
            continue
        times.append(dt)
        worlds.append(rec.worlds)
        exact += rec.exact_worlds
        bounded += rec.bounded_worlds
        nodes.append(rec.stats.nodes)
        if args.compare_race:
            full, _ = run_one(pos, args, race=False)
            n = min(full.worlds, rec.worlds)
            if n == full.worlds == rec.worlds:
                saved.append(1 - rec.stats.nodes / max(1, full.stats.nodes))
                same += rec.best == full.best
        print(
            f"  {name} deal {deal}: {rec.worlds} worlds ({rec.exact_worlds} exact, by method"
            f" {rec.by_method()}), {dt:.2f} s, {rec.stats.nodes:,} nodes, best {rec.best}"
            + (f", stopped: {rec.stopped}" if rec.stopped else ""),
            flush=True,
        )
    if not times:
        return
    valued = sum(worlds)
    target = TARGET_SECONDS.get(name)
    line = (
        f"{name:<16} median {statistics.median(times):7.2f} s (target {target:g} s)"
        f"  worlds least {min(worlds)}, median {statistics.median(worlds):g}"
        f"  exact {100 * exact / max(1, valued):5.1f}%"
        f" bounded {100 * bounded / max(1, valued):5.1f}%"
        f"  median nodes {statistics.median(nodes) if nodes else 0:,.0f}"
    )
    if not all(worlds):
        line += f"  ({worlds.count(0)} of {len(worlds)} with no world valued in the time)"
    if args.time is not None:
        ok = min(worlds) >= TARGET_WORLDS_IN_10_S
        line += f"  [{'meets' if ok else 'misses'} >= {TARGET_WORLDS_IN_10_S} worlds]"
    if args.compare_race and saved:
        line += (
            f"  race: nodes saved median {100 * statistics.median(saved):.1f}%"
            f" (min {100 * min(saved):.1f}%, max {100 * max(saved):.1f}%),"
            f" same best {same}/{len(saved)}"
        )
    print(line, flush=True)


def bench_player(spec: str, wanted: set[str]) -> None:
    for game, players in VARIANTS:
        name = f"{game}-{players}"
        if wanted and name not in wanted:
            continue
        times = time_player(spec, decision_points(game, players, PLAYER_HANDS))
        print(
            f"{name:<16} {spec}: mean {statistics.fmean(times):.2f} s a decision,"
            f" max {max(times):.2f} s ({len(times)} decisions)",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time", type=float, default=None, help="limit per recommendation, s")
    ap.add_argument("--tricks", type=int, default=0, help="tricks played first (0: first lead)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the worlds")
    ap.add_argument("--games", default="", help="comma list of game-players, e.g. cinch-4")
    ap.add_argument(
        "--max-nodes", type=int, default=0,
        help="node budget a world (0: none); past it the bounded search values the world",
    )  # fmt: skip
    ap.add_argument("--no-race", action="store_true", help="every card analysed in every world")
    ap.add_argument("--compare-race", action="store_true", help="with and without racing")
    ap.add_argument("--player", default="", help="time this player's decisions instead")
    args = ap.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    if args.player:
        bench_player(args.player, wanted)
        return
    for game, players in VARIANTS:
        name = f"{game}-{players}"
        if not wanted or name in wanted:
            bench_variant(name, game, players, args)


if __name__ == "__main__":
    main()
