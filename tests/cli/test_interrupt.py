"""Ctrl-C works the same in every command: SIGINT in the
middle of the work stops `match`, `play`, `bench`, `recommend`, `analyze`
and `table` at once with status 130, prints what was completed, and loses
no completed result (the `pimc` players included: they used to swallow
Ctrl-C and play on with the move of an interrupted recommendation).

Two kinds of test: the command in a child process, SIGINT sent once it
shows it is working (the CPU time it spent, or what it printed: never a
guessed sleep, which a loaded machine outlasts); and the command in this process, SIGINT sent
from a timer thread at a moment the test chooses (after the first deal of a
match, when the second part of a benchmark has begun), so that what must
be kept is known exactly."""

from __future__ import annotations

import importlib.abc
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

import solver
from solver import bench as benchmark
from solver import match as match_module
from solver import pimc
from solver.match import Match
from solver.wholegame import WholeGame
from tests.cli.test_json_schemas import errors as schema_errors
from tests.cli_helpers import WORKING, Child, run, start_interruptible

INTERRUPTED = 130
TERMINATED = 143  # SIGTERM, taken as Ctrl-C
# CPU-seconds a recommendation has spent once some worlds are solved (a world of
# a mid-hand whist deal: a fraction of a second; the imports: 0.7 s)
SOME_WORLDS = 2 * WORKING
CHEAP_PIMC = "pimc:2/2k"  # the pimc player on a small budget: a whist deal in seconds
# a budget a whole whist game cannot finish within WORKING CPU-seconds: 400
# worlds a card (pimc:16/200k played one in under 4 s once the table started small)
GAME_PIMC = "pimc:400/40M"
PROMPT = "Your cards"  # what `play --human` prints before its prompt waits


def exe() -> str:
    path = shutil.which("tricksolver")
    assert path is not None, "the tricksolver console script is not installed"
    return path


def interrupt(child: Child, signum: int = signal.SIGINT) -> tuple[str, str]:
    """Ctrl-C (or `signum`) to a child that showed it is working: it must
    stop soon, without a traceback. Its stdout and stderr."""
    sent = time.monotonic()
    out, err = child.stop(signum)
    assert time.monotonic() - sent < 20, "Ctrl-C did not stop the command soon"
    assert "Traceback" not in err, err
    return out, err


def interrupt_working(proc: Any, cpu_seconds: float = WORKING) -> tuple[str, str]:
    """Ctrl-C to a child command once it has spent `cpu_seconds` on its work."""
    child = Child(proc)
    child.wait_working(cpu_seconds)
    return interrupt(child)


