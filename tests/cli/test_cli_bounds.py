"""A search cut short by a limit is shown as bounds, never
as values -- in the API's types (`Bounds`), in `analyze` and `table`, as
text and as JSON.  Node limits keep these tests deterministic; a small table
keeps them fast."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import solver
from solver import Bounds, Solver
from solver.doubledummy import declarer_bounds
from tests import randpos
from tests.cli_helpers import run

WHIST = solver.deal("whist", seed=3).to_line()  # a full deal: 13 tricks
CW2 = solver.deal("chinese-whist", players=2, seed=1).to_line()
SMALL_WHIST = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
TT = ["--tt-mb", "8"]


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cut_short_analysis() -> solver.Analysis:
    return Solver(8, max_nodes=20_000).analyze(solver.parse_position(WHIST))


def test_bounds_of_a_cut_short_analysis_hold_the_exact_values() -> None:
    cut = cut_short_analysis()
    assert not cut.exact and not cut.stats.exact
    exact = Solver(8).analyze(solver.parse_position(SMALL_WHIST))
    assert exact.exact and exact.proven is None
    assert all(m.bounds.exact and m.bounds.low == m.value for m in exact.moves)
    for m in cut.moves:
        b = m.bounds
        assert b.floor <= b.low <= b.high <= b.ceiling
        assert b.low >= m.value  # the value of a cut-short search is its proven lower bound
    whole = cut.bounds
    assert whole.low == max(m.bounds.low for m in cut.moves)
    assert not whole.exact
    # no card is called best unless proven: here none is
    assert cut.best == []


def test_bounds_flip_for_the_other_side() -> None:
    b = Bounds(4, 9, 0, 13)
    assert b.flipped(13) == Bounds(4, 9, 0, 13)
    assert Bounds(3, 13, 0, 13).flipped(13) == Bounds(0, 10, 0, 13)
    assert Bounds(-2, 5, -10, 10).flipped(0) == Bounds(-5, 2, -10, 10)


def test_analyze_cut_short_shows_bounds_not_values() -> None:
    out = run("analyze", WHIST, "--max-nodes", "20000", *TT).stdout
    value_row = next(line for line in out.splitlines() if line.startswith("Value"))
    assert ">=" in value_row and "not proven" in value_row
    assert not re.search(r"\bbest\b", out.replace("proven best", "").replace("best play", ""))
    assert not re.search(r"\s-\d+\s*$", out, re.MULTILINE)  # no "-8" losses made of bounds
    assert "Principal variation" in out and "values are not exact" in out  # why no line


def test_analyze_cut_short_json_has_low_high_exact_for_every_move() -> None:
    data = run_json("analyze", WHIST, "--max-nodes", "20000", *TT)
    assert data["exact"] is False and data["value"] is None and data["best"] == []
    assert data["low"] <= data["high"]
    assert data["pv"] == [] and "not exact" in data["pv_note"]
    for move in data["moves"]:
        assert {"value", "low", "high", "exact"} <= move.keys()
        assert move["exact"] is False and move["value"] is None
        assert move["low"] <= move["high"]


def test_analyze_exact_json_keeps_its_values() -> None:
    data = run_json("analyze", SMALL_WHIST)
    assert data["exact"] is True and data["value"] == data["low"] == data["high"]
    assert data["pv_note"] is None and data["pv"]
    for move in data["moves"]:
        assert move["exact"] and move["value"] == move["low"] == move["high"]
    assert data["best"] == [m["move"] for m in data["moves"] if m["value"] == data["value"]]


def test_table_cut_short_shows_bounds() -> None:
    pos = solver.parse_position(CW2)
    result = Solver(8, max_nodes=3000).table(pos)
    assert not result.exact
    total = 26
    for entry in result.entries:
        a, b = entry.bounds_of(0), entry.bounds_of(1)
        assert a.low + b.high == total and a.high + b.low == total
    out = run("table", CW2, "--max-nodes", "3000", *TT).stdout
    assert "Not proven" in out
    rows = [line for line in out.splitlines() if line.strip().startswith(("spades", "hearts"))]
    assert rows and all(".." in line or ">=" in line or "<=" in line for line in rows)
    data = run_json("table", CW2, "--max-nodes", "3000", *TT)
    assert data["exact"] is False
    for entry in data["entries"]:
        assert all(v is None for v in entry["values"])
        assert all(lo <= hi for lo, hi in zip(entry["low"], entry["high"], strict=True))


def test_whist_table_cut_short_declarer_cells_are_bounds() -> None:
    data = run_json("table", WHIST, "--max-nodes", "500", *TT)
    assert data["exact"] is False
    cells = [c for row in data["declarer_bounds"].values() for c in row.values()]
    assert cells and all(c["low"] <= c["high"] for c in cells)
    for d, row in data["declarer_tricks"].items():
        for strain, value in row.items():
            assert (value is None) == (not data["declarer_bounds"][d][strain]["exact"])
    exact = run_json("table", SMALL_WHIST)
    assert exact["exact"] is True
    assert all(v is not None for row in exact["declarer_tricks"].values() for v in row.values())
    pos = solver.parse_position(SMALL_WHIST)
    assert all(
        b.exact for row in declarer_bounds(pos, Solver(8).table(pos)).values() for b in row.values()
    )


def test_a_time_limit_counts_the_search_not_the_table_set_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Solver with a time limit writes its table before its first search
    (the system's first supply of its memory took the whole limit before)."""
    calls: list[bool] = []
    real = Solver._warm

    def warm(self: Solver) -> None:
        calls.append(True)
        real(self)

    monkeypatch.setattr(Solver, "_warm", warm)
    pos = solver.parse_position(SMALL_WHIST)
    timed = Solver(8, max_seconds=30)
    assert calls == []  # in the thread that searches, not when made
    timed.analyze(pos)
    timed.solve(pos)
    assert calls == [True]  # once, before the first search
    Solver(8, max_nodes=100).analyze(pos)
    assert calls == [True]  # a node limit needs no warming


