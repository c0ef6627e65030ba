"""The `tricksolver` command line: deal, show, help, and one-line errors.

Commands run through click's CliRunner; one test runs the installed console
script in a real process, to see the exit status and stderr a user gets.
Bad positions are made from a good one's keys (`Position.to_fields`) with
one key changed, written back with `solver.notation.to_line`.
"""

from __future__ import annotations

import random
import re
import runpy
import shutil
import subprocess
import sys
import sysconfig
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import solver
from solver import Phase, Position
from solver.cards import NOTRUMP
from solver.notation import to_line
from tests.cli_helpers import ERROR_PREFIX, assert_one_line_error, run

DEALS = [  # (GAME argument, --players), every game and player count
    ("whist", None),
    ("chinkway", None),
    ("chinese-whist", 2),
    ("chinese-whist", 3),
    ("chinese-whist", 4),
    ("cinch", None),
]
DEAL_IDS = [f"{g}-{n}" if n else g for g, n in DEALS]
EXAMPLES = ["whist", "chinkway", "chinese-whist", "chinese-whist-2", "chinese-whist-3", "cinch"]
TITLES = {
    "whist": "Whist",
    "chinkway": "Chinkway",
    "chinese-whist": "Chinese Whist",
    "cinch": "Cinch",
}
ANSI_ESCAPE = re.compile(r"\x1b\[")


def deal_args(game: str, players: int | None, seed: int = 1) -> list[str]:
    return ["deal", game, "--seed", str(seed)] + (["--players", str(players)] if players else [])


def with_key(pos: Position, key: str, value: Any) -> str:
    """The one-line form of `pos` with one key changed."""
    fields = pos.to_fields()
    fields[key] = value
    return to_line(fields)


def example_text(name: str) -> str:
    path = resources.files("solver").joinpath("examples", f"{name}.toml")
    return path.read_text(encoding="utf-8")


# -- deal ---------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), DEALS, ids=DEAL_IDS)
def test_deal_prints_the_position_as_toml(game: str, players: int | None) -> None:
    result = run(*deal_args(game, players))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f'game = "{game}"')
    pos = solver.parse_position(result.stdout)
    assert pos == solver.deal(game, players=players, seed=1)
    assert pos.nseats == (players or {"whist": 4, "chinkway": 5, "cinch": 4}[game])
    assert result.stderr == ""  # the seed is printed only when it was not given


@pytest.mark.parametrize(("game", "players"), DEALS, ids=DEAL_IDS)
def test_deal_with_the_same_seed_prints_the_same_position(game: str, players: int | None) -> None:
    first, again = run(*deal_args(game, players, 77)), run(*deal_args(game, players, 77))
    other = run(*deal_args(game, players, 78))
    assert first.stdout == again.stdout
    assert first.stdout != other.stdout


@pytest.mark.parametrize(("game", "players"), DEALS, ids=DEAL_IDS)
def test_deal_line_reads_back_to_the_same_position(game: str, players: int | None) -> None:
    line = run(*deal_args(game, players, 5), "--line")
    toml = run(*deal_args(game, players, 5))
    assert line.exit_code == 0
    assert len(line.stdout.splitlines()) == 1
    assert solver.parse_position(line.stdout) == solver.parse_position(toml.stdout)
    assert solver.parse_position(line.stdout).to_line() == line.stdout.strip()


def test_deal_without_seed_prints_the_seed_that_reproduces_it() -> None:
    result = run("deal", "cinch")
    assert result.exit_code == 0
    match = re.fullmatch(r"seed: (\d+)\n", result.stderr)
    assert match, result.stderr
    assert run("deal", "cinch", "--seed", match.group(1)).stdout == result.stdout


def test_deal_whist_with_a_trump() -> None:
    result = run("deal", "whist", "--seed", "3", "--trump", "NT", "--line")
    assert solver.parse_position(result.stdout).trump == NOTRUMP  # type: ignore[attr-defined]