@pytest.fixture
def sigint_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt in this process (a shell that starts
    the tests in the background may have it ignored)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def sigint_soon(delay: float) -> threading.Timer:
    timer = threading.Timer(delay, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


# -- match and play with pimc players ---------------------------------------------------


@pytest.mark.slow
def test_ctrl_c_in_a_pimc_match_keeps_the_deals_completed(
    monkeypatch: pytest.MonkeyPatch, sigint_raises: None
) -> None:
    """SIGINT during the second deal, while a pimc decision solves its second
    world (sent from the world's own worker thread): status 130, the first deal's
    result printed exactly as an uninterrupted match gives it, the second
    left out (it was not completed)."""
    seats = f"{CHEAP_PIMC},random"
    expected = Match.new("whist", seats, seed=5).play_deal(0)
    real_deal, real_world = Match.play_deal, pimc.solve_world
    armed = threading.Event()

    def play_deal(self: Match, index: int) -> Any:
        if index == 1:
            armed.set()
        return real_deal(self, index)

    def solve_world(task: Any) -> Any:
        if armed.is_set() and task.index >= 1:  # a world of this decision is solved
            armed.clear()
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the world is solved
        return real_world(task)

    monkeypatch.setattr(match_module.Match, "play_deal", play_deal)
    monkeypatch.setattr(pimc, "solve_world", solve_world)
    result = run("match", "whist", "--seats", seats, "--deals", "4", "--seed", "5", "--json")
    assert result.exit_code == INTERRUPTED, result.output
    data = json.loads(result.stdout)
    assert data["interrupted"] is True
    assert data["deals"] == 1 and data["deals_requested"] == 4
    (deal,) = data["per_deal"]
    assert deal["scores"] == expected.scores
    assert deal["hand_scores"] == [list(h) for h in expected.hands]
    assert (
        result.stderr.splitlines()[-1] == "tricksolver: interrupted: results of the 1 deals played"
    )


@pytest.mark.slow
def test_ctrl_c_stops_a_pimc_match_at_once() -> None:
    """The command itself: a match of two pimc players stops on SIGINT with
    status 130 (it used to play on, the pimc decision cut short)."""
    args = [exe(), "match", "whist", "--seats", "pimc,pimc-classic", "--deals", "20"]
    out, err = interrupt_working(start_interruptible(args))
    assert err.strip().splitlines()[-1].startswith("tricksolver: interrupted: ")


@pytest.mark.slow
def test_ctrl_c_stops_a_pimc_game_and_saves_what_was_played(tmp_path: Path) -> None:
    """`play` with pimc players: status 130 at once, the narration so far on
    stdout, and the saved game holds every trick the narration told."""
    saved = tmp_path / "game.toml"
    args = [exe(), "play", "whist", "--seats", GAME_PIMC, "--seed", "3", "--save", str(saved)]
    out, err = interrupt_working(start_interruptible(args))
    assert "interrupted: the game was stopped" in err
    assert "Saved to" in err
    assert "Seats: N pimc" in out
    game = WholeGame.load(saved)
    tricks_told = out.count("  Trick ")
    assert not game.is_over
    assert len(game.position.history) >= 4 * tricks_told  # nothing told is lost


def test_ctrl_c_at_the_human_prompt_exits_130() -> None:
    """Ctrl-C at the `play --human` prompt: status 130, not a quiet quit."""
    args = [exe(), "play", "cinch", "--seats", "heuristic", "--human", "1", "--seed", "2"]
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    child = Child(proc)
    child.wait_printed(PROMPT)  # the prompt waits: no input is sent
    out, err = interrupt(child)
    assert PROMPT in out
    assert "interrupted: the game was stopped" in err


STARTING = (0.0, 0.1)  # seconds after the command began importing numpy (its imports: 0.7 s)


def importing(pid: int) -> None:
    """Wait until the process `pid` has begun the command's imports (numpy
    mapped: the console script's own code runs; before, Python itself starts)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if any("numpy" in m.path for m in psutil.Process(pid).memory_maps()):
                return
        except psutil.Error:
            return  # it ended (the test then sees how)
        time.sleep(0.005)


@pytest.mark.parametrize("delay", STARTING)
def test_ctrl_c_while_the_command_starts_is_one_line(delay: float) -> None:
    """Ctrl-C while the command's imports run is one line and status 130,
    never a traceback."""
    args = [exe(), "deal", "whist", "--seed", "1", "--count", "1000", "--line"]
    proc = start_interruptible(args)
    importing(proc.pid)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err, err
    assert proc.returncode == INTERRUPTED, err
    assert err.splitlines()[-1:] == ["tricksolver: interrupted"], err


class _CtrlCWhileImporting(importlib.abc.MetaPathFinder):
    """Ctrl-C at the moment the command's module is imported."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        if name == "solver.cli.main":
            raise KeyboardInterrupt


def test_ctrl_c_while_the_console_script_imports_is_one_line_and_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tricksolver_entry
    from solver.cli.common import INTERRUPTED as COMMANDS

    monkeypatch.delitem(sys.modules, "solver.cli.main")
    monkeypatch.setattr(sys, "meta_path", [_CtrlCWhileImporting(), *sys.meta_path])
    with pytest.raises(SystemExit) as stopped:
        tricksolver_entry.main()
    assert stopped.value.code == INTERRUPTED == COMMANDS
    assert capsys.readouterr().err == "tricksolver: interrupted\n"


def test_sigterm_in_play_saves_the_game_and_exits_143(tmp_path: Path) -> None:
    """SIGTERM at the `play --human` prompt is Ctrl-C: the game saved, one
    line saying so, status 143 (it used to end at once, nothing saved)."""
    saved = tmp_path / "game.toml"
    args = [exe(), "play", "cinch", "--human", "1", "--seed", "2", "--save", str(saved)]
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    child = Child(proc)
    child.wait_printed(PROMPT)  # the prompt waits: no input is sent
    out, err = interrupt(child, signal.SIGTERM)
    assert proc.returncode == TERMINATED, err
    assert "interrupted: the game was stopped" in err
    assert f"Saved to {saved}" in err
    assert WholeGame.load(saved).seed == 2


# -- bench --------------------------------------------------------------------------------


def test_ctrl_c_in_bench_keeps_the_parts_finished(
    monkeypatch: pytest.MonkeyPatch, sigint_raises: None
) -> None:
    """SIGINT during the second part's first solve (a two-player Chinese
    Whist deal, which takes far longer than the wait): the search stops at
    once, status 130, and the first part's results are printed whole, as an
    uninterrupted run of that part gives them."""
    alone = run("bench", "--games", "whist", "--deals", "2", "--no-dds", "--json")
    assert alone.exit_code == 0, alone.output
    real = benchmark.bench_game
    timers: list[threading.Timer] = []

    def bench_game(*args: Any, **kwargs: Any) -> Any:
        timers.append(sigint_soon(1.0))
        return real(*args, **kwargs)

    monkeypatch.setattr(benchmark, "bench_game", bench_game)
    started = time.monotonic()
    result = run(
        "bench", "--games", "whist,cw2", "--deals", "2", "--random-deals", "2",
        "--time-limit", "60", "--no-dds", "--json",
    )  # fmt: skip
    for t in timers:
        t.join()
    assert time.monotonic() - started < 30, "the search was not stopped at once"
    assert result.exit_code == INTERRUPTED, result.output
    data = json.loads(result.stdout)
    assert data["interrupted"] == "cw2"
    assert data["games"] == []  # the part stopped is left out, not half shown

    def values(report: dict[str, Any]) -> list[Any]:
        return [(d["board"], d["value"], d["nodes"]) for d in report["whist"]["deals"]]

    assert values(data) == values(json.loads(alone.stdout))
    assert result.stderr.splitlines()[-1] == (
        "tricksolver: interrupted in the part cw2; parts finished: whist"
    )


# -- recommend, analyze, table --------------------------------------------------------------

HARD_DEAL = "N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962"


def test_ctrl_c_stops_recommend_with_the_ranking_so_far() -> None:
    pos = solver.deal("whist", seed=3)
    for _ in range(16):  # four tricks in: a world solves in a fraction of a second
        pos.play(pos.legal_moves()[0])
    seat = pos.seat_name(pos.to_move)
    # far more worlds than the wait solves; --time 0: no deadline (by default 10 s, which
    # a loaded machine reaches first), Ctrl-C alone ends it
    more = ["--samples", "100000", "--jobs", "1", "--time", "0", "--json"]
    args = [exe(), "recommend", pos.to_line(), "--seat", seat, *more]
    out, err = interrupt_working(start_interruptible(args), SOME_WORLDS)
    data = json.loads(out)  # the ranking of the worlds solved by then
    assert data["stopped"] == "interrupted"
    assert 1 <= data["worlds"] < 100000
    assert err.strip().splitlines()[-1].startswith("tricksolver: interrupted: the ranking of")


def test_ctrl_c_stops_extended_pimc_with_the_ranking_so_far() -> None:
    """`--method epimc` in this process: the worlds valued by then ranked
    (the moves not postponed as PIMC's bounds), status 130."""
    pos = solver.deal("whist", seed=3)
    for _ in range(16):  # four tricks in: a world solves in a fraction of a second
        pos.play(pos.legal_moves()[0])
    seat = pos.seat_name(pos.to_move)
    more = ["--samples", "1000000", "--method", "epimc", "--time", "0", "--json"]  # as recommend's
    args = [exe(), "recommend", pos.to_line(), "--seat", seat, *more]
    out, err = interrupt_working(start_interruptible(args), SOME_WORLDS)
    data = json.loads(out)
    assert data["stopped"] == "interrupted" and data["algorithm"] == "epimc"
    assert 1 <= data["worlds"] < 1000000
    assert err.strip().splitlines()[-1].startswith("tricksolver: interrupted: the ranking of")


def test_ctrl_c_stops_analyze_with_what_it_proved() -> None:
    """The command itself, on a deal no search finishes in the wait: status
    130, the cards as bounds (the finished ones exact), one line saying so."""
    command = ["analyze", "--pbn", HARD_DEAL, "--trump", "NT", "--leader", "W", "--json"]
    out, err = interrupt_working(start_interruptible([exe(), *command]))
    data = json.loads(out)
    assert schema_errors("analyze", data) == []
    assert data["exact"] is False and data["value"] is None and data["pv"] == []
    moves = data["moves"]
    assert all(0 <= m["low"] <= m["high"] <= 13 for m in moves)
    exact = sum(m["exact"] for m in moves)
    assert all(m["value"] == (m["low"] if m["exact"] else None) for m in moves)
    assert err.strip().splitlines() == [
        f"tricksolver: interrupted: the search was stopped; {exact} of {len(moves)} cards"
        " exact, the others shown as bounds"
    ]


def test_ctrl_c_stops_table_with_the_entries_done(
    monkeypatch: pytest.MonkeyPatch, sigint_raises: None
) -> None:
    """SIGINT once the table's fifth entry is solved (sent from the search's
    own thread, which waits until the command has stopped the solver): status
    130, the five entries printed with the values a whole table gives them,
    one line saying how many of the twenty were done."""
    pos = solver.deal("whist", seed=4)
    whole = solver.Solver(16).table(pos)
    real_cell = solver.Solver.proven_bounds
    cells: list[int] = []

    def cell_bounds(self: solver.Solver, *args: Any) -> Any:
        cells.append(1)
        if len(cells) == 5:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C as the fifth entry ends
            deadline = time.monotonic() + 30
            while not self._stopping and time.monotonic() < deadline:
                time.sleep(0.01)
        return real_cell(self, *args)

    monkeypatch.setattr(solver.Solver, "proven_bounds", cell_bounds)
    result = run("table", pos.to_line(), "--tt-mb", "16", "--jobs", "1", "--json")
    assert result.exit_code == INTERRUPTED, result.output
    data = json.loads(result.stdout)
    assert schema_errors("table", data) == []
    done = [(e["trump"], e["leader"], e["values"]) for e in data["entries"]]
    expected = json.loads(run_table_json(pos, whole))
    assert done == [(e["trump"], e["leader"], e["values"]) for e in expected["entries"][:5]]
    assert result.stderr.splitlines() == [
        "tricksolver: interrupted: the search was stopped; 5 of 20 entries done (shown)"
    ]


def run_table_json(pos: solver.Position, table: solver.Table) -> str:
    from solver.cli import render_analysis

    return json.dumps(render_analysis.table_json(pos, table))


def test_an_uncaught_ctrl_c_is_one_line_and_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that does not report Ctrl-C itself (a decision before play,
    dealing): one line and status 130, not click's 'Aborted!' and status 1."""

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver, "deal", interrupted)
    result = run("deal", "whist", "--seed", "1")
    assert result.exit_code == INTERRUPTED
    assert result.stderr.splitlines() == ["tricksolver: interrupted"]


