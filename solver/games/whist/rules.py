"""Plain whist: the play of a bridge deal, the validation game.

Four players, N E S W (seats 1-4), partners N-S against E-W, every card held
in the hand, a trump suit or no trumps; the objective is tricks.  Any equal
number of cards per hand (1 to 13) is a position: a double-dummy ending.

Keys: ``game = "whist"``, ``hands`` (N first, or PBN ``N:...``), ``trump``
(S H D C NT, default NT), ``leader`` (default: left of ``dealer``; the dealer
defaults to the first seat of a PBN deal, else N), ``play``.  The dealer
changes nothing in the play: it is kept (and written, when it is not the
seat on the leader's right) so that a bridge board whose declarer is not
its dealer is shown with its own dealer.  ``declarer`` (optional: a board
played from its contract) names the seat that plays dummy's cards too:
dummy, declarer's partner, lays its hand face up once the opening lead is
made (every seat's view then holds it, and declarer decides dummy's cards:
`Whist.dummy`, `WhistGame.decider`).  Without it, nothing of this applies.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import (
    Move,
    Phase,
    Position,
    check_disjoint,
    read_hands,
    read_strain,
    why_card_illegal,
)
from solver.notation import (
    SEAT_LETTERS,
    Fields,
    check_known_keys,
    get_str,
    parse_seat,
)

SEATS = 4
FULL_HAND = 13
KEYS = {"game", "hands", "trump", "leader", "dealer", "declarer", "play"}


def partner(seat: int) -> int:
    """The seat across the table, the partner of `seat`."""
    return (seat + SEATS // 2) % SEATS


def dummy_in_view(dummy: int | None, cards_played: int) -> int | None:
    """The seat whose hand every seat sees: dummy, once the opening lead is
    made (`cards_played` since the first lead); None before, or without one."""
    return dummy if dummy is not None and cards_played > 0 else None


class Whist(Position):
    game = "whist"
    values_count_tricks = True
    nseats = SEATS

    def __init__(
        self,
        hands: list[CardSet],
        trump: int = NOTRUMP,
        leader: int = 1,
        play: str = "",
        dealer: int | None = None,
        declarer: int | None = None,
    ) -> None:
        super().__init__()
        if len(hands) != SEATS:
            raise PositionError(f"whist needs 4 hands, got {len(hands)}")
        check_disjoint([(f"hand {SEAT_LETTERS[i]}", h) for i, h in enumerate(hands)])
        counts = {len(h) for h in hands}
        if len(counts) != 1 or not 1 <= len(hands[0]) <= FULL_HAND:
            raise PositionError(
                "whist hands must hold the same number of cards, 1 to 13 (got "
                + ", ".join(f"{SEAT_LETTERS[i]} {len(h)}" for i, h in enumerate(hands))
                + ")"
            )
        if not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        self.hands = list(hands)
        self.trump = trump
        self.leader = leader
        self.dealer = (leader - 1) % SEATS if dealer is None else dealer
        if declarer is not None and not 0 <= declarer < SEATS:
            raise PositionError(f"declarer: seats 0 to 3 (N E S W), not {declarer}")
        self.declarer = declarer  # None: no contract, no dummy
        self._core = _core.PlayState(
            _core.Setup(
                _core.GAME_NUMBERS[self.game], SEATS, trump, leader, [h.mask for h in hands]
            )
        )
        if play:
            self._replay(play)

    @classmethod
    def from_fields(cls, fields: Fields) -> Whist:
        check_known_keys(fields, KEYS, cls.game)
        hands = read_hands(fields, SEATS, cls.game, SEAT_LETTERS)
        trump = read_strain(get_str(fields, "trump", "NT"))
        assert trump is not None
        dealer_text = get_str(fields, "dealer")
        if dealer_text is not None:
            dealer = parse_seat(dealer_text, SEATS, "dealer")
        else:
            raw = fields["hands"]
            dealer = (
                parse_seat(raw.strip()[0], SEATS, "hands")
                if isinstance(raw, str) and ":" in raw
                else 0
            )
        leader_text = get_str(fields, "leader")
        leader = parse_seat(leader_text, SEATS, "leader") if leader_text else (dealer + 1) % SEATS
        given = dealer if dealer_text is not None else None  # else the leader's right
        declarer_text = get_str(fields, "declarer")
        declarer = parse_seat(declarer_text, SEATS, "declarer") if declarer_text else None
        return cls(hands, trump, leader, get_str(fields, "play", "") or "", given, declarer)

    @classmethod
    def deal(cls, seed: int, trump: int | None = None) -> Whist:
        """A random deal; N deals and trump is the suit of the dealer's last
        card, as at whist, unless given."""
        rng = random.Random(seed)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        return cls.from_deck(deck, trump)

    @classmethod
    def from_deck(cls, deck: Sequence[Card], trump: int | None = None) -> Whist:
        """The deal of the shuffled pack `deck` (its 52 cards, top first): N
        deals one card at a time from E, and trump is the suit of the last
        card, N's, unless given."""
        # One card at a time from E (left of the dealer); the last card is N's.
        dealt = [CardSet(deck[i::SEATS]) for i in range(SEATS)]  # E, S, W, N
        if trump is None:
            trump = int(deck[-1].suit)
        return cls([dealt[3], *dealt[:3]], trump, leader=1)

    def seat_name(self, seat: int) -> str:
        return SEAT_LETTERS[seat]

    @property
    def dummy(self) -> int | None:
        """Declarer's partner, whose hand lies face up once the opening lead
        is made; None without a declarer."""
        return None if self.declarer is None else partner(self.declarer)

    def _table_leaders(self) -> list[str | None]:
        """Every seat leads in turn, as in DDS's table."""
        return list(SEAT_LETTERS[: self.nseats])

    def _preplay_phase(self) -> Phase:
        raise AssertionError("whist starts at the first lead")

    _preplay_turn = _preplay_phase  # type: ignore[assignment]
    _preplay_moves = _preplay_phase  # type: ignore[assignment]

    def _apply_preplay(self, move: Move) -> None:
        raise AssertionError("whist starts at the first lead")

    def _why_illegal(self, move: Move) -> str:
        return why_card_illegal(self, move)

    def _fields(self) -> Fields:
        return {
            "game": self.game,
            "trump": strain_text(self.trump if self.trump is not None else NOTRUMP),
            "dealer": None
            if self.dealer == (self.leader - 1) % SEATS
            else self.seat_name(self.dealer),
            "leader": SEAT_LETTERS[self.leader],
            "declarer": None if self.declarer is None else self.seat_name(self.declarer),
            "hands": [str(h) for h in self.hands],
            "play": self.play_text() or None,
        }
