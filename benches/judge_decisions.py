"""The judge of the decision-quality bench (`bench_decisions.py`): the value of every
legal move of every decision point (`decision_points.py`), as the exact PIMC
mean over many worlds drawn from the point's view, every world solved
exactly.

World i of a point is drawn uniformly from the point's view
(`solver.sampling.Sampler`) with a seed of its own (`world_seed`: from the
point's id and i, so it does not depend on how many worlds are drawn).  In
card play every legal move is valued in it by the exact search
(`Solver.analyze`, the value for the deciding seat's side, the game's units:
tricks from here on, the Cinch net hand score, the Chinkway quest score).
Before play every candidate plan of the decision (`solver.decisions`:
the seat's moves to the first lead) is valued as `value_plan` values it
(the other seats' decisions before play by the heuristic stand-in, then the
exact search at the first lead), and a move's value is that of its best
plan (the plan with the best mean over the worlds that starts with it).

No search has a node limit short of `--cap` (nodes a world: default
`CAP_NODES`): a world not solved within it is *capped*, recorded so, and
the judge goes on to the next world; a point keeps the worlds it finished.
A point with `MOST_CAPPED_WORLDS` capped worlds is judged no further at
that cap (each capped world costs the whole cap).  A point counts for the
bench once judged on `MIN_JUDGED_WORLDS` worlds; its sample size (worlds
judged, worlds capped) and the standard errors from it are reported with
it.  The worlds that cap are the long ones, so a point with capped worlds
rests on its shorter worlds and its means may be biased by that (the
coverage and the bench say which points do).  The table is emptied before
each world, so a world's node count, and whether it fits the cap, depend on
the world alone.  A run with a larger cap tries the capped worlds again
(a world's new line supersedes the old).

The output is append-only JSON lines (`--out`, default
benches/data/decisions/v1/judge.jsonl), one per world: ``{"point", "world",
"values", "nodes", "cpu", "cap"}``, or ``{"point", "world", "beyond": true,
...}``; before play a line ``{"point", "plans": [[plan, move], ...]}`` first.
A kill loses at most the world in progress (a partial last line is dropped
when the judge starts again); a rerun with the same arguments continues
where it stopped.  The points are taken in rounds over the variants and
phases, the late phases first (they are cheap), and in stages (`--stages`):
every point is brought to the first stage's worlds before any to the
next's, so that every variant and phase has some coverage early.

    nice -n 19 python benches/judge_decisions.py >> /tmp/judge.log 2>&1
    python benches/judge_decisions.py --stages 4 --variants whist-4 --phases end --out /tmp/j.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.decision_points import DATA, load_points  # noqa: E402
from solver.decision_bench import count  # noqa: E402
from solver.decision_points import (  # noqa: E402
    BEFORE,
    DEFAULT_SET,
    JUDGE_NAME,
    PHASES,
    POINTS_NAME,
    DecisionPoint,
    chosen,
    set_folder,
)
from solver.decisions import Plan, candidate_plans, value_plan  # noqa: E402
from solver.doubledummy import Solver  # noqa: E402
from solver.errors import TricksolverError  # noqa: E402
from solver.games.base import Position  # noqa: E402
from solver.judgement import (  # noqa: E402
    MIN_JUDGED_WORLDS,
    Judged,
    load_judgements,
    read_lines,
)
from solver.sampling import Sampler  # noqa: E402

JUDGE_FILE = DATA / JUDGE_NAME
CAP_NODES = 100_000_000  # a world's search past this: the world is capped (not judged)
MOST_CAPPED_WORLDS = 5  # a point with this many capped worlds is judged no further at its cap
STAGES = (25, 100, 200)  # worlds a point is brought to, stage by stage
JUDGE_TT_MB = 256
SEED_BITS = 31
LATE_FIRST = tuple(reversed(PHASES))  # the order of the phases in a round: cheap ones first
MOST_WORLDS = 100_000


def world_seed(point: DecisionPoint, index: int) -> int:
    """The seed world `index` of a point is drawn with (by the point's id
    and the set it was made for: a point a later set takes over keeps its
    worlds)."""
    text = f"judge {point.version} {point.id} world {index}"
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "little") % (1 << SEED_BITS)


def draw_world(sampler: Sampler, point: DecisionPoint, index: int) -> Position:
    return sampler.sample(1, world_seed(point, index))[0]


def point_plans(point: DecisionPoint, sampler: Sampler) -> list[Plan]:
    """The candidate plans of a decision before play (those the sampling
    players choose among), from a world of the view (they depend only on
    the seat's own cards)."""
    return candidate_plans(draw_world(sampler, point, 0), point.seat)


@dataclass(frozen=True)
class WorldLine:
    """One judged world of a point: the values (move or plan text -> value)
    and what it cost; `beyond`: its search passed the cap (the world is
    capped: no values)."""

    point: str
    world: int
    values: dict[str, int]
    nodes: int | None
    cpu: float
    cap: int
    beyond: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"point": self.point, "world": self.world}
        if self.beyond:
            out["beyond"] = True
        else:
            out["values"] = self.values
        out.update(nodes=self.nodes, cpu=round(self.cpu, 4), cap=self.cap)
        return out


