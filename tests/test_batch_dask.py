"""Batch runs on Dask (solver.batch with a scheduler): a `LocalCluster` of
two worker processes started here runs a batch of boards and a small match
with the local run's results, and a worker killed mid-batch (its process
sent SIGKILL) loses no board: Dask runs its tasks again elsewhere.

dask's distributed is in the ``test`` extra (pyproject.toml): these tests
run wherever the suite does."""

from __future__ import annotations

import json
import logging
import os
import signal
from collections.abc import Iterator

import dask.distributed as distributed
import pytest
from cli_helpers import run

import solver
from solver.batch import LOCAL, SearchLimits, run_boards, table_job
from tests.test_batch import entries_of, whist_boards

WORKERS = 2
LIMITS = SearchLimits(tt_mb=8)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a cluster of two single-threaded worker processes."""
    with distributed.LocalCluster(
        n_workers=WORKERS,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address


def test_a_batch_on_dask_equals_the_local_run(scheduler: str) -> None:
    boards = whist_boards(8, 4, seed=300)
    one = solver.Solver(8)
    expected = {i: entries_of(one.table(b.position)) for i, b in enumerate(boards)}
    got = dict(run_boards(table_job(LIMITS), boards, scheduler=scheduler))
    assert {i: entries_of(t) for i, t in got.items()} == expected


def test_a_match_on_dask_is_the_local_match(scheduler: str) -> None:
    command = ["match", "cinch", "--seats", "heuristic,random", "--deals", "6", "--json"]
    here = json.loads(run(*command).stdout)
    there = run(*command, "--scheduler", scheduler)
    assert there.exit_code == 0, there.output
    on_dask = json.loads(there.stdout)
    for data in (here, on_dask):
        for lineup in data["lineups"]:
            lineup.pop("seconds_per_decision")  # the clock's
    assert on_dask == here


def test_a_worker_killed_mid_batch_loses_no_board(scheduler: str) -> None:
    boards = whist_boards(12, 9, seed=320)  # about a tenth of a second each
    with distributed.Client(scheduler) as client:
        pids = list(client.run(os.getpid).values())
    assert len(pids) == WORKERS
    got: dict[int, solver.Table] = {}
    for place, table in run_boards(table_job(LIMITS), boards, scheduler=scheduler):
        assert place not in got
        got[place] = table
        if len(got) == 1:  # mid-batch: one board back, the others queued or running
            os.kill(pids[0], signal.SIGKILL)
    assert sorted(got) == list(range(len(boards)))
    with distributed.Client(scheduler) as client:
        client.wait_for_workers(WORKERS, timeout=60)
        assert pids[0] not in client.run(os.getpid).values()  # it was killed, and replaced
    one = solver.Solver(8)
    for place, table in got.items():
        assert entries_of(table) == entries_of(one.table(boards[place].position))


def test_table_with_a_local_cluster_of_its_own() -> None:
    """--scheduler local: the command starts (and ends) a cluster of --jobs workers (one)."""
    source = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
    here = run("table", source, "--json", "--jobs", "1")
    there = run("table", source, "--json", "--jobs", "1", "--scheduler", LOCAL)
    assert there.exit_code == 0, there.output
    strip = [json.loads(r.stdout) for r in (here, there)]
    for data in strip:
        data.pop("stats")
    assert strip[0] == strip[1]
