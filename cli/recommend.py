"""`tricksolver recommend`: the best card for a seat that sees only its own
cards and the table, by sampling the worlds it cannot tell apart (PIMC);
before the first lead, the best bid, discards or trump (`solver.decisions`)."""

from __future__ import annotations

import contextlib
import math
import sys
import threading
from collections.abc import Iterator
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import solver
from solver import epimc
from solver.budget import DEFAULT_TT_MB, MAX_NODES, Budget
from solver.deadline import TIME_MARGIN, deadline_after
from solver.decisions import (
    DEFAULT_SAMPLES,
    DEFAULT_SECONDS,
    PRE_PLAY_PHASES,
    Decision,
    check_decision,
    decide_before_play,
)
from solver.doubledummy import Evaluation, move_classes
from solver.errors import TricksolverError
from solver.games import registry
from solver.games.base import Position
from solver.inference import MODELS, NO_MODEL, PlayModel, model_named
from solver.notation import get_str, parse_fields, parse_seat
from solver.objectives import MaxnBy, Objective, Stopped
from solver.pimc import advised_view
from solver.pimc import recommend as run_recommend
from solver.position import parse_view, view_of
from solver.recommendation import (
    ALGORITHMS,
    EPIMC,
    NO_INTERVAL_ESTIMATES,
    NO_INTERVAL_ONE_WORLD,
    PIMC,
    MoveEstimate,
    Recommendation,
)
from solver.valuation import (
    BOUNDED,
    DEFAULT_EVALUATION,
    EXACT,
    PLAYOUT,
    RACED,
    VALUATIONS,
    bounded_named,
)
from solver.view import View

from .common import (
    BRIDGE,
    MOST_SEATS,
    board_option,
    echo_json,
    json_option,
    moves_option,
    no_color_option,
    one_board,
    text_with_moves,
)
from .options import (
    JOBS,
    MAX_JOBS,
    MAX_SAMPLES,
    NODES,
    NODES_HELP,
    SAMPLES,
    TIME,
    TIME_HELP,
    TT_MB,
    TT_MB_HELP,
    workers_memory,
)
from .render_json import decision_json, recommendation_json

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
    return pos, seat_to_advise(pos, seat)


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
    return view_of(pos, seat_to_advise(pos, seat))


def seat_to_advise(pos: Position, seat: str | None) -> int:
    """The seat of --seat, by default the seat to move."""
    if seat is None:
        if pos.is_over:
            raise solver.PositionError("the hand is over: no seat has a decision to make")
        return pos.to_move
    return parse_seat(seat, pos.nseats, "--seat")


def _fmt(x: float | None) -> str:
    """A figure to two places; ``-`` when unknown; never ``-0.00`` (a
    value that rounds to zero is shown unsigned)."""
    if x is None or not math.isfinite(x):
        return "-"
    text = f"{x:.2f}"
    return "0.00" if text == "-0.00" else text


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


LEGEND = (
    "best in: the share of the worlds in which the card is a best card;"
    " vs top (95%): the interval of the card's paired difference from the top card,"
    " world by world (below 0: worse); -: fewer than two worlds give no interval."
    " Cards on one row scored alike in every world, and the search treats them as one."
)
ESTIMATE_MARK = "~"  # before a mean that rests on worlds not solved exactly
ESTIMATE_LEGEND = (
    "~: an estimate: {exact} of {worlds} worlds behind the mean were solved exactly, the"
    " others valued by a bounded search or a playout; estimates give no 95% interval"
    " (shown: no interval), and their differences prove nothing."
)
NO_INTERVAL_WORDS = {  # why a row has no interval (MoveEstimate.interval_note)
    NO_INTERVAL_ESTIMATES: "no interval: estimates",
    NO_INTERVAL_ONE_WORLD: "-",
}


def mean_text(m: MoveEstimate) -> str:
    """A move's mean: ``<= x`` an upper bound (raced out), ``~x`` an estimate."""
    if m.bounded:
        return f"<= {_fmt(m.mean)}"
    return f"{ESTIMATE_MARK if m.estimated else ''}{_fmt(m.mean)}"


