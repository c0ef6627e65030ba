"""Real hand records from public projects (tests/data/records/, origins
and licences in its README): every file read board by board equal to an
independent reading (endplay's parser where it reads the file, the file's
own text otherwise), written back byte for byte and read again the same,
its bad boards told in one warning line each while the others are read,
round trips PBN -> LIN -> PBN and LIN -> PBN -> LIN keeping the bridge of
every board, and a few whole deals' tables equal to DDS's."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from solver.games.game import Board
from solver.games.whist.board_view import held_table
from solver.games.whist.bridge import BridgeFacts
from solver.games.whist.lin import read_lin, write_lin
from solver.games.whist.pbn import deal_text, read_pbn, read_table_lines, write_pbn
from solver.records import read_record, record_format
from tests.cli_helpers import run
from tests.paths import DATA, ROOT

RECORDS = DATA / "records"
BEN = RECORDS / "ben" / "Ben & Friends Daily - 2024-06-03 Daylong.pbn"
VUGRAPH = RECORDS / "bridge-bots" / "usbf_sf_14502.lin"
DDS_LIST = RECORDS / "dds" / "list10.txt"
PBN_FILES = sorted(RECORDS.glob("*/*.pbn"))
LIN_FILES = sorted(RECORDS.glob("*/*.lin"))
ENDPLAY_READS = [  # the files endplay's parser reads (it refuses the others)
    BEN,
    RECORDS / "bridge-bots" / "shared_deals.pbn",
    RECORDS / "endplay" / "example1.pbn",
    RECORDS / "endplay" / "example3-first24.pbn",
    RECORDS / "endplay" / "example4.pbn",
    RECORDS / "bridge-bots" / "sample.lin",
    RECORDS / "endplay" / "example1.lin",
]
SEATS = "NESW"
STRAINS = "SHDC"  # endplay's Denom 0..3, then 4 for no trumps
TRICKS, THREE_NOTRUMP = 13, 9  # the tricks of a deal; the tricks 3NT needs
PENALTIES = {"passed": "Pass", "doubled": "X", "redoubled": "XX"}
SUIT_MARKUP = {"♠": "!S", "♥": "!H", "♦": "!D", "♣": "!C"}  # BBO's markup of a suit in a note


def text_of(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def boards_of(path: Path) -> list[Board]:
    found = read_record(text_of(path), path.name)
    assert found is not None
    return [b for b in found if isinstance(b, Board)]


def ours(board: Board) -> dict[str, Any]:
    """What a board says, in plain values, as our reader read it."""
    pos = board.position
    facts = BridgeFacts.of(board, pos.dealer)
    return {
        "deal": deal_text(pos),  # type: ignore[arg-type]
        "contract": facts.contract if facts.level is not None else None,
        "declarer": None if facts.declarer is None else SEATS[facts.declarer],
        "calls": [(c.text, c.note) for c in facts.calls],
        "names": facts.names,
        "play": board.play.split(),
    }


def endplay_reading(path: Path) -> list[dict[str, Any]]:
    """The same values as endplay's parser reads them."""
    config = pytest.importorskip("endplay.config")
    parser = pytest.importorskip(f"endplay.parsers.{path.suffix[1:]}")
    config.use_unicode = False
    read = []
    for b in parser.loads(text_of(path)):
        contract = b.contract
        level = None if contract is None else contract.level
        calls = []
        for bid in b.auction:
            if type(bid).__name__ == "PenaltyBid":
                text = PENALTIES[bid.penalty.name]
            else:
                text = f"{bid.level}{'NT' if bid.denom == 4 else STRAINS[bid.denom]}"
            note = (bid.announcement or "").strip()
            for symbol, markup in SUIT_MARKUP.items():  # endplay draws LIN's !H as a symbol
                note = note.replace(symbol, markup)
            calls.append((text, note))
        info = {k: v for k, v in b.info.items() if isinstance(v, str)}
        read.append(
            {
                "deal": b.deal.to_pbn(),
                "contract": None
                if not level
                else f"{level}{'NT' if contract.denom == 4 else STRAINS[contract.denom]}"
                + {"passed": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name],
                "declarer": None if not level else SEATS[contract.declarer],
                "calls": calls,
                "names": tuple(info.get(n, "") for n in ("North", "East", "South", "West")),
                "play": [str(c)[1] + str(c)[0] for c in b.play],
            }
        )
    return read


