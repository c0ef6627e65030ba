"""The decision-quality bench: how much a player loses per
decision, against the judge's values of every legal move.

Every judged decision point (`decision_points.py`: the deciding seat's view
of a decision from hands played by `pimc`; `judge_decisions.py`: every legal
move's exact PIMC mean over many worlds) is put to a *setting*: a player
(``pimc:16/300k``, ``epimc:16/300k``, ``heuristic``, any ``--seats`` name)
or ``recommend[:samples=N,time=S,jobs=J,max_nodes=N,node_budget=N,race=no]``
(`solver.pimc.recommend` in play, `solver.decisions.decide_before_play`
before play, as ``tricksolver recommend`` runs them).  A player is handed a
deal drawn from the point's view (a stand-in: what the seat cannot see is
made up, so it cannot peek); ``recommend`` is handed the view itself.

The *loss* of a decision is the judge's best mean minus the judge's mean of
the move chosen (0 for a best move; the game's units: tricks, Chinkway
quest points, Cinch net points).  Reported per variant and phase: the
points judged (of the set; the rest, *short*, judged on fewer than
`--min-worlds` worlds: beyond the judge or not yet judged), those of them
resting on capped worlds (worlds past the judge's cap, left out: the long
ones, so such a point's means may be biased), the mean loss with its 95% t interval over the
points, the share of decisions within TOLERANCE of the best, the time per
decision, and the judge's own noise (the mean standard error of the loss
it gives the chosen moves).  With ``--against`` a second setting is put to
the same points and the two compared paired: the difference of their losses
point by point, with its 95% interval (negative: the first loses less).

The same seed, the same answer (a setting with a time limit aside: its
worlds depend on the clock).  Ctrl-C reports the points done (status 130).

    python benches/bench_decisions.py --setting pimc:16/300k
    python benches/bench_decisions.py --setting pimc:16/300k --against heuristic --phases end,late
    python benches/bench_decisions.py --setting recommend:time=10,jobs=2 --variants chinkway-5
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benches.decision_points import BEFORE, PHASES, POINTS_FILE, DecisionPoint, load_points  # noqa: E402
from benches.judge_decisions import (  # noqa: E402
    JUDGE_FILE,
    MIN_JUDGED_WORLDS,
    Judged,
    chosen,
    count,
    load_judgements,
)
from solver.decisions import decide_before_play  # noqa: E402
from solver.errors import TricksolverError  # noqa: E402
from solver.match import Summary  # noqa: E402
from solver.pimc import recommend  # noqa: E402
from solver.players import make_player  # noqa: E402
from solver.sampling import stand_in  # noqa: E402

TOLERANCE = 0.05  # a decision within this of the judge's best mean counts as a best one
MIN_WORLDS = MIN_JUDGED_WORLDS  # a point counts once judged on this many worlds
RECOMMEND = "recommend"
RECOMMEND_KEYS = ("samples", "time", "jobs", "max_nodes", "node_budget", "race")
RECOMMEND_SAMPLES = 100  # recommend's worlds when not given (as `tricksolver recommend`)
NO = ("no", "false", "off", "0")
YES = ("yes", "true", "on", "1")

Choose = Callable[[DecisionPoint, random.Random], str]


def recommend_setting(text: str) -> Choose:
    """``recommend`` with its settings (``samples=100,time=10,jobs=2``);
    ValueError for an unknown key or a bad value."""
    options: dict[str, str] = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        key, _, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if key not in RECOMMEND_KEYS or not value.strip():
            raise ValueError(
                f"recommend: unknown setting {item!r} (settings: "
                f"{', '.join(k + '=...' for k in RECOMMEND_KEYS)})"
            )
        options[key] = value.strip().lower()
    samples = count(options.get("samples", str(RECOMMEND_SAMPLES)), "recommend: samples")
    seconds = None
    if "time" in options:
        try:
            seconds = float(options["time"])
        except ValueError:
            seconds = -1.0
        if not 0 < seconds < float("inf"):
            raise ValueError(f"recommend: time must be positive seconds, not {options['time']!r}")
    jobs = count(options["jobs"], "recommend: jobs") if "jobs" in options else 1
    max_nodes = count(options["max_nodes"], "recommend: max_nodes") if "max_nodes" in options else 0
    budget = (
        count(options["node_budget"], "recommend: node_budget") if "node_budget" in options else 0
    )
    race = options.get("race", "yes")
    if race not in NO + YES:
        raise ValueError(f"recommend: race is yes or no, not {race!r}")

    def choose(point: DecisionPoint, rng: random.Random) -> str:
        seed = rng.randrange(1 << 31)
        if point.phase == BEFORE:
            world = stand_in(point.read_view())
            got = decide_before_play(world, point.seat, seconds=seconds, samples=samples, seed=seed,
                                     max_nodes=max_nodes or None)  # fmt: skip
            return str(got.completed().move)
        rec = recommend(
            point.read_view(), samples=samples, seconds=seconds, seed=seed, jobs=jobs,
            max_nodes=max_nodes, node_budget=budget, race=race in YES,
        )  # fmt: skip
        return str(rec.completed().best)

    return choose


def setting(text: str) -> Choose:
    """What a setting's text names: ``recommend[:...]`` or a player (its
    ``--seats`` name).  ValueError or NotationError when bad."""
    name, _, rest = text.strip().partition(":")
    if name.strip().lower() == RECOMMEND:
        return recommend_setting(rest)
    player = make_player(text)

    def choose(point: DecisionPoint, rng: random.Random) -> str:
        return str(player.choose(point.read_view(), rng))

    return choose


@dataclass(frozen=True)
class Choice:
    """A setting's decision at a point: the move, its loss (None: a move the
    judge did not value), the judge's standard error of that loss, the time."""

    point: DecisionPoint
    move: str
    loss: float | None
    judge_stderr: float
    seconds: float


