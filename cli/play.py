"""The `play` and `match` commands: whole games, a person at a seat, matches.

`play` runs a `solver.wholegame.WholeGame` between the players of
``--seats`` and narrates it; with ``--human SEAT`` a person takes that seat
at the terminal (`HumanPlayer`): they are shown what their seat may see,
type moves, and may ask for a hint.  `match` runs a `solver.match.Match` on
duplicate deals and reports each line-up's mean score per deal with 95%
intervals.  Bad input is a `TricksolverError`, which the command group
prints as one line (exit status 2).
"""

from __future__ import annotations

import contextlib
import math
import random
import secrets
import shlex
import sys
from collections.abc import Callable
from typing import IO, Any

import click
from rich.console import Console
from rich.table import Table

import solver
from solver.cards import NOTRUMP, Card
from solver.decisions import Decision
from solver.drawing import card_symbol, hand_text, side_seats, trump_words
from solver.drawing import side_name as seat_label
from solver.errors import IllegalMoveError, TricksolverError
from solver.games import registry
from solver.games.base import Move, Phase, Position
from solver.games.registry import game_of
from solver.heuristics import knowledge
from solver.match import CONFIDENCE, SCORE_PER_DEAL, Match, Summary
from solver.moves import apply_moves
from solver.notation import parse_seat, to_toml
from solver.players import PLAYERS, Advice, PimcPlayer, Player, advise, make_player, parse_seats
from solver.position import view_of
from solver.recommendation import Recommendation
from solver.seatview import SeatKnowledge
from solver.view import View
from solver.wholegame import DEFAULT_MAX_HANDS, MAX_HANDS_LIMIT, HandResult, Step, WholeGame

from .batch import DEALS_JOBS_HELP, DEALS_SCHEDULER_HELP, played_deals
from .common import (
    INTERRUPTED,
    PROG,
    SEED_LIMIT,
    board_option,
    echo_json,
    one_board,
    players_option,
    position_of,
    progress_bars,
    rounds_help,
    source_boards,
    targets_help,
)
from .options import JOBS, MAX_DEALS
from .render_game import GameLog
from .render_json import match_json, moves_json

DEFAULT_SEATS = "heuristic"
DEFAULT_DEALS = 100
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
HINT_MOVES = 3  # the moves (or plans) a hint's figures name
PLAYER_LIST = ", ".join(f"{name} ({p.summary})" for name, p in PLAYERS.items())
_BUDGET = PimcPlayer.DEFAULT_BUDGET
PIMC_BUDGET_HELP = (
    "A pimc seat may carry its budget: pimc:worlds=50,nodes=2M (or pimc:50/2M) draws at most"
    " 50 worlds and searches at most 2 million nodes a card decision (the same seed, the same"
    f" game: no clock); default pimc:{_BUDGET.worlds}/{_BUDGET.nodes}, about a second a"
    " decision; pimc:16/300k,infer=heuristic weighs its worlds by how likely the other seats'"
    " cards so far were in them (docs/recommend.md). pimc-classic is the pimc player before"
    " its budget, for comparisons."
)


class Quit(Exception):
    """The person at the table stopped the game (quit, or end of input)."""


# -- what a seat sees, as text ------------------------------------------------------


def totals_text(game: WholeGame, scores: list[int] | tuple[int, ...]) -> str:
    """Totals by side when partners share them, else seat by seat."""
    pos = game.position
    if not game_of(pos).totals_by_side:
        return ", ".join(f"{pos.seat_name(s)} {scores[s]}" for s in range(game.nseats))
    return ", ".join(f"{seat_label(pos, m)} {scores[m[0]]}" for m in side_seats(pos.sides()))