def judge_world(
    point: DecisionPoint, sampler: Sampler, plans: Sequence[Plan] | None, index: int,
    solver: Solver, cap: int,
) -> WorldLine:  # fmt: skip
    """World `index` of `point`, every move (or plan) valued exactly within
    `cap` nodes (the solver's limit; its table emptied first)."""
    started = time.process_time()
    world = draw_world(sampler, point, index)
    solver.max_nodes = cap
    values: dict[str, int] = {}
    nodes: int | None = None  # before play: not counted (`value_plan` does not say)
    if plans is None:
        solver.clear()
        analysis = solver.analyze(world, pv=False)
        nodes = analysis.stats.nodes
        if not analysis.stats.exact:
            return WorldLine(point.id, index, {}, nodes, time.process_time() - started, cap, True)
        values = {str(cv.move): cv.value for cv in analysis.moves}
    else:
        for plan in plans:
            got = value_plan(world, plan, point.seat, solver)
            if not got.exact:
                return WorldLine(
                    point.id, index, {}, nodes, time.process_time() - started, cap, True
                )
            values[str(plan)] = got.value
    return WorldLine(point.id, index, values, nodes, time.process_time() - started, cap)


# -- the run --------------------------------------------------------------------------


def round_robin(points: Sequence[DecisionPoint]) -> list[DecisionPoint]:
    """The points in rounds: in each round the next point of every variant
    and phase, the phases late first, the variants in the file's order."""
    cells: dict[tuple[str, str], list[DecisionPoint]] = defaultdict(list)
    variants: list[str] = []
    for p in points:
        cells[(p.phase, p.variant)].append(p)
        if p.variant not in variants:
            variants.append(p.variant)
    out = []
    for r in range(max((len(c) for c in cells.values()), default=0)):
        for phase in LATE_FIRST:
            for v in variants:
                cell = cells.get((phase, v), [])
                if r < len(cell):
                    out.append(cell[r])
    return out


