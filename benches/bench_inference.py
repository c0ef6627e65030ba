"""What inference from the play adds: how much more the worlds drawn believe
the truth.

For each variant, seeded hands are played to their end by one player in
every seat (``--players``: the heuristic player, whom the heuristic model
describes, and a ``pimc`` player, whom it does not), the decisions before
play by the heuristic.  At a few points of each hand (`POINTS`: a share of
its tricks played, and one card of the next) the view of the seat to move is
taken, and its worlds are drawn twice: uniformly (the prior, `Sampler`) and
weighed by the heuristic model at each ``--epsilons`` (`InferenceSampler`,
``--factor`` candidates a world).  Reported per player, point and sampler:
the mean, over the positions and every card the seat has not seen, of the
share of the drawn worlds that put the card where it truly is (higher is
better; the prior's is what uniform worlds know), and for the posteriors
the Kish effective sample size of the candidates' weights (mean, and as a
share of the candidates) and the seconds the weighing took a world kept.

    python benches/bench_inference.py --variants whist-4 --hands 6
    python benches/bench_inference.py --hands 4 --players heuristic --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from solver.cards import CardSet  # noqa: E402
from solver.errors import TricksolverError  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.heuristics import to_first_lead  # noqa: E402
from solver.inference import HeuristicModel, InferenceSampler  # noqa: E402
from solver.players import make_player, parse_players  # noqa: E402
from solver.position import view_of  # noqa: E402
from solver.sampling import Sampler  # noqa: E402
from solver.view import View  # noqa: E402
from tests.hidden.test_view import true_fills  # noqa: E402
from tests.randpos import chosen_variants, random_deal, variant_name  # noqa: E402

POINTS = (0.25, 0.5, 0.75)  # shares of the hand's tricks played before a view is taken
PRIOR = "prior"
MS = 1000  # milliseconds a second


def played_hand(game: str, players: int, seed: int, player: str) -> list[Position]:
    """The positions at `POINTS` of a hand played by `player` in every seat."""
    pos = to_first_lead(random_deal(game, players, seed))
    assert pos.core is not None
    total = pos.core.total_tricks
    marks = [max(1, round(share * total)) for share in POINTS]
    who = make_player(player)
    rng = random.Random(seed)
    taken: list[Position] = []
    while not pos.is_over and len(taken) < len(marks):
        assert pos.core is not None
        if pos.core.tricks_played >= marks[len(taken)] and pos.current_trick():
            taken.append(pos.copy())
        pos.play(who.choose(view_of(pos, pos.to_move), rng))
    return taken


def truth_share(view: View, truth: list[CardSet], rows: npt.NDArray[np.uint64]) -> float:
    """The mean over the unseen cards of the share of worlds putting each where it is."""
    shares = []
    for place, cards in enumerate(truth):
        column = rows[:, place]
        for card in cards:
            shares.append(float(np.mean((column & np.uint64(card.bit)) != 0)))
    return float(np.mean(shares)) if shares else 1.0


def measure(
    variants: list[tuple[str, int]],
    players: list[str],
    hands: int,
    epsilons: list[float],
    worlds: int,
    factor: int,
    seed: int,
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for game, nseats in variants:
        for player in players:
            figures: dict[tuple[int, str], list[tuple[float, float, float]]] = defaultdict(list)
            for hand in range(hands):
                for point, pos in enumerate(played_hand(game, nseats, seed + hand, player)):
                    view = view_of(pos, pos.to_move)
                    truth = true_fills(view, pos)
                    sampler = Sampler(view)
                    prior = sampler.sample_masks(worlds, seed + hand)
                    figures[(point, PRIOR)].append((truth_share(view, truth, prior), 0.0, 0.0))
                    for eps in epsilons:
                        weighing = InferenceSampler(sampler, HeuristicModel(eps), factor)
                        started = time.perf_counter()
                        drawn = weighing.resample(worlds, seed + hand)
                        spent = (time.perf_counter() - started) / worlds
                        share = truth_share(view, truth, drawn.masks)
                        figures[(point, f"eps {eps:g}")].append(
                            (share, drawn.ess / drawn.candidates, spent)
                        )
            for (point, how), got in sorted(figures.items()):
                rows.append(
                    {
                        "variant": variant_name(game, nseats),
                        "player": player,
                        "point": POINTS[point],
                        "sampler": how,
                        "positions": len(got),
                        "truth_share": float(np.mean([g[0] for g in got])),
                        "ess_share": None if how == PRIOR else float(np.mean([g[1] for g in got])),
                        "ess": None
                        if how == PRIOR
                        else float(np.mean([g[1] for g in got])) * worlds * factor,
                        "seconds_a_world": None
                        if how == PRIOR
                        else float(np.mean([g[2] for g in got])),
                    }
                )
                r = rows[-1]
                more = ""
                if how != PRIOR:
                    ms = r["seconds_a_world"] * MS
                    more = f"  ESS {r['ess']:7.1f} ({r['ess_share']:.2f})  {ms:6.1f} ms a world"
                print(
                    f"{r['variant']:16} {player:18} point {r['point']:.2f} {how:9}"
                    f" truth {r['truth_share']:.3f} ({r['positions']} positions){more}",
                    flush=True,
                )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--variants", default="whist-4", help="comma list, e.g. cinch-4 (empty: all)")
    ap.add_argument("--players", default="heuristic,pimc:8/100k")
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--epsilons", default="0.1,0.3")
    ap.add_argument("--worlds", type=int, default=64)
    ap.add_argument("--factor", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    try:
        variants = chosen_variants(args.variants)
        epsilons = [float(e) for e in args.epsilons.split(",")]
        players = parse_players(args.players)
        rows = measure(variants, players, args.hands, epsilons, args.worlds, args.factor, args.seed)
    except (TricksolverError, ValueError) as e:
        raise SystemExit(f"bench_inference: {e}") from None
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
