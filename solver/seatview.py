"""What one seat may know at its decision, for the rules of thumb: the data.

`SeatKnowledge` holds the public facts of a hand and the seat's own cards,
and nothing more.  It is built in two parts: what every game has (the
phase, the legal moves, the trump, the sides, the trick on the table, the
cards played) is read from the `Position` here; what only some games have
(piles lying face up, discards a seat has seen, a quest and its claims, the
calls) is given by the game as `SeatFacts` (its ``Game.seat_facts``).
`solver.heuristics.seat_knowledge` puts the two together for any position.

This module sits below the game folders: a game's rules of thumb read a
`SeatKnowledge`, so they need nothing above them.  It also holds the
measures of a seat's cards that several games' rules of thumb use
(`suit_strength`, `is_master`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Self

from solver.cards import FULL_DECK, Card, CardSet
from solver.games.base import Move, Phase, Position

HONOURS = {12: 4, 11: 3, 10: 2, 9: 1}  # A K Q J: the usual high-card points
ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8


@dataclass(frozen=True)
class PileSeen:
    """One pile of Chinese Whist as every player sees it: the card face up on
    it (None when there is none), and whether a face-down card lies there
    (under the face-up card, or alone until the trick ends and it is turned)."""

    card: Card | None
    face_down: bool


@dataclass(frozen=True)
class SeatFacts:
    """What a game adds to a seat's knowledge, all of it public or the seat's
    own: the seat's cards and every seat's dealt count, and the parts only
    some games have (left empty by the others)."""

    dealt: tuple[int, ...]  # per seat, the cards dealt to it (as at the first lead, once begun)
    piles: tuple[tuple[PileSeen, ...], ...] = ()  # per seat, its piles lying on the table
    discards: CardSet = field(default_factory=CardSet)  # discards the seat has seen
    out_of_pack: CardSet = field(default_factory=CardSet)  # cards not dealt in this game
    quest: tuple[Card, ...] = ()  # the quest of the round, once turned
    quest_used: tuple[Card, ...] = ()  # quest cards of earlier rounds
    claims: tuple[CardSet, ...] = ()  # per seat, the cards claimed
    quest_needs: tuple[tuple[int, ...], ...] = ()  # per side, the cards each category still needs
    bids: tuple[int, ...] = ()  # the calls from the dealer's left (0 pass, 1-4, 8 Shoot)
    bidder: int | None = None  # the bidder once the calls are done
    bid: int | None = None


@dataclass(frozen=True)
class SeatKnowledge:
    """What one seat may know at its decision, and nothing more.

    Its hand (with piles: its face-up pile cards and its down cards), every
    face-up card, the play so far, the claims, the calls, the trump, the
    dealer, the sides.  Other hands, down cards and face-down cards, the
    discards it has not seen, the order of a quest deck and its removed
    cards, a stock and a widow are not in it, nor anything computed from
    them (such as a running score that depends on the cards still hidden).
    """

    game: str
    nseats: int
    seat: int
    dealer: int
    phase: Phase
    legal: tuple[Move, ...]  # the seat's legal moves (they follow from its own cards)
    trump: int | None  # 0..3 S H D C, 4 no trumps, None until named
    sides: tuple[int, ...]  # side of every seat; partners share a side
    hand: CardSet  # the seat's own cards it can see and will play
    face_up: tuple[CardSet, ...]  # per seat, its cards lying face up (piles)
    hidden: tuple[int, ...]  # per seat, how many of its cards this seat cannot see
    piles: tuple[tuple[PileSeen, ...], ...]  # per seat, its piles; () in games without them
    out: CardSet  # cards this seat knows are out of play: played, seen discarded, not in the pack
    unseen: CardSet  # cards someone else may still play: not its own, not known out of play
    trick: tuple[tuple[int, Card], ...]  # (seat, card) of the trick on the table
    tricks_won: tuple[int, ...]
    discards: CardSet  # the discards this seat has seen
    quest: tuple[Card, ...]  # the quest of the round, once turned
    quest_used: tuple[Card, ...]  # quest cards of earlier rounds
    claims: tuple[CardSet, ...]  # per seat, the cards claimed
    quest_needs: tuple[tuple[int, ...], ...]  # per side, the cards each quest category needs
    bids: tuple[int, ...]  # the calls from the dealer's left (0 pass, 1-4, 8 Shoot)
    bidder: int | None  # the bidder once the calls are done
    bid: int | None

    @classmethod
    def build(cls, pos: Position, seat: int, hand: CardSet, facts: SeatFacts) -> Self:
        """The knowledge of `seat` (0-based) in `pos`, its cards `hand`, the
        game's part `facts`."""
        n = pos.nseats
        face_up = [CardSet(p.card for p in row if p.card is not None) for row in facts.piles]
        face_up += [CardSet() for _ in range(n - len(face_up))]
        counts = _cards_left(pos, facts.dealt)
        hidden = tuple(0 if s == seat else counts[s] - len(face_up[s]) for s in range(n))
        out = _played(pos) | facts.discards | facts.out_of_pack
        legal = tuple(pos.legal_moves()) if pos.to_move == seat and not pos.is_over else ()
        return cls(
            game=pos.game,
            nseats=n,
            seat=seat,
            dealer=pos.dealer,
            phase=pos.phase,
            legal=legal,
            trump=pos.trump,
            sides=pos.sides(),
            hand=hand,
            face_up=tuple(face_up),
            hidden=hidden,
            piles=facts.piles,
            out=out,
            unseen=FULL_DECK - hand - out,
            trick=tuple(pos.current_trick()),
            tricks_won=pos.tricks_won(),
            discards=facts.discards,
            quest=facts.quest,
            quest_used=facts.quest_used,
            claims=facts.claims,
            quest_needs=facts.quest_needs,
            bids=facts.bids,
            bidder=facts.bidder,
            bid=facts.bid,
        )

    # -- what follows from it ------------------------------------------------------

    def legal_cards(self) -> list[Card]:
        """The cards of the legal moves (plays, discards, claims)."""
        return [m.card for m in self.legal if m.card is not None]

    def legal_values(self) -> list[int]:
        """The values of the legal moves (calls, trumps)."""
        return [m.value for m in self.legal if m.value is not None]

    def partners(self) -> list[int]:
        """The other seats of this seat's side."""
        return [
            s
            for s in range(self.nseats)
            if s != self.seat and self.sides[s] == self.sides[self.seat]
        ]

    def needs(self, side: int) -> list[int]:
        """How many cards of each quest category `side` still needs."""
        return list(self.quest_needs[side])


