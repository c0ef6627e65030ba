"""Plain whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.drawing import TRICKS, TRICKS_FROM_HERE, tricks_meaning
from solver.games.game import Game
from solver.games.whist.rules import Whist


class WhistGame(Game):
    name = "whist"
    title = "Whist"
    seat_counts = (4,)
    position = Whist
    names_trump_at_deal = True

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Whist:
        return Whist.deal(seed, trump)

    # --- cli ---
    value_unit = TRICKS
    value_words = TRICKS_FROM_HERE
    table_by_declarer = True

    value_meaning = staticmethod(tricks_meaning)

    def length_text(self, target: int | None, rounds: int | None) -> str:
        return "one deal"


GAME = WhistGame()