def view_lines(view: SeatKnowledge, pos: Position, game: WholeGame) -> list[str]:
    """What the seat of `view` may see, for a person: nothing else is shown."""
    me = pos.seat_name(view.seat)
    lines = [
        f"── {game_of(pos).title}, hand {game.hand}: you are seat {me};"
        f" dealer {pos.seat_name(view.dealer)}; trump {trump_words(view.trump)}"
    ]
    lines.append(f"Totals: {totals_text(game, game.scores)}")
    sides = side_seats(view.sides)
    if len(sides) < view.nseats:
        lines.append("Sides: " + " against ".join(seat_label(pos, m) for m in sides))
    lines += game_of(pos).seen_lines(view, pos)
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


def help_text(view: SeatKnowledge) -> str:
    """What a person may type at this decision."""
    forms = PHASE_FORMS.get(view.phase, "")
    if any(m.kind == "trump" and m.value == NOTRUMP for m in view.legal):
        forms = forms.removesuffix(".") + " (no trumps: NT or notrump)."
    legal = " ".join(str(m) for m in view.legal)
    return f"{forms}  Legal moves: {legal}\n{HUMAN_COMMANDS}"


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
    ) -> None:
        self.game = game
        self.echo = echo
        self.on_undo = on_undo

    def choose(self, view: View, rng: random.Random) -> Move:
        """The person's move, from their seat's view (the table shown to
        them is read from it; the live game parses their move)."""
        position, seat = self.game.position, view.seat
        sight = knowledge(view)
        self.echo("\n".join(view_lines(sight, position, self.game)))
        if len(sight.legal) == 1:
            self.echo(f"forced: {move_text(sight.legal[0])} (your only legal move)")
            return sight.legal[0]
        while True:
            try:
                text = click.prompt(
                    f"Your move, seat {position.seat_name(seat)}",
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
                self.echo("\n".join(view_lines(sight, position, self.game)))
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
                view = view_of(position, seat)
                sight = knowledge(view)
                self.echo("\n".join(view_lines(sight, position, self.game)))
            else:
                try:
                    move = position.parse_move(text)
                    position.copy().play(move)
                except IllegalMoveError as e:
                    legal = " ".join(str(m) for m in sight.legal)
                    self.echo(f"Not a legal move: {e}.  Legal moves: {legal}  (type help)")
                    continue
                return move


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


# -- play -----------------------------------------------------------------------------------


@click.command()
@click.argument("game", required=False)
@players_option
@click.option(
    "--seats",
    default=DEFAULT_SEATS,
    show_default=True,
    metavar="LIST",
    help="Player names separated by commas, one per seat from seat 1; a shorter list repeats"
    " round the table (heuristic,random at four seats: partners alike). Players: "
    + PLAYER_LIST
    + ". "
    + PIMC_BUDGET_HELP,
)
@click.option(
    "--human",
    metavar="SEAT",
    help="A person plays this seat (1, 2, ...; N E S W at four seats) at the terminal,"
    " instead of the seat's player in --seats.",
)
@click.option(
    "--seed",
    "-s",
    type=int,
    metavar="N",
    help="Seed of the game: the same seed, the same deals and decisions. Default: random,"
    " printed on stderr.",
)
@click.option(
    "--target",
    type=int,
    metavar="POINTS",
    help=targets_help(),
)
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    metavar="N",
    help=rounds_help(),
)
@click.option(
    "--hands",
    type=click.IntRange(min=1),
    metavar="N",
    help="Stop after N hands (with --save, to continue later with --resume).",
)
@click.option(
    "--max-hands",
    type=click.IntRange(min=1, max=MAX_HANDS_LIMIT),
    metavar="N",
    help=f"End the game after N hands if it has not ended by then: the highest total wins"
    f" (default {DEFAULT_MAX_HANDS}; at most {MAX_HANDS_LIMIT:,}).",
)
@click.option(
    "--save",
    metavar="FILE",
    help="Write the game to FILE when play stops: at the end, after --hands, on quit or Ctrl-C.",
)
@click.option(
    "--resume",
    metavar="FILE",
    help="Continue a game saved with --save (instead of GAME); the person of --human is"
    " seated again (--human gives another seat).",
)
@click.option("--brief", is_flag=True, help="Tell only the score of every hand and the result.")
@click.option(
    "--board",
    "record",
    nargs=2,
    metavar="FILE N",
    help="Play board N of the hand record FILE (instead of GAME): its deal from the opening"
    " lead of its contract; dummy's hand, where the game has one, is shown once the lead is"
    " made. N as --board takes it (46c: the closed room's).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the game's log as JSON when play stops (the deals, every move with its seat,"
    " each hand's result, the totals; docs/json.md); the narration and the prompt go to stderr.",
)
def play(
    game: str | None,
    players: int | None,
    seats: str,
    human: str | None,
    seed: int | None,
    target: int | None,
    rounds: int | None,
    hands: int | None,
    max_hands: int | None,
    save: str | None,
    resume: str | None,
    brief: bool,
    record: tuple[str, str] | None,
    as_json: bool,
) -> None:
    """Play a whole game of GAME and narrate it.

    GAME is one of chinkway (10 rounds), cinch (to 15 points),
    chinese-whist or cw (to 10 points; 2, 3 or 4 players) or whist (one
    deal).  Every seat is played by the player --seats names for it; with
    --human, a person takes one seat: they see their cards and the table,
    type their moves (only legal moves are accepted; a trump as H, hearts
    or trump H, a call as 2 or bid 2), and may type 'hint' for the
    engine's move and the figures behind it, 'undo' to take back their last
    choice within the hand, 'help' for what can be typed, or 'quit'.  A
    move that is the only legal one is played by itself (and said so).

    \b
    EXAMPLES
      tricksolver play cinch --seed 7
      tricksolver play chinkway --seats heuristic,random,random,random,random --brief
      tricksolver play cw --players 3 --seats heuristic,random,random --target 5
      tricksolver play cinch --human 1                  you sit in seat 1
      tricksolver play chinese-whist --human S --save game.toml
      tricksolver play --resume game.toml --human S     continue a saved game
      tricksolver play whist --seats random --seed 3
      tricksolver play whist --seats heuristic --seed 3 --json > game.json
      tricksolver play --board docs/match.lin 3c --seats heuristic --seed 1 --brief
    """
    dummy, of_board = None, None
    if record is not None:
        if game is not None or resume is not None:
            raise TricksolverError("give a GAME, --resume FILE or --board FILE N, one of them")
        if seed is None:
            seed = secrets.randbelow(SEED_LIMIT)
        of_board, dummy = board_game(record, seed)
        game = of_board.game
    if (game is None) == (resume is None):
        raise TricksolverError("give a GAME to play or --resume FILE, not both")
    settings = {
        "--players": players, "--seed": seed, "--target": target, "--rounds": rounds,
        "--max-hands": max_hands,
    }  # fmt: skip
    random_seed = seed is None and resume is None
    if resume is not None:
        given = [option for option, value in settings.items() if value is not None]
        if given:
            raise TricksolverError(f"{', '.join(given)}: a resumed game keeps its own settings")
        whole = WholeGame.load(resume)
    elif of_board is not None:
        whole = of_board
    else:
        assert game is not None
        if seed is None:
            seed = secrets.randbelow(SEED_LIMIT)
        whole = WholeGame.new(
            game, players=players, seed=seed, target=target, rounds=rounds,
            max_hands=DEFAULT_MAX_HANDS if max_hands is None else max_hands,
        )  # fmt: skip
    if save is not None:
        WholeGame.check_save_path(save)  # a bad --save path before the game, not after
    names = parse_seats(seats, whole.nseats)
    human_seat = None if human is None else parse_seat(human, whole.nseats, "--human")
    if human_seat is None and whole.humans:  # a resumed game asks its person again
        human_seat = whole.humans[0]
    whole.humans = () if human_seat is None else (human_seat,)  # kept by a save
    if random_seed:
        click.echo(f"seed: {whole.seed}", err=True)
    lineup: list[Player] = [make_player(n) for n in names]
    log = GameLog(whole, names, human_seat, resumed=resume is not None) if as_json else None
    out = sys.stdout  # the log's: the narration goes to stderr with --json
    with narration_to_stderr(as_json):
        narrator = Narrator(whole, names, human_seat, brief, click.echo)
        if human_seat is not None:
            lineup[human_seat] = HumanPlayer(whole, click.echo, narrator.follow)
        narrator.header()
        if whole.is_over:
            narrator.game_end()
            echo_log(log, "over", out)
            return
        played = 0
        try:
            while not whole.is_over and (hands is None or played < hands):
                if narrator.told_hand != whole.hand:
                    narrator.hand_start()
                if log is not None:
                    log.before()
                step = whole.step(lineup)
                narrator.step(step)
                if dummy is not None and len(whole.position.play_record) == 1:
                    name = whole.position.seat_name(dummy)
                    text = game_of(whole.position).dealt_text(whole.position, dummy)
                    click.echo(f"Dummy, {name}, faces its cards: {text}")
                if log is not None:
                    log.step(step)
                played += step.result is not None
        except Quit:
            click.echo(f"\nGame stopped in hand {whole.hand}.{saved_note(whole, save, seats)}")
            echo_log(log, "quit", out)
            return
        except KeyboardInterrupt:
            note = saved_note(whole, save, seats)
            click.echo(f"{PROG}: interrupted: the game was stopped.{note}", err=True)
            echo_log(log, "interrupted", out)
            raise click.exceptions.Exit(INTERRUPTED) from None
        finish_play(whole, narrator, hands, save, seats)
    echo_log(log, "over" if whole.is_over else "hands", out)


