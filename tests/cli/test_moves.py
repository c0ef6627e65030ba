"""One way to reach any decision, a README whose first command does the
main job and a bad --save path refused up front.

- `solver.moves.apply_moves`: moves in the game's notation, all or nothing,
  a bad move named with its number; the decisions before play of
  Chinkway, Cinch and Chinese Whist reach the first lead.
- `--moves` on every command that takes a position, and `tricksolver move`.
- A saved game (``play --save``) wherever a position is taken: its hand.
- `show` draws a view; `recommend --seat` defaults to the seat to move.
- The examples these add to the --help texts, the docs and the README run
  (tests/project/test_examples.py runs every example).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

import solver
from solver import Phase, Position
from solver.errors import IllegalMoveError
from solver.moves import apply_moves, read_position, saved_position, split_moves
from solver.wholegame import WholeGame
from tests.cli_helpers import assert_one_line_error, run
from tests.paths import ROOT

# the moves before play that take a deal of seed 7 to its first lead
TO_FIRST_LEAD = {
    "chinkway": "discard AS, discard KS, trump S",
    "cinch": "pass, pass, pass, pass, trump S",
    "chinese-whist": "trump S",
}


def deal7(game: str) -> Position:
    return solver.deal(game, seed=7)


# -- the API -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(TO_FIRST_LEAD))
def test_the_moves_before_play_reach_the_first_lead(game: str) -> None:
    pos = deal7(game)
    after = apply_moves(pos, TO_FIRST_LEAD[game])
    assert after.phase == Phase.PLAY
    assert pos.phase != Phase.PLAY, "the position given is not changed"
    # the same as making them one by one
    by_hand = pos.copy()
    for m in split_moves(TO_FIRST_LEAD[game]):
        by_hand.play(m)
    assert after.to_line() == by_hand.to_line()


def test_a_bad_move_is_named_with_its_number_and_nothing_is_applied() -> None:
    pos = deal7("chinkway")
    before = pos.to_line()
    with pytest.raises(IllegalMoveError) as e:
        apply_moves(pos, "discard AS, discard 2C, trump S")
    text = str(e.value)
    assert text.startswith("move 2 of 3 ('discard 2C'")
    assert "no move applied" in text
    assert pos.to_line() == before
    with pytest.raises(IllegalMoveError, match="move 1 of 1 .'frobnicate'"):
        apply_moves(pos, "frobnicate")
    with pytest.raises(IllegalMoveError, match="single commas"):
        apply_moves(pos, "discard AS,, discard KS")


def test_a_move_past_the_end_of_the_hand_is_refused() -> None:
    pos = solver.parse_position("N:A... K... Q... J...")
    with pytest.raises(IllegalMoveError, match="move 5 of 5 .*the hand is over"):
        apply_moves(pos, "KS, QS, JS, AS, AS")  # E leads: left of the deal's first seat


def test_a_saved_game_reads_as_its_hand_in_play(tmp_path: Path) -> None:
    game = WholeGame.new("cinch", seed=3)
    for _ in range(5):
        game.play(game.position.legal_moves()[0])
    path = tmp_path / "game.toml"
    game.save(path)
    pos = saved_position(path.read_text(encoding="utf-8"))
    assert pos is not None and pos.to_line() == game.position.to_line()
    assert saved_position(pos.to_toml()) is None  # a position is not a saved game
    assert read_position(path.read_text(encoding="utf-8")).to_line() == pos.to_line()


# -- the command line ---------------------------------------------------------------------


def test_move_prints_the_position_reached() -> None:
    line = deal7("chinkway").to_line()
    result = run("move", line, TO_FIRST_LEAD["chinkway"], "--line")
    assert result.exit_code == 0, result.output
    pos = solver.parse_position(result.stdout)
    assert pos.phase == Phase.PLAY and pos.trump == 0


def test_move_names_a_bad_move_in_one_line() -> None:
    line = deal7("cinch").to_line()
    assert_one_line_error(run("move", line, "pass, bid 9"), "move 2 of 2", "'bid 9'")


WHIST_TRICKS = "AS, QS, KS, 8S, 9S, 4S, JS, 5S, TS, 2S, 6S, TH, 7H, JH, QH, AH"  # seed 3


@pytest.mark.parametrize("command", ["show", "analyze", "table", "recommend"])
def test_every_command_that_takes_a_position_takes_moves(command: str) -> None:
    line = solver.deal("whist", seed=3).to_line()
    moves = WHIST_TRICKS  # four tricks in
    extra = {"recommend": ["--samples", "4", "--jobs", "1", "--json"], "analyze": ["--json"]}
    if command == "table":  # a table is of a deal before its first card
        line, moves = deal7("chinese-whist").to_line(), ""  # --moves "" makes none
        extra["table"] = ["--json", "--max-nodes", "1000"]
    result = run(command, line, "--moves", moves, *extra.get(command, []))
    assert result.exit_code == 0, result.output
    first = "trump S" if command == "table" else "AS"
    bad = run(command, line, "--moves", f"{first}, 9Z", *extra.get(command, []))
    assert_one_line_error(bad, "move 2 of 2", "'9Z'")


def test_analyze_takes_moves_after_a_pbn_deal() -> None:
    result = run("analyze", "--pbn", "N:A... K... Q... J...", "--leader", "N", "--moves", "AS")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", ["show", "analyze", "recommend"])
def test_a_saved_game_is_taken_as_a_position(command: str, tmp_path: Path) -> None:
    """A whole whist game is one deal: saved at its end, its hand is over
    (`show` draws it, the searches say so in one line)."""
    saved = tmp_path / "game.toml"
    played = run("play", "whist", "--seats", "random", "--seed", "3", "--save", str(saved))
    assert played.exit_code == 0, played.output
    assert WholeGame.load(saved).position.is_over
    result = run(command, str(saved))
    if command == "show":
        assert result.exit_code == 0, result.output
        assert "The hand is over" in result.stdout
    else:
        assert_one_line_error(result, "over")


def test_a_saved_game_in_play_is_analysed(tmp_path: Path) -> None:
    saved = tmp_path / "game.toml"
    game = WholeGame.new("cinch", seed=3)
    while game.position.core is None or len(game.position.history) < 12:
        game.play(game.position.legal_moves()[0])
    game.save(saved)
    result = run("analyze", str(saved), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "cinch"
    shown = run("show", str(saved), "--moves", str(game.position.legal_moves()[0]))
    assert shown.exit_code == 0, shown.output


def test_show_draws_a_view_as_its_seat_knows_it() -> None:
    pos = solver.deal("whist", seed=3)
    for _ in range(6):
        pos.play(pos.legal_moves()[0])
    view = solver.view_of(pos, pos.to_move)
    result = run("show", view.to_line(), "--no-color")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"seat {pos.seat_name(pos.to_move)}" in out
    assert "hand N: 12 cards" in out  # the hidden cards as counts, never as cards
    others = [s for s in range(4) if s != pos.to_move]
    for s in others:
        for card in pos.hand_now(s):
            assert f" {card.rank_char}{card.suit.symbol}" not in out
    assert f"{len(view.legal_moves())} legal moves for" in out
    assert_one_line_error(run("show", view.to_line(), "--moves", "JS"), "not a view")


def test_recommend_advises_the_seat_to_move_by_default() -> None:
    pos = solver.deal("whist", seed=3)
    for _ in range(20):
        pos.play(pos.legal_moves()[0])
    result = run("recommend", pos.to_line(), "--samples", "4", "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    seat = json.loads(result.stdout)["seat"]
    assert seat == pos.seat_name(pos.to_move), (seat, pos.to_move)
    decision = run("recommend", deal7("cinch").to_line(), "--samples", "4", "--json")
    assert decision.exit_code == 0, decision.output


def test_a_bad_save_path_is_refused_before_the_game(tmp_path: Path) -> None:
    for bad in [tmp_path, tmp_path / "no" / "such" / "dir.toml"]:
        result = run("play", "whist", "--seats", "random", "--seed", "3", "--save", str(bad))
        assert_one_line_error(result, str(bad))  # nothing played, nothing printed
    good = tmp_path / "new.toml"
    WholeGame.check_save_path(good)
    assert not good.exists(), "the check leaves no file behind"


# -- the README's first commands ---------------------------------------------------------------


def readme_first_commands() -> list[str]:
    """The README's first two shell blocks: install and run, install and test."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", text, flags=re.S)[:2]


def test_the_readme_starts_with_the_main_job_and_the_suite() -> None:
    first, second = readme_first_commands()
    install, command = first.split(" && ")
    assert install == "pip install ."
    words = shlex.split(command)
    assert words[:2] == ["tricksolver", "recommend"]  # the main job, not a drawing
    assert (ROOT / words[2]).is_file(), "a bundled example, in the repository"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert second in ci.splitlines(), ".ci/run runs the README's test command"
    # the command itself runs with every other example (tests/project/test_examples.py)
