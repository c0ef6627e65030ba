"""A seat's view of a hand: what it has seen and what the play has revealed.

A `View` is one seat's knowledge at one decision from the first lead on (the
phases ``play`` and ``claim``): the public state of the hand, the seat's own
cards, and for every *hidden place* (another seat's hand, a Chinese Whist
face-down card, the Chinkway dealer's discards, the Cinch widow, ...) how many
unseen cards it holds and which it cannot hold.  A `solver.sampling.Sampler`
draws complete positions ("worlds") uniformly among those consistent with it.

A view is made from a full position (`View.from_position(pos, seat)`) or read
from the notation of the position with a key ``seat`` and the unknown cards
left out (`parse_view`, `load_view`); `to_line` and `to_toml` read back to the
same view.  docs/views.md says what each game's view holds and what play
reveals::

    >>> import solver
    >>> pos = solver.deal("whist", seed=2)
    >>> pos.play("QS")
    >>> view = View.from_position(pos, seat=2)
    >>> view.to_line()
    'whist; seat=S; trump=S; leader=E; hands=1:- - K87.K983.KQJ.T93 -; play=QS'
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, Suit, strain_text
from solver.errors import NotationError, PositionError
from solver.games.base import (
    Move,
    Phase,
    Position,
    bid_text,
    check_disjoint,
    play_key_tricks,
    play_record_text,
    read_card_list,
    read_cardset,
    read_play_token,
    read_strain,
    replay_play_key,
)
from solver.games.chinese_whist import KEYS as CHINESE_WHIST_KEYS
from solver.games.chinese_whist import (
    LAYOUT,
    ChineseWhist,
    check_settings,
    deck_for,
    pile_text,
    pile_tokens,
)
from solver.games.chinkway import DISCARDS as CHINKWAY_DISCARDS
from solver.games.chinkway import HAND as CHINKWAY_HAND
from solver.games.chinkway import KEYS as CHINKWAY_KEYS
from solver.games.chinkway import QUEST_CARDS, ROUNDS, Chinkway, pairing, quest_needs
from solver.games.cinch import DEALT as CINCH_DEALT
from solver.games.cinch import KEYS as CINCH_KEYS
from solver.games.cinch import PLAY_HAND as CINCH_HAND
from solver.games.cinch import SHOOT_RULES, Cinch, contract, legal_calls, parse_calls
from solver.games.whist import FULL_HAND as WHIST_FULL_HAND
from solver.games.whist import KEYS as WHIST_KEYS
from solver.games.whist import Whist
from solver.notation import (
    SEAT_LETTERS,
    Fields,
    Notated,
    check_known_keys,
    get_bool,
    get_int,
    get_seat_list,
    get_str,
    parse_seat,
    read_text_file,
)
from solver.position import game_fields

SUITS = 4
UNKNOWN_MARK = "?"  # Chinese Whist: a face-down card the view has not seen (``AS/?``)
CINCH_STOCK = 52 - 4 * CINCH_DEALT  # the 16 undealt cards before the redeal
OUT = -1  # the "seat" of a card out of play: no seat may play it
VIEW_PHASES = (Phase.PLAY, Phase.CLAIM)
NO_CARDS = CardSet()

ViewPile = tuple[Card, Card | None, bool]
"""A Chinese Whist pile in a view: (face-up top, the card under it if the view
knows it, whether there is a card under it)."""


@dataclass(frozen=True)
class HiddenPlace:
    """A place holding cards the view's seat has not seen, and what it may hold.

    `size` unseen cards lie there.  For each suit (S H D C) it holds between
    `suit_min[s]` and `suit_max[s]` of them (a void is ``suit_max[s] == 0``).
    `seen_min`/`seen_max` bound how many of `View.seen` it holds (Cinch only:
    the discards the seat saw that may have been drawn back from the dead wood;
    elsewhere `View.seen` is empty).  `key` names the place for `View.world`.
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


