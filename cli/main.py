"""The `tricksolver` command: deal, show, analyze and table positions, bench.

The commands only parse their arguments, call the `solver` API and format
what it returns; the drawing is in `solver.cli.render` (positions) and
`solver.cli.render_analysis` (search results), what is particular to a game
in the game's folder, asked through its `Game` (`solver.games.registry`;
the cli names no game), the benchmark's measurements in `solver.bench`.  Bad input of any
kind (a `TricksolverError`, a missing file, unreadable standard input) is
one line ``tricksolver: error: <message>`` on stderr and exit status 2,
the status click gives its own usage errors.  SIGTERM is taken as Ctrl-C
(what finished is kept and said, a game saved), with status 143.
"""

from __future__ import annotations

import inspect
import json
import secrets
import signal
import threading
from collections.abc import Sequence
from importlib import resources
from types import FrameType
from typing import Any

import click
from rich.console import Console

import solver
from solver.cli import render, render_json, render_view
from solver.cli.bench import bench
from solver.cli.match import match
from solver.cli.move import move
from solver.cli.play import play
from solver.cli.recommend import recommend
from solver.cli.review import review
from solver.cli.search import analyze, table
from solver.cli.serve import serve
from solver.games.registry import GAMES, game_of
from solver.records import Board, position_table

from .common import (
    INTERRUPTED,
    PROG,
    SEED_LIMIT,
    TERMINATED,
    BadInput,
    board_option,
    board_title,
    echo_json,
    is_view_text,
    moves_option,
    players_option,
    position_of,
    position_output_options,
    progress_bars,
    read_boards_of,
    text_with_moves,
)
from .options import DEAL_COUNT, MAX_DEAL_COUNT

TRUMP_AT_DEAL = " and ".join(g.title for g in GAMES.values() if g.names_trump_at_deal)
EXAMPLES_PACKAGE = "solver"
EXAMPLES_DIR = "examples"
EXAMPLE_SUFFIX = ".toml"


class TricksolverGroup(click.Group):
    """A group that turns the API's errors and click's usage errors (an
    unknown option, a value out of range) into `BadInput`, one line, and
    Ctrl-C into status 130 where a command does not report it itself.
    SIGTERM, while a command runs, is Ctrl-C (`_TermAsInterrupt`), and the
    status 130 that follows is 143."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with _TermAsInterrupt() as term:
            self._term = term
            return super().main(*args, **kwargs)

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
            raise click.exceptions.Exit(self._stopped_status()) from None
        except click.exceptions.Exit as e:
            if e.exit_code == INTERRUPTED:
                raise click.exceptions.Exit(self._stopped_status()) from None
            raise

    def _stopped_status(self) -> int:
        term = getattr(self, "_term", None)
        return TERMINATED if term is not None and term.received else INTERRUPTED


class _TermAsInterrupt:
    """While the block runs (in the main thread), SIGTERM does what Ctrl-C
    does: it calls the SIGINT handler of the moment (a command's own, which
    keeps what finished), or raises KeyboardInterrupt where there is none;
    `received` says it came.  The handler before is restored on the way out."""

    def __init__(self) -> None:
        self.received = False
        self._previous: Any = None

    def __enter__(self) -> _TermAsInterrupt:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGTERM, self._previous)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.received = True
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            handler(signal.SIGINT, frame)
        else:  # Ctrl-C ignored or left to the system: SIGTERM still stops the command
            raise KeyboardInterrupt


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
@click.option(
    "--count",
    "-c",
    type=DEAL_COUNT,
    metavar="N",
    help=f"Deal N hands, seeded SEED, SEED+1, ... (at most {MAX_DEAL_COUNT:,}): a file of many"
    " positions (docs/files.md): one a line with --line, [[position]] tables in TOML, JSON"
    " lines with --json.",
)
@position_output_options("Print the position as JSON, with the seed (docs/json.md).")
@click.option("--no-color", is_flag=True, help="Plain text without colours (the progress bar).")
def deal(
    game: str,
    players: int | None,
    seed: int | None,
    trump: str | None,
    count: int | None,
    line: bool,
    as_json: bool,
    no_color: bool,
) -> None:
    """Deal a new hand of GAME and print its position.

    GAME is one of whist, chinkway, chinese-whist (or cw), cinch.  The
    position is at the hand's first decision: the first lead (whist), the
    dealer's discards (Chinkway), the dealer's trump (Chinese Whist) or the
    first bid (Cinch).  With --count N, N hands (deal i seeded SEED+i-1) in
    a file of many positions, board i the deal of seed SEED+i-1, for
    analyze, table and the other commands to go through.

    \b
    EXAMPLES
      tricksolver deal whist --seed 42
      tricksolver deal whist --seed 42 --trump NT --line
      tricksolver deal chinese-whist --players 2 --seed 1
      tricksolver deal cw -p 3 > three.toml
      tricksolver deal chinkway --line
      tricksolver deal cinch --seed 4 --json
      tricksolver deal whist --seed 1 --count 3 --line    three deals, seeds 1, 2 and 3
    """
    if line and as_json:
        raise BadInput("--line and --json: choose one output")
    random_seed = seed is None
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    first = solver.deal(game, players=players, seed=seed, trump=trump)
    if random_seed:
        click.echo(f"seed: {seed}", err=True)
    if count is None:
        click.echo(dealt_text(first, seed, line, as_json).rstrip("\n"))
        return
    with progress_bars(no_color) as progress:
        task = progress.add_task(f"{game_of(first).title} deals", total=count)
        for place in range(count):
            pos = first if place == 0 else solver.deal(game, players, seed + place, trump)
            text = dealt_text(pos, seed + place, line, as_json, str(place + 1))
            click.echo(text.rstrip("\n") + ("" if line or as_json else "\n"))
            progress.advance(task)


def dealt_text(
    pos: solver.Position, seed: int, line: bool, as_json: bool, board: str | None = None
) -> str:
    """A dealt position as `deal` prints it: one line, JSON (with its seed)
    or TOML; with `board` (one of --count's deals), a table of a file of many
    positions."""
    if as_json:
        data = {**render_json.position_json(pos), "seed": seed}
        return json.dumps(
            data, separators=(",", ":") if board else None, indent=None if board else 2
        )
    if line:
        return pos.to_line()
    return pos.to_toml() if board is None else position_table(pos, board)


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
        record = {} if held is None else game_of(held.position).board_json(held)
        if as_json:
            named = {} if held is None else {"board": held.name}
            shown.append({**render_json.position_json(pos), **named, **record_of(record)})
        else:
            shown_board = held if held is not None else Board("", pos)  # a lone deal's hands too
            panel = game_of(pos).board_panel(shown_board)
            if panel is not None:
                console.print(panel)
                console.print()
            console.print(render.position(pos))
    if as_json:
        echo_json(shown[0] if len(found) == 1 else shown)


def record_of(facts: dict[str, Any]) -> dict[str, Any]:
    """The ``record`` key of a board's JSON, when its record says something."""
    return {"record": facts} if facts else {}


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


main.add_command(analyze)
main.add_command(table)
main.add_command(recommend)
main.add_command(bench)
main.add_command(move)
main.add_command(review)
main.add_command(serve)


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