def decide(choose: Choose, point: DecisionPoint, judged: Judged, seed: int) -> Choice:
    rng = random.Random(f"bench decisions {seed} {point.id}")
    started = time.perf_counter()
    move = choose(point, rng)
    seconds = time.perf_counter() - started
    value = judged.value_of(move)
    if value is None:
        return Choice(point, move, None, 0.0, seconds)
    return Choice(point, move, -value.diff, value.diff_stderr, seconds)


def judged_points(
    points: Sequence[DecisionPoint], judgements: dict[str, Judged], min_worlds: int
) -> list[DecisionPoint]:
    """The points judged on `min_worlds` worlds or more (capped worlds aside)."""
    out = []
    for p in points:
        j = judgements.get(p.id)
        if j is not None and j.counts(min_worlds):
            out.append(p)
    return out


# -- the report -----------------------------------------------------------------------


def _cells(points: Sequence[DecisionPoint]) -> list[tuple[str, str]]:
    """(variant, phase) of the points, variants in order, phases in PHASES order."""
    variants = list(dict.fromkeys(p.variant for p in points))
    present = {(p.variant, p.phase) for p in points}
    return [(v, ph) for v in variants for ph in PHASES if (v, ph) in present]


def summary_row(
    choices: Sequence[Choice], total: int, worlds: Sequence[int], capped: int
) -> dict[str, Any]:
    valued = [c for c in choices if c.loss is not None]
    losses = Summary.of([c.loss for c in valued if c.loss is not None])
    within = sum(c.loss is not None and c.loss <= TOLERANCE + 1e-9 for c in valued)
    return {
        "points": total,
        "judged": len(choices),
        "short": total - len(choices),
        "capped": capped,
        "unvalued_choices": len(choices) - len(valued),
        "worlds_min": min(worlds, default=0),
        "worlds_mean": round(sum(worlds) / len(worlds), 1) if worlds else 0,
        "mean_loss": None if not valued else round(losses.mean, 4),
        "ci95": None if losses.low is None else [round(losses.low, 4), round(losses.high or 0, 4)],
        "within": within,
        "within_share": None if not valued else round(within / len(valued), 4),
        "judge_stderr": None
        if not valued
        else round(sum(c.judge_stderr for c in valued) / len(valued), 4),
        "seconds_per_decision": None
        if not choices
        else round(sum(c.seconds for c in choices) / len(choices), 4),
    }


def paired_row(a: Sequence[Choice], b: Sequence[Choice]) -> dict[str, Any]:
    diffs = [
        x.loss - y.loss
        for x, y in zip(a, b, strict=True)
        if x.loss is not None and y.loss is not None
    ]
    s = Summary.of(diffs)
    return {
        "pairs": len(diffs),
        "mean_difference": None if not diffs else round(s.mean, 4),
        "ci95": None if s.low is None else [round(s.low, 4), round(s.high or 0, 4)],
    }


def report(
    points: Sequence[DecisionPoint],
    judgements: dict[str, Judged],
    results: dict[str, list[Choice]],
) -> dict[str, Any]:
    """Per variant and phase, and per variant: each setting's row and, for
    two settings, their paired difference."""
    names = list(results)
    rows = []
    for variant, phase in [
        *_cells(points),
        *[(v, "all") for v in dict.fromkeys(p.variant for p in points)],
    ]:
        mine = [p for p in points if p.variant == variant and (phase == "all" or p.phase == phase)]
        ids = {p.id for p in mine}
        row: dict[str, Any] = {"variant": variant, "phase": phase}
        for name in names:
            got = [c for c in results[name] if c.point.id in ids]
            worlds = [judgements[c.point.id].worlds for c in got]
            capped = sum(judgements[c.point.id].capped > 0 for c in got)
            row[name] = summary_row(got, len(mine), worlds, capped)
        if len(names) == 2:
            a = [c for c in results[names[0]] if c.point.id in ids]
            b = [c for c in results[names[1]] if c.point.id in ids]
            row["paired"] = paired_row(a, b)
        rows.append(row)
    return {"settings": names, "rows": rows}


def _fmt_loss(r: dict[str, Any]) -> str:
    if r["mean_loss"] is None:
        return f"{'-':>24}"
    ci = r["ci95"]
    interval = "" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"
    return f"{r['mean_loss']:7.3f} {interval:>16}"


