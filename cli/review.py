"""`tricksolver review`: a played hand card by card (`solver.review`): the
double-dummy value before and after every card, the cost of every mistake
and, with --view, what the seat's view recommended at its decisions."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import click
from rich.console import Console

import solver
from solver.batch import BoardJob
from solver.budget import DEFAULT_TT_MB, Budget
from solver.deadline import TIME_MARGIN, deadline_after
from solver.games.registry import game_of
from solver.records import Board
from solver.result_files import CSV, JSON_LINES
from solver.review import (
    ALL_SEATS,
    MOVES_OPTION,
    REVIEW,
    REVIEW_SAMPLES,
    VIEW_TT_MB,
    Review,
    ReviewOptions,
    played_moves,
    review_difficulty,
    review_text,
    review_work,
)
from solver.timing import Interrupted, in_worker

from .batch import TEXT, Rendering, batch_options, run_boards_command
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
    source_boards,
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
from .search import output_format

REVIEW_CSV_HEAD = (
    "board", "move_number", "trick", "seat", "move", "before", "after", "cost", "mistake",
    "exact", "best", "note",
)  # fmt: skip


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
    "--jobs", "-j", type=JOBS, metavar="J",
    help=f"With many boards: the worker processes reviewing them (default: one per core; at"
    f" most {MAX_JOBS}; docs/batch.md), each board's views in its worker.  With one board:"
    " the worker processes of each --view recommendation (default 1: in this process).",
)  # fmt: skip
@click.option(
    "--format", "fmt", type=click.Choice([TEXT, JSON_LINES, CSV]), default=TEXT,
    show_default=True,
    help="text: tables; json: as --json (JSON lines with several boards); csv: a row a move"
    f" ({', '.join(REVIEW_CSV_HEAD)}).",
)  # fmt: skip
@batch_options
@click.option(
    "--tt-mb", type=TT_MB, default=DEFAULT_TT_MB, show_default=True, metavar="MIB",
    help=f"Size of the transposition table, MiB ({TT_MB_HELP}); one table serves the hand.",
)  # fmt: skip
@click.option(
    "--max-nodes", type=NODES, default=0, metavar="N",
    help=f"Stop each search after N nodes ({NODES_HELP}); values then show bounds.",
)  # fmt: skip
@click.option(
    "--time", "budget", type=TIME, default=0.0, metavar="SECONDS",
    help=f"Stop the whole review after SECONDS from its start ({TIME_HELP}), --view's"
    " recommendations too: the searches then running stop, and values then show bounds;"
    f" the answer within SECONDS plus {TIME_MARGIN:g} s.",
)  # fmt: skip
@click.option(
    "--search-time", "max_seconds", type=TIME, default=0.0, metavar="SECONDS",
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
    jobs: int | None,
    fmt: str,
    output_file: str | None,
    scheduler: str | None,
    tt_mb: float,
    max_nodes: int,
    budget: float,
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
    then every side's and seat's mistakes and their cost.  --time limits
    the whole review, --search-time and --max-nodes each search: values
    then show bounds, and a cost is only claimed where proven.  --view SEAT
    sets the recommendation on
    SEAT's view (sampled worlds) beside each of its decisions.  Ctrl-C shows
    the cards reviewed so far (status 130).

    \b
    EXAMPLES
      tricksolver review "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A; play=KH AH AC QH"
      tricksolver review "N:AK.Q.. QJ.K.. T9.A.. 87...A" --moves "KH, AH, AC, QH" --json
      tricksolver review docs/session.pbn --board 2
      tricksolver review docs/session.pbn --board 1     no play recorded (exit status 2)
      tricksolver review "N:AK.Q.. QJ.K.. T9.A.. 87...A" -m "KH, AH, 8S" --view W -n 10
      tricksolver review docs/session.pbn --format csv -o reviews.csv   every board on every core

    A file of many boards is reviewed board by board on every core (--jobs),
    as table and analyze do: --format json|csv records as each board
    finishes, --output FILE to write them (run again to resume), --scheduler
    for a Dask cluster (docs/batch.md).
    """
    deadline = deadline_after(budget)
    text, boards = source_boards(source, board)
    if boards is None and is_view_text(text):
        raise BadInput("review takes a full position (every hand), not a seat's view")
    many = boards is not None and len(boards) > 1
    if many or output_file is not None or scheduler is not None or fmt != TEXT:
        found: list[tuple[Board | None, solver.Position]] = (
            [(None, solver.parse_position(text))]
            if boards is None
            else [(b, b.position) for b in boards]
        )
        _review_boards(
            found, moves, ReviewOptions(views, samples, view_time or None, seed, 1),
            Budget(tt_mb=tt_mb, search_nodes=max_nodes, search_seconds=max_seconds,
                   deadline=deadline, seconds=budget),
            fmt=output_format(fmt, as_json, output_file), output_file=output_file, jobs=jobs,
            scheduler=scheduler, no_color=no_color,
        )  # fmt: skip
        return
    jobs = jobs or 1
    if views:
        workers_memory(jobs, VIEW_TT_MB)
    options = ReviewOptions(views, samples, view_time or None, seed, jobs)
    searcher = solver.Solver(tt_mb, max_nodes=max_nodes, max_seconds=max_seconds)
    searcher.deadline = deadline
    console = Console(no_color=no_color or None, highlight=False)
    held = None if boards is None else boards[0]  # many boards went to the batch engine above
    if held is not None:
        text = held.position.to_toml()
    title = board_title(held)
    extra = played_moves(held.play if held is not None else "", moves)
    try:
        done = _reviewed(text, extra, options, searcher, no_color, title or "review")
    except Interrupted as stopped:
        partial = stopped.partial
        if isinstance(partial, Review):
            _show(console, partial, title, held, as_json)
            click.echo(f"{PROG}: interrupted: {reviewed_text(partial)}", err=True)
        else:
            click.echo(f"{PROG}: interrupted: no move reviewed", err=True)
        raise click.exceptions.Exit(INTERRUPTED) from None
    except solver.TricksolverError as e:
        raise BadInput(f"{'' if held is None else f'board {held.name}: '}{e}") from None
    _show(console, done, title, held, as_json)
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


