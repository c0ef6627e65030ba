"""benches/bench_decisions.py, its judge and its points (the decision-quality
bench): a small slice, judged here on a few worlds of late positions.

The judge's best move loses nothing and a worse move loses what the judge's
means say; a setting compared with itself differs by nothing; a judge
killed mid-line and run again gives the lines of a run never stopped; the
stored points read back to their views and legal moves; bad input is one line.
"""

from __future__ import annotations

import json
import math
import random
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from benches import bench_decisions, compare_decisions, decision_points, judge_decisions
from benches.decision_points import DecisionPoint, point_at
from benches.judge_decisions import JudgeFile, judge_point, load_judgements
from solver import decision_bench, judgement
from solver import decision_points as solver_points
from solver.cli.main import main
from solver.doubledummy import Solver
from solver.errors import PositionError
from solver.games.base import Phase
from solver.match import match_deal
from solver.position import view_of
from solver.sampling import stand_in
from tests.cli.test_json_schemas import assert_valid
from tests.randpos import VARIANTS, random_play, variant_name

WORLDS = 6
CAP = 5_000_000  # nodes a world: far more than a position with 3 tricks left needs
LATE = [("whist", 4, 10), ("chinese-whist", 3, 14), ("cinch", 4, 3), ("chinkway", 5, 7)]


def late_points() -> list[DecisionPoint]:
    """One point of each of a few variants, 3 tricks from the end, with a
    choice of moves whose values differ in some world."""
    out = []
    for game, players, tricks in LATE:
        for seed in range(1, 50):
            pos = random_play(game, players, tricks, seed)
            if pos.is_over or pos.phase != Phase.PLAY:
                continue
            name = variant_name(game, players)
            point = point_at(f"{name}/test{seed}", name, "end", pos, "", seed, 0)
            if point is not None:
                out.append(point)
                break
    return out


def cinch_call() -> DecisionPoint:
    """A Cinch call (a decision before play, judged plan by plan)."""
    pos = match_deal("cinch", 4, 7, 0)
    assert pos.phase == Phase.BID
    point = point_at("cinch-4/test-call", "cinch-4", decision_points.BEFORE, pos, "", 7, 0)
    assert point is not None
    return point


def judge(points: list[DecisionPoint], path: Path, worlds: int = WORLDS) -> None:
    out = JudgeFile(path)
    solver = Solver(tt_mb=16)
    for p in points:
        for _ in judge_point(p, worlds, out, solver, CAP):
            pass
    out.close()


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[DecisionPoint], Path]:
    points = [*late_points(), cinch_call()]
    path = tmp_path_factory.mktemp("judge") / "judge.jsonl"
    judge(points, path)
    return points, path


def test_every_point_is_judged_on_every_world_with_every_legal_move(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)
    assert len(points) == len(LATE) + 1
    for p in points:
        j = judgements[p.id]
        assert not j.beyond and j.worlds == WORLDS
        rows = [d for d in judge_decisions.read_lines(path) if d["point"] == p.id]
        worlds = [d["values"] for d in rows if "values" in d]
        assert len(worlds) == WORLDS
        plans = [d["plans"] for d in rows if "plans" in d]
        for m in j.moves:  # each move's mean is its own (or its best plan's) over the worlds
            key = m.move if m.plan is None else m.plan
            assert m.mean == pytest.approx(sum(w[key] for w in worlds) / WORLDS)
        if p.phase == decision_points.BEFORE:
            assert {m.move for m in j.moves} <= set(p.moves)
            for m in j.moves:  # the best plan of those that start with the move
                mine = [plan for plan, move in plans[0] if move == m.move]
                assert m.mean == max(sum(w[k] for w in worlds) / WORLDS for k in mine)
        else:
            assert {m.move for m in j.moves} == set(p.moves)
        assert j.best.diff == 0 and all(m.diff <= 0 for m in j.moves)
        assert [m.mean for m in j.moves] == sorted((m.mean for m in j.moves), reverse=True)


def test_the_judges_best_move_loses_nothing_and_a_worse_move_loses_its_difference(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)
    worse_seen = 0
    for p in points:
        j = judgements[p.id]
        best = decision_bench.decide(lambda _p, _r, m=j.best.move: m, p, j, 0)
        assert best.loss == 0
        worst = j.moves[-1]
        got = decision_bench.decide(lambda _p, _r, m=worst.move: m, p, j, 0)
        assert got.loss == pytest.approx(j.best.mean - worst.mean)
        if worst.mean < j.best.mean:
            assert got.loss is not None and got.loss > 0
            worse_seen += 1
    assert worse_seen >= 1  # the slice has a move worse than the best somewhere