@pytest.mark.parametrize("path", ENDPLAY_READS, ids=lambda p: p.name)
def test_every_board_reads_as_endplay_reads_it(path: Path) -> None:
    """Deal, contract, declarer, auction with its notes, players and play
    equal endplay's reading, board by board; where our reader cut a play at
    a card that does not fit the deal (told in the board's problems),
    ours is what endplay read up to that card.  endplay leaves the deal of
    a board that gives none empty (rpbridge.net's second table, which our
    reader deals as the board before): compared where endplay has one."""
    mine = boards_of(path)
    theirs = endplay_reading(path)
    assert len(mine) == len(theirs)
    for board, other in zip(mine, theirs, strict=True):
        got = ours(board)
        if other["deal"].count(".") == 12 and len(other["deal"]) > 20:
            assert got["deal"] == other["deal"], board.name
        for key in ("contract", "declarer", "calls", "names"):
            assert got[key] == other[key], (board.name, key)
        if board.problems:
            assert len(got["play"]) < len(other["play"])
            assert got["play"] == other["play"][: len(got["play"])], board.name
        else:
            assert got["play"] == other["play"], board.name


TAG_LINE = re.compile(r'^\[(\w+) "(.*)"\]')


@pytest.mark.parametrize("path", PBN_FILES, ids=lambda p: p.name)
def test_every_tag_and_note_of_a_pbn_file_is_kept_in_order(path: Path) -> None:
    """The tags of every board, repeated [Note] tags too, in the order the
    file's lines give them (boards separated by blank lines; a value "#"
    the value of the board before, PBN 4.8)."""
    games = [
        [m.groups() for line in game.splitlines() if (m := TAG_LINE.match(line))]
        for game in re.split(r"\n\s*\n", text_of(path))
    ]
    games = [g for g in games if g]
    given: dict[str, str] = {}  # each tag's last value given
    for game in games:
        game[:] = [(n, given.get(n, "") if v == "#" else v) for n, v in game]
        given |= dict(game)
    boards = [b for b in read_pbn(text_of(path), path.name) if isinstance(b, Board)]
    assert [list(b.tags) for b in boards] == [list(g) for g in games]


@pytest.mark.parametrize("path", [*PBN_FILES, *LIN_FILES, DDS_LIST], ids=lambda p: p.name)
def test_a_file_is_written_back_byte_for_byte_and_read_again_the_same(path: Path) -> None:
    text = text_of(path)
    boards = boards_of(path)
    fmt = record_format(boards[0].format)
    assert fmt is not None
    written = fmt.write(boards)
    assert written == text
    again = boards_of_text(written, path.name)

    def key(bs: list[Board]) -> list[Any]:
        return [(b.name, b.room, b.tags, b.facts, b.play, b.auction, b.comments) for b in bs]

    assert key(again) == key(boards)


def boards_of_text(text: str, name: str) -> list[Board]:
    found = read_record(text, name)
    assert found is not None
    return [b for b in found if isinstance(b, Board)]


def test_the_notes_of_bbo_helper_stay_with_their_board() -> None:
    """BBO Helper writes a [Note] an alert: all 45 stay in their boards,
    and every board keeps its [Play] (8 boards, 8 plays)."""
    boards = boards_of(BEN)
    assert len(boards) == 8 and all(b.play and not b.problems for b in boards)
    assert sum(len(b.facts_named("Note")) for b in boards) == text_of(BEN).count("[Note ")
    table = run("table", str(BEN), "--format", "pbn", "--max-nodes", "1", "-j", "1")
    assert table.stdout.count("[Play ") == 8 and table.stdout.count("[Note ") == 45


def test_every_board_with_a_play_is_reviewed_from_it() -> None:
    """review finds the play of every board that has one (a tiny search
    budget: the cards are found, the values are bounds)."""
    result = run("review", str(BEN), "--max-nodes", "1", "--format", "json", "-j", "1")
    assert result.exit_code == 0, result.output
    reviews = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(reviews) == 8
    by_board = sorted(reviews, key=lambda r: int(r["board"]))
    for review, board in zip(by_board, boards_of(BEN), strict=True):
        assert review["moves"] == board.play.split()
        assert review["record"]["contract"] == board.tag("Contract")


