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

from solver.games.base import Position
from solver.view import View


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

    # --- views ---
    view: ClassVar[type[View]]
    """What a seat knows of a hand of this game: its subclass of
    `solver.view.View` (``view.py`` in the game's folder).  Its `game` is this
    game's `name`; `from_position(pos, seat)` makes the view of a position of
    this game and `from_fields` reads one from the notation's keys (with the
    key ``seat``).  The generic entry points `solver.view_of`,
    `solver.parse_view` and `solver.load_view` find it here, through the
    registry, and `solver.sampling.Sampler` draws the worlds of its views."""
    # --- end views ---
