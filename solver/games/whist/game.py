"""Plain whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from solver.cards import parse_strain, strain_text
from solver.drawing import TRICKS, TRICKS_FROM_HERE, tricks_meaning
from solver.errors import NotationError
from solver.games.game import Game
from solver.games.whist.rules import Whist
from solver.notation import SEAT_LETTERS


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
    reads_pbn = True

    def pbn_line(self, pbn: str, trump: str | None, leader: str | None) -> str:
        fields = [f"trump={strain_text(parse_strain(trump)) if trump else 'NT'}"]
        if leader is not None:
            seat = leader.strip().upper()
            if len(seat) != 1 or seat not in SEAT_LETTERS:
                raise NotationError(f"unknown leader {leader!r} (use N, E, S or W)")
            fields.append(f"leader={seat}")
        return "; ".join([self.name, *fields, f"hands={pbn.strip()}"])

    value_meaning = staticmethod(tricks_meaning)

    def length_text(self, target: int | None, rounds: int | None) -> str:
        return "one deal"


GAME = WhistGame()
