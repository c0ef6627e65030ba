"""The games, by name: the one place that lists them.

The generic layers look a game up here (`game`, `game_of`) and never import
a game's folder themselves.  Adding a game is adding its folder and one
line to `_GAMES`.
"""

from __future__ import annotations

from solver.errors import NotationError, PositionError
from solver.games.base import Position
from solver.games.chinese_whist.game import GAME as CHINESE_WHIST
from solver.games.chinkway.game import GAME as CHINKWAY
from solver.games.cinch.game import GAME as CINCH
from solver.games.game import Game
from solver.games.whist.game import GAME as WHIST

_GAMES: tuple[Game, ...] = (WHIST, CHINKWAY, CHINESE_WHIST, CINCH)

GAMES: dict[str, Game] = {g.name: g for g in _GAMES}
_ALIASES: dict[str, str] = {a: g.name for g in _GAMES for a in g.aliases}


def game_name(text: str) -> str:
    """The registered name of a game from any accepted spelling; NotationError if none."""
    name = text.strip().lower()
    name = _ALIASES.get(name, name)
    if name not in GAMES:
        raise NotationError(f"unknown game {text!r} (games: {', '.join(GAMES)})")
    return name


def game(text: str) -> Game:
    """The game of a name (any accepted spelling)."""
    return GAMES[game_name(text)]


def game_of(pos: Position) -> Game:
    """The game a position belongs to."""
    return GAMES[pos.game]


def pbn_game() -> Game:
    """The game a bare PBN deal (a bridge deal, no keys) is a hand of."""
    return next(g for g in _GAMES if g.reads_pbn)


def seats_of(g: Game, players: int | None) -> int:
    """The number of players of a hand of `g`: `players`, checked, or the default."""
    if players is None:
        return g.default_seats
    if players not in g.seat_counts:
        *most, last = [str(n) for n in g.seat_counts]
        counts = f"{', '.join(most)} or {last}" if most else last
        raise PositionError(f"{g.name} is for {counts} players, not {players}")
    return players