def test_a_setting_that_gives_no_answer_is_counted_not_valued(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)

    def fails(_p: DecisionPoint, _r: random.Random) -> str:
        raise PositionError("no world was valued in the 10 s allowed")

    got = decision_bench.decide(fails, points[0], judgements[points[0].id], 0)
    assert got.loss is None and got.failed == "no world was valued in the 10 s allowed"
    row = decision_bench.summary_row([got], 1, [WORLDS], 0)
    assert (row["no_answer"], row["unvalued_choices"], row["mean_loss"]) == (1, 0, None)


def test_a_setting_compared_with_itself_differs_by_nothing(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)
    results, stopped = decision_bench.run(["heuristic", "heuristic"], points, judgements, seed=3)
    assert not stopped
    data = decision_bench.report(points, judgements, results)
    assert data["settings"] == ["heuristic", "heuristic (again)"]
    for row in data["rows"]:
        assert row["paired"]["mean_difference"] == 0
        assert row["heuristic"] == row["heuristic (again)"] | {
            "seconds_per_decision": row["heuristic"]["seconds_per_decision"]
        }


def test_the_same_seed_gives_the_same_choices(judged: tuple[list[DecisionPoint], Path]) -> None:
    points, path = judged
    judgements = load_judgements(path)
    runs = [decision_bench.run(["pimc:4/20k"], points, judgements, seed=5)[0] for _ in range(2)]
    assert [c.move for c in runs[0]["pimc:4/20k"]] == [c.move for c in runs[1]["pimc:4/20k"]]


def test_a_recommend_setting_makes_a_judged_choice_in_play_and_before_play(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)
    name = "recommend:samples=4,jobs=1,race=no"
    results, _ = decision_bench.run([name], points, judgements, seed=1)
    assert [c.point.id for c in results[name]] == [p.id for p in points]
    for c in results[name]:
        assert c.move in c.point.moves and c.loss is not None and c.loss >= 0


def test_a_judge_killed_mid_line_continues_to_the_same_lines(
    judged: tuple[list[DecisionPoint], Path], tmp_path: Path
) -> None:
    points, whole = judged
    path = tmp_path / "judge.jsonl"
    judge(points[:1], path, worlds=3)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + text.splitlines()[0][:17], encoding="utf-8")  # a line cut short
    judge(points, path)
    strip = ("cpu", "nodes")  # the time, and the nodes (they depend on the table's size)
    lines = [
        {k: v for k, v in d.items() if k not in strip} for d in judge_decisions.read_lines(path)
    ]
    again = [
        {k: v for k, v in d.items() if k not in strip} for d in judge_decisions.read_lines(whole)
    ]
    key = lambda d: (d["point"], d.get("world", -1))  # noqa: E731
    assert sorted(lines, key=key) == sorted(again, key=key)


def test_a_point_whose_every_world_passes_the_cap_is_beyond_the_judge_until_a_larger_cap(
    tmp_path: Path,
) -> None:
    point = late_points()[0]
    path = tmp_path / "judge.jsonl"
    worlds = judge_decisions.MOST_CAPPED_WORLDS + 2
    out = JudgeFile(path)
    got = list(judge_point(point, worlds, out, Solver(tt_mb=16), cap=1))
    out.close()  # it stops after MOST_CAPPED_WORLDS capped worlds
    assert [w.world for w in got] == list(range(judge_decisions.MOST_CAPPED_WORLDS))
    assert all(w.beyond for w in got)
    j = load_judgements(path)[point.id]
    assert j.beyond and not j.moves and j.capped == judge_decisions.MOST_CAPPED_WORLDS
    assert decision_bench.judged_points([point], {point.id: j}, 1) == []
    out = JudgeFile(path)  # the same cap: nothing more to do
    assert list(judge_point(point, worlds, out, Solver(tt_mb=16), cap=1)) == []
    out.close()
    out = JudgeFile(path)  # a larger cap: the capped worlds are judged again, then the rest
    again = list(judge_point(point, worlds, out, Solver(tt_mb=16), cap=CAP))
    out.close()
    assert [w.world for w in again] == list(range(worlds)) and not any(w.beyond for w in again)
    j = load_judgements(path)[point.id]
    assert not j.beyond and j.worlds == worlds and j.capped == 0


