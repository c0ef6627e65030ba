"""The learned evaluation (csrc/search/evaluate.h, csrc/games/<game>_features.h,
the weights of train/train_eval.py): its inputs against the slow reference
(tests/reference/features.py), the C inference against the shipped model's
own forward pass (train/model.py), its contract at the horizon (a value the
hand can end with, within the bounds, a function of the position alone),
and the bounded search with it against the minimax to its horizon."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from solver import _core
from solver.doubledummy import EVALUATIONS, LEARNED, MIDDLE, Solver
from solver.errors import PositionError
from solver.games.base import Position
from tests.randpos import VARIANTS, random_play
from tests.reference.features import reference_inputs
from tests.search.test_bounded import _position, _reference
from train.model import Model, forward, read_header, write_header
from train.variants import variant_of

IDS = [f"{g}-{p}" for g, p in VARIANTS]
POSITIONS = 40  # random trick starts a variant
RAW_TOLERANCE = 1e-3  # float32 in C against float64 in numpy
QUEST_SCORES = {0, 1, 3, 6, 10, 15}  # Chinkway: the scores of 0..5 quest parts


def trick_starts(game: str, players: int, count: int, seed: int = 0) -> list[Position]:
    """Random positions at a trick start of the play, anywhere in the hand."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        start = random_play(game, players, 0, 1000 * seed + i)
        assert start.core is not None
        pos = random_play(game, players, rng.randrange(start.core.total_tricks), 1000 * seed + i)
        assert pos.core is not None
        if pos.core.phase == _core.PHASE_PLAY and not pos.core.trick:
            out.append(pos)
    return out


def possible(pos: Position, side: int, v: int) -> bool:
    """Can a finished hand of this deal be worth v to the side (written from
    the rules: tricks games any count; Chinkway a quest score; Cinch the bid
    rule on the bidding side's points)."""
    if pos.game == "chinkway":
        return v in QUEST_SCORES
    if pos.game == "cinch":
        bid = pos.bid  # type: ignore[attr-defined]
        bidder = pos.core.sides[pos.bidder] == side  # type: ignore[attr-defined,union-attr]
        for other in range(5):
            own = v + other if bidder else other - v
            if bid == _core.SHOOT and own in (_core.SHOOT, -_core.SHOOT):
                return True
            if bid != _core.SHOOT and (own == -bid or bid <= own <= 4):
                return True
        return False
    return True


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_inputs_are_the_reference_features(game: str, players: int) -> None:
    checked = 0
    for pos in trick_starts(game, players, POSITIONS):
        st = pos.core
        assert st is not None
        for side in range(st.nsides):
            assert _core.eval_inputs(st, side) == reference_inputs(pos, side), (str(pos), side)
            checked += 1
    assert checked >= POSITIONS


def learned_outputs(
    game: str, players: int, count: int, seed: int
) -> tuple[list[list[float]], list[float]]:
    """The C inference's inputs and raw output at random trick starts, a row a side."""
    rows, raws = [], []
    for pos in trick_starts(game, players, count, seed):
        st = pos.core
        assert st is not None
        for side in range(st.nsides):
            rows.append(_core.eval_inputs(st, side))
            raws.append(_core.evaluate(st, side, _core.EVAL_LEARNED)[1])
    return rows, raws


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_c_inference_is_the_shipped_model(game: str, players: int) -> None:
    model = read_header(variant_of(game, players).name)
    rows, raws = learned_outputs(game, players, POSITIONS, seed=1)
    want = forward(model, np.array(rows))
    assert np.max(np.abs(np.array(raws) - want)) < RAW_TOLERANCE
    # every input, or (a model trained before the game's later features) the
    # first ones: the weights header's static assertion pins which in C
    assert model.inputs <= len(rows[0])


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_learned_value_keeps_the_evaluation_contract(game: str, players: int) -> None:
    for pos in trick_starts(game, players, POSITIONS, seed=2):
        st = pos.core
        assert st is not None
        for side in range(st.nsides):
            v, raw = _core.evaluate(st, side, _core.EVAL_LEARNED)
            lo, hi = _core.Searcher.value_range(st, side)
            assert lo <= v <= hi
            assert possible(pos, side, v), (str(pos), side, v)
            # the possible value in the bounds nearest the output (a tie: the lower)
            r = min(max(raw, lo), hi)
            assert all(
                abs(u - r) > abs(v - r) or (abs(u - r) == abs(v - r) and u > v)
                for u in range(lo, hi + 1)
                if u != v and possible(pos, side, u)
            ), (str(pos), side, v, raw)
            # a function of the position alone: a copy, or the same hand read again, agrees
            copy = pos.copy().core
            assert copy is not None
            assert _core.evaluate(copy, side, _core.EVAL_LEARNED)[0] == v


