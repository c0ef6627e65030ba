"""Editing a deal on the web board by clicking: a card moved from one hand
to another, a hand cleared, the cards not placed dealt at random (seeded),
the hands turned one seat round the table.

An edit works on the position's notation (`Position.to_fields`): its
``hands`` field, one set of cards a seat, which every game dealt from
hands has; the other fields (trump, dealer, the stock...) are kept.  A
`Draft` holds the hands being edited, the cards cleared from them and not
placed yet (`pool`), and the hand sizes of the deal it started from (what
`deal_rest` fills each hand up to).  The hands are read back as a position
by the notation's own reader, the code the command line reads a position
with (`read_fields`): the board's position follows the draft whenever the
reader takes it, the draft tells in one line why not otherwise (cards
still to place, hands of the wrong sizes...), and finishing an edit the
reader refuses is refused with that line.  Only a position before its
first move is edited (a position with play would no longer fit its play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from solver.cards import Card, CardSet
from solver.errors import NotationError, PositionError, TricksolverError
from solver.games.base import Position
from solver.games.registry import GAMES
from solver.notation import parse_seat

HANDS = "hands"  # the notation's field of the seats' hands
SEAT_FIELDS = ("dealer", "leader")  # the notation's fields naming a seat: they turn with the hands


def read_fields(fields: dict[str, Any]) -> Position:
    """A position from its notation's fields, as `solver.position.parse_position` reads it."""
    return GAMES[fields["game"]].position.from_fields(fields)  # type: ignore[attr-defined,no-any-return]


@dataclass
class Draft:
    """A deal being edited (the module's docstring)."""

    fields: dict[str, Any]
    hands: list[CardSet]
    sizes: list[int]
    seat_names: list[str]
    pool: CardSet = field(default_factory=CardSet)

    @classmethod
    def of(cls, pos: Position) -> Draft:
        """A draft of `pos`'s hands; PositionError for a position whose
        hands cannot be edited (play made, or no hands field)."""
        fields = {k: v for k, v in pos.to_fields().items() if v is not None}  # (None: unset)
        if pos.history or fields.get("play"):
            raise PositionError("editing: only a deal before its first move is edited")
        hands = fields.get(HANDS)
        if not isinstance(hands, list) or len(hands) != pos.nseats:
            raise PositionError(f"editing: a {pos.game} position has no hands to edit")
        sets = [CardSet.parse(h) for h in hands]
        names = [pos.seat_name(s) for s in range(pos.nseats)]
        return cls(fields, sets, [len(h) for h in sets], names)

    def move(self, card: Card, seat: int) -> None:
        """`card` (from a hand or the cards to place) to `seat`'s hand."""
        self._seat(seat)
        if card in self.pool:
            self.pool = self.pool - CardSet([card])
        else:
            holder = next((s for s, h in enumerate(self.hands) if card in h), None)
            if holder is None:
                raise NotationError(f"editing: {card} is not in this deal")
            self.hands[holder] = self.hands[holder] - CardSet([card])
        self.hands[seat] = self.hands[seat] | CardSet([card])

    def clear(self, seat: int) -> None:
        """`seat`'s cards to the cards to place."""
        self._seat(seat)
        self.pool = self.pool | self.hands[seat]
        self.hands[seat] = CardSet()

    def deal_rest(self, seed: int) -> None:
        """The cards to place dealt at random (from `seed`) to the hands short
        of their size at the start, seat by seat."""
        cards = list(self.pool)
        random.Random(seed).shuffle(cards)
        for seat, size in enumerate(self.sizes):
            while len(self.hands[seat]) < size and cards:
                self.hands[seat] = self.hands[seat] | CardSet([cards.pop()])
        self.pool = CardSet(cards)  # none left unless hands grew past their size

    def rotate(self) -> None:
        """The deal turned one seat round the table: every hand one seat on
        (seat 1's to seat 2...), and the dealer and the leader with them."""
        self.hands = [self.hands[-1], *self.hands[:-1]]
        self.sizes = [self.sizes[-1], *self.sizes[:-1]]
        n = len(self.hands)
        for key in SEAT_FIELDS:
            if key in self.fields:
                seat = parse_seat(str(self.fields[key]), n, key)
                turned = (seat + 1) % n
                numbered = isinstance(self.fields[key], int)
                self.fields[key] = turned + 1 if numbered else self.seat_names[turned]

    def position(self) -> Position:
        """The hands as a position, read as the command line reads one;
        NotationError or PositionError (its one line) for hands it refuses,
        or cards still to place."""
        if self.pool:
            n = len(self.pool)
            raise PositionError(
                f"editing: {n} card{'s' if n != 1 else ''} to place (deal the rest, or move them)"
            )
        return read_fields({**self.fields, HANDS: [str(h) for h in self.hands]})

    def problem(self) -> str | None:
        """Why the hands are not a position yet (the reader's line), None when they are."""
        try:
            self.position()
        except TricksolverError as e:
            return str(e).splitlines()[0]
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[str(c) for c in h] for h in self.hands],
            "pool": [str(c) for c in self.pool],
            "problem": self.problem(),
        }

    def copy(self) -> Draft:
        return Draft(dict(self.fields), list(self.hands), list(self.sizes), self.seat_names,
                     self.pool)  # fmt: skip

    def _seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.hands):
            raise NotationError(f"editing: no seat {seat + 1}")
