"""The floor of the decision-quality bench: the loss of exact PIMC itself.

The bench scores a setting's move by the judge's means over the judge's
worlds.  A setting that drew its own worlds and solved every one of them
exactly still loses against that judge: its worlds are not the judge's,
and the judge's best mean reads high (the largest of noisy means).  That
loss, at a given number of worlds, is a floor no evaluation goes under:
what is left above it is the evaluation's to win.

Measured from the judge's own worlds, which are draws from the point's
view as a player's are: a point's judged worlds split at random into a
*player's* N and a *judge* of the rest; the player's move is the best mean
over its N (exact PIMC on N worlds, ties at random); its loss is the rest's
best mean minus the rest's mean of that move.  The moves of the bench runs
given (``bench --decisions --json``, every setting in them) are scored
against the same rest, so that the floor and the settings' losses are
measured by one judge.  Each point's losses are averaged over ``--splits``
random splits (seeded), then over the points (a 95% interval over the
points).  Only points judged on at least N + ``--rest`` worlds count.

    python benches/decision_floor.py --set v2 --variants chinkway-5 --worlds 25 RUN.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.decision_points import JUDGE_NAME, set_folder  # noqa: E402
from solver.errors import TricksolverError  # noqa: E402
from solver.judgement import judged_values, latest_worlds, lines_by_point, read_lines  # noqa: E402
from solver.match import Summary  # noqa: E402

SPLITS = 200  # random splits of a point's worlds
REST = 10  # the fewest worlds the judge's part of a split may keep
FLOOR = "exact"  # the floor's name in the report: exact PIMC on the player's worlds


def worlds_of(lines: Sequence[dict[str, Any]]) -> dict[str, list[dict[str, int]]]:
    """point -> its judged worlds' values, as the judge reads them (a later
    line of a world supersedes an earlier one; capped worlds left out)."""
    by_point, _ = lines_by_point(lines)
    return {p: judged_values(latest_worlds(ls)) for p, ls in by_point.items()}


def means(rows: Sequence[dict[str, int]]) -> dict[str, float]:
    return {k: sum(r[k] for r in rows) / len(rows) for k in rows[0]}


@dataclass(frozen=True)
class PointLosses:
    """One point's losses against the rest of its worlds, averaged over the
    splits: the floor's (exact PIMC on the player's worlds) and each run
    setting's (None: its move is not among the judged ones)."""

    point: str
    floor: float
    settings: dict[str, float | None]


def point_losses(
    point: str, rows: list[dict[str, int]], player_worlds: int, moves: dict[str, str],
    splits: int, seed: int,
) -> PointLosses:  # fmt: skip
    rng = random.Random(f"decision floor {seed} {point}")
    floor = 0.0
    totals: dict[str, float] = dict.fromkeys(moves, 0.0)
    for _ in range(splits):
        order = list(range(len(rows)))
        rng.shuffle(order)
        mine = means([rows[i] for i in order[:player_worlds]])
        rest = means([rows[i] for i in order[player_worlds:]])
        top = max(mine.values())
        pick = rng.choice([k for k, v in mine.items() if v == top])
        best = max(rest.values())
        floor += best - rest[pick]
        for name, move in moves.items():
            if move in rest:
                totals[name] += best - rest[move]
    return PointLosses(
        point,
        floor / splits,
        {n: (totals[n] / splits if moves[n] in rows[0] else None) for n in moves},
    )


def run_moves(runs: Sequence[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """setting -> point -> its move, from the runs (a setting named twice:
    the later run's)."""
    out: dict[str, dict[str, str]] = {}
    for data in runs:
        for name in data["settings"]:
            mine = out.setdefault(name, {})
            for c in data["choices"][name]:
                if c["move"]:
                    mine[c["point"]] = c["move"]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", type=Path, nargs="*", help="bench --decisions --json files")
    ap.add_argument("--set", default="v2", help="the set of points (v1 or v2)")
    ap.add_argument("--judge", type=Path, help="a judge.jsonl (default: the set's)")
    ap.add_argument("--variants", default="", help="comma list (all)")
    ap.add_argument("--phases", default="", help="comma list (all)")
    ap.add_argument("--worlds", type=int, default=25, help="the player's worlds N")
    ap.add_argument("--rest", type=int, default=REST, help="the fewest worlds left to judge")
    ap.add_argument("--splits", type=int, default=SPLITS)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.worlds < 1 or args.rest < 1 or args.splits < 1:
        raise SystemExit("decision_floor: --worlds, --rest and --splits must be 1 or more")
    try:
        path = args.judge or set_folder(args.set) / JUDGE_NAME
        worlds = worlds_of(read_lines(path))
        runs = [json.loads(p.read_text(encoding="utf-8")) for p in args.runs]
        by_setting = run_moves(runs)
    except (TricksolverError, OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"decision_floor: {e}") from None
    variants = {v for v in args.variants.split(",") if v}
    phases = {p for p in args.phases.split(",") if p}
    cells: dict[tuple[str, str], list[PointLosses]] = {}
    for point, rows in sorted(worlds.items()):
        variant, _, phase = point.split("/")
        if (variants and variant not in variants) or (phases and phase not in phases):
            continue
        if len(rows) < args.worlds + args.rest:
            continue
        moves = {n: m[point] for n, m in by_setting.items() if point in m}
        if len(moves) != len(by_setting):
            continue  # a point every run decided, or none
        got = point_losses(point, rows, args.worlds, moves, args.splits, args.seed)
        cells.setdefault((variant, phase), []).append(got)
    report = []
    for (variant, phase), pts in cells.items():
        row: dict[str, Any] = {"variant": variant, "phase": phase, "points": len(pts),
                               "player_worlds": args.worlds}  # fmt: skip
        for name, xs in [(FLOOR, [p.floor for p in pts])] + [
            (n, [p.settings[n] for p in pts if p.settings[n] is not None]) for n in by_setting
        ]:
            s = Summary.of([x for x in xs if x is not None])
            row[name] = {"mean": round(s.mean, 4), "ci95": [round(s.low or 0, 4),
                         round(s.high or 0, 4)], "points": s.n}  # fmt: skip
        report.append(row)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for r in report:
        print(f"{r['variant']} {r['phase']}: {r['points']} points, the player's worlds"
              f" {r['player_worlds']}, the judge's the rest ({args.splits} splits)")  # fmt: skip
        for name in [FLOOR, *by_setting]:
            c = r[name]
            label = f"exact PIMC on {args.worlds} worlds" if name == FLOOR else name
            print(f"  {label:<40} {c['mean']:.3f} [{c['ci95'][0]:+.3f}, {c['ci95'][1]:+.3f}]")


if __name__ == "__main__":
    main()
