"""Cinch as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.drawing import game_to
from solver.games.cinch import drawing
from solver.games.cinch.rules import SEATS, Cinch
from solver.games.game import Game


class CinchGame(Game):
    name = "cinch"
    title = "Cinch"
    seat_counts = (SEATS,)
    position = Cinch

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Cinch:
        return Cinch.deal(seed)

    # --- cli ---
    bench_parts = (("cinch", SEATS),)
    value_unit = drawing.VALUE_UNIT

    value_meaning = staticmethod(drawing.value_meaning)
    length_text = staticmethod(game_to)

    seat_rows = staticmethod(drawing.seat_rows)
    state_rows = staticmethod(drawing.state_rows)
    seen_lines = staticmethod(drawing.seen_lines)
    move_lines = staticmethod(drawing.move_lines)


GAME = CinchGame()
