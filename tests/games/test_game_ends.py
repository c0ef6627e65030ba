"""Every game ends: a whole game whose players never
reach its own end stops after its hand limit, won by the highest total, and
says so; the limit is kept in a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver import PositionError
from solver.players import make_player
from solver.wholegame import DEFAULT_MAX_HANDS, WholeGame
from tests.cli.test_json_schemas import errors
from tests.cli_helpers import assert_one_line_error, run

LIMIT = 12  # hands: a small limit keeps the test quick


def test_random_cinch_callers_end_at_the_hand_limit() -> None:
    """`play cinch --seats random,... --seed 3` once played 5,700 hands
    without end: both sides near -3,900, random callers Shoot and fail."""
    game = WholeGame.new("cinch", seed=3, max_hands=LIMIT)
    players = [make_player("random") for _ in range(game.nseats)]
    for _ in game.run(players):
        pass
    assert game.is_over and game.by_hand_limit
    assert len(game.results) == LIMIT and game.hand == LIMIT
    best = max(game.scores)
    assert game.winners == tuple(s for s in range(4) if game.scores[s] == best)


def test_the_default_limit_ends_the_game_that_never_ended() -> None:
    game = WholeGame.new("cinch", seed=3)
    assert game.max_hands == DEFAULT_MAX_HANDS
    players = [make_player("random") for _ in range(game.nseats)]
    for _ in game.run(players):
        pass
    assert game.is_over and len(game.results) <= DEFAULT_MAX_HANDS


def test_a_game_that_ends_by_itself_is_not_by_the_limit() -> None:
    game = WholeGame.new("chinkway", seed=1, rounds=1)
    players = [make_player("heuristic") for _ in range(game.nseats)]
    for _ in game.run(players):
        pass
    assert game.is_over and not game.by_hand_limit


def test_the_limit_is_saved_and_an_old_save_takes_the_default() -> None:
    game = WholeGame.new("whist", seed=2, max_hands=7)
    again = WholeGame.from_toml(game.to_toml())
    assert again.max_hands == 7
    old = "\n".join(line for line in game.to_toml().splitlines() if "max_hands" not in line)
    assert WholeGame.from_toml(old).max_hands == DEFAULT_MAX_HANDS


@pytest.mark.parametrize("hands", [0, -1, 10**9])
def test_an_impossible_limit_is_refused(hands: int) -> None:
    with pytest.raises(PositionError, match="max_hands"):
        WholeGame.new("whist", seed=2, max_hands=hands)


def test_play_ends_at_max_hands_and_says_so() -> None:
    args = ["play", "cinch", "--seats", "random", "--seed", "3", "--brief", "--max-hands", "5"]
    text = run(*args)
    assert text.exit_code == 0, text.output
    assert "Game over after 5 hands, the game's limit (--max-hands), highest total" in text.stdout
    log = run(*args, "--json")
    data = json.loads(log.stdout)
    assert errors("play", data) == []
    assert data["by_hand_limit"] is True and data["max_hands"] == 5 and len(data["hands"]) == 5
    assert data["over"] is True and data["stopped"] == "over"


def test_max_hands_is_for_a_new_game(tmp_path: Path) -> None:
    path = f"{tmp_path}/g.toml"
    assert run("play", "whist", "--seats", "random", "--save", path).exit_code == 0
    result = run("play", "--resume", path, "--max-hands", "3")
    assert_one_line_error(result, "--max-hands")