def test_deal_accepts_cw_for_chinese_whist() -> None:
    alias, name = run("deal", "cw", "--seed", "2"), run("deal", "chinese-whist", "--seed", "2")
    assert alias.stdout == name.stdout


# -- show -----------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLES)
def test_show_draws_every_bundled_example(name: str) -> None:
    result = run("show", "--example", name)
    assert result.exit_code == 0, result.output
    pos = solver.parse_position(example_text(name))
    out = result.stdout
    assert TITLES[pos.game] in out
    n = len(pos.legal_moves())
    assert f"{n} legal move{'' if n == 1 else 's'} for {pos.seat_name(pos.to_move)}" in out
    for move in pos.legal_moves():
        assert str(move) in out
    assert ANSI_ESCAPE.search(out) is None  # not a terminal: no colours


def test_bundled_examples_are_those_make_examples_writes() -> None:
    script = Path(str(resources.files("solver").joinpath("examples", "make_examples.py")))
    module = runpy.run_path(str(script), run_name="make_examples")
    assert sorted(e.name for e in module["EXAMPLES"]) == sorted(EXAMPLES)
    for example in module["EXAMPLES"]:
        assert module["make"](example) == example_text(example.name), f"rerun {script}"


def test_show_whist_example_has_the_trick_on_the_table() -> None:
    out = run("show", "--example", "whist").stdout
    pos = solver.parse_position(example_text("whist"))
    assert pos.current_trick()
    assert f"Trick {sum(pos.tricks_won()) + 1}" in out
    assert "N-S:" in out and "E-W:" in out


def test_show_chinese_whist_shows_piles_face_down_and_turned_up() -> None:
    out = run("show", "--example", "chinese-whist").stdout
    pos = solver.parse_position(example_text("chinese-whist"))
    assert isinstance(pos, solver.ChineseWhist)
    assert "Piles" in out and "▒▒" in out
    turned = [
        under
        for seat in pos.iter_seats()
        for top, under, face_down in pos.pile_view(seat)
        if top is None and under is not None and not face_down
    ]
    assert turned
    for card in turned:
        assert card.rank_char + card.suit.symbol in out


def test_show_chinkway_shows_claims_and_needs() -> None:
    out = run("show", "--example", "chinkway").stdout
    assert "claims" in out and "needs" in out and "Quest" in out


def test_show_cinch_shows_bids_contract_and_points() -> None:
    out = run("show", "--example", "cinch").stdout
    assert "Bids" in out and "Contract" in out and "holds" in out


def test_show_says_final_when_the_hand_is_over() -> None:
    pos = solver.deal("whist", seed=4)
    while not pos.is_over:
        pos.play(pos.legal_moves()[0])
    out = run("show", pos.to_line()).stdout
    assert "score (final)" in out
    assert "no legal moves" in out


@pytest.mark.parametrize(("game", "players"), DEALS, ids=DEAL_IDS)
def test_show_reads_a_file_stdin_and_a_line(game: str, players: int | None, tmp_path: Path) -> None:
    toml = run(*deal_args(game, players, 9)).stdout
    line = run(*deal_args(game, players, 9), "--line").stdout.strip()
    path = tmp_path / "hand.toml"
    path.write_text(toml, encoding="utf-8")
    drawings = [
        run("show", str(path)),
        run("show", "-", input=toml),
        run("show", "-", input=line),
        run("show", line),
    ]
    for result in drawings:
        assert result.exit_code == 0, result.output
    assert len({r.stdout for r in drawings}) == 1
    assert TITLES[game] in drawings[0].stdout


def test_show_reads_a_bare_pbn_deal() -> None:
    pbn = "N:AK.Q.. QJ.K.. T9.A.. 87...A"
    result = run("show", pbn)
    assert result.exit_code == 0, result.output
    assert "Whist" in result.stdout and "♠ AK" in result.stdout
    assert run("show", "-", input=pbn + "\n").stdout == result.stdout


