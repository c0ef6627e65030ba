"""What a seat knows of a whist hand: its own cards and the play (no part
of its own beyond the dealt counts); whist has no decision before play, and
its card play is the shared rules of thumb (`solver.heuristics`)."""

from __future__ import annotations

from solver.games.whist.rules import Whist
from solver.seatview import SeatFacts


def seat_facts(pos: Whist, seat: int) -> SeatFacts:
    """The dealt counts."""
    return SeatFacts(dealt=tuple(len(h) for h in pos.hands))
