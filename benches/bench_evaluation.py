"""Quality of the bounded search's evaluation (`Solver.horizon`, GAME_EVALUATE).

On random positions of every game with `--left` tricks left (random play
from a random deal, `tests.randpos.random_play`), each legal move's value
by a bounded search of horizon depth d (exact for the next d tricks, the
game's evaluation at the start of the trick after) is compared with its
exact value.  Reported per game and depth: the mean absolute error per move
(in the game's units: tricks, Cinch hand points, Chinkway score), the share
of positions where the bounded search's best move is an exact best move,
and the nodes against the exact analysis's.  The engine's horizon rule
(`solver.valuation.bounded`: the farthest horizon the budget allows) rests
on the error falling with the depth.

    python benches/bench_evaluation.py [--positions 30] [--left 6] [--depths 1,2,3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.doubledummy import Solver  # noqa: E402
from tests.randpos import chosen_variants, random_play  # noqa: E402


def measure(game: str, players: int, args: argparse.Namespace) -> None:
    depths = [int(d) for d in args.depths.split(",")]
    exact = Solver(tt_mb=64)
    bounded = Solver(tt_mb=16)
    errors: dict[int, list[float]] = {d: [] for d in depths}
    agree: dict[int, int] = dict.fromkeys(depths, 0)
    nodes: dict[int, list[int]] = {d: [] for d in depths}
    exact_nodes: list[int] = []
    n = 0
    seed = 0
    while n < args.positions and seed < 20 * args.positions:
        seed += 1
        start = random_play(game, players, 0, seed)
        assert start.core is not None
        total = start.core.total_tricks
        pos = random_play(game, players, max(0, total - args.left), seed)
        if pos.is_over or len(pos.legal_moves()) < 2:
            continue
        assert pos.core is not None
        n += 1
        truth = exact.analyze(pos, pv=False)
        exact_nodes.append(truth.stats.nodes)
        true_value = {str(cv.move): cv.value for cv in truth.moves}
        best_true = max(true_value.values())
        for d in depths:
            horizon = pos.core.tricks_played + d
            bounded.horizon = horizon if horizon < total else 0
            got = bounded.analyze(pos, pv=False)
            nodes[d].append(got.stats.nodes)
            vals = {str(cv.move): cv.value for cv in got.moves}
            errors[d].append(statistics.fmean(abs(vals[k] - true_value[k]) for k in vals))
            pick = max(vals, key=lambda k: vals[k])
            agree[d] += true_value[pick] == best_true
    name = f"{game}-{players}"
    for d in depths:
        print(
            f"{name:<16} left {args.left} depth {d}:"
            f" mean abs error {statistics.fmean(errors[d]):5.2f}"
            f"  best move exact-best {100 * agree[d] / n:5.1f}%"
            f"  nodes median {statistics.median(nodes[d]):>10,.0f}"
            f" (exact {statistics.median(exact_nodes):,.0f})  [{n} positions]",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--left", type=int, default=6, help="tricks left in each position")
    ap.add_argument("--depths", default="1,2,3", help="horizon depths in tricks")
    ap.add_argument("--games", default="", help="comma list of game-players, e.g. cinch-4")
    args = ap.parse_args()
    try:
        variants = chosen_variants(args.games)
    except ValueError as e:
        raise SystemExit(f"bench_evaluation: --games: {e}") from None
    for game, players in variants:
        measure(game, players, args)


if __name__ == "__main__":
    main()
