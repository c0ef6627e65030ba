"""What the commands share: the program's name, exit statuses, options,
bad input as one line, reading a position and printing JSON, and the
progress bars on stderr."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from typing import IO, Any, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import solver
from solver.games.registry import GAMES
from solver.moves import apply_moves, position_text
from solver.notation import MAX_FILE_TEXT, MAX_TEXT, get_str, parse_fields, read_bounded
from solver.position import BOM, source_text
from solver.records import Board, board_problems, choose_boards, read_boards, read_record

from .options import PLAYERS, PLAYERS_HELP

PROG = "tricksolver"
BAD_INPUT = 2  # exit status of bad input, as for click's usage errors
INTERRUPTED = 130  # exit status after Ctrl-C, as shells report SIGINT
TERMINATED = 143  # exit status after SIGTERM (taken as Ctrl-C), as shells report it
SEED_LIMIT = 1_000_000  # random seeds are drawn below this, short enough to retype


def counts_text(counts: tuple[int, ...]) -> str:
    """Numbers as people list them: ``2, 3 or 4``."""
    *most, last = [str(n) for n in counts]
    return f"{', '.join(most)} or {last}" if most else last


def players_help() -> str:
    """The help of --players: the games played by several numbers of players."""
    games = [g for g in GAMES.values() if len(g.seat_counts) > 1]
    counts = [f"{g.title}: {counts_text(g.seat_counts)}; default {g.default_seats}" for g in games]
    return f"Number of players ({'; '.join(counts)}; {PLAYERS_HELP})."


def targets_help() -> str:
    """The help of --target: the games played to a choice of points."""
    games = [g for g in GAMES.values() if g.targets]
    return " ".join(
        f"{g.title}: the points that win the game, {counts_text(g.targets)}"
        f" (default {g.default_target})."
        for g in games
    )


def rounds_help() -> str:
    """The help of --rounds: the games of a number of rounds."""
    games = [g for g in GAMES.values() if g.default_rounds is not None]
    return " ".join(f"{g.title}: rounds in the game (default {g.default_rounds})." for g in games)


BRIDGE = next(g for g in GAMES.values() if g.reads_pbn)  # the game of a bridge deal (--pbn)
MOST_SEATS = max(n for g in GAMES.values() for n in g.seat_counts)

players_option = click.option(
    "--players",
    "-p",
    type=PLAYERS,
    metavar="N",
    help=players_help(),
)


class BadInput(click.ClickException):
    """Bad input from the user: one line on stderr, exit status 2."""

    exit_code = BAD_INPUT

    def show(self, file: IO[Any] | None = None) -> None:
        message = " ".join(self.format_message().split())  # always one line
        click.echo(f"{PROG}: error: {message}", file=file, err=True)


def read_source(source: str) -> str:
    """The text of a position (or view) from a file path, '-' (standard
    input) or the text itself; a saved game (``play --save``) gives its hand
    in play."""
    if source == "-":
        try:
            text = read_bounded(sys.stdin, "standard input", MAX_FILE_TEXT)
        except (OSError, UnicodeDecodeError) as e:
            raise BadInput(f"cannot read standard input: {e}") from None
    else:
        text = source_text(source, MAX_FILE_TEXT)
    if len(text) > MAX_TEXT:  # longer than any position: a file of boards, or refused as one
        return text.removeprefix(BOM)
    return position_text(text)


def read_position(source: str, moves: str | None = None) -> solver.Position:
    """A position from a file path, '-' (standard input), the text itself or
    a saved game, with --moves applied."""
    return position_of(read_source(source), moves)


BOARD_HELP = (
    "With a file of boards (a PBN or LIN hand record, or many positions in the notation): the"
    " board N (its number in the file, every room's; 46c: its closed room's, 46o: its open"
    " room's; else its place from 1). Default: every board in turn."
)
ROOM_HELP = "With a file of boards: only the boards played in this room (open or closed)."
STRICT_HELP = (
    "Refuse a hand record any of whose boards cannot be read whole (a malformed deal, a play"
    " that does not fit its deal) instead of warning and going on without it."
)
_Command = TypeVar("_Command", bound=Callable[..., Any])
ROOM_KEY, STRICT_KEY = "room", "strict"  # where --room and --strict are kept (click's ctx.meta)


def _keep(key: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A callback keeping an option's value in the context's meta, for
    `source_boards` (so that every command taking --board takes these too)."""

    def keep(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        ctx.meta[key] = value
        return value

    return keep


def board_option(command: _Command) -> _Command:
    """--board, with --room and --strict, of the commands reading files of boards."""
    command = click.option(
        "--strict", is_flag=True, expose_value=False, callback=_keep(STRICT_KEY), help=STRICT_HELP
    )(command)
    command = click.option(
        "--room", metavar="ROOM", expose_value=False, callback=_keep(ROOM_KEY), help=ROOM_HELP
    )(command)
    return click.option("--board", "-b", metavar="N", help=BOARD_HELP)(command)


def warn(message: str) -> None:
    """A warning: one line on stderr, the command goes on."""
    click.echo(f"{PROG}: warning: {' '.join(message.split())}", err=True)


def _context_value(key: str) -> Any:
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(key)


def source_boards(source: str, board: str | None) -> tuple[str, list[Board] | None]:
    """The text of a source and, for a file of boards, every board (or
    --board's) as read; None for a lone position (the text is it: a
    position, a view or a saved game, as `read_source` gives one)."""
    text = read_source(source)
    name = "standard input" if source == "-" else source if "\n" not in source else "text"
    room = _context_value(ROOM_KEY)
    found = read_record(text, name)
    if found is None:
        if board is not None or room is not None:
            raise BadInput("--board goes with a file of boards (PBN, LIN or many positions)")
        return text, None
    if _context_value(STRICT_KEY):
        read_boards(text, name, strict=True)  # the first problem, as a NotationError
    chosen = choose_boards(found, board, name, room)
    boards = [b for b in chosen if isinstance(b, Board)]
    if not boards:  # the boards asked for cannot be read: the first one's problem
        raise BadInput(board_problems(chosen)[0])
    for found_board in chosen:
        if isinstance(found_board, Board):
            for problem in found_board.problems:
                warn(problem)
        else:
            warn(f"{found_board.problem}; the board is left out")
    return text, boards


def read_boards_of(source: str, board: str | None) -> list[tuple[Board | None, str]]:
    """The positions a source holds, each with its board: every board (or
    --board's) of a file of boards, else the one position (board None).
    Each text is a position (or view) as `read_source` gives one."""
    text, boards = source_boards(source, board)
    if boards is None:
        return [(None, text)]
    return [(b, b.position.to_toml()) for b in boards]


def positions_of(
    source: str, board: str | None, moves: str | None = None
) -> list[tuple[Board | None, solver.Position]]:
    """As `read_boards_of`, the positions after --moves: a file's boards as
    read (not written out and read again), a lone text read as a position."""
    reading = contextlib.nullcontext() if source == "-" else preparing(f"reading {source}")
    with reading:  # (standard input may be a person typing at the terminal)
        text, boards = source_boards(source, board)
    if boards is None:
        return [(None, position_of(text, moves))]
    return [(b, apply_moves(b.position.copy(), moves) if moves else b.position) for b in boards]


def one_board(source: str, board: str | None, command: str) -> str:
    """The text of the one position a command that takes one reads: a
    file of several boards needs --board."""
    found = read_boards_of(source, board)
    rooms = [b.room for b, _ in found if b is not None and b.room]
    if len(found) > 1 and board is not None and len(rooms) == len(found):
        raise BadInput(
            f"{command} takes one position: board {board} was played in {len(found)} rooms"
            f" ({', '.join(rooms)}): give --room, or {board}{rooms[0][0].lower()}"
        )
    if len(found) > 1:
        raise BadInput(
            f"{command} takes one position: give --board N ({source} holds {len(found)} boards)"
        )
    return found[0][1]


def board_title(board: Board | None) -> str | None:
    """The heading of a board in a command's output (None for a lone position)."""
    if board is None:
        return None
    return f"Board {board.name}" + (f", {board.room.lower()} room" if board.room else "")


def position_of(text: str, moves: str | None = None) -> solver.Position:
    """The position of a text `read_source` gave (a saved game already read
    as its hand in play), with --moves applied."""
    pos = solver.parse_position(text)
    return apply_moves(pos, moves) if moves else pos


def is_view_text(text: str) -> bool:
    """Whether a text is a view (a ``seat`` key) rather than a full position."""
    return get_str(parse_fields(text), "seat") is not None


def text_with_moves(text: str, moves: str | None) -> str:
    """A position's or view's text (as `read_source` gives one); with
    --moves, the position after them (a view takes no moves: the seat
    cannot replay what it does not see)."""
    if not moves:
        return text
    if is_view_text(text):
        raise solver.IllegalMoveError("--moves goes with a full position, not a view")
    return position_of(text, moves).to_toml()


MOVES_HELP = (
    "Moves to make first, in the game's notation, separated by commas (as typed at"
    " 'tricksolver play'): 'discard 2S, discard 2H, trump NT', 'bid 2, pass, pass, pass, trump H'"
    " or 'AS, KS'. All or none: a bad move is named with its number."
)
moves_option = click.option("--moves", "-m", metavar="LIST", help=MOVES_HELP)


NO_COLOR_HELP = "Plain text without colours."
no_color_option = click.option("--no-color", is_flag=True, help=NO_COLOR_HELP)


def json_option(instead_of: str) -> Callable[[_Command], _Command]:
    """The --json flag of a command that prints `instead_of` (``tables``) without it."""
    return click.option(
        "--json", "as_json", is_flag=True, help=f"Print JSON instead of {instead_of}."
    )


LINE_HELP = "Print the one-line form instead of TOML."


def position_output_options(json_help: str) -> Callable[[_Command], _Command]:
    """--line and --json, in that order, of a command that prints a position
    (as TOML without them); `json_help` says what its JSON holds."""

    def add(command: _Command) -> _Command:
        command = click.option("--json", "as_json", is_flag=True, help=json_help)(command)
        return click.option("--line", "-l", is_flag=True, help=LINE_HELP)(command)

    return add


def echo_json(data: Any, file: IO[str] | None = None, compact: bool = False) -> None:
    """JSON on standard output (or `file`), indented (`compact`: on one
    line, as JSON lines of many boards), no ``-0.0``."""
    if compact:
        click.echo(json.dumps(unsigned_zeros(data), separators=(",", ":")), file=file)
        return
    click.echo(json.dumps(unsigned_zeros(data), indent=2), file=file)


def unsigned_zeros(data: Any) -> Any:
    """`data` with every float -0.0 (a figure rounded to zero from below)
    written 0.0: no output says ``-0.0``."""
    if isinstance(data, float):
        return 0.0 if data == 0 else data
    if isinstance(data, dict):
        return {k: unsigned_zeros(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [unsigned_zeros(v) for v in data]
    return data


def preparing(what: str) -> contextlib.AbstractContextManager[Any]:
    """A line on stderr saying what the command does while it prepares
    (reading a file of boards, their keys), shown only on a terminal and
    gone when done: a long batch says something from its first second."""
    err = Console(stderr=True)
    if not err.is_terminal:
        return contextlib.nullcontext()
    return err.status(what)


def progress_bars(no_color: bool) -> Progress:
    """Progress bars on stderr, shown only on a terminal and gone when done."""
    err = Console(stderr=True, no_color=no_color or None)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=True,
    )
