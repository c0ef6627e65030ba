"""The learned evaluation's forward pass (csrc/search/evaluate.h) bit for bit:
`eval_forward` (the first layer input-major, the hidden units side by side,
zero inputs skipped) against `eval_forward_reference` (one unit at a time,
every input) and against the row-major pass written here in float32 numpy
(`row_major_forward`, each operation rounded as C rounds it), on the shipped
models and on random ones made to hit zero inputs, negative zeros and sums
exactly zero; and the built extension's raw output on real positions against
the same row-major pass."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.learned.test_learned_eval import learned_outputs
from tests.paths import ROOT
from tests.randpos import VARIANTS
from train.model import Model, read_header
from train.variants import VARIANTS as MODELS
from train.variants import variant_of

ROWS = 400  # random input rows a model
POSITIONS = 20  # random trick starts a variant (the extension's raw output)
SMALL = 3  # random small-integer weights and inputs lie in -SMALL..SMALL: exact sums, many zero
HIDDEN_SIZES = (0, 1, 3, 8, 17, 64)  # the random models' hidden units (64: EVAL_MAX_HIDDEN)

# Reads models and rows as hexadecimal floats (exact) on its standard input,
# prints the bits of eval_forward's and of eval_forward_reference's output.
PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "search/evaluate.h"

static float next(void)
{
    char word[64];
    if (scanf("%63s", word) != 1)
        exit(3);
    return strtof(word, NULL);
}

static unsigned bits(float f)
{
    unsigned u;
    memcpy(&u, &f, sizeof u);
    return u;
}

int main(void)
{
    int inputs, hidden, rows;
    while (scanf("%d %d %d", &inputs, &hidden, &rows) == 3) {
        int units = hidden ? hidden : 1;
        float b1[EVAL_MAX_HIDDEN], w2[EVAL_MAX_HIDDEN];
        float *w1t = malloc(sizeof(float) * inputs * units), *x = malloc(sizeof(float) * inputs);
        for (int k = 0; k < inputs * units; k++)
            w1t[k] = next();
        for (int j = 0; j < units; j++)
            b1[j] = next();
        for (int j = 0; j < units; j++)
            w2[j] = next();
        eval_model m = {inputs, hidden, w1t, b1, w2, next()};
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < inputs; i++)
                x[i] = next();
            printf("%08x %08x\n", bits(eval_forward(&m, x)), bits(eval_forward_reference(&m, x)));
        }
        free(w1t);
        free(x);
    }
    return 0;
}
"""


def row_major_forward(model: Model, x: np.ndarray) -> np.ndarray:
    """The old forward pass (weights row-major, one hidden unit at a time,
    every input in order) in float32, each product and sum rounded as in C:
    the output of each row of `x`."""
    x = np.asarray(x, dtype=np.float32)[:, : model.inputs]
    w1 = np.asarray(model.w1, dtype=np.float32)
    out = np.full(len(x), np.float32(model.b2), dtype=np.float32)
    if model.hidden == 0:
        for i in range(model.inputs):
            out = out + w1[0, i] * x[:, i]
        return out
    w2 = np.asarray(model.w2, dtype=np.float32)
    for j in range(model.hidden):
        h = np.full(len(x), np.float32(model.b1[j]), dtype=np.float32)
        for i in range(model.inputs):
            h = h + w1[j, i] * x[:, i]
        out = np.where(h > 0, out + w2[j] * h, out)
    return out


def bits(values: np.ndarray) -> list[int]:
    return [int(b) for b in np.asarray(values, dtype=np.float32).view(np.uint32)]


def small_model(rng: np.random.Generator, inputs: int, hidden: int) -> Model:
    """Small integer weights (some zero, some -0.0): sums exactly zero are common."""
    units = max(hidden, 1)

    def draw(*shape: int) -> np.ndarray:
        w = rng.integers(-SMALL, SMALL + 1, size=shape).astype(np.float32)
        w[rng.random(shape) < 0.1] = -0.0
        return w

    if hidden == 0:
        return Model(draw(1, inputs), np.zeros(1), np.zeros(1), float(draw(1)[0]), 0)
    return Model(draw(units, inputs), draw(units), draw(units), float(draw(1)[0]), hidden)


