"""Bad input of every kind raises a TricksolverError with one line: the
inputs an outside fuzzing run found escaping as OverflowError,
RecursionError, ValueError; the limits of docs/rules.md 8.1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import solver
from solver import NotationError, TricksolverError
from solver.notation import MAX_DIGITS, MAX_FILE_TEXT, MAX_TEXT
from solver.wholegame import WholeGame
from tests.cli_helpers import assert_one_line_error, run

DEEP = 5_000  # nesting past what Python's TOML parser can follow
GOOD_SAVE_HEAD = 'game = "whist"\nplayers = 4\ndealer = 1\nscores = [0, 0, 0, 0]\nhand = 1\n'

POSITIONS = {
    "infinite players": 'game = "chinese-whist"\nplayers = inf\n',
    "players past a float": 'game = "chinese-whist"\nplayers = 1e309\n',
    "a fraction": 'game = "chinese-whist"\nplayers = 3.5\n',
    "nested arrays": 'game = "whist"\nhands = ' + "[" * DEEP + "]" * DEEP + "\n",
    "a superscript seat": "whist; dealer=²; hands=N:AK... QJ... T9... 87...",
    "an Arabic-Indic seat": "whist; leader=٣; hands=N:AK... QJ... T9... 87...",
    "a seed of thousands of digits": 'game = "cinch"\nseed = ' + "6" * 5_000 + "\n",
    "a seed past 20 digits": "cinch; seed=" + "1" * (MAX_DIGITS + 1),
    "a superscript count": 'game = "chinese-whist"\nplayers = "³"\n',
    "a text too long": "whist; play=" + "ZZ " * (MAX_TEXT // 3 + 1),
}


@pytest.mark.parametrize("text", POSITIONS.values(), ids=POSITIONS.keys())
def test_a_bad_position_raises_one_notation_error(text: str) -> None:
    with pytest.raises(TricksolverError) as caught:
        solver.parse_position(text)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("text", POSITIONS.values(), ids=POSITIONS.keys())
def test_a_bad_position_is_one_line_at_the_command_line(text: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = run("show", str(path))
    assert_one_line_error(result)


def test_a_bad_view_raises_one_notation_error() -> None:
    view = solver.view_of(solver.deal("whist", seed=1), 0).to_line()
    with pytest.raises(NotationError, match="unknown seat"):
        solver.parse_view(re.sub(r"seat=\w+", "seat=²", view))


SAVED = {
    "nested": 'game = "whist"\nx = ' + "[" * DEEP + "]" * DEEP + "\n",
    "a seed past 20 digits": re.sub(
        r"(?m)^seed = .*$", "seed = " + "9" * 25, WholeGame.new("whist", seed=1).to_toml()
    ),
    "a seed of thousands of digits": GOOD_SAVE_HEAD + "seed = " + "9" * 5_000 + "\n",
    "too long": GOOD_SAVE_HEAD + "#" * (MAX_TEXT + 1) + "\n",
}


@pytest.mark.parametrize("text", SAVED.values(), ids=SAVED.keys())
def test_a_bad_saved_game_raises_one_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="saved game"):
        WholeGame.from_toml(text)


def test_a_file_far_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as f:  # sparse: no disk used
        f.truncate(4 * MAX_FILE_TEXT + 1)  # more than even a file of many boards may be
    result = run("show", str(path))
    assert_one_line_error(result, "huge.toml", "larger than")


def test_good_whole_numbers_still_read() -> None:
    line = solver.deal("chinese-whist", players=3, seed=1).to_line()
    assert solver.parse_position(line.replace("players=3", "players=+3")).nseats == 3
    toml = solver.deal("chinese-whist", players=3, seed=1).to_toml()
    assert solver.parse_position(toml).nseats == 3


@pytest.mark.parametrize(
    "args,words",
    [
        (["match", "whist", "--seats", "random,heuristic", "--deals", "0"], ["--deals"]),
        (["match", "whist", "--seats", "random,heuristic", "--deals", "10000000000"], ["--deals"]),
        (["analyze", "--no-such-option"], ["--no-such-option", "analyze --help"]),
        (["no-such-command"], ["no-such-command"]),
        (["play", "cinch", "--max-hands", "0"], ["--max-hands"]),
    ],
)
def test_a_usage_error_is_one_line(args: list[str], words: list[str]) -> None:
    """click's usage errors (a value out of range, an unknown option or
    command) are one line and status 2 too, as every other bad input."""
    assert_one_line_error(run(*args), *words)


@pytest.mark.parametrize(
    "command",
    [["show"], ["analyze"], ["table"], ["recommend", "--seat", "1"]],
)
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_argument_is_said_to_be_empty(command: list[str], empty: str) -> None:
    """Not ': is a directory' (an empty path is the current folder)."""
    result = run(command[0], empty, *command[1:])
    assert_one_line_error(result, "an empty argument is no position")
    with pytest.raises(NotationError, match="an empty argument is no position"):
        solver.load_view(empty)
