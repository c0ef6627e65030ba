"""Where a first-lead recommendation's time goes (issue 36, the anytime
split): at the bench's decision points of a phase, a few worlds drawn from
the deciding seat's view, each searched exactly (up to a node cap: past it
the world is one a recommendation values by the bounded search) and by a
bounded search with a horizon of 1, 2 and 3 tricks ahead (the learned
evaluation there); the nodes of each.  One line a variant and phase: the
worlds, those exact within the cap, the median nodes of the exact search
(the cap where it did not finish) and of each horizon.

    python benches/profile_first_lead.py --phases first-lead,early --worlds 3 --cap 4M
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.decision_points import DATA  # noqa: E402
from solver.decision_bench import count  # noqa: E402
from solver.decision_points import POINTS_NAME, load_points  # noqa: E402
from solver.doubledummy import Evaluation, Solver  # noqa: E402
from solver.sampling import Sampler  # noqa: E402

HORIZONS = (1, 2, 3)  # tricks ahead of the bounded search's horizon


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phases", default="first-lead,early")
    ap.add_argument("--worlds", type=int, default=3, help="worlds a point")
    ap.add_argument("--cap", default="4M", help="the exact search's node cap a world")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    cap = count(args.cap, "--cap")
    phases = args.phases.split(",")
    points = [p for p in load_points(DATA / POINTS_NAME) if p.phase in phases]
    exact_solver = Solver(max_nodes=cap)
    bounded_solver = Solver(tt_mb=16)
    bounded_solver.evaluation = Evaluation.LEARNED
    cells: dict[tuple[str, str], list[tuple[int, bool, list[int]]]] = {}
    for p in points:
        view = p.read_view()
        sampler = Sampler(view)
        for masks in sampler.sample_masks(args.worlds, args.seed):
            world = sampler.world([int(m) for m in masks])
            exact_solver.clear()
            a = exact_solver.analyze(world, pv=False)
            played = world.core.tricks_played if world.core is not None else 0
            total = world.core.total_tricks if world.core is not None else 0
            hs = []
            for h in HORIZONS:
                if played + h >= total:
                    hs.append(0)
                    continue
                bounded_solver.horizon = played + h
                hs.append(bounded_solver.analyze(world, pv=False).stats.nodes)
            cells.setdefault((p.variant, p.phase), []).append((a.stats.nodes, a.stats.exact, hs))
    print(
        f"{'variant':16} {'phase':11} worlds exact  exact-nodes(med) "
        + " ".join(f"h+{h}(med)" for h in HORIZONS)
    )
    for (variant, phase), rows in cells.items():
        exact = sum(r[1] for r in rows)
        med = statistics.median(r[0] for r in rows)
        hmed = [statistics.median(r[2][i] for r in rows) for i in range(len(HORIZONS))]
        print(
            f"{variant:16} {phase:11} {len(rows):6} {exact:5}  {med:16,.0f} "
            + " ".join(f"{x:9,.0f}" for x in hmed),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
