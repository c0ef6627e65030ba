"""The decision bench's second set (benches/data/decisions/v2): its points
read back, the points it takes over from v1 are v1's with v1's judge lines
(a rerun of the judge gives the same line), its judge's lines are of its
points, the bench runs on a slice of it with --set v2, and the points of
some phases alone (a hand played only as far as they need) are those of
the whole hand.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from benches import compare_decisions, decision_points, judge_decisions
from benches.judge_decisions import JudgeFile, judge_point
from solver import decision_points as solver_points
from solver.cli.main import main
from solver.doubledummy import Solver
from solver.judgement import load_judgements, read_lines
from solver.position import view_of
from solver.sampling import stand_in
from tests.cli.test_json_schemas import assert_valid

V2 = solver_points.set_folder("v2")
V1 = solver_points.set_folder("v1")
CELLS = {
    ("chinkway-5", "first-lead"),
    ("chinese-whist-4", "first-lead"),
    ("chinese-whist-2", "early"),
    ("chinese-whist-3", "early"),
}  # the cells of issue 36's decision target, v2's only ones
SAMPLE = 20  # points whose views are read back
CHEAPEST_NODES = 200_000  # a stored world re-judged here: at most this many nodes


def v2_points() -> list[solver_points.DecisionPoint]:
    return solver_points.load_points(V2 / solver_points.POINTS_NAME)


def test_v2s_points_read_back_and_are_of_the_targets_cells() -> None:
    points = v2_points()
    assert {(p.variant, p.phase) for p in points} == CELLS
    assert len({p.id for p in points}) == len(points)
    assert {p.version for p in points} == {"v1", "v2"}
    for p in random.Random(0).sample(points, SAMPLE):
        view = p.read_view()
        assert view.to_line() == p.view
        assert tuple(str(m) for m in view.legal_moves()) == p.moves
        assert p.played in p.moves
        assert view_of(stand_in(view), p.seat).to_line() == p.view
    mine = [p for p in points if p.version == "v2"]
    assert mine and {p.seed for p in mine}.isdisjoint({p.seed for p in points if p.version == "v1"})


def test_the_points_taken_over_from_v1_are_v1s_with_v1s_judge_lines() -> None:
    v1 = {p.id: p for p in solver_points.load_points(V1 / solver_points.POINTS_NAME)}
    taken = [p for p in v2_points() if p.version == "v1"]
    assert taken and all(v1[p.id] == p for p in taken)
    ids = {p.id for p in taken}
    v1_lines = [d for d in read_lines(V1 / solver_points.JUDGE_NAME) if d["point"] in ids]
    v2_lines = read_lines(V2 / solver_points.JUDGE_NAME)
    assert v2_lines[: len(v1_lines)] == v1_lines


def test_a_taken_over_world_judged_again_gives_its_stored_values(tmp_path: Path) -> None:
    by_id = {p.id: p for p in v2_points() if p.version == "v1"}
    first_worlds = [
        d
        for d in read_lines(V2 / solver_points.JUDGE_NAME)
        if d["point"] in by_id and d.get("world") == 0 and "values" in d
    ]
    line = min(first_worlds, key=lambda d: int(d["nodes"]))
    assert line["nodes"] <= CHEAPEST_NODES  # cheap enough to judge again here
    out = JudgeFile(tmp_path / "judge.jsonl")
    got = list(judge_point(by_id[line["point"]], 1, out, Solver(tt_mb=16), line["cap"]))
    out.close()
    assert [(g.world, g.values) for g in got] == [(0, line["values"])]


def test_v2s_judge_lines_are_of_v2s_points() -> None:
    ids = {p.id for p in v2_points()}
    judged = load_judgements(V2 / solver_points.JUDGE_NAME)
    assert judged and set(judged) <= ids


def test_the_bench_runs_on_a_slice_of_v2() -> None:
    args = ["bench", "--decisions", "--set", "v2", "--setting", "heuristic", "--points", "1"]
    got = CliRunner().invoke(main, [*args, "--json"])
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    ids = {p.id for p in v2_points()}
    chosen = [c["point"] for c in data["choices"]["heuristic"]]
    assert chosen and set(chosen) <= ids
    assert {(r["variant"], r["phase"]) for r in data["rows"] if r["phase"] != "all"} == CELLS


def test_the_points_of_some_phases_are_those_of_the_whole_hand() -> None:
    variants = [("whist", 4)]
    whole = list(decision_points.generate(variants, 1, 5, "heuristic", log=False))
    early = list(decision_points.generate(variants, 1, 5, "heuristic", log=False, phases=["early"]))
    assert early == [p for p in whole if p.phase == "early"]
    assert len(whole) > len(early) == 1


def test_the_judge_draws_a_points_worlds_by_its_version() -> None:
    point = v2_points()[0]
    other = "v2" if point.version == "v1" else "v1"
    again = solver_points.DecisionPoint(**{**point.to_json(), "moves": point.moves})
    assert judge_decisions.world_seed(again, 3) == judge_decisions.world_seed(point, 3)
    moved = solver_points.DecisionPoint(
        **{**point.to_json(), "moves": point.moves, "version": other}
    )
    assert judge_decisions.world_seed(moved, 3) != judge_decisions.world_seed(point, 3)


def test_a_run_of_two_settings_is_tested_against_a_target_ratio() -> None:
    def run_of(after: list[float], before: list[float]) -> dict[str, object]:
        ids = [f"chinkway-5/d{i}/first-lead" for i in range(len(after))]
        made = {
            name: [{"point": p, "loss": x} for p, x in zip(ids, losses, strict=True)]
            for name, losses in (("a", after), ("b", before))
        }
        return {"settings": ["a", "b"], "choices": made}

    def verdict(after: list[float], before: list[float]) -> tuple[str, float]:
        row = compare_decisions.compare(run_of(after, before), {}, 0.5, within=True)[0]
        return row["verdict"], row["ratio"]

    assert verdict([0.0, 0.1, 0.0, 0.1], [1.0, 0.9, 1.1, 1.0]) == ("met", 0.05)
    assert verdict([1.0, 0.9, 1.1, 1.0], [1.0, 1.0, 1.0, 1.0]) == ("not met", 1.0)
    assert verdict([0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 1.0])[0] == "unresolved"


def test_v2s_stored_figures_are_bench_reports_of_v2s_points() -> None:
    stored = sorted(V2.glob("*.json"))
    assert stored
    ids = {p.id for p in v2_points()}
    for path in stored:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert_valid("bench", data)
        assert {c["point"] for made in data["choices"].values() for c in made} <= ids