def board_game(record: tuple[str, str], seed: int) -> tuple[WholeGame, int | None]:
    """The game of board N of a hand record (``--board FILE N``): one hand,
    its deal from the opening lead of its contract, dealt by seat 1 as a
    game's first hand is (the dealer changes nothing in the play); and the
    seat whose hand all see once the lead is made (`Game.board_dummy`)."""
    path, number = record
    _, boards = source_boards(path, number)
    if boards is None:
        raise TricksolverError(f"--board: {path} is no file of boards")
    if len(boards) > 1:
        raise TricksolverError(
            f"--board: board {number} was played in {len(boards)} rooms:"
            f" give one ({number}o, {number}c)"
        )
    board = boards[0]
    pos = board.position
    fields = {k: v for k, v in pos.to_fields().items() if v is not None}
    start = solver.parse_position(to_toml({**fields, "dealer": pos.seat_name(0)}))
    return WholeGame(seed, 1, [0] * start.nseats, start), game_of(pos).board_dummy(board)


def narration_to_stderr(as_json: bool) -> contextlib.AbstractContextManager[Any]:
    """With --json, everything but the log (the narration, a person's table
    and prompt) is written to stderr: standard output holds the JSON alone."""
    return contextlib.redirect_stdout(sys.stderr) if as_json else contextlib.nullcontext()


