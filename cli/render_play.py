"""What `play` tells: the narration of a game, a seat's table for a person, hints.

`Narrator` tells a game as it is played (the deal, the moves trick by trick,
each hand's score and the result), leaving out what a person at the table
may not see; `view_lines` is the table a person is shown at their decision,
read from their seat's knowledge alone; `advice_text` is a hint as a person
reads it.  The command is `cli/play.py`, the person's prompt `cli/play_human.py`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from solver.cards import Card
from solver.decisions import Decision
from solver.drawing import card_symbol, hand_text, side_seats, trump_words
from solver.drawing import side_name as seat_label
from solver.games.base import Move, Phase, Position
from solver.games.registry import game_of
from solver.players import Advice
from solver.recommendation import Recommendation
from solver.seatview import SeatKnowledge
from solver.wholegame import HandResult, Step, WholeGame

HINT_MOVES = 3  # the moves (or plans) a hint's figures name


# -- what a seat sees, as text ------------------------------------------------------


def totals_text(game: WholeGame, scores: list[int] | tuple[int, ...]) -> str:
    """Totals by side when partners share them, else seat by seat."""
    pos = game.position
    if not game_of(pos).totals_by_side:
        return ", ".join(f"{pos.seat_name(s)} {scores[s]}" for s in range(game.nseats))
    return ", ".join(f"{seat_label(pos, m)} {scores[m[0]]}" for m in side_seats(pos.sides()))


def view_lines(
    view: SeatKnowledge, pos: Position, game: WholeGame, person: int | None = None
) -> list[str]:
    """What the seat of `view` may see, for a person: nothing else is shown.
    `person`: the person's seat when they decide for another seat, the seat
    of `view` (whist's declarer for dummy, `Game.decider`): their own cards
    are shown besides the cards they play now; a hand lying face up for
    every seat (`Game.open_hand`: dummy) is shown to all."""
    person = view.seat if person is None else person
    me = pos.seat_name(person)
    lines = [
        f"── {game_of(pos).title}, hand {game.hand}: you are seat {me};"
        f" dealer {pos.seat_name(view.dealer)}; trump {trump_words(view.trump)}"
    ]
    lines.append(f"Totals: {totals_text(game, game.scores)}")
    sides = side_seats(view.sides)
    if len(sides) < view.nseats:
        lines.append("Sides: " + " against ".join(seat_label(pos, m) for m in sides))
    lines += game_of(pos).seen_lines(view, pos)
    open_seat = game_of(pos).open_hand(pos)
    if open_seat is not None and open_seat != view.seat:
        lines.append(f"Dummy, {pos.seat_name(open_seat)}: {hand_text(pos.hand_now(open_seat))}")
    if person != view.seat:  # the hand the person holds besides the one they play now
        lines.append(f"Your cards: {hand_text(pos.hand_now(person))}")
        lines.append(
            f"Dummy's cards, {pos.seat_name(view.seat)}, to play now: {hand_text(view.hand)}"
        )
    else:
        lines.append(f"Your cards: {hand_text(view.hand)}")
    if view.trick:
        played = ", ".join(f"{pos.seat_name(s)} {c}" for s, c in view.trick)
        label = "Trick won" if view.phase == Phase.CLAIM else "Trick"
        lines.append(f"{label} {sum(view.tricks_won) + (view.phase != Phase.CLAIM)}: {played}")
    if sum(view.tricks_won):
        won = ", ".join(f"{seat_label(pos, m)} {sum(view.tricks_won[s] for s in m)}" for m in sides)
        lines.append(f"Tricks won: {won}")
    lines.append("Legal moves: " + " ".join(str(m) for m in view.legal))
    return lines


def move_text(move: Move) -> str:
    """A move for a person, its card with the suit symbol: ``7♣``, ``discard 7♣``."""
    if move.card is None:
        return str(move)
    card = card_symbol(move.card)
    return card if move.kind == "play" else f"{move.kind} {card}"


def signed(value: float, places: int = 3) -> str:
    """A signed number, never ``-0.000``: what rounds to zero is ``+0.000``."""
    text = f"{value:+.{places}f}"
    return f"{0.0:+.{places}f}" if float(text) == 0 else text


def _span(low: float | None, high: float | None) -> str:
    """A 95% interval, ``-`` where one world leaves it unknown."""
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return "-"
    return f"{signed(low, 2)} .. {signed(high, 2)}"


def recommendation_text(rec: Recommendation, unit: str) -> str:
    """A card hint's figures: the best moves' means and intervals over the worlds."""
    parts = []
    for m in rec.moves[:HINT_MOVES]:
        if m.bounded:
            parts.append(f"{move_text(m.move)} at most {signed(m.mean, 2)}")
        elif m.estimated:  # no confidence interval from estimates
            parts.append(f"{move_text(m.move)} ~{signed(m.mean, 2)} (an estimate)")
        elif m.worlds < 2:
            parts.append(f"{move_text(m.move)} {signed(m.mean, 2)} (one world: no interval)")
        else:
            parts.append(f"{move_text(m.move)} {signed(m.mean, 2)} (95% {_span(m.low, m.high)})")
    more = len(rec.moves) - HINT_MOVES
    tail = f", and {more} more" if more > 0 else ""
    worlds = f"{rec.worlds} world{'s' * (rec.worlds != 1)}"
    how = f"{rec.exact_worlds} solved exactly"
    if rec.worlds - rec.exact_worlds:
        how += f", {rec.worlds - rec.exact_worlds} estimated"
    stopped = f"; stopped by {rec.stopped}" if rec.stopped else ""
    return f"mean {unit} over {worlds} ({how}{stopped}): {'; '.join(parts)}{tail}"


def decision_text(decision: Decision, unit: str) -> str:
    """A hint's figures before play: the candidates' means over their worlds."""
    parts = []
    for c in decision.candidates[:HINT_MOVES]:
        notes = [f"{c.worlds} world{'s' * (c.worlds != 1)}"]
        if c.exact != c.worlds:
            notes.append(f"{c.exact} exact")
        if c.eliminated is not None:
            notes.append(f"out in round {c.eliminated}")
        mark = "~" if c.estimated else ""
        parts.append(f"{c.plan} {mark}{signed(c.mean, 2)} ({', '.join(notes)})")
    more = len(decision.candidates) - HINT_MOVES
    tail = f", and {more} more" if more > 0 else ""
    halving = f"{decision.rounds} round{'s' * (decision.rounds != 1)} of halving"
    if decision.uneven:
        halving += ", means over different worlds: a plan out early was valued on fewer"
    if any(c.estimated for c in decision.candidates):
        halving += "; ~: an estimate"
    return f"the candidates' mean {unit} ({halving}): {'; '.join(parts)}{tail}"


def advice_text(advice: Advice, pos: Position) -> str:
    """A hint as a person reads it: the move, whose choice, and why."""
    line = f"{move_text(advice.move)} (the {advice.player} player's choice)"
    unit = game_of(pos).value_words
    if advice.recommendation is not None:
        return f"{line}; {recommendation_text(advice.recommendation, unit)}"
    if advice.decision is not None:
        return f"{line}; {decision_text(advice.decision, unit)}"
    if advice.note is not None:
        return f"{line}; {advice.note}"
    return line


# -- the narration ----------------------------------------------------------------------


def at_first_lead(pos: Position) -> bool:
    """Play is about to begin: no card of the hand played yet."""
    return (
        pos.phase == Phase.PLAY
        and pos.core is not None
        and pos.core.tricks_played == 0
        and not pos.current_trick()
    )


class Narrator:
    """Tells a game as it is played: the hands' decisions, trick by trick,
    and the scores.  With a person at the table, what their seat may not see
    (another Chinkway dealer's discards, the deal) is not told."""

    def __init__(
        self,
        game: WholeGame,
        names: list[str],
        human: int | None,
        brief: bool,
        echo: Callable[[str], None],
    ) -> None:
        self.game = game
        self.names = names
        self.human = human
        self.brief = brief
        self.echo = echo
        self.trick: list[tuple[int, Card]] = []
        self.told_hand = 0  # the hand whose deal was told last
        self.shown_open: int | None = None  # the hand lying face up that was told (dummy)
        self.dealt: list[str] = []  # every seat's cards as told at the deal

    def header(self) -> None:
        game = self.game
        pos = game.position
        rules = game_of(pos)
        title = f"{rules.seats_title(game.nseats)}, {rules.length_text(game.target, game.rounds)}"
        self.echo(f"{title}; seed {game.seed}")
        seats = ", ".join(
            f"{pos.seat_name(s)} {'you' if s == self.human else self.names[s]}"
            for s in range(game.nseats)
        )
        self.echo(f"Seats: {seats}")

    def hand_start(self) -> None:
        """Tell the hand about to be played (a resumed hand may be under way)."""
        pos = self.game.position
        self.told_hand = self.game.hand
        self.follow()
        rules = game_of(pos)
        self.dealt = [rules.dealt_text(pos, s) for s in range(pos.nseats)]
        if self.brief:
            return
        word = rules.hand_word.capitalize()
        line = f"\n{word} {self.game.hand}, dealer {pos.seat_name(pos.dealer)}"
        if not rules.totals_by_side:
            line += "; sides " + " | ".join(seat_label(pos, m) for m in side_seats(pos.sides()))
        if pos.trump is not None:
            line += f"; trump {trump_words(pos.trump)}"
        self.echo(line)
        if self.human is None:
            for s in range(pos.nseats):
                self.echo(f"  {pos.seat_name(s)}: {rules.dealt_text(pos, s)}")

    def follow(self) -> None:
        """Take up the trick on the table from the position (at the start of
        a hand, and after moves were taken back)."""
        pos = self.game.position
        self.trick = pos.current_trick() if pos.phase == Phase.PLAY else []

    def step(self, step: Step) -> None:
        if not self.brief:
            self._move(step)
        self._open_hand(step.position)
        if step.result is not None:
            self.hand_end(step.result)

    def _move(self, step: Step) -> None:
        pos, move, who = step.position, step.move, step.position.seat_name(step.seat)
        if move.kind == "play":
            assert move.card is not None
            self.trick.append((step.seat, move.card))
            if len(self.trick) == pos.nseats:
                cards = ", ".join(f"{pos.seat_name(s)} {c}" for s, c in self.trick)
                number = sum(pos.tricks_won())
                self.echo(f"  Trick {number}: {cards}; {pos.seat_name(pos.to_move)} wins")
                self.trick = []
                for line in game_of(pos).trick_lines(pos):
                    self.echo(line)
        else:
            secret = self.human not in (None, step.seat)
            for line in game_of(pos).move_lines(pos, move, who, secret):
                self.echo(line)
            if at_first_lead(pos):  # the hands as play begins (not after a claim)
                self._hands_for_play(pos)

    def _open_hand(self, pos: Position) -> None:
        """Tell a hand once it lies face up for every seat (`Game.open_hand`:
        whist's dummy, once the opening lead is made), even when brief."""
        rules = game_of(pos)
        seat = None if pos.is_over else rules.open_hand(pos)
        if seat is not None and seat != self.shown_open:
            text = rules.dealt_text(pos, seat)
            self.echo(f"Dummy, {pos.seat_name(seat)}, faces its cards: {text}")
        self.shown_open = seat

    def _hands_for_play(self, pos: Position) -> None:
        """At the first lead, the hands that changed since the deal (a Cinch
        redeal, a Chinkway dealer's discards): every seat's for spectators,
        a person's own at the table."""
        rules = game_of(pos)
        seats = range(pos.nseats) if self.human is None else [self.human]
        changed = [s for s in seats if self.dealt and rules.dealt_text(pos, s) != self.dealt[s]]
        if not changed:
            return
        if self.human is not None:
            self.echo(f"  Your cards for play: {rules.dealt_text(pos, self.human)}")
            return
        self.echo("  The hands for play:")
        for s in changed:
            self.echo(f"  {pos.seat_name(s)}: {rules.dealt_text(pos, s)}")

    def hand_end(self, result: HandResult) -> None:
        game = self.game
        word = game_of(game.position).hand_word.capitalize()
        if not self.brief:
            for line in game_of(result.position).result_lines(result.position):
                self.echo(line)
        self.echo(
            f"  {word} {result.number} over: score {totals_text(game, result.scores)};"
            f" totals {totals_text(game, result.totals)}"
        )

    def game_end(self) -> None:
        game = self.game
        assert game.winners is not None
        pos = game.position
        rules = game_of(pos)
        count = f"{game.hand} {rules.hand_word}"
        count += "s" if game.hand > 1 else ""
        winners = list(game.winners)
        score = game.scores[winners[0]]
        partners = len(side_seats(pos.sides())) < game.nseats and rules.totals_by_side
        if partners:
            verdict = f"{seat_label(pos, winners)} win with {score}"
        elif len(winners) > 1:
            names = " and ".join(pos.seat_name(s) for s in winners)
            verdict = f"seats {names} share the win with {score}"
        else:
            verdict = f"seat {pos.seat_name(winners[0])} wins with {score}"
        limit = ", the game's limit (--max-hands), highest total" if game.by_hand_limit else ""
        self.echo(
            f"\nGame over after {count}{limit}: {verdict} (totals {totals_text(game, game.scores)})"
        )
