"""The search commands: `analyze`, `table` and `bench` (through click's CliRunner).

Positions are small endings of every game, made by random moves from a seeded
`solver.deal` until two or three tricks are left, so every search is quick;
the values the commands print are checked against the Python API's.  The bench
runs on a PBN file of three-card endings written into tmp_path.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import solver
from solver import Phase, Position, timing
from solver import bench as benchmark
from solver.budget import DEFAULT_TT_MB
from solver.cards import strain_text
from solver.errors import NotationError
from solver.games.game import PartSettings
from solver.games.whist import bench as whist_bench
from solver.games.whist import dds
from solver.timing import Nodes, count_text
from tests.cli_helpers import assert_one_line_error, run

GAMES = [  # (game, players): every game and player count
    ("whist", None),
    ("chinkway", None),
    ("chinese-whist", 2),
    ("chinese-whist", 3),
    ("chinese-whist", 4),
    ("cinch", None),
]
GAME_IDS = [f"{g}-{n}" if n else g for g, n in GAMES]
MEANINGS = {  # what the value counts, as analyze says it
    "whist": "tricks for",
    "chinese-whist": "tricks for",
    "cinch": "net hand score",
    "chinkway": "quest score",
}
PBN_ENDING = "N:AKQ... J.AK.. .432.. T.QJ.."  # three cards a hand
SMALL_WHIST = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"  # four cards a hand
SMALL_CW = (
    "chinese-whist; dealer=2; trump=H; piles=AS/KS QH, 3C/4C, AD/KD 8D, 7H/6H; down=-, 5S, -, TS"
)


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def ending(game: str, players: int | None, seed: int, left: int) -> Position:
    """A random position of `game` with `left` tricks to play (or fewer, in
    the middle of a trick or at a Chinkway claim)."""
    pos = solver.deal(game, players=players, seed=seed)
    rng = random.Random(seed)
    while pos.phase not in (Phase.PLAY, Phase.CLAIM):
        pos.play(rng.choice(pos.legal_moves()))
    core = pos.core
    assert core is not None
    while core.total_tricks - core.tricks_played > left:
        pos.play(rng.choice(pos.legal_moves()))
    for _ in range(rng.randrange(pos.nseats)):  # some cards of the next trick
        if pos.phase != Phase.PLAY or core.tricks_played == core.total_tricks - 1:
            break
        pos.play(rng.choice(pos.legal_moves()))
    return pos


ENDINGS = [(g, p, seed, left) for g, p in GAMES for seed, left in ((1, 2), (2, 3), (3, 3))]
ENDING_IDS = [f"{g}-{p or ''}-seed{s}-left{n}" for g, p, s, n in ENDINGS]


def api_values(pos: Position) -> dict[str, int]:
    return {str(m.move): m.value for m in solver.Solver(tt_mb=8).analyze(pos, pv=False).moves}


# -- analyze ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "seed", "left"), ENDINGS, ids=ENDING_IDS)
def test_analyze_json_values_equal_the_api(
    game: str, players: int | None, seed: int, left: int
) -> None:
    pos = ending(game, players, seed, left)
    data = run_json("analyze", pos.to_line())
    legal = {str(m) for m in pos.legal_moves()}
    assert sorted(m["move"] for m in data["moves"]) == sorted(legal)
    assert {m["move"]: m["value"] for m in data["moves"]} == api_values(pos)
    values = [m["value"] for m in data["moves"]]
    assert values == sorted(values, reverse=True)  # best first
    assert data["value"] == values[0]
    assert data["game"] == pos.game
    assert data["position"] == pos.to_line()
    assert data["seat"] == pos.seat_name(pos.to_move)
    side = [s for s in range(pos.nseats) if pos.sides()[s] == pos.sides()[pos.to_move]]
    assert data["side"] == "-".join(pos.seat_name(s) for s in side)  # the side by name
    assert MEANINGS[game] in data["meaning"]
    stats = {"nodes", "trick_starts", "tt_hits", "tt_stores", "seconds", "exact"}
    assert set(data["stats"]) >= stats
    assert data["stats"]["exact"] is True
    assert 0 <= data["stats"]["trick_starts"] <= data["stats"]["nodes"]
    for row in data["moves"]:
        assert row["card"] in row["move"] and row["move"] in row["equivalent"]
    # the principal variation is legal, plays the hand out, and is the line by tricks
    work = pos.copy()
    for text in data["pv"]:
        work.play(text)
    assert work.is_over
    assert [m for trick in data["pv_tricks"] for m in trick] == data["pv"]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=GAME_IDS)
def test_analyze_draws_values_meaning_pv_and_stats(game: str, players: int | None) -> None:
    pos = ending(game, players, 4, 3)
    result = run("analyze", pos.to_line())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert MEANINGS[game] in out
    assert f"{pos.seat_name(pos.to_move)} to " in out
    assert "Principal variation" in out and "trick " in out
    assert "nodes" in out and "table hits" in out and "exact" in out
    for move in pos.legal_moves():
        assert move.card is not None
        assert move.card.rank_char + move.card.suit.symbol in out
    assert "Principal variation" not in run("analyze", pos.to_line(), "--no-pv").stdout


def test_analyze_reads_a_file_and_stdin(tmp_path: Path) -> None:
    pos = ending("cinch", None, 5, 2)
    path = tmp_path / "hand.toml"
    path.write_text(pos.to_toml(), encoding="utf-8")
    expected = run_json("analyze", pos.to_line())
    for args, stdin in (([str(path)], None), (["-"], pos.to_toml())):
        result = run("analyze", *args, "--json", input=stdin)
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["moves"] == expected["moves"]


def test_analyze_pbn_trump_leader_json_contract() -> None:
    """Exactly the bridge player's call: one entry per legal card, card and value."""
    data = run_json("analyze", "--pbn", PBN_ENDING, "--trump", "S", "--leader", "E")
    pos = solver.parse_position(f"whist; trump=S; leader=E; hands={PBN_ENDING}")
    legal = sorted(str(m.card) for m in pos.legal_moves())
    assert sorted(m["card"] for m in data["moves"]) == legal
    for row in data["moves"]:
        assert isinstance(row["value"], int)
    assert {m["card"]: m["value"] for m in data["moves"]} == api_values(pos)
    assert data["seat"] == "E" and data["side"] == "E-W" and data["game"] == "whist"
    assert data["position"] == pos.to_line()


