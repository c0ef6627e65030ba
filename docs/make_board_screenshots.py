"""Take the screenshots of docs/board.md: every game's table on the web board,
in Debian's headless Chromium (as the browser tests drive it), a few tricks
into a hand played by the heuristic player, every legal card labelled by
its double-dummy value; then a Chinese Whist deal in seat 1's view
at the deal (every card it cannot see face down), a Chinese Whist deal
being edited, and a whole game of Cinch some hands in, its score sheet
beside the table.

    python docs/make_board_screenshots.py            # writes docs/board/*.png

Needs the extra 'test' (Selenium, the web parts) and Chromium with its
driver (``apt-get install -y chromium chromium-driver``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from urllib.parse import quote

import httpx2
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.games.registry import GAMES  # noqa: E402
from tests.web.board_helpers import LiveServer, headless_chromium  # noqa: E402

OUT = Path(__file__).resolve().parent / "board"
SEED = 7
PLAYED_SHARE = 0.4  # the share of the hand's cards played before the picture
ANALYSIS_SECONDS = 30.0  # the longest the picture waits for the cards' values
WHOLE_GAME_HAND = 3  # the hand of the whole game pictured (two on the score sheet)


def position_to_show(http: httpx2.Client, game: str, players: int) -> str:
    """A hand of `game` some tricks in, with a trick on the table: its one line."""
    state = http.post("/api/boards", json={"game": game, "players": players, "seed": SEED}).json()
    key = state["id"]
    http.post(f"/api/boards/{key}/seats", json={"seats": "heuristic", "people": []})
    total = None
    while True:
        cards = sum(len(h["cards"]) for h in state["hands"])
        if state["phase"] == "play" and total is None:
            total = cards
        if total and cards <= total * (1 - PLAYED_SHARE) and state["trick"]:
            return str(state["position"])
        state = http.post(f"/api/boards/{key}/step").json()


def wait_ready(browser: WebDriver) -> None:
    body = browser.find_element(By.TAG_NAME, "body")
    while body.get_attribute("data-ready") != "true":
        time.sleep(0.1)


def seat_view(browser: WebDriver, http: httpx2.Client, url: str) -> None:
    """A fresh deal of Chinese Whist (4 players) in seat 1's view: the other
    seats' down cards in hand, and every card under a pile, face down."""
    body = {"game": "chinese-whist", "players": 4, "seed": SEED}
    key = http.post("/api/boards", json=body).json()["id"]
    http.post(f"/api/boards/{key}/view", json={"seat": "1"})
    browser.get(f"{url}/?b={key}")
    wait_ready(browser)
    save(browser, "chinese-whist-4-seat-view")


def editing(browser: WebDriver, http: httpx2.Client, url: str) -> None:
    """A fresh deal of Chinese Whist (2 players) being edited: its piles'
    face-down cards shown above their face-up ones, a card picked."""
    body = {"game": "chinese-whist", "players": 2, "seed": SEED}
    key = http.post("/api/boards", json=body).json()["id"]
    browser.get(f"{url}/?b={key}")
    wait_ready(browser)
    browser.find_element(By.ID, "edit-mode").click()
    while browser.find_element(By.TAG_NAME, "body").get_attribute("data-editing") != "true":
        time.sleep(0.1)
    browser.find_element(By.CSS_SELECTOR, "#table .seat .hand .card[data-edit]").click()
    save(browser, "chinese-whist-2-editing")


def whole_game(browser: WebDriver, http: httpx2.Client, url: str) -> None:
    """A whole game of Cinch, the engine at every seat, some hands in."""
    state = http.post("/api/boards", json={"game": "cinch", "seed": SEED, "whole": True}).json()
    key = state["id"]
    http.post(f"/api/boards/{key}/seats", json={"seats": "heuristic", "people": []})
    while state["whole"]["hand"] < WHOLE_GAME_HAND or not state["trick"]:
        state = http.post(f"/api/boards/{key}/step").json()
    http.post(f"/api/boards/{key}/seats", json={"seats": "", "people": []})
    browser.get(f"{url}/?b={key}")
    wait_ready(browser)
    save(browser, "cinch-4-whole-game")


def save(browser: WebDriver, name: str) -> None:
    shot = OUT / f"{name}.png"
    browser.save_screenshot(str(shot))
    print(shot.relative_to(OUT.parent.parent))


def main() -> int:
    browser = headless_chromium()
    server = LiveServer()
    url = server.start()
    OUT.mkdir(exist_ok=True)
    try:
        with httpx2.Client(base_url=url, timeout=120) as http:
            for game in GAMES.values():
                for players in game.seat_counts:
                    line = position_to_show(http, game.name, players)
                    browser.get(f"{url}/?p={quote(line)}")
                    wait_ready(browser)
                    browser.find_element(By.ID, "analyze").click()
                    deadline = time.monotonic() + ANALYSIS_SECONDS
                    while time.monotonic() < deadline:
                        if browser.find_element(By.ID, "progress").text in ("done", "stopped"):
                            break
                        time.sleep(0.2)
                    save(browser, f"{game.name}-{players}")
            seat_view(browser, http, url)
            editing(browser, http, url)
            whole_game(browser, http, url)
    finally:
        browser.quit()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
