"""The interface through which a game registers with the generic layers.

A game is one folder, ``solver/games/<name>/``, and one object: the
``GAME`` of its ``game.py``, an instance of a subclass of `Game`.  The
generic layers (the view and sampling engine, PIMC, the decisions before
play, the players, whole games, matches, the benchmark, the command line)
reach a game only through `solver.games.registry`, which maps names to these
objects; none of them names a game.

A `Game` answers what is particular to its game: how a hand is dealt and
read (its `Position` subclass, in ``rules.py``), what a seat knows (its
`View` subclass, ``view.py``), its rules of thumb (``heuristics.py``), its
candidate decisions before play (``before_play.py``), how its hands make a
game (``whole_game.py``) and how it is drawn for a person
(``drawing.py``).  The hooks stand in blocks, one for each generic layer
that asks; each is an attribute or a method with its contract written at
its definition, and one with a default is optional.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.console import RenderableType

from solver.cards import FULL_DECK, Card, CardSet
from solver.drawing import (
    TRICKS_FROM_HERE,
    Part,
    Row,
    SeatRow,
    cards_held_line,
    hand_text,
    move_line,
    text_parts,
)
from solver.errors import PositionError
from solver.games.base import Move, Position
from solver.seatview import SeatFacts, SeatKnowledge
from solver.view import View

HAND_PLACE = "hand"  # a seat's hand among its places of a deal (`Place`)


@dataclass(frozen=True)
class Place:
    """A place at one seat where cards of a deal lie, as the web board edits a
    deal by clicking (`Game.edit_places`): its name (one a seat, what a
    click sends back; `HAND_PLACE` the seat's hand, where a card moved to
    the seat goes), the cards in it, and whether it is a slot of one card
    (a card moved onto a taken slot changes places with the card there);
    a place of a pile says which (from 1) and its face (`FACE_UP`,
    `FACE_DOWN_PLACE`), the page drawing the two places of a pile as one."""

    name: str
    cards: CardSet
    slot: bool = False
    pile: int | None = None
    face: str | None = None


FACE_UP = "up"  # a pile's face-up place (`Place.face`)
FACE_DOWN_PLACE = "down"  # a pile's face-down place, under its face-up card


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

    # --- deals drawn card by card (solver.openspiel's chance nodes) ---
    # A new hand is dealt from one or more packs, each shuffled: `deal_pool`
    # says what the next card is drawn from, `dealt` lays the drawn cards out
    # as `deal` lays out its shuffled packs.  Every card drawn uniformly from
    # its pool makes each pack a uniform shuffle, so the hands so dealt have
    # the distribution of `deal`'s (whose generator shuffles the same packs).

    def deal_pool(self, drawn: Sequence[Card], players: int) -> CardSet:
        """The cards the next card of a new hand of `players` is drawn from,
        uniformly, once the cards `drawn` have been drawn (in order); empty
        once the hand is dealt (`dealt`).  The default: one pack,
        `FULL_DECK`, drawn whole."""
        return FULL_DECK - CardSet(drawn) if len(drawn) < len(FULL_DECK) else CardSet()

    @abstractmethod
    def dealt(self, drawn: Sequence[Card], players: int) -> Position:
        """The hand of `players` at its first decision that the cards `drawn`
        make, drawn in order from `deal_pool` until it was empty: laid out as
        `deal` lays out its shuffled packs (seat 1 deals)."""

    @abstractmethod
    def score_bounds(self, players: int) -> tuple[int, int]:
        """The least and the most a seat's hand score (`Position.scores`) can
        be in a hand of `players`."""

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

    @abstractmethod
    def view_facts(self, view: View) -> SeatFacts:
        """The same part of what the seat of `view` (a view of this game)
        knows, read from its view (`SeatKnowledge.of_view`): what
        `seat_facts` gives for any position the view is of."""

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

    # --- players: decisions before play, the sampling player ----------------------
    # solver.decisions ranks a decision's plans over worlds by successive
    # halving; solver.players.PimcPlayer plays by it and by PIMC.

    decision_max_nodes: ClassVar[int]  # a world's search budget of a decision before play
    # (solver.decisions' default; past it, a bounded search, else the heuristic playout)
    player_max_nodes: ClassVar[int]  # the sampling player's budget of a world in card play
    player_decision_max_nodes: ClassVar[int] = 0  # its budget before play (0: none)

    def plans(self, pos: Position, seat: int) -> list[tuple[Move, ...]]:
        """The candidate plans of `seat`'s decision before play in `pos`, in a
        fixed order: each the seat's moves from this decision to the first
        lead (its first move the one to make now).  The default: every legal
        move alone."""
        return [(m,) for m in pos.legal_moves()]

    def player_worlds(self, pos: Position) -> tuple[int, int] | None:
        """At a decision before play whose worlds are cheap to solve: (the
        fewest worlds a sampling player values a plan on, the fewest of them
        in the first round); None (the default): the player's own numbers."""
        return None

    def too_bold(self, pos: Position, move: Move) -> bool:
        """Whether a sampling player should make `move` (a move before play)
        only when no other is legal, because with every card known it looks
        far safer than it is at the table.  The default: no move is."""
        return False

    # --- players: whole games and matches -----------------------------------------
    # solver.wholegame deals hands in turn (seat 1 deals the first, the deal
    # passes clockwise) and adds their scores until the game ends;
    # solver.match plays duplicate deals.

    totals_by_side: ClassVar[bool] = True  # partners hold the same total (False: each seat
    # adds its own hand score, as when partnerships change from hand to hand)
    targets: ClassVar[tuple[int, ...]] = ()  # the points a game may be played to, if chosen
    default_rounds: ClassVar[int | None] = None  # the rounds of a game, if it has a number

    @abstractmethod
    def deal_hand(self, deal: HandToDeal) -> Position:
        """The hand `deal` describes (`HandToDeal`), at its first decision."""

    def moves_from_deal(self, pos: Position) -> list[Move] | None:
        """The moves of the hand `pos` from its deal (its decisions before
        play, then its play record), read from the position alone, for a
        game whose positions written out cannot always show a seat's view:
        a whole game dealing the hand again makes them on the deal, so that
        the position it resumes holds its history (`solver.wholegame`).
        The default: None (a game whose positions always show their views)."""
        return None

    def discards_and_calls(self, pos: Position) -> int:
        """How many decisions before play `pos` has seen besides naming trump
        (calls, discards): with the play record and a trump named in play they
        count the moves made, read from the position alone.  The default: none."""
        return 0

    def check_game_hand(self, pos: Position, hand: int) -> None:
        """PositionError when `pos` cannot be hand `hand` of a whole game of
        this game (beyond the dealer and the totals, which the generic layer
        checks).  The default: any hand can."""
        return

    def target_of(self, pos: Position) -> int | None:
        """The points that win the game `pos` is a hand of; None (the default)
        when the game ends otherwise."""
        return None

    def rounds_of(self, pos: Position) -> int | None:
        """The rounds of the game `pos` is a hand of; None (the default) when
        the game has no number of rounds."""
        return None

    def already_won(self, pos: Position, totals: Sequence[int]) -> bool:
        """Whether the totals `totals` (every seat's, before the hand `pos`)
        already end the game.  The default: they never do."""
        return False

    @abstractmethod
    def winners(
        self, pos: Position, before: Sequence[int], after: Sequence[int]
    ) -> tuple[int, ...] | None:
        """The seats that have won once hand `pos` is over (every seat's
        totals `before` it and `after` it), or None if the game goes on."""

    @abstractmethod
    def match_deal(self, seed: int, players: int, index: int) -> Position:
        """Deal `index` (from 0) of a match of `players`, at its first
        decision, dealt from `seed`: the dealer goes round the table with the
        deals."""

    # --- cli: how the game is drawn for a person, and its command-line choices -------
    # The defaults are a game with nothing to draw but its hands, its tricks
    # and its trump; a game draws its own rows, panels and narration lines in
    # its ``drawing.py`` (from the pieces of `solver.drawing`).  The words and
    # choices below are read by the command line (cli/), which names no game:
    # `value_unit` heads a table of values (``Tricks for each side``);
    # `totals_by_side` (the players part's) False also tells the sides at
    # every hand, and totals and winners seat by seat;
    # `hand_label` labels the cards of the seat table; `hand_word` names one
    # deal of a whole game (``Round 3``); `tricks_by_side` False leaves the
    # partnerships' tricks out of `show` (a game scored by other means);
    # `dealer_alone` names a lone dealer so (``seat 1 (the dealer)``);
    # `table_by_declarer` draws its double-dummy table as DDS prints one,
    # the tricks of declarer's side (`solver.doubledummy.declarer_tricks`).

    value_unit: ClassVar[str]  # what a value of the search counts ("tricks", "quest score")
    hand_label: ClassVar[str] = "hand"  # the seat table's label of the cards a seat plays from
    hand_word: ClassVar[str] = "hand"  # what one deal of a game is called ("round")
    tricks_by_side: ClassVar[bool] = True  # `show` tells the tricks won by each partnership
    dealer_alone: ClassVar[bool] = False  # a lone dealer is named so
    table_by_declarer: ClassVar[bool] = False  # its table reads as DDS's: tricks by declarer

    default_target: ClassVar[int | None] = None  # of the players part's `targets`, the default
    reads_pbn: ClassVar[bool] = False  # a bridge deal in PBN (--pbn) is a hand of it

    def pbn_line(self, pbn: str, trump: str | None, leader: str | None) -> str:
        """The one-line position of a bridge deal `pbn` ("N:AKQ... ..."), with
        the trump (S H D C or NT; default NT) and the seat on lead (N E S W;
        default: left of the deal's first seat); NotationError for a bad
        seat or strain.  Only a game that `reads_pbn` has it."""
        raise NotImplementedError(f"{self.name} has no PBN deals")

    record_formats: ClassVar[tuple[RecordFormat, ...]] = ()
    """The game's hand-record file formats (`RecordFormat`: PBN, LIN), which
    `solver.records.read_boards` tries, in this order, before the notation's
    files of many positions; by default none."""

    # `tricksolver bench`: the parts solving random full deals of the game,
    # each (its name in --games, the number of players); none for whist, whose
    # parts are against a reference solver (`reference_parts`).  A game of several
    # parts is also chosen whole by its name and by `bench_aliases`.
    bench_parts: ClassVar[tuple[tuple[str, int], ...]] = ()
    bench_aliases: ClassVar[tuple[str, ...]] = ()

    @property
    def value_words(self) -> str:
        """What a value of the search counts, in a ranking of moves or plans
        (``tricks from here``); by default `value_unit`."""
        return self.value_unit

    def maxn_words(self, by: str) -> str:
        """What a max^n value counts, every side maximising `by` (``score`` or
        ``tricks``, solver.doubledummy.MAXN_BY): by tricks ``tricks from
        here``; by score, by default, `value_words` (the value is the score)."""
        return TRICKS_FROM_HERE if by == "tricks" else self.value_words

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

    def seen_lines(self, sight: SeatKnowledge, pos: Position) -> list[str]:
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

    def trick_lines(self, pos: Position) -> list[str]:
        """The narration of what a trick just completed changed on the table,
        told after the trick (`pos`: the position after its last card; the
        trick is the last of ``pos.play_record``'s cards).  Only what every
        seat sees.  By default nothing."""
        return []

    def result_lines(self, pos: Position) -> list[str]:
        """The narration of how a hand over (`pos`) scored, before its score
        line: what each side took and what it counted.  By default nothing
        (the score line says it all)."""
        return []

    # A board of a hand record, as the game's players read it (the record's
    # facts: for whist the contract, the auction, the result): `show` draws
    # `board_panel`, `analyze`, `table` and `review` print `board_notes`, and
    # their JSON adds `board_json` under ``record``; a value of the search
    # at the board's first decision is told by `lead_value_text`, a table by
    # `table_notes`.  By default a record says nothing more than its position.

    def board_panel(self, board: Board) -> RenderableType | None:
        """What `show` draws of a board of a hand record before its position
        (whist: the hands around a compass, the contract, the auction); None."""
        return None

    def board_notes(self, board: Board) -> list[str]:
        """Lines telling what the record says of a board (the dealer, the
        contract, its result, the auction); none by default."""
        return []

    def board_json(self, board: Board) -> dict[str, Any]:
        """The record's facts of a board as JSON; empty by default."""
        return {}

    def analysis_notes(
        self, board: Board, seat: int, values: Sequence[tuple[str, int | None]]
    ) -> list[str]:
        """Lines on an analysis of a board's position: `values` are every
        legal move (its text) with its proven value for `seat`'s side (the
        seat to move; None where not proven).  What they say against the
        record's contract, and whether the values the record holds (DDS's
        list: FUT) are the same; none by default."""
        return []

    def review_notes(self, board: Board, values: Sequence[tuple[int, int | None]]) -> list[str]:
        """Lines on a review of a board's play: `values` are (the seat to move
        at the first card, the proven value of the whole hand for its side
        before it), then for every card reviewed (the seat that played it, the
        value for its side after it), None where not proven.  What they say of
        the record's contract, and whether the values the record holds (DDS's
        list: TRACE) are the same; none by default."""
        return []

    def board_to_play(self, board: Board) -> Position:
        """The position a board is played from (``play --board``): its
        position, with who plays whose cards where the record says (whist:
        the contract's declarer, who plays dummy's cards too); by default
        the board's position."""
        return board.position

    def decider(self, pos: Position, seat: int) -> int:
        """The seat whose player decides `seat`'s move in `pos`, from the
        view of `seat` (`solver.view_of`, which then holds what the deciding
        seat sees): whist's declarer decides dummy's cards; by default
        `seat` itself."""
        return seat

    def open_hand(self, pos: Position) -> int | None:
        """The seat whose hand lies face up for every seat in `pos` (whist:
        dummy, once the opening lead is made); None (the default) for none."""
        return None

    def table_notes(self, board: Board, table: Any) -> list[str]:
        """Lines on an exact table (`solver.search_results.Table`) of a board:
        what it says of the record's contract, and whether a table the
        record holds is the same; none by default."""
        return []

    def dealt_text(self, pos: Position, seat: int) -> str:
        """A seat's cards at the deal, for spectators (by default its hand by suits)."""
        return hand_text(CardSet.parse(pos.to_fields()["hands"][seat]))

    blunder_cost: ClassVar[int] = 2  # a reviewed move proven to cost this much or more
    # (in `value_unit`s) is marked a blunder on the web board (one costing less, a mistake)

    def board_parts(self, pos: Position) -> list[Part]:
        """The game's own parts of its table on the web board (`solver.web`),
        plain JSON of the kinds `solver.drawing` lists (hands, rows of cards
        or words under the seats, piles, labelled lines): what the page
        draws besides the seats' hands, the tricks, trump, the dealer and
        the score, which every game has.  By default the rows `show` draws
        (`seat_rows`, `state_rows`) as words, their cards drawn as cards."""
        return text_parts(self.seat_rows(pos), self.state_rows(pos))

    def edit_places(self, pos: Position) -> list[list[Place]]:
        """Every seat's places of the deal `pos` (before its first move), in
        the same order at every seat, for the web board's editing
        (`solver.web.editing`), and `placed_fields` writes them back.  By
        default one place a seat, its hand: the notation's ``hands``;
        PositionError for a position with none."""
        hands = pos.to_fields().get("hands")
        if not isinstance(hands, list) or len(hands) != pos.nseats:
            raise PositionError(f"editing: a {pos.game} position has no hands to edit")
        return [[Place(HAND_PLACE, CardSet.parse(h))] for h in hands]

    def placed_fields(self, places: Sequence[Sequence[Place]]) -> dict[str, Any]:
        """The notation's fields that hold the cards of every seat's places
        (as `edit_places` gives them), to replace the position's before the
        notation's reader reads it; PositionError in one line for places no
        notation writes.  By default each seat's hand, ``hands``."""
        return {"hands": [str(seat[0].cards) for seat in places]}

    # --- end of cli ---
    # --- bench: the game's parts of `tricksolver bench` against a reference solver ---

    reference_parts: ClassVar[tuple[ReferencePart[Any, Any], ...]] = ()
    """The game's parts of the benchmark that are timed and checked against
    another solver (`ReferencePart`: its name in --games, its title, the
    deals it runs on, its measurement and its drawing), in the order the
    benchmark runs and lists them; `solver.bench` runs them by name before
    the full-deal parts of every game (`bench_parts`) and names no game.
    By default none."""
    # --- end of bench ---


