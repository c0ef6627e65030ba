"""Chinkway as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.games.chinkway import drawing
from solver.games.chinkway.rules import SEATS, Chinkway
from solver.games.game import Game


class ChinkwayGame(Game):
    name = "chinkway"
    title = "Chinkway"
    seat_counts = (SEATS,)
    position = Chinkway

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Chinkway:
        return Chinkway.deal(seed)

    # --- cli ---
    value_unit = drawing.VALUE_UNIT
    hand_word = "round"
    totals_by_side = False
    tricks_by_side = False
    dealer_alone = True
    many_sides = True

    def value_meaning(self, who: str) -> str:
        return f"quest score for {who} this round (1-3-6-10-15), claims made included"

    title_notes = staticmethod(drawing.title_notes)

    def length_text(self, target: int | None, rounds: int | None) -> str:
        return f"{rounds} rounds"

    seat_rows = staticmethod(drawing.seat_rows)
    state_rows = staticmethod(drawing.state_rows)
    seen_lines = staticmethod(drawing.seen_lines)
    move_lines = staticmethod(drawing.move_lines)


GAME = ChinkwayGame()
