"""Every command's JSON output validates against its schema: `deal`,
`show`, `move`, `analyze`, `table`, `recommend`, `play`, `match` and
`bench` with --json, on real positions of every game (whist,
Chinkway, Chinese Whist for 2, 3 and 4, Cinch) where the command applies:
endgames, small sample counts, node limits and seeds, so that it stays fast.

The schemas (docs/schemas/*.schema.json, draft 2020-12) are written by
docs/schemas/make_schemas.py and share one set of definitions (a seat, a
side, a card, a move, a value with its bounds): a doctored output (a seat
as a number, a value proven and null, a field unknown) is rejected, one
test per schema.  Before this change `deal`, `show`, `move` and `play` had
no --json, and seats and sides were numbers in some outputs, names in
others."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from collections.abc import Callable
from typing import Any

import click
import pytest
from jsonschema import Draft202012Validator

import solver
from solver import signature
from solver.games.base import Phase, Position
from tests.cli_helpers import run
from tests.paths import ROOT
from tests.randpos import VARIANTS, random_start

SCHEMAS = ROOT / "docs" / "schemas"
COMMANDS = (
    "deal", "show", "move", "analyze", "table", "recommend", "play", "match", "bench", "review",
)  # fmt: skip
SMALL_WHIST = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"


def load_maker() -> Any:
    spec = importlib.util.spec_from_file_location("make_schemas", SCHEMAS / "make_schemas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def schema_of(command: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (SCHEMAS / f"{command}.schema.json").read_text(encoding="utf-8")
    )
    return data


def validator(command: str) -> Draft202012Validator:
    return Draft202012Validator(schema_of(command))


def errors(command: str, data: Any) -> list[str]:
    return [
        f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator(command).iter_errors(data)
    ]


def json_of(*args: str, input: str | None = None, status: int = 0) -> Any:
    result = run(*args, "--json", input=input)
    assert result.exit_code == status, result.output
    return json.loads(result.stdout)


def assert_valid(command: str, data: Any) -> None:
    assert errors(command, data) == []


# -- the schema files ----------------------------------------------------------------


def test_every_command_with_json_has_a_schema_and_the_files_are_current() -> None:
    maker = load_maker()
    assert sorted(maker.SCHEMAS) == sorted(COMMANDS)
    for name, text in maker.texts().items():
        path = SCHEMAS / name
        assert path.read_text(encoding="utf-8") == text, f"{name}: run make_schemas.py"
    for command in COMMANDS:
        schema = schema_of(command)
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["description"] and schema["title"] == f"tricksolver {command} --json"


def test_the_shared_types_are_the_same_in_every_schema() -> None:
    defs = [schema_of(c)["$defs"] for c in COMMANDS]
    for name in ("seat", "side", "card", "move", "strain", "phase", "bounds", "stats", "game"):
        assert all(d[name] == defs[0][name] for d in defs), name


def every_option_has_json() -> list[str]:
    """The commands whose --help offers --json."""
    from solver.cli.main import main

    ctx = click.Context(main)
    return sorted(
        name
        for name in main.list_commands(ctx)
        if any("--json" in p.opts for p in (main.get_command(ctx, name) or main).params)
    )


def test_every_command_but_help_takes_json() -> None:
    assert every_option_has_json() == sorted(COMMANDS)


# -- positions of every game ----------------------------------------------------------------


def variant_args(game: str, players: int) -> list[str]:
    return ["--players", str(players)] if game == "chinese-whist" else []


def endgame(game: str, players: int, left: int = 3, seed: int = 1) -> Position:
    """A hand of the game played at random to its last `left` tricks."""
    pos = random_start(game, players, seed)
    rng = random.Random(seed)
    core = pos.core
    assert core is not None
    while core.total_tricks - core.tricks_played > left or pos.phase == Phase.CLAIM:
        pos.play(rng.choice(pos.legal_moves()))
    return pos


VARIANT_IDS = [f"{g}-{p}" for g, p in VARIANTS]


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_deal_move_and_show_of_every_game(game: str, players: int) -> None:
    data = json_of("deal", game, *variant_args(game, players), "--seed", "7")
    assert_valid("deal", data)
    assert data["game"] == game and data["players"] == players and data["seed"] == 7
    assert data["hands"][0]["seat"] == data["seat_names"][0]
    line = data["position"]
    pos = solver.parse_position(line)
    first, *_ = pos.legal_moves()
    after = pos.copy()
    after.play(first)
    second = after.legal_moves()[0]
    moved = json_of("move", line, f"{first}, {second}")
    assert_valid("move", moved)
    assert [m["move"] for m in moved["moves"]] == [str(first), str(second)]
    assert moved["moves"][0]["seat"] == pos.seat_name(pos.to_move)
    shown = json_of("show", moved["position"])
    assert_valid("show", shown)
    assert shown["kind"] == "position" and shown["position"] == moved["position"]


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_show_of_a_view_and_of_an_ending_of_every_game(game: str, players: int) -> None:
    pos = endgame(game, players)
    view = solver.view_of(pos, pos.to_move)
    data = json_of("show", view.to_line())
    assert_valid("show", data)
    assert data["kind"] == "view" and data["seat"] == pos.seat_name(pos.to_move)
    assert data["legal_moves"] == [str(m) for m in pos.legal_moves()]
    shown = json_of("show", pos.to_line())
    assert_valid("show", shown)
    assert shown["to_move"] == pos.seat_name(pos.to_move)


def test_show_of_every_bundled_example() -> None:
    from solver.cli.main import example_names

    for name in example_names():
        assert_valid("show", json_of("show", "--example", name))


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_analyze_of_every_game_exact_and_cut_short(game: str, players: int) -> None:
    pos = endgame(game, players)
    exact = json_of("analyze", pos.to_line())
    assert_valid("analyze", exact)
    assert exact["exact"] and exact["seat"] == pos.seat_name(pos.to_move)
    sides = pos.sides()
    members = [pos.seat_name(s) for s in range(pos.nseats) if sides[s] == sides[pos.to_move]]
    assert exact["side"] == "-".join(members)
    start = random_start(game, players, 3)
    short = json_of("analyze", start.to_line(), "--max-nodes", "200")
    assert_valid("analyze", short)
    assert not short["stats"]["exact"]


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_table_of_every_game(game: str, players: int) -> None:
    if game == "whist":
        data = json_of("table", SMALL_WHIST)
        assert data["exact"] and data["sides"] == ["N-S", "E-W"]
        assert set(data["declarer_tricks"]) == set("NESW")
    else:
        start = random_start(game, players, 2)
        data = json_of("table", start.to_line(), "--max-nodes", "500")
        sides = {"-".join(s["seats"]) for s in json_of("show", start.to_line())["sides"]}
        assert set(data["sides"]) == sides
    assert_valid("table", data)
    assert all(len(e["values"]) == len(data["sides"]) for e in data["entries"])


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_recommend_in_play_of_every_game(game: str, players: int) -> None:
    pos = endgame(game, players, left=2)
    data = json_of("recommend", pos.to_line(), "--samples", "3", "--jobs", "1")
    assert_valid("recommend", data)
    assert data["kind"] == "play" and data["seat"] == pos.seat_name(pos.to_move)
    assert data["inference"] is None
    weighed = json_of(
        "recommend", pos.to_line(), "--samples", "3", "--jobs", "1", "--inference", "heuristic"
    )
    assert_valid("recommend", weighed)
    assert weighed["inference"]["candidates"] > 0
    both = ("--method", "epimc", "--inference", "heuristic")
    data = json_of("recommend", pos.to_line(), "--samples", "3", *both)
    assert_valid("recommend", data)
    assert data["algorithm"] == "epimc" and data["inference"]["candidates"] > 0


@pytest.mark.parametrize(
    ("game", "players"),
    [(g, p) for g, p in VARIANTS if g != "whist"],
    ids=[i for i in VARIANT_IDS if not i.startswith("whist")],
)
def test_recommend_before_play_of_every_game(game: str, players: int) -> None:
    deal = solver.deal(game, players=players if game == "chinese-whist" else None, seed=5)
    assert deal.phase not in (Phase.PLAY, Phase.CLAIM)
    data = json_of(
        "recommend", deal.to_line(), "--samples", "2", "--time", "0", "--max-nodes", "300"
    )
    assert_valid("recommend", data)
    assert data["kind"] == "decision" and data["seat"] == deal.seat_name(deal.to_move)


# -- whole games, matches, the benchmark ------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_play_log_of_every_game(game: str, players: int) -> None:
    args = ["play", game, *variant_args(game, players), "--seats", "random", "--seed", "3"]
    result = run(*args, "--hands", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # the narration went to stderr
    assert_valid("play", data)
    assert "Seats:" in result.stderr
    hand = data["hands"][0]
    assert hand["result"] is not None and hand["deal"]["kind"] == "position"
    replay = solver.parse_position(hand["deal"]["position"])
    for made in hand["moves"]:
        assert made["seat"] == replay.seat_name(replay.to_move)
        replay.play(made["move"])
    assert replay.is_over
    assert data["stopped"] in ("over", "hands")


def test_play_log_of_a_person_who_quits_and_of_a_whole_game() -> None:
    quit_ = run("play", "whist", "--seats", "random", "--seed", "3", "--human", "S", "--json",
                input="quit\n")  # fmt: skip
    assert quit_.exit_code == 0, quit_.output
    data = json.loads(quit_.stdout)
    assert_valid("play", data)
    assert data["stopped"] == "quit" and data["seats"][2] == "human"
    assert "Your move" in quit_.stderr  # the prompt is not in the JSON
    whole = json_of("play", "whist", "--seats", "heuristic", "--seed", "3")
    assert_valid("play", whole)
    assert whole["over"] and whole["winners"] and whole["stopped"] == "over"


def test_play_log_at_ctrl_c_holds_what_was_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at a person's prompt: status 130 and the log of the moves made."""

    def interrupted(*args: Any, **kwargs: Any) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(click, "prompt", interrupted)
    result = run("play", "whist", "--seats", "random", "--seed", "3", "--human", "W", "--json")
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert_valid("play", data)
    assert data["stopped"] == "interrupted" and data["hands"][0]["result"] is None
    assert [m["seat"] for m in data["hands"][0]["moves"]] == ["E", "S"]  # then W's turn


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=VARIANT_IDS)
def test_match_of_every_game(game: str, players: int) -> None:
    seats = ",".join(["heuristic", *["random"] * (players - 1)])
    data = json_of("match", game, *variant_args(game, players), "--seats", seats, "--deals", "2")
    assert_valid("match", data)
    assert len(data["seat_names"]) == players


