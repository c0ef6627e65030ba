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
import statistics
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.budget import MIB, Budget  # noqa: E402
from solver.doubledummy import Evaluation  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.objectives import Objective  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from solver.players import PimcPlayer  # noqa: E402
from solver.position import view_of  # noqa: E402
from solver.recommendation import card_order  # noqa: E402
from solver.sampling import Sampler  # noqa: E402
from solver.valuation import BOUNDED, DEFAULT_EVALUATION  # noqa: E402
from solver.world_tasks import WorldTask, WorldTasks, solve_world  # noqa: E402
from tests.randpos import chosen_variants, heuristic_play, random_play  # noqa: E402

TOLERANCE = 0.05  # the fast card's exact mean may be this far below the best
TARGET_SHARE = 0.95
# a "close" position: its best two cards' exact means this near (the report
# counts them: the fast engine's error in a card's mean is tenths of a point)
CLOSE_GAP = 0.25
LEFT = (6, 7, 8)  # tricks left in a position
WORLDS = PimcPlayer.DEFAULT_BUDGET.worlds
WORLD_NODES = PimcPlayer.DEFAULT_BUDGET.world_nodes  # the player's budget of a world


@dataclass(frozen=True)
class Outcome:
    """One position: the fast card, its exact mean, the best exact mean,
    the methods of the fast run's worlds, and the gap between the best
    exact mean and the second."""

    name: str
    seed: int
    fast: str
    fast_mean: float
    best_mean: float
    methods: tuple[str, ...]
    gap: float = 0.0

    @property
    def passed(self) -> bool:
        return self.fast_mean >= self.best_mean - TOLERANCE - 1e-9


# How a bench position is reached (`--play`): every decision at random
# (the auction too: in Cinch mostly a Shoot), or by the heuristic player
# from each seat's view, as a player meets a decision.
PLAYS = {"random": random_play, "heuristic": heuristic_play}


def positions(
    game: str, players: int, count: int, play: str = "random"
) -> Iterator[tuple[int, Position]]:
    """`count` positions of a game with 6 to 8 tricks left and a choice to
    make, reached by `play` (a key of PLAYS)."""
    made, seed = 0, 0
    while made < count and seed < 50 * count:
        seed += 1
        start = random_play(game, players, 0, seed)
        assert start.core is not None
        total = start.core.total_tricks
        left = random.Random(seed).choice(LEFT)
        pos = PLAYS[play](game, players, max(0, total - left), seed)
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
    top = sorted(means.values(), reverse=True)
    return Outcome(
        name, seed, str(fast.best), means[str(fast.best)], top[0], fast.methods, top[0] - top[1]
    )


