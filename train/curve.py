"""Learning curve and capacity of a variant's learned evaluation: models
fitted as `train.train_eval.fit` fits the shipped one, on a share of
today's labelled positions, plus the first positions of new files, with a
choice of hidden units, each scored on the same held-out sets.

    python -m train.curve --variant cinch --data /work/evaldata --data DIR2 \\
        [--more DIR] --val heur=/work/evaldata/val --val rand=DIR \\
        --runs 0.25/0/16,1/0/16,1/6000/32 [--seed 1] [--save OUT]

A run is `share/more/hidden`: `share` of today's positions (`--data`, a
seeded sample of the positions, every side of one a row), the first
`more` positions of each of the `--more` folders' train files, `hidden`
units.  The score of a held-out set (its train and test files, every side
of a position a row): the mean absolute error of the horizon's value as the
bounded search takes it (`horizon_value`: the model's output settled into
the cheap bounds and rounded), overall and a k at a time.  With `--save`,
each run's model is written to OUT/<variant>-<run>.npz (`load`), from which
`python -m train.curve --install FILE` writes the variant's header (the
other variants' models kept as their headers hold them).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solver import _core
from train.data import Labelled, files, matrix, records
from train.model import Model, forward, read_header
from train.train_eval import fit, write_headers
from train.variants import GAMES_C, VARIANTS

SAMPLE_SEED = 1  # the sample of today's positions of a share below 1


@dataclass(frozen=True)
class Run:
    share: float  # of today's positions
    more: int  # first positions of each new train file
    hidden: int

    @property
    def name(self) -> str:
        return f"{self.share:g}-{self.more}-{self.hidden}"


def parse_run(text: str) -> Run:
    share, more, hidden = text.split("/")
    run = Run(float(share), int(more), int(hidden))
    if not 0 < run.share <= 1 or run.more < 0 or run.hidden < 0:
        raise ValueError(f"bad run {text!r}: share in (0, 1], more >= 0, hidden >= 0")
    return run


@dataclass
class Rows:
    """Inputs, labels, each row's k, its cheap bounds, and the position it
    came from (an index into the list read)."""

    x: np.ndarray
    y: np.ndarray
    k: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    owner: np.ndarray


def rows(items: list[Labelled]) -> Rows:
    x, y, k = matrix(items)
    lo, hi, owner = [], [], []
    for i, item in enumerate(items):
        st = item.pos.core
        assert st is not None
        for side in range(len(item.whole)):
            a, b = _core.Searcher.value_range(st, side)
            lo.append(a)
            hi.append(b)
            owner.append(i)
    return Rows(x, y, k, np.array(lo), np.array(hi), np.array(owner))


def take(r: Rows, mask: np.ndarray) -> Rows:
    return Rows(r.x[mask], r.y[mask], r.k[mask], r.lo[mask], r.hi[mask], r.owner[mask])


def join(parts: list[Rows]) -> Rows:
    return Rows(*(np.concatenate([getattr(p, f) for p in parts]) for f in Rows.__annotations__))


def horizon_value(model: Model, r: Rows) -> np.ndarray:
    """The value a bounded search gives the horizon: the output in float32,
    settled into the cheap bounds and rounded to the nearest whole number
    (csrc/search/evaluate.h, eval_settle; tests/search/test_fine_values.py)."""
    raw = forward(model, r.x).astype(np.float32)
    clamped = np.minimum(np.maximum(raw, r.lo.astype(np.float32)), r.hi.astype(np.float32))
    return np.clip(np.floor(clamped + np.float32(0.5)), r.lo, r.hi)


def first_positions(folder: Path, variant: str, count: int) -> tuple[list[Labelled], list[int]]:
    """The first `count` uncapped positions of each train file of a folder,
    and each one's rank in its file."""
    out: list[Labelled] = []
    ranks: list[int] = []
    for k, _ in files(folder, variant, "train"):
        got = list(records(folder, variant, "train", {k}))[:count]
        out += got
        ranks += range(len(got))
    return out, ranks


