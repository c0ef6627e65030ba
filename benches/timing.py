"""What the benchmark scripts share for their own measurements."""

from __future__ import annotations

import time
from collections.abc import Callable


def rate(run: Callable[[], int], seconds: float) -> float:
    """Items per second of run() (which returns how many it did), over `seconds`."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += run()
    return done / elapsed
