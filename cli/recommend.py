"""`tricksolver recommend`: the best card for a seat that sees only its own
cards and the table, by sampling the worlds it cannot tell apart (PIMC);
before the first lead, the best bid, discards or trump (`solver.decisions`)."""

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
from solver.decisions import (
    DEFAULT_SAMPLES,
    DEFAULT_SECONDS,
    PRE_PLAY_PHASES,
    Decision,
    decide_before_play,
)
from solver.doubledummy import DEFAULT_TT_MB
from solver.games import registry
from solver.games.base import Position
from solver.notation import get_str, parse_fields, parse_seat
from solver.pimc import OBJECTIVES, Recommendation
from solver.pimc import recommend as run_recommend
from solver.position import parse_view, view_of
from solver.valuation import BOUNDED, EXACT, PLAYOUT, RACED
from solver.view import View

from .common import BRIDGE, MOST_SEATS, echo_json, read_source

PIMC_SAMPLES = 100  # worlds of a card recommendation by default


def read_decision(text: str, seat: str | None) -> tuple[Position, int] | None:
    """(the position, the seat) when the text is of a decision before play:
    a full position (--seat needed), or a Chinese Whist view of the dealer's
    trump (any world of it serves: only what the seat sees is used); None
    for the play."""
    fields = parse_fields(text)
    if get_str(fields, "seat") is not None:
        view = parse_view(text)
        if view.phase not in PRE_PLAY_PHASES:
            return None
        if seat is not None and parse_seat(seat, view.nseats, "--seat") != view.seat:
            raise solver.PositionError(
                f"--seat {seat} differs from the view's own seat {view.seat_name(view.seat)}"
            )
        return solver.Sampler(view).sample(1, 0)[0], view.seat
    pos = solver.parse_position(text)
    if pos.phase not in PRE_PLAY_PHASES:
        return None
    if seat is None:
        raise solver.PositionError(
            "--seat is needed with a full position (which seat's knowledge to use)"
        )
    return pos, parse_seat(seat, pos.nseats, "--seat")


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
    return view_of(pos, parse_seat(seat, pos.nseats, "--seat"))


def _fmt(x: float | None) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{x:.2f}"


def _span(low: float | None, high: float | None) -> str:
    """An interval, or '-' where it is unknown (fewer than two worlds)."""
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return "-"
    return f"{_fmt(low)} .. {_fmt(high)}"


def _ranking(title: str, what: str, more: list[str]) -> Table:
    """The table of a ranking: what is ranked, its mean and 95% interval,
    then the `more` columns (numbers, right-aligned)."""
    table = Table(title=title, title_justify="left")
    table.add_column(what)
    for name in ["mean", "95% interval", *more]:
        table.add_column(name, justify="right")
    return table


def render(view: View, rec: Recommendation, no_color: bool) -> None:
    console = Console(no_color=no_color or None, highlight=False)
    rules = registry.game(view.game)
    what = rules.value_words
    if rec.objective == "maxn":
        what += ", max^n"
    elif rules.many_sides(view.nseats):
        what += ", paranoid"
    title = (
        f"Seat {view.seat_name(rec.seat)}: {rec.worlds} worlds"
        f" (of {rec.consistent:,} consistent), seed {rec.seed}; mean {what}"
    )
    table = _ranking(title, "card", ["best in", "vs top (95%)"])
    for i, m in enumerate(rec.moves):
        if m.bounded:  # raced out: its figures are upper bounds
            mean, interval, vs = f"<= {m.mean:.2f}", "-", f"<= {_fmt(m.diff_high)}"
        else:
            mean, interval = f"{m.mean:.2f}", _span(m.low, m.high)
            vs = "" if i == 0 else _span(m.diff_low, m.diff_high)
        share = f"{100 * m.best_share:.0f}%" if rec.worlds >= 2 else f"{round(m.best_share)} of 1"
        table.add_row(str(m.move), mean, interval, share, vs)
    console.print(table)
    note = f"best: {rec.best}"
    if rec.stopped in STOPPED_WORDS:
        note += f"  ({STOPPED_WORDS[rec.stopped]}: {rec.worlds} of {rec.requested} worlds valued)"
    console.print(note)
    console.print(accounting(rec))
    per = rec.stats.nodes / rec.seconds if rec.seconds > 0 else 0.0
    console.print(
        f"{rec.seconds:.2f} s, {rec.stats.nodes:,} nodes ({per:,.0f}/s over all workers)",
        style="dim",
    )


