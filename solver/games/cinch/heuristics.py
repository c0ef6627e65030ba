"""Cinch's rules of thumb and what a seat knows of a Cinch hand.

`seat_facts`: the calls, the contract once the calls are done, and the
discards a seat has seen (every excess trump, face up; every discard of the
first hand).  The rules of thumb: call what the best suit is worth (High,
Low, Jack and Game), never over a partner; name the suit worth most; keep
the point cards; in play a card is worth its game points, more for the
trumps that decide High, Low and Jack.
"""

from __future__ import annotations

from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet
from solver.errors import PositionError
from solver.games.base import PASS, SHOOT, Move, Phase
from solver.games.cinch.rules import Cinch, contract
from solver.seatview import ACE, JACK, KING, QUEEN, TEN, SeatFacts, SeatKnowledge, union

LOW_RANK = 1  # a 2 or a 3 is a low card
CINCH_GAME_POINTS = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
CINCH_MIN_BID = 2  # the heuristic passes rather than bid 1
CINCH_TRUMP_VALUE = {ACE: 15, JACK: 20}  # trumps too good to throw away
CINCH_LOW_TRUMP_VALUE = 10


def seat_facts(pos: Cinch, seat: int) -> SeatFacts:
    """The calls, the contract, the discards the seat has seen."""
    bidder = bid = None
    if len(pos.bids) == pos.nseats:
        bidder, bid = contract(pos.bids, pos.dealer)
    return SeatFacts(
        dealt=tuple(len(h) for h in pos.hands),
        discards=_seen_discards(pos, seat),
        bids=tuple(pos.bids),
        bidder=bidder,
        bid=bid,
    )


def _seen_discards(pos: Cinch, seat: int) -> CardSet:
    """Every excess trump (face up), and every discard of a first hand."""
    if pos.trump is None:
        return CardSet()
    everything = union(pos.discards)
    if pos.first_hand:
        return everything
    return (everything & FULL_DECK.suit(pos.trump)) | pos.discards[seat]


def decision(view: SeatKnowledge) -> Move:
    """A call, the bidder's trump, the discard of an excess trump."""
    if view.phase == Phase.BID:
        return cinch_call(view)
    if view.phase == Phase.TRUMP:
        return Move(
            "trump", value=max(view.legal_values(), key=lambda s: suit_points(view.hand, s))
        )
    if view.phase == Phase.DISCARD:  # more than six trumps: keep the point cards
        lowest = min(c.rank for c in view.hand)
        return Move("discard", min(view.legal_cards(), key=lambda c: card_value(c, True, lowest)))
    raise PositionError(f"Cinch has no {view.phase} decision")


def suit_points(hand: CardSet, suit: int) -> float:
    """Points a hand may hope to make with `suit` trump: High, Low, Jack, Game."""
    trumps = hand.suit(suit)
    ranks = {c.rank for c in trumps}
    high = 1.0 if ACE in ranks else 0.5 if KING in ranks else 0.25 if QUEEN in ranks else 0.0
    low = 0.5 if 0 in ranks else 0.25 if LOW_RANK in ranks else 0.0
    jack = 0.0
    if JACK in ranks:
        jack = 0.75 if len(trumps) >= 3 or ranks & {ACE, KING, QUEEN} else 0.4
    game = 0.3 + 0.1 * len(trumps) + (0.2 if TEN in ranks else 0.0)
    return high + low + jack + game


def cinch_call(view: SeatKnowledge) -> Move:
    """Bid what the best suit is worth, never over a partner's bid."""
    calls = view.legal_values()
    first = (view.dealer + 1) % view.nseats
    callers = [(first + i) % view.nseats for i in range(len(view.bids))]
    high = max(view.bids, default=PASS)
    if high != PASS:
        high_caller = callers[max(i for i, b in enumerate(view.bids) if b == high)]
        if view.sides[high_caller] == view.sides[view.seat]:
            return Move("bid", value=PASS)
    worth = max(suit_points(view.hand, s) for s in range(NOTRUMP))
    want = int(worth)
    bids = [c for c in calls if c != PASS and c != SHOOT and CINCH_MIN_BID <= c <= want]
    return Move("bid", value=min(bids) if bids else PASS)


def card_value(card: Card, is_trump: bool, lowest_trump: int) -> float:
    """What losing a card costs: its game points, more for the trumps that
    decide High, Low and Jack."""
    value = float(CINCH_GAME_POINTS.get(card.rank, 0))
    if is_trump:
        value += CINCH_TRUMP_VALUE.get(card.rank, 0)
        if card.rank <= max(lowest_trump, LOW_RANK):
            value += CINCH_LOW_TRUMP_VALUE
    return value + card.rank / 100


def card_worth(view: SeatKnowledge, card: Card, to_side: int) -> float:
    """What it costs a side to lose `card` (`card_value`)."""
    return card_value(card, card.suit == view.trump, LOW_RANK)


def strong_in_trumps(view: SeatKnowledge) -> bool | None:
    """Once the calls are done: whether the seat is of the bidder's side."""
    if view.bidder is None:
        return None
    return view.sides[view.bidder] == view.sides[view.seat]
