"""`Solver.move_range` (the cheap bounds after a move, made on a copy of the
C play state) against the obvious way: the Position copied, the move
played, `Solver.value_range` of it shifted by what the move banked, or the
hand's value when the move ends it; at every position of random hands of
every variant (every third position, mid-trick and claims included, and
the whole last trick), every legal move, every side."""

from __future__ import annotations

import random

import pytest

from solver.banked import banked_between, value_after
from solver.doubledummy import Solver
from solver.games.base import Move, Position
from tests.randpos import VARIANTS, random_start

HANDS = 1  # random hands a variant, each walked to its end
EVERY = 3  # positions checked: every third one, and all of the last trick


def reference_range(solver: Solver, pos: Position, move: Move, side: int) -> tuple[int, int, bool]:
    after = pos.copy()
    after.play(move)
    if after.is_over:
        v = value_after(pos, after, side)
        return v, v, True
    lo, hi = solver.value_range(after, side)
    shift = banked_between(pos, after, side)
    return lo + shift, hi + shift, False


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
def test_move_range_is_the_range_after_the_move(game: str, players: int) -> None:
    solver = Solver(tt_mb=1)
    checked = ended = 0
    for seed in range(1, HANDS + 1):
        pos = random_start(game, players, seed)
        rng = random.Random(seed)
        assert pos.core is not None
        step = 0
        while not pos.is_over:
            moves = pos.legal_moves()
            last_trick = pos.core.tricks_played + 1 == pos.core.total_tricks
            step += 1
            for move in moves if last_trick or step % EVERY == 0 else ():
                for side in range(pos.core.nsides):
                    got = solver.move_range(pos, move, side)
                    assert got == reference_range(solver, pos, move, side), (str(pos), move, side)
                    checked += 1
                    ended += got[2]
            pos.play(rng.choice(moves))
    assert checked >= 40 and ended > 0