def alike_rows(view: View, rec: Recommendation) -> list[list[MoveEstimate]]:
    """The ranked moves, equivalent ones on one row: moves of one class of
    the search (in a world of the view) whose values are the same in every
    world valued, so that every figure of theirs is the same."""
    try:
        world = solver.Sampler(view).sample(1, rec.seed)[0]
        classes = move_classes(world)
    except solver.TricksolverError:
        classes = []
    class_of = {str(m): i for i, members in enumerate(classes) for m in members}
    rows: list[list[MoveEstimate]] = []
    for m in rec.moves:
        for row in rows:
            first = row[0]
            if (
                str(m.move) in class_of
                and class_of.get(str(first.move)) == class_of[str(m.move)]
                and first.values == m.values
                and first.bounded == m.bounded
            ):
                row.append(m)
                break
        else:
            rows.append([m])
    return rows


def render(view: View, rec: Recommendation, no_color: bool) -> None:
    console = Console(no_color=no_color or None, highlight=False)
    rules = registry.game(view.game)
    what = rules.value_words
    if rec.objective == "maxn":
        by = rec.maxn_by or "score"
        what = f"{rules.maxn_words(by)}, max^n by {by}"
    elif rules.many_sides(view.nseats):
        what += ", paranoid"
    if rec.algorithm == EPIMC:
        what += ", Extended PIMC"
    title = (
        f"Seat {view.seat_name(rec.seat)}: {rec.worlds} world{'' if rec.worlds == 1 else 's'}"
        f" (of {rec.consistent:,} consistent), seed {rec.seed}; mean {what}"
    )
    table = _ranking(title, "card", ["best in", "vs top (95%)"])
    for i, row in enumerate(alike_rows(view, rec)):
        m = row[0]
        mean = mean_text(m)
        if m.bounded:  # raced out: its figures are upper bounds
            interval, vs = "-", f"<= {_fmt(m.diff_high)}"
        elif m.interval_note in NO_INTERVAL_WORDS:  # no confidence interval: say why
            interval = NO_INTERVAL_WORDS[m.interval_note]
            vs = "" if i == 0 else interval
        else:
            interval = _span(m.low, m.high)
            vs = "" if i == 0 else _span(m.diff_low, m.diff_high)
        share = f"{100 * m.best_share:.0f}%" if rec.worlds >= 2 else f"{round(m.best_share)} of 1"
        table.add_row(" ".join(str(r.move) for r in row), mean, interval, share, vs)
    console.print(table)
    console.print(LEGEND, style="dim")
    if any(m.estimated for m in rec.moves):
        console.print(
            ESTIMATE_LEGEND.format(exact=rec.exact_worlds, worlds=rec.worlds), style="bold yellow"
        )
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
    if rec.algorithm == EPIMC:
        parts.append(postponing_words(rec))
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
    if rec.inference is not None and rec.effective_worlds is not None:
        parts.append(
            f"worlds weighed by the play ({rec.inference}): {rec.candidates:,} candidates,"
            f" worth {rec.effective_worlds:,.1f} uniform worlds"
        )
    text = "; ".join(parts)
    if rec.worlds < 2:
        text += "; one world gives no interval: allow more time or worlds"
    return text


def postponing_words(rec: Recommendation) -> str:
    """What Extended PIMC did: the cards postponed to the seat's next
    decision, those left with their PIMC figures as upper bounds, and the
    world-card pairs past the node budget."""
    kept = [str(m.move) for m in rec.moves if m.bounded]
    text = (
        "Extended PIMC: each card valued as the seat fares choosing its next card without"
        " seeing the hidden cards"
    )
    if kept:
        text += (
            f" ({', '.join(kept)} not postponed: their PIMC figures, marked <=, are upper"
            " bounds no better than the top card)"
        )
    if rec.unpostponed:
        text += f"; {rec.unpostponed} world-card pairs past the node budget kept PIMC's value"
    return text


