"""The web board's speed: the time from a request to the first painted table,
the time to the first streamed update of a recommendation and of a hint,
and the server's memory with five boards open.

    python benches/bench_board.py [--rounds 5]

Starts ``tricksolver serve --no-browser`` in a process of its own, then:

1. **first table**: Debian's headless Chromium (as the browser tests drive
   it) loads the page of a fresh deal (``/?game=G&seed=N``) `rounds` times
   a game; the time from the navigation's start to the table drawn (the
   page's games and its deal fetched, the table laid out: the page's
   ``data-ready-ms``) and to the first contentful paint, medians.
2. **first recommendation update**: a board at its first card to play
   (decisions before play made by the heuristic player), a recommendation
   of 100 worlds in 5 seconds for the seat to move asked for (``/recommend``,
   the page's defaults: each world a node budget that fits the time): the time
   from the request to its first ``progress`` event (the run begun) and to
   the first with figures (``so_far``: the first world valued, every card's
   mean drawn), medians over `rounds` deals a game; the stream is then
   closed, which stops the search.
3. **first hint update**: the same for a hint (``/hint``: the pimc
   player's budget, within its 10 seconds), on the same boards.
4. **memory**: the server's resident memory (VmRSS) at start, with five
   whist boards dealt, and after every card of each of the five (six tricks
   into a hand played by the heuristic player) was valued double dummy
   (each board its own Solver, whose table grows with its searches).

Last run (2-core AMD EPYC, other sessions busy on both cores, load average
18; rounds 5; ``nice -n 19 python benches/bench_board.py --rounds 5``)::

    first table (navigation to table drawn / first paint, median ms):
      whist 4: 121 / 84   chinkway 5: 136 / 92   chinese-whist 4: 216 / 116   cinch 4: 189 / 116
    first recommendation update (first event / first figures, median ms):
      whist 4: 30 / 326   chinkway 5: 12 / 298   chinese-whist 4: 13 / 392   cinch 4: 74 / 261
    first hint update (first event / first figures, median ms):
      whist 4: 12 / 744   chinkway 5: 25 / 519   chinese-whist 4: 37 / 713   cinch 4: 84 / 157
    server memory (VmRSS MiB): at start 54 (after the other figures 65),
      5 whist boards dealt 63, 5 boards analysed 143

Without a time limit (``seconds`` left out: every world solved exactly) the
first update waits for the first world's whole search: medians 612 ms
(whist), 16.7 s (Chinkway), 6.7 s (Chinese Whist), 238 ms (Cinch) in an
earlier run (not measured again on this build); the page always sends its
*Seconds*.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.web.board_helpers import headless_chromium  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARDS = 5  # the boards open for the memory figure
SAMPLES = 100  # the recommendation's worlds (the page's default)
SECONDS = 5  # its time limit (the page's default): each world a node budget that fits it
ANALYSED_TRICKS = 6  # tricks into the hand before each board is analysed
GAMES = (("whist", 4), ("chinkway", 5), ("chinese-whist", 4), ("cinch", 4))
WAIT_SECONDS = 120.0


def start_server() -> tuple[subprocess.Popen[str], str]:
    code = "from solver.cli.main import main; main()"
    child = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    url = line.split(" at ")[1].split()[0].rstrip("/")
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        try:
            httpx2.get(url, timeout=5)
            return child, url
        except httpx2.ConnectError:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def first_table(driver: WebDriver, url: str, game: str, seed: int) -> tuple[float, float]:
    """Milliseconds from the navigation's start to the table drawn, and to the first paint."""
    driver.get(f"{url}/?game={game}&seed={seed}")
    body = driver.find_element(By.TAG_NAME, "body")
    deadline = time.monotonic() + WAIT_SECONDS
    while body.get_attribute("data-ready") != "true":
        assert time.monotonic() < deadline
        time.sleep(0.01)
    paint = driver.execute_script(
        "const p = performance.getEntriesByName('first-contentful-paint')[0];"
        " return p ? p.startTime : null;"
    )
    return float(body.get_attribute("data-ready-ms") or "nan"), float(paint or "nan")


def at_first_card(http: httpx2.Client, game: str, players: int, seed: int) -> dict[str, Any]:
    state = http.post("/api/boards", json={"game": game, "players": players, "seed": seed}).json()
    key = state["id"]
    http.post(f"/api/boards/{key}/seats", json={"seats": "heuristic", "people": []})
    while state["phase"] != "play":
        state = http.post(f"/api/boards/{key}/step").json()
    data: dict[str, Any] = http.post(
        f"/api/boards/{key}/seats", json={"seats": "", "people": []}
    ).json()
    return data


def first_update(http: httpx2.Client, path: str) -> tuple[float, float]:
    """Milliseconds from the request of a search's stream (`path`) to its
    first progress event, and to its first with the figures so far."""
    started = time.perf_counter()
    first: float | None = None
    with http.stream("GET", path) as events:
        for line in events.iter_lines():
            if line.startswith("data: ") and '"progress"' in line:
                now = (time.perf_counter() - started) * 1000
                first = now if first is None else first
                if '"so_far"' in line:
                    return first, now
    return float("nan") if first is None else first, float("nan")


def medians(times: list[tuple[float, float]]) -> str:
    return " / ".join(f"{statistics.median(t[i] for t in times):.0f}" for i in range(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    server, url = start_server()
    try:
        start_mib = rss_mib(server.pid)
        driver = headless_chromium()
        try:
            print("first table (navigation to table drawn / first paint, median ms):")
            for game, players in GAMES:
                times = [first_table(driver, url, game, seed) for seed in range(rounds)]
                drawn = statistics.median(t[0] for t in times)
                paint = statistics.median(t[1] for t in times)
                print(f"  {game} {players}: {drawn:.0f} / {paint:.0f}")
        finally:
            driver.quit()
        with httpx2.Client(base_url=url, timeout=WAIT_SECONDS) as http:
            boards = {
                game: [at_first_card(http, game, players, seed)["id"] for seed in range(rounds)]
                for game, players in GAMES
            }
            query = f"recommend?samples={SAMPLES}&seconds={SECONDS}"
            for what, route in (("recommendation", query), ("hint", "hint")):
                print(f"first {what} update (first event / first figures, median ms):")
                for game, players in GAMES:
                    times = [first_update(http, f"/api/boards/{k}/{route}") for k in boards[game]]
                    print(f"  {game} {players}: {medians(times)}")
            server_boards = []
            fresh = rss_mib(server.pid)
            for seed in range(BOARDS):
                state = http.post("/api/boards", json={"game": "whist", "seed": 100 + seed}).json()
                server_boards.append(state["id"])
            dealt = rss_mib(server.pid)
            for key in server_boards:
                http.post(f"/api/boards/{key}/seats", json={"seats": "heuristic", "people": []})
                state = http.get(f"/api/boards/{key}").json()
                while len(state["history"]) < ANALYSED_TRICKS * 4:
                    state = http.post(f"/api/boards/{key}/step").json()
                http.post(f"/api/boards/{key}/seats", json={"seats": "", "people": []})
                with http.stream("GET", f"/api/boards/{key}/analyze") as events:
                    for _ in events.iter_lines():
                        pass
            analysed = rss_mib(server.pid)
        print(
            f"server memory (VmRSS MiB): at start {start_mib:.0f} (after the other figures"
            f" {fresh:.0f}), {BOARDS} whist boards dealt {dealt:.0f},"
            f" {BOARDS} boards analysed {analysed:.0f}"
        )
    finally:
        server.send_signal(2)
        server.wait(30)


if __name__ == "__main__":
    main()
