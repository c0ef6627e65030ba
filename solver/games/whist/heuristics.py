"""What a seat knows of a whist hand: its own cards and the play (no part
of its own beyond the dealt counts); whist has no decision before play, and
its card play is the shared rules of thumb (`solver.heuristics`)."""

from __future__ import annotations

from solver.games.whist.rules import Whist
from solver.games.whist.view import WhistView
from solver.seatview import SeatFacts


def seat_facts(pos: Whist, seat: int) -> SeatFacts:
    """The dealt counts."""
    return SeatFacts(dealt=tuple(len(h) for h in pos.hands))


def view_facts(view: WhistView) -> SeatFacts:
    """The dealt counts, and the dealer: a whist view has none of its own
    (the notation's dealer only places the leader), so the seat before the
    leader, as a deal has it."""
    n = view.nseats
    return SeatFacts(dealt=(view.size,) * n, dealer=(view.leader - 1) % n)
