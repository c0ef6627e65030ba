"""Batch runs (solver.batch, solver.result_files, the `table`, `analyze`
and `match` commands over many boards): the pool gives the sequential
run's values on random boards of every game, the hardest boards go first,
a pool worker killed mid-batch loses no board, result files (JSON lines,
CSV) resume after a SIGKILL, drop a torn last record and refuse a file of
other boards untouched; `match --jobs` plays the sequential match."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import solver
from solver import batch
from solver.batch import BoardJob, analysis_job, run_boards, table_job
from solver.budget import Budget
from solver.errors import BatchError
from solver.games.game import Board
from solver.result_files import CSV, JSON_LINES, open_results
from tests import randpos
from tests.cli.test_json_schemas import errors as schema_errors
from tests.cli_helpers import WORKING, Child, assert_one_line_error, run
from tests.paths import ROOT
from tests.search.test_parallel import whist_ending

TT_MB = 8
ANALYZE_LEFT = {"whist": 4, "chinkway": 2, "chinese-whist": 3, "cinch": 3}
LIMITS = Budget(tt_mb=TT_MB)
# CPU-seconds the match command and its pool have spent once deals are played (a
# heuristic-against-random Cinch deal: milliseconds; the start of two workers: 1.5 s)
MATCH_WORKING = 2 * WORKING
KILLED_BOARD = "3"  # the board whose worker kills itself (once)


def endings(game: str, players: int, count: int, seed: int) -> list[Board]:
    """Random endings of a game, of one to ANALYZE_LEFT[game] tricks left."""
    boards = []
    for i in range(count):
        start = randpos.random_start(game, players, seed + i)
        assert start.core is not None
        left = 1 + i % ANALYZE_LEFT[game]
        pos = randpos.random_play(game, players, start.core.total_tricks - left, seed + i)
        boards.append(Board(str(i + 1), pos))
    return boards


def whist_boards(count: int, cards: int, seed: int = 0) -> list[Board]:
    return [
        Board(str(i + 1), solver.parse_position(whist_ending(seed + i, cards)))
        for i in range(count)
    ]


def moves_of(analysis: solver.Analysis) -> list[tuple[str, int]]:
    return sorted((str(m.move), m.value) for m in analysis.moves)


def entries_of(table: solver.Table) -> list[tuple[int | None, int, tuple[int, ...]]]:
    return [(e.trump, e.leader, e.values) for e in table.entries]


@pytest.mark.parametrize("game,players", randpos.VARIANTS)
def test_pool_analysis_equals_the_sequential_run(game: str, players: int) -> None:
    boards = endings(game, players, 6, 900)
    one = solver.Solver(TT_MB)
    expected = {i: one.analyze(b.position, pv=False) for i, b in enumerate(boards)}
    got = dict(run_boards(analysis_job(False, LIMITS), boards, jobs=2))
    assert sorted(got) == list(range(len(boards)))
    for i, analysis in got.items():
        assert analysis.exact and analysis.value == expected[i].value
        assert moves_of(analysis) == moves_of(expected[i])


def test_pool_tables_equal_the_sequential_run() -> None:
    """Whist endings and whole Cinch deals (one trump, solved in milliseconds)."""
    boards = whist_boards(6, 5, seed=40)
    boards += [Board(f"c{i}", randpos.random_start("cinch", 4, 700 + i)) for i in range(3)]
    one = solver.Solver(TT_MB)
    expected = [entries_of(one.table(b.position)) for b in boards]
    got = dict(run_boards(table_job(LIMITS), boards, jobs=2))
    assert {i: entries_of(t) for i, t in got.items()} == dict(enumerate(expected))


def test_the_hardest_boards_go_first() -> None:
    """One worker: the boards come back in the order submitted, most cards
    left first, the file's order among equals; the order is the estimate's."""
    sizes = [2, 5, 3, 5, 1, 4]
    boards = [
        Board(str(i + 1), solver.parse_position(whist_ending(i, n))) for i, n in enumerate(sizes)
    ]
    job = table_job(LIMITS)
    places = [place for place, _ in run_boards(job, boards, jobs=1)]
    assert places == [1, 3, 5, 2, 0, 4]
    assert places == batch.hardest_first(job, boards, range(len(boards)))
    assert [batch.cards_left(boards[i].position) for i in places] == [20, 20, 16, 12, 8, 4]


def unestimated(pos: solver.Position) -> float:
    raise AssertionError("an estimate past the bound")


def test_the_hardest_first_order_is_bounded_and_tells_its_progress() -> None:
    """The estimates are counted out as they are made; past the bound (here
    none at all) the boards keep the file's order, unestimated."""
    boards = whist_boards(6, 3, seed=60)
    job = table_job(LIMITS)
    told: list[int] = []
    order = batch.hardest_first(job, boards, range(6), estimated=told.append)
    assert told == [1, 2, 3, 4, 5, 6] and sorted(order) == list(range(6))
    bounded = BoardJob("table", batch.table_work, {}, LIMITS, unestimated)
    assert batch.hardest_first(bounded, boards, [4, 0, 2], seconds=0.0) == [4, 0, 2]