# --- bench: what a part against a reference solver is -----------------------------


class Reporter(Protocol):
    """What the benchmark tells about its progress (the CLI draws a bar):
    a part starts with the number of its steps, then makes them one by one."""

    def start(self, name: str, total: int) -> None: ...
    def step(self, name: str, detail: str) -> None: ...


@dataclass(frozen=True)
class PartSettings:
    """What a part of the benchmark runs with: the limit of every solve
    (seconds; 0: none, a solve cut short is not exact), the table of its
    Solver (MiB), whether the reference solver is run (when it can be
    loaded), the rounds over the deals (each solve keeps its fastest time,
    the reference solver's too) and where its progress goes."""

    time_limit: float
    tt_mb: float
    use_reference: bool
    repeat: int
    reporter: Reporter


class PartResult(Protocol):
    """What a part against a reference solver measured: its report's JSON."""

    def to_json(self) -> dict[str, Any]: ...


Deal = TypeVar("Deal")  # a deal of a part against a reference solver
Result = TypeVar("Result", bound=PartResult)


@dataclass(frozen=True)
class ReferenceDeals(Generic[Deal]):
    """The deals a game's parts against a reference solver run on.
    `read(path, count)`: the first `count` deals (all when None) of the file
    at `path`, or of the game's bundled set when `path` is None (`bundled`
    names it in the report); NotationError for a bad file or deal.  The
    benchmark reads them once, before any timing, for every part chosen that
    runs on them.  `default_count`: how many are read when none is said;
    `count_key` and `source_key`: the names, in the report's settings, of
    how many were read and of where from."""

    read: Callable[[str | None, int | None], Sequence[Deal]]
    bundled: str
    default_count: int
    count_key: str
    source_key: str


