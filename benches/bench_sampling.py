"""Worlds sampled per second, per game, at the first lead and mid-hand.

Run as benchmarks (pytest-benchmark, one group per game and stage)::

    python -m pytest benches/bench_sampling.py --benchmark-enable

or as a script that prints, for each game: the time to build the counting
tables (`Sampler(view)`), the number of worlds, worlds per second on the fast
path (`sample_masks`: card masks) and as positions (`sample`)::

    python benches/bench_sampling.py [--seconds 2]

The view is the seat to move's, at the first lead of a seeded random hand and
after five random tricks of it (mid-hand, with the voids they showed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.timing import rate  # noqa: E402
from solver.position import view_of  # noqa: E402
from solver.sampling import Sampler  # noqa: E402
from solver.view import View  # noqa: E402
from tests.randpos import VARIANTS, random_play  # noqa: E402

MID_HAND_TRICKS = 5  # tricks played before the mid-hand view
BATCH = 1000  # worlds per call of the fast path
POSITION_BATCH = 20  # worlds per call when they are made positions
STAGES = ("first-lead", "mid-hand")
CASES = [(g, p, stage) for g, p in VARIANTS for stage in STAGES]
IDS = [f"{g}-{p}-{stage}" for g, p, stage in CASES]


def view_at(game: str, players: int, stage: str, seed: int = 1) -> View:
    pos = random_play(game, players, MID_HAND_TRICKS if stage == "mid-hand" else 0, seed)
    return view_of(pos, pos.to_move)


@pytest.mark.parametrize(("game", "players", "stage"), CASES, ids=IDS)
def test_worlds_per_second(benchmark, game: str, players: int, stage: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"sampling-{game}-{players}-{stage}"
    sampler = Sampler(view_at(game, players, stage))
    benchmark(sampler.sample_masks, BATCH, 1)


@pytest.mark.parametrize(("game", "players", "stage"), CASES, ids=IDS)
def test_positions_per_second(benchmark, game: str, players: int, stage: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"sampling-{game}-{players}-{stage}"
    sampler = Sampler(view_at(game, players, stage))
    benchmark(sampler.sample, POSITION_BATCH, 1)


@pytest.mark.parametrize(("game", "players", "stage"), CASES, ids=IDS)
def test_counting_tables(benchmark, game: str, players: int, stage: str) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"sampling-{game}-{players}-{stage}"
    view = view_at(game, players, stage)
    benchmark(Sampler, view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(f"{'game':<16}{'stage':<12}{'tables ms':>10}{'worlds':>12}", end="")
    print(f"{'masks/s':>11}{'positions/s':>13}")
    for game, players, stage in CASES:
        view = view_at(game, players, stage)
        start = time.perf_counter()
        sampler = Sampler(view)
        build = (time.perf_counter() - start) * 1000
        seeds = iter(range(1 << 30))
        fast = rate(lambda s=sampler, n=seeds: len(s.sample_masks(BATCH, next(n))), args.seconds)
        slow = rate(lambda s=sampler, n=seeds: len(s.sample(POSITION_BATCH, next(n))), args.seconds)
        print(
            f"{game}-{players:<{16 - len(game) - 1}}{stage:<12}{build:>10.2f}"
            f"{sampler.count():>12.2e}{fast:>11,.0f}{slow:>13,.0f}"
        )


if __name__ == "__main__":
    main()
