"""Plain whist as the generic layers see it (see `solver.games.game`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from solver.cards import Card, parse_strain, strain_text
from solver.drawing import TRICKS, TRICKS_FROM_HERE, tricks_meaning
from solver.errors import NotationError, PositionError
from solver.games.base import Position
from solver.games.game import Board, Game, HandToDeal, RecordFormat, ReferencePart, side_seats
from solver.games.whist import bench, board_view, ddslist, drawing, heuristics, lin, pbn
from solver.games.whist.rules import FULL_HAND, Whist, dummy_in_view, partner
from solver.games.whist.view import WhistView
from solver.notation import SEAT_LETTERS
from solver.seatview import SeatFacts
from solver.view import View


class WhistGame(Game):
    name = "whist"
    title = "Whist"
    seat_counts = (4,)
    position = Whist
    view = WhistView
    names_trump_at_deal = True

    def deal(self, seed: int, players: int | None = None, trump: int | None = None) -> Whist:
        return Whist.deal(seed, trump)

    def dealt(self, drawn: Sequence[Card], players: int) -> Whist:
        return Whist.from_deck(drawn)

    def score_bounds(self, players: int) -> tuple[int, int]:
        return 0, FULL_HAND  # a side's tricks

    # --- players ---
    decision_max_nodes = 200_000
    player_max_nodes = 200_000

    def seat_facts(self, pos: Position, seat: int) -> SeatFacts:
        assert isinstance(pos, Whist)
        return heuristics.seat_facts(pos, seat)

    def view_facts(self, view: View) -> SeatFacts:
        assert isinstance(view, WhistView)
        return heuristics.view_facts(view)

    def deal_hand(self, deal: HandToDeal) -> Position:
        return Whist.deal(deal.seed)

    def check_game_hand(self, pos: Position, hand: int) -> None:
        if hand != 1:
            raise PositionError("a game of plain whist is one deal (hand 1)")

    def winners(
        self, pos: Position, before: Sequence[int], after: Sequence[int]
    ) -> tuple[int, ...] | None:
        """One deal: the side with more tricks wins."""
        won, sides, n = pos.tricks_won(), pos.sides(), pos.nseats
        best = max(range(n), key=lambda s: won[s] + won[(s + 2) % n])
        return side_seats(sides, sides[best])

    def match_deal(self, seed: int, players: int, index: int) -> Position:
        return Whist.deal(seed)

    # --- cli ---
    value_unit = TRICKS
    value_words = TRICKS_FROM_HERE
    table_by_declarer = True
    reads_pbn = True

    def pbn_line(self, pbn: str, trump: str | None, leader: str | None) -> str:
        fields = [f"trump={strain_text(parse_strain(trump)) if trump else 'NT'}"]
        if leader is not None:
            seat = leader.strip().upper()
            if len(seat) != 1 or seat not in SEAT_LETTERS:
                raise NotationError(f"unknown leader {leader!r} (use N, E, S or W)")
            fields.append(f"leader={seat}")
        return "; ".join([self.name, *fields, f"hands={pbn.strip()}"])

    record_formats = (
        RecordFormat(  # (what PBN cannot keep of a LIN record: lin.py knows)
            pbn.FORMAT,
            pbn.recognises,
            pbn.read_pbn,
            pbn.write_pbn,
            pbn.annotate,
            "PBN",
            lin.lost_in_pbn,
        ),
        RecordFormat(lin.FORMAT, lin.recognises, lin.read_lin, lin.write_lin, title="LIN"),
        RecordFormat(
            ddslist.FORMAT,
            ddslist.recognises,
            ddslist.read_list,
            ddslist.write_list,
            title=ddslist.TITLE,
        ),
    )

    value_meaning = staticmethod(tricks_meaning)

    def board_panel(self, board: Board) -> RenderableType | None:
        return board_view.board_panel(board)

    def board_notes(self, board: Board) -> list[str]:
        return board_view.board_notes(board)

    def board_json(self, board: Board) -> dict[str, Any]:
        return board_view.board_json(board)

    def analysis_notes(
        self, board: Board, seat: int, values: Sequence[tuple[str, int | None]]
    ) -> list[str]:
        return board_view.analysis_notes(board, seat, values)

    def review_notes(self, board: Board, values: Sequence[tuple[int, int | None]]) -> list[str]:
        return board_view.review_notes(board, values)

    seen_lines = staticmethod(drawing.seen_lines)

    def board_to_play(self, board: Board) -> Position:
        pos = board.position
        assert isinstance(pos, Whist)
        dummy = board_view.dummy(board)
        if dummy is None:
            return pos
        fields = {**pos.to_fields(), "declarer": SEAT_LETTERS[partner(dummy)]}
        return Whist.from_fields({k: v for k, v in fields.items() if v is not None})

    def decider(self, pos: Position, seat: int) -> int:
        assert isinstance(pos, Whist)
        if pos.declarer is not None and seat == pos.dummy:
            return pos.declarer
        return seat

    def open_hand(self, pos: Position) -> int | None:
        assert isinstance(pos, Whist)
        return dummy_in_view(pos.dummy, len(pos.play_record))

    def table_notes(self, board: Board, table: Any) -> list[str]:
        return board_view.table_notes(board, table)

    def length_text(self, target: int | None, rounds: int | None) -> str:
        return "one deal"

    # --- bench ---
    reference_parts = (
        ReferencePart(
            name=bench.OPENING_LEAD_PART,
            title=title,
            deals=bench.DEALS,
            run=bench.bench_whist,
            view=drawing.whist_bench_view,
        ),
        ReferencePart(
            name=bench.TABLE_PART,
            title=f"{title} table",
            deals=bench.DEALS,
            run=bench.bench_table,
            view=drawing.table_bench_view,
        ),
    )


GAME = WhistGame()
