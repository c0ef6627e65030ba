"""Plain whist: what a seat knows of the hand (a `solver.view.HandsView`).

A view of plain whist holds the seat's own hand, the trump, the leader and
the play; in an ending, the cards out of play (key ``out``), which are
public.  Every card the seat has not seen is in another seat's hand: the
hidden places are the other hands, with the voids the play showed.

A hand played from a contract (key ``declarer``) has a dummy: once the
opening lead is made, dummy's hand is known to every seat (a known hand,
not a hidden place: worlds never move its cards), and the view of dummy's
seat is declarer's, who decides dummy's cards (declarer's hand and dummy's
known, the defenders' hidden).  Before the lead, every seat knows its own
hand alone.  docs/views.md gives the notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.cards import FULL_DECK, NOTRUMP, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import Position, check_disjoint, read_cardset, read_strain
from solver.games.whist.rules import FULL_HAND, KEYS, Whist, dummy_in_view
from solver.notation import SEAT_LETTERS, Fields, get_str, parse_seat
from solver.view import NO_CARDS, OUT, HandsView, HiddenPlace, ReplayTable


class WhistView(HandsView):
    """Plain whist: the seat's own hand; every other card is in another hand
    (or out of play in an ending, publicly: key ``out``)."""

    game = "whist"
    keys = KEYS | {"seat", "out"}
    nseats = 4
    trump: int

    def __init__(
        self,
        seat: int,
        hands: Sequence[CardSet],
        trump: int = NOTRUMP,
        leader: int = 1,
        play: str = "",
        out: CardSet = NO_CARDS,
        declarer: int | None = None,
    ) -> None:
        if len(hands) != self.nseats:
            raise PositionError(f"whist needs 4 hands, got {len(hands)}")
        if not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        self.seat, self.trump, self.leader, self.out = seat, trump, leader, out
        self.declarer = declarer
        self.known = list(hands)  # cards known in each hand at the first lead
        self.size = len(hands[seat])
        if not 1 <= self.size <= FULL_HAND:
            raise PositionError(
                f"hand {self.seat_name(seat)} (the view's seat) holds {self.size} cards;"
                " a hand holds 1 to 13"
            )
        check_disjoint(
            [(f"hand {self.seat_name(s)}", h) for s, h in enumerate(hands)] + [("out", out)]
        )
        for s, h in enumerate(hands):
            if len(h) > self.size:
                raise PositionError(
                    f"hand {self.seat_name(s)} holds {len(h)} known cards; hands hold {self.size}"
                )
        if len(out) != len(FULL_DECK) - self.nseats * self.size:
            raise PositionError(
                f"out: {self.nseats} hands of {self.size} leave {52 - 4 * self.size} cards out"
                f" of play, not {len(out)}"
            )
        self._finish(play)

    def seat_name(self, seat: int) -> str:
        return SEAT_LETTERS[seat]

    def _table(self) -> ReplayTable:
        owners = self._hand_owners()
        owners |= {c: (OUT, "out (played before)") for c in self.out}
        return ReplayTable(
            self.nseats,
            self.trump,
            self.leader,
            self.size,
            self.seat,
            self.known[self.seat],
            owners,
            self.seat_name,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        places, fixed = self._hand_places(self.size, self.out)
        return places, FULL_DECK - fixed, CardSet()

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        hands = self._world_hands(self._fill_map(fills))
        play_text = self.play_text() if play else ""
        return Whist(hands, self.trump, self.leader, play_text, declarer=self.declarer)

    def _fields(self) -> Fields:
        return {
            "game": self.game,
            "seat": self.seat_name(self.seat),
            "trump": strain_text(self.trump),
            "leader": self.seat_name(self.leader),
            "declarer": None if self.declarer is None else self.seat_name(self.declarer),
            "hands": self._hands_field(),
            "out": self.out.cards_text() or None,
            "play": self.play_text() or None,
        }

    @classmethod
    def from_fields(cls, fields: Fields) -> WhistView:
        seat, entries = cls._seat_and_hands(fields)
        hands = [read_cardset(e, f"hand {SEAT_LETTERS[s]}") for s, e in enumerate(entries)]
        trump = read_strain(get_str(fields, "trump", "NT"))
        assert trump is not None
        dealer_text = get_str(fields, "dealer")
        raw = fields["hands"]
        if dealer_text is not None:
            dealer = parse_seat(dealer_text, cls.nseats, "dealer")
        elif isinstance(raw, str) and ":" in raw and "," not in raw:
            dealer = parse_seat(raw.strip()[0], cls.nseats, "hands")
        else:
            dealer = 0
        leader_text = get_str(fields, "leader")
        leader = (
            parse_seat(leader_text, cls.nseats, "leader")
            if leader_text
            else (dealer + 1) % cls.nseats
        )
        out = read_cardset(get_str(fields, "out", "") or "", "out")
        declarer_text = get_str(fields, "declarer")
        declarer = parse_seat(declarer_text, cls.nseats, "declarer") if declarer_text else None
        play = get_str(fields, "play", "") or ""
        return cls(seat, hands, trump, leader, play, out, declarer)

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> WhistView:
        assert isinstance(pos, Whist)
        hands = cls._own_hand_only(pos.hands, seat)
        for s in known_hands(pos, seat):
            hands[s] = pos.hands[s]
        in_play = CardSet(c for h in pos.hands for c in h)
        assert pos.trump is not None
        return cls(
            seat, hands, pos.trump, pos.leader, pos.play_text(), FULL_DECK - in_play, pos.declarer
        )


def known_hands(pos: Whist, seat: int) -> list[int]:
    """The seats besides `seat` whose hands `seat`'s view holds: dummy's once
    the opening lead is made, and at dummy's seat declarer's too (declarer
    decides dummy's cards); none without a declarer or before the lead."""
    dummy = dummy_in_view(pos.dummy, len(pos.play_record))
    if dummy is None:
        return []
    assert pos.declarer is not None  # a dummy is declarer's partner
    return [s for s in (dummy, pos.declarer) if s != seat and (s == dummy or seat == dummy)]