def test_analyze_pbn_values_best_first_and_defaults() -> None:
    data = run_json("analyze", "--pbn", PBN_ENDING, "--trump", "nt", "--leader", "e")
    assert [(m["card"], m["value"]) for m in data["moves"]] == [("AH", 2), ("KH", 2), ("JS", 0)]
    assert data["moves"][0]["equivalent"] == ["AH", "KH"]
    default = run_json("analyze", "--pbn", PBN_ENDING)  # no trumps, E leads (left of N)
    assert default["moves"] == data["moves"]
    assert default["trump"] == "NT" and default["seat"] == "E"


def test_analyze_bare_pbn_position_equals_pbn_option() -> None:
    assert (
        run_json("analyze", PBN_ENDING)["moves"]
        == run_json("analyze", "--pbn", PBN_ENDING)["moves"]
    )


def test_analyze_limits_say_not_exact() -> None:
    pos = solver.deal("whist", seed=1)
    data = run_json("analyze", pos.to_line(), "--max-nodes", "1000", "--no-pv")
    assert data["stats"]["exact"] is False
    assert len(data["moves"]) == len(pos.legal_moves())
    out = run("analyze", pos.to_line(), "--max-nodes", "1000", "--no-pv").stdout
    assert "NOT exact" in out


def finished_hand() -> str:
    pos = solver.parse_position(SMALL_WHIST)
    while not pos.is_over:
        pos.play(pos.legal_moves()[0])
    return pos.to_line()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["analyze", PBN_ENDING, "--pbn", PBN_ENDING], ["either a POSITION or --pbn"]),
        (["analyze"], ["give a POSITION"]),
        (["analyze", "--pbn", PBN_ENDING, "--trump", "X"], ["unknown trump 'X'"]),
        (["analyze", "--pbn", PBN_ENDING, "--leader", "Q"], ["unknown leader 'Q'"]),
        (["analyze", SMALL_WHIST, "--trump", "S"], ["--trump and --leader go with --pbn"]),
        (["analyze", "--pbn", "whist; hands=N:A... K... Q... J..."], ["--pbn takes a PBN deal"]),
        (["analyze", "--pbn", "N:AKQ... J.AK.. .432.."], ["expected 4 entries"]),
        (["analyze", finished_hand()], ["the hand is over"]),
        (["analyze", solver.deal("cinch", seed=1).to_line()], ["the play has not begun"]),
        (["analyze", solver.deal("chinkway", seed=1).to_line()], ["the play has not begun"]),
        (["analyze", SMALL_WHIST, "--tt-mb", "-1"], ["table size must be positive"]),
        (["analyze", "no/such/file.toml"], ["no such file"]),
        (["table", SMALL_WHIST, "--pbn", SMALL_WHIST], ["either a POSITION or --pbn"]),
        (["table", solver.parse_position(SMALL_WHIST).to_line() + "; play=2D"], ["first lead"]),
        (["bench", "--games", "poker"], ["unknown benchmark game 'poker'"]),
        (["bench", "--games", "whist", "--pbn-file", "no/such.pbn"], ["no/such.pbn"]),
    ],
    ids=[
        "position and pbn",
        "neither",
        "bad trump",
        "bad leader",
        "trump without pbn",
        "pbn not a deal",
        "pbn of three hands",
        "finished hand",
        "before the first lead (cinch)",
        "before the first lead (chinkway)",
        "table size",
        "missing file",
        "table position and pbn",
        "table with cards played",
        "bench unknown game",
        "bench missing pbn file",
    ],
)
def test_bad_input_is_one_error_line(args: list[str], words: list[str]) -> None:
    assert_one_line_error(run(*args), *words)


