"""How a position is drawn for a person: the pieces every game's drawing uses.

Cards, suits and strains as rich text (`card_text`, `suit_line`,
`strain_text`) and as plain text for the narration of a game (`hand_text`,
`cards_list`, `trump_words`), the seats of every side (`side_members`,
`side_name`), and the generic lines of what a seat sees (`cards_held_line`)
and of a move made (`move_line`).  A game's own drawing (its rows, panels
and narration lines, in ``solver/games/<game>/drawing.py``) is put together
from these and reached through its `solver.games.game.Game`; this module
names no game.  Nothing here changes a position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from rich.console import RenderableType
from rich.text import Text

from solver.cards import NOTRUMP, Card, CardSet, Suit
from solver.cards import strain_text as strain_letters
from solver.games.base import Move, Position
from solver.seatview import SeatKnowledge

RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)
FACE_DOWN = "▒▒"  # a face-down card
GONE = "··"  # a pile whose cards have all been played
VOID = "—"
STRAIN_NAMES = ("spades", "hearts", "diamonds", "clubs", "no trumps")

TRICKS = "tricks"  # the value of the games whose value is the tricks taken
TRICKS_FROM_HERE = "tricks from here"

P = TypeVar("P", bound=Position)
Row = tuple[str, RenderableType]  # a labelled line of the table's state
SeatRow = tuple[str, list[Text]]  # a labelled row of the seat table: one cell per seat


def of_kind(pos: Position, kind: type[P]) -> P:
    """`pos` as its game's position class: a game's drawing is asked only of
    the game's own positions."""
    assert isinstance(pos, kind)
    return pos


def tricks_meaning(who: str) -> str:
    """What a value counts in a game of tricks taken (`solver.games.game.Game.value_meaning`)."""
    return f"tricks for {who} from here (the trick in progress counted)"


def game_to(target: int | None, rounds: int | None) -> str:
    """How long a game played to a target of points lasts (`Game.length_text`)."""
    return f"game to {target}"


# -- cards as rich text -------------------------------------------------------------


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


# -- the sides ------------------------------------------------------------------------


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


def side_seats(sides: tuple[int, ...]) -> list[list[int]]:
    """The seats of every side, sides in order of their first seat."""
    return list(seats_by_side(sides).values())


def side_name(pos: Position, seats: list[int]) -> str:
    return "-".join(pos.seat_name(s) for s in seats)


# -- plain text, for the narration ------------------------------------------------------


def hand_text(cards: CardSet) -> str:
    """A hand by suits: ``♠ AK2  ♥ —  ♦ QJ  ♣ 9``."""
    return "  ".join(f"{suit.symbol} {cards.holding(suit) or VOID}" for suit in Suit)


def card_symbol(card: Card) -> str:
    """One card as plain text with its suit symbol: ``A♥``."""
    return card.rank_char + card.suit.symbol


def cards_list(cards: list[Card] | CardSet | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards) or VOID


def trump_words(trump: int | None) -> str:
    if trump is None:
        return "not named yet"
    return "no trumps" if trump == NOTRUMP else f"{Suit(trump).symbol} ({strain_letters(trump)})"


def cards_held_line(sight: SeatKnowledge, pos: Position) -> str:
    """How many cards every other seat holds, as a seat sees it."""
    others = [
        f"{pos.seat_name(s)} {sight.hidden[s]}" for s in range(sight.nseats) if s != sight.seat
    ]
    return "Cards held: " + ", ".join(others)


def move_line(move: Move, who: str) -> str:
    """A move other than a card played, as the narration tells it."""
    if move.kind == "discard":
        return f"  {who} discards {move.card}"
    if move.kind == "trump":
        return f"  {who} names trump: {trump_words(move.value)}"
    return f"  {who}: {move}"


# -- the web board's parts (solver.web): plain JSON ---------------------------------
# A game's table on the web board is the generic table (seats, hands, tricks,
# trump, dealer, score) and the game's own parts (`solver.games.game.Game.board_parts`),
# each a dict with a "kind" the page knows how to draw, naming no game:
#   hands      {"cards": [[card] per seat]}: the cards drawn as each seat's hand
#              (instead of every card it may play)
#   seat_cards {"label", "cards": [[card] per seat]}: a row of cards under every seat
#   seat_text  {"label", "text": [str per seat]}: a row of words under every seat
#   piles      {"label", "piles": [[{"top", "under", "face_down"}] per seat]}:
#              face-up cards over face-down ones (a card, or None when gone)
#   line       {"label", "text", "cards": [card]}: a labelled line of the table's state
# A card is its code (``AS``, ``TD``); a person's text keeps the suit symbols
# (``A♠``), which the page draws in colour.

Part = dict[str, Any]


def card_codes(cards: Iterable[Card]) -> list[str]:
    """Cards as their codes (``AS``), in the order given."""
    return [str(c) for c in cards]


def hands_part(cards: Sequence[CardSet]) -> Part:
    return {"kind": "hands", "cards": [card_codes(c) for c in cards]}


def seat_cards_part(label: str, cards: Sequence[Iterable[Card]]) -> Part:
    return {"kind": "seat_cards", "label": label, "cards": [card_codes(c) for c in cards]}


def line_part(label: str, text: str = "", cards: Iterable[Card] = ()) -> Part:
    return {"kind": "line", "label": label, "text": text, "cards": card_codes(cards)}


def plain(renderable: RenderableType) -> str:
    """A renderable of the terminal's drawing as plain text."""
    return renderable.plain if isinstance(renderable, Text) else str(renderable)


def text_parts(seat_rows: Sequence[SeatRow], rows: Sequence[Row]) -> list[Part]:
    """A game's rows for the terminal (`Game.seat_rows`, `Game.state_rows`)
    as parts of the board: its words, the cards in them drawn by the page."""
    parts: list[Part] = [
        {"kind": "seat_text", "label": label, "text": [plain(c) for c in cells]}
        for label, cells in seat_rows
    ]
    return parts + [line_part(label, plain(value)) for label, value in rows]
