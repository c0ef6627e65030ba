"""How Cinch is drawn for a person: the seats' discards, the calls and the
contract, the points each side holds, the stock and the widow, and in the
narration the calls a seat has heard, the discards it has seen and the
redeal once trump is named.  The pieces every game shares are in
`solver.drawing`; these functions are reached through
`solver.games.cinch.game`."""

from __future__ import annotations

from rich.text import Text

from solver.drawing import (
    Row,
    SeatRow,
    cards_held_line,
    cards_list,
    cards_text,
    move_line,
    of_kind,
    side_members,
    side_name,
)
from solver.games.base import Move, Position, bid_text
from solver.games.cinch.rules import Cinch
from solver.seatview import SeatKnowledge

VALUE_UNIT = "net hand score"


def value_meaning(who: str) -> str:
    """A side's hand score less the other side's."""
    return f"net hand score for {who}: its hand score minus the other side's, bid rule applied"


def seat_rows(pos: Position) -> list[SeatRow]:
    """Every seat's discards, once there are any."""
    cinch = of_kind(pos, Cinch)
    if not any(cinch.discards):
        return []
    return [("discards", [cards_text(cinch.discards[s]) for s in cinch.iter_seats()])]


def state_rows(pos: Position) -> list[Row]:
    """The calls, the contract, the points each side holds, stock and widow."""
    cinch = of_kind(pos, Cinch)
    rows: list[Row] = []
    first = (cinch.dealer + 1) % cinch.nseats
    calls = [
        f"{cinch.seat_name((first + i) % cinch.nseats)}: {bid_text(b)}"
        for i, b in enumerate(cinch.bids)
    ]
    rows.append(("Bids", ", ".join(calls) or Text("none yet", style="dim")))
    if len(cinch.bids) == cinch.nseats:
        rows.append(("Contract", f"{cinch.seat_name(cinch.bidder)} bid {bid_text(cinch.bid)}"))
    if cinch.core is not None:
        for side, members in side_members(pos).items():
            held = cinch.points(side)
            rows.append(
                (
                    f"{side_name(pos, members)} holds",
                    ", ".join(held) or Text("no point", style="dim"),
                )
            )
    if cinch.stock is not None:
        rows.append(("Stock", f"{len(cinch.stock)} cards"))
    if cinch.widow is not None:
        widow = cards_text(cinch.widow, empty="empty").append("  (unseen)", style="dim")
        rows.append(("Widow", widow))
    if any(cinch.discards):
        rows.append(("Discards", "shown (first hand)" if cinch.first_hand else "face down"))
    return rows


def seen_lines(sight: SeatKnowledge, pos: Position) -> list[str]:
    """The calls, the contract, the discards seen and the cards the others hold."""
    first = (sight.dealer + 1) % sight.nseats
    calls = [
        f"{pos.seat_name((first + i) % sight.nseats)} {bid_text(b)}"
        for i, b in enumerate(sight.bids)
    ]
    lines = ["Calls: " + (", ".join(calls) or "none yet")]
    if sight.bidder is not None and sight.bid is not None:
        lines.append(f"Contract: {pos.seat_name(sight.bidder)} bid {bid_text(sight.bid)}")
    if sight.discards:
        lines.append(f"Discards seen: {cards_list(sight.discards)}")
    return [*lines, cards_held_line(sight, pos)]


def move_lines(pos: Position, move: Move, who: str, secret: bool) -> list[str]:
    """A move, and once trump is named the redeal that follows."""
    lines = [move_line(move, who)]
    if move.kind == "trump":
        lines.append("  Everyone discards their non-trumps; the hands are filled to six")
    return lines
