"""Cinch's whole game and its matches: hands until a side has 15; the deal
passes clockwise; only the first hand's discards are shown.  The bidder
goes out first: when both sides reach 15 on one hand, the bidding side
wins if it made its bid."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import FULL_DECK
from solver.errors import PositionError
from solver.games.base import Move
from solver.games.cinch.rules import Cinch
from solver.games.game import side_seats

CINCH_TARGET = 15  # the first side to 15 points wins


def deal_hand(seed: int, hand: int, dealer: int, previous: Cinch | None) -> Cinch:
    """Hand `hand`, with the Shoot rule of the previous hand."""
    shoot = previous.shoot_rule if previous is not None else "in-play"
    return Cinch.deal(seed, dealer=dealer, first_hand=hand == 1, shoot_rule=shoot)


def moves_from_deal(pos: Cinch) -> list[Move]:
    """The calls, trump, the excess trumps discarded (seat by seat in the
    order the seats discard them, each seat's in card order; the order of a
    seat's discards changes nothing) and the play record of `pos`.  A
    position whose redeal drew cards back from the dead wood does not show
    that redeal: made on the deal again (the same seed, the same draws),
    these moves give the position with its history, which does."""
    moves = [Move("bid", value=b) for b in pos.bids]
    if pos.trump is None:
        return moves
    moves.append(Move("trump", value=pos.trump))
    trumps = FULL_DECK.suit(pos.trump)
    for s in range(len(pos.discards)):
        seat = (pos.dealer + 1 + s) % len(pos.discards)
        moves += [Move("discard", c) for c in pos.discards[seat] & trumps]
    return moves + pos.play_record


def discards_and_calls(pos: Cinch) -> int:
    """The calls, and the excess trumps discarded (the only trumps discarded)."""
    made = len(pos.bids)
    if pos.trump is not None:
        made += sum(len(d & FULL_DECK.suit(pos.trump)) for d in pos.discards)
    return made


def check_hand(pos: Cinch, hand: int) -> None:
    """Discards are shown in the first hand only."""
    if pos.first_hand != (hand == 1):
        raise PositionError(
            f"position: first_hand must be {'true' if hand == 1 else 'false'}"
            f" in hand {hand} (discards are shown in the first hand only)"
        )


def winners(pos: Cinch, before: Sequence[int], after: Sequence[int]) -> tuple[int, ...] | None:
    """The side that went out: the bidder's first, if it made its bid."""
    sides = pos.sides()
    bidding = sides[pos.bidder]
    made = after[pos.bidder] > before[pos.bidder]
    reached = {sides[s] for s in range(pos.nseats) if after[s] >= CINCH_TARGET}
    if not reached:
        return None
    if bidding in reached and (made or len(reached) == 1):
        return side_seats(sides, bidding)  # the bidder goes out first
    return side_seats(sides, 1 - bidding)
