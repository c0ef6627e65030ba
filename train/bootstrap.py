"""Labels beyond where exact values are affordable (two-player Chinese
Whist past 14 tricks left, three-player past 12), by bootstrapping: each
side's value by a bounded search exact for the next `--depth` tricks and
valued there by the learned evaluation compiled in now (the previous
model), so that each round reaches `--depth` tricks further than the
labels the model was trained on.  Positions as train/stopgap.py's (random
play, the same seeds); the lines have its format, with "bounded": the depth
(their values are not exact: train_eval uses them as labels, the accuracy
bench never).

    python -m train.bootstrap --variant cw2 --ks 15-20 --depth 6 --count 150 --out DIR

train/reproduce.sh runs the rounds (train, rebuild, label further, ...).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from solver.doubledummy import LEARNED, Solver
from train.stopgap import fill, position
from train.variants import VARIANTS

TABLE_MB = 16


def label(variant: str, k: int, depth: int, count: int, out: Path) -> int:
    """Append bootstrapped lines to out/<variant>/train_k<k>.jsonl up to `count`."""
    solver = Solver(tt_mb=TABLE_MB, evaluation=LEARNED)

    def row(seed: int) -> dict[str, Any] | None:
        pos = position(variant, k, seed)
        if pos is None:
            return None
        assert pos.core is not None
        started = time.process_time()
        solver.horizon = pos.core.tricks_played + depth
        values, nodes = [], 0
        for side in range(pos.core.nsides):
            got = solver.solve(pos, side)
            values.append(got.value)
            nodes += got.stats.nodes
        return {
            "variant": variant,
            "seed": seed,
            "index": seed,
            "k": k,
            "position": pos.to_line(),
            "sides": list(range(pos.core.nsides)),
            "values": values,
            "bounded": depth,
            "nodes": nodes,
            "seconds": time.process_time() - started,
        }

    return fill(out / variant / f"train_k{k}.jsonl", count, row)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    ap.add_argument("--ks", required=True, help="a range of k, as 15-20")
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    first, _, last = args.ks.partition("-")
    for k in range(int(first), int(last or first) + 1):
        n = label(args.variant, k, args.depth, args.count, args.out)
        print(f"{args.variant} k{k}: {n} bootstrapped lines (depth {args.depth})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