def render(data: dict[str, Any], seed: int, min_worlds: int) -> str:
    names = data["settings"]
    lines = [
        f"decision-quality bench, seed {seed}, points judged on {min_worlds}+ worlds",
        "(judged: points counted of the set, the rest judged on fewer worlds; capped: of those,"
        " points some of whose worlds passed the judge's cap and are left out: the long ones,"
        " so their means may be biased)",
    ]
    head = f"{'variant':16} {'phase':10} {'judged':>9} {'capped':>6} {'worlds':>6}"
    for name in names:
        lines.append(f"{name}:")
        lines.append(f"  {head} {'mean loss':>7} {'95% interval':>16} {'within':>7} {'judge se':>8}"
                     " s/decision")  # fmt: skip
        for row in data["rows"]:
            r = row[name]
            judged = f"{r['judged']}/{r['points']}"
            share = "-" if r["within_share"] is None else f"{100 * r['within_share']:.0f}%"
            se = "-" if r["judge_stderr"] is None else f"{r['judge_stderr']:.3f}"
            t = "-" if r["seconds_per_decision"] is None else f"{r['seconds_per_decision']:.3f}"
            cells = (
                f"{row['variant']:16} {row['phase']:10} {judged:>9} {r['capped']:>6}"
                f" {r['worlds_mean']:>6}"
            )
            lines.append(f"  {cells} {_fmt_loss(r)} {share:>7} {se:>8} {t}")
        unvalued = sum(
            row[name]["unvalued_choices"] for row in data["rows"] if row["phase"] == "all"
        )
        if unvalued:
            lines.append(f"  {unvalued} choices of moves the judge did not value (left out)")
    if len(names) == 2:
        lines.append(
            f"paired: loss of {names[0]} - loss of {names[1]} (negative: the first is better)"
        )
        for row in data["rows"]:
            p = row["paired"]
            if p["mean_difference"] is None:
                continue
            ci = "-" if p["ci95"] is None else f"[{p['ci95'][0]:+.3f}, {p['ci95'][1]:+.3f}]"
            lines.append(f"  {row['variant']:16} {row['phase']:10} {p['pairs']:>5} pairs"
                         f" {p['mean_difference']:+.3f} {ci:>18}")  # fmt: skip
    return "\n".join(lines)


def labelled(settings: Sequence[str]) -> list[tuple[str, str]]:
    """(label, setting): a setting named twice is labelled apart (compared
    with itself, its two runs are the same)."""
    out: list[tuple[str, str]] = []
    for spec in settings:
        label = spec
        while label in (lab for lab, _ in out):
            label += " (again)"
        out.append((label, spec))
    return out


def run(
    settings: Sequence[str],
    points: Sequence[DecisionPoint],
    judgements: dict[str, Judged],
    seed: int,
    progress: Callable[[str], None] | None = None,
) -> tuple[dict[str, list[Choice]], bool]:
    """Every setting's choice at every point (points in order, the settings
    in turn at each); (the choices, whether Ctrl-C stopped it)."""
    chooses = {label: setting(spec) for label, spec in labelled(settings)}
    results: dict[str, list[Choice]] = {label: [] for label in chooses}
    try:
        for i, p in enumerate(points):
            got = {n: decide(c, p, judgements[p.id], seed) for n, c in chooses.items()}
            for n, c in got.items():  # a point counts for every setting or none
                results[n].append(c)
            if progress is not None:
                said = ", ".join(f"{n} {c.move} loss {c.loss}" for n, c in got.items())
                progress(f"{i + 1}/{len(points)} {p.id}: {said}")
    except KeyboardInterrupt:
        return results, True
    return results, False


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--setting", default="pimc", help="a player or recommend[:...]")
    ap.add_argument("--against", default=None, help="a second setting, compared paired")
    ap.add_argument("--variants", default="", help="comma list (default: all)")
    ap.add_argument("--phases", default="", help=f"comma list of {', '.join(PHASES)}")
    ap.add_argument("--min-worlds", default=str(MIN_WORLDS), help="worlds a point is judged on")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--points", type=Path, default=POINTS_FILE)
    ap.add_argument("--judge", type=Path, default=JUDGE_FILE)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)
    try:
        min_worlds = count(args.min_worlds, "--min-worlds")
        names = [args.setting] + ([args.against] if args.against else [])
        for name in names:
            setting(name)  # bad settings before any work
        points = chosen(load_points(args.points), args.variants, args.phases)
        judgements = load_judgements(args.judge)
    except (ValueError, TricksolverError) as e:
        raise SystemExit(f"bench_decisions: {e}") from None
    todo = judged_points(points, judgements, min_worlds)
    say = None if args.quiet else (lambda s: print(s, file=sys.stderr, flush=True))
    try:
        results, interrupted = run(names, todo, judgements, args.seed, say)
    except TricksolverError as e:
        raise SystemExit(f"bench_decisions: {e}") from None
    data = report(points, judgements, results)
    data.update(seed=args.seed, min_worlds=min_worlds, interrupted=interrupted)
    print(json.dumps(data, indent=2) if args.json else render(data, args.seed, min_worlds))
    if interrupted:
        raise SystemExit(130)


if __name__ == "__main__":
    main()
