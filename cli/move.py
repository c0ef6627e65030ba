"""The `move` command: moves made in a position, the position reached printed."""

from __future__ import annotations

import click

from solver.errors import TricksolverError
from solver.moves import apply_moves

from .common import (
    board_option,
    echo_json,
    one_board,
    position_of,
    position_output_options,
)
from .render_json import moves_json


@click.command()
@click.argument("position")
@click.argument("moves")
@position_output_options("Print the position reached as JSON, with the moves made (docs/json.md).")
@board_option
def move(position: str, moves: str, line: bool, as_json: bool, board: str | None) -> None:
    """Make MOVES in POSITION and print the position reached.

    POSITION is a file, '-' for standard input, a one-line position, a bare
    PBN deal, a game saved by 'play --save' (its hand in play) or one board
    of a file of boards (--board N: a hand record's board at its opening
    lead, docs/files.md).  MOVES are
    in the game's notation, separated by commas, as typed at 'tricksolver
    play': cards (AS, 10h), discard 2S, trump H (or NT), bid 2, pass, shoot,
    claim QS.  All or none: a move that cannot be read or is not legal is
    named with its number and nothing is printed.  Every command that takes
    a position also takes --moves, to the same effect.

    \b
    EXAMPLES
      tricksolver deal chinkway --seed 7 | tricksolver move - "discard AS, discard KS, trump S"
      tricksolver deal cinch --seed 7 | tricksolver move - "pass, pass, pass, pass, trump S" -l
      tricksolver deal cw --seed 7 | tricksolver move - "trump S" | tricksolver show -
      tricksolver deal whist --seed 7 | tricksolver move - "KH" --json
      tricksolver move docs/session.pbn "QS, 9S" --board 2 --line
    """
    if line and as_json:
        raise TricksolverError("--line and --json: choose one output")
    start = position_of(one_board(position, board, "move"))
    pos = apply_moves(start, moves)
    if as_json:
        echo_json(moves_json(start, pos))
        return
    click.echo(pos.to_line() if line else pos.to_toml().rstrip("\n"))
