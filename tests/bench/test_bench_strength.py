"""benches/bench_strength.py: the seats of its matches in every variant.

Two players pair up around the table where the seats do (two players,
partners at four) and one plays against the field at three and five; the
rotations of the match give the new player every seat either way.  A short
run of cheap players checks a whole row on a three-player variant, and
chunks of a match saved and combined give the match played at once.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from benches import bench_strength
from solver.match import DealResult, Match
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


def test_samples_to_resolve_is_the_fewest_sample_whose_interval_is_narrow_enough() -> None:
    """Against the obvious count: every sample size from 2 up until the t
    interval's half-width is at most the one asked for."""
    from solver.match import samples_to_resolve
    from solver.stats import t_quantile

    def counted(sd: float, half: float) -> int:
        n = 2
        while t_quantile(0.975, n - 1) * sd / n**0.5 > half:
            n += 1
        return n

    cases = [(0.0, 0.5), (0.1, 0.5), (0.5, 0.5), (1.0, 0.5), (2.37, 0.5), (4.0, 0.5), (9.1, 0.5)]
    cases += [(0.3, 0.1), (0.9, 0.1), (3.3, 1.0), (5.0, 2.5)]
    for sd, half in cases:
        assert samples_to_resolve(sd, half) == counted(sd, half), (sd, half)


def test_chunks_combine_into_the_match_played_at_once(tmp_path: Path) -> None:
    """Deals 0-1 in this process and 2-3 on two processes, saved and
    combined, give the row of deals 0-3 played at once: the same deals, the
    same scores; a chunk combined twice or of another seed is refused."""
    first = bench_strength.run_variant("cinch", 4, NEW, OLD, deals=2, seed=5, save=tmp_path)
    second = bench_strength.run_variant(
        "cinch", 4, NEW, OLD, deals=2, seed=5, first=2, jobs=2, save=tmp_path
    )
    assert first["deals"] == second["deals"] == 2
    chunks = sorted(tmp_path.glob("cinch-4-s5-*.json"))
    assert [c.name for c in chunks] == ["cinch-4-s5-0-1.json", "cinch-4-s5-2-3.json"]
    (row,) = bench_strength.combined(chunks, bench_strength.RESOLVE)
    assert (row["new"], row["old"], row["seed"]) == (NEW, OLD, 5)
    whole = Match.new("cinch", bench_strength.seat_list(NEW, OLD, 4), players=4, seed=5)
    for i in range(4):
        whole.play_deal(i)
    expect = bench_strength.row_of(whole, NEW, OLD, 5, bench_strength.RESOLVE)
    for key in ("deals", "difference", "sd", "ci95", "verdict", "deals_to_resolve"):
        assert row[key] == expect[key], key
    saved = [json.loads(c.read_text())["per_deal"] for c in chunks]
    assert [d["scores"] for chunk in saved for d in chunk] == [r.scores for r in whole.results]
    with pytest.raises(ValueError, match="twice"):
        bench_strength.combined([chunks[0], *chunks], bench_strength.RESOLVE)
    other = json.loads(chunks[1].read_text()) | {"seed": 6}
    (tmp_path / "other.json").write_text(json.dumps(other))
    with pytest.raises(ValueError, match="not the other chunks'"):
        bench_strength.combined([chunks[0], tmp_path / "other.json"], bench_strength.RESOLVE)
    # another variant may have other players (its old side given more time)
    bench_strength.run_variant("whist", 4, OLD, NEW, deals=2, seed=5, save=tmp_path)
    rows = bench_strength.combined([*chunks, tmp_path / "whist-4-s5-0-1.json"], 0.5)
    assert [(r["variant"], r["new"], r["deals"]) for r in rows] == [
        ("cinch-4", NEW, 4),
        ("whist-4", OLD, 2),
    ]


def test_a_deal_reads_back_as_it_was_played() -> None:
    contest = Match.new("whist", f"{NEW},{OLD}", seed=3)
    result = contest.play_deal(7)
    assert DealResult.from_json(json.loads(json.dumps(result.to_json()))) == result
    assert sum(result.decisions.values()) > 0
    assert all(result.cpu_seconds[k] >= 0 for k in contest.lineups)
    with pytest.raises(ValueError, match="twice"):
        contest.add(result)
    with pytest.raises(ValueError, match="not deal 8"):
        contest.add(replace(result, index=8))
