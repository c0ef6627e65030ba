"""Drawing a seat's view for a person (`tricksolver show VIEW`), with rich.

A view (`solver.view.View`, docs/views.md) is what one seat knows: its own
cards, the cards face up, the play so far and, for every place that holds
cards the seat has not seen, how many it holds and what it cannot hold.
The drawing shows exactly that, the hidden cards as counts and
constraints, never as cards; any game's view, through the `View` API.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solver import Phase, Suit
from solver.drawing import card_text, strain_text, suit_line
from solver.games.registry import game
from solver.view import View

from .common import PROG
from .render import PHASE_WORDS


def view(v: View) -> Group:
    """The whole drawing of a view: the game and whose view, the seat's own
    cards, the trick, the play so far, the hidden places, the legal moves."""
    me = v.seat_name(v.seat)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Game", game(v.game).seats_title(v.nseats))
    grid.add_row("View of", f"seat {me} (what it knows: the other cards are hidden)")
    grid.add_row("Trump", strain_text(v.trump))
    grid.add_row("Phase", f"{v.phase.value}: {v.seat_name(v.to_move)} {PHASE_WORDS[v.phase]}")
    hand = v.holding()
    for suit in Suit:
        grid.add_row("Cards of " + me if suit == Suit.SPADES else "", suit_line(hand, suit))
    trick = v.current_trick()
    if trick:
        played = Text(", ").join(
            card_text(card).append(f" ({v.seat_name(seat)})", style="dim") for seat, card in trick
        )
        grid.add_row("Trick" if v.phase != Phase.CLAIM else "Trick won", played)
    record = v.play_text()
    if record:
        grid.add_row("Play so far", record)
    for i, line in enumerate(v.describe()):
        grid.add_row("Hidden" if i == 0 else "", line)
    parts: list[RenderableType] = [grid, Text()]
    if v.phase not in (Phase.PLAY, Phase.CLAIM):
        parts.append(
            Text(f"A decision before play: {PROG} recommend ranks the choices.", style="bold")
        )
    elif v.to_move == v.seat:
        moves = [str(m) for m in v.legal_moves()]
        count = f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}"
        parts.append(Text(f"{count} for {me}: " + " ".join(moves), style="bold"))
    else:
        parts.append(Text(f"Seat {v.seat_name(v.to_move)} is to move, not {me}.", style="bold"))
    return Group(*parts)