def test_evaluation_values_only_trick_starts() -> None:
    pos = random_play("whist", 4, 2, 3)
    pos.play(pos.legal_moves()[0])
    assert pos.core is not None
    with pytest.raises(PositionError):
        _core.eval_inputs(pos.core, 0)
    with pytest.raises(PositionError):
        _core.evaluate(pos.core, 0, _core.EVAL_LEARNED)


def test_solver_evaluation_option() -> None:
    solver = Solver(tt_mb=1)
    assert solver.evaluation == MIDDLE  # the default: the middle of the bounds
    solver.evaluation = LEARNED
    assert solver.evaluation == LEARNED
    assert Solver(tt_mb=1, evaluation=LEARNED).evaluation == LEARNED
    assert set(EVALUATIONS) == {MIDDLE, LEARNED}
    with pytest.raises(PositionError):
        Solver(tt_mb=1, evaluation="guess")
    with pytest.raises(PositionError):
        solver.evaluation = "guess"


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_learned_horizon_past_the_end_is_exact(game: str, players: int) -> None:
    pos = _position(game, players, 11, 5)
    assert pos.core is not None
    want = {str(cv.move): cv.value for cv in Solver(tt_mb=4).analyze(pos, pv=False).moves}
    bounded = Solver(tt_mb=4, evaluation=LEARNED)
    bounded.horizon = pos.core.total_tricks + 1
    got = {str(cv.move): cv.value for cv in bounded.analyze(pos, pv=False).moves}
    assert got == want


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_learned_bounded_search_is_the_minimax_to_its_horizon(game: str, players: int) -> None:
    checked = 0
    for seed in (1, 2):
        pos = _position(game, players, seed, 2 if game == "chinkway" else 3)
        if pos.is_over:
            continue
        assert pos.core is not None
        side = pos.sides()[pos.to_move]
        searcher = Solver(tt_mb=1, evaluation=LEARNED)
        ev = Solver(tt_mb=1, evaluation=LEARNED)
        for depth in (1, 2):
            searcher.horizon = pos.core.tricks_played + depth
            for cv in searcher.analyze(pos, pv=False).moves:
                after = pos.copy()
                after.play(cv.move)
                assert cv.value == _reference(pos, after, side, searcher.horizon, ev)
                checked += 1
    assert checked > 0


def test_weights_header_round_trips_the_model(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    models = {
        "cw2": Model(rng.normal(size=(3, 7)), rng.normal(size=3), rng.normal(size=3), 0.25, 3),
        "cw3": Model(rng.normal(size=(1, 7)), np.zeros(1), np.zeros(1), -1.5, 0),
        "cw4": Model(rng.normal(size=(2, 7)), rng.normal(size=2), rng.normal(size=2), 2.0, 2),
    }
    write_header("chinese_whist_weights.h", models, tmp_path)
    x = rng.normal(size=(20, 7))
    for name, model in models.items():
        back = read_header(name, tmp_path)
        assert (back.hidden, back.inputs) == (model.hidden, model.inputs)
        # the header stores the first layer transposed: read back, the same float32s
        for got, want in ((back.w1, model.w1), (back.b1, model.b1), (back.w2, model.w2)):
            assert np.array_equal(got, np.asarray(want, dtype=np.float32))
        assert np.allclose(forward(back, x), forward(model, x), atol=1e-4)


def test_weights_header_refuses_a_weight_that_is_not_finite(tmp_path: Path) -> None:
    # evaluate.h skips the terms of zero inputs, exact only for finite weights
    w1 = np.ones((2, 7))
    w1[1, 3] = np.inf
    models = {n: Model(np.ones((2, 7)), np.ones(2), np.ones(2), 0.0, 2) for n in ("cw2", "cw3")}
    models["cw4"] = Model(w1, np.ones(2), np.ones(2), 0.0, 2)
    with pytest.raises(ValueError, match="cw4"):
        write_header("chinese_whist_weights.h", models, tmp_path)
    assert not (tmp_path / "chinese_whist_weights.h").exists()


def test_folded_scaling_gives_the_fitted_models_output() -> None:
    from sklearn.linear_model import Ridge
    from sklearn.neural_network import MLPRegressor

    from train import train_eval

    rng = np.random.default_rng(3)
    x = rng.normal(loc=4.0, scale=[1.0, 3.0, 0.5, 2.0], size=(300, 4))
    y = x @ np.array([1.0, -0.5, 2.0, 0.0]) + np.maximum(x[:, 0] - 4, 0)
    scaled = (x - x.mean(axis=0)) / x.std(axis=0)
    ridge = Ridge(alpha=train_eval.RIDGE_ALPHA).fit(scaled, y)
    net = MLPRegressor(
        hidden_layer_sizes=(5,),
        activation="relu",
        alpha=train_eval.MLP_L2,
        max_iter=train_eval.MLP_ITERATIONS,
        early_stopping=True,
        random_state=1,
    ).fit(scaled, y)
    for hidden, fitted in ((0, ridge), (5, net)):
        model = train_eval.fit(x, y, hidden, seed=1)
        assert np.allclose(forward(model, x), fitted.predict(scaled), atol=1e-6)