def test_skipped_boards_are_not_run() -> None:
    boards = whist_boards(4, 3)
    got = dict(run_boards(table_job(LIMITS), boards, jobs=2, skip={0, 2}))
    assert sorted(got) == [1, 3]


def kill_once(board: Board, options: Mapping[str, Any], searcher: solver.Solver) -> Any:
    """A table, but the worker searching KILLED_BOARD kills itself the first
    time (a marker file says it has)."""
    marker = Path(options["marker"])
    if board.name == KILLED_BOARD and not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    return searcher.table(board.position)


def kill_always(board: Board, options: Mapping[str, Any], searcher: solver.Solver) -> Any:
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_pool_worker_loses_no_board(tmp_path: Path) -> None:
    boards = whist_boards(8, 4, seed=60)
    job = batch.BoardJob("killed", kill_once, {"marker": str(tmp_path / "marker")}, LIMITS)
    got = list(run_boards(job, boards, jobs=2))
    assert (tmp_path / "marker").exists()  # a worker did die
    assert sorted(place for place, _ in got) == list(range(len(boards)))  # each once
    one = solver.Solver(TT_MB)
    for place, table in got:
        assert entries_of(table) == entries_of(one.table(boards[place].position))


def whose_solver(board: Board, options: Mapping[str, Any], searcher: solver.Solver) -> Any:
    searcher.table(board.position)
    return os.getpid(), id(searcher)


def test_each_worker_keeps_one_solver_for_its_boards() -> None:
    job = batch.BoardJob("whose", whose_solver, {}, LIMITS)
    got = [found for _, found in run_boards(job, whist_boards(10, 3), jobs=2)]
    solvers: dict[int, set[int]] = {}
    for pid, solver_id in got:
        solvers.setdefault(pid, set()).add(solver_id)
    assert os.getpid() not in solvers  # searched in the workers
    assert all(len(ids) == 1 for ids in solvers.values())  # one Solver each, kept
    assert len(got) == 10 and 1 <= len(solvers) <= 2


def test_workers_that_keep_dying_end_the_run_clearly() -> None:
    job = batch.BoardJob("dying", kill_always, {}, LIMITS)
    with pytest.raises(BatchError, match="died 4 times"):
        list(run_boards(job, whist_boards(2, 2), jobs=2))


def test_the_key_follows_the_board_and_the_options_that_matter() -> None:
    board = whist_boards(1, 3)[0]
    key = table_job(LIMITS).key(board)
    assert key == table_job(Budget(tt_mb=64)).key(board)  # the table's size: no value
    assert key != table_job(Budget(tt_mb=TT_MB, search_nodes=1000)).key(board)
    assert key != analysis_job(True, LIMITS).key(board)
    assert analysis_job(True, LIMITS).key(board) != analysis_job(False, LIMITS).key(board)
    assert key != table_job(LIMITS).key(Board("2", board.position))
    other = whist_boards(1, 3, seed=5)[0]
    assert key != table_job(LIMITS).key(other)


