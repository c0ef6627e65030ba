"""`tricksolver review` and `solver.review`: a played hand
card by card.

Shown by: on recorded hands of every game (seeded random plays of small
endings; real records: PBN [Play] sections and a LIN record, games saved by
``play --save``) the values before and after each card equal `Solver.analyze` on
the same positions (before = banked + the analysis's value, after = banked +
the played card's value), searched by a Solver of its own; a deliberately
bad card shows its cost and the best cards; under a node limit no bound is
shown as a value and every cost claimed holds in the exact review; the view's
recommendation is `recommend`'s on the same view; Ctrl-C (the stop flag)
keeps the steps done.  The command: text, --json against its schema (one
board, JSON lines of many, a board without play), bad input in one line
(exit status 2), --view with a small budget, Ctrl-C in a child process
(status 130, the cards reviewed so far shown)."""

from __future__ import annotations

import json
import random
import threading
from dataclasses import replace
from pathlib import Path

import pytest

import solver
from solver.banked import banked
from solver.budget import Budget
from solver.doubledummy import Solver
from solver.games.base import Move, Position
from solver.moves import position_text
from solver.pimc import recommend
from solver.review import (
    NO_PLAY,
    VIEW_BUDGET,
    Review,
    ReviewOptions,
    move_words,
    played_hand,
    review,
    review_board,
    review_text,
)
from tests.cli.test_interrupt import INTERRUPTED, exe, interrupt_working
from tests.cli.test_json_schemas import assert_valid, endgame
from tests.cli_helpers import assert_one_line_error, run, start_interruptible
from tests.paths import ROOT
from tests.randpos import VARIANTS

SESSION = ROOT / "docs" / "session.pbn"
ENDING = "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A"
SMALL_TABLE = 16  # MiB: endings and one deal
ENDING_TRICKS = 3
SEEDS = (1, 2)


def random_play(pos: Position, seed: int) -> list[Move]:
    """The hand played out at random from `pos` (not changed)."""
    rng = random.Random(seed)
    work = pos.copy()
    moves = []
    while not work.is_over:
        move = rng.choice(work.legal_moves())
        work.play(move)
        moves.append(move)
    return moves


def assert_equals_analyze(done: Review) -> None:
    """Every step's values are those of `analyze` on the same position (a
    Solver of its own), and the best moves at a mistake its best."""
    check = Solver(SMALL_TABLE)
    pos = done.start.copy()
    assert done.stopped is None and len(done.steps) == len(done.moves)
    for step in done.steps:
        analysis = check.analyze(pos, pv=False)
        played = next(m for m in analysis.moves if m.move == step.move)
        side = pos.sides()[pos.to_move]
        assert (step.seat, step.side) == (pos.to_move, side)
        assert step.banked == banked(pos, side)
        assert step.before.exact and step.after.exact
        assert step.before.low == step.banked + analysis.value
        assert step.after.low == step.banked + played.value
        assert step.cost.low == analysis.value - played.value >= 0
        assert step.mistake == (played.value < analysis.value)
        assert step.best == (tuple(analysis.best) if step.mistake else ())
        pos.play(step.move)


# -- the API ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_values_before_and_after_every_card_equal_analyze(
    game: str, players: int, seed: int
) -> None:
    start = endgame(game, players, ENDING_TRICKS, seed)
    done = review(start, random_play(start, seed), Solver(SMALL_TABLE))
    assert_equals_analyze(done)
    assert done.exact


def worst_move(pos: Position) -> tuple[Move, int, int]:
    """The legal move of lowest value, its value and the position's."""
    analysis = Solver(SMALL_TABLE).analyze(pos, pv=False)
    worst = min(analysis.moves, key=lambda m: m.value)
    return worst.move, worst.value, analysis.value


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_a_deliberately_bad_card_shows_its_cost_and_the_best_cards(game: str, players: int) -> None:
    for seed in range(1, 40):  # the first ending whose first decision can go wrong
        start = endgame(game, players, ENDING_TRICKS, seed)
        bad, value, best = worst_move(start)
        if value < best:
            break
    else:
        pytest.fail("no ending with a bad card")
    after = start.copy()
    after.play(bad)
    done = review(start, [bad, *random_play(after, seed)], Solver(SMALL_TABLE))
    first = done.steps[0]
    assert first.mistake and first.cost.exact and first.cost.low == best - value
    assert bad not in first.best and first.best
    assert done.total().mistakes >= 1 and done.total().cost >= best - value
    assert done.by_seat()[first.seat].cost >= best - value
    assert_equals_analyze(done)


