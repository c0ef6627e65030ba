"""A whole game on the web board: hand after hand to the game's end, the
engine's players at every seat, its score sheet that of the whole-game
driver (`solver.wholegame.WholeGame`) playing the same game with the same
players and seed, in every game and player count."""

from __future__ import annotations

from typing import Any

import pytest

from solver.players import make_player
from solver.wholegame import WholeGame
from tests.web.board_helpers import EVERY_GAME, EVERY_GAME_IDS, post

MOST_STEPS = 2_000  # more decisions than any of these games takes (Chinese Whist 2: ~640)
SHORTER = {"chinkway": {"rounds": 3}, "chinese-whist": {"target": 5}}  # the games' own choices


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_a_whole_game_played_by_the_engine_is_the_drivers_game_with_its_score_sheet(
    client: Any, game: str, players: int
) -> None:
    ends = SHORTER.get(game, {})
    body = {"game": game, "players": players, "seed": 1, "whole": True, **ends}
    state = post(client, "/api/boards", body)
    key = state["id"]
    assert state["whole"]["hand"] == 1 and state["whole"]["hands"] == []
    state = post(client, f"/api/boards/{key}/seats", {"seats": "heuristic", "people": []})
    hands_seen = {1}
    for _ in range(MOST_STEPS):
        if state["over"]:
            break
        state = post(client, f"/api/boards/{key}/step")
        hands_seen.add(state["whole"]["hand"])
    sheet = state["whole"]
    assert sheet["over"] and state["over"]
    driver = WholeGame.new(game, players, seed=1, **ends)
    for _ in driver.run([make_player("heuristic")] * players):
        pass
    assert sheet["totals"] == driver.scores
    assert sheet["winners"] == [driver.position.seat_name(s) for s in driver.winners or ()]
    assert [h["scores"] for h in sheet["hands"]] == [list(r.scores) for r in driver.results]
    assert [h["totals"] for h in sheet["hands"]] == [list(r.totals) for r in driver.results]
    assert hands_seen == set(range(1, driver.hand + 1)) and sheet["hand"] == driver.hand
    assert state["position"] == driver.position.to_line()


def test_a_whole_game_takes_the_games_own_ends_only(client: Any) -> None:
    for body in ({"game": "whist", "target": 5}, {"game": "cinch", "rounds": 2}, {"rounds": "x"}):
        response = client.post("/api/boards", json={"whole": True, **body})
        assert response.status_code == 400, body
        assert response.json()["error"].startswith("tricksolver: error: ")


def test_a_whole_game_is_not_edited_and_takes_back_only_its_hand_in_play(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "cinch", "seed": 1, "whole": True})
    response = client.post(f"/api/boards/{state['id']}/edit", json={"action": "rotate"})
    assert response.status_code == 400 and "dealt by the game" in response.json()["error"]
    response = client.post(f"/api/boards/{state['id']}/undo", json={})
    assert response.status_code == 400 and "no move to take back" in response.json()["error"]
