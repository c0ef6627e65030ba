"""The view engine: a seat's view of a hand, what it has seen and what the play revealed.

A `View` is one seat's knowledge at one decision from the first lead on (the
phases ``play`` and ``claim``, and a game may add one before the first lead):
the public state of the hand, the seat's own cards, and for every *hidden
place* (another seat's hand, a face-down card, a pile of discards, ...) how
many unseen cards it holds and which it cannot hold (`HiddenPlace`).  This
module names no game; each game's view is a subclass in its folder
(``solver/games/<game>/view.py``), registered as the game's `Game.view`.

What the engine does for every game: it replays the view's play record
through the public rules (`ReplayTable` in, `_Replayer`): following suit, the
trick's winner, the voids a seat shows by not following, face-up cards in
piles and the cards they cover turning up, the claims a trick's winner may
make (`ClaimRule`); it checks that the hidden places hold the unseen cards;
it gives the seat's legal moves, the notation's equality and hash, and
checks a world's fills (`View._fill_map`).

The hooks a game's view implements (`View`'s abstract methods): `_table`
(the replay's inputs), `_hidden` (the hidden places, the unseen cards and the
seen cards among them, once replayed), `world` (the complete position of a
filling), `_from_position` and `from_fields` (making the view from a full
position or from the notation), `_fields` (the notation, `Notated`); and may
override `seat_name`, `_before_play` (a decision before the first lead) and
`phases`.  `HandsView` is the shared base of the games whose hidden cards are
mostly in other seats' hands.

How a `solver.sampling.Sampler` uses a view: it reads `places` and `pool`
(and `seen`), counts and draws fillings of the places with the pool's cards,
each place's constraints respected, and asks `world_with(fills, rng)` for
the position of each (`world(fills)` with the chances the places do not
hold, such as the order of a stock before play, drawn from `rng`).

A view is made from a full position (`solver.view_of(pos, seat)`, which
looks the game up in the registry) or read from the notation of the position
with a key ``seat`` and the unknown cards left out (`solver.parse_view`,
`solver.load_view`); `to_line` and `to_toml` read back to the same view.
docs/views.md says what each game's view holds and what play reveals, with
examples.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol

from solver import _core
from solver.cards import FULL_DECK, Card, CardSet, Suit
from solver.errors import NotationError, PositionError
from solver.games.base import (
    Move,
    Phase,
    Position,
    play_key_tricks,
    play_record_text,
    read_play_token,
    read_strain,
    replay_play_key,
)
from solver.notation import Fields, Notated, check_known_keys, get_seat_list, get_str, parse_seat

SUITS = 4
UNKNOWN_MARK = "?"  # a face-down card under a pile the view has not seen (``AS/?``)
OUT = -1  # the "seat" of a card out of play: no seat may play it
VIEW_PHASES = (Phase.PLAY, Phase.CLAIM)
NO_CARDS = CardSet()

ViewPile = tuple[Card, Card | None, bool]
"""A face-up pile in a view: (face-up top, the card under it if the view
knows it, whether there is a card under it)."""


@dataclass(frozen=True)
class HiddenPlace:
    """A place holding cards the view's seat has not seen, and what it may hold.

    `size` unseen cards lie there.  For each suit (S H D C) it holds between
    `suit_min[s]` and `suit_max[s]` of them (a void is ``suit_max[s] == 0``).
    `seen_min`/`seen_max` bound how many of `View.seen` it holds (cards the
    seat has seen that may since have moved to a hidden place, such as
    discards drawn back into a hand; in most games `View.seen` is empty).
    `key` names the place for `View.world`.
    """

    name: str
    size: int
    suit_min: tuple[int, int, int, int]
    suit_max: tuple[int, int, int, int]
    seen_min: int
    seen_max: int
    key: tuple[str, int]

    @property
    def voids(self) -> int:
        """The suits it cannot hold, as a mask (bit s for suit s)."""
        return sum(1 << s for s in range(SUITS) if self.suit_max[s] == 0)

    def allows(self, cards: CardSet, seen: CardSet) -> bool:
        """Whether `cards` may be the unseen cards of this place."""
        if len(cards) != self.size:
            return False
        for s in range(SUITS):
            if not self.suit_min[s] <= len(cards.suit(s)) <= self.suit_max[s]:
                return False
        return self.seen_min <= len(cards & seen) <= self.seen_max

    def describe(self) -> str:
        """One line: the place, its size and its constraints."""
        parts = [f"{self.name}: {self.size} card{'s' if self.size != 1 else ''}"]
        for s in range(SUITS):
            lo, hi = self.suit_min[s], min(self.suit_max[s], self.size)
            name = Suit(s).name.lower()
            if hi == 0 and self.size:
                parts.append(f"no {name}")
            elif lo > 0 or hi < self.size:
                parts.append(f"{lo}-{hi} {name}")
        if self.seen_min > 0 or self.seen_max < self.size:
            parts.append(f"{self.seen_min}-{self.seen_max} of the discards seen")
        return ", ".join(parts)


def hidden_place(
    name: str,
    size: int,
    key: tuple[str, int],
    voids: int = 0,
    bounds: dict[int, tuple[int, int]] | None = None,
    seen: tuple[int, int] | None = None,
) -> HiddenPlace:
    lo = [0] * SUITS
    hi = [size] * SUITS
    for s in range(SUITS):
        if voids >> s & 1:
            hi[s] = 0
    for s, (a, b) in (bounds or {}).items():
        lo[s] = max(lo[s], a)
        hi[s] = min(hi[s], b)
    seen_lo, seen_hi = seen if seen is not None else (0, size)
    return HiddenPlace(
        name,
        size,
        (lo[0], lo[1], lo[2], lo[3]),
        (hi[0], hi[1], hi[2], hi[3]),
        max(0, seen_lo),
        min(size, seen_hi),
        key,
    )


# -- the public replay of the play record --------------------------------------


class ClaimRule(Protocol):
    """The claims of a game whose trick's winner may claim a card of the trick,
    through one replay (it keeps what each side has claimed so far).

    After every trick the replay asks `claimable` which cards of the trick (in
    the order played) its winner may claim, as a mask.  With none (0) the next
    trick follows; otherwise the phase is ``claim``, the winner's next move
    claims one of them and the replay reports it by `claim`."""

    def claimable(self, winner: int, cards: Sequence[Card]) -> int:
        """The cards of the trick `winner` has won that it may claim, as a mask."""

    def claim(self, seat: int, card: Card) -> None:
        """`seat` claimed `card`."""


@dataclass
class ReplayTable:
    """What the replay of a view's play record needs: the public rules of the
    hand and where the view has seen cards."""

    nseats: int
    trump: int
    leader: int
    tricks: int  # tricks in the hand: cards per seat at the first lead
    viewer: int
    viewer_cards: CardSet  # the seat's own hidden holding at the first lead (hand, down cards)
    # A card the view has seen: the seat that may play it (OUT: none), and where it is.
    owners: dict[Card, tuple[int, str]]
    seat_name: Callable[[int], str]
    piles: list[list[ViewPile]] | None = None  # each seat's face-up piles, if the game has them
    claims: ClaimRule | None = None  # the claims after a trick, if the game has them
    void_reasons: dict[tuple[int, int], str] = field(default_factory=dict)  # known before play


@dataclass
class _Replay:
    """The public history: who played what, the voids it showed, where play is."""

    moves: list[Move]
    phase: Phase
    to_move: int
    trick: list[tuple[int, Card]]
    played: list[CardSet]
    hidden_played: list[CardSet]  # cards played from a hidden holding (not a face-up pile card)
    voids: list[int]  # per seat, a mask of suits its hidden holding lacks
    face_up: list[CardSet]  # the face-up pile cards each seat may play now
    viewer_hold: CardSet  # the seat's own hidden holding now
    claimable: CardSet
    tricks_won: tuple[int, ...]  # per seat, the tricks it has won
    claimed: list[CardSet]  # per seat, the cards it has claimed


class _Replayer:
    """Plays a view's record through the public rules: follow suit, the trick
    winner, claims (`ClaimRule`), the cards under face-up piles turning up.
    Every error is a PositionError naming the trick.  Sets of cards are masks
    here."""

    def __init__(self, table: ReplayTable) -> None:
        self.t = table
        n = table.nseats
        self.played = [0] * n
        self.hidden_played = [0] * n
        self.voids = [0] * n
        self.reasons = dict(table.void_reasons)
        for s, suit in table.void_reasons:
            self.voids[s] |= 1 << suit
        self.face_up = [0] * n
        self.public = 0  # every pile card the view knows
        self.under: dict[Card, tuple[int, Card | None, bool]] = {}  # top -> (seat, under, has one)
        for s, row in enumerate(table.piles or []):
            for top, under, has in row:
                self.face_up[s] |= top.bit
                self.public |= top.bit | (under.bit if under is not None else 0)
                self.under[top] = (s, under, has)
        self.hold = table.viewer_cards.mask
        self.all_played = 0
        self.moves: list[Move] = []
        self.leader = self.turn = table.leader
        self.trick: list[tuple[int, Card]] = []
        self.phase = Phase.PLAY if table.tricks > 0 else Phase.OVER
        self.tricks_played = 0
        self.claimable = 0
        self.won = [0] * n
        self.claimed = [0] * n

    def name(self, seat: int) -> str:
        return self.t.seat_name(seat)

    def run(self, play: str) -> _Replay:
        # Every card of the record is read before any is played.
        for n, group in enumerate(play_key_tricks(play, self.t.nseats), 1):
            for token in group:
                read_play_token(token, n)
        replay_play_key(
            play, self.t.nseats, self.play_next, lambda: self.phase == Phase.CLAIM, self.claim
        )
        return _Replay(
            self.moves,
            self.phase,
            self.turn,
            list(self.trick),
            [CardSet(m) for m in self.played],
            [CardSet(m) for m in self.hidden_played],
            self.voids,
            [CardSet(m) for m in self.face_up],
            CardSet(self.hold),
            CardSet(self.claimable),
            tuple(self.won),
            [CardSet(m) for m in self.claimed],
        )

    def play_next(self, n: int, card: Card) -> None:
        """The record's next card, in trick n."""
        if self.phase == Phase.OVER:
            raise PositionError(f"play: {card} after the last trick")
        if self.phase == Phase.CLAIM:
            raise PositionError(
                f"play: trick {n - 1}: its winner claims one of"
                f" {CardSet(self.claimable).cards_text()} (mark it with *)"
            )
        self.play(n, card)

    def play(self, n: int, card: Card) -> None:
        t, m, bit = self.t, self.turn, card.bit
        where = f"play: trick {n}: seat {self.name(m)}"
        if self.all_played & bit:
            raise PositionError(f"play: trick {n}: {card} is played twice")
        owner = t.owners.get(card)
        if owner is not None and owner[0] != m:
            raise PositionError(f"{where} cannot play {card}: it is in {owner[1]}")
        public = bool(self.public & bit)
        if public and not self.face_up[m] & bit:
            raise PositionError(f"{where} cannot play {card}: it is still face down")
        if m == t.viewer and not public and not self.hold & bit:
            raise PositionError(f"{where} (the view's seat) does not hold {card}")
        if self.trick:
            led = self.trick[0][1].suit
            if card.suit != led:
                self.off_suit(n, m, led)
        if not public and m != t.viewer and self.voids[m] >> card.suit & 1:
            raise PositionError(f"{where} cannot play {card}: {self.reasons[(m, int(card.suit))]}")
        self.played[m] |= bit
        self.all_played |= bit
        if public:
            self.face_up[m] &= ~bit
        else:
            self.hidden_played[m] |= bit
            self.hold &= ~bit if m == t.viewer else ~0
        self.moves.append(Move("play", card))
        self.trick.append((m, card))
        if len(self.trick) < t.nseats:
            self.turn = (m + 1) % t.nseats
            return
        self.finish_trick(n)

    def off_suit(self, n: int, m: int, led: Suit) -> None:
        """Seat m did not follow suit: legal only if it held none of the led
        suit, which its hidden holding then shows."""
        where = f"play: trick {n}: seat {self.name(m)}"
        suit = led.name.lower()
        lane = FULL_DECK.suit(led).mask
        if self.face_up[m] & lane:
            raise PositionError(f"{where} must follow suit ({suit}): it has a face-up {suit[:-1]}")
        if m == self.t.viewer:
            if self.hold & lane:
                raise PositionError(f"{where} must follow suit ({suit})")
            return
        if not self.voids[m] >> led & 1:
            self.voids[m] |= 1 << led
            self.reasons[(m, int(led))] = f"it showed it held no {suit} in trick {n}"

    def finish_trick(self, n: int) -> None:
        t = self.t
        cards = [c for _, c in self.trick]
        winner = (self.leader + _core.trick_winner([c.index for c in cards], t.trump)) % t.nseats
        self.tricks_played += 1
        self.won[winner] += 1
        for seat, card in self.trick:
            owner, under, has = self.under.get(card, (seat, None, False))
            if not has:
                continue
            if under is None:
                raise PositionError(
                    f"play: trick {n}: the card under {card} (seat {self.name(owner)}) has"
                    f" turned up, so the view must name it ({card}/{UNKNOWN_MARK} is face down)"
                )
            self.face_up[seat] |= under.bit
        if t.claims is not None:
            claimable = t.claims.claimable(winner, cards)
            if claimable:
                self.claimable = claimable
                self.phase = Phase.CLAIM
                self.turn = winner
                return
        self.next_trick(winner)

    def next_trick(self, winner: int) -> None:
        self.trick = []
        self.leader = self.turn = winner
        self.claimable = 0
        self.phase = Phase.OVER if self.tricks_played == self.t.tricks else Phase.PLAY

    def claim(self, n: int, starred: list[Card]) -> None:
        claimable = CardSet(self.claimable).cards_text()
        if len(starred) != 1:
            raise PositionError(
                f"play: trick {n}: its winner claims exactly one of {claimable} (mark it with *)"
            )
        card = starred[0]
        if not self.claimable & card.bit:
            raise PositionError(
                f"play: trick {n}: {card} cannot be claimed (claimable: {claimable})"
            )
        assert self.t.claims is not None  # a claim phase comes only from the claim rule
        self.t.claims.claim(self.turn, card)
        self.claimed[self.turn] |= card.bit
        self.moves.append(Move("claim", card))
        self.next_trick(self.turn)


