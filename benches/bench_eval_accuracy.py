"""Accuracy of the learned evaluation against `middle_value`, on held-out
labelled positions (train/README.md: the test files, each legal move's exact
value).

For every variant and k (tricks left) of the test files, and each horizon
depth d (1, 2, 3 tricks): every legal move valued by a bounded search that
is exact for the next d tricks and evaluated there (`Solver.horizon`,
`Solver.evaluation`: ``middle`` and ``learned``), against its exact value.
Reported: the mean absolute error per move (the game's units: tricks, Cinch
net points, Chinkway quest score), the share of positions whose best
bounded move is an exact best move, for both evaluations, and the ratio of
the errors (the issue's target: at most 0.5).  A depth reaching the hand's
end is exact and left out.  Also the cost of one evaluation (features and
model, through the binding, less the middle's).

    python benches/bench_eval_accuracy.py [--data benches/data/eval]
        [--variants whist,cw4] [--depths 1,2,3] [--positions 40] [--ks 4,6,8]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import _core  # noqa: E402
from solver.doubledummy import EVALUATIONS, Solver  # noqa: E402
from train.data import Labelled, files, records  # noqa: E402
from train.variants import VARIANTS  # noqa: E402

SHIPPED = Path(__file__).resolve().parent / "data" / "eval"
TIMING_CALLS = 5_000
TIMING_REPEATS = 7


def measure(items: list[Labelled], depth: int) -> dict[str, tuple[float, float, int]]:
    """Per evaluation: (mean abs error per move, best-move agreement, positions)."""
    out = {}
    for name in EVALUATIONS:
        solver = Solver(tt_mb=16, evaluation=name)
        errors, agree, n = [], 0, 0
        for item in items:
            st = item.pos.core
            assert st is not None
            horizon = st.tricks_played + depth
            if horizon >= st.total_tricks or not item.moves:
                continue
            solver.horizon = horizon
            got = {cv.move.card.index: cv.value for cv in solver.analyze(item.pos, pv=False).moves}  # type: ignore[union-attr]
            errors.append(statistics.fmean(abs(got[c] - v) for c, v in item.moves.items()))
            best = max(item.moves.values())
            pick = max(got, key=lambda c: got[c])
            agree += item.moves[pick] == best
            n += 1
        if n:
            out[name] = (statistics.fmean(errors), agree / n, n)
    return out


def cost(items: list[Labelled]) -> tuple[float, float]:
    """Microseconds per call of the learned and of the middle evaluation:
    the best of TIMING_REPEATS runs (the machine is shared: the least is
    the call's own cost)."""
    states = [it.pos.core for it in items if it.pos.core is not None][:100]
    timings = []
    for kind in (_core.EVAL_LEARNED, _core.EVAL_MIDDLE):
        best = float("inf")
        for _ in range(TIMING_REPEATS):
            calls = 0
            started = time.perf_counter()
            while calls < TIMING_CALLS:
                for st in states:
                    _core.evaluate(st, 0, kind)
                calls += len(states)
            best = min(best, 1e6 * (time.perf_counter() - started) / calls)
        timings.append(best)
    return timings[0], timings[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=SHIPPED)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--depths", default="1,2,3")
    ap.add_argument("--positions", type=int, default=40, help="at most, per variant and k")
    ap.add_argument("--ks", default="", help="comma list of k (default: every k of the files)")
    args = ap.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    wanted = {int(k) for k in args.ks.split(",") if k} or None
    for variant in [v for v in args.variants.split(",") if v]:
        if variant not in VARIANTS:
            raise SystemExit(f"bench_eval_accuracy: unknown variant {variant!r}")
        ks = [k for k, _ in files(args.data, variant, "test") if wanted is None or k in wanted]
        sample: list[Labelled] = []
        for k in ks:
            items = list(records(args.data, variant, "test", {k}))[: args.positions]
            sample += items
            for d in depths:
                got = measure(items, d)
                if len(got) < len(EVALUATIONS):
                    continue
                (em, am, n), (el, al, _) = got["middle"], got["learned"]
                print(
                    f"{variant:<9} k {k:>2} depth {d}: error middle {em:5.2f} learned {el:5.2f}"
                    f" (ratio {el / em if em else float('nan'):4.2f})"
                    f"  best move middle {100 * am:5.1f}% learned {100 * al:5.1f}%  [{n}]",
                    flush=True,
                )
        if sample:
            learned, middle = cost(sample)
            print(
                f"{variant:<9} evaluation through the binding: learned {learned:.2f} us,"
                f" middle {middle:.2f} us a call (the difference is the features and the model)",
                flush=True,
            )


if __name__ == "__main__":
    main()
