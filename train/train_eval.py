"""Train the learned evaluation of every variant and write the weights the
C core is built with (csrc/games/<game>_weights.h).

    python -m train.train_eval [--data /work/evaldata ...] [--variants whist,cw2]
        [--hidden N] [--seed 1]

For each variant: the labelled positions of its train files (train/data.py),
every side of each a row (the model values a position for any side); the
inputs standardised; a network of one hidden layer of rectified units
(`--hidden`, else the variant's `HIDDEN` or `DEFAULT_HIDDEN`; scikit-learn's
MLPRegressor, Adam, squared error, early stopping on a tenth of the rows,
seeded), or with `--hidden 0` a ridge regression; the
scaling folded into the first layer; the model written with the data's
sizes, the seed, the library versions and the CPU time in its header's
comment.  Then rebuild the extension (setup.py build_ext --inplace).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np
import sklearn
from sklearn.linear_model import Ridge
from sklearn.neural_network import MLPRegressor
from sklearn.preprocessing import StandardScaler

from train.data import matrix, records
from train.model import Model, forward, read_header, write_header, zero_model
from train.variants import GAMES_C, VARIANTS, headers

DEFAULT_DATA = Path("/work/evaldata")
DEFAULT_HIDDEN = 16
# Variants whose model has more hidden units than DEFAULT_HIDDEN: Chinkway
# (held-out leaf error 0.97 with 16 units, 0.92 with 32; train/README.md);
# Cinch, trained on heuristic and random play together (model36c: 64 units
# hold both, 16 lose the heuristic positions' accuracy; train/README.md).
HIDDEN = {"chinkway": 32, "cinch": 64}
RIDGE_ALPHA = 1.0
MLP_ITERATIONS = 400
MLP_L2 = 1e-3


def fit(x: np.ndarray, y: np.ndarray, hidden: int, seed: int) -> Model:
    """A model of y from x, the scaling folded into its first layer."""
    scaler = StandardScaler().fit(x)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    xs = (x - scaler.mean_) / scale
    if hidden == 0:
        ridge = Ridge(alpha=RIDGE_ALPHA).fit(xs, y)
        w = ridge.coef_ / scale
        b = float(ridge.intercept_ - np.dot(ridge.coef_, scaler.mean_ / scale))
        return Model(w[None, :], np.zeros(1), np.zeros(1), b, 0)
    net = MLPRegressor(
        hidden_layer_sizes=(hidden,),
        activation="relu",
        alpha=MLP_L2,
        max_iter=MLP_ITERATIONS,
        early_stopping=True,
        random_state=seed,
    ).fit(xs, y)
    w1 = net.coefs_[0].T / scale  # (hidden, inputs)
    b1 = net.intercepts_[0] - (net.coefs_[0].T * (scaler.mean_ / scale)).sum(axis=1)
    return Model(w1, b1, net.coefs_[1][:, 0], float(net.intercepts_[1][0]), hidden)


def train_variant(data: list[Path], variant: str, hidden: int, seed: int) -> Model:
    started = time.process_time()
    items = [item for folder in data for item in records(folder, variant, "train")]
    if not items:
        raise SystemExit(f"train_eval: no labelled positions of {variant} under {data}")
    x, y, ks = matrix(items)
    model = fit(x, y, hidden, seed)
    mae = float(np.mean(np.abs(forward(model, x) - y)))
    cpu = time.process_time() - started
    kinds = ", ".join(f"k{k}: {int((ks == k).sum())}" for k in sorted(set(ks.tolist())))
    model.meta = [
        f"data: {', '.join(str(d) for d in data)}: {variant}/train_k*.jsonl,"
        f" {len(items)} positions,"
        f" {len(y)} rows (a row a side)",
        f"rows by k: {kinds}",
        f"model: {x.shape[1]} inputs, "
        + (f"{hidden} hidden rectified units" if hidden else "linear (ridge)")
        + f", seed {seed}; mean absolute error on its own rows {mae:.3f}",
        f"scikit-learn {sklearn.__version__}, numpy {np.__version__}, "
        f"Python {platform.python_version()}; {cpu:.1f} s CPU",
    ]
    print(f"{variant}: {len(y)} rows, train MAE {mae:.3f}, {cpu:.1f} s", file=sys.stderr)
    return model


def kept(variant: str, inputs: int) -> Model:
    """A variant not trained now, written beside those that are: its shipped
    model and its comment, as they are, when it reads these inputs or the
    first of them (a game's features added after it was trained:
    model.write_header), else the zero model (marked untrained)."""
    try:
        model = read_header(variant)
    except (OSError, ValueError):
        model = None
    if model is None or model.inputs > inputs:
        model = zero_model(inputs)
        model.meta = ["untrained: always the low bound"]
        print(f"{variant}: untrained (zero model)", file=sys.stderr)
    elif not model.meta:
        model.meta = [f"kept from the header before (trained earlier; {model.inputs} inputs)"]
    return model


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--data", type=Path, action="append", help=f"a data folder (repeatable; {DEFAULT_DATA})"
    )
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument(
        "--hidden", type=int, help=f"hidden units of every model ({DEFAULT_HIDDEN}; {HIDDEN})"
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    chosen = [v for v in args.variants.split(",") if v]
    for v in chosen:
        if v not in VARIANTS:
            ap.error(f"unknown variant {v!r} (one of {', '.join(VARIANTS)})")
    data = args.data or [DEFAULT_DATA]
    models = {}
    for v in chosen:
        hidden = HIDDEN.get(v, DEFAULT_HIDDEN) if args.hidden is None else args.hidden
        models[v] = train_variant(data, v, hidden, args.seed)
    write_headers(models)
    return 0


def write_headers(models: dict[str, Model], folder: Path = GAMES_C) -> None:
    """Write (in `folder`) every weights header that holds one of `models`
    (variant -> model), the header's other variants `kept` as they are."""
    for header, variants in headers().items():
        if not any(v.name in models for v in variants):
            continue
        inputs = next(models[v.name].inputs for v in variants if v.name in models)
        mine = dict(models)
        for v in variants:
            if v.name not in mine:
                mine[v.name] = kept(v.name, inputs)
        print(write_header(header, mine, folder), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