def test_the_docs_ending_a_discard_instead_of_a_ruff_costs_the_trick() -> None:
    start = solver.parse_position(ENDING)
    done = review(start, "KH, AH, AC, QH", Solver(SMALL_TABLE))
    assert [s.mistake for s in done.steps] == [False, False, True, False]
    assert [str(m) for m in done.steps[2].best] == ["8S", "7S"]
    assert done.by_side()[1].cost == 1 and done.by_side()[0].mistakes == 0


def test_a_pbn_play_section_is_reviewed_from_its_opening_lead() -> None:
    text = SESSION.read_text(encoding="utf-8")
    board = next(b for b in solver.records.read_boards(text) or [] if b.name == "2")
    done = review_text(board.position.to_toml(), board.play, ReviewOptions(), Solver(SMALL_TABLE))
    assert [str(m) for m in done.moves] == ["QS", "9S", "7S", "AS"]
    assert done.steps[0].mistake  # E's spade lead gives up the heart trick
    assert_equals_analyze(done)


@pytest.fixture(scope="module")
def saved_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Whole games saved by `play --save`: a whist deal and a Chinkway round
    (each game's last hand as it ended)."""
    folder = tmp_path_factory.mktemp("saved")
    out = {}
    for name, args in {
        "whist": ["play", "whist", "--seats", "heuristic", "--seed", "3"],
        "chinkway": ["play", "chinkway", "--rounds", "1", "--seed", "3"],
    }.items():
        path = folder / f"{name}.toml"
        result = run(*args, "--save", str(path), "--brief")
        assert result.exit_code == 0, result.output
        out[name] = path.read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("game", ["whist", "chinkway"])
def test_a_saved_game_is_reviewed_card_by_card(saved_games: dict[str, str], game: str) -> None:
    text = saved_games[game]
    pos = solver.parse_position(position_text(text))
    done = review_text(text, "", ReviewOptions(), Solver(SMALL_TABLE))
    assert len(done.moves) == len(pos.play_record) and pos.is_over
    assert_equals_analyze(done)


def test_under_a_node_limit_bounds_are_never_values_and_costs_hold(
    saved_games: dict[str, str],
) -> None:
    text = saved_games["whist"]
    exact = review_text(text, "", ReviewOptions(), Solver(SMALL_TABLE))
    cut = review_text(text, "", ReviewOptions(), Solver(SMALL_TABLE, max_nodes=200))
    assert not cut.exact and not cut.stats.exact
    record = cut.to_json()
    for limited, true, row in zip(cut.steps, exact.steps, record["steps"], strict=True):
        for b, t, shown in ((limited.before, true.before, row["before"]),
                            (limited.after, true.after, row["after"])):  # fmt: skip
            assert b.low <= t.low <= b.high
            assert (shown["value"] is None) == (not b.exact)
        assert limited.cost.low <= true.cost.low <= limited.cost.high
        if limited.mistake:
            assert true.mistake and true.cost.low >= limited.cost.low
    assert any(not s.before.exact for s in cut.steps)
    assert record["summary"]["cost"] <= exact.to_json()["summary"]["cost"]


def test_the_view_of_a_decision_is_the_recommendation_on_that_view() -> None:
    start = solver.parse_position(ENDING)
    done = review(start, "KH, AH, AC, QH", Solver(SMALL_TABLE), view_seats=[3, 1],
                  view_budget=replace(VIEW_BUDGET, worlds=6), seed=4)  # fmt: skip
    west = done.steps[2]
    assert west.view is not None and done.steps[0].view is not None
    assert done.steps[1].view is None  # S: not a seat of the view (and its card forced)
    pos = start.copy()
    for move in done.moves[:2]:
        pos.play(move)
    alone = recommend(pos, 3, budget=Budget(worlds=6, jobs=1), seed=4)
    assert [(m.move, m.mean) for m in west.view.recommendation.moves] == [
        (m.move, m.mean) for m in alone.moves
    ]
    assert west.view.played.move == west.move
    assert west.view.agrees == (alone.best == west.move or west.view.shortfall == 0)
    shown = done.to_json()["steps"][2]["view"]
    assert shown["best"] == str(alone.best) and shown["worlds"] == 6


def test_a_stop_keeps_the_steps_done() -> None:
    start = endgame("whist", 4, ENDING_TRICKS, 1)
    stop = threading.Event()
    done = review(start, random_play(start, 1), Solver(SMALL_TABLE), stop=stop,
                  progress=lambda n, total: stop.set() if n == 5 else None)  # fmt: skip
    assert done.stopped == "interrupted" and len(done.steps) == 5
    assert done.to_json()["reviewed"] == 5


def test_bad_moves_and_a_start_before_play_are_refused_before_any_search() -> None:
    start = solver.parse_position(ENDING)
    with pytest.raises(solver.IllegalMoveError, match=r"move 2 of 3 \('QS'"):
        review(start, "KH, QS, 7S", Solver(SMALL_TABLE))
    with pytest.raises(solver.PositionError, match="play has begun"):
        review(solver.deal("cinch", seed=1), "", Solver(SMALL_TABLE))
    with pytest.raises(solver.PositionError, match=NO_PLAY):
        review_text(ENDING, "", ReviewOptions(), Solver(SMALL_TABLE))
    with pytest.raises(solver.NotationError, match="--view"):
        review_text(ENDING, "KH", ReviewOptions(view=("9",)), Solver(SMALL_TABLE))


def test_move_words_and_played_hand_read_the_records() -> None:
    assert move_words("QS 9S, 7S\nAS") == ["QS", "9S", "7S", "AS"]
    assert move_words("8S AS claim 8S, 6C") == ["8S", "AS", "claim 8S", "6C"]
    pos = solver.parse_position(ENDING + "; play=KH AH")
    start, made = played_hand(pos)
    assert start.play_record == [] and [str(m) for m in made] == ["KH", "AH"]
    assert pos.play_record == made  # the position given is not changed


def test_review_board_is_the_json_record_with_its_board() -> None:
    record = review_board(ENDING + "; play=KH AH AC QH", "", ReviewOptions(), Solver(4), "7")
    assert record["board"] == "7" and record["summary"]["mistakes"] == 1
    assert_valid("review", record)


# -- the command -----------------------------------------------------------------------


def test_review_prints_a_table_of_the_cards_and_the_mistakes() -> None:
    result = run("review", ENDING + "; play=KH AH AC QH", "--no-color")
    assert result.exit_code == 0, result.output
    assert "before" in result.stdout and "A♣" in result.stdout
    words = " ".join(result.stdout.split())  # the summary as one line, however wrapped
    assert "1 mistake, total cost 1 (tricks); by side: E-W: 1 mistake costing 1" in words
    assert "by seat: W: 1 mistake costing 1" in words


def test_review_json_validates_one_board_and_json_lines_of_many() -> None:
    one = run("review", str(SESSION), "--board", "2", "--json")
    assert one.exit_code == 0, one.output
    data = json.loads(one.stdout)
    assert data["board"] == "2" and data["steps"][0]["mistake"]
    assert_valid("review", data)
    many = run("review", str(SESSION), "--json")
    assert many.exit_code == 0, many.output
    lines = sorted(
        (json.loads(line) for line in many.stdout.splitlines()), key=lambda r: r["board"]
    )
    assert [r["board"] for r in lines] == ["1", "2", "3"]  # (in the order they finished)
    assert lines[0] == {"board": "1", "error": NO_PLAY}
    for record in lines:
        assert_valid("review", record)


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_review_json_of_every_game_validates(game: str, players: int) -> None:
    # (the command reviews a position's play from its first lead: an ending
    # of every game is reviewed through the API, whose record it prints)
    start = endgame(game, players, 2, 3)
    done = review(start, random_play(start, 3), Solver(SMALL_TABLE), view_seats=[start.to_move],
                  view_budget=replace(VIEW_BUDGET, worlds=3))  # fmt: skip
    data = done.to_json()
    assert data["game"] == game and data["reviewed"] == len(data["moves"])
    assert data["steps"][0]["view"] is not None or len(start.legal_moves()) == 1
    assert_valid("review", data)


def test_review_with_view_and_limits_in_the_command() -> None:
    result = run("review", ENDING + "; play=KH AH AC", "--view", "W", "-n", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["view_seats"] == ["W"] and data["steps"][2]["view"]["worlds"] == 4
    assert_valid("review", data)
    text = run("review", ENDING + "; play=KH AH AC", "--view", "all", "-n", "4", "--no-color")
    assert "view" in text.stdout and ("also chose" in text.stdout or "preferred" in text.stdout)
    cut = run("review", str(SESSION), "--board", "3", "--moves", "3D", "--max-nodes", "50",
              "--json")  # fmt: skip
    assert cut.exit_code == 0, cut.output
    step = json.loads(cut.stdout)["steps"][0]
    assert not step["before"]["exact"] and step["before"]["value"] is None


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((ENDING,), ["no play recorded"]),
        ((str(SESSION), "--board", "1"), ["board 1", "no play recorded"]),
        ((str(SESSION), "--board", "2", "--moves", "KH"), ["board 2", "move 5 of 5", "'KH'"]),
        ((ENDING, "--moves", "KH, 2C"), ["move 2 of 2", "'2C'"]),
        ((ENDING, "--moves", "KH", "--view", "X"), ["--view", "unknown seat"]),
        ((ENDING, "--moves", "KH", "--board", "1"), ["--board"]),
        ((ENDING, "--moves", "KH", "--max-nodes", "-1"), ["--max-nodes"]),
        (("cinch; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A",), []),
        (("whist; seat=W; hands=1:- - - KJT7.J6.8732.AQ2; play=AS QS",), ["not a seat's view"]),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], words: list[str]) -> None:
    assert_one_line_error(run("review", *args), *words)