def run_game(
    game: str,
    players: int,
    count: int,
    worlds: int,
    world_nodes: int,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
    play: str = "random",
) -> list[Outcome]:
    name = f"{game}-{players}"
    return [
        check(name, s, p, worlds, world_nodes, bounded)
        for s, p in positions(game, players, count, play)
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
    close = [o for o in outcomes if o.gap < CLOSE_GAP]
    line += (
        f"\n    exact best-vs-second gap under {CLOSE_GAP}: {len(close)}/{n} positions,"
        f" {sum(o.passed for o in close)} of them passed"
    )
    for o in outcomes:
        if not o.passed:
            line += f"\n    seed {o.seed}: {o.fast} {o.fast_mean:.3f}, best {o.best_mean:.3f}"
    return line


TABLE_MB = 64  # the table of each run of a check


def diagnose(
    seed: int,
    pos: Position,
    worlds: int,
    world_nodes: int,
    fast_card: str,
    bounded: Evaluation | None = DEFAULT_EVALUATION,
) -> str:
    """Where a position's fast card loses: every world of the check valued
    both ways without the race (within `world_nodes`, and exactly), and
    told in one line: the worlds bounded and their mean depth (tricks
    searched before the horizon), the exact best card B and its gap to the
    second, the unraced fast card U, and over the bounded worlds the error
    of the fast engine's difference between its card F (`fast_card`, the
    raced run's) and B (fast minus exact: its mean, the bias, and its
    spread), the worlds where F and B tie in the fast values but not
    exactly, and whether F and B tie in the fast means (the tie rule chose)."""
    view = view_of(pos, pos.to_move)
    model = WorldTask(view.to_line(), 0, (), Objective.VALUE, TABLE_MB * MIB, world_nodes,
                      bounded=bounded)  # fmt: skip
    tasks = WorldTasks(Sampler(view), worlds, seed, model)
    fast, exact, depths = [], [], []
    played = pos.core.tricks_played if pos.core is not None else 0
    for i in range(worlds):
        got = solve_world(tasks[i])
        fast.append(got)
        exact.append(solve_world(replace(tasks[i], max_nodes=0)).values)
        if got.method == BOUNDED and got.horizon is not None:
            depths.append(got.horizon - played)
    keys = list(exact[0])
    moves = {k: m for k, m in ((str(m), m) for m in pos.legal_moves())}

    def ranked(rows: list[dict[str, int]]) -> list[str]:
        means = {k: sum(r[k] for r in rows) / len(rows) for k in keys}
        return sorted(keys, key=lambda k: (-means[k], card_order(moves[k])))

    ex_rank, fast_rows = ranked(exact), [r.values for r in fast]
    b, u, f = ex_rank[0], ranked(fast_rows)[0], fast_card
    ex_mean = {k: sum(r[k] for r in exact) / worlds for k in keys}
    gap = ex_mean[ex_rank[0]] - ex_mean[ex_rank[1]]
    bw = [i for i, r in enumerate(fast) if r.method == BOUNDED]
    errs = [(fast_rows[i][f] - fast_rows[i][b]) - (exact[i][f] - exact[i][b]) for i in bw]
    ties = sum(fast_rows[i][f] == fast_rows[i][b] and exact[i][f] != exact[i][b] for i in bw)
    fmean = {k: sum(r[k] for r in fast_rows) / worlds for k in keys}
    tie_rule = f != b and fmean[f] == fmean[b]
    spread = statistics.pstdev(errs) if len(errs) > 1 else 0.0
    bias = sum(errs) / len(errs) if errs else 0.0
    depth = sum(depths) / len(depths) if depths else 0.0
    return (
        f"bounded {len(bw)}/{worlds} (depth {depth:.2f}); exact best {b} gap {gap:.3f};"
        f" unraced fast {u}{' (same)' if u == f else ''}; F-B error over bounded worlds:"
        f" mean {bias:+.2f} sd {spread:.2f}, exact F-B {ex_mean[f] - ex_mean[b]:+.3f},"
        f" fast F-B {fmean[f] - fmean[b]:+.3f}; fast ties F=B (exact not) {ties};"
        f" chosen by the tie rule: {'yes' if tie_rule else 'no'}"
    )


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
    ap.add_argument(
        "--play", choices=list(PLAYS), default="random",
        help="how the positions are reached: random decisions, or the heuristic player's",
    )  # fmt: skip
    ap.add_argument(
        "--diagnose", action="store_true", help="tell where each failing position loses"
    )
    args = ap.parse_args()
    try:
        variants = chosen_variants(args.games)
    except ValueError as e:
        raise SystemExit(f"bench_quality: --games: {e}") from None
    for game, players in variants:
        bounded = None if args.no_bounded else Evaluation(args.evaluation)
        out = run_game(
            game, players, args.positions, args.worlds, args.world_nodes, bounded, args.play
        )
        print(report(out), flush=True)
        if args.diagnose:
            by_seed = dict(positions(game, players, args.positions, args.play))
            for o in out:
                if not o.passed:
                    line = diagnose(o.seed, by_seed[o.seed], args.worlds, args.world_nodes,
                                    o.fast, bounded)  # fmt: skip
                    print(f"    seed {o.seed}: {line}", flush=True)


if __name__ == "__main__":
    main()