STOPPED_WORDS = {"time": "time limit", "nodes": "node budget", "interrupted": "interrupted"}


def accounting(rec: Recommendation) -> str:
    """How the worlds were valued, in words: solved exactly (raced or not),
    valued by a heuristic playout past the node budget; the cards raced out
    and what their figures are; a warning when fewer than two worlds count."""
    methods = rec.by_method()
    exact = methods.get(EXACT, 0) + methods.get(RACED, 0)
    parts = [f"{exact} of {rec.worlds} worlds solved exactly"]
    if methods.get(RACED):
        raced = [str(m.move) for m in rec.moves if m.bounded]
        parts.append(
            f"{methods[RACED]} of them raced ({', '.join(raced) or 'no card'} kept out by a"
            " null-window search: figures marked <= are upper bounds)"
        )
    budget = f"the {rec.max_nodes:,}-node budget" if rec.max_nodes else "the node budget"
    if methods.get(BOUNDED):
        parts.append(
            f"{methods[BOUNDED]} past {budget}, valued by a bounded search"
            " (exact for the next tricks, then an estimate: not exact)"
        )
    if methods.get(PLAYOUT):
        parts.append(f"{methods[PLAYOUT]} past {budget}, valued by a heuristic playout (not exact)")
    text = "; ".join(parts)
    if rec.worlds < 2:
        text += "; one world gives no interval: allow more time or worlds"
    return text


def render_decision(decision: Decision, no_color: bool) -> None:
    console = Console(no_color=no_color or None, highlight=False)
    rules = registry.game(decision.game)
    what = rules.value_words
    if any(rules.many_sides(n) for n in rules.seat_counts):
        what += ", paranoid with three sides or more"
    title = (
        f"Seat {decision.seat + 1}, {decision.phase}: {len(decision.candidates)} candidates,"
        f" successive halving over {decision.worlds} worlds, seed {decision.seed};"
        f" mean {what} at the first lead"
    )
    table = _ranking(title, "plan", ["worlds", "exact", "eliminated"])
    for c in decision.candidates:
        table.add_row(
            str(c.plan),
            f"{c.mean:.2f}",
            _span(c.low, c.high),
            str(c.worlds),
            f"{100 * c.exact / c.worlds:.0f}%",
            "-" if c.eliminated is None else f"round {c.eliminated}",
        )
    console.print(table)
    note = f"best: {decision.best} (now: {decision.move})"
    if decision.stopped == "time":
        note += "  (time limit: the halving stopped early)"
    console.print(note)
    evaluations = sum(c.worlds for c in decision.candidates)
    exact = sum(c.exact for c in decision.candidates)
    console.print(
        f"{decision.seconds:.2f} s, {evaluations} plan-world values, {exact} exact"
        f" (search budget {decision.max_nodes:,} nodes a world; past it, a heuristic playout)",
        style="dim",
    )


def _decision_seconds(seconds: float | None) -> float | None:
    """--time before play: the default budget, or 0 for none."""
    if seconds is None:
        return DEFAULT_SECONDS
    return seconds if seconds != 0 else None


