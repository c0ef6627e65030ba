"""What the web board's tests share: the application's boards brought near
their end by the engine's players, event streams read, and the server
started for real on a free port (`LiveServer`)."""

from __future__ import annotations

import json
import shutil
import threading
import time
from typing import Any

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from starlette.testclient import TestClient

from solver.games.base import Position
from solver.games.registry import GAMES
from solver.position import parse_position
from solver.web.boards import Boards
from solver.web.server import app

TEST_TT_MB = 16  # a board's table in the tests: small positions
START_SECONDS = 10.0  # the longest a test server may take to start

EVERY_GAME = [(g.name, n) for g in GAMES.values() for n in g.seat_counts]
EVERY_GAME_IDS = [f"{g}-{n}" for g, n in EVERY_GAME]


def events(client: Any, path: str) -> list[dict[str, Any]]:
    """The events of a stream, in order, the last ``done`` or ``error``."""
    found = []
    with client.stream("GET", path) as response:
        assert response.status_code == 200, response.read()
        for line in response.iter_lines():
            if line.startswith("data: "):
                found.append(json.loads(line[len("data: ") :]))
    assert found and found[-1]["type"] in ("done", "error"), found
    return found


def post(client: Any, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """A POST that must succeed; its JSON."""
    response = client.post(path, json=body or {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def cards_left(state: dict[str, Any]) -> int:
    pos = parse_position(state["position"])
    return sum(len(pos.hand_now(s)) for s in range(pos.nseats)) if pos.core else 99


def near_end(client: Any, game: str, players: int, cards: int, seed: int = 1) -> dict[str, Any]:
    """A board of `game` dealt from `seed`, played by the heuristic player at
    every seat (through the server) until at most `cards` are left in play."""
    state = post(client, "/api/boards", {"game": game, "players": players, "seed": seed})
    key = state["id"]
    state = post(client, f"/api/boards/{key}/seats", {"seats": "heuristic", "people": []})
    while cards_left(state) > cards and not state["over"]:
        state = post(client, f"/api/boards/{key}/step")
    return post(client, f"/api/boards/{key}/seats", {"seats": "", "people": []})


def position_of(state: dict[str, Any]) -> Position:
    """The board's position, read back from its one-line notation."""
    return parse_position(state["position"])


def held_position(client: TestClient, state: dict[str, Any]) -> Position:
    """A copy of the position the server holds for the board (with every
    move made on it: what a view of it is made from)."""
    pos: Position = client.app.state.boards.get(state["id"]).snapshot()  # type: ignore[attr-defined]
    assert pos.to_line() == state["position"]
    return pos


class LiveServer:
    """The application served by uvicorn in a thread, on a free port; its
    boards (`boards`) in reach of the test."""

    def __init__(self) -> None:
        application = app(TEST_TT_MB)
        self.boards: Boards = application.state.boards
        config = uvicorn.Config(application, host="127.0.0.1", port=0, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = ""

    def start(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not self.server.started:
            assert time.monotonic() < deadline, "the test server did not start"
            time.sleep(0.05)
        sockets = self.server.servers[0].sockets
        port = sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(START_SECONDS)


WINDOW = "1280,900"  # the browser's window, pixels
CHROMIUM_ARGS = ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu")


def headless_chromium() -> webdriver.Chrome:
    """Debian's Chromium, headless, driven by its own chromedriver (never a
    download: Selenium is given both paths)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    assert chromium and chromedriver, (
        "Chromium and its driver are needed: apt-get install -y chromium chromium-driver"
    )
    options = Options()
    for arg in (*CHROMIUM_ARGS, f"--window-size={WINDOW}"):
        options.add_argument(arg)
    options.binary_location = chromium
    return webdriver.Chrome(service=Service(chromedriver), options=options)
