"""The web board's protocol through a test client, for every game and player
count: dealing, pasting, files of boards, moves, the engine's players,
undo and redo, exports, and the searches' streams, whose figures are the
typed API's own (`Solver.analyze`, `Solver.table`, `recommend`, `review`);
bad input a 4xx answer with the CLI's one line."""

from __future__ import annotations

import json
import math
import socket
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

import solver
from solver.budget import Budget
from solver.cli.render_analysis import table_json
from solver.decisions import decide_before_play
from solver.doubledummy import Solver
from solver.errors import TricksolverError
from solver.games.registry import GAMES
from solver.pimc import recommend
from solver.players import advise, make_player, parse_seats
from solver.position import parse_position, view_of
from solver.records import read_boards
from solver.review import VIEW_BUDGET, review
from solver.search_results import Bounds
from solver.web.server import app, error_line
from solver.web.state import relative_label
from solver.wholegame import decision_rng, moves_made
from tests.web.board_helpers import (
    EVERY_GAME,
    EVERY_GAME_IDS,
    LiveServer,
    events,
    held_position,
    near_end,
    position_of,
    post,
)

ROOT = Path(__file__).resolve().parents[2]
SESSION_PBN = ROOT / "docs" / "session.pbn"
SESSION_LIN = ROOT / "tests" / "data" / "session.lin"
SMALL_DEAL = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
PART_KINDS = {"hands", "seat_cards", "seat_text", "piles", "line"}
STOPPED_SECONDS = 5.0  # a dropped search ends within this (the whole one takes far longer)
ANALYZE_CARDS = {"whist": 12, "chinese-whist": 12, "chinkway": 15, "cinch": 12}


def one_line_error(response: httpx2.Response, status: int = 400) -> str:
    assert response.status_code == status, response.text
    line: str = response.json()["error"]
    assert line.startswith("tricksolver: error: ") and "\n" not in line, line
    return line


# -- the table -------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_a_deal_is_the_typed_apis_deal_with_every_part_of_the_table(
    client: Any, game: str, players: int
) -> None:
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": 5})
    pos = solver.deal(game, players, seed=5)
    assert state["position"] == pos.to_line()
    assert len(state["hands"]) == players == len(state["seat_players"])
    assert state["to_move"] == pos.seat_name(pos.to_move)
    assert [m["move"] for m in state["moves"]] == [str(m) for m in pos.legal_moves()]
    assert {p["kind"] for p in state["parts"]} <= PART_KINDS
    assert state["parts"] == GAMES[pos.game].board_parts(pos)
    again = client.get(f"/api/boards/{state['id']}").json()
    assert again == state


