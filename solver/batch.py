"""Many boards searched at once: on a process pool or a Dask cluster.

A batch is a job run over many boards, each board on its own in a worker:

* `BoardJob`: what is done to one board, a plain picklable function
  ``work(board, options, solver) -> result`` (a module-level function; the
  result picklable, a JSON-able record or the search's own result), the
  `options` that change its results (JSON-able: they go into every board's
  `key`), the `limits` of the worker's `Solver`, and a cheap estimate of a
  board's work (`difficulty`; by default `cards_left`).
* `run_boards(job, boards, ...)` yields ``(place, result)`` as the boards
  finish, hardest first (highest `difficulty`, the file's order among
  equals; the estimates take `ORDER_SECONDS` at most, the boards left
  without one follow in the file's order), skipping the places in `skip`
  (a resumed run's boards done).
* `run_calls(call, items, ...)` is the same for any picklable call on
  ``(place, argument)`` items in the order given (a match's deals).

Where: `jobs` processes of this machine (`None`: one per core) in a
process pool (`solver.pools`: the workers ignore Ctrl-C), or with
`scheduler` a Dask cluster (``dask.distributed``, the optional extra
``tricksolver[dask]``): the address of its scheduler, or `LOCAL` for a
cluster of `jobs` worker processes started on this machine for the run,
listening on this machine alone (`LOCAL_HOST`).  A scheduler's address is
checked before the Dask client is made (`check_scheduler`): a protocol
other than tcp, a refused connection, or a server that does not speak as a
Dask scheduler speaks is one line (`BatchError`) within the timeouts, not a
wait without end or a traceback.

Each worker process keeps ONE `Solver` for its limits (`worker_solver`,
kept per thread), its table reused from board to board as a sequential run
reuses its one Solver (a new hand empties what it cannot use).  So the
values are those of the sequential run; node counts may differ.

Nothing is lost to a worker that dies: a pool whose worker process was
killed (`BrokenProcessPool`) is made again and every board it had not
returned is submitted again (at most `MAX_POOL_RESTARTS` times in a run,
then `BatchError`); Dask itself runs again the tasks of a worker it lost.
Ctrl-C (or `stop` set) ends the run: the generator raises
KeyboardInterrupt after the results finished so far, and the workers are
stopped at once.  An error of a board's work ends the run with that error.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import signal
import socket
import struct
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, TypeVar

from solver.budget import NO_LIMITS, Budget
from solver.doubledummy import Solver, table_positions
from solver.errors import BatchError, TricksolverError
from solver.games.base import Position
from solver.games.game import Board
from solver.pools import process_pool, shut_down
from solver.search_results import Analysis, Table
from solver.timing import catch_sigint

LOCAL = "local"  # `scheduler`: a Dask cluster started on this machine for the run
AHEAD_PER_WORKER = 2  # tasks queued a worker: the order holds, a stop cancels little
ORDER_SECONDS = 2.0  # at most for the estimates of the hardest-first order (`hardest_first`)
POLL_SECONDS = 0.2  # how often a wait looks for Ctrl-C
MAX_POOL_RESTARTS = 3  # pools made again after a worker died, in one run
KEY_DIGITS = 16  # hex digits of a board's key
REPEAT_MARK = "#"  # between a repeated board's key and its occurrence
DASK_CONNECT_SECONDS = 30  # how long the Dask client tries a scheduler that answered the check
DASK_EXTRA = "pip install 'tricksolver[dask]'"
LOCAL_HOST = "127.0.0.1"  # `LOCAL`: the cluster listens on this machine alone

# Checking a scheduler's address (`check_scheduler`)
SCHEDULER_CONNECT_SECONDS = 10.0  # how long to wait for a connection to be accepted
SCHEDULER_HANDSHAKE_SECONDS = 10.0  # then how long for the scheduler's first message
DASK_PORT = 8786  # the port of an address that names none (Dask's default)
DASK_PROTOCOL = "tcp"  # the one protocol a scheduler is reached by
MESSAGE_HEAD = struct.Struct("=QQ")  # a Dask message's length, then its frames' count
MAX_HANDSHAKE_BYTES = 1 << 20  # a scheduler's first message is a few hundred bytes
MAX_HANDSHAKE_FRAMES = 64  # ... in a frame or two
SHOWN_BYTES = 40  # of what a server that is no scheduler said
UNSUPPORTED = {
    "tls": "needs certificates (Dask's security settings), which a run does not take:"
    " reach the scheduler by tcp:// on a private network, or through an SSH tunnel",
    "ucx": "needs UCX and ucx-py set up on every machine: use tcp://",
    "inproc": "reaches a scheduler inside one process only: use tcp:// or 'local'",
}

_Item = TypeVar("_Item")
_Result = TypeVar("_Result")

BoardWork = Callable[[Board, Mapping[str, Any], Solver], Any]


def cards_left(pos: Position) -> int:
    """The cards still to play: the work a board's search has before it
    (the first lead's, before play begins; 0 where there is none)."""
    if pos.core is None:
        try:
            starts = pos.table_starts()
        except TricksolverError:
            return 0
        return cards_left(starts[0]) if starts else 0
    tricks = pos.core.total_tricks - pos.core.tricks_played
    return tricks * pos.nseats - len(pos.current_trick())


@dataclass(frozen=True)
class BoardJob:
    """A job over boards: its `name` and `options` (both in every key),
    `work(board, options, solver)` (picklable), the worker's `limits`, and
    `difficulty(position)` (higher: more work; picklable)."""

    name: str
    work: BoardWork
    options: Mapping[str, Any] = field(default_factory=dict)
    limits: Budget = NO_LIMITS
    difficulty: Callable[[Position], float] = cards_left

    def key(self, board: Board) -> str:
        """What identifies a board's result: the job, its options and the
        limits (not the table's size, which changes no value), the board's
        name, position and recorded play."""
        content = [
            self.name,
            dict(self.options),
            self.limits.core_nodes,  # (0: none, as the keys were written before `Budget`)
            self.limits.core_seconds,
            board.name,
            board.position.to_line(),
            board.play,
        ]
        if self.limits.seconds:  # (only then: the keys of runs without one stay as they were)
            content.append({"time": self.limits.seconds})
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:KEY_DIGITS]

    def keys(self, boards: Sequence[Board]) -> list[str]:
        """Every board's own key: `key`, and for a board that repeats an
        earlier one (a file with the same board twice), the key with its
        occurrence (``#2``, ``#3``), so that each board has its record."""
        seen: dict[str, int] = {}
        keys = []
        for board in boards:
            key = self.key(board)
            seen[key] = seen.get(key, 0) + 1
            keys.append(key if seen[key] == 1 else f"{key}{REPEAT_MARK}{seen[key]}")
        return keys