def test_a_point_with_capped_worlds_is_brought_to_its_target_of_judged_worlds(
    tmp_path: Path,
) -> None:
    for n, point in enumerate(late_points()):  # a point whose worlds differ in size
        out = JudgeFile(tmp_path / f"uncapped{n}.jsonl")
        nodes = [w.nodes or 0 for w in judge_point(point, WORLDS, out, Solver(tt_mb=16), CAP)]
        out.close()
        if len(set(nodes)) > 1:
            break
    top, below = max(nodes), max(n for n in nodes if n < max(nodes))
    cap = (top + below) // 2  # the largest worlds pass it, the others do not
    capped = [i for i, n in enumerate(nodes) if n > cap]
    assert 0 < len(capped) < judge_decisions.MOST_CAPPED_WORLDS
    target = WORLDS - len(capped)
    out = JudgeFile(tmp_path / "judge.jsonl")
    got = list(judge_point(point, target, out, Solver(tt_mb=16), cap))
    out.close()
    assert [w.world for w in got] == list(range(WORLDS))
    assert [w.world for w in got if w.beyond] == capped
    j = load_judgements(tmp_path / "judge.jsonl")[point.id]
    assert (j.worlds, j.capped) == (target, len(capped)) and j.counts(target)


def test_a_point_keeps_the_worlds_it_finished_and_counts_the_capped_ones() -> None:
    values = [{"A": 2, "B": 1}, {"A": 0, "B": 1}, None, {"A": 3, "B": 0}, None]
    lines = [
        {"point": "p", "world": i, "cap": 9, "cpu": 0.5, "nodes": 7}
        | ({"beyond": True} if v is None else {"values": v})
        for i, v in enumerate(values)
    ]
    j = judgement.judged("p", lines, None)
    assert (j.worlds, j.capped, j.beyond) == (3, 2, False)
    assert j.best.move == "A" and j.best.mean == pytest.approx(5 / 3)
    assert j.value_of("B") is not None and j.loss("B") == pytest.approx(5 / 3 - 2 / 3)
    diffs = [1 - 2, 1 - 0, 0 - 3]  # B - A in the judged worlds: the error from 3 worlds
    se = statistics.stdev(diffs) / math.sqrt(3)
    assert j.moves[1].diff_stderr == pytest.approx(se) and j.most_stderr == pytest.approx(se)
    assert j.counts(3) and not j.counts(4)
    assert j.cpu == pytest.approx(2.5) and j.nodes == 35
    # a capped world judged since (a larger cap) supersedes its capped line
    later = {"point": "p", "world": 2, "cap": 99, "cpu": 1.0, "nodes": 7}
    later["values"] = {"A": 0, "B": 0}
    j = judgement.judged("p", [*lines, later], None)
    assert (j.worlds, j.capped) == (4, 1) and j.best.mean == pytest.approx(5 / 4)


def test_the_coverage_names_the_points_resting_on_capped_worlds(tmp_path: Path) -> None:
    points = late_points()[:2]
    path = tmp_path / "judge.jsonl"
    judge(points[:1], path, worlds=judgement.MIN_JUDGED_WORLDS)
    out = JudgeFile(path)  # the other point: every world capped
    list(judge_point(points[1], WORLDS, out, Solver(tt_mb=16), cap=1))
    out.close()
    text = judge_decisions.coverage(points, load_judgements(path))
    listed = text.split("points with capped worlds")[1].splitlines()[1:]
    assert [line.split()[0] for line in listed] == [points[1].id]
    assert "may be biased" in text
    row = next(line for line in text.splitlines() if line.startswith(points[0].variant))
    counted, short = row.split()[3:5]
    assert (counted, short) == ("1", "0")


def test_the_stored_points_read_back_to_their_views_and_moves_and_stand_ins() -> None:
    points = decision_points.load_points()
    assert {p.variant for p in points} == {variant_name(g, n) for g, n in VARIANTS}
    assert len({p.id for p in points}) == len(points)
    rng = random.Random(0)
    for p in rng.sample(points, 40):
        view = p.read_view()
        assert view.to_line() == p.view
        assert tuple(str(m) for m in view.legal_moves()) == p.moves
        assert p.played in p.moves
        assert p.phase in solver_points.PHASES
        # the deal recommend is handed before play shows its seat the point's view, no more
        world = stand_in(view)
        assert view_of(world, p.seat).to_line() == p.view
        assert tuple(str(m) for m in world.legal_moves()) == p.moves


