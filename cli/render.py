"""Drawing a position for a person, with rich.

Every function takes a `Position` and returns a rich renderable; `position`
puts them together in the order `tricksolver show` prints them: what the
hand is, the seats (cards by suit, piles, claims, discards, tricks and
scores), the trick on the table, the game's own state (quest, contract) and
the legal moves.  Nothing here changes the position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solver import Card, CardSet, ChineseWhist, Chinkway, Cinch, Phase, Position, Suit
from solver.cards import NOTRUMP
from solver.games.base import bid_text
from solver.games.chinkway import CATEGORY_NAMES, QUEST_CARDS, quest_category, quest_needs
from solver.position import hand_now

MIN_WIDTH = 40  # narrower than this the seat table cannot be read
RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
FACE_DOWN = "▒▒"  # a face-down card
GONE = "··"  # a pile whose cards have all been played
VOID = "—"
STRAIN_NAMES = ("spades", "hearts", "diamonds", "clubs", "no trumps")
GAME_TITLES = {
    "whist": "Whist",
    "chinkway": "Chinkway",
    "chinese-whist": "Chinese Whist",
    "cinch": "Cinch",
}
PHASE_WORDS = {
    Phase.DISCARD: "to discard",
    Phase.TRUMP: "to name trump",
    Phase.BID: "to bid",
    Phase.PLAY: "to play",
    Phase.CLAIM: "to claim a card of the trick",
}


# -- small pieces -------------------------------------------------------------


def suit_style(suit: Suit) -> str:
    return "red" if suit in RED_SUITS else ""


def card_text(card: Card) -> Text:
    """One card, rank then suit symbol: ``A♠``."""
    return Text(card.rank_char + card.suit.symbol, style=suit_style(card.suit))


def cards_text(cards: Iterable[Card], empty: str = VOID) -> Text:
    """Cards separated by spaces, in the order given."""
    parts = [card_text(c) for c in cards]
    return Text(" ").join(parts) if parts else Text(empty, style="dim")


def suit_line(cards: CardSet, suit: Suit) -> Text:
    """One suit of a hand, high cards first: ``♠ AKQ2`` (``♠ —`` for a void)."""
    held = cards.holding(suit)
    line = Text(suit.symbol + " ", style=suit_style(suit))
    line.append(held or VOID, style="" if held else "dim")
    return line


def strain_text(strain: int | None) -> Text:
    if strain is None:
        return Text("not named yet", style="dim")
    if strain == NOTRUMP:
        return Text(STRAIN_NAMES[NOTRUMP])
    suit = Suit(strain)
    return Text(f"{suit.symbol} {STRAIN_NAMES[strain]}", style=suit_style(suit))


def seats_by_side(sides: Sequence[int]) -> dict[int, list[int]]:
    """The seats of every side (`sides`: the side of every seat), sides in
    order of their first seat."""
    members: dict[int, list[int]] = {}
    for seat, side in enumerate(sides):
        members.setdefault(side, []).append(seat)
    return members


def side_members(pos: Position) -> dict[int, list[int]]:
    """The seats of every side, sides in order of their first seat."""
    return seats_by_side(pos.sides())


def side_name(pos: Position, seats: list[int]) -> str:
    return "-".join(pos.seat_name(s) for s in seats)


def has_partnerships(pos: Position) -> bool:
    return len(side_members(pos)) < pos.nseats


# -- the sections ---------------------------------------------------------------


def header(pos: Position) -> Table:
    """Game, dealer, trump, sides, phase and whose turn."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    title = GAME_TITLES.get(pos.game, pos.game)
    if isinstance(pos, ChineseWhist):
        title += f", {pos.nseats} players"
    if isinstance(pos, Chinkway):
        title += f", round {pos.round} of {pos.rounds}"
    grid.add_row("Game", title)
    grid.add_row("Dealer", pos.seat_name(pos.dealer))
    grid.add_row("Trump", strain_text(pos.trump))
    sides = side_members(pos)
    if len(sides) < pos.nseats or isinstance(pos, Chinkway):
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
    hands = [hand_now(pos, s) for s in pos.iter_seats()]
    label = "can play" if isinstance(pos, ChineseWhist) else "hand"
    for suit in Suit:
        table.add_row(label if suit == Suit.SPADES else "", *(suit_line(h, suit) for h in hands))
    for row_label, cells in game_rows(pos):
        table.add_row(row_label, *cells)
    if pos.core is not None:
        table.add_row("tricks", *(Text(str(n)) for n in pos.tricks_won()))
        label = "score (final)" if pos.is_over else "score now"
        table.add_row(label, *(Text(str(n)) for n in pos.scores()))
    return table


