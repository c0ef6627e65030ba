"""Chinkway: what a seat knows of the hand (a `solver.view.HandsView`).

A view of Chinkway holds the seat's own hand, the round (and `rounds`), the
dealer, the trump, the quest, the quest cards of earlier rounds, the play
and every claim; the dealer's view also holds its two discards.  The hidden
places are the other four hands (with the voids the play showed) and, for
every seat but the dealer, the dealer's two discards.  The quest deck still
to turn is in no view and no world.  A trick's winner claims one of its
cards of a quest category its side still needs (`QuestClaims`, the view's
`solver.view.ClaimRule`).  docs/views.md gives the notation.

Before play (phases ``discard`` and ``trump``, no key ``trump``) the view is
the dealer's, whose decision it is: its twelve cards (those it has
discarded so far among them) and the quest cards of earlier rounds; the
hidden places are the four other hands of ten.  The quest still to turn
comes from a second pack, the quest cards not yet used less two courts
removed unseen: no seat knows it, so a world draws it (`world_with`: two of
the unused courts removed, the rest shuffled).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from solver import _core
from solver.cards import FULL_DECK, NOTRUMP, Card, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import (
    Move,
    Phase,
    Position,
    check_disjoint,
    read_card_list,
    read_cardset,
    read_strain,
)
from solver.games.chinkway.rules import (
    CATEGORY_NAMES,
    COURTS,
    DEALER_HAND,
    DISCARDS,
    HAND,
    KEYS,
    QUEST_CARDS,
    REMOVED_COURTS,
    ROUNDS,
    Chinkway,
    pairing,
    quest_needs,
)
from solver.notation import Fields, get_int, get_str, parse_seat
from solver.view import OUT, VIEW_PHASES, HandsView, HiddenPlace, ReplayTable, hidden_place

FIXED_CHANCES = 0  # the seed of the quest deck of `world` before play (`world_with` draws it)


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
    discards are known to the dealer only.  Before play (`trump` and `quest`
    None) the dealer's view of its discards and trump."""

    game = "chinkway"
    keys = KEYS - {"quest_deck", "quest_removed"} | {"seat"}
    nseats = 5
    phases = (*VIEW_PHASES, Phase.DISCARD, Phase.TRUMP)
    quest: list[Card] | None

    def __init__(
        self,
        seat: int,
        round_no: int,
        dealer: int,
        hands: Sequence[CardSet],
        discards: Sequence[Card],
        trump: int | None,
        quest: Sequence[Card] | None,
        quest_used: Sequence[Card] = (),
        play: str = "",
        rounds: int = ROUNDS,
    ) -> None:
        self.seat, self.round, self.rounds, self.dealer = seat, round_no, rounds, dealer
        self.trump = trump
        self.known = list(hands)
        self.discards = list(discards)
        self.quest = list(quest) if quest is not None else None
        self.quest_used = list(quest_used)
        if not 1 <= round_no <= rounds:
            raise PositionError(
                f"round must be 1 to {rounds} (the rounds of the game), not {round_no}"
            )
        if not 0 <= dealer < self.nseats:
            raise PositionError(f"dealer: no seat {dealer + 1}; seats are 1-5")
        if trump is not None and not 0 <= trump <= NOTRUMP:
            raise PositionError("trump must be S, H, D, C or NT")
        if len(hands) != self.nseats:
            raise PositionError(f"Chinkway needs 5 hands, got {len(hands)}")
        if (trump is None) != (self.quest is None):
            raise PositionError("the quest is turned as soon as trump is named, and only then")
        if self.quest is not None and len(self.quest) != QUEST_CARDS:
            raise PositionError(f"the quest holds {QUEST_CARDS} cards, not {len(self.quest)}")
        check_disjoint(
            [("the quest", CardSet(self.quest or [])), ("quest_used", CardSet(quest_used))]
        )
        if len(self.discards) > DISCARDS:
            raise PositionError(f"the dealer discards {DISCARDS} cards, not {len(discards)}")
        check_disjoint(
            [(f"hand {s + 1}", h) for s, h in enumerate(hands)]
            + [("the discards", CardSet(self.discards))]
        )
        if trump is None and seat != dealer:
            raise PositionError(
                "a chinkway view before play (no trump) is the dealer's, whose decision it is"
            )
        own = HAND if trump is not None else DEALER_HAND - len(self.discards)
        if len(hands[seat]) != own:
            raise PositionError(
                f"hand {seat + 1} (the view's seat) holds {len(hands[seat])} cards, not {own}"
            )
        for s, h in enumerate(hands):
            if s != seat and len(h) > HAND:
                raise PositionError(f"hand {s + 1} holds {len(h)} cards; hands hold 10 in play")
        if seat == dealer and trump is not None and len(self.discards) != DISCARDS:
            raise PositionError("the view's seat is the dealer, who knows both discards")
        teams = ((0, 1, 1, 2, 2), (0, 1, 2, 1, 2))[pairing(round_no)]
        self.sides = tuple(teams[(s - dealer) % self.nseats] for s in range(self.nseats))
        self._finish(play)

    def _before_play(self) -> tuple[Phase, int] | None:
        if self.trump is not None:
            return None
        return (Phase.DISCARD if len(self.discards) < DISCARDS else Phase.TRUMP), self.dealer

    def legal_moves(self) -> list[Move]:
        """Before play the dealer's discards (any card of its hand) or trump
        (any strain); in play `View.legal_moves`."""
        if self.phase == Phase.DISCARD:
            return [Move("discard", c) for c in self.known[self.seat]]
        if self.phase == Phase.TRUMP:
            return [Move("trump", value=t) for t in range(NOTRUMP + 1)]
        return super().legal_moves()

    def _table(self) -> ReplayTable:
        owners = self._hand_owners()
        owners |= {c: (OUT, "the dealer's discards") for c in self.discards}
        claims = None if self.quest is None else QuestClaims(quest_needs(self.quest), self.sides)
        return ReplayTable(
            self.nseats,
            NOTRUMP if self.trump is None else self.trump,  # before play no card is played
            (self.dealer + 1) % self.nseats,
            HAND,
            self.seat,
            self.known[self.seat],
            owners,
            self.seat_name,
            claims=claims,
        )

    def _hidden(self) -> tuple[list[HiddenPlace], CardSet, CardSet]:
        places, fixed = self._hand_places(HAND, CardSet(self.discards))
        # Before play the dealer's discards still to make are in its hand.
        hidden_discards = DISCARDS - len(self.discards) if self.trump is not None else 0
        places.append(
            hidden_place("the dealer's discards", hidden_discards, ("discards", self.dealer))
        )
        return places, FULL_DECK - fixed, CardSet()

    def world(self, fills: Sequence[CardSet], play: bool = True) -> Position:
        """Before play, the quest deck drawn from a fixed generator (`world_with`)."""
        return self._world(fills, play, random.Random(FIXED_CHANCES))

    def world_with(self, fills: Sequence[CardSet], rng: random.Random) -> Position:
        """Before play, the quest still to turn drawn from `rng`: two of the
        courts not yet used removed, the rest of the unused quest cards
        shuffled."""
        return self._world(fills, True, rng)

    def _world(self, fills: Sequence[CardSet], play: bool, rng: random.Random) -> Chinkway:
        fill = self._fill_map(fills)
        hands = self._world_hands(fill)
        discards = self.discards + list(fill.get(("discards", self.dealer), CardSet()))
        if self.trump is not None:
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
        unused = FULL_DECK - CardSet(self.quest_used)
        removed = rng.sample(sorted(unused & COURTS), REMOVED_COURTS)
        deck = [c for c in unused if c not in removed]
        rng.shuffle(deck)
        return Chinkway(
            self.round,
            self.dealer,
            hands,
            discards=discards,
            quest_deck=deck,
            quest_used=self.quest_used,
            quest_removed=sorted(removed, reverse=True),
            rounds=self.rounds,
        )

    def _fields(self) -> Fields:
        fields: Fields = {
            "game": self.game,
            "seat": self.seat + 1,
            "round": self.round,
            "dealer": self.dealer + 1,
            "trump": strain_text(self.trump) if self.trump is not None else None,
            "quest": " ".join(str(c) for c in self.quest) if self.quest is not None else None,
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
        trump = read_strain(get_str(fields, "trump"))
        quest = fields.get("quest")
        if quest is None and trump is not None:
            raise PositionError("chinkway view: missing key 'quest'")
        return cls(
            seat,
            _int(fields, "round", 1),
            parse_seat(get_str(fields, "dealer", "1") or "1", cls.nseats, "dealer"),
            [read_cardset(e, f"hand {s + 1}") for s, e in enumerate(entries)],
            read_card_list(fields.get("discards", ""), "discards"),
            trump,
            read_card_list(quest, "quest") if quest is not None else None,
            read_card_list(fields.get("quest_used", ""), "quest_used"),
            get_str(fields, "play", "") or "",
            _int(fields, "rounds", ROUNDS),
        )

    @classmethod
    def _from_position(cls, pos: Any, seat: int) -> ChinkwayView:
        assert isinstance(pos, Chinkway)
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