def test_a_cinch_hand_at_its_end_shows_who_holds_high_low_jack_and_game(client: Any) -> None:
    state = near_end(client, "cinch", 4, 0, seed=6)
    assert state["over"]
    held = [
        word.strip()
        for part in state["parts"]
        if part["kind"] == "line" and part["label"].endswith(" holds")
        for word in part["text"].split(",")
    ]
    assert sorted(held) == ["Game", "High", "Jack", "Low"]  # (this deal: every point in play)


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_moves_undo_redo_and_a_new_branch(client: Any, game: str, players: int) -> None:
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": 2})
    key, first = state["id"], state["position"]
    pos = position_of(state)
    made = []
    for _ in range(6):  # decisions before play and cards alike
        move = str(pos.legal_moves()[0])
        state = post(client, f"/api/boards/{key}/play", {"move": move})
        pos.play(move)
        made.append(move)
        assert state["position"] == pos.to_line()
    assert state["history"][-len(made) :] == made
    state = post(client, f"/api/boards/{key}/undo", {"to_person": False})
    state = post(client, f"/api/boards/{key}/undo", {"to_person": False})
    assert state["redo"] == made[-2:]
    state = post(client, f"/api/boards/{key}/redo")
    assert state["redo"] == made[-1:]
    state = post(client, f"/api/boards/{key}/goto", {"ply": 0})
    assert state["position"] == first and len(state["redo"]) == len(made)
    state = post(client, f"/api/boards/{key}/goto", {"ply": len(made)})
    assert state["position"] == pos.to_line() and state["redo"] == []
    post(client, f"/api/boards/{key}/undo", {"to_person": False})
    pos.undo()
    others = [m for m in pos.legal_moves() if str(m) != made[-1]]
    if others:  # a different move drops the moves taken back
        state = post(client, f"/api/boards/{key}/play", {"move": str(others[0])})
        assert state["redo"] == []


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_the_engines_moves_are_the_players_own_at_a_decision_seeded_as_a_games(
    client: Any, game: str, players: int
) -> None:
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": 9})
    key = state["id"]
    people = [state["seat_names"][0]]
    state = post(client, f"/api/boards/{key}/seats", {"seats": "heuristic", "people": people})
    assert state["seat_players"] == ["you", *["heuristic"] * (players - 1)]
    for _ in range(12):
        pos = position_of(state)
        if pos.is_over:
            break
        if pos.to_move == 0 and len(pos.legal_moves()) > 1:
            assert not state["auto"]
            state = post(client, f"/api/boards/{key}/play", {"move": str(pos.legal_moves()[-1])})
            continue
        assert state["auto"]
        state = post(client, f"/api/boards/{key}/step")
        if pos.to_move == 0:  # a forced card plays itself
            expected = pos.legal_moves()[0]
        else:
            rng = decision_rng(9, 1, moves_made(pos))
            expected = make_player("heuristic").choose(view_of(pos, pos.to_move), rng)
        assert state["history"][-1] == str(expected)
    state = post(client, f"/api/boards/{key}/undo", {"to_person": True})
    assert position_of(state).is_over or position_of(state).to_move == 0


def test_any_seats_list_plays_each_seats_own_player_seeded_as_a_games(client: Any) -> None:
    spec = "pimc:4/5k, epimc:4/5k, ismcts:20, random"  # small settings: a small deal
    names = parse_seats(spec, 4)
    state = post(client, "/api/boards", {"text": SMALL_DEAL})
    key = state["id"]
    state = post(client, f"/api/boards/{key}/seats", {"seats": spec, "people": []})
    assert state["seat_players"] == ["pimc", "epimc", "ismcts", "random"]
    while not state["over"]:
        pos = position_of(state)
        state = post(client, f"/api/boards/{key}/step")
        rng = decision_rng(0, 1, moves_made(pos))  # a pasted position's seed: 0
        player = make_player(names[pos.to_move])
        legal = pos.legal_moves()
        expected = legal[0] if len(legal) == 1 else player.choose(view_of(pos, pos.to_move), rng)
        assert state["history"][-1] == str(expected), names[pos.to_move]


# -- getting a position in ------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
@pytest.mark.parametrize("form", ["to_line", "to_toml"])
def test_a_pasted_position_in_either_form_is_read(
    client: Any, game: str, players: int, form: str
) -> None:
    pos = solver.deal(game, players, seed=4)
    pos.play(pos.legal_moves()[0])
    state = post(client, "/api/boards", {"text": getattr(pos, form)()})
    assert state["position"] == pos.to_line()


def test_a_pasted_pbn_deal_is_a_whist_deal(client: Any) -> None:
    state = post(client, "/api/boards", {"text": SMALL_DEAL})
    assert state["position"] == solver.parse_position(SMALL_DEAL).to_line()


@pytest.mark.parametrize("path", [SESSION_PBN, SESSION_LIN], ids=["pbn", "lin"])
def test_a_file_of_boards_opens_at_its_first_board_and_any_board_is_picked(
    client: Any, path: Path
) -> None:
    text = path.read_text(encoding="utf-8-sig")
    boards = read_boards(text, path.name)
    assert boards is not None
    state = post(client, "/api/boards", {"text": text, "name": path.name})
    assert [r["name"] for r in state["records"]] == [b.name for b in boards]
    assert state["record"] == boards[0].name
    for board in boards:
        picked = post(client, f"/api/boards/{state['id']}/record", {"board": board.name})
        start = position_of(picked)
        while start.history:  # the recorded play is made: undo steps back through it
            start.undo()
        assert picked["record"] == board.name
        first = post(client, f"/api/boards/{picked['id']}/goto", {"ply": 0})
        assert first["position"] == board.position.to_line()
        assert len(picked["history"]) == len(board.play.split())


