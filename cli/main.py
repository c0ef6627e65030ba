"""The `tricksolver` command: deal, show, analyze and table positions, bench.

The commands only parse their arguments, call the `solver` API and format
what it returns; the drawing is in `solver.cli.render` (positions) and
`solver.cli.render_analysis` (search results), what is particular to a game
in the game's folder, asked through its `Game` (`solver.games.registry`;
the cli names no game), the benchmark's measurements in `solver.bench`.  Bad input of any
kind (a `TricksolverError`, a missing file, unreadable standard input) is
one line ``tricksolver: error: <message>`` on stderr and exit status 2,
the status click gives its own usage errors.
"""

from __future__ import annotations

import inspect
import os
import secrets
from collections.abc import Callable, Sequence
from functools import partial
from importlib import resources
from typing import Any, TypeVar

import click
from rich.console import Console

import solver
from solver.cli import render, render_analysis, render_json, render_view
from solver.cli.bench import bench
from solver.cli.play import match, move, play
from solver.cli.recommend import recommend
from solver.cli.review import review
from solver.doubledummy import DEFAULT_TT_MB, table_positions
from solver.games.registry import GAMES, game_of
from solver.parallel import Solvers
from solver.records import Board, record_format, record_formats
from solver.timing import Interrupted, in_worker

