"""`tricksolver recommend`: the best card for a seat that sees only its own
cards and the table, by sampling the worlds it cannot tell apart (PIMC)."""

from __future__ import annotations

import math
import sys
import threading
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import solver
from solver.doubledummy import DEFAULT_TT_MB
from solver.notation import get_str, parse_fields, parse_seat
from solver.pimc import OBJECTIVES, Recommendation
from solver.pimc import recommend as run_recommend
from solver.view import View, parse_view

VALUE_WORDS = {
    "whist": "tricks from here",
    "chinese-whist": "tricks from here",
    "cinch": "net hand score",
    "chinkway": "quest score",
}


def read_view(text: str, seat: str | None) -> View:
    """A view: written directly (a `seat` key, unseen cards left out), or the
    view of --seat in a full position."""
    fields = parse_fields(text)
    if get_str(fields, "seat") is not None:
        view = parse_view(text)
        if seat is not None and parse_seat(seat, view.nseats, "--seat") != view.seat:
            raise solver.PositionError(
                f"--seat {seat} differs from the view's own seat {view.seat_name(view.seat)}"
            )
        return view
    pos = solver.parse_position(text)
    if seat is None:
        raise solver.PositionError(
            "--seat is needed with a full position (which seat's knowledge to use)"
        )
    return View.from_position(pos, parse_seat(seat, pos.nseats, "--seat"))


def _fmt(x: float) -> str:
    return "-" if not math.isfinite(x) else f"{x:.2f}"


def render(view: View, rec: Recommendation, no_color: bool) -> None:
    console = Console(no_color=no_color or None, highlight=False)
    what = VALUE_WORDS.get(view.game, "value")
    if rec.objective == "maxn":
        what += ", max^n"
    elif view.game in ("chinkway",) or (view.game == "chinese-whist" and view.nseats == 3):
        what += ", paranoid"
    title = (
        f"Seat {view.seat_name(rec.seat)}: {rec.worlds} worlds"
        f" (of {rec.consistent:,} consistent), seed {rec.seed}; mean {what}"
    )
    table = Table(title=title, title_justify="left")
    table.add_column("card")
    table.add_column("mean", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("best in", justify="right")
    table.add_column("vs top (95%)", justify="right")
    for i, m in enumerate(rec.moves):
        vs = "" if i == 0 else f"{_fmt(m.diff_low)} .. {_fmt(m.diff_high)}"
        table.add_row(
            str(m.move),
            f"{m.mean:.2f}",
            f"{_fmt(m.low)} .. {_fmt(m.high)}",
            f"{100 * m.best_share:.0f}%",
            vs,
        )
    console.print(table)
    note = f"best: {rec.best}"
    if rec.stopped == "time":
        note += f"  (time limit: {rec.worlds} of {rec.requested} worlds solved)"
    elif rec.stopped == "interrupted":
        note += f"  (interrupted: {rec.worlds} of {rec.requested} worlds solved)"
    console.print(note)
    per = rec.stats.nodes / rec.seconds if rec.seconds > 0 else 0.0
    console.print(
        f"{rec.seconds:.2f} s, {rec.stats.nodes:,} nodes ({per:,.0f}/s over all workers)",
        style="dim",
    )


@click.command()
@click.argument("position")
@click.option(
    "--seat",
    "-s",
    metavar="SEAT",
    help="The seat to advise (1-5, or N E S W in whist); needed with a full position.",
)
@click.option(
    "--samples", "-n", type=int, default=100, show_default=True,
    help="Worlds to draw and solve.",
)  # fmt: skip
@click.option(
    "--time", "seconds", type=float, metavar="SECONDS",
    help="Stop after SECONDS and rank by the worlds solved by then.",
)  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the worlds drawn.")
@click.option(
    "--jobs", "-j", type=int, metavar="J",
    help="Worker processes (default: one per core; 1 solves in this process).",
)  # fmt: skip
@click.option(
    "--objective", type=click.Choice(OBJECTIVES), default="value", show_default=True,
    help="value: the solver's value (paranoid with three or more sides); "
    "maxn: max^n (three or more sides).",
)  # fmt: skip
@click.option(
    "--tt-mb", type=int, default=DEFAULT_TT_MB, show_default=True, metavar="MIB",
    help="Transposition table of each worker, MiB.",
)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--no-color", is_flag=True, help="Plain text without colours.")
def recommend(
    position: str,
    seat: str | None,
    samples: int,
    seconds: float | None,
    seed: int,
    jobs: int | None,
    objective: str,
    tt_mb: int,
    as_json: bool,
    no_color: bool,
) -> None:
    """Recommend a card for SEAT from what SEAT knows.

    Draws worlds uniformly among the deals consistent with the seat's view
    (its own cards, the table, the play so far and the voids it showed),
    solves each double-dummy and ranks the legal cards by their mean value
    over the same worlds, with a 95% interval, the share of worlds where the
    card is best and its paired difference from the top card.

    POSITION is a file, '-' for standard input, or one line: either a full
    position (give --seat; the other hands are then ignored) or a view written
    with a 'seat' key and the unseen cards left out (docs/views.md).
    A progress bar shows on a terminal; Ctrl-C returns the result so far.

    \b
    EXAMPLES
      tricksolver deal whist --seed 3 --line | tricksolver recommend - --seat W
      tricksolver recommend game.toml --seat 2 --samples 200 --seed 7 --jobs 2
      tricksolver recommend view.toml --time 5 --json
    """
    from solver.cli.main import read_source

    view = read_view(read_source(position), seat)
    progress: Progress | None = None
    task: Any = None
    if sys.stderr.isatty() and not as_json:
        progress = Progress(
            TextColumn("worlds"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=Console(stderr=True), transient=True,
        )  # fmt: skip
        progress.start()
        task = progress.add_task("worlds", total=samples)

    def step(done: int, total: int) -> None:
        if progress is not None:
            progress.update(task, completed=done)

    stop = threading.Event()
    try:
        rec = run_recommend(
            view, samples=samples, seconds=seconds, seed=seed, jobs=jobs, objective=objective,
            tt_mb=tt_mb, progress=step, stop=stop,
        )  # fmt: skip
    except ValueError as e:
        raise solver.PositionError(str(e)) from None
    except KeyboardInterrupt:
        click.echo("tricksolver: interrupted: no world was solved yet", err=True)
        raise click.exceptions.Exit(130) from None
    finally:
        if progress is not None:
            progress.stop()
    if as_json:
        from solver.cli.main import echo_json

        echo_json({"game": view.game, **rec.to_json()})
        return
    render(view, rec, no_color)
