"""--time is the whole command's budget, estimates are marked as estimates,
and the answer is the same whatever --jobs.

- `Solver.deadline`: a search past it stops (not exact), one before it is
  exact; every command hands its one deadline down.
- The wall clock of `analyze`, `table` and `recommend` with --time, in a
  child process: within the budget, `TIME_MARGIN` and a generous allowance
  for the program's start-up and a loaded machine (the limit is the
  contract; the allowance absorbs the noise).
- `recommend` at a Chinese Whist first lead on its default budget (made
  short here) answers, with --json too: worlds past their share are
  valued by the bounded search, and marked as estimates.
- Estimated rows: ``~`` and no 95% interval in the text, ``estimated`` and
  ``exact_share`` in the JSON (schema-valid); before play, whether the
  ranking is reproducible and whether the means are over different worlds.
- Equal moves in one order with --jobs 1 and 2.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import solver
from solver.budget import Budget
from solver.cli import recommend as recommend_command
from solver.deadline import TIME_MARGIN, clock
from solver.doubledummy import Solver, move_classes
from solver.moves import apply_moves
from solver.parallel import Solvers
from tests.cli_helpers import run
from tests.paths import ROOT
from tests.randpos import random_play

START_UP = 6.0  # seconds allowed for the program's start-up (about 1 s) and a loaded machine
SHORT_BUDGET = 2.0  # --time of the wall-clock checks
TABLE_BUDGET = 3.0  # --time of a table's (before: 16 s, five searches of 3 s)
CW2_FIRST_LEAD = ("cw", 2, 1, "trump S")  # game, players, seed, the moves to the first lead
CW3_FIRST_LEAD = ("cw", 3, 1, "trump S")


def exe() -> str:
    """The console script of this environment."""
    beside = Path(sys.executable).parent / "tricksolver"
    path = str(beside) if beside.exists() else shutil.which("tricksolver")
    assert path is not None, "the tricksolver console script is not installed"
    return path


def first_lead(game: str, players: int, seed: int, moves: str | None) -> solver.Position:
    """`tricksolver deal GAME --players N --seed S` with `moves` made."""
    pos = solver.deal(game, seed=seed, players=players)
    return pos if moves is None else apply_moves(pos, moves)


def schema_errors(data: Any) -> list[str]:
    schema = json.loads((ROOT / "docs" / "schemas" / "recommend.schema.json").read_text())
    return [e.message[:200] for e in Draft202012Validator(schema).iter_errors(data)]


# -- the deadline of a Solver ---------------------------------------------------------


def test_a_search_past_the_solvers_deadline_stops_not_exact() -> None:
    pos = first_lead(*CW2_FIRST_LEAD)  # no search finishes this at once
    searcher = Solver(tt_mb=16)
    searcher.deadline = clock() - 1.0
    sol = searcher.solve(pos)
    assert not sol.stats.exact
    analysis = searcher.analyze(pos, pv=False)
    assert not analysis.exact  # every move then has bounds, not a value
    assert analysis.bounds.low <= analysis.bounds.high


def test_a_search_before_the_deadline_is_exact_and_the_same() -> None:
    pos = solver.parse_position("N:AK.2.3. QJ.3.2. T9..4.2 87.4..3")
    searcher = Solver(tt_mb=16)
    searcher.deadline = clock() + 3600.0
    sol = searcher.solve(pos)
    assert sol.stats.exact
    assert sol.value == Solver(tt_mb=16).solve(pos).value


def test_threads_share_the_deadline() -> None:
    pos = first_lead(*CW2_FIRST_LEAD)
    threads = Solvers(2, 16)
    threads.deadline = clock() - 1.0
    assert all(s.deadline == threads.deadline for s in threads.solvers)
    assert not threads.analyze(pos, pv=False).exact


# -- the wall clock of a whole command ------------------------------------------------


def timed_run(args: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.monotonic()
    done = subprocess.run([exe(), *args], capture_output=True, text=True, timeout=300)
    return time.monotonic() - started, done


def position_file(tmp_path: Path, pos: solver.Position) -> str:
    path = tmp_path / "position.toml"
    path.write_text(pos.to_toml(), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "command",
    [
        ["analyze", "--no-pv", "--jobs", "1"],
        ["analyze", "--no-pv", "--jobs", "2"],
        ["recommend", "--jobs", "2"],
    ],
)
def test_time_bounds_the_whole_command(tmp_path: Path, command: list[str]) -> None:
    """A first lead that no search finishes in the budget: before, --time
    limited each search (analyze on two threads: a search a class of cards,
    16 s with --time 2; one thread and recommend were bounded already)."""
    path = position_file(tmp_path, first_lead(*CW2_FIRST_LEAD))
    seconds, done = timed_run([*command, path, "--time", str(SHORT_BUDGET), "--json"])
    assert done.returncode == 0, done.stderr
    assert seconds <= SHORT_BUDGET + TIME_MARGIN + START_UP, seconds
    data = json.loads(done.stdout)
    assert data["moves"]


def test_time_bounds_a_whole_table(tmp_path: Path) -> None:
    """A table: many searches (every trump, every side), each cut short."""
    path = position_file(tmp_path, solver.deal("cw", seed=1, players=2))  # before trump
    seconds, done = timed_run(["table", path, "--time", str(TABLE_BUDGET), "--json", "-j", "1"])
    assert done.returncode == 0, done.stderr
    assert seconds <= TABLE_BUDGET + TIME_MARGIN + START_UP, seconds
    data = json.loads(done.stdout)
    assert data["entries"] and not data["exact"]


def test_search_time_limits_each_search() -> None:
    """The former meaning of --time keeps a name of its own."""
    pos = solver.parse_position("N:AK.2.3. QJ.3.2. T9..4.2 87.4..3")
    r = run("analyze", pos.to_line(), "--search-time", "5", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["exact"]


# -- recommend at a first lead on the default budget -----------------------------------


@pytest.mark.parametrize("where", [CW2_FIRST_LEAD, CW3_FIRST_LEAD], ids=["cw2", "cw3"])
def test_default_recommend_at_a_first_lead_answers_in_json(
    monkeypatch: pytest.MonkeyPatch, where: tuple[str, int, int, str | None]
) -> None:
    """Before, in play there was no default budget: no world solved in 60 s,
    nothing on stdout.  The default budget is made short here."""
    monkeypatch.setattr(recommend_command, "DEFAULT_BUDGET", SHORT_BUDGET)
    pos = first_lead(*where)
    r = run("recommend", pos.to_line(), "--jobs", "1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert schema_errors(data) == []
    assert data["worlds"] >= 1
    assert data["stopped"] in ("time", None)
    every_exact = data["exact_worlds"] == data["worlds"]
    for move in data["moves"]:
        assert move["estimated"] is not every_exact
        assert move["exact_share"] == pytest.approx(data["exact_worlds"] / data["worlds"], abs=1e-3)
        if move["estimated"]:
            assert move["low"] is None and move["diff_low"] is None
            assert move["interval_note"] == "estimates"


def test_default_recommend_says_its_budget_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(recommend_command, "DEFAULT_BUDGET", SHORT_BUDGET)
    pos = first_lead(*CW2_FIRST_LEAD)
    r = run("recommend", pos.to_line(), "--jobs", "1")
    assert r.exit_code == 0, r.output
    first = r.stdout.splitlines()[0]
    assert first.startswith(f"Recommending within {SHORT_BUDGET:g} s")
    assert "bounded search" in first and "--time 0" in first


# -- estimates marked -----------------------------------------------------------------


def estimated_args() -> list[str]:
    """A whist first lead with a node budget so small that no world is solved
    exactly: every world is valued by the bounded search (reproducibly)."""
    pos = solver.deal("whist", seed=3)
    return [pos.to_line(), "-n", "4", "--max-nodes", "2000", "--time", "0", "--jobs", "1"]


def test_estimated_rows_marked_in_the_json() -> None:
    r = run("recommend", *estimated_args(), "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert schema_errors(data) == []
    assert data["exact_worlds"] < data["worlds"]
    for move in data["moves"]:
        if move.get("mean_at_most") is not None:
            continue
        assert move["estimated"] is True
        assert move["exact_share"] == data["exact_worlds"] / data["worlds"]
        assert (move["low"], move["high"], move["diff_low"]) == (None, None, None)


def test_estimated_rows_marked_in_the_text() -> None:
    r = run("recommend", *estimated_args(), "--no-color")
    assert r.exit_code == 0, r.output
    assert "~" in r.stdout
    assert "no interval: estimates" in r.stdout
    assert "estimates give no 95% interval" in " ".join(r.stdout.split())


def test_exact_rows_are_not_marked() -> None:
    line = "whist; seat=W; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS"
    r = run("recommend", line, "-n", "6", "--time", "0", "--jobs", "1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["exact_worlds"] == data["worlds"]
    assert all(m["estimated"] is False and m["exact_share"] == 1.0 for m in data["moves"])
    text = run("recommend", line, "-n", "6", "--time", "0", "--jobs", "1", "--no-color").stdout
    assert "~" not in text


def test_one_world_gives_no_interval_and_says_why() -> None:
    line = "whist; seat=W; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS"
    data = json.loads(run("recommend", line, "-n", "1", "--time", "0", "--json").stdout)
    assert {m["interval_note"] for m in data["moves"]} == {"one world"}


def test_before_play_says_reproducible_or_clocked() -> None:
    line = solver.deal("cinch", seed=4).to_line()
    fixed = run("recommend", line, "--seat", "2", "--time", "0", "-n", "8", "--no-color")
    assert fixed.exit_code == 0, fixed.output
    assert "Reproducible: no time limit" in " ".join(fixed.stdout.split())
    clocked = run("recommend", line, "--seat", "2", "--time", "30", "-n", "8", "--json")
    data = json.loads(clocked.stdout)
    assert data["reproducible"] is False
    assert schema_errors(data) == []
    again = json.loads(run("recommend", line, "--seat", "2", "--time", "0", "-n", "8",
                           "--json").stdout)  # fmt: skip
    assert again["reproducible"] is True


def test_before_play_says_the_means_are_over_different_worlds() -> None:
    line = solver.deal("cinch", seed=4).to_line()
    r = run("recommend", line, "--seat", "2", "--time", "0", "-n", "8", "--json")
    data = json.loads(r.stdout)
    counts = {c["worlds"] for c in data["candidates"]}
    assert data["uneven_worlds"] is (len(counts) > 1)
    assert len(counts) > 1  # successive halving: some were eliminated early
    text = run("recommend", line, "--seat", "2", "--time", "0", "-n", "8", "--no-color").stdout
    assert "over different numbers of worlds" in " ".join(text.split())
    for c in data["candidates"]:
        assert c["estimated"] is (c["exact_worlds"] < c["worlds"])
        assert c["confidence_interval"] is (c["worlds"] >= 2 and not c["estimated"])


# -- the same answer whatever --jobs --------------------------------------------------


def tied_positions() -> list[solver.Position]:
    """Positions in play with three or more classes of equal best moves
    (whose order the split of the search over threads could change)."""
    found = []
    seed = 0
    while len(found) < 6:
        seed += 1
        pos = random_play("whist", 4, 9, seed)
        if pos.is_over or len(move_classes(pos)) < 3:
            continue
        values = Solver(tt_mb=16).analyze(pos, pv=False).moves
        best = [m for m in values if m.value == values[0].value]
        if len({m.equivalent for m in best}) >= 3:
            found.append(pos)
    return found


@pytest.mark.parametrize("pos", tied_positions(), ids=lambda p: p.to_line()[:40])
def test_equal_moves_in_one_order_whatever_jobs(pos: solver.Position) -> None:
    one = json.loads(run("analyze", pos.to_line(), "--jobs", "1", "--json").stdout)
    two = json.loads(run("analyze", pos.to_line(), "--jobs", "2", "--json").stdout)
    assert [m["move"] for m in one["moves"]] == [m["move"] for m in two["moves"]]
    assert one["best"] == two["best"]


def test_recommend_order_the_same_whatever_jobs() -> None:
    line = "whist; seat=W; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS"
    args = ["recommend", line, "-n", "8", "--time", "0", "--json"]
    one = json.loads(run(*args, "--jobs", "1").stdout)
    two = json.loads(run(*args, "--jobs", "2").stdout)
    assert [m["move"] for m in one["moves"]] == [m["move"] for m in two["moves"]]


def test_a_hint_marks_its_estimates_and_gives_them_no_interval() -> None:
    """A hint at a first lead read "K♠ +4.00 (95% +4.00 .. +4.00)" over three
    worlds none of which was solved exactly."""
    from solver.cli.play import recommendation_text
    from solver.pimc import recommend

    pos = solver.deal("whist", seed=3)
    rec = recommend(
        pos, budget=Budget(worlds=3, jobs=1, search_nodes=2000, tt_mb=16), seed=1, race=False
    )
    assert rec.exact_worlds < rec.worlds
    text = recommendation_text(rec, "tricks")
    assert "~" in text and "(an estimate)" in text
    assert "95%" not in text


def test_a_budget_shorter_than_any_world_still_answers() -> None:
    """No time share (a node budget a world so large the clock decides) and
    no world done by the deadline: the first world, its search stopped, is
    valued by what is left (an estimate).  Before: "no world was valued in
    the 1 s allowed", exit status 2."""
    pos = first_lead(*CW2_FIRST_LEAD)
    r = run("recommend", pos.to_line(), "--time", "1", "--max-nodes", "1000000000000",
            "--jobs", "1", "--tt-mb", "16", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert schema_errors(data) == []
    assert data["worlds"] >= 1 and data["stopped"] == "time"
    assert data["exact_worlds"] < data["worlds"]
    assert all(m["estimated"] for m in data["moves"])


def test_a_results_key_holds_the_budget_not_the_moment_of_its_deadline() -> None:
    """A batch's result cut short by --time differs from one without: a run
    resumed with another budget does not take it as done."""
    from solver.batch import table_job
    from solver.budget import Budget
    from solver.records import Board

    board = Board("1", solver.deal("whist", seed=3))
    none = table_job(Budget()).key(board)
    timed = table_job(Budget(deadline=clock() + 5, seconds=5.0)).key(board)
    assert timed != none
    assert timed == table_job(Budget(deadline=clock() + 99, seconds=5.0)).key(board)


def test_a_timed_run_with_time_to_spare_solves_its_cut_worlds_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run bounded by time alone gives its first worlds node budgets from
    a guessed speed; a world cut short by one is searched again while the
    time lasts, so a cheap position ends with every world exact (the first
    budgets made tiny here, so that some world is surely cut)."""
    import solver.pimc as pimc

    monkeypatch.setattr(pimc, "TIMED_FIRST_RATE", 1_000)
    monkeypatch.setattr(pimc, "TIMED_LEAST_NODES", 2_000)
    pos = solver.load_position(str(Path(solver.__file__).parent / "examples" / "whist.toml"))
    view = solver.view_of(pos, pos.to_move)
    rec = pimc.recommend(view, budget=Budget(worlds=40, seconds=60, jobs=1), seed=0)
    assert rec.stopped is None
    assert rec.exact_worlds == rec.worlds == 40
