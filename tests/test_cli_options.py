"""Issue 20, item 5 (the options): the resource options of every command are
checked when they are read, before any work -- one line naming the option,
exit status 2 -- and 0 means one thing everywhere (``--time 0`` and
``--max-nodes 0``: no limit; ``--tt-mb 0``: the default table; ``--players
0``: the game's default)."""

from __future__ import annotations

import pytest

import solver
from solver.doubledummy import DEFAULT_TT_MB, MAX_NODES, Solver
from tests.cli_helpers import assert_one_line_error, run

SMALL_WHIST = "N:AK.2.3. QJ.3.2. T9..4.2 87.4..3"
TOO_MANY_NODES = str(MAX_NODES + 1)  # 2**63: past the C search's int64_t

SEARCH = [["analyze", SMALL_WHIST], ["table", SMALL_WHIST]]
RECOMMEND = [["recommend", SMALL_WHIST, "--seat", "E"]]
REVIEW = [["review", SMALL_WHIST, "--moves", "2H"]]
BENCH = [["bench", "--games", "cinch", "--random-deals", "1"]]

BAD: list[tuple[list[str], list[str], str]] = []  # (command, option and value, words)
for command in SEARCH + RECOMMEND + BENCH + REVIEW:
    for value, words in [
        ("1e12", "more than this machine's memory"),
        ("nan", "must be a number of MiB"),
        ("inf", "must be a number of MiB"),
        ("-1", "must be positive"),
        ("lots", "takes a number of MiB"),
    ]:
        BAD.append((command, ["--tt-mb", value], words))
for command in SEARCH + RECOMMEND + REVIEW:
    BAD += [
        (command, ["--max-nodes", TOO_MANY_NODES], "at most"),
        (command, ["--max-nodes", "-1"], "must not be negative"),
        (command, ["--time", "nan"], "must be a number of seconds"),
        (command, ["--time", "inf"], "at most"),
        (command, ["--time", "-1"], "must not be negative"),
    ]
BAD += [
    (RECOMMEND[0], ["--node-budget", TOO_MANY_NODES], "at most"),
    (RECOMMEND[0], ["--samples", "0"], "from 1 to"),
    (RECOMMEND[0], ["--samples", "-5"], "from 1 to"),
    (RECOMMEND[0], ["--samples", "100000000"], "from 1 to"),
    (RECOMMEND[0], ["--jobs", "0"], "from 1 to"),
    (RECOMMEND[0], ["--jobs", "100000"], "from 1 to"),
    (RECOMMEND[0], ["--jobs", "256", "--tt-mb", "16000"], "this machine's memory"),
    (REVIEW[0], ["--samples", "0"], "from 1 to"),
    (REVIEW[0], ["--jobs", "0"], "from 1 to"),
    (REVIEW[0], ["--view-time", "-1"], "must not be negative"),
    (BENCH[0], ["--time-limit", "nan"], "must be a number of seconds"),
    (BENCH[0], ["--time-limit", "-1"], "must not be negative"),
    (["deal", "cw"], ["--players", "-1"], "number of players"),
    (["match", "cw", "--seats", "random"], ["--players", "-1"], "number of players"),
    (["play", "cw"], ["--players", "-1"], "number of players"),
]


@pytest.mark.parametrize(
    ("command", "option", "words"), BAD, ids=[f"{c[0]} {' '.join(o)}" for c, o, _ in BAD]
)
def test_bad_resource_options_are_one_line_before_any_work(
    command: list[str], option: list[str], words: str
) -> None:
    assert_one_line_error(run(*command, *option), option[0], words)


def test_zero_means_the_default_or_no_limit() -> None:
    assert run("analyze", SMALL_WHIST, "--tt-mb", "0", "--time", "0").exit_code == 0
    assert run("table", SMALL_WHIST, "--tt-mb", "0", "--max-nodes", "0").exit_code == 0
    default = solver.deal("chinese-whist", seed=5).to_line()
    assert run("deal", "cw", "--players", "0", "--seed", "5", "--line").stdout.strip() == default
    # --time 0 in play is no limit, as before play (it was refused in play)
    rec = run("recommend", SMALL_WHIST, "--seat", "E", "--samples", "2", "--jobs", "1",
              "--time", "0")  # fmt: skip
    assert rec.exit_code == 0, rec.output


def test_the_api_checks_the_same_values() -> None:
    for kwargs in [{"tt_mb": float("nan")}, {"max_nodes": MAX_NODES + 1}, {"tt_mb": 1e12},
                   {"max_seconds": float("inf")}, {"max_seconds": -1.0}]:  # fmt: skip
        with pytest.raises(solver.PositionError):
            Solver(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(solver.PositionError):
        Solver(8).max_nodes = MAX_NODES + 1
    assert DEFAULT_TT_MB > 0
    Solver(0)  # the default table


@pytest.mark.parametrize(
    "command", ["analyze", "table", "recommend", "review", "bench", "deal", "play"]
)
def test_help_says_what_zero_means(command: str) -> None:
    text = " ".join(run(command, "--help").stdout.split())
    text = text[text.index("Options:") :]
    options = {
        "analyze": ["--tt-mb", "--time", "--max-nodes"],
        "table": ["--tt-mb", "--time", "--max-nodes"],
        "recommend": ["--tt-mb", "--time", "--max-nodes"],
        "review": ["--tt-mb", "--time", "--max-nodes", "--view-time"],
        "bench": ["--tt-mb", "--time-limit"],
        "deal": ["--players"],
        "play": ["--players"],
    }[command]
    for option in options:
        after = text[text.index(" " + option + " ") :]
        assert "0: " in after[:300], (option, after[:300])
