"""The search commands, `analyze` and `table`: one board's search split
over threads (`solver.parallel`), or many boards' run as a batch
(`solver.cli.batch`: a process pool or Dask, result files that resume).

They parse their options, read the boards (`solver.cli.common.positions_of`)
and hand them to `run_boards_command` with their job (`solver.batch`:
`table_job`, `analysis_job`) and their `Rendering`: how a board's result is
written as JSON, CSV rows, text, or (`table`) a hand record's tags.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from typing import Any

import click
from rich.console import Console

import solver
from solver.batch import BoardJob, analysis_job, table_job
from solver.budget import DEFAULT_TT_MB, Budget
from solver.cli import render_analysis
from solver.deadline import TIME_MARGIN, deadline_after
from solver.doubledummy import table_positions
from solver.games.registry import game_of
from solver.parallel import Solvers
from solver.records import Board, record_formats
from solver.result_files import CSV, JSON_LINES

from .batch import TEXT, Rendering, Searcher, batch_options, run_boards_command
from .common import (
    BRIDGE,
    BadInput,
    board_option,
    board_title,
    moves_option,
    position_of,
    positions_of,
)
from .options import (
    JOBS,
    MAX_JOBS,
    NODES,
    NODES_HELP,
    TIME,
    TIME_HELP,
    TT_MB,
    TT_MB_HELP,
    workers_memory,
)

PBN_HELP = f"A bridge deal 'N:... ... ... ...' (plain {BRIDGE.name}) instead of POSITION."
pbn_option = click.option("--pbn", metavar="DEAL", help=PBN_HELP)
TABLE_CSV_HEAD = ("board", "trump", "leader", "side", "value")
ANALYSIS_CSV_HEAD = ("board", "move", "value", "low", "high", "exact")


def position_argument(position: str | None, pbn: str | None) -> str | None:
    """Check that exactly one of POSITION and --pbn is given; the PBN deal."""
    if position is not None and pbn is not None:
        raise BadInput("give either a POSITION or --pbn, not both")
    if position is None and pbn is None:
        raise BadInput(
            "give a POSITION (a file, '-', a one-line position or a bare PBN deal) or --pbn DEAL"
        )
    if pbn is not None and any(c in pbn for c in ";=\n"):
        raise BadInput(f"--pbn takes a PBN deal like 'N:AKQ... .AKQ.. ..AKQ. ...AKQ', not {pbn!r}")
    return pbn


def make_solver(limits: Budget, jobs: int | None) -> solver.Solver | Solvers:
    """One Solver, or with `jobs` above 1 (None: one per core) a Solver a
    thread (`solver.parallel`), of the command's `limits`; their tables
    checked against the memory first; every search stopped at the limits'
    deadline (the command's budget)."""
    threads = jobs or os.cpu_count() or 1
    workers_memory(threads, limits.table(), processes=False)
    made: solver.Solver | Solvers
    if threads == 1:
        return solver.Solver.of(limits)
    made = Solvers(threads, limits.table(), limits.core_nodes, limits.core_seconds)
    made.deadline = limits.deadline
    return made


BUDGET_HELP = (
    "Stop the whole command after SECONDS from its start ({time_help}): every search"
    " still running then stops, and the results cut short show bounds; the answer comes"
    " within SECONDS plus {margin:g} s (for stopping the searches and printing)."
)


def search_options(command: Any) -> Any:
    """The options of the search's limits and table size."""
    for option in reversed(
        [
            click.option(
                "--tt-mb",
                type=TT_MB,
                default=DEFAULT_TT_MB,
                show_default=True,
                metavar="MIB",
                help=f"Size of the transposition table, MiB ({TT_MB_HELP}).",
            ),
            click.option(
                "--max-nodes",
                type=NODES,
                default=0,
                metavar="N",
                help=f"Stop each search after N nodes ({NODES_HELP}); the result then shows"
                " bounds.",
            ),
            click.option(
                "--time",
                "budget",
                type=TIME,
                default=0.0,
                metavar="SECONDS",
                help=BUDGET_HELP.format(time_help=TIME_HELP, margin=TIME_MARGIN),
            ),
            click.option(
                "--search-time",
                "max_seconds",
                type=TIME,
                default=0.0,
                metavar="SECONDS",
                help=f"Stop each search after SECONDS ({TIME_HELP}; the table's set-up is not"
                " counted); the result then shows bounds.",
            ),
            click.option(
                "--jobs",
                "-j",
                type=JOBS,
                metavar="J",
                help="Workers, each with its own table (default: one per core; at most"
                f" {MAX_JOBS}): for one board, threads splitting its search; for many boards,"
                " processes searching a board each (1: one search at a time). The values are"
                " the same.",
            ),
            click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables."),
            click.option("--no-color", is_flag=True, help="Plain text without colours."),
        ]
    ):
        command = option(command)
    return command


@click.command()
@click.argument("position", required=False)
@pbn_option
@click.option("--trump", "-t", metavar="S|H|D|C|NT", help="With --pbn: the trump (default NT).")
@click.option(
    "--leader",
    metavar="N|E|S|W",
    help="With --pbn: the seat on lead (default: left of the deal's first seat).",
)
@click.option("--no-pv", is_flag=True, help="Leave out the principal variation (faster).")
@moves_option
@board_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice([TEXT, JSON_LINES, CSV]),
    default=TEXT,
    show_default=True,
    help="text: tables; json: as --json (JSON lines with several boards); csv: one row a"
    " move (board, move, value, low, high, exact).",
)
@search_options
@batch_options
def analyze(
    position: str | None,
    pbn: str | None,
    trump: str | None,
    leader: str | None,
    no_pv: bool,
    moves: str | None,
    board: str | None,
    fmt: str,
    **run: Any,
) -> None:
    """The double-dummy value of every legal card of POSITION.

    POSITION is a file, '-' for standard input, a one-line position or a
    bare PBN deal, at a card to play (or a Chinkway claim); or a file of
    boards (PBN, LIN, many positions: every board in turn, or --board N;
    a board at its contract's opening lead).  Every card is
    known to every player.  The table lists the cards best first, equivalent
    cards on one row, with what the value means in the game: tricks from
    here (whist, Chinese Whist), the net hand score (Cinch), the quest score
    (Chinkway; paranoid, like three-player Chinese Whist); then a principal
    variation by tricks and the search's statistics.  --time bounds the
    whole command (every board); --search-time and --max-nodes each
    search.  A search cut short by any of them shows what it proved as bounds (>= 7, <= 9, 7..9),
    calls a card best only when that is proven, and has no line of play.

    For bridge players: --pbn with --trump and --leader instead of POSITION.

    Many boards run on --jobs processes (or a Dask cluster, --scheduler),
    the hardest first; --format json or csv writes each board's record as
    it finishes, --output FILE to FILE, which a run started again resumes
    (docs/batch.md).

    \b
    EXAMPLES
      tricksolver analyze "N:AKQ... .AKQ.. ..AKQ. ...AKQ"
      tricksolver analyze --pbn "N:AKQ... .AKQ.. ..AKQ. ...AKQ" --trump S --leader E --json
      tricksolver deal whist --seed 3 > deal.toml
      tricksolver analyze deal.toml --no-pv --time 10
      tricksolver analyze "cw; trump=H; piles=AS/KS QH, 3C/4C, AD/KD 8D, 7H/6H; down=-, 5S, -, TS"
      tricksolver deal whist --seed 3 --line | tricksolver analyze - --time 30
      tricksolver deal chinkway -s 7 | tricksolver analyze - -m "discard AS, discard KS, trump S"
      tricksolver analyze docs/session.pbn --board 1 --no-pv
      tricksolver analyze docs/session.pbn --no-pv --format csv --jobs 2
    """
    deadline = deadline_after(run["budget"])
    if pbn is None and (trump is not None or leader is not None):
        raise BadInput("--trump and --leader go with --pbn (a POSITION names its own)")
    pv = not no_pv
    found = boards_of(position, pbn, board, moves, trump, leader)
    run_search(
        found,
        partial(analysis_job, pv),
        analysis_rendering(pv),
        fmt,
        lambda searcher, b: searcher.analyze(b.position, pv=pv),
        deadline,
        **run,
    )


