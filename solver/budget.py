"""The resource limits of a command, one value: `Budget`.

`Budget` holds the table size, the nodes of one search, the nodes of a whole
run, the seconds (a command's wall-clock budget, `solver.deadline`), the
worlds and the jobs.  It is checked once, when it is made (the command line
makes it where it checks its options, `cli/options.py`), and passed unchanged
down: to `recommend` (`solver.pimc`, `solver.epimc`), and through
`Solver.of` to the searcher, whose C limits (`csrc/search/limits.h`) it
fills.  A new algorithm reads the fields it needs instead of adding
parameters.

One convention for "no limit": ``None``.  The command line's ``0`` ("0: no
limit") and the C core's ``0`` are that spelling at the two ends: a `Budget`
made with ``0`` for a limit stores ``None``, and `core_nodes` and
`core_seconds` give the C core its ``0``.  ``None`` for the table and the
worlds is the default of the one that uses them (`table`).

Every field is a keyword (only: a number alone would not say which limit it
is) with a default, so that a call made by hand says only what it limits:
``recommend(pos, budget=Budget(worlds=8))``.  The checks of each number
(`table_mib`, `node_limit`, `time_limit`, `count_between`) raise
`PositionError` with the one-line message the command line prints after the
option's name.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from solver import _core
from solver.errors import PositionError

MIB = 1 << 20
DEFAULT_TT_MB = _core.DEFAULT_TT_BYTES // MIB
MAX_NODES = (1 << 63) - 1  # the C search counts nodes in an int64_t
MAX_SECONDS = 365 * 24 * 3600.0  # a year: longer is a mistake, not a limit (0: none)


def machine_mib() -> int:
    """The memory of this machine, MiB (0 when the system does not say)."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // MIB
    except (ValueError, OSError, AttributeError):
        return 0


def table_mib(tt_mb: float) -> float:
    """A transposition table size checked: a positive number of MiB no
    larger than this machine's memory; 0 means the default
    (`DEFAULT_TT_MB`)."""
    if not math.isfinite(tt_mb):
        raise PositionError(f"the table size must be a number of MiB, not {tt_mb}")
    if tt_mb == 0:
        return DEFAULT_TT_MB
    if tt_mb < 0:
        raise PositionError(
            f"the table size must be positive (MiB; 0: the default {DEFAULT_TT_MB})"
        )
    most = machine_mib()
    if most and tt_mb > most:
        raise PositionError(
            f"a table of {tt_mb:g} MiB is more than this machine's memory ({most:,} MiB)"
        )
    return tt_mb


def node_limit(n: int) -> int:
    """A node limit checked: 0 (none) up to `MAX_NODES`."""
    if n < 0:
        raise PositionError("limits must not be negative (0: no limit)")
    if n > MAX_NODES:
        raise PositionError(f"a node limit must be at most {MAX_NODES:,} (0: no limit)")
    return n


def time_limit(seconds: float) -> float:
    """A time limit checked: 0 (none) or a positive number of seconds up
    to `MAX_SECONDS` (a year)."""
    if math.isnan(seconds):
        raise PositionError("a time limit must be a number of seconds, not nan (0: no limit)")
    if seconds < 0:
        raise PositionError("limits must not be negative (0: no limit)")
    if seconds > MAX_SECONDS:
        raise PositionError(
            f"a time limit must be at most {MAX_SECONDS:,.0f} seconds, a year (0: no limit)"
        )
    return seconds


MAX_WORLDS = 1_000_000  # worlds of a recommendation: more is no better estimate and takes days
MAX_JOBS = 256  # worker processes


def count_between(n: int, low: int, high: int, what: str = "") -> int:
    """A whole number checked to lie from `low` to `high` (`what`: its name,
    to begin the message)."""
    if not low <= n <= high:
        raise PositionError(f"{what + ' ' if what else ''}must be from {low:,} to {high:,}")
    return n


@dataclass(frozen=True, kw_only=True)
class Budget:
    """The limits of a command's work (the module's contract): every field
    None for no limit (the table: 0 or None for the default size of the one
    that makes it, `table`).

    - `tt_mb`: each Solver's transposition table, MiB;
    - `search_nodes`: the nodes of one search (``--max-nodes``);
    - `run_nodes`: the nodes of a whole run, a recommendation's worlds
      together (``--node-budget``: reproducible, no clock);
    - `seconds`: the run's time, counted from when it starts;
    - `deadline`: the command's end as a wall-clock time (`solver.deadline`:
      ``--time`` counted from the command's start), handed to every search;
    - `search_seconds`: the time of one search (``--search-time``);
    - `worlds`: the worlds of a recommendation (``--samples``; None: the
      caller's default);
    - `jobs`: worker processes or threads (None: one per core);
    - `first_pass`: a recommendation's anytime split (`solver.race.second_pass`):
      every world first valued within this many nodes (exact where that
      fits, else a bounded search), then the worlds not solved exactly
      searched again, the cards still in contention, with what is left;
      0: each world once within its share (the allocation as at issue
      36's start); None: `recommend`'s default.
    """

    tt_mb: float | None = None
    search_nodes: int | None = None
    run_nodes: int | None = None
    seconds: float | None = None
    deadline: float | None = None
    search_seconds: float | None = None
    worlds: int | None = None
    jobs: int | None = None
    first_pass: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tt_mb", table_mib(self.tt_mb) if self.tt_mb else None)
        for name in ("search_nodes", "run_nodes"):
            n = getattr(self, name)
            object.__setattr__(self, name, node_limit(n) or None if n is not None else None)
        for name in ("seconds", "search_seconds"):
            t = getattr(self, name)
            object.__setattr__(self, name, time_limit(t) or None if t is not None else None)
        if self.worlds is not None:
            count_between(self.worlds, 1, MAX_WORLDS, "samples (worlds)")
        if self.jobs is not None:
            count_between(self.jobs, 1, MAX_JOBS, "jobs")
        if self.first_pass is not None:
            node_limit(self.first_pass)  # 0 is kept: the split off, not "no limit"

    def table(self, default: float = DEFAULT_TT_MB) -> float:
        """The table size, MiB: `tt_mb`, or (None) `default`, the size the
        one that makes the table takes when none is given."""
        return self.tt_mb or default

    @property
    def core_nodes(self) -> int:
        """`search_nodes` as the C core takes it (0: no limit)."""
        return self.search_nodes or 0

    @property
    def core_seconds(self) -> float:
        """`search_seconds` as the C core takes it (0: no limit)."""
        return self.search_seconds or 0.0

    @property
    def world_nodes(self) -> int | None:
        """The most nodes one world of a run may search: `search_nodes`, and
        never more than the whole run's `run_nodes`."""
        if self.run_nodes is None:
            return self.search_nodes
        if self.search_nodes is None:
            return self.run_nodes
        return min(self.search_nodes, self.run_nodes)


NO_LIMITS = Budget()  # every limit off, the default table