# -- table -------------------------------------------------------------------------------


def test_table_whist_is_dds_style() -> None:
    data = run_json("table", SMALL_WHIST)
    api = solver.Solver(tt_mb=8).table(solver.parse_position(SMALL_WHIST))
    assert len(data["entries"]) == 20  # 5 strains x 4 leaders
    assert [e["values"] for e in data["entries"]] == [list(e.values) for e in api.entries]
    rows = data["declarer_tricks"]
    assert list(rows) == ["N", "E", "S", "W"]
    for entry in api.entries:
        declarer = "NESW"[(entry.leader - 1) % 4]  # the leader sits on declarer's left
        strain = "SHDC"[entry.trump] if entry.trump < 4 else "NT"
        leader_side = entry.leader % 2
        assert rows[declarer][strain] == 4 - entry.values[leader_side]
        assert rows[declarer][strain] == entry.values[1 - leader_side]  # zero-sum
    out = run("table", SMALL_WHIST).stdout
    assert "declarer" in out
    header = next(line for line in out.splitlines() if line.split()[:1] == ["declarer"])
    assert header.split() == ["declarer", "NT", "S", "H", "D", "C"]
    for seat in "NESW":
        assert any(line.split()[:1] == [seat] for line in out.splitlines())


def test_table_pbn_option_equals_position() -> None:
    assert (
        run_json("table", "--pbn", SMALL_WHIST)["entries"]
        == run_json("table", SMALL_WHIST)["entries"]
    )


