"""The resource limits of a search and of a command, checked.

A limit's one convention here: ``0`` is "no limit" (as the C core's limits
take it, `csrc/search/limits.h`), every check raising `PositionError` with the
one-line message the command line prints.  The table's size in MiB
(`table_mib`, 0: the default `DEFAULT_TT_MB`), a search's nodes
(`node_limit`) and seconds (`time_limit`).
"""

from __future__ import annotations

import math
import os

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