from .common import (
    BRIDGE,
    INTERRUPTED,
    PROG,
    SEED_LIMIT,
    BadInput,
    board_option,
    board_title,
    echo_json,
    is_view_text,
    moves_option,
    players_option,
    position_of,
    read_boards_of,
    text_with_moves,
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

TRUMP_AT_DEAL = " and ".join(g.title for g in GAMES.values() if g.names_trump_at_deal)
PBN_HELP = f"A bridge deal 'N:... ... ... ...' (plain {BRIDGE.name}) instead of POSITION."
EXAMPLES_PACKAGE = "solver"
EXAMPLES_DIR = "examples"
EXAMPLE_SUFFIX = ".toml"


class TricksolverGroup(click.Group):
    """A group that turns the API's errors and click's usage errors (an
    unknown option, a value out of range) into `BadInput`, one line, and
    Ctrl-C into status 130 where a command does not report it itself."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except solver.TricksolverError as e:
            raise BadInput(str(e)) from None
        except click.UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else PROG
            raise BadInput(f"{e.format_message()} (see: {where} --help)") from None
        except KeyboardInterrupt:  # a command that has nothing of its own to say
            click.echo(f"{PROG}: interrupted", err=True)
            raise click.exceptions.Exit(INTERRUPTED) from None


def example_names() -> list[str]:
    """The bundled example positions, by name (file name without .toml)."""
    folder = resources.files(EXAMPLES_PACKAGE).joinpath(EXAMPLES_DIR)
    if not folder.is_dir():
        return []
    return sorted(
        entry.name.removesuffix(EXAMPLE_SUFFIX)
        for entry in folder.iterdir()
        if entry.name.endswith(EXAMPLE_SUFFIX)
    )


def example_text(name: str) -> str:
    return (
        resources.files(EXAMPLES_PACKAGE)
        .joinpath(EXAMPLES_DIR, name + EXAMPLE_SUFFIX)
        .read_text(encoding="utf-8")
    )


@click.group(cls=TricksolverGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(solver.__version__, "-V", "--version", prog_name=PROG)
def main() -> None:
    """Exact solver for trick-taking card games: Chinkway, Chinese Whist,
    Cinch and plain whist.

    A position is a hand of one game at one decision.  It is written as a
    TOML file, as one line of key=value fields separated by ';', or (plain
    whist) as a bare PBN deal.

    \b
    EXAMPLES
      tricksolver deal whist --seed 7            a whist deal, as TOML
      tricksolver deal cw --players 3 --line     Chinese Whist, one line
      tricksolver deal cinch > hand.toml         (prints the seed on stderr)
      tricksolver show hand.toml
      tricksolver deal chinkway | tricksolver show -
      tricksolver show --example chinese-whist
      tricksolver analyze "N:AKQ... .AKQ.. ..AKQ. ...AKQ" --json
      tricksolver table "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
      tricksolver bench --games whist --deals 3 --time-limit 5
      tricksolver help analyze                   the help of one command
    """


@main.command()
@click.argument("game")
@players_option
@click.option(
    "--seed",
    "-s",
    type=int,
    metavar="N",
    help="Seed of the shuffle: the same seed, the same deal. Default: random, printed on stderr.",
)
@click.option(
    "--trump",
    "-t",
    metavar="S|H|D|C|NT",
    help=f"{TRUMP_AT_DEAL} only: the trump (default: the suit of the dealer's last card).",
)
@click.option("--line", "-l", is_flag=True, help="Print the one-line form instead of TOML.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the position as JSON, with the seed (docs/json.md).",
)
def deal(
    game: str,
    players: int | None,
    seed: int | None,
    trump: str | None,
    line: bool,
    as_json: bool,
) -> None:
    """Deal a new hand of GAME and print its position.

    GAME is one of whist, chinkway, chinese-whist (or cw), cinch.  The
    position is at the hand's first decision: the first lead (whist), the
    dealer's discards (Chinkway), the dealer's trump (Chinese Whist) or the
    first bid (Cinch).

    \b
    EXAMPLES
      tricksolver deal whist --seed 42
      tricksolver deal whist --seed 42 --trump NT --line
      tricksolver deal chinese-whist --players 2 --seed 1
      tricksolver deal cw -p 3 > three.toml
      tricksolver deal chinkway --line
      tricksolver deal cinch --seed 4 --json
    """
    if line and as_json:
        raise BadInput("--line and --json: choose one output")
    random_seed = seed is None
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    pos = solver.deal(game, players=players, seed=seed, trump=trump)
    if random_seed:
        click.echo(f"seed: {seed}", err=True)
    if as_json:
        echo_json({**render_json.position_json(pos), "seed": seed})
        return
    click.echo(pos.to_line() if line else pos.to_toml().rstrip("\n"))


@main.command()
@click.argument("position", required=False)
@click.option(
    "--example",
    "-e",
    metavar="NAME",
    help="Show a bundled example position instead (names below).",
)
@moves_option
@board_option
@click.option("--no-color", is_flag=True, help="Plain text without colours.")
@click.option(
    "--width",
    "-w",
    type=click.IntRange(min=render.MIN_WIDTH),
    metavar="COLUMNS",
    help="Width of the drawing (default: the terminal's).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the position (or view) as JSON instead of drawing it (docs/json.md).",
)
def show(
    position: str | None,
    example: str | None,
    moves: str | None,
    board: str | None,
    no_color: bool,
    width: int | None,
    as_json: bool,
) -> None:
    """Draw POSITION: the hands, the table and the legal moves.

    POSITION is a file, '-' for standard input, a one-line position, a
    bare PBN deal (plain whist) or a game saved by 'play --save' (its hand
    in play), or a file of boards (a PBN or LIN hand record, many positions:
    every board in turn, or --board N).  A view (a 'seat' key, the unseen
    cards left out, as recommend takes) is drawn as its seat knows it.  --moves makes moves
    first.  Colours are left out when the output is not a terminal.

    \b
    EXAMPLES
      tricksolver deal cinch --seed 3 > hand.toml
      tricksolver show hand.toml
      tricksolver deal cinch --seed 3 | tricksolver show -
      tricksolver show "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A"
      tricksolver show "N:AK.Q.. QJ.K.. T9.A.. 87...A"
      tricksolver show --example chinkway --width 100
      tricksolver deal chinkway --seed 7 | tricksolver show - -m "discard AS, discard KS, trump S"
      tricksolver show "whist; seat=W; trump=H; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS KS 8S"
      tricksolver play cinch --seed 7 --hands 1 --save game.toml --brief
      tricksolver show game.toml                   a game saved by 'play --save'
      tricksolver show --example whist --json
      tricksolver show docs/session.pbn --board 2   a board of a hand record (docs/files.md)
    """
    if (position is None) == (example is None):
        raise click.UsageError("give either a POSITION or --example NAME")
    console = Console(no_color=no_color or None, width=width, highlight=False)
    if example is not None:
        if board is not None:
            raise BadInput("--board goes with a file of boards, not --example")
        found: list[tuple[Board | None, str]] = [(None, bundled_example(example))]
    else:
        assert position is not None
        found = read_boards_of(position, board)
    shown: list[Any] = []
    for held, text in found:
        title = board_title(held)
        if title is not None and not as_json:
            console.rule(title)
        if example is None:
            text = text_with_moves(text, moves)
            if is_view_text(text):
                seen = solver.parse_view(text)
                if as_json:
                    shown.append(render_json.view_json(seen))
                else:
                    console.print(render_view.view(seen))
                continue
        pos = position_of(text, None if example is None else moves)
        if as_json:
            shown.append(render_json.position_json(pos))
        else:
            console.print(render.position(pos))
    if as_json:
        echo_json(shown[0] if len(found) == 1 else shown)


def bundled_example(name: str) -> str:
    """The text of a bundled example, by name; BadInput naming the examples if none."""
    names = example_names()
    if name not in names:
        raise BadInput(f"no example {name!r} (examples: {', '.join(names)})")
    return example_text(name)


def _list_examples_in_help(command: click.Command, names: Sequence[str]) -> None:
    """Name the bundled examples in a command's help (read from the package)."""
    if names and command.help is not None:
        command.help = (
            inspect.cleandoc(command.help)
            + "\n\n\b\nBUNDLED EXAMPLES (--example NAME)\n  "
            + "  ".join(names)
        )


_list_examples_in_help(show, example_names())
main.add_command(play)
main.add_command(match)


# -- search: analyze, table -----------------------------------------------------------


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


def make_solver(
    tt_mb: float, max_nodes: int, max_seconds: float, jobs: int | None
) -> solver.Solver | Solvers:
    """One Solver, or with `jobs` above 1 (None: one per core) a Solver a
    thread (`solver.parallel`); their tables checked against the memory first."""
    threads = jobs or os.cpu_count() or 1
    workers_memory(threads, tt_mb)
    if threads == 1:
        return solver.Solver(tt_mb, max_nodes=max_nodes, max_seconds=max_seconds)
    return Solvers(threads, tt_mb, max_nodes, max_seconds)


T = TypeVar("T")


def interruptible(
    searcher: solver.Solver | Solvers,
    call: Callable[[], T],
    show: Callable[[T], None],
    done: Callable[[T], str],
) -> T:
    """Run a search so that Ctrl-C stops it at once (`solver.timing.in_worker`):
    the search is interrupted, what it had proven is shown (`show`: bounds,
    as a limit cut short would), and the command ends with one line saying
    what was done (`done`), status 130."""
    try:
        result, _ = in_worker(searcher, call)
    except Interrupted as stopped:
        if stopped.partial is None:
            click.echo(f"{PROG}: interrupted: the search was stopped", err=True)
        else:
            show(stopped.partial)
            click.echo(f"{PROG}: interrupted: {done(stopped.partial)}", err=True)
        raise click.exceptions.Exit(INTERRUPTED) from None
    return result


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
                help="Threads, each with its own table (default: one per core; 1: one"
                f" search at a time; at most {MAX_JOBS}); the values are the same.",
            ),
            click.option("--json", "as_json", is_flag=True, help="Print JSON instead of tables."),
            click.option("--no-color", is_flag=True, help="Plain text without colours."),
        ]
    ):
        command = option(command)
    return command


