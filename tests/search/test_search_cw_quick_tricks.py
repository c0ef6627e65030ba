"""Chinese Whist's quick tricks that know the piles (csrc/games/chinese_whist.c,
cw_quick_tricks), checked by the exact-key reference search, whose bounds
count the leader's playable winners only.

At a trick start the side on lead surely takes the tricks the leader cashes
from the top of its suits, and a winner's card beneath, once turned up, runs
on when it is then the top of its suit; with trumps, a side suit's rounds
only as many as every other seat holding a trump (face down too) has
playable cards of the suit, the side suits cashed before the trumps and
after them less the rounds of trumps such a seat could discard on.  Here,
in random trick starts of every player count where that count passes the
playable winners alone, the reference's value for the side on lead must be
at least it, and the pattern search (whose probe cuts by it) must agree
with the reference for every side.

The default run checks a bounded sample; `TRICKSOLVER_FULL=1` checks more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from solver import _core
from tests.randpos import random_play
from tests.search.test_search_cw_dominance import beneath_of

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
LANE = 16  # card index = suit * 16 + rank
SUITS = 4
TT_BYTES = 16 << 20

# (players, tricks in the hand, tricks left to draw from)
Case = tuple[int, int, tuple[int, ...]]
CASES: list[Case] = [(4, 13, (6, 7, 8)), (3, 17, (6, 7, 8)), (2, 26, (7, 8, 9))]
IDS = [f"chinese-whist-{players}" for players, *_ in CASES]


def suit_mask(suit: int) -> int:
    return 0xFFFF << (suit * LANE)


def top(mask: int) -> int:
    return mask.bit_length() - 1


def cashed(core: _core.PlayState, beneath: dict[int, int], through_piles: bool) -> int:
    """The leader's sure cashing tricks (the claim, written again here):
    through the piles or from its playable cards alone."""
    leader, trump = core.leader, core.trump
    trumps = suit_mask(trump) if trump < SUITS else 0
    in_play = 0
    for p in range(core.nseats):
        in_play |= core.playable(p) | core.covered(p)
    limit = [LANE] * SUITS
    for p in range(core.nseats):
        if p == leader or not (core.playable(p) | core.covered(p)) & trumps:
            continue
        for suit in range(SUITS):
            if suit != trump:
                limit[suit] = min(limit[suit], bin(core.playable(p) & suit_mask(suit)).count("1"))
    avail, done, runs = core.playable(leader), 0, [0] * SUITS

    def cash(suits: list[int]) -> int:
        nonlocal avail, done
        count, moved = 0, True
        while moved:
            moved = False
            for suit in suits:
                lane = in_play & suit_mask(suit) & ~done
                while lane and runs[suit] < limit[suit] and avail >> top(lane) & 1:
                    c = top(lane)
                    done |= 1 << c
                    lane &= ~(1 << c)
                    if through_piles and c in beneath:
                        avail |= 1 << beneath[c]
                    runs[suit] += 1
                    count += 1
                    moved = True
        return count

    sides = [suit for suit in range(SUITS) if suit != trump]
    cash(sides)
    if trumps and cash([trump]):
        # a seat that cannot follow a round of trumps may discard a side card
        for p in range(core.nseats):
            if p == leader or not (core.playable(p) | core.covered(p)) & trumps:
                continue
            discards = runs[trump] - bin(core.playable(p) & trumps).count("1")
            for suit in sides:
                if discards > 0:
                    follow = bin(core.playable(p) & suit_mask(suit)).count("1") - discards
                    limit[suit] = min(limit[suit], follow)
        cash(sides)
    return min(sum(runs), core.total_tricks - core.tricks_played)


def trick_starts(
    players: int, total: int, left: tuple[int, ...], count: int, seed: int
) -> Iterator[tuple[_core.PlayState, dict[int, int]]]:
    rng = random.Random(seed)
    for i in range(count):
        s = seed * 100_000 + i
        pos = random_play("chinese-whist", players, total - rng.choice(left), s)
        assert pos.core is not None
        yield pos.core, beneath_of(players, s)


def check(case: Case, count: int, seed: int) -> int:
    players, total, left = case
    fast = _core.Searcher(TT_BYTES)
    reference = _core.Searcher(TT_BYTES, exact_keys=True)
    seen = 0
    for core, beneath in trick_starts(players, total, left, count, seed):
        if not core.legal() or core.trick:
            continue
        sure = cashed(core, beneath, through_piles=True)
        if sure <= cashed(core, beneath, through_piles=False):
            continue
        where = core.state_bytes().hex()
        leading = core.sides[core.leader]
        assert reference.solve(core, leading) >= sure, (where, sure)
        for side in range(core.nsides):
            assert fast.solve(core, side) == reference.solve(core, side), (where, side)
        seen += 1
    return seen


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_winners_run_on_through_the_cards_they_turn_up(case: Case) -> None:
    assert check(case, 400, seed=1) > 0


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the full run: TRICKSOLVER_FULL=1")
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_winners_run_on_through_the_cards_they_turn_up_full(case: Case) -> None:
    assert check(case, 2000, seed=2) > 0