def echo_log(log: GameLog | None, stopped: str, out: IO[str]) -> None:
    """The game's log on standard output (with --json), whatever stopped play."""
    if log is not None:
        echo_json(log.to_json(stopped), file=out)


def finish_play(
    whole: WholeGame, narrator: Narrator, hands: int | None, save: str | None, seats: str
) -> None:
    """The end of `play`: the game's result and its save, or where it stopped."""
    if whole.is_over:
        narrator.game_end()
        if save is not None:
            whole.save(save)
    else:
        click.echo(
            f"\nStopped after {hands} hand(s), in hand {whole.hand}."
            + saved_note(whole, save, seats)
        )


def saved_note(game: WholeGame, path: str | None, seats: str) -> str:
    """Save the game if a file was given; the sentence that says so, with
    the whole command that continues it (the players of --seats; the
    person's seat is in the file)."""
    if path is None:
        return " Not saved (use --save FILE)."
    game.save(path)
    command = f"{PROG} play --resume {shlex.quote(path)}"
    if seats != DEFAULT_SEATS:
        command += f" --seats {shlex.quote(seats)}"
    return f" Saved to {path}: continue with {command}"


# -- match ------------------------------------------------------------------------------


@click.command()
@click.argument("game")
@click.option(
    "--seats",
    required=True,
    metavar="LIST",
    help="Player names separated by commas, one per seat from seat 1 (a shorter list repeats"
    " round the table). Each distinct name is a line-up. Players: "
    + PLAYER_LIST
    + ". "
    + PIMC_BUDGET_HELP,
)
@click.option(
    "--deals",
    type=click.IntRange(min=1, max=MAX_DEALS),
    default=DEFAULT_DEALS,
    show_default=True,
    metavar="N",
    help=f"Deals to play; each is played once per rotation of the seats (at most {MAX_DEALS:,}).",
)
@players_option
@click.option(
    "--seed",
    "-s",
    type=int,
    default=0,
    show_default=True,
    metavar="N",
    help="Seed of the match: the same seed, the same deals and results.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON (with every deal's scores).")
