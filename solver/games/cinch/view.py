"""Cinch: what a seat knows of the hand (a `solver.view.HandsView`).

A view of Cinch holds the seat's own hand and discards, the dealer, the
bids, the trump, `first_hand`, `seed`, `shoot`, how many non-trumps each seat
discarded at the redeal (key ``discarded``), the trumps discarded face up,
the play and, in the first hand of a game, every seat's discards.  From the
counts, the dealer and the 16-card stock, `Redeal` works out the public facts
of the redeal; the hidden places are the other hands (with the trumps they
may hold and the voids the play showed) and either the widow and the
unseen discards, or, once cards were drawn back from the dead wood, the dead
wood, whose cards the seat may have seen discarded (`View.seen`).
docs/views.md section 4 says how.  The decisions before play (the calls,
the bidder's trump, the excess-trump discards) are `CinchDealView`'s, in
solver/games/cinch/before_play.py; `CinchView` hands a position or a notation
at one of them to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.cards import FULL_DECK, NOTRUMP, CardSet, strain_text
from solver.errors import NotationError, PositionError
from solver.games.base import Position, bid_text, check_disjoint, read_cardset
from solver.games.cinch.before_play import CinchDealView
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
from solver.notation import Fields, get_bool, get_int, get_str, parse_seat
from solver.seatview import SeatFacts, union
from solver.view import (
    OUT,
    SUITS,
    VIEW_PHASES,
    HandsView,
    HiddenPlace,
    ReplayTable,
    View,
    hidden_place,
)

STOCK = len(FULL_DECK) - SEATS * DEALT  # the 16 undealt cards before the redeal


@dataclass(frozen=True)
class Redeal:
    """The public facts of a Cinch redeal, from how many non-trumps each seat
    discarded (`discarded`), the dealer and the 16-card stock: the trumps each
    seat kept, the cards it drew from the stock and from the dead wood (every
    seat's non-trump discards, once the stock is out), and the widow's size."""

    discarded: tuple[int, ...]
    kept: tuple[int, ...]
    from_stock: tuple[int, ...]
    from_dead_wood: tuple[int, ...]
    widow: int

    @classmethod
    def of(cls, discarded: Sequence[int], dealer: int) -> Redeal:
        nseats = len(discarded)
        kept = [DEALT - d for d in discarded]
        stock, drawn, dead = STOCK, [0] * nseats, [0] * nseats
        for i in range(nseats):
            s = (dealer + 1 + i) % nseats
            need = max(0, PLAY_HAND - kept[s])
            drawn[s] = min(need, stock)
            dead[s] = need - drawn[s]
            stock -= drawn[s]
        return cls(tuple(discarded), tuple(kept), tuple(drawn), tuple(dead), stock)

    @property
    def drawn_back(self) -> int:
        """Cards drawn from the dead wood, in all."""
        return sum(self.from_dead_wood)

    def trumps_held(self, seat: int) -> tuple[int, int]:
        """The fewest and most trumps the seat holds at the first lead: those it
        kept (six at most), plus any drawn from the stock."""
        low = min(self.kept[seat], PLAY_HAND)
        return low, low + self.from_stock[seat]

    def excess(self, seat: int) -> int:
        """Trumps the seat discarded face up (kept more than six)."""
        return max(0, self.kept[seat] - PLAY_HAND)


class CinchView(HandsView):
    """Cinch: the seat's own hand and discards; the count of non-trumps every seat
    discarded at the redeal (key ``discarded``); every seat's discards in the
    first hand of a game; the trumps discarded face up."""

    game = "cinch"
    keys = KEYS - {"stock", "widow"} | {"seat", "discarded"}
    nseats = 4
    phases = (*VIEW_PHASES, *CinchDealView.phases)
    trump: int

    def __init__(
        self,
        seat: int,
        dealer: int,
        hands: Sequence[CardSet],
        bids: Sequence[int],
        trump: int,
        discarded: Sequence[int],
        discards: Sequence[CardSet],
        first_hand: bool = True,
        seed: int = 0,
        play: str = "",
        shoot_rule: str = "in-play",
    ) -> None:
        self.seat, self.dealer, self.trump = seat, dealer, trump
        self.known = list(hands)  # cards known in each hand at the first lead
        self.discards = list(discards)  # discards seen: non-trumps as discarded, excess trumps
        self.first_hand, self.seed, self.shoot_rule = first_hand, seed, shoot_rule
        if not 0 <= dealer < self.nseats:
            raise PositionError(f"dealer: no seat {dealer + 1}; seats are 1-4")
        check_shoot_rule(shoot_rule)
        if not 0 <= trump < NOTRUMP:
            raise PositionError("trump must be a suit in Cinch")
        if (
            len(hands) != self.nseats
            or len(discards) != self.nseats
            or len(discarded) != self.nseats
        ):
            raise PositionError("Cinch needs four hands, discards and discard counts")
        self.bids: list[int] = []
        for call in bids:
            legal = legal_calls(self.bids, len(self.bids) == self.nseats - 1)
            if len(self.bids) == self.nseats or call not in legal:
                raise PositionError(f"bids: {bid_text(call)} is not a legal call here")
            self.bids.append(call)
        if len(self.bids) != self.nseats:
            raise PositionError("bids: a view of the play needs all four calls")
        self.bidder, self.bid = contract(self.bids, dealer)
        for s, d in enumerate(discarded):
            if not 0 <= d <= DEALT:
                raise PositionError(f"discarded: seat {s + 1} cannot discard {d} of its 9 cards")
        self.redeal = Redeal.of(discarded, dealer)
        if sum(self.redeal.kept) > len(FULL_DECK.suit(trump)):
            raise PositionError(
                "discarded: the seats would have kept more trumps than the suit holds"
            )
        self._check_discards()
        self._finish(play)

    def _trumps(self) -> CardSet:
        return FULL_DECK.suit(self.trump)

    def _check_discards(self) -> None:
        trumps, rd = self._trumps(), self.redeal
        drew_back = rd.drawn_back > 0
        names = [(f"hand {s + 1}", h) for s, h in enumerate(self.known)]
        names += [(f"seat {s + 1}'s discards", d) for s, d in enumerate(self.discards)]
        if drew_back:  # a discard may have been drawn back into a hand
            check_disjoint(names[: self.nseats])
            check_disjoint(names[self.nseats :])
        else:
            check_disjoint(names)
        own = self.known[self.seat]
        if len(own) != PLAY_HAND:
            raise PositionError(
                f"hand {self.seat + 1} (the view's seat) holds {len(own)} cards, not {PLAY_HAND}"
            )
        for s in range(self.nseats):
            pile, known = self.discards[s], self.known[s]
            if len(known) > PLAY_HAND:
                raise PositionError(f"hand {s + 1} holds {len(known)} cards; hands hold 6 in play")
            if len(pile & trumps) != rd.excess(s):
                raise PositionError(
                    f"seat {s + 1} kept {rd.kept[s]} trumps, so it discarded {rd.excess(s)}"
                    f" of them face up; its discards show {len(pile & trumps)}"
                )
            shown = len(pile - trumps)
            must_show = self.first_hand or s == self.seat
            if shown > rd.discarded[s] or (must_show and shown != rd.discarded[s]):
                who = "the first hand shows every discard" if self.first_hand else "its own"
                raise PositionError(
                    f"seat {s + 1} discarded {rd.discarded[s]} non-trumps; the view lists"
                    f" {shown} ({who})"
                )
        drawn = len(own & self._seen_discards())
        dead = rd.from_dead_wood[self.seat]
        if drawn > dead or (self.first_hand and drawn != dead):
            raise PositionError(
                f"hand {self.seat + 1} holds {drawn} of the discards but drew {dead} cards from"
                " the dead wood"
            )
        low, high = rd.trumps_held(self.seat)
        if not low <= len(own & trumps) <= high:
            raise PositionError(
                f"hand {self.seat + 1} holds {len(own & trumps)} trumps; having kept"
                f" {rd.kept[self.seat]} and drawn {rd.from_stock[self.seat]} from the stock it"
                f" holds {low} to {high}"
            )

    def _seen_discards(self) -> CardSet:
        """Non-trumps the view saw discarded."""
        return CardSet(c for d in self.discards for c in d) - self._trumps()

    def _table(self) -> ReplayTable:
        rd, trumps = self.redeal, self._trumps()
        owners = self._hand_owners()
        for s, d in enumerate(self.discards):
            for c in d:
                if c in trumps or rd.drawn_back == 0:
                    owners.setdefault(c, (OUT, f"seat {s + 1}'s discards"))
        reasons = {}
        for s in range(self.nseats):
            if rd.kept[s] >= PLAY_HAND:
                for suit in range(SUITS):
                    if suit != self.trump:
                        reasons[(s, suit)] = "it kept six trumps or more and holds only trumps"
        return ReplayTable(
            self.nseats,
            self.trump,
            self.bidder,
            PLAY_HAND,
            self.seat,
            self.known[self.seat],
            owners,
            self.seat_name,
            void_reasons=reasons,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        r, rd, trumps = self._replay, self.redeal, self._trumps()
        seen = self._seen_discards()
        fixed = CardSet(c for d in self.discards for c in d) & trumps
        if rd.drawn_back == 0:
            fixed = fixed | seen
        places: list[HiddenPlace] = []
        for s in range(self.nseats):
            known = self.known[s] | r.played[s]
            fixed = fixed | known
            if s == self.seat:
                continue
            low, high = rd.trumps_held(s)
            t_known = len(known & trumps)
            size = PLAY_HAND - len(known)
            seen_in = len(known & seen)
            dead = rd.from_dead_wood[s]
            if seen_in > dead:
                raise PositionError(
                    f"seat {s + 1} has played {seen_in} cards seen discarded but drew"
                    f" {dead} from the dead wood"
                )
            places.append(
                hidden_place(
                    f"hand {s + 1}",
                    size,
                    ("hand", s),
                    r.voids[s],
                    {self.trump: (low - t_known, high - t_known)},
                    ((dead if self.first_hand else 0) - seen_in, dead - seen_in)
                    if rd.drawn_back
                    else None,
                )
            )
        no_trumps = 1 << self.trump
        if rd.drawn_back == 0:
            places.append(hidden_place("the widow", rd.widow, ("widow", 0)))
            for s in range(self.nseats):
                if s != self.seat:
                    hidden = rd.discarded[s] - len(self.discards[s] - trumps)
                    places.append(
                        hidden_place(f"seat {s + 1}'s discards", hidden, ("discards", s), no_trumps)
                    )
        else:
            size = sum(rd.discarded) - rd.drawn_back
            only_seen = (size, size) if self.first_hand else None
            places.append(
                hidden_place("the dead wood", size, ("dead wood", 0), no_trumps, seen=only_seen)
            )
        return places, FULL_DECK - fixed, seen - fixed

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        fill = self._fill_map(fills)
        rd, trumps = self.redeal, self._trumps()
        hands = self._world_hands(fill)
        piles = [d & trumps for d in self.discards]
        if rd.drawn_back == 0:
            for s in range(self.nseats):
                piles[s] = (
                    piles[s] | (self.discards[s] - trumps) | fill.get(("discards", s), CardSet())
                )
            widow = fill.get(("widow", 0), CardSet())
        else:
            widow = CardSet()
            # The dead wood left: a card the view saw discarded goes back to its
            # discarder's pile; the others fill the piles of unseen discards in
            # turn from the dealer's left (which pile they lie in matters to nothing).
            rest = fill.get(("dead wood", 0), CardSet())
            for s in range(self.nseats):
                mine = rest & self.discards[s]
                piles[s] = piles[s] | mine
                rest = rest - mine
            for i in range(self.nseats):
                s = (self.dealer + 1 + i) % self.nseats
                room = rd.discarded[s] - len(self.discards[s] - trumps)
                take = CardSet(list(rest)[:room])
                piles[s] = piles[s] | take
                rest = rest - take
            piles[self.dealer] = piles[self.dealer] | rest  # left only by fills no world has
        return Cinch(
            self.dealer,
            hands,
            None,
            self.bids,
            self.trump,
            piles,
            widow,
            self.first_hand,
            self.seed,
            self.play_text() if play else "",
            self.shoot_rule,
        )

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "seat": self.seat + 1,
            "dealer": self.dealer + 1,
            "first_hand": self.first_hand,
            "seed": self.seed,
            "bids": " ".join(bid_text(b) for b in self.bids),
            "trump": strain_text(self.trump),
            "discarded": "1:" + " ".join(str(d) for d in self.redeal.discarded),
            "hands": self._hands_field(),
            "discards": [d.cards_text() or "-" for d in self.discards],
            "play": self.play_text() or None,
        }
        if self.shoot_rule != "in-play":
            fields["shoot"] = self.shoot_rule
        return fields

    @classmethod
    def from_position(cls, pos: Position, seat: int) -> View:
        """Before play, the view of the decision (`CinchDealView`)."""
        if pos.phase in CinchDealView.phases:
            return CinchDealView.from_position(pos, seat)
        return super().from_position(pos, seat)

    @classmethod
    def from_fields(cls, fields: Fields) -> View:
        """No trump, or the seat's hand of more than six (its excess trumps to
        discard): the view of a decision before play (`CinchDealView`)."""
        seat, entries = cls._seat_and_hands(fields)
        if get_str(fields, "trump") is None or len(read_cardset(entries[seat], "hand")) > PLAY_HAND:
            return CinchDealView.from_fields(fields)
        trump = cls._play_trump(fields)
        discards = read_discards(fields)
        if discards is None:
            raise NotationError(
                "cinch view: missing key 'discards' (the discards the seat saw: its own, the"
                " trumps discarded face up, every seat's in the first hand of a game)"
            )
        first_hand = get_bool(fields, "first_hand", True)
        discarded = read_discard_counts(fields)
        if discarded is None:
            if not first_hand:
                raise NotationError(
                    "cinch view: missing key 'discarded' (how many non-trumps each seat"
                    " discarded at the redeal)"
                )
            trumps = FULL_DECK.suit(trump)
            discarded = [len(d - trumps) for d in discards]
        seed = get_int(fields, "seed", 0)
        return cls(
            seat,
            parse_seat(get_str(fields, "dealer", "1") or "1", cls.nseats, "dealer"),
            [read_cardset(e, f"hand {s + 1}") for s, e in enumerate(entries)],
            parse_calls(fields.get("bids", [])),
            trump,
            discarded,
            discards,
            first_hand,
            seed if seed is not None else 0,
            get_str(fields, "play", "") or "",
            get_str(fields, "shoot", "in-play") or "in-play",
        )

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> CinchView:
        assert isinstance(pos, Cinch) and pos.trump is not None
        trumps = FULL_DECK.suit(pos.trump)
        start = pos.copy()
        while start.history:
            start.undo()
        assert isinstance(start, Cinch)
        if start.trump is None:
            # Dealt on this object: the nine cards each seat held show the redeal.
            discards = [h - trumps for h in start.hands]
        else:
            discards = [d - trumps for d in pos.discards]
            _check_no_draw_back(pos, discards)
        excess = [d & trumps for d in pos.discards]
        shown = [
            discards[s] | excess[s] if pos.first_hand or s == seat else excess[s]
            for s in range(cls.nseats)
        ]
        return cls(
            seat,
            pos.dealer,
            cls._own_hand_only(pos.hands, seat),
            pos.bids,
            pos.trump,
            [len(d) for d in discards],
            shown,
            pos.first_hand,
            pos.seed,
            pos.play_text(),
            pos.shoot_rule,
        )


def _check_no_draw_back(pos: Cinch, discards: list[CardSet]) -> None:
    """A position that did not go through its redeal on this object shows the
    redeal only if no card was drawn back from the dead wood: then each seat's
    non-trump discards are all still in its pile.  That is certain only when
    the widow holds cards (the stock did not run out); check it."""
    assert pos.trump is not None
    trumps = FULL_DECK.suit(pos.trump)
    widow = pos.widow or CardSet()
    accounted = CardSet(c for h in pos.hands for c in h) | widow
    accounted = accounted | CardSet(c for d in pos.discards for c in d)
    rd = Redeal.of([len(d) for d in discards], pos.dealer)
    why = ""
    if accounted != FULL_DECK:
        why = "its hands, discards and widow do not hold the 52 cards"
    elif not widow:
        why = "the widow is empty, so cards may have been drawn back from the dead wood"
    elif sum(rd.kept) > len(trumps) or rd.drawn_back or rd.widow != len(widow):
        why = "its discard piles and widow do not add up to a redeal"
    for s in range(len(discards)):
        low, high = rd.trumps_held(s)
        if not why and not low <= len(pos.hands[s] & trumps) <= high:
            why = f"hand {s + 1} holds too few or too many trumps for its discards"
        if not why and len(pos.discards[s] & trumps) != rd.excess(s):
            why = f"seat {s + 1}'s face-up trump discards do not match its discards"
    if why:
        raise PositionError(
            "cinch: this position does not show how many cards each seat discarded at the"
            f" redeal ({why}; a position does not record cards drawn back from the dead"
            " wood); make the view from the position the hand was dealt in, or write it"
            " with the key 'discarded'"
        )


def view_facts(view: CinchView | CinchDealView) -> SeatFacts:
    """As `heuristics.seat_facts`, read from the seat's view: `CinchView` in play,
    `CinchDealView` before (its `hand` the seat's cards now).  The discards
    it saw that may have been drawn back from the dead wood (drawn at
    random, so no seat knows which: `View.seen`) are not known out of play;
    a position, which holds only the discards left, says which were drawn
    (`seat_facts` is exact only where nothing was drawn back)."""
    bidder = bid = None
    if len(view.bids) == view.nseats:
        bidder, bid = contract(view.bids, view.dealer)
    before = isinstance(view, CinchDealView)
    return SeatFacts(
        dealt=(DEALT if before else PLAY_HAND,) * view.nseats,
        discards=union(view.discards) - view.seen,
        bids=tuple(view.bids),
        bidder=bidder,
        bid=bid,
        dealer=view.dealer,
        hand=view.hand if isinstance(view, CinchDealView) else None,
    )
