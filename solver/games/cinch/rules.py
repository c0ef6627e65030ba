"""Cinch: four players in partnerships, one round of bidding, High-Low-Jack-Game.

A hand: 9 cards each in packets of three; one round of bidding from the
dealer's left (pass, 1-4 or Shoot; the dealer may overshoot a Shoot, and when all
four pass the dealer must bid 1); the bidder names trump; everyone discards
their non-trumps and the dealer fills every hand to six from the stock, then
from the dead wood; a player left with more than six trumps discards down to
six; the bidder leads six tricks.

Keys: ``game = "cinch"``, ``dealer``, ``hands`` (per seat, as held now
before play, as at the first lead once play has begun), ``stock`` (the
undealt cards, top first), ``bids`` (the calls so far from the dealer's
left: ``pass``, ``1``-``4``, ``shoot``), ``trump``, ``discards`` (per seat),
``widow``, ``first_hand`` (discards are shown; default true), ``seed`` (the
dead-wood draws), ``play``; option ``shoot = "all-four"`` (a Shoot needs all
four points; default ``"in-play"``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, strain_text
from solver.errors import NotationError, PositionError
from solver.games.base import (
    BIDS,
    PASS,
    SHOOT,
    Move,
    Phase,
    Position,
    bid_text,
    check_disjoint,
    read_card_list,
    read_cardset,
    read_hands,
    read_strain,
    why_card_illegal,
)
from solver.notation import (
    Fields,
    check_known_keys,
    get_bool,
    get_int,
    get_seat_list,
    get_str,
    parse_seat,
    whole_number,
)

SEATS = 4
DEALT = 9
PACKET = 3
PLAY_HAND = 6
FORCED_BID = 1  # the dealer's bid when all four pass
SHOOT_RULES = ("in-play", "all-four")
KEYS = {
    "game",
    "dealer",
    "hands",
    "stock",
    "bids",
    "trump",
    "discards",
    "widow",
    "first_hand",
    "seed",
    "play",
    "shoot",
}


def check_shoot_rule(rule: str) -> None:
    """PositionError unless `rule` is one of `SHOOT_RULES`."""
    if rule not in SHOOT_RULES:
        raise PositionError(f"shoot: the Shoot rule is 'in-play' or 'all-four', not {rule!r}")


def read_discards(fields: Fields) -> list[CardSet] | None:
    """The key ``discards``: each seat's discards, or None when absent."""
    entries = get_seat_list(fields, "discards", SEATS)
    if entries is None:
        return None
    return [read_cardset(e, f"seat {s + 1}'s discards") for s, e in enumerate(entries)]


def read_discard_counts(fields: Fields) -> list[int] | None:
    """The key ``discarded``: how many non-trumps each seat discarded at the
    redeal, or None when absent."""
    counts = get_seat_list(fields, "discarded", SEATS)
    if counts is None:
        return None
    out = []
    for s, text in enumerate(counts):
        if not (text.isascii() and text.isdigit()):
            raise NotationError(f"discarded: seat {s + 1}: expected a count, got {text!r}")
        out.append(whole_number(text, f"discarded: seat {s + 1}"))
    return out


def legal_calls(bids: list[int], dealer_calls_next: bool) -> list[int]:
    """The calls open to the next bidder: pass or higher; the dealer may
    overshoot a Shoot."""
    high = max(bids, default=PASS)
    calls = [b for b in BIDS if b > high]
    if dealer_calls_next and high == SHOOT:
        calls = [SHOOT]
    return [PASS, *calls]


def contract(bids: list[int], dealer: int) -> tuple[int, int]:
    """(bidder seat, bid) from the four calls; the dealer's overshoot wins,
    and when all four pass the dealer must bid 1."""
    high = max(bids)
    if high == PASS:
        return dealer, FORCED_BID
    caller = max(i for i, b in enumerate(bids) if b == high) if high == SHOOT else bids.index(high)
    return (dealer + 1 + caller) % SEATS, high