def too_bold_warning(pos: Position, decision: Decision) -> str | None:
    """A warning when the plan ranked first starts with a move the game calls
    too bold to trust on these figures (`Game.too_bold`: a Cinch Shoot)."""
    if not registry.game_of(pos).too_bold(pos, decision.move):
        return None
    return (
        f"warning: {decision.move} ranks first on double-dummy values, which know every"
        " card: with every card known it looks far safer than it is at the table, and a"
        " player that made it on such values was set often (docs/recommend.md,"
        " Candidates; the pimc player makes it only when nothing else is legal)"
    )


def decision_notes(decision: Decision) -> list[str]:
    """What the figures of a decision before play are: estimates (~), means
    over different worlds, and whether the ranking is reproducible."""
    notes = []
    if any(c.worlds < 2 for c in decision.candidates):
        notes.append("-: one world gives no interval.")
    if any(c.estimated for c in decision.candidates):
        notes.append(
            "~: an estimate: some worlds behind the mean were valued by a bounded search or a"
            " heuristic playout (past the search budget), not solved exactly; estimates give no"
            " 95% interval."
        )
    if decision.uneven:
        notes.append(
            "The means are over different numbers of worlds (successive halving: a candidate"
            " eliminated early was valued on fewer): a mean over more worlds does not compare"
            " with one over fewer; the ranking follows the rounds, each of which compared its"
            " candidates over the same worlds."
        )
    if decision.reproducible:
        notes.append("Reproducible: no time limit, so the same seed gives the same ranking.")
    else:
        notes.append(
            "Depends on the clock: the time limit decides how many worlds are valued, so"
            " another run may rank otherwise; --time 0 (no limit) for a reproducible ranking."
        )
    return notes


def render_decision(decision: Decision, no_color: bool, warning: str | None = None) -> None:
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
        if c.confident:
            interval = _span(c.low, c.high)
        else:
            interval = NO_INTERVAL_WORDS[
                NO_INTERVAL_ESTIMATES if c.estimated else NO_INTERVAL_ONE_WORLD
            ]
        table.add_row(
            str(c.plan),
            f"{ESTIMATE_MARK if c.estimated else ''}{_fmt(c.mean)}",
            interval,
            str(c.worlds),
            f"{100 * c.exact / c.worlds:.0f}%",
            "-" if c.eliminated is None else f"round {c.eliminated}",
        )
    console.print(table)
    for line in decision_notes(decision):
        console.print(line, style="dim")
    note = f"best: {decision.best} (now: {decision.move})"
    if decision.stopped == "time":
        note += "  (time limit: the halving stopped early)"
    elif decision.stopped == "interrupted":
        note += "  (interrupted: the halving stopped early)"
    console.print(note)
    if warning:
        console.print(warning, style="bold yellow")
    evaluations = sum(c.worlds for c in decision.candidates)
    exact = sum(c.exact for c in decision.candidates)
    bounded = sum(c.bounded for c in decision.candidates)
    past = "a heuristic playout"
    if decision.evaluation != PLAYOUT:
        past = (
            f"a bounded search to the {decision.evaluation} evaluation within as many nodes"
            f" again, else {past}"
        )
    console.print(
        f"{decision.seconds:.2f} s, {evaluations} plan-world values: {exact} exact,"
        f" {bounded} bounded, {evaluations - exact - bounded} played out"
        f" (search budget {decision.max_nodes:,} nodes a world; past it, {past})",
        style="dim",
    )


DEFAULT_BUDGET = DEFAULT_SECONDS  # --time by default, in play as before play (about 10 s)


def before_play_nodes(max_nodes: int | None) -> int | None:
    """``--max-nodes`` before play as the budget's `search_nodes`: not given,
    None (`decide_before_play` then takes the game's default); ``0`` (no
    limit) `MAX_NODES`, every node the C core counts, since a budget's None
    would be read as not given."""
    return MAX_NODES if max_nodes == 0 else max_nodes


def budget_seconds(seconds: float | None) -> float | None:
    """--time: the default budget when not given, None for 0 (no limit)."""
    if seconds is None:
        return DEFAULT_BUDGET
    return seconds if seconds != 0 else None


