"""How Cinch is drawn for a person: the seats' discards, the calls and the
contract, the points each side holds, the stock and the widow, and in the
narration the calls a seat has heard, the discards it has seen and the
redeal once trump is named.  The pieces every game shares are in
`solver.drawing`; these functions are reached through
`solver.games.cinch.game`."""

from __future__ import annotations

from rich.text import Text

from solver import _core
from solver.cards import FULL_DECK, Card, CardSet
from solver.drawing import (
    Row,
    SeatRow,
    card_symbol,
    cards_held_line,
    cards_list,
    cards_text,
    move_line,
    of_kind,
    side_members,
    side_name,
)
from solver.games.base import SHOOT, Move, Position, bid_text
from solver.games.cinch.heuristics import CINCH_GAME_POINTS
from solver.games.cinch.rules import Cinch
from solver.seatview import JACK, SeatKnowledge

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


def _game_points(cards: CardSet) -> int:
    return sum(CINCH_GAME_POINTS.get(c.rank, 0) for c in cards)


def result_lines(pos: Position) -> list[str]:
    """Who took High, Low, Jack and Game, with the cards; then the contract:
    made, set (and what it cost) or a Shoot made or failed."""
    cinch = of_kind(pos, Cinch)
    core = cinch.core
    assert core is not None and cinch.trump is not None
    names = {side: side_name(pos, members) for side, members in side_members(pos).items()}
    taken = {side: CardSet(core.taken(side)) for side in names}

    def taker(card: Card) -> str:
        return f"{card_symbol(card)} ({next(names[s] for s in names if card in taken[s])})"

    trumps = sorted(CardSet(core.in_play) & FULL_DECK.suit(cinch.trump))
    jack = Card.of(cinch.trump, JACK)
    parts = [
        f"High: {taker(trumps[-1])}" if trumps else "High: no trump in play",
        f"Low: {taker(trumps[0])}" if trumps else "Low: no trump in play",
        f"Jack: {taker(jack)}" if jack in trumps else "Jack: not in play",
    ]
    counts = {side: _game_points(taken[side]) for side in names}
    count_text = ", ".join(f"{names[s]} {counts[s]}" for s in names)
    best = max(counts.values())
    leaders = [s for s in names if counts[s] == best]
    game = f"{names[leaders[0]]}" if len(leaders) == 1 else "tied, no point"
    parts.append(f"Game: {game} (game points {count_text})")
    lines = ["  " + "; ".join(parts)]
    side = cinch.sides()[cinch.bidder]
    bits = core.cinch_points(side)
    took = sum(bool(bits & b) for b in (_core.CINCH_HIGH, _core.CINCH_LOW, _core.CINCH_JACK,
                                         _core.CINCH_GAME))  # fmt: skip
    score = cinch.scores()[cinch.bidder]
    who = names[side]
    point_word = "point" if took == 1 else "points"
    if cinch.bid == SHOOT:
        needed = 4 if cinch.shoot_rule == "all-four" or jack in trumps else 3
        if score > 0:
            outcome = f"shot and took all {needed} points: the Shoot is made, {who} scores {score}"
        else:
            outcome = (
                f"shot and took {took} {point_word} of the {needed} it needed:"
                f" the Shoot failed, {who} loses {-score}"
            )
    elif score > 0:
        outcome = f"bid {cinch.bid} and took {took} {point_word}: made, {who} scores {score}"
    else:
        outcome = f"bid {cinch.bid} and took {took} {point_word}: set, {who} loses {cinch.bid}"
    others = ", ".join(
        f"{names[s]} scores {cinch.scores()[members[0]]}"
        for s, members in side_members(pos).items()
        if s != side
    )
    lines.append(f"  {who} {outcome}; {others}")
    return lines