def held_out(folder: Path, variant: str) -> Rows:
    items = list(records(folder, variant, "train")) + list(records(folder, variant, "test"))
    return rows(items)


def score(model: Model, r: Rows) -> str:
    err = np.abs(horizon_value(model, r) - r.y)
    per_k = " ".join(f"k{k}:{err[r.k == k].mean():.3f}" for k in sorted(set(r.k.tolist())))
    return f"{err.mean():.3f} ({per_k})"


def save(model: Model, path: Path) -> None:
    np.savez(path, w1=model.w1, b1=model.b1, w2=model.w2, b2=model.b2, hidden=model.hidden)


def load(path: Path) -> Model:
    z = np.load(path)
    return Model(z["w1"], z["b1"], z["w2"], float(z["b2"]), int(z["hidden"]))


def install(path: Path, variant: str, meta: list[str], folder: Path = GAMES_C) -> None:
    """Write the variant's header (in `folder`) with the saved model (an
    experiment's: the shipped weights come from train.train_eval)."""
    model = load(path)
    model.meta = meta
    write_headers({variant: model}, folder)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    ap.add_argument("--data", type=Path, action="append", default=[])
    ap.add_argument("--more", type=Path, action="append", default=[])
    ap.add_argument("--val", action="append", default=[], help="NAME=DIR (repeatable)")
    ap.add_argument("--runs", default="1/0/16")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", type=Path)
    ap.add_argument("--install", type=Path, help="a saved model: write its header, nothing else")
    ap.add_argument("--shipped", action="store_true", help="score the shipped header's model too")
    args = ap.parse_args(argv)
    if args.install:
        install(args.install, args.variant, [f"experiment (train/curve.py): {args.install.name}"])
        return 0
    runs = [parse_run(t) for t in args.runs.split(",") if t]
    today_items = [it for d in args.data for it in records(d, args.variant, "train")]
    today = rows(today_items)
    most = max(r.more for r in runs)
    more_items: list[Labelled] = []
    ranks: list[int] = []
    for d in args.more:
        got, got_ranks = first_positions(d, args.variant, most)
        more_items += got
        ranks += got_ranks
    rank = np.array(ranks, dtype=int)
    more = rows(more_items) if more_items else None
    vals = {}
    for spec in args.val:
        name, _, folder = spec.partition("=")
        vals[name] = held_out(Path(folder), args.variant)
    print(
        f"{args.variant}: today {len(today_items)} positions {len(today.y)} rows;"
        f" new {len(more_items)} positions; held-out "
        + ", ".join(f"{n} {len(v.y)} rows" for n, v in vals.items()),
        flush=True,
    )
    if args.shipped:
        shipped = read_header(args.variant)
        print(
            f"{args.variant} shipped:"
            + "".join(f"\n    {name}: {score(shipped, v)}" for name, v in vals.items()),
            flush=True,
        )
    order = np.random.default_rng(SAMPLE_SEED).permutation(len(today_items))
    for run in runs:
        started = time.process_time()
        chosen = np.zeros(len(today_items), dtype=bool)
        chosen[order[: round(run.share * len(today_items))]] = True
        parts = [take(today, chosen[today.owner])]
        if run.more and more is not None:
            parts.append(take(more, rank[more.owner] < run.more))
        train = join(parts)
        model = fit(train.x, train.y, run.hidden, args.seed)
        cpu = time.process_time() - started
        line = f"{args.variant} {run.name}: {len(train.y)} rows, fit {cpu:.0f} s"
        for name, v in vals.items():
            line += f"\n    {name}: {score(model, v)}"
        print(line, flush=True)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            save(model, args.save / f"{args.variant}-{run.name}.npz")
    return 0


if __name__ == "__main__":
    sys.exit(main())