def _show(console: Console, result: Review, title: str | None, held: Any, as_json: bool) -> None:
    if as_json:
        data = result.to_json()
        if held is not None:
            data = {"board": held.name, **data, **_record_fields(held, result)}
        echo_json(data)
        return
    if held is None:
        if title is not None:
            console.rule(title)
        console.print(review_view(result))
        return
    _text(console, held, title is not None, result)


def _review_boards(
    boards: list[tuple[Board | None, solver.Position]],
    moves: str | None,
    options: ReviewOptions,
    limits: Budget,
    **run: Any,
) -> None:
    """Many boards (or --output, --scheduler, --format) through the batch
    engine (`cli.batch.run_boards_command`): a board a worker, each with
    its views in its worker's process."""
    fields = {**dataclasses.asdict(options), MOVES_OPTION: moves or ""}
    job = BoardJob(REVIEW, review_work, fields, limits, review_difficulty)

    def search(stopper: _Stopper, board: Board) -> Review | str:
        return review_work(board, fields, stopper.searcher, stop=stopper.flag)

    def one_board() -> _Stopper:
        return _Stopper(solver.Solver.of(limits))

    run_boards_command(boards, job, REVIEW_RENDERING, one_board=one_board, search=search, **run)


def _record(board: Board, named: bool, result: Review | str) -> dict[str, Any]:
    data = {"error": result} if isinstance(result, str) else result.to_json()
    if not isinstance(result, str):
        data = {**data, **_record_fields(board, result)}
    return {"board": board.name, **data} if named else data


def _record_notes(board: Board, result: Review) -> list[str]:
    """What the review says of the board's record (`Game.review_notes`)."""
    steps = result.steps
    if not steps:
        return []

    def value(b: Any) -> int | None:
        return b.low if b.exact else None

    values = [(steps[0].seat, value(steps[0].before))]
    values += [(s.seat, value(s.after)) for s in steps]
    return game_of(board.position).review_notes(board, values)


def _record_fields(board: Board, result: Review) -> dict[str, Any]:
    """The JSON a board's record adds to its review: ``record``, ``record_notes``."""
    facts = game_of(board.position).board_json(board)
    notes = _record_notes(board, result)
    return {**({"record": facts} if facts else {}), **({"record_notes": notes} if notes else {})}


def _rows(board: Board, result: Review | str) -> list[list[Any]]:
    if isinstance(result, str):  # a board with nothing to review: one row saying so
        return [[board.name, *[""] * (len(REVIEW_CSV_HEAD) - 2), result]]
    rows = []
    for step in result.steps:
        exact = step.before.exact and step.after.exact
        rows.append(
            [
                board.name, step.number, step.trick, result.start.seat_name(step.seat),
                str(step.move), _cell(step.before), _cell(step.after), _cell(step.cost),
                str(step.mistake).lower(), str(exact).lower(),
                " ".join(str(m) for m in step.best), "",
            ]
        )  # fmt: skip
    return rows


def _cell(bounds: Any) -> str:
    """A value, or its bounds ``low..high`` when not proven: never a bound as a value."""
    return str(bounds.low) if bounds.exact else f"{bounds.low}..{bounds.high}"


def _text(console: Console, board: Board, named: bool, result: Review | str) -> None:
    if named:
        console.rule(board_title(board) or "")
    for line in game_of(board.position).board_notes(board):
        console.print(line)
    console.print(result if isinstance(result, str) else review_view(result))
    for line in [] if isinstance(result, str) else _record_notes(board, result):
        console.print(line)


def _done(board: Board, result: Review | str) -> str:
    return result if isinstance(result, str) else reviewed_text(result)


REVIEW_RENDERING = Rendering(_record, REVIEW_CSV_HEAD, _rows, _text, _done)