def test_ctrl_c_stops_a_decision_before_play_with_the_ranking_so_far(
    monkeypatch: pytest.MonkeyPatch, sigint_raises: None
) -> None:
    """SIGINT after the sixth plan-world value of a Cinch bid: status 130,
    the candidates ranked on the values made (none lost, none more), one
    line saying how many."""
    from solver import decisions

    real_value = decisions.value_plan
    made: list[int] = []

    def value_plan(*args: Any) -> Any:
        made.append(1)
        if len(made) == 6:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the sixth value is made
        return real_value(*args)

    monkeypatch.setattr(decisions, "value_plan", value_plan)
    pos = solver.deal("cinch", seed=4)
    result = run("recommend", pos.to_line(), "--samples", "64", "--seed", "1", "--json")
    assert result.exit_code == INTERRUPTED, result.output
    data = json.loads(result.stdout)
    assert schema_errors("recommend", data) == []
    assert data["stopped"] == "interrupted"
    assert data["evaluations"] == len(made) == 6
    assert result.stderr.splitlines() == [
        "tricksolver: interrupted: the ranking of 6 plan-world values"
    ]
    with pytest.raises(KeyboardInterrupt):  # a player must not play a part-made decision
        decisions.Decision(**{**data_fields(data), "stopped": "interrupted"}).completed()


def data_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of a Decision (no candidates: enough for `completed`)."""
    return {
        "game": data["game"], "seat": 0, "phase": solver.Phase.BID, "candidates": (),
        "rounds": data["rounds"], "worlds": data["worlds"], "samples": data["samples"],
        "seed": data["seed"], "max_nodes": data["max_nodes"], "stopped": None, "seconds": 0.0,
    }  # fmt: skip
