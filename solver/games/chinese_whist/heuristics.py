"""Chinese Whist's rules of thumb and what a seat knows of a Chinese Whist hand.

`seat_facts`: every pile as the table shows it (face-up cards, and whether
a face-down card lies under), the cards dealt to each seat (its piles and
its down cards), and the cards not in this game's pack.  The rule of thumb
of the dealer's trump: the suit where its side's visible strength most
exceeds the other sides'.
"""

from __future__ import annotations

from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet
from solver.errors import PositionError
from solver.games.base import Move, Phase
from solver.games.chinese_whist.rules import ChineseWhist, deck_for
from solver.games.chinese_whist.view import ChineseWhistView
from solver.seatview import PileSeen, SeatFacts, SeatKnowledge, suit_strength, union


def seat_facts(pos: ChineseWhist, seat: int) -> SeatFacts:
    """The piles as the table shows them, the dealt counts, the pack."""
    n = pos.nseats
    dealt = [
        sum(1 + (under is not None) for _, under in pos.piles[s]) + len(pos.down[s])
        for s in range(n)
    ]
    return SeatFacts(
        dealt=tuple(dealt),
        piles=tuple(tuple(_pile_seen(p) for p in pos.pile_view(s)) for s in range(n)),
        out_of_pack=FULL_DECK - deck_for(n),
    )


def view_facts(view: ChineseWhistView) -> SeatFacts:
    """As `seat_facts`, read from the seat's view: its piles as at the first
    lead, with what play has done to them."""
    n = view.nseats
    on_table = CardSet(c for _, c in view.current_trick())
    piles = []
    for s in range(n):
        played = view.played(s)
        row = []
        for top, under, has in view.piles[s]:
            if top not in played:
                row.append(PileSeen(top, has))
            elif has and (under is None or under not in played):
                face_down = top in on_table  # turned up when its trick ends
                row.append(PileSeen(None if face_down else under, face_down))
            else:
                row.append(PileSeen(None, False))
        piles.append(tuple(row))
    return SeatFacts(
        dealt=(view.cards_each,) * n,
        piles=tuple(piles),
        out_of_pack=FULL_DECK - deck_for(n),
        dealer=view.dealer,
    )


def _pile_seen(pile: tuple[Card | None, Card | None, bool]) -> PileSeen:
    top, under, face_down = pile
    if top is not None:
        return PileSeen(top, under is not None)
    if under is not None:
        return PileSeen(None if face_down else under, face_down)
    return PileSeen(None, False)


def decision(view: SeatKnowledge) -> Move:
    """The dealer's trump."""
    if view.phase == Phase.TRUMP:
        return Move("trump", value=max(view.legal_values(), key=lambda s: trump_score(view, s)))
    raise PositionError(f"Chinese Whist has no {view.phase} decision")


def trump_score(view: SeatKnowledge, suit: int) -> float:
    """The dealer's side's visible strength in a suit less the other sides'."""
    if suit == NOTRUMP:
        return float("-inf")
    mine = view.hand | union(view.face_up[s] for s in view.partners())
    theirs = union(
        view.face_up[s] for s in range(view.nseats) if view.sides[s] != view.sides[view.seat]
    )
    return suit_strength(mine, suit) - suit_strength(theirs, suit)
