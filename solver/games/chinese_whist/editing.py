"""A Chinese Whist deal's places, as the web board edits it by clicking:
at every seat its hand (the down cards) and each pile's two places, the
face-up card and the face-down card under it, as many piles as the
rules' layout gives the number of players (`LAYOUT`).  Written back as
the notation's ``piles`` and ``down``, which the notation's reader then
checks (the same number of cards at every seat, the layout's sizes...).
Reached through `solver.games.chinese_whist.game`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.cards import Card, CardSet
from solver.drawing import of_kind
from solver.errors import PositionError
from solver.games.base import Position
from solver.games.chinese_whist.rules import LAYOUT, ChineseWhist, pile_text
from solver.games.game import FACE_DOWN_PLACE, FACE_UP, HAND_PLACE, Place

NO_PILES = "-"  # the notation's entry of a seat with no pile (or no down card)


def pile_places(number: int, top: Card | None, under: Card | None) -> list[Place]:
    """Pile `number`'s two places: its face-up card, then the one under it."""
    return [
        Place(f"pile {number} {face}", CardSet([] if card is None else [card]), True, number, face)
        for face, card in ((FACE_UP, top), (FACE_DOWN_PLACE, under))
    ]


def edit_places(pos: Position) -> list[list[Place]]:
    """Every seat's hand, then its piles' places, pile by pile (an empty
    pile's places after the piles dealt)."""
    cw = of_kind(pos, ChineseWhist)
    piles_each, _ = LAYOUT[cw.nseats]
    seats = []
    for seat in cw.iter_seats():
        piles: list[tuple[Card | None, Card | None]] = list(cw.piles[seat])
        piles += [(None, None)] * (piles_each - len(piles))
        places = [Place(HAND_PLACE, cw.down[seat])]
        for number, (top, under) in enumerate(piles, start=1):
            places += pile_places(number, top, under)
        seats.append(places)
    return seats


def placed_fields(places: Sequence[Sequence[Place]]) -> dict[str, Any]:
    """The notation's ``piles`` (a pile with nothing in it left out) and
    ``down``; PositionError for a face-down card with no face-up card over it."""
    piles, down = [], []
    for seat, row in enumerate(places):
        hand = next(p for p in row if p.name == HAND_PLACE)
        down.append(hand.cards.cards_text() or NO_PILES)
        texts = []
        for number in sorted({p.pile for p in row if p.pile is not None}):
            faces = {p.face: next(iter(p.cards), None) for p in row if p.pile == number}
            top, under = faces.get(FACE_UP), faces.get(FACE_DOWN_PLACE)
            if top is None and under is not None:
                raise PositionError(
                    f"seat {seat + 1}'s pile {number}: a face-down card ({under}) "
                    "needs a face-up card over it"
                )
            if top is not None:
                texts.append(pile_text((top, under)))
        piles.append(" ".join(texts) or NO_PILES)
    return {"piles": piles, "down": down}
