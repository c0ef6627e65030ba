"""Chinese Whist's dominance between cards, the claim the pattern search
prunes by (csrc/games/chinese_whist.h, chinese_whist_dominated and
chinese_whist_stands_for_lower), checked by the exact-key reference search.

A card W of the mover that covers nothing is never better for the mover than
a legal card Z of its suit that covers a card of that suit (two seats: or of
a suit no other seat holds), when no card of another seat or of the trick
lies between W and Z.  Here every such pair met in random positions of every
player count is valued by `analyze` with exact keys only (the reference,
which prunes no move so), and Z's value must be at least W's; the pattern
search (which prunes so) must agree with the reference on the position.

The default run checks a bounded sample; `TRICKSOLVER_FULL=1` checks more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest

from solver import _core
from tests.randpos import random_play, random_start

FULL = os.environ.get("TRICKSOLVER_FULL") == "1"
LANE = 16  # card index = suit * 16 + rank
TT_BYTES = 16 << 20

# (players, tricks in the hand, tricks left to draw from)
Case = tuple[int, int, tuple[int, ...]]
CASES: list[Case] = [(4, 13, (4, 5, 6, 7)), (3, 17, (4, 5, 6, 7)), (2, 26, (5, 6, 7, 8))]
IDS = [f"chinese-whist-{players}" for players, *_ in CASES]


def bits(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def beneath_of(players: int, seed: int) -> dict[int, int]:
    """Each covering card's card beneath, from the deal."""
    pos = random_start("chinese-whist", players, seed)
    return {
        top.index: under.index
        for row in pos.piles  # type: ignore[attr-defined]
        for top, under in row
        if under is not None
    }


def dominating_pairs(core: _core.PlayState, beneath: dict[int, int]) -> list[tuple[int, int]]:
    """The mover's (W, Z) pairs of the claim."""
    me = core.turn
    legal = core.legal()
    held = 0
    for p in range(core.nseats):
        if p != me:
            held |= core.playable(p) | core.covered(p)
    between_others = held
    for c in core.trick:
        between_others |= 1 << c
    pairs = []
    for z in bits(legal):
        b = beneath.get(z)
        if b is None or not core.covered(me) >> b & 1:
            continue  # covers nothing now
        any_suit = core.nseats == 2 and not held >> (b // LANE * LANE) & 0xFFFF
        if b // LANE != z // LANE and not any_suit:
            continue
        for w in bits(legal):
            if w // LANE != z // LANE or w == z:
                continue
            wb = beneath.get(w)
            if wb is not None and core.covered(me) >> wb & 1:
                continue  # W covers a card
            lo, hi = min(w, z), max(w, z)
            if not between_others & ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1):
                pairs.append((w, z))
    return pairs


def positions(
    players: int, total: int, left: tuple[int, ...], count: int, seed: int
) -> Iterator[tuple[_core.PlayState, dict[int, int]]]:
    rng = random.Random(seed)
    for i in range(count):
        s = seed * 100_000 + i
        pos = random_play("chinese-whist", players, total - rng.choice(left), s)
        core = pos.core
        assert core is not None
        for _ in range(rng.randrange(players)):  # sometimes into the trick
            if not core.legal():
                break
            core.play(rng.choice(bits(core.legal())))
        yield core, beneath_of(players, s)


def check(case: Case, count: int, seed: int) -> int:
    players, total, left = case
    fast = _core.Searcher(TT_BYTES)
    reference = _core.Searcher(TT_BYTES, exact_keys=True)
    pairs_seen = 0
    for core, beneath in positions(players, total, left, count, seed):
        if not core.legal():
            continue
        pairs = dominating_pairs(core, beneath)
        if not pairs:
            continue
        values = {card: value for card, value, _, _ in reference.analyze(core)}
        for w, z in pairs:
            assert values[z] >= values[w], (core.state_bytes().hex(), w, z)
            pairs_seen += 1
        for side in range(core.nsides):
            assert fast.solve(core, side) == reference.solve(core, side), (
                core.state_bytes().hex(),
                side,
            )
    return pairs_seen


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_covering_card_of_its_suit_dominates(case: Case) -> None:
    assert check(case, 150, seed=1) > 0


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the full run: TRICKSOLVER_FULL=1")
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_covering_card_of_its_suit_dominates_full(case: Case) -> None:
    assert check(case, 600, seed=2) > 0
