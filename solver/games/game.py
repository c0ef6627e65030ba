"""The interface through which a game registers with the generic layers.

A game is one folder, ``solver/games/<name>/``, and one object: the
``GAME`` of its ``game.py``, an instance of a subclass of `Game`.  The
generic layers (the view and sampling engine, PIMC, the decisions before
play, the players, whole games, matches, the benchmark, the command line)
reach a game only through `solver.games.registry`, which maps names to these
objects; none of them names a game.

A `Game` answers what is particular to its game: how a hand is dealt and
read (its `Position` subclass, in ``rules.py``), and, as the parts are
added, what a seat knows, its rules of thumb, its candidate decisions
before play and how it is drawn for a person.  Each part is an attribute or
a method here, with its contract written at its definition.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from solver.cards import Card
from solver.errors import PositionError
from solver.games.base import Move, Position
from solver.seatview import SeatFacts, SeatKnowledge


class Game(ABC):
    """One game, as the generic layers see it."""

    name: ClassVar[str]  # the name in the notation and on the command line ("chinese-whist")
    title: ClassVar[str]  # the name for a person ("Chinese Whist")
    aliases: ClassVar[tuple[str, ...]] = ()  # other names accepted for it ("cw")
    seat_counts: ClassVar[tuple[int, ...]]  # the numbers of players it is played by
    position: ClassVar[type[Position]]  # its position (rules.py)

    @property
    def default_seats(self) -> int:
        """The number of players when none is given: the largest allowed."""
        return max(self.seat_counts)

    @abstractmethod
    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Position:
        """A new hand at its first decision, the same for the same seed.
        `players` is one of `seat_counts` (checked by the registry); `trump`
        is given only where `names_trump_at_deal` is true."""

    names_trump_at_deal: ClassVar[bool] = False  # the deal may fix the trump (whist)

    # --- players: what a seat knows, the rules of thumb ---------------------------
    # The generic rules of thumb (solver.heuristics) play the cards for every
    # game; a game adds what it alone knows through these hooks.

    @abstractmethod
    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        """The game's part of what `seat` may know in `pos` (a position of this
        game): the cards dealt to every seat (a public count) and, where the
        game has them, the piles as the table shows them, the discards the
        seat has seen, the cards out of the pack, the quest, the claims and
        the calls.  Nothing hidden from the seat, nor anything computed from
        it: the players' no-peeking tests swap hidden cards and expect the
        same facts."""

    def heuristic_decision(self, view: SeatKnowledge) -> Move:
        """The rules of thumb's move at a decision other than playing a card
        (a call, trump, a discard, a claim), one of ``view.legal``, read from
        `view` alone.  The default: the game has no such decision."""
        raise PositionError(f"{self.title} has no {view.phase} decision")

    def card_worth(self, view: SeatKnowledge, card: Card, to_side: int) -> float:
        """How much it matters to the game which side captures `card` when
        `to_side` takes the trick (0 when only the trick counts, the default);
        the rules of thumb give away the card of least worth."""
        return 0.0

    def wants_trick(self, view: SeatKnowledge, winners: list[Card], winning_side: int) -> bool:
        """Whether the trick on the table is worth winning with one of
        `winners` from `winning_side`, the side now winning it.  The default:
        every trick counts."""
        return True

    def sure_lead(self, view: SeatKnowledge, masters: list[Card]) -> Card | None:
        """A lead the game prefers among `masters` (the seat's sure winners),
        before the shared order; None (the default) for none."""
        return None

    def strong_in_trumps(self, view: SeatKnowledge) -> bool | None:
        """Whether the seat should draw trumps, when the game decides it (in
        Cinch: the bidder's side); None (the default) to count the trumps."""
        return None