def test_the_stored_judgements_are_of_stored_points() -> None:
    ids = {p.id for p in decision_points.load_points()}
    assert set(load_judgements(judge_decisions.JUDGE_FILE)) <= ids


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--setting", "nobody"], "unknown player"),
        (["--setting", "recommend:samples=0"], "samples must be a positive count"),
        (["--setting", "recommend:colour=red"], "unknown setting"),
        (["--setting", "recommend:time=soon"], "time must be seconds"),
        (["--phases", "dawn"], "unknown phase"),
        (["--variants", "bridge-4"], "unknown variant"),
        (["--tricks-left", "8-6"], "--tricks-left is N or N-M"),
        (["--min-worlds", "many"], "'--min-worlds': 'many' is not a valid integer"),
        (["--deals", "3"], "--decisions takes no option of the benchmark: --deals"),
        (["--data", "."], "run from a checkout or give --data FOLDER"),
        (["--set", "v2", "--data", "."], "--set and --data name the points twice: give one"),
        (["--set", "v9"], "'v9' is not one of"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], said: str, tmp_path: Path) -> None:
    args = [str(tmp_path) if a == "." else a for a in args]
    got = CliRunner().invoke(main, ["bench", "--decisions", *args])
    assert got.exit_code == 2
    lines = got.output.strip().splitlines()
    assert said in lines[-1] and lines[-1].startswith(("tricksolver: error: ", "Error: "))
    assert "Traceback" not in got.output


def test_an_option_of_the_decision_bench_without_decisions_is_one_line() -> None:
    got = CliRunner().invoke(main, ["bench", "--setting", "heuristic"])
    assert got.exit_code == 2
    assert got.output.strip() == "tricksolver: error: --setting goes with --decisions"


def test_the_bench_from_the_command_line_puts_a_setting_to_the_judged_points(
    judged: tuple[list[DecisionPoint], Path], tmp_path: Path
) -> None:
    points, path = judged
    folder = tmp_path / "data"
    folder.mkdir()
    decision_points.write_points(points, folder / "points.jsonl")
    (folder / "judge.jsonl").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    args = ["bench", "--decisions", "--data", str(folder), "--min-worlds", str(WORLDS)]
    got = CliRunner().invoke(main, [*args, "--setting", "heuristic", "--json"])
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    assert_valid("bench", data)  # docs/schemas/bench.schema.json
    assert data["settings"] == ["heuristic"] and data["stopped"] is None
    assert data["points_done"] == len(points)
    everything = [r["heuristic"] for r in data["rows"] if r["phase"] == "all"]
    assert sum(r["judged"] for r in everything) == len(points)
    # the same run through the script of benches/ gives the same choices (same seed)
    with pytest.raises(SystemExit) as e:
        bench_decisions.main(args[2:] + ["--setting", "heuristic"])
    assert e.value.code == 0
    # more worlds than the judge holds: no point counts, and the report says so
    got = CliRunner().invoke(main, [*args[:-1], str(WORLDS + 1), "--setting", "heuristic"])
    assert got.exit_code == 0 and " 0/1 " in got.output


def test_a_run_past_its_time_limit_reports_the_points_done(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)
    results, stopped = decision_bench.run(["heuristic"], points, judgements, 0, deadline=0.0)
    assert stopped == decision_bench.TIME_UP and results == {"heuristic": []}


def test_a_run_stopped_by_ctrl_c_keeps_the_points_done(
    judged: tuple[list[DecisionPoint], Path],
) -> None:
    points, path = judged
    judgements = load_judgements(path)

    def stop_after_two(done: int, _p: DecisionPoint, _got: object) -> None:
        if done == 2:
            raise KeyboardInterrupt

    results, stopped = decision_bench.run(["heuristic"], points, judgements, 0, stop_after_two)
    assert stopped == decision_bench.INTERRUPTED
    assert [c.point.id for c in results["heuristic"]] == [p.id for p in points[:2]]


def test_some_points_draws_at_most_n_a_variant_and_phase_the_same_for_a_seed() -> None:
    points = decision_points.load_points()
    one = decision_bench.some_points(points, 3, seed=1)
    assert one == decision_bench.some_points(points, 3, seed=1)
    assert one != decision_bench.some_points(points, 3, seed=2)
    cells = {(p.variant, p.phase) for p in points}
    assert len(one) == 3 * len(cells)
    assert [p.id for p in one] == [p.id for p in points if p in one]  # the file's order


