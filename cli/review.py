"""`tricksolver review`: a played hand card by card (`solver.review`): the
double-dummy value before and after every card, the cost of every mistake
and, with --view, what the seat's view recommended at its decisions."""

from __future__ import annotations

import threading
from typing import Any

import click
from rich.console import Console

import solver
from solver.doubledummy import DEFAULT_TT_MB
from solver.review import (
    ALL_SEATS,
    NO_PLAY,
    REVIEW_SAMPLES,
    VIEW_TT_MB,
    Review,
    ReviewOptions,
    review_text,
)
from solver.timing import Interrupted, in_worker

from .common import (
    INTERRUPTED,
    MOST_SEATS,
    PROG,
    BadInput,
    board_option,
    board_title,
    echo_json,
    is_view_text,
    json_option,
    no_color_option,
    progress_bars,
    read_boards_of,
)
from .options import (
    JOBS,
    MAX_JOBS,
    NODES,
    NODES_HELP,
    SAMPLES,
    TIME,
    TIME_HELP,
    TT_MB,
    TT_MB_HELP,
    workers_memory,
)
from .render_review import review_view, reviewed_text


class _Stopper:
    """What Ctrl-C stops (`solver.timing.in_worker`): the review's flag,
    which ends it after the step in progress, and the Solver's search."""

    def __init__(self, searcher: solver.Solver) -> None:
        self.searcher = searcher
        self.flag = threading.Event()

    def interrupt(self) -> None:
        self.flag.set()
        self.searcher.interrupt()