def test_table_chinese_whist() -> None:
    data = run_json("table", SMALL_CW)
    api = solver.Solver(tt_mb=8).table(solver.parse_position(SMALL_CW))
    assert [e["trump"] for e in data["entries"]] == ["S", "H", "D", "C"]  # no NT by default
    assert [e["values"] for e in data["entries"]] == [list(e.values) for e in api.entries]
    assert data["sides"] == ["1-3", "2-4"]  # by name, in the order of the entries' lists
    assert "declarer_tricks" not in data
    out = run("table", SMALL_CW).stdout
    for word in ("spades", "hearts", "diamonds", "clubs", "1-3", "2-4", "Tricks for each side"):
        assert word in out


# -- bench --------------------------------------------------------------------------------


ENDINGS_PBN = """\
% three-card endings for a fast bench
[Board "e1"]
[Deal "N:AKQ... J.AK.. .432.. T.QJ.."]
[LeadStrain "N"]
[LeadSeat "E"]

[Board "e2"]
[Deal "N:A.K.Q. K.Q.J. Q.J.T. J.T.9."]
[LeadStrain "S"]
[LeadSeat "W"]

[Board "e3"]
[Deal "N:AK.2.. QJ.3.. T9..4. 87..3."]
[Contract "2H"]
[Declarer "S"]
"""


@pytest.fixture
def endings_file(tmp_path: Path) -> str:
    path = tmp_path / "endings.pbn"
    path.write_text(ENDINGS_PBN, encoding="utf-8")
    return str(path)


def bench_args(path: str) -> list[str]:
    return ["bench", "--deals", "2", "--games", "whist", "--time-limit", "2", "--pbn-file", path]


def test_bench_whist_prints_times_and_the_check(endings_file: str) -> None:
    result = run(*bench_args(endings_file))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Whist" in out and "median ms" in out and "p95 ms" in out
    assert "tricksolver" in out and "Peak memory" in out
    if dds.dds_version() is not None:
        assert "DDS" in out and "no mismatch" in out and "ratio of medians" in out


def test_bench_whist_json(endings_file: str) -> None:
    data = run_json(*bench_args(endings_file))
    whist = data["whist"]
    assert [d["board"] for d in whist["deals"]] == ["e1", "e2"]
    assert data["settings"]["time_limit"] == 2 and data["settings"]["whist_deals"] == 2
    assert data["games"] == []
    assert whist["inexact"] == 0
    assert whist["ours"]["count"] == 2 and whist["ours"]["median_ms"] >= 0
    assert data["max_rss_mb"] is None or data["max_rss_mb"] > 0
    for deal in whist["deals"]:
        assert 0 < deal["trick_starts"] < deal["nodes"]
    assert whist["trick_starts"] == sum(d["trick_starts"] for d in whist["deals"])
    if whist["endplay"] is not None:
        assert whist["checked"] == 2 and whist["mismatched"] == 0
        assert whist["dds"]["count"] == 2 and whist["median_ratio"] > 0
        assert all(d["dds_trick_starts"] > 0 for d in whist["deals"])
        assert whist["dds_trick_starts"] == sum(d["dds_trick_starts"] for d in whist["deals"])
    else:
        assert whist["dds_trick_starts"] is None


def test_bench_table_json(endings_file: str) -> None:
    args = ["bench", "--deals", "2", "--games", "table", "--time-limit", "5"]
    data = run_json(*args, "--pbn-file", endings_file)
    assert data["whist"] is None and data["games"] == []
    table = data["table"]
    assert [d["board"] for d in table["deals"]] == ["e1", "e2"]
    assert table["inexact"] == 0 and table["ours"]["count"] == 2
    for deal in table["deals"]:
        assert deal["exact"] and 0 < deal["trick_starts"] <= deal["nodes"]
    if table["endplay"] is not None:
        assert table["checked"] == 2 and table["mismatched"] == 0
        assert table["dds"]["count"] == 2 and table["median_ratio"] > 0
        out = run(*args, "--pbn-file", endings_file).stdout
        assert "double-dummy table" in out and "no mismatch" in out


