"""How much of a large random sample a test runs: a bounded default that
keeps the suite within its time, the whole sample with ``TRICKSOLVER_FULL=1``
(as the suite's other long checks; docs/architecture.md)."""

from __future__ import annotations

import os

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"


def sample(default: int, full: int) -> int:
    """`full` under ``TRICKSOLVER_FULL=1``, else `default` (the bounded sample
    every run checks; the same cases each run, as every sample is seeded)."""
    return full if FULL else default