def boards_of(
    position: str | None,
    pbn: str | None,
    board: str | None,
    moves: str | None,
    trump: str | None = None,
    leader: str | None = None,
) -> list[tuple[Board | None, solver.Position]]:
    """The boards of POSITION (or of --pbn), each with its position after --moves."""
    pbn = position_argument(position, pbn)
    if pbn is None:
        assert position is not None
        return positions_of(position, board, moves)
    return [(None, position_of(BRIDGE.pbn_line(pbn, trump, leader), moves))]


def run_search(
    found: list[tuple[Board | None, solver.Position]],
    job_of: Callable[[Budget], BoardJob],
    rendering: Rendering,
    fmt: str,
    search: Callable[[Searcher, Board], Any],
    deadline: float | None,
    *,
    tt_mb: float,
    max_nodes: int,
    max_seconds: float,
    budget: float,
    jobs: int | None,
    as_json: bool,
    no_color: bool,
    output_file: str | None,
    scheduler: str | None,
) -> None:
    """The search options' part of `analyze` and `table`: the boards run
    (`run_boards_command`) with the job of the limits, every search
    stopped at `deadline` (--time, the command's budget)."""
    # the command's limits, one value passed unchanged to every search
    limits = Budget(tt_mb=tt_mb, search_nodes=max_nodes, search_seconds=max_seconds,
                    deadline=deadline, seconds=budget)  # fmt: skip
    run_boards_command(
        found,
        job_of(limits),
        rendering,
        fmt=output_format(fmt, as_json, output_file),
        output_file=output_file,
        jobs=jobs,
        scheduler=scheduler,
        no_color=no_color,
        one_board=partial(make_solver, limits, jobs),
        search=search,
    )


