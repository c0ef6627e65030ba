"""What one seat may know at its decision, as the rules of thumb read it.

A seat's knowledge is its `solver.view.View`.  `SeatKnowledge` is derived
from it: the same public facts of the hand and the seat's own cards, with
the measures the rules of thumb use ready (the cards still unseen, the
cards known out of play, the face-up cards by seat, every side's quest
needs...), and nothing more.  It is built in two parts: what every game has
(the phase, the legal moves, the trump, the trick on the table, the cards
played, the tricks won) is read from the view here (`SeatKnowledge.of_view`);
what only some games have (piles lying face up, discards a seat has seen, a
quest and its claims, the calls) is read by the game from its view as
`SeatFacts` (its ``Game.view_facts``).  `solver.heuristics.knowledge` puts
the two together for any view.

Worlds: the heuristic player in every seat of a world (playouts, the
inference's play model, Extended PIMC's groups) needs the knowledge of a
seat of a full position many times a decision, where making the view first
would cost 5 to 30 times as much (a view replays the play record through
the rules).  `SeatKnowledge.build` reads the same facts from a full position
(the game's part by ``Game.seat_facts``); it must give what the view gives,
``knowledge(view_of(pos, seat)) == seat_knowledge(pos, seat)``, which
tests/hidden/test_players.py checks on positions of every game and phase.

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
from solver.view import View

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
    # Read from a view (`SeatKnowledge.of_view`), where the generic view has
    # them not: the dealer, the sides, the seat's cards (default: the view's
    # `holding`).  A position has its own (`SeatKnowledge.build`).
    dealer: int | None = None
    sides: tuple[int, ...] | None = None
    hand: CardSet | None = None


@dataclass(frozen=True)
class _Public:
    """The part of a seat's knowledge every game has, from a view or a position."""

    game: str
    nseats: int
    seat: int
    dealer: int
    phase: Phase
    legal: tuple[Move, ...]
    trump: int | None
    sides: tuple[int, ...]
    cards_left: tuple[int, ...]  # per seat, the cards it has still to play
    played: CardSet  # every card played since the first lead
    trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]


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
        legal = tuple(pos.legal_moves()) if pos.to_move == seat and not pos.is_over else ()
        public = _Public(
            pos.game, pos.nseats, seat, pos.dealer, pos.phase, legal, pos.trump, pos.sides(),
            tuple(_cards_left(pos, facts.dealt)), _played(pos), tuple(pos.current_trick()),
            pos.tricks_won(),
        )  # fmt: skip
        return cls._made(public, hand, facts)

    @classmethod
    def of_view(cls, view: View, facts: SeatFacts) -> Self:
        """The knowledge of the seat of `view`, the game's part `facts` (read
        from the same view)."""
        n = view.nseats
        played = [view.played(s) for s in range(n)]
        assert facts.dealer is not None  # a view's facts name the dealer
        public = _Public(
            view.game, n, view.seat, facts.dealer, view.phase,
            tuple(view.legal_moves()) if view.to_move == view.seat else (), view.trump,
            facts.sides if facts.sides is not None else _sides(n),
            tuple(facts.dealt[s] - len(played[s]) for s in range(n)), union(played),
            tuple(view.current_trick()), view.tricks_won(),
        )  # fmt: skip
        return cls._made(public, view.holding() if facts.hand is None else facts.hand, facts)

    @classmethod
    def _made(cls, public: _Public, hand: CardSet, facts: SeatFacts) -> Self:
        """The knowledge from the public state, the seat's cards and the game's part."""
        n, seat = public.nseats, public.seat
        face_up = _face_up(facts, n)
        hidden = tuple(0 if s == seat else public.cards_left[s] - len(face_up[s]) for s in range(n))
        out = public.played | facts.discards | facts.out_of_pack
        return cls(
            game=public.game,
            nseats=n,
            seat=seat,
            dealer=public.dealer,
            phase=public.phase,
            legal=public.legal,
            trump=public.trump,
            sides=public.sides,
            hand=hand,
            face_up=face_up,
            hidden=hidden,
            piles=facts.piles,
            out=out,
            unseen=FULL_DECK - hand - out,
            trick=public.trick,
            tricks_won=public.tricks_won,
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


def _face_up(facts: SeatFacts, nseats: int) -> tuple[CardSet, ...]:
    """Per seat, its pile cards lying face up."""
    face_up = [CardSet(p.card for p in row if p.card is not None) for row in facts.piles]
    return tuple(face_up + [CardSet() for _ in range(nseats - len(face_up))])


def _sides(nseats: int) -> tuple[int, ...]:
    """The sides of a game that says nothing else (as `Position.sides`):
    partners across the table at four seats, else every seat alone."""
    return (0, 1, 0, 1) if nseats == 4 else tuple(range(nseats))


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