def test_a_bad_board_is_told_and_the_others_go_on() -> None:
    """rpbridge.net's files (endplay's example 4, bridge-bots'
    shared_deals.pbn) hold plays that do not fit their deals: each is one
    warning naming file, board, tag and card; every board is shown; the
    table of a board needs no play; --strict refuses the file."""
    path = RECORDS / "bridge-bots" / "shared_deals.pbn"
    shown = run("show", str(path), "--json")
    assert shown.exit_code == 0
    warnings = shown.stderr.splitlines()
    assert len(warnings) == 2 and all(w.startswith("tricksolver: warning: ") for w in warnings)
    assert "board 62" in warnings[0] and "[Play]" in warnings[0] and "C6" in warnings[0]
    assert len(json.loads(shown.stdout)) == 4
    other = run("show", str(path), "--board", "7", "--json")
    assert other.exit_code == 0
    strict = run("show", str(path), "--strict")  # the problem alone: nothing was cut
    assert strict.exit_code == 2 and "C6" in strict.stderr and "cut there" not in strict.stderr
    one = RECORDS / "endplay" / "example4.pbn"
    table = run("table", str(one), "--max-nodes", "1", "-j", "1")
    assert table.exit_code == 0 and "trick 3, CQ" in table.stderr


def test_no_card_marks_end_a_play() -> None:
    """BFC's `--` and `-` for cards not played (a claim in the middle of a
    trick): the play stops at the first mark in the order of play, with no
    warning when no card follows it in that order.  Board 10: seven tricks,
    then W leads S6 and N's "-" ends it; board 1: seven tricks, then W, N
    and E play and S's "-" ends it; board 14: five tricks, then W leads HQ,
    N plays H7, E's "--" ends it."""
    boards = boards_of(RECORDS / "bridge-bots" / "sample.pbn")
    assert [len(b.play.split()) for b in boards] == [7 * 4 + 1, 7 * 4 + 3, 5 * 4 + 2]
    assert [b.play.split()[-1] for b in boards] == ["6S", "TS", "7H"]
    assert not any(b.problems for b in boards)


def test_a_vugraph_file_tells_its_rooms_apart() -> None:
    boards = boards_of(VUGRAPH)
    assert [(b.name, b.room) for b in boards[:2]] == [("46", "Open"), ("46", "Closed")]
    both = run("show", str(VUGRAPH), "--board", "46", "--json")
    assert [d["record"]["room"] for d in json.loads(both.stdout)] == ["Open", "Closed"]
    closed = json.loads(run("show", str(VUGRAPH), "--board", "46c", "--json").stdout)
    assert closed["record"]["players"] == {
        "N": "Martel", "E": "Mahmood", "S": "Stansby", "W": "Hamman",
    }  # fmt: skip
    same = json.loads(run("show", str(VUGRAPH), "-b", "46", "--room", "closed", "--json").stdout)
    assert same == closed
    assert "jacoby 2N" in [c.get("note") for c in json.loads(both.stdout)[0]["record"]["auction"]]


def bridge_of(board: Board) -> tuple[Any, ...]:
    """What a round trip keeps: players, auction with alerts and notes,
    contract, declarer, result, play, vulnerability, room."""
    facts = BridgeFacts.of(board, board.position.dealer)
    return (
        facts.names,
        facts.calls,
        facts.contract,
        facts.declarer,
        facts.result,
        facts.vulnerable,
        facts.room,
        board.play,
        board.position.to_line(),
    )


CONVERSIONS = {".pbn": (write_lin, read_lin), ".lin": (write_pbn, read_pbn)}  # to the other
HOME = {".pbn": (write_pbn, read_pbn), ".lin": (write_lin, read_lin)}


@pytest.mark.parametrize(
    "path", [BEN, RECORDS / "endplay" / "example1.pbn", *LIN_FILES], ids=lambda p: p.name
)
def test_a_round_trip_to_the_other_format_and_back_keeps_the_bridge(path: Path) -> None:
    """PBN -> LIN -> PBN and LIN -> PBN -> LIN keep every board's players,
    auction with alerts and notes, contract, declarer, result, play,
    vulnerability and room, and LIN's commentary."""
    boards = boards_of(path)
    write, read = CONVERSIONS[path.suffix]
    there = [b for b in read(write(boards)) if isinstance(b, Board)]
    write, read = HOME[path.suffix]
    back = [b for b in read(write(there)) if isinstance(b, Board)]
    assert [bridge_of(b) for b in there] == [bridge_of(b) for b in boards]
    assert [bridge_of(b) for b in back] == [bridge_of(b) for b in boards]
    # (a comment's text is kept, not the spaces around it: PBN's {...} drops them)
    assert [[c.strip() for c in b.comments] for b in back] == [
        [c.strip() for c in b.comments] for b in boards
    ]