def table_difficulty(pos: Position) -> float:
    """A table's work: the cards left times the table's rows."""
    return cards_left(pos) * len(table_positions(pos))


def analysis_difficulty(pos: Position) -> float:
    """An analysis's work: the cards left times the legal moves."""
    return cards_left(pos) * len(pos.legal_moves())


def table_work(board: Board, options: Mapping[str, Any], solver: Solver) -> Table:
    """`Solver.table` of the board's position (`tricksolver table`)."""
    return solver.table(board.position)


def analysis_work(board: Board, options: Mapping[str, Any], solver: Solver) -> Analysis:
    """`Solver.analyze` of the board's position, with its principal
    variation unless ``options["pv"]`` is false (`tricksolver analyze`)."""
    return solver.analyze(board.position, pv=bool(options.get(PV, True)))


PV = "pv"


def table_job(limits: Budget = NO_LIMITS) -> BoardJob:
    """Every board's double-dummy table."""
    return BoardJob("table", table_work, {}, limits, table_difficulty)


def analysis_job(pv: bool = True, limits: Budget = NO_LIMITS) -> BoardJob:
    """Every board's analysis (the value of every legal move)."""
    return BoardJob("analyze", analysis_work, {PV: pv}, limits, analysis_difficulty)


# -- in the worker ----------------------------------------------------------------------

_local = threading.local()


def worker_solver(limits: Budget) -> Solver:
    """The one Solver of this worker (process, or thread of a Dask worker)
    for `limits`, made on first use and kept: its table is reused."""
    found: Solver | None = getattr(_local, "solver", None)
    if found is None or getattr(_local, "limits", None) != limits:
        found = Solver.of(limits)
        _local.solver = found
        _local.limits = limits
    return found


def _run_board(job: BoardJob, board: Board) -> Any:
    return job.work(board, job.options, worker_solver(job.limits))


# -- the runs -----------------------------------------------------------------------------


