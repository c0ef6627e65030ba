"""benches/bench_strength.py: the seats of its matches in every variant.

Two players pair up around the table where the seats do (two players,
partners at four) and one plays against the field at three and five; the
rotations of the match give the new player every seat either way.  A short
run of cheap players checks a whole row on a three-player variant.
"""

from __future__ import annotations

import pytest

from benches import bench_strength
from solver.match import Match
from tests.randpos import VARIANTS, variant_name

NEW, OLD = "heuristic", "random"  # cheap stand-ins for the pimc players


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[variant_name(*v) for v in VARIANTS])
def test_the_new_player_holds_every_seat(game: str, players: int) -> None:
    contest = Match.new(game, bench_strength.seat_list(NEW, OLD, players), players=players)
    assert contest.lineups == [NEW, OLD]
    for seat in range(players):
        assert {r[seat] for r in contest.rotations} == {NEW, OLD}
    held = [sum(r[s] == NEW for r in contest.rotations) for s in range(players)]
    assert len(set(held)) == 1  # every seat as often


def test_a_row_of_a_three_player_variant() -> None:
    row = bench_strength.run_variant("chinese-whist", 3, NEW, OLD, deals=2, seed=0)
    assert row["variant"] == "chinese-whist-3"
    assert row["deals"] == 2 and not row["interrupted"]
    assert row["ci95"] is not None and row["verdict"] in ("better", "worse", "tie")
    assert set(row["seconds_per_decision"]) == {NEW, OLD}


def test_the_players_bench_times_every_player_at_the_same_decisions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """benches/bench_players.py: the same decision points for every player
    (card decisions with two moves or more), a record a player."""
    import json
    import sys

    from benches import bench_players

    points = bench_players.decision_points("cinch", 4, 1)
    assert points and all(len(p.legal_moves()) >= 2 and p.core is not None for p in points)
    assert len(bench_players.time_player("random", points)) == len(points)
    argv = ["bench_players", "--variants", "cinch-4", "--hands", "1",
            "--players", "random,heuristic,random", "--json"]  # fmt: skip
    monkeypatch.setattr(sys, "argv", argv)
    bench_players.main()
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["player"] for r in rows] == ["random", "heuristic"]  # each player once
    assert all(r["decisions"] == len(points) and r["decisions_per_second"] > 0 for r in rows)
