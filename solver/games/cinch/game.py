"""Cinch as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.cards import Card
from solver.games.base import Move, Position
from solver.games.cinch import heuristics
from solver.games.cinch.rules import SEATS, Cinch
from solver.games.game import Game
from solver.seatview import SeatFacts, SeatKnowledge


class CinchGame(Game):
    name = "cinch"
    title = "Cinch"
    seat_counts = (SEATS,)
    position = Cinch

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Cinch:
        return Cinch.deal(seed)

    # --- players ---

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, Cinch)
        return heuristics.seat_facts(pos, seat)

    def heuristic_decision(self, view: SeatKnowledge) -> Move:
        return heuristics.decision(view)

    def card_worth(self, view: SeatKnowledge, card: Card, to_side: int) -> float:
        return heuristics.card_worth(view, card, to_side)

    def strong_in_trumps(self, view: SeatKnowledge) -> bool | None:
        return heuristics.strong_in_trumps(view)


GAME = CinchGame()
