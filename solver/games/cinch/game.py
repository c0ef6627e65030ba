"""Cinch as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import Card
from solver.drawing import game_to
from solver.games.base import SHOOT, Move, Position
from solver.games.cinch import before_play, drawing, heuristics, whole_game
from solver.games.cinch.before_play import CinchDealView
from solver.games.cinch.rules import SEATS, Cinch
from solver.games.cinch.view import CinchView, view_facts
from solver.games.game import Game, HandToDeal
from solver.seatview import SeatFacts, SeatKnowledge
from solver.view import View


class CinchGame(Game):
    name = "cinch"
    title = "Cinch"
    seat_counts = (SEATS,)
    position = Cinch
    view = CinchView

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Cinch:
        return Cinch.deal(seed)

    def dealt(self, drawn: Sequence[Card], players: int) -> Cinch:
        """The hand's key ``seed`` (its dead-wood draws, public) is 0: a deal's
        own seed would tell its cards."""
        return Cinch.from_deck(drawn)

    def score_bounds(self, players: int) -> tuple[int, int]:
        return -SHOOT, SHOOT  # a Shoot made or set

    # --- players ---
    decision_max_nodes = 2_000_000  # a Cinch deal solves in well under a million nodes
    player_max_nodes = 2_000_000
    player_decision_max_nodes = 2_000_000  # a whole deal solves: a small budget wastes little

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, Cinch)
        return heuristics.seat_facts(pos, seat)

    def view_facts(self, view: View) -> SeatFacts:
        assert isinstance(view, CinchView) or isinstance(view, CinchDealView)
        return view_facts(view)

    def heuristic_decision(self, view: SeatKnowledge) -> Move:
        return heuristics.decision(view)

    def card_worth(self, view: SeatKnowledge, card: Card, to_side: int) -> float:
        return heuristics.card_worth(view, card, to_side)

    def strong_in_trumps(self, view: SeatKnowledge) -> bool | None:
        return heuristics.strong_in_trumps(view)

    def plans(self, pos: Position, seat: int) -> list[tuple[Move, ...]]:
        assert isinstance(pos, Cinch)
        return before_play.plans(pos, seat)

    def player_worlds(self, pos: Position) -> tuple[int, int] | None:
        assert isinstance(pos, Cinch)
        return before_play.player_worlds(pos)

    def too_bold(self, pos: Position, move: Move) -> bool:
        assert isinstance(pos, Cinch)
        return before_play.too_bold(pos, move)

    def deal_hand(self, deal: HandToDeal) -> Position:
        assert deal.previous is None or isinstance(deal.previous, Cinch)
        return whole_game.deal_hand(deal.seed, deal.hand, deal.dealer, deal.previous)

    def moves_from_deal(self, pos: Position) -> list[Move] | None:
        assert isinstance(pos, Cinch)
        return whole_game.moves_from_deal(pos)

    def discards_and_calls(self, pos: Position) -> int:
        assert isinstance(pos, Cinch)
        return whole_game.discards_and_calls(pos)

    def check_game_hand(self, pos: Position, hand: int) -> None:
        assert isinstance(pos, Cinch)
        whole_game.check_hand(pos, hand)

    def target_of(self, pos: Position) -> int | None:
        return whole_game.CINCH_TARGET

    def already_won(self, pos: Position, totals: Sequence[int]) -> bool:
        return max(totals) >= whole_game.CINCH_TARGET

    def winners(
        self, pos: Position, before: Sequence[int], after: Sequence[int]
    ) -> tuple[int, ...] | None:
        assert isinstance(pos, Cinch)
        return whole_game.winners(pos, before, after)

    def match_deal(self, seed: int, players: int, index: int) -> Position:
        return Cinch.deal(seed, dealer=index % players)

    # --- cli ---
    bench_parts = (("cinch", SEATS),)
    value_unit = drawing.VALUE_UNIT

    value_meaning = staticmethod(drawing.value_meaning)
    length_text = staticmethod(game_to)

    seat_rows = staticmethod(drawing.seat_rows)
    state_rows = staticmethod(drawing.state_rows)
    seen_lines = staticmethod(drawing.seen_lines)
    move_lines = staticmethod(drawing.move_lines)
    result_lines = staticmethod(drawing.result_lines)


GAME = CinchGame()
