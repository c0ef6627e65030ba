"""`tricksolver bench`: the standard benchmark of the double-dummy search
(`solver.bench` measures, `solver.cli.render_bench` draws), or with
--signature the search signature (`solver.signature`)."""

from __future__ import annotations

from typing import Any

import click
from click.core import ParameterSource
from rich.console import Console
from rich.progress import Progress

from solver import bench as benchmark
from solver import signature
from solver.budget import DEFAULT_TT_MB, Budget
from solver.cli import render_bench
from solver.games.registry import GAMES

from .bench_decisions import check_alone, decision_options
from .bench_decisions import decisions as bench_decisions
from .common import BRIDGE, INTERRUPTED, PROG, BadInput, echo_json, progress_bars
from .options import TIME, TIME_HELP, TT_MB, TT_MB_HELP


class ProgressBars:
    """The benchmark's progress: one bar per part, on stderr."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.tasks: dict[str, Any] = {}

    def start(self, name: str, total: int) -> None:
        title = benchmark.GAME_TITLES.get(name, name)
        self.tasks[name] = self.progress.add_task(title, total=total)

    def step(self, name: str, detail: str) -> None:
        self.progress.advance(self.tasks[name])


def bench_game_words() -> list[str]:
    """The benchmark's parts as --games lists them: the parts against a
    reference solver, then each game's full-deal parts (a game of several
    also chosen by its name)."""
    words = list(benchmark.REFERENCE_PARTS)
    for game in GAMES.values():
        names = [name for name, _ in game.bench_parts]
        if names:
            words.append(", ".join(names) + (f" (or {game.name})" if len(names) > 1 else ""))
    return words


@click.command()
@click.option(
    "--deals",
    type=click.IntRange(min=0),
    default=benchmark.DEFAULT_REFERENCE_DEALS,
    show_default=True,
    metavar="N",
    help=f"{BRIDGE.title}: the first N deals of the PBN file.",
)
@click.option(
    "--pbn-file",
    metavar="PATH",
    help=f"{BRIDGE.title} deals with LeadStrain and LeadSeat tags"
    " (default: the bundled deals100.pbn).",
)
@click.option(
    "--games",
    default="all",
    show_default=True,
    metavar="LIST",
    help=f"Comma-separated: {', '.join(bench_game_words())}, all.",
)
@click.option(
    "--random-deals",
    type=click.IntRange(min=0),
    default=benchmark.DEFAULT_GAME_DEALS,
    show_default=True,
    metavar="N",
    help="Other games: random deals (one per seed) to solve.",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    metavar="N",
    help="Other games: the first seed.",
)
@click.option(
    "--time-limit",
    type=TIME,
    default=benchmark.DEFAULT_TIME_LIMIT,
    show_default=True,
    metavar="SECONDS",
    help=f"Limit of each solve ({TIME_HELP}); a solve cut short is reported as not exact.",
)
@click.option(
    "--tt-mb",
    type=TT_MB,
    default=DEFAULT_TT_MB,
    show_default=True,
    metavar="MIB",
    help=f"Size of each Solver's transposition table, MiB ({TT_MB_HELP}).",
)
@click.option(
    "--repeat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="N",
    help="Time every solve N times, in N rounds over the deals, and keep each one's "
    "fastest time (DDS's too): steadier figures on a busy machine.",
)
@click.option(
    "--busy",
    type=click.IntRange(min=0, max=benchmark.MAX_NEIGHBOURS),
    default=0,
    show_default=True,
    metavar="N",
    help="Run N neighbour processes that search beside the benchmark the whole time "
    "(full-deal solves of the chosen games), as a second solve on another core does: "
    "the figures of a busy machine.",
)
@click.option("--no-dds", is_flag=True, help="Do not run DDS (even if endplay is installed).")
@click.option(
    "--signature",
    "signature_set",
    type=click.Choice(signature.SETS),
    is_flag=False,
    flag_value=signature.SETS[0],
    metavar="SET",
    help="Instead of the benchmark, the search signature (solver.signature) of the set "
    f"named, {' or '.join(signature.SETS)} (alone: {signature.SETS[0]}): its record count, "
    "its digest and, last, 'Nodes searched: N'. Takes only --json (the records) and --no-color.",
)
@decision_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables.")
@click.option("--no-color", is_flag=True, help="Plain text without colours.")
def bench(
    deals: int,
    pbn_file: str | None,
    games: str,
    random_deals: int,
    seed: int,
    time_limit: float,
    tt_mb: float,
    repeat: int,
    busy: int,
    no_dds: bool,
    signature_set: str | None,
    as_json: bool,
    no_color: bool,
    decisions: bool,
    **decision: Any,
) -> None:
    """The standard benchmark of the double-dummy search.

    Whist: for each deal (the bundled 100 deals, or --pbn-file), the opening
    lead's value of every card (Solver.analyze without a principal
    variation; one thread, one Solver warmed once and cleared before each
    deal, as DDS keeps its memory between calls), timed against DDS
    (endplay's SolveBoard: target -1, solutions 3) in the same run; every
    card's value is checked against DDS's.  Table: the same deals' whole
    double-dummy tables (every strain, every leader; Solver.table) against
    DDS's CalcDDtable on one thread, every entry compared.  Other games:
    full-deal solves from the first lead of random deals (random decisions
    before play), the value for the side on lead.  Prints the processor's
    model, times (median, mean, p95, max), node counts, nodes per second and
    memory (the table size and the process's peak RSS).  Full deals are slow: start small.

    With --signature: the values and node counts of the searches on a fixed
    set of positions of every game, and the answers of the sampling layers
    for fixed seeds, printed as one total node count (the last line) with a
    digest of every record; it changes when, and only when, the search
    changes.  Ctrl-C stops it (status 130) and says how far it went; the
    benchmark stopped by Ctrl-C prints the parts it finished (status 130).

    With --decisions: the decision-quality bench (docs/strength.md).  Each
    stored decision point the judge valued on --min-worlds worlds (every
    legal move's exact PIMC mean) is put to --setting (and --against,
    paired): per variant and phase, the mean loss per decision (the judge's
    best mean minus its mean of the move chosen) with its 95% interval, the
    share within 0.05 of the best, and the time a decision.  Its data is
    benches/data/decisions/v1 of a checkout (every variant and phase), or
    with --set v2 the set of more points at issue 36's four target cells (or
    --data).  Ctrl-C or --time reports the points done.

    \b
    EXAMPLES
      tricksolver bench --deals 3 --games whist --time-limit 5
      tricksolver bench --games chinkway,cinch --random-deals 5 --time-limit 10
      tricksolver bench --games whist --deals 2 --pbn-file solver/data/deals100.pbn --json > b.json
      tricksolver bench --games whist --deals 2 --repeat 3   fastest of 3 rounds a deal
      tricksolver bench --games table --deals 1   DD tables against DDS's
      tricksolver bench --games chinkway --random-deals 10 --busy 1   with the other core busy
      tricksolver bench --signature          the search signature (quick set, ~10 s, long)
      tricksolver bench                      the full standard run (long)
      tricksolver bench --decisions --setting heuristic --phases end --points 1
      tricksolver bench --decisions --setting pimc:8/100k --against heuristic --phases end --json
      tricksolver bench --decisions --set v2 --setting heuristic --points 2
    """
    if decisions:
        bench_decisions(**decision, seed=seed, as_json=as_json, no_color=no_color)
        return
    check_alone(False)
    if signature_set is not None:
        bench_signature(signature_set, as_json, no_color)
        return
    names = benchmark.parse_games(games)
    progress = progress_bars(no_color)
    with progress:
        report = benchmark.run(
            names,
            reference_deals=deals,
            deals_file=pbn_file,
            game_deals=random_deals,
            seed=seed,
            budget=Budget(tt_mb=tt_mb, search_seconds=time_limit),
            use_reference=not no_dds,
            reporter=ProgressBars(progress),
            repeat=repeat,
            busy=busy,
        )
    if as_json:
        echo_json(render_bench.bench_json(report))
    else:
        Console(no_color=no_color or None, highlight=False).print(render_bench.bench_view(report))
    if report.interrupted is not None:  # Ctrl-C: the parts finished are printed above
        finished = [name for name, r in report.references.items() if r is not None]
        finished += [g.name for g in report.games]
        done = ", ".join(finished) if finished else "none"
        click.echo(
            f"{PROG}: interrupted in the part {report.interrupted}; parts finished: {done}",
            err=True,
        )
        raise click.exceptions.Exit(INTERRUPTED)


SIGNATURE_OPTIONS = {"signature_set", "as_json", "no_color"}  # what --signature goes with


def bench_signature(which: str, as_json: bool, no_color: bool) -> None:
    """`bench --signature`: the signature of the set `which`, its progress on
    stderr; Ctrl-C stops it with one line saying how far it went."""
    ctx = click.get_current_context()
    others = [
        param.opts[0]
        for param in ctx.command.params
        if param.name not in SIGNATURE_OPTIONS
        and ctx.get_parameter_source(param.name or "") is not ParameterSource.DEFAULT
    ]
    if others:
        raise BadInput(f"--signature takes no other option but --json and --no-color: {others[0]}")
    done: list[dict[str, Any]] = []
    progress = progress_bars(no_color)
    try:
        with progress:
            task = progress.add_task(f"Signature ({which})", total=None)

            def step(record: dict[str, Any]) -> None:
                done.append(record)
                progress.advance(task)

            result = signature.run(which, step)
    except KeyboardInterrupt:
        click.echo(f"{PROG}: interrupted: {render_bench.signature_stop(which, done)}", err=True)
        raise click.exceptions.Exit(INTERRUPTED) from None
    if as_json:
        echo_json(render_bench.signature_json(which, result))
        return
    click.echo(render_bench.signature_text(which, result))
