"""Time of a PIMC recommendation (`solver.pimc.recommend`) per game.

The seat to move of a seeded random hand, at its first lead (or after some
tricks with ``--tricks``), asks for a recommendation over ``--samples``
worlds with ``--jobs`` workers; each world is bounded by nothing, the whole
run by ``--time`` (then the worlds solved are reported).  Targets of issue 4
(100 worlds at the first lead on 2 cores): whist, Cinch and four-player
Chinese Whist at most 1 s, Chinkway at most 5 s.

    python benches/bench_recommend.py [--samples 100] [--jobs 2] [--time 120]
    python -m pytest benches/bench_recommend.py --benchmark-enable   # 10 worlds, late hand
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.errors import PositionError  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from tests.randpos import VARIANTS, random_play  # noqa: E402


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
def test_recommend_late_hand(benchmark, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"recommend-{game}-{players}"
    late = {"chinkway": 6, "cinch": 2}.get(game, 8 if players != 2 else 20)  # tricks played
    pos = random_play(game, players, late, 1)
    benchmark(recommend, pos, samples=10, seed=1, jobs=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time", type=float, default=120.0, help="limit per recommendation, s")
    ap.add_argument("--tricks", type=int, default=0, help="tricks played first (0: first lead)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="", help="comma list of game-players, e.g. cinch-4")
    args = ap.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    print(f"{'game':<18} {'worlds':>7} {'seconds':>8} {'s/world':>8} {'nodes':>14}  best")
    for game, players in VARIANTS:
        name = f"{game}-{players}"
        if wanted and name not in wanted:
            continue
        pos = random_play(game, players, args.tricks, args.seed)
        t0 = time.perf_counter()
        try:
            rec = recommend(
                pos, samples=args.samples, seconds=args.time, seed=args.seed, jobs=args.jobs
            )
        except PositionError:  # not one world solved in the time
            print(f"{name:<18} {0:>7} {'>' + str(args.time):>8}", flush=True)
            continue
        dt = time.perf_counter() - t0
        note = f" (stopped: {rec.stopped})" if rec.stopped else ""
        print(
            f"{name:<18} {rec.worlds:>7} {dt:>8.2f} {dt / rec.worlds:>8.3f}"
            f" {rec.stats.nodes:>14,}  {rec.best}{note}",
            flush=True,
        )


if __name__ == "__main__":
    main()