def output_format(fmt: str, as_json: bool, output_file: str | None) -> str:
    """--format, with --json (json) and --output (json unless csv is asked for)."""
    if as_json and fmt not in (TEXT, JSON_LINES):
        raise BadInput("--json and --format: choose one output")
    if as_json or (output_file is not None and fmt == TEXT):
        return JSON_LINES
    return fmt


def analysis_rendering(pv: bool) -> Rendering:
    """How `analyze` writes a board's analysis."""

    def record(board: Board, named: bool, result: solver.Analysis) -> dict[str, Any]:
        data = render_analysis.analysis_json(board.position, result, pv=pv)
        data = {"board": board.name, **data} if named else data
        return {**data, **_record_fields(board, _lead_notes(board, data))}

    def rows(board: Board, result: solver.Analysis) -> list[list[Any]]:
        out = []
        for m in result.moves:
            cell = render_analysis.bounds_json(m.bounds)
            value = "" if cell["value"] is None else cell["value"]
            exact = str(cell["exact"]).lower()
            out.append([board.name, str(m.move), value, cell["low"], cell["high"], exact])
        return out

    def text(console: Console, board: Board, named: bool, result: solver.Analysis) -> None:
        if named:
            console.rule(board_title(board) or "")
        for line in game_of(board.position).board_notes(board):
            console.print(line)
        console.print(render_analysis.analysis_view(board.position, result, pv=pv))
        data = render_analysis.analysis_json(board.position, result, pv=False)
        for line in _lead_notes(board, data):
            console.print(line)

    return Rendering(record, ANALYSIS_CSV_HEAD, rows, text, _analysis_done)


def _lead_notes(board: Board, data: dict[str, Any]) -> list[str]:
    """What an analysis (its JSON `data`) says of the board's record
    (`Game.analysis_notes`: each lead against the contract, the values the
    record holds)."""
    pos = board.position
    values = [(m["move"], m["value"]) for m in data["moves"]]
    return game_of(pos).analysis_notes(board, pos.to_move, values)


def _record_fields(board: Board, notes: list[str]) -> dict[str, Any]:
    """The JSON a board's record adds: its facts (``record``) and the notes
    on the result (``record_notes``), each only when there is something."""
    facts = game_of(board.position).board_json(board)
    return {**({"record": facts} if facts else {}), **({"record_notes": notes} if notes else {})}


def _analysis_done(board: Board, result: solver.Analysis) -> str:
    return str(render_analysis.analysis_done(result))


def annotated_board(board: Board, result: solver.Table) -> Board:
    """The board with its game's double-dummy tags (par and the table, in
    whist), when its game's hand record has them and the table is exact."""
    annotate = next(
        (f.annotate for f in game_of(board.position).record_formats if f.annotate), None
    )
    if annotate is None or not result.exact:
        return board
    added: Board = annotate(board, result)
    return added


def table_formats() -> list[str]:
    """--format's choices: text, json, csv and the hand records tables are written to."""
    return [TEXT, JSON_LINES, CSV, *(f.name for f in record_formats() if f.annotate)]