# -- views ---------------------------------------------------------------------


class View(Notated):
    """One seat's knowledge of a hand at a decision from the first lead on.

    Immutable.  Subclasses are the games' views (``solver/games/<game>/view.py``).
    Public state: `phase`, `to_move`, `current_trick()`, `play_record`,
    `voids`; the hidden cards: `pool` (every card the seat has not seen, that
    some hidden place holds), `places` (the hidden places, in a fixed order)
    and `seen` (see `HiddenPlace`).
    """

    game: ClassVar[str]
    keys: ClassVar[set[str]]
    phases: ClassVar[tuple[Phase, ...]] = VIEW_PHASES  # the decisions a view may be of
    nseats: int
    seat: int
    trump: int | None  # None only before trump is named
    places: tuple[HiddenPlace, ...]
    pool: CardSet
    seen: CardSet
    _replay: _Replay
    _frozen: bool = False

    # -- the hooks of a game ------------------------------------------------

    @abstractmethod
    def _table(self) -> ReplayTable:
        """The inputs of the replay of the play record."""

    @abstractmethod
    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        """(hidden places, the unseen cards, the seen cards among them), once replayed."""

    @abstractmethod
    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        """The complete position with `fills[i]` the unseen cards of `places[i]`.

        The fills must hold the pool between them.  The play record is replayed
        through the rules (PositionError if it breaks them); with ``play=False``
        the position is the world at the first lead, before the record."""

    def world_with(self, fills: Sequence[CardSet], rng: random.Random) -> Position:
        """`world(fills)` with the chances no seat knows and no hidden place
        holds drawn from `rng`: before play, the order of a pile still to be
        drawn from, cards of a second pack, the seed of a hand's later
        chances.  The same generator gives the same world.  The default has
        none: `world(fills)`."""
        return self.world(fills)

    @classmethod
    @abstractmethod
    def _from_position(cls, pos: Any, seat: int) -> View:
        """The view of a position of this game."""

    @classmethod
    @abstractmethod
    def from_fields(cls, fields: Fields) -> View:
        """A view from the keys of its notation."""

    def seat_name(self, seat: int) -> str:
        return str(seat + 1)

    def _before_play(self) -> tuple[Phase, int] | None:
        """(the decision, the seat to make it) when the view is of a decision
        before the first lead; None for the play."""
        return None

    # -- making it ----------------------------------------------------------

    def _finish(self, play: str) -> None:
        """Replay the play record, find the hidden places, freeze."""
        before = self._before_play()
        if before is not None and play.strip():
            raise PositionError("play: trump must be named before the first lead")
        table = self._table()
        replay = _Replayer(table).run(play)
        if replay.phase not in VIEW_PHASES:
            raise PositionError("the hand is over: a view is of a decision in play")
        if before is not None:
            replay = replace(replay, phase=before[0], to_move=before[1])
        self._replay = replay
        places, pool, seen = self._hidden()
        for p in places:
            if p.size < 0:
                raise PositionError(f"{p.name} would hold {p.size} cards: the counts contradict")
        if sum(p.size for p in places) != len(pool):
            raise PositionError(
                f"the hidden places hold {sum(p.size for p in places)} cards, but"
                f" {len(pool)} cards are unseen"
            )
        self.places = tuple(p for p in places if p.size > 0)
        self.pool = pool
        self.seen = seen
        self._frozen = True

    def __setattr__(self, name: str, value: object) -> None:
        if self._frozen:
            raise AttributeError("View is immutable")
        object.__setattr__(self, name, value)

    @classmethod
    def from_position(cls, pos: Position, seat: int) -> View:
        """The view of `seat` (0-based) of a position of this view's game in
        play (phase play or claim, or one of `phases`).  `solver.view_of`
        finds the view class of any position's game."""
        if not 0 <= seat < pos.nseats:
            raise PositionError(f"seat: no seat {seat + 1} in {pos.game} ({pos.nseats} seats)")
        if pos.is_over:
            raise PositionError("the hand is over: a view is of a decision in play")
        if pos.game != cls.game:
            raise PositionError(f"a {cls.game} view is of a {cls.game} position, not {pos.game}")
        if pos.phase not in cls.phases:
            names = " or ".join(p.value for p in cls.phases)
            raise PositionError(
                f"a view is of a decision in play (phase {names}), not {pos.phase.value}"
            )
        return cls._from_position(pos, seat)

    # -- the state of the hand ----------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._replay.phase

    @property
    def to_move(self) -> int:
        """The seat (0-based) whose decision it is."""
        return self._replay.to_move

    @property
    def play_record(self) -> list[Move]:
        """The cards played and claims made since the first lead."""
        return list(self._replay.moves)

    @property
    def voids(self) -> tuple[int, ...]:
        """Per seat, the suits (mask, bit s for suit s) its hidden holding cannot
        hold.  The view's own seat, whose cards are known, notes none from play."""
        return tuple(self._replay.voids)

    def current_trick(self) -> list[tuple[int, Card]]:
        """(seat, card) of the trick in progress; in the claim phase the trick just won."""
        return list(self._replay.trick)

    def played(self, seat: int) -> CardSet:
        """The cards a seat has played since the first lead."""
        return self._replay.played[seat]

    def tricks_won(self) -> tuple[int, ...]:
        """Per seat, the tricks it has won since the first lead (in the claim
        phase the trick just won among them)."""
        return self._replay.tricks_won

    def claimed(self, seat: int) -> CardSet:
        """The cards a seat has claimed (games with claims, `ClaimRule`)."""
        return self._replay.claimed[seat]

    def holding(self) -> CardSet:
        """The cards the view's seat may play now (before following suit)."""
        return self._replay.viewer_hold | self._replay.face_up[self.seat]

    def legal_moves(self) -> list[Move]:
        """The seat's moves; PositionError when another seat is to move."""
        if self.to_move != self.seat:
            raise PositionError(
                f"seat {self.seat_name(self.to_move)} is to move, not the view's seat"
                f" {self.seat_name(self.seat)}"
            )
        if self.phase == Phase.CLAIM:
            return [Move("claim", c) for c in self._replay.claimable]
        hold = self.holding()
        if self._replay.trick:
            follow = hold.suit(self._replay.trick[0][1].suit)
            hold = follow or hold
        return [Move("play", c) for c in hold]

    def play_text(self) -> str:
        return play_record_text(self._replay.moves, self.nseats)

    # -- notation (the text forms and equality: `Notated`) ----------------------

    def __hash__(self) -> int:
        return hash(self.to_line())

    def describe(self) -> list[str]:
        """One line per hidden place: its size and constraints."""
        return [p.describe() for p in self.places]

    def _fill_map(self, fills: Sequence[CardSet]) -> dict[tuple[str, int], CardSet]:
        if len(fills) != len(self.places):
            raise PositionError(f"{len(fills)} fills for {len(self.places)} hidden places")
        for place, cards in zip(self.places, fills, strict=True):
            if len(cards) != place.size:
                raise PositionError(f"{place.name} holds {place.size} cards, not {len(cards)}")
        if (
            sum(len(f) for f in fills) != len(self.pool)
            or CardSet(c for f in fills for c in f) != self.pool
        ):
            raise PositionError("the fills must hold the unseen cards (the view's pool), once each")
        return {p.key: f for p, f in zip(self.places, fills, strict=True)}