@dataclass(frozen=True)
class ReferencePart(Generic[Deal, Result]):
    """One part of the benchmark timed and checked against a reference
    solver: its `name` in --games, its `title` (of its progress bar; the
    report's own titles are `view`'s), the `deals` it runs on and `run`, its
    measurement of those deals with the settings (`PartSettings`), whose
    result gives its JSON and is drawn for a person by `view` (a rich
    renderable: the part's tables and the lines of its checks)."""

    name: str
    title: str
    deals: ReferenceDeals[Deal]
    run: Callable[[Sequence[Deal], PartSettings], Result]
    view: Callable[[Result], RenderableType]


# --- cli: hand-record files ---------------------------------------------------------

NOTATION_FORMAT = "positions"  # the format of a board read from the notation's files


@dataclass(frozen=True)
class Board:
    """One board of a file: `name` (its number as the file gives it, else
    its place from 1), `tags` (name, value) in the file's order, `position`
    (at its first decision), `play` (the moves recorded, in the game's
    notation, in the order played; "" for none), `auction` (as written; ""
    for none), `comments` (their text, in order), `format` (the name of the
    format it was read from) and `raw` (what that format keeps to write the
    board back as it was read; None for the notation) and `facts` (what the
    game reads from a record whose tags are not its own words, by the
    game's tag names: a LIN record's ``Dealer``, ``Vulnerable``,
    ``Contract``, ``Declarer``, the players' names, ``Room``, ``Result``),
    `room` (the room it was played in, ``Open`` or ``Closed``, where the
    record says; "" otherwise: boards of one number are told apart by it)
    and `problems` (what the record held that could not be kept, one line
    each naming the board, the tag and the card: a play cut short at a
    card that does not fit the deal; the board itself was read)."""

    name: str
    position: Position
    tags: tuple[tuple[str, str], ...] = ()
    play: str = ""
    auction: str = ""
    comments: tuple[str, ...] = ()
    format: str = NOTATION_FORMAT
    raw: Any = field(default=None, compare=False, repr=False)
    facts: tuple[tuple[str, str], ...] = ()
    room: str = ""
    problems: tuple[str, ...] = ()

    def tag(self, name: str) -> str | None:
        """The value of tag `name` (the first such), None when absent."""
        return next((v for n, v in self.tags if n == name), None)

    def fact(self, name: str) -> str | None:
        """The value of `name` among the tags, else among the facts (the
        first such); None when absent."""
        found = self.tag(name)
        return found if found is not None else next((v for n, v in self.facts if n == name), None)

    def facts_named(self, name: str) -> list[str]:
        """Every value of a tag given many times (``Note``), from the tags,
        else from the facts, in order."""
        found = [v for n, v in self.tags if n == name]
        return found or [v for n, v in self.facts if n == name]


