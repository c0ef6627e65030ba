"""Chinese Whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from collections.abc import Sequence

from solver.cards import Card, CardSet
from solver.drawing import TRICKS, TRICKS_FROM_HERE, game_to, tricks_meaning
from solver.games.base import Move, Position
from solver.games.chinese_whist import drawing, editing, heuristics, whole_game
from solver.games.chinese_whist.rules import DEFAULT_TARGET, PAR, TARGETS, ChineseWhist, deck_for
from solver.games.chinese_whist.view import ChineseWhistView
from solver.games.game import Game, HandToDeal
from solver.seatview import SeatFacts, SeatKnowledge
from solver.view import View

POINTS_FOR_THE_HAND = "points for the hand"  # max^n by score: tricks above par, whole hand


class ChineseWhistGame(Game):
    name = "chinese-whist"
    title = "Chinese Whist"
    aliases = ("chinese_whist", "chinesewhist", "cw")
    seat_counts = (2, 3, 4)
    position = ChineseWhist
    view = ChineseWhistView

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> ChineseWhist:
        return ChineseWhist.deal(players or self.default_seats, seed)

    def deal_pool(self, drawn: Sequence[Card], players: int) -> CardSet:
        pack = deck_for(players)
        return pack - CardSet(drawn) if len(drawn) < len(pack) else CardSet()

    def dealt(self, drawn: Sequence[Card], players: int) -> ChineseWhist:
        return ChineseWhist.from_deck(players, drawn)

    def score_bounds(self, players: int) -> tuple[int, int]:
        """A side's tricks above par: at most all of a hand's tricks less par."""
        return 0, len(deck_for(players)) // players - PAR[players]

    # --- players ---
    targets = TARGETS
    decision_max_nodes = 100_000
    player_max_nodes = 50_000
    player_decision_max_nodes = 5_000

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, ChineseWhist)
        return heuristics.seat_facts(pos, seat)

    def view_facts(self, view: View) -> SeatFacts:
        assert isinstance(view, ChineseWhistView)
        return heuristics.view_facts(view)

    def heuristic_decision(self, view: SeatKnowledge) -> Move:
        return heuristics.decision(view)

    def deal_hand(self, deal: HandToDeal) -> Position:
        previous = deal.previous
        assert previous is None or isinstance(previous, ChineseWhist)
        return whole_game.deal_hand(deal.seed, deal.players, deal.dealer, previous, deal.target)

    def target_of(self, pos: Position) -> int | None:
        assert isinstance(pos, ChineseWhist)
        return pos.target

    def already_won(self, pos: Position, totals: Sequence[int]) -> bool:
        assert isinstance(pos, ChineseWhist)
        return whole_game.single_top(totals, pos.sides(), pos.target) is not None

    def winners(
        self, pos: Position, before: Sequence[int], after: Sequence[int]
    ) -> tuple[int, ...] | None:
        assert isinstance(pos, ChineseWhist)
        return whole_game.winners(pos, after)

    def match_deal(self, seed: int, players: int, index: int) -> Position:
        return ChineseWhist.deal(players, seed, dealer=index % players)

    # --- cli ---
    default_target = DEFAULT_TARGET
    bench_parts = (("cw4", 4), ("cw3", 3), ("cw2", 2))
    bench_aliases = ("cw",)
    value_unit = TRICKS
    value_words = TRICKS_FROM_HERE
    hand_label = drawing.HAND_LABEL
    many_sides = staticmethod(drawing.many_sides)

    value_meaning = staticmethod(tricks_meaning)
    length_text = staticmethod(game_to)

    def maxn_words(self, by: str) -> str:
        """Max^n by score (three players) counts each player's points for the
        whole hand, its tricks above par; by tricks, its tricks from here."""
        return TRICKS_FROM_HERE if by == "tricks" else POINTS_FOR_THE_HAND

    seat_rows = staticmethod(drawing.seat_rows)
    panels = staticmethod(drawing.panels)
    seen_lines = staticmethod(drawing.seen_lines)
    dealt_text = staticmethod(drawing.dealt_text)
    trick_lines = staticmethod(drawing.trick_lines)
    board_parts = staticmethod(drawing.board_parts)
    edit_places = staticmethod(editing.edit_places)
    placed_fields = staticmethod(editing.placed_fields)


GAME = ChineseWhistGame()
