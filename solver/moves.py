"""Reaching a decision from a position: moves applied in the game's
notation, and the current position of a saved game.

`apply_moves` plays a list of moves (``"discard 2S, discard 2H, trump NT"``:
the text a person types at `tricksolver play`, separated by commas) on a
copy of a position, all or nothing: a move that cannot be read or is not
legal raises `IllegalMoveError` naming the move and its place in the list,
and the position given is left as it was.  `saved_position` reads a game
saved by `tricksolver play --save` (`solver.wholegame`) as the position of
its hand in play, so that every command that takes a position takes a saved
game too (`position_text`).

    >>> import solver
    >>> from solver.moves import apply_moves
    >>> pos = solver.deal("chinkway", seed=7)
    >>> first = pos.legal_moves()[:2]
    >>> after = apply_moves(pos, f"{first[0]}, {first[1]}")
    >>> len(after.history) - len(pos.history)
    2
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.errors import IllegalMoveError, NotationError, TricksolverError
from solver.games.base import Move, Position
from solver.notation import read_toml
from solver.position import BOM, parse_position
from solver.wholegame import WholeGame

MOVE_SEPARATOR = ","


def split_moves(text: str) -> list[str]:
    """The moves of a list written ``"discard 2S, discard 2H, trump NT"``
    (commas or new lines between them; blanks around them ignored)."""
    items = text.replace("\n", MOVE_SEPARATOR).split(MOVE_SEPARATOR)
    moves = [item.strip() for item in items]
    if any(not m for m in moves[:-1]) or (len(moves) > 1 and not moves[-1]):
        raise IllegalMoveError(
            f"moves are separated by single commas, like 'discard 2S, trump NT': {text!r}"
        )
    return [m for m in moves if m]


def apply_moves(pos: Position, moves: str | Sequence[str | Move]) -> Position:
    """A copy of `pos` with `moves` made in turn, each checked as a player's
    move is (the game's notation, the rules); `pos` is not changed.  Raises
    IllegalMoveError naming the first bad move, its number (from 1) and why,
    and nothing is applied."""
    items: Sequence[str | Move] = split_moves(moves) if isinstance(moves, str) else moves
    work = pos.copy()
    for number, item in enumerate(items, 1):
        try:
            move = work.parse_move(item) if isinstance(item, str) else item
            if work.is_over:
                raise IllegalMoveError("the hand is over")
            work.play(move)
        except TricksolverError as e:
            seat = "" if work.is_over else f", seat {work.seat_name(work.to_move)} to move"
            raise IllegalMoveError(
                f"move {number} of {len(items)} ({str(item)!r}{seat}): {e}; no move applied"
            ) from None
    return work


def saved_position(text: str) -> Position | None:
    """The position of the hand in play of a game saved by ``play --save``
    (at the end of a game, its last hand as it ended); None when `text` is
    not a saved game.  NotationError or PositionError for a bad saved game."""
    try:
        fields = read_toml(text)
    except NotationError:
        return None  # not TOML: a one-line position, a PBN deal, or bad input for the reader
    if not isinstance(fields.get("position"), dict):
        return None
    return WholeGame.from_toml(text).position


def position_text(text: str) -> str:
    """The text of a position: `text` itself (without a byte order mark), or
    for a saved game the file form of its hand in play (so that a reader of
    positions or views takes it)."""
    text = text.removeprefix(BOM)
    pos = saved_position(text)
    return text if pos is None else pos.to_toml()


def read_position(text: str, moves: str | None = None) -> Position:
    """A position from its text (either form, a bare PBN deal, or a saved
    game's hand in play), with `moves` (``"discard 2S, trump NT"``) applied."""
    pos = parse_position(position_text(text))
    return pos if not moves else apply_moves(pos, moves)


__all__ = ["apply_moves", "position_text", "read_position", "saved_position", "split_moves"]
