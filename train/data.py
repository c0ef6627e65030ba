"""Reading the labelled positions (data36's files, format in
train/README.md): ``<dir>/<variant>/{train,test}_k<K>.jsonl``, one JSON
line per position at a trick start with K tricks left; capped lines (no
exact value) are skipped.  Each side's label is the value of the whole
hand (`Solver.solve`'s value, from the position on, plus what the side has
banked: `solver.doubledummy.banked`), the scale of the game's bounds and of
the evaluation."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solver import _core
from solver.banked import banked
from solver.cards import Card
from solver.games.base import Position
from solver.position import parse_position

FILE = re.compile(r"(train|test)_k(\d+)\.jsonl$")


@dataclass
class Labelled:
    pos: Position
    k: int
    seed: int
    whole: list[int]  # each side's value of the whole hand
    moves: dict[int, int]  # test sets: each legal card's exact value (from here, side to move)


def files(data: Path, variant: str, kind: str) -> list[tuple[int, Path]]:
    """(k, path) of a variant's files of a kind, by k."""
    found = []
    for path in (data / variant).glob(f"{kind}_k*.jsonl"):
        m = FILE.search(path.name)
        if m:
            found.append((int(m.group(2)), path))
    return sorted(found)


def _card(key: str) -> int:
    return int(key) if key.isdigit() else Card.parse(key).index


def records(data: Path, variant: str, kind: str, ks: set[int] | None = None) -> Iterator[Labelled]:
    for k, path in files(data, variant, kind):
        if ks is not None and k not in ks:
            continue
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("capped") or "values" not in row:
                continue
            pos = parse_position(row["position"])
            sides = row.get("sides", list(range(len(row["values"]))))
            whole = [0] * len(sides)
            for side, v in zip(sides, row["values"], strict=True):
                whole[side] = v + banked(pos, side)
            moves = {_card(c): v for c, v in row.get("moves", {}).items()}
            yield Labelled(pos, k, int(row.get("seed", 0)), whole, moves)


def matrix(items: list[Labelled]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs (one row per position and side), labels and each row's k."""
    xs, ys, ks = [], [], []
    for item in items:
        st = item.pos.core
        assert st is not None
        for side, y in enumerate(item.whole):
            xs.append(_core.eval_inputs(st, side))
            ys.append(y)
            ks.append(item.k)
    return np.array(xs, dtype=np.float64), np.array(ys, dtype=np.float64), np.array(ks)
