"""Chinkway as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.chinkway.rules import SEATS, Chinkway
from solver.games.chinkway.view import ChinkwayView
from solver.games.game import Game


class ChinkwayGame(Game):
    name = "chinkway"
    title = "Chinkway"
    seat_counts = (SEATS,)
    position = Chinkway
    view = ChinkwayView

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Chinkway:
        return Chinkway.deal(seed)


GAME = ChinkwayGame()
