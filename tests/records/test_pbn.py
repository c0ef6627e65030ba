"""PBN hand records (solver.games.whist.pbn): a hand-written file of the
usual layouts read (Windows line ends, a byte order mark, comments, missing
optional tags, an empty contract, a three-hand deal, inherited tags),
written back equal, malformed files refused in one line naming the board
and the tag, and `table --format pbn` writing DDS's table and par."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import solver
from solver.cards import NOTRUMP
from solver.games.whist.par import par, read_vulnerable
from solver.games.whist.pbn import read_pbn, read_table_lines, recognises, section, write_pbn
from solver.notation import MAX_FILE_TEXT
from solver.position import BOM
from solver.records import read_boards
from tests.cli_helpers import assert_one_line_error, run
from tests.paths import DATA

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
CLUB = DATA / "club.pbn"
TABLES = DATA / "dds_tables.jsonl"
SEATS = "NESW"
STRAINS = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": NOTRUMP}


def club_text() -> str:
    return CLUB.read_bytes().decode("utf-8")


def test_the_file_is_of_the_usual_layout() -> None:
    raw = CLUB.read_bytes()
    assert raw.startswith(BOM.encode("utf-8")) and b"\r\n" in raw


def test_every_board_is_read() -> None:
    boards = read_boards(club_text(), "club.pbn")
    assert boards is not None and [b.name for b in boards] == ["1", "2", "3"]
    one, two, three = boards
    # Board 1: the fourth hand left out is the cards the others lack; an empty contract.
    assert one.tag("Contract") == "" and one.tag(
        "Deal",
    ).endswith(" -")  # type: ignore[union-attr]
    assert one.position.to_fields()["hands"][3] == "A52.JT532.J2.865"
    assert one.position.to_line().startswith("whist; trump=NT; leader=E")
    assert one.comments == ("Passed out at every table: the fourth hand is left out ('-').",)
    # Board 2: inherited tags, the auction as text, the play in the order played.
    assert two.tag("Event") == "Club pairs" and two.tag("Site") == "Village hall"
    assert [n for n, _ in two.tags][:4] == ["Event", "Site", "Date", "Board"]
    assert two.auction == "Pass Pass 1S Pass 4S Pass Pass Pass"
    assert two.play == "JH AH 4H 8H KS QS 3S 2S"
    assert two.comments == ("a light opening", "the trumps are drawn")
    assert "trump=S; dealer=E; leader=W" in two.position.to_line()  # 4S by S; E dealt
    assert two.position.dealer == 1 and two.position.to_move == 3
    # Board 3: no Dealer, Vulnerable nor Contract: the deal's first seat deals.
    assert three.tags == (("Board", "3"), ("Deal", three.tag("Deal")))
    assert "trump=NT; leader=N" in three.position.to_line()


def test_read_write_read_is_equal() -> None:
    text = club_text()
    boards = read_pbn(text.removeprefix(BOM), "club.pbn")
    written = write_pbn(boards)
    assert written == text.removeprefix(BOM)  # byte for byte, Windows line ends too
    again = read_pbn(written, "again")

    def key(bs: list) -> list:
        return [(b.name, b.tags, b.play, b.auction, b.comments, b.position.to_line()) for b in bs]

    assert key(again) == key(boards)


def test_boards_of_other_formats_are_written_as_pbn() -> None:
    lin = read_boards((DATA / "session.lin").read_text(), "session.lin")
    assert lin is not None
    written = write_pbn(lin)
    assert recognises(written)
    back = read_pbn(written)
    assert [b.position.to_line() for b in back] == [b.position.to_line() for b in lin]
    assert [b.play for b in back] == [b.play for b in lin]
    assert back[0].tag("Contract") == "4S" and back[0].tag("Declarer") == "S"
    assert back[0].auction == "1C Pass 1S Pass 4S =1= Pass Pass Pass"
    assert [v for n, v in back[0].tags if n == "Note"] == ["1:to play"]
    assert [back[0].tag(s) for s in ("North", "East", "South", "West")] == [
        "Bob",
        "Cy",
        "Di",
        "Ann",
    ]


GOOD = '[Board "7"]\n[Dealer "N"]\n[Deal "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"]\n'


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (GOOD.replace("AK.2", "AA.2"), ["board 7", "[Deal"]),
        (GOOD.replace("AK.2.3.", "AK.2.3"), ["board 7", "[Deal", "four suits"]),
        (
            GOOD.replace("87.4..3", "-").replace("QJ.3.2.", "-"),
            ["board 7", "[Deal", "more than one"],
        ),
        (GOOD.replace('"N"]', '"X"]'), ["board 7", "[Dealer"]),
        (GOOD + '[Vulnerable "Red"]\n', ["board 7", "[Vulnerable"]),
        (GOOD + '[Contract "9S"]\n', ["board 7", "[Contract"]),
        (GOOD + '[Contract "2S"]\n[Declarer "Q"]\n', ["board 7", "[Declarer"]),
        (GOOD + '[Play "S"]\nS2 SA ST S8\n', ["board 7", "[Play", "opening lead"]),
        (GOOD + '[Play "E"]\nHA SQ ST S8\n', ["board 7", "[Play]", "trick 1"]),
        (GOOD + '[Play "E"]\nS2 SQ ST\n', ["board 7", "[Play]", "four cards"]),
    ],
)
def test_a_malformed_board_is_one_warning_and_the_others_go_on(
    tmp_path: Path, text: str, words: list[str]
) -> None:
    """A board that cannot be read whole is told in one warning line naming
    the board and the tag (its play cut, or the board skipped), the file's
    other boards are read, --board reaches any of them; --strict refuses the
    file in one line, and a file of that board alone is refused."""
    alone = tmp_path / "alone.pbn"
    alone.write_text(text)
    path = tmp_path / "bad.pbn"
    path.write_text(text + "\n" + GOOD.replace('"7"', '"8"'))
    shown = run("show", str(path), "--json")
    assert shown.exit_code == 0, shown.output
    (line,) = shown.stderr.splitlines()
    assert line.startswith("tricksolver: warning: ") and all(w in line for w in words), line
    played = "[Play" in text  # a board read, its play left out or cut; else skipped
    data = json.loads(shown.stdout)  # both boards (a list), or board 8 alone
    assert len(data) == 2 if played else isinstance(data, dict)
    other = run("show", str(path), "--board", "8", "--json")
    assert other.exit_code == 0 and other.stderr == "", other.output
    assert_one_line_error(run("show", str(path), "--strict"), *words)
    if played:
        assert run("show", str(alone)).exit_code == 0
    else:
        assert_one_line_error(run("show", str(alone)), *words)
        assert_one_line_error(run("show", str(path), "--board", "7"), *words)


def test_a_file_longer_than_a_position_is_read_one_past_its_limit_refused(
    tmp_path: Path,
) -> None:
    """A hand record may be longer than one position (a long comment here);
    a file past a file of boards' limit is refused before it is read."""
    path = tmp_path / "big.pbn"
    path.write_text(GOOD + "{" + "x" * (5 << 20) + "}\n")
    assert run("show", str(path), "--json").exit_code == 0
    with path.open("wb") as f:  # sparse: no disk used
        f.truncate(4 * MAX_FILE_TEXT + 1)
    assert_one_line_error(run("table", str(path)), "larger than")