def _known_text(cards: CardSet) -> str:
    return str(cards) if cards else "-"


def seat_key(fields: Fields, nseats: int) -> int:
    text = get_str(fields, "seat")
    if text is None:
        raise NotationError("missing key 'seat' (the seat whose view this is)")
    return parse_seat(text, nseats, "seat")


class HandsView(View):
    """A view of a game of hands, whose unseen cards lie mostly in the other
    seats' hands: `known[s]` are the cards the view knows in hand s at the
    first lead."""

    known: list[CardSet]

    def _hand_owners(self) -> dict[Card, tuple[int, str]]:
        """The seat and the place of every card known in a hand (for `ReplayTable`)."""
        return {c: (s, f"hand {self.seat_name(s)}") for s, h in enumerate(self.known) for c in h}

    def _hand_places(self, size: int, fixed: CardSet) -> tuple[list[HiddenPlace], CardSet]:
        """The other seats' hands of `size` cards at the first lead as hidden
        places (the voids play showed); `fixed` and every card known in a hand."""
        r = self._replay
        places = []
        for s in range(self.nseats):
            known = self.known[s] | r.played[s]
            fixed = fixed | known
            if s != self.seat:
                name = f"hand {self.seat_name(s)}"
                places.append(hidden_place(name, size - len(known), ("hand", s), r.voids[s]))
        return places, fixed

    def _world_hands(self, fill: dict[tuple[str, int], CardSet]) -> list[CardSet]:
        """Every hand at the first lead in the world of `fill` (`View._fill_map`)."""
        return [
            self.known[s] | self._replay.played[s] | fill.get(("hand", s), CardSet())
            for s in range(self.nseats)
        ]

    def _hands_field(self) -> list[str]:
        """The key `hands`: the seat's own hand; the cards known in the others,
        less those played."""
        r = self._replay
        return [
            str(h) if s == self.seat else _known_text(h - r.played[s])
            for s, h in enumerate(self.known)
        ]

    @classmethod
    def _seat_and_hands(cls, fields: Fields) -> tuple[int, list[str]]:
        """The known keys checked; the keys `seat` and `hands` (its entries)."""
        check_known_keys(fields, cls.keys, f"a {cls.game} view")
        seat = seat_key(fields, cls.nseats)
        entries = get_seat_list(fields, "hands", cls.nseats)
        if entries is None:
            raise PositionError(f"{cls.game} view: missing key 'hands' (the view's seat's hand)")
        return seat, entries

    @classmethod
    def _play_trump(cls, fields: Fields) -> int:
        """The key `trump`, which a view of the play needs."""
        trump = read_strain(get_str(fields, "trump"))
        if trump is None:
            raise PositionError(f"{cls.game} view: missing key 'trump' (a view is of the play)")
        return trump

    @staticmethod
    def _own_hand_only(hands: Sequence[CardSet], seat: int) -> list[CardSet]:
        """The hands of a position as the view of `seat` knows them."""
        return [h if s == seat else CardSet() for s, h in enumerate(hands)]