def test_a_dds_list_is_read_with_the_results_it_holds() -> None:
    boards = boards_of(DDS_LIST)
    assert len(boards) == 10 and all(b.tag("OptimumResultTable") for b in boards)
    plays = [line.split()[1] for line in text_of(DDS_LIST).splitlines() if line.startswith("PLAY")]
    assert [str(len(b.play.split())) for b in boards] == plays
    tables = [
        line.split()[1:] for line in text_of(DDS_LIST).splitlines() if line.startswith("TABLE")
    ]
    for board, row in zip(boards, tables, strict=True):  # strains S H D C NT, declarers N E S W
        held = read_table_lines(board.tag("OptimumResultTable") or "")
        assert [str(held[d][s]) for s in (0, 1, 2, 3, 4) for d in range(4)] == row


@pytest.mark.parametrize(
    ("path", "board", "held"),
    [(DDS_LIST, "1", True), (BEN, "6", True), (VUGRAPH, "46c", False)],
)
def test_a_whole_deals_table_equals_dds(path: Path, board: str, held: bool) -> None:
    """The table of a whole deal equals DDS's (endplay's CalcDDtable), and
    the table the record holds (DDS's own list; BBO Helper's) where it holds one."""
    dds = pytest.importorskip("solver.games.whist.dds")
    result = run("table", str(path), "--board", board, "--json", "-j", "1")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    chosen = [
        b for b in boards_of(path) if f"{b.name}{b.room[:1].lower()}" == board or b.name == board
    ]
    want, _ = dds.dds_table(deal_text(chosen[0].position))  # type: ignore[arg-type]
    assert data["declarer_tricks"] == {d: {s: want[s][d] for s in want} for d in SEATS}
    assert ("The record's table: the same" in data.get("record_notes", [])) == held


def test_an_unknown_file_is_refused_naming_the_formats(tmp_path: Path) -> None:
    path = tmp_path / "odd.txt"
    path.write_text("DEALS 2\nN:AKQ... .AKQ.. ..AKQ. ...AKQ\n")
    result = run("show", str(path))
    assert result.exit_code == 2 and "not valid TOML" not in result.stderr
    assert "PBN, LIN, DDS list" in result.stderr
    empty = run("bench", "--games", "whist", "--pbn-file", str(path))
    assert empty.exit_code == 2 and "PBN, LIN, DDS list" in empty.stderr


DOCS = ROOT / "docs"


def test_show_draws_a_board_as_docs_files_shows_it() -> None:
    """docs/files.md's drawing of board 3 of docs/match.lin (closed room) is
    what `show` prints, and the same board of docs/match.pbn (the PBN the
    LIN was written as) prints the same."""
    doc = (DOCS / "files.md").read_text(encoding="utf-8")
    section = doc.split("## A board as a bridge player reads it", 1)[1]
    block = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    for path in ("match.lin", "match.pbn"):
        shown = run("show", str(DOCS / path), "--board", "3c", "--width", "64", "--no-color")
        assert shown.exit_code == 0, shown.output
        lines = [line.rstrip() for line in shown.stdout.splitlines()]
        assert lines[: len(block)] == block, path
    pbn = json.loads(run("show", str(DOCS / "match.pbn"), "-b", "3", "--json").stdout)
    lin = json.loads(run("show", str(DOCS / "match.lin"), "-b", "3", "--json").stdout)
    assert [d["record"] for d in pbn] == [d["record"] for d in lin]
    assert [d["record"]["result_text"] for d in lin] == ["4♥ =", "3NT −1"]


