"""Drawing a position for a person, with rich.

Every function takes a `Position` and returns a rich renderable; `position`
puts them together in the order `tricksolver show` prints them: what the
hand is, the seats (cards by suit, the game's own rows, tricks and
scores), the game's panels, the trick on the table, the game's own state
and the legal moves.  What is particular to a game is drawn by its `Game`
(`solver.games.game`, the drawing hooks), asked through the registry; the
pieces every drawing shares are in `solver.drawing`.  Nothing here changes
the position.
"""

from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solver import Phase, Position, Suit
from solver.drawing import Row, card_text, side_members, side_name, strain_text, suit_line
from solver.games.registry import game_of

MIN_WIDTH = 40  # narrower than this the seat table cannot be read
PHASE_WORDS = {
    Phase.DISCARD: "to discard",
    Phase.TRUMP: "to name trump",
    Phase.BID: "to bid",
    Phase.PLAY: "to play",
    Phase.CLAIM: "to claim a card of the trick",
}


def has_partnerships(pos: Position) -> bool:
    return len(side_members(pos)) < pos.nseats


# -- the sections ---------------------------------------------------------------


def header(pos: Position) -> Table:
    """Game, dealer, trump, sides, phase and whose turn."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    game = game_of(pos)
    grid.add_row("Game", ", ".join([game.seats_title(pos.nseats), *game.title_notes(pos)]))
    grid.add_row("Dealer", pos.seat_name(pos.dealer))
    grid.add_row("Trump", strain_text(pos.trump))
    sides = side_members(pos)
    if len(sides) < pos.nseats:
        grid.add_row("Sides", " against ".join(side_name(pos, seats) for seats in sides.values()))
    if pos.is_over:
        grid.add_row("Phase", Text("the hand is over", style="bold"))
    else:
        seat = pos.seat_name(pos.to_move)
        grid.add_row("Phase", f"{pos.phase.value}: {seat} {PHASE_WORDS[pos.phase]}")
    return grid


def seats_table(pos: Position) -> Table:
    """One column per seat: the cards by suit, then what the game adds
    (down cards, side and claims, discards), tricks won and the score."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("", style="bold")
    for seat in pos.iter_seats():
        name = pos.seat_name(seat)
        if seat == pos.dealer:
            name += " (dealer)"
        style = "bold reverse" if seat == pos.to_move and not pos.is_over else "bold"
        table.add_column(Text(name, style=style), no_wrap=False)
    hands = [pos.hand_now(s) for s in pos.iter_seats()]
    label = game_of(pos).hand_label
    for suit in Suit:
        table.add_row(label if suit == Suit.SPADES else "", *(suit_line(h, suit) for h in hands))
    for row_label, cells in game_of(pos).seat_rows(pos):
        table.add_row(row_label, *cells)
    if pos.core is not None:
        table.add_row("tricks", *(Text(str(n)) for n in pos.tricks_won()))
        label = "score (final)" if pos.is_over else "score now"
        table.add_row(label, *(Text(str(n)) for n in pos.scores()))
    return table


def trick_rows(pos: Position) -> list[Row]:
    """Tricks won by each partnership, and the trick on the table (in the
    claim phase, the trick just won)."""
    rows: list[Row] = []
    if pos.core is None:
        return rows
    won = pos.tricks_won()
    if has_partnerships(pos) and game_of(pos).tricks_by_side:
        by_side = [
            f"{side_name(pos, members)}: {sum(won[s] for s in members)}"
            for members in side_members(pos).values()
        ]
        rows.append(("Tricks won", ", ".join(by_side)))
    cards = pos.current_trick()
    if cards:
        played = Text(", ").join(
            card_text(card).append(f" ({pos.seat_name(seat)})", style="dim") for seat, card in cards
        )
        if pos.phase == Phase.CLAIM:
            played.append(f"  won by {pos.seat_name(pos.to_move)}")
            rows.append((f"Trick {sum(won)}", played))
        else:
            rows.append((f"Trick {sum(won) + 1}", played))
    return rows


def table_state(pos: Position) -> Table | None:
    """What lies on the table besides the hands: the trick, and the game's
    own state (`Game.state_rows`)."""
    rows = trick_rows(pos) + game_of(pos).state_rows(pos)
    if not rows:
        return None
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for label, value in rows:
        grid.add_row(label, value)
    return grid


def legal_moves(pos: Position) -> RenderableType:
    """The legal moves in their text form (what a user types to make them)."""
    if pos.is_over:
        return Text("The hand is over: no legal moves.", style="bold")
    moves = [Text(str(m)) for m in pos.legal_moves()]
    count = f"{len(moves)} legal move" + ("" if len(moves) == 1 else "s")
    title = Text(f"{count} for {pos.seat_name(pos.to_move)}", style="bold")
    return Group(title, Columns(moves, padding=(0, 2)))


def position(pos: Position) -> Group:
    """The whole drawing of a position."""
    parts: list[RenderableType] = [header(pos), Text(), seats_table(pos)]
    parts += game_of(pos).panels(pos)
    state = table_state(pos)
    if state is not None:
        parts += [Text(), state]
    parts += [Text(), legal_moves(pos)]
    return Group(*parts)