# -- result files ---------------------------------------------------------------------------


def test_json_lines_resume_and_drop_a_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    keys = {"a", "b", "c"}
    with open_results(str(path), JSON_LINES, keys) as results:
        results.write_json("a", {"board": "1", "v": 1})
        results.write_json("b", {"board": "2", "v": 2})
    whole = path.read_bytes()
    assert whole.count(b"\n") == 2
    path.write_bytes(whole + b'{"board":"3","v"')  # killed in the middle of a write
    with open_results(str(path), JSON_LINES, keys) as results:
        assert results.done == {"a", "b"}
        assert path.read_bytes() == whole  # the torn line gone
        results.write_json("c", {"board": "3", "v": 3})
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(r["board"], r["key"]) for r in lines] == [("1", "a"), ("2", "b"), ("3", "c")]


def test_csv_resumes_and_drops_a_board_whose_rows_were_cut(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    keys = {"a", "b"}
    head = ("board", "value")
    with open_results(str(path), CSV, keys, head) as results:
        results.write_rows("a", [["1", 3], ["1", 4]])
    whole = path.read_text()
    assert whole == "board,value,key,rows\n1,3,a,2\n1,4,a,2\n"
    for torn in ("2,5,b,3\n", "2,5,b,3\n2,6,b,3\n", "2,5,b,3\n2,6,b,3\n2,7,"):
        path.write_text(whole + torn)
        with open_results(str(path), CSV, keys, head) as results:
            assert results.done == {"a"}
            assert path.read_text() == whole
    with open_results(str(path), CSV, keys, head) as results:
        results.write_rows("b", [["2", 5]])
    with open_results(str(path), CSV, keys, head) as results:
        assert results.done == {"a", "b"}


@pytest.mark.parametrize(
    "form,text",
    [
        (JSON_LINES, '{"board":"1","key":"zzz"}\n'),  # another board's (or options') record
        (JSON_LINES, "board,value,key,rows\n"),  # a CSV file given as JSON lines
        (JSON_LINES, "some notes\n"),
        (CSV, "board,value\n1,3\n"),  # another header
        (CSV, "board,value,key,rows\n1,3,zzz,1\n"),
        (CSV, '{"board":"1","key":"a"}\n'),
    ],
)
def test_a_file_of_other_results_is_refused_untouched(tmp_path: Path, form: str, text: str) -> None:
    path = tmp_path / "out"
    path.write_text(text)
    with pytest.raises(BatchError, match="not a result file of this run"):
        open_results(str(path), form, {"a"}, ("board", "value"))
    assert path.read_text() == text


@pytest.mark.parametrize(
    "form,text",
    [
        (JSON_LINES, '{"board":"1","key":"a"}\n{"board":"2","key":"b"}\n{"board":"1","key":"a"}\n'),
        (JSON_LINES, '{"board":"1","v":1,"key":"a"}\n{"board":"1","v":2,"key":"a"}\n'),  # conflict
        (CSV, "board,value,key,rows\n1,3,a,1\n2,4,b,1\n1,3,a,1\n"),
    ],
)
def test_a_file_with_a_board_recorded_twice_is_refused_untouched(
    tmp_path: Path, form: str, text: str
) -> None:
    """Two records of one board (two runs wrote at once, or a file pieced
    together) are not taken for one: the file is refused as it is."""
    path = tmp_path / "out"
    path.write_text(text)
    with pytest.raises(BatchError, match="is a second record of a board already there"):
        open_results(str(path), form, {"a", "b"}, ("board", "value"))
    assert path.read_text() == text


def test_a_result_file_has_one_writer_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    with open_results(str(path), JSON_LINES, {"a", "b"}) as first:
        first.write_json("a", {"board": "1"})
        with pytest.raises(BatchError, match="another run is writing to it"):
            open_results(str(path), JSON_LINES, {"a", "b"})
        first.write_json("b", {"board": "2"})
    with open_results(str(path), JSON_LINES, {"a", "b"}) as again:  # the first is done
        assert again.done == {"a", "b"}
    assert path.read_text().count("\n") == 2


# -- the commands ---------------------------------------------------------------------------


def positions_file(path: Path, boards: list[Board]) -> str:
    """A file of many positions, one a line."""
    path.write_text("".join(b.position.to_line() + "\n" for b in boards))
    return str(path)


def without_stats(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "stats"} for r in records]


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("command", ["table", "analyze"])
def test_the_commands_on_the_pool_print_the_sequential_records(
    tmp_path: Path, command: str
) -> None:
    boards = whist_boards(5, 3, seed=80)
    source = positions_file(tmp_path / "boards.txt", boards)
    one = run(command, source, "--format", "json", "--jobs", "1", "--tt-mb", "8")
    two = run(command, source, "--format", "json", "--jobs", "2", "--tt-mb", "8")
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    first = json_lines(one.stdout)
    assert [r["board"] for r in first] == ["1", "2", "3", "4", "5"]  # in the file's order
    by_board = sorted(json_lines(two.stdout), key=lambda r: int(r["board"]))
    assert without_stats(by_board) == without_stats(first)
    text_one = run(command, source, "--jobs", "1", "--tt-mb", "8", "--no-color")
    text_two = run(command, source, "--jobs", "2", "--tt-mb", "8", "--no-color")
    strip = [line for line in text_one.stdout.splitlines() if not line.startswith("Search:")]
    assert strip == [
        line for line in text_two.stdout.splitlines() if not line.startswith("Search:")
    ]