def hardest_first(
    job: BoardJob,
    boards: Sequence[Board],
    places: Iterable[int],
    seconds: float | None = None,
    estimated: Callable[[int], None] | None = None,
) -> list[int]:
    """`places` of `boards`, the highest `job.difficulty` first (the file's
    order among equals).  The estimates are made in turn for at most
    `seconds` (None: `ORDER_SECONDS`); the boards left without one then
    follow the others in the file's order, so that a batch of very many
    boards starts within that bound (its end waits little on its last
    board).  `estimated(count)` is told after each estimate (a progress bar)."""
    chosen = list(places)
    deadline = time.monotonic() + (ORDER_SECONDS if seconds is None else seconds)
    ranks: list[float] = []
    for i in chosen:
        if time.monotonic() >= deadline:
            break
        ranks.append(-job.difficulty(boards[i].position))
        if estimated is not None:
            estimated(len(ranks))
    ranked = [i for _, i in sorted(zip(ranks, chosen, strict=False), key=lambda pair: pair[0])]
    return ranked + chosen[len(ranks) :]


def run_boards(
    job: BoardJob,
    boards: Sequence[Board],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    skip: Iterable[int] = (),
    stop: threading.Event | None = None,
    estimated: Callable[[int], None] | None = None,
) -> Iterator[tuple[int, Any]]:
    """``(place, job.work's result)`` of every board (its place in `boards`,
    from 0) but those of `skip`, as they finish, the hardest submitted first
    (`hardest_first`, its progress told to `estimated`)."""
    skipped = set(skip)
    places = (i for i in range(len(boards)) if i not in skipped)
    order = hardest_first(job, boards, places, estimated=estimated)
    # a board travels without what only the file's writer needs (`raw`); its
    # position pickles as its notation and moves (`Position.__reduce__`)
    items = [(i, replace(boards[i], raw=None)) for i in order]
    return run_calls(partial(_run_board, job), items, jobs=jobs, scheduler=scheduler, stop=stop)


def run_calls(
    call: Callable[[_Item], _Result],
    items: Sequence[tuple[int, _Item]],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    stop: threading.Event | None = None,
) -> Iterator[tuple[int, _Result]]:
    """``(place, call(argument))`` for every ``(place, argument)`` of
    `items`, submitted in their order, yielded as they finish."""
    workers = jobs or os.cpu_count() or 1
    if workers < 1:
        raise ValueError("jobs must be at least 1")
    if scheduler is None:
        return _on_pool(call, items, workers, stop)
    return _on_dask(call, items, scheduler, workers, stop)


