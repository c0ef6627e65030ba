"""Editing a deal on the web board by clicking: a card moved between hands,
a hand cleared and the rest dealt at random (seeded), the hands rotated;
the hands read by the command line's reader (its line for hands it
refuses, a 4xx for an edit that cannot be made, nothing changed), in every
game dealt from hands."""

from __future__ import annotations

from typing import Any

import pytest

from solver.cards import Card, CardSet
from solver.position import parse_position
from tests.cli_helpers import run
from tests.web.board_helpers import held_position, post

EDITED_GAMES = [("whist", 4), ("chinkway", 5), ("cinch", 4)]  # the games dealt from hands


def edit(client: Any, key: str, action: str, **extra: Any) -> dict[str, Any]:
    return post(client, f"/api/boards/{key}/edit", {"action": action, **extra})


def hands_of(state: dict[str, Any]) -> list[CardSet]:
    return [CardSet.parse(h) for h in parse_position(state["position"]).to_fields()["hands"]]


def one_line(response: Any) -> str:
    assert 400 <= response.status_code < 500, response.text
    line: str = response.json()["error"]
    assert line.startswith("tricksolver: error: ") and "\n" not in line
    return line


@pytest.mark.parametrize(("game", "players"), EDITED_GAMES)
def test_two_cards_swapped_between_hands_give_the_readers_position(
    client: Any, game: str, players: int
) -> None:
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": 6})
    key, names = state["id"], state["seat_names"]
    before = hands_of(state)
    a, b = next(iter(before[0])), next(iter(before[1]))
    half = edit(client, key, "move", card=str(a), seat=names[1])
    assert half["position"] == state["position"]  # uneven hands: not a deal yet
    assert half["draft"]["problem"]  # ... and the reader says why
    done = edit(client, key, "move", card=str(b), seat=names[0])
    expected = [before[0] - CardSet([a]) | CardSet([b]), before[1] - CardSet([b]) | CardSet([a])]
    assert hands_of(done)[:2] == expected and hands_of(done)[2:] == before[2:]
    edited = [str(h) for h in expected + before[2:]]
    fields = {**parse_position(state["position"]).to_fields(), "hands": edited}
    fields = {k: v for k, v in fields.items() if v is not None}
    assert done["position"] == type(held_position(client, done)).from_fields(fields).to_line()
    finished = edit(client, key, "done")
    assert finished["draft"] is None and finished["position"] == done["position"]


@pytest.mark.parametrize(("game", "players"), EDITED_GAMES)
def test_a_cleared_hand_dealt_again_from_a_seed_is_the_same_deal_from_the_same_seed(
    client: Any, game: str, players: int
) -> None:
    deals = []
    for seed in (8, 8, 9):
        state = post(client, "/api/boards", {"game": game, "players": players, "seed": 6})
        key, names = state["id"], state["seat_names"]
        edit(client, key, "clear", seat=names[1])
        cleared = edit(client, key, "clear", seat=names[2])
        assert cleared["draft"]["hands"][1:3] == [[], []] and len(cleared["draft"]["pool"]) > 0
        dealt = edit(client, key, "deal", seed=seed)
        assert dealt["draft"]["pool"] == [] and dealt["draft"]["problem"] is None
        hands = hands_of(dealt)
        assert [len(h) for h in hands] == [len(h) for h in hands_of(state)]
        assert CardSet(c for h in hands for c in h) == CardSet(
            c for h in hands_of(state) for c in h
        )
        deals.append(dealt["position"])
    assert deals[0] == deals[1], "the same seed dealt differently"
    assert deals[0] != deals[2], "another seed dealt the same"


@pytest.mark.parametrize(("game", "players"), EDITED_GAMES)
def test_rotating_turns_every_hand_and_the_dealer_one_seat_on(
    client: Any, game: str, players: int
) -> None:
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": 6})
    before = hands_of(state)
    turned = edit(client, state["id"], "rotate")
    assert turned["draft"]["problem"] is None
    assert hands_of(turned) == [before[-1], *before[:-1]]
    names = state["seat_names"]
    assert turned["dealer"] == names[(names.index(state["dealer"]) + 1) % players]
    for _ in range(players):  # once more round the table: as after the first turn
        again = edit(client, state["id"], "rotate")
    assert again["position"] == turned["position"]


def test_a_bad_edit_is_a_4xx_in_one_line_and_changes_nothing(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "whist", "seed": 6})
    key = state["id"]
    edit(client, key, "clear", seat="N")
    before = post(client, f"/api/boards/{key}/view", {"seat": ""})
    for body in (
        {"action": "move", "card": "ZZ", "seat": "N"},
        {"action": "move", "card": "AS", "seat": "X"},
        {"action": "clear"},
        {"action": "shuffle"},
        {"action": "deal", "seed": "x"},
        {"action": "done"},  # 13 cards to place
    ):
        one_line(client.post(f"/api/boards/{key}/edit", json=body))
        assert post(client, f"/api/boards/{key}/view", {"seat": ""}) == before, body


def test_finishing_hands_the_reader_refuses_gives_the_clis_line(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "whist", "seed": 6})
    key, names = state["id"], state["seat_names"]
    card = next(iter(hands_of(state)[0]))
    draft = edit(client, key, "move", card=str(card), seat=names[1])["draft"]
    line = one_line(client.post(f"/api/boards/{key}/edit", json={"action": "done"}))
    hands = " ".join(str(CardSet(Card.parse(c) for c in hand)) for hand in draft["hands"])
    text = state["position"].split("hands=")[0] + "hands=1:" + hands  # (whist: hands last)
    cli = run("show", text)
    assert (
        cli.exit_code == 2
        and cli.stderr.strip() == line == f"tricksolver: error: {draft['problem']}"
    )


def test_a_deal_in_play_or_without_hands_is_not_edited(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "whist", "seed": 6})
    post(client, f"/api/boards/{state['id']}/play", {"move": state["moves"][0]["move"]})
    line = one_line(client.post(f"/api/boards/{state['id']}/edit", json={"action": "rotate"}))
    assert "before its first move" in line
    piles = post(client, "/api/boards", {"game": "chinese-whist", "players": 2, "seed": 6})
    line = one_line(client.post(f"/api/boards/{piles['id']}/edit", json={"action": "rotate"}))
    assert "no hands to edit" in line
