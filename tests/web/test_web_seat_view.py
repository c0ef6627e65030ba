"""A seat's view on the web board: the table's JSON holds no card that seat
cannot see, in any game (the other hands, Chinese Whist's down cards, a
Cinch widow and stock, Chinkway's discards), by its code, in a move or in
words; it still holds every card the seat sees; and the searches that see
every card are refused in it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from solver.cards import FULL_DECK, CardSet
from solver.errors import TricksolverError
from solver.games.base import Position
from solver.players import make_player
from solver.position import view_of
from solver.web.seat_view import HIDDEN
from tests.web.board_helpers import EVERY_GAME, EVERY_GAME_IDS, held_position, post

CODE = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][SHDC](?![A-Za-z0-9])")
WORD = re.compile(r"(10|[2-9TJQKA])([♠♥♦♣])")
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
EVERY_NTH_MOVE = 3  # the positions of a hand looked at: every third move's


def cards_written(data: dict[str, Any]) -> set[str]:
    """Every card the JSON names, as a code (``AS``, alone or in a move's
    text) or in words (``A♠``, ``10♦``), in the code's form."""
    text = json.dumps(data, ensure_ascii=False)
    words = {("T" if r == "10" else r) + SYMBOLS[s] for r, s in WORD.findall(text)}
    return set(CODE.findall(text)) | words


def unseen(pos: Position, seat: int) -> CardSet | None:
    """The cards the seat has not seen, by the seat's own view (None where
    the position has no view: the hand is over)."""
    try:
        return view_of(pos, seat).pool
    except TricksolverError:
        return None


def shown_as(client: Any, key: str, seat: str) -> dict[str, Any]:
    return post(client, f"/api/boards/{key}/view", {"seat": seat})


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_a_seat_view_holds_no_card_the_seat_cannot_see(
    client: Any, game: str, players: int
) -> None:
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": 11})
    key, names = state["id"], state["seat_names"]
    player, rng = make_player("heuristic"), random.Random(2)
    looked = leaked_in_full = 0
    last: dict[int, tuple[CardSet, int]] = {}  # a seat's last view: what it hid, at which move
    while True:
        pos = held_position(client, shown_as(client, key, ""))
        if len(pos.history) % EVERY_NTH_MOVE == 0 or pos.is_over:
            full = cards_written(shown_as(client, key, ""))
            for seat, name in enumerate(names):
                data = shown_as(client, key, name)
                hidden = unseen(pos, seat)
                if hidden is None and not pos.is_over:  # no view yet (Chinkway before
                    hidden = FULL_DECK - pos.hand_now(seat)  # trump, not the dealer): its hand
                elif hidden is None:  # the hand over: what its last view hid, but cards played
                    before, ply = last[seat]
                    since = CardSet(m.card for m in pos.history[ply:] if m.card is not None)
                    hidden = before - since
                else:
                    last[seat] = (hidden, len(pos.history))
                assert "position" not in data and data["view"] == name
                written = cards_written(data)
                leaked = {str(c) for c in hidden} & written
                assert not leaked, f"{name} would see {sorted(leaked)}"
                leaked_in_full += bool({str(c) for c in hidden} & full)
                if not pos.is_over:
                    has_view = unseen(pos, seat) is not None
                    own = view_of(pos, seat).holding() if has_view else pos.hand_now(seat)
                    assert {str(c) for c in own} <= written, "a card the seat holds is not shown"
                if pos.to_move != seat or pos.is_over:
                    assert data["moves"] == []
                looked += 1
        if pos.is_over:
            break
        post(client, f"/api/boards/{key}/view", {"seat": ""})
        move = player.choose(view_of(pos, pos.to_move), rng)
        post(client, f"/api/boards/{key}/play", {"move": str(move)})
    assert looked and leaked_in_full, "the full table never showed a card the views hide"


def test_a_seat_view_draws_the_hidden_cards_face_down_one_for_one(client: Any) -> None:
    state = post(client, "/api/boards", {"game": "chinese-whist", "players": 2, "seed": 3})
    pos = held_position(client, state)
    data = shown_as(client, state["id"], "1")
    piles = next(p for p in data["parts"] if p["kind"] == "piles")["piles"]
    assert all(pile["under"] == HIDDEN for seat in piles for pile in seat if pile["face_down"])
    down = next(p for p in data["parts"] if p["kind"] == "hands")["cards"]
    assert down[1] == [HIDDEN] * len(down[1]) and HIDDEN not in down[0]
    assert [len(h["cards"]) for h in data["hands"]] == [len(pos.hand_now(s)) for s in range(2)]


@pytest.mark.parametrize("route", ["analyze", "table", "review", "export"])
def test_the_searches_that_see_every_card_are_refused_in_a_seat_view(
    client: Any, route: str
) -> None:
    state = post(client, "/api/boards", {"text": "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"})
    key = state["id"]
    state = post(client, f"/api/boards/{key}/play", {"move": state["moves"][0]["move"]})
    shown_as(client, key, state["to_move"])
    response = client.get(f"/api/boards/{key}/{route}")
    assert response.status_code == 400, response.text
    assert response.json()["error"].startswith("tricksolver: error: ")
    assert "sees every card" in response.json()["error"]


def test_only_the_viewing_seat_is_advised_in_its_view(client: Any) -> None:
    state = post(client, "/api/boards", {"text": "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"})
    key = state["id"]
    shown_as(client, key, next(n for n in state["seat_names"] if n != state["to_move"]))
    for route in ("recommend", "hint"):
        response = client.get(f"/api/boards/{key}/{route}")
        assert response.status_code == 400, response.text
        assert "another seat's view" in response.json()["error"]
