"""Cinch's decisions before play: the candidate discards of a seat with
more than six trumps, and the worlds a seat cannot tell from the real one.

- A call or the bidder's trump: the seat knows its nine cards and the calls
  so far (the other calls are not read for what they say about the hands);
  not the other hands, the stock's order or which dead wood would be drawn.
- A seat with more than six trumps (it drew nothing): its nine cards as
  dealt, how many trumps every seat kept (the public count of discards),
  in the first hand every seat's discards; not what the others drew from
  the stock.
"""

from __future__ import annotations

import itertools
import random

from solver.cards import FULL_DECK, Card, CardSet
from solver.games.base import SHOOT, Move, Phase
from solver.games.cinch.heuristics import card_value
from solver.games.cinch.rules import DEALT, PLAY_HAND, Cinch
from solver.games.game import deal_out

CINCH_KEEP_POOL = 7  # trumps tried as discards of a Cinch hand of more than six trumps
MIN_HAND_SEED = 1 << 31  # Cinch worlds draw their dead-wood seed below this
BID_WORLDS = 32  # a sampling player's worlds of a call: a whole deal solves in milliseconds
BID_FIRST_WORLDS = 8  # of them, in the first round of halving


def plans(pos: Cinch, seat: int) -> list[tuple[Move, ...]]:
    """Excess trumps: every set of discards among the `CINCH_KEEP_POOL`
    trumps worth least; calls and trump: every legal move."""
    if pos.phase != Phase.DISCARD:
        return [(m,) for m in pos.legal_moves()]
    hand = pos.hands[seat]
    lowest = min(c.rank for c in hand)
    pool = sorted(hand, key=lambda c: card_value(c, True, lowest))[:CINCH_KEEP_POOL]
    return [
        tuple(Move("discard", c) for c in cards)
        for cards in itertools.combinations(pool, len(hand) - PLAY_HAND)
    ]


def player_worlds(pos: Cinch) -> tuple[int, int] | None:
    """A call: more worlds (`BID_WORLDS`, `BID_FIRST_WORLDS`)."""
    return (BID_WORLDS, BID_FIRST_WORLDS) if pos.phase == Phase.BID else None


def too_bold(pos: Cinch, move: Move) -> bool:
    """A Shoot: with every card known it looks far safer than it is at the table."""
    return pos.phase == Phase.BID and move.value == SHOOT


def cinch_dealt(pos: Cinch) -> tuple[list[CardSet], list[CardSet]] | None:
    """(the nine cards each seat was dealt, the non-trumps each discarded)
    when the position went through its redeal on this object; None if not."""
    start = pos.copy()
    while start.history:
        start.undo()
    assert isinstance(start, Cinch)
    if start.trump is not None or pos.trump is None:
        return None
    trumps = FULL_DECK.suit(pos.trump)
    return list(start.hands), [h - trumps for h in start.hands]


def draw_world(pos: Cinch, seat: int, rng: random.Random) -> Cinch:
    """The hidden cards dealt again (module docstring)."""
    n = pos.nseats
    if pos.trump is None:  # a call or the bidder's trump: nine cards each, the stock
        own = pos.hands[seat]
        others = [s for s in range(n) if s != seat]
        fills = deal_out(list(FULL_DECK - own), [DEALT] * len(others), rng)
        hands = list(pos.hands)
        for s, cards in zip(others, fills, strict=True):
            hands[s] = cards
        stock = list(FULL_DECK - own - CardSet(c for h in fills for c in h))
        rng.shuffle(stock)
        return _cinch_deal(pos, hands, stock, rng)
    return _cinch_excess_world(pos, seat, rng)


def _cinch_deal(pos: Cinch, hands: list[CardSet], stock: list[Card], rng: random.Random) -> Cinch:
    return Cinch(
        pos.dealer,
        hands,
        stock=stock,
        bids=list(pos.bids),
        first_hand=pos.first_hand,
        seed=rng.randrange(MIN_HAND_SEED),
        shoot_rule=pos.shoot_rule,
    )


def _cinch_excess_world(pos: Cinch, seat: int, rng: random.Random) -> Cinch:
    """A seat with more than six trumps, to discard the excess: every seat's
    nine cards dealt again with the trumps each kept (a public count) and, in
    the first hand, the non-trumps each discarded (shown); the stock after."""
    assert pos.trump is not None
    trumps = FULL_DECK.suit(pos.trump)
    dealt = cinch_dealt(pos)
    if dealt is not None:
        own, shown = dealt[0][seat], dealt[1]
    else:  # read from the piles (a position written after its redeal)
        own = pos.hands[seat] | pos.discards[seat]
        shown = [d - trumps for d in pos.discards]
    kept = [DEALT - len(d) for d in shown]
    others = [s for s in range(pos.nseats) if s != seat]
    free_trumps = list(trumps - own)
    rng.shuffle(free_trumps)
    known_discards = CardSet(c for s in others for c in shown[s]) if pos.first_hand else CardSet()
    free_others = list(FULL_DECK - trumps - own - known_discards)
    rng.shuffle(free_others)
    hands = list(pos.hands)
    hands[seat] = own
    for s in others:
        held = CardSet(free_trumps[: kept[s]])
        free_trumps = free_trumps[kept[s] :]
        if pos.first_hand:
            held = held | shown[s]
        else:
            take = DEALT - kept[s]
            held = held | CardSet(free_others[:take])
            free_others = free_others[take:]
        hands[s] = held
    stock = free_trumps + free_others
    rng.shuffle(stock)
    world = _cinch_deal(pos, hands, stock, rng)
    world.play(Move("trump", value=pos.trump))
    for card in pos.discards[seat] & trumps:  # the excess trumps already put down
        world.play(Move("discard", card))
    return world