@pytest.mark.parametrize("command", ["table", "analyze"])
def test_result_file_records_follow_the_schemas(tmp_path: Path, command: str) -> None:
    source = positions_file(tmp_path / "boards.txt", whist_boards(3, 3, seed=85))
    out = tmp_path / "out.jsonl"
    assert run(command, source, "-o", str(out), "--jobs", "2", "--tt-mb", "8").exit_code == 0
    records = json_lines(out.read_text())
    assert len(records) == 3 and len({r["key"] for r in records}) == 3
    for record in records:
        assert schema_errors(command, record) == []


def test_table_csv_output_file_resumes(tmp_path: Path) -> None:
    boards = whist_boards(4, 3, seed=90)
    source = positions_file(tmp_path / "boards.txt", boards)
    out = tmp_path / "tables.csv"
    first = run("table", source, "--format", "csv", "-o", str(out), "--jobs", "2", "--tt-mb", "8")
    assert first.exit_code == 0, first.output
    assert first.stdout == ""
    text = out.read_text()
    lines = text.splitlines()
    assert lines[0] == "board,trump,leader,side,value,key,rows"
    assert len(lines) == 1 + 4 * 40  # 20 entries, 2 sides, a row a side
    stdout = run("table", source, "--format", "csv", "--jobs", "1", "--tt-mb", "8").stdout
    rows = [line.rsplit(",", 2)[0] for line in lines[1:]]  # without the key and the count
    assert sorted(rows) == sorted(stdout.splitlines()[1:])  # the sequential run's rows
    assert {line.rsplit(",", 1)[1] for line in lines[1:]} == {"40"}
    again = run("table", source, "--format", "csv", "-o", str(out), "--tt-mb", "8")
    assert again.exit_code == 0
    assert "resuming: 4 of 4 boards done" in again.stderr
    assert out.read_text() == text


def test_a_foreign_output_file_is_refused_in_one_line(tmp_path: Path) -> None:
    source = positions_file(tmp_path / "boards.txt", whist_boards(2, 2))
    out = tmp_path / "out.jsonl"
    assert run("table", source, "-o", str(out), "--jobs", "1").exit_code == 0
    before = out.read_bytes()
    result = run("analyze", source, "-o", str(out), "--jobs", "1")
    assert_one_line_error(result, "not a result file of this run")
    assert out.read_bytes() == before