def test_the_judge_shows_a_points_moves_best_first(
    judged: tuple[list[DecisionPoint], Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    points, path = judged
    point = points[-1]  # the Cinch call
    listed = tmp_path / "points.jsonl"
    decision_points.write_points(points, listed)
    judge_decisions.main(["--points", str(listed), "--out", str(path), "--show", "--ids", point.id])
    shown = capsys.readouterr().out.splitlines()
    best = load_judgements(path)[point.id].best
    assert shown[0].startswith(point.id) and shown[1].strip() == point.view
    assert shown[2].startswith(f"  {WORLDS} worlds")
    assert shown[3].startswith(f"  {best.move:12}") and "+0.000 ± 0.000" in shown[3]


def test_a_damaged_judge_file_is_one_line(tmp_path: Path) -> None:
    good = '{"point": "x", "world": 0, "cpu": 0.1, "nodes": 3, "values": {"AS": 1}}'
    path = tmp_path / "judge.jsonl"
    path.write_text(f'{good}\nnot json\n{{"point": "y"}}\n', encoding="utf-8")
    decision_points.write_points(late_points()[:1], tmp_path / "points.jsonl")
    got = CliRunner().invoke(main, ["bench", "--decisions", "--data", str(tmp_path)])
    assert got.exit_code == 2
    assert got.output.strip() == f"tricksolver: error: {path}:2: not a line of the judge"
    path.write_text(f'{good}\n{{"point": "y", "world": "one"}}\n', encoding="utf-8")
    with pytest.raises(judgement.BenchDataError, match=":2: not a line of the judge"):
        judgement.read_lines(path)


def test_ctrl_c_prints_the_points_done_and_ends_with_status_130(
    judged: tuple[list[DecisionPoint], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    points, path = judged
    decision_points.write_points(points, tmp_path / "points.jsonl")
    (tmp_path / "judge.jsonl").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    real = decision_bench.run

    def ctrl_c_at_the_second(*args: object, **kw: object) -> object:
        def stop(done: int, _p: DecisionPoint, _got: object) -> None:
            if done == 2:
                raise KeyboardInterrupt

        return real(args[0], args[1], args[2], args[3], stop)  # type: ignore[arg-type]

    monkeypatch.setattr(decision_bench, "run", ctrl_c_at_the_second)
    args = ["bench", "--decisions", "--data", str(tmp_path), "--min-worlds", str(WORLDS)]
    got = CliRunner().invoke(main, [*args, "--setting", "heuristic"])
    assert got.exit_code == 130
    assert "stopped by Ctrl-C" in got.output
    assert f"tricksolver: interrupted: 2 of {len(points)} points done" in got.output


def test_two_runs_compare_paired_point_by_point() -> None:
    def run_of(losses: dict[str, float | None]) -> dict[str, object]:
        made = [{"point": p, "loss": x} for p, x in losses.items()]
        return {"settings": ["s"], "choices": {"s": made}}

    before = run_of({"whist-4/d0/end": 0.5, "whist-4/d1/end": 0.0, "whist-4/d2/end": 1.0})
    after = run_of({"whist-4/d0/end": 0.0, "whist-4/d1/end": 0.0, "whist-4/d2/end": None})
    rows = compare_decisions.compare(before, after)  # d2: no loss after, left out
    assert [(r["phase"], r["points"], r["difference"]) for r in rows] == [
        ("end", 2, -0.25),
        ("all", 2, -0.25),
    ]
    assert rows[0]["before"] == 0.25 and rows[0]["after"] == 0.0


@pytest.mark.parametrize("name", ["before-recommend.json", "before-bounded.json"])
def test_the_stored_figures_are_bench_reports_of_stored_points(name: str) -> None:
    data = json.loads((decision_points.DATA / name).read_text(encoding="utf-8"))
    assert_valid("bench", data)
    ids = {p.id for p in decision_points.load_points()}
    assert {c["point"] for made in data["choices"].values() for c in made} <= ids


def test_the_bench_names_the_points_resting_on_capped_worlds() -> None:
    args = ["bench", "--decisions", "--setting", "heuristic", "--variants", "chinkway-5"]
    got = CliRunner().invoke(main, [*args, "--phases", "first-lead"])
    assert got.exit_code == 0, got.output
    judgements = load_judgements(judge_decisions.JUDGE_FILE)
    capped = [
        p.id
        for p in decision_points.load_points()
        if p.variant == "chinkway-5" and p.phase == "first-lead" and judgements[p.id].capped
    ]
    assert capped  # the stored judge has such points
    listed = got.output.split("points resting on capped worlds")[1].splitlines()[1:]
    assert [line.split()[0] for line in listed] == capped
