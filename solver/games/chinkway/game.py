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
    bench_parts = (("chinkway", SEATS),)
    value_unit = drawing.VALUE_UNIT
    hand_word = "round"
    totals_by_side = False
    tricks_by_side = False
    dealer_alone = True

    def many_sides(self, nseats: int) -> bool:
        return True  # the dealer alone against two teams

    value_meaning = staticmethod(drawing.value_meaning)
    title_notes = staticmethod(drawing.title_notes)
    length_text = staticmethod(drawing.length_text)
    seat_rows = staticmethod(drawing.seat_rows)
    state_rows = staticmethod(drawing.state_rows)
    seen_lines = staticmethod(drawing.seen_lines)
    move_lines = staticmethod(drawing.move_lines)


GAME = ChinkwayGame()
