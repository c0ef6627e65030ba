"""Chinkway as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import FULL_DECK, Card, CardSet
from solver.games.base import Move, Position
from solver.games.chinkway import before_play, drawing, heuristics, whole_game
from solver.games.chinkway.rules import (
    COURTS,
    QUEST_CARDS,
    REMOVED_COURTS,
    ROUNDS,
    SEATS,
    Chinkway,
    lay_out,
)
from solver.games.chinkway.view import ChinkwayView
from solver.games.game import Game, HandToDeal
from solver.seatview import SeatFacts, SeatKnowledge
from solver.view import View


class ChinkwayGame(Game):
    name = "chinkway"
    title = "Chinkway"
    seat_counts = (SEATS,)
    position = Chinkway
    view = ChinkwayView

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Chinkway:
        return Chinkway.deal(seed)

    def deal_pool(self, drawn: Sequence[Card], players: int) -> CardSet:
        """Three packs, as `Chinkway.deal` shuffles them for a first round:
        the two courts removed from the quest deck, the quest deck (the 50
        other cards), then the game deck."""
        n = len(drawn)
        if n < REMOVED_COURTS:
            return COURTS - CardSet(drawn)
        if n < len(FULL_DECK):
            return FULL_DECK - CardSet(drawn)
        if n < 2 * len(FULL_DECK):
            return FULL_DECK - CardSet(drawn[len(FULL_DECK) :])
        return CardSet()

    def dealt(self, drawn: Sequence[Card], players: int) -> Chinkway:
        """The first round of a game, seat 1 dealing."""
        pack = len(FULL_DECK)
        return Chinkway(
            1,
            0,
            lay_out(drawn[pack:], 0),
            quest_deck=list(drawn[REMOVED_COURTS:pack]),
            quest_used=[],
            quest_removed=sorted(drawn[:REMOVED_COURTS], reverse=True),
        )

    def score_bounds(self, players: int) -> tuple[int, int]:
        """A side's quest parts score 1 + 2 + ... (the C core's ts_quest_score)."""
        return 0, QUEST_CARDS * (QUEST_CARDS + 1) // 2

    # --- players ---
    totals_by_side = False
    default_rounds = ROUNDS
    decision_max_nodes = 100_000
    player_max_nodes = 50_000
    player_decision_max_nodes = 5_000

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, Chinkway)
        return heuristics.seat_facts(pos, seat)

    def view_facts(self, view: View) -> SeatFacts:
        assert isinstance(view, ChinkwayView)
        return heuristics.view_facts(view)

    def heuristic_decision(self, view: SeatKnowledge) -> Move:
        return heuristics.decision(view)

    def card_worth(self, view: SeatKnowledge, card: Card, to_side: int) -> float:
        return heuristics.card_worth(view, card, to_side)

    def wants_trick(self, view: SeatKnowledge, winners: list[Card], winning_side: int) -> bool:
        return heuristics.wants_trick(view, winners, winning_side)

    def sure_lead(self, view: SeatKnowledge, masters: list[Card]) -> Card | None:
        return heuristics.sure_lead(view, masters)

    def plans(self, pos: Position, seat: int) -> list[tuple[Move, ...]]:
        assert isinstance(pos, Chinkway)
        return before_play.plans(pos, seat)

    def deal_hand(self, deal: HandToDeal) -> Position:
        assert deal.previous is None or isinstance(deal.previous, Chinkway)
        return whole_game.deal_hand(deal.seed, deal.hand, deal.dealer, deal.previous, deal.rounds)

    def discards_and_calls(self, pos: Position) -> int:
        assert isinstance(pos, Chinkway)
        return len(pos.discards)

    def check_game_hand(self, pos: Position, hand: int) -> None:
        assert isinstance(pos, Chinkway)
        whole_game.check_hand(pos, hand)

    def rounds_of(self, pos: Position) -> int | None:
        assert isinstance(pos, Chinkway)
        return pos.rounds

    def winners(
        self, pos: Position, before: Sequence[int], after: Sequence[int]
    ) -> tuple[int, ...] | None:
        assert isinstance(pos, Chinkway)
        return whole_game.winners(pos, after)

    def match_deal(self, seed: int, players: int, index: int) -> Position:
        return whole_game.match_deal(seed, index)

    # --- cli ---
    bench_parts = (("chinkway", SEATS),)
    value_unit = drawing.VALUE_UNIT
    blunder_cost = drawing.BLUNDER_COST
    hand_word = "round"
    tricks_by_side = False
    dealer_alone = True

    def many_sides(self, nseats: int) -> bool:
        return True  # the dealer alone against two teams

    value_meaning = staticmethod(drawing.value_meaning)
    title_notes = staticmethod(drawing.title_notes)
    length_text = staticmethod(drawing.length_text)
    seat_rows = staticmethod(drawing.seat_rows)
    state_rows = staticmethod(drawing.state_rows)
    seen_lines = staticmethod(drawing.seen_lines)
    move_lines = staticmethod(drawing.move_lines)
    result_lines = staticmethod(drawing.result_lines)


GAME = ChinkwayGame()
