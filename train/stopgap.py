"""learn36's stop-gap labelled positions, made while data36's generator
(train/positions.py, the realistic one: the heuristic player's play) was
not yet running: positions of plain random play (`tests.randpos.random_play`
from a random deal) at a trick start with K tricks left, each side's exact
value (a search capped at `CAP` nodes; a capped position is written as such,
without values), and for test files every legal move's exact value.  The
lines have data36's format (train/README.md), labelled by the same
`train.positions.label`.  Seeds run from 1 (train) and TEST_SEED0 + 1 (test); a seed whose
position is not a trick start with K left is skipped, so a file of N lines
is the first N usable seeds.

    python -m train.stopgap --variant whist --k 8 --kind train --count 250 --out DIR \
        [--first-seed N]
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
from solver.doubledummy import Solver
from solver.games.base import Position
from tests.randpos import random_play
from train.positions import label
from train.variants import VARIANTS

CAP = 3_000_000  # nodes a search
TABLE_MB = 64
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


def one(solver: Solver, variant: str, k: int, seed: int, moves: bool) -> dict[str, Any] | None:
    """The line of the seed's position (None: not a trick start with k
    left), labelled by `train.positions.label`, the one labeller of the data."""
    pos = position(variant, k, seed)
    if pos is None:
        return None
    st = pos.core
    assert st is not None
    started = time.process_time()
    labels = label(solver, pos, moves)
    row: dict[str, Any] = {"variant": variant, "seed": seed, "index": seed, "k": k}
    row["position"] = pos.to_line()
    if labels.values is None:
        row["capped"] = True
        return row
    row["sides"] = list(range(st.nsides))
    row["values"] = labels.values
    if labels.moves is not None:
        row["side_to_move"] = st.sides[st.turn]
        row["moves"] = labels.moves
    row["nodes"] = labels.nodes
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


def make(
    variant: str,
    k: int,
    kind: str,
    count: int,
    out: Path,
    seconds: float = 0,
    first_seed: int | None = None,
) -> int:
    """out/<variant>/<kind>_k<k>.jsonl up to `count` lines (`fill`), seed
    after seed from `first_seed` (default: the kind's first, 1 or
    TEST_SEED0 + 1)."""
    solver = Solver(tt_mb=TABLE_MB, max_nodes=CAP)
    first = (TEST_SEED0 if kind == "test" else 0) + 1 if first_seed is None else first_seed
    return fill(
        out / variant / f"{kind}_k{k}.jsonl",
        count,
        lambda seed: one(solver, variant, k, seed, kind == "test"),
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
    ap.add_argument(
        "--first-seed",
        type=int,
        help="the first seed tried (default 1, test sets TEST_SEED0 + 1): a new"
        " set's seeds must be no other set's",
    )
    args = ap.parse_args(argv)
    n = make(args.variant, args.k, args.kind, args.count, args.out, first_seed=args.first_seed)
    print(f"{args.variant} {args.kind} k{args.k}: {n} lines", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
