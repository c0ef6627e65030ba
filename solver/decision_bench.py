"""The decision-quality bench: how much a setting loses per decision,
against the judge's values of every legal move (`solver.judgement`) at the
decision points (`solver.decision_points`).

A *setting* is a player (``pimc:16/300k``, ``epimc:16/300k``,
``heuristic``, any ``--seats`` name) or
``recommend[:samples=N,time=S,jobs=J,max_nodes=N,node_budget=N,race=no,evaluation=E,first_pass=N]``
(`solver.pimc.recommend` in play, `solver.decisions.decide_before_play`
before play, as ``tricksolver recommend`` runs them, with its defaults:
100 worlds, `DEFAULT_SECONDS` a decision (``time=0``: no limit), one worker
a core, racing).  A player is handed a deal drawn from the point's view (a
stand-in: what the seat cannot see is made up, so it cannot peek);
``recommend`` is handed the view itself.

The *loss* of a decision is the judge's best mean minus the judge's mean of
the move chosen (0 for a best move; the game's units: tricks, Chinkway
quest points, Cinch net points).  `report` gives per variant and phase: the
points judged (of the set; the rest, *short*, judged on fewer than the
minimum of worlds), those of them resting on capped worlds (worlds past the
judge's cap, left out: the long ones, so such a point's means may be
biased), the mean loss with its 95% t interval over the points, the share
of decisions within TOLERANCE of the best, the time per decision, and the
judge's own noise (the mean standard error of the loss it gives the chosen
moves).  With two settings, their paired difference point by point, with
its 95% interval (negative: the first loses less).

The same seed, the same answer (a setting with a time limit aside: its
worlds depend on the clock).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from solver.budget import Budget
from solver.deadline import deadline_after, passed
from solver.decision_points import BEFORE, PHASES, DecisionPoint
from solver.decisions import DEFAULT_SECONDS, decide_before_play
from solver.errors import BenchDataError, PositionError, TricksolverError
from solver.judgement import Judged
from solver.match import Summary
from solver.pimc import recommend
from solver.players import make_player
from solver.sampling import stand_in
from solver.valuation import DEFAULT_EVALUATION, bounded_named

TOLERANCE = 0.05  # a decision within this of the judge's best mean counts as a best one
RECOMMEND = "recommend"
RECOMMEND_KEYS = (
    "samples", "time", "jobs", "max_nodes", "node_budget", "race", "evaluation", "first_pass",
)  # fmt: skip
RECOMMEND_SAMPLES = 100  # recommend's worlds when not given (as `tricksolver recommend`)
NO = ("no", "false", "off", "0")
YES = ("yes", "true", "on", "1")
COUNT_SUFFIXES = {"k": 1_000, "m": 1_000_000}
INTERRUPTED = "interrupted"  # why a run stopped early: Ctrl-C
TIME_UP = "time"  # or its time limit

Choose = Callable[[DecisionPoint, random.Random], str]


def count(text: str, what: str) -> int:
    """A count such as 200, 50M or 500k; BenchDataError naming `what` else."""
    t = text.strip().lower()
    scale = COUNT_SUFFIXES.get(t[-1:], 1)
    try:
        value = round(float(t[:-1] if scale > 1 else t) * scale)
    except (ValueError, OverflowError):
        value = 0
    if value < 1:
        raise BenchDataError(f"{what} must be a positive count (200, 500k, 50M), not {text!r}")
    return value


def recommend_setting(text: str, jobs: int | None = None) -> Choose:
    """``recommend`` with its settings (``samples=100,time=10,jobs=2``),
    `jobs` the workers when the text does not say; BenchDataError for an
    unknown key or a bad value."""
    options: dict[str, str] = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        key, _, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if key not in RECOMMEND_KEYS or not value.strip():
            raise BenchDataError(
                f"recommend: unknown setting {item!r} (settings: "
                f"{', '.join(k + '=...' for k in RECOMMEND_KEYS)})"
            )
        options[key] = value.strip().lower()
    samples = count(options.get("samples", str(RECOMMEND_SAMPLES)), "recommend: samples")
    seconds: float | None = DEFAULT_SECONDS
    if "time" in options:
        try:
            seconds = float(options["time"])
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds < float("inf"):
            raise BenchDataError(
                f"recommend: time must be seconds (0: no limit), not {options['time']!r}"
            )
        seconds = seconds or None
    workers = count(options["jobs"], "recommend: jobs") if "jobs" in options else jobs
    max_nodes = count(options["max_nodes"], "recommend: max_nodes") if "max_nodes" in options else 0
    budget = (
        count(options["node_budget"], "recommend: node_budget") if "node_budget" in options else 0
    )
    # the anytime split's first pass (`Budget.first_pass`; 0: off, not given: the default)
    first_pass = options.get("first_pass")
    passes = (
        None
        if first_pass is None
        else 0
        if first_pass == "0"
        else count(first_pass, "recommend: first_pass")
    )
    race = options.get("race", "yes")
    if race not in NO + YES:
        raise BenchDataError(f"recommend: race is yes or no, not {race!r}")
    try:
        evaluation = bounded_named(options.get("evaluation", DEFAULT_EVALUATION))
    except PositionError as e:
        raise BenchDataError(f"recommend: {e}") from None

    def choose(point: DecisionPoint, rng: random.Random) -> str:
        seed = rng.randrange(1 << 31)
        # the time as `tricksolver recommend` gives it: a deadline (past it, the
        # first world to finish is waited for, so that there is an answer)
        deadline = deadline_after(seconds)
        if point.phase == BEFORE:
            world = stand_in(point.read_view())
            got = decide_before_play(
                world,
                point.seat,
                budget=Budget(deadline=deadline, worlds=samples, search_nodes=max_nodes or None),
                seed=seed,
                bounded=evaluation,
            )
            return str(got.completed().move)
        limits = Budget(search_nodes=max_nodes, run_nodes=budget, deadline=deadline,
                        worlds=samples, jobs=workers, first_pass=passes)  # fmt: skip
        rec = recommend(point.read_view(), budget=limits, seed=seed, race=race in YES,
                        bounded=evaluation)  # fmt: skip
        return str(rec.completed().best)

    return choose


def setting(text: str, jobs: int | None = None) -> Choose:
    """What a setting's text names: ``recommend[:...]`` or a player (its
    ``--seats`` name).  A TricksolverError when bad."""
    name, _, rest = text.strip().partition(":")
    if name.strip().lower() == RECOMMEND:
        return recommend_setting(rest, jobs)
    player = make_player(text)

    def choose(point: DecisionPoint, rng: random.Random) -> str:
        return str(player.choose(point.read_view(), rng))

    return choose


@dataclass(frozen=True)
class Choice:
    """A setting's decision at a point: the move, its loss (None: a move the
    judge did not value, or no move: `failed` says why), the judge's
    standard error of that loss, the time."""

    point: DecisionPoint
    move: str
    loss: float | None
    judge_stderr: float
    seconds: float
    failed: str | None = None


def decide(choose: Choose, point: DecisionPoint, judged: Judged, seed: int) -> Choice:
    rng = random.Random(f"bench decisions {seed} {point.id}")
    started = time.perf_counter()
    try:
        move = choose(point, rng)
    except TricksolverError as e:  # no answer (such as no world valued in the time)
        return Choice(point, "", None, 0.0, time.perf_counter() - started, str(e))
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


def tricks_left_range(text: str) -> tuple[int, int]:
    """``6-8`` or ``7``: the tricks left a point may have; BenchDataError else."""
    low, _, high = text.partition("-")
    try:
        got = (int(low), int(high or low))
    except ValueError:
        got = (0, -1)
    if not 1 <= got[0] <= got[1]:
        raise BenchDataError(f"--tricks-left is N or N-M (tricks left, 1 or more), not {text!r}")
    return got


def some_points(
    points: Sequence[DecisionPoint], per_cell: int | None, seed: int
) -> list[DecisionPoint]:
    """At most `per_cell` points of each variant and phase (all: None),
    chosen by a seeded draw (the same seed, the same points), in the
    points' order."""
    if per_cell is None:
        return list(points)
    cells: dict[tuple[str, str], list[DecisionPoint]] = defaultdict(list)
    for p in points:
        cells[(p.variant, p.phase)].append(p)
    keep: set[str] = set()
    for (variant, phase), mine in cells.items():
        rng = random.Random(f"bench decisions points {seed} {variant} {phase}")
        keep.update(p.id for p in rng.sample(mine, min(per_cell, len(mine))))
    return [p for p in points if p.id in keep]


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
        "unvalued_choices": sum(c.failed is None for c in choices) - len(valued),
        "no_answer": sum(c.failed is not None for c in choices),
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
    progress: Callable[[int, DecisionPoint, dict[str, Choice]], None] | None = None,
    jobs: int | None = None,
    deadline: float | None = None,
) -> tuple[dict[str, list[Choice]], str | None]:
    """Every setting's choice at every point (points in order, the settings
    in turn at each; `jobs`: recommend's workers where a setting does not
    say); (the choices, why it stopped early: None, INTERRUPTED for Ctrl-C,
    TIME_UP when `deadline` passed: no point is begun after it)."""
    chooses = {label: setting(spec, jobs) for label, spec in labelled(settings)}
    results: dict[str, list[Choice]] = {label: [] for label in chooses}
    try:
        for i, p in enumerate(points):
            if passed(deadline):
                return results, TIME_UP
            got = {n: decide(c, p, judgements[p.id], seed) for n, c in chooses.items()}
            for n, c in got.items():  # a point counts for every setting or none
                results[n].append(c)
            if progress is not None:
                progress(i + 1, p, got)
    except KeyboardInterrupt:
        return results, INTERRUPTED
    return results, None