# What a reader did about a problem, at the end of the problem's line ("...;
# the play is cut there"): `solver.records.read_boards` with ``strict``
# refuses the file with the problem alone.
PLAY_CUT = "the play is cut there"
LEFT_OUT = "left out"
CONSEQUENCES = (PLAY_CUT, f"the play is {LEFT_OUT}", LEFT_OUT)


def without_consequence(problem: str) -> str:
    """A problem's line without what the reader did about it."""
    for consequence in CONSEQUENCES:
        if problem.endswith(f"; {consequence}"):
            return problem[: -len(consequence) - 2]
    return problem


@dataclass(frozen=True)
class SkippedBoard:
    """A board of a file that could not be read (its deal, dealer,
    vulnerability or contract is malformed): `name` (as `Board.name`),
    `room` and `problem`, one line naming the file, the board and the tag.
    The other boards of the file are read; ``--strict`` refuses the file."""

    name: str
    problem: str
    room: str = ""


@dataclass(frozen=True)
class RecordFormat:
    """A hand-record file format of a game (PBN, LIN): its `name` (as
    ``--format`` names it), `recognises(text)` (is a file's text, without
    its byte order mark, of this format?), `read(text, source)` (its
    boards, in order: each a `Board`, or a `SkippedBoard` where the board
    cannot be read; a board whose play does not fit its deal is read with
    its play cut and the problem in `Board.problems`; NotationError naming
    `source` in one line when the file cannot be read at all), `write(boards)` (the
    text of a file of these boards: a board read from this format written
    back as it was read, tags, sections and comments kept) and
    `annotate(board, table)` (the board with the game's double-dummy
    tags added, from `table`, the `solver.search_results.Table` of its
    position; None where the format has none), `title` (its name for
    a person, in the message refusing a file no format reads) and
    `losses(board)` (what writing a board of another format in this one
    cannot keep, one line each, for a warning; none by default)."""

    name: str
    recognises: Callable[[str], bool]
    read: Callable[[str, str], Sequence[Any]]
    write: Callable[[Sequence[Any]], str]
    annotate: Callable[[Any, Any], Any] | None = None
    title: str = ""
    losses: Callable[[Any], list[str]] = lambda board: []


# --- players: shared by the games' whole games ---------------------------------------


@dataclass(frozen=True)
class HandToDeal:
    """Hand `hand` (from 1) of a whole game of `players`, to deal from `seed`
    by seat ``(hand - 1) % players``.  `previous` is the hand before it (None
    for the first), which carries what goes from hand to hand (a quest deck,
    a target, a rule); `target` (one of `Game.targets`) and `rounds` (where
    `Game.default_rounds` is set) are the first hand's options (None: the
    defaults)."""

    seed: int
    players: int
    hand: int
    previous: Position | None = None
    target: int | None = None
    rounds: int | None = None

    @property
    def dealer(self) -> int:
        return (self.hand - 1) % self.players


def side_seats(sides: Sequence[int], side: int) -> tuple[int, ...]:
    """The seats of `side`."""
    return tuple(s for s in range(len(sides)) if sides[s] == side)