@click.command()
@click.argument("position", required=False)
@pbn_option
@moves_option
@board_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(table_formats()),
    default=TEXT,
    show_default=True,
    help="text: tables; json: as --json (JSON lines with several boards); csv: one row a"
    " value (board, trump, leader, side, value); a hand record (pbn): the file with every"
    " board's table and par added as tags, the original tags kept.",
)
@search_options
@batch_options
def table(
    position: str | None,
    pbn: str | None,
    moves: str | None,
    board: str | None,
    fmt: str,
    **run: Any,
) -> None:
    """The values of a deal for every trump (and, in whist, every leader).

    POSITION is a deal at its first lead, or before trump is named (Chinese
    Whist, Chinkway once the dealer has discarded).  Whist prints a table as
    DDS does: the tricks of declarer's side, declarer N E S W against the
    strains NT S H D C (the seat on declarer's left leads).  The other games
    print every side's value under each trump the game allows (Cinch: the
    trump named).  A full deal takes long: try endings, or a --time limit
    (the whole command's; a cell cut short by it shows bounds: >= 7, <= 9,
    7..9; --search-time limits each search instead).

    A file of boards (PBN, LIN, many positions) gives every board's table
    (or --board N's); --format pbn writes the hand record back with each
    board's table and, for a whole deal, its par (OptimumResultTable,
    OptimumScore, ParContract), the original tags kept (docs/files.md).
    Many boards run on --jobs processes (or a Dask cluster, --scheduler),
    the hardest first, JSON and CSV written as each board finishes;
    --output FILE writes them to FILE, and a run started again with the
    same FILE resumes it (docs/batch.md).

    \b
    EXAMPLES
      tricksolver table "N:AKQ... .AKQ.. ..AKQ. ...AKQ"
      tricksolver table --pbn "N:AK2... QJ3... T94... 876..." --json
      tricksolver deal whist --seed 3 > deal.toml
      tricksolver table deal.toml --time 60
      tricksolver deal cw --players 2 --line | tricksolver table - --time 0.5
      tricksolver table docs/session.pbn --board 1 --format pbn
      tricksolver table docs/session.pbn --board 2 --format csv
      tricksolver table docs/session.pbn --format json -o tables.jsonl --jobs 2
    """
    deadline = deadline_after(run["budget"])
    found = boards_of(position, pbn, board, moves)
    run_search(
        found,
        table_job,
        TABLE_RENDERING,
        fmt,
        lambda searcher, b: searcher.table(b.position),
        deadline,
        **run,
    )


def _annotations(board: Board, result: solver.Table) -> list[tuple[str, str]]:
    """The tags the board's hand record adds for its table (none when cut short)."""
    added = annotated_board(board, result)
    return [(n, v) for n, v in added.tags if (n, v) not in board.tags]


def _table_record(board: Board, named: bool, result: solver.Table) -> dict[str, Any]:
    data: dict[str, Any] = render_analysis.table_json(board.position, result)
    if named:
        data = {"board": board.name, **data}
    notes = _annotations(board, result)
    if notes:
        data["annotations"] = dict(notes)
    return {**data, **_record_fields(board, game_of(board.position).table_notes(board, result))}


def _table_rows(board: Board, result: solver.Table) -> list[list[Any]]:
    data = render_analysis.table_json(board.position, result)
    rows = []
    for entry in data["entries"]:
        for side, value in zip(data["sides"], entry["values"], strict=True):
            rows.append([board.name, entry["trump"], entry["leader"], side, value])
    return [[*row[:-1], "" if row[-1] is None else row[-1]] for row in rows]


def _table_text(console: Console, board: Board, named: bool, result: solver.Table) -> None:
    if named:
        console.rule(board_title(board) or "")
    game = game_of(board.position)
    for line in game.board_notes(board):
        console.print(line)
    console.print(render_analysis.table_view(board.position, result))
    for name, value in _annotations(board, result):
        if "\n" not in value:
            console.print(f"{name}: {value}")
    for line in game.table_notes(board, result):
        console.print(line)


def _table_done(board: Board, result: solver.Table) -> str:
    return str(render_analysis.table_done(result, entries=len(table_positions(board.position))))


TABLE_RENDERING = Rendering(
    _table_record, TABLE_CSV_HEAD, _table_rows, _table_text, _table_done, annotated_board
)