@click.option("--csv", "as_csv", is_flag=True, help="Print the summary as CSV.")
@click.option("--no-color", is_flag=True, help="Plain text without colours.")
@click.option(
    "--jobs", "-j", type=JOBS, default=1, show_default=True, metavar="J", help=DEALS_JOBS_HELP
)
@click.option("--scheduler", metavar="ADDRESS", help=DEALS_SCHEDULER_HELP)
def match(
    game: str,
    seats: str,
    deals: int,
    players: int | None,
    seed: int,
    as_json: bool,
    as_csv: bool,
    no_color: bool,
    jobs: int,
    scheduler: str | None,
) -> None:
    """Players against each other on duplicate deals.

    Every deal is played once for each rotation of the seat assignment
    (seat s gets the player of seat s - r; repeated assignments are played
    once), so each line-up gets the same cards in every seat: with
    heuristic,random at four seats the partnerships swap sides.  A
    line-up's score per deal is the sum over the rotations of the mean hand
    score of its seats (its side's score, in a partnership game).  Prints
    each line-up's mean score per deal and its mean time per decision (the
    clock's: it varies between runs, the scores do not) and, for every pair,
    the mean paired difference per deal with a 95% t interval over the
    deals.  Ctrl-C stops
    and prints the deals played so far (exit status 130).  --jobs plays the
    deals on that many processes, --scheduler on a Dask cluster: the same
    results (docs/batch.md).

    \b
    EXAMPLES
      tricksolver match cinch --seats heuristic,random --deals 50
      tricksolver match cw --players 3 --seats heuristic,random,random --deals 20 --json
      tricksolver match chinkway --seats heuristic,random,random,random,random --deals 20 --csv
      tricksolver match whist --seats heuristic,random --deals 50 --seed 4
      tricksolver match cinch --seats heuristic,random --deals 20 --jobs 2
    """
    if as_json and as_csv:
        raise TricksolverError("--json and --csv: choose one output")
    contest = Match.new(game, seats, players=players, seed=seed)
    progress = progress_bars(no_color)
    interrupted = False
    with progress:
        task = progress.add_task(f"{registry.game(contest.game).title} deals", total=deals)
        try:
            if jobs == 1 and scheduler is None:
                for index in range(deals):
                    contest.play_deal(index)
                    progress.advance(task)
            else:
                for result in played_deals(contest, deals, jobs, scheduler):
                    contest.add(result)
                    progress.advance(task)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted and not contest.results:
        click.echo(f"{PROG}: interrupted: no deal was completed", err=True)
        raise click.exceptions.Exit(INTERRUPTED)
    if as_json:
        echo_json(match_json(contest, deals, interrupted))
    elif as_csv:
        click.echo(contest.to_csv(), nl=False)
    else:
        Console(no_color=no_color or None, highlight=False).print(match_view(contest))
    if interrupted:
        done = len(contest.results)
        click.echo(f"{PROG}: interrupted: results of the {done} deals played", err=True)
        raise click.exceptions.Exit(INTERRUPTED)


