"""A board of a hand record drawn as a bridge player reads it (whist's
`Game.board_panel`, `board_notes`, `board_json`, `lead_value_text` and
`table_notes`): the hands as a compass diagram (North at the top, as
BBO's hand viewer and endplay's ``Deal.pprint`` draw them), the dealer,
the vulnerability, the players, the auction with its alerts and notes, the
contract and its declarer, the result, and a double-dummy value told
against the contract (``3NT −1``).  What a record does not hold is left
out; a board of no record (a position) has none of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from solver.cards import CardSet, Suit, strain_text
from solver.doubledummy import declarer_tricks
from solver.drawing import suit_line
from solver.games.game import Board
from solver.games.whist.bridge import (
    BridgeFacts,
    Call,
    contract_symbols,
    relative_text,
    result_text,
)
from solver.games.whist.pbn import TABLE_TAG, read_table_lines, section
from solver.games.whist.rules import FULL_HAND, SEATS, Whist
from solver.notation import SEAT_LETTERS
from solver.search_results import Table

SIDE_WORDS = {"None": "none vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable"}
SIDE_WORDS["All"] = "both vulnerable"
NORTH, EAST, SOUTH, WEST = range(SEATS)
CENTRE_WIDTH = 9  # the middle of the compass diagram


def facts_of(board: Board) -> BridgeFacts | None:
    """The bridge facts of a board of a hand record (None for a position of
    the notation, or a board that says nothing of its bridge)."""
    pos = board.position
    if not isinstance(pos, Whist) or board.raw is None:
        return None
    return BridgeFacts.of(board, pos.dealer)


def _call_text(call: Call) -> str:
    text = contract_symbols(call.text) if call.text[:1].isdigit() else call.text
    return text + ("!" if call.alert or call.note else "")


def auction_lines(facts: BridgeFacts) -> list[str]:
    """The auction, one call a seat from the dealer, and its notes."""
    if not facts.calls:
        return []
    calls = " ".join(_call_text(c) for c in facts.calls)
    lines = [f"Auction ({SEAT_LETTERS[facts.dealer]} first): {calls}"]
    noted = [c for c in facts.calls if c.note]
    lines += [f"  {_call_text(c)} {c.note}" for c in noted]
    return lines


def board_notes(board: Board) -> list[str]:
    """The lines telling what the record says: dealer and vulnerability,
    the players, the contract, the result, the auction."""
    facts = facts_of(board)
    if facts is None:
        return []
    first = [f"Dealer {SEAT_LETTERS[facts.dealer]}"]
    if facts.vulnerable:
        first.append(SIDE_WORDS[facts.vulnerable])
    if facts.room:
        first.append(f"{facts.room.lower()} room")
    lines = [", ".join(first)]
    named = [f"{SEAT_LETTERS[s]} {n}" for s, n in enumerate(facts.names) if n]
    if named:
        lines.append("Players: " + ", ".join(named))
    contract = facts.contract_words()
    if contract:
        result = ""
        if facts.result is not None and facts.level is not None:
            result = f": {facts.result} tricks, {result_text(facts.contract, facts.result)}"
        lines.append(f"Contract {contract}{result}")
    return lines + auction_lines(facts)


def board_json(board: Board) -> dict[str, Any]:
    """The record's facts as JSON (empty for a board of no hand record)."""
    facts = facts_of(board)
    if facts is None:
        return {}
    data: dict[str, Any] = {"dealer": SEAT_LETTERS[facts.dealer]}
    if facts.vulnerable:
        data["vulnerable"] = facts.vulnerable
    if facts.contract:
        data["contract"] = facts.contract
    if facts.declarer is not None and facts.level is not None:
        data["declarer"] = SEAT_LETTERS[facts.declarer]
    if facts.result is not None:
        data["result"] = facts.result
        if facts.level is not None:
            data["result_text"] = result_text(facts.contract, facts.result)
    if facts.calls:
        data["auction"] = [
            {"call": c.text, "alert": c.alert, **({"note": c.note} if c.note else {})}
            for c in facts.calls
        ]
    players = {SEAT_LETTERS[s]: n for s, n in enumerate(facts.names) if n}
    if players:
        data["players"] = players
    if facts.room:
        data["room"] = facts.room
    return data


def _hand(cards: CardSet) -> Text:
    return Text("\n").join(suit_line(cards, suit) for suit in Suit)


