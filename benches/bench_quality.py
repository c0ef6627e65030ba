"""The quality check of the fast engine: does it pick a card as good as
exact PIMC's?

On random positions a game where exact PIMC is affordable (6 to 8 tricks
left: random play from a random deal, `tests.randpos.random_play`), the seat
to move asks `solver.pimc.recommend` twice over the *same* worlds (the same
seed): once the fast way (racing over the cards, and each world within a
node budget, past which the bounded search values it: the engine as the
`pimc` player runs it), once exactly (every card of every world solved, no
budget).  A position passes when the fast engine's card has an exact PIMC
mean within TOLERANCE of the best exact mean.  Reported per game: the share
of positions passing (target: at least TARGET_SHARE), the worlds valued by
each method in the fast runs, and the positions that failed.

    python benches/bench_quality.py [--positions 200] [--worlds 32] [--games cinch-4]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.budget import Budget
from solver.doubledummy import Evaluation  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from solver.players import PimcPlayer  # noqa: E402
from solver.valuation import DEFAULT_EVALUATION  # noqa: E402
from tests.randpos import chosen_variants, random_play  # noqa: E402

TOLERANCE = 0.05  # the fast card's exact mean may be this far below the best
TARGET_SHARE = 0.95
LEFT = (6, 7, 8)  # tricks left in a position
WORLDS = PimcPlayer.DEFAULT_BUDGET.worlds
WORLD_NODES = PimcPlayer.DEFAULT_BUDGET.world_nodes  # the player's budget of a world


@dataclass(frozen=True)
class Outcome:
    """One position: the fast card, its exact mean, the best exact mean,
    and the methods of the fast run's worlds."""

    name: str
    seed: int
    fast: str
    fast_mean: float
    best_mean: float
    methods: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return self.fast_mean >= self.best_mean - TOLERANCE - 1e-9


def positions(game: str, players: int, count: int) -> Iterator[tuple[int, Position]]:
    """`count` positions of a game with 6 to 8 tricks left and a choice to make."""
    made, seed = 0, 0
    while made < count and seed < 50 * count:
        seed += 1
        start = random_play(game, players, 0, seed)
        assert start.core is not None
        total = start.core.total_tricks
        left = random.Random(seed).choice(LEFT)
        pos = random_play(game, players, max(0, total - left), seed)
        if pos.is_over or len(pos.legal_moves()) < 2:
            continue
        made += 1
        yield seed, pos


def check(
    name: str,
    seed: int,
    pos: Position,
    worlds: int,
    world_nodes: int,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
) -> Outcome:
    """The fast engine against exact PIMC on the same worlds of one position
    (`bounded`: the evaluation at the bounded search's horizon; None: the
    worlds past the budget by a heuristic playout)."""
    fast = recommend(
        pos,
        budget=Budget(worlds=worlds, jobs=1, tt_mb=64, search_nodes=world_nodes),
        seed=seed,
        bounded=bounded,
    ).completed()
    full = recommend(
        pos, budget=Budget(worlds=worlds, jobs=1, tt_mb=64), seed=seed, race=False
    ).completed()
    means = {str(m.move): m.mean for m in full.moves}
    return Outcome(
        name, seed, str(fast.best), means[str(fast.best)], max(means.values()), fast.methods
    )


def run_game(
    game: str,
    players: int,
    count: int,
    worlds: int,
    world_nodes: int,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
) -> list[Outcome]:
    name = f"{game}-{players}"
    return [
        check(name, s, p, worlds, world_nodes, bounded) for s, p in positions(game, players, count)
    ]


def report(outcomes: list[Outcome]) -> str:
    n = len(outcomes)
    passed = sum(o.passed for o in outcomes)
    methods = Counter(m for o in outcomes for m in o.methods)
    share = passed / max(1, n)
    line = (
        f"{outcomes[0].name:<16} {passed}/{n} within {TOLERANCE} of the best exact mean"
        f" ({100 * share:.1f}%, target {100 * TARGET_SHARE:.0f}%:"
        f" {'meets' if share >= TARGET_SHARE else 'misses'});"
        f" fast worlds by method {dict(sorted(methods.items()))}"
    )
    for o in outcomes:
        if not o.passed:
            line += f"\n    seed {o.seed}: {o.fast} {o.fast_mean:.3f}, best {o.best_mean:.3f}"
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--worlds", type=int, default=WORLDS)
    ap.add_argument("--world-nodes", type=int, default=WORLD_NODES, help="node budget a world")
    ap.add_argument("--no-bounded", action="store_true", help="past the budget: playouts")
    ap.add_argument(
        "--evaluation", choices=[str(e) for e in Evaluation], default=str(DEFAULT_EVALUATION),
        help="the bounded search's horizon: the learned model or the middle of the bounds",
    )  # fmt: skip
    ap.add_argument("--games", default="", help="comma list of game-players, e.g. cinch-4")
    args = ap.parse_args()
    try:
        variants = chosen_variants(args.games)
    except ValueError as e:
        raise SystemExit(f"bench_quality: --games: {e}") from None
    for game, players in variants:
        bounded = None if args.no_bounded else Evaluation(args.evaluation)
        out = run_game(game, players, args.positions, args.worlds, args.world_nodes, bounded)
        print(report(out), flush=True)


if __name__ == "__main__":
    main()
