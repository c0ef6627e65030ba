"""The resource options every command shares, checked when click reads them,
before any work: a bad value is one line naming the option and exit status 2
(a `TricksolverError`, which the command group reports), never a traceback
or a run that cannot end.

One meaning of 0 everywhere: ``--time 0`` and ``--max-nodes 0`` are no
limit, ``--tt-mb 0`` the default table, ``--players 0`` the game's default
number of players.  The sizes and limits are checked by the API's own
functions (`solver.budget.table_mib`, `node_limit`, `time_limit`), so
the command line and the API accept the same values.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import click

from solver.budget import DEFAULT_TT_MB, machine_mib, node_limit, table_mib, time_limit
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


# A worker process's own memory, its table aside: the resident size (RSS) of
# a pool worker (`solver.pools`) after ten whist tables at --tt-mb 1, read
# with psutil on Linux (Python 3.11, 2026-12-05): 38.6 MiB, of which 19 MiB
# its own pages and the rest shared with the command copy-on-write at the
# start (pages that become its own as it runs).  Counted whole, rounded up.
WORKER_MIB = 40
COMMAND_MIB = 45  # the command's own process (docs/architecture.md, "Memory")


def workers_memory(jobs: int | None, tt_mb: float, processes: bool = True) -> None:
    """Refuse, before any work, workers (`jobs`, None for one per core) that
    together need more memory than this machine has: each its table of
    `tt_mb` MiB and, worker processes (`processes`; threads share the
    command's), `WORKER_MIB` of its own; the command `COMMAND_MIB` besides."""
    workers = jobs or os.cpu_count() or 1
    most = machine_mib()
    own = WORKER_MIB if processes else 0
    need = COMMAND_MIB + workers * (tt_mb + own)
    if most and workers > 1 and need > most:
        kind = "worker processes" if processes else "threads"
        each = f"a {tt_mb:g} MiB table (--tt-mb)" + (f" and {own} MiB of its own" if own else "")
        raise PositionError(
            f"{workers} {kind} (--jobs), each with {each}, need about {need:,.0f} MiB,"
            f" more than this machine's memory ({most:,} MiB)"
        )