def test_a_file_with_a_board_twice_has_a_record_for_each(tmp_path: Path) -> None:
    """A hand record with the same boards three times: every board its own
    record, the count said is the records written, and the file resumes."""
    session = (ROOT / "docs" / "session.pbn").read_text()
    source = tmp_path / "thrice.pbn"
    source.write_text("\n".join([session] * 3))
    out = tmp_path / "out.jsonl"
    command = ["table", str(source), "-o", str(out), "--jobs", "1", "--max-nodes", "2000"]
    first = run(*command)
    assert first.exit_code == 0, first.output
    records = json_lines(out.read_text())
    assert len(records) == 9 == len({r["key"] for r in records})
    assert first.stderr.splitlines()[-1] == f"tricksolver: 9 of 9 boards in {out}"
    again = run(*command)
    assert again.exit_code == 0, again.output
    assert "resuming: 9 of 9 boards done" in again.stderr


def test_a_result_file_with_a_record_twice_is_one_line_and_left_whole(tmp_path: Path) -> None:
    source = positions_file(tmp_path / "boards.txt", whist_boards(3, 2))
    out = tmp_path / "out.jsonl"
    command = ["table", source, "-o", str(out), "--jobs", "1"]
    assert run(*command).exit_code == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join([*lines, lines[0]]))  # what two runs at once wrote
    before = out.read_bytes()
    result = run(*command)
    assert_one_line_error(result, str(out), "line 4 is a second record of a board")
    assert out.read_bytes() == before


def test_a_second_run_on_a_result_file_in_use_is_refused_in_one_line(tmp_path: Path) -> None:
    """Two resumes of one --output file at once: the second is refused in
    one line (status 2); the first goes on, and the file holds every board
    once."""
    count = 3 * SLOW_BOARDS  # seconds of work: the second run comes while the first runs
    source = positions_file(tmp_path / "boards.txt", whist_boards(count, SLOW_CARDS, seed=150))
    out = tmp_path / "out.jsonl"
    args = ["table", source, "-o", str(out), "--jobs", "2", "--tt-mb", "16"]
    proc = subprocess.Popen(command_line(*args), stderr=subprocess.PIPE, text=True)
    try:
        wait_for_lines(out, 1, proc, 120)
        second = run(*args)
    finally:
        _, err = proc.communicate(timeout=300)
    assert_one_line_error(second, str(out), "another run is writing to it")
    assert proc.returncode == 0, err
    records = json_lines(out.read_text())
    assert sorted(int(r["board"]) for r in records) == list(range(1, count + 1))
    third = run(*args)
    assert third.exit_code == 0 and f"resuming: {count} of {count}" in third.stderr


def test_without_dask_a_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails
    source = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
    assert_one_line_error(run("table", source, "--scheduler", "local"), "tricksolver[dask]")
    match = ["match", "cinch", "--seats", "heuristic,random", "--deals", "2"]
    assert_one_line_error(run(*match, "--scheduler", "local"), "tricksolver[dask]")