def test_table_writes_dds_table_and_par(tmp_path: Path) -> None:
    """The written OptimumResultTable equals DDS's CalcDDtable (the first
    golden table; all 12 under -m slow), the original tags are kept, and
    OptimumScore / ParContract are the par of that table with the board's
    dealer and vulnerability."""
    check_written_table(tmp_path, 0)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="set TRICKSOLVER_FULL=1 to run (about 30 s)")
@pytest.mark.parametrize("index", range(1, 12))
def test_table_writes_dds_table_every_golden_deal(tmp_path: Path, index: int) -> None:
    check_written_table(tmp_path, index)


def check_written_table(tmp_path: Path, index: int) -> None:
    golden = json.loads(TABLES.read_text().splitlines()[index])
    path = tmp_path / "one.pbn"
    path.write_text(
        f'[Event "x"]\n[Board "5"]\n[Dealer "E"]\n[Vulnerable "EW"]\n[Deal "{golden["deal"]}"]\n'
        '[Contract ""]\n'
    )
    result = run("table", str(path), "--format", "pbn", "-j", "1")
    assert result.exit_code == 0, result.output
    (board,) = read_pbn(result.stdout)
    assert [n for n, _ in board.tags][:6] == [
        "Event",
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Contract",
    ]
    written = read_table_lines(section(board, "OptimumResultTable"))
    want = {
        d: {STRAINS[s]: golden["tricks"][s][seat] for s in STRAINS} for d, seat in enumerate(SEATS)
    }
    assert written == want
    expected = par(want, SEATS.index("E"), read_vulnerable("EW"))
    assert board.tag("OptimumScore") == expected.score_text()
    assert board.tag("ParContract") == expected.contracts_text()
    assert 'OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in result.stdout


def test_a_single_deal_tag_is_a_board() -> None:
    result = run("show", '[Deal "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"]', "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["game"] == "whist"


def test_a_cut_short_table_is_written_without_annotation(tmp_path: Path) -> None:
    path = tmp_path / "one.pbn"
    path.write_text(GOOD)
    result = run("table", str(path), "--format", "pbn", "--max-nodes", "10", "-j", "1")
    assert result.exit_code == 0
    (board,) = read_pbn(result.stdout)
    assert board.tag("OptimumResultTable") is None
    assert "no exact table" in result.stderr


def test_a_board_keeps_its_dealer_apart_from_its_declarer() -> None:
    """A whist position's dealer changes nothing in the play; it is written
    only when it is not the seat on the leader's right, and read back."""
    hands = "N:AK.Q.. QJ.K.. T9.A.. 87...A"
    own = solver.parse_position(f"whist; dealer=S; leader=E; hands={hands}")
    assert (own.dealer, own.to_move) == (2, 1)
    assert "dealer=S; leader=E" in own.to_line()
    assert solver.parse_position(own.to_line()).to_line() == own.to_line()
    assert solver.parse_position(own.to_toml()).to_line() == own.to_line()
    usual = solver.parse_position(f"whist; dealer=S; hands={hands}")  # W leads, S dealt
    assert (usual.dealer, usual.to_move) == (2, 3) and "dealer" not in usual.to_line()
    board = read_boards(BOARD_2_OF_SESSION, "session.pbn")
    assert board is not None and board[0].position.dealer == 1  # E dealt, 1S by N: E leads
    assert "E (dealer)" in run("show", "-", "--no-color", input=BOARD_2_OF_SESSION).stdout


BOARD_2_OF_SESSION = """\
[Board "2"]
[Dealer "E"]
[Deal "N:AK.Q.. QJ.K.. T9.A.. 87...A"]
[Declarer "N"]
[Contract "1S"]
"""
