"""BBO LIN hand records (solver.games.whist.lin): read (the deal with its
fourth hand inferred, dealer, vulnerability, the auction as text, the
contract it reached, the play), written back equal, malformed records
refused in one line naming the board and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.games.whist.bridge import contract_of
from solver.games.whist.lin import read_calls, read_lin, write_lin
from solver.records import read_boards
from tests.cli_helpers import assert_one_line_error, run
from tests.paths import DATA

SESSION = DATA / "session.lin"


def test_every_board_is_read() -> None:
    boards = read_boards(SESSION.read_text(), "session.lin")
    assert boards is not None and [b.name for b in boards] == ["1", "2"]
    one, two = boards
    assert dict(one.facts) == {
        "Dealer": "N", "Vulnerable": "None", "Contract": "4S", "Declarer": "S", "Result": "10",
        "North": "Bob", "East": "Cy", "South": "Di", "West": "Ann", "Note": "1:to play",
    }  # fmt: skip
    assert one.position.to_fields()["hands"][1] == "A52.JT532.J2.865"  # E, left out, inferred
    assert "trump=S; dealer=N; leader=W" in one.position.to_line()  # 4S by S, N dealt
    assert one.auction == "1C Pass 1S Pass 4S =1= Pass Pass Pass"  # the note: an|to play|
    assert one.play == "4H 8H JH AH"
    assert one.comments == ()
    assert dict(two.facts) == {
        "Dealer": "E",
        "Vulnerable": "NS",
        "Contract": "Pass",
        "Room": "Open",
    }
    assert two.room == "Open"  # qx|o2|
    assert "trump=NT; leader=S" in two.position.to_line()


def test_read_write_read_is_equal() -> None:
    text = SESSION.read_text()
    boards = read_lin(text, "session.lin")
    assert write_lin(boards) == text
    again = read_lin(write_lin(boards))
    assert [(b.tags, b.play, b.position.to_line()) for b in again] == [
        (b.tags, b.play, b.position.to_line()) for b in boards
    ]


def test_the_contract_of_an_auction() -> None:
    def reached(calls: list[str], dealer: int) -> tuple[str, int] | None:
        return contract_of(read_calls([("mb", c) for c in calls], "board"), dealer)

    assert reached(["p", "1H", "p", "2H", "p", "4H", "d", "p", "p", "p"], 0) == ("4HX", 1)
    assert reached(["1N", "p", "3N", "p", "p", "p"], 2) == ("3NT", 2)
    assert reached(["1S", "p", "2C", "r", "3S!", "d", "p", "p", "p"], 3) == ("3SX", 3)
    assert reached(["p", "p", "p", "p"], 0) is None


MD = "md|3SKJ6HAQ6DAQ43CQ97,SQ8HK974D985CAK42,ST9743H8DKT76CJT3,|ah|Board 4|"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (MD.replace("md|3", "md|7"), ["board 4", "md|", "dealer"]),
        (MD.replace("SKJ6H", "SKK6H"), ["board 4", "md|"]),
        (MD.replace(",SQ8HK974D985CAK42,", ",,"), ["board 4", "md|"]),
        (MD + "sv|x|", ["board 4", "sv|"]),
        (MD + "mb|9Z|", ["board 4", "mb|", "9Z"]),
        (MD + "pc|HK|", ["board 4", "pc|HK|", "card 1"]),
    ],
)
def test_a_malformed_record_is_one_warning_and_the_others_go_on(
    tmp_path: Path, text: str, words: list[str]
) -> None:
    """A record that cannot be read whole is told in one warning line naming
    the board and the key (its play cut, or the record skipped), the other
    records are read; --strict refuses the file in one line; a skipped
    record asked for by --board is refused in one line."""
    path = tmp_path / "bad.lin"
    path.write_text(text + "\n" + MD.replace("Board 4", "Board 5") + "\n")
    shown = run("show", str(path), "--json")
    assert shown.exit_code == 0, shown.output
    (line,) = shown.stderr.splitlines()
    assert line.startswith("tricksolver: warning: ") and all(w in line for w in words), line
    assert run("show", str(path), "--board", "5").stderr == ""
    assert_one_line_error(run("show", str(path), "--strict"), *words)
    if "pc|" not in text:  # skipped, not cut
        assert_one_line_error(run("show", str(path), "--board", "4"), *words)


def test_a_lin_string_is_taken_as_it_is_typed() -> None:
    result = run("show", MD, "--json")
    assert result.exit_code == 0, result.output
    assert '"whist"' in result.stdout
