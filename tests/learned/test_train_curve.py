"""train/curve.py (learning curve and capacity of the learned evaluation):
its held-out score takes the horizon's value as the bounded search does
(against the contract's plain per-position value from the C core's raw
output, tests/search/test_fine_values.py), a run's rows are the share and
the first new positions it names, a saved model installs as the header
holds it; train/stopgap.py's `--first-seed` starts a set at that seed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from solver.position import parse_position
from tests.learned.test_learned_eval import trick_starts
from tests.search.test_fine_values import fine_value
from train import curve, stopgap
from train.data import Labelled
from train.model import read_header
from train.variants import GAMES_C

STARTS = 20  # random trick starts a game (cheap: no search)


@pytest.mark.parametrize(
    ("game", "players", "variant"), [("cinch", 4, "cinch"), ("chinkway", 5, "chinkway")]
)
def test_horizon_value_is_the_bounded_searchs(game: str, players: int, variant: str) -> None:
    items = []
    for pos in trick_starts(game, players, STARTS, seed=7):
        assert pos.core is not None
        items.append(Labelled(pos, 0, 0, [0] * pos.core.nsides, {}))
    r = curve.rows(items)
    got = curve.horizon_value(read_header(variant), r)
    want = [fine_value(items[i].pos, side) for i, side in zip(r.owner, _sides(items), strict=True)]
    assert len(got) >= STARTS // 2
    assert got.tolist() == want


def _sides(items: list[Labelled]) -> list[int]:
    return [side for item in items for side in range(len(item.whole))]


def test_a_runs_name_and_bad_runs() -> None:
    assert curve.parse_run("0.5/3000/32") == curve.Run(0.5, 3000, 32)
    assert curve.parse_run("1/0/16").name == "1-0-16"
    for bad in ("0/0/16", "1.5/0/16", "1/-1/16"):
        with pytest.raises(ValueError):
            curve.parse_run(bad)


def test_first_positions_are_each_files_first(tmp_path: Path) -> None:
    for k in (2, 3):
        stopgap.make("cinch", k, "train", 3, tmp_path)
    got, ranks = curve.first_positions(tmp_path, "cinch", 2)
    assert [(it.k, r) for it, r in zip(got, ranks, strict=True)] == [(2, 0), (2, 1), (3, 0), (3, 1)]
    lines = (tmp_path / "cinch" / "train_k3.jsonl").read_text().splitlines()
    assert got[2].pos.to_line() == parse_position(json.loads(lines[0])["position"]).to_line()


def test_a_saved_model_installs_as_it_was(tmp_path: Path) -> None:
    shutil.copytree(GAMES_C, tmp_path / "games")
    shipped = read_header("cinch")
    curve.save(shipped, tmp_path / "m.npz")
    curve.install(tmp_path / "m.npz", "cinch", ["a test"], tmp_path / "games")
    back = read_header("cinch", tmp_path / "games")
    assert back.hidden == shipped.hidden and back.b2 == shipped.b2
    for part in ("w1", "b1", "w2"):
        assert np.array_equal(getattr(back, part), getattr(shipped, part))


def test_first_seed_starts_the_set_there(tmp_path: Path) -> None:
    stopgap.make("cinch", 2, "train", 2, tmp_path, first_seed=5_000_001)
    seeds = [
        json.loads(x)["seed"]
        for x in (tmp_path / "cinch" / "train_k2.jsonl").read_text().splitlines()
    ]
    assert len(seeds) == 2 and min(seeds) >= 5_000_001
