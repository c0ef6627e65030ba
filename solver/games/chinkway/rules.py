"""Chinkway: five players, a lone dealer against two teams, and a quest.

A round: the dealer (player 1) holds 12 cards and discards two face down,
names a trump suit or no trumps, then five quest cards are turned from the
quest deck; player 2 leads; after each trick its winner claims one card of a
quest category its side still needs.

Keys: ``game = "chinkway"``, ``round`` (1-based), ``dealer`` (seat 1-5),
``hands`` (per seat, as held now before play, as at the first lead once play
has begun), ``discards`` (the dealer's), ``trump``, ``quest`` (the five quest
cards of the round), ``quest_deck`` (the face-down quest deck, top first),
``quest_used`` (quest cards of earlier rounds), ``quest_removed`` (the two
courts taken out at the start of the game), ``play``; option ``rounds``
(rounds in a game, 10).
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
    read_card_list,
    read_hands,
    read_strain,
    why_card_illegal,
)
from solver.notation import Fields, check_known_keys, get_int, get_str, parse_seat

SEATS = _core.CHINKWAY_SEATS
HAND = 10
DEALER_HAND = 12
DISCARDS = 2
QUEST_CARDS = _core.QUEST_CARDS
ROUNDS = 10
ROUNDS_PER_PAIRING = 5
REMOVED_COURTS = 2
CATEGORY_NAMES = ("spade pips", "heart pips", "diamond pips", "club pips", "courts")
COURTS = CardSet.parse("KQJ.KQJ.KQJ.KQJ")
KEYS = {
    "game",
    "round",
    "rounds",
    "dealer",
    "hands",
    "discards",
    "trump",
    "quest",
    "quest_deck",
    "quest_used",
    "quest_removed",
    "play",
}


def quest_category(card: Card) -> int:
    """0-3: the pips (A, 2-10) of S H D C; 4: the courts (J, Q, K) (the C core's)."""
    return _core.quest_category(card.index)


def quest_needs(quest: list[Card]) -> list[int]:
    need = [0] * len(CATEGORY_NAMES)
    for c in quest:
        need[quest_category(c)] += 1
    return need


def pairing(round_no: int) -> int:
    """0: players {2,3} against {4,5} (rounds 1-5); 1: {2,4} against {3,5}
    (rounds 6-10); past ten the pairings keep alternating in blocks of five."""
    return ((round_no - 1) // ROUNDS_PER_PAIRING) % 2


def new_quest_deck(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """(the quest deck of a game, top first; the two courts removed unseen)."""
    removed = rng.sample(list(COURTS), REMOVED_COURTS)
    deck = [c for c in FULL_DECK if c not in removed]
    rng.shuffle(deck)
    return deck, sorted(removed, reverse=True)


def lay_out(deck: Sequence[Card], dealer: int) -> list[CardSet]:
    """The hands of a round from the shuffled game deck `deck` (its 52
    cards, top first): 12 to the dealer, 10 to each other seat, seat by seat
    from seat 1."""
    hands: list[CardSet] = []
    start = 0
    for s in range(SEATS):
        n = DEALER_HAND if s == dealer else HAND
        hands.append(CardSet(deck[start : start + n]))
        start += n
    return hands


class Chinkway(Position):
    game = "chinkway"
    nseats = SEATS

    def __init__(
        self,
        round_no: int,
        dealer: int,
        hands: list[CardSet],
        discards: list[Card] | None = None,
        trump: int | None = None,
        quest: list[Card] | None = None,
        quest_deck: list[Card] | None = None,
        quest_used: list[Card] | None = None,
        quest_removed: list[Card] | None = None,
        play: str = "",
        rounds: int = ROUNDS,
    ) -> None:
        super().__init__()
        self.round = round_no
        self.rounds = rounds
        self.dealer = dealer
        self.hands = list(hands)
        self.discards = list(discards or [])
        self.trump = trump
        self.quest = list(quest) if quest is not None else None
        self.quest_deck = list(quest_deck) if quest_deck is not None else None
        self.quest_used = list(quest_used or [])
        self.quest_removed = list(quest_removed) if quest_removed is not None else None
        self._check()
        if trump is not None:
            self._start_play()
        if play:
            if trump is None:
                raise PositionError(
                    "play: the dealer must discard and name trump before the first lead"
                )
            self._replay(play)

    # -- checks ---------------------------------------------------------------

    def _check(self) -> None:
        if not 1 <= self.round <= self.rounds:
            raise PositionError(
                f"round must be 1 to {self.rounds} (the rounds of the game), not {self.round}"
            )
        if not 0 <= self.dealer < SEATS:
            raise PositionError(f"dealer: no seat {self.dealer + 1}; seats are 1-5")
        if len(self.hands) != SEATS:
            raise PositionError(f"Chinkway needs 5 hands, got {len(self.hands)}")
        if len(self.discards) > DISCARDS:
            raise PositionError(f"the dealer discards {DISCARDS} cards, not {len(self.discards)}")
        dealt = check_disjoint(
            [(f"hand {s + 1}", h) for s, h in enumerate(self.hands)]
            + [("the discards", CardSet(self.discards))]
        )
        for s, h in enumerate(self.hands):
            want = DEALER_HAND - len(self.discards) if s == self.dealer else HAND
            if len(h) != want:
                role = "the dealer" if s == self.dealer else "a player"
                raise PositionError(f"hand {s + 1} holds {len(h)} cards; {role} holds {want} here")
        if dealt != FULL_DECK:
            raise PositionError("the hands and discards must hold the 52 cards of the game deck")
        self._check_quest()

    def _check_quest(self) -> None:
        places = [
            ("the quest", CardSet(self.quest or [])),
            ("the quest deck", CardSet(self.quest_deck or [])),
            ("the used quest cards", CardSet(self.quest_used)),
            ("the removed quest cards", CardSet(self.quest_removed or [])),
        ]
        known = check_disjoint(places)
        if self.quest is not None and len(self.quest) != QUEST_CARDS:
            raise PositionError(f"the quest holds {QUEST_CARDS} cards, not {len(self.quest)}")
        if self.trump is not None and self.quest is None:
            raise PositionError(
                "the quest is turned as soon as trump is named: key 'quest' is missing"
            )
        if self.trump is None and self.quest is not None:
            raise PositionError("the quest is turned only after trump is named")
        if self.trump is None and len(self.quest_deck or []) < QUEST_CARDS:
            raise PositionError(
                "the quest deck (key 'quest_deck') must hold the 5 quest cards still to turn"
            )
        if len(self.discards) < DISCARDS and self.trump is not None:
            raise PositionError("trump is named after the dealer's two discards")
        if self.quest_removed is not None:
            if len(self.quest_removed) != REMOVED_COURTS or any(
                c not in COURTS for c in self.quest_removed
            ):
                raise PositionError(
                    "quest_removed: two courts (J, Q or K) are removed from the quest deck"
                )
            if self.quest_deck is not None and known != FULL_DECK:
                raise PositionError(
                    "the quest, quest deck, used and removed quest cards must make up one deck"
                )
        # The quest deck runs out after ten rounds and is then reshuffled.
        used_by_now = QUEST_CARDS * ((self.round - 1) % ROUNDS)
        if self.quest_removed is not None and len(self.quest_used) != used_by_now:
            raise PositionError(
                f"round {self.round}: {used_by_now} quest cards have been used in earlier rounds,"
                f" not {len(self.quest_used)} (key 'quest_used')"
            )

    def _start_play(self) -> None:
        assert self.trump is not None and self.quest is not None
        setup = _core.Setup(
            _core.GAME_NUMBERS[self.game],
            SEATS,
            self.trump,
            (self.dealer + 1) % SEATS,
            [h.mask for h in self.hands],
        )
        setup.dealer = self.dealer
        setup.pairing = pairing(self.round)
        setup.quest_need = quest_needs(self.quest)
        self._core = _core.PlayState(setup)

    # -- reading and dealing --------------------------------------------------

    @classmethod
    def from_fields(cls, fields: Fields) -> Chinkway:
        check_known_keys(fields, KEYS, cls.game)
        hands = read_hands(fields, SEATS, cls.game)

        def cards(key: str) -> list[Card] | None:
            value = fields.get(key)
            return None if value is None else read_card_list(value, key)

        return cls(
            round_no=_int(fields, "round", 1),
            dealer=parse_seat(get_str(fields, "dealer", "1") or "1", SEATS, "dealer"),
            hands=hands,
            discards=cards("discards"),
            trump=read_strain(get_str(fields, "trump")),
            quest=cards("quest"),
            quest_deck=cards("quest_deck"),
            quest_used=cards("quest_used"),
            quest_removed=cards("quest_removed"),
            play=get_str(fields, "play", "") or "",
            rounds=_int(fields, "rounds", ROUNDS),
        )

    @classmethod
    def deal(
        cls,
        seed: int,
        round_no: int = 1,
        dealer: int | None = None,
        quest_deck: list[Card] | None = None,
        quest_used: list[Card] | None = None,
        quest_removed: list[Card] | None = None,
        rounds: int = ROUNDS,
    ) -> Chinkway:
        """Deal a round: 12 cards to the dealer, 10 to each other player.

        The dealer defaults to the seat the deal has passed to (seat 1 deals
        round 1).  Without a quest deck, a new game's quest deck is made and
        the quest cards of the earlier rounds are drawn from it; a quest deck
        with fewer than five cards left (past round 10) is gathered with the
        used quest cards and reshuffled.
        """
        rng = random.Random(seed)
        if dealer is None:
            dealer = (round_no - 1) % SEATS
        if quest_deck is None:
            quest_deck, quest_removed = new_quest_deck(rng)
            used_count = QUEST_CARDS * ((round_no - 1) % ROUNDS)
            quest_used, quest_deck = quest_deck[:used_count], quest_deck[used_count:]
        elif len(quest_deck) < QUEST_CARDS:
            quest_deck = list(quest_deck) + list(quest_used or [])
            rng.shuffle(quest_deck)
            quest_used = []
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = lay_out(deck, dealer)
        return cls(
            round_no,
            dealer,
            hands,
            quest_deck=quest_deck,
            quest_used=quest_used,
            quest_removed=quest_removed,
            rounds=rounds,
        )

    # -- the decisions before play ----------------------------------------------

    def table_starts(self) -> list[Position]:
        """Before the dealer names trump, the deal under each trump named;
        once named, the deal under each trump the rows of any table have."""
        if self.core is not None or self.play_record:
            return super().table_starts()
        if self.phase != Phase.TRUMP:
            raise PositionError("a Chinkway table needs the dealer's discards made")
        out: list[Position] = []
        for t in range(NOTRUMP + 1):
            p = self.copy()
            p.play(Move("trump", value=t))
            out.append(p)
        return out

    def _preplay_phase(self) -> Phase:
        return Phase.DISCARD if len(self.discards) < DISCARDS else Phase.TRUMP

    def _preplay_turn(self) -> int:
        return self.dealer

    def _preplay_moves(self) -> list[Move]:
        if len(self.discards) < DISCARDS:
            return [Move("discard", c) for c in self.hands[self.dealer]]
        return [Move("trump", value=t) for t in range(NOTRUMP + 1)]

    def _apply_preplay(self, move: Move) -> None:
        if move.kind == "discard":
            assert move.card is not None
            self.hands[self.dealer] = self.hands[self.dealer] - CardSet([move.card])
            self.discards.append(move.card)
            return
        assert self.quest_deck is not None and move.value is not None
        self.trump = move.value
        self.quest, self.quest_deck = self.quest_deck[:QUEST_CARDS], self.quest_deck[QUEST_CARDS:]
        self._start_play()

    def _why_illegal(self, move: Move) -> str:
        phase = self.phase
        if phase == Phase.DISCARD:
            if move.kind == "discard":
                return f"the dealer (seat {self.dealer + 1}) does not hold {move.card}"
            return f"the dealer (seat {self.dealer + 1}) must first discard two cards"
        if phase == Phase.TRUMP:
            return f"the dealer (seat {self.dealer + 1}) must name trump (S, H, D, C or NT)"
        if phase == Phase.CLAIM:
            seat = self.seat_name(self.to_move)
            if move.kind != "claim":
                return f"seat {seat} must first claim a card of the trick it won"
            return (
                f"{move.card} is not a card of the trick whose quest category"
                f" seat {seat}'s side still needs"
            )
        return why_card_illegal(self, move)

    # -- what the table shows -------------------------------------------------

    def sides(self) -> tuple[int, ...]:
        """Side 0 is the dealer alone; sides 1 and 2 the teams of the round."""
        teams = ((0, 1, 1, 2, 2), (0, 1, 2, 1, 2))[pairing(self.round)]
        return tuple(teams[(s - self.dealer) % SEATS] for s in range(SEATS))

    def claims(self, seat: int) -> CardSet:
        if self._core is None:
            return CardSet()
        return CardSet(self._core.claimed(seat))

    def parts_completed(self, side: int) -> int:
        return sum(len(self.claims(s)) for s in range(SEATS) if self.sides()[s] == side)

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "round": self.round,
            "dealer": self.dealer + 1,
            "trump": strain_text(self.trump) if self.trump is not None else None,
            "quest": _cards(self.quest),
            "hands": [str(h) for h in self.hands],
            "discards": _cards(self.discards) or None,
            "play": self.play_text() or None,
            "quest_deck": _cards(self.quest_deck),
            "quest_used": _cards(self.quest_used) or None,
            "quest_removed": _cards(self.quest_removed),
        }
        if self.rounds != ROUNDS:
            fields["rounds"] = self.rounds
        return fields


def _int(fields: Fields, key: str, default: int) -> int:
    value = get_int(fields, key, default)
    assert value is not None
    return value


def _cards(cards: list[Card] | None) -> str | None:
    return None if cards is None else " ".join(str(c) for c in cards)
