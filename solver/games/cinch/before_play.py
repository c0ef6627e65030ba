"""Cinch's decisions before play: the candidate discards of a seat with
more than six trumps, and what a seat knows then (`CinchDealView`, the
view of the Cinch decisions before the first lead, a `solver.view.HandsView`;
`solver.games.cinch.view.CinchView` hands these decisions to it), from which
the sampler draws the worlds a seat cannot tell from the real one.

- A call or the bidder's trump (no key ``trump``): the seat knows its nine
  cards and the calls so far (the other calls are not read for what they say
  about the hands); the hidden places are the other hands of nine and the
  16-card stock.  Not the stock's order nor the hand's seed (which dead wood
  would be drawn): a world draws them (`CinchDealView.world_with`).
- A seat with more than six trumps, to discard the excess (it drew nothing;
  the view is that seat's): its nine cards as dealt (its hand and its
  discards), how many non-trumps every seat discarded (key ``discarded``: the
  trumps each kept, a public count) and, in the first hand, every seat's
  discards.  A world is the deal again, each other hand of nine holding
  exactly the trumps its seat kept (and in the first hand its shown
  discards), the stock the rest; then trump and the seat's excess trumps
  already put down are replayed through the redeal.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from solver.cards import FULL_DECK, NOTRUMP, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import (
    SHOOT,
    Move,
    Phase,
    Position,
    bid_text,
    check_disjoint,
    read_cardset,
    read_strain,
)
from solver.games.cinch.heuristics import card_value
from solver.games.cinch.rules import (
    DEALT,
    KEYS,
    PLAY_HAND,
    SEATS,
    Cinch,
    check_shoot_rule,
    contract,
    legal_calls,
    parse_calls,
    read_discard_counts,
    read_discards,
)
from solver.notation import Fields, get_bool, get_str, parse_seat
from solver.view import HandsView, HiddenPlace, ReplayTable, hidden_place

CINCH_KEEP_POOL = 7  # trumps tried as discards of a Cinch hand of more than six trumps
MIN_HAND_SEED = 1 << 31  # Cinch worlds draw their dead-wood seed below this
STOCK = len(FULL_DECK) - SEATS * DEALT  # the 16 undealt cards before the redeal
FIXED_CHANCES = 0  # the seed of the stock's order and the hand's seed of `world` alone
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


class CinchDealView(HandsView):
    """A seat's view of a Cinch decision before play (module docstring):
    `hand` its cards now, `named[s]` the cards it knows in hand s as dealt
    (none but its own in a real hand), `discards` the discards it saw (none
    before trump), `discarded` how many non-trumps each seat discarded
    (None before trump)."""

    game = "cinch"
    keys = KEYS - {"stock", "widow", "seed"} | {"seat", "discarded"}
    nseats = SEATS
    phases = (Phase.BID, Phase.TRUMP, Phase.DISCARD)

    def __init__(
        self,
        seat: int,
        dealer: int,
        hands: Sequence[CardSet],
        bids: Sequence[int],
        trump: int | None = None,
        discarded: Sequence[int] | None = None,
        discards: Sequence[CardSet] | None = None,
        first_hand: bool = True,
        shoot_rule: str = "in-play",
    ) -> None:
        self.seat, self.dealer, self.trump = seat, dealer, trump
        self.first_hand, self.shoot_rule = first_hand, shoot_rule
        self.hand = hands[seat]
        self.named = [CardSet() if s == seat else h for s, h in enumerate(hands)]
        self.discards = list(discards) if discards is not None else [CardSet()] * SEATS
        self.discarded = list(discarded) if discarded is not None else None
        if not 0 <= dealer < SEATS:
            raise PositionError(f"dealer: no seat {dealer + 1}; seats are 1-4")
        check_shoot_rule(shoot_rule)
        if len(hands) != SEATS or len(self.discards) != SEATS:
            raise PositionError("Cinch needs four hands and four discard piles")
        self.bids: list[int] = []
        for call in bids:
            if len(self.bids) == SEATS or call not in legal_calls(
                self.bids, len(self.bids) == SEATS - 1
            ):
                raise PositionError(f"bids: {bid_text(call)} is not a legal call here")
            self.bids.append(call)
        check_disjoint(
            [(f"hand {s + 1}", h) for s, h in enumerate(hands)]
            + [(f"seat {s + 1}'s discards", d) for s, d in enumerate(self.discards)]
        )
        if trump is None:
            self._check_deal()
        else:
            self._check_excess(trump)
        # the cards known in each hand as dealt (`HandsView.known`)
        self.known = [self.dealt_own if s == seat else self._dealt_known(s) for s in range(SEATS)]
        self._finish("")

    @property
    def dealt_own(self) -> CardSet:
        """The seat's nine cards as dealt."""
        return self.hand | self.discards[self.seat]

    def _dealt_known(self, s: int) -> CardSet:
        """Cards known in another hand as dealt: those named, and the
        non-trumps it discarded if they were shown."""
        return self.named[s] | self.discards[s]

    def _check_deal(self) -> None:
        if self.discarded is not None or any(self.discards):
            raise PositionError("cinch: before trump is named nobody has discarded")
        for s, h in enumerate(self.named):
            if len(h) > DEALT:
                raise PositionError(f"hand {s + 1} holds {len(h)} cards; hands hold 9 as dealt")
        if len(self.hand) != DEALT:
            raise PositionError(
                f"hand {self.seat + 1} (the view's seat) holds {len(self.hand)} cards, not"
                f" {DEALT} before trump"
            )

    def _check_excess(self, trump: int) -> None:
        if len(self.bids) != SEATS or trump == NOTRUMP or not 0 <= trump < NOTRUMP:
            raise PositionError("cinch: trump is a suit, named after the four calls")
        if self.discarded is None:
            raise PositionError("cinch view: missing key 'discarded' (the non-trumps discarded)")
        trumps = FULL_DECK.suit(trump)
        kept = [DEALT - d for d in self.discarded]
        own = self.hand
        if any(self.named) or len(own) <= PLAY_HAND or own - trumps:
            raise PositionError(
                "a cinch view before play with trump named is of the seat with more than six"
                " trumps, discarding the excess (its hand: trumps only; nothing of the others')"
            )
        for s, pile in enumerate(self.discards):
            shown = self.first_hand or s == self.seat
            if not 0 <= kept[s] <= DEALT or len(pile - trumps) != self.discarded[s] * shown:
                raise PositionError(
                    f"seat {s + 1}'s discards: {self.discarded[s]} non-trumps, "
                    + ("shown" if shown else "unseen")
                )
            if s != self.seat and pile & trumps:
                raise PositionError(f"seat {s + 1} holds no excess trumps to discard")
        if len(own) + len(self.discards[self.seat] & trumps) != kept[self.seat]:
            raise PositionError(
                f"seat {self.seat + 1} kept {kept[self.seat]} trumps: its hand and the trumps it"
                " put down must make them"
            )
        if sum(kept) > len(trumps):
            raise PositionError("discarded: the seats would have kept more trumps than the suit")

    # -- the decision -------------------------------------------------------------

    def _before_play(self) -> tuple[Phase, int] | None:
        if len(self.bids) < SEATS:
            return Phase.BID, (self.dealer + 1 + len(self.bids)) % SEATS
        if self.trump is None:
            return Phase.TRUMP, contract(self.bids, self.dealer)[0]
        return Phase.DISCARD, self.seat

    def legal_moves(self) -> list[Move]:
        """The seat's calls, trump or excess trumps to discard."""
        if self.to_move != self.seat:
            raise PositionError(f"seat {self.to_move + 1} is to move, not the view's seat")
        if self.phase == Phase.BID:
            return [
                Move("bid", value=c) for c in legal_calls(self.bids, len(self.bids) == SEATS - 1)
            ]
        if self.phase == Phase.TRUMP:
            return [Move("trump", value=t) for t in range(NOTRUMP)]
        return [Move("discard", c) for c in self.hand]

    def _table(self) -> ReplayTable:
        return ReplayTable(
            SEATS,
            NOTRUMP if self.trump is None else self.trump,  # before play no card is played
            self.dealer,
            PLAY_HAND,
            self.seat,
            self.hand,
            self._hand_owners(),
            self.seat_name,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        fixed = CardSet(c for h in self.known for c in h)
        places: list[HiddenPlace] = []
        for s in range(SEATS):
            if s == self.seat:
                continue
            bounds = None
            if self.trump is not None and self.discarded is not None:
                kept = DEALT - self.discarded[s]
                bounds = {self.trump: (kept, kept)}
            size = DEALT - len(self.known[s])
            places.append(hidden_place(f"hand {s + 1}", size, ("hand", s), bounds=bounds))
        places.append(hidden_place("the stock", STOCK, ("stock", 0)))
        return places, FULL_DECK - fixed, CardSet()

    # -- worlds ---------------------------------------------------------------------

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        """The stock's order and the hand's seed drawn from a fixed generator
        (`world_with`)."""
        return self.world_with(fills, random.Random(FIXED_CHANCES))

    def world_with(self, fills: Sequence[CardSet], rng: random.Random) -> Position:
        """The deal of `fills`, the stock shuffled and the hand's seed drawn
        from `rng`; with trump named, trump and the seat's excess trumps put
        down so far replayed through the redeal."""
        fill = self._fill_map(fills)
        hands = [self.known[s] | fill.get(("hand", s), CardSet()) for s in range(SEATS)]
        stock = list(fill[("stock", 0)])
        rng.shuffle(stock)
        world = Cinch(
            self.dealer,
            hands,
            stock=stock,
            bids=list(self.bids),
            first_hand=self.first_hand,
            seed=rng.randrange(MIN_HAND_SEED),
            shoot_rule=self.shoot_rule,
        )
        if self.trump is not None:
            world.play(Move("trump", value=self.trump))
            for card in self.discards[self.seat] & FULL_DECK.suit(self.trump):
                world.play(Move("discard", card))  # the excess trumps already put down
        return world

    # -- notation ---------------------------------------------------------------------

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "seat": self.seat + 1,
            "dealer": self.dealer + 1,
            "first_hand": self.first_hand,
            "bids": " ".join(bid_text(b) for b in self.bids) or None,
            "hands": [
                str(self.hand) if s == self.seat else str(h) if h else "-"
                for s, h in enumerate(self.named)
            ],
        }
        if self.trump is not None and self.discarded is not None:
            fields["trump"] = strain_text(self.trump)
            fields["discarded"] = "1:" + " ".join(str(d) for d in self.discarded)
            fields["discards"] = [d.cards_text() or "-" for d in self.discards]
        if self.shoot_rule != "in-play":
            fields["shoot"] = self.shoot_rule
        return fields

    @classmethod
    def from_fields(cls, fields: Fields) -> CinchDealView:
        seat, entries = cls._seat_and_hands(fields)
        trump = read_strain(get_str(fields, "trump"))
        discards = read_discards(fields)
        discarded = read_discard_counts(fields)
        return cls(
            seat,
            parse_seat(get_str(fields, "dealer", "1") or "1", SEATS, "dealer"),
            [read_cardset(e, f"hand {s + 1}") for s, e in enumerate(entries)],
            parse_calls(fields.get("bids", [])),
            trump,
            discarded,
            discards,
            get_bool(fields, "first_hand", True),
            get_str(fields, "shoot", "in-play") or "in-play",
        )

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> CinchDealView:
        assert isinstance(pos, Cinch)
        own = cls._own_hand_only(pos.hands, seat)
        if pos.trump is None:
            return cls(seat, pos.dealer, own, pos.bids, first_hand=pos.first_hand,
                       shoot_rule=pos.shoot_rule)  # fmt: skip
        if seat != pos.to_move:
            raise PositionError(
                f"a cinch view of the excess-trump discards is the discarding seat's"
                f" ({pos.to_move + 1})"
            )
        trumps = FULL_DECK.suit(pos.trump)
        dealt = cinch_dealt(pos)
        if dealt is not None:
            shown = dealt[1]
        else:  # read from the piles (a position written after its redeal)
            shown = [d - trumps for d in pos.discards]
        piles = [
            shown[s] | (pos.discards[s] & trumps) if pos.first_hand or s == seat else CardSet()
            for s in range(SEATS)
        ]
        return cls(
            seat,
            pos.dealer,
            own,
            pos.bids,
            pos.trump,
            [len(d) for d in shown],
            piles,
            pos.first_hand,
            pos.shoot_rule,
        )
