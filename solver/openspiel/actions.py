"""The OpenSpiel action ids of our moves and chance outcomes: one fixed mapping.

Every game shares it (`NUM_ACTIONS` ids):

========  =====================================================================
id        meaning
========  =====================================================================
0-51      a card, ``suit * 13 + rank`` (2S = 0 ... AS = 12, 2H = 13 ... AC = 51):
          the card played, claimed or discarded (the phase says which; only one
          of them is legal at any decision), and at a chance node the card drawn
52-56     name trump: S, H, D, C, no trumps
57-62     a call: pass, bid 1, 2, 3, 4, Shoot
========  =====================================================================

`action_of(move)` and `move_of(legal, action)` convert; `card_action` and
`action_card` the cards alone (the chance outcomes).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import NOTRUMP, RANK_CHARS, Card
from solver.errors import IllegalMoveError
from solver.games.base import BIDS, PASS, Move

RANKS = len(RANK_CHARS)  # 13
CARDS = 4 * RANKS  # the card ids 0..51
TRUMP_BASE = CARDS  # trump strain t (0..4: S H D C NT) is TRUMP_BASE + t
STRAINS = NOTRUMP + 1
BID_BASE = TRUMP_BASE + STRAINS
CALLS = (PASS, *BIDS)  # a call's id is BID_BASE + its place here
NUM_ACTIONS = BID_BASE + len(CALLS)
CARD_KINDS = ("play", "claim", "discard")  # the moves that are a card


def card_action(card: Card) -> int:
    """The id of a card (0..51)."""
    return int(card.suit) * RANKS + card.rank


def action_card(action: int) -> Card:
    """The card of an id 0..51."""
    if not 0 <= action < CARDS:
        raise IllegalMoveError(f"action {action} is not a card (0-{CARDS - 1})")
    return Card.of(action // RANKS, action % RANKS)


def action_of(move: Move) -> int:
    """The id of a move."""
    if move.kind in CARD_KINDS:
        assert move.card is not None
        return card_action(move.card)
    assert move.value is not None
    if move.kind == "trump":
        return TRUMP_BASE + move.value
    return BID_BASE + CALLS.index(move.value)


def move_of(legal: Sequence[Move], action: int) -> Move:
    """The move among `legal` whose id is `action`; IllegalMoveError if none."""
    for move in legal:
        if action_of(move) == action:
            return move
    raise IllegalMoveError(f"action {action} is not legal here")