@pytest.mark.parametrize("game", list(GAMES))
def test_every_export_reads_back_as_the_same_position(client: Any, game: str) -> None:
    pos = solver.deal(game, seed=8)
    state = post(client, "/api/boards", {"game": game, "seed": 8})
    assert set(state["exports"]) >= {"toml", "line"}
    for fmt in state["exports"]:
        response = client.get(f"/api/boards/{state['id']}/export", params={"format": fmt})
        assert response.status_code == 200, response.text
        text = response.json()["text"]
        boards = read_boards(text, fmt)
        back = boards[0].position if boards else solver.parse_position(text)
        if fmt in ("toml", "line"):
            assert back.to_line() == pos.to_line()
        else:  # a hand record holds the deal, trump and leader of a whist hand
            assert back.hands == pos.hands  # type: ignore[attr-defined]


# -- the searches -------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_analysis_streams_every_class_then_the_values_of_solver_analyze(
    client: Any, game: str, players: int
) -> None:
    state = near_end(client, game, players, ANALYZE_CARDS[game])
    pos = held_position(client, state)
    if pos.is_over:
        pytest.fail("the hand ended before the analysis")
    found = events(client, f"/api/boards/{state['id']}/analyze")
    cards = [e for e in found if e["type"] == "card"]
    done = found[-1]
    assert done["type"] == "done" and not done["stopped"]
    expected = Solver(tt_mb=16).analyze(pos, pv=False)
    by_move = {str(m.move): m for m in expected.moves}
    assert sorted(m for e in cards for m in e["moves"]) == sorted(by_move)
    for event in cards:
        assert all(by_move[m].value == event["value"] for m in event["moves"])
    analysis = done["analysis"]
    assert analysis["value"]["value"] == expected.value
    assert sorted(analysis["best"]) == sorted(str(m) for m in expected.best)
    for cls in analysis["classes"]:
        value = by_move[cls["moves"][0]].value
        assert cls["label"] == ("=" if value == expected.value else f"{value - expected.value:+d}")


def label_range(label: str) -> tuple[float, float]:
    """The differences from the best card's value a card's label allows:
    ``=`` none, ``-2`` two below, ``≤-1`` one below or more, ``-3..-1``,
    ``?`` any (the reading of docs/board.md)."""
    if label == "=":
        return 0, 0
    if label == "?":
        return -math.inf, 0
    if label.startswith("≤"):
        return -math.inf, int(label[1:])
    low, _, high = label.partition("..")
    return int(low), int(high or low)


LABEL_CEILING = 4  # the values of the label test: 0 to this, every pair of bounds
INTERVALS = [(lo, hi) for lo in range(LABEL_CEILING + 1) for hi in range(lo, LABEL_CEILING + 1)]


def test_a_cards_label_allows_every_value_its_bounds_and_the_best_cards_allow() -> None:
    for card in INTERVALS:
        for best in INTERVALS:
            label_allows_what_bounds_allow(card, best)


def label_allows_what_bounds_allow(card: tuple[int, int], best: tuple[int, int]) -> None:
    floor, ceiling = 0, LABEL_CEILING
    mine, top = Bounds(*card, floor, ceiling), Bounds(*best, floor, ceiling)
    low, high = label_range(relative_label(mine, top))
    values, best_values = range(mine.low, mine.high + 1), range(top.low, top.high + 1)
    possible = [v - w for v in values for w in best_values if v <= w]  # the best makes the most
    assert all(low <= d <= high for d in possible), (mine, top, relative_label(mine, top))
    if mine.exact and top.exact and possible:
        assert low == high == possible[0]


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_a_recommendation_streams_its_progress_then_recommends_answer(
    client: Any, game: str, players: int
) -> None:
    state = near_end(client, game, players, ANALYZE_CARDS[game], seed=3)
    pos = held_position(client, state)
    query = "samples=6&seed=4"
    found = events(client, f"/api/boards/{state['id']}/recommend?{query}")
    progress = [e for e in found if e["type"] == "progress"]
    assert progress and progress[-1]["done"] == 6
    legal = sorted(str(m) for m in pos.legal_moves())
    so_far = [e["so_far"] for e in progress if "so_far" in e]
    assert so_far, "no figures while it ran"
    for event, figures in zip(progress, [e.get("so_far") for e in progress], strict=True):
        if figures is not None:  # the worlds valued so far, a gapless prefix of those done
            assert 1 <= figures["worlds"] <= event["done"]
            assert sorted(m["move"] for m in figures["moves"]) == legal
    got = found[-1]["recommendation"]
    rec = recommend(pos, pos.to_move, budget=Budget(worlds=6, jobs=1, tt_mb=16), seed=4).to_json()
    for key in ("worlds", "consistent_worlds", "best", "worlds_by_method"):
        assert got[key] == rec[key], key
    assert [(m["move"], m["mean"], m["low"], m["high"]) for m in got["moves"]] == [
        (m["move"], m["mean"], m["low"], m["high"]) for m in rec["moves"]
    ]


