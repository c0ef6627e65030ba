"""Chinkway's rules of thumb and what a seat knows of a Chinkway hand.

`seat_facts`: the dealer sees its own discards; every seat sees the quest
once turned, the quest cards of earlier rounds and every claim.  The rules
of thumb: the dealer keeps the suit it will name trump and sheds low cards
of short suits; a claim takes the needed category that is scarcest from
here on; in play a card matters when a side needs its category.
"""

from __future__ import annotations

from solver.cards import NOTRUMP, Card, CardSet
from solver.errors import PositionError
from solver.games.base import Move, Phase
from solver.games.chinkway.rules import (
    CATEGORY_NAMES,
    HAND,
    Chinkway,
    quest_category,
    quest_needs,
)
from solver.games.chinkway.view import ChinkwayView
from solver.seatview import SeatFacts, SeatKnowledge, suit_strength

DISCARD_SUIT_WEIGHT = 2  # Chinkway discards: keep long suits, shorten short ones


def seat_facts(pos: Chinkway, seat: int) -> SeatFacts:
    """The dealer's own discards (to the dealer only), the quest, the claims."""
    claims = tuple(pos.claims(s) for s in range(pos.nseats))
    return SeatFacts(
        dealt=tuple(len(h) for h in pos.hands),
        discards=CardSet(pos.discards) if seat == pos.dealer else CardSet(),
        quest=tuple(pos.quest or ()),
        quest_used=tuple(pos.quest_used),
        claims=claims,
        quest_needs=_needs(pos.quest, claims, pos.sides()),
    )


def view_facts(view: ChinkwayView) -> SeatFacts:
    """As `seat_facts`, read from the seat's view (whose discards are the
    dealer's own only)."""
    claims = tuple(view.claimed(s) for s in range(view.nseats))
    return SeatFacts(
        dealt=(HAND,) * view.nseats,
        discards=CardSet(view.discards),
        quest=tuple(view.quest or ()),
        quest_used=tuple(view.quest_used),
        claims=claims,
        quest_needs=_needs(view.quest, claims, view.sides),
        dealer=view.dealer,
        sides=view.sides,
    )


def _needs(
    quest: list[Card] | None, claims: tuple[CardSet, ...], sides: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Per side, the cards each quest category still needs."""
    needs = []
    for side in range(max(sides) + 1):
        need = quest_needs(list(quest or ()))
        for s, claimed in enumerate(claims):
            if sides[s] == side:
                for c in claimed:
                    need[quest_category(c)] -= 1
        needs.append(tuple(need))
    return tuple(needs)


def decision(view: SeatKnowledge) -> Move:
    """The dealer's discards and trump, a claim."""
    if view.phase == Phase.TRUMP:
        legal = view.legal_values()
        suits = (s for s in legal if s != NOTRUMP)
        return Move("trump", value=max(suits, key=lambda s: suit_strength(view.hand, s)))
    if view.phase == Phase.DISCARD:
        return Move("discard", discard_choice(view))
    if view.phase == Phase.CLAIM:
        return claim_choice(view)
    raise PositionError(f"Chinkway has no {view.phase} decision")


def discard_choice(view: SeatKnowledge) -> Card:
    """The dealer: keep the suit it will name trump, shorten short suits."""
    cards = view.legal_cards()
    trump = max(range(NOTRUMP), key=lambda s: suit_strength(view.hand, s))
    others = [c for c in cards if c.suit != trump] or cards
    return min(others, key=lambda c: c.rank + DISCARD_SUIT_WEIGHT * len(view.hand.suit(c.suit)))


def claim_choice(view: SeatKnowledge) -> Move:
    """Claim the needed category that is scarcest from here on."""
    need = view.needs(view.sides[view.seat])
    left = [0] * len(CATEGORY_NAMES)
    trick = CardSet(c for _, c in view.trick)
    for c in view.unseen - trick:
        left[quest_category(c)] += 1
    cards = view.legal_cards()
    categories = [quest_category(c) for c in cards]
    best = min(range(len(cards)), key=lambda i: left[categories[i]] / max(1, need[categories[i]]))
    return Move("claim", cards[best])


def card_worth(view: SeatKnowledge, card: Card, to_side: int) -> float:
    """1 when `to_side` still needs the card's category, else 0."""
    return 1.0 if view.needs(to_side)[quest_category(card)] > 0 else 0.0


def wants_trick(view: SeatKnowledge, winners: list[Card], winning_side: int) -> bool:
    """A trick is worth winning when it holds a card that this side or the
    side winning it needs."""
    cards = [c for _, c in view.trick] + winners
    mine = view.needs(view.sides[view.seat])
    theirs = view.needs(winning_side)
    return any(mine[quest_category(c)] > 0 or theirs[quest_category(c)] > 0 for c in cards)


def sure_lead(view: SeatKnowledge, masters: list[Card]) -> Card | None:
    """A sure winner the side needs, a trump first, high first."""
    need = view.needs(view.sides[view.seat])
    useful = [c for c in masters if need[quest_category(c)] > 0]
    if useful:
        return max(useful, key=lambda c: (c.suit == view.trump, c.rank))
    return None
