"""What a seat knows at a state of an OpenSpiel hand: its information state,
as a string and as a tensor, made from our `View` alone.

`Sight` is one seat's knowledge at one state.  Where the seat has a view
(`solver.view_of`: every decision in play, and the decisions before play a
game's view is of) the string is the view's one-line notation, which holds
the seat's cards, the public play and the game's public state (calls,
trump, quest, claims), and never a card the seat has not seen.  Elsewhere:

- during the deal: how many cards have been drawn (no one has seen any);
- at a decision before play the game has no view of for this seat (another
  seat's decision), or a world written out that cannot show the seat's
  view (a Cinch redeal that drew cards back from the dead wood) and has no
  anchor for it: the phase, the seat to move, how many calls and discards
  were made (`Game.discards_and_calls`), the trump, the cards played and
  the seat's own cards (`Position.hand_now`);
- when the hand is over: the seat's view before the last move, that move
  (a card played or claimed, which every seat sees) and the scores.

The tensor (`tensor_size(nseats)` floats) is the generic part of the same
knowledge, block by block: the seat (one-hot), the state (dealing or a
`Phase`), the seat to move, the trump (a strain or none yet), the cards the
seat holds now, the cards it has not seen (the view's `pool`), the cards
each seat has played, the cards of the trick on the table by seat, and the
suits each seat has shown void in.  Cards are indexed by their action ids
(`solver.openspiel.actions`).  A game's own public state (calls, quest,
claims) is in the string only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.cards import FULL_DECK, Card, CardSet, strain_text
from solver.errors import PositionError
from solver.games.base import Move, Phase, Position
from solver.games.registry import game_of
from solver.openspiel.actions import CARDS, STRAINS, card_action
from solver.position import view_of
from solver.view import SUITS, View

STATES = ("dealing", *(p.value for p in Phase))  # the state block, in this order
NO_TRUMP_YET = STRAINS  # the trump block's last place: no trump named yet


def tensor_size(nseats: int) -> int:
    """The length of a seat's tensor in a hand of `nseats`."""
    return (
        nseats
        + len(STATES)
        + nseats
        + STRAINS
        + 1
        + 2 * CARDS
        + 2 * nseats * CARDS
        + nseats * SUITS
    )


@dataclass(frozen=True)
class Sight:
    """One seat's information state: `text` and `tensor`."""

    text: str
    tensor: npt.NDArray[np.float32]


class _Tensor:
    """The blocks of a seat's tensor, filled in order."""

    def __init__(self, nseats: int) -> None:
        self.nseats = nseats
        self.values = np.zeros(tensor_size(nseats), np.float32)
        self.at = 0

    def one_hot(self, size: int, index: int | None) -> None:
        if index is not None:
            self.values[self.at + index] = 1.0
        self.at += size

    def cards(self, cards: CardSet) -> None:
        for c in cards:
            self.values[self.at + card_action(c)] = 1.0
        self.at += CARDS

    def per_seat(self, fill: Callable[[int], None]) -> None:
        for s in range(self.nseats):
            fill(s)

    def suits(self, mask: int) -> None:
        for s in range(SUITS):
            if mask >> s & 1:
                self.values[self.at + s] = 1.0
        self.at += SUITS

    def done(self) -> npt.NDArray[np.float32]:
        assert self.at == len(self.values)
        return self.values


def _trump_index(trump: int | None) -> int:
    return NO_TRUMP_YET if trump is None else trump


def _view_tensor(view: View, state: str) -> _Tensor:
    t = _Tensor(view.nseats)
    t.one_hot(view.nseats, view.seat)
    t.one_hot(len(STATES), STATES.index(state))
    t.one_hot(view.nseats, view.to_move if state != Phase.OVER else None)
    t.one_hot(STRAINS + 1, _trump_index(view.trump))
    t.cards(view.holding() if state != Phase.OVER else CardSet())
    t.cards(view.pool)
    return t