def test_a_line_of_play_cut_short_is_kept_as_cut() -> None:
    """The principal variation trusts no search cut short: it stops there,
    says so (`pv_cut`), and the values stay exact."""
    pos = solver.parse_position(WHIST)
    searcher = Solver(8)
    side = pos.sides()[pos.to_move]
    searcher.max_nodes = 50  # every search of the line is cut short at once
    line, _, cut = searcher._principal_variation(pos, side, 8)
    assert cut and line == []
    searcher.max_nodes = 0
    searcher._stopping = True  # as after interrupt()
    line, _, cut = searcher._principal_variation(pos, side, 8)
    assert cut and line == []


def test_the_view_of_a_cut_line_says_why() -> None:
    from dataclasses import replace

    from solver.cli import render_analysis

    pos = solver.parse_position(SMALL_WHIST)
    whole = Solver(8).analyze(pos)
    assert whole.exact and not whole.pv_cut and whole.pv
    cut = replace(whole, pv=whole.pv[:2], pv_cut=True)
    note = render_analysis.pv_note(cut)
    assert note is not None and "stops after 2 moves" in note
    assert render_analysis.analysis_json(pos, cut)["pv_note"] == note
    assert render_analysis.pv_note(whole) is None


# Positions of every game with a few tricks to go: cheap to analyse exactly,
# dear enough that small node limits cut the analysis in the middle.
TRICKS_LEFT = {"whist": 6, "chinkway": 4, "chinese-whist": 5, "cinch": 5}
NODE_LIMITS = (50, 400, 3_000)


@pytest.mark.parametrize("game,players", randpos.VARIANTS)
def test_each_card_of_a_cut_short_analysis_has_sound_bounds_and_finished_cards_are_exact(
    game: str, players: int
) -> None:
    """Every card's bounds hold its exact value; a card whose own search was
    finished before the limit is exact (and equals the full analysis)."""
    finished = cut = 0
    for seed in range(6):
        start = randpos.random_start(game, players, 100 + seed)
        assert start.core is not None
        tricks = start.core.total_tricks - TRICKS_LEFT[game]
        pos = randpos.random_play(game, players, tricks, 100 + seed)
        truth = {str(m.move): m.value for m in Solver(8).analyze(pos, pv=False).moves}
        for limit in NODE_LIMITS:
            analysis = Solver(8, max_nodes=limit).analyze(pos, pv=False)
            for m in analysis.moves:
                b = m.bounds
                assert b.low <= truth[str(m.move)] <= b.high, (pos.to_line(), limit, m)
                if m.exact:
                    assert m.value == truth[str(m.move)]
                    finished += not analysis.stats.exact
                else:
                    cut += 1
    assert finished > 0 and cut > 0  # both kinds of card were seen