def test_a_scheduler_not_reached_leaves_no_new_file_and_an_old_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run that fails before its first board (here: no Dask scheduler
    reached) removes the result file it made and keeps one it resumed."""

    def unreachable(*_: object, **__: object) -> None:
        raise BatchError("cannot reach the Dask scheduler tcp://nowhere:1: refused")

    monkeypatch.setattr(batch, "_on_dask", unreachable)
    source = positions_file(tmp_path / "boards.txt", whist_boards(2, 2))
    out = tmp_path / "out.jsonl"
    command = ["table", source, "-o", str(out), "--scheduler", "tcp://nowhere:1"]
    assert_one_line_error(run(*command), "cannot reach the Dask scheduler")
    assert not out.exists()
    assert run("table", source, "-o", str(out), "--jobs", "1").exit_code == 0
    before = out.read_bytes()
    again = run(*command)  # says first how much of the file is done, then the error
    assert again.exit_code == 2 and again.stdout == ""
    assert (
        again.stderr.strip()
        .splitlines()[-1]
        .endswith("cannot reach the Dask scheduler tcp://nowhere:1: refused")
    )
    assert out.read_bytes() == before


def test_match_on_the_pool_is_the_sequential_match() -> None:
    command = ["match", "cinch", "--seats", "heuristic,random", "--deals", "12", "--json"]
    one = json.loads(run(*command).stdout)
    two = json.loads(run(*command, "--jobs", "2").stdout)
    for data in (one, two):
        for lineup in data["lineups"]:
            lineup.pop("seconds_per_decision")  # the clock's
    assert one == two


def command_line(*args: str) -> list[str]:
    return [sys.executable, "-c", "from solver.cli.main import main; main()", *args]


def wait_for_lines(path: Path, count: int, proc: subprocess.Popen[str], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path}: {count} records were not written in {limit} s")


SLOW_BOARDS = 16  # 9-card whist endings: about a tenth of a second a table
SLOW_CARDS = 9


def test_a_batch_killed_with_sigkill_resumes_to_the_clean_result(tmp_path: Path) -> None:
    """SIGKILL (the command and its workers) after the first records; the
    run again with the same file does only the boards left: the file then
    holds every board once, with a clean run's records."""
    boards = whist_boards(SLOW_BOARDS, SLOW_CARDS, seed=120)
    source = positions_file(tmp_path / "boards.txt", boards)
    out = tmp_path / "out.jsonl"
    args = ["table", source, "-o", str(out), "--jobs", "2", "--tt-mb", "16"]
    proc = subprocess.Popen(
        command_line(*args), stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        wait_for_lines(out, 2, proc, 120)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    killed = out.read_bytes().count(b"\n")
    assert 2 <= killed < SLOW_BOARDS, "the batch was not killed in the middle"
    again = subprocess.run(command_line(*args), capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"resuming: {killed} of {SLOW_BOARDS} boards done" in again.stderr
    clean = tmp_path / "clean.jsonl"
    done = run("table", source, "-o", str(clean), "--jobs", "2", "--tt-mb", "16")
    assert done.exit_code == 0
    resumed = sorted(json_lines(out.read_text()), key=lambda r: int(r["board"]))
    expected = sorted(json_lines(clean.read_text()), key=lambda r: int(r["board"]))
    assert [r["board"] for r in resumed] == [str(i) for i in range(1, SLOW_BOARDS + 1)]
    assert without_stats(resumed) == without_stats(expected)


def test_ctrl_c_stops_a_batch_with_what_finished_written(tmp_path: Path) -> None:
    boards = whist_boards(SLOW_BOARDS, SLOW_CARDS, seed=140)
    source = positions_file(tmp_path / "boards.txt", boards)
    out = tmp_path / "out.jsonl"
    args = ["table", source, "-o", str(out), "--jobs", "2", "--tt-mb", "16"]
    proc = subprocess.Popen(
        command_line(*args),
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    wait_for_lines(out, 1, proc, 120)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    written = json_lines(out.read_text())
    assert f"interrupted: {len(written)} of {SLOW_BOARDS} boards done (written)" in err
    assert len({r["board"] for r in written}) == len(written) < SLOW_BOARDS


def test_ctrl_c_stops_a_match_on_the_pool_with_the_deals_played() -> None:
    args = ["match", "cinch", "--seats", "heuristic,random", "--deals", "1000000", "--jobs", "2"]
    proc = subprocess.Popen(
        command_line(*args, "--csv"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child = Child(proc)
    child.wait_working(MATCH_WORKING)
    out, err = child.stop(signal.SIGINT)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    lineup = next(line for line in out.splitlines() if line.startswith("lineup,heuristic,"))
    played = int(lineup.split(",")[2])
    assert 1 <= played < 1000000
    assert err.strip().splitlines()[-1] == (
        f"tricksolver: interrupted: results of the {played} deals played"
    )