def test_bench_report() -> None:
    data = json_of("bench", "--games", "whist,cinch,chinkway", "--deals", "1",
                   "--random-deals", "1", "--no-dds", "--tt-mb", "16")  # fmt: skip
    assert_valid("bench", data)
    sides = {s["side"] for g in data["games"] for s in g["solves"]}
    assert all(isinstance(s, str) for s in sides)
    short = json_of("bench", "--games", "cw3", "--random-deals", "1", "--time-limit", "0.05",
                    "--tt-mb", "16")  # fmt: skip
    assert_valid("bench", short)
    solve = short["games"][0]["solves"][0]
    assert solve["exact"] or solve["value"] is None


def test_bench_table_part_and_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    table = json_of("bench", "--games", "table", "--deals", "1", "--no-dds", "--tt-mb", "16")
    assert_valid("bench", table)
    pos = endgame("whist", 4)
    records = list(signature._search_records("whist endgame", pos, solver.Solver(16), True))

    def small(which: str, progress: Any = None) -> signature.Signature:
        return signature.Signature(records=list(records))  # real records, of one endgame

    monkeypatch.setattr(signature, "run", small)
    data = json_of("bench", "--signature")
    assert_valid("bench", data)
    assert data["records"] == json.loads(json.dumps(records))


# -- doctored outputs are rejected --------------------------------------------------------------


