"""What the web board's page draws, as JSON: a board's table and the results
of its searches.  The page knows no game: every word and part of a game's
own comes from here, through the game's `Game` (its `board_parts`, its
value words), and the page only lays them out.

The table is the CLI's JSON of a position (``tricksolver show --json``,
`solver.cli.render_json.position_json`) with what a board adds: the legal
moves with the text a click sends, the last trick and who played each card
of it, the moves made and taken back, the players at the seats, what the
game draws besides hands and tricks, and whether the next move makes itself
(an engine's move, or the only legal one).  In a seat's view, what that
seat cannot see is taken out (`solver.web.seat_view`).
"""

from __future__ import annotations

from typing import Any

from solver.cli.render_analysis import side_label, value_meaning
from solver.cli.render_json import position_json
from solver.errors import TricksolverError
from solver.games.base import Move, Phase, Position
from solver.games.game import Board, RecordFormat
from solver.games.registry import game_of
from solver.review import played_hand
from solver.search_results import Analysis, Bounds, CardValue
from solver.web.boards import WebBoard
from solver.web.seat_view import hidden_cards, seat_view_json
from solver.wholegame import WholeGame

PERSON = "you"  # a seat a person plays, in the list of players


def tricks_played(pos: Position) -> list[list[dict[str, str]]]:
    """Every trick completed so far, each the (seat, card) of its cards in
    the order played: the play replayed from its first card."""
    start, moves = played_hand(pos)
    work, tricks, trick = start, [], []
    for move in moves:
        if move.kind == "play" and move.card is not None:
            trick.append({"seat": work.seat_name(work.to_move), "card": str(move.card)})
        work.play(move)
        core = work.core
        if trick and core is not None and len(core.trick) == 0 and work.phase != Phase.CLAIM:
            tricks.append(trick)
            trick = []
        elif trick and work.phase == Phase.CLAIM:
            tricks.append(trick)
            trick = []
    return tricks


def move_json(pos: Position, move: Move) -> dict[str, Any]:
    """A legal move: the text a click sends, its card (None for a call or
    trump) and its words for a person."""
    return {"move": str(move), "kind": move.kind,
            "card": None if move.card is None else str(move.card)}  # fmt: skip


def board_json(key: str, board: WebBoard) -> dict[str, Any]:
    """The table of a board, with what the page needs to draw and drive it."""
    pos = board.snapshot()
    game = game_of(pos)
    data: dict[str, Any] = position_json(pos)
    over = pos.is_over
    tricks = tricks_played(pos)
    data.update(
        {
            "id": key,
            "title": game.seats_title(pos.nseats),
            "notes": game.title_notes(pos),
            "value_unit": game.value_unit,
            "moves": [] if over else [move_json(pos, m) for m in pos.legal_moves()],
            "last_trick": tricks[-1] if tricks else [],
            "tricks_done": len(tricks),
            "history": [str(m) for m in pos.history],
            "redo": [str(m) for m in reversed(board.redo)],
            "seat_players": [PERSON if p is None else p.name for p in board.players],
            "seats_spec": board.seats_spec,
            "auto": board.engine_to_move() or board.forced(),
            "over": over,
            "parts": game.board_parts(pos),
            "exports": export_formats(pos),
            "records": [{"name": b.name, "title": record_title(b)} for b in board.records],
            "record": board.record,
            "blunder_cost": game.blunder_cost,
            "side_names": {s: side_label(pos, pos.sides()[s]) for s in range(pos.nseats)},
            "view": None if board.view_seat is None else pos.seat_name(board.view_seat),
            "draft": None if board.draft is None else board.draft.to_json(),
            "whole": None if board.whole is None else score_sheet(board.whole),
        }
    )
    seat = board.view_seat
    if seat is None:
        return data
    own_turn = not over and pos.to_move == seat
    return seat_view_json(data, hidden_cards(pos, seat), own_turn)


def score_sheet(game: WholeGame) -> dict[str, Any]:
    """A whole game's score sheet: every hand scored so far (its dealer, each
    seat's score of it and total after it), the totals, the hand in play,
    what ends the game (a target of points, a number of rounds) and, once
    over, who won."""
    pos = game.position
    return {
        "hand": game.hand,
        "target": game.target,
        "rounds": game.rounds,
        "max_hands": game.max_hands,
        "totals": list(game.scores),
        "hands": [
            {
                "hand": r.number,
                "dealer": pos.seat_name(r.dealer),
                "scores": list(r.scores),
                "totals": list(r.totals),
            }
            for r in game.results
        ],  # fmt: skip
        "over": game.is_over,
        "winners": None if game.winners is None else [pos.seat_name(s) for s in game.winners],
        "by_hand_limit": game.by_hand_limit,
    }


def record_title(board: Board) -> str:
    """A file's board as the picker lists it: its name and its event tags."""
    words = [board.tag(t) for t in ("Event", "Dealer", "Vulnerable")]
    extra = ", ".join(w for w in words if w)
    return f"board {board.name}" + (f" ({extra})" if extra else "")


def export_formats(pos: Position) -> list[str]:
    """The texts a position can be exported as: the notation's two forms,
    and those of its game's hand-record formats that write a board not read
    from them (PBN; not LIN, which writes back only what it read)."""
    return ["toml", "line", *(f.name for f in game_of(pos).record_formats if writes(f, pos))]


def writes(fmt: RecordFormat, pos: Position) -> bool:
    try:
        fmt.write([Board("1", pos)])
    except TricksolverError:
        return False
    return True


# -- the searches' results ------------------------------------------------------------


def bounds_json(b: Bounds) -> dict[str, Any]:
    return b.to_json()


def card_value_json(value: CardValue, best: Bounds | None) -> dict[str, Any]:
    """A class of equivalent moves valued: its moves, what is known of its
    value, and its label relative to the best (``=``, ``-1``; a bound shown
    as a bound, ``≤-1``, ``≥-2``, ``-3..-1``)."""
    b = value.bounds
    return {
        "moves": [str(m) for m in value.equivalent],
        "cards": [str(m.card) for m in value.equivalent if m.card is not None],
        **bounds_json(b),
        "label": None if best is None else relative_label(b, best),
    }


def relative_label(b: Bounds, best: Bounds) -> str:
    """A move's value relative to the best move's: ``=`` for a best move,
    ``-2`` two below; a value not proven shows what is: ``≤-1`` (at most one
    below the best's proven value), ``-3..-1``."""
    if b.exact and best.exact:
        diff = b.low - best.low
        return "=" if diff == 0 else f"{diff:+d}"
    high = b.high - best.low  # at most this much relative to what the best is proven to make
    low = b.low - best.high
    if high >= 0:
        return "?" if low < 0 else "="
    return f"≤{high:+d}" if low <= b.floor - best.high else f"{low:+d}..{high:+d}"


def analysis_json(pos: Position, analysis: Analysis) -> dict[str, Any]:
    """A finished analysis: the side to move, what its values count, the
    position's value, every class of moves best first with its label."""
    best = analysis.bounds
    seen: set[str] = set()
    classes = []
    for value in analysis.moves:
        first = str(value.equivalent[0])
        if first in seen:
            continue
        seen.add(first)
        classes.append(card_value_json(value, best))
    return {
        "side": side_label(pos, analysis.side),
        "meaning": value_meaning(pos, analysis.side),
        "value": bounds_json(best),
        "exact": analysis.exact,
        "classes": classes,
        "best": [str(m) for m in analysis.best],
        "nodes": analysis.stats.nodes,
    }
