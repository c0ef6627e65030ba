"""The resource options every command shares, checked when click reads them,
before any work: a bad value is one line naming the option and exit status 2
(a `TricksolverError`, which the command group reports), never a traceback
or a run that cannot end.

One meaning of 0 everywhere: ``--time 0`` and ``--max-nodes 0`` are no
limit, ``--tt-mb 0`` the default table, ``--players 0`` the game's default
number of players.  The sizes and limits are checked by the API's own
functions (`solver.doubledummy.table_mib`, `node_limit`, `time_limit`), so
the command line and the API accept the same values.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import click

from solver.doubledummy import DEFAULT_TT_MB, machine_mib, node_limit, table_mib, time_limit
from solver.errors import PositionError, TricksolverError

MAX_SAMPLES = 1_000_000  # worlds: more is no better estimate and takes days
MAX_JOBS = 256  # worker processes
MAX_DEALS = 1_000_000  # deals of a match: its results are kept in memory, a few KiB a deal
MAX_DEAL_COUNT = 10_000_000  # deals written by `deal --count`: streamed, a minute a 100,000

TT_MB_HELP = f"0: the default, {DEFAULT_TT_MB} MiB; at most this machine's memory"
TIME_HELP = "0: no limit"
NODES_HELP = "0: no limit"
PLAYERS_HELP = "0: the game's default"


class Checked(click.ParamType[Any]):
    """A number read as `kind` and checked by `check` (which returns the
    value to use, or raises `TricksolverError`); the option's name and the
    problem in one line."""

    def __init__(
        self, name: str, kind: type, what: str, check: Callable[[Any], Any] | None = None
    ) -> None:
        self.name = name
        self.kind = kind
        self.what = what
        self.check = check

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        # A TricksolverError here is bad input: the command group turns it
        # into one line and status 2 (solver.cli.main.TricksolverGroup).
        option = param.opts[0] if param is not None and param.opts else self.name
        if isinstance(value, str):
            try:
                number = self.kind(value.strip())
            except ValueError:
                raise TricksolverError(f"{option} takes {self.what}, not {value!r}") from None
        else:
            number = value
        if self.check is None:
            return number
        try:
            return self.check(number)
        except TricksolverError as e:
            raise TricksolverError(f"{option} {value}: {e}") from None


def count_between(low: int, high: int, zero: Any = None) -> Callable[[int], Any]:
    """A whole number from `low` to `high`; 0 gives `zero` where 0 is allowed
    (`zero` not None)."""

    def check(n: int) -> Any:
        if n == 0 and zero is not None:
            return zero
        if not low <= n <= high:
            allowed = f"from {low:,} to {high:,}"
            raise TricksolverError(f"must be {allowed}" + (" (0: the default)" if zero else ""))
        return n

    return check


def _players(n: int) -> int | None:
    if n == 0:
        return None  # the game's default
    if n < 0:
        raise TricksolverError("must be a number of players (0: the game's default)")
    return n  # the game says which counts it is played by


TT_MB = Checked("--tt-mb", float, "a number of MiB", table_mib)
TIME = Checked("--time", float, "a number of seconds", time_limit)
NODES = Checked("--max-nodes", int, "a whole number of nodes", node_limit)
SAMPLES = Checked("--samples", int, "a whole number of worlds", count_between(1, MAX_SAMPLES))
DEAL_COUNT = Checked("--count", int, "a whole number of deals", count_between(1, MAX_DEAL_COUNT))
JOBS = Checked("--jobs", int, "a whole number of processes", count_between(1, MAX_JOBS))
PLAYERS = Checked("--players", int, "a whole number of players", _players)


def workers_memory(jobs: int | None, tt_mb: float) -> None:
    """Refuse, before any work, workers (processes or threads: `jobs`, None
    for one per core) whose tables together need more memory than this
    machine has."""
    workers = jobs or os.cpu_count() or 1
    most = machine_mib()
    if most and workers > 1 and workers * tt_mb > most:
        raise PositionError(
            f"{workers} workers (--jobs) with a {tt_mb:g} MiB table each (--tt-mb) need more"
            f" than this machine's memory ({most:,} MiB)"
        )
