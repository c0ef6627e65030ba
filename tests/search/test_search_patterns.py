"""The partition search against the exact-key search, in the middle of hands.

Plain whist and Chinese Whist keep their transposition table by *patterns*:
an entry stands for every position of the same shape whose seats hold the
cards that decided it, lower cards being interchangeable (in Chinese Whist
the shape also fixes how the piles are built).  A mistake there shows only
where positions share entries, which the brute-force endgames of
test_search_bruteforce.py (three or four tricks) rarely reach.  So here the
same search with exact keys only (`Searcher(exact_keys=True)`: one entry a
position, no patterns) is the reference, on positions with six to nine
tricks left: random hands played at random, sometimes stopped inside a
trick.  Both searchers are shared by all the positions of a test, and one of
them has the smallest table (entries replaced under pressure).

The default run checks a bounded sample (seconds); `TRICKSOLVER_FULL=1`
checks 1,000 positions of every variant.
"""

from __future__ import annotations

import os
import random

import pytest

from solver import _core
from tests.randpos import random_play

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
SMALL_TT_BYTES = 1 << 16

# (game, players, tricks in the hand, tricks left to draw from, default sample)
CASES = [
    ("whist", 4, 13, (6, 7, 8), 40),
    ("chinese-whist", 4, 13, (6, 7, 8), 40),
    ("chinese-whist", 3, 17, (6, 7, 8), 40),
    ("chinese-whist", 2, 26, (7, 8, 9), 40),
]
IDS = [f"{game}-{players}" for game, players, *_ in CASES]


def positions(game: str, players: int, total: int, left: tuple[int, ...], count: int, seed: int):
    rng = random.Random(seed)
    for i in range(count):
        pos = random_play(game, players, total - rng.choice(left), seed * 100_000 + i)
        core = pos.core
        assert core is not None
        for _ in range(rng.randrange(players)):  # sometimes into the next trick
            legal = core.legal()
            core.play(rng.choice([c for c in range(64) if legal >> c & 1]))
        yield core


def check(case: tuple, count: int, tt_bytes: int, seed: int) -> int:
    game, players, total, left, _ = case
    fast = _core.Searcher(tt_bytes)
    reference = _core.Searcher(tt_bytes, exact_keys=True)
    checked = 0
    for core in positions(game, players, total, left, count, seed):
        for side in range(core.nsides):
            want = reference.solve(core, side)
            assert fast.solve(core, side) == want, (core.state_bytes().hex(), side)
        assert sorted(fast.analyze(core)) == sorted(reference.analyze(core))
        checked += 1
    return checked


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_patterns_equal_exact_keys(case: tuple) -> None:
    assert check(case, case[4], 16 << 20, seed=1) == case[4]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_patterns_equal_exact_keys_small_table(case: tuple) -> None:
    assert check(case, case[4] // 2, SMALL_TT_BYTES, seed=2) == case[4] // 2


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_max_n_between_searches_leaves_the_patterns_alone(case: tuple) -> None:
    """Max^n keeps exact entries in the same block of memory as the patterns:
    calls of both kinds, turn about, on one small table."""
    game, players, total, _, _ = case
    count = 300  # fewer seldom meet an overwritten entry (measured without the fix)
    shared = _core.Searcher(SMALL_TT_BYTES)
    reference = _core.Searcher(SMALL_TT_BYTES, exact_keys=True)
    checked = 0
    # max^n searches without pruning: endings of three or four tricks
    for core in positions(game, players, total, (3, 4), count, seed=4):
        want = [reference.solve(core, side) for side in range(core.nsides)]
        assert [shared.solve(core, side) for side in range(core.nsides)] == want
        assert shared.maxn(core) == reference.maxn(core)
        assert [shared.solve(core, side) for side in range(core.nsides)] == want
        assert sorted(shared.analyze(core)) == sorted(reference.analyze(core))
        checked += 1
    assert checked == count


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the full run: TRICKSOLVER_FULL=1")
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_patterns_equal_exact_keys_full(case: tuple) -> None:
    assert check(case, 1000, 16 << 20, seed=3) == 1000
