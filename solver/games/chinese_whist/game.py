"""Chinese Whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.base import Move, Position
from solver.games.chinese_whist import heuristics
from solver.games.chinese_whist.rules import ChineseWhist
from solver.games.game import Game
from solver.seatview import SeatFacts, SeatKnowledge


class ChineseWhistGame(Game):
    name = "chinese-whist"
    title = "Chinese Whist"
    aliases = ("chinese_whist", "chinesewhist", "cw")
    seat_counts = (2, 3, 4)
    position = ChineseWhist

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> ChineseWhist:
        return ChineseWhist.deal(players or self.default_seats, seed)

    # --- players ---
    decision_max_nodes = 100_000
    player_max_nodes = 50_000
    player_decision_max_nodes = 5_000

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, ChineseWhist)
        return heuristics.seat_facts(pos, seat)

    def heuristic_decision(self, view: SeatKnowledge) -> Move:
        return heuristics.decision(view)


GAME = ChineseWhistGame()
