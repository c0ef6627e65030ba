"""The judge's values of the decision points' moves (`solver.decision_points`),
as the decision-quality bench reads them (`solver.decision_bench`; the
repository's `benches/judge_decisions.py` computes them).

The judge's file holds JSON lines, one a world of a point: ``{"point",
"world", "values": {move: value}, "nodes", "cpu", "cap"}`` (every legal
move, or before play every candidate plan, valued exactly in world i drawn
from the point's view), or ``{"point", "world", "beyond": true, ...}``: a
*capped* world, whose search passed the judge's node cap (not judged); and
before play a line ``{"point", "plans": [[plan, move], ...]}``.  A point's
judgement (`judged`) rests on the worlds judged; the capped ones are
counted, and said: the worlds that cap are the long ones, so a point with
capped worlds rests on its shorter worlds and its means may be biased by
that.  A point counts once judged on `MIN_JUDGED_WORLDS` worlds.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.errors import BenchDataError
from solver.match import Summary

MIN_JUDGED_WORLDS = 10  # a point counts (for the bench) once judged on this many worlds


@dataclass(frozen=True)
class MoveValue:
    """A move's judged value: the mean over the worlds, its standard error,
    and its paired difference from the best move's (mean, standard error)."""

    move: str
    mean: float
    stderr: float
    diff: float
    diff_stderr: float
    plan: str | None  # before play: the plan whose values are the move's


@dataclass(frozen=True)
class Judged:
    """A point's judgement: `worlds` judged and `capped` (past the cap, not
    judged), every move's value best first (empty when no world is judged),
    and the CPU seconds and nodes it took."""

    point: str
    worlds: int
    capped: int
    moves: tuple[MoveValue, ...]
    cpu: float
    nodes: int

    @property
    def beyond(self) -> bool:
        """No world judged, some capped: beyond the judge (at its cap)."""
        return self.capped > 0 and self.worlds == 0

    def counts(self, min_worlds: int = MIN_JUDGED_WORLDS) -> bool:
        """Judged on `min_worlds` worlds or more: the bench takes it."""
        return self.worlds >= min_worlds

    @property
    def most_stderr(self) -> float:
        """The largest standard error of a move's difference from the best
        (the judge's sampling error at this point, from its worlds)."""
        return max((m.diff_stderr for m in self.moves), default=math.inf)

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value_of(self, move: str) -> MoveValue | None:
        for m in self.moves:
            if m.move == move:
                return m
        return None

    def loss(self, move: str) -> float | None:
        """The judge's best mean minus the mean of `move` (None: a move the
        judge did not value, such as a plan it did not try)."""
        m = self.value_of(move)
        return None if m is None else self.best.mean - m.mean


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (infinite from one value)."""
    s = Summary.of(xs)
    return s.mean, math.inf if s.sd is None else s.sd / math.sqrt(s.n)


def latest_worlds(lines: Sequence[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """A point's lines by world, a world's later line superseding an earlier
    one (as a run with a larger cap supersedes a world capped by a smaller)."""
    return {int(d["world"]): d for d in lines}


def judged_values(by_world: dict[int, dict[str, Any]]) -> list[dict[str, int]]:
    """The values of the worlds judged (`latest_worlds`), in world order, the
    capped ones left out."""
    return [by_world[i]["values"] for i in sorted(by_world) if not by_world[i].get("beyond")]


def lines_by_point(
    lines: Sequence[dict[str, Any]],
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[tuple[str, str]]]]:
    """A judge file's lines (`read_lines`): each point's world lines, and
    each point's plans (before play)."""
    worlds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    plans: dict[str, list[tuple[str, str]]] = {}
    for d in lines:
        if "plans" in d:
            plans[d["point"]] = [(p, m) for p, m in d["plans"]]
        else:
            worlds[d["point"]].append(d)
    return worlds, plans


def judged(
    point: str, lines: Sequence[dict[str, Any]], plans: Sequence[tuple[str, str]] | None
) -> Judged:
    """The judgement of a point from its lines (worlds in any order; a
    world's later line supersedes an earlier one, as a run with a larger
    cap supersedes a world capped by a smaller one): every world judged is
    used, the capped ones are counted.  The CPU and nodes count every line."""
    by_world = latest_worlds(lines)
    cpu = sum(float(d["cpu"]) for d in lines)
    nodes = sum(int(d["nodes"] or 0) for d in lines)
    capped = sum(bool(d.get("beyond")) for d in by_world.values())
    rows = judged_values(by_world)
    n = len(rows)
    if n == 0:
        return Judged(point, 0, capped, (), cpu, nodes)
    keys = list(rows[0])
    series = {k: [float(r[k]) for r in rows] for k in keys}
    means = {k: sum(v) / n for k, v in series.items()}
    owner: dict[str, str | None] = {}
    if plans is None:
        owner = dict.fromkeys(keys)
        by_move = series
    else:  # a move: its best plan by mean
        by_move, first = {}, dict(plans)
        for k in sorted(keys, key=lambda k: -means[k]):
            move = first[k]
            if move not in by_move:
                by_move[move], owner[move] = series[k], k
    order = sorted(by_move, key=lambda k: -sum(by_move[k]) / n)
    top = by_move[order[0]]
    out = []
    for k in order:
        mean, se = _mean_se(by_move[k])
        diff, dse = _mean_se([a - b for a, b in zip(by_move[k], top, strict=True)])
        out.append(MoveValue(k, mean, se, diff, 0.0 if k == order[0] else dse, owner[k]))
    return Judged(point, n, capped, tuple(out), cpu, nodes)


def _a_line(data: Any) -> bool:
    """Whether `data` has the keys and types of a line of the judge."""
    if not isinstance(data, dict) or not isinstance(data.get("point"), str):
        return False
    if "plans" in data:
        return isinstance(data["plans"], list)
    return (
        isinstance(data.get("world"), int)
        and isinstance(data.get("cpu"), int | float)
        and (data.get("nodes") is None or isinstance(data["nodes"], int))
        and (data.get("beyond") is True or isinstance(data.get("values"), dict))
    )


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The judge's lines of a file (a partial last line, from a kill, left
    out); [] when there is no file.  BenchDataError for a damaged line."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and not text.endswith("\n"):
        lines.pop()  # the world in progress when the judge was killed
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            raise BenchDataError(f"{path}:{n}: not a line of the judge") from None
        if not _a_line(data):
            raise BenchDataError(f"{path}:{n}: not a line of the judge")
        out.append(data)
    return out


def load_judgements(path: Path) -> dict[str, Judged]:
    """Every point's judgement in a judge file."""
    lines, plans = lines_by_point(read_lines(path))
    return {p: judged(p, ls, plans.get(p)) for p, ls in lines.items()}