def _place(
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


@dataclass
class _Table:
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
    piles: list[list[ViewPile]] | None = None  # Chinese Whist
    quest_need: list[int] | None = None  # Chinkway
    sides: tuple[int, ...] = ()
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
    face_up: list[CardSet]  # Chinese Whist: the face-up cards each seat may play now
    viewer_hold: CardSet  # the seat's own hidden holding now
    claimable: CardSet


class _Replayer:
    """Plays a view's record through the public rules: follow suit, the trick
    winner, Chinkway claims, Chinese Whist cards turning up.  Every error is a
    PositionError naming the trick.  Sets of cards are masks here."""

    def __init__(self, table: _Table) -> None:
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
        nsides = max(table.sides, default=0) + 1
        self.side_claims = [[0] * 5 for _ in range(nsides)]

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
        if t.quest_need is not None:
            have = self.side_claims[t.sides[winner]]
            need = t.quest_need
            claimable = 0
            for c in cards:
                category = _core.quest_category(c.index)
                if have[category] < need[category]:
                    claimable |= c.bit
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
        self.side_claims[self.t.sides[self.turn]][_core.quest_category(card.index)] += 1
        self.moves.append(Move("claim", card))
        self.next_trick(self.turn)


# -- views ---------------------------------------------------------------------


class View(Notated):
    """One seat's knowledge of a hand at a decision from the first lead on.

    Immutable.  Subclasses are the games (`WhistView`, `ChinkwayView`,
    `ChineseWhistView`, `CinchView`).  Public state: `phase`, `to_move`,
    `current_trick()`, `play_record`, `voids`; the hidden cards: `pool` (every
    card the seat has not seen, that some hidden place holds), `places` (the
    hidden places, in a fixed order) and `seen` (Cinch: see `HiddenPlace`).
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
    def _table(self) -> _Table:
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

    @staticmethod
    def from_position(pos: Position, seat: int) -> View:
        """The view of `seat` (0-based) of a position in play (phase play or claim)."""
        if not 0 <= seat < pos.nseats:
            raise PositionError(f"seat: no seat {seat + 1} in {pos.game} ({pos.nseats} seats)")
        if pos.is_over:
            raise PositionError("the hand is over: a view is of a decision in play")
        kind = VIEWS[pos.game]
        if pos.phase not in kind.phases:
            names = " or ".join(p.value for p in kind.phases)
            raise PositionError(
                f"a view is of a decision in play (phase {names}), not {pos.phase.value}"
            )
        return kind._from_position(pos, seat)

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


def _seat_key(fields: Fields, nseats: int) -> int:
    text = get_str(fields, "seat")
    if text is None:
        raise NotationError("missing key 'seat' (the seat whose view this is)")
    return parse_seat(text, nseats, "seat")


class _HandsView(View):
    """A view of a game of hands (whist, Chinkway, Cinch): `known[s]` are the
    cards the view knows in hand s at the first lead."""

    known: list[CardSet]

    def _hand_owners(self) -> dict[Card, tuple[int, str]]:
        """The seat and the place of every card known in a hand (for `_Table`)."""
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
                places.append(_place(name, size - len(known), ("hand", s), r.voids[s]))
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
        seat = _seat_key(fields, cls.nseats)
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


# -- plain whist --------------------------------------------------------------


class WhistView(_HandsView):
    """Plain whist: the seat's own hand; every other card is in another hand
    (or out of play in an ending, publicly: key ``out``)."""

    game = "whist"
    keys = WHIST_KEYS | {"seat", "out"}
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
    ) -> None:
        if len(hands) != self.nseats:
            raise PositionError(f"whist needs 4 hands, got {len(hands)}")
        if not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        self.seat, self.trump, self.leader, self.out = seat, trump, leader, out
        self.known = list(hands)  # cards known in each hand at the first lead
        self.size = len(hands[seat])
        if not 1 <= self.size <= WHIST_FULL_HAND:
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

    def _table(self) -> _Table:
        owners = self._hand_owners()
        owners |= {c: (OUT, "out (played before)") for c in self.out}
        return _Table(
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
        return Whist(hands, self.trump, self.leader, self.play_text() if play else "")

    def _fields(self) -> Fields:
        return {
            "game": self.game,
            "seat": self.seat_name(self.seat),
            "trump": strain_text(self.trump),
            "leader": self.seat_name(self.leader),
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
        return cls(seat, hands, trump, leader, get_str(fields, "play", "") or "", out)

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> WhistView:
        assert isinstance(pos, Whist)
        hands = cls._own_hand_only(pos.hands, seat)
        in_play = CardSet(c for h in pos.hands for c in h)
        assert pos.trump is not None
        return cls(seat, hands, pos.trump, pos.leader, pos.play_text(), FULL_DECK - in_play)


# -- Chinkway -------------------------------------------------------------------


class ChinkwayView(_HandsView):
    """Chinkway: the seat's own hand, the quest and the claims; the dealer's two
    discards are known to the dealer only."""

    game = "chinkway"
    keys = CHINKWAY_KEYS - {"quest_deck", "quest_removed"} | {"seat"}
    nseats = 5
    trump: int

    def __init__(
        self,
        seat: int,
        round_no: int,
        dealer: int,
        hands: Sequence[CardSet],
        discards: Sequence[Card],
        trump: int,
        quest: Sequence[Card],
        quest_used: Sequence[Card] = (),
        play: str = "",
        rounds: int = ROUNDS,
    ) -> None:
        self.seat, self.round, self.rounds, self.dealer = seat, round_no, rounds, dealer
        self.trump = trump
        self.known = list(hands)
        self.discards = list(discards)
        self.quest, self.quest_used = list(quest), list(quest_used)
        if not 1 <= round_no <= rounds:
            raise PositionError(
                f"round must be 1 to {rounds} (the rounds of the game), not {round_no}"
            )
        if not 0 <= dealer < self.nseats:
            raise PositionError(f"dealer: no seat {dealer + 1}; seats are 1-5")
        if not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        if len(hands) != self.nseats:
            raise PositionError(f"Chinkway needs 5 hands, got {len(hands)}")
        if len(self.quest) != QUEST_CARDS:
            raise PositionError(f"the quest holds {QUEST_CARDS} cards, not {len(self.quest)}")
        check_disjoint([("the quest", CardSet(self.quest)), ("quest_used", CardSet(quest_used))])
        if len(self.discards) > CHINKWAY_DISCARDS:
            raise PositionError(
                f"the dealer discards {CHINKWAY_DISCARDS} cards, not {len(discards)}"
            )
        check_disjoint(
            [(f"hand {s + 1}", h) for s, h in enumerate(hands)]
            + [("the discards", CardSet(self.discards))]
        )
        if len(hands[seat]) != CHINKWAY_HAND:
            raise PositionError(
                f"hand {seat + 1} (the view's seat) holds {len(hands[seat])} cards, not"
                f" {CHINKWAY_HAND}"
            )
        for s, h in enumerate(hands):
            if len(h) > CHINKWAY_HAND:
                raise PositionError(f"hand {s + 1} holds {len(h)} cards; hands hold 10 in play")
        if seat == dealer and len(self.discards) != CHINKWAY_DISCARDS:
            raise PositionError("the view's seat is the dealer, who knows both discards")
        teams = ((0, 1, 1, 2, 2), (0, 1, 2, 1, 2))[pairing(round_no)]
        self.sides = tuple(teams[(s - dealer) % self.nseats] for s in range(self.nseats))
        self._finish(play)

    def _table(self) -> _Table:
        owners = self._hand_owners()
        owners |= {c: (OUT, "the dealer's discards") for c in self.discards}
        return _Table(
            self.nseats,
            self.trump,
            (self.dealer + 1) % self.nseats,
            CHINKWAY_HAND,
            self.seat,
            self.known[self.seat],
            owners,
            self.seat_name,
            quest_need=quest_needs(self.quest),
            sides=self.sides,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        places, fixed = self._hand_places(CHINKWAY_HAND, CardSet(self.discards))
        hidden_discards = CHINKWAY_DISCARDS - len(self.discards)
        places.append(_place("the dealer's discards", hidden_discards, ("discards", self.dealer)))
        return places, FULL_DECK - fixed, CardSet()

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        fill = self._fill_map(fills)
        hands = self._world_hands(fill)
        discards = self.discards + list(fill.get(("discards", self.dealer), CardSet()))
        return Chinkway(
            self.round,
            self.dealer,
            hands,
            discards,
            self.trump,
            self.quest,
            quest_used=self.quest_used,
            play=self.play_text() if play else "",
            rounds=self.rounds,
        )

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "seat": self.seat + 1,
            "round": self.round,
            "dealer": self.dealer + 1,
            "trump": strain_text(self.trump),
            "quest": " ".join(str(c) for c in self.quest),
            "hands": self._hands_field(),
            "discards": " ".join(str(c) for c in self.discards) or None,
            "play": self.play_text() or None,
            "quest_used": " ".join(str(c) for c in self.quest_used) or None,
        }
        if self.rounds != ROUNDS:
            fields["rounds"] = self.rounds
        return fields

    @classmethod
    def from_fields(cls, fields: Fields) -> ChinkwayView:
        seat, entries = cls._seat_and_hands(fields)
        trump = cls._play_trump(fields)
        quest = fields.get("quest")
        if quest is None:
            raise PositionError("chinkway view: missing key 'quest'")
        return cls(
            seat,
            _int(fields, "round", 1),
            parse_seat(get_str(fields, "dealer", "1") or "1", cls.nseats, "dealer"),
            [read_cardset(e, f"hand {s + 1}") for s, e in enumerate(entries)],
            read_card_list(fields.get("discards", ""), "discards"),
            trump,
            read_card_list(quest, "quest"),
            read_card_list(fields.get("quest_used", ""), "quest_used"),
            get_str(fields, "play", "") or "",
            _int(fields, "rounds", ROUNDS),
        )

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> ChinkwayView:
        assert isinstance(pos, Chinkway) and pos.trump is not None and pos.quest is not None
        return cls(
            seat,
            pos.round,
            pos.dealer,
            cls._own_hand_only(pos.hands, seat),
            pos.discards if seat == pos.dealer else [],
            pos.trump,
            pos.quest,
            pos.quest_used,
            pos.play_text(),
            pos.rounds,
        )


def _int(fields: Fields, key: str, default: int) -> int:
    value = get_int(fields, key, default)
    assert value is not None
    return value


# -- Chinese Whist ----------------------------------------------------------------


class ChineseWhistView(View):
    """Chinese Whist: every face-up card, the seat's own down cards; face-down
    cards are unseen by everyone (their owner included) until turned up."""

    game = "chinese-whist"
    keys = CHINESE_WHIST_KEYS | {"seat", "out"}
    phases = (*VIEW_PHASES, Phase.TRUMP)

    def __init__(
        self,
        seat: int,
        players: int,
        dealer: int,
        piles: Sequence[Sequence[ViewPile]],
        down: Sequence[CardSet],
        trump: int | None,
        play: str = "",
        notrump: bool = False,
        target: int = 10,
        out: CardSet = NO_CARDS,
    ) -> None:
        check_settings(players, dealer, len(piles), len(down), target)
        self.nseats, self.seat, self.dealer, self.trump = players, seat, dealer, trump
        self.notrump, self.target, self.out = notrump, target, out
        self.piles = [list(row) for row in piles]
        self.down = list(down)  # down cards known at the first lead
        if trump == NOTRUMP and not notrump:
            raise PositionError(
                "trump must be a suit in Chinese Whist (no trumps only with notrump = true)"
            )
        if trump is not None and not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        places: list[tuple[str, CardSet]] = [("out", out)]
        for s in range(players):
            row = self.piles[s]
            places.append(
                (
                    f"seat {s + 1}'s piles",
                    CardSet([t for t, _, _ in row] + [u for _, u, _ in row if u]),
                )
            )
            places.append((f"seat {s + 1}'s down cards", self.down[s]))
        check_disjoint(places)
        deck = deck_for(players)
        if any(c not in deck for _, cs in places for c in cs):
            raise PositionError("2S is out of the pack with three players")
        piles_each, down_each = LAYOUT[players]
        self.cards_each = self._pile_cards(seat) + len(self.down[seat])
        self.down_count = [self.cards_each - self._pile_cards(s) for s in range(players)]
        for s in range(players):
            if len(self.piles[s]) > piles_each:
                raise PositionError(
                    f"seat {s + 1} has {len(self.piles[s])} piles; at most {piles_each}"
                )
            if not len(self.down[s]) <= self.down_count[s] <= down_each:
                raise PositionError(
                    f"seat {s + 1} would hold {self.down_count[s]} down cards (every seat holds"
                    f" {self.cards_each} cards, as the view's seat; at most {down_each} down cards)"
                )
        if len(out) != len(deck) - players * self.cards_each:
            raise PositionError(
                f"out: {players} seats of {self.cards_each} cards leave"
                f" {len(deck) - players * self.cards_each} cards out of play, not {len(out)}"
            )
        self._finish(play)

    def _before_play(self) -> tuple[Phase, int] | None:
        return (Phase.TRUMP, self.dealer) if self.trump is None else None

    def legal_moves(self) -> list[Move]:
        """The seat's moves (naming trump, for the dealer before the first lead)."""
        if self.phase != Phase.TRUMP or self.to_move != self.seat:
            return super().legal_moves()
        strains = range(NOTRUMP + 1) if self.notrump else range(NOTRUMP)
        return [Move("trump", value=t) for t in strains]

    def _pile_cards(self, seat: int) -> int:
        return sum(1 + has for _, _, has in self.piles[seat])

    def _table(self) -> _Table:
        owners: dict[Card, tuple[int, str]] = {c: (OUT, "out (played before)") for c in self.out}
        for s in range(self.nseats):
            for top, under, _ in self.piles[s]:
                owners[top] = (s, f"seat {s + 1}'s piles")
                if under is not None:
                    owners[under] = (s, f"seat {s + 1}'s piles")
            owners |= {c: (s, f"seat {s + 1}'s down cards") for c in self.down[s]}
        return _Table(
            self.nseats,
            NOTRUMP if self.trump is None else self.trump,  # no trick is played before trump
            (self.dealer + 1) % self.nseats,
            self.cards_each,
            self.seat,
            self.down[self.seat],
            owners,
            self.seat_name,
            piles=self.piles,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        r = self._replay
        places: list[HiddenPlace] = []
        fixed = self.out
        for s in range(self.nseats):
            down = self.down[s] | r.hidden_played[s]
            fixed = fixed | down | r.played[s]
            if s != self.seat:
                name = f"seat {s + 1}'s down cards"
                places.append(_place(name, self.down_count[s] - len(down), ("down", s), r.voids[s]))
            for top, under, has in self.piles[s]:
                fixed = fixed | CardSet([top] + ([under] if under else []))
                if has and under is None:
                    name = f"the card under {top} (seat {s + 1})"
                    places.append(_place(name, 1, ("under", top.index)))
        return places, deck_for(self.nseats) - fixed, CardSet()

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        fill = self._fill_map(fills)
        piles: list[list[tuple[Card, Card | None]]] = []
        for s in range(self.nseats):
            row: list[tuple[Card, Card | None]] = []
            for top, under, has in self.piles[s]:
                if has and under is None:
                    under = next(iter(fill[("under", top.index)]))
                row.append((top, under))
            piles.append(row)
        down = [
            self.down[s] | self._replay.hidden_played[s] | fill.get(("down", s), CardSet())
            for s in range(self.nseats)
        ]
        return ChineseWhist(
            self.nseats,
            self.dealer,
            piles,
            down,
            self.trump,
            self.play_text() if play else "",
            self.notrump,
            self.target,
        )

    def _fields(self) -> Fields:
        r = self._replay
        fields: Fields = {
            "game": self.game,
            "seat": self.seat + 1,
            "players": self.nseats,
            "dealer": self.dealer + 1,
            "trump": None if self.trump is None else strain_text(self.trump),
            "piles": [" ".join(_pile_text(p) for p in row) or "-" for row in self.piles],
            "down": [
                (self.down[s] if s == self.seat else self.down[s] - r.played[s]).cards_text() or "-"
                for s in range(self.nseats)
            ],
            "out": self.out.cards_text() or None,
            "play": self.play_text() or None,
        }
        if self.notrump:
            fields["notrump"] = True
        if self.target != 10:
            fields["target"] = self.target
        return fields

    @classmethod
    def from_fields(cls, fields: Fields) -> ChineseWhistView:
        check_known_keys(fields, cls.keys, "a chinese-whist view")
        players = get_int(fields, "players", 4)
        assert players is not None
        if players not in LAYOUT:
            raise PositionError(f"players: Chinese Whist is for 2, 3 or 4 players, not {players}")
        seat = _seat_key(fields, players)
        pile_entries = get_seat_list(fields, "piles", players)
        down_entries = get_seat_list(fields, "down", players)
        if pile_entries is None or down_entries is None:
            raise PositionError("chinese-whist view: the keys 'piles' and 'down' are required")
        return cls(
            seat,
            players,
            parse_seat(get_str(fields, "dealer", "1") or "1", players, "dealer"),
            [_parse_view_piles(e, s) for s, e in enumerate(pile_entries)],
            [read_cardset(e, f"seat {s + 1}'s down cards") for s, e in enumerate(down_entries)],
            read_strain(get_str(fields, "trump")),
            get_str(fields, "play", "") or "",
            get_bool(fields, "notrump", False),
            get_int(fields, "target", 10) or 10,
            read_cardset(get_str(fields, "out", "") or "", "out"),
        )

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> ChineseWhistView:
        assert isinstance(pos, ChineseWhist)
        piles = []
        for s in range(pos.nseats):
            covered = (
                CardSet(pos.core.covered(s))
                if pos.core is not None
                else CardSet(u for _, u in pos.piles[s] if u is not None)
            )
            piles.append(
                [
                    (top, None if under is None or under in covered else under, under is not None)
                    for top, under in pos.piles[s]
                ]
            )
        down = [pos.down[s] if s == seat else CardSet() for s in range(pos.nseats)]
        in_play = CardSet(
            [c for row in pos.piles for t, u in row for c in (t, u) if c is not None]
            + [c for d in pos.down for c in d]
        )
        return cls(
            seat,
            pos.nseats,
            pos.dealer,
            piles,
            down,
            pos.trump,
            pos.play_text(),
            pos.notrump,
            pos.target,
            deck_for(pos.nseats) - in_play,
        )


def _pile_text(pile: ViewPile) -> str:
    top, under, has = pile
    if has and under is None:
        return f"{top}/{UNKNOWN_MARK}"
    return pile_text((top, under if has else None))


def _parse_view_piles(text: str, seat: int) -> list[ViewPile]:
    piles: list[ViewPile] = []
    what = f"seat {seat + 1}'s piles"
    for parts in pile_tokens(text, what, f"AS/5D or AS/{UNKNOWN_MARK}"):
        top = read_card_list(parts[:1], what)[0]
        if len(parts) == 1:
            piles.append((top, None, False))
        elif parts[1].strip() == UNKNOWN_MARK:
            piles.append((top, None, True))
        else:
            piles.append((top, read_card_list(parts[1:], what)[0], True))
    return piles


# -- Cinch ------------------------------------------------------------------------


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
        kept = [CINCH_DEALT - d for d in discarded]
        stock, drawn, dead = CINCH_STOCK, [0] * nseats, [0] * nseats
        for i in range(nseats):
            s = (dealer + 1 + i) % nseats
            need = max(0, CINCH_HAND - kept[s])
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
        low = min(self.kept[seat], CINCH_HAND)
        return low, low + self.from_stock[seat]

    def excess(self, seat: int) -> int:
        """Trumps the seat discarded face up (kept more than six)."""
        return max(0, self.kept[seat] - CINCH_HAND)


class CinchView(_HandsView):
    """Cinch: the seat's own hand and discards; the count of non-trumps every seat
    discarded at the redeal (key ``discarded``); every seat's discards in the
    first hand of a game; the trumps discarded face up."""

    game = "cinch"
    keys = CINCH_KEYS - {"stock", "widow"} | {"seat", "discarded"}
    nseats = 4
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
        if shoot_rule not in SHOOT_RULES:
            raise PositionError(
                f"shoot: the Shoot rule is 'in-play' or 'all-four', not {shoot_rule!r}"
            )
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
            if not 0 <= d <= CINCH_DEALT:
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
        if len(own) != CINCH_HAND:
            raise PositionError(
                f"hand {self.seat + 1} (the view's seat) holds {len(own)} cards, not {CINCH_HAND}"
            )
        for s in range(self.nseats):
            pile, known = self.discards[s], self.known[s]
            if len(known) > CINCH_HAND:
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

    def _table(self) -> _Table:
        rd, trumps = self.redeal, self._trumps()
        owners = self._hand_owners()
        for s, d in enumerate(self.discards):
            for c in d:
                if c in trumps or rd.drawn_back == 0:
                    owners.setdefault(c, (OUT, f"seat {s + 1}'s discards"))
        reasons = {}
        for s in range(self.nseats):
            if rd.kept[s] >= CINCH_HAND:
                for suit in range(SUITS):
                    if suit != self.trump:
                        reasons[(s, suit)] = "it kept six trumps or more and holds only trumps"
        return _Table(
            self.nseats,
            self.trump,
            self.bidder,
            CINCH_HAND,
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
            size = CINCH_HAND - len(known)
            seen_in = len(known & seen)
            dead = rd.from_dead_wood[s]
            if seen_in > dead:
                raise PositionError(
                    f"seat {s + 1} has played {seen_in} cards seen discarded but drew"
                    f" {dead} from the dead wood"
                )
            places.append(
                _place(
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
            places.append(_place("the widow", rd.widow, ("widow", 0)))
            for s in range(self.nseats):
                if s != self.seat:
                    hidden = rd.discarded[s] - len(self.discards[s] - trumps)
                    places.append(
                        _place(f"seat {s + 1}'s discards", hidden, ("discards", s), no_trumps)
                    )
        else:
            size = sum(rd.discarded) - rd.drawn_back
            only_seen = (size, size) if self.first_hand else None
            places.append(
                _place("the dead wood", size, ("dead wood", 0), no_trumps, seen=only_seen)
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
    def from_fields(cls, fields: Fields) -> CinchView:
        seat, entries = cls._seat_and_hands(fields)
        trump = cls._play_trump(fields)
        pile_entries = get_seat_list(fields, "discards", cls.nseats)
        if pile_entries is None:
            raise NotationError(
                "cinch view: missing key 'discards' (the discards the seat saw: its own, the"
                " trumps discarded face up, every seat's in the first hand of a game)"
            )
        discards = [read_cardset(e, f"seat {s + 1}'s discards") for s, e in enumerate(pile_entries)]
        first_hand = get_bool(fields, "first_hand", True)
        counts = get_seat_list(fields, "discarded", cls.nseats)
        if counts is None:
            if not first_hand:
                raise NotationError(
                    "cinch view: missing key 'discarded' (how many non-trumps each seat"
                    " discarded at the redeal)"
                )
            trumps = FULL_DECK.suit(trump)
            discarded = [len(d - trumps) for d in discards]
        else:
            discarded = []
            for s, text in enumerate(counts):
                if not text.isdigit():
                    raise NotationError(f"discarded: seat {s + 1}: expected a count, got {text!r}")
                discarded.append(int(text))
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


VIEWS: dict[str, type[View]] = {
    "whist": WhistView,
    "chinkway": ChinkwayView,
    "chinese-whist": ChineseWhistView,
    "cinch": CinchView,
}


def parse_view(text: str) -> View:
    """A view from the notation of its game (file form or one-line form) with a
    key ``seat`` and the cards the seat has not seen left out."""
    fields = game_fields(text)
    return VIEWS[fields["game"]].from_fields(fields)


def load_view(source: str) -> View:
    """A view from a file path or from its text."""
    if "\n" not in source and "=" not in source:
        path = Path(source)
        if path.is_file():
            return parse_view(read_text_file(source))
        raise NotationError(f"{source}: no such file")
    return parse_view(source)
