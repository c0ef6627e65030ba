"""Fine values (csrc/search/core.h, fine_values): a bounded search with the
learned evaluation values its horizon by the model's output settled into
the cheap bounds and rounded to a whole number, not moved onto a value a
finished hand can take, and its search over targets stops at any whole
number.  Checked against plain Python: the horizon's value from the model's
raw output (`_core.evaluate`) and the bounds, and the bounded search against
a minimax over every move down to the horizon with those values.  The
middle evaluation and the exact search keep to possible values (the exact
part of the signature, tests/search/test_signature.py, holds the exact
search's values and nodes)."""

from __future__ import annotations

import numpy as np
import pytest

from solver import _core
from solver.banked import banked
from solver.doubledummy import LEARNED, MIDDLE, Solver
from solver.games.base import Position
from tests.learned.test_learned_eval import possible, trick_starts
from tests.randpos import VARIANTS
from tests.search.test_bounded import _check_against_reference

IDS = [f"{g}-{p}" for g, p in VARIANTS]
STARTS = 12  # random trick starts a variant
SEEDS = range(1, 2)  # its positions a variant (tests/search/test_bounded.py: two)


def fine_value(pos: Position, side: int) -> int:
    """The horizon's value for `side` at a trick start (of the whole hand),
    written from the contract: the model's output clamped into the cheap
    bounds, rounded to the nearest whole number (a half up), in float32 as
    the C core."""
    st = pos.core
    assert st is not None
    raw = np.float32(_core.evaluate(st, side, _core.EVAL_LEARNED)[1])
    lo, hi = _core.Searcher.value_range(st, side)
    r = min(max(raw, np.float32(lo)), np.float32(hi))
    return min(max(int(np.floor(r + np.float32(0.5))), lo), hi)


def _fine_leaf(pos: Position, side: int, horizon: int) -> int:
    """`fine_value` in the units of `Solver.solve` (from the position on)."""
    return fine_value(pos, side) - banked(pos, side)


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=IDS)
def test_the_horizon_is_the_models_output_rounded(game: str, players: int) -> None:
    """A search whose root is at its horizon answers with the evaluation:
    the learned one rounded into the bounds, the middle one unchanged."""
    learned, middle = Solver(tt_mb=1, evaluation=LEARNED), Solver(tt_mb=1, evaluation=MIDDLE)
    checked = 0
    for pos in trick_starts(game, players, STARTS, seed=5):
        st = pos.core
        assert st is not None
        if not st.tricks_played:
            continue  # (horizon 0: none, the exact search)
        learned.horizon = middle.horizon = st.tricks_played
        for side in range(st.nsides):
            base = banked(pos, side)  # (solve's units: from here on)
            got = learned.solve(pos, side).value + base
            assert got == fine_value(pos, side), (str(pos), side)
            want = _core.evaluate(st, side, _core.EVAL_MIDDLE)[0]
            assert middle.solve(pos, side).value + base == want
            checked += 1
    assert checked >= STARTS // 2


# the variants whose possible values have gaps (elsewhere every whole number
# is possible, and tests/learned checks the minimax with the C evaluation)
GAPPED = [("chinkway", 5), ("cinch", 4)]


@pytest.mark.parametrize(("game", "players"), GAPPED, ids=[f"{g}-{p}" for g, p in GAPPED])
def test_learned_bounded_search_is_the_minimax_of_fine_values(game: str, players: int) -> None:
    """Horizons one and two tricks ahead, every move against the minimax of
    `fine_value` (a position with 2-3 tricks left)."""
    assert _check_against_reference(game, players, SEEDS, LEARNED, _fine_leaf) > 0


def test_fine_values_leave_the_possible_values() -> None:
    """The check above can tell: in Chinkway (quest scores 1-5 apart) the
    rounded output is often not a score a hand can end with, and the
    bounded search then answers with such a value."""
    off = 0
    for pos in trick_starts("chinkway", 5, STARTS, seed=5):
        st = pos.core
        assert st is not None
        off += sum(not possible(pos, side, fine_value(pos, side)) for side in range(st.nsides))
    assert off