def doctor(path: list[Any], value: Any) -> Callable[[Any], Any]:
    """A change to one field: `value` put at `path` (a key added where the
    last step is new)."""

    def change(data: Any) -> Any:
        out = copy.deepcopy(data)
        at = out
        for step in path[:-1]:
            at = at[step]
        at[path[-1]] = value
        return out

    return change


NEGATIVE: list[tuple[str, list[str], list[Any], Any]] = [
    ("deal", ["deal", "whist", "--seed", "1"], ["dealer"], 4),  # a seat as a number
    ("show", ["show", "--example", "cinch"], ["hands", 0, "cards", 0], "10S"),
    ("move", ["move", SMALL_WHIST, "3H"], ["moves", 0, "seat"], 2),
    ("analyze", ["analyze", SMALL_WHIST], ["value"], None),  # exact, but no value
    ("table", ["table", SMALL_WHIST], ["sides"], {"0": "N-S", "1": "E-W"}),  # the old form
    ("recommend", ["recommend", SMALL_WHIST, "-n", "2", "-j", "1"], ["seat"], 2),
    ("play", ["play", "whist", "--seats", "random", "--seed", "1"], ["stopped"], "done"),
    ("match", ["match", "whist", "--seats", "heuristic,random", "--deals", "1"], ["extra"], 1),
    ("bench", ["bench", "--games", "cinch", "--random-deals", "1", "--tt-mb", "16"],
     ["games", 0, "solves", 0, "side"], 0),
]  # fmt: skip


@pytest.mark.parametrize(
    ("command", "args", "path", "value"), NEGATIVE, ids=[n[0] for n in NEGATIVE]
)
def test_a_doctored_output_is_rejected(
    command: str, args: list[str], path: list[Any], value: Any
) -> None:
    data = json_of(*args)
    assert_valid(command, data)
    assert errors(command, doctor(path, value)(data)), f"{command}: {path} = {value!r} accepted"