def compass(pos: Whist, facts: BridgeFacts | None = None) -> RichTable:
    """The four hands as dealt to `pos` around a compass: North at the top,
    West left, East right, South below; in the middle the seats, the
    dealer and the vulnerable sides marked."""
    hands = [CardSet.parse(h) for h in pos.to_fields()["hands"]]
    grid = RichTable.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column()
    dealer = pos.dealer if facts is None else facts.dealer
    vulnerable = "" if facts is None else facts.vulnerable

    def seat(s: int) -> str:
        letter = SEAT_LETTERS[s]
        red = vulnerable in ("All", "NS" if s % 2 == 0 else "EW")
        return f"[{letter}]" if red else letter

    centre = Text(
        f"{seat(NORTH):^{CENTRE_WIDTH}}\n{seat(WEST):<4}{seat(EAST):>{CENTRE_WIDTH - 4}}\n"
        f"{seat(SOUTH):^{CENTRE_WIDTH}}\n{'dealer ' + SEAT_LETTERS[dealer]:^{CENTRE_WIDTH}}",
        style="bold",
    )
    grid.add_row(Text(), _hand(hands[NORTH]), Text())
    grid.add_row(_hand(hands[WEST]), centre, _hand(hands[EAST]))
    grid.add_row(Text(), _hand(hands[SOUTH]), Text())
    return grid


def board_panel(board: Board) -> RenderableType | None:
    """The board as a bridge player reads it: the compass diagram of its
    hands (before any card is played, every hand of as many cards) and the
    record's facts; None for a position with a card played."""
    facts = facts_of(board)
    pos = board.position
    if not isinstance(pos, Whist):
        return None
    sizes = {len(CardSet.parse(h)) for h in pos.to_fields()["hands"]}
    parts: list[RenderableType] = []
    if len(sizes) == 1 and not pos.play_record:
        parts.append(compass(pos, facts))
        if facts is not None and facts.vulnerable:
            parts.append(Text("(a seat in [ ]: vulnerable)", style="dim"))
    parts += [Text(line) for line in board_notes(board)]
    return Group(*parts) if parts else None


def _declarer_side_tricks(facts: BridgeFacts, pos: Whist, seat: int, value: int) -> int | None:
    """Declarer's side's tricks from the opening lead when `seat`'s side
    takes `value` of them; None away from the contract's opening lead."""
    if facts.level is None or facts.declarer is None or pos.play_record:
        return None
    if pos.trump != facts.strain or pos.to_move != (facts.declarer + 1) % SEATS:
        return None
    return value if seat % 2 == facts.declarer % 2 else FULL_HAND - value


def lead_value_text(board: Board, seat: int, value: int) -> str | None:
    """A proven value for `seat`'s side at the board's opening lead told
    against its contract: ``declarer's side 8 tricks: 3NT −1``."""
    facts = facts_of(board)
    pos = board.position
    if facts is None or not isinstance(pos, Whist):
        return None
    tricks = _declarer_side_tricks(facts, pos, seat, value)
    if tricks is None:
        return None
    return f"declarer's side {tricks} tricks: {result_text(facts.contract, tricks)}"


TRACE_TAG = "DdsTrace"  # DDS's values along the play (solver.games.whist.ddslist)
FUT_TAG = "DdsFut"  # DDS's value of every card at the lead (SolveBoard's futureTricks)
DDS_RANKS = "23456789TJQKA"  # DDS's ranks 2..14
LOWEST_DDS_RANK = 2
FUT_ROWS = 4  # a FUT line: the count, then its suits, ranks, equals and scores


def fut_values(text: str) -> dict[str, int] | None:
    """Every card's value for the side on lead of a DDS list's FUT line
    (its cards, each with the lower cards its ``equals`` bits name); None
    when it does not read."""
    fields = text.split()
    if not fields or not all(f.isdigit() for f in fields):
        return None
    count = int(fields[0])
    if len(fields) != 1 + FUT_ROWS * count:
        return None
    suits, ranks, equals, scores = (
        [int(f) for f in fields[1 + k * count : 1 + (k + 1) * count]] for k in range(FUT_ROWS)
    )
    values = {}
    for suit, rank, equal, score in zip(suits, ranks, equals, scores, strict=True):
        held = [rank] + [r for r in range(LOWEST_DDS_RANK, rank) if equal >> r & 1]
        if suit >= len(Suit) or any(r - LOWEST_DDS_RANK >= len(DDS_RANKS) for r in held):
            return None
        for r in held:
            values[DDS_RANKS[r - LOWEST_DDS_RANK] + "SHDC"[suit]] = score
    return values


