"""Editing a deal on the web board by clicking: a card moved between places
(a seat's hand; Chinese Whist's piles, a face-up card over a face-down
one, and its down cards), a seat cleared and the rest dealt at random
(seeded), the deal rotated; the places read by the command line's reader
(its line for places it refuses, a 4xx for an edit that cannot be made,
nothing changed), in every game and player count."""

from __future__ import annotations

from typing import Any

import pytest

from solver.cards import Card, CardSet
from solver.games.chinese_whist.rules import LAYOUT
from solver.position import parse_position
from tests.cli_helpers import run
from tests.web.board_helpers import held_position, post

HAND_GAMES = [("whist", 4), ("chinkway", 5), ("cinch", 4)]  # the games dealt from hands
CW = "chinese-whist"
CW_PLAYERS = sorted(LAYOUT)
EDITED_GAMES = HAND_GAMES + [(CW, n) for n in CW_PLAYERS]


def edit(client: Any, key: str, action: str, **extra: Any) -> dict[str, Any]:
    return post(client, f"/api/boards/{key}/edit", {"action": action, **extra})


def hands_of(state: dict[str, Any]) -> list[CardSet]:
    """Every seat's cards at the deal, read from the notation's fields: its
    hand, or (Chinese Whist) its piles and down cards."""
    fields = parse_position(state["position"]).to_fields()
    if "hands" in fields:
        return [CardSet.parse(h) for h in fields["hands"]]
    piles, down = cw_layout(state)
    return [CardSet(c for p in row for c in p if c) | d for row, d in zip(piles, down, strict=True)]


Pile = tuple[Card, Card | None]


def cw_layout(state: dict[str, Any]) -> tuple[list[list[Pile]], list[CardSet]]:
    """A Chinese Whist deal's piles (face-up card, face-down card) and down
    cards, seat by seat, read from the notation's fields."""
    fields = parse_position(state["position"]).to_fields()
    piles = [
        [pile_of(*token.split("/")) for token in entry.split() if token != "-"]
        for entry in fields["piles"]
    ]
    down = [CardSet(Card.parse(c) for c in entry.split() if c != "-") for entry in fields["down"]]
    return piles, down


def pile_of(top: str, under: str | None = None) -> Pile:
    return Card.parse(top), None if under is None else Card.parse(under)


def cw_line(state: dict[str, Any], piles: list[list[Pile]], down: list[CardSet]) -> str:
    """The one line the reader makes of `state`'s deal with these piles and down cards."""
    fields = parse_position(state["position"]).to_fields()
    texts = [" ".join(f"{t}/{u}" if u else str(t) for t, u in row) or "-" for row in piles]
    fields = {**fields, "piles": texts, "down": [d.cards_text() or "-" for d in down]}
    fields = {k: v for k, v in fields.items() if v is not None}
    return str(type(parse_position(state["position"])).from_fields(fields).to_line())


def one_line(response: Any) -> str:
    assert 400 <= response.status_code < 500, response.text
    line: str = response.json()["error"]
    assert line.startswith("tricksolver: error: ") and "\n" not in line
    return line


@pytest.mark.parametrize(("game", "players"), HAND_GAMES)
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
        edit(client, key, "clear", seat=names[0])
        cleared = edit(client, key, "clear", seat=names[-1])
        held = cleared["draft"]["hands"]
        assert held[0] == held[-1] == [] and len(cleared["draft"]["pool"]) > 0
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
        {"action": "move", "card": "AS", "seat": "N", "place": "pile 1 up"},
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


def test_a_deal_in_play_is_not_edited(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "whist", "seed": 6})
    post(client, f"/api/boards/{state['id']}/play", {"move": state["moves"][0]["move"]})
    line = one_line(client.post(f"/api/boards/{state['id']}/edit", json={"action": "rotate"}))
    assert "before its first move" in line


# -- Chinese Whist: its piles and down cards ------------------------------------------


CwBoard = tuple[dict[str, Any], str, list[str], list[list[Pile]], list[CardSet]]


def cw_board(client: Any, players: int) -> CwBoard:
    """A board of Chinese Whist dealt from seed 6: its table, id, seat
    names, piles and down cards."""
    state = post(client, "/api/boards", {"game": CW, "players": players, "seed": 6})
    return state, state["id"], state["seat_names"], *cw_layout(state)


