"""The cost of the bounded search, learned evaluation against the middle
(issue 36): fixed, seeded workloads that print nodes, CPU seconds and
nodes a CPU second per case, so that two builds can be compared by node
counts and instruction counts (callgrind, ``perf stat -e instructions``)
rather than by a noisy clock.

- ``analysis``: a bounded analysis (`Solver.analyze` with a horizon
  `HORIZONS` tricks ahead) at the first lead of each of `DEALS` seeded
  deals (`benches.bench_recommend.first_lead`) of every variant, each
  evaluation, the table emptied before each;
- ``recommend``: one `recommend` at the first lead of a Chinkway and a
  four-player Chinese Whist deal with every world past a small node budget
  (`RECOMMEND_BUDGET`: 32 worlds, 5,000 nodes a world, one worker, so the
  worlds are valued by the bounded search), each evaluation.

``--repeat N`` runs each case N times (the CPU seconds: the least);
``--only`` picks cases by a substring of their names (``--list`` names
them), e.g. to run one under ``valgrind --tool=callgrind``.

    python benches/bench_bounded_cost.py [--part analysis,recommend] [--repeat 3]
    valgrind --tool=callgrind python benches/bench_bounded_cost.py \\
        --only 'analysis chinkway-5 h3 learned'
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.bench_recommend import first_lead  # noqa: E402
from solver.budget import Budget  # noqa: E402
from solver.doubledummy import EVALUATIONS, Evaluation, Solver  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from tests.randpos import VARIANTS, variant_name  # noqa: E402

SEED = 7  # the deal of the recommend cases, the first of the analysis cases
DEALS = 8  # seeded deals of an analysis case (SEED, SEED + 1, ...)
HORIZONS = (1, 2, 3)  # tricks ahead of the first lead: the analysis's horizons
TABLE_MB = 16  # a bounded searcher's table (solver.valuation.BOUNDED_TT_MB)
RECOMMEND_VARIANTS = (("chinkway", 5), ("chinese-whist", 4))
RECOMMEND_BUDGET = Budget(worlds=32, search_nodes=5000, jobs=1)

Case = tuple[str, Callable[[], tuple[int, str]]]  # name, run: (nodes, what it found)


def bounded_analyses(deals: list[Position], ahead: int, evaluation: Evaluation) -> tuple[int, str]:
    """A bounded analysis `ahead` tricks deep of each deal: the nodes, the values."""
    searcher = Solver(tt_mb=TABLE_MB, evaluation=evaluation)
    nodes, values = 0, []
    for pos in deals:
        assert pos.core is not None
        horizon = pos.core.tricks_played + ahead
        searcher.clear()
        searcher.horizon = horizon if horizon < pos.core.total_tricks else 0
        got = searcher.analyze(pos, pv=False)
        nodes += got.stats.nodes
        values.append(" ".join(f"{cv.move}={cv.value}" for cv in got.moves))
    return nodes, " | ".join(values)


def bounded_recommend(pos: Position, evaluation: Evaluation) -> tuple[int, str]:
    """A recommendation with every world bounded: the nodes, the worlds by
    method and the moves' means."""
    rec = recommend(pos, budget=RECOMMEND_BUDGET, seed=SEED, bounded=evaluation).completed()
    means = " ".join(f"{e.move}={e.mean:.4f}" for e in rec.moves)
    return rec.stats.nodes, f"{rec.by_method()} {means}"


def analysis_cases() -> list[Case]:
    cases: list[Case] = []
    for game, players in VARIANTS:
        deals = [first_lead(game, players, SEED + d) for d in range(DEALS)]
        for ahead in HORIZONS:
            for evaluation in EVALUATIONS:
                name = f"analysis {variant_name(game, players)} h{ahead} {evaluation}"
                cases.append((name, partial(bounded_analyses, deals, ahead, evaluation)))
    return cases


def recommend_cases() -> list[Case]:
    cases: list[Case] = []
    for game, players in RECOMMEND_VARIANTS:
        pos = first_lead(game, players, SEED)
        for evaluation in EVALUATIONS:
            name = f"recommend {variant_name(game, players)} {evaluation}"
            cases.append((name, partial(bounded_recommend, pos, evaluation)))
    return cases


PARTS = {"analysis": analysis_cases, "recommend": recommend_cases}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", default=",".join(PARTS), help="analysis, recommend or both")
    ap.add_argument("--only", default="", help="the cases whose name holds this")
    ap.add_argument("--repeat", type=int, default=1, help="runs a case (the least CPU time)")
    ap.add_argument("--list", action="store_true", help="name the cases and stop")
    ap.add_argument("--values", action="store_true", help="print what each case found")
    args = ap.parse_args(argv)
    cases = [c for part in args.part.split(",") for c in PARTS[part]() if args.only in c[0]]
    if args.list:
        print("\n".join(name for name, _ in cases))
        return 0
    print(f"{'case':<40} {'nodes':>11} {'CPU s':>8} {'nodes/s':>11}")
    for name, run in cases:
        best = float("inf")
        for _ in range(max(1, args.repeat)):
            t0 = time.process_time()
            nodes, found = run()
            best = min(best, time.process_time() - t0)
        rate = nodes / best if best > 0 else float("inf")
        print(f"{name:<40} {nodes:>11,} {best:>8.3f} {rate:>11,.0f}", flush=True)
        if args.values:
            print(f"    {found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
