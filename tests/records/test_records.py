"""Files of many boards (solver.records): the notation's many positions, a
board chosen by --board, the commands that take one position, and the
bad input of each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.errors import TricksolverError
from solver.records import choose_boards, read_boards
from tests.cli_helpers import assert_one_line_error, run
from tests.paths import DATA, ROOT


def test_one_position_a_line() -> None:
    boards = read_boards((DATA / "positions.txt").read_text(), "positions.txt")
    assert boards is not None
    assert [b.name for b in boards] == ["1", "2", "3"]
    assert [b.position.game for b in boards] == ["whist", "whist", "chinese-whist"]


def test_a_toml_array_of_positions() -> None:
    boards = read_boards((DATA / "positions.toml").read_text(), "positions.toml")
    assert boards is not None and [b.name for b in boards] == ["ending", "2"]
    assert "trump=S" in boards[0].position.to_line()


def test_a_single_position_is_no_file_of_boards() -> None:
    assert read_boards("whist; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A") is None
    assert read_boards('game = "whist"\nhands = "N:AK.Q.. QJ.K.. T9.A.. 87...A"\n') is None


def test_a_board_by_name_or_place() -> None:
    boards = read_boards((DATA / "positions.toml").read_text(), "positions.toml")
    assert boards is not None
    assert choose_boards(boards, "ending", "f")[0].name == "ending"
    assert choose_boards(boards, "1", "f")[0].name == "ending"  # no board is named 1: the first
    assert len(choose_boards(boards, None, "f")) == 2


def test_a_board_named_like_a_room_is_found_by_its_name() -> None:
    """``46c`` is board 46's closed room, unless a board is named 46c."""
    boards = read_boards(
        '[[position]]\nboard = "12a"\ngame = "whist"\nhands = "N:A... K... Q... J..."\n'
        '[[position]]\nboard = "12"\ngame = "whist"\nhands = "N:K... A... Q... J..."\n',
        "f",
    )
    assert boards is not None
    assert [b.name for b in choose_boards(boards, "12a", "f")] == ["12a"]
    with pytest.raises(TricksolverError, match="no room 'b' in board 12"):
        choose_boards(boards, "12b", "f")


def test_every_command_takes_a_file_and_board() -> None:
    path = str(DATA / "positions.txt")
    shown = run("show", path, "--json")
    assert shown.exit_code == 0 and len(json.loads(shown.stdout)) == 3
    one = run("analyze", path, "--board", "2", "--json", "--no-pv", "-j", "1")
    assert one.exit_code == 0 and json.loads(one.stdout)["board"] == "2"
    lines = run("table", path, "--json", "-j", "1").stdout.splitlines()
    assert [json.loads(line)["board"] for line in lines] == ["1", "2", "3"]
    csv = run("table", path, "--board", "1", "--format", "csv", "-j", "1").stdout.splitlines()
    assert csv[0] == "board,trump,leader,side,value" and csv[1].startswith("1,")
    rec = run("recommend", path, "--board", "1", "-n", "4", "--json")
    assert rec.exit_code == 0, rec.output


def test_bad_boards_and_options() -> None:
    path = str(DATA / "positions.txt")
    assert_one_line_error(run("show", path, "--board", "9"), "no board '9'", "boards: 1, 2, 3")
    # a place of thousands of digits: no board (not Python's integer-string limit)
    assert_one_line_error(run("show", path, "--board", "1" * 5000), "no board", "boards: 1, 2, 3")
    assert_one_line_error(run("recommend", path, "-n", "4"), "recommend takes one", "--board")
    assert_one_line_error(
        run("show", "whist; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A", "--board", "1"), "--board"
    )
    assert_one_line_error(run("table", path, "--json", "--format", "csv"), "choose one")


