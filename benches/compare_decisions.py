"""Two runs of the decision-quality bench compared paired, point by point:
a "before" and an "after" (`tricksolver bench --decisions ... --json`, the
same points and seed, run on two builds, such as before and after a change
of the evaluation).  Per variant and phase, and per variant: the points
both runs valued, the mean loss of each, and the difference after - before
with its 95% interval (negative: the after run loses less).

    python benches/compare_decisions.py benches/data/decisions/v1/before-recommend.json after.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.decision_points import PHASES  # noqa: E402
from solver.match import Summary  # noqa: E402

ALL = "all"


def losses(data: dict[str, Any]) -> dict[str, float]:
    """point -> loss of the run's first setting (points without one left out)."""
    name = data["settings"][0]
    return {c["point"]: c["loss"] for c in data["choices"][name] if c["loss"] is not None}


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    a, b = losses(before), losses(after)
    cells: dict[tuple[str, str], list[str]] = defaultdict(list)
    for point in a.keys() & b.keys():
        variant, _, phase = point.split("/")
        cells[(variant, phase)].append(point)
        cells[(variant, ALL)].append(point)
    order = {ph: i for i, ph in enumerate((*PHASES, ALL))}
    rows = []
    for (variant, phase), points in sorted(cells.items(), key=lambda c: (c[0][0], order[c[0][1]])):
        s = Summary.of([b[p] - a[p] for p in points])
        rows.append({
            "variant": variant, "phase": phase, "points": len(points),
            "before": round(sum(a[p] for p in points) / len(points), 4),
            "after": round(sum(b[p] for p in points) / len(points), 4),
            "difference": round(s.mean, 4),
            "ci95": None if s.low is None else [round(s.low, 4), round(s.high or 0, 4)],
        })  # fmt: skip
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    args = ap.parse_args(argv)
    try:
        runs = [json.loads(p.read_text(encoding="utf-8")) for p in (args.before, args.after)]
        rows = compare(*runs)
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        raise SystemExit(
            f"compare_decisions: not two runs of bench --decisions --json: {e}"
        ) from None
    print(f"{'variant':16} {'phase':10} {'points':>6} {'before':>7} {'after':>7}"
          f" {'after - before':>14} {'95% interval':>18}")  # fmt: skip
    for r in rows:
        ci = "-" if r["ci95"] is None else f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]"
        print(f"{r['variant']:16} {r['phase']:10} {r['points']:6} {r['before']:7.3f}"
              f" {r['after']:7.3f} {r['difference']:+14.3f} {ci:>18}")  # fmt: skip


if __name__ == "__main__":
    main()
