"""What `match` prints: the table of line-ups, their means per deal and
intervals, and the paired differences."""

from __future__ import annotations

import math

from rich.table import Table

from solver.games import registry
from solver.match import CONFIDENCE, SCORE_PER_DEAL, Match, Summary

from .render_play import signed


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
