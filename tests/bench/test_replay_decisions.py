"""benches/replay_decisions.py (paired replays where the judge stops): a
small slice on late positions, played out by the heuristic player.

A replay's value is the deciding seat's score after A's choice minus after
B's, both lines played out in the same world with the same seeds; a setting
against itself differs by nothing; the same seed gives the same replays; a
run past its time limit keeps what it finished; bad input is one line.
"""

from __future__ import annotations

import math

import pytest

from benches import replay_decisions as rd
from benches.decision_points import DecisionPoint, point_at
from solver.judgement import judged
from solver.sampling import Sampler
from tests.randpos import random_play

A, B = "heuristic", "random"  # two settings that often choose apart


def points() -> list[DecisionPoint]:
    """Two Chinese Whist points four tricks from the end, with a choice."""
    out = []
    for seed in range(1, 60):
        pos = random_play("chinese-whist", 3, 4, seed)
        if pos.is_over:
            continue
        point = point_at(f"chinese-whist-3/test{seed}", "chinese-whist-3", "early", pos, "", 0, 0)
        if point is not None:
            out.append(point)
        if len(out) == 2:
            return out
    raise AssertionError("no point with a choice")


def tasks(a: str = A, b: str = B, replays: int = 4, seed: int = 0) -> list[rd.Replay]:
    return [rd.Replay(p, r, seed, a, b, rd.CONTINUATION) for r in range(replays) for p in points()]


def test_a_replay_is_the_score_after_a_minus_after_b_in_one_world_with_the_same_seeds() -> None:
    differed = 0
    for task in tasks():
        got = rd.replay(task)
        p, s = task.point, rd.replay_seed(task.point.id, task.replay, task.seed)
        world = Sampler(p.read_view()).sample(1, s)[0]
        after = {m: rd.play_out(world, m, p.seat, rd.CONTINUATION, s) for m in p.moves}
        assert got.move_a in p.moves and got.move_b in p.moves
        assert got.difference == after[got.move_a] - after[got.move_b]
        differed += got.move_a != got.move_b
    assert differed >= 1  # the slice compares different choices somewhere


def test_a_setting_against_itself_differs_by_nothing() -> None:
    done, stopped = rd.run(tasks(A, A), jobs=1)
    assert stopped is None and len(done) == len(tasks())
    for row in rd.report(done):
        assert row["mean_difference"] == 0 and row["differed"] == 0 and row["sd"] == 0


def test_the_same_seed_gives_the_same_replays_on_the_batch_engine() -> None:
    key = lambda r: (r.point, r.replay)  # noqa: E731
    one = sorted(rd.run(tasks(), jobs=2)[0], key=key)
    two = sorted(rd.run(tasks(), jobs=1)[0], key=key)
    strip = lambda rs: [(r.point, r.replay, r.move_a, r.move_b, r.score_a, r.score_b) for r in rs]  # noqa: E731
    assert strip(one) == strip(two) and len(one) == len(tasks())


def test_a_run_past_its_time_limit_keeps_what_it_finished() -> None:
    done, stopped = rd.run(tasks(replays=50), jobs=1, seconds=1e-6)
    assert stopped == "time" and len(done) < len(tasks(replays=50))


def test_the_report_gives_the_replays_needed_to_resolve_a_quarter_from_the_spread() -> None:
    diffs = [1.0, -1.0, 0.0, 2.0]
    done = [rd.Replayed("p", "v", "early", i, "a", "b", d, 0.0, 0.1) for i, d in enumerate(diffs)]
    row = rd.report(done)[0]
    sd = math.sqrt(sum((d - 0.5) ** 2 for d in diffs) / 3)
    assert row["mean_difference"] == 0.5 and row["sd"] == pytest.approx(sd, abs=1e-4)
    assert row["replays_to_resolve"] == math.ceil((1.96 * sd / 0.25) ** 2)
    assert row["differed"] == 4 and row["replays"] == 4


def test_the_default_points_are_those_where_the_judge_leaves_some_short() -> None:
    ps = points()
    line = {"point": ps[0].id, "cpu": 0.1, "nodes": 1, "values": {ps[0].moves[0]: 1}}
    judgements = {ps[0].id: judged(ps[0].id, [line | {"world": i} for i in range(3)], None)}
    assert rd.where_the_judge_stops(ps, judgements, 3) == ps  # the second is not judged
    assert rd.where_the_judge_stops(ps[:1], judgements, 3) == []
    assert rd.where_the_judge_stops(ps[:1], judgements, 4) == ps[:1]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--a", "nobody"], "unknown player"),
        (["--continuation", "nobody"], "unknown player"),
        (["--replays", "0"], "--replays must be 1 to"),
        (["--phases", "dawn"], "unknown phase"),
        (["--data", "/nonexistent"], "cannot read"),
    ],
)
def test_bad_input_is_one_line(args: list[str], said: str) -> None:
    with pytest.raises(SystemExit) as e:
        rd.main([*args, "--quiet"])
    text = str(e.value.code)
    assert text.startswith("replay_decisions: ") and said in text and "\n" not in text


def test_the_stored_points_replay_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--replays", "1", "--a", A, "--b", B, "--variants", "chinese-whist-4"]
    rd.main([*args, "--phases", "first-lead", "--jobs", "1", "--quiet"])
    out = capsys.readouterr().out
    assert "chinese-whist-4  first-lead      8       8" in out and "8 of 8 replays" in out


def test_ctrl_c_keeps_the_replays_done() -> None:
    def ctrl_c_at_the_third(r: rd.Replayed, seen: list[rd.Replayed] = []) -> None:  # noqa: B006
        seen.append(r)
        if len(seen) == 3:
            raise KeyboardInterrupt

    done, stopped = rd.run(tasks(replays=10), jobs=1, progress=ctrl_c_at_the_third)
    assert stopped == "interrupted" and len(done) == 3