def game_rows(pos: Position) -> list[tuple[str, list[Text]]]:
    """The seat table's rows that belong to one game."""
    seats = list(pos.iter_seats())
    rows: list[tuple[str, list[Text]]] = []
    if isinstance(pos, ChineseWhist):
        rows.append(("down", [cards_text(hand_now(pos, s) & pos.down[s]) for s in seats]))
    if isinstance(pos, Chinkway):
        teams = {side: side_name(pos, members) for side, members in side_members(pos).items()}
        rows.append(("side", [Text(teams[pos.sides()[s]]) for s in seats]))
        if pos.core is not None:
            rows.append(("claims", [cards_text(pos.claims(s)) for s in seats]))
    if isinstance(pos, Cinch) and any(pos.discards):
        rows.append(("discards", [cards_text(pos.discards[s]) for s in seats]))
    return rows


def piles(pos: ChineseWhist) -> Table:
    """Chinese Whist: every seat's row of piles as the table shows them."""
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


PILES_LEGEND = Text(
    f"X/{FACE_DOWN} face up over face down; {FACE_DOWN} face down, turned up after"
    f" the trick; {GONE} played out",
    style="dim",
)


Row = tuple[str, RenderableType]  # a labelled line of the table's state


def trick_rows(pos: Position) -> list[Row]:
    """Tricks won by each partnership, and the trick on the table (in the
    claim phase, the trick just won)."""
    rows: list[Row] = []
    if pos.core is None:
        return rows
    won = pos.tricks_won()
    if has_partnerships(pos) and not isinstance(pos, Chinkway):
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


def chinkway_rows(pos: Chinkway) -> list[Row]:
    """The quest, what every side still needs, the discards and the quest deck."""
    rows: list[Row] = []
    if pos.quest is None:
        rows.append(("Quest", Text("turned after trump is named", style="dim")))
    else:
        rows.append(("Quest", cards_text(pos.quest)))
        need = quest_needs(pos.quest)
        for side, members in side_members(pos).items():
            have = [0] * len(CATEGORY_NAMES)
            for seat in members:
                for card in pos.claims(seat):
                    have[quest_category(card)] += 1
            missing = [
                f"{name} {need[c] - have[c]}"
                for c, name in enumerate(CATEGORY_NAMES)
                if need[c] > have[c]
            ]
            line = Text(", ".join(missing) or "nothing more")
            line.append(f"  ({pos.parts_completed(side)} of {QUEST_CARDS} parts done)", style="dim")
            rows.append((f"{side_name(pos, members)} needs", line))
    if pos.discards:
        rows.append(("Discards", cards_text(pos.discards).append("  (the dealer's)", style="dim")))
    if pos.quest_deck is not None:
        rows.append(("Quest deck", f"{len(pos.quest_deck)} cards, {len(pos.quest_used)} used"))
    return rows


def cinch_rows(pos: Cinch) -> list[Row]:
    """The calls, the contract, the points each side holds, stock and widow."""
    rows: list[Row] = []
    first = (pos.dealer + 1) % pos.nseats
    calls = [
        f"{pos.seat_name((first + i) % pos.nseats)}: {bid_text(b)}" for i, b in enumerate(pos.bids)
    ]
    rows.append(("Bids", ", ".join(calls) or Text("none yet", style="dim")))
    if len(pos.bids) == pos.nseats:
        rows.append(("Contract", f"{pos.seat_name(pos.bidder)} bid {bid_text(pos.bid)}"))
    if pos.core is not None:
        for side, members in side_members(pos).items():
            held = pos.points(side)
            rows.append(
                (
                    f"{side_name(pos, members)} holds",
                    ", ".join(held) or Text("no point", style="dim"),
                )
            )
    if pos.stock is not None:
        rows.append(("Stock", f"{len(pos.stock)} cards"))
    if pos.widow is not None:
        widow = cards_text(pos.widow, empty="empty").append("  (unseen)", style="dim")
        rows.append(("Widow", widow))
    if any(pos.discards):
        rows.append(("Discards", "shown (first hand)" if pos.first_hand else "face down"))
    return rows


def table_state(pos: Position) -> Table | None:
    """What lies on the table besides the hands: the trick, and the game's
    own state (Chinkway's quest, Cinch's contract)."""
    rows = trick_rows(pos)
    if isinstance(pos, Chinkway):
        rows += chinkway_rows(pos)
    if isinstance(pos, Cinch):
        rows += cinch_rows(pos)
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
    title = Text(f"Legal moves for {pos.seat_name(pos.to_move)} ({len(moves)})", style="bold")
    return Group(title, Columns(moves, padding=(0, 2)))


def position(pos: Position) -> Group:
    """The whole drawing of a position."""
    parts: list[RenderableType] = [header(pos), Text(), seats_table(pos)]
    if isinstance(pos, ChineseWhist):
        parts += [Text("Piles", style="bold"), piles(pos), PILES_LEGEND]
    state = table_state(pos)
    if state is not None:
        parts += [Text(), state]
    parts += [Text(), legal_moves(pos)]
    return Group(*parts)
