"""A seat's view of the web board's table: the table's JSON with every card
that seat cannot see taken out, so that the page (and anyone reading its
JSON) holds none of them.

What a seat cannot see is its game's own answer, the view's hidden cards
(`solver.view.View.pool`: the other hands, Chinese Whist's down cards
under the piles, a Cinch widow and stock, Chinkway's discards...), so the
board names no game.  Every card of the table's JSON not seen is replaced,
wherever it is written (a card in a list, a move's text, a card in a line
of words), by `HIDDEN`, which the page draws face down; the position's
notation, which holds every card, is left out, and so are the moves of
another seat to move.

A position with no view (the hand is over) hides what the seat's last view
hid but for the cards played since; a position with no view at all, every
card but the seat's own.
"""

from __future__ import annotations

import re
from typing import Any

from solver.cards import FULL_DECK, Card, CardSet, Suit
from solver.errors import TricksolverError
from solver.games.base import Position
from solver.position import view_of

HIDDEN = "back"  # a card the seat cannot see, in a list of cards or a move's text
HIDDEN_WORD = "🂠"  # the same in a line of words (the playing card's back)
WHOLE_POSITION = ("position",)  # the keys of the table's JSON that hold every card
CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA])([SHDC])(?![A-Za-z0-9])")  # AS, TD
WORD = re.compile(r"(10|[2-9TJQKA])([♠♥♦♣])")  # A♠, 10♦, T♦ in a person's words
SUIT_OF_SYMBOL = {s.symbol: s.letter for s in Suit}


def hidden_cards(pos: Position, seat: int) -> CardSet:
    """The cards `seat` cannot see in `pos` (the module's docstring)."""
    work = pos.copy()
    later: list[Card] = []
    while True:
        try:
            return view_of(work, seat).pool - CardSet(later)
        except TricksolverError:
            if not work.history:
                return FULL_DECK - pos.hand_now(seat)
            move = work.undo()
            if move.card is not None:
                later.append(move.card)


def seat_view_json(data: dict[str, Any], hidden: CardSet, own_turn: bool) -> dict[str, Any]:
    """The table's JSON (`solver.web.state.board_json`) as the seat sees it:
    every card of `hidden` replaced by `HIDDEN` (`HIDDEN_WORD` in words),
    the whole position's notation left out, and no legal moves unless it
    is the seat's turn (`own_turn`)."""
    names = {str(c) for c in hidden}
    shown = {k: v for k, v in data.items() if k not in WHOLE_POSITION}
    if not own_turn:
        shown["moves"] = []
        shown["legal_moves"] = []
    found: dict[str, Any] = _redact(shown, names)
    return found


def _redact(value: Any, names: set[str]) -> Any:
    if isinstance(value, str):
        return _redact_text(value, names)
    if isinstance(value, list):
        return [_redact(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _redact(v, names) for k, v in value.items()}
    return value


def _redact_text(text: str, names: set[str]) -> str:
    def code(m: re.Match[str]) -> str:
        return HIDDEN if m.group(0) in names else m.group(0)

    def word(m: re.Match[str]) -> str:
        rank = "T" if m.group(1) == "10" else m.group(1)
        return HIDDEN_WORD if rank + SUIT_OF_SYMBOL[m.group(2)] in names else m.group(0)

    return WORD.sub(word, CODE.sub(code, text))