def analysis_notes(board: Board, seat: int, values: Sequence[tuple[str, int | None]]) -> list[str]:
    """What an analysis of the board's opening lead says of its record: each
    lead's result against the contract (``3NT by N: A♣ K♦ −1; 7♠ =``), and,
    for a DDS list, whether DDS's value of every card (FUT) is the same."""
    lines = []
    facts = facts_of(board)
    pos = board.position
    if facts is not None and isinstance(pos, Whist) and facts.level is not None:
        by_result: dict[int, list[str]] = {}
        for move, value in values:
            tricks = None if value is None else _declarer_side_tricks(facts, pos, seat, value)
            if tricks is not None:
                by_result.setdefault(tricks, []).append(move)
        if by_result:
            told = "; ".join(
                f"{' '.join(cards)} {relative_text(facts.level, tricks)}"
                for tricks, cards in sorted(by_result.items())
            )
            lines.append(f"Against {facts.contract_words()}, lead by lead: {told}")
    held = fut_values(board.tag(FUT_TAG) or "")
    if held is not None:
        ours = dict(values)
        differ = [
            f"{card}: {ours.get(card)} here, {value} in the record"
            for card, value in held.items()
            if ours.get(card) is not None and ours.get(card) != value
        ]
        if differ:
            lines.append("The record's values (DDS FUT) differ: " + "; ".join(differ))
        elif any(ours.get(card) is not None for card in held):
            lines.append(f"The record's values (DDS FUT): the same for its {len(held)} cards")
    return lines


def review_notes(board: Board, values: Sequence[tuple[int, int | None]]) -> list[str]:
    """What a review's values say of the board's record: the opening lead's
    value against the contract, and, for a DDS list, whether DDS's TRACE
    (declarer's side's tricks in the hand before the play, then after each
    card) is the same at every card proven."""
    lines = []
    if values and values[0][1] is not None:
        told = lead_value_text(board, values[0][0], values[0][1])
        if told is not None:
            lines.append(f"At the opening lead, double dummy: {told}")
    trace = (board.tag(TRACE_TAG) or "").split()[1:]
    pos = board.position
    if trace and isinstance(pos, Whist) and all(t.isdigit() for t in trace):
        declarer_side = (pos.to_move + 1) % 2  # the side not on lead at the first card
        ours = [
            None if v is None else v if seat % 2 == declarer_side else FULL_HAND - v
            for seat, v in values
        ]
        differ = [
            f"card {i}: {mine} here, {held} in the record"
            for i, (mine, held) in enumerate(zip(ours, trace, strict=False))
            if mine is not None and str(mine) != held
        ]
        compared = sum(1 for m in ours[: len(trace)] if m is not None)
        if differ:
            lines.append("The record's trace (DDS) differs: " + "; ".join(differ))
        elif compared:
            lines.append(f"The record's trace (DDS): the same at the {compared} values proven")
    return lines


def dummy(board: Board) -> int | None:
    """Dummy, declarer's partner, of a board with a contract; else None."""
    facts = facts_of(board)
    if facts is None or facts.level is None or facts.declarer is None:
        return None
    return (facts.declarer + 2) % SEATS


def held_table(board: Board) -> dict[int, dict[int, int]] | None:
    """The double-dummy table a board's record holds (a PBN
    OptimumResultTable, a DDS list's TABLE); None when it holds none."""
    rows = section(board, TABLE_TAG) or next(
        (v for n, v in board.tags if n == TABLE_TAG and "\n" in v), ""
    )
    if not rows:
        return None
    try:
        return read_table_lines(rows)
    except (ValueError, IndexError):
        return None


def table_notes(board: Board, table: Table) -> list[str]:
    """What a board's exact table says of its record: the contract's
    double-dummy result (``3NT by N: 8 tricks, 3NT −1``) and whether the
    table the record holds is the same (each difference named)."""
    pos = board.position
    if not isinstance(pos, Whist) or not table.exact:
        return []
    tricks = declarer_tricks(pos, table)
    lines = []
    facts = facts_of(board)
    if facts is not None and facts.level is not None and facts.declarer is not None:
        strain = facts.strain
        made = tricks.get(facts.declarer, {}).get(strain) if strain is not None else None
        if made is not None:
            lines.append(
                f"Double dummy, {facts.contract_words()}: {made} tricks,"
                f" {result_text(facts.contract, made)}"
            )
    held = held_table(board)
    if held is not None:
        differ = [
            f"{SEAT_LETTERS[d]} {strain_text(s)}: {tricks[d][s]} here, {held[d][s]} in the record"
            for d in held
            for s in held[d]
            if s in tricks.get(d, {}) and tricks[d][s] != held[d][s]
        ]
        if differ:
            lines.append("The record's table differs: " + "; ".join(differ))
        else:
            lines.append("The record's table: the same")
    return lines


__all__ = [
    "board_json",
    "board_notes",
    "board_panel",
    "compass",
    "lead_value_text",
    "table_notes",
]