def test_a_recommendation_before_play_is_the_decisions_ranking(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "cinch", "seed": 2})  # the first call
    pos = held_position(client, state)
    found = events(client, f"/api/boards/{state['id']}/recommend?samples=3&seed=5")
    assert [e["type"] for e in found][-1] == "done"
    assert any(e["type"] == "progress" for e in found)
    got = found[-1]["decision"]
    expected = decide_before_play(pos, pos.to_move, budget=Budget(worlds=3), seed=5).to_json()
    assert [(c["plan"], c["mean"], c["worlds"]) for c in got["candidates"]] == [
        (c["plan"], c["mean"], c["worlds"]) for c in expected["candidates"]
    ]
    assert got["move"] == expected["move"]


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_a_review_of_the_last_moves_is_reviews_own(client: Any, game: str, players: int) -> None:
    state = near_end(client, game, players, 0, seed=6)
    key = state["id"]
    end = held_position(client, state)
    first = len(state["history"]) - ANALYZE_CARDS[game]  # a few tricks before the end
    start = end.copy()
    for _ in range(len(state["history"]) - first):
        start.undo()
    found = events(client, f"/api/boards/{key}/review?from={first}")
    progress = [e["done"] for e in found if e["type"] == "progress"]
    done = found[-1]
    assert done["type"] == "done", done
    expected = review(start, end.history[first:], Solver(tt_mb=16)).to_json()
    got = done["review"]
    assert progress == list(range(1, len(got["steps"]) + 1))
    assert got["steps"] == expected["steps"] and got["summary"] == expected["summary"]
    assert done["first"] == first


# W holds the last trump: ruffing wins the trick, a discard gives it up
PLANTED = "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A"
PLANTED_PLAY = ("KH", "AH", "AC", "QH")  # W throws AC instead of ruffing


def planted_board(client: Any) -> str:
    """A board of `PLANTED` with its play made: its id."""
    key: str = post(client, "/api/boards", {"text": PLANTED})["id"]
    for move in PLANTED_PLAY:
        post(client, f"/api/boards/{key}/play", {"move": move})
    return key


def test_a_review_marks_a_planted_mistake(client: Any) -> None:
    key = planted_board(client)
    steps = events(client, f"/api/boards/{key}/review")[-1]["review"]["steps"]
    assert [s["mistake"] for s in steps] == [False, False, True, False]
    assert sorted(steps[2]["best"]) == ["7S", "8S"]


def test_the_review_marks_blunders_from_the_cost_docs_board_md_states_for_each_game(
    client: Any,
) -> None:
    text = (ROOT / "docs" / "board.md").read_text(encoding="utf-8")
    table = text.split("| game | units | blunder from |")[1].split("\n\n")[0]
    stated = {}
    for row in table.strip().splitlines()[1:]:  # (after the rule under the heads)
        titles, _, blunder = (cell.strip() for cell in row.strip("|").split("|"))
        for title in titles.split(", "):
            stated[title.lower()] = int(blunder.split()[0])
    for game in GAMES.values():
        state = post(client, "/api/boards", {"game": game.name, "seed": 1})
        assert state["blunder_cost"] == stated[game.title.lower()], game.name