def random_rows(rng: np.random.Generator, inputs: int, small: bool) -> np.ndarray:
    """Rows with about half their inputs 0 (some -0.0), the rest small
    integers or normal floats."""
    if small:
        x = rng.integers(-SMALL, SMALL + 1, size=(ROWS, inputs)).astype(np.float32)
    else:
        x = rng.normal(scale=4.0, size=(ROWS, inputs)).astype(np.float32)
    x[rng.random(x.shape) < 0.5] = 0.0
    x[rng.random(x.shape) < 0.1] = -0.0
    x[: ROWS // 10] = 0.0  # every input zero: the output is b2 + the units of b1 > 0
    return x


def c_text(model: Model, x: np.ndarray) -> str:
    """The program's input for one model: the first layer input-major, as the
    weights headers store it."""
    units = max(model.hidden, 1)
    w1t = np.asarray(model.w1, dtype=np.float32).reshape(units, model.inputs).T
    values = [*np.ravel(w1t), *np.ravel(model.b1)[:units], *np.ravel(model.w2)[:units], model.b2]
    floats = " ".join(float(np.float32(v)).hex() for v in values)
    rows = "\n".join(" ".join(float(v).hex() for v in row) for row in x)
    return f"{model.inputs} {model.hidden} {len(x)}\n{floats}\n{rows}\n"


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cc = shutil.which("gcc") or shutil.which("cc")
    assert cc is not None, "a C compiler is needed to build tricksolver"
    folder = tmp_path_factory.mktemp("forward")
    (folder / "forward.c").write_text(PROGRAM)
    exe = folder / "forward"
    built = subprocess.run(
        [
            cc,
            "-std=c11",
            "-O3",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-I",
            str(ROOT / "csrc"),
            str(folder / "forward.c"),
            "-o",
            str(exe),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    return exe


def run(program: Path, cases: list[tuple[Model, np.ndarray]]) -> list[tuple[int, int]]:
    done = subprocess.run(
        [str(program)],
        input="".join(c_text(m, x) for m, x in cases),
        capture_output=True,
        text=True,
        check=True,
    )
    pairs = (line.split() for line in done.stdout.split("\n") if line)
    return [(int(a, 16), int(b, 16)) for a, b in pairs]


def check(program: Path, cases: list[tuple[Model, np.ndarray]]) -> None:
    got = run(program, cases)
    want = [b for m, x in cases for b in bits(row_major_forward(m, x))]
    assert len(got) == len(want) == sum(len(x) for _, x in cases)
    assert [fast for fast, _ in got] == want
    assert [ref for _, ref in got] == want


@pytest.mark.parametrize("name", sorted(MODELS))
def test_forward_pass_is_the_row_major_pass_on_the_shipped_model(program: Path, name: str) -> None:
    model = read_header(name)
    rng = np.random.default_rng(sorted(MODELS).index(name))
    check(program, [(model, random_rows(rng, model.inputs, small=False))])


def test_forward_pass_is_the_row_major_pass_through_zero_sums(program: Path) -> None:
    rng = np.random.default_rng(11)
    cases = []
    for hidden in HIDDEN_SIZES:
        for inputs in (1, 5, 54):
            model = small_model(rng, inputs, hidden)
            cases.append((model, random_rows(rng, inputs, small=True)))
    check(program, cases)
    # the inputs made sums exactly zero, of both signs of zero, in the reference
    zero_sums = 0
    for model, x in cases:
        if model.hidden:
            h = x[:, : model.inputs] @ np.asarray(model.w1, np.float64).T + model.b1
            zero_sums += int(np.sum(h == 0))
    assert zero_sums > ROWS


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
def test_extension_raw_output_is_the_row_major_pass(game: str, players: int) -> None:
    model = read_header(variant_of(game, players).name)
    rows, raws = learned_outputs(game, players, POSITIONS, seed=2)
    assert rows
    assert bits(np.array(raws)) == bits(row_major_forward(model, np.array(rows)))
