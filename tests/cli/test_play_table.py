"""The table of `play` in a terminal (`cli/render_table.py`, ``--live``).

The table is drawn to a rich console that takes itself for a terminal, at a
fixed width, and read back as text: for every game what it shows spectators
(every hand, the trick in progress and the last, tricks won, trump, dealer,
totals, the game's own rows) and what it shows a person (their own cards,
the others face down, dummy face up).  Scripted games in live mode run to
their end; without --live (not a terminal: the tests' runner) the output is
the narration, which tests/cli/test_play_cli.py checks unchanged.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from solver.cards import CardSet, Suit
from solver.cli.play import board_game, live_table
from solver.cli.render_table import LiveTable, Tricks, table_view
from solver.games.registry import game_of
from solver.heuristics import seat_knowledge
from solver.players import HeuristicPlayer, Player
from solver.view import View
from solver.wholegame import Step, WholeGame
from tests.cli_helpers import run
from tests.games.test_dummy import MATCH_LIN, Witness
from tests.randpos import VARIANTS

WIDTH = 110
STEPS_INTO_PLAY = 6  # moves made after the first lead before the table is drawn
# What each game draws of its own (its rows, panels, state): a label the table shows.
OWN_PARTS = {
    "whist": [],
    "chinkway": ["Quest", "claims"],
    "chinese-whist": ["Piles", "down"],
    "cinch": ["Bids", "Contract"],
}


def terminal() -> Console:
    return Console(force_terminal=True, width=WIDTH, record=True, color_system="truecolor")


def drawn(renderable: object) -> str:
    console = terminal()
    console.print(renderable)
    return console.export_text()


def game_in_play(game: str, players: int, seed: int) -> tuple[WholeGame, Tricks, list[Step]]:
    """A game some moves after its first lead, and the tricks followed."""
    whole = WholeGame.new(game, players=players, seed=seed)
    lineup = [HeuristicPlayer() for _ in range(whole.nseats)]
    tricks = Tricks()
    tricks.follow(whole.position)
    steps = []
    while whole.position.core is None:
        steps.append(whole.step(lineup))
    tricks.follow(whole.position)
    for _ in range(STEPS_INTO_PLAY):
        step = whole.step(lineup)
        tricks.step(step)
        steps.append(step)
    return whole, tricks, steps


def suit_text(cards: CardSet, suit: Suit) -> str:
    """One suit of a hand as the table writes it."""
    held = cards.holding(suit)
    return f"{suit.symbol} {held or '—'}"


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_the_table_shows_spectators_every_hand_the_tricks_and_the_games_parts(
    game: str, players: int
) -> None:
    whole, tricks, _ = game_in_play(game, players, seed=3)
    pos = whole.position
    names = [f"player{s}" for s in range(whole.nseats)]
    text = drawn(table_view(whole, names, tricks))
    lines = text.splitlines()
    title = lines[0]
    rules = game_of(pos)
    assert title.startswith(f"{rules.title}, {rules.hand_word} 1")
    assert f"dealer {pos.seat_name(pos.dealer)}" in title and "trump " in title
    assert "totals " in title
    for s in range(pos.nseats):
        row = next(x for x in lines if f"player{s}" in x)
        assert row.split()[0] in ("▸", pos.seat_name(s))
        assert ("▸" in row) == (s == pos.to_move)
        cards = pos.hand_now(s)
        for suit in Suit:  # every hand, a card player's way: ♠ AKQ2  ♥ —
            assert suit_text(cards, suit) in row, (s, row)
        assert row.rstrip().endswith(str(pos.tricks_won()[s]))
    assert "(dealer)" in next(x for x in lines if f"player{pos.dealer}" in x)
    if tricks.current:
        trick_line = next(x for x in lines if x.startswith("Trick "))
        for seat, card in tricks.current:
            assert f"{card.rank_char}{card.suit.symbol} {pos.seat_name(seat)}" in trick_line
    if tricks.last:
        assert any(x.startswith("Last trick") for x in lines)
    for label in OWN_PARTS[game]:
        assert label in text, label
    assert len(lines) <= 12 + 2 * pos.nseats  # compact: one row a seat


@pytest.mark.parametrize(("game", "players"), VARIANTS)
def test_a_person_sees_their_cards_and_the_others_face_down(game: str, players: int) -> None:
    whole, tricks, _ = game_in_play(game, players, seed=4)
    pos = whole.position
    me = (pos.to_move + 1) % pos.nseats  # not the seat to move
    names = ["heuristic"] * pos.nseats
    sight = seat_knowledge(pos, me)
    lines = drawn(table_view(whole, names, tricks, sight, me)).splitlines()
    for s in range(pos.nseats):
        row = next(x for x in lines if x.lstrip("▸ ").startswith(f"{pos.seat_name(s)} "))
        if s == me:
            assert "you" in row
            assert all(suit_text(pos.hand_now(s), suit) in row for suit in Suit)
        else:
            assert f"{sight.hidden[s]} card" in row and "face down" in row
            assert not any(suit.symbol in row for suit in Suit)  # no card of theirs


def test_a_defender_sees_dummy_face_up_and_declarer_plays_it() -> None:
    whole = board_game((MATCH_LIN, "3c"), 1)
    lineup: list[Player] = [HeuristicPlayer() for _ in range(4)]
    tricks = Tricks()
    tricks.follow(whole.position)
    before = drawn(table_view(whole, ["h"] * 4, tricks, seat_knowledge(whole.position, 3), 3))
    assert "♠ AT8" not in before  # before the lead, dummy (S) is face down
    tricks.step(whole.step(lineup))  # E leads
    pos = whole.position
    assert pos.to_move == 2  # dummy's turn, declarer (N) decides
    after = drawn(table_view(whole, ["h"] * 4, tricks, seat_knowledge(pos, 3), 3))
    s_row = next(x for x in after.splitlines() if x.lstrip("▸ ").startswith("S "))
    assert "♠ AT8  ♥ AQJ932  ♦ AQ8  ♣ 6" in s_row
    declarer = drawn(table_view(whole, ["h"] * 4, tricks, seat_knowledge(pos, 2), 0))
    assert "You play dummy's cards now (S)" in declarer
    n_row = next(x for x in declarer.splitlines() if x.lstrip("▸ ").startswith("N "))
    assert "♠ K753" in n_row and "you" in n_row


def test_the_live_table_redraws_in_place() -> None:
    """After every move the same region is redrawn (the cursor moved back
    up over the table and the lines erased), not a new block printed under
    the last."""
    buffer = io.StringIO()
    console = Console(force_terminal=True, width=WIDTH, file=buffer)
    whole = WholeGame.new("whist", seed=2)
    table = LiveTable(whole, ["heuristic"] * 4, console)
    lineup = [HeuristicPlayer() for _ in range(4)]
    table.follow()
    moves = 8
    for _ in range(moves):
        table.step(whole.step(lineup))
    table.stop()
    raw = buffer.getvalue()
    assert raw.count("Whist, hand 1") == moves  # drawn once a move...
    height = 1 + 2 + 4 + 1  # title, header and rule, the seats, the trick
    assert raw.count("\x1b[1A\x1b[2K") >= (moves - 1) * (height - 1)  # ...each over the last


@pytest.mark.parametrize(("game", "players"), [("whist", None), ("cinch", None), ("cw", "3")])
def test_a_game_in_live_mode_plays_to_its_end(game: str, players: str | None) -> None:
    args = ["play", game, "--seed", "5", "--live"]
    if players:
        args += ["--players", players, "--target", "5"]
    result = run(*args)
    assert result.exit_code == 0, result.output[-2000:]
    assert "\x1b[" in result.stdout  # drawn for a terminal
    assert "Game over after" in result.stdout


def test_a_person_plays_a_board_in_live_mode_to_its_end() -> None:
    """A scripted declarer (N), dummy's cards too, at the live table."""
    whole = board_game_played(4)
    chosen = [str(HeuristicPlayer().choose(v, random.Random(0))).lower() for v in whole[1]]
    result = run("play", "--board", MATCH_LIN, "3c", "--seed", "4", "--human", "N", "--live",
                 input="\n".join(chosen) + "\n")  # fmt: skip
    out = result.stdout
    assert result.exit_code == 0, out[-3000:]
    assert "Your move for dummy, seat S> " in out and "Your move, seat N> " in out
    assert "You play dummy's cards now (S)" in out
    assert "Game over after 1 hand" in out
    assert out.count("\x1b[2J") >= len(chosen)  # the screen cleared for each of their tables


