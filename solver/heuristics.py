"""The rules of thumb every game shares, over what a seat may know.

`knowledge(view)` is what the seat of a view knows, as the rules of thumb
read it (`solver.seatview`; the game's part asked of its `Game`,
``view_facts``); `seat_knowledge(position, seat)` is the same read from a
full position (``seat_facts``), for the seats of a world, where making the
view would cost far more.  `decide(knowledge)` is the heuristic's move: a
card by the shared rules of trick play below; any other decision (a call,
trump, a discard, a claim) by the game's own rules of thumb
(``Game.heuristic_decision``, in its folder's ``heuristics.py``).

Trick play: win cheaply, play low on a partner's sure trick, give away the
card of least worth to the side that takes it, cash sure winners, draw
trumps when strong in them, else lead low from the longest side suit.  A
game adds what it alone knows through its hooks: what a card is worth to
the side that captures it (``card_worth``), whether a trick is worth winning
(``wants_trick``), a lead it prefers (``sure_lead``), whether the seat is
strong in trumps (``strong_in_trumps``).

`heuristic_playout` and `to_first_lead` play a hand on with the heuristic
in every seat (PIMC and the decisions before play value the worlds their
search cannot finish so).
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import FULL_DECK, NOTRUMP, Card
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.games.registry import game, game_of
from solver.seatview import SeatKnowledge, is_master
from solver.view import View


def knowledge(view: View) -> SeatKnowledge:
    """What the seat of `view` knows, as the rules of thumb read it."""
    return SeatKnowledge.of_view(view, game(view.game).view_facts(view))


def seat_knowledge(pos: Position, seat: int) -> SeatKnowledge:
    """What `seat` (0-based) may know in `pos`, a position of any game: the
    same as ``knowledge(view_of(pos, seat))``, read from the position at a
    fraction of the cost (for the seats of a world: playouts, the play
    model of inference; `solver.seatview`)."""
    facts = game_of(pos).seat_facts(pos, seat)
    return SeatKnowledge.build(pos, seat, pos.hand_now(seat), facts)


def decide(view: SeatKnowledge) -> Move:
    """The heuristic's move for the seat of `view`."""
    moves = list(view.legal)
    if not moves:
        raise PositionError(f"seat {view.seat + 1} has no decision to make")
    if len(moves) == 1:
        return moves[0]
    if view.phase == Phase.PLAY:
        return Move("play", card_choice(view))
    return game(view.game).heuristic_decision(view)


def heuristic_playout(position: Position) -> Position:
    """The hand played to its end by the heuristic player in every seat (a copy)."""
    work = position.copy()
    while not work.is_over:
        work.play(decide(seat_knowledge(work, work.to_move)))
    return work


def to_first_lead(position: Position) -> Position:
    """The decisions before play made by the heuristic until the first lead (a copy)."""
    work = position.copy()
    while work.core is None:
        work.play(decide(seat_knowledge(work, work.to_move)))
    return work


# -- trick play ------------------------------------------------------------------------


def winning(trick: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card]:
    """(seat, card) winning the trick so far."""
    best = trick[0]
    for entry in trick[1:]:
        if beats(entry[1], best[1], trump):
            best = entry
    return best


def beats(card: Card, best: Card, trump: int | None) -> bool:
    """Whether `card` played now beats `best`, the card winning the trick."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit == trump


def worth(view: SeatKnowledge, card: Card, to_side: int) -> float:
    """How much it matters to the game which side captures `card`."""
    return game(view.game).card_worth(view, card, to_side)


def card_choice(view: SeatKnowledge) -> Card:
    """The card to play (the seat is to play to a trick)."""
    cards = view.legal_cards()
    if not view.trick:
        return lead_choice(view, cards)
    my_side = view.sides[view.seat]
    last = len(view.trick) == view.nseats - 1
    win_seat, win_card = winning(view.trick, view.trump)
    winners = [c for c in cards if beats(c, win_card, view.trump)]
    if view.sides[win_seat] == my_side:
        safe = last or (is_master(view, win_card) and not _may_be_ruffed(view, win_card))
        if safe:
            return max(cards, key=lambda c: (worth(view, c, my_side), -_keep(view, c)))
        return dump(view, cards, my_side)
    if winners and game(view.game).wants_trick(view, winners, view.sides[win_seat]):
        if last:
            return min(winners, key=lambda c: _cost(view, c))
        masters = [c for c in winners if is_master(view, c)]
        if masters:
            return min(masters, key=lambda c: _cost(view, c))
        return min(winners, key=lambda c: _cost(view, c))
    return dump(view, cards, view.sides[win_seat])


def dump(view: SeatKnowledge, cards: list[Card], to_side: int) -> Card:
    """The card cheapest to lose: of least worth to the side taking it, not a
    trump, low."""
    return min(cards, key=lambda c: (worth(view, c, to_side), c.suit == view.trump, _keep(view, c)))


def _keep(view: SeatKnowledge, card: Card) -> float:
    """How much a card is worth keeping for later tricks: its rank, more for
    a trump."""
    return card.rank + (len(FULL_DECK.suit(0)) if card.suit == view.trump else 0)


def _cost(view: SeatKnowledge, card: Card) -> float:
    """The price of winning with a card: spend low cards, keep trumps."""
    return _keep(view, card)


def _may_be_ruffed(view: SeatKnowledge, card: Card) -> bool:
    """Whether a seat still to play may trump the trick (a side suit led,
    some trumps unseen)."""
    if view.trump is None or view.trump == NOTRUMP or card.suit == view.trump:
        return False
    return bool(view.unseen.suit(view.trump))


def lead_choice(view: SeatKnowledge, cards: list[Card]) -> Card:
    """Cash a sure winner (the game's choice first), draw trumps when
    strong in them, else lead low from the longest side suit."""
    masters = [c for c in cards if is_master(view, c)]
    preferred = game(view.game).sure_lead(view, masters)
    if preferred is not None:
        return preferred
    trumps = [c for c in masters if c.suit == view.trump]
    if trumps and _strong_in_trumps(view):
        return max(trumps, key=lambda c: c.rank)
    side_masters = [c for c in masters if c.suit != view.trump]
    if side_masters:
        return max(side_masters, key=lambda c: (len(view.hand.suit(c.suit)), c.rank))
    side = [c for c in cards if c.suit != view.trump] or cards
    return min(side, key=lambda c: (-len(view.hand.suit(c.suit)), c.rank))


def _strong_in_trumps(view: SeatKnowledge) -> bool:
    """At least as many trumps as may be left elsewhere, unless the game decides."""
    if view.trump is None or view.trump == NOTRUMP:
        return False
    decided = game(view.game).strong_in_trumps(view)
    if decided is not None:
        return decided
    return len(view.hand.suit(view.trump)) >= len(view.unseen.suit(view.trump))


__all__ = [
    "SeatKnowledge",
    "beats",
    "card_choice",
    "decide",
    "dump",
    "heuristic_playout",
    "knowledge",
    "lead_choice",
    "to_first_lead",
    "winning",
    "worth",
]