def test_a_record_opened_with_its_play_is_reviewed_as_tricksolver_review_reviews_it(
    client: Any,
) -> None:
    from tests.cli_helpers import run  # noqa: PLC0415

    text = SESSION_PBN.read_text(encoding="utf-8-sig")
    board = next(b for b in read_boards(text, SESSION_PBN.name) or [] if b.play)
    state = post(client, "/api/boards", {"text": text, "name": SESSION_PBN.name})
    state = post(client, f"/api/boards/{state['id']}/record", {"board": board.name})
    done = events(client, f"/api/boards/{state['id']}/review")[-1]
    cli = run("review", str(SESSION_PBN), "--board", board.name, "--json")
    assert cli.exit_code == 0, cli.output
    expected = json.loads(cli.stdout)
    assert done["review"]["moves"] == expected["moves"] == board.play.split()
    assert done["review"]["steps"] == expected["steps"] and done["first"] == 0


def test_a_review_from_a_seats_view_is_review_views_own(client: Any) -> None:
    key = planted_board(client)
    done = events(client, f"/api/boards/{key}/review?view=W&samples=6&seed=3")[-1]
    pos = parse_position(PLANTED)
    budget = replace(VIEW_BUDGET, worlds=6)
    solver = Solver(tt_mb=16)
    expected = review(pos, PLANTED_PLAY, solver, view_seats=[3], view_budget=budget, seed=3)
    got = done["review"]
    assert got["view_seats"] == ["W"] and got["steps"] == expected.to_json()["steps"]
    assert [s["view"] is not None for s in got["steps"]] == [False, False, True, False]
    assert got["steps"][2]["view"]["worlds"] == 6


def test_the_dd_table_and_par_of_a_whist_deal_are_solver_tables(client: Any) -> None:
    state = post(client, "/api/boards", {"text": SMALL_DEAL})
    found = events(client, f"/api/boards/{state['id']}/table")
    progress = [e["done"] for e in found if e["type"] == "progress"]
    assert progress == list(range(1, len(progress) + 1)) and len(progress) == 20
    pos = solver.parse_position(SMALL_DEAL)
    expected = table_json(pos, Solver(tt_mb=16).table(pos))
    got = found[-1]["table"]
    assert got["declarer_tricks"] == expected["declarer_tricks"]
    assert got["entries"] == expected["entries"]


def test_a_hint_streams_the_figures_so_far_then_is_advises_move_and_figures(client: Any) -> None:
    state = near_end(client, "whist", 4, 12)
    pos = held_position(client, state)
    found = events(client, f"/api/boards/{state['id']}/hint")
    progress = [e for e in found if e["type"] == "progress"]
    so_far = [e["so_far"] for e in progress if "so_far" in e]
    assert so_far, "no figures while it ran"
    legal = sorted(str(m) for m in pos.legal_moves())
    for figures in so_far:
        assert figures["seed"] is None  # a hint's seed is its player's own: not shown
        assert sorted(m["move"] for m in figures["moves"]) == legal
    assert [f["worlds"] for f in so_far] == sorted(f["worlds"] for f in so_far)
    hint = found[-1]["hint"]
    expected = advise(view_of(pos, pos.to_move))
    assert hint["move"] == str(expected.move) and hint["player"] == expected.player
    assert expected.recommendation is not None and hint["recommendation"] is not None
    rec = expected.recommendation.to_json()
    assert hint["recommendation"]["worlds"] == rec["worlds"]
    assert [m["move"] for m in hint["recommendation"]["moves"]] == [m["move"] for m in rec["moves"]]


def test_a_hint_before_play_streams_its_evaluations(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "cinch", "seed": 2})  # the first call
    found = events(client, f"/api/boards/{state['id']}/hint")
    counts = [e["done"] for e in found if e["type"] == "progress"]
    assert counts and counts == sorted(counts) and all(e.get("total") is None for e in found[:-1])
    hint = found[-1]["hint"]
    assert hint["decision"] is not None and hint["move"] == hint["decision"]["move"]


