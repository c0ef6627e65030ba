"""`tricksolver bench --decisions`: the decision-quality bench
(`solver.decision_bench` measures, `render_decisions` draws).  Its options
are defined here and put on `bench` by `decision_options`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from solver import decision_bench as bench
from solver.deadline import deadline_after
from solver.decision_points import (
    DEFAULT_SET,
    JUDGE_NAME,
    PHASES,
    POINTS_NAME,
    SETS,
    DecisionPoint,
    chosen,
    data_folder,
    load_points,
)
from solver.judgement import MIN_JUDGED_WORLDS, load_judgements

from .common import INTERRUPTED, PROG, BadInput, echo_json, progress_bars
from .options import JOBS, TIME, TIME_HELP
from .render_decisions import decisions_text

F = TypeVar("F", bound=Callable[..., Any])

# bench's own options that --decisions takes too
SHARED = {"seed", "as_json", "no_color"}
# what `bench` passes on to `decisions` (its parameter names)
OPTIONS = ("setting", "against", "variants", "phases", "points", "tricks_left", "min_worlds",
           "jobs", "seconds", "data", "decision_set")  # fmt: skip

DECISIONS_HELP = (
    "Instead of the benchmark, the decision-quality bench: a setting's mean loss per decision"
    " against the judge's values at the stored decision points (docs/strength.md). Takes"
    " --setting, --against, --variants, --phases, --points, --tricks-left, --min-worlds,"
    " --seed, --jobs, --time, --set, --data, --json and --no-color."
)


def decision_options(command: F) -> F:
    """The options of --decisions, on `command` (`bench`)."""
    options = [
        click.option("--decisions", is_flag=True, help=DECISIONS_HELP),
        click.option(
            "--setting",
            default=bench.RECOMMEND,
            show_default=True,
            metavar="SPEC",
            help="--decisions: a player (any --seats name, e.g. pimc:16/300k) or"
            " recommend[:samples=N,time=S,jobs=J,max_nodes=N,node_budget=N,race=no,"
            "evaluation=learned|middle|playout,first_pass=N] (alone: tricksolver recommend's"
            " defaults; evaluation=middle the bounded search's horizon as before the learned"
            " model, first_pass=N the anytime split, docs/strength.md).",
        ),
        click.option(
            "--against", metavar="SPEC", help="--decisions: a second setting, compared paired."
        ),
        click.option(
            "--variants", default="", metavar="LIST", help="--decisions: comma list (all)."
        ),
        click.option(
            "--phases", default="", metavar="LIST", help=f"--decisions: of {', '.join(PHASES)}."
        ),
        click.option(
            "--points",
            type=click.IntRange(min=1),
            metavar="N",
            help="--decisions: at most N points of each variant and phase, drawn by --seed.",
        ),
        click.option(
            "--tricks-left", metavar="N[-M]", help="--decisions: points with N to M tricks left."
        ),
        click.option(
            "--min-worlds",
            type=click.IntRange(min=1),
            default=MIN_JUDGED_WORLDS,
            show_default=True,
            metavar="N",
            help="--decisions: points the judge valued on N worlds or more.",
        ),
        click.option(
            "--jobs",
            type=JOBS,
            metavar="J",
            help="--decisions: recommend's workers where the setting does not say (one a core).",
        ),
        click.option(
            "--time",
            "seconds",
            type=TIME,
            default=0.0,
            metavar="SECONDS",
            help=f"--decisions: the run's time limit ({TIME_HELP}); the points done are reported.",
        ),
        click.option(
            "--data",
            type=click.Path(path_type=Path, file_okay=False),
            metavar="FOLDER",
            help="--decisions: the folder of points.jsonl and judge.jsonl"
            " (default: --set's, benches/data/decisions/SET of the checkout).",
        ),
        click.option(
            "--set",
            "decision_set",
            type=click.Choice(SETS),
            default=DEFAULT_SET,
            show_default=True,
            help=f"--decisions: the set of points: {SETS[0]} every variant and phase,"
            f" {SETS[1]} more points at issue 36's four target cells (its README).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def given(ctx: click.Context, names: set[str] | tuple[str, ...]) -> list[str]:
    """The options of `names` given on the command line (their flags)."""
    return [
        param.opts[0]
        for param in ctx.command.params
        if (param.name or "") in names
        and ctx.get_parameter_source(param.name or "") is not ParameterSource.DEFAULT
    ]


def check_alone(decisions: bool) -> None:
    """With --decisions, no option of the benchmark; without it, no option
    of --decisions.  BadInput naming the first offender."""
    ctx = click.get_current_context()
    if decisions:
        mine = {*OPTIONS, *SHARED, "decisions"}
        others = given(ctx, {p.name or "" for p in ctx.command.params} - mine)
        if others:
            raise BadInput(f"--decisions takes no option of the benchmark: {others[0]}")
    else:
        others = given(ctx, OPTIONS)
        if others:
            raise BadInput(f"{others[0]} goes with --decisions")


def the_points(
    folder: Path, variants: str, phases: str, tricks_left: str | None, per_cell: int | None,
    seed: int,
) -> list[DecisionPoint]:  # fmt: skip
    points = chosen(load_points(folder / POINTS_NAME), variants, phases)
    if tricks_left is not None:
        low, high = bench.tricks_left_range(tricks_left)
        points = [p for p in points if low <= p.tricks_left <= high]
    return bench.some_points(points, per_cell, seed)


def decisions(
    setting: str,
    against: str | None,
    variants: str,
    phases: str,
    points: int | None,
    tricks_left: str | None,
    min_worlds: int,
    jobs: int | None,
    seconds: float | None,
    data: Path | None,
    decision_set: str,
    seed: int,
    as_json: bool,
    no_color: bool,
) -> None:
    """`bench --decisions`: check everything, then put the settings to the
    points judged, with a progress bar; the report, and after Ctrl-C (status
    130) or the time limit, the report of the points done."""
    check_alone(True)
    names = [setting] + ([against] if against else [])
    for name in names:
        bench.setting(name, jobs)  # bad settings before any work
    if data is not None and given(click.get_current_context(), {"decision_set"}):
        raise BadInput("--set and --data name the points twice: give one")
    folder = data_folder(data, decision_set)
    chosen_points = the_points(folder, variants, phases, tricks_left, points, seed)
    judgements = load_judgements(folder / JUDGE_NAME)
    todo = bench.judged_points(chosen_points, judgements, min_worlds)
    deadline = deadline_after(seconds)
    progress = progress_bars(no_color)
    with progress:
        task = progress.add_task("Decisions", total=len(todo))

        def step(done: int, point: DecisionPoint, got: dict[str, bench.Choice]) -> None:
            progress.update(task, completed=done, description=point.id)

        results, stopped = bench.run(names, todo, judgements, seed, step, jobs, deadline)
    data_out = bench.report(chosen_points, judgements, results)
    done = len(next(iter(results.values()), []))
    data_out.update(seed=seed, min_worlds=min_worlds, stopped=stopped, points_done=done,
                    points_to_do=len(todo))  # fmt: skip
    data_out["capped_points"] = [
        {"point": p.id, "worlds": j.worlds, "capped": j.capped,
         "judge_stderr": round(j.most_stderr, 4)}
        for p in todo
        if (j := judgements[p.id]).capped
    ]  # fmt: skip
    data_out["choices"] = {
        name: [
            {"point": c.point.id, "move": c.move or None, "loss": c.loss,
             "seconds": round(c.seconds, 3), "failed": c.failed}
            for c in made
        ]
        for name, made in results.items()
    }  # fmt: skip
    if as_json:
        echo_json(data_out)
    else:
        click.echo(decisions_text(data_out))
    if stopped == bench.INTERRUPTED:
        click.echo(f"{PROG}: interrupted: {done} of {len(todo)} points done", err=True)
        raise click.exceptions.Exit(INTERRUPTED)
    if stopped == bench.TIME_UP:
        click.echo(f"{PROG}: warning: the time limit passed: {done} of {len(todo)} points done",
                   err=True)  # fmt: skip
