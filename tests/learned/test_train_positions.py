"""train/positions.py, the generator of labelled positions: the positions
are where they claim to be, their notation reads back, their labels are the
exact values a fresh search finds, and a run is reproducible and resumable."""

from __future__ import annotations

import fcntl
import json
from pathlib import Path
from typing import Any

import pytest

from solver.doubledummy import Solver, banked_between
from solver.position import parse_position
from train import positions as tp
from train import ship, status

SMALL_K = (2, 3)
PER_VARIANT = 3
SEED = 11


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _without_time(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in ("seconds", "cpu")} for row in rows]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Path]:
    out = {}
    for variant in tp.VARIANTS:
        for k in SMALL_K:
            path = tmp_path_factory.mktemp("pos") / f"{variant}_k{k}.jsonl"
            tp.run(variant, k, PER_VARIANT, SEED, path, moves=True, progress=False)
            out[variant, k] = path
    return out


@pytest.mark.parametrize("variant", list(tp.VARIANTS))
@pytest.mark.parametrize("k", SMALL_K)
def test_each_position_is_a_trick_start_with_k_tricks_left_and_reads_back(
    generated: dict[tuple[str, int], Path], variant: str, k: int
) -> None:
    rows = _lines(generated[variant, k])
    assert [r["index"] for r in rows] == list(range(PER_VARIANT))
    for row in rows:
        assert (row["variant"], row["seed"], row["k"]) == (variant, SEED, k)
        text = str(row["position"])
        pos = parse_position(text)
        assert pos.to_line() == text
        assert pos.game == tp.VARIANTS[variant].game
        assert pos.core is not None and pos.core.nsides == len(row["sides"])
        assert tp.tricks_left(pos) == k
        assert tp.at_trick_start(pos)
        # the position is the generator's own, made again from its index
        assert tp.make_position(variant, SEED, int(row["index"]), k).to_line() == text


@pytest.mark.parametrize("variant", list(tp.VARIANTS))
@pytest.mark.parametrize("k", SMALL_K)
def test_values_are_a_fresh_solves_and_within_the_positions_bounds(
    generated: dict[tuple[str, int], Path], variant: str, k: int
) -> None:
    solver = Solver()
    for row in _lines(generated[variant, k]):
        assert "capped" not in row
        pos = parse_position(str(row["position"]))
        values = row["values"]
        assert isinstance(values, list)
        for side, value in zip(row["sides"], values, strict=True):
            solver.clear()
            assert solver.solve(pos, side).value == value
            low, high = solver.value_range(pos, side)
            assert low <= value <= high


@pytest.mark.parametrize("variant", list(tp.VARIANTS))
def test_move_values_are_the_values_after_each_move_and_the_best_is_the_positions(
    generated: dict[tuple[str, int], Path], variant: str
) -> None:
    """Each move's value, checked by solving the position after it (plus
    what the move's trick banks), and the best of them is the side's value."""
    solver = Solver()
    for row in _lines(generated[variant, max(SMALL_K)]):
        pos = parse_position(str(row["position"]))
        assert pos.core is not None
        side = pos.core.sides[pos.to_move]
        moves = row["moves"]
        assert isinstance(moves, dict)
        assert set(moves) == {str(m.card) for m in pos.legal_moves()}
        for move in pos.legal_moves():
            after = pos.copy()
            after.play(move)
            value = solver.solve(after, side).value + banked_between(pos, after, side)
            assert moves[str(move.card)] == value
        assert max(moves.values()) == row["values"][side]