def test_a_stopped_hint_answers_from_the_worlds_valued_so_far(live_url: str) -> None:
    with httpx2.Client(base_url=live_url, timeout=STOPPED_SECONDS * 4) as web:
        key = post(web, "/api/boards", {"game": "whist", "seed": 5})["id"]  # a whole deal
        started = time.monotonic()
        with web.stream("GET", f"/api/boards/{key}/hint") as response:
            found: list[dict[str, Any]] = []
            for line in response.iter_lines():
                if not line.startswith("data: "):
                    continue
                found.append(json.loads(line[len("data: ") :]))
                if "so_far" in found[-1] and sum("so_far" in e for e in found) == 1:
                    post(web, f"/api/boards/{key}/stop")  # at the first figures
        assert time.monotonic() - started < STOPPED_SECONDS * 2
    hint = found[-1]["hint"]
    rec = hint["recommendation"]
    assert rec["stopped"] and rec["worlds"] < rec["requested"]
    assert hint["move"] == rec["best"]


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "game=whist; hands=garbage",
        "game=nosuchgame",
        "N:AKQ.. QJ",
        "[[position]]\ngame='whist'\nhands='x'",
        "/etc/passwd",
        "",
    ],
)
def test_a_bad_paste_is_a_400_with_the_clis_one_line(client: Any, text: str) -> None:
    from tests.cli_helpers import run  # noqa: PLC0415

    line = one_line_error(client.post("/api/boards", json={"text": text}))
    if text and "\n" not in text and not text.startswith("/"):
        cli = run("show", text)
        assert cli.exit_code == 2 and cli.stderr.strip() == line


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/api/boards", {"game": "whist", "seed": "x"}, "seed"),
        ("/api/boards", {"game": "whist", "players": 3}, "players"),
        ("/api/boards", {"game": "chess"}, "chess"),
        ("/api/boards", {"text": 7}, "text"),
        ("/api/boards", {"text": "x" * 2_000_000}, "characters"),
    ],
)
def test_bad_requests_are_4xx_with_one_line(
    client: Any, path: str, body: dict[str, Any], words: str
) -> None:
    response = client.post(path, json=body)
    status = 413 if words == "characters" else 400
    assert words in one_line_error(response, status)


def test_bad_moves_and_queries_on_a_board_are_4xx_with_one_line(client: Any) -> None:
    state = post(client, "/api/boards", {"text": SMALL_DEAL})
    key = state["id"]
    assert "ZZ" in one_line_error(client.post(f"/api/boards/{key}/play", json={"move": "ZZ"}))
    one_line_error(client.post(f"/api/boards/{key}/play", json={"move": "2C"}))  # not legal
    one_line_error(client.post(f"/api/boards/{key}/undo", json={}))
    one_line_error(client.post(f"/api/boards/{key}/redo", json={}))
    one_line_error(client.post(f"/api/boards/{key}/goto", json={"ply": 99}))
    one_line_error(client.post(f"/api/boards/{key}/play", content=b"{not json"))
    one_line_error(client.post(f"/api/boards/{key}/seats", json={"seats": "nobody"}))
    one_line_error(client.post(f"/api/boards/{key}/record", json={"board": "1"}))
    one_line_error(client.get(f"/api/boards/{key}/export", params={"format": "xml"}))
    for query in ("samples=0", "samples=x", "seconds=-1", "seat=9"):
        one_line_error(client.get(f"/api/boards/{key}/recommend?{query}"))
    one_line_error(client.get(f"/api/boards/{key}/review"))  # no play yet
    one_line_error(client.get("/api/boards/nosuchboard"), 404)
    dealt = post(client, "/api/boards", {"game": "cinch", "seed": 1})  # before play
    one_line_error(client.get(f"/api/boards/{dealt['id']}/analyze"))


def test_only_the_pages_own_files_are_served(client: Any) -> None:
    assert client.get("/").status_code == 200
    for name in ("board.js", "board.css", "index.html"):
        assert client.get(f"/static/{name}").status_code == 200
    outside = ["/static/../server.py", "/static/%2e%2e/server.py", "/static/..%2fserver.py"]
    outside += ["/static//etc/passwd", "/etc/passwd", "/api/boards/x/../../server.py"]
    for path in outside:
        assert client.get(path).status_code == 404, path