def say_budget(note: str, as_json: bool) -> None:
    """The budget's note, before the run: the first line of the text, or
    with --json on standard error when it is a terminal (the JSON alone on
    standard output; its `stopped` and each move's `estimated` say the same)."""
    if not as_json:
        click.echo(note)
    elif sys.stderr.isatty():
        click.echo(note, err=True)


def budget_note(before_play: bool) -> str:
    """The first line of a recommendation run on the default budget: what it
    does when it would take long."""
    if before_play:
        what = (
            "the halving stops when the time is up, and a world whose search is cut short is"
            " valued by a bounded search (an estimate, marked ~)"
        )
    else:
        what = (
            "each world gets a share of the time, a world past its share is valued by a"
            " bounded search (an estimate, marked ~), and the worlds valued by then count"
        )
    return (
        f"Recommending within {DEFAULT_BUDGET:g} s (--time SECONDS; --time 0: no limit, the"
        f" answer reproducible): {what}."
    )


@click.command()
@click.argument("position")
@click.option(
    "--seat",
    "-s",
    metavar="SEAT",
    help=f"The seat to advise (1-{MOST_SEATS}, or N E S W in {BRIDGE.name}); default: the seat"
    " to move.",
)
@moves_option
@board_option
@click.option(
    "--samples", "-n", type=SAMPLES, metavar="N",
    help=f"Worlds to draw and solve (default {PIMC_SAMPLES}); before play, the most worlds"
    f" a candidate is valued on (default {DEFAULT_SAMPLES}); 1 to {MAX_SAMPLES:,}.",
)  # fmt: skip
@click.option(
    "--time", "seconds", type=TIME, metavar="SECONDS",
    help="The whole command's budget: stop after SECONDS from its start and rank by the"
    f" worlds valued by then (default {DEFAULT_BUDGET:g}, in play as before play; in play"
    " each world then gets a share of the time, past it a bounded search: an estimate,"
    f" marked ~; {TIME_HELP}, the answer then reproducible; with --node-budget and no"
    f" --time, none).  The answer comes within SECONDS plus {TIME_MARGIN:g} s.",
)  # fmt: skip
@click.option(
    "--max-nodes", type=NODES, metavar="NODES",
    help="Search budget of each world (default: none in play; before play, by game); a"
    " world past it is valued by a bounded search (exact for the next tricks, then an"
    f" estimate), counted apart ({NODES_HELP}).",
)  # fmt: skip
@click.option(
    "--node-budget", type=NODES, metavar="NODES",
    help="Search nodes of the whole recommendation (in play): the first worlds whose nodes fit"
    f" in it count (like --time, but reproducible; {NODES_HELP}).",
)  # fmt: skip
@click.option(
    "--race/--no-race", default=True, show_default=True,
    help="Race over the cards: after some worlds a card clearly worse than the leader is only"
    " proven below it (its figures then bounds, shown <=); the best card is the same.",
)  # fmt: skip
@click.option(
    "--inference", "inference_name", default=NO_MODEL, show_default=True, metavar="MODEL",
    help="In play, weigh the worlds by how likely the other seats' cards so far were in"
    f" them: {' or '.join(MODELS)} (the heuristic player, who errs now and then), or"
    f" {NO_MODEL} (worlds drawn uniformly).",
)  # fmt: skip
@click.option(
    "--method", type=click.Choice(ALGORITHMS), default=PIMC, show_default=True,
    help="In play: pimc values each card by the worlds solved double-dummy; epimc (Extended"
    " PIMC) as the seat fares choosing its next card without seeing the hidden cards: no"
    " better than pimc's value, a few times its cost, in this process (docs/recommend.md).",
)  # fmt: skip
@click.option(
    "--evaluation", type=click.Choice(VALUATIONS),
    default=str(DEFAULT_EVALUATION), show_default=True,
    help="What values the horizon of a bounded search (the worlds past their nodes, in play"
    " and before play): learned, the game's model trained on exact values, or middle, the"
    " middle of two cheap bounds (the engine before the model); playout: no bounded search,"
    " such a world played out by the heuristic (the engine before it; docs/strength.md).",
)  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the worlds drawn.")
@click.option(
    "--jobs", "-j", type=JOBS, metavar="J",
    help=f"Worker processes (default: one per core; 1 solves in this process; at most"
    f" {MAX_JOBS}).",
)  # fmt: skip
@click.option(
    "--objective", type=click.Choice([str(o) for o in Objective]),
    default=Objective.VALUE.value, show_default=True,
    help="value: the solver's value (paranoid with three or more sides); "
    "maxn: max^n (three or more sides; each side maximises what --maxn-by says).",
)  # fmt: skip
@click.option(
    "--maxn-by", type=click.Choice([str(b) for b in MaxnBy]),
    help="With --objective maxn, what every side maximises: score (the default: its points"
    " for the hand, as the rules say; docs/rules.md) or tricks (its tricks from here).",
)  # fmt: skip
@click.option(
    "--tt-mb", type=TT_MB, default=DEFAULT_TT_MB, show_default=True, metavar="MIB",
    help=f"Transposition table of each worker, MiB ({TT_MB_HELP}).",
)  # fmt: skip
@json_option("a table")
@no_color_option
def recommend(
    position: str,
    seat: str | None,
    moves: str | None,
    board: str | None,
    samples: int | None,
    seconds: float | None,
    max_nodes: int | None,
    node_budget: int | None,
    race: bool,
    inference_name: str,
    method: str,
    evaluation: str,
    seed: int,
    jobs: int | None,
    objective: str,
    maxn_by: str | None,
    tt_mb: float,
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

    POSITION is a file, '-' for standard input, one line or a game saved by
    'play --save': either a full position (the view of --seat, by default the
    seat to move, is taken from it: the other hands are ignored) or a view
    written with a 'seat' key and the unseen cards left out (docs/views.md).
    --moves makes moves in a full position first.  A file of boards (PBN,
    LIN, many positions) needs --board N: recommend takes one position.
    A progress bar shows on a terminal; Ctrl-C prints the ranking so far (status 130).

    Before the first lead (a Cinch call, trump or excess trumps, the Chinkway
    dealer's discards and trump, the Chinese Whist dealer's trump) the
    candidates are plans to the first lead, ranked by successive halving over
    worlds: every candidate's mean, interval, worlds, share valued exactly
    and the round it was eliminated in (docs/recommend.md).

    \b
    EXAMPLES
      tricksolver deal whist --seed 3 --line | tricksolver recommend - -n 20
      tricksolver deal whist --seed 3 | tricksolver recommend - --moves "AS, QS, KS, 8S, 9S" -n 20
      tricksolver play cinch --seed 7 --hands 1 --save game.toml --brief
      tricksolver recommend game.toml --samples 200 --seed 7 --jobs 2
      tricksolver recommend "whist; seat=W; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS" -n 20 --json
      tricksolver deal cinch --seed 4 | tricksolver recommend - --seat 2
      tricksolver recommend docs/session.pbn --board 2 -n 20
      tricksolver deal whist --seed 3 > deal.txt
      tricksolver recommend deal.txt --moves AS,QS -n 8 --inference heuristic
      tricksolver recommend deal.txt --moves "AS, QS" -n 8 --method epimc
    """
    deadline = deadline_after(budget_seconds(seconds))
    if maxn_by is not None and objective != "maxn":
        raise TricksolverError("--maxn-by is for --objective maxn")
    workers_memory(jobs, tt_mb)
    inference = model_named(inference_name)
    text = text_with_moves(one_board(position, board, "recommend"), moves)
    before = read_decision(text, seat)
    if before is not None:
        if objective != "value":
            raise solver.PositionError(
                "--objective maxn is for card play, not a decision before play"
            )
        if inference is not None:
            raise solver.PositionError(
                "--inference weighs worlds by the cards played: it is for card play, not a"
                " decision before play"
            )
        check_decision(before[0], before[1])
        if seconds is None:
            say_budget(budget_note(before_play=True), as_json)
        with searching("no world was valued yet"):
            decision = decide_before_play(
                before[0],
                before[1],
                budget=Budget(
                    deadline=deadline, worlds=samples, search_nodes=before_play_nodes(max_nodes)
                ),
                seed=seed,
                bounded=bounded_named(evaluation),
            )
        warning = too_bold_warning(before[0], decision)
        if as_json:
            echo_json(decision_json(before[0], decision, [warning] if warning else []))
        else:
            render_decision(decision, no_color, warning)
        if decision.stopped == "interrupted":  # Ctrl-C: the ranking so far, then status 130
            values = sum(c.worlds for c in decision.candidates)
            click.echo(
                f"tricksolver: interrupted: the ranking of {values} plan-world values", err=True
            )
            raise click.exceptions.Exit(130)
        return
    if samples is None:
        samples = PIMC_SAMPLES
    view = advised_view(read_view(text, seat), None)
    note = None
    if seconds is None and not node_budget:
        note = budget_note(before_play=False)
    if node_budget and seconds is None:
        deadline = None  # a node budget alone: reproducible, no clock
    # the command's limits, one value passed unchanged to the search
    budget = Budget(tt_mb=math.ceil(tt_mb), search_nodes=max_nodes, run_nodes=node_budget,
                    deadline=deadline, worlds=samples, jobs=jobs)  # fmt: skip
    horizon_value = bounded_named(evaluation)  # a bounded search's horizon, in either method
    if method == EPIMC:
        rec = run_epimc(view, budget, seed, objective, inference, horizon_value, note, as_json)
        show(view, rec, as_json, no_color)
        return
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
        if done == 0 and note is not None:  # the input checked, the run begins
            say_budget(note, as_json)
        if progress is not None:
            progress.update(task, completed=done)

    stop = threading.Event()
    try:
        with searching("no world was solved yet"):
            rec = run_recommend(
                view, budget=budget, seed=seed, progress=step, stop=stop,
                objective=Objective(objective), maxn_by=MaxnBy(maxn_by or MaxnBy.SCORE),
                race=race, inference=inference, bounded=horizon_value,
            )  # fmt: skip
    finally:
        if progress is not None:
            progress.stop()
    show(view, rec, as_json, no_color)


def show(view: View, rec: Recommendation, as_json: bool, no_color: bool) -> None:
    """The recommendation in play, as JSON or as the table; one that Ctrl-C
    ended (the ranking so far) then says so and ends with status 130."""
    if as_json:
        together = {
            str(m.move): [str(r.move) for r in row] for row in alike_rows(view, rec) for m in row
        }
        echo_json(recommendation_json(view, rec, together))
    else:
        render(view, rec, no_color)
    if rec.stopped == Stopped.INTERRUPTED:
        click.echo(f"tricksolver: interrupted: the ranking of {rec.worlds} worlds", err=True)
        raise click.exceptions.Exit(130)


def run_epimc(
    view: View,
    budget: Budget,
    seed: int,
    objective: str,
    inference: PlayModel | None,
    evaluation: Evaluation | None,
    note: str | None,
    as_json: bool,
) -> Recommendation:
    """`--method epimc`: Extended PIMC in this process (solver.epimc); the
    budget's `note` (None: none) first."""
    if objective != "value":
        raise TricksolverError("--method epimc ranks by the value: leave --objective out")
    if budget.jobs is not None:
        raise TricksolverError("--method epimc solves in this process: leave --jobs out")
    if note is not None:
        say_budget(note, as_json)
    with searching("no move was valued yet"):
        return epimc.recommend(
            view, budget=budget, seed=seed, inference=inference, bounded=evaluation
        )


@contextlib.contextmanager
def searching(interrupted: str) -> Iterator[None]:
    """Around a search: bad numbers (ValueError) as a one-line error; Ctrl-C
    before any result says `interrupted` and ends with status 130."""
    try:
        yield
    except ValueError as e:
        raise solver.PositionError(str(e)) from None
    except KeyboardInterrupt:
        click.echo(f"tricksolver: interrupted: {interrupted}", err=True)
        raise click.exceptions.Exit(130) from None
