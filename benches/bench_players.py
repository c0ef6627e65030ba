"""Decisions a second of each player, in every game.

Every player named in ``--players`` (default: every registered player at its
default budget; OpenSpiel's bots when the extra is installed) decides at the
same points of the same hands: the card to play at the first lead and at a
quarter, a half and three quarters of the tricks of ``--hands`` seeded
random hands a variant (`tests.randpos.random_play`; the decisions before
play made at random), where the seat to move has two moves or more.
Reported per player and variant: decisions a second (the decisions over
their total seconds), the mean and the longest seconds of one decision.
The decisions are the same for every player, so the figures compare in one
run; the machine's load moves them (run it on a quiet machine, or compare
ratios).

    python benches/bench_players.py
    python benches/bench_players.py --players pimc,pimc:16/300k,ismcts:50,ismcts:10,rollout=dd
    python benches/bench_players.py --variants whist-4,cinch-4 --hands 4 --json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.games.base import Position  # noqa: E402
from solver.players import PLAYERS, make_player, parse_players  # noqa: E402
from solver.position import view_of  # noqa: E402
from tests.randpos import chosen_variants, random_play, variant_name  # noqa: E402

SHARES = (0.0, 0.25, 0.5, 0.75)  # the points of a hand, as shares of its tricks
DEFAULT_HANDS = 2
MAX_HANDS = 1_000
OPTIONAL = ("ismcts", "mcts")  # players of an extra that may be missing


def decision_points(game: str, players: int, hands: int) -> list[Position]:
    """The card decisions every player is timed on (two moves or more)."""
    points = []
    for seed in range(1, hands + 1):
        start = random_play(game, players, 0, seed)
        assert start.core is not None
        total = start.core.total_tricks
        for share in SHARES:
            pos = random_play(game, players, int(total * share), seed)
            if not pos.is_over and len(pos.legal_moves()) >= 2:
                points.append(pos)
    return points


def time_player(spec: str, points: list[Position]) -> list[float]:
    """The seconds of each decision of player `spec` at `points`."""
    seconds = []
    for i, pos in enumerate(points):
        player = make_player(spec)
        view = view_of(pos, pos.to_move)  # what the driver hands the player, made outside the time
        t0 = time.perf_counter()
        player.choose(view, random.Random(i))
        seconds.append(time.perf_counter() - t0)
    return seconds


def default_players() -> list[str]:
    """Every registered player that can be made here (an extra may be missing)."""
    out = []
    for name in PLAYERS:
        try:
            make_player(name)
        except ImportError:
            if name not in OPTIONAL:
                raise
            continue
        out.append(name)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="", help="comma list of players (as --seats takes)")
    ap.add_argument("--variants", default="", help="comma list, e.g. whist-4,cinch-4")
    ap.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="seeded hands a variant")
    ap.add_argument("--json", action="store_true", help="one JSON record a player and variant")
    args = ap.parse_args()
    if not 1 <= args.hands <= MAX_HANDS:
        ap.error(f"--hands must be from 1 to {MAX_HANDS:,}")
    specs = list(dict.fromkeys(parse_players(args.players))) if args.players else default_players()
    for game, players in chosen_variants(args.variants):
        name = variant_name(game, players)
        points = decision_points(game, players, args.hands)
        for spec in specs:
            seconds = time_player(spec, points)
            record: dict[str, Any] = {
                "variant": name,
                "player": spec,
                "decisions": len(seconds),
                "decisions_per_second": round(len(seconds) / sum(seconds), 3),
                "mean_seconds": round(statistics.fmean(seconds), 4),
                "max_seconds": round(max(seconds), 4),
            }
            if args.json:
                print(json.dumps(record), flush=True)
            else:
                print(
                    f"{name:<16} {spec:<28} {record['decisions_per_second']:>9.2f} decisions/s"
                    f"  mean {record['mean_seconds']:.3f} s, max {record['max_seconds']:.3f} s"
                    f" ({len(seconds)} decisions)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
