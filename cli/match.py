"""The `match` command: players against each other on duplicate deals.

It runs a `solver.match.Match` (on processes or a Dask cluster with
--jobs/--scheduler) and reports each line-up's mean score per deal with 95%
intervals (`cli/render_match.py` draws the table).  Bad input is a
`TricksolverError`, which the command group prints as one line (exit status 2).
"""

from __future__ import annotations

import click
from rich.console import Console

from solver.errors import TricksolverError
from solver.games import registry
from solver.match import Match

from .batch import DEALS_JOBS_HELP, DEALS_SCHEDULER_HELP, played_deals
from .common import (
    INTERRUPTED,
    PROG,
    echo_json,
    players_option,
    progress_bars,
)
from .options import JOBS, MAX_DEALS
from .play import PIMC_BUDGET_HELP, PLAYER_LIST
from .render_json import match_json
from .render_match import match_view

DEFAULT_DEALS = 100


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
      tricksolver match cinch --seats heuristic,random --deals 10
      tricksolver match cw --players 3 --seats heuristic,random,random --deals 10 --json
      tricksolver match chinkway --seats heuristic,random,random,random,random --deals 5 --csv
      tricksolver match whist --seats heuristic,random --deals 10 --seed 4
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