def test_play_a_board_of_a_record_from_its_opening_lead(tmp_path: Path) -> None:
    """`play --board FILE N`: the board's deal from its contract's opening
    lead (3NT by N in the closed room: E leads), dummy's hand shown once
    the lead is made; a board of two rooms needs one; GAME and --board are
    one or the other; the game saved is reviewed."""
    lin = str(DOCS / "match.lin")
    played = run("play", "--board", lin, "3c", "--seats", "heuristic", "--seed", "1")
    assert played.exit_code == 0, played.output
    lines = played.stdout.splitlines()
    assert "Dummy, S, faces its cards: ♠ AT8  ♥ AQJ932  ♦ AQ8  ♣ 6" in lines
    assert next(x for x in lines if "Trick 1:" in x).strip().startswith("Trick 1: E ")
    assert "trump no trumps" in played.stdout
    both = run("play", "--board", lin, "3")
    assert both.exit_code == 2 and "2 rooms" in both.stderr
    assert run("play", "whist", "--board", lin, "3c").exit_code == 2
    saved = tmp_path / "game.toml"
    run("play", "--board", lin, "3o", "--seed", "2", "--brief", "--save", str(saved))
    review = run("review", str(saved), "--max-nodes", "1", "--json")
    assert review.exit_code == 0, review.output
    assert json.loads(review.stdout)["position"].startswith("whist; trump=H; dealer=N; leader=W")


def test_review_of_a_dds_list_agrees_with_the_trace_it_holds() -> None:
    """DDS's list holds, for its play, declarer's side's tricks before the
    first card and after each (TRACE): review's values are the same at
    every card (45 played, 46 values), and its record notes say so."""
    result = run("review", str(DDS_LIST), "--board", "1", "--json")
    assert result.exit_code == 0, result.output
    notes = json.loads(result.stdout)["record_notes"]
    assert "The record's trace (DDS): the same at the 46 values proven" in notes


def test_a_dds_list_written_as_pbn_keeps_its_deals_plays_and_results() -> None:
    """A DDS list's deals have a lead and no contract: PBN keeps the lead in
    [LeadStrain] and [LeadSeat] (the project's own tags), so the positions,
    the plays and the results (the table, TRACE, FUT, PAR) come back."""
    boards = boards_of(DDS_LIST)
    back = [b for b in read_pbn(write_pbn(boards)) if isinstance(b, Board)]
    assert [(b.position.to_line(), b.play) for b in back] == [
        (b.position.to_line(), b.play) for b in boards
    ]
    assert not any(b.problems for b in back)
    assert [held_table(b) for b in back] == [held_table(b) for b in boards]
    for tag in ("DdsTrace", "DdsFut", "DdsPar", "DdsPar2"):
        assert [b.tag(tag) for b in back] == [b.tag(tag) for b in boards]


def test_what_pbn_cannot_keep_of_a_lin_record_is_one_warning(tmp_path: Path) -> None:
    """A LIN key PBN has no place for is named in one warning line when the
    record is written as PBN; commentary holding a brace is kept (as ;
    lines)."""
    path = tmp_path / "odd.lin"
    path.write_text(
        "pn|S1,W1,N1,E1|md|3SKJ6HAQ6DAQ43CQ97,SQ8HK974D985CAK42,ST9743H8DKT76CJT3,|"
        "ah|Board 4|zz|odd|nt|a {curly} remark|\n"
    )
    result = run("table", str(path), "--format", "pbn", "--max-nodes", "1", "-j", "1")
    assert result.exit_code == 0, result.output
    assert "tricksolver: warning: board 4: LIN zz| not kept in PBN" in result.stderr.splitlines()
    (board,) = read_pbn(result.stdout)
    assert isinstance(board, Board) and board.comments == ("a {curly} remark",)
    assert board.tag("North") == "N1"


def test_a_command_of_one_position_names_the_rooms_of_a_board() -> None:
    lin = str(DOCS / "match.lin")
    result = run("recommend", lin, "--board", "3", "-n", "4")
    assert result.exit_code == 2 and "2 rooms (Open, Closed)" in result.stderr
    assert run("recommend", lin, "--board", "3c", "-n", "4", "--seed", "1").exit_code == 0


