"""The rendering of `recommend`: it says how much it knows --
equivalent cards on one row (values alike in every world, one class of the
search), a legend for "best in" and "vs top", ``-`` for an interval from
fewer than two worlds, and a warning when a Cinch call ranks Shoot first
(docs/recommend.md: double-dummy values make a Shoot look far safer than it
is at the table)."""

from __future__ import annotations

import json

import solver
from solver.doubledummy import move_classes
from tests.cli_helpers import run

ENDING = "N:AKQ... J.AK.. .432.. T.QJ.."  # E to lead, holding the touching A and K of hearts
CINCH_SHOOT = solver.deal("cinch", seed=4).to_line()  # its call: Shoot ranks first
CINCH_BID = solver.deal("cinch", seed=1).to_line()


def recommend(*args: str) -> str:
    result = run("recommend", *args, "--jobs", "1")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_move_classes_are_the_searchs() -> None:
    pos = solver.parse_position(ENDING)
    classes = {tuple(str(m) for m in c) for c in move_classes(pos)}
    analysis = solver.Solver(8).analyze(pos, pv=False)
    assert classes == {tuple(str(m) for m in cv.equivalent) for cv in analysis.moves}


def test_equivalent_cards_share_a_row_and_the_legend_is_there() -> None:
    out = recommend(ENDING, "--seat", "E", "--samples", "4")
    assert "AH KH" in out
    text = " ".join(out.split())
    assert "best in: the share of the worlds" in text and "vs top (95%): the interval" in text
    data = json.loads(recommend(ENDING, "--seat", "E", "--samples", "4", "--json"))
    together = {m["move"]: m["equivalent"] for m in data["moves"]}
    assert together["AH"] == together["KH"] == ["AH", "KH"]


def test_one_world_gives_no_interval() -> None:
    out = recommend(ENDING, "--seat", "E", "--samples", "1")
    rows = [line for line in out.splitlines() if "AH KH" in line or "JS" in line]
    assert rows and all("..." not in r and " .. " not in r for r in rows)
    assert "1 of 1" in out or "0 of 1" in out
    assert "100%" not in out


def test_a_cinch_call_ranking_shoot_first_warns() -> None:
    out = recommend(CINCH_SHOOT, "--seat", "2", "--time", "0", "--samples", "4")
    assert "best: shoot" in out
    assert "warning: shoot ranks first on double-dummy values" in " ".join(out.split())
    data = json.loads(
        recommend(CINCH_SHOOT, "--seat", "2", "--time", "0", "--samples", "4", "--json")
    )
    assert (
        data["move"] == "shoot" and data["warnings"] and "docs/recommend.md" in data["warnings"][0]
    )
    out = recommend(CINCH_BID, "--seat", "2", "--time", "0", "--samples", "4")
    assert "warning" not in out


def test_decision_intervals_are_clipped_to_the_possible_values() -> None:
    from solver.decisions import PlanValue, _estimate, candidate_plans

    pos = solver.deal("cinch", seed=4)
    plan = candidate_plans(pos, pos.to_move)[0]
    values = [PlanValue(v, True, (-2, 6)) for v in (6, 6, 6, -2)]
    est = _estimate(plan, values, None)
    assert est.high == 6  # unclipped: 4.0 + 3.18 * 2.0 = 10.4, past what any world gives
    assert -2 <= est.low <= est.mean <= est.high <= 6
    one = _estimate(plan, values[:1], None)
    assert one.low == -float("inf")  # one world: no interval (shown '-')
