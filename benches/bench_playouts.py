"""Random playouts per second: the C core against the pure-Python reference.

Run as benchmarks (pytest-benchmark, one group per game)::

    python -m pytest benches/bench_playouts.py --benchmark-enable

or as a script that prints playouts per second and the speed ratio::

    python benches/bench_playouts.py [--seconds 2]

Both sides play uniformly random legal moves (claims included) from the same
first lead of each game to the end of the hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.timing import rate  # noqa: E402
from tests.randpos import VARIANTS, random_start, reference_spec  # noqa: E402
from tests.reference import rules as ref  # noqa: E402

C_BATCH = 2000  # playouts per C call in the script's measurement
IDS = [f"{g}-{p}" for g, p in VARIANTS]


def reference_playout(spec: dict, rng: random.Random) -> int:
    hand = ref.Hand(spec)
    while hand.phase() != "over":
        hand.play(rng.choice(sorted(hand.legal())))
    return hand.scores()[0]


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_c_core_playouts(benchmark, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"{game}-{players}"
    core = random_start(game, players, 1).core
    assert core is not None
    benchmark(core.playouts, 1, 1)  # one playout per call, as the reference


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_reference_playouts(benchmark, game: str, players: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.group = f"{game}-{players}"
    spec = reference_spec(random_start(game, players, 1))
    rng = random.Random(1)
    benchmark(reference_playout, spec, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(f"{'game':<16}{'C playouts/s':>15}{'reference/s':>14}{'ratio':>9}")
    for game, players in VARIANTS:
        pos = random_start(game, players, 1)
        core, spec, rng = pos.core, reference_spec(pos), random.Random(1)
        assert core is not None
        c_rate = rate(lambda core=core: (core.playouts(C_BATCH, 1), C_BATCH)[1], args.seconds)
        py_rate = rate(
            lambda spec=spec, rng=rng: (reference_playout(spec, rng), 1)[1], args.seconds
        )
        name = f"{game}-{players}"
        print(f"{name:<16}{c_rate:>15,.0f}{py_rate:>14,.0f}{c_rate / py_rate:>9,.0f}x")


if __name__ == "__main__":
    main()
