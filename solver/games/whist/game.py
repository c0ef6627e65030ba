"""Plain whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.base import Position
from solver.games.game import Game
from solver.games.whist import heuristics
from solver.games.whist.rules import Whist
from solver.seatview import SeatFacts


class WhistGame(Game):
    name = "whist"
    title = "Whist"
    seat_counts = (4,)
    position = Whist
    names_trump_at_deal = True

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Whist:
        return Whist.deal(seed, trump)

    # --- players ---
    decision_max_nodes = 200_000
    player_max_nodes = 200_000

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, Whist)
        return heuristics.seat_facts(pos, seat)


GAME = WhistGame()
