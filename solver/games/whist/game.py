"""Plain whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.game import Game
from solver.games.whist.rules import Whist
from solver.games.whist.view import WhistView


class WhistGame(Game):
    name = "whist"
    title = "Whist"
    seat_counts = (4,)
    position = Whist
    view = WhistView
    names_trump_at_deal = True

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Whist:
        return Whist.deal(seed, trump)


GAME = WhistGame()
