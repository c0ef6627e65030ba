"""pytest's settings for every run from this checkout (tests/ and benches/):
how many processes run the tests.

The suite runs on ``SUITE_WORKERS`` worker processes (pytest-xdist;
pyproject's addopts say ``-n auto --dist loadfile``: a test file's tests
run in one worker, in order, its module-wide fixtures made once).  A
benchmark run (``--benchmark-enable``) runs in this one process: a timing
taken beside another worker would be that worker's too.  ``-n 0`` runs
any run in one process, ``-n N`` on N workers."""

from __future__ import annotations

import pytest

# the suite's worker processes: one a core of the machine it must run on
# within its time (CI's, 2 cores)
SUITE_WORKERS = 2


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: the suite's workers, or none for a benchmark run."""
    return 0 if config.getoption("benchmark_enable", False) else SUITE_WORKERS