def parse_calls(text: str | list[str]) -> list[int]:
    tokens = text if isinstance(text, list) else str(text).replace(",", " ").split()
    calls = []
    for tok in tokens:
        t = str(tok).strip().lower()
        if t in ("pass", "p", "0", "-"):
            calls.append(PASS)
        elif t in ("shoot", "s", "8"):
            calls.append(SHOOT)
        elif t in ("1", "2", "3", "4"):
            calls.append(int(t))
        else:
            raise PositionError(f"bids: unknown call {tok!r} (pass, 1, 2, 3, 4 or shoot)")
    return calls


class Cinch(Position):
    game = "cinch"
    values_net = True
    nseats = SEATS

    def __init__(
        self,
        dealer: int,
        hands: list[CardSet],
        stock: list[Card] | None = None,
        bids: list[int] | None = None,
        trump: int | None = None,
        discards: list[CardSet] | None = None,
        widow: CardSet | None = None,
        first_hand: bool = True,
        seed: int = 0,
        play: str = "",
        shoot_rule: str = "in-play",
    ) -> None:
        super().__init__()
        self.dealer = dealer
        self.hands = list(hands)
        self.stock = list(stock) if stock is not None else None
        self.bids: list[int] = []
        self.trump = None if trump is None else trump
        self.discards = (
            list(discards) if discards is not None else [CardSet() for _ in range(SEATS)]
        )
        self.widow = widow
        self.first_hand = first_hand
        self.seed = seed
        check_shoot_rule(shoot_rule)
        self.shoot_rule = shoot_rule
        if not 0 <= dealer < SEATS:
            raise PositionError(f"dealer: no seat {dealer + 1}; seats are 1-4")
        if len(self.hands) != SEATS or len(self.discards) != SEATS:
            raise PositionError("Cinch needs four hands (and four discard piles)")
        for call in bids or []:
            self._check_call(call)
            self.bids.append(call)
        self._check()
        if self.phase == Phase.PLAY:
            self._start_play()
        if play:
            if self._core is None:
                raise PositionError(
                    "play: bidding, trump and the redeal come before the first lead"
                )
            self._replay(play)

    # -- checks ---------------------------------------------------------------

    def _check_call(self, call: int) -> None:
        if len(self.bids) == SEATS:
            raise PositionError("bids: the bidding goes once around (four calls)")
        legal = legal_calls(self.bids, len(self.bids) == SEATS - 1)
        if call not in legal:
            seat = (self.dealer + 1 + len(self.bids)) % SEATS
            raise PositionError(
                f"bids: seat {seat + 1} may not call {bid_text(call)} (may call: "
                + ", ".join(bid_text(c) for c in legal)
                + ")"
            )

    def _check(self) -> None:
        everything = check_disjoint(
            [(f"hand {s + 1}", h) for s, h in enumerate(self.hands)]
            + [(f"seat {s + 1}'s discards", d) for s, d in enumerate(self.discards)]
            + [("the stock", CardSet(self.stock or [])), ("the widow", self.widow or CardSet())]
        )
        counts = [len(h) for h in self.hands]
        if self.trump is None:
            if self.stock is None:
                raise PositionError("the stock (key 'stock') is needed before trump is named")
            if any(n != DEALT for n in counts) or any(self.discards) or self.widow is not None:
                raise PositionError(
                    "before trump is named every player holds the 9 cards dealt, with no discards"
                )
            if everything != FULL_DECK:
                raise PositionError("the hands and the stock must hold the 52 cards")
            if len(self.bids) < SEATS and self.trump is not None:
                raise PositionError("trump is named after the bidding")
            return
        if len(self.bids) != SEATS:
            raise PositionError(
                "trump is named by the winning bidder after all four calls (key 'bids')"
            )
        if self.trump == NOTRUMP:
            raise PositionError("trump must be a suit in Cinch")
        if self.stock:
            raise PositionError(
                "after trump is named the stock has been dealt: give the widow instead"
            )
        trumps = FULL_DECK.suit(self.trump)
        for s, h in enumerate(self.hands):
            if len(h) < PLAY_HAND or (len(h) > PLAY_HAND and h - trumps):
                raise PositionError(
                    f"hand {s + 1} holds {len(h)} cards: after the redeal every hand holds 6"
                    " (more only while they are all trumps to discard)"
                )

    # -- reading and dealing --------------------------------------------------

    @classmethod
    def from_fields(cls, fields: Fields) -> Cinch:
        check_known_keys(fields, KEYS, cls.game)
        hands = read_hands(fields, SEATS, cls.game)
        stock = fields.get("stock")
        widow = get_str(fields, "widow")
        seed = get_int(fields, "seed", 0)
        return cls(
            dealer=parse_seat(get_str(fields, "dealer", "1") or "1", SEATS, "dealer"),
            hands=hands,
            stock=None if stock is None else read_card_list(stock, "stock"),
            bids=parse_calls(fields.get("bids", [])),
            trump=read_strain(get_str(fields, "trump")),
            discards=read_discards(fields),
            widow=None if widow is None else read_cardset(widow, "widow"),
            first_hand=get_bool(fields, "first_hand", True),
            seed=seed if seed is not None else 0,
            play=get_str(fields, "play", "") or "",
            shoot_rule=get_str(fields, "shoot", "in-play") or "in-play",
        )

    @classmethod
    def deal(
        cls, seed: int, dealer: int = 0, first_hand: bool = True, shoot_rule: str = "in-play"
    ) -> Cinch:
        """Deal 9 cards each in packets of three from the dealer's left; the
        other 16 are the stock."""
        rng = random.Random(seed)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        return cls.from_deck(deck, dealer, first_hand, seed, shoot_rule)

    @classmethod
    def from_deck(
        cls,
        deck: Sequence[Card],
        dealer: int = 0,
        first_hand: bool = True,
        seed: int = 0,
        shoot_rule: str = "in-play",
    ) -> Cinch:
        """The deal of the shuffled pack `deck` (its 52 cards, top first), laid
        out as `deal` says; `seed` is the hand's key ``seed`` (the dead-wood
        draws)."""
        got: list[list[Card]] = [[] for _ in range(SEATS)]
        for i in range(SEATS * DEALT // PACKET):
            seat = (dealer + 1 + i) % SEATS
            got[seat] += deck[i * PACKET : (i + 1) * PACKET]
        return cls(
            dealer,
            [CardSet(h) for h in got],
            stock=list(deck[SEATS * DEALT :]),
            first_hand=first_hand,
            seed=seed,
            shoot_rule=shoot_rule,
        )

    # -- the decisions before play ----------------------------------------------

    def table_starts(self) -> list[Position]:
        """The deal as it is: the bid names the trump and the leader."""
        if self.play_record:
            return super().table_starts()  # (refused: cards played)
        if self.core is None:
            raise PositionError("a Cinch table needs the hands of the play (after the redeal)")
        return [self]

    def _preplay_phase(self) -> Phase:
        if len(self.bids) < SEATS:
            return Phase.BID
        if self.trump is None:
            return Phase.TRUMP
        if any(len(h) > PLAY_HAND for h in self.hands):
            return Phase.DISCARD
        return Phase.PLAY

    def _preplay_turn(self) -> int:
        phase = self._preplay_phase()
        if phase == Phase.BID:
            return (self.dealer + 1 + len(self.bids)) % SEATS
        if phase == Phase.TRUMP:
            return self.bidder
        order = [(self.dealer + 1 + i) % SEATS for i in range(SEATS)]
        return next(s for s in order if len(self.hands[s]) > PLAY_HAND)

    @property
    def bidder(self) -> int:
        if len(self.bids) < SEATS:
            raise PositionError("the bidding is not over")
        return contract(self.bids, self.dealer)[0]

    @property
    def bid(self) -> int:
        if len(self.bids) < SEATS:
            raise PositionError("the bidding is not over")
        return contract(self.bids, self.dealer)[1]

    def _preplay_moves(self) -> list[Move]:
        phase = self._preplay_phase()
        if phase == Phase.BID:
            return [
                Move("bid", value=c) for c in legal_calls(self.bids, len(self.bids) == SEATS - 1)
            ]
        if phase == Phase.TRUMP:
            return [Move("trump", value=t) for t in range(NOTRUMP)]
        return [Move("discard", c) for c in self.hands[self._preplay_turn()]]

    def _apply_preplay(self, move: Move) -> None:
        assert move.value is not None or move.card is not None
        if move.kind == "bid":
            assert move.value is not None
            self.bids.append(move.value)
        elif move.kind == "trump":
            assert move.value is not None
            self.trump = move.value
            self._redeal()
        else:
            assert move.card is not None
            seat = self._preplay_turn()
            self.hands[seat] = self.hands[seat] - CardSet([move.card])
            self.discards[seat] = self.discards[seat] | CardSet([move.card])
        if self._preplay_phase() == Phase.PLAY:
            self._start_play()

    def _redeal(self) -> None:
        """Everyone discards their non-trumps; from the dealer's left each
        player in turn is filled to six from the stock, then from the dead
        wood drawn at random."""
        assert self.trump is not None and self.stock is not None
        trumps = FULL_DECK.suit(self.trump)
        for s in range(SEATS):
            self.discards[s] = self.hands[s] - trumps
            self.hands[s] = self.hands[s] & trumps
        dead_wood = [c for s in range(SEATS) for c in self.discards[s]]
        rng = random.Random(f"cinch dead wood {self.seed}")
        rng.shuffle(dead_wood)
        stock = list(self.stock)
        for i in range(SEATS):
            s = (self.dealer + 1 + i) % SEATS
            need = PLAY_HAND - len(self.hands[s])
            if need <= 0:
                continue
            drawn = stock[:need]
            stock = stock[need:]
            while len(drawn) < need:
                card = dead_wood.pop()
                owner = next(o for o in range(SEATS) if card in self.discards[o])
                self.discards[owner] = self.discards[owner] - CardSet([card])
                drawn.append(card)
            self.hands[s] = self.hands[s] | CardSet(drawn)
        self.stock = None
        self.widow = CardSet(stock)

    def _start_play(self) -> None:
        assert self.trump is not None
        setup = _core.Setup(
            _core.GAME_NUMBERS[self.game],
            SEATS,
            self.trump,
            self.bidder,
            [h.mask for h in self.hands],
        )
        setup.bidder = self.bidder
        setup.bid = self.bid
        setup.shoot_needs_all_four = self.shoot_rule == "all-four"
        self._core = _core.PlayState(setup)

    def _why_illegal(self, move: Move) -> str:
        phase = self.phase
        seat = self.to_move + 1
        if phase == Phase.BID:
            legal = ", ".join(str(m) for m in self._preplay_moves())
            return f"seat {seat} may call: {legal}"
        if phase == Phase.TRUMP:
            return f"the bidder (seat {seat}) must name a trump suit (S, H, D or C)"
        if phase == Phase.DISCARD:
            return f"seat {seat} holds more than six trumps and must discard one of them"
        return why_card_illegal(self, move)

    def points(self, side: int) -> list[str]:
        """The Cinch points a side holds now: High, Low, Jack, Game."""
        if self._core is None:
            return []
        bits = self._core.cinch_points(side)
        names = [
            (_core.CINCH_HIGH, "High"),
            (_core.CINCH_LOW, "Low"),
            (_core.CINCH_JACK, "Jack"),
            (_core.CINCH_GAME, "Game"),
        ]
        return [name for bit, name in names if bits & bit]

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "dealer": self.dealer + 1,
            "first_hand": self.first_hand,
            "seed": self.seed,
            "bids": " ".join(bid_text(b) for b in self.bids) or None,
            "trump": strain_text(self.trump) if self.trump is not None else None,
            "hands": [str(h) for h in self.hands],
            "stock": " ".join(str(c) for c in self.stock) if self.stock is not None else None,
            "discards": [d.cards_text() or "-" for d in self.discards]
            if any(self.discards)
            else None,
            "widow": self.widow.cards_text() if self.widow is not None else None,
            "play": self.play_text() or None,
        }
        if self.shoot_rule != "in-play":
            fields["shoot"] = self.shoot_rule
        return fields