def test_table_mismatches_names_strain_and_declarer() -> None:
    pos = solver.parse_position(f"whist; trump=NT; leader=N; hands={SMALL_WHIST}")
    table = solver.Solver(tt_mb=8).table(pos)
    theirs: dict[str, dict[str, int]] = {s: {} for s in dds.STRAINS}
    for entry in table.entries:
        declarer = (entry.leader + 3) % 4
        theirs[strain_text(entry.trump)]["NESW"[declarer]] = entry.values[declarer % 2]
    assert whist_bench.table_mismatches(pos, table, theirs) == []
    theirs["H"]["W"] += 1
    want = theirs["H"]["W"]
    wrong = [f"H by W: ours {want - 1}, DDS {want}"]
    assert whist_bench.table_mismatches(pos, table, theirs) == wrong


def test_bench_repeat_keeps_each_solves_fastest_time(
    endings_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A clock that makes the k-th timed solve take durations[k] seconds.
    durations = iter([0.005, 0.007, 0.003, 0.002, 0.004, 0.009])  # rounds of e1, e2
    now, calls = [0.0], [0]

    def clock() -> float:
        calls[0] += 1
        if calls[0] % 2 == 0:  # the end of a timing
            now[0] += next(durations)
        return now[0]

    class Steps:
        def __init__(self) -> None:
            self.total, self.steps = 0, 0

        def start(self, name: str, total: int) -> None:
            self.total += total

        def step(self, name: str, detail: str) -> None:
            self.steps += 1

    monkeypatch.setattr(timing, "clock", clock)
    steps = Steps()
    deals = whist_bench.load_deals(endings_file, 2)
    settings = PartSettings(
        time_limit=2, tt_mb=DEFAULT_TT_MB, use_reference=False, repeat=3, reporter=steps
    )
    result = whist_bench.bench_whist(deals, settings)
    assert [round(d.ours_ms, 9) for d in result.deals] == [3.0, 2.0]
    assert steps.total == steps.steps == 6
    assert [d.exact for d in result.deals] == [True, True]


def test_bench_repeat_in_the_json_and_checked(endings_file: str) -> None:
    data = run_json(*bench_args(endings_file), "--repeat", "2")
    assert data["settings"]["repeat"] == 2
    assert [d["board"] for d in data["whist"]["deals"]] == ["e1", "e2"]
    with pytest.raises(NotationError, match="at least 1"):
        benchmark.run(["whist"], reference_deals=1, deals_file=endings_file, repeat=0)
    result = run(*bench_args(endings_file), "--repeat", "0")
    assert result.exit_code == 2 and "--repeat" in result.output


def test_bench_other_games_json() -> None:
    args = ["bench", "--games", "cinch,chinkway", "--random-deals", "1", "--time-limit", "0.001"]
    data = run_json(*args)
    assert data["whist"] is None
    assert [g["name"] for g in data["games"]] == ["chinkway", "cinch"]
    for game in data["games"]:
        assert len(game["solves"]) == 1
        solve = game["solves"][0]
        assert solve["ms"] < 5000  # the time limit holds
        pos = solver.parse_position(solve["position"])
        assert pos.phase in (Phase.PLAY, Phase.CLAIM) and not pos.play_record
        counts = [s["nodes"] for s in game["solves"]]
        assert game["nodes"] == {"median": counts[0], "p95": counts[0], "max": counts[0],
                                 "total": counts[0]}  # fmt: skip
    chinkway = data["games"][0]
    assert chinkway["inexact"] == 1  # a full Chinkway deal (2.5M nodes) takes far longer than 1 ms
    assert data["machine"]["model"] and data["settings"]["busy"] == 0
    out = run(*args).stdout
    assert "Chinkway" in out and "Cinch" in out and "exact" in out and "nodes" in out


def test_bench_nodes_summary() -> None:
    nodes = Nodes.of([5, 1, 3, 100])
    assert nodes == Nodes(median=4, p95=pytest.approx(85.75), max=100, total=109)  # 5 + 0.85 * 95
    assert Nodes.of([]) is None
    assert count_text(12_345_678) == "12.3 M" and count_text(999) == "999"
    assert count_text(None) == "-"


def test_bench_names_the_processor_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "cpuinfo"
    info.write_text(
        "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 1\n"
        "model name\t: AMD EPYC 7B13\n\nprocessor\t: 1\nmodel name\t: other\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(benchmark, "CPUINFO", str(info))
    assert benchmark.processor_model() == "AMD EPYC 7B13, family 25, model 1"
    monkeypatch.setattr(benchmark, "CPUINFO", str(tmp_path / "none"))
    assert benchmark.processor_model()  # what platform knows


def test_busy_neighbours_search_during_the_block_and_stop_after() -> None:
    import multiprocessing

    before = set(multiprocessing.active_children())
    with benchmark.busy_neighbours(2, ["chinkway"], 1):
        started = set(multiprocessing.active_children()) - before
        assert len(started) == 2 and all(p.is_alive() for p in started)
    assert not any(p.is_alive() for p in started)


def test_bench_busy_in_the_report_and_checked() -> None:
    args = ["bench", "--games", "cinch", "--random-deals", "1", "--time-limit", "0.5"]
    data = run_json(*args, "--busy", "1")
    assert data["settings"]["busy"] == 1
    assert "Busy" in run(*args, "--busy", "1").stdout
    assert run(*args, "--busy", "-1").exit_code == 2
    with pytest.raises(NotationError, match="busy"):
        benchmark.run(["cinch"], game_deals=1, busy=benchmark.MAX_NEIGHBOURS + 1)


def test_bench_default_deals_are_bundled() -> None:
    deals = whist_bench.load_deals()
    assert len(deals) == 100
    assert deals[0].board == "1" and deals[0].strain == 4 and deals[0].leader == 3  # NT, W
    assert all(len(d.deal.split()) == 4 for d in deals)


def test_bench_reads_contract_and_declarer(endings_file: str) -> None:
    deals = whist_bench.load_deals(endings_file)
    assert [(d.board, d.strain, d.leader) for d in deals] == [
        ("e1", 4, 1),
        ("e2", 0, 3),
        ("e3", 1, 3),  # 2H by S: hearts, W leads
    ]
    assert whist_bench.load_deals(endings_file, 1) == deals[:1]


def test_bench_reads_a_club_file_with_an_empty_contract(tmp_path: Path) -> None:
    """A hand record as clubs write it (Dealer, Vulnerable, an empty
    Contract): no trumps, the seat on the dealer's left on lead."""
    path = tmp_path / "club.pbn"
    path.write_text(
        '[Event "Club"]\n[Board "1"]\n[Dealer "S"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQ... J.AK.. .432.. T.QJ.."]\n[Contract ""]\n\n'
        '[Board "2"]\n[Dealer "E"]\n[Deal "E:AK.2.. QJ.3.. T9..4. 87..3."]\n',
        encoding="utf-8",
    )
    deals = whist_bench.load_deals(str(path))
    assert [(d.board, d.strain, d.leader) for d in deals] == [("1", 4, 3), ("2", 4, 2)]
    assert deals[1].deal == "N:87..3. AK.2.. QJ.3.. T9..4."  # the deal from N, as DDS takes it
    result = run("bench", "--games", "whist", "--pbn-file", str(path), "--json")
    assert result.exit_code == 0, result.output


def test_bench_bad_pbn_names_the_board(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "7"]\n[Deal "N:AKQ... J.AK.. .432.."]\n', encoding="utf-8")
    assert_one_line_error(run("bench", "--games", "whist", "--pbn-file", str(path)), "board 7")


@pytest.mark.parametrize("command", ["analyze", "table", "bench"])
def test_help_has_examples(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    examples = result.stdout.split("EXAMPLES", 1)[1]
    assert f"\n    tricksolver {command}" in examples  # example lines kept unwrapped
