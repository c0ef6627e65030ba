"""Editing a deal on the web board by clicking: a card moved from one place
to another (a seat's hand, or a place of its own that its game has, such
as Chinese Whist's piles: a face-up card over a face-down one), a seat's
cards cleared, the cards not placed dealt at random (seeded), the deal
turned one seat round the table.

An edit works on the deal's places, which the game's `Game.edit_places`
gives from the position (by default each seat's hand, the notation's
``hands``) and its `Game.placed_fields` writes back as the notation's
fields; the other fields (trump, dealer, the stock...) are kept.  A
`Draft` holds the places being edited, the cards cleared from them and not
placed yet (`pool`), and the sizes of the places in the deal it started
from (what `deal_rest` fills each place up to).  The fields are read back
as a position by the notation's own reader, the code the command line
reads a position with (`read_fields`): the board's position follows the
draft whenever the reader takes it, the draft tells in one line why not
otherwise (cards still to place, hands of the wrong sizes...), and
finishing an edit the reader refuses is refused with that line.  Only a
position before its first move is edited (a position with play would no
longer fit its play).  This module names no game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from solver.cards import Card, CardSet
from solver.errors import NotationError, PositionError, TricksolverError
from solver.games.base import Position
from solver.games.game import HAND_PLACE, Game, Place
from solver.games.registry import GAMES
from solver.notation import parse_seat

SEAT_FIELDS = ("dealer", "leader")  # the notation's fields naming a seat: they turn with the hands


def read_fields(fields: dict[str, Any]) -> Position:
    """A position from its notation's fields, as `solver.position.parse_position` reads it."""
    return GAMES[fields["game"]].position.from_fields(fields)  # type: ignore[attr-defined,no-any-return]


@dataclass
class Draft:
    """A deal being edited (the module's docstring): every seat's places,
    in the same order at every seat."""

    game: Game
    fields: dict[str, Any]
    places: list[list[Place]]
    sizes: list[list[int]]
    seat_names: list[str]
    pool: CardSet = field(default_factory=CardSet)

    @classmethod
    def of(cls, pos: Position) -> Draft:
        """A draft of `pos`'s deal; PositionError for a position whose
        deal cannot be edited (play made, or no places to edit)."""
        fields = {k: v for k, v in pos.to_fields().items() if v is not None}  # (None: unset)
        if pos.history or fields.get("play"):
            raise PositionError("editing: only a deal before its first move is edited")
        game = GAMES[pos.game]
        places = game.edit_places(pos)
        sizes = [[len(p.cards) for p in seat] for seat in places]
        names = [pos.seat_name(s) for s in range(pos.nseats)]
        return cls(game, fields, places, sizes, names)

    def move(self, card: Card, seat: int, name: str = HAND_PLACE) -> None:
        """`card` (from a place or the cards to place) to `seat`'s place
        `name`: added to a hand; onto a slot, whose card (if any) goes where
        `card` came from."""
        to = self._place(seat, name)
        source = self._holder(card)
        if source == (seat, to):
            return
        taken = self.places[seat][to]
        displaced = taken.cards if taken.slot else CardSet()
        if source is None:
            self.pool = (self.pool - CardSet([card])) | displaced
        else:
            s, i = source
            self._put(s, i, (self.places[s][i].cards - CardSet([card])) | displaced)
        self._put(seat, to, (taken.cards - displaced) | CardSet([card]))

    def clear(self, seat: int) -> None:
        """`seat`'s cards, in all its places, to the cards to place."""
        self._seat(seat)
        for i, place in enumerate(self.places[seat]):
            self.pool = self.pool | place.cards
            self._put(seat, i, CardSet())

    def deal_rest(self, seed: int) -> None:
        """The cards to place dealt at random (from `seed`) to the places
        short of their size at the start, seat by seat, place by place."""
        cards = list(self.pool)
        random.Random(seed).shuffle(cards)
        for seat, sizes in enumerate(self.sizes):
            for i, size in enumerate(sizes):
                short = size - len(self.places[seat][i].cards)
                if short > 0 and cards:
                    dealt, cards = cards[:short], cards[short:]
                    self._put(seat, i, self.places[seat][i].cards | CardSet(dealt))
        self.pool = CardSet(cards)  # none left unless places grew past their size

    def rotate(self) -> None:
        """The deal turned one seat round the table: every seat's places one
        seat on (seat 1's to seat 2...), and the dealer and the leader with them."""
        self.places = [self.places[-1], *self.places[:-1]]
        self.sizes = [self.sizes[-1], *self.sizes[:-1]]
        n = len(self.places)
        for key in SEAT_FIELDS:
            if key in self.fields:
                seat = parse_seat(str(self.fields[key]), n, key)
                turned = (seat + 1) % n
                numbered = isinstance(self.fields[key], int)
                self.fields[key] = turned + 1 if numbered else self.seat_names[turned]

    def position(self) -> Position:
        """The places as a position, read as the command line reads one;
        NotationError or PositionError (its one line) for places it refuses,
        or cards still to place."""
        if self.pool:
            n = len(self.pool)
            raise PositionError(
                f"editing: {n} card{'s' if n != 1 else ''} to place (deal the rest, or move them)"
            )
        return read_fields({**self.fields, **self.game.placed_fields(self.places)})

    def problem(self) -> str | None:
        """Why the places are not a position yet (the reader's line), None when they are."""
        try:
            self.position()
        except TricksolverError as e:
            return str(e).splitlines()[0]
        return None

    def held(self, seat: int) -> CardSet:
        """Every card at `seat`, in all its places."""
        return CardSet(c for place in self.places[seat] for c in place.cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[str(c) for c in self.held(s)] for s in range(len(self.places))],
            "places": [[place_json(p) for p in seat] for seat in self.places],
            "pool": [str(c) for c in self.pool],
            "problem": self.problem(),
        }

    def copy(self) -> Draft:
        return Draft(self.game, dict(self.fields), [list(p) for p in self.places],
                     [list(z) for z in self.sizes], self.seat_names, self.pool)  # fmt: skip

    def _put(self, seat: int, i: int, cards: CardSet) -> None:
        self.places[seat][i] = replace(self.places[seat][i], cards=cards)

    def _holder(self, card: Card) -> tuple[int, int] | None:
        """The seat and place holding `card`; None for a card to place;
        NotationError for a card of neither."""
        if card in self.pool:
            return None
        for seat, places in enumerate(self.places):
            for i, place in enumerate(places):
                if card in place.cards:
                    return seat, i
        raise NotationError(f"editing: {card} is not in this deal")

    def _place(self, seat: int, name: str) -> int:
        self._seat(seat)
        for i, place in enumerate(self.places[seat]):
            if place.name == name:
                return i
        raise NotationError(f"editing: {self.seat_names[seat]} has no place {name!r}")

    def _seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.places):
            raise NotationError(f"editing: no seat {seat + 1}")


def place_json(place: Place) -> dict[str, Any]:
    """A place as the page draws it: its name (what a click sends), its
    cards, whether a slot, and its pile and face."""
    return {"name": place.name, "cards": [str(c) for c in place.cards], "slot": place.slot,
            "pile": place.pile, "face": place.face}  # fmt: skip