def test_tables_the_boards_could_not_have_are_refused_up_front(monkeypatch: Any) -> None:
    from solver.cli import serve  # noqa: PLC0415
    from tests.cli_helpers import assert_one_line_error, run  # noqa: PLC0415

    monkeypatch.setattr(serve, "machine_mib", lambda: 1000)  # 32 boards x 2 x 64 MiB: 4,096
    assert_one_line_error(run("serve", "--no-browser", "--tt-mb", "64"), "memory")


def test_a_local_server_refuses_another_hosts_name() -> None:
    from solver.cli.serve import allowed_hosts  # noqa: PLC0415

    with TestClient(app(16, allowed_hosts("127.0.0.1")), base_url="http://127.0.0.1") as local:
        assert local.get("/api/games").status_code == 200
        assert local.get("/api/games", headers={"host": "evil.example"}).status_code == 400
    assert allowed_hosts("0.0.0.0") is None  # --host opens it: any name


def test_a_port_taken_is_one_line(tmp_path: Path) -> None:
    from tests.cli_helpers import assert_one_line_error, run  # noqa: PLC0415

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert_one_line_error(run("serve", "--no-browser", "--port", port), "cannot listen")


def test_the_error_line_is_the_clis() -> None:
    try:
        solver.parse_position("game=whist; hands=garbage")
    except TricksolverError as e:
        assert error_line(str(e)) == f"tricksolver: error: {e}"


# -- the live server: searches stopped, Ctrl-C ------------------------------------------


def test_a_new_search_on_a_board_stops_the_old_one(live_url: str) -> None:
    with httpx2.Client(base_url=live_url, timeout=60) as http:
        state = http.post("/api/boards", json={"game": "whist", "seed": 11}).json()
        key = state["id"]
        with http.stream("GET", f"/api/boards/{key}/table") as first:
            lines = first.iter_lines()
            next(line for line in lines if line.startswith("data: "))  # the first row done
            other = http.get(f"/api/boards/{key}/recommend?samples=1&seconds=0.5")
            assert other.status_code == 200 and '"type": "done"' in other.text
            rest = [json.loads(line[6:]) for line in lines if line.startswith("data: ")]
        assert rest[-1]["type"] == "done" and rest[-1]["stopped"] is True


def test_a_search_stops_when_its_page_drops_the_stream(live: LiveServer) -> None:
    with httpx2.Client(base_url=live.url, timeout=60) as http:
        state = http.post("/api/boards", json={"game": "chinkway", "seed": 3}).json()
        key = state["id"]
        http.post(f"/api/boards/{key}/seats", json={"seats": "heuristic", "people": []})
        while state["phase"] != "play":  # the first lead of a whole deal: a long analysis
            state = http.post(f"/api/boards/{key}/step").json()
        board = live.boards.get(key)
        with http.stream("GET", f"/api/boards/{key}/analyze"):
            deadline = time.monotonic() + 10
            while not board.search_lock.locked():
                assert time.monotonic() < deadline, "the search did not start"
                time.sleep(0.01)
        dropped = time.monotonic()  # the page closed: its stream dropped
        while board.search_lock.locked():
            assert time.monotonic() < dropped + STOPPED_SECONDS, "the search went on"
            time.sleep(0.01)


def test_ctrl_c_stops_the_server_with_status_130(tmp_path: Path) -> None:
    from tests.cli_helpers import start_interruptible  # noqa: PLC0415

    code = "from solver.cli.main import main; main()"
    child = start_interruptible([sys.executable, "-c", code, "serve", "--no-browser"])
    assert child.stdout is not None
    line = child.stdout.readline()
    assert "http://127.0.0.1:" in line, line
    url = line.split(" at ")[1].split()[0]
    deadline = time.monotonic() + 10
    while True:
        try:
            assert httpx2.get(url, timeout=5).status_code == 200
            break
        except httpx2.ConnectError:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    with httpx2.Client(base_url=url, timeout=60) as http:  # a long search under way
        key = http.post("/api/boards", json={"game": "whist", "seed": 11}).json()["id"]
        with http.stream("GET", f"/api/boards/{key}/table") as table:
            next(line for line in table.iter_lines() if line.startswith("data: "))
            child.send_signal(2)
            _, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    assert err.strip().splitlines() == ["tricksolver: interrupted, server stopped"]


