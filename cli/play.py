"""The `play` command: a whole game, narrated, a person at a seat if asked.

`play` runs a `solver.wholegame.WholeGame` between the players of
``--seats`` and narrates it (`cli/render_play.py`); with ``--human SEAT`` a
person takes that seat at the terminal (`cli/play_human.py`): they are
shown what their seat may see, type moves, and may ask for a hint.
``--board FILE N`` plays a board of a hand record.  Bad input is a
`TricksolverError`, which the command group prints as one line (exit status 2).
"""

from __future__ import annotations

import contextlib
import secrets
import shlex
import sys
from typing import IO, Any

import click
from rich.console import Console

import solver
from solver.drawing import hand_text
from solver.errors import TricksolverError
from solver.games.registry import game_of
from solver.notation import parse_seat, to_toml
from solver.players import PLAYERS, PimcPlayer, Player, make_player, parse_seats
from solver.wholegame import DEFAULT_MAX_HANDS, MAX_HANDS_LIMIT, WholeGame

from .common import (
    INTERRUPTED,
    PROG,
    SEED_LIMIT,
    echo_json,
    players_option,
    rounds_help,
    source_boards,
    targets_help,
)
from .play_human import HumanPlayer, Quit, help_text
from .render_game import GameLog
from .render_match import interval, number
from .render_play import (
    Narrator,
    move_text,
    recommendation_text,
    signed,
    totals_text,
)
from .render_table import LiveTable

DEFAULT_SEATS = "heuristic"
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
@click.option(
    "--live/--no-live",
    default=None,
    help="Draw one table redrawn in place after every move (hands, the trick and the last"
    " trick, tricks won, trump, dealer, totals, the game's own parts), a person's prompt"
    " below it, instead of telling the game line by line. Default: --live when standard"
    " output is a terminal (and not --json).",
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
    live: bool | None,
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
      tricksolver play cinch --seed 7 --live            the table, redrawn in place
    """
    if live and as_json:
        raise TricksolverError("--live and --json: choose one output")
    of_board = None
    if record is not None:
        if game is not None or resume is not None:
            raise TricksolverError("give a GAME, --resume FILE or --board FILE N, one of them")
        if seed is None:
            seed = secrets.randbelow(SEED_LIMIT)
        of_board = board_game(record, seed)
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
    if human_seat is not None:
        check_person_seat(whole, human_seat)
    if human_seat is None and whole.humans:  # a resumed game asks its person again
        human_seat = whole.humans[0]
    whole.humans = () if human_seat is None else (human_seat,)  # kept by a save
    if random_seed:
        click.echo(f"seed: {whole.seed}", err=True)
    lineup: list[Player] = [make_player(n) for n in names]
    log = GameLog(whole, names, human_seat, resumed=resume is not None) if as_json else None
    out = sys.stdout  # the log's: the narration goes to stderr with --json
    table = live_table(whole, names, human_seat, live, as_json)
    with narration_to_stderr(as_json):
        echo = click.echo if table is None else table.echo
        narrator = Narrator(whole, names, human_seat, brief or table is not None, echo)
        if human_seat is not None:
            lineup[human_seat] = person(whole, narrator, table)
        narrator.header()
        if whole.is_over:
            narrator.game_end()
            echo_log(log, "over", out)
            return
        try:
            play_on(whole, lineup, narrator, log, hands, table)
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


def play_on(
    whole: WholeGame,
    lineup: list[Player],
    narrator: Narrator,
    log: GameLog | None,
    hands: int | None,
    table: LiveTable | None,
) -> None:
    """Play on to the end of the game or of `hands` hands, narrated (and
    drawn, with a live table, which is stopped however play stops)."""
    played = 0
    try:
        while not whole.is_over and (hands is None or played < hands):
            if narrator.told_hand != whole.hand:
                narrator.hand_start()
                if table is not None:
                    table.follow()
            if log is not None:
                log.before()
            step = whole.step(lineup)
            narrator.step(step)
            if table is not None:
                table.step(step)
            if log is not None:
                log.step(step)
            played += step.result is not None
    finally:
        if table is not None:
            table.stop()


def live_table(
    whole: WholeGame, names: list[str], seat: int | None, live: bool | None, as_json: bool
) -> LiveTable | None:
    """The table redrawn in place, if asked (--live) or by default when
    standard output is a terminal (not with --json); None: told line by line.
    With a person at `seat`, it shows what that seat sees."""
    if live is None:
        live = not as_json and sys.stdout.isatty()
    if not live:
        return None
    return LiveTable(whole, names, Console(force_terminal=True, highlight=False), seat)


def person(whole: WholeGame, narrator: Narrator, table: LiveTable | None) -> HumanPlayer:
    """The person at the table: told line by line, or shown the live table."""
    if table is None:
        return HumanPlayer(whole, click.echo, narrator.follow)

    def taken_back() -> None:
        narrator.follow()
        table.follow()

    return HumanPlayer(whole, table.echo, taken_back, table.for_person)


def board_game(record: tuple[str, str], seed: int) -> WholeGame:
    """The game of board N of a hand record (``--board FILE N``): one hand,
    its deal from the opening lead of its contract (with its declarer, who
    plays dummy's cards: `Game.board_to_play`), dealt by seat 1 as a game's
    first hand is (the dealer changes nothing in the play)."""
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
    pos = game_of(board.position).board_to_play(board)
    fields = {k: v for k, v in pos.to_fields().items() if v is not None}
    start = solver.parse_position(to_toml({**fields, "dealer": pos.seat_name(0)}))
    return WholeGame(seed, 1, [0] * start.nseats, start)


def check_person_seat(whole: WholeGame, seat: int) -> None:
    """A person sits where they make decisions: not at a seat whose cards
    another seat plays (whist's dummy: declarer plays them)."""
    pos = whole.position
    decider = game_of(pos).decider(pos, seat)
    if decider != seat:
        raise TricksolverError(
            f"--human: seat {pos.seat_name(seat)} is dummy, whose cards declarer plays:"
            f" sit at seat {pos.seat_name(decider)}"
        )


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


__all__ = [  # the command, and the names callers import from here since before the split
    "Narrator",
    "board_game",
    "hand_text",
    "help_text",
    "interval",
    "move_text",
    "number",
    "play",
    "recommendation_text",
    "signed",
    "totals_text",
]
