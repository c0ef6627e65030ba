"""Strength of one player against another in every game: duplicate-deal matches.

For each variant (game and number of players) a `solver.match.Match` between
``--new`` and ``--old`` (by default the budgeted ``pimc`` player and
``pimc-classic``, the pimc player as it was before its budget) on ``--deals``
duplicate deals: every deal played once per rotation of the seats, so both
players hold the same cards in the same seats.  Reported per variant: the
mean paired difference per deal (new - old, in the game's score per deal,
docs/games.md) with its 95% t interval, whether the interval excludes zero,
and each player's mean time per decision (a choice among two moves or more),
so that the comparison is read at the same time per decision (the target the
project set: better in every game, intervals excluding zero in at least four
of the six variants and none significantly worse).  Set ``--new`` to a budget whose
time per decision matches the old player's (``pimc:WORLDS/NODES``).

The scores are reproducible (same seed, same deals, same results); the times
are the clock's.  Ctrl-C stops and prints the deals finished.

    python benches/bench_strength.py --deals 40
    python benches/bench_strength.py --variants cinch-4,whist-4 --new pimc:16/500k --deals 100
    python benches/bench_strength.py --variants chinese-whist-3 --deals 10 --json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.errors import TricksolverError  # noqa: E402
from solver.match import Match  # noqa: E402
from tests.randpos import chosen_variants, variant_name  # noqa: E402

MAX_DEALS = 100_000


def verdict(ci: list[float] | None) -> str:
    """What a 95% interval of new - old says."""
    if ci is None:
        return "-"
    return "better" if ci[0] > 0 else "worse" if ci[1] < 0 else "tie"


def seat_list(new: str, old: str, players: int) -> str:
    """The seats of a match: ``new,old`` around the table where the seats
    pair up (two players, or partners at four), else `new` against the
    field (``new,old,old`` at three); the match's rotations give `new`
    every seat either way."""
    if players % 2 == 0:
        return f"{new},{old}"
    return ",".join([new] + [old] * (players - 1))


def run_variant(
    game: str, players: int, new: str, old: str, deals: int, seed: int
) -> dict[str, Any]:
    name = variant_name(game, players)
    contest = Match.new(game, seat_list(new, old, players), players=players, seed=seed)
    start = time.perf_counter()
    interrupted = False
    try:
        for i in range(deals):
            contest.play_deal(i)
            so_far = contest.seconds_per_decision()
            spent = ", ".join(f"{k} {v:.3f}" for k, v in so_far.items() if v is not None)
            (_, _, diff) = contest.differences()[0]
            print(
                f"  {name}: deal {i + 1}/{deals}, mean {diff.mean:+.3f}, s a decision: {spent}",
                file=sys.stderr,
                flush=True,
            )
    except KeyboardInterrupt:
        interrupted = True
    data = contest.to_json(deals, interrupted)
    (diff,) = data["differences"]
    times = {x["name"]: x["seconds_per_decision"] for x in data["lineups"]}
    ci = diff["ci95"]
    return {
        "variant": name,
        "deals": data["deals"],
        "interrupted": interrupted,
        "difference": diff["mean"],
        "ci95": ci,
        "verdict": verdict(ci),
        "seconds_per_decision": times,
        "wall_seconds": time.perf_counter() - start,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--variants", default="", help="comma list, e.g. cinch-4 (default: all)")
    ap.add_argument("--new", default="pimc")
    ap.add_argument("--old", default="pimc-classic")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 2 <= args.deals <= MAX_DEALS:
        raise SystemExit(f"bench_strength: --deals must be 2 to {MAX_DEALS:,}")
    try:
        variants = chosen_variants(args.variants)
    except ValueError as e:
        raise SystemExit(f"bench_strength: --variants: {e}") from None
    rows = []
    try:
        for game, players in variants:
            row = run_variant(game, players, args.new, args.old, args.deals, args.seed)
            rows.append(row)
            if row["interrupted"]:
                break
    except TricksolverError as e:
        raise SystemExit(f"bench_strength: {e}") from None
    if args.json:
        report = {"new": args.new, "old": args.old, "seed": args.seed, "rows": rows}
        print(json.dumps(report, indent=2))
    else:
        print(f"{args.new} - {args.old}, seed {args.seed}")
        head = f"{'variant':18} {'deals':>5} {'mean':>8} {'95% interval':>20} {'':7}"
        print(f"{head} time a decision")
        for r in rows:
            ci = "-" if r["ci95"] is None else f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]"
            t = r["seconds_per_decision"]
            times = ", ".join(f"{k} {v:.3f} s" if v is not None else f"{k} -" for k, v in t.items())
            cells = f"{r['variant']:18} {r['deals']:5} {r['difference']:+8.3f} {ci:>20}"
            print(f"{cells} {r['verdict']:7} {times}")
    if rows and rows[-1]["interrupted"]:
        raise SystemExit(130)


if __name__ == "__main__":
    main()
