"""The table of `play` in a terminal: one compact drawing, redrawn in place.

`table_view` draws the game at one moment as a card player sees a table: a
line with the game, the hand, the dealer, trump and the totals; one row per
seat (its player, its cards as a card player writes them, the game's own
cells, the tricks it has won); the trick in progress and the last trick; the
game's own state; and, for a person at the table, their legal moves.  For a
person, only what their seat may see is drawn (their cards, a hand lying
face up for all such as dummy's, the others' counts, the game's lines of what
the seat sees: `Game.seen_lines`); for spectators, every hand and the game's
rows and panels as `show` draws them (`Game.seat_rows`, `panels`,
`state_rows`).  The generic drawing names no game.

`LiveTable` keeps it on the screen while a game is played: rich's live
display redraws it after every move; before a person's prompt the display
stops, leaving the table above the prompt, and starts again (the screen
cleared) once they have moved.  Lines told besides (a hand's score, a hint)
are printed above it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich import box
from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.table import Table
from rich.text import Text

from solver.cards import Card, Suit
from solver.drawing import card_text, strain_text, suit_line
from solver.games.base import Phase, Position
from solver.games.registry import game_of
from solver.heuristics import seat_knowledge
from solver.seatview import SeatKnowledge
from solver.wholegame import Step, WholeGame

from .render_play import totals_text

TO_MOVE = "▸"  # marks the seat to move
SEP = " · "  # between the facts of the title line


@dataclass
class Tricks:
    """The trick in progress and the last one won, followed move by move."""

    current: list[tuple[int, Card]] = field(default_factory=list)
    last: list[tuple[int, Card]] = field(default_factory=list)
    last_winner: int | None = None

    def follow(self, pos: Position) -> None:
        """Take up the trick on the table from a position (a new hand, a
        move taken back): the last trick is then not known."""
        self.current = pos.current_trick() if pos.phase == Phase.PLAY else []
        self.last, self.last_winner = [], None

    def step(self, step: Step) -> None:
        """A move made: a card joins the trick; a full trick becomes the last."""
        if step.move.kind != "play" or step.move.card is None:
            return
        self.current.append((step.seat, step.move.card))
        if len(self.current) == step.position.nseats:
            self.last, self.current = self.current, []
            over = step.result is not None  # (the hand over: no seat to move to tell the winner)
            self.last_winner = None if over else step.position.to_move


def trick_text(pos: Position, cards: list[tuple[int, Card]]) -> Text:
    """A trick's cards, each with its seat: ``A♠ N, 3♠ E``."""
    parts = [card_text(c).append(f" {pos.seat_name(s)}", style="dim") for s, c in cards]
    return Text(", ").join(parts)


def hand_cells(cards: list[Text]) -> Text:
    return Text("  ").join(cards)


def title_line(whole: WholeGame) -> Text:
    pos = whole.position
    rules = game_of(pos)
    line = Text(f"{rules.title}, {rules.hand_word} {whole.hand}", style="bold")
    line.append(f"{SEP}dealer {pos.seat_name(pos.dealer)}{SEP}trump ")
    line.append_text(strain_text(pos.trump))
    line.append(f"{SEP}totals {totals_text(whole, whole.scores)}")
    return line


def _seat_cards(pos: Position, seat: int, sight: SeatKnowledge | None, person: int | None) -> Text:
    """The cards of `seat` as the viewer sees them: all for spectators; for a
    person their own, the seat they play now, a hand face up for all; the
    others face down, counted."""
    if pos.is_over:
        return Text("")
    shown = sight is None or seat in (person, sight.seat) or seat == game_of(pos).open_hand(pos)
    if shown:
        cards = pos.hand_now(seat)
        return hand_cells([suit_line(cards, suit) for suit in Suit])
    assert sight is not None
    count = sight.hidden[seat]
    return Text(f"{count} card{'s' * (count != 1)} face down", style="dim")