@pytest.mark.parametrize(("game", "players"), DEALS, ids=DEAL_IDS)
def test_show_draws_every_decision_of_a_random_hand(game: str, players: int | None) -> None:
    """Every phase of every game draws: bids, discards, trump, play, claims, over."""
    pos = solver.deal(game, players=players, seed=12)
    rng = random.Random(12)
    phases = set()
    while True:
        result = run("show", pos.to_line())
        assert result.exit_code == 0, result.output
        phases.add(pos.phase)
        if pos.is_over:
            break
        pos.play(rng.choice(pos.legal_moves()))
    assert {Phase.PLAY, Phase.OVER} <= phases


def test_show_width_and_no_color() -> None:
    wide = run("show", "--example", "cinch", "--width", "120", "--no-color").stdout
    assert max(len(line) for line in wide.splitlines()) > 80
    assert ANSI_ESCAPE.search(wide) is None


# -- help and version -------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["deal"], ["show"]], ids=["group", "deal", "show"])
def test_help_has_a_description_and_examples(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "EXAMPLES" in result.stdout
    examples = result.stdout.split("EXAMPLES", 1)[1]
    assert "\n    tricksolver " in examples  # example lines kept unwrapped


def test_show_help_lists_the_bundled_examples() -> None:
    out = run("show", "--help").stdout
    for name in EXAMPLES:
        assert name in out


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert solver.__version__ in result.stdout


# -- bad input: one line, exit status 2 ------------------------------------------------


def whist_deal() -> Position:
    return solver.deal("whist", seed=1)


def bad_unknown_card() -> str:
    hands = whist_deal().to_fields()["hands"]
    return with_key(whist_deal(), "hands", [hands[0].replace(hands[0][0], "X", 1), *hands[1:]])


def bad_card_twice() -> str:
    pos = whist_deal()
    east_card = next(iter(pos.holding(1)))
    north = sorted(pos.holding(0))[1:] + [east_card]  # same count, one card of E's
    return with_key(pos, "hands", [str(solver.CardSet(north)), *pos.to_fields()["hands"][1:]])


def bad_hand_sizes() -> str:
    pos = whist_deal()
    north = solver.CardSet(sorted(pos.holding(0))[1:])
    return with_key(pos, "hands", [str(north), *pos.to_fields()["hands"][1:]])


def bad_revoke() -> str:
    """The second seat discards while it holds the suit led."""
    pos = whist_deal()
    for lead in pos.legal_moves():
        assert lead.card is not None
        second = pos.holding((pos.to_move + 1) % 4)
        others = [c for c in second if c.suit != lead.card.suit]
        if second.suit(lead.card.suit) and others:
            return with_key(pos, "play", f"{lead} {others[0]}")
    raise AssertionError("no revoke in this deal")


def bad_covered_pile_card() -> str:
    pos = solver.deal("chinese-whist", seed=1)
    pos.play("trump S")
    assert isinstance(pos, solver.ChineseWhist)
    top, under = pos.piles[pos.to_move][0]
    assert under is not None
    return with_key(pos, "play", str(under))


def bad_chinkway_claim() -> str:
    """A starred card whose quest category the winner's side does not need."""
    for seed in range(50):
        pos = solver.deal("chinkway", seed=seed)
        while not pos.is_over:
            if pos.phase == Phase.CLAIM:
                claimable = {m.card for m in pos.legal_moves()}
                unneeded = [c for _, c in pos.current_trick() if c not in claimable]
                if unneeded:
                    tricks = pos.play_text().split(" | ")
                    star = str(unneeded[0])
                    tricks[-1] = " ".join(t + "*" if t == star else t for t in tricks[-1].split())
                    return with_key(pos, "play", " | ".join(tricks))
            pos.play(pos.legal_moves()[0])
    raise AssertionError("no trick with a card nobody needs")


def bad_cinch_bid() -> str:
    pos = solver.deal("cinch", seed=1)
    return with_key(pos, "bids", "2 1")


def bad_cinch_notrump() -> str:
    pos = solver.deal("cinch", seed=1)
    for call in ("bid 2", "pass", "pass", "pass"):
        pos.play(call)
    return with_key(pos, "trump", "NT")


BAD_POSITIONS = {  # a bad position, and words its one error line must hold
    "unknown card in a hand": (bad_unknown_card, ["hand N", "unknown rank 'X'"]),
    "a card twice": (bad_card_twice, ["hand N", "hand E"]),
    "wrong hand sizes": (bad_hand_sizes, ["same number of cards", "N 12"]),
    "revoke in play": (bad_revoke, ["play: trick 1", "must follow suit"]),
    "covered pile card played": (bad_covered_pile_card, ["play: trick 1", "covered"]),
    "claim of an unneeded card": (bad_chinkway_claim, ["cannot be claimed", "claimable:"]),
    "cinch bid not higher": (bad_cinch_bid, ["bids:", "may not call 1"]),
    "cinch no trumps": (bad_cinch_notrump, ["trump must be a suit in Cinch"]),
    "unknown key": (lambda: whist_deal().to_line() + "; colour=red", ["unknown key", "colour"]),
    "bad TOML": (lambda: 'game = "whist"\nhands = [', ["not valid TOML"]),
}


@pytest.mark.parametrize("case", list(BAD_POSITIONS))
def test_show_bad_position_is_one_error_line(case: str) -> None:
    make, words = BAD_POSITIONS[case]
    text = make()
    assert_one_line_error(run("show", text), *words)
    assert_one_line_error(run("show", "-", input=text), *words)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["deal", "poker"], ["unknown game 'poker'"]),
        (["deal", "whist", "--trump", "X"], ["unknown trump 'X'"]),
        (["deal", "cinch", "--trump", "S"], ["--trump is for whist"]),
        (["deal", "chinkway", "--players", "4"], ["chinkway is for 5 players"]),
        (["deal", "cw", "--players", "5"], ["2, 3 or 4 players"]),
        (["show", "no/such/file.toml"], ["no/such/file.toml", "no such file"]),
        (["show", "--example", "bridge"], ["no example 'bridge'", "whist"]),
    ],
    ids=[
        "unknown game",
        "unknown trump",
        "trump in cinch",
        "chinkway players",
        "chinese whist players",
        "missing file",
        "unknown example",
    ],
)
def test_bad_arguments_are_one_error_line(args: list[str], words: list[str]) -> None:
    assert_one_line_error(run(*args), *words)


