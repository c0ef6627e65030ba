"""Reading positions and views of any game, and dealing new ones.

The entry points that need a game by its name or its position's game: they
find it in `solver.games.registry` and call the game's own classes
(`Game.position`, `Game.view`)."""

from __future__ import annotations

from pathlib import Path

from solver.cards import parse_strain
from solver.errors import NotationError, PositionError
from solver.games.base import Position
from solver.games.registry import GAMES, game_name, game_of, pbn_game, seats_of
from solver.notation import (
    MAX_TEXT,
    Fields,
    get_str,
    is_bare_deal,
    parse_fields,
    read_text_file,
)
from solver.view import View

EMPTY_SOURCE = (
    "an empty argument is no position: give a file, '-' for standard input, or a position's text"
)
BOM = "\ufeff"  # a UTF-8 byte order mark, as some editors write at a file's start


def game_fields(text: str) -> Fields:
    """The keys of a position (or a view) in either text form, or of a bare
    PBN deal, with the key `game` its game's own name (a byte order mark
    at the start is skipped)."""
    text = text.removeprefix(BOM)
    fields = parse_fields(text)
    if "game" not in fields and is_bare_deal(text):
        fields["game"] = pbn_game().name
    game = get_str(fields, "game")
    if game is None:
        *most, last = GAMES
        raise NotationError(f"missing key 'game' ({', '.join(most)} or {last})")
    fields["game"] = game_name(game)
    return fields


def parse_position(text: str) -> Position:
    """A position from its file form (TOML), its one-line form, or a bare PBN deal."""
    fields = game_fields(text)
    return GAMES[fields["game"]].position.from_fields(fields)  # type: ignore[attr-defined,no-any-return]


def _looks_like_path(source: str) -> bool:
    """No position's text: one line without a key (``=``), a PBN deal's
    ``:`` or a hand record's ``|`` (LIN pairs) -- a file name, then,
    mistyped or missing."""
    return "\n" not in source and not any(mark in source for mark in "=:|")


def source_text(source: str, limit: int = MAX_TEXT) -> str:
    """The text of a position (or view): read from the file `source` names
    (at most `limit` characters: `MAX_FILE_TEXT` where a file of many boards
    may be read), else `source` itself (one line, or several).  A line that
    cannot be a position is taken for a file name: a directory or a missing
    file says so; an empty text is neither."""
    if not source.strip():
        raise NotationError(EMPTY_SOURCE)
    if "\n" not in source:
        path = Path(source)
        try:
            is_file, is_dir = path.is_file(), path.is_dir()
        except OSError:  # a long one-line position is no file name
            is_file = is_dir = False
        if is_file:
            return read_text_file(source, limit)
        if is_dir:
            raise NotationError(f"{source}: is a directory, not a position file")
        if _looks_like_path(source):
            raise NotationError(
                f"{source}: no such file (and not a position: one is key=value fields"
                " separated by ';', or a PBN deal)"
            )
    return source


def load_position(source: str) -> Position:
    """A position from a file path or from its text (either form, or a bare PBN deal)."""
    return parse_position(source_text(source))


def view_of(pos: Position, seat: int) -> View:
    """The view of `seat` (0-based) of a position in play (phase play or
    claim, or a decision before the first lead its game's view is of)."""
    return game_of(pos).view.from_position(pos, seat)


def parse_view(text: str) -> View:
    """A view from the notation of its game (file form or one-line form) with a
    key ``seat`` and the cards the seat has not seen left out."""
    fields = game_fields(text)
    return GAMES[fields["game"]].view.from_fields(fields)


def load_view(source: str) -> View:
    """A view from a file path or from its text."""
    if not source.strip():
        raise NotationError(EMPTY_SOURCE)
    if "\n" not in source and "=" not in source:
        path = Path(source)
        if path.is_file():
            return parse_view(read_text_file(source))
        if path.is_dir():
            raise NotationError(f"{source}: is a directory, not a view file")
        raise NotationError(f"{source}: no such file")
    return parse_view(source)


def deal(
    game: str, players: int | None = None, seed: int = 0, trump: str | None = None
) -> Position:
    """A new hand of `game` at its first decision, the same for the same seed."""
    g = GAMES[game_name(game)]
    nseats = seats_of(g, players)
    if trump is not None and not g.names_trump_at_deal:
        named = " and ".join(n for n, other in GAMES.items() if other.names_trump_at_deal)
        raise PositionError(f"--trump is for {named}; in {g.name} trump is named in play")
    return g.deal(seed, nseats, None if trump is None else parse_strain(trump))
