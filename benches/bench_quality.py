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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.budget import MIB, Budget  # noqa: E402
from solver.doubledummy import Evaluation  # noqa: E402
from solver.games.base import Move, Position  # noqa: E402
from solver.objectives import Objective  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from solver.players import PimcPlayer  # noqa: E402
from solver.position import view_of  # noqa: E402
from solver.recommendation import card_order  # noqa: E402
from solver.sampling import Sampler  # noqa: E402
from solver.valuation import BOUNDED, DEFAULT_EVALUATION  # noqa: E402
from solver.world_tasks import WorldResult, WorldTask, WorldTasks, solve_world  # noqa: E402
from tests.randpos import chosen_variants, heuristic_play, random_play  # noqa: E402

TOLERANCE = 0.05  # the fast card's exact mean may be this far below the best
TARGET_SHARE = 0.95
# a "close" position: its best two cards' exact means this near (the report
# counts them: the fast engine's error in a card's mean is tenths of a point)
CLOSE_GAP = 0.25
LEFT = (6, 7, 8)  # tricks left in a position
WORLDS = PimcPlayer.DEFAULT_BUDGET.worlds
WORLD_NODES = PimcPlayer.DEFAULT_BUDGET.world_nodes  # the player's budget of a world
TABLE_MB = 64  # the table of each run of a check


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
        return within_tolerance(self.fast_mean, self.best_mean)