def test_bad_random_deal_prints_no_seed() -> None:
    assert_one_line_error(run("deal", "poker"), "unknown game")


def test_show_empty_stdin_is_an_error() -> None:
    assert_one_line_error(run("show", "-", input=""), "empty position")


def test_show_directory_is_an_error(tmp_path: Path) -> None:
    assert_one_line_error(run("show", str(tmp_path)), "is a directory")


def test_show_binary_file_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "hand.toml"
    path.write_bytes(b"\xff\xfe\x00game")
    assert_one_line_error(run("show", str(path)), "not a text file")


def test_usage_errors_keep_status_2() -> None:
    assert run("show").exit_code == 2  # neither POSITION nor --example
    assert run("show", "x", "--example", "whist").exit_code == 2
    assert run("deal").exit_code == 2  # no GAME
    assert run("deal", "whist", "--seed", "many").exit_code == 2


def console_script() -> str:
    found = shutil.which("tricksolver") or shutil.which(
        "tricksolver", path=sysconfig.get_path("scripts")
    )
    if found is None:
        candidate = Path(sys.executable).parent / "tricksolver"
        found = str(candidate) if candidate.exists() else None
    assert found is not None, "the tricksolver console script is not installed (pip install -e .)"
    return found


@pytest.mark.parametrize(
    "args",
    [["show", bad_revoke()], ["show", "no-such-file.toml"], ["deal", "poker"]],
    ids=["revoke", "missing file", "unknown game"],
)
def test_console_script_exits_2_without_traceback(args: list[str]) -> None:
    done = subprocess.run([console_script(), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(ERROR_PREFIX)
