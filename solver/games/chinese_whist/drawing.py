"""How Chinese Whist is drawn for a person: every seat's down cards, the
rows of piles as the table shows them, and in the narration the piles a
seat sees and the cards dealt to a seat.  The pieces every game shares are
in `solver.drawing`; these functions are reached through
`solver.games.chinese_whist.game`."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from solver.cards import CardSet
from solver.drawing import (
    FACE_DOWN,
    GONE,
    VOID,
    Part,
    SeatRow,
    card_text,
    cards_list,
    cards_text,
    hands_part,
    of_kind,
)
from solver.games.base import Position
from solver.games.chinese_whist.rules import ChineseWhist
from solver.seatview import SeatKnowledge

HAND_LABEL = "can play"  # the seat table's cards: a seat's face-up cards and its down cards
LONE_PLAYERS = 3  # at three players every seat plays alone (at two or four, two sides)
PILES_LEGEND = Text(
    f"X/{FACE_DOWN} face up over face down; {FACE_DOWN} face down, turned up after"
    f" the trick; {GONE} played out",
    style="dim",
)


def many_sides(nseats: int) -> bool:
    """Three sides at three players, each seat alone."""
    return nseats == LONE_PLAYERS


def _down_left(pos: ChineseWhist, seat: int) -> CardSet:
    """The down cards `seat` still holds (all of them before play)."""
    if pos.core is None:
        return pos.down[seat]
    return pos.holding(seat) & pos.down[seat]


def seat_rows(pos: Position) -> list[SeatRow]:
    """Every seat's down cards."""
    cw = of_kind(pos, ChineseWhist)
    return [("down", [cards_text(_down_left(cw, s)) for s in cw.iter_seats()])]


def piles(pos: ChineseWhist) -> Table:
    """Every seat's row of piles as the table shows them."""
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for seat in pos.iter_seats():
        row: list[Text] = []
        for top, under, face_down in pos.pile_view(seat):
            if top is not None:
                cell = card_text(top)
                if under is not None:
                    cell.append("/" + FACE_DOWN, style="dim")
            elif under is not None:
                cell = Text(FACE_DOWN, style="dim") if face_down else card_text(under)
            else:
                cell = Text(GONE, style="dim")
            row.append(cell)
        table.add_row(pos.seat_name(seat), Text("  ").join(row))
    return table


def panels(pos: Position) -> list[RenderableType]:
    """The piles, under their title and over their legend."""
    return [Text("Piles", style="bold"), piles(of_kind(pos, ChineseWhist)), PILES_LEGEND]


def seen_lines(sight: SeatKnowledge, pos: Position) -> list[str]:
    """Every seat's piles as the seat sees them, its own down cards and how
    many down cards the others hold."""
    lines = [f"Piles ({FACE_DOWN} face down, {GONE} played out):"]
    for s, row in enumerate(sight.piles):
        cells = []
        for pile in row:
            if pile.card is None:
                cells.append(FACE_DOWN if pile.face_down else GONE)
            else:
                cells.append(str(pile.card) + (f"/{FACE_DOWN}" if pile.face_down else ""))
        who = f"{pos.seat_name(s)}{' (you)' if s == sight.seat else ''}"
        down = (
            f"down {cards_list(sight.hand - sight.face_up[s])}"
            if s == sight.seat
            else f"{sight.hidden[s] - sum(p.face_down for p in row)} down card(s)"
        )
        lines.append(f"  {who}: {' '.join(cells) or VOID};  {down}")
    return lines


def dealt_text(pos: Position, seat: int) -> str:
    """A seat's piles and down cards at the deal, for spectators."""
    fields = pos.to_fields()
    return f"piles {fields['piles'][seat]}; down {fields['down'][seat]}"


def trick_lines(pos: Position) -> list[str]:
    """The face-down cards the trick just completed turned up: those whose
    covering card it took."""
    cw = of_kind(pos, ChineseWhist)
    last = CardSet(m.card for m in cw.play_record[-cw.nseats :] if m.card is not None)
    turned = [
        f"{cw.seat_name(seat)} {under}"
        for seat in cw.iter_seats()
        for top, under in cw.piles[seat]
        if top in last and under is not None
    ]
    return [f"  Turned up: {', '.join(turned)}"] if turned else []


def board_parts(pos: Position) -> list[Part]:
    """The web board's parts: every seat's down cards as its hand, and its
    piles (a face-up card over a face-down one, or turned up, or gone)."""
    cw = of_kind(pos, ChineseWhist)
    piles = [
        [
            {
                "top": None if top is None else str(top),
                "under": None if under is None else str(under),
                "face_down": face_down,
            }
            for top, under, face_down in cw.pile_view(seat)
        ]
        for seat in cw.iter_seats()
    ]
    down = [_down_left(cw, s) for s in cw.iter_seats()]
    return [hands_part(down), {"kind": "piles", "label": "Piles", "piles": piles}]