def _play_blocks(t: _Tensor, played: Sequence[CardSet], trick: Sequence[tuple[int, Card]]) -> None:
    t.per_seat(lambda s: t.cards(played[s]))
    t.per_seat(lambda s: t.cards(CardSet(c for seat, c in trick if seat == s)))


def _of_view(view: View) -> Sight:
    t = _view_tensor(view, view.phase.value)
    _play_blocks(t, [view.played(s) for s in range(view.nseats)], view.current_trick())
    t.per_seat(lambda s: t.suits(view.voids[s]))
    return Sight(view.to_line(), t.done())


def dealing(seat: int, nseats: int, drawn: int) -> Sight:
    """A seat's sight while the hand is dealt, `drawn` cards drawn so far."""
    t = _Tensor(nseats)
    t.one_hot(nseats, seat)
    t.one_hot(len(STATES), STATES.index("dealing"))
    t.at = len(t.values)
    return Sight(f"seat {seat + 1}; dealing; {drawn} cards drawn", t.done())


def _without_view(pos: Position, seat: int) -> Sight:
    """A decision before play that the game has no view of for `seat`."""
    n = pos.nseats
    own = pos.hand_now(seat)
    t = _Tensor(n)
    t.one_hot(n, seat)
    t.one_hot(len(STATES), STATES.index(pos.phase.value))
    t.one_hot(n, pos.to_move)
    t.one_hot(STRAINS + 1, _trump_index(pos.trump))
    t.cards(own)
    t.cards(FULL_DECK - own)
    t.at = len(t.values)
    trump = "none" if pos.trump is None else strain_text(pos.trump)
    text = (
        f"{pos.game}; seat {seat + 1}; phase {pos.phase.value}; to move {pos.to_move + 1};"
        f" {game_of(pos).discards_and_calls(pos)} calls and discards made; trump {trump};"
        f" play {pos.play_text() or '-'}; cards {own}"
    )
    return Sight(text, t.done())


def _over(
    before_last: Position, last: Move, seat: int, scores: Sequence[int], anchor: View | None
) -> Sight:
    """The hand over: the seat's view before the last move, and that move."""
    view = view_for(before_last, seat, anchor)
    t = _view_tensor(view, Phase.OVER.value)
    played = [view.played(s) for s in range(view.nseats)]
    if last.kind == "play":
        assert last.card is not None
        mover = view.to_move
        played[mover] = played[mover] | CardSet([last.card])
    _play_blocks(t, played, [])
    t.per_seat(lambda s: t.suits(view.voids[s]))
    words = " ".join(str(s) for s in scores)
    return Sight(f"{view.to_line()} | {last} | over; scores {words}", t.done())


def sight(pos: Position, seat: int, anchor: View | None = None) -> Sight:
    """What `seat` knows of the dealt hand `pos` (at a decision, or over).
    `anchor`: the seat's view at an earlier decision of this hand (a world
    drawn from it), for the decisions in play of a position that cannot
    show the seat's view by itself (a world written without its deal: a
    Cinch redeal that drew cards back from the dead wood); the view is then
    the anchor's with the play since."""
    if pos.is_over:
        before = pos.copy()
        last = before.undo()
        try:
            return _over(before, last, seat, pos.scores(), anchor)
        except PositionError:
            known = _without_view(before, seat)
            words = " ".join(str(s) for s in pos.scores())
            return Sight(f"{known.text} | {last} | over; scores {words}", known.tensor)
    try:
        view = view_for(pos, seat, anchor)
    except PositionError:
        return _without_view(pos, seat)
    return _of_view(view)


def view_for(pos: Position, seat: int, anchor: View | None = None) -> View:
    """The view of `seat` in `pos` (`solver.view_of`), or made from `anchor`
    (see `sight`); PositionError when there is none."""
    try:
        return view_of(pos, seat)
    except PositionError:
        if anchor is None or pos.core is None:
            raise
    fields = anchor.to_fields() | {"play": pos.play_text() or None}
    return game_of(pos).view.from_fields({k: v for k, v in fields.items() if v is not None})