def _played(pos: Position) -> CardSet:
    mask = 0
    for m in pos.play_record:
        if m.kind == "play" and m.card is not None:
            mask |= m.card.bit
    return CardSet(mask)


def _cards_left(pos: Position, dealt: tuple[int, ...]) -> list[int]:
    """How many cards every seat has still to play (a public count): the
    cards dealt to it (as at the first lead, once play has begun) less one per
    completed trick and one if it has played to the trick on the table."""
    completed = sum(pos.tricks_won())
    on_table = {s for s, _ in pos.current_trick()} if pos.phase == Phase.PLAY else set()
    return [dealt[s] - completed - (s in on_table) for s in range(pos.nseats)]


def union(sets: Iterable[CardSet]) -> CardSet:
    """The cards of all of `sets`."""
    mask = 0
    for cards in sets:
        mask |= cards.mask
    return CardSet(mask)


def suit_strength(cards: CardSet, suit: int) -> float:
    """Length plus high-card points in one suit."""
    held = cards.suit(suit)
    return len(held) + sum(HONOURS.get(c.rank, 0) for c in held) / 2


def is_master(view: SeatKnowledge, card: Card) -> bool:
    """No card that may still be played by another seat is higher in its suit."""
    above = view.unseen.suit(card.suit).mask & ~((card.bit << 1) - 1)
    return not above


__all__ = [
    "ACE",
    "HONOURS",
    "JACK",
    "KING",
    "QUEEN",
    "TEN",
    "PileSeen",
    "SeatFacts",
    "SeatKnowledge",
    "is_master",
    "suit_strength",
    "union",
]