def _on_pool(
    call: Callable[[_Item], _Result],
    items: Sequence[tuple[int, _Item]],
    workers: int,
    stop: threading.Event | None,
) -> Iterator[tuple[int, _Result]]:
    queue = deque(items)
    pending: dict[Future[_Result], tuple[int, _Item]] = {}
    restarts = 0
    ctrl_c = threading.Event()
    previous = catch_sigint(ctrl_c)
    pool = process_pool(workers)
    early = True
    try:
        while queue or pending:
            lost = False
            while queue and len(pending) < AHEAD_PER_WORKER * workers:
                item = queue.popleft()
                try:
                    pending[pool.submit(call, item[1])] = item
                except BrokenProcessPool:  # a worker died while the boards were handed out
                    queue.appendleft(item)
                    lost = True
                    break
            done: set[Future[_Result]] = set()
            if not lost:
                done, _ = wait(list(pending), timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for f in [f for f in pending if f in done]:  # in the order submitted
                item = pending.pop(f)
                try:
                    result = f.result()
                except BrokenProcessPool:
                    lost = True
                    queue.appendleft(item)
                    continue
                yield item[0], result
            if lost:  # a worker died: its board and every other unfinished one again
                restarts += 1
                if restarts > MAX_POOL_RESTARTS:
                    raise BatchError(
                        f"the worker processes died {restarts} times (out of memory?):"
                        f" {len(queue) + len(pending)} of {len(items)} not done"
                    )
                queue.extendleft(reversed(list(pending.values())))
                pending.clear()
                shut_down(pool, early=True)
                pool = process_pool(workers)
            if ctrl_c.is_set() or (stop is not None and stop.is_set()):
                raise KeyboardInterrupt
        early = False
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        shut_down(pool, early)


def need_dask() -> Any:
    """The dask.distributed module, or BatchError saying how to install it
    (a command with a scheduler asks before it starts)."""
    try:
        import dask.distributed as distributed  # the optional extra
    except ImportError:
        raise BatchError(f"a Dask scheduler needs dask's distributed: {DASK_EXTRA}") from None
    return distributed


def check_scheduler(address: str) -> None:
    """BatchError, in one line, unless what listens at `address` speaks as
    a Dask scheduler does: a tcp address (``tcp://HOST:PORT``, ``HOST:PORT``
    or ``HOST``), a connection accepted within `SCHEDULER_CONNECT_SECONDS`,
    and (a scheduler speaks first, its handshake) the head of a Dask message
    within `SCHEDULER_HANDSHAKE_SECONDS`.  The Dask client's own connection
    waits without end on a server that accepts and says nothing, and fails
    with a traceback on one that answers in another protocol."""
    from distributed.comm.addressing import parse_address, parse_host_port  # the extra

    where = f"the Dask scheduler {address}"
    try:
        protocol, location = parse_address(address)
        host, port = parse_host_port(location, DASK_PORT)
    except ValueError as e:
        raise BatchError(f"{where}: not an address ({e}); give tcp://HOST:PORT") from None
    if protocol != DASK_PROTOCOL:
        why = UNSUPPORTED.get(protocol, "is no protocol a run can use: give tcp://HOST:PORT")
        raise BatchError(f"{where}: {protocol}:// {why}")
    try:
        connection = socket.create_connection((host, port), timeout=SCHEDULER_CONNECT_SECONDS)
    except TimeoutError:
        raise BatchError(
            f"cannot reach {where}: no connection in {SCHEDULER_CONNECT_SECONDS:g} s"
        ) from None
    except ConnectionRefusedError:
        raise BatchError(
            f"cannot reach {where}: connection refused (is the scheduler running there?"
            " 'dask scheduler' prints its address)"
        ) from None
    except OSError as e:
        raise BatchError(f"cannot reach {where}: {e.strerror or e}") from None
    with connection:
        connection.settimeout(SCHEDULER_HANDSHAKE_SECONDS)
        head = b""
        try:
            while len(head) < MESSAGE_HEAD.size:
                more = connection.recv(MESSAGE_HEAD.size - len(head))
                if not more:
                    break
                head += more
        except TimeoutError:
            raise BatchError(
                f"{where}: not a Dask scheduler: it accepted the connection but said nothing in"
                f" {SCHEDULER_HANDSHAKE_SECONDS:g} s (a scheduler speaks first; is the port"
                " that of another service, the dashboard's?)"
            ) from None
        except OSError as e:
            raise BatchError(f"{where}: the connection failed: {e.strerror or e}") from None
        if len(head) < MESSAGE_HEAD.size:
            raise BatchError(f"{where}: not a Dask scheduler: it closed the connection")
        length, frames = MESSAGE_HEAD.unpack(head)
        prelude = 8 * (1 + frames)  # the frames' count and lengths (after `length`)
        if 0 < frames <= MAX_HANDSHAKE_FRAMES and prelude <= length <= MAX_HANDSHAKE_BYTES:
            return
        try:  # what it said, to name it
            head += connection.recv(SHOWN_BYTES)
        except OSError:
            pass
    said = head.decode("ascii", "replace").splitlines()[0][:SHOWN_BYTES]
    raise BatchError(f"{where}: not a Dask scheduler: it answered {said!r}")


def local_cluster(workers: int) -> Any:
    """A Dask cluster of `workers` single-threaded processes on this
    machine, listening on `LOCAL_HOST` alone (no dashboard: it listened on
    every interface, and no one was told its port)."""
    distributed = need_dask()
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host=LOCAL_HOST,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )


def _on_dask(
    call: Callable[[_Item], _Result],
    items: Sequence[tuple[int, _Item]],
    scheduler: str,
    workers: int,
    stop: threading.Event | None,
) -> Iterator[tuple[int, _Result]]:
    distributed = need_dask()
    cluster = None
    if scheduler == LOCAL:
        cluster = local_cluster(workers)
    else:
        check_scheduler(scheduler)
    try:
        client = distributed.Client(
            cluster if cluster is not None else scheduler, timeout=DASK_CONNECT_SECONDS
        )
    except (OSError, TimeoutError, ValueError) as e:
        if cluster is not None:
            cluster.close()
        raise BatchError(f"cannot reach the Dask scheduler {scheduler}: {e}") from None
    run = uuid.uuid4().hex
    ctrl_c = threading.Event()
    previous = catch_sigint(ctrl_c)
    pending: dict[Any, int] = {}
    try:
        for rank, (place, argument) in enumerate(items):
            f = client.submit(
                call, argument, key=f"tricksolver-{run}-{place}", priority=-rank, pure=False
            )
            pending[f] = place
        while pending:
            try:
                done = distributed.wait(
                    list(pending), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED"
                ).done
            except (TimeoutError, distributed.TimeoutError):
                done = set()
            for f in [f for f in pending if f in done]:
                place = pending.pop(f)
                yield place, f.result()
            if ctrl_c.is_set() or (stop is not None and stop.is_set()):
                raise KeyboardInterrupt
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if pending:
            client.cancel(list(pending))
        client.close()
        if cluster is not None:
            cluster.close()
