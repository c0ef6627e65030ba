"""Chinkway's decisions before play: the dealer's candidate discards and
trump.  The worlds the dealer cannot tell from the real one are drawn from
its view (`solver.games.chinkway.view`, before play) like every world.
"""

from __future__ import annotations

import itertools

from solver.cards import NOTRUMP, Card, CardSet
from solver.games.base import Move, Phase
from solver.games.chinkway.rules import (
    DISCARDS,
    Chinkway,
)

CHINKWAY_DISCARD_POOL = 5  # per trump, the cards tried as discards: the first the rules of
# thumb would shed (off the trump suit, low, from short suits)
CHINKWAY_SUIT_WEIGHT = 2  # that order: rank + this weight x the suit's length


def plans(pos: Chinkway, seat: int) -> list[tuple[Move, ...]]:
    """The dealer's discards: each trump (and no trumps) with every set of
    the remaining discards among the `CHINKWAY_DISCARD_POOL` cards the rules
    of thumb would shed first with that trump; trump: every legal move."""
    if pos.phase != Phase.DISCARD:
        return [(m,) for m in pos.legal_moves()]
    hand = pos.hands[seat]
    left = DISCARDS - len(pos.discards)
    found = []
    for trump in range(NOTRUMP + 1):
        pool = sorted(hand, key=lambda c: _shed_order(hand, c, trump))[:CHINKWAY_DISCARD_POOL]
        for cards in itertools.combinations(pool, left):
            found.append(tuple(Move("discard", c) for c in cards) + (Move("trump", value=trump),))
    return found


def _shed_order(hand: CardSet, card: Card, trump: int) -> tuple[bool, float]:
    """The order the rules of thumb shed cards in with `trump`: not a trump
    first, then low cards of short suits."""
    return (card.suit == trump, card.rank + CHINKWAY_SUIT_WEIGHT * len(hand.suit(card.suit)))
