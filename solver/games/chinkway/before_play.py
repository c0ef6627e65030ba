"""Chinkway's decisions before play: the dealer's candidate discards and
trump, and the worlds the dealer cannot tell from the real one.

The dealer knows its twelve cards (its discards among them) and the quest
cards of earlier rounds; not the other hands, not the quest still to turn
(drawn from the quest cards not yet used, less two courts removed at
random: which two is unknown to everyone).
"""

from __future__ import annotations

import itertools
import random

from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet
from solver.games.base import Move, Phase
from solver.games.chinkway.rules import (
    COURTS,
    DEALER_HAND,
    DISCARDS,
    HAND,
    REMOVED_COURTS,
    Chinkway,
)
from solver.games.game import deal_out

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


def draw_world(pos: Chinkway, rng: random.Random) -> Chinkway:
    """The other hands and the quest still to turn, dealt again."""
    dealer = pos.dealer
    own = pos.hands[dealer] | CardSet(pos.discards)
    assert len(own) == DEALER_HAND
    others = [s for s in range(pos.nseats) if s != dealer]
    fills = deal_out(list(FULL_DECK - own), [HAND] * len(others), rng)
    hands = list(pos.hands)
    for s, cards in zip(others, fills, strict=True):
        hands[s] = cards
    # The quest still to turn: the cards of the quest deck not yet used, less
    # two courts removed unseen at the start of the game.
    unused = FULL_DECK - CardSet(pos.quest_used)
    removed = rng.sample(sorted(unused & COURTS), REMOVED_COURTS)
    deck = [c for c in unused if c not in removed]
    rng.shuffle(deck)
    return Chinkway(
        pos.round,
        dealer,
        hands,
        discards=list(pos.discards),
        quest_deck=deck,
        quest_used=list(pos.quest_used),
        quest_removed=sorted(removed, reverse=True),
        rounds=pos.rounds,
    )