@main.command()
@click.argument("position", required=False)
@click.option(
    "--pbn",
    metavar="DEAL",
    help=PBN_HELP,
)
@click.option("--trump", "-t", metavar="S|H|D|C|NT", help="With --pbn: the trump (default NT).")
@click.option(
    "--leader",
    metavar="N|E|S|W",
    help="With --pbn: the seat on lead (default: left of the deal's first seat).",
)
@click.option("--no-pv", is_flag=True, help="Leave out the principal variation (faster).")
@moves_option
@board_option
@search_options
def analyze(
    position: str | None,
    pbn: str | None,
    trump: str | None,
    leader: str | None,
    no_pv: bool,
    moves: str | None,
    board: str | None,
    tt_mb: float,
    max_nodes: int,
    max_seconds: float,
    jobs: int | None,
    as_json: bool,
    no_color: bool,
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
    variation by tricks and the search's statistics.  A search cut short by
    --time or --max-nodes shows what it proved as bounds (>= 7, <= 9, 7..9),
    calls a card best only when that is proven, and has no line of play.

    For bridge players: --pbn with --trump and --leader instead of POSITION.

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
    """
    pbn = position_argument(position, pbn)
    found: list[tuple[Board | None, solver.Position]]
    if pbn is None:
        if trump is not None or leader is not None:
            raise BadInput("--trump and --leader go with --pbn (a POSITION names its own)")
        assert position is not None
        found = [(b, position_of(text, moves)) for b, text in read_boards_of(position, board)]
    else:
        found = [(None, position_of(BRIDGE.pbn_line(pbn, trump, leader), moves))]
    searcher = make_solver(tt_mb, max_nodes, max_seconds, jobs)
    console = Console(no_color=no_color or None, highlight=False)
    for held, pos in found:
        title = board_title(held)

        def show(
            result: solver.Analysis,
            pos: solver.Position = pos,
            held: Board | None = held,
            title: str | None = title,
        ) -> None:
            if as_json:
                data = render_analysis.analysis_json(pos, result, pv=not no_pv)
                if held is not None:
                    data = {"board": held.name, **data}
                echo_json(data, compact=len(found) > 1)
            else:
                if title is not None:
                    console.rule(title)
                console.print(render_analysis.analysis_view(pos, result, pv=not no_pv))

        show(
            interruptible(
                searcher,
                partial(searcher.analyze, pos, pv=not no_pv),
                show,
                render_analysis.analysis_done,
            )
        )


TEXT, CSV = "text", "csv"
CSV_HEAD = ("board", "trump", "leader", "side", "value")


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
    return [TEXT, "json", CSV, *(f.name for f in record_formats() if f.annotate)]


@main.command()
@click.argument("position", required=False)
@click.option(
    "--pbn",
    metavar="DEAL",
    help=PBN_HELP,
)
@moves_option
@board_option
@click.option(
    "--format",
    "output",
    type=click.Choice(table_formats()),
    default=TEXT,
    show_default=True,
    help="text: tables; json: as --json (JSON lines with several boards); csv: one row a"
    " value (board, trump, leader, side, value); a hand record (pbn): the file with every"
    " board's table and par added as tags, the original tags kept.",
)
@search_options
def table(
    position: str | None,
    pbn: str | None,
    moves: str | None,
    board: str | None,
    output: str,
    tt_mb: float,
    max_nodes: int,
    max_seconds: float,
    jobs: int | None,
    as_json: bool,
    no_color: bool,
) -> None:
    """The values of a deal for every trump (and, in whist, every leader).

    POSITION is a deal at its first lead, or before trump is named (Chinese
    Whist, Chinkway once the dealer has discarded).  Whist prints a table as
    DDS does: the tricks of declarer's side, declarer N E S W against the
    strains NT S H D C (the seat on declarer's left leads).  The other games
    print every side's value under each trump the game allows (Cinch: the
    trump named).  A full deal takes long: try endings, or a --time limit
    (each search's; a cell cut short by it shows bounds: >= 7, <= 9, 7..9).

    A file of boards (PBN, LIN, many positions) gives every board's table in
    turn (or --board N's); --format pbn writes the hand record back with each
    board's table and, for a whole deal, its par (OptimumResultTable,
    OptimumScore, ParContract), the original tags kept (docs/files.md).

    \b
    EXAMPLES
      tricksolver table "N:AKQ... .AKQ.. ..AKQ. ...AKQ"
      tricksolver table --pbn "N:AK2... QJ3... T94... 876..." --json
      tricksolver deal whist --seed 3 > deal.toml
      tricksolver table deal.toml --time 60
      tricksolver deal cw --players 2 --line | tricksolver table - --time 0.5
      tricksolver table docs/session.pbn --board 1 --format pbn
      tricksolver table docs/session.pbn --board 2 --format csv
    """
    pbn = position_argument(position, pbn)
    found: list[tuple[Board | None, solver.Position]]
    if pbn is None:
        assert position is not None
        found = [(b, position_of(text, moves)) for b, text in read_boards_of(position, board)]
    else:
        found = [(None, position_of(BRIDGE.pbn_line(pbn, None, None), moves))]
    if as_json and output not in (TEXT, "json"):
        raise BadInput("--json and --format: choose one output")
    output = "json" if as_json else output
    searcher = make_solver(tt_mb, max_nodes, max_seconds, jobs)
    console = Console(no_color=no_color or None, highlight=False)
    written: list[Board] = []
    many = len(found) > 1
    if output == CSV:
        click.echo(",".join(CSV_HEAD))
    for place, (held, pos) in enumerate(found, 1):
        record = held if held is not None else Board(str(place), pos)

        def show(
            result: solver.Table,
            pos: solver.Position = pos,
            record: Board = record,
            held: Board | None = held,
        ) -> None:
            annotated = annotated_board(record, result)
            notes = [(n, v) for n, v in annotated.tags if (n, v) not in record.tags]
            if output == "json":
                data = render_analysis.table_json(pos, result)
                if held is not None:
                    data = {"board": held.name, **data}
                if notes:
                    data["annotations"] = dict(notes)
                echo_json(data, compact=many)
            elif output == CSV:
                data = render_analysis.table_json(pos, result)
                for entry in data["entries"]:
                    for side, value in zip(data["sides"], entry["values"], strict=True):
                        row = [record.name, entry["trump"], entry["leader"], side]
                        click.echo(",".join([*row, "" if value is None else str(value)]))
            elif output == TEXT:
                title = board_title(held)
                if title is not None:
                    console.rule(title)
                console.print(render_analysis.table_view(pos, result))
                for name, value in notes:
                    if "\n" not in value:
                        console.print(f"{name}: {value}")
            else:
                if annotated is record:
                    click.echo(
                        f"{PROG}: board {record.name}: no exact table (cut short), written"
                        " without one",
                        err=True,
                    )
                written.append(annotated)

        entries = len(table_positions(pos))
        show(
            interruptible(
                searcher,
                partial(searcher.table, pos),
                show,
                partial(render_analysis.table_done, entries=entries),
            )
        )
    if written:
        fmt = record_format(output)
        assert fmt is not None
        click.echo(fmt.write(written), nl=False)


main.add_command(recommend)
main.add_command(bench)
main.add_command(move)
main.add_command(review)


@main.command("help")
@click.argument("command", required=False)
def help_command(command: str | None) -> None:
    """The help of COMMAND, or of tricksolver (the same as --help).

    \b
    EXAMPLES
      tricksolver help
      tricksolver help recommend
    """
    ctx = click.get_current_context()
    parent = ctx.parent
    assert parent is not None
    if command is None:
        click.echo(main.get_help(parent))
        return
    found = main.get_command(parent, command)
    if found is None:
        names = ", ".join(main.list_commands(parent))
        raise BadInput(f"no command {command!r} (commands: {names})")
    with click.Context(found, info_name=command, parent=parent) as sub:
        click.echo(found.get_help(sub))
