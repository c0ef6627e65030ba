"""Drawing and JSON forms of the search's results: `analyze` and `table`
(the benchmark's report is drawn by `solver.cli.render_bench`).

Each `*_view` function returns a rich renderable and each `*_json` function
a plain dict ready for `json.dumps`; neither searches nor changes a position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from solver import Analysis, Bounds, Card, Move, Phase, Position, SearchStats, Table
from solver.cards import NOTRUMP, strain_text
from solver.doubledummy import declarer_bounds
from solver.drawing import STRAIN_NAMES, card_text, side_members, side_name
from solver.drawing import strain_text as strain_words
from solver.games.registry import game_of

from .render_json import side_by_number

SEAT_LETTERS = "NESW"
TABLE_STRAINS = (NOTRUMP, 0, 1, 2, 3)  # the DDS table's column order: NT S H D C


# -- words ------------------------------------------------------------------------


def side_label(pos: Position, side: int) -> str:
    """A side as people say it: ``N-S``, ``1-3``, or ``seat 2`` for one seat."""
    members = side_members(pos).get(side, [])
    if len(members) == 1:
        seat = members[0]
        dealer = " (the dealer)" if game_of(pos).dealer_alone and seat == pos.dealer else ""
        return f"seat {pos.seat_name(seat)}{dealer}"
    return str(side_name(pos, members))


def nsides(pos: Position) -> int:
    return len(set(pos.sides()))


def value_meaning(pos: Position, side: int) -> str:
    """What a value for `side` counts, in the game's terms."""
    text = game_of(pos).value_meaning(side_label(pos, side))
    if nsides(pos) > 2:
        text += "; paranoid: every other side plays against it"
    return text


def to_move_text(pos: Position, seat: int, side: int) -> str:
    """``E to play (side E-W)``; a seat alone is only named."""
    verb = "to claim" if pos.phase == Phase.CLAIM else "to play"
    text = f"{pos.seat_name(seat)} {verb}"
    if len(side_members(pos).get(side, [])) > 1:
        return f"{text} (side {side_label(pos, side)})"
    if game_of(pos).dealer_alone and seat == pos.dealer:
        return f"{text} (the dealer, alone)"
    return text


def stats_json(stats: SearchStats) -> dict[str, Any]:
    return stats.to_json()


def stats_text(stats: SearchStats) -> Text:
    line = Text(
        f"{stats.nodes:,} nodes, {stats.tt_hits:,} table hits, {stats.tt_stores:,} stores,"
        f" {format_seconds(stats.seconds)}, "
    )
    if stats.exact:
        line.append("exact", style="green")
    else:
        line.append(f"NOT exact: {CUT_SHORT}", style="bold red")
    return line


CUT_SHORT = "a limit (or Ctrl-C) cut the search short"
BOUNDS_LEGEND = (
    ">= 7: at least 7, proven before the search was cut short;"
    " <= 9: at most 9; 7..9: from 7 to 9 (as wide as the hand allows when"
    " nothing was proven)."
)
PV_MISSING = (
    "none: the values are not exact ({why}), and a line of best play needs"
    " them; give a longer --time or a larger --max-nodes (0: no limit)"
)


def bounds_text(b: Bounds) -> str:
    """A value as far as it is known: ``7``, ``>= 7``, ``<= 9`` or ``7..9``."""
    if b.exact:
        return str(b.low)
    if b.low_known and not b.high_known:
        return f">= {b.low}"
    if b.high_known and not b.low_known:
        return f"<= {b.high}"
    return f"{b.low}..{b.high}"


def bounds_json(b: Bounds) -> dict[str, Any]:
    """A value in JSON: `value` only when exact (else null), always `low`,
    `high` and `exact`."""
    return b.to_json()