def number(value: float | None) -> str:
    return "" if value is None or math.isnan(value) else signed(value)


def interval(s: Summary) -> str:
    if s.low is None or s.high is None:
        return "(needs 2 deals)"
    return f"[{signed(s.low)}, {signed(s.high)}]"


def decision_time_text(seconds: float | None) -> str:
    """A mean time per decision: in milliseconds below a second ("-": none)."""
    if seconds is None:
        return "-"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def match_view(contest: Match) -> Table:
    rotations = len(contest.rotations)
    table = Table(
        title=f"{registry.game(contest.game).title}, {contest.players} seats:"
        f" {len(contest.results)} deals, each played {rotations} way{'s' * (rotations > 1)};"
        f" seed {contest.seed}",
        caption=f"Score per deal: {SCORE_PER_DEAL}. Interval: {CONFIDENCE:.0%}, t over deals."
        " Time a decision: the mean over the choices among two moves or more.",
    )
    table.add_column("line-up", no_wrap=True)
    table.add_column("seats", justify="right")
    table.add_column("mean per deal", justify="right")
    table.add_column(f"{CONFIDENCE:.0%} interval", justify="right", no_wrap=True)
    table.add_column("time a decision", justify="right")
    times = contest.seconds_per_decision()
    for name, s in contest.summaries().items():
        spent = times[name]
        row = (name, str(contest.seats.count(name)), number(s.mean), interval(s))
        table.add_row(*row, decision_time_text(spent))
    for a, b, s in contest.differences():
        table.add_row(f"{a} − {b}", "", number(s.mean), interval(s), "")
    return table


# -- move -------------------------------------------------------------------------------


@click.command()
@click.argument("position")
@click.argument("moves")
@click.option("--line", "-l", is_flag=True, help="Print the one-line form instead of TOML.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the position reached as JSON, with the moves made (docs/json.md).",
)
@board_option
def move(position: str, moves: str, line: bool, as_json: bool, board: str | None) -> None:
    """Make MOVES in POSITION and print the position reached.

    POSITION is a file, '-' for standard input, a one-line position, a bare
    PBN deal, a game saved by 'play --save' (its hand in play) or one board
    of a file of boards (--board N: a hand record's board at its opening
    lead, docs/files.md).  MOVES are
    in the game's notation, separated by commas, as typed at 'tricksolver
    play': cards (AS, 10h), discard 2S, trump H (or NT), bid 2, pass, shoot,
    claim QS.  All or none: a move that cannot be read or is not legal is
    named with its number and nothing is printed.  Every command that takes
    a position also takes --moves, to the same effect.

    \b
    EXAMPLES
      tricksolver deal chinkway --seed 7 | tricksolver move - "discard AS, discard KS, trump S"
      tricksolver deal cinch --seed 7 | tricksolver move - "pass, pass, pass, pass, trump S" -l
      tricksolver deal cw --seed 7 | tricksolver move - "trump S" | tricksolver show -
      tricksolver deal whist --seed 7 | tricksolver move - "KH" --json
      tricksolver move docs/session.pbn "QS, 9S" --board 2 --line
    """
    if line and as_json:
        raise TricksolverError("--line and --json: choose one output")
    start = position_of(one_board(position, board, "move"))
    pos = apply_moves(start, moves)
    if as_json:
        echo_json(moves_json(start, pos))
        return
    click.echo(pos.to_line() if line else pos.to_toml().rstrip("\n"))
