"""The small things of the CLI -- the README's small benchmark is
small, a directory or a mistyped file name is reported as such, a UTF-8 byte
order mark is accepted, `tricksolver help` works, `show` counts "5 legal
moves", and no figure reads ``-0.00``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import solver
from solver.cli import recommend as recommend_cli
from solver.cli.common import unsigned_zeros
from tests.cli_helpers import assert_one_line_error, run
from tests.paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_small_benchmark_is_small() -> None:
    line = next(
        x for x in README.splitlines() if x.startswith("tricksolver bench") and "small" in x
    )
    args = line.split("#")[0].split()[1:]
    assert "--games" in args and "whist" in args[args.index("--games") + 1]
    assert int(args[args.index("--deals") + 1]) <= 3
    assert " ".join(args) in run("--help").stdout


def test_a_directory_or_a_mistyped_file_is_named_as_such(tmp_path: Path) -> None:
    assert_one_line_error(run("show", str(tmp_path)), "is a directory")
    assert_one_line_error(run("show", "."), "is a directory")
    for name in ["hand", "hand.tml", "handtoml"]:
        result = run("show", name)
        assert_one_line_error(result, name, "no such file")
        assert "unknown game" not in result.stderr
    assert_one_line_error(run("analyze", "ending"), "no such file")


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    pos = solver.deal("whist", seed=3)
    toml = tmp_path / "bom.toml"
    toml.write_bytes(b"\xef\xbb\xbf" + pos.to_toml().encode())
    line = tmp_path / "bom.txt"
    line.write_bytes(b"\xef\xbb\xbf" + pos.to_line().encode())
    for path in (toml, line):
        result = run("show", str(path))
        assert result.exit_code == 0, result.output
    result = run("show", "-", input="\ufeff" + pos.to_line())
    assert result.exit_code == 0, result.output
    assert solver.parse_position("\ufeff" + pos.to_line()).to_line() == pos.to_line()


def test_help_command() -> None:
    assert run("help").stdout == run("--help").stdout
    assert run("help", "analyze").stdout == run("analyze", "--help").stdout
    assert_one_line_error(run("help", "nope"), "no command 'nope'")


def test_show_counts_the_legal_moves_in_words() -> None:
    out = run("show", "--example", "chinkway").stdout
    assert re.search(r"\b5 legal moves for 4\b", out), out
    assert "(5)" not in out


def test_no_negative_zero() -> None:
    assert recommend_cli._fmt(-0.001) == "0.00"
    assert recommend_cli._fmt(-0.004) == "0.00"
    assert recommend_cli._fmt(-0.005) in {"-0.01", "0.00"}  # rounding, never -0.00
    assert recommend_cli._span(-0.001, 0.5) == "0.00 .. 0.50"
    assert recommend_cli._fmt(None) == "-"
    data = {"mean": round(-0.00001, 4), "rows": [(-0.0, 1.5)], "n": 0}
    assert json.dumps(unsigned_zeros(data)) == '{"mean": 0.0, "rows": [[0.0, 1.5]], "n": 0}'
