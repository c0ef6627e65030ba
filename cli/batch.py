"""Boards run as a batch from the command line (`table`, `analyze`; any
command that has a `solver.batch.BoardJob` and a `Rendering`).

`run_boards_command` runs a job over the boards a command read and writes
every board's result as it comes:

* Where: with one board (and no ``--scheduler``), in this process as
  before, the search split over `--jobs` threads (`solver.parallel`), Ctrl-C
  showing what the search had proven; with many boards, on a process pool of
  ``--jobs`` workers (default: one per core; ``--jobs 1``: one board at a
  time here) or with ``--scheduler`` on Dask (`solver.batch`), the hardest
  boards first, with a progress bar on stderr.
* What: ``--format json``: a JSON object a board (JSON lines with several
  boards); ``csv``: the rows of every board under one header; both as the
  boards finish.  ``text``: the drawings, in the file's order; a hand-record
  format (``pbn``): the file written back, in the file's order, at the end.
* ``--output FILE``: the JSON lines or CSV go to FILE (`solver.result_files`),
  each board's record written as it finishes; a run started again with the
  same FILE skips the boards already there and says so on stderr
  (``resuming: 37 of 100 boards done``); a FILE of other boards or options is
  refused in one line and left as it was.
* Ctrl-C: what finished is written, one line says how many boards were
  done, exit status 130.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import click
from rich.console import Console

import solver
from solver.batch import LOCAL, BoardJob, need_dask, run_boards, run_calls
from solver.errors import BatchError
from solver.match import DealResult, Match, played_deal
from solver.parallel import Solvers
from solver.records import Board, record_format
from solver.result_files import CSV, JSON_LINES, ResultFile, csv_text, open_results
from solver.timing import Interrupted, in_worker

from .common import INTERRUPTED, PROG, echo_json, preparing, progress_bars
from .options import workers_memory

TEXT = "text"
OUTPUT_HELP = (
    "Write the records (--format json: JSON lines, the default; csv) to FILE, each board's as"
    " it finishes; run again with the same FILE to resume: the boards already there are"
    " skipped (docs/batch.md)."
)
SCHEDULER_HELP = (
    f"Run the boards on a Dask cluster: its scheduler's ADDRESS (tcp://host:8786), or"
    f" '{LOCAL}' for one of --jobs workers on this machine (needs the extra"
    " tricksolver[dask]; a scheduler runs code sent by anyone who reaches it: keep it"
    " private, docs/batch.md)."
)

DEALS_JOBS_HELP = "Processes playing the deals (1: one deal at a time, here); the same results."
DEALS_SCHEDULER_HELP = (
    f"Play the deals on a Dask cluster: its scheduler's ADDRESS, or '{LOCAL}' for one of"
    " --jobs workers on this machine (needs the extra tricksolver[dask]; docs/batch.md)."
)

Searcher = solver.Solver | Solvers


@dataclass(frozen=True)
class Rendering:
    """How a command writes one board's result: `record(board, named,
    result)` its JSON (`named`: the board is one of a file's, so the record
    names it), `csv_head` and `csv_rows(board, result)`, `text(console,
    board, named, result)` its drawing, `annotated(board, result)` the
    board with its result as tags (a hand-record format; None: none), and
    `done(board, result)` what a result cut short by Ctrl-C had done."""

    record: Callable[[Board, bool, Any], dict[str, Any]]
    csv_head: Sequence[str]
    csv_rows: Callable[[Board, Any], list[list[Any]]]
    text: Callable[[Console, Board, bool, Any], None]
    done: Callable[[Board, Any], str]
    annotated: Callable[[Board, Any], Board] | None = None


def batch_options(command: Any) -> Any:
    """--output and --scheduler."""
    command = click.option("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)(command)
    return click.option("--output", "-o", "output_file", metavar="FILE", help=OUTPUT_HELP)(command)


@dataclass
class _Writer:
    """Where the results go, as they come."""

    fmt: str
    rendering: Rendering
    boards: list[Board]
    named: bool
    keys: list[str]
    console: Console
    results: ResultFile | None = None
    shown: int = 0  # text: the boards printed, in the file's order
    held: dict[int, Any] | None = None  # text and hand records: results not yet printed

    def start(self) -> None:
        if self.fmt == CSV and self.results is None:
            click.echo(csv_text([self.rendering.csv_head]), nl=False)

    def add(self, place: int, result: Any, whole: bool = True) -> None:
        """A board's result (`whole`: not cut short by Ctrl-C; only whole
        results go to a result file)."""
        board = self.boards[place]
        if self.fmt == JSON_LINES:
            record = self.rendering.record(board, self.named, result)
            if self.results is not None:
                if whole:
                    self.results.write_json(self.keys[place], record)
            else:
                echo_json(record, compact=len(self.boards) > 1)
        elif self.fmt == CSV:
            rows = self.rendering.csv_rows(board, result)
            if self.results is not None:
                if whole:
                    self.results.write_rows(self.keys[place], rows)
            else:
                click.echo(csv_text(rows), nl=False)
        else:
            if self.held is None:
                self.held = {}
            self.held[place] = result
            if self.fmt == TEXT:
                while self.shown in self.held:  # the file's order
                    board = self.boards[self.shown]
                    self.rendering.text(self.console, board, self.named, self.held.pop(self.shown))
                    self.shown += 1

    def finish(self) -> None:
        """The end of the run (or Ctrl-C): text left over (boards after a gap)
        printed, a hand record written in the file's order."""
        held = self.held or {}
        if self.fmt == TEXT:
            for place in sorted(held):
                self.rendering.text(self.console, self.boards[place], self.named, held[place])
            return
        if self.fmt in (JSON_LINES, CSV):
            return
        annotate = self.rendering.annotated
        assert annotate is not None
        written = []
        for place in sorted(held):
            board, result = self.boards[place], held[place]
            added = annotate(board, result)
            if added is board:
                click.echo(
                    f"{PROG}: board {board.name}: no exact table (cut short), written without one",
                    err=True,
                )
            written.append(added)
        if written:
            fmt = record_format(self.fmt)
            assert fmt is not None
            for loss in (line for board in written for line in fmt.losses(board)):
                click.echo(f"{PROG}: warning: {loss}", err=True)
            click.echo(fmt.write(written), nl=False)


def run_boards_command(
    found: Sequence[tuple[Board | None, solver.Position]],
    job: BoardJob,
    rendering: Rendering,
    *,
    fmt: str,
    output_file: str | None,
    jobs: int | None,
    scheduler: str | None,
    no_color: bool,
    one_board: Callable[[], Any],
    search: Callable[[Any, Board], Any],
) -> None:
    """Run `job` over the boards `found` (each with its position, --moves
    made) and write the results in `fmt`; `one_board()` the searcher of a
    run here (what Ctrl-C interrupts: a Solver, Solvers, or any object with
    `interrupt`), `search(searcher, board)` its search of a board."""
    named = any(held is not None for held, _ in found)
    boards = [
        replace(held, position=pos) if held is not None else Board(str(place), pos)
        for place, (held, pos) in enumerate(found, 1)
    ]
    if output_file is not None and fmt not in (JSON_LINES, CSV):
        raise BatchError("--output writes JSON lines or CSV: --format json or --format csv")
    if scheduler is not None:
        need_dask()
    workers = jobs or os.cpu_count() or 1
    if scheduler in (None, LOCAL) and len(boards) > 1:  # before any work (a file made)
        workers_memory(min(workers, len(boards)), job.limits.table())  # the processes started
    with preparing(f"{len(boards):,} boards: what identifies each"):
        keys = job.keys(boards)
    results = None
    if output_file is not None:
        results = open_results(output_file, fmt, set(keys), rendering.csv_head)
    console = Console(no_color=no_color or None, highlight=False)
    writer = _Writer(fmt, rendering, boards, named, keys, console, results)
    try:
        skip = {i for i, k in enumerate(keys) if results is not None and k in results.done}
        if skip:
            click.echo(f"{PROG}: resuming: {len(skip)} of {len(boards)} boards done", err=True)
        left = len(boards) - len(skip)
        writer.start()
        if scheduler is None and (left <= 1 or workers == 1):
            _run_here(writer, boards, skip, one_board, search)
        else:
            _run_batch(writer, job, boards, skip, workers, scheduler, no_color)
    except BaseException:  # an error, Ctrl-C, an interrupted exit
        if results is not None:
            results.discard_if_unused()  # e.g. no scheduler reached: no file left
        raise
    finally:
        if results is not None:
            results.close()
    if results is not None:
        click.echo(
            f"{PROG}: {len(results.done)} of {len(boards)} boards in {output_file}", err=True
        )


def _run_here(
    writer: _Writer,
    boards: list[Board],
    skip: set[int],
    one_board: Callable[[], Any],
    search: Callable[[Any, Board], Any],
) -> None:
    """One board at a time in this process (the one board's search over
    threads); Ctrl-C shows what the board's search had proven."""
    searcher = one_board()
    places = [i for i in range(len(boards)) if i not in skip]
    for place in places:
        try:
            result, _ = in_worker(searcher, partial(search, searcher, boards[place]))
        except Interrupted as stopped:
            if stopped.partial is None:
                click.echo(f"{PROG}: interrupted: the search was stopped", err=True)
            else:
                writer.add(place, stopped.partial, whole=False)
                writer.finish()
                click.echo(
                    f"{PROG}: interrupted: {writer.rendering.done(boards[place], stopped.partial)}",
                    err=True,
                )
            raise click.exceptions.Exit(INTERRUPTED) from None
        writer.add(place, result)
    writer.finish()


def _run_batch(
    writer: _Writer,
    job: BoardJob,
    boards: list[Board],
    skip: set[int],
    workers: int,
    scheduler: str | None,
    no_color: bool,
) -> None:
    """The boards on a pool or Dask, hardest first, written as they finish;
    the progress bars count the estimates of the order, then the boards."""
    left = len(boards) - len(skip)
    done = 0
    progress = progress_bars(no_color)
    with progress:
        ordering = progress.add_task("ordering, hardest first", total=left)
        task = progress.add_task("boards", total=left, start=False)
        try:
            results = _results(
                job,
                boards,
                skip,
                workers,
                scheduler,
                lambda count: progress.update(ordering, completed=count),
            )
            progress.remove_task(ordering)
            progress.start_task(task)
            for place, result in results:
                writer.add(place, result)
                done += 1
                progress.advance(task)
        except KeyboardInterrupt:
            pass
    writer.finish()
    if done < left:
        click.echo(f"{PROG}: interrupted: {done} of {left} boards done (written)", err=True)
        raise click.exceptions.Exit(INTERRUPTED)


def played_deals(
    contest: Match, deals: int, jobs: int, scheduler: str | None
) -> Iterator[DealResult]:
    """The first `deals` deals of `contest`, played on `jobs` processes (or
    Dask), as they finish; KeyboardInterrupt after those finished by Ctrl-C."""
    if scheduler is not None:
        need_dask()
    items = [(index, index) for index in range(deals)]
    for _, result in run_calls(
        partial(played_deal, contest.settings()), items, jobs=jobs, scheduler=scheduler
    ):
        yield result


def _results(
    job: BoardJob,
    boards: list[Board],
    skip: set[int],
    workers: int,
    scheduler: str | None,
    estimated: Callable[[int], None] | None = None,
) -> Iterator[tuple[int, Any]]:
    return run_boards(
        job, boards, jobs=workers, scheduler=scheduler, skip=skip, estimated=estimated
    )
