"""The web board in a real headless browser: Debian's Chromium driven by
Selenium (its chromedriver, never a download), against the server started
on a free port.  A hand of every game played by clicks against the engine's
players, a hint's figures streamed while it runs, a PBN file opened and its double-dummy table
equal to ``tricksolver table``'s, the analysis labelled on the cards, a
planted mistake marked by the review, a malformed paste's one line, and the
keyboard.  A failing test leaves a screenshot of the page (its path in the
report).  The README's test command installs Chromium (apt-get) and
Selenium (the extra 'test')."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlparse

import httpx2
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

from solver.position import parse_position, view_of
from tests.cli_helpers import run
from tests.web.board_helpers import EVERY_GAME, EVERY_GAME_IDS, headless_chromium

ROOT = Path(__file__).resolve().parents[2]
SESSION_PBN = ROOT / "docs" / "session.pbn"
SMALL_DEAL = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
WHOLE_DEAL = "3"  # the board of docs/session.pbn that is a whole deal (with par)
PLANTED = "whist; trump=S; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A"  # W to ruff, or to err
WAIT_SECONDS = 60.0  # the longest a step of a test waits for the page
DELAY_MS = 20  # the engine's pause between moves in the tests (the page's ?delay=)
MOST_CLICKS = 80  # a hand's decisions at one seat, more than any game has


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    browser = headless_chromium()
    yield browser
    browser.quit()


@pytest.fixture
def page(
    driver: WebDriver, live_url: str, request: pytest.FixtureRequest, tmp_path_factory: Any
) -> Iterator[Page]:
    yield Page(driver, live_url)
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        folder = tmp_path_factory.getbasetemp() / "screenshots"
        folder.mkdir(exist_ok=True)
        shot = folder / f"{request.node.name}.png"
        driver.save_screenshot(str(shot))
        print(f"screenshot of the failing page: {shot}")


class Page:
    """The board's page in the browser, and the waits of a person looking at it."""

    def __init__(self, driver: WebDriver, url: str) -> None:
        self.driver = driver
        self.url = url

    def open(self, query: str) -> None:
        self.driver.get(f"{self.url}/?delay={DELAY_MS}&{query}")
        self.until(lambda: self.body("ready") == "true")

    def body(self, key: str) -> str | None:
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{key}")

    def until(self, check: Callable[[], Any], what: str = "the page") -> Any:
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            found = check()
            if found:
                return found
            assert time.monotonic() < deadline, f"waited too long for {what}"
            time.sleep(0.05)

    def find(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def state(self) -> dict[str, Any]:
        """The board as the server holds it (the page's board id)."""
        data: dict[str, Any] = httpx2.get(f"{self.url}/api/boards/{self.body('board')}").json()
        return data

    def caption(self, table: str) -> str | None:
        """The caption of the results' `table` (a CSS selector), read at
        once (the results are redrawn as a search streams)."""
        script = f"const c = document.querySelector('#results {table} caption');"
        found = self.driver.execute_script(script + " return c ? c.textContent : null;")
        return None if found is None else str(found)

    def text(self, element_id: str) -> str:
        return self.driver.find_element(By.ID, element_id).text

    def type_in(self, element_id: str, text: str) -> None:
        box = self.driver.find_element(By.ID, element_id)
        box.clear()
        box.send_keys(text)

    def click(self, element_id: str) -> None:
        self.driver.find_element(By.ID, element_id).click()

    def person_to_move(self) -> str | None:
        """The page waits for the person ("person") or the hand is over
        ("over"); None while the engine plays."""
        turn = self.body("turn")
        return turn if turn in ("person", "over") else None


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_a_hand_is_played_by_clicks_against_the_engine(page: Page, game: str, players: int) -> None:
    page.open(f"game={game}&players={players}&seed=7")
    first = page.state()["seat_names"][0]
    page.type_in("seats", "heuristic")
    page.driver.find_element(By.CSS_SELECTOR, f"#people option[value='{first}']").click()
    page.click("seats-form")  # (the form itself: focus)
    page.driver.find_element(By.CSS_SELECTOR, "#seats-form button").click()
    page.until(lambda: page.state()["seat_players"][1] == "heuristic", "the engine's players")
    clicked: list[str] = []
    for _ in range(MOST_CLICKS):
        if page.until(page.person_to_move, "the person's turn") == "over":
            break
        ply = page.body("ply")
        legal = page.find("#table .seat.to-move .card.legal, #decisions .decision")
        assert legal, "nothing to click at the person's turn"
        choice = legal[-1]
        clicked.append(str(choice.get_attribute("data-move")))
        choice.click()
        page.until(lambda ply=ply: page.body("ply") != ply, "the move made")
    state = page.state()
    assert state["over"], "the hand did not end"
    assert "The hand is over" in page.text("status")
    made = state["history"]
    assert clicked and all(move in made for move in clicked)
    assert state["seat_players"] == ["you", *["heuristic"] * (players - 1)]


# Kept by the page's observer: what #results showed, in order, as it changed.
WATCH_RESULTS = """
window.shown = [];
new MutationObserver(() => {
  const r = document.getElementById('results');
  const table = r.querySelector('table.figures');
  if (table) window.shown.push({soFar: table.classList.contains('so-far'), text: r.textContent,
                                rows: table.querySelectorAll('tbody tr').length});
}).observe(document.getElementById('results'), {childList: true, subtree: true});
"""


def test_a_hint_whose_figures_appear_while_it_runs(page: Page) -> None:
    page.open("game=whist&seed=5")  # a whole deal: each world a search of its own
    page.driver.execute_script(WATCH_RESULTS)
    page.click("hint")
    table = page.until(lambda: page.find("#results table.figures:not(.so-far)"), "the hint")
    rows = table[0].find_elements(By.CSS_SELECTOR, "tbody tr")
    means = [float(r.find_elements(By.TAG_NAME, "td")[1].text) for r in rows]
    assert rows and means == sorted(means, reverse=True)
    move = page.state()["moves"]
    assert "Hint for" in page.text("results") and "player's choice" in page.text("results")
    shown = page.driver.execute_script("return window.shown;")
    first_final = next(i for i, s in enumerate(shown) if not s["soFar"])
    running = shown[:first_final]
    assert running, "no figures before the hint's answer"
    assert all("thinking" in s["text"] and "so far" in s["text"] for s in running)
    assert all(s["rows"] == len(move) for s in running)  # every legal card's mean


def test_a_recommendations_figures_appear_while_it_runs(page: Page) -> None:
    page.open("game=whist&seed=5")  # a whole deal: each world a search of its own
    page.type_in("samples", "40")
    page.type_in("seconds", "4")
    page.driver.find_element(By.CSS_SELECTOR, "#recommend-form button[type=submit]").click()
    running = page.until(lambda: page.caption("table.figures.so-far"), "figures so far")
    assert "so far" in running
    final = page.until(lambda: page.caption("table.figures:not(.so-far)"), "the final figures")
    assert "worlds valued of 40" in final and "so far" not in final


def test_an_opened_pbn_file_gives_the_dd_table_and_par_of_tricksolver_table(page: Page) -> None:
    page.open("")
    page.driver.find_element(By.ID, "file").send_keys(str(SESSION_PBN))
    page.until(lambda: page.find(f"#records option[value='{WHOLE_DEAL}']"), "the file's boards")
    page.driver.find_element(By.CSS_SELECTOR, f"#records option[value='{WHOLE_DEAL}']").click()
    page.until(lambda: page.state().get("record") == WHOLE_DEAL, "the board picked")
    page.click("dd-table")
    page.until(lambda: page.find("#dd-result td"), "the table")
    shown = {
        (cell.get_attribute("data-declarer"), cell.get_attribute("data-strain")): cell.text
        for cell in page.find("#dd-result td")
    }
    cli = run("table", str(SESSION_PBN), "--board", WHOLE_DEAL, "--json")
    assert cli.exit_code == 0, cli.output
    expected = json.loads(cli.stdout)
    tricks = expected["declarer_tricks"]
    assert shown == {(d, s): str(v) for d, row in tricks.items() for s, v in row.items()}
    notes = [p.text for p in page.find("#results .annotation")]
    for tag in ("OptimumScore", "ParContract"):
        assert f"{tag}: {expected['annotations'][tag]}" in notes


def test_the_analysis_labels_every_legal_card(page: Page) -> None:
    page.open("p=" + quote(SMALL_DEAL))
    page.click("analyze")
    page.until(lambda: page.text("progress") == "done", "the analysis")
    labels = {
        c.get_attribute("data-card"): c.find_element(By.CLASS_NAME, "value").text
        for c in page.find("#table .card.legal")
    }
    assert labels == {"QS": "-1", "JS": "-1", "3H": "=", "2D": "-1"}
    title = page.find("#table .card[data-card='3H']")[0].get_attribute("title")
    assert title.startswith("2 tricks for E-W")


def test_the_review_marks_a_planted_mistake(page: Page) -> None:
    page.open("p=" + quote(PLANTED))
    # E leads KH, S's AH plays itself (forced), W throws AC instead of ruffing, N's QH
    for card in ("KH", "AC"):
        css = f"#table .card.legal[data-card='{card}']"
        page.until(lambda css=css: page.find(css) and page.body("turn") == "person")
        page.find(css)[0].click()
    page.until(lambda: page.body("ply") == "4", "the forced cards played by themselves")
    page.click("review")
    page.until(lambda: "Review:" in page.text("results"), "the review")
    marked = [b.text for b in page.find("#history .ply.mistake")]
    assert marked == ["AC ?"]
    assert "1 mistake" in page.text("results")


def test_a_malformed_paste_shows_the_clis_one_line(page: Page) -> None:
    page.open("")
    page.type_in("paste", "game=whist; hands=garbage")
    page.driver.find_element(By.CSS_SELECTOR, "#paste-form button").click()
    line = page.until(lambda: page.text("error"), "the error line")
    cli = run("show", "game=whist; hands=garbage")
    assert line == cli.stderr.strip() and "\n" not in line
    assert page.find("#table .seat"), "the table stays"


def test_the_first_page_is_a_fresh_deal_of_the_game_last_used_and_whist_the_first_time(
    page: Page,
) -> None:
    page.open("")
    page.driver.execute_script("localStorage.clear();")
    page.open("")
    first = page.state()
    assert first["game"] == "whist" and first["phase"] == "play" and page.find("#table .seat")
    try:
        page.open("game=cinch&seed=3")
        page.open("")
        again = page.state()
        assert again["game"] == "cinch" and again["id"] != first["id"]
        assert page.driver.find_element(By.ID, "game").get_attribute("value") == "cinch"
    finally:  # the browser is the module's: the next page opens whist again
        page.driver.execute_script("localStorage.clear();")


def test_a_malformed_address_shows_the_clis_one_line_over_a_fresh_deal(page: Page) -> None:
    page.open("p=" + quote("game=whist; hands=garbage"))
    cli = run("show", "game=whist; hands=garbage")
    assert page.text("error") == cli.stderr.strip()
    assert len(page.find("#table .seat")) == 4 and page.state()["phase"] == "play"


def test_cards_have_names_and_arrow_keys_step_through_a_hand(page: Page) -> None:
    page.open("p=" + quote(SMALL_DEAL))
    names = [c.get_attribute("aria-label") for c in page.find("#table .card")]
    assert "ace of spades" in names and "queen of spades" in names
    first = page.find("#table .seat.to-move .card.legal")[0]
    first.send_keys(Keys.ARROW_RIGHT)
    focused = page.driver.switch_to.active_element
    assert focused.get_attribute("data-card") == "JS"
    ply = page.body("ply")
    focused.send_keys(Keys.ENTER)
    page.until(lambda: page.body("ply") != ply, "the card played from the keyboard")
    assert page.state()["history"] == ["JS"]
    page.find("#table .card.legal[data-card='9S']")[0].click()
    page.until(lambda: page.body("ply") == "2", "S's card")
    page.find("#history .ply[data-ply='2']")[0].send_keys(Keys.ARROW_UP)  # the moves list
    page.until(lambda: page.body("ply") == "1", "the position after the first move")
    assert page.state()["redo"] == ["9S"]


def test_a_seat_view_draws_the_other_hands_face_down_and_names_none_of_them(page: Page) -> None:
    page.open("game=chinese-whist&players=2&seed=3")
    full = page.state()
    Select(page.driver.find_element(By.ID, "view")).select_by_value(full["seat_names"][0])
    page.until(lambda: page.find("#table .card.back[aria-label^='a card of']"), "the view")
    pos = parse_position(full["position"])
    hidden = {str(c) for c in view_of(pos, 0).pool}
    drawn = {c.get_attribute("data-card") for c in page.find("#table .card[data-card]")}
    labels = " ".join(str(c.get_attribute("aria-label")) for c in page.find("#table .card"))
    assert drawn and not drawn & hidden
    assert not any(card_name in labels for card_name in map(spoken, hidden))
    assert {str(c) for c in view_of(pos, 0).holding()} <= drawn
    assert "b=" in page.driver.current_url and "p=" not in page.driver.current_url


def spoken(code: str) -> str:
    """A card's name as the page gives it (``ace of spades``)."""
    words = "ace king queen jack ten nine eight seven six five four three two".split()
    ranks = dict(zip("AKQJT98765432", words, strict=True))
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return f"{ranks[code[0]]} of {suits[code[1]]}"


# Each card of a fanned hand whose rank the next card covers (its outline, a
# box shadow's spread, counted), with the pixels covered.
COVERED_RANKS = """
const spread = (el) => {
  const lengths = getComputedStyle(el).boxShadow.match(/-?[0-9.]+px/g) || [];
  return lengths.length >= 4 ? Math.max(0, parseFloat(lengths[3])) : 0;
};
const covered = [];
for (const hand of document.querySelectorAll('#table .hand')) {
  const cards = [...hand.querySelectorAll('.card')];
  cards.forEach((card, i) => {
    const rank = card.querySelector('.rank');
    if (!rank || i + 1 === cards.length) return;
    const range = document.createRange();
    range.selectNodeContents(rank);
    const ink = range.getBoundingClientRect();  // the text itself, not its box
    const left = cards[i + 1].getBoundingClientRect().left - spread(cards[i + 1]);
    if (ink.right > left + 0.5) covered.push([card.dataset.card, ink.right - left]);
  });
}
return covered;
"""


# Each value tag on a card that something else covers: the element on top at
# the middle of each of its edges (a pixel in: its rounded corners are not
# it) and at its centre is not the tag.
COVERED_TAGS = """
const covered = [];
for (const tag of document.querySelectorAll('#table .card .value')) {
  const r = tag.getBoundingClientRect();
  const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const points = [[x, y], [r.left + 1, y], [r.right - 1, y], [x, r.top + 1], [x, r.bottom - 1]];
  const hidden = points.map(([px, py]) => document.elementFromPoint(px, py))
    .filter((el) => !tag.contains(el));
  if (hidden.length) covered.push([tag.parentElement.dataset.card, tag.textContent]);
}
return covered;
"""
# Positions whose analysis labels many cards: a whist ending whose leader's
# seven cards lose 0 to 4 tricks, and Chinese Whist with the leader's piles.
VALUED = [
    "whist; trump=S; hands=N:AJ.T7..J74 KT.95.T.A2 6.2.A832.5 .AQJ.65.98",
    "chinese-whist; players=3; dealer=1; trump=S; piles=AS/AC KS/2C 5S/JC 9H/KH 8H/KC 6D/QS"
    " 2D/8C 6C/2H, TS/3D QH/5H 3H/7C KD/TC JD/7D 9D/AH 4D/8D 4C/9C, JS/4H 9S/TH 6S/3C 3S/7S"
    " 6H/TD AD/4S 5D/QC 5C/QD; down=1:JH 8S 7H; play=4D AD 2D | 6H 8H QH | KD 5D 6D |"
    " 8D TD 5S | 6C TC QC | 5C 8C 4C | 2H 3H 7H | QD",
]


@pytest.mark.parametrize("line", VALUED, ids=["whist", "chinese-whist-3"])
def test_no_value_tag_or_rank_is_covered_once_the_analysis_labels_the_cards(
    page: Page, line: str
) -> None:
    page.open("p=" + quote(line))
    page.click("analyze")
    page.until(lambda: page.text("progress") == "done", "the analysis")
    legal = page.find("#table .card.legal")
    tags = [c.find_element(By.CLASS_NAME, "value").text for c in legal]
    assert len(tags) >= 7 and all(tags), tags
    covered = page.driver.execute_script(COVERED_TAGS)
    assert not covered, covered
    ranks = page.driver.execute_script(COVERED_RANKS)
    assert not ranks, ranks


@pytest.mark.parametrize(("game", "players"), EVERY_GAME, ids=EVERY_GAME_IDS)
def test_no_rank_in_a_fanned_hand_is_covered_by_the_next_card(
    page: Page, game: str, players: int
) -> None:
    with httpx2.Client(base_url=page.url) as web:  # the deal, then at its first card
        state = web.post("/api/boards", json={"game": game, "players": players, "seed": 4}).json()
        key = state["id"]
        web.post(f"/api/boards/{key}/seats", json={"seats": "heuristic", "people": []})
        lines = [state["position"]]
        while state["phase"] != "play":
            state = web.post(f"/api/boards/{key}/step").json()
        lines.append(state["position"])  # its cards outlined: legal
    for line in lines:
        page.open("p=" + quote(line))
        tens = page.find("#table .hand .card[data-card^='T']")
        covered = page.driver.execute_script(COVERED_RANKS)
        assert page.find("#table .hand .card .rank") and not covered, covered
        assert all(t.find_element(By.CLASS_NAME, "rank").text == "10" for t in tens)
    assert page.find("#table .hand .card.legal")


def test_a_deal_edited_by_clicks_is_in_the_address(page: Page) -> None:
    page.open("game=whist&seed=6")
    start = page.state()
    page.click("edit-mode")
    page.until(lambda: page.body("editing") == "true", "the deal's draft")
    north, east = (page.find(f"#table .seat[data-seat='{s}']")[0] for s in ("N", "E"))
    mine = north.find_elements(By.CSS_SELECTOR, ".card[data-edit]")[0].get_attribute("data-edit")
    theirs = east.find_elements(By.CSS_SELECTOR, ".card[data-edit]")[0].get_attribute("data-edit")
    north.find_element(By.CSS_SELECTOR, f".card[data-edit='{mine}']").click()
    page.find("#table .seat[data-seat='E'] .seat-head")[0].click()
    page.until(lambda: page.text("edit-problem"), "the reader's line on uneven hands")
    # the second move by the keyboard: the card picked, then its seat's Here
    page.find(f"#table .seat[data-seat='E'] .card[data-edit='{theirs}']")[0].send_keys(Keys.ENTER)
    page.until(lambda: page.find(f".card.selected[data-edit='{theirs}']"), "the card picked")
    page.find("#table .seat[data-seat='N'] .move-here")[0].send_keys(Keys.ENTER)
    page.until(lambda: page.state()["position"] != start["position"], "the swapped deal")
    swapped = page.state()
    hands = {h["seat"]: h["cards"] for h in swapped["hands"]}
    assert theirs in hands["N"] and mine in hands["E"]
    assert parse_qs(urlparse(page.driver.current_url).query)["p"][0] == swapped["position"]
    page.find("#table .seat[data-seat='S'] .clear-hand")[0].click()
    page.until(lambda: "to place" in page.text("edit-problem"), "the cleared hand's cards to place")
    page.click("edit-deal")
    page.until(lambda: page.text("edit-problem") == "", "the rest dealt")
    page.click("edit-done")
    page.until(lambda: page.find("#edit-tools[hidden]"), "the edit finished")
    final = page.state()
    assert final["draft"] is None and len({len(h["cards"]) for h in final["hands"]}) == 1
    assert parse_qs(urlparse(page.driver.current_url).query)["p"][0] == final["position"]


def test_a_chinese_whist_deal_is_edited_by_clicks_on_its_piles(page: Page) -> None:
    page.open("game=chinese-whist&players=2&seed=6")
    start = page.state()
    page.click("edit-mode")
    page.until(lambda: page.find("#table .piles.editing [data-place='pile 1 up']"), "the piles")
    one, two = (f"#table .seat[data-seat='{s}']" for s in start["seat_names"])
    down = page.find(f"{one} .hand .card[data-edit]")[0].get_attribute("data-edit")
    top = page.find(f"{one} [data-place='pile 1 up']")[0].get_attribute("data-edit")
    page.find(f"{one} .hand .card[data-edit='{down}']")[0].click()
    page.find(f"{one} [data-place='pile 1 up']")[0].click()  # onto the face-up card: a swap
    page.until(lambda: page.state()["position"] != start["position"], "the card on the pile")
    swapped = page.state()
    fields = parse_position(swapped["position"]).to_fields()
    assert fields["piles"][0].split()[0].startswith(f"{down}/") and top in fields["down"][0]
    # a face-up card to the other seat's hand: its face-down card alone, the reader's line
    second = page.find(f"{one} [data-place='pile 2 up']")[0].get_attribute("data-edit")
    page.find(f"{one} .card[data-edit='{second}']")[0].click()
    page.find(f"{two} .seat-head")[0].click()
    page.until(lambda: "face-down card" in page.text("edit-problem"), "the reader's line")
    assert page.state()["position"] == swapped["position"]
    page.find(f"{two} .hand .card[data-edit='{second}']")[0].click()  # back, on the empty place
    page.find(f"{one} .card.slot[data-place='pile 2 up']")[0].click()
    page.until(lambda: page.text("edit-problem") == "", "the pile whole again")
    page.click("edit-done")
    page.until(lambda: page.find("#edit-tools[hidden]"), "the edit finished")
    assert page.state()["position"] == swapped["position"]
    assert parse_qs(urlparse(page.driver.current_url).query)["p"][0] == swapped["position"]


def test_a_whole_game_to_a_target_or_for_rounds_is_started_from_the_page(page: Page) -> None:
    page.open("game=whist&seed=2")
    page.click("whole")
    assert page.find("#target-label[hidden]") and page.find("#rounds-label[hidden]")
    for game, field, choice in (("chinese-whist", "target", "5"), ("chinkway", "rounds", "2")):
        Select(page.driver.find_element(By.ID, "game")).select_by_value(game)
        page.until(lambda field=field: page.find(f"#{field}-label:not([hidden])"), f"the {field}")
        other = "rounds" if field == "target" else "target"
        assert page.find(f"#{other}-label[hidden]"), f"{game} takes no {other}"
        if field == "target":
            Select(page.driver.find_element(By.ID, "target")).select_by_value(choice)
        else:
            page.type_in("rounds", choice)
        board = page.body("board")
        page.driver.find_element(By.CSS_SELECTOR, "#deal-form button[type=submit]").click()
        page.until(lambda board=board: page.body("board") != board, "the whole game dealt")
        sheet = page.state()["whole"]
        assert sheet[field] == int(choice) and sheet[other] is None, sheet
        ends = "to 5 points" if field == "target" else "2 rounds"
        assert ends in page.find("#sheet caption")[0].text


def test_a_whole_game_is_played_to_its_end_with_the_score_sheet_beside_the_table(
    page: Page,
) -> None:
    page.open("game=cinch&seed=1")
    page.click("whole")
    ply = page.body("board")
    page.driver.find_element(By.CSS_SELECTOR, "#deal-form button[type=submit]").click()
    page.until(lambda: page.body("board") != ply, "the whole game dealt")
    key = page.body("board")
    assert page.find("#sheet table.sheet") and "Hand 1:" in page.text("status")
    seats = {"seats": "heuristic", "people": []}  # the engine at every seat
    assert httpx2.post(f"{page.url}/api/boards/{key}/seats", json=seats).status_code == 200
    page.open(f"b={key}")  # the address holds the board: reloaded, it plays on
    page.until(lambda: page.body("turn") == "over", "the game's end")
    sheet = page.state()["whole"]
    rows = page.find("#sheet table.sheet tbody tr")
    assert sheet["over"] and len(rows) == len(sheet["hands"]) + 1 > 2
    cells = [td.text for td in rows[-1].find_elements(By.TAG_NAME, "td")]
    assert cells[2:] == [str(t) for t in sheet["totals"]]
    assert "The game is over: won by" in page.text("status")