@pytest.mark.parametrize("players", CW_PLAYERS)
def test_a_card_dropped_on_a_taken_pile_place_changes_places_with_the_card_there(
    client: Any, players: int
) -> None:
    state, key, names, piles, down = cw_board(client, players)
    begun = edit(client, key, "begin")
    assert begun["position"] == state["position"] and begun["draft"]["problem"] is None
    mine = begun["draft"]["places"][0]
    assert [p["name"] for p in mine[:3]] == ["hand", "pile 1 up", "pile 1 down"]
    assert len(mine) == 1 + 2 * LAYOUT[players][0]
    # a down card onto the face-up card of its own pile 1: the two change places
    card = next(iter(down[0]))
    (top, under), *rest = piles[0]
    done = edit(client, key, "move", card=str(card), seat=names[0], place="pile 1 up")
    piles[0] = [(card, under), *rest]
    down[0] = down[0] - CardSet([card]) | CardSet([top])
    assert done["draft"]["problem"] is None and cw_layout(done) == (piles, down)
    assert done["position"] == cw_line(state, piles, down)
    # seat 2's second face-down card onto seat 1's third: across the table
    theirs, mine_under = piles[1][1][1], piles[0][2][1]
    assert theirs is not None and mine_under is not None
    done = edit(client, key, "move", card=str(theirs), seat=names[0], place="pile 3 down")
    piles[0][2], piles[1][1] = (piles[0][2][0], theirs), (piles[1][1][0], mine_under)
    assert cw_layout(done) == (piles, down) and done["position"] == cw_line(state, piles, down)
    assert edit(client, key, "done")["position"] == done["position"]


@pytest.mark.parametrize("players", CW_PLAYERS)
def test_a_face_up_card_taken_off_its_pile_leaves_the_readers_line_until_one_is_put_back(
    client: Any, players: int
) -> None:
    state, key, names, piles, down = cw_board(client, players)
    mine, theirs = piles[0][0][0], piles[1][0][0]
    half = edit(client, key, "move", card=str(mine), seat=names[1])  # to seat 2's hand
    assert half["position"] == state["position"]
    assert "pile 1: a face-down card" in half["draft"]["problem"]
    half = edit(client, key, "move", card=str(theirs), seat=names[0], place="pile 1 up")
    assert half["position"] == state["position"] and half["draft"]["problem"]
    done = edit(client, key, "move", card=str(mine), seat=names[1], place="pile 1 up")
    assert done["draft"]["problem"] is None
    piles[0][0], piles[1][0] = (theirs, piles[0][0][1]), (mine, piles[1][0][1])
    assert cw_layout(done) == (piles, down) and done["position"] == cw_line(state, piles, down)


def test_chinese_whist_seats_of_uneven_sizes_give_the_clis_line(client: Any) -> None:
    state = post(client, "/api/boards", {"game": CW, "players": 2, "seed": 6})
    key, names = state["id"], state["seat_names"]
    piles, down = cw_layout(state)
    card = next(iter(down[0]))
    draft = edit(client, key, "move", card=str(card), seat=names[1])["draft"]
    line = one_line(client.post(f"/api/boards/{key}/edit", json={"action": "done"}))
    moved = [down[0] - CardSet([card]), down[1] | CardSet([card])]
    text = state["position"].split("down=")[0] + "down=" + ", ".join(d.cards_text() for d in moved)
    cli = run("show", text)
    assert (
        cli.exit_code == 2
        and cli.stderr.strip() == line == f"tricksolver: error: {draft['problem']}"
    )


@pytest.mark.parametrize("players", CW_PLAYERS)
def test_a_rotated_chinese_whist_deal_moves_every_pile_and_down_card_one_seat_on(
    client: Any, players: int
) -> None:
    state = post(client, "/api/boards", {"game": CW, "players": players, "seed": 6})
    piles, down = cw_layout(state)
    turned = edit(client, state["id"], "rotate")
    assert cw_layout(turned) == ([piles[-1], *piles[:-1]], [down[-1], *down[:-1]])


@pytest.mark.parametrize("players", CW_PLAYERS)
def test_a_cleared_chinese_whist_seat_is_dealt_again_pile_by_pile(
    client: Any, players: int
) -> None:
    state, key, names, piles, down = cw_board(client, players)
    cleared = edit(client, key, "clear", seat=names[0])
    assert all(p["cards"] == [] for p in cleared["draft"]["places"][0])
    dealt = edit(client, key, "deal", seed=3)
    again, again_down = cw_layout(dealt)
    assert dealt["draft"]["problem"] is None
    assert again[1:] == piles[1:] and again_down[1:] == down[1:]
    assert len(again[0]) == len(piles[0]) and all(u is not None for _, u in again[0])
    assert len(again_down[0]) == len(down[0])
