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

from rich.console import RenderableType

from solver.cards import CardSet
from solver.drawing import Row, SeatRow, Sight, cards_held_line, hand_text, move_line
from solver.games.base import Move, Position


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

    # --- cli: how the game is drawn for a person, and its command-line choices -------
    # The defaults are a game with nothing to draw but its hands, its tricks
    # and its trump; a game draws its own rows, panels and narration lines in
    # its ``drawing.py`` (from the pieces of `solver.drawing`).  The words and
    # choices below are read by the command line (cli/), which names no game:
    # `value_unit` heads a table of values (``Tricks for each side``);
    # `totals_by_side` False means the sides change from hand to hand, so
    # totals and winners are told seat by seat and the sides at every hand
    # (the same attribute as in the players part's block: keep one);
    # `hand_label` labels the cards of the seat table; `hand_word` names one
    # deal of a whole game (``Round 3``); `tricks_by_side` False leaves the
    # partnerships' tricks out of `show` (a game scored by other means);
    # `dealer_alone` names a lone dealer so (``seat 1 (the dealer)``);
    # `table_by_declarer` draws its double-dummy table as DDS prints one,
    # the tricks of declarer's side (`solver.doubledummy.declarer_tricks`).

    value_unit: ClassVar[str]  # what a value of the search counts ("tricks", "quest score")
    totals_by_side: ClassVar[bool] = True  # partners share a total
    hand_label: ClassVar[str] = "hand"  # the seat table's label of the cards a seat plays from
    hand_word: ClassVar[str] = "hand"  # what one deal of a game is called ("round")
    tricks_by_side: ClassVar[bool] = True  # `show` tells the tricks won by each partnership
    dealer_alone: ClassVar[bool] = False  # a lone dealer is named so
    table_by_declarer: ClassVar[bool] = False  # its table reads as DDS's: tricks by declarer

    reads_pbn: ClassVar[bool] = False  # a bridge deal in PBN (--pbn) is a hand of it

    def pbn_line(self, pbn: str, trump: str | None, leader: str | None) -> str:
        """The one-line position of a bridge deal `pbn` ("N:AKQ... ..."), with
        the trump (S H D C or NT; default NT) and the seat on lead (N E S W;
        default: left of the deal's first seat); NotationError for a bad
        seat or strain.  Only a game that `reads_pbn` has it."""
        raise NotImplementedError(f"{self.name} has no PBN deals")

    # `tricksolver bench`: the parts solving random full deals of the game,
    # each (its name in --games, the number of players); none for whist, whose
    # deals are the benchmark's PBN parts against DDS.  A game of several
    # parts is also chosen whole by its name and by `bench_aliases`.
    bench_parts: ClassVar[tuple[tuple[str, int], ...]] = ()
    bench_aliases: ClassVar[tuple[str, ...]] = ()

    @property
    def value_words(self) -> str:
        """What a value of the search counts, in a ranking of moves or plans
        (``tricks from here``); by default `value_unit`."""
        return self.value_unit

    @abstractmethod
    def value_meaning(self, who: str) -> str:
        """What the value of a position for the side named `who` counts, in
        one phrase of the game's terms (``tricks for N-S from here ...``)."""

    def many_sides(self, nseats: int) -> bool:
        """A hand of `nseats` players has three sides or more: the search's
        values are then paranoid (every other side plays against the one
        valued).  By default never."""
        return False

    def seats_title(self, nseats: int) -> str:
        """The game's title, with the number of players when it is played by
        several numbers (``Chinese Whist, 3 players``)."""
        if len(self.seat_counts) > 1:
            return f"{self.title}, {nseats} players"
        return self.title

    def title_notes(self, pos: Position) -> list[str]:
        """What `show` adds to the title of a hand (``round 2 of 10``)."""
        return []

    @abstractmethod
    def length_text(self, target: int | None, rounds: int | None) -> str:
        """How long a whole game lasts, for its first line (``game to 10``,
        ``10 rounds``, ``one deal``), from the game's `target` and `rounds`."""

    def seat_rows(self, pos: Position) -> list[SeatRow]:
        """The rows `show` adds to the seat table under the cards: one label
        and one cell per seat (down cards, sides, claims, discards)."""
        return []

    def panels(self, pos: Position) -> list[RenderableType]:
        """What `show` draws under the seat table (the piles and their legend)."""
        return []

    def state_rows(self, pos: Position) -> list[Row]:
        """The rows of the game's own state that `show` draws under the trick
        on the table (a quest and its needs, the calls and the contract)."""
        return []

    def seen_lines(self, sight: Sight, pos: Position) -> list[str]:
        """The lines of what a person at a seat is told of the game's own
        table, between the trump and their own cards: the game's state as the
        seat sees it, then what the seat sees of the others' cards (by
        default how many each holds).  Only what `sight` holds is told."""
        return [cards_held_line(sight, pos)]

    def move_lines(self, pos: Position, move: Move, who: str, secret: bool) -> list[str]:
        """The narration of a move other than a card played, by the seat
        named `who`; `pos` is the position after it.  `secret`: a person at
        the table who did not make the move hears it (a face-down card is
        then not named)."""
        return [move_line(move, who)]

    def dealt_text(self, pos: Position, seat: int) -> str:
        """A seat's cards at the deal, for spectators (by default its hand by suits)."""
        return hand_text(CardSet.parse(pos.to_fields()["hands"][seat]))

    # --- end of cli ---