def test_boards_search_at_once_each_with_its_own_solver(live: LiveServer) -> None:
    with httpx2.Client(base_url=live.url, timeout=60) as http:
        long = http.post("/api/boards", json={"game": "whist", "seed": 11}).json()["id"]
        short = http.post("/api/boards", json={"text": SMALL_DEAL}).json()["id"]
        assert live.boards.get(long).solver is not live.boards.get(short).solver
        with http.stream("GET", f"/api/boards/{long}/table") as table:
            rows = (json.loads(line[6:]) for line in table.iter_lines() if line[:6] == "data: ")
            assert next(rows)["type"] == "progress"  # the long table under way
            done = http.get(f"/api/boards/{short}/analyze").text  # another board's search
            assert '"type": "done"' in done and live.boards.get(long).search_lock.locked()
            assert next(rows)["type"] == "progress"  # ... and the long one goes on
            http.post(f"/api/boards/{long}/stop")
            assert list(rows)[-1]["stopped"] is True


def test_without_the_web_extra_serve_says_how_to_install_it(monkeypatch: Any) -> None:
    from solver.cli import serve  # noqa: PLC0415
    from tests.cli_helpers import assert_one_line_error, run  # noqa: PLC0415

    monkeypatch.setattr(serve, "missing_parts", lambda: ["uvicorn"])
    assert_one_line_error(run("serve", "--no-browser"), "pip install 'tricksolver[web]'")


# -- never a 500 --------------------------------------------------------------------------

LINES = [solver.deal(g, seed=1).to_line() for g in GAMES] + [SMALL_DEAL]


def answered_or_one_line(response: httpx2.Response) -> bool:
    """Whether the request was answered (200); else it was refused with a
    4xx and one line, never a 500."""
    if response.status_code == 200:
        return True
    one_line_error(response, response.status_code)
    assert 400 <= response.status_code < 500
    return False


ROUTES = ("play", "undo", "redo", "goto", "seats", "record", "step", "stop")
QUERIES = ("analyze", "recommend", "review", "table", "export", "hint")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(LINES),
    cut=st.integers(0, 400),
    junk=st.text(max_size=12),
)
def test_a_damaged_paste_is_read_or_refused_in_one_line(
    base: str, cut: int, junk: str, client_for_hypothesis: Any
) -> None:
    text = base[:cut] + junk + base[cut + len(junk) :]
    answered_or_one_line(client_for_hypothesis.post("/api/boards", json={"text": text}))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    route=st.sampled_from(ROUTES),
    body=st.dictionaries(
        st.sampled_from(["move", "ply", "seats", "people", "board", "to_person", "x"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(),
            st.text(max_size=8),
            st.lists(st.text(max_size=3), max_size=3),
        ),  # fmt: skip
        max_size=3,
    ),
)
def test_any_body_on_a_board_is_answered_or_refused_in_one_line(
    route: str, body: dict[str, Any], client_for_hypothesis: Any
) -> None:
    key = post(client_for_hypothesis, "/api/boards", {"text": SMALL_DEAL})["id"]
    answered_or_one_line(client_for_hypothesis.post(f"/api/boards/{key}/{route}", json=body))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    route=st.sampled_from(QUERIES),
    query=st.dictionaries(
        st.sampled_from(["seat", "seconds", "seed", "from", "format"]),  # (samples: tested apart)
        st.text(alphabet="0123456789-.xNSEW e", max_size=6),
        max_size=3,
    ),
)
def test_any_query_of_a_search_is_answered_or_refused_in_one_line(
    route: str, query: dict[str, str], client_for_hypothesis: Any
) -> None:
    key = post(client_for_hypothesis, "/api/boards", {"text": SMALL_DEAL})["id"]
    post(client_for_hypothesis, f"/api/boards/{key}/play", {"move": "QS"})
    response = client_for_hypothesis.get(f"/api/boards/{key}/{route}", params=query)
    if answered_or_one_line(response) and route != "export":
        events = [line for line in response.text.splitlines() if line.startswith("data: ")]
        last = json.loads(events[-1][len("data: ") :])
        assert last["type"] in ("done", "error")
        if last["type"] == "error":
            assert last["error"].startswith("tricksolver: error: ")