def test_a_bad_position_names_its_board(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(
        "whist; hands=N:AK.Q.. QJ.K.. T9.A.. 87...A\nwhist; trump=Q; hands=N:A. K. Q. J.\n"
    )
    assert_one_line_error(run("show", str(path)), "board 2", "line 2")
    toml = tmp_path / "p.toml"
    toml.write_text('[[position]]\nboard = "x"\ngame = "whist"\nhands = "N:A. K. Q."\n')
    assert_one_line_error(run("show", str(toml)), "board x")


def test_the_json_of_many_boards_fits_the_schemas() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schemas = ROOT / "docs" / "schemas"
    table = json.loads((schemas / "table.schema.json").read_text())
    analyze = json.loads((schemas / "analyze.schema.json").read_text())
    session = str(ROOT / "docs" / "session.pbn")
    one = json.loads(run("table", session, "--board", "1", "--json", "-j", "1").stdout)
    jsonschema.validate(one, table)
    assert one["board"] == "1" and "OptimumResultTable" in one["annotations"]
    for line in run("table", str(DATA / "positions.txt"), "--json").stdout.splitlines():
        jsonschema.validate(json.loads(line), table)
    for line in run("analyze", str(DATA / "positions.txt"), "--json").stdout.splitlines():
        jsonschema.validate(json.loads(line), analyze)


# -- deal --count: a file of many positions --------------------------------------------

COUNTED_GAMES = [("whist", None), ("chinkway", None), ("cinch", None), ("cw", "2"), ("cw", "3")]


@pytest.mark.parametrize("form", ["toml", "line", "json"])
@pytest.mark.parametrize(("game", "players"), COUNTED_GAMES)
def test_deal_count_writes_a_file_of_boards_seeded_in_turn(
    game: str, players: str | None, form: str
) -> None:
    """`deal --count N --seed S`: N positions, the i-th (from 0) that of
    `deal --seed S+i`, in a file `read_boards` reads back board by board."""
    extra = [] if players is None else ["--players", players]
    flags = {"toml": [], "line": ["--line"], "json": ["--json"]}[form]
    result = run("deal", game, "--seed", "40", "--count", "3", *extra, *flags)
    assert result.exit_code == 0, result.output
    singles = [
        run("deal", game, "--seed", str(40 + i), *extra, "--line").stdout.strip() for i in range(3)
    ]
    if form == "json":
        rows = [json.loads(line) for line in result.stdout.splitlines()]
        assert [r["seed"] for r in rows] == [40, 41, 42]
        assert [r["position"] for r in rows] == singles
        return
    boards = read_boards(result.stdout, "deals")
    assert boards is not None
    assert [b.name for b in boards] == ["1", "2", "3"]
    assert [b.position.to_line() for b in boards] == singles


def test_deal_count_is_checked_up_front() -> None:
    for bad in ("0", "-1", "10000001", "x"):
        assert_one_line_error(run("deal", "whist", "--count", bad), "--count")
    assert_one_line_error(run("deal", "whist", "--count", "2", "--line", "--json"), "choose one")


def test_move_takes_a_board_of_a_hand_record() -> None:
    docs = ROOT / "docs" / "session.pbn"
    result = run("move", str(docs), "QS, 9S", "--board", "2", "--line")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().endswith("play=QS 9S")
    assert_one_line_error(run("move", str(docs), "QS"), "--board")
    assert_one_line_error(run("move", str(docs), "2S", "--board", "2"), "move 1")


def test_a_file_of_boards_may_be_longer_than_a_position(tmp_path: Path) -> None:
    """A file of many boards is read up to MAX_FILE_TEXT characters (a
    research batch of many deals), each board still within a position's
    MAX_TEXT; one position of that length is still refused in one line."""
    from solver.notation import MAX_TEXT

    line = run("deal", "whist", "--seed", "5", "--line").stdout.strip()
    count = MAX_TEXT // len(line) + 2  # just past a position's limit
    path = tmp_path / "deals.txt"
    path.write_text((line + "\n") * count, encoding="utf-8")
    assert path.stat().st_size > MAX_TEXT
    shown = run("show", str(path), "--board", str(count), "--json")
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["position"] == line
    huge = tmp_path / "huge.toml"
    huge.write_text('game = "whist"\n#' + "x" * MAX_TEXT + "\n", encoding="utf-8")
    assert_one_line_error(run("show", str(huge)), "characters")