def test_same_seed_same_file_and_another_seed_other_positions(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    tp.run("cw4", 3, 4, SEED, a, progress=False)
    tp.run("cw4", 3, 4, SEED, b, progress=False)
    tp.run("cw4", 3, 4, SEED + 1, c, progress=False)
    assert _without_time(_lines(a)) == _without_time(_lines(b))
    assert [r["position"] for r in _lines(a)] != [r["position"] for r in _lines(c)]


def test_a_run_resumes_where_the_file_stops_and_drops_a_line_cut_off(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    tp.run("whist", 3, 5, SEED, whole, progress=False)
    assert tp.run("whist", 3, 2, SEED, parts, progress=False) == 2
    with parts.open("a") as f:
        f.write('{"variant":"whist","seed":11,"in')  # a crash in the middle of a line
    assert tp.run("whist", 3, 5, SEED, parts, progress=False) == 3
    assert tp.run("whist", 3, 5, SEED, parts, progress=False) == 0
    assert _without_time(_lines(parts)) == _without_time(_lines(whole))


def test_a_search_past_the_node_cap_is_written_capped_without_values(tmp_path: Path) -> None:
    out = tmp_path / "capped.jsonl"
    tp.run("whist", 8, 2, SEED, out, max_nodes=10, moves=True, progress=False)
    for row in _lines(out):
        assert row["capped"] is True
        assert "values" not in row and "moves" not in row
        assert int(row["nodes"]) > 0


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--variant", "bridge", "--k", "2"], "unknown variant 'bridge'"),
        (["--variant", "cinch", "--k", "7"], "--k must be 1 to 6 for cinch, not 7"),
        (["--variant", "cinch", "--k", "2", "--max-nodes", "-1"], "--max-nodes must not be"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], problem: str
) -> None:
    out = tmp_path / "x.jsonl"
    status = tp.main([*args, "--count", "1", "--seed", "1", "--out", str(out)])
    err = capsys.readouterr().err
    assert status == tp.EXIT_USAGE
    assert err.startswith("train.positions: error: ") and problem in err
    assert err.count("\n") == 1
    assert not out.exists()


def test_a_file_of_another_run_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "other.jsonl"
    tp.run("cw4", 2, 1, SEED, out, progress=False)
    before = out.read_bytes()
    args = ["--variant", "cw4", "--k", "2", "--count", "2", "--seed", "5", "--out", str(out)]
    status = tp.main(args)
    assert status == tp.EXIT_USAGE
    assert "a position of another run (cw4, seed 11, k 2)" in capsys.readouterr().err
    assert out.read_bytes() == before


def test_a_file_another_run_is_writing_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "busy.jsonl"
    with out.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a run writing it holds it
        with pytest.raises(tp.GeneratorError, match="another run is writing it"):
            tp.run("cw4", 2, 1, SEED, out, progress=False)
    assert out.read_text() == ""


def test_status_counts_each_files_positions_capped_and_moves(tmp_path: Path) -> None:
    tp.run("cw4", 2, 3, SEED, tmp_path / "cw4" / "test_k2.jsonl", moves=True, progress=False)
    tp.run("whist", 8, 2, SEED, tmp_path / "whist" / "train_k8.jsonl", max_nodes=10, progress=False)
    assert status.main([str(tmp_path)]) == 0
    text = (tmp_path / "STATUS.md").read_text()
    assert "| cw4 | cw4/test_k2.jsonl | 2 | 3 | 0 | 3 | 11 | " in text
    assert "| whist | whist/train_k8.jsonl | 8 | 2 | 2 | 0 | 11 | " in text


def test_ship_copies_the_first_positions_of_each_test_set_by_index(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "eval"
    tp.run("cinch", 2, 5, SEED, data / "cinch" / "test_k2.jsonl", moves=True, progress=False)
    tp.run("cinch", 2, 5, SEED, data / "cinch" / "train_k2.jsonl", progress=False)
    lines = (data / "cinch" / "test_k2.jsonl").read_text().splitlines()
    (data / "cinch" / "test_k2.jsonl").write_text("\n".join(reversed(lines)) + "\n")
    assert ship.main(["--data", str(data), "--out", str(out), "--per-file", "3"]) == 0
    assert (out / "cinch" / "test_k2.jsonl").read_text().splitlines() == lines[:3]
    assert not (out / "cinch" / "train_k2.jsonl").exists()
    assert "| cinch/test_k2.jsonl | 3 | 0 |" in (out / "README.md").read_text()


def test_ship_refuses_a_copy_over_its_size_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, out = tmp_path / "data", tmp_path / "eval"
    tp.run("cinch", 2, 2, SEED, data / "cinch" / "test_k2.jsonl", progress=False)
    monkeypatch.setattr(ship, "MOST_BYTES", 10)
    assert ship.main(["--data", str(data), "--out", str(out)]) == 2
    assert not out.exists()


def test_random_play_lines_are_labelled_like_the_generators(tmp_path: Path) -> None:
    """train/stopgap.py (random play) labels with the generator's `label`:
    each side's value a fresh solve, the moves every legal card's value."""
    from train import stopgap

    for variant in ("cinch", "chinkway"):
        stopgap.make(variant, 2, "test", 2, tmp_path)
        for row in _lines(tmp_path / variant / "test_k2.jsonl"):
            pos = parse_position(str(row["position"]))
            assert pos.core is not None
            solver = Solver(tt_mb=4)
            assert row["values"] == [solver.solve(pos, s).value for s in range(pos.core.nsides)]
            want = {str(m.card): m.value for m in solver.analyze(pos, pv=False).moves}
            assert row["moves"] == want