def test_analyze_tells_each_lead_against_the_contract_and_dds_values() -> None:
    """At a DDS list's opening lead the value of every card is DDS's (FUT);
    at a board's contract, each lead's result is told against it."""
    dds = run("analyze", str(DDS_LIST), "--board", "1", "--no-pv", "--json")
    assert dds.exit_code == 0, dds.output
    notes = json.loads(dds.stdout)["record_notes"]
    assert notes == ["The record's values (DDS FUT): the same for its 13 cards"]
    lin = run("analyze", str(DOCS / "match.lin"), "--board", "3c", "--no-pv", "--json")
    data = json.loads(lin.stdout)
    (told,) = data["record_notes"]
    assert told.startswith("Against 3NT by N, lead by lead: ")
    for move in data["moves"]:  # E leads: E-W's tricks are 13 less declarer's
        relative = TRICKS - move["value"] - THREE_NOTRUMP  # declarer's tricks over 9
        word = "=" if relative == 0 else f"+{relative}" if relative > 0 else f"−{-relative}"
        group = next(g for g in told.split(": ", 1)[1].split("; ") if move["move"] in g.split())
        assert group.endswith(f" {word}"), (move, group)


def test_show_draws_a_whist_deal_around_a_compass() -> None:
    """Any whist deal before its first card (a board, or a lone position)
    is drawn with North at the top, West left, East right, South below;
    once a card is played, and in the other games, it is not."""
    shown = run("show", "N:AK.Q.. QJ.K.. T9.A.. 87...A", "--no-color").stdout.splitlines()
    assert [line.strip() for line in shown[:2]] == ["♠ AK", "♥ Q"]  # North's hand first
    west_east = next(line for line in shown if line.startswith("♠ 87"))
    assert west_east.split() == ["♠", "87", "N", "♠", "QJ"]
    south = shown[shown.index(west_east) + 4 :][:2]
    assert [line.strip() for line in south] == ["♠ T9", "♥ A"]
    played = run("show", "N:AK.Q.. QJ.K.. T9.A.. 87...A", "-m", "QS", "--no-color")
    assert played.exit_code == 0 and played.stdout.startswith("Game ")
    assert "dealer" not in run("show", "--example", "chinkway", "--no-color").stdout.split("\n")[0]


def test_the_json_of_a_board_of_a_record_fits_the_schemas() -> None:
    """`record` and `record_notes` in show, analyze, table and review JSON."""
    jsonschema = pytest.importorskip("jsonschema")

    def schema(name: str) -> Any:
        return json.loads((DOCS / "schemas" / f"{name}.schema.json").read_text())

    lin = str(DOCS / "match.lin")
    shown = json.loads(run("show", lin, "--board", "3", "--json").stdout)
    assert [d["board"] for d in shown] == ["3", "3"] and all("record" in d for d in shown)
    jsonschema.validate(shown[1], schema("show"))
    analysis = json.loads(run("analyze", lin, "--board", "3c", "--no-pv", "--json").stdout)
    assert "record_notes" in analysis
    jsonschema.validate(analysis, schema("analyze"))
    table = json.loads(run("table", str(DDS_LIST), "--board", "1", "--json", "-j", "1").stdout)
    assert "record_notes" in table
    jsonschema.validate(table, schema("table"))
    review = json.loads(run("review", lin, "--board", "3c", "--max-nodes", "1", "--json").stdout)
    assert review["record"]["contract"] == "3NT"
    jsonschema.validate(review, schema("review"))


DAMAGE = '|[]"{};-*#=!\n 0123456789SHDCAKQJTNEWmdpcanqxo.:,'  # what a damaged file may hold
DAMAGED_FILES = 200  # seeded random damages of the corpus's files
DAMAGE_PREFIX = 4000  # the characters of each file damaged (enough for several boards)


def test_a_damaged_file_is_read_or_refused_in_one_error() -> None:
    """Files of the corpus with characters changed, dropped or added at
    random (seeded): every one is read (its bad boards skipped or cut) and
    written back in each format and read again, or refused with a
    TricksolverError; never another exception."""
    from solver.errors import TricksolverError

    texts = [text_of(p)[:DAMAGE_PREFIX] for p in [*PBN_FILES, *LIN_FILES, DDS_LIST]]
    rng = random.Random(33)
    for _ in range(DAMAGED_FILES):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 8)):
            k = rng.randrange(len(chars))
            if rng.random() < 0.5:
                chars[k] = rng.choice(DAMAGE)
            else:
                chars.insert(k, rng.choice(DAMAGE))
        try:
            found = read_record("".join(chars), "damaged")
            boards = [b for b in found or [] if isinstance(b, Board)]
            fmt = record_format(boards[0].format) if boards else None
            for write in ([fmt.write] if fmt else []) + [write_pbn, write_lin]:
                if boards:
                    read_record(write(boards), "written")
        except TricksolverError:
            pass
