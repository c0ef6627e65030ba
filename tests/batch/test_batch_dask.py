"""Batch runs on Dask (solver.batch with a scheduler): a `LocalCluster` of
two worker processes started here runs a batch of boards and a small match
with the local run's results, and a worker killed mid-batch (its process
sent SIGKILL) loses no board: Dask runs its tasks again elsewhere.  A
scheduler's address is checked first: a server that accepts and says
nothing, one that answers in HTTP, a refused port and a protocol a run
cannot use are each one line, within short timeouts; `--scheduler local`
listens on this machine alone.

dask's distributed is in the ``test`` extra (pyproject.toml): these tests
run wherever the suite does."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import dask.distributed as distributed
import psutil
import pytest

import solver
from solver import batch
from solver.batch import (
    LOCAL,
    LOCAL_HOST,
    check_scheduler,
    local_cluster,
    run_boards,
    table_job,
)
from solver.budget import Budget
from solver.errors import BatchError
from tests.batch.test_batch import entries_of, positions_file, whist_boards
from tests.cli_helpers import assert_one_line_error, run

WORKERS = 2
LIMITS = Budget(tt_mb=8)


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


# -- the scheduler checked before use ---------------------------------------------------

SHORT = 0.5  # seconds: the check's timeouts in these tests
HTTP_ANSWER = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"


@pytest.fixture
def short_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "SCHEDULER_CONNECT_SECONDS", SHORT)
    monkeypatch.setattr(batch, "SCHEDULER_HANDSHAKE_SECONDS", SHORT)


def serve(on_connection: Callable[[socket.socket], None]) -> Iterator[str]:
    """A fake server on a free port of this machine: its address while the test runs."""
    listener = socket.create_server((LOCAL_HOST, 0))
    stop = threading.Event()
    held: list[socket.socket] = []

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(connection)
            on_connection(connection)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://{LOCAL_HOST}:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for c in held:
            c.close()
        listener.close()


@pytest.fixture
def silent_server() -> Iterator[str]:
    """Accepts and says nothing."""
    yield from serve(lambda connection: None)


@pytest.fixture
def http_first_server() -> Iterator[str]:
    """Answers in HTTP as soon as it accepts."""
    yield from serve(lambda connection: connection.sendall(HTTP_ANSWER))


@pytest.fixture
def http_server() -> Iterator[str]:
    """Answers in HTTP what it is sent (says nothing first, as web servers do)."""

    def answer(connection: socket.socket) -> None:
        def reply() -> None:
            try:
                if connection.recv(4096):
                    connection.sendall(HTTP_ANSWER)
            except OSError:
                pass

        threading.Thread(target=reply, daemon=True).start()

    yield from serve(answer)


def refused_address() -> str:
    with socket.create_server((LOCAL_HOST, 0)) as listener:
        port = listener.getsockname()[1]
    return f"tcp://{LOCAL_HOST}:{port}"  # closed again: nothing listens there


def test_a_real_scheduler_passes_the_check(scheduler: str) -> None:
    check_scheduler(scheduler)


@pytest.mark.parametrize(
    "server,words",
    [
        ("silent_server", "said nothing"),
        ("http_server", "said nothing"),
        ("http_first_server", "answered 'HTTP/1.1 400 Bad Request'"),
    ],
)
def test_a_server_that_is_no_dask_scheduler_is_one_line(
    request: pytest.FixtureRequest, short_timeouts: None, server: str, words: str
) -> None:
    address = request.getfixturevalue(server)
    with pytest.raises(BatchError, match="not a Dask scheduler") as refused:
        check_scheduler(address)
    assert words in str(refused.value)


@pytest.mark.parametrize(
    "address,words",
    [
        # a free port drawn at collection: its id named, the same in every
        # collecting process (pytest-xdist's workers must collect alike)
        pytest.param(refused_address(), "connection refused", id="a closed port"),
        ("tls://127.0.0.1:8786", "tls:// needs certificates"),
        ("ucx://127.0.0.1:8786", "ucx:// needs UCX"),
        ("inproc://127.0.0.1/1/1", "inproc:// reaches a scheduler inside one process"),
    ],
)
def test_an_address_a_run_cannot_use_is_one_line(address: str, words: str) -> None:
    with pytest.raises(BatchError, match=words):
        check_scheduler(address)


def test_the_commands_say_a_bad_scheduler_in_one_line(
    tmp_path: Path, short_timeouts: None, silent_server: str
) -> None:
    source = positions_file(tmp_path / "boards.txt", whist_boards(2, 2))
    out = tmp_path / "out.jsonl"
    for address, words in [
        (silent_server, "said nothing"),
        (refused_address(), "connection refused"),
        ("tls://127.0.0.1:8786", "tls://"),
    ]:
        result = run("table", source, "-o", str(out), "--scheduler", address)
        assert_one_line_error(result, address, words)
        assert not out.exists()
    match = ["match", "cinch", "--seats", "heuristic,random", "--deals", "2"]
    assert_one_line_error(run(*match, "--scheduler", silent_server), "said nothing")


def listening() -> set[tuple[str, int]]:
    """The addresses this process and its children listen on."""
    me = psutil.Process()
    return {
        (s.laddr.ip, s.laddr.port)
        for p in [me, *me.children(recursive=True)]
        for s in p.net_connections(kind="inet")
        if s.status == psutil.CONN_LISTEN
    }


def test_a_local_cluster_listens_on_this_machine_alone() -> None:
    before = listening()  # (another test's cluster may be running)
    with local_cluster(1) as cluster:
        opened = listening() - before
        assert cluster.scheduler_address.startswith(f"tcp://{LOCAL_HOST}:")
    assert opened and {ip for ip, _ in opened} == {LOCAL_HOST}