@click.command()
@click.argument("position")
@click.option(
    "--seat",
    "-s",
    metavar="SEAT",
    help=f"The seat to advise (1-{MOST_SEATS}, or N E S W in {BRIDGE.name}); needed with a"
    " full position.",
)
@click.option(
    "--samples", "-n", type=int, metavar="N",
    help=f"Worlds to draw and solve (default {PIMC_SAMPLES}); before play, the most worlds"
    f" a candidate is valued on (default {DEFAULT_SAMPLES}).",
)  # fmt: skip
@click.option(
    "--time", "seconds", type=float, metavar="SECONDS",
    help="Stop after SECONDS and rank by the worlds solved by then (before play: default"
    f" {DEFAULT_SECONDS:g}; 0 for no limit, reproducible).",
)  # fmt: skip
@click.option(
    "--max-nodes", type=int, metavar="NODES",
    help="Search budget of each world (default: none in play; before play, by game); a"
    " world past it is valued by a bounded search (exact for the next tricks, then an"
    " estimate), counted apart.",
)  # fmt: skip
@click.option(
    "--node-budget", type=int, metavar="NODES",
    help="Search nodes of the whole recommendation (in play): the first worlds whose nodes fit"
    " in it count (like --time, but reproducible).",
)  # fmt: skip
@click.option(
    "--race/--no-race", default=True, show_default=True,
    help="Race over the cards: after some worlds a card clearly worse than the leader is only"
    " proven below it (its figures then bounds, shown <=); the best card is the same.",
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
    samples: int | None,
    seconds: float | None,
    max_nodes: int | None,
    node_budget: int | None,
    race: bool,
    seed: int,
    jobs: int | None,
    objective: str,
    tt_mb: int,
    as_json: bool,
    no_color: bool,
) -> None:
    """Recommend a card (or, before play, a bid, discards or trump) for SEAT
    from what SEAT knows.

    Draws worlds uniformly among the deals consistent with the seat's view
    (its own cards, the table, the play so far and the voids it showed),
    solves each double-dummy and ranks the legal cards by their mean value
    over the same worlds, with a 95% interval, the share of worlds where the
    card is best and its paired difference from the top card.

    POSITION is a file, '-' for standard input, or one line: either a full
    position (give --seat; the other hands are then ignored) or a view written
    with a 'seat' key and the unseen cards left out (docs/views.md).
    A progress bar shows on a terminal; Ctrl-C returns the result so far.

    Before the first lead (a Cinch call, trump or excess trumps, the Chinkway
    dealer's discards and trump, the Chinese Whist dealer's trump) the
    candidates are plans to the first lead, ranked by successive halving over
    worlds: every candidate's mean, interval, worlds, share valued exactly
    and the round it was eliminated in (docs/recommend.md).

    \b
    EXAMPLES
      tricksolver deal whist --seed 3 --line | tricksolver recommend - --seat W
      tricksolver recommend game.toml --seat 2 --samples 200 --seed 7 --jobs 2
      tricksolver recommend view.toml --time 5 --json
      tricksolver deal cinch --seed 4 | tricksolver recommend - --seat 2
    """
    text = read_source(position)
    before = read_decision(text, seat)
    if before is not None:
        if objective != "value":
            raise solver.PositionError(
                "--objective maxn is for card play, not a decision before play"
            )
        try:
            decision = decide_before_play(
                before[0], before[1], seconds=_decision_seconds(seconds),
                samples=DEFAULT_SAMPLES if samples is None else samples, seed=seed,
                max_nodes=max_nodes,
            )  # fmt: skip
        except ValueError as e:
            raise solver.PositionError(str(e)) from None
        if as_json:
            echo_json(decision.to_json())
        else:
            render_decision(decision, no_color)
        return
    if samples is None:
        samples = PIMC_SAMPLES
    view = read_view(text, seat)
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
            tt_mb=tt_mb, progress=step, stop=stop, max_nodes=max_nodes or 0,
            node_budget=node_budget or 0, race=race,
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
        echo_json({"game": view.game, **rec.to_json()})
        return
    render(view, rec, no_color)
