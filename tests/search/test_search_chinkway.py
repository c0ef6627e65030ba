"""Chinkway's partition search against its exact-key search.

Chinkway keeps its table by *patterns* (csrc/games/chinkway.c): an entry
stands for every position of the same shape (each seat's cards of each suit,
and of them those of the categories the root side still needs, pips and
courts; those needs, capped by the cards left) whose seats hold the cards
that decided it, of the same categories; it stores the root side's future
quest parts.  A mistake there shows only where positions share entries,
which the brute-force endgames of test_search_bruteforce.py (two or three
tricks) rarely reach.  So here the same search with exact keys only
(`Searcher(exact_keys=True)`: the template's search, one entry a position)
is the reference, on positions with four to seven tricks left: random hands
played at random, sometimes stopped inside a trick or at a claim.  Both
searchers are shared by all the positions of a test, and one test has the
smallest table (entries replaced under pressure).

The default run checks a bounded sample (seconds); the slow run checks more.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from solver import _core
from tests.paths import ROOT
from tests.randpos import random_start

SMALL_TT_BYTES = 1 << 16
TRICKS = 10
SEATS = 5
PER_HAND = 8


def positions(left: tuple[int, ...], count: int, seed: int) -> Iterator[_core.PlayState]:
    """`count` positions, PER_HAND of each hand: the table is kept from one
    search to the next of a hand (and emptied for another quest), so the
    positions of one hand, reached by other plays and claims, meet each
    other's entries."""
    rng = random.Random(seed)
    for i in range(count):
        if i % PER_HAND == 0:
            start = random_start("chinkway", SEATS, seed * 100_000 + i)
        core = start.core
        assert core is not None
        core = core.copy()
        tricks = TRICKS - rng.choice(left)
        while core.tricks_played < tricks or core.phase == _core.PHASE_CLAIM:
            legal = core.legal()
            core.play(rng.choice([c for c in range(64) if legal >> c & 1]))
        for _ in range(rng.randrange(SEATS + 1)):  # sometimes into the trick, or to a claim
            legal = core.legal()
            if not legal:
                break
            core.play(rng.choice([c for c in range(64) if legal >> c & 1]))
        if core.legal():
            yield core


def check(left: tuple[int, ...], count: int, tt_bytes: int, seed: int) -> int:
    fast = _core.Searcher(tt_bytes)
    reference = _core.Searcher(tt_bytes, exact_keys=True)
    checked = 0
    for core in positions(left, count, seed):
        for side in range(core.nsides):
            want = reference.solve(core, side)
            assert fast.solve(core, side) == want, (core.state_bytes().hex(), side)
            for target in (want, want + 1):
                assert fast.reaches(core, side, target) == reference.reaches(core, side, target)
        assert sorted(fast.analyze(core)) == sorted(reference.analyze(core))
        checked += 1
    return checked


def test_patterns_equal_exact_keys() -> None:
    assert check((4, 5, 6), 60, 16 << 20, seed=1) > 40


def test_patterns_equal_exact_keys_small_table() -> None:
    assert check((3, 4, 5), 60, SMALL_TT_BYTES, seed=2) > 40


def test_patterns_search_fewer_nodes() -> None:
    """The point of the patterns: the same values with fewer positions
    searched (measured: about 8x fewer at six to eight tricks left)."""
    fast = _core.Searcher(16 << 20)
    reference = _core.Searcher(16 << 20, exact_keys=True)
    nodes = [0, 0]
    for core in positions((6,), 10, seed=5):
        for i, searcher in enumerate((fast, reference)):
            searcher.solve(core, core.sides[core.turn])
            nodes[i] += int(searcher.stats["nodes"])
    assert nodes[0] < nodes[1]


def test_max_n_between_searches_leaves_the_patterns_alone() -> None:
    """Max^n keeps exact entries in the same block of memory as the
    patterns: calls of both kinds, turn about, on one small table."""
    shared = _core.Searcher(SMALL_TT_BYTES)
    reference = _core.Searcher(SMALL_TT_BYTES, exact_keys=True)
    checked = 0
    for core in positions((2, 3), 100, seed=4):
        want = [reference.solve(core, side) for side in range(core.nsides)]
        assert [shared.solve(core, side) for side in range(core.nsides)] == want
        assert shared.maxn(core) == reference.maxn(core)
        assert [shared.solve(core, side) for side in range(core.nsides)] == want
        checked += 1
    assert checked > 60


def searches(left: tuple[int, ...], count: int, seed: int) -> list[tuple[int, int, int]]:
    """Each position's value for every side, with the searcher's nodes and
    analyze's values (one shared table)."""
    searcher = _core.Searcher(16 << 20)
    rows = []
    for core in positions(left, count, seed):
        for side in range(core.nsides):
            value = searcher.solve(core, side)
            nodes = int(searcher.stats["nodes"])
            rows.append((value, nodes, hash(tuple(sorted(searcher.analyze(core))))))
    return rows


def test_same_search_without_bmi2() -> None:
    """The equivalent cards by bit gathers, a class at a time (Chinkway's
    GAME_alike_classes, search/order.h), and card by card without the BMI2
    instructions (TRICKSOLVER_NO_BMI2=1) are the same cards: the same values
    and the same node counts, position by position."""
    script = (
        "from tests.search.test_search_chinkway import searches\n"
        "print(searches((3, 4, 5), 24, 7))\n"
    )
    root = ROOT
    runs = []
    for no_bmi2 in ("", "1"):
        env = {k: v for k, v in os.environ.items() if k != "TRICKSOLVER_NO_BMI2"}
        if no_bmi2:
            env["TRICKSOLVER_NO_BMI2"] = no_bmi2
        result = subprocess.run(
            [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr[-3000:]
        runs.append(result.stdout)
    assert len(runs[0]) > 100
    assert runs[0] == runs[1]


@pytest.mark.slow
def test_patterns_equal_exact_keys_more() -> None:
    assert check((4, 5, 6, 7), 400, 16 << 20, seed=3) > 300
    assert check((3, 4, 5, 6), 400, SMALL_TT_BYTES, seed=6) > 300