def board_game_played(seed: int) -> tuple[WholeGame, list[View]]:
    """Board 3c played with N noting its decisions of a choice (its and dummy's)."""
    whole = board_game((MATCH_LIN, "3c"), seed)
    witness = Witness()
    lineup: list[Player] = [HeuristicPlayer() for _ in range(4)]
    lineup[0] = witness
    list(whole.run(lineup))
    return whole, [v for v in witness.views if len(v.legal_moves()) > 1]


def test_live_and_json_are_one_or_the_other() -> None:
    result = run("play", "whist", "--live", "--json")
    assert result.exit_code == 2 and "--live and --json" in result.stderr


def test_without_a_terminal_play_tells_the_game_line_by_line() -> None:
    plain = run("play", "whist", "--seed", "5")
    assert plain.stdout == run("play", "whist", "--seed", "5", "--no-live").stdout
    assert "\x1b[" not in plain.stdout and "  Trick 1: " in plain.stdout


class Tty(io.StringIO):
    """Standard output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("tty", "live", "as_json", "drawn_live"),
    [(True, None, False, True), (True, None, True, False), (False, None, False, False),
     (False, True, False, True), (True, False, False, False)],
)  # fmt: skip
def test_the_live_table_is_the_default_on_a_terminal_alone(
    tty: bool, live: bool | None, as_json: bool, drawn_live: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdout", Tty() if tty else io.StringIO())
    whole = WholeGame.new("whist", seed=1)
    table = live_table(whole, ["heuristic"] * 4, None, live, as_json)
    assert (table is not None) == drawn_live
