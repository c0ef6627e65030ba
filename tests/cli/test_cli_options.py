"""The resource options of every command are checked when they are read,
before any work -- one line naming the option,
exit status 2 -- and 0 means one thing everywhere (``--time 0`` and
``--max-nodes 0``: no limit; ``--tt-mb 0``: the default table; ``--players
0``: the game's default)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import solver
from solver import batch
from solver.budget import DEFAULT_TT_MB, MAX_NODES
from solver.cli import common, options
from solver.doubledummy import Solver
from solver.errors import NotationError, PositionError
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


# -- memory counted whole, input read in a bounded way ---------------------------------

SMALL_MACHINE_MIB = 8_000  # a machine where 256 worker processes do not fit


def test_the_memory_check_counts_each_worker_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """256 processes with 1 MiB tables: the tables fit in 8,000 MiB, the
    processes (`WORKER_MIB` each, as measured) do not; threads share the
    command's process and fit."""
    monkeypatch.setattr(options, "machine_mib", lambda: SMALL_MACHINE_MIB)
    with pytest.raises(PositionError, match=f"{options.WORKER_MIB} MiB of its own"):
        options.workers_memory(256, 1.0)
    options.workers_memory(256, 1.0, processes=False)
    fits = (SMALL_MACHINE_MIB - options.COMMAND_MIB) // (options.WORKER_MIB + 1)
    options.workers_memory(int(fits), 1.0)
    with pytest.raises(PositionError):
        options.workers_memory(int(fits) + 1, 1.0)


def test_many_jobs_are_refused_before_a_worker_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_pool(workers: int) -> None:
        raise AssertionError(f"a pool of {workers} was started")

    monkeypatch.setattr(options, "machine_mib", lambda: SMALL_MACHINE_MIB)
    monkeypatch.setattr(batch, "process_pool", no_pool)
    boards = tmp_path / "boards.txt"
    boards.write_text(run("deal", "whist", "--seed", "1", "--count", "256", "--line").stdout)
    result = run("table", str(boards), "--jobs", "256", "--tt-mb", "1")
    assert_one_line_error(result, "256 worker processes (--jobs)", "this machine's memory")


MAX_READ = 1_000  # characters: a limit of these tests


class CountedInput(io.StringIO):
    """Standard input of `size` characters that counts those read."""

    def __init__(self, size: int) -> None:
        super().__init__("x" * size)
        self.taken = 0

    def read(self, size: int | None = -1) -> str:
        text = super().read(size)
        self.taken += len(text)
        return text


def test_a_long_standard_input_is_refused_without_being_read_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(common, "MAX_FILE_TEXT", MAX_READ)
    stdin = CountedInput(100 * MAX_READ)
    monkeypatch.setattr("sys.stdin", stdin)
    with pytest.raises(NotationError, match=f"standard input: longer than the {MAX_READ:,}"):
        common.read_source("-")
    assert stdin.taken <= MAX_READ + 1


def test_a_long_file_is_refused_without_being_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("x" * (3 * MAX_READ))  # within 4 bytes a character: read to see
    with pytest.raises(NotationError, match=f"longer than the {MAX_READ:,} characters"):
        solver.notation.read_text_file(path, MAX_READ)
    assert solver.notation.read_text_file(path, 3 * MAX_READ) == "x" * (3 * MAX_READ)


def test_a_long_standard_input_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "MAX_FILE_TEXT", MAX_READ)
    result = run("show", "-", input="whist; trump=S\n" * MAX_READ)
    assert_one_line_error(result, "standard input", f"longer than the {MAX_READ:,} characters")
