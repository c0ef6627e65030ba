"""The C core against the pure-Python reference, in lockstep.

Random hands of every game are played out with random legal moves through
the C core (`solver._core.PlayState`) and through tests/reference at once;
at every step the seat to move, the phase, the legal moves, the trick, the
trick winners, the tricks won, the claims and the scores must agree.  Undo
must restore the C state byte for byte.  300 playouts a variant by default
(1,800 in all), 1,700 (10,200) with ``TRICKSOLVER_FULL=1``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import _core
from solver.cards import Card
from tests.randpos import VARIANTS, random_start, reference_spec
from tests.reference import rules as ref
from tests.samples import sample

PLAYOUTS_PER_VARIANT = sample(300, 1700)  # x 6 variants = 1,800 playouts (full: 10,200)
PHASES = {_core.PHASE_PLAY: "play", _core.PHASE_CLAIM: "claim", _core.PHASE_OVER: "over"}


CARD_NAMES = {Card(i).index: str(Card(i)) for i in range(64) if i % 16 < 13}


def names(mask: int) -> set[str]:
    """The cards of a mask, as the reference writes them."""
    out = set()
    while mask:
        low = mask & -mask
        out.add(CARD_NAMES[low.bit_length() - 1])
        mask ^= low
    return out


def assert_same(core: _core.PlayState, hand: ref.Hand, where: Callable[[], str]) -> None:
    """Compare every observable; `where` describes the position, on failure only."""
    assert PHASES[core.phase] == hand.phase(), where()
    assert core.turn == hand.to_move(), where()
    assert names(core.legal()) == hand.legal(), where()
    trick = [((core.leader + i) % core.nseats, str(Card(c))) for i, c in enumerate(core.trick)]
    assert trick == hand.current_trick(), where()
    winner = None if core.last_winner == _core.NO_SEAT else core.last_winner
    assert winner == hand.last_trick_winner(), where()
    assert list(core.tricks) == hand.tricks_won(), where()
    assert [sorted(names(core.claimed(s))) for s in range(core.nseats)] == [
        sorted(c) for c in hand.claims()
    ], where()
    assert list(core.scores()) == hand.scores(), where()
    for s in range(core.nseats):
        assert names(core.playable(s)) == hand.playable(s), where()


@pytest.mark.parametrize(("game", "players"), VARIANTS, ids=[f"{g}-{p}" for g, p in VARIANTS])
@settings(max_examples=PLAYOUTS_PER_VARIANT)
@given(seed=st.integers(0, 2**32 - 1))
def test_core_and_reference_agree_on_random_playouts(game: str, players: int, seed: int) -> None:
    pos = random_start(game, players, seed)
    core = pos.core
    assert core is not None
    hand = ref.Hand(reference_spec(pos))
    assert list(core.sides) == hand.sides()
    rng = random.Random(seed)
    step = 0
    while True:

        def where(step: int = step) -> str:
            return f"{game}-{players} seed {seed} step {step}: {pos.to_line()}"

        assert_same(core, hand, where)
        if hand.phase() == "over":
            break
        card = rng.choice(sorted(hand.legal()))
        before = core.state_bytes()
        core.play(Card.parse(card).index)
        if rng.random() < 0.1:  # undo restores the state exactly, then replay
            core.undo()
            assert core.state_bytes() == before, where()
            core.play(Card.parse(card).index)
        hand.play(card)
        step += 1
