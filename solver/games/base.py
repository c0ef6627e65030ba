"""What every game's position shares: moves, phases, play and undo, notation.

A position is a hand of one game at one decision: before play (discards,
trump, bidding) it is plain Python state changed by moves with a snapshot
for undo; from the first lead on, the C core (`solver._core.PlayState`)
holds the play and the position records the moves for its notation.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from solver import _core as native
from solver.cards import NOTRUMP, Card, CardSet, parse_strain, strain_text
from solver.errors import CardError, IllegalMoveError, NotationError, PositionError
from solver.notation import Fields, Notated, get_seat_list, read_trump_word

# The bids (the C core's rules.h, through the binding): a pass, 1..TOP_BID,
# and the Shoot, worth SHOOT.
PASS = 0
TOP_BID = native.CINCH_TOP_BID
SHOOT = native.SHOOT
BIDS = (*range(1, TOP_BID + 1), SHOOT)
NUMBER_BIDS = tuple(str(b) for b in range(1, TOP_BID + 1))  # bids written as a number
BID_WORDS = {PASS: "pass", SHOOT: "shoot"}


class Phase(StrEnum):
    """Where a hand is: the decision that the seat to move faces."""

    DISCARD = "discard"  # a card to discard (the Chinkway dealer; Cinch excess trumps)
    TRUMP = "trump"  # the trump to name
    BID = "bid"  # a Cinch call
    PLAY = "play"  # a card to play
    CLAIM = "claim"  # a Chinkway claim from the trick just won
    OVER = "over"  # the hand is over


@dataclass(frozen=True)
class Move:
    """A decision: play or claim a card, discard one, name trump, or bid.

    Text forms (`str` parses back with `Move.parse`): ``AS`` (play),
    ``claim AS``, ``discard AS``, ``trump S`` / ``trump NT``, ``pass``,
    ``bid 2``, ``shoot``.
    """

    kind: str  # "play", "claim", "discard", "trump" or "bid"
    card: Card | None = None
    value: int | None = None  # trump: strain 0..4; bid: 0 pass, 1..4, 8 Shoot

    def __str__(self) -> str:
        if self.kind == "play":
            return str(self.card)
        if self.kind in ("claim", "discard"):
            return f"{self.kind} {self.card}"
        if self.kind == "trump":
            return f"trump {strain_text(self.value or 0)}"
        assert self.value is not None
        return BID_WORDS.get(self.value, f"bid {self.value}")

    @classmethod
    def parse(cls, text: str) -> Move:
        words = text.strip().lower().split()
        try:
            if len(words) >= 2 and words[0] == "trump":  # trump H, trump hearts, trump no trumps
                return cls("trump", value=read_trump_word(" ".join(words[1:])))
            if len(words) == 1:
                if words[0] == "pass":
                    return cls("bid", value=PASS)
                if words[0] == "shoot":
                    return cls("bid", value=SHOOT)
                return cls("play", Card.parse(words[0]))
            if len(words) == 2:
                verb, arg = words
                if verb in ("claim", "discard"):
                    return cls(verb, Card.parse(arg))
                if verb == "bid":
                    if arg in ("shoot", "8"):
                        return cls("bid", value=SHOOT)
                    if arg in NUMBER_BIDS:
                        return cls("bid", value=int(arg))
        except (CardError, NotationError) as e:
            raise IllegalMoveError(f"cannot read move {text!r}: {e}") from None
        raise IllegalMoveError(
            f"cannot read move {text!r} (write a card like AS, or claim AS, discard AS,"
            " trump S, pass, bid 2, shoot)"
        )


def bid_text(value: int) -> str:
    return BID_WORDS.get(value, str(value))


_CORE_PHASE = {
    native.PHASE_PLAY: Phase.PLAY,
    native.PHASE_CLAIM: Phase.CLAIM,
    native.PHASE_OVER: Phase.OVER,
}


class Position(Notated):
    """A hand of one game, at one decision.  Subclasses are the games."""

    game: ClassVar[str]
    nseats: int
    dealer: int
    trump: int | None  # strain 0..3 (S H D C) or 4 (no trumps); None until named
    _core: native.PlayState | None
    _play: list[Move]
    _undo: list[tuple[Move, dict[str, Any] | None]]

    # What the search's values count (solver.doubledummy, csrc/search.h):
    # tricks from the position on (the tricks games), else the hand's score;
    # with two sides, a side's score less the other's (net) or not.
    values_count_tricks: ClassVar[bool] = False
    values_net: ClassVar[bool] = False

    def __init__(self) -> None:
        self._core = None
        self._play = []
        self._undo = []

    # -- the hooks of a game ------------------------------------------------

    @abstractmethod
    def _preplay_phase(self) -> Phase:
        """The phase before the first lead."""

    @abstractmethod
    def _preplay_turn(self) -> int:
        """The seat to decide before the first lead."""

    @abstractmethod
    def _preplay_moves(self) -> list[Move]:
        """The legal decisions before the first lead."""

    @abstractmethod
    def _apply_preplay(self, move: Move) -> None:
        """Make a legal decision before the first lead (may start the play)."""

    @abstractmethod
    def _why_illegal(self, move: Move) -> str:
        """One line saying why a move is not legal now."""

    def seat_name(self, seat: int) -> str:
        return str(seat + 1)

    # -- state --------------------------------------------------------------

    @property
    def core(self) -> native.PlayState | None:
        """The C play state once play has begun (read it, don't change it)."""
        return self._core

    @property
    def phase(self) -> Phase:
        if self._core is not None:
            return _CORE_PHASE[self._core.phase]
        return self._preplay_phase()

    @property
    def to_move(self) -> int:
        """The seat (0-based) whose decision it is; the last trick's winner when over."""
        if self._core is not None:
            return int(self._core.turn)
        return self._preplay_turn()

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def history(self) -> list[Move]:
        """Every move made on this object, oldest first (what `undo` takes back)."""
        return [m for m, _ in self._undo]

    @property
    def play_record(self) -> list[Move]:
        """The cards played and claims made since the first lead."""
        return list(self._play)

    def legal_moves(self) -> list[Move]:
        if self._core is None:
            return self._preplay_moves()
        kind = "claim" if self._core.phase == native.PHASE_CLAIM else "play"
        return [Move(kind, c) for c in CardSet(self._core.legal())]

    def parse_move(self, text: str) -> Move:
        """A move from text; a bare card means the claim in the claim phase
        and the discard in a discard phase; at a choice of trump a bare
        trump word names it (``H``, ``hearts``, ``♥``, ``NT``, ``notrump``:
        `solver.notation.read_trump_word`), and at a call a bare number
        bids it (``2``)."""
        phase = self.phase
        words = text.strip().lower().split()
        if phase == Phase.TRUMP and words and words[0] != "trump":
            try:
                return Move("trump", value=read_trump_word(text))
            except NotationError:
                pass  # not a trump word: read as any move (and refused as not legal)
        if phase == Phase.BID and len(words) == 1 and words[0] in ("1", "2", "3", "4"):
            return Move("bid", value=int(words[0]))
        move = Move.parse(text)
        if move.kind == "play" and phase in (Phase.CLAIM, Phase.DISCARD):
            return Move(phase.value, move.card)
        return move

    def play(self, move: Move | str) -> None:
        """Make a move; IllegalMoveError (and nothing changed) if not legal."""
        m = self.parse_move(move) if isinstance(move, str) else move
        if self.is_over:
            raise IllegalMoveError(f"{m}: the hand is over")
        if m not in self.legal_moves():
            raise IllegalMoveError(f"{m}: {self._why_illegal(m)}")
        if self._core is not None:
            assert m.card is not None
            self._core.play(m.card.index)
            self._play.append(m)
            self._undo.append((m, None))
            return
        snapshot = self._snapshot()
        try:
            self._apply_preplay(m)
        except BaseException:
            self._restore(snapshot)
            raise
        self._undo.append((m, snapshot))

    def undo(self) -> Move:
        """Take back the latest move made on this object; returns it."""
        if not self._undo:
            raise IllegalMoveError("no move to take back")
        move, snapshot = self._undo.pop()
        if snapshot is None:
            assert self._core is not None
            self._core.undo()
            self._play.pop()
        else:
            self._restore(snapshot)
        return move

    def _snapshot(self) -> dict[str, Any]:
        return {
            k: copy.deepcopy(v) for k, v in vars(self).items() if k not in ("_undo", "_core")
        } | {"_core": self._core}

    def _restore(self, snapshot: dict[str, Any]) -> None:
        undo = self._undo
        self.__dict__.clear()
        self.__dict__.update(copy.deepcopy({k: v for k, v in snapshot.items() if k != "_core"}))
        self._core = snapshot["_core"]
        self._undo = undo

    def copy(self) -> Position:
        """An independent copy, undo history included."""
        other = type(self).__new__(type(self))  # (copy.copy would pickle it: __reduce__)
        other.__dict__.update({k: copy.deepcopy(v) for k, v in vars(self).items() if k != "_core"})
        other._core = self._core.copy() if self._core is not None else None
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        """`copy.deepcopy` is `copy` (the C play state is copied by its own means)."""
        return self.copy()

    def __reduce__(self) -> tuple[Callable[..., Position], tuple[Any, ...]]:
        """Pickled as the notation of the position before the moves made on
        this object and those moves (`history`), played again when read."""
        first = self.copy()
        while first.history:
            first.undo()
        fields = {k: v for k, v in first.to_fields().items() if v is not None}
        return _replayed, (type(self), fields, [str(m) for m in self.history])

    # -- the play -----------------------------------------------------------

    def current_trick(self) -> list[tuple[int, Card]]:
        """(seat, card) of the trick in progress; in the claim phase the trick just won."""
        if self._core is None:
            return []
        leader = self._core.leader
        return [((leader + i) % self.nseats, Card(c)) for i, c in enumerate(self._core.trick)]

    def tricks_won(self) -> tuple[int, ...]:
        if self._core is None:
            return (0,) * self.nseats
        return tuple(self._core.tricks)

    def scores(self) -> tuple[int, ...]:
        """The hand score of every seat as if the hand ended now (final once over)."""
        if self._core is None:
            return (0,) * self.nseats
        return tuple(self._core.scores())

    def sides(self) -> tuple[int, ...]:
        """The side of every seat (partners share a side)."""
        if self.nseats == 4:
            return (0, 1, 0, 1)
        return tuple(range(self.nseats))

    def holding(self, seat: int) -> CardSet:
        """The cards a seat may play now (before following suit)."""
        if self._core is None:
            raise PositionError("play has not begun")
        return CardSet(self._core.playable(seat))

    # -- the rows of a double-dummy table ------------------------------------

    def table_starts(self) -> list[Position]:
        """The first-lead positions of this deal under each trump the game
        allows (`_table_trumps`) and each leader it lets lead
        (`_table_leaders`; None: the deal's own): the rows of a double-dummy
        table.  PositionError once cards are played."""
        if self.play_record:
            raise PositionError(
                "a table is made from the first lead: this position has cards played"
            )
        fields = self.to_fields()
        fields.pop("play", None)
        out = []
        for trump in self._table_trumps():
            for leader in self._table_leaders():
                f = dict(fields)
                f["trump"] = strain_text(trump)
                if leader is not None:
                    f["leader"] = leader
                out.append(type(self).from_fields(f))  # type: ignore[attr-defined]
        return out

    def _table_trumps(self) -> list[int]:
        """The trumps a table of the game holds: every strain."""
        return list(range(NOTRUMP + 1))

    def _table_leaders(self) -> list[str | None]:
        """The leaders a table holds (seat names); None: the deal's own."""
        return [None]

    def hand_now(self, seat: int) -> CardSet:
        """The cards a seat has to play from: what it may play once play has
        begun (`holding`); before, the cards dealt to it (`_dealt`)."""
        if self._core is not None:
            return self.holding(seat)
        return self._dealt(seat)

    def _dealt(self, seat: int) -> CardSet:
        """The cards dealt to a seat's hand, before play: the game's hands."""
        hands: list[CardSet] = self.hands  # type: ignore[attr-defined]
        return hands[seat]

    # -- notation (the text forms and equality: `Notated`) ----------------------

    __hash__ = None  # type: ignore[assignment]

    def play_text(self) -> str:
        """The play so far: tricks separated by ``|``, the claimed card of a
        Chinkway trick marked ``*``."""
        return play_record_text(self._play, self.nseats)

    def _replay(self, text: str) -> None:
        """Play the recorded cards of a `play` key through the rules (see
        `replay_play_key`)."""

        def play_card(n: int, card: Card) -> None:
            if self.is_over:
                raise PositionError(f"play: {card} after the last trick")
            try:
                self.play(Move("play", card))
            except IllegalMoveError as e:
                raise PositionError(f"play: trick {n}: {e}") from None

        replay_play_key(
            text, self.nseats, play_card, lambda: self.phase == Phase.CLAIM, self._claim
        )

    def _claim(self, trick_no: int, starred: list[Card]) -> None:
        claimable = " ".join(str(m.card) for m in self.legal_moves())
        if len(starred) != 1:
            raise PositionError(
                f"play: trick {trick_no}: its winner claims exactly one of {claimable}"
                " (mark it with *)"
            )
        try:
            self.play(Move("claim", starred[0]))
        except IllegalMoveError:
            raise PositionError(
                f"play: trick {trick_no}: {starred[0]} cannot be claimed (claimable: {claimable})"
            ) from None

    def iter_seats(self) -> Iterator[int]:
        return iter(range(self.nseats))


def _replayed(cls: type[Position], fields: Fields, moves: list[str]) -> Position:
    """A pickled position read (`Position.__reduce__`): its fields, then its moves."""
    pos: Position = cls.from_fields(fields)  # type: ignore[attr-defined]
    for move in moves:
        pos.play(move)
    return pos


# -- the play key: what positions and views share ------------------------------


def play_record_text(moves: Sequence[Move], nseats: int) -> str:
    """A play record as the `play` key writes it: tricks separated by ``|``,
    the claimed card of a Chinkway trick marked ``*``."""
    tricks: list[list[str]] = []
    current: list[str] = []
    for m in moves:
        assert m.card is not None
        if m.kind == "claim":
            last = tricks[-1]
            last[last.index(str(m.card))] += "*"
            continue
        current.append(str(m.card))
        if len(current) == nseats:
            tricks.append(current)
            current = []
    if current:
        tricks.append(current)
    return " | ".join(" ".join(t) for t in tricks)


def play_key_tricks(text: str, nseats: int) -> list[list[str]]:
    """The tokens of a `play` key, trick by trick: ``|`` separates tricks
    (then all but the last must be complete), else every `nseats` cards make one."""
    if "|" in text:
        groups = [g.split() for g in text.split("|")]
        for n, g in enumerate(groups[:-1], 1):
            if len(g) != nseats:
                raise NotationError(f"play: trick {n} has {len(g)} cards, not {nseats}")
        return groups
    flat = text.split()
    return [flat[i : i + nseats] for i in range(0, len(flat), nseats)]


def read_play_token(token: str, trick_no: int) -> tuple[Card, bool]:
    """A card of the `play` key and whether it is marked claimed (``*``)."""
    try:
        return Card.parse(token.rstrip("*")), token.endswith("*")
    except CardError as e:
        raise NotationError(f"play: trick {trick_no}: {e}") from None


def replay_play_key(
    text: str,
    nseats: int,
    play_card: Callable[[int, Card], None],
    claiming: Callable[[], bool],
    claim: Callable[[int, list[Card]], None],
) -> None:
    """Replay a `play` key: each card read in turn and played by
    `play_card(trick_no, card)`; once a trick is complete and `claiming()`,
    `claim(trick_no, cards marked *)` takes the claim (needed unless it is
    the record's last trick).  A card marked ``*`` elsewhere is an error."""
    groups = play_key_tricks(text, nseats)
    for n, group in enumerate(groups, 1):
        starred: list[Card] = []
        for token in group:
            card, star = read_play_token(token, n)
            if star:
                starred.append(card)
            play_card(n, card)
        if starred and len(group) < nseats:
            raise PositionError(
                f"play: trick {n}: {starred[0]} is claimed before the trick is complete"
            )
        if claiming():
            if starred or n < len(groups):
                claim(n, starred)
        elif starred:
            raise PositionError(f"play: trick {n}: {starred[0]} cannot be claimed (nothing is)")


# -- helpers the games share for reading their keys ---------------------------


def read_cardset(text: str, what: str) -> CardSet:
    try:
        return CardSet.parse(text)
    except CardError as e:
        raise PositionError(f"{what}: {e}") from None


def read_hands(fields: Fields, nseats: int, game: str, names: str = "") -> list[CardSet]:
    """The required per-seat key `hands`; `names` are seat letters (whist)."""
    entries = get_seat_list(fields, "hands", nseats)
    if entries is None:
        raise PositionError(f"{game}: missing key 'hands'")
    return [read_cardset(e, f"hand {names[s] if names else s + 1}") for s, e in enumerate(entries)]


def read_card_list(text: str | list[str], what: str) -> list[Card]:
    """An ordered list of cards (a string of cards, or a TOML array of them)."""
    tokens = text if isinstance(text, list) else str(text).replace(",", " ").split()
    cards = []
    for tok in tokens:
        try:
            cards.append(Card.parse(str(tok)))
        except CardError as e:
            raise PositionError(f"{what}: {e}") from None
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise PositionError(f"{what}: {c} appears twice")
        seen.add(c)
    return cards


def read_strain(text: str | None, what: str = "trump") -> int | None:
    if text is None:
        return None
    try:
        return parse_strain(str(text))
    except CardError as e:
        raise PositionError(f"{what}: {e}") from None


def check_disjoint(places: list[tuple[str, CardSet]]) -> CardSet:
    """Every card in at most one place; returns their union.  The error names
    the card and both places."""
    seen: dict[Card, str] = {}
    union = 0
    for name, cards in places:
        if union & cards.mask:
            for c in cards:
                if c in seen:
                    raise PositionError(f"{c} is in {seen[c]} and in {name}")
        for c in cards:
            seen[c] = name
        union |= cards.mask
    return CardSet(union)


def check_counts(places: list[tuple[str, int]], expected: int, what: str) -> None:
    for name, n in places:
        if n != expected:
            raise PositionError(f"{name} holds {n} cards; {what} needs {expected}")


def why_card_illegal(pos: Position, move: Move) -> str:
    """Why a card play is not legal in the play of a hand: it is no card
    play, the seat does not hold the card, or the card does not follow suit.
    (A game with more to say -- claims, covered cards -- says it first.)"""
    core = pos.core
    assert core is not None
    seat = pos.seat_name(pos.to_move)
    if move.kind != "play" or move.card is None:
        return f"it is seat {seat}'s turn to play a card"
    if not move.card.bit & core.playable(pos.to_move):
        return f"seat {seat} does not hold {move.card}"
    led = CardSet(core.legal())
    suit = next(iter(led)).suit
    return f"seat {seat} must follow suit ({suit.name.lower()})"
