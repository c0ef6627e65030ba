"""Take the screenshots of docs/board.md: every game's table on the web board,
in Debian's headless Chromium (as the browser tests drive it), a few tricks
into a hand played by the heuristic player, every legal card labelled by
its double-dummy value.

    python docs/make_board_screenshots.py            # writes docs/board/<game>-<players>.png

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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.games.registry import GAMES  # noqa: E402
from tests.web.board_helpers import LiveServer, headless_chromium  # noqa: E402

OUT = Path(__file__).resolve().parent / "board"
SEED = 7
PLAYED_SHARE = 0.4  # the share of the hand's cards played before the picture
ANALYSIS_SECONDS = 30.0  # the longest the picture waits for the cards' values


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
                    body = browser.find_element(By.TAG_NAME, "body")
                    while body.get_attribute("data-ready") != "true":
                        time.sleep(0.1)
                    browser.find_element(By.ID, "analyze").click()
                    deadline = time.monotonic() + ANALYSIS_SECONDS
                    while time.monotonic() < deadline:
                        if browser.find_element(By.ID, "progress").text in ("done", "stopped"):
                            break
                        time.sleep(0.2)
                    shot = OUT / f"{game.name}-{players}.png"
                    browser.save_screenshot(str(shot))
                    print(shot.relative_to(OUT.parent.parent))
    finally:
        browser.quit()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