def test_ctrl_c_shows_the_cards_reviewed_so_far_and_status_130(
    saved_games: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "deal.toml"
    path.write_text(saved_games["whist"], encoding="utf-8")
    # a view of 400 worlds at every decision of a whole deal: far more than the wait
    proc = start_interruptible([exe(), "review", str(path), "--view", "all", "-n", "400",
                                "--no-color"])  # fmt: skip
    out, err = interrupt_working(proc)
    assert proc.returncode == INTERRUPTED
    assert err.startswith("tricksolver: interrupted: ") and "of 52 moves reviewed" in err
    assert "before" in out and "interrupted:" in out


@pytest.mark.parametrize(("name", "board"), [("session.lin", "1"), ("club.pbn", "2")])
def test_the_play_of_a_lin_and_a_pbn_record_of_a_whole_deal_equals_analyze(
    name: str, board: str
) -> None:
    text = (ROOT / "tests" / "data" / name).read_text(encoding="utf-8")
    boards = solver.records.read_boards(text, name) or []
    held = solver.records.choose_boards(boards, board, name)[0]
    done = review_text(held.position.to_toml(), held.play, ReviewOptions(), Solver(SMALL_TABLE))
    assert [str(m) for m in done.moves] == held.play.split()
    assert_equals_analyze(done)


def _without_timing(record: dict[str, object]) -> dict[str, object]:
    """A review's record less what differs from run to run (the searches' statistics)."""
    return {k: v for k, v in record.items() if k not in ("stats", "key")}


def test_many_boards_on_the_pool_equal_each_board_reviewed_alone(tmp_path: Path) -> None:
    """A file of played whist endings (a position's play is reviewed from
    its first lead: endings keep it quick), reviewed on two worker
    processes (JSON lines as they finish, then a CSV result file that
    resumes), equals each board's own `review --json`."""
    lines = []
    for seed in range(6):
        deal = solver.deal("whist", seed=seed)
        hands = " ".join(
            str(solver.CardSet(list(deal.holding(s))[:ENDING_TRICKS])) for s in range(4)
        )
        start = solver.parse_position(f"whist; trump={'SHDCN'[seed % 5]}; hands=N:{hands}")
        played = start.copy()
        for move in random_play(start, seed):
            played.play(move)
        lines.append(played.to_line())
    path = tmp_path / "played.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    alone = []
    for line in lines:
        one = run("review", line, "--json")
        assert one.exit_code == 0, one.output
        alone.append(_without_timing(json.loads(one.stdout)))
    pooled = run("review", str(path), "--json", "--jobs", "2")
    assert pooled.exit_code == 0, pooled.output
    records = {r["board"]: r for r in map(json.loads, pooled.stdout.splitlines())}
    assert sorted(records, key=int) == [str(i) for i in range(1, len(lines) + 1)]
    for place, expected in enumerate(alone, 1):
        got = _without_timing(records[str(place)])
        assert got.pop("board") == str(place) and got == expected
    out = tmp_path / "reviews.csv"
    first = run("review", str(path), "--format", "csv", "-o", str(out), "--jobs", "2")
    assert first.exit_code == 0, first.output
    rows = out.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + sum(len(r["steps"]) for r in alone)
    again = run("review", str(path), "--format", "csv", "-o", str(out))
    assert again.exit_code == 0 and f"{len(lines)} of {len(lines)} boards done" in again.stderr
    assert out.read_text(encoding="utf-8").splitlines() == rows
