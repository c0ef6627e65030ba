"""A person at the table of `play` (``--human SEAT``): the prompt.

`HumanPlayer` shows the person what their seat may see (`view_lines`), reads
their moves and the words they may type instead (hint, undo, moves, table,
help, quit), and refuses a move that cannot be read or is not legal in one
line.  `Quit` is how they stop the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import click

from solver.cards import NOTRUMP
from solver.errors import IllegalMoveError
from solver.games.base import Move, Phase
from solver.heuristics import knowledge
from solver.players import Player, advise
from solver.position import view_of
from solver.seatview import SeatKnowledge
from solver.view import View
from solver.wholegame import WholeGame

from .render_play import advice_text, move_text, view_lines

HUMAN_COMMANDS = (
    "Also: hint (the engine's move and the figures behind it), undo (take back your last"
    " choice and the moves after it, within the hand), moves (the legal moves), table (show"
    " the table again), help (this list), quit (stop; with --save the game is saved)."
    "  A move that is the only legal one is played by itself."
)
PHASE_FORMS = {
    Phase.PLAY: "Type a card to play: QS, 10h, Q♠.",
    Phase.CLAIM: "Type the card of the trick to claim: QS (or claim QS).",
    Phase.DISCARD: "Type a card to discard: QS (or discard QS).",
    Phase.TRUMP: "Type a trump: H, hearts, ♥ or trump H.",
    Phase.BID: "Type a call: pass, 1 to 4 (or bid 2), shoot.",
}


class Quit(Exception):
    """The person at the table stopped the game (quit, or end of input)."""


def help_text(view: SeatKnowledge) -> str:
    """What a person may type at this decision."""
    forms = PHASE_FORMS.get(view.phase, "")
    if any(m.kind == "trump" and m.value == NOTRUMP for m in view.legal):
        forms = forms.removesuffix(".") + " (no trumps: NT or notrump)."
    legal = " ".join(str(m) for m in view.legal)
    return f"{forms}  Legal moves: {legal}\n{HUMAN_COMMANDS}"


class HumanPlayer(Player):
    """A person at the terminal: shown their seat's view, they type moves.
    A move that is the only legal one is made for them (and said so);
    `undo` takes back their last choice (`WholeGame.take_back`), after
    which `on_undo` is called (the narration follows the table again)."""

    name = "human"
    summary = "a person at the terminal"

    def __init__(
        self,
        game: WholeGame,
        echo: Callable[[str], None],
        on_undo: Callable[[], None] | None = None,
        show: Callable[[SeatKnowledge, int], None] | None = None,
    ) -> None:
        self.game = game
        self.echo = echo
        self.on_undo = on_undo
        self.show = show  # draws the table for the person (default: `view_lines`, echoed)

    def table(self, sight: SeatKnowledge, seat: int) -> None:
        """The table as the person at `seat` sees it, deciding with `sight`."""
        if self.show is not None:
            self.show(sight, seat)
        else:
            self.echo("\n".join(view_lines(sight, self.game.position, self.game, seat)))

    def choose(self, view: View, rng: random.Random) -> Move:
        """The person's move, from the view of the seat to move: theirs, or
        the seat they decide for (whist's declarer plays dummy's cards,
        `Game.decider`); the table shown to them is read from it; the live
        game parses their move."""
        position = self.game.position
        seat = self.game.decider()  # the person's own seat
        sight = knowledge(view)
        self.table(sight, seat)
        if len(sight.legal) == 1:
            self.echo(f"forced: {move_text(sight.legal[0])} (your only legal move)")
            return sight.legal[0]
        while True:
            try:
                text = click.prompt(
                    self.prompt_text(view.seat, seat),
                    default="",
                    show_default=False,
                    prompt_suffix="> ",
                )
            except click.Abort as e:  # click turns Ctrl-C and end of input into Abort
                if isinstance(e.__context__, KeyboardInterrupt):
                    raise KeyboardInterrupt from None  # Ctrl-C: status 130, as everywhere
                raise Quit from None
            word = text.strip().lower()
            if not word:
                continue
            if word in ("quit", "exit", "q"):
                raise Quit
            if word == "hint":
                self.echo(f"Hint: {advice_text(advise(view), position)}")
            elif word in ("help", "?"):
                self.echo(help_text(sight))
            elif word == "moves":
                self.echo("Legal moves: " + " ".join(str(m) for m in sight.legal))
            elif word == "table":
                self.table(sight, seat)
            elif word == "undo":
                try:
                    taken = self.game.take_back(seat)
                except IllegalMoveError as e:
                    self.echo(f"Nothing to undo: {e}.")
                    continue
                moves = ", ".join(
                    f"{'you' if s == seat else position.seat_name(s)} {move_text(m)}"
                    for s, m in reversed(taken)
                )
                self.echo(f"Taken back: {moves}")
                if self.on_undo is not None:
                    self.on_undo()
                view = view_of(position, position.to_move)
                sight = knowledge(view)
                self.table(sight, seat)
            else:
                try:
                    move = position.parse_move(text)
                    position.copy().play(move)
                except IllegalMoveError as e:
                    legal = " ".join(str(m) for m in sight.legal)
                    self.echo(f"Not a legal move: {e}.  Legal moves: {legal}  (type help)")
                    continue
                return move

    def prompt_text(self, to_move: int, seat: int) -> str:
        """The prompt: the person's seat, or dummy's when they play its cards."""
        name = self.game.position.seat_name
        if to_move != seat:
            return f"Your move for dummy, seat {name(to_move)}"
        return f"Your move, seat {name(seat)}"