def within_tolerance(mean: float, best: float) -> bool:
    """A card whose exact mean is `mean` passes when the best is `best`."""
    return mean >= best - TOLERANCE - 1e-9


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
        budget=Budget(worlds=worlds, jobs=1, tt_mb=TABLE_MB, search_nodes=world_nodes),
        seed=seed,
        bounded=bounded,
    ).completed()
    full = recommend(
        pos, budget=Budget(worlds=worlds, jobs=1, tt_mb=TABLE_MB), seed=seed, race=False
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


@dataclass(frozen=True)
class PairedWorlds:
    """One position's worlds valued both ways without the race: within the
    node budget (the fast engine's way) and exactly."""

    keys: list[str]  # the legal moves' texts
    moves: dict[str, Move]
    fast: list[WorldResult]
    exact: list[dict[str, int]]
    depths: list[int]  # tricks searched before the horizon, a bounded world each

    @property
    def bounded(self) -> list[int]:
        return [i for i, r in enumerate(self.fast) if r.method == BOUNDED]

    def ranked(self, rows: Sequence[Mapping[str, float]]) -> list[str]:
        """The moves by their mean over `rows`, best first, ties by the solver's card order."""
        means = {k: sum(r[k] for r in rows) / len(rows) for k in self.keys}
        return sorted(self.keys, key=lambda k: (-means[k], card_order(self.moves[k])))

    def exact_mean(self, key: str) -> float:
        return sum(r[key] for r in self.exact) / len(self.exact)


def paired_worlds(
    seed: int, pos: Position, worlds: int, world_nodes: int, bounded: Evaluation | None
) -> PairedWorlds:
    """Every world of a check valued within `world_nodes` and exactly."""
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
    return PairedWorlds(keys, moves, fast, exact, depths)


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
    pw = paired_worlds(seed, pos, worlds, world_nodes, bounded)
    fast_rows = [r.values for r in pw.fast]
    exact = pw.exact
    ex_rank = pw.ranked(exact)
    b, u, f = ex_rank[0], pw.ranked(fast_rows)[0], fast_card
    gap = pw.exact_mean(ex_rank[0]) - pw.exact_mean(ex_rank[1])
    bw = pw.bounded
    errs = [(fast_rows[i][f] - fast_rows[i][b]) - (exact[i][f] - exact[i][b]) for i in bw]
    ties = sum(fast_rows[i][f] == fast_rows[i][b] and exact[i][f] != exact[i][b] for i in bw)
    fmean = {k: sum(r[k] for r in fast_rows) / worlds for k in pw.keys}
    tie_rule = f != b and fmean[f] == fmean[b]
    spread = statistics.pstdev(errs) if len(errs) > 1 else 0.0
    bias = sum(errs) / len(errs) if errs else 0.0
    depth = sum(pw.depths) / len(pw.depths) if pw.depths else 0.0
    return (
        f"bounded {len(bw)}/{worlds} (depth {depth:.2f}); exact best {b} gap {gap:.3f};"
        f" unraced fast {u}{' (same)' if u == f else ''}; F-B error over bounded worlds:"
        f" mean {bias:+.2f} sd {spread:.2f}, exact F-B {pw.exact_mean(f) - pw.exact_mean(b):+.3f},"
        f" fast F-B {fmean[f] - fmean[b]:+.3f}; fast ties F=B (exact not) {ties};"
        f" chosen by the tie rule: {'yes' if tie_rule else 'no'}"
    )


# The ceiling (`--ceiling`): each bounded world's error (its fast value
# minus its exact one, every move) scaled by these factors; 1 is the engine
# as it is (unraced), 0 every world exact.
CEILING_SCALES = (1.0, 0.5, 0.25, 0.1, 0.0)


@dataclass(frozen=True)
class Ceiling:
    """One position under `--ceiling`: whether the card of the means with
    the bounded worlds' errors scaled by each of CEILING_SCALES passes, and
    the spread of those errors (in the difference between each move and
    the exact best, over the bounded worlds) at scale 1."""

    passes: tuple[bool, ...]
    error_sd: float | None  # None: no bounded world


def ceiling(
    seed: int, pos: Position, worlds: int, world_nodes: int, bounded: Evaluation | None
) -> Ceiling:
    """How much smaller the bounded search's error must be for the fast
    card to pass: the position's worlds valued both ways (`paired_worlds`),
    and for each scale s the fast values replaced by exact + s * (fast -
    exact) in the bounded worlds (a world the budget solved is exact
    already), the best card of their means checked against the exact means
    as `Outcome.passed` checks the engine's."""
    pw = paired_worlds(seed, pos, worlds, world_nodes, bounded)
    b = pw.ranked(pw.exact)[0]  # the exact best move
    best = pw.exact_mean(b)
    bw = set(pw.bounded)
    passes = []
    for s in CEILING_SCALES:
        rows: list[dict[str, float]] = [
            {k: ex[k] + (s * (got.values[k] - ex[k]) if i in bw else 0.0) for k in pw.keys}
            for i, (got, ex) in enumerate(zip(pw.fast, pw.exact, strict=True))
        ]
        card = pw.ranked(rows)[0]
        passes.append(within_tolerance(pw.exact_mean(card), best))
    errs = [
        (pw.fast[i].values[k] - pw.fast[i].values[b]) - (pw.exact[i][k] - pw.exact[i][b])
        for i in sorted(bw)
        for k in pw.keys
        if k != b
    ]
    return Ceiling(tuple(passes), statistics.pstdev(errs) if len(errs) > 1 else None)


def ceiling_report(name: str, rows: list[Ceiling]) -> str:
    n = len(rows)
    cells = ", ".join(
        f"x{s:g}: {sum(r.passes[j] for r in rows)}/{n}" for j, s in enumerate(CEILING_SCALES)
    )
    sds = [r.error_sd for r in rows if r.error_sd is not None]
    sd = f"{statistics.median(sds):.2f}" if sds else "-"
    return (
        f"{name:<16} passing with the bounded worlds' errors scaled (unraced): {cells};"
        f" a bounded world's error in a move's difference from the best, median sd {sd}"
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
    ap.add_argument(
        "--ceiling", action="store_true",
        help="instead of the check: how the share passing grows as the bounded worlds' errors"
        " shrink (scaled by " + ", ".join(f"{x:g}" for x in CEILING_SCALES) + ")",
    )  # fmt: skip
    args = ap.parse_args()
    try:
        variants = chosen_variants(args.games)
    except ValueError as e:
        raise SystemExit(f"bench_quality: --games: {e}") from None
    for game, players in variants:
        bounded = None if args.no_bounded else Evaluation(args.evaluation)
        if args.ceiling:
            rows = [
                ceiling(s, p, args.worlds, args.world_nodes, bounded)
                for s, p in positions(game, players, args.positions, args.play)
            ]
            print(ceiling_report(f"{game}-{players}", rows), flush=True)
            continue
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