class JudgeFile:
    """The append-only output: what it holds, and lines added one at a time
    (each flushed, so a kill loses at most the line being written)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            text = path.read_bytes()
            if text and not text.endswith(b"\n"):  # a partial line from a kill
                with path.open("r+b") as f:
                    f.truncate(text.rfind(b"\n") + 1)
        self.done: dict[str, set[int]] = defaultdict(set)
        self.capped: dict[str, dict[int, int]] = defaultdict(dict)  # point -> world -> its cap
        self.plans: dict[str, list[tuple[str, str]]] = {}
        for d in read_lines(path):
            point = d["point"]
            if "plans" in d:
                self.plans[point] = [(p, m) for p, m in d["plans"]]
            elif d.get("beyond"):
                self.capped[point][int(d["world"])] = int(d["cap"])
                self.done[point].discard(int(d["world"]))
            else:
                self.done[point].add(int(d["world"]))
                self.capped[point].pop(int(d["world"]), None)  # judged since, within a larger cap
        self.out = path.open("a", encoding="utf-8")

    def add(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data, sort_keys=True) + "\n")
        self.out.flush()

    def close(self) -> None:
        self.out.close()


def judge_point(
    point: DecisionPoint, target: int, out: JudgeFile, solver: Solver, cap: int
) -> Iterator[WorldLine]:
    """Bring `point` to `target` worlds judged, yielding each world tried:
    worlds 0, 1, ... in turn, those judged already, or capped at `cap` or
    more, skipped; a capped world is recorded and the next one tried (so a
    point with capped worlds is brought to `target` judged ones, not left
    short), until the point has MOST_CAPPED_WORLDS capped at `cap` or more.
    Worlds capped by a smaller cap are tried again."""

    def capped_here() -> int:
        return sum(c >= cap for c in out.capped[point.id].values())

    def finished() -> bool:
        return len(out.done[point.id]) >= target or capped_here() >= MOST_CAPPED_WORLDS

    if finished():
        return
    sampler = Sampler(point.read_view())
    plans = None
    if point.phase == BEFORE:
        plans = point_plans(point, sampler)
        pairs = [(str(p), str(p.move)) for p in plans]
        if point.id not in out.plans:
            out.add({"point": point.id, "plans": pairs})
            out.plans[point.id] = pairs
        elif out.plans[point.id] != pairs:
            raise ValueError(f"{point.id}: the plans differ from those the judge file holds")
    i = 0
    while not finished():  # each world tried is judged or capped: at most target + MOST tries
        if i in out.done[point.id] or out.capped[point.id].get(i, 0) >= cap:
            i += 1
            continue
        line = judge_world(point, sampler, plans, i, solver, cap)
        out.add(line.to_json())
        yield line
        if line.beyond:
            out.capped[point.id][i] = cap
        else:
            out.capped[point.id].pop(i, None)
            out.done[point.id].add(i)
        i += 1


COVERAGE_NOTE = (
    "counted: judged on {min} worlds or more (the bench takes these); short: fewer (none"
    " judged: beyond the judge); capped: counted points some of whose worlds passed the"
    " cap, and the capped worlds.  The worlds that cap are the long ones: a point with"
    " capped worlds rests on its shorter worlds, and its means may be biased by that."
    "  judge se: the mean over the counted points of the largest standard error of a"
    " move's difference from the best (the judge's sampling error from its worlds)."
)


def coverage(points: Sequence[DecisionPoint], judgements: dict[str, Judged]) -> str:
    """Per variant and phase: the points, those counted (judged on
    MIN_JUDGED_WORLDS worlds or more) and short of it, those resting on
    capped worlds, the worlds judged and capped, the judge's sampling error
    and the CPU seconds a world and a point; then every point with capped
    worlds, its sample size and sampling error."""
    rows = [
        f"{'variant':16} {'phase':10} {'points':>6} {'counted':>7} {'short':>5}"
        f" {'capped':>6} {'worlds min/mean':>15} {'capped worlds':>13} {'judge se':>8}"
        f" {'cpu s/world':>11} {'cpu s/point':>11}"
    ]
    cells: dict[tuple[str, str], list[DecisionPoint]] = defaultdict(list)
    for p in points:
        cells[(p.variant, p.phase)].append(p)
    variants = list(dict.fromkeys(p.variant for p in points))
    for v in variants:
        for phase in PHASES:
            mine = [judgements.get(p.id) for p in cells.get((v, phase), [])]
            if not mine:
                continue
            done = [j for j in mine if j is not None and j.counts()]
            capped = sum(j.capped > 0 for j in done)
            capped_worlds = sum(j.capped for j in mine if j is not None)
            worlds = [j.worlds for j in done]
            cpu = sum(j.cpu for j in done)
            per_world = cpu / sum(worlds) if worlds else 0.0
            per_point = cpu / len(done) if done else 0.0
            spread = f"{min(worlds)}/{sum(worlds) / len(worlds):.0f}" if worlds else "-"
            se = f"{sum(j.most_stderr for j in done) / len(done):.3f}" if done else "-"
            rows.append(
                f"{v:16} {phase:10} {len(mine):6} {len(done):7} {len(mine) - len(done):5}"
                f" {capped:6} {spread:>15} {capped_worlds:13} {se:>8}"
                f" {per_world:11.3f} {per_point:11.1f}"
            )
    rows += ["", COVERAGE_NOTE.format(min=MIN_JUDGED_WORLDS), ""]
    rows.append("points with capped worlds (judged, capped, judge se; *: counted):")
    for p in points:
        j = judgements.get(p.id)
        if j is not None and j.capped:
            se = "-" if not j.worlds else f"{j.most_stderr:.3f}"
            mark = "*" if j.counts() else " "
            rows.append(f"  {mark} {p.id:32} {j.worlds:5} {j.capped:3} {se:>8}")
    return "\n".join(rows)


def show(point: DecisionPoint, j: Judged | None) -> str:
    """A point's judgement as lines: its view, then every move's mean, its
    standard error and its paired difference from the best move."""
    lines = [f"{point.id} ({point.phase}, {point.tricks_played}/{point.tricks} tricks played)",
             f"  {point.view}"]  # fmt: skip
    if j is None or (not j.capped and not j.worlds):
        return "\n".join([*lines, "  not judged yet"])
    if j.beyond:
        return "\n".join([*lines, f"  beyond the judge ({j.capped} worlds past the cap)"])
    capped = f", {j.capped} capped (not judged)" if j.capped else ""
    lines.append(f"  {j.worlds} worlds{capped}, {j.cpu:.1f} s CPU")
    for m in j.moves:
        plan = "" if m.plan is None else f"  ({m.plan})"
        diff = f"{m.diff:+.3f} ± {m.diff_stderr:.3f}"
        lines.append(f"  {m.move:12} {m.mean:8.3f} ± {m.stderr:.3f}   {diff}{plan}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--set", default=DEFAULT_SET, help="the set judged (its folder's files)")
    ap.add_argument("--points", type=Path, help="the points (default: the set's)")
    ap.add_argument("--out", type=Path, help="the judge's lines (default: the set's)")
    ap.add_argument("--stages", default=",".join(map(str, STAGES)), help="worlds, stage by stage")
    ap.add_argument("--cap", default=str(CAP_NODES), help="nodes a world (past it: capped)")
    ap.add_argument("--variants", default="", help="comma list (default: all)")
    ap.add_argument("--phases", default="", help=f"comma list of {', '.join(PHASES)}")
    ap.add_argument("--ids", default="", help="comma list of point ids (default: all)")
    ap.add_argument("--coverage", action="store_true", help="say what is judged, judge nothing")
    ap.add_argument(
        "--show", action="store_true", help="print the points' judgements, judge nothing"
    )
    args = ap.parse_args(argv)
    try:
        stages = [count(s, "--stages") for s in args.stages.split(",")]
        if max(stages) > MOST_WORLDS:
            raise ValueError(f"--stages: at most {MOST_WORLDS:,} worlds a point")
        cap = count(args.cap, "--cap")
        folder = set_folder(args.set)
        args.points = args.points or folder / POINTS_NAME
        args.out = args.out or folder / JUDGE_NAME
        points = chosen(load_points(args.points), args.variants, args.phases)
        if args.ids:
            ids = set(args.ids.split(","))
            points = [p for p in points if p.id in ids]
        if args.coverage:
            print(coverage(points, load_judgements(args.out)))
            return
        if args.show:
            judgements = load_judgements(args.out)
            print("\n".join(show(p, judgements.get(p.id)) for p in points))
            return
        out = JudgeFile(args.out)
    except ValueError as e:
        raise SystemExit(f"judge_decisions: {e}") from None
    order = round_robin(points)
    solver = Solver(tt_mb=JUDGE_TT_MB)
    print(
        f"judge {args.set}: {len(order)} points, stages {stages}, cap {cap:,} nodes a world,"
        f" pid {os.getpid()}",
        file=sys.stderr,
        flush=True,
    )
    try:
        for target in sorted(stages):
            for point in order:
                started, cpu, n = time.perf_counter(), 0.0, 0
                for line in judge_point(point, target, out, solver, cap):
                    cpu, n = cpu + line.cpu, n + 1
                    if line.beyond:
                        print(f"{point.id}: world {line.world} capped"
                              f" ({line.nodes or 0:,} nodes, {line.cpu:.1f} s)",
                              file=sys.stderr, flush=True)  # fmt: skip
                if n:
                    print(
                        f"{time.strftime('%H:%M:%S')} {point.id}: {n} worlds to"
                        f" {target}, cpu {cpu:.1f} s, wall {time.perf_counter() - started:.1f} s",
                        file=sys.stderr,
                        flush=True,
                    )
    except KeyboardInterrupt:
        out.close()
        print("judge_decisions: interrupted; run again to continue", file=sys.stderr)
        raise SystemExit(130) from None
    except TricksolverError as e:
        raise SystemExit(f"judge_decisions: {e}") from None
    out.close()


if __name__ == "__main__":
    main()
