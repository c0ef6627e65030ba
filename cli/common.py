"""What the commands share: the program's name, exit statuses, options and
the progress bars on stderr."""

from __future__ import annotations

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

PROG = "tricksolver"
INTERRUPTED = 130  # exit status after Ctrl-C, as shells report SIGINT
SEED_LIMIT = 1_000_000  # random seeds are drawn below this, short enough to retype

players_option = click.option(
    "--players",
    "-p",
    type=int,
    metavar="N",
    help="Number of players (Chinese Whist: 2, 3 or 4; default 4).",
)


def progress_bars(no_color: bool) -> Progress:
    """Progress bars on stderr, shown only on a terminal and gone when done."""
    err = Console(stderr=True, no_color=no_color or None)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=True,
    )
