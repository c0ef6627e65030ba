"""The bench's floor (benches/decision_floor.py) and the rescoring of a run's
moves against a judge file (benches/compare_decisions.py --judge), on judge
files made by hand, checked against sums worked out here."""

from __future__ import annotations

import json
from pathlib import Path

from benches import compare_decisions, decision_floor
from solver.judgement import load_judgements

POINT = "whist-4/d0/end"


def judge_file(tmp_path: Path, worlds: list[dict[str, int]], capped: int = 0) -> Path:
    lines = [{"point": POINT, "world": i, "values": v, "nodes": 1, "cpu": 0.0, "cap": 10}
             for i, v in enumerate(worlds)]  # fmt: skip
    lines += [{"point": POINT, "world": len(worlds) + i, "beyond": True, "nodes": 10,
               "cpu": 0.0, "cap": 10} for i in range(capped)]  # fmt: skip
    path = tmp_path / "judge.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in lines), encoding="utf-8")
    return path


def run_of(moves: dict[str, str], loss: float = 9.0) -> dict[str, object]:
    """A run of settings, each with one move at POINT and a recorded loss."""
    return {
        "settings": list(moves),
        "choices": {s: [{"point": POINT, "move": m, "loss": loss}] for s, m in moves.items()},
    }


def test_a_run_is_scored_again_against_a_judge_file(tmp_path: Path) -> None:
    path = judge_file(tmp_path, [{"AS": 3, "KS": 1}, {"AS": 1, "KS": 2}, {"AS": 2, "KS": 0}])
    run = run_of({"a": "KS", "b": "AS"})
    judge = load_judgements(path)
    # means AS 2, KS 1: KS loses 1, AS nothing; the recorded 9.0 is not read
    assert compare_decisions.losses(run, 0, judge) == {POINT: 1.0}
    assert compare_decisions.losses(run, 1, judge) == {POINT: 0.0}
    assert compare_decisions.losses(run, 0) == {POINT: 9.0}
    rows = compare_decisions.compare(run, run, 0.5, within=True, judge=judge)
    assert rows[0]["before"] == 0.0 and rows[0]["after"] == 1.0


def test_the_floor_of_a_move_better_in_every_world_is_nothing(tmp_path: Path) -> None:
    worlds = [{"AS": 2 + i % 3, "KS": i % 3} for i in range(12)]
    path = judge_file(tmp_path, worlds, capped=2)
    rows = decision_floor.worlds_of([json.loads(x) for x in path.read_text().splitlines()])
    assert len(rows[POINT]) == 12  # the capped worlds left out
    got = decision_floor.point_losses(POINT, rows[POINT], 4, {"a": "KS", "b": "AS"}, 20, 0)
    assert got.floor == 0.0
    assert got.settings == {"a": 2.0, "b": 0.0}  # KS is 2 below AS in every world


def test_the_floor_is_the_mean_loss_over_the_splits(tmp_path: Path) -> None:
    """Two worlds, a player of one: the player picks the move best in its
    world, the judge is the other world; each split is one of the two
    orders, so the floor is the mean of the two losses (or a loss and 0)."""
    worlds = [{"AS": 1, "KS": 0}, {"AS": 0, "KS": 3}]
    # player world 0 -> AS, judged by world 1: loss 3; player world 1 -> KS, judged by 0: loss 1
    got = decision_floor.point_losses(POINT, worlds, 1, {}, 400, 0)
    assert 1.0 < got.floor < 3.0
    splits = 400
    rng_floor = got.floor * splits  # a whole number of 3s and 1s
    threes = (rng_floor - splits) / 2
    assert abs(threes - round(threes)) < 1e-9 and 0 < threes < splits


def test_runs_of_two_settings_are_averaged_point_by_point() -> None:
    def run(a: dict[str, float], b: dict[str, float]) -> dict[str, object]:
        def made(xs: dict[str, float]) -> list[dict[str, object]]:
            return [{"point": p, "move": "AS", "loss": x} for p, x in xs.items()]

        return {"settings": ["new", "old"], "choices": {"new": made(a), "old": made(b)}}

    p, q = "chinkway-5/d0/first-lead", "chinkway-5/d1/first-lead"
    first = run({p: 0.0, q: 1.0}, {p: 1.0, q: 1.0})
    again = run({p: 0.5}, {p: 0.0})  # q not valued again: left out
    rows = compare_decisions.compare(first, first, 0.5, within=True, again=[again])
    assert rows[0]["points"] == 1
    assert rows[0]["after"] == 0.25 and rows[0]["before"] == 0.5  # (0 + 0.5) / 2, (1 + 0) / 2
    assert rows[0]["target_difference"] == 0.0
