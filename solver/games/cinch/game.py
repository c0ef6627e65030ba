"""Cinch as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.cinch.rules import SEATS, Cinch
from solver.games.cinch.view import CinchView
from solver.games.game import Game


class CinchGame(Game):
    name = "cinch"
    title = "Cinch"
    seat_counts = (SEATS,)
    position = Cinch
    view = CinchView

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Cinch:
        return Cinch.deal(seed)


GAME = CinchGame()
