"""learn36's stop-gap labelled positions, made while data36's generator
(train/positions.py, the realistic one: the heuristic player's play) was
not yet running: positions of plain random play (`tests.randpos.random_play`
from a random deal) at a trick start with K tricks left, each side's exact
value (a search capped at `CAP` nodes; a capped position is written as such,
without values), and for test files every legal move's exact value.  The
lines have data36's format (train/README.md), card indices for the moves'
keys.  Seeds run from 1 (train) and TEST_SEED0 + 1 (test); a seed whose
position is not a trick start with K left is skipped, so a file of N lines
is the first N usable seeds.

    python -m train.stopgap --variant whist --k 8 --kind train --count 250 --out DIR
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver import _core
from solver.games.base import Position
from tests.randpos import random_play
from train.variants import VARIANTS

CAP = 3_000_000  # nodes a search
TABLE_BYTES = 64 << 20
TEST_SEED0 = 10_000_000


def position(variant: str, k: int, seed: int) -> Position | None:
    """The seed's position with k tricks left at a trick start, or None."""
    v = VARIANTS[variant]
    start = random_play(v.game, v.seats, 0, seed)
    assert start.core is not None
    total = start.core.total_tricks
    if k > total:
        return None
    pos = random_play(v.game, v.seats, total - k, seed)
    st = pos.core
    assert st is not None
    if st.phase != _core.PHASE_PLAY or st.trick or total - st.tricks_played != k:
        return None
    return pos


def one(searcher: Any, variant: str, k: int, seed: int, moves: bool) -> dict[str, Any] | None:
    pos = position(variant, k, seed)
    if pos is None:
        return None
    st = pos.core
    assert st is not None
    started = time.process_time()
    nodes = 0
    values = []
    capped = {"variant": variant, "seed": seed, "k": k, "position": pos.to_line(), "capped": True}
    for side in range(st.nsides):
        searcher.clear()
        values.append(searcher.solve(st, side))
        nodes += searcher.stats["nodes"]
        if not searcher.stats["exact"]:
            return capped
    row: dict[str, Any] = {
        "variant": variant,
        "seed": seed,
        "index": seed,
        "k": k,
        "position": pos.to_line(),
        "sides": list(range(st.nsides)),
        "values": values,
    }
    if moves:
        searcher.clear()
        found = searcher.analyze(st)
        if not searcher.stats["exact"]:
            return capped
        nodes += searcher.stats["nodes"]
        row["side_to_move"] = st.sides[st.turn]
        row["moves"] = {str(card): v for card, v, _cls, _high in found}
    row["nodes"] = nodes
    row["seconds"] = time.process_time() - started
    return row


def fill(
    path: Path,
    count: int,
    make_row: Callable[[int], dict[str, Any] | None],
    first_seed: int = 1,
    seconds: float = 0,
) -> int:
    """Append to `path` the rows `make_row(seed)` gives (None: that seed is
    skipped), seed after seed from `first_seed`, until it has `count` lines
    (or `seconds` of wall time pass, when not 0); the seeds already there
    are kept (resumable).  Returns the lines."""
    os.makedirs(path.parent, exist_ok=True)
    have = set()
    if path.exists():
        have = {json.loads(line)["seed"] for line in path.read_text().splitlines() if line}
    n, seed = len(have), first_seed
    started = time.time()
    with open(path, "a") as f:
        while n < count and not (seconds and time.time() - started > seconds):
            if seed not in have:
                row = make_row(seed)
                if row is not None:
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    n += 1
            seed += 1
    return n


def make(variant: str, k: int, kind: str, count: int, out: Path, seconds: float = 0) -> int:
    """out/<variant>/<kind>_k<k>.jsonl up to `count` lines (`fill`)."""
    searcher = _core.Searcher(TABLE_BYTES, CAP)
    first = (TEST_SEED0 if kind == "test" else 0) + 1
    return fill(
        out / variant / f"{kind}_k{k}.jsonl",
        count,
        lambda seed: one(searcher, variant, k, seed, kind == "test"),
        first,
        seconds,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    ap.add_argument("--k", type=int, required=True)
    ap.add_argument("--kind", choices=("train", "test"), default="train")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    n = make(args.variant, args.k, args.kind, args.count, args.out)
    print(f"{args.variant} {args.kind} k{args.k}: {n} lines", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