def seats_grid(
    whole: WholeGame, names: list[str], sight: SeatKnowledge | None, person: int | None
) -> Table:
    """One row per seat: its name, player, cards, the game's cells, tricks."""
    pos = whole.position
    rules = game_of(pos)
    grid = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    grid.add_column("seat", no_wrap=True)
    grid.add_column("player", no_wrap=True)
    grid.add_column(rules.hand_label)
    extra = rules.seat_rows(pos) if sight is None else []
    for label, _ in extra:
        grid.add_column(label)
    grid.add_column("tricks", justify="right")
    won = pos.tricks_won() if pos.core is not None else None
    for s in range(pos.nseats):
        to_move = not pos.is_over and s == pos.to_move
        name = Text(f"{TO_MOVE if to_move else ' '} {pos.seat_name(s)}", style="bold")
        who = "you" if s == person else names[s]
        if s == pos.dealer:
            who += " (dealer)"
        cells = [cells[s] for _, cells in extra]
        tricks = "" if won is None else str(won[s])
        grid.add_row(name, who, _seat_cards(pos, s, sight, person), *cells, tricks)
    return grid


def table_view(
    whole: WholeGame,
    names: list[str],
    tricks: Tricks,
    sight: SeatKnowledge | None = None,
    person: int | None = None,
) -> RenderableType:
    """The table now: for spectators (`sight` None), or for the person at
    seat `person` deciding with the knowledge `sight` (of the seat they
    play now, theirs or dummy's)."""
    pos = whole.position
    rules = game_of(pos)
    parts: list[RenderableType] = [title_line(whole), seats_grid(whole, names, sight, person)]
    if sight is None:
        parts += rules.panels(pos)
    rows = Table.grid(padding=(0, 2))
    rows.add_column(style="bold", no_wrap=True)
    rows.add_column()
    if tricks.current:
        rows.add_row(f"Trick {sum(pos.tricks_won()) + 1}", trick_text(pos, tricks.current))
    if tricks.last:
        last = trick_text(pos, tricks.last)
        if tricks.last_winner is not None:
            last.append(f"; {pos.seat_name(tricks.last_winner)} won")
        rows.add_row("Last trick", last)
    if sight is None:
        for label, value in rules.state_rows(pos):
            rows.add_row(label, value)
    parts.append(rows)
    if sight is not None:
        parts += [Text(line) for line in rules.seen_lines(sight, pos)]
        if sight.seat != person:
            parts.append(Text(f"You play dummy's cards now ({pos.seat_name(sight.seat)})"))
        if sight.legal:
            parts.append(Text("Legal moves: " + " ".join(str(m) for m in sight.legal)))
    return Group(*parts)


class LiveTable:
    """The table of a game kept on a terminal in place (rich's live display)."""

    def __init__(
        self, whole: WholeGame, names: list[str], console: Console, person: int | None = None
    ) -> None:
        self.whole = whole
        self.names = names
        self.console = console
        self.person = person  # a person's seat: the table drawn is what it sees
        self.tricks = Tricks()
        self.live: Live | None = None
        self.printed = False  # a table was printed for a person: cleared before the next

    def follow(self) -> None:
        """Take up the trick on the table again (a new hand, an undo)."""
        self.tricks.follow(self.whole.position)

    def step(self, step: Step) -> None:
        """A move was made: draw the table after it."""
        self.tricks.step(step)
        sight = None
        if self.person is not None:
            sight = seat_knowledge(self.whole.position, self.person)
        self.draw(table_view(self.whole, self.names, self.tricks, sight, self.person))

    def draw(self, view: RenderableType) -> None:
        if self.live is None:
            if self.printed:
                self.console.clear()
                self.printed = False
            self.live = Live(view, console=self.console, auto_refresh=False)
            self.live.start()
        else:
            self.live.update(view, refresh=True)

    def for_person(self, sight: SeatKnowledge, person: int) -> None:
        """The table as the person sees it, above their prompt: the live
        display stops and the screen is cleared, so the prompt follows it."""
        self.stop()
        self.console.clear()
        self.console.print(table_view(self.whole, self.names, self.tricks, sight, person))
        self.printed = True

    def echo(self, text: str) -> None:
        """A line told besides the table, printed above it."""
        self.console.print(text, highlight=False, markup=False)

    def stop(self) -> None:
        """Leave the last drawing on the screen and stop redrawing."""
        if self.live is not None:
            self.live.stop()
            self.live = None