def format_seconds(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def move_text(move: Move) -> Text:
    """A move for people: the card with its suit symbol (``claim`` prefixed)."""
    if move.card is None:
        return Text(str(move))
    text = card_text(move.card)
    return Text("claim ").append(text) if move.kind == "claim" else text


# -- the principal variation, by tricks ---------------------------------------------


@dataclass
class PvTrick:
    """One trick of a principal variation: the cards already on the table
    when the line starts, the line's cards, the winner and its claim."""

    number: int
    before: list[tuple[int, Card]] = field(default_factory=list)
    cards: list[tuple[int, Move]] = field(default_factory=list)
    winner: int | None = None
    claim: Move | None = None


def pv_tricks(pos: Position, line: list[Move]) -> list[PvTrick]:
    """Split a line of play from `pos` into its tricks (replayed on a copy)."""
    work = pos.copy()
    core = work.core
    assert core is not None
    tricks: list[PvTrick] = []
    if work.phase == Phase.CLAIM:  # the trick just won waits for its claim
        current = PvTrick(core.tricks_played, before=work.current_trick())
        current.winner = work.to_move
    else:
        current = PvTrick(core.tricks_played + 1, before=work.current_trick())
    for move in line:
        if move.kind == "claim":
            current.claim = move
            work.play(move)
            tricks.append(current)
            current = PvTrick(core.tricks_played + 1)
            continue
        seat = work.to_move
        done = core.tricks_played
        work.play(move)
        current.cards.append((seat, move))
        if core.tricks_played > done:
            current.winner = work.to_move
            if work.phase != Phase.CLAIM:
                tricks.append(current)
                current = PvTrick(core.tricks_played + 1)
    if current.cards or current.before or current.claim:
        tricks.append(current)
    return tricks


def pv_view(pos: Position, tricks: list[PvTrick]) -> RenderableType:
    if not tricks:
        return Text("none (the search was cut short)", style="dim")
    grid = RichTable.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for trick in tricks:
        parts = [
            card_text(card).append(f" {pos.seat_name(seat)}", style="dim")
            for seat, card in trick.before
        ]
        cards = Text("  ").join(parts)
        if parts:
            cards.stylize("dim")
        for seat, move in trick.cards:
            if len(cards):
                cards.append("  ")
            cards.append(move_text(move)).append(f" {pos.seat_name(seat)}", style="dim")
        if trick.winner is not None:
            cards.append(f"   won by {pos.seat_name(trick.winner)}", style="italic")
        if trick.claim is not None and trick.claim.card is not None:
            cards.append(", claims ").append(card_text(trick.claim.card))
        grid.add_row(f"trick {trick.number}", cards)
    return grid


def pv_json(pos: Position, tricks: list[PvTrick]) -> list[list[str]]:
    """The line by tricks: the move texts of each trick (claims included)."""
    out: list[list[str]] = []
    for trick in tricks:
        moves = [str(m) for _, m in trick.cards]
        if trick.claim is not None:
            moves.append(str(trick.claim))
        out.append(moves)
    return out


# -- analyze ---------------------------------------------------------------------------


def grouped_moves(analysis: Analysis) -> list[tuple[list[Move], Bounds]]:
    """The moves best first, equivalent moves together: (moves, bounds)."""
    groups: list[tuple[list[Move], Bounds]] = []
    seen: set[Move] = set()
    for row in analysis.moves:
        if row.move in seen:
            continue
        members = [m for m in row.equivalent if m not in seen] or [row.move]
        seen.update(members)
        groups.append((members, row.bounds))
    return groups


def value_line(pos: Position, analysis: Analysis) -> Text:
    """The Value row: the value and its meaning, or the bounds and why."""
    bounds = analysis.bounds
    value = Text(bounds_text(bounds), style="bold")
    if not bounds.exact:
        value.append(f"  not proven: {CUT_SHORT};", style="red")
    elif not analysis.exact:
        value.append(f"  proven, some moves' values not: {CUT_SHORT};", style="red")
    value.append(f"  {value_meaning(pos, analysis.side)}")
    return value


def pv_note(analysis: Analysis) -> str | None:
    """Why the line of play is missing or incomplete (None: it is whole)."""
    if not analysis.exact:
        return PV_MISSING.format(why=CUT_SHORT)
    if analysis.pv_cut:
        return f"the line stops after {len(analysis.pv)} moves: {CUT_SHORT} (or it was stopped)"
    return None


def analysis_view(pos: Position, analysis: Analysis, pv: bool = True) -> Group:
    """The value of every legal move, best first, what it means, the
    principal variation by tricks (`pv`: it was asked for) and the search
    statistics.  A search cut short shows bounds, calls a move best only
    when that is proven, and says why the line of play is missing."""
    head = RichTable.grid(padding=(0, 2))
    head.add_column(style="bold", no_wrap=True)
    head.add_column()
    head.add_row("Game", game_of(pos).seats_title(pos.nseats))
    head.add_row("Trump", strain_words(pos.trump))
    head.add_row("To move", to_move_text(pos, analysis.seat, analysis.side))
    head.add_row("Value", value_line(pos, analysis))

    table = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("move" if pos.phase == Phase.CLAIM else "card")
    table.add_column("value", justify="right")
    table.add_column("")
    exact = analysis.exact
    best = set(analysis.best)
    for moves, bounds in grouped_moves(analysis):
        cells = Text(" ").join(move_text(m) for m in moves)
        proven = moves[0] in best
        if exact:
            loss = analysis.value - bounds.low
            note = Text("best", style="green") if loss == 0 else Text(f"-{loss}", style="red")
        else:
            note = Text("proven best", style="green") if proven else Text("")
        table.add_row(cells, Text(bounds_text(bounds), style="bold" if proven else ""), note)
    legend = Text("Cards on one row are equivalent: the search saw them as one.", style="dim")
    parts: list[RenderableType] = [head, Text(), table, legend]
    if not exact:
        parts.append(Text(BOUNDS_LEGEND, style="dim"))
    parts.append(Text())
    why = pv_note(analysis)
    if pv and (analysis.pv or why):
        parts.append(Text("Principal variation", style="bold"))
        if analysis.pv:
            parts.append(pv_view(pos, pv_tricks(pos, analysis.pv)))
        if why:
            parts.append(Text(why, style="dim"))
        parts.append(Text())
    parts.append(Text("Search: ", style="bold").append(stats_text(analysis.stats)))
    return Group(*parts)


def analysis_json(pos: Position, analysis: Analysis, pv: bool = True) -> dict[str, Any]:
    """The JSON form of `tricksolver analyze`: `value` of the position and of
    every move only when exact (else null), with `low`, `high` and `exact`
    always; `best` the moves proven best; `pv_note` why the line is missing
    or incomplete (null when whole or not asked for)."""
    moves = []
    for row in analysis.moves:
        moves.append(
            {
                "card": str(row.card),
                "move": str(row.move),
                **bounds_json(row.bounds),
                "equivalent": [str(m) for m in row.equivalent],
            }
        )
    whole = bounds_json(analysis.bounds)
    return {
        "game": pos.game,
        "position": pos.to_line(),
        "phase": pos.phase.value,
        "trump": None if pos.trump is None else strain_text(pos.trump),
        "seat": pos.seat_name(analysis.seat),
        "side": side_by_number(pos, analysis.side),
        **whole,
        "meaning": value_meaning(pos, analysis.side),
        "best": [str(m) for m in analysis.best],
        "moves": moves,
        "pv": [str(m) for m in analysis.pv],
        "pv_tricks": pv_json(pos, pv_tricks(pos, analysis.pv)),
        "pv_note": pv_note(analysis) if pv else None,
        "stats": stats_json(analysis.stats),
    }


# -- table -------------------------------------------------------------------------------


def analysis_done(analysis: Analysis) -> str:
    """What an analysis stopped by Ctrl-C had done (the line after it)."""
    exact = sum(m.exact for m in analysis.moves)
    return (
        f"the search was stopped; {exact} of {len(analysis.moves)} cards exact,"
        " the others shown as bounds"
    )


def table_done(result: Table, entries: int) -> str:
    """What a table stopped by Ctrl-C had done, of its `entries` (the line after it)."""
    return f"the search was stopped; {len(result.entries)} of {entries} entries done (shown)"


def table_view(pos: Position, result: Table) -> Group:
    parts: list[RenderableType] = []
    if game_of(pos).table_by_declarer:
        rows = declarer_bounds(pos, result)
        grid = RichTable(
            title="Tricks for declarer's side",
            box=box.SIMPLE_HEAD,
            pad_edge=False,
        )
        grid.add_column("declarer", style="bold")
        for strain in TABLE_STRAINS:
            grid.add_column(strain_text(strain), justify="right")
        for declarer in range(4):
            grid.add_row(
                SEAT_LETTERS[declarer],
                *(
                    bounds_text(rows[declarer][s]) if s in rows[declarer] else ""
                    for s in TABLE_STRAINS
                ),
            )
        parts += [grid, Text("The seat on declarer's left leads.", style="dim")]
    else:
        members = side_members(pos)
        grid = RichTable(
            title=f"{game_of(pos).value_unit.capitalize()} for each side",
            box=box.SIMPLE_HEAD,
            pad_edge=False,
        )
        grid.add_column("trump", style="bold")
        grid.add_column("leads")
        for side in members:
            grid.add_column(side_label(pos, side), justify="right")
        for entry in result.entries:
            grid.add_row(
                STRAIN_NAMES[entry.trump],
                pos.seat_name(entry.leader),
                *(bounds_text(entry.bounds_of(side)) for side in members),
            )
        parts += [grid, Text("Values from the first lead, by the seat that leads.", style="dim")]
        if nsides(pos) > 2:
            parts.append(
                Text("Paranoid values: all other sides play against each side.", style="dim")
            )
    if not result.exact:
        parts.append(Text(f"Not proven: {CUT_SHORT}. {BOUNDS_LEGEND}", style="red"))
    parts.append(Text("Search: ", style="bold").append(stats_text(result.stats)))
    return Group(*parts)


def table_json(pos: Position, result: Table) -> dict[str, Any]:
    """The JSON form of `tricksolver table`: every entry's `values` (null
    where not exact), `low`, `high` and `exact` by side (in the order of
    `sides`, the sides' names); in whist the
    declarer's tricks the same way (`declarer_tricks`: null where not exact;
    `declarer_bounds`: low, high and exact)."""
    members = side_members(pos)
    entries = []
    for entry in result.entries:
        cells = [bounds_json(entry.bounds_of(side)) for side in range(len(entry.values))]
        entries.append(
            {
                "trump": strain_text(entry.trump),
                "leader": pos.seat_name(entry.leader),
                "values": [c["value"] for c in cells],
                "low": [c["low"] for c in cells],
                "high": [c["high"] for c in cells],
                "exact": [c["exact"] for c in cells],
            }
        )
    out: dict[str, Any] = {
        "game": pos.game,
        "position": pos.to_line(),
        "sides": [side_by_number(pos, side) for side in sorted(members)],
        "entries": entries,
        "exact": result.exact,
        "stats": stats_json(result.stats),
    }
    if game_of(pos).table_by_declarer:
        rows = declarer_bounds(pos, result)
        out["declarer_tricks"] = {
            SEAT_LETTERS[d]: {
                strain_text(s): b.low if b.exact else None for s, b in sorted(rows[d].items())
            }
            for d in range(4)
        }
        out["declarer_bounds"] = {
            SEAT_LETTERS[d]: {
                strain_text(s): {"low": b.low, "high": b.high, "exact": b.exact}
                for s, b in sorted(rows[d].items())
            }
            for d in range(4)
        }
    return out