@click.command()
@click.argument("source", metavar="FILE")
@board_option
@click.option(
    "--moves", "-m", metavar="LIST",
    help="More moves to review after the play recorded, in the game's notation separated by"
    " commas ('KH, AH, AC' or 'claim AS'): a position without play reviews these.",
)  # fmt: skip
@click.option(
    "--view", "views", metavar="SEAT", multiple=True,
    help=f"At every decision of SEAT (1-{MOST_SEATS}, N E S W at four seats, or '{ALL_SEATS}';"
    " may be given again), the recommendation on the seat's view there (as recommend gives"
    " it, the same seed): its top card beside the card played.",
)  # fmt: skip
@click.option(
    "--samples", "-n", type=SAMPLES, default=REVIEW_SAMPLES, show_default=True, metavar="N",
    help="With --view: the worlds of each recommendation.",
)  # fmt: skip
@click.option(
    "--view-time", type=TIME, default=0.0, metavar="SECONDS",
    help=f"With --view: stop each recommendation after SECONDS ({TIME_HELP}).",
)  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True, help="With --view: the seed.")
@click.option(
    "--jobs", "-j", type=JOBS, default=1, show_default=True, metavar="J",
    help=f"With --view: worker processes of each recommendation (1: in this process; at most"
    f" {MAX_JOBS}).",
)  # fmt: skip
@click.option(
    "--tt-mb", type=TT_MB, default=DEFAULT_TT_MB, show_default=True, metavar="MIB",
    help=f"Size of the transposition table, MiB ({TT_MB_HELP}); one table serves the hand.",
)  # fmt: skip
@click.option(
    "--max-nodes", type=NODES, default=0, metavar="N",
    help=f"Stop each search after N nodes ({NODES_HELP}); values then show bounds.",
)  # fmt: skip
@click.option(
    "--time", "max_seconds", type=TIME, default=0.0, metavar="SECONDS",
    help=f"Stop each search after SECONDS ({TIME_HELP}); values then show bounds.",
)  # fmt: skip
@json_option("tables")
@no_color_option
def review(
    source: str,
    board: str | None,
    moves: str | None,
    views: tuple[str, ...],
    samples: int,
    view_time: float,
    seed: int,
    jobs: int,
    tt_mb: float,
    max_nodes: int,
    max_seconds: float,
    as_json: bool,
    no_color: bool,
) -> None:
    """Review a played hand card by card: the double-dummy value before and
    after every card and the cost of every mistake (as DDS's AnalysePlay).

    FILE holds a hand with its play: a hand record (PBN with a [Play]
    section, LIN: every board in turn, or --board N), a position with a
    'play' key (a file, '-' or one line), or a game saved by 'play --save'
    (its hand in play, or the last hand of a game that ended); --moves adds
    moves after the play recorded.  For every card: the trick, the seat, the
    value of the whole hand for the seat's side with best play before it and
    after it (whist and Chinese Whist: its tricks in the hand; Cinch: the net
    hand score; Chinkway: the quest score; paranoid with three sides or
    more), the cost (before - after) and at a mistake the cards proven best;
    then every side's and seat's mistakes and their cost.  --time and
    --max-nodes limit each search: values then show bounds, and a cost is
    only claimed where proven.  --view SEAT sets the recommendation on
    SEAT's view (sampled worlds) beside each of its decisions.  Ctrl-C shows
    the cards reviewed so far (status 130).

    \b
    EXAMPLES
      tricksolver review "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A; play=KH AH AC QH"
      tricksolver review "N:AK.Q.. QJ.K.. T9.A.. 87...A" --moves "KH, AH, AC, QH" --json
      tricksolver review docs/session.pbn --board 2
      tricksolver review docs/session.pbn --board 1     no play recorded (exit status 2)
      tricksolver review "N:AK.Q.. QJ.K.. T9.A.. 87...A" -m "KH, AH, 8S" --view W -n 10
    """
    if views:
        workers_memory(jobs, VIEW_TT_MB)
    found = read_boards_of(source, board)
    options = ReviewOptions(views, samples, view_time or None, seed, jobs)
    searcher = solver.Solver(tt_mb, max_nodes=max_nodes, max_seconds=max_seconds)
    console = Console(no_color=no_color or None, highlight=False)
    many = len(found) > 1
    for held, text in found:
        title = board_title(held)
        where = "" if held is None else f"board {held.name}: "
        recorded = held.play if held is not None else ""
        extra = f"{recorded}, {moves}" if recorded and moves else recorded or moves or ""
        if is_view_text(text):
            raise BadInput(f"{where}review takes a full position (every hand), not a seat's view")
        try:
            done = _reviewed(text, extra, options, searcher, no_color, title or "review")
        except Interrupted as stopped:
            partial = stopped.partial
            if isinstance(partial, Review):
                _show(console, partial, title, held, as_json, many)
                click.echo(f"{PROG}: interrupted: {reviewed_text(partial)}", err=True)
            else:
                click.echo(f"{PROG}: interrupted: no move reviewed", err=True)
            raise click.exceptions.Exit(INTERRUPTED) from None
        except solver.TricksolverError as e:
            if str(e) != NO_PLAY or not many:
                raise BadInput(f"{where}{e}") from None
            _no_play(console, title, held, as_json)
            continue
        _show(console, done, title, held, as_json, many)
        if done.stopped is not None:  # Ctrl-C outside the worker's reach
            click.echo(f"{PROG}: interrupted: {reviewed_text(done)}", err=True)
            raise click.exceptions.Exit(INTERRUPTED)


def _reviewed(
    text: str, moves: str, options: ReviewOptions, searcher: solver.Solver, no_color: bool,
    label: str,
) -> Review:  # fmt: skip
    """One board reviewed in a worker thread (Ctrl-C: `Interrupted`
    holding the review so far), with a progress bar on a terminal."""
    stopper = _Stopper(searcher)
    with progress_bars(no_color) as bars:
        task = bars.add_task(label, total=None)

        def step(done: int, total: int) -> None:
            bars.update(task, completed=done, total=total)

        result, _ = in_worker(
            stopper,
            lambda: review_text(text, moves, options, searcher, progress=step, stop=stopper.flag),
        )
    return result


def _show(
    console: Console, result: Review, title: str | None, held: Any, as_json: bool, many: bool
) -> None:
    if as_json:
        data = result.to_json()
        if held is not None:
            data = {"board": held.name, **data}
        echo_json(data, compact=many)
        return
    if title is not None:
        console.rule(title)
    console.print(review_view(result))


def _no_play(console: Console, title: str | None, held: Any, as_json: bool) -> None:
    """A board of many with no play: it says so, and the others go on."""
    if as_json:
        echo_json({"board": held.name, "error": NO_PLAY}, compact=True)
        return
    if title is not None:
        console.rule(title)
    console.print(NO_PLAY)
