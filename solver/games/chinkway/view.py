"""Chinkway: what a seat knows of the hand (a `solver.view.HandsView`).

A view of Chinkway holds the seat's own hand, the round (and `rounds`), the
dealer, the trump, the quest, the quest cards of earlier rounds, the play
and every claim; the dealer's view also holds its two discards.  The hidden
places are the other four hands (with the voids the play showed) and, for
every seat but the dealer, the dealer's two discards.  The quest deck still
to turn is in no view and no world.  A trick's winner claims one of its
cards of a quest category its side still needs (`QuestClaims`, the view's
`solver.view.ClaimRule`).  docs/views.md gives the notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import Position, check_disjoint, read_card_list, read_cardset
from solver.games.chinkway.rules import (
    CATEGORY_NAMES,
    DISCARDS,
    HAND,
    KEYS,
    QUEST_CARDS,
    ROUNDS,
    Chinkway,
    pairing,
    quest_needs,
)
from solver.notation import Fields, get_int, get_str, parse_seat
from solver.view import OUT, HandsView, HiddenPlace, ReplayTable, hidden_place


class QuestClaims:
    """The claims of a Chinkway replay (a `solver.view.ClaimRule`): the winner
    of a trick may claim one of its cards of a quest category its side still
    needs; `sides[s]` is seat s's side and `need[c]` the quest's cards of
    category c."""

    def __init__(self, need: list[int], sides: tuple[int, ...]) -> None:
        self.need, self.sides = need, sides
        nsides = max(sides, default=0) + 1
        self.side_claims = [[0] * len(CATEGORY_NAMES) for _ in range(nsides)]

    def claimable(self, winner: int, cards: Sequence[Card]) -> int:
        have = self.side_claims[self.sides[winner]]
        need = self.need
        claimable = 0
        for c in cards:
            category = _core.quest_category(c.index)
            if have[category] < need[category]:
                claimable |= c.bit
        return claimable

    def claim(self, seat: int, card: Card) -> None:
        self.side_claims[self.sides[seat]][_core.quest_category(card.index)] += 1


class ChinkwayView(HandsView):
    """Chinkway: the seat's own hand, the quest and the claims; the dealer's two
    discards are known to the dealer only."""

    game = "chinkway"
    keys = KEYS - {"quest_deck", "quest_removed"} | {"seat"}
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
        if len(self.discards) > DISCARDS:
            raise PositionError(f"the dealer discards {DISCARDS} cards, not {len(discards)}")
        check_disjoint(
            [(f"hand {s + 1}", h) for s, h in enumerate(hands)]
            + [("the discards", CardSet(self.discards))]
        )
        if len(hands[seat]) != HAND:
            raise PositionError(
                f"hand {seat + 1} (the view's seat) holds {len(hands[seat])} cards, not {HAND}"
            )
        for s, h in enumerate(hands):
            if len(h) > HAND:
                raise PositionError(f"hand {s + 1} holds {len(h)} cards; hands hold 10 in play")
        if seat == dealer and len(self.discards) != DISCARDS:
            raise PositionError("the view's seat is the dealer, who knows both discards")
        teams = ((0, 1, 1, 2, 2), (0, 1, 2, 1, 2))[pairing(round_no)]
        self.sides = tuple(teams[(s - dealer) % self.nseats] for s in range(self.nseats))
        self._finish(play)

    def _table(self) -> ReplayTable:
        owners = self._hand_owners()
        owners |= {c: (OUT, "the dealer's discards") for c in self.discards}
        return ReplayTable(
            self.nseats,
            self.trump,
            (self.dealer + 1) % self.nseats,
            HAND,
            self.seat,
            self.known[self.seat],
            owners,
            self.seat_name,
            claims=QuestClaims(quest_needs(self.quest), self.sides),
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        places, fixed = self._hand_places(HAND, CardSet(self.discards))
        hidden_discards = DISCARDS - len(self.discards)
        places.append(
            hidden_place("the dealer's discards", hidden_discards, ("discards", self.dealer))
        )
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
