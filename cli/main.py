"""The `tricksolver` command: deal new positions and show them.

The commands only parse their arguments, call the `solver` API and format
what it returns; the drawing is in `solver.cli.render`.  Bad input of any
kind (a `TricksolverError`, a missing file, unreadable standard input) is
one line ``tricksolver: error: <message>`` on stderr and exit status 2,
the status click gives its own usage errors.
"""

from __future__ import annotations

import inspect
import secrets
import sys
from collections.abc import Sequence
from importlib import resources
from typing import IO, Any

import click
from rich.console import Console

import solver
from solver.cli import render

PROG = "tricksolver"
BAD_INPUT = 2  # exit status of bad input, as for click's usage errors
SEED_LIMIT = 1_000_000  # random seeds are drawn below this, short enough to retype
EXAMPLES_PACKAGE = "solver"
EXAMPLES_DIR = "examples"
EXAMPLE_SUFFIX = ".toml"


class BadInput(click.ClickException):
    """Bad input from the user: one line on stderr, exit status 2."""

    exit_code = BAD_INPUT

    def show(self, file: IO[Any] | None = None) -> None:
        message = " ".join(self.format_message().split())  # always one line
        click.echo(f"{PROG}: error: {message}", file=file, err=True)


class TricksolverGroup(click.Group):
    """A group that turns the API's errors into `BadInput`."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except solver.TricksolverError as e:
            raise BadInput(str(e)) from None


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


def read_position(source: str) -> solver.Position:
    """A position from a file path, '-' (standard input) or the text itself."""
    if source == "-":
        try:
            text = sys.stdin.read()
        except (OSError, UnicodeDecodeError) as e:
            raise BadInput(f"cannot read standard input: {e}") from None
        return solver.parse_position(text)
    return solver.load_position(source)


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
    """


@main.command()
@click.argument("game")
@click.option(
    "--players",
    "-p",
    type=int,
    metavar="N",
    help="Number of players (Chinese Whist: 2, 3 or 4; default 4).",
)
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
    help="Whist only: the trump (default: the suit of the dealer's last card).",
)
@click.option("--line", "-l", is_flag=True, help="Print the one-line form instead of TOML.")
def deal(game: str, players: int | None, seed: int | None, trump: str | None, line: bool) -> None:
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
    """
    random_seed = seed is None
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    pos = solver.deal(game, players=players, seed=seed, trump=trump)
    if random_seed:
        click.echo(f"seed: {seed}", err=True)
    click.echo(pos.to_line() if line else pos.to_toml().rstrip("\n"))


@main.command()
@click.argument("position", required=False)
@click.option(
    "--example",
    "-e",
    metavar="NAME",
    help="Show a bundled example position instead (names below).",
)
@click.option("--no-color", is_flag=True, help="Plain text without colours.")
@click.option(
    "--width",
    "-w",
    type=click.IntRange(min=render.MIN_WIDTH),
    metavar="COLUMNS",
    help="Width of the drawing (default: the terminal's).",
)
def show(position: str | None, example: str | None, no_color: bool, width: int | None) -> None:
    """Draw POSITION: the hands, the table and the legal moves.

    POSITION is a file, '-' for standard input, a one-line position or a
    bare PBN deal (plain whist).  Colours are left out when the output is
    not a terminal.

    \b
    EXAMPLES
      tricksolver show hand.toml
      tricksolver deal cinch --seed 3 | tricksolver show -
      tricksolver show "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A"
      tricksolver show "N:AK.Q.. QJ.K.. T9.A.. 87...A"
      tricksolver show --example chinkway --width 100
    """
    if (position is None) == (example is None):
        raise click.UsageError("give either a POSITION or --example NAME")
    if example is not None:
        names = example_names()
        if example not in names:
            raise BadInput(f"no example {example!r} (examples: {', '.join(names)})")
        pos = solver.parse_position(example_text(example))
    else:
        assert position is not None
        pos = read_position(position)
    console = Console(no_color=no_color or None, width=width, highlight=False)
    console.print(render.position(pos))


def _list_examples_in_help(command: click.Command, names: Sequence[str]) -> None:
    """Name the bundled examples in a command's help (read from the package)."""
    if names and command.help is not None:
        command.help = (
            inspect.cleandoc(command.help)
            + "\n\n\b\nBUNDLED EXAMPLES (--example NAME)\n  "
            + "  ".join(names)
        )


_list_examples_in_help(show, example_names())
