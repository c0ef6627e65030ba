"""Two runs of the decision-quality bench compared paired, point by point:
a "before" and an "after" (`tricksolver bench --decisions ... --json`, the
same points and seed, run on two builds, such as before and after a change
of the evaluation).  Per variant and phase, and per variant: the points
both runs valued, the mean loss of each, and the difference after - before
with its 95% interval (negative: the after run loses less).  One run of
two settings (``--setting A --against B``) is compared the same way, its
second setting as "before" (`--within`); several such runs (the same two
settings run again: a setting bounded by the clock chooses differently from
run to run) are averaged point by point, the points every run valued.

With ``--target R`` (such as 0.5: "at most half the loss"), per row also
the ratio after / before of the mean losses and the paired test of the
target: the mean of after - R * before, point by point, with its 95%
interval, and a verdict: ``met`` (the interval below 0), ``not met``
(above 0) or ``unresolved`` (it holds 0).

    python benches/compare_decisions.py benches/data/decisions/v1/before-recommend.json after.json
    python benches/compare_decisions.py --within --target 0.5 run-of-two-settings.json
    python benches/compare_decisions.py --within --target 0.5 a-run.json the-same-run-again.json

A run stores each setting's move at every point with its loss against the
judge as it stood then; with ``--judge FILE`` (a set's ``judge.jsonl``) the
moves are scored again against that file, so that a run keeps its worth as
the judge goes on to more worlds (the best of noisy means reads high: the
more worlds, the less both losses read high).

    python benches/compare_decisions.py --within --target 0.5 \
        --judge benches/data/decisions/v2/judge.jsonl run-of-two-settings.json
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
from solver.errors import TricksolverError  # noqa: E402
from solver.judgement import Judged, load_judgements  # noqa: E402
from solver.match import Summary  # noqa: E402

ALL = "all"


MET, NOT_MET, UNRESOLVED = "met", "not met", "unresolved"


def losses(
    data: dict[str, Any], setting: int = 0, judge: dict[str, Judged] | None = None
) -> dict[str, float]:
    """point -> loss of the run's setting `setting` (0: the first; points
    without one left out): the loss the run recorded, or with `judge` the
    move's loss against that judgement (points it does not value left out)."""
    name = data["settings"][setting]
    if judge is None:
        return {c["point"]: c["loss"] for c in data["choices"][name] if c["loss"] is not None}
    out = {}
    for c in data["choices"][name]:
        j = judge.get(c["point"])
        loss = None if j is None or not c["move"] else j.loss(c["move"])
        if loss is not None:
            out[c["point"]] = loss
    return out


def averaged(
    runs: Sequence[dict[str, Any]], setting: int, judge: dict[str, Judged] | None
) -> dict[str, float]:
    """point -> the mean loss of setting `setting` over `runs`, the points
    every run valued."""
    got = [losses(r, setting, judge) for r in runs]
    common = set.intersection(*(set(g) for g in got))
    return {p: sum(g[p] for g in got) / len(got) for p in common}


def verdict(s: Summary) -> str | None:
    """Whether a target's paired mean (after - R * before) is below 0."""
    if s.low is None or s.high is None:
        return None
    return MET if s.high < 0 else NOT_MET if s.low > 0 else UNRESOLVED


def interval(s: Summary) -> list[float] | None:
    return None if s.low is None else [round(s.low, 4), round(s.high or 0, 4)]


def compare(
    before: dict[str, Any], after: dict[str, Any], target: float | None = None,
    within: bool = False, judge: dict[str, Judged] | None = None,
    again: Sequence[dict[str, Any]] = (),
) -> list[dict[str, Any]]:  # fmt: skip
    """The rows; `within`: `after` is unused, `before`'s second setting is
    before and its first after, averaged with the runs `again` (the same
    two settings run again); `judge`: the moves scored against it."""
    runs = [before, *again]
    a, b = (
        (averaged(runs, 1, judge), averaged(runs, 0, judge))
        if within
        else (losses(before, 0, judge), losses(after, 0, judge))
    )
    cells: dict[tuple[str, str], list[str]] = defaultdict(list)
    for point in a.keys() & b.keys():
        variant, _, phase = point.split("/")
        cells[(variant, phase)].append(point)
        cells[(variant, ALL)].append(point)
    order = {ph: i for i, ph in enumerate((*PHASES, ALL))}
    rows = []
    for (variant, phase), points in sorted(cells.items(), key=lambda c: (c[0][0], order[c[0][1]])):
        s = Summary.of([b[p] - a[p] for p in points])
        row: dict[str, Any] = {
            "variant": variant, "phase": phase, "points": len(points),
            "before": round(sum(a[p] for p in points) / len(points), 4),
            "after": round(sum(b[p] for p in points) / len(points), 4),
            "difference": round(s.mean, 4), "ci95": interval(s),
        }  # fmt: skip
        if target is not None:
            t = Summary.of([b[p] - target * a[p] for p in points])
            row.update(
                ratio=None if row["before"] == 0 else round(row["after"] / row["before"], 3),
                target=target, target_difference=round(t.mean, 4), target_ci95=interval(t),
                verdict=verdict(t),
            )  # fmt: skip
        rows.append(row)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", type=Path, nargs="+", help="before after, or with --within RUN...")
    ap.add_argument(
        "--within",
        action="store_true",
        help="runs of two settings: the second before the first, the runs averaged",
    )
    ap.add_argument("--target", type=float, help="R: test after <= R * before, paired")
    ap.add_argument("--json", action="store_true", help="the rows as JSON")
    ap.add_argument("--judge", type=Path, help="a judge.jsonl: score the runs' moves against it")
    args = ap.parse_args(argv)
    if not args.within and len(args.runs) != 2:
        raise SystemExit("compare_decisions: two runs, or runs of two settings with --within")
    if args.target is not None and not 0 < args.target < float("inf"):
        raise SystemExit("compare_decisions: --target must be a positive number")
    try:
        runs = [json.loads(p.read_text(encoding="utf-8")) for p in args.runs]
        judge = None if args.judge is None else load_judgements(args.judge)
        again = runs[1:] if args.within else []
        rows = compare(runs[0], runs[-1], args.target, args.within, judge, again)
    except TricksolverError as e:
        raise SystemExit(f"compare_decisions: --judge: {e}") from None
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        what = "a run of two settings" if args.within else "two runs"
        raise SystemExit(
            f"compare_decisions: not {what} of bench --decisions --json: {e}"
        ) from None
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    head = f"{'variant':16} {'phase':10} {'points':>6} {'before':>7} {'after':>7}"
    head += f" {'after - before':>14} {'95% interval':>18}"
    if args.target is not None:
        head += (
            f" {'ratio':>6} {f'after - {args.target:g} before':>20} {'95% interval':>18} verdict"
        )
    print(head)
    for r in rows:
        line = f"{r['variant']:16} {r['phase']:10} {r['points']:6} {r['before']:7.3f}"
        line += f" {r['after']:7.3f} {r['difference']:+14.3f} {shown(r['ci95']):>18}"
        if args.target is not None:
            ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
            line += f" {ratio:>6} {r['target_difference']:+20.3f} {shown(r['target_ci95']):>18}"
            line += f" {r['verdict'] or '-'}"
        print(line)


def shown(ci: list[float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


if __name__ == "__main__":
    main()
